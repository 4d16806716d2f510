"""sitegen.i18n and the sites of `languages = ["en", "it"]` (docs/i18n.md).

The catalogue: every message the templates and the code mark is in
messages.pot and translated in Italian (a new string left untranslated fails
here), with the same placeholders.  The build: the demo content with both
languages gives the English site at the root and the Italian one under /it/,
no broken link in either, hreflang pairs that reach each other's page.
"""

from __future__ import annotations

import functools
import re
import shutil
from datetime import date
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from babel.messages.pofile import read_po

from sitegen import i18n
from sitegen.content.settings import LANGUAGES, Checker
from tests.shared_data import ROOT
from tests.site_pages import broken_links, head

BASE = "https://ratings.northshire.example"

# Month names per locale (CLDR through Babel; the English ones are the
# names the pages had before the catalogue, formats.MONTHS).
MONTHS = [("en", date(2025, 4, 1), "April 2025"), ("it", date(2025, 4, 1), "aprile 2025"),
          ("en", date(2026, 10, 1), "October 2026"), ("it", date(2026, 10, 1), "ottobre 2026")]
COUNTS = [("en", 12345, "12,345"), ("it", 12345, "12.345"), ("en", 7, "7"), ("it", 7, "7")]
# Strings of the Italian home page, one per part of it (header, lists, events).
ITALIAN_HOME = ['lang="it"', "Vai al contenuto", "Cerca un giocatore", "Ultime liste rating",
                "Lista rating standard di scacchi", "Tornei recenti", "Posizione",
                '<a href="/it/lists/">Liste rating</a>', 'hreflang="en"']
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
# [site] languages as site.toml gives it -> the tuple kept, or None after an error.
LANGUAGE_SETTINGS = [(["en"], ("en",)), (["en", "it"], ("en", "it")), (["it", "en"], ("it", "en")),
                     (["it"], ("it",)), (["en", "en"], None), (["xx"], None), ([], None),
                     ("en", None), ([1], None)]


def _ids(catalog) -> set:
    return {m.id for m in catalog if m.id}


# -- the catalogue ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def extracted():
    return i18n.extract()


def test_the_pot_is_up_to_date_with_the_templates_and_the_code(extracted):
    with open(i18n.LOCALE_DIR / "messages.pot", "rb") as pot:
        kept = read_po(pot)
    assert _ids(extracted) - _ids(kept) == set(), "run python -m sitegen.i18n"
    assert _ids(kept) - _ids(extracted) == set(), "run python -m sitegen.i18n"


def test_every_message_is_translated_in_italian(extracted):
    catalog = i18n.read_catalog("it")
    untranslated = []
    for message in extracted:
        if not message.id:
            continue
        found = catalog.get(message.id)
        strings = (found.string if found is not None and isinstance(found.string, tuple)
                   else (found.string,) if found is not None else ("",))
        if found is None or found.fuzzy or not all(strings):
            untranslated.append(message.id)
    assert untranslated == []


def test_italian_translations_keep_the_placeholders():
    wrong = []
    for message in i18n.read_catalog("it"):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        wrong += [message.id for s in strings if set(PLACEHOLDER.findall(s)) != wanted]
    assert wrong == []


def test_the_catalogue_translates_and_english_is_the_source():
    with i18n.using("it"):
        assert i18n.gettext("Rating lists") == "Liste rating"
        assert i18n.ngettext("%(n)s list", "%(n)s lists", 2) % {"n": 2} == "2 liste"
    assert i18n.gettext("Rating lists") == "Rating lists"
    assert i18n.language() == "en"


@pytest.mark.parametrize("lang, day, expected", MONTHS)
def test_month_names_per_locale(lang, day, expected):
    with i18n.using(lang):
        assert i18n.format_month(day) == expected


@pytest.mark.parametrize("lang, value, expected", COUNTS)
def test_counts_per_locale(lang, value, expected):
    with i18n.using(lang):
        assert i18n.format_count(value) == expected


@pytest.mark.parametrize("value, kept", LANGUAGE_SETTINGS)
def test_the_languages_setting(value, kept):
    problems = []
    checker = Checker('[site]\nlanguages = []\n', lambda message, line: problems.append(
        (message, line)))
    assert checker.value("site", "languages", value, "languages") == kept
    assert [line for _, line in problems] == ([] if kept else [2])
    assert all(("at most once" in m or "expected a list" in m) and "'it'" in m or
               "expected a list" in m for m, _ in problems)
    assert set(LANGUAGES) == set(i18n.LANGUAGES)


# -- the sites --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def bilingual(tmp_path_factory) -> Path:
    """The demo content with languages = ["en", "it"], built."""
    from sitegen.build import build

    folder = tmp_path_factory.mktemp("bilingual")
    content = shutil.copytree(ROOT / "content", folder / "content")
    toml = content / "site.toml"
    text = toml.read_text(encoding="utf-8")
    assert 'languages = ["en"]' in text
    toml.write_text(text.replace('languages = ["en"]', 'languages = ["en", "it"]'),
                    encoding="utf-8")
    build(content, folder / "site", show_progress=False)
    return folder / "site"


def _pages(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*.html")
            if not str(p.relative_to(root)).startswith(("it/", "static/"))}


def test_both_sites_have_every_page(bilingual):
    english = _pages(bilingual)
    italian = _pages(bilingual / "it")
    assert len(english) > 100 and english == italian


def test_no_broken_internal_link_in_either_site(bilingual):
    assert broken_links(bilingual) == []


def test_the_italian_site_shares_the_root_assets(bilingual):
    home = (bilingual / "it" / "index.html").read_text(encoding="utf-8")
    assert 'href="/static/style.css"' in home and 'href="/it/static/' not in home
    assert not (bilingual / "it" / "downloads" / "chess-standard-latest.csv").exists()
    assert not (bilingual / "it" / "robots.txt").exists()
    sitemap = (bilingual / "sitemap.xml").read_text(encoding="utf-8")
    assert f"<loc>{BASE}/it/</loc>" in sitemap and f"<loc>{BASE}/</loc>" in sitemap


class _Alternates(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found: dict[str, str] = {}
        self.lang = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        if tag == "link" and a.get("rel") == "alternate" and a.get("hreflang"):
            self.found[a["hreflang"]] = a["href"]


@functools.cache
def _alternates(page: Path) -> _Alternates:
    """The page's hreflang links, from its <head> only, read once a session."""
    parser = _Alternates()
    parser.feed(head(page))
    return parser


def _file(site: Path, href: str) -> Path:
    path = urlsplit(href).path.lstrip("/")
    target = site / path
    return target / "index.html" if path == "" or path.endswith("/") else target


def test_hreflang_pairs_point_to_each_others_existing_page(bilingual):
    pages = sorted(bilingual.rglob("*.html"))
    bad = []
    for page in pages:
        alt = _alternates(page)
        if set(alt.found) != {"en", "it", "x-default"} or alt.found["x-default"] != alt.found["en"]:
            bad.append(f"{page}: {alt.found}")
            continue
        own = alt.found[alt.lang]
        if _file(bilingual, own) != page:
            bad.append(f"{page}: its own hreflang {own}")
        for href in alt.found.values():
            target = _file(bilingual, href)
            if not target.is_file() or _alternates(target).found != alt.found:
                bad.append(f"{page}: {href}")
    assert len(pages) > 200 and bad == []


def test_the_italian_home_page_is_in_italian(bilingual):
    home = (bilingual / "it" / "index.html").read_text(encoding="utf-8")
    assert [s for s in ITALIAN_HOME if s not in home] == []
    assert "Latest rating lists" not in home and "Skip to content" not in home


def test_the_english_home_page_keeps_english_and_offers_italian(bilingual):
    home = (bilingual / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in home and "Latest rating lists" in home
    assert '<a href="/it/" hreflang="it" lang="it">Italiano</a>' in home


def test_the_italian_regulations_are_on_the_italian_site(bilingual):
    page = (bilingual / "it" / "regulations" / "fide-2009" / "index.html").read_text(
        encoding="utf-8")
    assert "Regolamento per il Rating FIDE" in page and '<html lang="it">' in page
    assert "Vai al contenuto" in page


def test_a_text_in_another_language_than_its_page_says_so(bilingual):
    english = (bilingual / "regulations" / "fide-2009" / "index.html").read_text(encoding="utf-8")
    italian = (bilingual / "it" / "regulations" / "fide-2002" / "index.html").read_text(
        encoding="utf-8")
    same = (bilingual / "it" / "regulations" / "fide-2009" / "index.html").read_text(
        encoding="utf-8")
    assert '<article class="regulation" lang="it">' in english
    assert '<article class="regulation" lang="en">' in italian
    assert '<article class="regulation">' in same


def test_citations_on_the_italian_site_link_its_own_regulations(bilingual):
    pages = (bilingual / "it" / "events").rglob("index.html")
    text = "".join(p.read_text(encoding="utf-8") for p in pages)
    assert 'class="citation" href="/it/regulations/' in text
    assert 'class="citation" href="/regulations/' not in text


def test_a_single_language_site_has_no_alternates_and_is_english():
    home = (ROOT / "tests" / "golden" / "site" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in home and "hreflang" not in home
    assert 'class="languages"' not in home
