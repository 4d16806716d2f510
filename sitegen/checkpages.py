"""The in-browser checker's pages: /check/, /check/norm/, /check/rating/.

`render_check_pages(env, data, out)` renders the three pages, writes the
site's published list for them (static/check/players.json) and the browser
bundle (`sitegen.bundle.write_bundle`).  The pages' scripts and worker are
static files under templates/static/check/, copied with the other assets.
Every figure the pages show is computed in the browser by rules_core under
Pyodide (`sitegen.inbrowser`); nothing here computes one.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

import jinja2

from rules_core.editions import EDITIONS
from rules_core.fmjd.standings import SYSTEMS as TIEBREAK_SYSTEMS

from .bundle import write_bundle
from .sitedata import SiteData

__all__ = ["PAGES", "render_check_pages", "player_index", "write_player_index"]

# (site path, template, title)
PAGES = (("check/", "check/check.html", "Check a tournament"),
         ("check/norm/", "check/norm.html", "Check a norm"),
         ("check/rating/", "check/rating.html", "Rating calculator"))
COUNTING = (("standard", "standard (2/1/0)"), ("plus-remise", "plus-remise"),
            ("beijing", "Beijing"))


def render_check_pages(env: jinja2.Environment, data: SiteData, out: Path, *,
                       meta=None, bundle: bool = True) -> list[Path]:
    """Write the checker's pages, players.json and (unless `bundle` is
    False) the browser bundle into the site `out`; return the files, sorted.

    `meta` is the pages' `site` context (`sitegen.views.site_meta`); by
    default it is made from `data` as for a site without regulations.
    """
    out = Path(out)
    meta = meta or _meta(data)
    context = {"editions": [{"id": e.id, "title": e.title, "game": e.game} for e in EDITIONS],
               "tiebreak_systems": sorted(TIEBREAK_SYSTEMS), "counting": COUNTING,
               "rating_default": max((e for e in EDITIONS if e.game == "chess"),
                                     key=lambda e: (e.effective, e.id)).id}
    written = []
    for path, template, title in PAGES:
        html = env.get_template(template).render(site=meta, path=path, title=title, **context)
        written.append(_write(out / path / "index.html", html.encode("utf-8")))
    written.append(write_player_index(data, out))
    if bundle:
        written.extend(write_bundle(out))
    return sorted(written)


def _meta(data: SiteData):
    from .views import site_meta

    path = urlsplit(data.base_url or "").path or "/"
    return site_meta(data, path if path.endswith("/") else path + "/", False)


# -- players.json ---------------------------------------------------------------------

def player_index(data: SiteData) -> dict:
    """Every published list's dates, and each player's rating and K on each
    list (by the list date's index), with name, federation, title, sex and
    year of birth: what /check/ fills a file's gaps from, and what
    /check/norm/ picks opponents from."""
    lists = [{"game": game, "list": name, "dates": [pl.date.isoformat() for pl in published]}
             for (game, name), published in sorted(data.lists.items())]
    rows: dict[tuple[str, str], dict[str, list]] = {}
    for (game, name), published in sorted(data.lists.items()):
        for index, pl in enumerate(published):
            for entry in pl.entries:
                rows.setdefault((game, entry.id), {}).setdefault(name, []).append(
                    [index, entry.rating, entry.k])
    last = {(game, name): len(published) - 1 for (game, name), published in data.lists.items()}
    players = [_player(data, game, pid, rows.get((game, pid), {}), last)
               for game, pid in sorted(set(data.players) | set(rows))]
    return {"format": 1, "lists": lists, "players": players}


def _player(data: SiteData, game: str, pid: str, lists: dict, last: dict) -> dict:
    record = data.players.get((game, pid))
    latest = {name: entries[-1][1] for name, entries in lists.items()
              if entries[-1][0] == last[(game, name)]}
    return {"game": game, "id": pid, "name": record.name if record else pid,
            "federation": record.federation if record else "",
            "sex": record.sex if record else "",
            "birth_year": record.birth_year if record else None,
            "title": record.title if record else "",
            "ratings": latest, "lists": lists}


def write_player_index(data: SiteData, out: Path) -> Path:
    """static/check/players.json of the site `out`."""
    text = json.dumps(player_index(data), ensure_ascii=False, sort_keys=True,
                      separators=(",", ":")) + "\n"
    return _write(Path(out) / "static" / "check" / "players.json", text.encode("utf-8"))


def _write(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path
