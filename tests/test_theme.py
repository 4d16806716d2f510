"""A federation's look without forking the package: the content's theme/
folder (templates/ and static/ that replace or add to the package's)."""

from __future__ import annotations

import shutil
import types

import pytest

from sitegen.browser.pages import write_service_worker
from sitegen.site.render import templates_root
from tests.site_fixture import write_content

ACCENT = ":root { --accent: #8a1538; --link: #8a1538; }\n"
LOGO = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<rect width="10" height="10" fill="#8a1538"/></svg>\n')
THEMED_CSS = "/* the federation's own */\n"
HOME = """{% extends "base.html" %}
{% block content %}<p class="welcome">Welcome to the themed federation.</p>{% endblock %}
"""


@pytest.fixture(scope="module")
def themed(tmp_path_factory):
    from sitegen.build import build
    root = tmp_path_factory.mktemp("theme")
    content = write_content(root / "content")
    (content / "theme" / "static").mkdir(parents=True)
    (content / "theme" / "templates").mkdir()
    (content / "theme" / "static" / "theme.css").write_text(ACCENT)
    (content / "theme" / "static" / "logo.svg").write_text(LOGO)
    (content / "theme" / "templates" / "home.html").write_text(HOME)
    # a theme's own stylesheet replaces the package's (and the checker's
    # offline copy of it: test_the_service_worker_digests_the_sites_own_files)
    package_css = (templates_root() / "static" / "style.css").read_text(encoding="utf-8")
    (content / "theme" / "static" / "style.css").write_text(package_css + THEMED_CSS)
    build(content, root / "site", show_progress=False)
    return root / "site"


def test_theme_stylesheet_and_logo_on_every_page(themed):
    assert (themed / "static" / "theme.css").read_text() == ACCENT
    assert (themed / "static" / "logo.svg").read_text() == LOGO
    for page in [themed / "index.html", themed / "lists" / "index.html",
                 themed / "check" / "index.html"]:
        html = page.read_text()
        assert html.index("static/style.css") < html.index("static/theme.css")
        assert '<img class="logo" src="/static/logo.svg"' in html


def test_theme_template_replaces_the_package_one(themed):
    home = (themed / "index.html").read_text()
    assert "Welcome to the themed federation." in home
    # other pages keep the package's templates
    assert "Rating lists" in (themed / "lists" / "index.html").read_text()


def test_without_theme_nothing_is_added(golden_fixture_site):
    """The same content without a theme (built once a session: conftest.py)."""
    html = (golden_fixture_site / "index.html").read_text()
    assert "theme.css" not in html and 'class="logo"' not in html
    assert not (golden_fixture_site / "static" / "theme.css").exists()


# -- site.toml [theme]: a logo under content/ and the accent colour --------------

THEME_KEYS = '[theme]\nlogo = "brand/{logo}"\naccent = "{accent}"\n\n[[lists]]'


def _build_with_theme(root, logo: str, accent: str, image: str = LOGO):
    from sitegen.build import build
    content = write_content(root / "content")
    (content / "brand").mkdir()
    (content / "brand" / logo).write_text(image)
    site_toml = content / "site.toml"
    site_toml.write_text(site_toml.read_text().replace(
        "[[lists]]", THEME_KEYS.format(logo=logo, accent=accent), 1))
    build(content, root / "site", show_progress=False)
    return root / "site"


def test_theme_keys_give_the_logo_and_the_accent(tmp_path):
    site = _build_with_theme(tmp_path / "a", "crest.svg", "#8A1538")
    assert (site / "static" / "accent.css").read_text() == \
        ":root { --accent: #8a1538; --link: #8a1538; }\n"
    assert (site / "static" / "brand" / "crest.svg").read_text() == LOGO
    for page in [site / "index.html", site / "lists" / "index.html"]:
        html = page.read_text()
        assert html.index("static/style.css") < html.index("static/accent.css")
        assert '<img class="logo" src="/static/brand/crest.svg"' in html


def test_changing_the_logo_and_the_accent_changes_the_output(tmp_path):
    first = _build_with_theme(tmp_path / "a", "crest.svg", "#8a1538")
    other = LOGO.replace("#8a1538", "#1b5e20")
    second = _build_with_theme(tmp_path / "b", "shield.svg", "#1b5e20", other)
    assert "#1b5e20" in (second / "static" / "accent.css").read_text()
    assert (second / "static" / "brand" / "shield.svg").read_text() == other
    assert not (second / "static" / "brand" / "crest.svg").exists()
    home = (second / "index.html").read_text()
    assert 'src="/static/brand/shield.svg"' in home and "crest.svg" not in home
    assert home != (first / "index.html").read_text()


def test_the_theme_folder_stylesheet_comes_after_the_accent(tmp_path):
    """[theme] sets the colour, content/theme/static/theme.css may refine it."""
    from sitegen.build import build
    content = write_content(tmp_path / "content")
    (content / "theme" / "static").mkdir(parents=True)
    (content / "theme" / "static" / "theme.css").write_text(ACCENT)
    site_toml = content / "site.toml"
    site_toml.write_text(site_toml.read_text().replace(
        "[[lists]]", '[theme]\naccent = "#1b5e20"\n\n[[lists]]', 1))
    build(content, tmp_path / "site", show_progress=False)
    html = (tmp_path / "site" / "index.html").read_text()
    assert html.index("static/accent.css") < html.index("static/theme.css")


@pytest.mark.parametrize("again", [False, True])
def test_the_service_worker_digests_the_sites_own_files(themed, tmp_path, again):
    """check/sw.js names the files the checker keeps offline and a version,
    a digest of their bytes: written once every other file of the site is
    (render._service_worker), it is the one the finished site gives, the
    theme's stylesheet included (written by another section than the
    checker's, which runs in a worker process).  `again`: built over
    itself, where the checker's bundle is taken from the previous site and
    its section is quickly done.  The race this guards against (sw.js
    written by that section before `_static` had written the files it
    digests) showed in tests/test_incremental.py, not here: this states
    the invariant, it did not reproduce the race on the former code."""
    from sitegen.build import build
    site = tmp_path / "built"
    shutil.copytree(themed, site)
    if again:       # with a page more, so that the build renders again
        content = tmp_path / "content"
        shutil.copytree(themed.parent / "content", content)
        (content / "pages" / "more.md").write_text("# More\n\nA page more.\n")
        build(content, site, show_progress=False)
    assert (site / "static" / "style.css").read_text().endswith(THEMED_CSS)
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    (copy / "check" / "sw.js").unlink()
    meta = types.SimpleNamespace(scripts=("static/search.js",))    # a site's (not a large one's)
    write_service_worker(copy, meta, copy)
    assert (copy / "check" / "sw.js").read_bytes() == (site / "check" / "sw.js").read_bytes()
