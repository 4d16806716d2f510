"""sitegen.i18n and the sites of `languages = ["en", "it"]` (docs/i18n.md).

The catalogue: every message the templates and the code mark is in
messages.pot and translated in Italian (a new string left untranslated fails
here), with the same placeholders.  The build: the fixture content (every
kind of page, tests/site_fixture.py) and the regulation texts with both
languages give the English site at the root and the Italian one under /it/,
no broken link in either, hreflang pairs that reach each other's page.
"""

from __future__ import annotations

import functools
import json
import re
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

BASE = "https://ratings.test.example"     # tests/site_fixture.py's base_url

# Month names per locale (CLDR through Babel; the English ones are the
# names the pages had before the catalogue, formats.MONTHS).
MONTHS = [("en", date(2025, 4, 1), "April 2025"), ("it", date(2025, 4, 1), "aprile 2025"),
          ("en", date(2026, 10, 1), "October 2026"), ("it", date(2026, 10, 1), "ottobre 2026")]
COUNTS = [("en", 12345, "12,345"), ("it", 12345, "12.345"), ("en", 7, "7"), ("it", 7, "7")]
# Strings of the Italian home page, one per part of it (header, lists, events).
ITALIAN_HOME = ['lang="it"', "Vai al contenuto", "Cerca un giocatore", "Ultime liste rating",
                "Lista rating standard di scacchi", "Tornei recenti", "Posizione",
                '<a href="/it/lists/">Liste rating</a>', 'hreflang="en"']
# Strings of the Italian /check/ pages: the templates' (nav, form, headings,
# legends) and, in their messages block, the scripts' (status, buttons, the
# worker's column and step labels).
ITALIAN_CHECK = {"check/": ["Controlla il file di un torneo", "Il file del torneo", "Scegli un file",
                            "Opzioni", "Problemi", "Ancora nessuno: prima controlla un file.",
                            "Nulla lascia il tuo computer", "Il verificatore si carica"],
                 "check/norm/": ["Il torneo", "Le tue partite", "Aggiungi una partita",
                                 "Verifica le norme", "Ancora necessari", "Finora"],
                 "check/rating/": ["Edizione e torneo", "Il tuo rating", "Calcola", "Passo",
                                   "Ogni passo con il suo articolo"]}
ENGLISH_CHECK = ["Choose a file", "Nothing leaves your computer", "Add a game", "Your games",
                 "The checker loads", "Check the norms", "Each step with its article"]
# The scripts' messages block, English -> Italian, one per script.
ITALIAN_SCRIPT_MESSAGES = [("Show all columns", "Mostra tutte le colonne"),
                           ("Filter this list", "Filtra questa lista"),
                           ("1 player found", "1 giocatore trovato"),
                           ("Loading the checker…", "Caricamento del verificatore…"),
                           ("No problems found.", "Nessun problema trovato."),
                           ("Remove game %(n)s", "Rimuovi la partita %(n)s"),
                           ("Development coefficient (K)", "Coefficiente di sviluppo (K)"),
                           ("rating change, unrounded", "variazione di rating, non arrotondata")]
SCRIPTS = ROOT / "templates" / "static"
# A call of the scripts' `_` with a string literal.
SCRIPT_CALL = re.compile(r'\b_\("((?:[^"\\]|\\.)*)"\)')
# Literals that a script may put on the page untranslated: none is prose. A
# literal with two words or more outside `_()` (and outside comments) is
# an interface string that escaped the catalogue.
PROSE = re.compile(r'"([A-Za-z][a-z\']*(?: [A-Za-z(][^"]*)+)"')
# ... but for these, which the visitor never reads as text.
NOT_SHOWN = {"use strict": "the directive", "num value": "a class attribute",
             "no offline use: ": "the console's warning, for developers"}
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


def test_the_scripts_messages_are_in_the_catalogue(extracted):
    """babel.cfg maps templates/static/**.js: every `_("...")` of a script
    is extracted (and so must be translated, the test below)."""
    called = {json.loads(f'"{m}"') for path in SCRIPTS.rglob("*.js")
              for m in SCRIPT_CALL.findall(path.read_text(encoding="utf-8"))}
    assert len(called) > 90 and called - _ids(extracted) == set()


def _code(script: str) -> str:
    """A script without its comments and the arguments of `_()`."""
    script = re.sub(r"/\*.*?\*/", "", script, flags=re.S)
    script = re.sub(r"(?m)^\s*//.*$|\s//\s.*$", "", script)
    return SCRIPT_CALL.sub("_()", script)


@pytest.mark.parametrize("script", sorted(p.relative_to(SCRIPTS).as_posix()
                                          for p in SCRIPTS.rglob("*.js")))
def test_no_script_shows_a_sentence_outside_the_catalogue(script):
    code = _code((SCRIPTS / script).read_text(encoding="utf-8"))
    assert [s for s in PROSE.findall(code) if s not in NOT_SHOWN] == []


def test_every_message_is_translated_in_italian(extracted):
    catalog = i18n.read_catalog("it")
    untranslated = []
    for message in extracted:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
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
def bilingual(bilingual_fixture_site) -> Path:
    """The content of tests/site_fixture.py (every kind of page: the golden
    site's) with the demo's regulation texts and languages = ["en", "it"],
    built once a session (tests/conftest.py): a page of each kind in each
    language, in a tenth of the demo's time."""
    return bilingual_fixture_site


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


def _messages(page: Path) -> dict:
    found = re.search(r'<script type="application/json" id="messages">(.*?)</script>',
                      page.read_text(encoding="utf-8"), re.S)
    return json.loads(found.group(1)) if found else {}


@pytest.mark.parametrize("path", sorted(ITALIAN_CHECK))
def test_the_italian_check_pages_are_in_italian(bilingual, path):
    html = (bilingual / "it" / path / "index.html").read_text(encoding="utf-8")
    assert [s for s in ITALIAN_CHECK[path] if s not in html] == []
    assert [s for s in ENGLISH_CHECK if s in html] == []
    assert 'data-site="/it/"' in html


def test_the_pages_carry_their_scripts_messages_in_italian(bilingual):
    """Every Italian page: the site's scripts' messages; the /check/ pages
    those of the checker's scripts and its worker's labels too, every one
    translated. An English page carries none."""
    home, check = _messages(bilingual / "it" / "index.html"), _messages(
        bilingual / "it" / "check" / "index.html")
    assert set(home) == set(i18n._script_ids(i18n.SITE_SCRIPTS)) and set(home) < set(check)
    assert set(check) == set(i18n._script_ids(i18n.CHECK_SCRIPTS))
    catalog = i18n.read_catalog("it")
    assert {k: v for k, v in check.items() if not v or catalog.get(k).string != v} == {}
    assert [(k, v) for k, v in ITALIAN_SCRIPT_MESSAGES if check.get(k) != v] == []
    assert _messages(bilingual / "index.html") == {} and \
        _messages(bilingual / "check" / "index.html") == {}


def test_the_italian_build_writes_no_unused_copy(bilingual):
    """static/ (the player index and its shards among it) is the root's only."""
    assert not (bilingual / "it" / "static").exists()
    assert (bilingual / "static" / "check" / "players.json").is_file()


def _build_files(worker: Path) -> list[str]:
    text = worker.read_text(encoding="utf-8")
    return json.loads(text[text.index("{"):text.index("};") + 1])["files"]


@pytest.mark.parametrize("lang", ["", "it/"])
def test_each_language_has_its_offline_service_worker(bilingual, lang):
    """/check/sw.js and /it/check/sw.js: each keeps its language's pages and
    the root's shared files, every one of which exists."""
    folder = bilingual / lang / "check"
    files = _build_files(folder / "sw.js")
    assert files[:3] == ["./", "norm/", "rating/"]
    up = "../" * (lang.count("/") + 1)
    assert f"{up}static/check/common.js" in files and f"{up}static/check/bundle.json" in files
    missing = [f for f in files if not ((folder / f).resolve() / (
        "index.html" if f.endswith("/") else "")).is_file()]
    assert missing == []


def test_each_language_has_its_404_page(bilingual):
    english = (bilingual / "404.html").read_text(encoding="utf-8")
    italian = (bilingual / "it" / "404.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in english and "Page not found" in english
    assert '<html lang="it">' in italian and "Pagina non trovata" in italian
    assert 'href="/it/404.html" hreflang="it"' in english


# -- the link crawl, the scripts' links too ----------------------------------------------

def _site_file(site: Path, path: str) -> Path:
    target = site / urlsplit(path).path.lstrip("/")
    return target / "index.html" if path.endswith("/") else target


@pytest.mark.parametrize("lang", ["", "it/"])
def test_the_search_script_links_existing_player_pages(bilingual, lang):
    """search.js links the players of search/index.json: each language's
    index links that language's pages, every one of them written."""
    index = json.loads((bilingual / lang / "search" / "index.json").read_text(encoding="utf-8"))
    urls = [row[index["fields"].index("url")] for row in index["players"]]
    assert urls and all(u.startswith(f"/{lang}players/") for u in urls)
    assert [u for u in urls if not _site_file(bilingual, u).is_file()] == []


@pytest.mark.parametrize("lang", ["", "it/"])
def test_the_checker_cites_existing_anchors_in_either_language(bilingual, lang):
    """cite.js links a citation to <language root>regulations/<slug>/#<anchor>
    for the anchors of citations.json: each is on that page in both sites."""
    anchors = json.loads((bilingual / "static" / "check" / "citations.json").read_text())
    missing = []
    for slug, ids in anchors.items():
        page = (bilingual / lang / "regulations" / slug / "index.html").read_text(encoding="utf-8")
        written = set(re.findall(r'\bid="([^"]+)"', page))
        missing += [f"{lang}{slug}#{a}" for a in ids if a not in written]
    assert len(anchors) > 3 and missing == []


class _Texts(HTMLParser):
    """A page's text nodes and its title, aria-label and alt attributes,
    scripts and styles left out."""

    def __init__(self):
        super().__init__()
        self.texts: set[str] = set()
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        self._skip += tag in ("script", "style", "code")
        self.texts.update(v.strip() for k, v in attrs if k in ("title", "aria-label", "alt") and v)

    def handle_endtag(self, tag):
        self._skip -= tag in ("script", "style", "code")

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.texts.add(data.strip())


# Texts of the Italian site that are English words of the catalogue and
# rightly stay: the regulation tables' headings on /norms/ (the
# regulations' words, docs/i18n.md). Code (<code>: the fixed-width files'
# column headers) and the content's pages (pages/, regulations/) are not
# read.
KEPT = {"it/norms/index.html": {"Category"}}


def _sample(site: Path) -> list[Path]:
    """Three pages of each folder and depth of the Italian site: every
    template, each with the sections its data gives it."""
    taken: dict[tuple, int] = {}
    chosen = []
    for page in sorted((site / "it").rglob("*.html")):
        parts = page.relative_to(site / "it").parts
        kind = (parts[0], len(parts))
        if parts[0] not in ("pages", "regulations") and taken.get(kind, 0) < 3:
            taken[kind] = taken.get(kind, 0) + 1
            chosen.append(page)
    return chosen


def test_no_catalogue_message_is_left_in_english_on_the_italian_site(bilingual):
    """A text of an Italian page that is a message of the catalogue in its
    English (and whose Italian differs) was not translated where shown."""
    catalog = i18n.read_catalog("it")
    italian = {m.string for m in catalog if isinstance(m.string, str)}
    english = {m.id for m in catalog if isinstance(m.id, str) and m.id and m.string
               and m.string != m.id and len(m.id) > 3} - italian     # "Date": "Dates"
    left = []
    for page in _sample(bilingual):
        texts = _Texts()
        texts.feed(page.read_text(encoding="utf-8"))
        name = page.relative_to(bilingual).as_posix()
        left += [f"{name}: {s}" for s in texts.texts & english - KEPT.get(name, set())]
    assert left == []


def test_the_italian_downloads_are_labelled_in_italian(bilingual):
    downloads = (bilingual / "it" / "downloads" / "index.html").read_text(encoding="utf-8")
    listed = (bilingual / "it" / "lists" / "chess" / "standard" / "index.html").read_text(
        encoding="utf-8")
    assert ">Testo, zip<" in downloads and "id del giocatore" in downloads
    assert ">Testo a larghezza fissa, zip<" in listed and "Text" not in listed
