"""A large site's layout (sitegen.site.views.LARGE_SITE, README "Scale").

The fixture content of tests/site_fixture.py is built with the thresholds
lowered (every site large, three players to a page, two rows a list view,
one a group), so that the layout a FIDE-scale site gets is checked in
seconds: every player has a section on a page every link reaches, no page
per player, players/shards.json finds every id, list views are cut with a
note, and the search index is split as static/large-site.js expects.  The
browser test (skipped without Chromium and Playwright, as tests/
test_browser.py) follows /players/<id>/ through the 404 page and searches.
Sites below the threshold are the golden test's (tests/test_site.py).
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import threading
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitegen.build import build
from sitegen.compute.pipeline import compute
from sitegen.content.folder import load_content
from sitegen.site import views
from tests.site_fixture import CHESS, DRAUGHTS, write_content
from tests.site_pages import broken_links


@pytest.fixture(scope="module")
def large_site(tmp_path_factory) -> Path:
    patch = pytest.MonkeyPatch()
    for name, value in (("LARGE_SITE", 0), ("SHARD_SIZE", 3), ("LARGE_LIST_ROWS", 2),
                        ("LARGE_GROUP_ROWS", 1)):
        patch.setattr(views, name, value)
    try:
        tmp = tmp_path_factory.mktemp("large")
        build(write_content(tmp / "content"), tmp / "site", show_progress=False)
    finally:
        patch.undo()
    return tmp / "site"


def _ids(csv_text: str) -> list[str]:
    return [line.split(",", 1)[0] for line in csv_text.splitlines()[1:]]


PLAYERS = [("chess", i) for i in _ids(CHESS)] + [("draughts", i) for i in _ids(DRAUGHTS)]


class _Anchors(HTMLParser):
    def __init__(self):
        super().__init__()
        self.sections: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "section" and attrs.get("class") == "player":
            self.sections.append(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])


def _parse(path: Path) -> _Anchors:
    parser = _Anchors()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def test_no_page_per_player_but_a_section_on_a_shard(large_site):
    pages = sorted(p.relative_to(large_site).as_posix()
                   for p in (large_site / "players").rglob("index.html"))
    assert pages == ["players/by-id/1001/index.html", "players/by-id/1004/index.html",
                     "players/by-id/20001/index.html", "players/by-id/20004/index.html",
                     "players/index.html"]
    sections = {}
    for page in pages[:-1]:
        for anchor in _parse(large_site / page).sections:
            sections[anchor] = page
    assert sorted(sections) == sorted(pid for _, pid in PLAYERS)
    index = _parse(large_site / "players" / "index.html").links
    assert all(f"/{page[:-len('index.html')]}" in index for page in pages[:-1])


def test_every_link_reaches_a_page_and_every_player_link_an_anchor(large_site):
    assert broken_links(large_site) == []
    for page in large_site.rglob("*.html"):
        for link in _parse(page).links:
            match = re.fullmatch(r"/players/by-id/([^/]+)/#(.+)", link)
            if match:
                target = large_site / "players" / "by-id" / match.group(1) / "index.html"
                assert match.group(2) in _parse(target).sections, (page, link)
            assert not re.fullmatch(r"/players/(?!by-id/)[^/]+/", link), (page, link)


def test_downloads_only_compressed(large_site, golden_fixture_site):
    """A large site publishes each list's downloads compressed only
    (docs/scale.md#output-size): .csv.gz, .json.gz and .zip, no plain
    .csv, .json or .txt; a normal site has both."""
    names = sorted(p.name for p in (large_site / "downloads").iterdir()
                   if p.name != "index.html")
    assert names and all(n.endswith((".csv.gz", ".json.gz", ".zip")) for n in names), names
    normal = {p.name for p in (golden_fixture_site / "downloads").iterdir()}
    assert {"chess-standard-latest.csv", "chess-standard-latest.txt"} <= normal


def test_no_latest_copy_of_the_downloads(large_site):
    """A large site writes each list's downloads once, under its date: the
    downloads page's "Latest" links lead to the newest list's dated files
    (docs/scale.md#output-size), and they exist."""
    names = {p.name for p in (large_site / "downloads").iterdir()}
    assert not [n for n in names if "-latest." in n], names
    page = (large_site / "downloads" / "index.html").read_text(encoding="utf-8")
    latest = re.findall(r'Latest:.*', page)
    assert latest
    for line in latest:
        targets = re.findall(r'href="/downloads/([^"]+)"', line)
        assert targets and all(t in names and "-latest" not in t for t in targets), line


def test_event_pages_leave_out_the_figures_of_each_game(large_site, golden_fixture_site):
    """A large site's event page has each player's totals and the
    crosstable, not the table of each game's figures nor the crosstable
    cells' titles (docs/scale.md#output-size), and says so; a normal
    site's has them."""
    pages = sorted((large_site / "events").glob("*/index.html"))
    assert pages
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "counted for rating</caption>" not in text, page
        assert "On a site of this size the figures of each game" in text, page
        crosstable = re.search(r'<table class="lean crosstable">.*?</table>', text, re.S)
        assert crosstable is None or ' title="round ' not in crosstable.group(0), page
        # the tables lean (sitegen/site/lean.py): no data-field, no class="num" cell
        assert '<table id="standings-table" class="lean">' in text, page
        for table in re.findall(r'<table[^>]*class="lean[^>]*>.*?</table>', text, re.S):
            assert "data-field" not in table and '<td class="num"' not in table, page
    normal = [p.read_text(encoding="utf-8")
              for p in (golden_fixture_site / "events").glob("*/index.html")]
    assert any("counted for rating</caption>" in text for text in normal)
    assert any(' title="round ' in text for text in normal)
    assert not any("On a site of this size" in text for text in normal)


def test_shards_json_finds_every_player(large_site):
    index = json.loads((large_site / "players" / "shards.json").read_text(encoding="utf-8"))
    assert index["path"] == "/players/by-id/"
    assert index["first"] == sorted(index["first"])
    for _, pid in PLAYERS:
        # what static/large-site.js does: the last page whose first id <= id
        shard = max(i for i, first in enumerate(index["first"]) if first <= pid)
        assert pid <= index["last"][shard]
        page = large_site / "players" / "by-id" / index["first"][shard] / "index.html"
        assert pid in _parse(page).sections


def test_list_views_show_their_first_rows_and_say_so(large_site):
    html = (large_site / "lists" / "chess" / "standard" / "index.html").read_text("utf-8")
    assert html.count('<tr data-fed=') == 2                   # a row of the list
    assert '<p class="more">The first 2 of 6; the whole list is in the' in html
    # the latest list's other views are in its dated folder (docs/scale.md#incremental-builds)
    dated = sorted((large_site / "lists" / "chess" / "standard").glob("*/title/index.html"))
    by_title = dated[-1].read_text("utf-8")
    assert ">no title</a> (3)</li>" in by_title          # the group's size, not the rows shown
    assert by_title.count("The first 1 of 3;") == 1      # WFM, FM, IM: 1 each, nothing cut


def test_search_index_is_split_by_the_first_letters_of_the_name(large_site):
    index = json.loads((large_site / "search" / "index.json").read_text(encoding="utf-8"))
    assert index["players"] == []
    rows = []
    for key, url in index["parts"].items():
        part = json.loads((large_site / url.lstrip("/")).read_text(encoding="utf-8"))
        assert all(views.search_key(row[1]) == key for row in part["players"])
        rows += part["players"]
    assert sorted(row[0] for row in rows) == sorted(pid for _, pid in PLAYERS)
    # no address (static/search.js finds it in shards.json), a slug only where
    # it is not the id (docs/scale.md#output-size)
    assert index["fields"][-1] == "slug" and index["shards"] == "/players/shards.json"
    assert all(len(row) == 5 or (len(row) == 6 and row[5] != row[0]) for row in rows)
    assert not any("/players/" in str(value) for row in rows for value in row)


def test_search_key_folds_as_the_script_does():
    assert views.search_key("Öztürk, Ali") == "oz"
    assert views.search_key("O'Brien, Pat") == "ob"
    assert views.search_key("Ž") == "z"
    assert views.search_key("—") == "_"
    assert views.search_key("A.........B") == "ab"      # past the first 8 characters


def _search_key_statement(name: str) -> str:
    """What `search_key` computes, written as plainly as it reads: accents
    dropped (NFD, combining marks removed), lower case, the first two
    letters or digits, else "_" (its ASCII shortcut must agree)."""
    folded = re.sub("[\u0300-\u036f]", "", unicodedata.normalize("NFD", name)).lower()
    return re.sub("[^a-z0-9]", "", folded)[:2] or "_"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from("aZ09 .,'-_Öéßİ李—\u0301"), max_size=14) | st.text(max_size=14))
def test_search_key_is_its_statement_for_any_name(name):
    assert views.search_key(name) == _search_key_statement(name)


def test_search_shards_are_the_search_index_split_without_addresses(tmp_path):
    """`search_shards` makes its rows from the records: the rows of
    `search_index` (every player's summary and address), the address
    replaced by the slug where it is not the id, split by `search_key`."""
    patch = pytest.MonkeyPatch()
    patch.setattr(views, "LARGE_SITE", 0)
    patch.setattr(views, "SHARD_SIZE", 3)
    try:
        root = write_content(tmp_path / "content")
        with open(root / "players" / "draughts.csv", "a", encoding="utf-8") as registry:
            registry.write('1001,"Kent, Kim",TST,m,1990-01-01,,2000,,50,,\n')   # a chess id
        data = compute(load_content(root))
        links = views.Links(data)
        assert links.large
        index, parts = views.search_shards(data, links, "/x/")
        whole = views.search_index(data, links, "/x/")
    finally:
        patch.undo()
    expected: dict[str, list] = {}
    for row in whole["players"]:
        slug = row[-1].rpartition("#")[2]
        expected.setdefault(views.search_key(row[1]), []).append(
            row[:-1] + ([slug] if slug != row[0] else []))
    assert {key: part["players"] for key, part in parts.items()} == expected
    assert index["parts"] == {key: f"/x/search/{key}.json" for key in sorted(expected)}
    assert any(len(row) == 6 for rows in expected.values() for row in rows)   # a slug given


def test_large_site_assets_only_on_large_sites(large_site, golden_fixture_site):
    assert (large_site / "static" / "large-site.js").is_file()
    assert 'src="/static/large-site.js"' in (large_site / "index.html").read_text("utf-8")
    assert 'id="player-lookup"' in (large_site / "404.html").read_text("utf-8")
    normal = golden_fixture_site      # the same content, normal thresholds
    assert not (normal / "static" / "large-site.js").exists()
    assert not (normal / "players" / "shards.json").exists()


# -- in a browser ----------------------------------------------------------------------

class _NotFoundHandler(http.server.SimpleHTTPRequestHandler):
    """404.html for a missing path, as Netlify, GitHub Pages and nginx's
    error_page serve it."""

    def send_error(self, code, message=None, explain=None):
        if code != 404:
            return super().send_error(code, message, explain)
        body = (Path(self.directory) / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_player_addresses_and_search_in_a_browser(large_site, chromium):
    """(`chromium`: Debian's Chromium, launched once a session by
    tests/conftest.py.)"""
    from playwright import sync_api

    handler = functools.partial(_NotFoundHandler, directory=str(large_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    page = chromium.new_page()
    try:
        for pid, shard in (("1001", "1001"), ("1005", "1004"), ("20004", "20004")):
            page.goto(f"{base}/players/{pid}/")
            page.wait_for_url(f"{base}/players/by-id/{shard}/#{pid}")
        page.goto(f"{base}/players/99999/")
        sync_api.expect(page.locator("#player-lookup")).to_have_text(
            "No player has the id 99999.")
        page.goto(f"{base}/")
        page.fill("#search-q", "baker")
        sync_api.expect(page.locator("#search-results")).to_contain_text("Baker, Bob")
        link = page.locator("#search-results a", has_text="Baker, Bob").first
        assert re.fullmatch(r"/players/by-id/[^/]+/#[^/]+", link.get_attribute("href"))
        page.fill("#search-q", "ann able")
        sync_api.expect(page.locator("#search-results")).to_contain_text("Able, Ann")
        page.locator("#search-results a", has_text="Able, Ann").first.click()
        page.wait_for_url(re.compile(r".*/players/by-id/[^/]+/#[^/]+$"))
        section = page.url.rsplit("#", 1)[1]
        assert page.locator(f'section.player[id="{section}"] h2').inner_text() == "Able, Ann"
        page.goto(f"{base}/")
        page.fill("#search-q", "1005")
        page.press("#search-q", "Enter")
        page.wait_for_url(f"{base}/players/by-id/1004/#1005")
    finally:
        page.close()
        server.shutdown()


def test_a_players_path_is_his_shards_anchor(monkeypatch):
    """A large site finds a player's shard by his slug (views.Links.player_path,
    no path held a player: docs/scale.md#memory): the shard that lists him,
    for unsafe ids and a draughts id that is also a chess one too."""
    from datetime import date

    from sitegen.compute.sitedata import PlayerRecord, SiteData

    monkeypatch.setattr(views, "LARGE_SITE", 0)
    monkeypatch.setattr(views, "SHARD_SIZE", 2)
    keys = [("chess", "7"), ("chess", "10"), ("chess", "a/b"), ("draughts", "7"),
            ("draughts", "9"), ("chess", "1 2"), ("draughts", "z")]
    players = {key: PlayerRecord(*key, "N", "FID", "m", None, "", {}, {}, [])
               for key in keys}
    data = SiteData("S", "FID", "", {}, players, [], [], {}, date(2025, 1, 1))
    links = views.Links(data)
    assert links.large and len(links.shards) == 4
    listed = {key: f"{shard.path}#{slug}" for shard in links.shards
              for key, slug in shard.players}
    assert {key: links.player_path(*key) for key in keys} == listed
    assert listed[("draughts", "7")].endswith("#draughts-7")
    assert listed[("chess", "a/b")].endswith("#a-b")
    assert links.player_path("chess", "8") is None and links.player_path("chess", None) is None
