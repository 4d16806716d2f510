"""The in-browser checker's pages: /check/, /check/norm/, /check/rating/.

`render_check_pages(env, data, out)` renders the three pages, writes the
site's published list for them (static/check/players.json) and the browser
bundle (`sitegen.browser.bundle.write_bundle`).  The pages' scripts and worker are
static files under templates/static/check/, copied with the other assets.
Every figure the pages show is computed in the browser by rules_core under
Pyodide (`sitegen.browser.worker`); nothing here computes one.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import unicodedata
import zlib
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import jinja2

from rules_core.editions import EDITIONS
from rules_core.fmjd.standings import SYSTEMS as TIEBREAK_SYSTEMS
from sitegen.browser.bundle import write_bundle
from sitegen.compute.sitedata import SiteData
from sitegen.i18n import CHECK_SCRIPTS, N_, gettext, language, script_messages

__all__ = ["PAGES", "render_check_pages", "bundle_text", "player_index", "sharded_index", "shard_index", "sharded",
           "write_shards", "write_player_index",
           "shard_file", "shard_url", "id_shard", "id_shard_count", "name_key",
           "ID_COLUMNS", "NAME_COLUMNS", "SHARD_SUFFIX"]

# (site path, template, title)
PAGES = (("check/", "check/check.html", N_("Check a tournament")),
         ("check/norm/", "check/norm.html", N_("Check a norm")),
         ("check/rating/", "check/rating.html", N_("Rating calculator")))
COUNTING = (("standard", N_("standard (2/1/0)")), ("plus-remise", N_("plus-remise")),
            ("beijing", N_("Beijing")))


def render_check_pages(env: jinja2.Environment, data: SiteData, out: Path, *,
                       meta=None, bundle: bool = True, root: Path | None = None) -> list[Path]:
    """Write the checker's pages, players.json and (unless `bundle` is
    False) the browser bundle and the offline service worker into the site
    `out`; return the files, sorted.

    `meta` is the pages' `site` context (`sitegen.site.views.site_meta`); by
    default it is made from `data` as for a site without regulations.
    `root` is the site's folder when `out` is a language's under it
    (/<lang>/, docs/i18n.md): the pages and their service worker are the
    language's, players.json and the bundle the root's, written once.
    """
    out = Path(out)
    root = Path(root) if root is not None else out
    meta = meta or _meta(data)
    context = {"editions": [{"id": e.id, "title": e.title, "game": e.game} for e in EDITIONS],
               "tiebreak_systems": sorted(TIEBREAK_SYSTEMS), "counting": COUNTING,
               "rating_default": max((e for e in EDITIONS if e.game == "chess"),
                                     key=lambda e: (e.effective, e.id)).id}
    messages = script_messages(language(), CHECK_SCRIPTS)
    written = []
    if root == out:
        written.extend(write_player_index(data, out))
        if bundle:
            written.extend(write_bundle(out))
    context["check_bundle"] = bundle_text(root)
    for path, template, title in PAGES:
        html = env.get_template(template).render(site=meta, path=path, title=gettext(title),
                                                 script_messages=messages, **context)
        written.append(_write(out / path / "index.html", html.encode("utf-8")))
    if bundle:
        written.append(write_service_worker(out, meta, root))
    return sorted(written)


def bundle_text(root: Path) -> str | None:
    """The site's bundle.json as compact JSON, which the checker's pages
    carry (the status line's `data-bundle`), so that a page starts its
    worker without asking for bundle.json first (docs/browser.md, "Where a
    warm start goes"); None when the site `root` has none."""
    at = Path(root) / "static" / "check" / "bundle.json"
    if not at.exists():
        return None
    return json.dumps(json.loads(at.read_bytes()), sort_keys=True, separators=(",", ":"))


def write_service_worker(out: Path, meta, root: Path | None = None) -> Path:
    """check/sw.js: the files of this build that the service worker keeps
    (paths relative to /check/) and a version that changes with any of
    them, then templates/check/sw.js.  A language under /<lang>/ (`out`
    inside the site `root`) has its own, for its /<lang>/check/ pages and
    the root's shared files."""
    out = Path(out).resolve()
    root = Path(root).resolve() if root is not None else out
    up = "../" * (len(out.relative_to(root).parts) + 1)      # from <out>/check/ to the root
    check = root / "static" / "check"
    bundle = json.loads((check / "bundle.json").read_bytes())
    files = [path for path, _, _ in PAGES] + [f"{up}{s}" for s in meta.scripts]
    files += [f"{up}static/{name}" for name in ("style.css", "messages.js", "nav.js")]
    files += [f"{up}static/check/{name}" for name in _STATIC_CHECK]
    files += [f"{up}static/check/bundle.json", f"{up}static/check/players.json"]
    files += [f"{up}{(check / path).resolve().relative_to(root).as_posix()}"
              for path in bundle["offline"]]
    files = [("./" if f == "check/" else f.removeprefix("check/")) for f in files]
    digest = hashlib.sha256()
    for path in files:               # a hashed folder's name stands for its files
        body = b"" if _IMMUTABLE.search(path) else _built(out, path).read_bytes()
        digest.update(path.encode() + b"\0" + body)
    build = {"version": digest.hexdigest()[:16], "files": files}
    text = (f"const BUILD = {json.dumps(build, indent=1)};\n\n"
            + (_templates() / "check" / "sw.js").read_text(encoding="utf-8"))
    return _write(out / "check" / "sw.js", text.encode("utf-8"))


def _templates() -> Path:
    from sitegen.site.render import templates_root

    return templates_root()


def _built(out: Path, path: str) -> Path:
    """The file of `path` (relative to /check/): in the site, or, for a
    static file not there (the checker's pages written alone,
    `render_check_pages` with its bundle, before any static file), in the
    templates.  A site's render writes sw.js after its static files
    (`sitegen.site.render._service_worker`)."""
    built = (out / "check" / path / ("index.html" if path.endswith("/") else "")).resolve()
    shared = re.sub(r"^(\.\./)+", "", path)
    if built.exists() or shared == path or not shared.startswith("static/"):
        return built
    return _templates() / shared


_IMMUTABLE = re.compile(r"static/(pyodide|bundle|players)/[^/]+/")
_STATIC_CHECK = ("check.css", "common.js", "check.js", "norm.js", "rating.js", "cite.js",
                 "citations.json")


def _meta(data: SiteData):
    from sitegen.site.views import site_meta

    path = urlsplit(data.base_url or "").path or "/"
    return site_meta(data, path if path.endswith("/") else path + "/", False)


# -- the player index --------------------------------------------------------------

# A shard holds about this many players: a 284-player file fetches at most
# 284 id shards, so their size bounds what a check downloads (docs/browser.md).
PLAYERS_PER_SHARD = 32
NAME_PREFIX = 2                       # name shards: the first two letters, folded
# Up to this many players, a name shard is keyed by one letter: about 36
# shards of at most a few hundred short rows, instead of up to 1,296 of a
# few players each, most of which a month of play changes (each change is
# a file added and one removed: docs/scale.md#incremental-builds).
ONE_LETTER_NAMES = 4096


def name_prefix(players: int) -> int:
    """The letters of a name shard's key for an index of `players` rows."""
    return 1 if players <= ONE_LETTER_NAMES else NAME_PREFIX


def player_index(data: SiteData) -> dict:
    """Every published list's dates, and each player's rating and K on each
    list (by the list date's index), with name, federation, title, sex and
    year of birth: what /check/ fills a file's gaps from, and what
    /check/norm/ picks opponents from."""
    found = _Entries(data, shards=1)
    players = [dict(zip(ID_COLUMNS, row, strict=True)) for row in found.rows(0, found.keys)]
    return {"format": 1, "lists": _lists(data), "players": players}


def _lists(data: SiteData) -> list[dict]:
    return [{"game": game, "list": name, "dates": [pl.date.isoformat() for pl in published]}
            for (game, name), published in sorted(data.lists.items())]


class _Entries:
    """The players of the index (`keys`: every record and every listed
    player, by game and id) and each published list's entries grouped by
    the id shard of their player (`shards` of them, by default
    `id_shard_count`'s): a shard's rows (`rows`, in ID_COLUMNS order) are
    made when asked for, from its entries alone, so that the shards are
    written without a million rows, or a dictionary of every list's
    entries, held at once (docs/scale.md#memory-session-19)."""

    def __init__(self, data: SiteData, shards: int | None = None):
        self.data = data
        published = sorted(data.lists.items())
        # a listed player has a record (sitegen.compute.pipeline): no set of
        # every key made to find the few that might not
        unrecorded = {(game, e.id) for (game, _), dated in published
                      for pl in dated for e in pl.entries if (game, e.id) not in data.players}
        self.keys = sorted([*data.players, *unrecorded])
        self.shards = id_shard_count(len(self.keys)) if shards is None else shards
        # (game, list name, its dates' count, each date's entries by shard)
        self._dated = [(game, name, len(dated),
                        [_by_shard(game, pl.entries, self.shards) for pl in dated])
                       for (game, name), dated in published]

    def name(self, key: tuple[str, str]) -> str:
        record = self.data.players.get(key)
        return record.name if record else key[1]

    def rows(self, shard: int, keys: list[tuple[str, str]]) -> list[list]:
        """The rows of `keys`, the players of id shard `shard`; its entries
        are let go, each shard's rows being asked for once."""
        held: dict[tuple[str, str], dict[str, list]] = {key: {} for key in keys}
        for game, name, _, dated in self._dated:
            for i, by_shard in enumerate(dated):
                for e in by_shard[shard]:
                    held[game, e.id].setdefault(name, []).append([i, e.rating, e.k])
                by_shard[shard] = []
        rows = []
        for key in keys:
            lists = held[key]
            latest = {name: lists[name][-1][1] for game, name, count, _ in self._dated
                      if game == key[0] and name in lists and lists[name][-1][0] == count - 1}
            rows.append([*self.identity(key), latest, lists])
        return rows

    def identity(self, key: tuple[str, str]) -> list:
        """The row's first values (NAME_COLUMNS), without its lists: a name
        shard's row."""
        game, pid = key
        record = self.data.players.get(key)
        if record is None:
            return [game, pid, pid, "", "", None, ""]
        return [game, pid, record.name, record.federation, record.sex, record.birth_year,
                record.title]


def _by_shard(game: str, entries, shards: int) -> list[list]:
    """`entries` grouped by the id shard of their player, in their order."""
    grouped: list[list] = [[] for _ in range(shards)]
    for e in entries:
        grouped[id_shard(game, e.id, shards)].append(e)
    return grouped


def id_shard_count(players: int) -> int:
    """The number of id shards: a power of two, about PLAYERS_PER_SHARD
    players each (1 for a small site)."""
    count = 1
    while count * PLAYERS_PER_SHARD < players:
        count *= 2
    return count


def id_shard(game: str, pid: str, count: int) -> int:
    """The shard of a player's id: CRC-32 of "game:id" modulo `count`
    (inbrowser.id_shard and common.js compute the same)."""
    return zlib.crc32(f"{game}:{pid}".encode()) % count


def name_key(name: str, prefix: int = NAME_PREFIX) -> str:
    """The name shard of a name: its first `prefix` letters or digits
    after Unicode decomposition, lower-case ("Ōno" is "on"), padded with
    "_" (common.js folds a search the same way, players.json's
    `name_prefix` letters)."""
    if name.isascii():      # NFKD leaves ASCII as it is
        folded = _NOT_ALNUM.sub("", name[:8].lower())
        if len(folded) < prefix:        # else the rest of the name decides
            folded = _NOT_ALNUM.sub("", name.lower())
    else:
        folded = "".join(c for c in unicodedata.normalize("NFKD", name).lower()
                         if c in _ALNUM)
    return (folded[:prefix] + "_" * prefix)[:prefix]


_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
_NOT_ALNUM = re.compile("[^a-z0-9]")


def sharded_index(data: SiteData) -> tuple[dict, dict[str, bytes]]:
    """players.json (the lists, the count, the shard count, the folder and
    each shard's hash) and the shards by their path in that folder:
    id/N.json.gz with the whole rows, name/XX.json.gz with who each player
    is (`NAME_COLUMNS`: no ratings, no list history); `shard_file` names
    them, `shard_url` gives the address a browser fetches (the hash as the query).  The same bytes as
    `shard_index(player_index(data))`, each row made as its shard is."""
    found = _Entries(data)
    return _held(_lists(data), found.keys, found.rows, found.name, found.identity)


def shard_index(index: dict) -> tuple[dict, dict[str, bytes]]:
    """`sharded_index` of a `player_index` dictionary.

    A shard is a table: the names of its columns once (`ID_COLUMNS`, or
    `NAME_COLUMNS` in a name shard: who the player is, no ratings and no
    list history, so that his playing leaves it unchanged) and a row a player,
    its values in that order; the JSON gzip-compressed (`SHARD_SUFFIX`:
    the browser unpacks it, docs/browser.md#the-player-index).  Each shard
    keeps its name from one build to the next, and players.json gives the
    hash of its bytes, which browsers fetch it with as a query
    (`shard_url`): a shard whose players did not change is untouched by an
    incremental build, a changed one is one file modified (not one added
    and one removed, docs/scale.md#incremental-builds), and its address
    changes with its bytes, so that browsers and the service worker may
    keep every address for good (templates/check/sw.js)."""
    rows = {(row["game"], row["id"]): [row.get(c) for c in ID_COLUMNS]
            for row in index["players"]}
    return sharded(index["lists"], list(rows), rows.__getitem__, lambda key: rows[key][2])


def sharded(lists: list[dict], keys: list[tuple[str, str]], row, name,
            identity=None) -> tuple[dict, dict[str, bytes]]:
    """players.json and the shards of the players `keys`, in that order
    within each shard: `row(key)` gives a player's row (ID_COLUMNS), `name(key)`
    his name, `identity(key)` the row's first values (NAME_COLUMNS; by
    default cut from `row`); each row is made as its shard is, so that no
    index of every player is held (bench/browser.py --players makes a
    million this way)."""
    return _held(lists, keys, lambda _, shard: [row(key) for key in shard], name,
                 identity or (lambda key: _identity(row(key))))


def _held(lists: list[dict], keys: list[tuple[str, str]], rows, name,
          identity) -> tuple[dict, dict[str, bytes]]:
    """`_sharded`'s players.json and its shards held by their path."""
    files: dict[str, bytes] = {}
    return _sharded(lists, keys, rows, name, identity, files.__setitem__), files


def _sharded(lists: list[dict], keys: list[tuple[str, str]],
             rows: Callable[[int, list[tuple[str, str]]], list[list]], name, identity,
             put: Callable[[str, bytes], object]) -> dict:
    """`sharded`'s shards, each given to `put(path, bytes)` as it is made;
    `rows(n, keys)` gives the rows of id shard n's players `keys`, asked
    for once; returns players.json (which holds every shard's hash)."""
    count = id_shard_count(len(keys))
    prefix = name_prefix(len(keys))
    by_id: list[list] = [[] for _ in range(count)]
    by_name: dict[str, list] = {}
    for key in keys:
        by_id[id_shard(*key, count)].append(key)
        by_name.setdefault(name_key(name(key), prefix), []).append(key)
    names = sorted(by_name)
    id_hashes: list[str] = []
    name_hashes: list[str] = []
    meta = {"format": FORMAT, "lists": lists, "count": len(keys),
            "id_shards": count, "name_prefix": prefix, "names": names,
            "folder": "../players/", "suffix": SHARD_SUFFIX,
            "id_hashes": id_hashes, "name_hashes": name_hashes}
    for n in range(count):
        body = _shard(rows(n, by_id[n]), ID_COLUMNS)
        by_id[n] = []                   # its keys let go as the shard is written
        id_hashes.append(_hash(body))
        put(shard_file(meta, "id", n), body)
    for k in names:
        body = _shard([identity(key) for key in by_name[k]], NAME_COLUMNS)
        name_hashes.append(_hash(body))
        put(shard_file(meta, "name", k), body)
    return meta


def _identity(row: list) -> list:
    """A player's row in a name shard: the values of NAME_COLUMNS only."""
    return row[:len(NAME_COLUMNS)]


# A shard's columns: each player's row holds his values in this order
# (sitegen.browser.worker.shard_rows and common.js read them by these names).
ID_COLUMNS = ("game", "id", "name", "federation", "sex", "birth_year", "title", "ratings",
              "lists")
# What a search shows: who the player is, nothing that changes when he
# plays (no ratings, no list history), so that a name shard changes only
# when a player is added or his identity changes; /check/norm/ reads a
# picked player's rating from his id shard (docs/browser.md#the-player-index).
NAME_COLUMNS = ID_COLUMNS[:ID_COLUMNS.index("ratings")]      # a row's first values
# players.json's format: 6 since name shards hold no ratings, 5 gzip tables
FORMAT = 6
SHARD_SUFFIX = ".json.gz"


def _shard(rows: list[list], columns: tuple[str, ...]) -> bytes:
    """A shard's bytes: its table as JSON, gzip-compressed without a name or
    time (the same rows give the same bytes), at `SHARD_LEVEL`."""
    table = {"columns": list(columns), "players": rows}
    return gzip.compress(_json(table), compresslevel=SHARD_LEVEL, mtime=0)


# zlib's default level.  At FIDE's size (1.2 million players) level 9 took
# 8.0 s for the 38 name shards (68 MB of JSON) against 1.8 s, for 4 % fewer
# bytes (15.2 MB against 15.9), and the same time and size (within 0.2 %)
# for the 65,536 id shards; the checker's pages were the longest task of
# the render there (docs/scale.md, "Session 13").
SHARD_LEVEL = 6


SHARD_HASH = 8           # hex digits of a shard's SHA-256 in its address (32 bits: a cache key)


def _hash(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:SHARD_HASH]


def shard_file(meta: dict, kind: str, key: int | str) -> str:
    """The path, in players.json's folder, of id shard `key` (a number) or
    name shard `key` (its letters): "id/3.json.gz", "name/ab.json.gz" (the
    suffix players.json gives; ".json" before format 5).  The name never
    changes, so a shard whose players changed is one file modified, not
    one added and one removed (docs/scale.md#incremental-builds)."""
    return f"{kind}/{key}{meta.get('suffix', '.json')}"


def shard_url(meta: dict, kind: str, key: int | str) -> str:
    """The address a browser fetches a shard at: its file with the hash of
    its bytes as a query, "id/3.json.gz?v=HASH" (common.js and
    templates/check/worker.js make the same): a changed shard is another
    address, so caches may keep each one for good."""
    if kind == "id":
        digest = meta["id_hashes"][int(key)]
    else:
        digest = meta["name_hashes"][meta["names"].index(key)]
    return f"{shard_file(meta, kind, key)}?v={digest}"


def write_player_index(data: SiteData, out: Path) -> list[Path]:
    """static/check/players.json (small: what to fetch) and its shards in
    static/players/ of the site `out`, each shard written as it is made
    (at FIDE's size, 60 MiB of shards not held at once:
    docs/scale.md#memory-session-18)."""
    found = _Entries(data)
    shards = Path(out) / "static" / "players"          # meta["folder"] from static/check/
    written: list[Path] = []
    meta = _sharded(_lists(data), found.keys, found.rows, found.name, found.identity,
                    lambda path, body: written.append(_write(shards / path, body)))
    return [_write(Path(out) / "static" / "check" / "players.json", _json(meta)), *written]


def write_shards(index: tuple[dict, dict[str, bytes]], out: Path) -> list[Path]:
    """Write `sharded_index`'s players.json and shards into the site `out`."""
    meta, files = index
    check = Path(out) / "static" / "check"
    written = [_write(check / "players.json", _json(meta))]
    shards = Path(out) / "static" / "players"          # meta["folder"] from static/check/
    written += [_write(shards / path, body) for path, body in files.items()]
    return written


def _json(value) -> bytes:
    return (json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
            + "\n").encode("utf-8")


def _write(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path
