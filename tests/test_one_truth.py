"""One source per figure: the title, federation and rating a player has are
the same on his page, on the latest lists, on the home page and in the
downloads, for every player of the demo (a title awarded through norms
once showed on the player's page only)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

ROW = re.compile(r'<tr data-fed="([^"]*)" data-title="([^"]*)"[^>]*>.*?'
                 r'<th scope="row"><a href="/players/([^/"]+)/">', re.S)


def _latest_downloads(site: Path) -> dict[tuple[str, str], dict]:
    out = {}
    for path in sorted((site / "downloads").glob("*-latest.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out[(data["game"], data["list"])] = {e["id"]: e for e in data["entries"]}
    return out


def _player_page(site: Path, slug: str) -> dict:
    text = (site / "players" / slug / "index.html").read_text(encoding="utf-8")
    facts = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]*)</dd>", text))
    ratings = dict(re.findall(r'<tr><th scope="row"><a href="/lists/[^"]+">([^<]+)</a></th>'
                              r'<td class="num">(\d+)</td>', text))
    return {"title": html.unescape(facts.get("Title", "")), "id": facts["ID"],
            "game": facts["Game"].lower(), "federation": facts.get("Federation", ""),
            "ratings": {k: int(v) for k, v in ratings.items()}}


def _rows(page: Path) -> list[tuple[str, str, str]]:
    return ROW.findall(page.read_text(encoding="utf-8"))


def test_lists_home_player_pages_and_downloads_agree(demo_site):
    downloads = _latest_downloads(demo_site)
    pages = {}
    for (game, name), entries in downloads.items():
        for pid, entry in entries.items():
            slug = pid if (demo_site / "players" / pid).exists() else f"{game}-{pid}"
            page = pages.setdefault(slug, _player_page(demo_site, slug))
            assert (page["title"], page["federation"]) == (entry["title"] or "",
                                                          entry["federation"]), slug
            assert page["ratings"][name] == entry["rating"], (slug, name)
    assert len(pages) > 300
    checked = 0
    for page in [demo_site / "index.html", *sorted((demo_site / "lists").glob("*/*/index.html"))]:
        for fed, title, slug in _rows(page):
            assert (html.unescape(title), fed) == (pages[slug]["title"], pages[slug]["federation"])
            checked += 1
    assert checked > 300


def test_a_title_awarded_through_norms_is_on_the_lists(demo_site):
    """The demo has draughts players who earn a title through norms: the
    latest list gives them the title their page gives."""
    awarded = 0
    for slug in sorted(p.name for p in (demo_site / "players").iterdir() if p.is_dir()):
        text = (demo_site / "players" / slug / "index.html").read_text(encoding="utf-8")
        if "<caption>Titles of" in text and ">norms<" in text:
            awarded += 1
    assert awarded >= 1
