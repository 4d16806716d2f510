"""`render_site`: every page of the site map from a small SiteData built by hand.

The events' figures come from `rules_core.check.check_text` on two small
native tournaments written here; lists, histories and the World Cup view are
written by hand (the pipeline is tested in test_pipeline).  The rendered tree
is checked as a whole: the site map's URLs, well-formed and accessible HTML,
no inline script, escaping, downloads that parse back, links that resolve,
and the same bytes on a second render.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import xml.etree.ElementTree as ET
from collections import Counter
from datetime import date
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import jinja2
import pytest

from rules_core.check import CheckOptions, check_text
from rules_core.fide.tables import DP_BY_PERCENT
from rules_core.fmjd.titles import X_3
from sitegen.compute.sitedata import (
    EventReport,
    HistoryRow,
    ListEntry,
    NormRecord,
    PlayerRecord,
    PublishedList,
    SiteData,
    TitleAward,
    WorldCupView,
)
from sitegen.site import downloads, views
from sitegen.site.figures import fixed, points, signed, tiebreak
from sitegen.site.regulations import load_regulations
from sitegen.site.render import make_environment, render_site, render_workers
from sitegen.workers import WORKERS_ENV
from tests.shared_data import ROOT

EVIL = "<script>alert(1)</script>"
CLASH = "2510001"          # a chess id that a draughts player also has

CHESS_EVENT = """
[event]
name = "Club Championship 2025"
city = "Riverside"
federation = "ENG"
start = 2025-02-01
end = 2025-02-03
system = "round-robin"
time_control = "90+30"
rounds = 3

[[players]]
number = 1
name = "Marchetti, Lorenzo"
id = "2510001"
rating = 2412
sex = "m"
title = "IM"
federation = "ITA"
birth = 1990-04-12
results = ["2 w 1", "3 b =", "4 w 1"]

[[players]]
number = 2
name = "de Vries, Anouk"
id = "1032002"
rating = 2268
sex = "f"
title = "WIM"
federation = "NED"
birth = 2002-09-30
results = ["1 b 0", "4 w =", "3 w 1"]

[[players]]
number = 3
name = "Okafor, Chidi"
id = "8500013"
rating = 2195
sex = "m"
title = "FM"
federation = "NGR"
birth = 1985-01-17
results = ["4 b =", "1 w =", "2 b 0"]

[[players]]
number = 4
name = "Young, Yara"
id = "1700234"
rating = 2104
sex = "f"
federation = "ENG"
birth = 2008-06-05
results = ["3 w =", "2 b =", "1 b 0"]
"""

DRAUGHTS_EVENT = f"""
[event]
name = "Draughts Round Robin 2025"
game = "draughts"
start = 2025-03-01
end = 2025-03-03
system = "round-robin"
time_control = "120+0"
rounds = 3

[[players]]
number = 1
name = "Alpha, Ann"
id = "D100"
rating = 2300
sex = "f"
federation = "NED"
title = "MIF"
results = ["2 w 1", "3 b =", "4 w 1"]

[[players]]
number = 2
name = "Beta, Bob"
id = "{CLASH}"
rating = 2200
sex = "m"
federation = "FRA"
results = ["1 b 0", "4 w =", "3 w 1"]

[[players]]
number = 3
name = "Gamma, Gil"
id = "D102"
rating = 2100
sex = "m"
federation = "NED"
results = ["4 b =", "1 w =", "2 b 0"]

[[players]]
number = 4
name = "{EVIL}"
id = "D103"
rating = 2000
sex = "m"
federation = "SEN"
results = ["3 w =", "2 b =", "1 b 0"]
"""

JAN, MAR, APR = date(2025, 1, 1), date(2025, 3, 1), date(2025, 4, 1)
CHESS_BIRTH = {"2510001": 1990, "1032002": 2002, "8500013": 1985, "1700234": 2008,
               "4100099": 2010}


# -- the site data -----------------------------------------------------------------

def _entries(rows, game: str) -> list[ListEntry]:
    """rows: (id, name, fed, sex, title, rating, change, games, extra) by rating."""
    out = []
    for rank, (pid, name, fed, sex, title, rating, change, games, extra) in enumerate(rows, 1):
        birth = CHESS_BIRTH.get(pid) if game == "chess" else 1995
        out.append(ListEntry(pid, name, fed, sex, birth, title, rating, rank, games, change,
                             new=change is None, **extra))
    return out


def _result_by_id(result: dict) -> dict[str, dict]:
    return {p["id"]: p for p in result["players"]}


def _history(rows) -> list[HistoryRow]:
    return [HistoryRow(*row) for row in rows]


def make_site(base_url: str = "https://ratings.example.org/") -> SiteData:
    chess = check_text(CHESS_EVENT, "club.toml")
    draughts = check_text(DRAUGHTS_EVENT, "rr.toml", CheckOptions(norms=True))
    assert not [p for p in chess["problems"] + draughts["problems"] if p["severity"] == "error"]
    c, d = _result_by_id(chess), _result_by_id(draughts)
    k = {"k": 10}
    chess_lists = [
        PublishedList("chess", "standard", JAN, "fide-standard-2024", _entries([
            ("2510001", "Marchetti, Lorenzo", "ITA", "m", "IM", 2412, 0, 0, k),
            ("1032002", "de Vries, Anouk", "NED", "f", "WIM", 2268, -4, 0, {"k": 20}),
            ("8500013", "Okafor, Chidi", "NGR", "m", "FM", 2195, 3, 0, {"k": 20, "flag": "i"}),
            ("1700234", "Young, Yara", "ENG", "f", "", 2104, 12, 0, {"k": 40}),
        ], "chess"), []),
        PublishedList("chess", "standard", MAR, "fide-standard-2024", _entries([
            (pid, c[pid]["name"], c[pid]["federation"], "f" if pid in ("1032002", "1700234")
             else "m", c[pid]["title"] or "", c[pid]["new_rating"],
             c[pid]["new_rating"] - c[pid]["rating"], c[pid]["rated_games"], k)
            for pid in sorted(c, key=lambda x: -c[x]["new_rating"])
        ] + [("4100099", "Newcomer, Nia", "ENG", "f", "", 1650, None, 5, {"k": 40})], "chess"),
            ["club-championship-2025"], ["9999999"]),
    ]
    draughts_lists = [
        PublishedList("draughts", "standard", JAN, "fmjd-2024", _entries([
            ("D100", "Alpha, Ann", "NED", "w", "MIF", 2300, 5, 0, {"list_letter": "A"}),
            (CLASH, "Beta, Bob", "FRA", "m", "", 2200, -2, 0, {"list_letter": "A"}),
            ("D102", "Gamma, Gil", "NED", "m", "", 2100, 0, 0, {"list_letter": "B"}),
            ("D103", EVIL, "SEN", "m", "", 2000, 1, 0,
             {"list_letter": "C", "active": False}),
        ], "draughts"), []),
        PublishedList("draughts", "standard", APR, "fmjd-2024", _entries([
            (pid, d[pid]["name"], d[pid]["federation"], "w" if pid == "D100" else "m",
             d[pid]["title"] or "", d[pid]["new_rating"],
             d[pid]["new_rating"] - d[pid]["rating"], 3, {"list_letter": "A"})
            for pid in sorted(d, key=lambda x: -d[x]["new_rating"])
        ], "draughts"), ["draughts-round-robin-2025"]),
    ]
    players = {}
    for pid, p in c.items():
        first = next(e for e in chess_lists[0].entries if e.id == pid)
        players[("chess", pid)] = PlayerRecord(
            "chess", pid, p["name"], p["federation"], "m", CHESS_BIRTH[pid], p["title"] or "",
            {"standard": p["new_rating"], "rapid": None},
            {"standard": _history([
                (JAN, first.rating, first.change, 0, []),
                (MAR, p["new_rating"], p["new_rating"] - first.rating, p["rated_games"],
                 [("club-championship-2025", p["change"])])]),
             "rapid": []},
            ["club-championship-2025"])
    players[("chess", "4100099")] = PlayerRecord(
        "chess", "4100099", "Newcomer, Nia", "ENG", "f", 2010, "", {"standard": 1650},
        {"standard": _history([(MAR, 1650, None, 5, [])])}, [])
    players[("chess", "9999999")] = PlayerRecord(
        "chess", "9999999", "Floor, Fred", "ENG", "m", 1960, "", {"standard": None},
        {"standard": _history([(JAN, 1402, None, 0, []), (MAR, None, None, 2, [])])}, [])
    for pid, p in d.items():
        first = next(e for e in draughts_lists[0].entries if e.id == pid)
        players[("draughts", pid)] = PlayerRecord(
            "draughts", pid, p["name"], p["federation"], "w" if pid == "D100" else "m", 1995,
            p["title"] or "", {"standard": p["new_rating"]},
            {"standard": _history([
                (JAN, first.rating, first.change, 0, []),
                (APR, p["new_rating"], p["new_rating"] - first.rating, 3,
                 [("draughts-round-robin-2025", p["change"])])])},
            ["draughts-round-robin-2025"])
    alpha = players[("draughts", "D100")]
    alpha.norms = [NormRecord("draughts-round-robin-2025", date(2025, 3, 3), "MF", "red",
                              "VI", 4, 5, 3)]
    alpha.titles = [TitleAward("MIF", date(2019, 5, 1), "norms",
                               "three norms (fmjd Annex 10 §5)")]
    alpha.progress = ["1 of 3 GMIF norms (fmjd Annex 10 §5)"]
    events = [
        EventReport("club-championship-2025", "chess", "Club Championship 2025",
                    date(2025, 2, 1), date(2025, 2, 3), "standard", MAR, chess["edition"],
                    chess, "events/chess/club.toml"),
        EventReport("draughts-round-robin-2025", "draughts", "Draughts Round Robin 2025",
                    date(2025, 3, 1), date(2025, 3, 3), "standard", APR, draughts["edition"],
                    draughts, "events/draughts/rr.toml"),
    ]
    cup = WorldCupView("2025", "FMJD World Cup 2025", _cup_standings(d), [
        {"id": "draughts-round-robin-2025", "name": "Draughts Round Robin 2025", "stars": 3,
         "date": date(2025, 3, 3), "women_only": False, "players": 4},
        {"id": "elsewhere-2025", "name": "An event not on this site", "stars": 1,
         "date": date(2025, 3, 20), "women_only": False, "players": 30}],
        {"open": [{"position": 1, "id": CLASH, "name": "Beta, Bob", "source": "world-cup",
                   "rank": 1},
                  {"position": 2, "id": "D100", "name": "Alpha, Ann", "source": "rating",
                   "rank": 1}],
         "women": []})
    pages = {"about": "# About us\n\nWe publish *ratings*. <b>raw html</b> "
                      "<script>alert(2)</script>\n\nSee [the players](/players/).\n"}
    return SiteData("Test Federation", "TST", base_url,
                    {("chess", "standard"): chess_lists, ("draughts", "standard"): draughts_lists,
                     ("chess", "rapid"): []},
                    players, events, [cup], pages, APR)


def _cup_standings(d: dict) -> dict:
    def row(rank, pid, score, place):
        return {"rank": rank, "id": pid, "name": d[pid]["name"] if pid in d else pid,
                "federation": "NED", "score": score, "firsts": int(place == 1),
                "seconds": int(place == 2), "thirds": int(place == 3), "wins": 2,
                "decided_by": None if rank == 1 else 1,
                "results": [{"event": "draughts-round-robin-2025", "place": place,
                             "points": 5.0, "bonus": 70.0, "factor": 3.0, "wcp": score,
                             "counted": True, "at_closing_ceremony": True}]}
    march = {"open": [row(1, "D100", 315.0, 1), row(2, CLASH, 219.0, 2)],
             "women": [row(1, "D100", 315.0, 1)]}
    april = {"open": [row(1, "D100", 315.0, 1), row(2, CLASH, 219.0, 2),
                      row(3, "D103", 150.0, 4)],
             "women": [row(1, "D100", 315.0, 1)]}
    return {date(2025, 3, 3): march, date(2025, 3, 31): march, APR: april}


@pytest.fixture(scope="module")
def regulations():
    return load_regulations(ROOT / "content" / "regulations")


@pytest.fixture(scope="module")
def site(tmp_path_factory, regulations) -> Path:
    out = tmp_path_factory.mktemp("site")
    render_site(make_site(), out, regulations)
    return out


# -- HTML checks ----------------------------------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}


class PageChecker(HTMLParser):
    """Collects what the tests assert on: balance, ids, tables, scripts, links."""

    def __init__(self, strict_tables: bool = True):
        super().__init__(convert_charrefs=True)
        self.strict_tables = strict_tables
        self.stack: list[str] = []
        self.ids: Counter = Counter()
        self.errors: list[str] = []
        self.links: list[str] = []
        self.tables: list[dict] = []
        self.lang = None
        self.in_script = False

    def handle_starttag(self, tag, attrs):
        self._element(tag, dict(attrs))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self._element(tag, dict(attrs))

    def _element(self, tag, attrs):
        if "id" in attrs:
            self.ids[attrs["id"]] += 1
        if tag == "html":
            self.lang = attrs.get("lang")
        for name in attrs:
            if name.startswith("on"):
                self.errors.append(f"inline event handler {name} on <{tag}>")
            if name == "style":
                self.errors.append(f"inline style on <{tag}>")
        if tag == "style":
            self.errors.append("<style> element")
        if tag == "script":
            # a JSON-LD data block is not a script: nothing runs, the CSP allows it
            data_block = attrs.get("type") == "application/ld+json"
            if not attrs.get("src") and not data_block:
                self.errors.append("<script> without src")
            self.in_script = not data_block
        for name in ("href", "src", "action"):
            if attrs.get(name):
                self.links.append(attrs[name])
        self._table(tag, attrs)

    def _table(self, tag, attrs):
        if tag == "table":
            self.tables.append({"caption": False, "th": 0})
        elif tag == "caption" and self.tables:
            self.tables[-1]["caption"] = True
        elif tag == "th" and self.tables:
            self.tables[-1]["th"] += 1
            if self.strict_tables and attrs.get("scope") not in ("col", "row", "colgroup",
                                                                 "rowgroup"):
                self.errors.append("<th> without scope")

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_script = False
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
            return
        self.stack.pop()
        if tag == "table" and self.strict_tables:
            table = self.tables[-1]
            if not table["caption"] or not table["th"]:
                self.errors.append("a table without caption or th")

    def handle_data(self, data):
        if self.in_script and data.strip():
            self.errors.append("inline script content")


def check_page(path: Path, strict_tables: bool = True) -> PageChecker:
    checker = PageChecker(strict_tables)
    checker.feed(path.read_text(encoding="utf-8"))
    checker.close()
    if checker.stack:
        checker.errors.append(f"unclosed: {checker.stack}")
    return checker


def html_pages(root: Path) -> list[Path]:
    return sorted(root.rglob("*.html"))


def target_file(root: Path, prefix: str, href: str) -> tuple[Path | None, str]:
    """The file an internal link points to and its fragment; None if external."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or not parts.path.startswith(prefix):
        return None, ""
    path = parts.path[len(prefix):]
    if path == "" or path.endswith("/"):
        path += "index.html"
    return root / path, parts.fragment


# -- the site map ------------------------------------------------------------------

SITE_MAP = [
    "index.html", "404.html", "robots.txt", "sitemap.xml", "search/index.json",
    "static/style.css", "static/search.js",
    "lists/index.html",
    "lists/chess/standard/index.html", "lists/chess/standard/2025-01/index.html",
    "lists/chess/standard/2025-03/index.html", "lists/chess/standard/dates/index.html",
    "lists/draughts/standard/index.html", "lists/draughts/standard/2025-01/index.html",
    "lists/draughts/standard/2025-04/index.html", "lists/draughts/standard/dates/index.html",
    "lists/chess/rapid/index.html",
    "downloads/index.html",
    "players/index.html", f"players/{CLASH}/index.html", f"players/draughts-{CLASH}/index.html",
    "players/D100/index.html", "players/D103/index.html", "players/4100099/index.html",
    "events/index.html", "events/club-championship-2025/index.html",
    "events/draughts-round-robin-2025/index.html",
    "norms/index.html",
    "worldcup/index.html", "worldcup/2025/index.html", "worldcup/2025/2025-03/index.html",
    "regulations/index.html", "regulations/fide-2002/index.html",
    "regulations/fmjd-annex-9/index.html",
    "pages/about/index.html",
]
VARIANT_SLUGS = ("federation", "title", "women", "juniors", "girls", "seniors")


def test_every_url_of_the_site_map_exists(site):
    missing = [p for p in SITE_MAP if not (site / p).is_file()]
    assert missing == []


@pytest.mark.parametrize("game,when", [("chess", "2025-01"), ("chess", "2025-03"),
                                       ("draughts", "2025-01"), ("draughts", "2025-04")])
def test_every_list_date_has_every_view_and_every_download(site, game, when):
    for variant in VARIANT_SLUGS:
        assert (site / f"lists/{game}/standard/{when}/{variant}/index.html").is_file()
    for ext in ("csv", "json", "txt"):
        assert (site / f"downloads/{game}-standard-{when}.{ext}").is_file()
        assert (site / f"downloads/{game}-standard-latest.{ext}").is_file()


@pytest.mark.parametrize("game,when", [("chess", "2025-03"), ("draughts", "2025-04")])
def test_the_latest_folder_has_the_main_view_only(site, game, when):
    """docs/scale.md#incremental-builds: the latest copies of a list's other
    views are not made; the latest page links to the dated ones."""
    base = f"lists/{game}/standard/"
    assert (site / base / "index.html").is_file()
    assert [v for v in VARIANT_SLUGS if (site / base / v).exists()] == []
    page = (site / base / "index.html").read_text(encoding="utf-8")
    views = page.split('aria-label="List views"')[1].split("</nav>")[0]
    for variant in VARIANT_SLUGS:
        assert f'/{base}{when}/{variant}/"' in views
    assert f'/{base}" aria-current="page"' in views


def test_latest_is_the_newest_list(site):
    latest = (site / "downloads/chess-standard-latest.json").read_bytes()
    assert latest == (site / "downloads/chess-standard-2025-03.json").read_bytes()
    page = (site / "lists/chess/standard/index.html").read_text(encoding="utf-8")
    assert "March 2025" in page and "Newcomer, Nia" in page


# -- well-formed, accessible, script-free HTML ------------------------------------------

def test_every_page_is_well_formed_and_accessible(site):
    problems = []
    for page in html_pages(site):
        relative = page.relative_to(site).as_posix()
        checker = check_page(page, strict_tables=not relative.startswith("regulations/"))
        duplicates = [i for i, n in checker.ids.items() if n > 1]
        problems += [f"{relative}: {e}" for e in checker.errors]
        problems += [f"{relative}: duplicate id {i!r}" for i in duplicates]
        if checker.lang != "en":
            problems.append(f"{relative}: <html> without lang")
        text = page.read_text(encoding="utf-8")
        for needed in ('<a class="skip" href="#main">', '<main id="main">', "<nav"):
            if needed not in text:
                problems.append(f"{relative}: no {needed}")
        if text.count("<h1") != 1:
            problems.append(f"{relative}: {text.count('<h1')} <h1>")
    assert problems == []


def test_a_name_with_markup_is_escaped_everywhere(site):
    for page in html_pages(site):
        assert EVIL not in page.read_text(encoding="utf-8"), page
    for page in ("players/D103/index.html", "events/draughts-round-robin-2025/index.html",
                 "lists/draughts/standard/index.html"):
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in (site / page).read_text("utf-8")
    assert "alert(2)" not in (site / "pages/about/index.html").read_text("utf-8").replace(
        "&lt;script&gt;alert(2)&lt;/script&gt;", "")


def test_markdown_pages_escape_raw_html(site):
    text = (site / "pages/about/index.html").read_text(encoding="utf-8")
    assert "<h1>About us</h1>" in text
    assert "<em>ratings</em>" in text
    assert "&lt;b&gt;raw html&lt;/b&gt;" in text and "<b>" not in text


def test_the_history_chart_is_an_accessible_svg_without_script(site):
    text = (site / "players/8500013/index.html").read_text(encoding="utf-8")
    svg = text[text.index("<svg"):text.index("</svg>") + 6]
    assert 'role="img"' in svg and 'aria-labelledby="chart-title chart-desc"' in svg
    assert '<title id="chart-title">Rating history of Okafor, Chidi</title>' in svg
    assert "<desc" in svg and "2025-01" in svg and "2025-03" in svg
    assert svg.count("<polyline") == 1          # the rapid list has no rating: no line
    assert "<script" not in svg


# -- links -----------------------------------------------------------------------------

def _assert_links_resolve(root: Path, prefix: str):
    broken = []
    ids_cache: dict[Path, Counter] = {}
    for page in html_pages(root):
        for href in check_page(page, strict_tables=False).links:
            if href.startswith("#"):
                target, fragment = page, href[1:]
            else:
                target, fragment = target_file(root, prefix, href)
                if target is None:
                    assert not href.startswith("/") or href.startswith(prefix), href
                    continue
            where = f"{page.relative_to(root)} -> {href}"
            if not target.is_file():
                broken.append(where)
                continue
            if fragment and target.suffix == ".html":
                if target not in ids_cache:
                    ids_cache[target] = check_page(target, strict_tables=False).ids
                if fragment not in ids_cache[target]:
                    broken.append(where + " (no such id)")
    assert broken == []


def test_every_internal_link_resolves(site):
    _assert_links_resolve(site, "/")


def test_a_site_under_a_sub_path_links_under_it(tmp_path, regulations):
    render_site(make_site("https://example.org/ratings/"), tmp_path, regulations)
    _assert_links_resolve(tmp_path, "/ratings/")
    home = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert 'href="/ratings/static/style.css"' in home
    assert '<link rel="canonical" href="https://example.org/ratings/">' in home
    event = (tmp_path / "events/club-championship-2025/index.html").read_text(encoding="utf-8")
    assert 'href="https://example.org/ratings/events/club-championship-2025/"' in event
    assert 'href="/ratings/regulations/' in event          # citations under the sub-path
    assert 'href="/static/' not in home
    assert "Sitemap: https://example.org/ratings/sitemap.xml" in (
        tmp_path / "robots.txt").read_text()


def test_citations_link_to_their_article(site):
    text = (site / "events/draughts-round-robin-2025/index.html").read_text(encoding="utf-8")
    assert '<a class="citation" href="/regulations/fmjd-annex-10/#a1.2">' in text


def test_sitemap_and_robots(site):
    tree = ET.parse(site / "sitemap.xml")
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    urls = [e.text for e in tree.getroot().findall("s:url/s:loc", ns)]
    assert urls == sorted(urls)
    assert "https://ratings.example.org/" in urls
    assert "https://ratings.example.org/lists/chess/standard/2025-03/women/" in urls
    for u in urls:
        assert u.startswith("https://ratings.example.org/")
        target, _ = target_file(site, "/", urlsplit(u).path)
        assert target.is_file(), u
    assert not any(u.endswith("404.html") for u in urls)
    robots = (site / "robots.txt").read_text(encoding="utf-8")
    assert "Sitemap: https://ratings.example.org/sitemap.xml" in robots


# -- player URLs, lists, search -------------------------------------------------------------

def test_a_draughts_player_with_a_chess_id_gets_a_prefixed_url(site):
    chess = (site / f"players/{CLASH}/index.html").read_text(encoding="utf-8")
    draughts = (site / f"players/draughts-{CLASH}/index.html").read_text(encoding="utf-8")
    assert "Marchetti, Lorenzo" in chess and "Beta, Bob" in draughts
    assert not (site / "players/draughts-D100").exists()


def test_list_views_select_and_group(site):
    base = site / "lists/chess/standard/2025-03"
    women = (base / "women/index.html").read_text(encoding="utf-8")
    assert "de Vries, Anouk" in women and "Marchetti" not in women
    juniors = (base / "juniors/index.html").read_text(encoding="utf-8")
    assert "Young, Yara" in juniors and "Newcomer, Nia" in juniors
    assert "de Vries" not in juniors and "Okafor" not in juniors
    federation = (base / "federation/index.html").read_text(encoding="utf-8")
    assert federation.index('id="fed-ENG"') < federation.index('id="fed-ITA"')
    title = (base / "title/index.html").read_text(encoding="utf-8")
    assert title.index('id="title-IM"') < title.index('id="title-FM"') < title.index(
        'id="title-WIM"') < title.index('id="title-none"')
    rank = (base / "index.html").read_text(encoding="utf-8")
    assert '<a href="/lists/chess/standard/2025-03/women/">Women</a>' in rank
    assert 'aria-current="page">By rank</a>' in rank
    assert ">new<" in rank               # Newcomer's change


def _born(html: str, anchor: str = "list") -> list[tuple[str, str, str]]:
    """(sex, birth year, row) of each row of the table `anchor`."""
    table = html[html.index(f'id="{anchor}"'):]
    ends = [k for k in (table.find("</table>"), table.find("</p>")) if k >= 0]
    table = table[:min(ends)]
    return re.findall(r'<tr [^>]*data-sex="([^"]*)" data-born="([^"]*)">(.*?)</tr>', table, re.S)


def test_girls_and_seniors_views(site):
    """Girls: the juniors who are women; seniors: 50 and over, 65 and over,
    by the age reached in the list's year (sitegen.site.views.SENIOR_AGES)."""
    base = site / "lists/chess/standard/2025-03"
    juniors = _born((base / "juniors/index.html").read_text(encoding="utf-8"))
    girls = _born((base / "girls/index.html").read_text(encoding="utf-8"))
    assert girls == [row for row in juniors if row[0].lower() in ("f", "w")]
    everyone = _born((base / "index.html").read_text(encoding="utf-8"))
    seniors = (base / "seniors/index.html").read_text(encoding="utf-8")
    for age in (50, 65):
        rows = _born(seniors, f"seniors-{age}")
        expected = [r for r in everyone if r[1] and 2025 - int(r[1]) >= age]
        assert [r[:2] for r in rows] == [r[:2] for r in expected], age


def test_draughts_seniors_are_fmjd_veterans_60(site):
    """Draughts has one seniors' group, FMJD's "veterans 60+" (fmjd Annex 2
    §1.1.1), not FIDE's 50+ and 65+ (docs/architecture.md#site-map); the
    filter of lists.js offers the same (data-seniors)."""
    base = site / "lists/draughts/standard/2025-01"
    everyone = _born((base / "index.html").read_text(encoding="utf-8"))
    seniors = (base / "seniors/index.html").read_text(encoding="utf-8")
    assert 'id="seniors-50"' not in seniors and 'id="seniors-65"' not in seniors
    assert 'data-seniors="60"' in (base / "index.html").read_text(encoding="utf-8")
    rows = _born(seniors, "seniors-60") if 'id="seniors-60"' in seniors else []
    expected = [r for r in everyone if r[1] and 2025 - int(r[1]) >= 60]
    assert 'id="seniors-60"' in seniors
    assert [r[:2] for r in rows] == [r[:2] for r in expected]


def test_flags_inactive_list_letters_and_new(site):
    jan = (site / "lists/draughts/standard/2025-01/index.html").read_text(encoding="utf-8")
    assert '<abbr title="not on the active list (fmjd Annex 9 §6)">i</abbr>' in jan
    assert "<td class=\"opt\">C</td>" in jan
    chess = (site / "lists/chess/standard/2025-01/index.html").read_text(encoding="utf-8")
    assert '<abbr title="inactive: no rated game for a year">i</abbr>' in chess
    assert '<td class="num">+12</td>' in chess and '<td class="num">-4</td>' in chess


def test_search_index_is_compact_and_points_at_player_pages(site):
    index = json.loads((site / "search/index.json").read_text(encoding="utf-8"))
    assert index["fields"] == ["id", "name", "federation", "game", "rating", "url"]
    rows = [dict(zip(index["fields"], row, strict=True)) for row in index["players"]]
    assert [r["name"].casefold() for r in rows] == sorted(r["name"].casefold() for r in rows)
    for r in rows:
        target, _ = target_file(site, "/", r["url"])
        assert target.is_file()
    assert {"id": CLASH, "game": "draughts", "url": f"/players/draughts-{CLASH}/"}.items() <= \
        next(r for r in rows if r["game"] == "draughts" and r["id"] == CLASH).items()
    home = (site / "index.html").read_text(encoding="utf-8")
    assert '<form class="search" role="search" action="/players/" method="get"' in home
    assert '<script src="/static/search.js" defer></script>' in home


# -- downloads -----------------------------------------------------------------------------

def test_csv_and_json_downloads_parse_back(site):
    data = make_site()
    for (game, name), published in data.lists.items():
        for pl in published:
            stem = site / f"downloads/{game}-{name}-{pl.key}"
            rows = list(csv.DictReader(io.StringIO(stem.with_suffix(".csv").read_text("utf-8"))))
            assert [r["id"] for r in rows] == [e.id for e in pl.entries]
            assert [int(r["rating"]) for r in rows] == [e.rating for e in pl.entries]
            assert [r["name"] for r in rows] == [e.name for e in pl.entries]
            document = json.loads(stem.with_suffix(".json").read_text("utf-8"))
            assert document["date"] == pl.date.isoformat()
            assert document["entries"][0]["rating"] == pl.entries[0].rating
            assert [e["change"] for e in document["entries"]] == [e.change for e in pl.entries]


def test_fixed_width_columns_line_up(site):
    pl = make_site().lists[("chess", "standard")][1]
    text = (site / "downloads/chess-standard-2025-03.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    comments = [line for line in lines if line.startswith("#")]
    assert any("ID Number" in c and "1-15" in c for c in comments)
    table = [line for line in lines if not line.startswith("#")]
    spans, start = [], 0
    for column in downloads.TEXT_COLUMNS:
        spans.append((start, start + column.width))
        start += column.width
    header = [table[0][a:b].strip() for a, b in spans]
    assert header[:6] == ["ID Number", "Name", "Fed", "Sex", "Tit", "MAR25"]
    assert header[6:] == ["Gms", "K", "B-day", "Flag", "Lst", "Rank", "Chg"]
    parsed = [[line[a:b].strip() for a, b in spans] for line in table[1:]]
    assert len(parsed) == len(pl.entries)
    for cells, e in zip(parsed, pl.entries, strict=True):
        assert cells[0] == e.id and cells[1] == e.name and cells[2] == e.federation
        assert cells[5] == str(e.rating) and cells[7] == str(e.k)
        assert cells[8] == str(e.birth_year) and cells[11] == str(e.rank)
        for (a, _), value in zip(spans[1:], cells[1:], strict=True):
            if value:        # every value starts on its column: nothing overflows
                assert line_at(table, e.id)[a - 1] == " "
    newcomer = dict(zip(header, next(c for c in parsed if c[1] == "Newcomer, Nia"), strict=True))
    assert newcomer["Chg"] == "new" and newcomer["Flag"] == "w" and newcomer["Sex"] == "F"


def test_draughts_text_writes_women_as_f_and_the_list_letter(site):
    text = (site / "downloads/draughts-standard-2025-01.txt").read_text(encoding="utf-8")
    spans, start = {}, 0
    for column in downloads.TEXT_COLUMNS:
        spans[column.header] = (start, start + column.width)
        start += column.width
    alpha = next(line for line in text.splitlines() if line.startswith("D100 "))
    evil = next(line for line in text.splitlines() if line.startswith("D103 "))
    cell = lambda line, name: line[slice(*spans[name])].strip()      # noqa: E731
    assert cell(alpha, "Sex") == "F" and cell(alpha, "Flag") == "w" and cell(alpha, "Lst") == "A"
    assert cell(evil, "Flag") == "i" and cell(evil, "Lst") == "C" and cell(evil, "K") == ""
    assert cell(evil, "Name") == EVIL               # a text file: written as given


def line_at(table: list[str], pid: str) -> str:
    return next(line for line in table if line.startswith(pid + " "))


def test_a_long_name_is_cut_to_its_column():
    entry = ListEntry("1", "X" * 80, "ENG", "m", 1990, "", 2000, 1, 0, 0)
    pl = PublishedList("chess", "standard", JAN, "fide-standard-2024", [entry], [])
    line = downloads.list_text(pl).splitlines()[-1]
    assert line[15:76] == "X" * 60 + " " and line[76:79] == "ENG"


# -- pages' figures ----------------------------------------------------------------------------

def test_event_page_shows_standings_crosstable_and_figures(site):
    text = (site / "events/draughts-round-robin-2025/index.html").read_text(encoding="utf-8")
    for heading in ("Standings", "Crosstable", "Rating changes", "Norms"):
        assert f">{heading}</h2>" in text
    assert "Result between the tied" in text            # the round robin's tie-breaks
    assert '<td title="round 1: against 2 Beta, Bob with white, 2"><a href="#no-2">2w 2</a></td>' in text
    result = check_text(DRAUGHTS_EVENT, "rr.toml")
    alpha = result["players"][0]
    assert f'<td class="num" data-field="change">{signed(alpha["change"], 2)}</td>' in text
    assert f'<td class="num" data-field="expected">{fixed(alpha["expected"])}</td>' in text
    assert f'data-field="opponents_average">{fixed(alpha["opponents_average"])}<' in text
    chess = (site / "events/club-championship-2025/index.html").read_text(encoding="utf-8")
    assert "<td title=\"round 2: against 3 Okafor, Chidi with black, ½\"><a href=\"#no-3\">3b ½</a></td>" in chess
    assert 'href="/lists/chess/standard/2025-03/"' in chess


def test_player_page_shows_history_norms_titles_and_progress(site):
    text = (site / "players/D100/index.html").read_text(encoding="utf-8")
    assert "<caption>Norms of Alpha, Ann</caption>" in text
    assert "<caption>Titles of Alpha, Ann</caption>" in text
    assert "1 of 3 GMIF norms" in text
    assert 'href="/events/draughts-round-robin-2025/"' in text
    assert 'href="/lists/draughts/standard/2025-04/"' in text


def test_norm_tables_come_from_rules_core(site):
    text = (site / "norms/index.html").read_text(encoding="utf-8")
    assert '<tr><th scope="row">0.99</th><td class="num">677</td></tr>' in text
    assert f'<td class="num">{DP_BY_PERCENT[1]}</td>' in text
    assert "2401 and above" in text
    pct, mf, mi, gmi, values = X_3[0]
    row = f'<tr><th scope="row">{pct}</th><td class="num"></td><td class="num">{mi}</td>'
    assert row in text
    assert "-211.05" in text and "-211.82" in text     # IX-1, the misprint noted


def test_worldcup_pages_per_date_with_breakdown_and_reserve(site):
    latest = (site / "worldcup/2025/index.html").read_text(encoding="utf-8")
    assert "Standings as of 2025-04-01" in latest and "Global reserve list" in latest
    assert "<strong title=" in latest and "315*" in latest
    march = (site / "worldcup/2025/2025-03/index.html").read_text(encoding="utf-8")
    assert "Standings as of 2025-03-31" in march     # the month's last date
    assert f"{EVIL}" not in march and "&lt;script&gt;" not in march
    assert "<td>sum of world cup points</td>" in latest     # decided_by: Annex 18 criterion 1
    # a month's page shows what its date knew, so a later month leaves it as it
    # was (docs/scale.md#incremental-builds): no later month, no reserve list
    assert "Global reserve list" not in march
    assert 'href="/worldcup/2025/2025-03/"' in latest and 'href="/worldcup/2025/"' in march
    # the last date (the site's end) is the latest page's alone: the next
    # build's end is another date
    assert not (site / "worldcup/2025/2025-04").exists()


def test_empty_list_has_a_page_and_no_views(site):
    page = (site / "lists/chess/rapid/index.html").read_text(encoding="utf-8")
    assert "not published yet" in page
    assert not (site / "lists/chess/rapid/women").exists()


# -- determinism and filters ------------------------------------------------------------------

def test_rendering_twice_gives_the_same_bytes(tmp_path, regulations):
    trees = []
    for name in ("one", "two"):
        out = tmp_path / name
        out.mkdir()
        files = render_site(make_site(), out, regulations)
        assert files == sorted(files)
        trees.append({p.relative_to(out).as_posix(): p.read_bytes()
                      for p in out.rglob("*") if p.is_file()})
    assert trees[0].keys() == trees[1].keys()
    assert [k for k in trees[0] if trees[0][k] != trees[1][k]] == []


def _tree(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}


@pytest.mark.parametrize("large", [False, True])
def test_one_and_two_workers_write_the_same_bytes(tmp_path, regulations, monkeypatch, large):
    """docs/scale.md#rendering: pages rendered in worker processes are the
    same files, byte for byte, as pages rendered in this one; on a large
    site too, whose workers hold no site data and are sent what each page
    reads (docs/scale.md#memory-session-18)."""
    if large:
        for name, value in (("LARGE_SITE", 0), ("SHARD_SIZE", 3), ("LARGE_LIST_ROWS", 2),
                            ("LARGE_GROUP_ROWS", 1)):
            monkeypatch.setattr(views, name, value)
    trees, returned = [], []
    for workers in (1, 3):
        out = tmp_path / f"w{workers}"
        out.mkdir()
        returned.append([p.relative_to(out) for p in
                         render_site(make_site(), out, regulations, workers=workers)])
        trees.append(_tree(out))
    assert returned[0] == returned[1] == sorted(returned[0])
    assert trees[0].keys() == trees[1].keys()
    assert [k for k in trees[0] if trees[0][k] != trees[1][k]] == []
    assert any(k.startswith("players/by-id/" if large else "players/") for k in trees[1])


class _Queue:
    """A pool that records what is queued, beside what is read."""

    def __init__(self, events: list):
        self.events = events

    def submit(self, run, function, chunk):
        self.events.append(("queued", function, list(chunk)))
        return len(self.events)


@pytest.mark.parametrize("prepared,light", [(False, False), (True, False), (True, True)])
def test_streamed_items_are_queued_as_each_chunk_fills(prepared, light):
    """docs/scale.md#month-session-15: the pages an incremental build renders
    are decided one by one (a key each); each chunk goes to the workers as
    soon as it is full, before the next item is decided, sized from the
    most there can be (64 items, two workers: chunks of two), every item
    once and in order; with views to make, the workers make them, and
    workers that hold no site data (`light`) get with each item the links
    its views read, made here as the item is pickled for a worker, not
    before (docs/scale.md#memory-session-18)."""
    from types import SimpleNamespace

    from sitegen.site import render

    events: list = []

    def decided():
        for item in range(5):
            events.append(("read", item))
            yield item

    def page(w, item):
        raise AssertionError("rendered in a worker, not here")

    def views_of(w, item):
        raise AssertionError("made in a worker, not here")

    def links_of(w, item):
        events.append(("links", item))
        return f"links of {item}"

    w = SimpleNamespace(pool=_Queue(events), workers=2, pending=[], light=light,
                        links=SimpleNamespace(large=light))
    render._fan_out(w, page, decided(), views_of if prepared else None, later=True, most=64,
                    there=True, links=links_of)
    run = render._made_there if prepared else page

    def read(item):
        return [("read", item)]

    def chunk(*items):
        return ("queued", run, [(page, views_of, i, f"links of {i}" if light else None)
                                if prepared else i for i in items])

    def pickled(event):         # each job's links as a worker gets them
        if event[0] != "queued" or not light:
            return event
        jobs = [(*job[:3], rebuild(*args)) for job in event[2]
                for rebuild, args in [job[3].__reduce__()]]
        return (*event[:2], jobs)
    queued = list(events)
    assert [pickled(e) for e in queued] == [*read(0), *read(1), chunk(0, 1), *read(2),
                                            *read(3), chunk(2, 3), *read(4), chunk(4)]
    assert [task.future for task in w.pending] == [3, 6, 8]
    # the links made only as each job was pickled, in order
    assert events[len(queued):] == ([("links", i) for i in range(5)] if light else [])


def test_a_light_pools_items_without_links_have_their_views_made_here(monkeypatch):
    """Items whose views read the records (a large site's pages of players)
    have their views made in this process when the workers hold no site
    data, and rendered by whichever process is free (`_fan_out_prepared`,
    docs/scale.md#memory-session-18); with the site data, the workers
    make them."""
    from types import SimpleNamespace

    from sitegen.site import render

    def page(w, views):
        raise AssertionError("not rendered by _fan_out itself")

    def views_of(w, item):
        raise AssertionError("not made by _fan_out itself")

    prepared: list = []
    monkeypatch.setattr(render, "_fan_out_prepared",
                        lambda w, function, items, prepare, later: prepared.append(
                            (function, list(items), prepare, later)))
    w = SimpleNamespace(pool=_Queue([]), workers=2, pending=[], light=True,
                        links=SimpleNamespace(large=True))
    render._fan_out(w, page, [1, 2, 3], views_of, there=True, later=True)
    assert prepared == [(page, [1, 2, 3], views_of, True)] and w.pool.events == []
    w.light, prepared[:] = False, []
    render._fan_out(w, page, [1, 2, 3], views_of, there=True, later=True)
    assert prepared == [] and [e[1] for e in w.pool.events] == [render._made_there] * 3


@pytest.mark.parametrize("given,env,expected", [
    (3, "", 3), (1, "4", 1), (None, "2", 2), (None, " 1 ", 1), (0, "", 1)])
def test_render_workers_from_the_argument_then_the_environment(monkeypatch, given, env,
                                                               expected):
    monkeypatch.setenv(WORKERS_ENV, env)
    assert render_workers(given) == expected


def test_render_workers_default_is_one_a_cpu(monkeypatch):
    monkeypatch.delenv(WORKERS_ENV, raising=False)
    assert render_workers() == (os.cpu_count() or 1)


def test_a_bad_worker_count_is_named(monkeypatch):
    monkeypatch.setenv(WORKERS_ENV, "two")
    with pytest.raises(ValueError, match="SITEGEN_WORKERS: 'two' is not a number"):
        render_workers()


def test_a_row_is_the_same_on_every_page_that_shows_it(site):
    """The cells rendered once per entry (render.RowCells) are what every
    view and both copies show: the row of one player after the position
    cell is one string across the dated, latest and grouped pages."""
    row = re.compile(r'(<tr data-fed[^\n]*\n)(?:<td class="num opt">\d+</td>)?'
                     r'(<td class="num">.*?</tr>)', re.S)
    seen: dict[tuple[str, str], set[str]] = {}
    for page in (site / "lists/chess/standard").rglob("index.html"):
        text = page.read_text(encoding="utf-8")
        published = re.search(r'<p class="list-meta">Published (\S+)', text)
        for opening, cells in row.findall(text):
            name = re.search(r'<th scope="row">(.*?)<span', cells)
            assert published is not None and name is not None
            seen.setdefault((published[1], name[1]), set()).add(opening + cells)
    pages_a_row = Counter(len(rows) for rows in seen.values())
    assert seen and pages_a_row == {1: len(seen)}


def test_render_returns_every_file_and_reports_progress(tmp_path, regulations):
    steps = []
    files = render_site(make_site(), tmp_path, regulations, progress=steps.append)
    on_disk = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    assert files == on_disk
    assert "rendering lists" in steps and steps[-1] == "rendering sitemap"


@pytest.mark.parametrize("value,decimals,expected", [
    (12, 0, "+12"), (-3, 0, "-3"), (0, 0, "0"), (2.26, 2, "+2.26"), (-4.15, 2, "-4.15"),
    (-0.001, 2, "0.00"), (None, 0, "")])
def test_signed(value, decimals, expected):
    assert signed(value, decimals) == expected


def test_number_filters():
    assert fixed(2133.333, 2) == "2133.33" and fixed(None) == ""
    assert points(5.0) == "5" and points(4.5) == "4.5" and points(None) == ""
    assert tiebreak([1.0, 0.5]) == "1 0.5"


def test_environment_is_strict_and_autoescaped():
    env = make_environment()
    assert env.from_string("{{ x }}").render(x="<b>") == "&lt;b&gt;"
    with pytest.raises(jinja2.UndefinedError):
        env.from_string("{{ missing }}").render()
    assert env.from_string("{{ url('players/') }}").render() == "/players/"
    cite = env.from_string("{{ t|cite }}").render(t="see fide-2002 10.51 <now>")
    assert '<a class="citation" href="/regulations/fide-2002/#a10.51">' in cite
    assert "&lt;now&gt;" in cite


def test_no_template_computes_a_rating():
    """docs/architecture.md#data-flow: nothing in templates computes; no arithmetic on figures there."""
    expression = re.compile(r"\{\{(.*?)\}\}|\{%(.*?)%\}")
    arithmetic = re.compile(r"[\w)\]]\s*[-+*/%]\s*[\w(]")
    for template in sorted((ROOT / "templates").glob("*.html")):
        for line in template.read_text(encoding="utf-8").splitlines():
            for m in expression.finditer(line):
                code = re.sub(r"'[^']*'|\"[^\"]*\"", "''", m[1] or m[2])
                assert not arithmetic.search(code), (template.name, line)


# -- the pipeline's data --------------------------------------------------------------------

def test_the_pipelines_site_data_renders_cleanly(tmp_path, regulations):
    """The same checks on what `pipeline.compute` makes of a small content."""
    from sitegen.compute.pipeline import compute
    from sitegen.content.folder import load_content
    from tests.site_fixture import write_content

    data = compute(load_content(write_content(tmp_path / "content")))
    out = tmp_path / "site"
    out.mkdir()
    render_site(data, out, regulations)
    for page in html_pages(out):
        relative = page.relative_to(out).as_posix()
        checker = check_page(page, strict_tables=not relative.startswith("regulations/"))
        assert checker.errors == [], relative
        assert [i for i, n in checker.ids.items() if n > 1] == [], relative
    _assert_links_resolve(out, "/")
    for (game, name), published in data.lists.items():
        for pl in published:
            assert (out / f"lists/{game}/{name}/{pl.key}/women/index.html").is_file()
    for report in data.events:
        assert (out / f"events/{report.slug}/index.html").is_file()


# A list row made in Python (render.RowCells, list_rows) against the macro it
# replaced (kept here as the reference): names and fields that need escaping,
# a new entry, no birth year, K and the list letter shown or not, flags.
ROW_MACRO = """{% macro row_open(row) %}
<tr data-fed="{{ row.entry.federation }}" data-title="{{ row.entry.title }}" data-sex="{{ row.entry.sex }}" data-born="{{ row.entry.birth_year if row.entry.birth_year is not none else '' }}">
{% endmacro %}
{% macro row_cells(row, show_k, show_letter) %}
<td class="num">{{ row.entry.rank }}</td>
<th scope="row">{% if row.url %}<a href="{{ url(row.url) }}">{{ row.entry.name }}</a>{% else %}{{ row.entry.name }}{% endif %}<span class="sub">{{ [row.entry.title, row.entry.federation]|select|join(" · ") }}</span></th>
<td class="opt-narrow">{{ row.entry.title }}</td>
<td class="opt-narrow">{{ row.entry.federation }}</td>
<td class="opt">{{ row.entry.birth_year if row.entry.birth_year is not none else "" }}</td>
<td class="num">{{ row.entry.rating }}</td>
<td class="num">{{ _(row.change) if row.change == "new" else row.change }}</td>
<td class="num opt">{{ row.entry.games }}</td>
{% if show_k %}<td class="num opt">{{ row.entry.k if row.entry.k is not none else "" }}</td>{% endif %}
{% if show_letter %}<td class="opt">{{ row.entry.list_letter }}</td>{% endif %}
<td class="opt">{% for shown, meaning in row.flags %}<abbr title="{{ _(meaning) }}">{{ _(shown) }}</abbr>{% if not loop.last %} {% endif %}{% endfor %}</td>
</tr>
{% endmacro %}"""

ROW_ENTRIES = [  # (name, federation, title, birth year, k, url, change, flags)
    ('O\'Neil <b>"&"</b>', "I&T", "WFM", None, None, "players/1/", "new",
     [("i", "inactive"), ("new", "a first rating")]),
    ("Müller, Jürgen", "GER", "", 1990, 20, None, "+12", []),
    ("", "", "GM", 2001, 40, "players/<3>/", "-3", [("i", "inactive")]),
]


@pytest.mark.parametrize("show_k, show_letter, show_position",
                         [(True, False, True), (False, True, False), (True, True, False)])
def test_a_list_row_made_in_python_is_the_macro_it_replaced(show_k, show_letter, show_position):
    from sitegen.site.render import RowCells, list_rows
    from sitegen.site.views import ListRow

    env = make_environment("/sub/", lang="it")
    macros = env.from_string(ROW_MACRO).module
    rows = [ListRow(ListEntry(id=str(i), name=name, federation=fed, sex="f", birth_year=born,
                              title=title, rating=2000 + i, rank=i + 1, games=i, change=None, k=k,
                              list_letter="B"), url, i + 1, change, flags)
            for i, (name, fed, title, born, k, url, change, flags) in enumerate(ROW_ENTRIES)]
    cells = RowCells(env)
    cells.fill(rows, show_k, show_letter)
    for row in rows:
        assert row.cells == (str(macros.row_open(row)).removesuffix("\n"),
                             str(macros.row_cells(row, show_k, show_letter)).removesuffix("\n"))
    position = '<td class="num opt">{}</td>'
    assert list_rows(rows, show_position) == "".join(
        f"{r.cells[0]}\n{position.format(r.position) if show_position else ''}{r.cells[1]}\n"
        for r in rows)


def test_a_once_block_is_made_once_for_each_site():
    """base.html's header and footer (`{% call once(name, site) %}`): made
    on a site's first page, given again on its others; another site (another
    object, another name) gets its own."""
    env = make_environment()
    made: list[str] = []
    template = env.from_string('{% call once("footer", site) %}{{ note(site.name) }}{% endcall %}')
    env.globals["note"] = lambda name: made.append(name) or name

    class Site:
        def __init__(self, name: str):
            self.name = name

    first, second = Site("<First>"), Site("Second")
    pages = [template.render(site=site) for site in (first, first, second, first)]
    assert pages == ["&lt;First&gt;", "&lt;First&gt;", "Second", "&lt;First&gt;"]
    assert made == ["<First>", "Second"]


def test_a_template_is_compiled_once_a_process_and_again_when_edited(tmp_path, monkeypatch):
    """render._TemplateCode: a second environment of the process takes the
    compiled template (no compilation), one edited in between is compiled
    anew (its source's SHA-1 differs) and shows the edit; a folder given
    (the build cache's) gets each entry, and a damaged entry there is
    compiled again in a new process."""
    import sitegen.site.render as render

    monkeypatch.setattr(render, "_COMPILED", {})
    compiled: list[str] = []
    compile_ = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, *args, **kwargs):
        compiled.append(name)
        return compile_(self, source, name, filename, *args, **kwargs)
    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    theme, folder = tmp_path / "theme", tmp_path / "cache"
    (theme / "templates").mkdir(parents=True)
    folder.mkdir()
    mine = theme / "templates" / "mine.html"

    def rendered(text: str | None = None) -> str:
        if text is not None:
            mine.write_text(text, encoding="utf-8")
        env = make_environment(theme=theme)
        env.bytecode_cache = render._TemplateCode(folder)
        return env.get_template("mine.html").render(x="<x>")

    assert rendered("one {{ x }}") == "one &lt;x&gt;" and compiled == ["mine.html"]
    assert rendered() == "one &lt;x&gt;" and compiled == ["mine.html"]
    assert rendered("two {{ x }}") == "two &lt;x&gt;" and compiled == ["mine.html"] * 2
    entries = list(folder.iterdir())
    assert len(entries) == 1 and entries[0].suffix == ".cache"
    monkeypatch.setattr(render, "_COMPILED", {})             # a new process
    assert rendered() == "two &lt;x&gt;" and compiled == ["mine.html"] * 2
    body = entries[0].read_bytes()
    for damaged in (body[:-2], body[:len(jinja2.bccache.bc_magic) + 3], b""):
        entries[0].write_bytes(damaged)
        monkeypatch.setattr(render, "_COMPILED", {})
        assert rendered() == "two &lt;x&gt;"
    assert compiled == ["mine.html"] * 5


class _Started:
    """A queued chunk: `started` ones a worker has taken (no cancel)."""

    def __init__(self, name: str, started: bool):
        self.name, self.started = name, started

    def cancel(self) -> bool:
        return not self.started

    def result(self):
        assert self.started, "a chunk rendered here is never waited for"
        return ([Path(f"/w/{self.name}")], [f"worker/{self.name}"], {self.name: "k"}, [])


def test_the_building_process_renders_the_chunks_no_worker_started(tmp_path):
    """docs/scale.md#memory-session-17: at the end of a language, the
    queued chunks no worker has started are rendered in this process,
    from the last one back, stopping at the first a worker has; what each
    wrote is added to what the writer holds, the writer's own lists kept."""
    from types import SimpleNamespace

    from sitegen.site import render

    order: list[str] = []

    def page(w, item):
        order.append(item)
        w.written.append(Path(f"/here/{item}"))
        w.pages.append(f"here/{item}")
        w.reuse.keys[item] = "k"
        w.reuse.linked.append(item)

    reuse = SimpleNamespace(keys={"old": "k"}, linked=["old"])
    w = SimpleNamespace(written=[Path("/old")], pages=["old"], reuse=reuse, pending=[
        render._Task(_Started(name, name in ("a", "b")), page, [name])
        for name in ("a", "b", "c", "d")])
    render._finish(w)
    assert order == ["d", "c"]
    assert w.pending == []
    assert sorted(w.written) == sorted(Path(p) for p in ("/old", "/here/c", "/here/d",
                                                         "/w/a", "/w/b"))
    assert sorted(w.pages) == ["here/c", "here/d", "old", "worker/a", "worker/b"]
    assert reuse.keys.keys() == {"old", "a", "b", "c", "d"}
    assert sorted(reuse.linked) == ["c", "d", "old"]


def test_python_m_sitegen_builds_with_worker_processes(tmp_path):
    """`python -m sitegen build`, the Quickstart's command, with two
    processes: the workers the fork server starts (sitegen.workers.
    fresh_context) render, and the site is whole."""
    import subprocess
    import sys

    from tests.site_fixture import write_content

    content, site = write_content(tmp_path / "content"), tmp_path / "site"
    run = subprocess.run([sys.executable, "-m", "sitegen", "build", str(content),
                          "--out", str(site)], env={**os.environ, "SITEGEN_WORKERS": "2"},
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert (site / "index.html").is_file() and (site / "sitemap.xml").is_file()
