"""The demo site as people use it: on phones, from the keyboard, in search results.

The embedded demo content is built once; its pages are read as HTML (every
page: a unique title, a description, Open Graph; every scrolling region
reachable from the keyboard; list tables marking which columns a phone may
fold away) and, where Debian's Chromium is there, shown at 320, 390 and
1280 px: a list keeps rank, name, rating and change on screen.  That
nothing scrolls sideways at those widths is checked on a page of every kind
(PAGE_KINDS) by tests/test_a11y.py, which shows each at the three widths for
axe (and, with SUITE_SCREENSHOTS set to a folder, writes screenshots of
them there for a person to look at).
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import threading
from collections import Counter
from pathlib import Path

import pytest

from tests.shared_data import ROOT
from tests.site_pages import Page

CI = bool(os.environ.get("CI"))
WIDTHS = (320, 390, 1280)


# `demo_site`: the embedded demo content built once per session (tests/conftest.py)


@pytest.fixture(scope="module")
def pages(demo_pages) -> dict[str, Page]:
    """Each page's head (tests/site_pages.py: parsed once a session)."""
    return demo_pages


def test_every_page_has_its_own_title(pages):
    counts = Counter(head.title for head in pages.values())
    shared = {title: n for title, n in counts.items() if n > 1}
    assert not shared, f"titles shared by several pages: {shared}"


def test_every_page_has_a_description_and_open_graph(pages):
    for name, head in pages.items():
        assert head.metas.get("description"), f"{name}: no meta description"
        for key in ("og:title", "og:description", "og:site_name", "og:type"):
            assert head.metas.get(key), f"{name}: no {key}"
        assert any(link.get("rel") == "icon" for link in head.links), f"{name}: no favicon"


def test_every_link_has_text(demo_pages):
    """A link without text is announced as its address and says nothing (an
    event not yet rated once linked the latest list with an empty label)."""
    empty = []
    for name, page in demo_pages.items():
        empty += [f"{name}: {href}" for href, text in page.link_texts if not text.strip()]
    assert not empty, empty


def test_atom_feed_of_lists_and_events(demo_site):
    """RFC 4287: a feed with its id, updated and self link; entries newest
    first, each with a unique id, a date and a link to a page of the site."""
    import xml.etree.ElementTree as ET
    atom = "{http://www.w3.org/2005/Atom}"
    feed = ET.parse(demo_site / "feed.xml").getroot()
    assert feed.tag == atom + "feed"
    assert feed.find(atom + "id").text and feed.find(atom + "updated").text
    entries = feed.findall(atom + "entry")
    assert entries
    ids = [e.find(atom + "id").text for e in entries]
    dates = [e.find(atom + "updated").text for e in entries]
    assert len(set(ids)) == len(ids) and dates == sorted(dates, reverse=True)
    assert feed.find(atom + "updated").text == dates[0]
    base = "https://ratings.northshire.example/"
    for entry in entries:
        href = entry.find(atom + "link").get("href")
        assert href.startswith(base)
        assert (demo_site / href[len(base):] / "index.html").exists(), href
    kinds = {"lists" if "/lists/" in i else "events" for i in ids}
    assert kinds == {"lists", "events"}


def _structured(page: Path) -> dict:
    import json
    html = page.read_text(encoding="utf-8")
    block = re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
    assert block, f"{page}: no JSON-LD"
    return json.loads(block.group(1))


def test_json_ld_person_and_sports_event(demo_site):
    """schema.org vocabularies where one fits: a player is a Person, an event
    a SportsEvent, each named as its page's heading."""
    for page in sorted((demo_site / "players").glob("[0-9]*/index.html"))[:20]:
        data = _structured(page)
        heading = re.search(r"<h1>(.*?)</h1>", page.read_text(encoding="utf-8")).group(1)
        assert data["@type"] == "Person" and data["identifier"] == page.parent.name
        assert data["name"] == __import__("html").unescape(heading)
    for page in sorted((demo_site / "events").glob("*/index.html")):
        data = _structured(page)
        assert data["@type"] == "SportsEvent" and data["sport"] in ("Chess", "Draughts")
        assert data["url"].endswith(f"/events/{page.parent.name}/")


def test_event_source_files_are_published_beside_their_pages(demo_site):
    """Each event's file, byte for byte as the content holds it, linked from
    its page; crosstable results link to the opponent's row."""
    content = ROOT / "content" / "events"
    pages = sorted((demo_site / "events").glob("*/index.html"))
    assert pages
    for page in pages:
        html = page.read_text(encoding="utf-8")
        name = re.search(r'<a href="/events/[^/]+/([^"]+)" download>', html).group(1)
        source = next(content.rglob(name))
        assert (page.parent / name).read_bytes() == source.read_bytes()
        rows = set(re.findall(r'<tr data-number="\d+" id="(no-\d+)"', html))
        targets = set(re.findall(r'<a href="#(no-\d+)">', html))
        assert targets <= rows, page


def test_favicon_is_written(demo_site):
    assert (demo_site / "static" / "favicon.svg").read_text().startswith("<svg")


def test_scroll_regions_are_reachable_from_the_keyboard(pages):
    """axe rule scrollable-region-focusable: a region that may scroll can take
    the focus, and says what it holds."""
    wraps = 0
    for name, head in pages.items():
        for wrap in head.wraps:
            wraps += 1
            assert wrap.get("tabindex") == "0", f"{name}: a table-wrap without tabindex"
            assert wrap.get("role") == "region", f"{name}: a table-wrap without role"
            assert (wrap.get("aria-label") or "").strip(), f"{name}: an unlabelled table-wrap"
    assert wraps > 100


def test_list_rows_fold_the_same_columns_as_their_head(demo_site):
    """Each row of a list table marks as many foldable cells as its head: a
    phone hides whole columns, never a cell out of place."""
    page = (demo_site / "lists" / "chess" / "standard" / "index.html").read_text()
    table = page[page.index('<table class="list"'):page.index("</table>")]
    head, body = table.split("</thead>")
    per_head = len(re.findall(r'class="[^"]*\bopt\b', head))
    rows = re.split(r"<tr[ >]", body)[1:]
    assert per_head >= 3 and len(rows) > 100
    for row in rows:
        assert len(re.findall(r'class="[^"]*\bopt\b', row)) == per_head


# -- in the browser -------------------------------------------------------------------

# Every kind of page the site writes, for the browser checks of
# tests/test_a11y.py (axe, and nothing scrolling sideways): (name, template,
# the pages of that kind (a pattern of their path in the site), the page
# shown, why that one).  One page per kind
# and, where a kind varies by game or source, per variant: more rows of the
# same markup give axe and the layout nothing new, a variant does.  So the
# page shown is a small one holding every element and class that any page
# of its kind holds (`test_the_page_shown_holds_all_the_markup_of_its_kind`):
# axe's colour-contrast rule costs in proportion to the text on the page, and
# the longest pages of the demo took half a minute each.  A page of the demo
# site that no pattern names fails
# `test_every_kind_of_page_has_one_shown_in_the_browser`: a new kind of page
# needs its line here.
PAGE_KINDS = [
    ("home", "home.html", r"index\.html", "/", "the only one"),
    ("lists", "lists_index.html", r"lists/index\.html", "/lists/", "the only one"),
    ("list", "list.html", r"lists/chess/[a-z-]+/(\d{4}-\d{2}/)?index\.html",
     "/lists/chess/blitz/2024-01/", "the smallest chess list with every column and mark"),
    ("draughts-list", "list.html", r"lists/draughts/[a-z-]+/(\d{4}-\d{2}/)?index\.html",
     "/lists/draughts/rapid-blitz/2024-01/",
     "draughts lists have their own columns; the smallest with every one"),
    ("list-view", "list.html",
     r"lists/[a-z]+/[a-z-]+/(\d{4}-\d{2}/)?(federation|title|women|juniors|girls|seniors)/"
     r"index\.html", "/lists/draughts/rapid-blitz/2024-01/title/",
     "the smallest view with every element of the views (a table per title)"),
    ("list-dates", "list_dates.html", r"lists/[a-z]+/[a-z-]+/dates/index\.html",
     "/lists/draughts/rapid-blitz/dates/", "every list's dates page is the same markup"),
    ("players", "players_index.html", r"players/index\.html", "/players/", "the only one"),
    ("player", "player.html", r"players/\d+/index\.html", "/players/65938/",
     "the smallest with every section (events, lists, norms, the chart)"),
    ("events", "events_index.html", r"events/index\.html", "/events/", "the only one"),
    ("chess-event", "event.html", r"events/[\w-]+/index\.html",
     "/events/2024-01-ravensholme-rapid-2024/",
     "the smallest chess Swiss with every section: pairings, tie-breaks, citations"),
    ("draughts-event", "event.html", r"events/[\w-]+/index\.html",
     "/events/2024-09-northshire-ladies-world-cup-2024/",
     "the smallest draughts event with every section: crosstable, norm checks"),
    ("norms", "norms.html", r"norms/index\.html", "/norms/", "the only one"),
    ("worldcup", "worldcup_index.html", r"worldcup/index\.html", "/worldcup/", "the only one"),
    ("worldcup-season", "worldcup.html", r"worldcup/\d{4}-\d{4}/(\d{4}-\d{2}/)?index\.html",
     "/worldcup/2024-2026/2024-07/", "the smallest of a season's dates with every column"),
    ("downloads", "downloads.html", r"downloads/index\.html", "/downloads/", "the only one"),
    ("regulations", "regulations_index.html", r"regulations/index\.html", "/regulations/",
     "the only one"),
    ("regulation-fide", "regulation.html", r"regulations/fide-[\w-]+/index\.html",
     "/regulations/fide-2002/", "the FIDE text with tables and the most formulas"),
    ("regulation-fmjd", "regulation.html", r"regulations/fmjd[\w-]*/index\.html",
     "/regulations/fmjd-annex-18/", "an FMJD text with its tables and formulas"),
    ("about", "page.html", r"pages/[\w-]+/index\.html", "/pages/about/",
     "the longer of the content's pages"),
    ("check", "check/check.html", r"check/index\.html", "/check/", "the only one"),
    ("check-norm", "check/norm.html", r"check/norm/index\.html", "/check/norm/", "the only one"),
    ("check-rating", "check/rating.html", r"check/rating/index\.html", "/check/rating/",
     "the only one"),
    ("not-found", "404.html", r"404\.html", "/404.html", "the only one"),
]
# Templates the demo site never renders: large sites' player shards (shown
# in Chromium by tests/test_scale.py), partials and the feeds.
NOT_SHOWN = {"players_shard.html", "players_shards.html", "base.html", "_macros.html",
             "check/_checker.html"}


def _kind_of(page: str) -> list[str]:
    return [name for name, _, pattern, _, _ in PAGE_KINDS if re.fullmatch(pattern, page)]


def test_every_kind_of_page_has_one_shown_in_the_browser(demo_site):
    """Each HTML page of the demo site is of a kind of PAGE_KINDS, each page
    shown exists and is of its kind, and every template is shown."""
    pages = sorted(p.relative_to(demo_site).as_posix() for p in demo_site.rglob("*.html")
                   if not p.relative_to(demo_site).as_posix().startswith("static/"))
    assert [page for page in pages if not _kind_of(page)] == []
    for name, _, _, shown, _ in PAGE_KINDS:
        file = shown.lstrip("/") + ("index.html" if shown.endswith("/") else "")
        assert file in pages and name in _kind_of(file), shown
    templates = {p.relative_to(ROOT / "templates").as_posix()
                 for p in (ROOT / "templates").rglob("*.html")
                 if "static" not in p.relative_to(ROOT / "templates").parts}
    assert templates - NOT_SHOWN == {template for _, template, _, _, _ in PAGE_KINDS}


# What the page shown of a kind may lack of the markup of its kind, and why.
# A regulation's text is the content's Markdown: its headings, code and
# formulas are each text's own (tests/test_regulations_pages.py reads every
# text); the template and its tables are on the page shown.
MARKUP_NOT_SHOWN = {
    "player": ({"g.series-2"}, "a second list's line of the chart: the same svg markup"),
    "regulation-fide": ({"br", "code", "pre", "strong", "span.display", "h2", "h3", "h4", "h5",
                         "h6"}, "the Markdown of other texts"),
    "regulation-fmjd": ({"br", "code", "pre", "em", "span.display", "div.block", "div.math",
                         "mi", "mfrac", "msub", "msup", "msubsup", "mtable", "mtr", "mtd", "mtext",
                         "h4", "h5", "h6"}, "the Markdown of other texts"),
}
# Kinds that share a pattern and differ by game: the page's JSON-LD says which.
GAME_OF_KIND = {"chess-event": '"sport": "Chess"', "draughts-event": '"sport": "Draughts"'}


def test_the_page_shown_holds_all_the_markup_of_its_kind(demo_site, demo_pages):
    """The page shown of each kind has every element and class that any page
    of that kind of the demo site has (but MARKUP_NOT_SHOWN): what axe, vnu
    and the layout checks see there is every part of the kind's template."""
    lacking = {}
    for name, _, pattern, shown, _ in PAGE_KINDS:
        kind = set().union(*(page.markup for path, page in demo_pages.items()
                             if re.fullmatch(pattern, path) and (name not in GAME_OF_KIND or
                             GAME_OF_KIND[name] in (demo_site / path).read_text(encoding="utf-8"))))
        file = shown.lstrip("/") + ("index.html" if shown.endswith("/") else "")
        missing = kind - demo_pages[file].markup - MARKUP_NOT_SHOWN.get(name, (set(), ""))[0]
        if missing:
            lacking[name] = sorted(missing)
    assert lacking == {}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript"}

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def origin(demo_site):
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(demo_site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


# `chromium`: Debian's Chromium, launched once a session (tests/conftest.py)


OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"
NEXT_FRAME = "() => new Promise(done => requestAnimationFrame(() => done()))"
# The right edge of the list's Rating and Change headings, against the viewport.
LIST_EDGE = """() => {
  const heads = Array.from(document.querySelectorAll('table.list thead th'));
  const wanted = heads.filter(th => /^(Rating|Change)$/.test(th.textContent.trim()));
  return wanted.map(th => th.getBoundingClientRect().right - window.innerWidth);
}"""


def _at_each_width(page, origin: str, path: str):
    """Load `path` once at the widest width, then give each width in turn,
    widest first (yielding it), the layout settled: the one script that
    depends on the width (nav.js) follows its media query's change event,
    fired before the next frame, which this waits for."""
    page.set_viewport_size({"width": WIDTHS[-1], "height": 900})
    page.goto(origin + path, wait_until="load")
    for width in sorted(WIDTHS, reverse=True):
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate(NEXT_FRAME)
        yield width


def test_lists_keep_rating_and_change_on_screen(chromium, origin):
    page = chromium.new_page(viewport={"width": WIDTHS[-1], "height": 900})
    for path in ("/", "/lists/chess/standard/", "/lists/draughts/standard/"):
        for width in _at_each_width(page, origin, path):
            edges = page.evaluate(LIST_EDGE)
            assert len(edges) >= 2, path
            assert max(edges) <= 0, \
                f"{path} at {width} px: Rating/Change cut off by {max(edges)} px"
    page.close()


def test_phone_menu_and_columns_toggle(chromium, origin):
    """At 390 px the menu button opens the navigation, and the columns
    button shows the columns a phone folds away (at 1280 px, no button and
    every column: `_wide_has_no_phone_menu`)."""
    page = chromium.new_page(viewport={"width": 390, "height": 900})
    page.goto(origin + "/lists/chess/standard/", wait_until="load")
    menu = page.locator("button.nav-toggle")
    assert menu.is_visible() and not page.locator("#site-nav").is_visible()
    menu.click()
    assert page.locator("#site-nav").is_visible()
    assert menu.get_attribute("aria-expanded") == "true"
    born = page.locator("table.list thead th", has_text="Born").first
    assert not born.is_visible()
    page.locator("button.columns-toggle").first.click()
    assert born.is_visible()
    page.close()


def _wide_has_no_phone_menu(page) -> None:
    """At 1280 px (test_phone_menu_and_columns_toggle's other half, on the
    page test_list_filters_and_sorting loads anyway): no menu button, the
    navigation shown, every column shown."""
    assert not page.locator("button.nav-toggle").is_visible()
    assert page.locator("#site-nav").is_visible()
    assert page.locator("table.list thead th", has_text="Born").first.is_visible()


def test_list_filters_and_sorting(chromium, origin):
    """Federation, title, sex and age group filter the loaded list in the
    page; a column heading sorts it (aria-sort says how)."""
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    page.goto(origin + "/lists/chess/standard/", wait_until="load")
    _wide_has_no_phone_menu(page)
    status = page.locator(".filter-status").first
    total = page.locator("table.list tbody tr").count()
    assert status.text_content() == f"{total} of {total} players shown"
    page.select_option(".list-filter select >> nth=2", "w")
    women = page.locator("table.list tbody tr:not([hidden])")
    assert women.count() < total
    assert {women.nth(i).get_attribute("data-sex") for i in range(women.count())} == {"w"}
    page.select_option(".list-filter select >> nth=3", "u20")
    year = int(page.locator("table.list").first.get_attribute("data-year"))
    shown = page.locator("table.list tbody tr:not([hidden])")
    borns = [int(shown.nth(i).get_attribute("data-born")) for i in range(shown.count())]
    assert borns and all(year - b < 20 for b in borns)
    heading = page.locator("table.list thead th", has_text="Born").first
    heading.locator("button.sort").click()
    assert heading.get_attribute("aria-sort") == "ascending"
    shown = page.locator("table.list tbody tr:not([hidden])")
    borns = [int(shown.nth(i).get_attribute("data-born")) for i in range(shown.count())]
    assert borns == sorted(borns)
    heading.locator("button.sort").click()
    assert heading.get_attribute("aria-sort") == "descending"
    page.close()


def test_event_standings_download_is_the_table_of_the_page(demo_site):
    """Each event's standings.csv: the page's standings row for row (rank,
    number), with the tie-breaks under the check contract's keys."""
    import csv
    for page in sorted((demo_site / "events").glob("*/index.html")):
        html = page.read_text(encoding="utf-8")
        if 'id="standings-table"' not in html:
            continue
        assert 'standings.csv" download>' in html, page
        rows = list(csv.DictReader((page.parent / "standings.csv").open(encoding="utf-8")))
        shown = re.findall(r'<tr data-number="(\d+)"><td class="num" data-field="rank">(\d*)</td>',
                           html)
        assert [(r["number"], r["rank"]) for r in rows] == shown, page
        if "/events/" in str(page) and rows and "-open-" in page.parent.name:
            assert {"buchholz", "sonneborn_berger"} <= set(rows[0]), page


def test_short_norm_checks_fold_away(demo_site):
    """A draughts event checks every player for every title: the checks that
    fall short are in a closed <details>, the open table has only norms."""
    pages = sorted((demo_site / "events").glob("*draughts*/index.html"))
    assert pages
    for page in pages:
        html = page.read_text(encoding="utf-8")
        if 'id="norms"' not in html:
            continue
        section = html[html.index('id="norms"'):]
        section = section[:section.index("</section>")]
        folded = section.split('<details class="norms-short"', 1)
        assert "<td>no</td>" not in folded[0], page
        if len(folded) > 1 and folded[1].count("<tr>") > 13:
            assert folded[1].startswith(">"), f"{page}: a long list of checks left open"


def test_draughts_event_pages_stay_short_on_a_phone(chromium, origin, demo_site):
    """Issue 15: a draughts event page was 59,902 px tall at 390 px (its
    norms table; 257,617 px by November 2026's demo). The FMJD World Cup
    events are draughts events too (10,287 px, the tallest, on 24 November
    2026)."""
    page = chromium.new_page(viewport={"width": 390, "height": 900})
    tall = {}
    events = demo_site / "events"
    for folder in sorted({*events.glob("*draughts*"), *events.glob("*world-cup*")}):
        page.goto(f"{origin}/events/{folder.name}/", wait_until="load")
        height = page.evaluate("document.documentElement.scrollHeight")
        if height > 12_000:
            tall[folder.name] = height
    page.close()
    assert not tall, tall


def test_demo_lists_have_girls_and_seniors(demo_site):
    """The pre-rendered views people look for (issue 15 item 4): girls and
    seniors 50+/65+, by the age reached in the list's year; the latest
    list's page links them in its dated folder (docs/scale.md#incremental-builds)."""
    latest = (demo_site / "lists" / "chess" / "standard" / "index.html").read_text()
    year = int(re.search(r'data-year="(\d+)"', latest).group(1))
    key = re.search(r'lists/chess/standard/(\d{4}-\d\d)/girls/"', latest).group(1)
    base = demo_site / "lists" / "chess" / "standard" / key
    girls = (base / "girls" / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r'data-sex="([^"]*)" data-born="(\d*)"', girls)
    assert rows and all(s.lower() in ("f", "w") and year - int(b) <= 20 for s, b in rows)
    seniors = (base / "seniors" / "index.html").read_text(encoding="utf-8")
    for age, following in ((50, 'id="seniors-65"'), (65, "</main>")):
        part = seniors[seniors.index(f'id="seniors-{age}"'):seniors.index(following)]
        borns = [int(b) for b in re.findall(r'data-born="(\d+)"', part)]
        assert borns and all(year - b >= age for b in borns), age
