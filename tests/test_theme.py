"""A federation's look without forking the package: the content's theme/
folder (templates/ and static/ that replace or add to the package's)."""

from __future__ import annotations

import pytest

from tests.site_fixture import write_content

ACCENT = ":root { --accent: #8a1538; --link: #8a1538; }\n"
LOGO = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<rect width="10" height="10" fill="#8a1538"/></svg>\n')
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


def test_without_theme_nothing_is_added(tmp_path):
    from sitegen.build import build
    content = write_content(tmp_path / "content")
    build(content, tmp_path / "site", show_progress=False)
    html = (tmp_path / "site" / "index.html").read_text()
    assert "theme.css" not in html and 'class="logo"' not in html
    assert not (tmp_path / "site" / "static" / "theme.css").exists()
