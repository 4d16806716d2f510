"""The Python side of the in-browser checker: what the Web Worker calls.

It runs inside Pyodide beside the rules_core wheel (docs/browser.md), so it
imports the standard library and rules_core only; sitegen's number formats
travel beside it as `sitegen_figures`.  Every figure comes from rules_core:
this module reads the requests, builds tournaments from the forms, fills
what a file lacks from the site's published list, and lays results out as
table cells (value and text), so the page only inserts text.

`handle(kind, payload_json)` answers one request with JSON:

* ``editions``: every edition of the registry;
* ``check``: a tournament file, as `sitegen check --format json` would;
* ``norm``: the FMJD norms of one player's games, so far and at the end;
  FIDE norms (B.01) for a chess event, by `rules_core.fide.norm_form`;
* ``rating``: one player's rating change under one edition, step by step.

Requests the user can get wrong answer ``{"error": message}``.
"""

from __future__ import annotations

import csv
import io
import json
import time
import zlib
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from rules_core.check import CheckOptions, check_tournament, rate_of_play_for, read_tournament
from rules_core.collector import collector_paused
from rules_core.editions import EDITIONS, UnknownEdition, get_edition
from rules_core.fide.norm_form import check_norm_form
from rules_core.fmjd.edition import FmjdEdition
from rules_core.fmjd.norms import norms_for_event
from rules_core.fmjd.standings import SYSTEMS as TIEBREAK_SYSTEMS
from rules_core.fmjd.titleholders import NormError
from rules_core.model import Player, RoundResult, Tournament

try:                                    # the site's own code, under CPython
    from sitegen.site.figures import N_, TIEBREAK_LABELS, fixed, points, signed, tiebreak
except ImportError:                     # in the browser: shipped beside this file
    from sitegen_figures import N_, TIEBREAK_LABELS, fixed, points, signed, tiebreak  # type: ignore[import-not-found,no-redef]

__all__ = ["handle", "check_view", "check_rest", "load_players", "add_players", "shard_rows",
           "player_shards", "internal_error", "rehearse",
           "id_shard", "PlayerIndex", "COLUMNS", "TIEBREAK_LABELS",
           "cell_text", "editions", "check", "norm", "rating"]

# The result table of /check/: (contract key, heading, what it means).
COLUMNS = (
    ("number", N_("No."), N_("start number")), ("name", N_("Name"), N_("player")),
    ("title", N_("Title"), N_("title")), ("federation", N_("Fed."), N_("federation")),
    ("rating", N_("Rating"), N_("rating before the event")), ("k", N_("K"), N_("development coefficient")),
    ("rated_games", N_("N"), N_("rated games")), ("score", N_("W"), N_("score in the rated games")),
    ("opponents_average", N_("Ra"), N_("the opponents' average rating")),
    ("expected", N_("We"), N_("expected score")), ("change", N_("Change"), N_("rating change, unrounded")),
    ("new_rating", N_("New"), N_("the rating the list publishes")),
    ("initial_rating", N_("Ru"), N_("the event's rating of an unrated player")),
    ("performance", N_("Rp"), N_("performance rating")), ("rank", N_("Rank"), N_("place")),
)
_GAME_POINTS = {"chess": {"1": 1.0, "=": 0.5, "0": 0.0},
                "draughts": {"1": 2.0, "=": 1.0, "0": 0.0}}
_REPLY = {"1": "0", "=": "=", "0": "1"}


class RequestError(ValueError):
    """A request the user can correct; the message says how."""


def handle(kind: str, payload_json: str = "null") -> str:
    """Answer one request of the worker: JSON in, JSON out."""
    handlers = {"editions": editions, "check": check, "norm": norm, "rating": rating}
    if kind not in handlers:
        return json.dumps({"error": f"unknown request: {kind!r}"})
    try:
        with collector_paused():
            answer = handlers[kind](json.loads(payload_json) or {})
            return _timed("json", json.dumps, answer, ensure_ascii=False,
                          default=_json_default)
    except (RequestError, UnknownEdition, NormError) as error:
        return json.dumps({"error": str(error)}, ensure_ascii=False)
    except Exception as error:  # noqa: BLE001 - a bug: said plainly, never a traceback
        return json.dumps({"error": internal_error(kind, error), "internal": True},
                          ensure_ascii=False)


# Milliseconds spent in each step of the requests since `timing()` was last
# called: the worker passes them to the page, which shows them to
# bench/browser.py (docs/browser.md, "Faster checks in Pyodide").
_TIMING: dict[str, float] = {}


def _timed(step: str, function, *args, **kwargs):
    start = time.perf_counter()
    try:
        return function(*args, **kwargs)
    finally:
        _TIMING[step] = _TIMING.get(step, 0.0) + (time.perf_counter() - start) * 1000


def timing() -> str:
    """The milliseconds of each step (read, rate, table, csv, json) since
    the last call, as JSON; the count starts again."""
    spent = {step: round(ms, 1) for step, ms in _TIMING.items()}
    _TIMING.clear()
    return json.dumps(spent)


def internal_error(kind: str, error: BaseException) -> str:
    """What the page says when rules_core fails on an input: the exception
    in one line, and that it is a bug to report (docs/browser.md)."""
    what = "this file could not be read" if kind == "check" else "this form could not be checked"
    detail = " ".join(str(error).split())[:300]
    return f"{what}: {type(error).__name__}{': ' + detail if detail else ''}, please report it"


def _json_default(value):
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, date):
        return value.isoformat()
    raise TypeError(f"not JSON: {value!r}")


# -- the site's published list ----------------------------------------------------------

@dataclass
class ListRow:
    rating: int
    k: int | None


@dataclass
class IndexedPlayer:
    game: str
    id: str
    name: str
    federation: str = ""
    sex: str = ""
    birth_year: int | None = None
    title: str = ""
    lists: dict[str, dict[date, ListRow]] = field(default_factory=dict)


class PlayerIndex:
    """The site's published list (see `sitegen.browser.pages.sharded_index`):
    each player's rating and K on every published list, by game and id.
    players.json gives the lists and the shard count; the players come in
    shards (`add`), only those of the file being checked."""

    def __init__(self, data: dict | None = None):
        data = data or {"lists": [], "players": []}
        self.dates = {(lst["game"], lst["list"]): [date.fromisoformat(d) for d in lst["dates"]]
                      for lst in data.get("lists", [])}
        self.count = data.get("count", len(data.get("players", [])))
        self.id_shards = data.get("id_shards", 0)
        self.loaded: set[int] = set()
        self.players: dict[tuple[str, str], IndexedPlayer] = {}
        self.add(data.get("players", []))

    def add(self, rows: list[dict]) -> None:
        for row in rows:
            p = IndexedPlayer(row["game"], row["id"], row["name"], row.get("federation") or "",
                              row.get("sex") or "", row.get("birth_year"), row.get("title") or "")
            for name, entries in (row.get("lists") or {}).items():
                days = self.dates.get((p.game, name), [])
                p.lists[name] = {days[i]: ListRow(r, k) for i, r, k in entries}
            self.players[(p.game, p.id)] = p

    def shards_for(self, game: str, ids: list[str]) -> list[int]:
        """The id shards holding these players that are not loaded yet."""
        if not self.id_shards:
            return []
        return sorted({id_shard(game, pid, self.id_shards) for pid in ids} - self.loaded)

    def find(self, game: str, pid: str | None) -> IndexedPlayer | None:
        return self.players.get((game, pid or ""))

    def list_in_force(self, game: str, name: str, start: date | None) -> date | None:
        """The date of the last list published on or before `start` (the
        latest when the event has no date), None before the first."""
        days = [d for d in self.dates.get((game, name), []) if start is None or d <= start]
        return max(days, default=None)


def id_shard(game: str, pid: str, count: int) -> int:
    """The shard of a player's id, as `sitegen.browser.pages.id_shard` makes it."""
    return zlib.crc32(f"{game}:{pid}".encode()) % count


_INDEX = PlayerIndex()
_READ: dict[tuple, Tournament] = {}      # the file read by `player_shards`, for `check`


def load_players(text: str) -> int:
    """Keep the site's players.json for `check`: the lists and the shard
    count (format 2), or every player (format 1); returns how many players
    the site lists."""
    global _INDEX
    _INDEX = PlayerIndex(json.loads(text))
    return _INDEX.count


def add_players(shard: int, body) -> int:
    """Add the players of id shard `shard`; returns how many.  `body` is
    the shard as fetched: its bytes (in the browser a Uint8Array, which
    Pyodide hands over as a proxy with `to_bytes`), gzip as written
    (players.json format 5 on) or already unpacked by the host
    (Content-Encoding: gzip), or its JSON text."""
    if hasattr(body, "to_bytes"):
        body = body.to_bytes()
    if isinstance(body, (bytes, bytearray, memoryview)):
        body = bytes(body)
        if body[:2] == b"\x1f\x8b":
            body = zlib.decompress(body, wbits=31)
        body = body.decode("utf-8")
    rows = shard_rows(json.loads(body))
    _INDEX.add(rows)
    _INDEX.loaded.add(int(shard))
    return len(rows)


def shard_rows(shard: dict) -> list[dict]:
    """A shard's players as dictionaries: format 5 on gives its `columns`
    once and a row of values a player (sitegen.browser.pages.shard_index);
    earlier formats a dictionary a player.  The worker reads id shards
    only, which hold the ratings (a name shard has none from format 6)."""
    columns = shard.get("columns")
    rows = shard.get("players", [])
    return [dict(zip(columns, row, strict=True)) for row in rows] if columns else rows


def player_shards(payload_json: str) -> str:
    """The id shards that a `check` request needs to fill its file from the
    list, as JSON; the file read here is kept for `check`."""
    try:
        payload = json.loads(payload_json) or {}
        raw = payload.get("options") or {}
        if not raw.get("fill", True) or not _INDEX.id_shards:
            return "[]"
        with collector_paused():
            t = _timed("read", _read, payload, raw.get("format") or None)
        return json.dumps(_INDEX.shards_for(t.game, [p.id for p in t.players if p.id]))
    except Exception:  # noqa: BLE001 - `check` reads the file again and says what is wrong
        return "[]"


def _read(payload: dict, file_format: str | None) -> Tournament:
    key = (payload.get("text") or "", payload.get("filename") or "", file_format)
    if key not in _READ:
        _READ.clear()
        _READ[key] = read_tournament(*key)
    return _READ[key]


def _list_name(t: Tournament) -> str:
    """The list an event counts for: chess by its rate of play; draughts the
    standard or the rapid-blitz list (fmjd Annex 9 §1.2.2)."""
    rate, minutes = rate_of_play_for(t)
    if t.game == "draughts":
        if minutes:
            return FmjdEdition().rating_list(minutes)
        return "rapid-blitz" if rate in ("rapid", "blitz") else "standard"
    return rate or "standard"


def fill_from_list(t: Tournament, index: PlayerIndex) -> dict[int, dict[str, str]]:
    """Ratings, K, titles (and federation, sex, birth year) that the file
    does not give, from the site's list in force at the event's start, for
    players whose id is on it.  Returns what was filled, by start number."""
    name = _list_name(t)
    day = index.list_in_force(t.game, name, t.start)
    filled: dict[int, dict[str, str]] = {}
    for p in t.players:
        known = index.find(t.game, p.id)
        if known is None:
            continue
        marks: dict[str, str] = {}
        row = known.lists.get(name, {}).get(day) if day else None
        if not p.rating and row is not None:
            p.rating, marks["rating"] = row.rating, "list"
        if p.k is None and row is not None and row.k is not None:
            p.k, marks["k"] = row.k, "list"
        for key in ("title", "federation", "sex", "birth_year"):
            value = getattr(known, key)
            if not getattr(p, key) and value:
                setattr(p, key, value)
                marks[key] = "list"
        if marks:
            filled[p.number] = marks
    return filled


# -- editions ------------------------------------------------------------------------

def editions(payload: dict | None = None) -> dict:
    return {"editions": [{"id": e.id, "title": e.title, "game": e.game,
                          "effective": e.effective.isoformat(), "rates": list(e.rates),
                          "source": e.source} for e in EDITIONS],
            "tiebreaks": sorted(TIEBREAK_SYSTEMS),
            "players": _INDEX.count}


# -- /check/ -------------------------------------------------------------------------

def check(payload: dict) -> dict:
    """A tournament file: the contract's object, its table and its CSV."""
    result, table, tiebreaks = _checked(payload)
    return {"result": result, "table": table,
            "csv": _timed("csv", result_csv, result, tiebreaks)}


def _checked(payload: dict) -> tuple[dict, dict, list[str]]:
    """The contract's object, its table and its tie-break keys."""
    text = payload.get("text") or ""
    if not text.strip():
        raise RequestError("the file is empty: choose a file, drop one or paste its text")
    options = _options(payload.get("options") or {})
    t = _timed("read", _read, payload, options.format)
    _READ.clear()
    fill = (payload.get("options") or {}).get("fill", True)
    filled = fill_from_list(t, _INDEX) if fill and not _has_errors(t) else {}
    result = _timed("rate", check_tournament, t, options).data
    for p in result["players"]:
        p["filled"] = filled.get(p["number"], {})
    tiebreaks = tiebreak_keys(result)
    return result, _timed("table", result_table, result, tiebreaks), tiebreaks


# -- /check/ in two steps: what the page shows first, then the rest -------------------

# The contract's player keys that the page's first view reads: each
# column's figure (data-value), the name (the notes' headings) and what was
# filled from the list.  The rest (games, rounds, ...) only the JSON
# download needs.
VIEW_KEYS = ("number", "name", "filled", "tiebreaks", *(key for key, _, _ in COLUMNS))

_REST: list[tuple[dict, list[str]]] = []     # the check `check_view` answered, for `check_rest`


def check_view(payload_json: str) -> str:
    """A check's first answer, as JSON: what the page shows (the event,
    the problems, the table, each player's figures of the table's columns),
    without the players' games and rounds and the CSV, which `check_rest`
    gives next (docs/browser.md, "A check in two steps").  The same figures
    as `handle("check", ...)`: tests/test_inbrowser.py."""
    _REST.clear()
    try:
        with collector_paused():
            result, table, tiebreaks = _checked(json.loads(payload_json) or {})
            _REST.append((result, tiebreaks))
            view = {key: value for key, value in result.items() if key != "players"}
            view["players"] = [{key: p.get(key) for key in VIEW_KEYS} for p in result["players"]]
            return _timed("json", json.dumps, {"result": view, "table": table, "partial": True},
                          ensure_ascii=False, default=_json_default)
    except Exception:  # noqa: BLE001 - answered as `handle` answers it, error and all
        _REST.clear()
        return handle("check", payload_json)


def check_rest() -> str:
    """The rest of the check `check_view` answered, as JSON: the whole
    contract (the JSON download) and the CSV; "null" when there is none."""
    if not _REST:
        return "null"
    result, tiebreaks = _REST.pop()
    with collector_paused():
        rest = {"result": result, "csv": _timed("csv", result_csv, result, tiebreaks)}
        return _timed("json_rest", json.dumps, rest, ensure_ascii=False, default=_json_default)


def warm_up(players: int = 20) -> None:
    """Check a made-up round robin (a TRF of `players` rated players) once,
    so that what Python compiles or caches on first use (regular
    expressions, its specialised bytecode) is done and kept: the build runs
    it before taking the memory snapshot (docs/browser.md, "Faster checks
    in Pyodide")."""
    handle("check", json.dumps({"text": _round_robin_trf(players), "filename": "warm-up.trf"}))
    _TIMING.clear()


_REHEARSAL = {"filename": "rehearsal.trf"}     # its text made on first use


def rehearse(step: str) -> str:
    """One step of a check of a made-up Swiss (`_swiss_trf`), the page's
    way: "read" (what `player_shards` does), "view" (`check_view`), "rest"
    (`check_rest`).  The worker runs them once a visit, after "ready", so
    that V8 has optimised the runtime's code a real file needs before the
    visitor's first check (docs/browser.md, "The first check of a visit").
    The steps' times are not counted; "view" gives its answer (the page
    makes its first rows' HTML from the last one, and drops it), the
    others ""."""
    if "text" not in _REHEARSAL:
        _REHEARSAL["text"] = _swiss_trf()
    answer = ""
    with collector_paused():
        if step == "read":
            _read(_REHEARSAL, None)
        elif step == "view":
            answer = check_view(json.dumps(_REHEARSAL))
        elif step == "rest":
            check_rest()
        else:
            raise ValueError(f"unknown step of a rehearsal: {step!r}")
    _TIMING.clear()
    return answer


def _swiss_trf(n: int = 120, rounds: int = 9) -> str:
    """TRF-16 of a made-up Swiss of `n` players over `rounds` rounds, with
    what real opens have and a round robin lacks: unrated players, players
    without a FIDE id, titles, a pairing-allocated bye, a half-point bye,
    forfeits, the top half of the standings paired against the bottom
    half, the colours balanced.  rules_core finds no problem in it
    (tests/test_inbrowser.py)."""
    rating = {i: 0 if i % 9 == 0 else 2450 - 15 * i for i in range(1, n + 1)}
    opponents: dict[int, set[int]] = {i: set() for i in rating}
    cells: dict[int, list[str]] = {i: [] for i in rating}
    score = dict.fromkeys(rating, 0.0)
    whites = dict.fromkeys(rating, 0)
    for r in range(1, rounds + 1):
        order = sorted(rating, key=lambda i: (-score[i], i))
        if r == 3:                                   # a half-point bye asked for
            order.remove(n - 1)
            cells[n - 1].append("  0000 - H")
            score[n - 1] += 0.5
        if len(order) % 2:                           # the pairing-allocated bye
            bye = next(i for i in reversed(order) if "  0000 - U" not in cells[i])
            order.remove(bye)
            cells[bye].append("  0000 - U")
            score[bye] += 1.0
        half = len(order) // 2
        top, bottom = order[:half], order[half:]
        for a in top:
            b = next((j for j in bottom if j not in opponents[a]), bottom[0])
            bottom.remove(b)
            if whites[a] > whites[b]:
                a, b = b, a
            whites[a] += 1
            opponents[a].add(b)
            opponents[b].add(a)
            if r == 2 and (a + b) % 5 == 0:
                got = ("+", "-")
            else:
                stronger = rating[a] >= rating[b] if rating[a] and rating[b] else a < b
                got = ("=", "=") if (a + b + r) % 4 == 0 else (("1", "0") if stronger else ("0", "1"))
            for me, them, colour, res in ((a, b, "w", got[0]), (b, a, "b", got[1])):
                cells[me].append(f"  {them:4d} {colour} {res}")
                score[me] += {"1": 1.0, "+": 1.0, "=": 0.5}.get(res, 0.0)
    ranked = {i: place for place, i in enumerate(sorted(rating, key=lambda i: (-score[i], i)), 1)}
    lines = ["012 Rehearsal Open", "022 Nowhere", "042 2025/03/01", "052 2025/03/07", f"062 {n}",
             "092 Individual: Swiss-System", "122 90+30"]
    titles = {1: "g", 2: "m", 3: "m", 4: "f", 6: "wf"}
    for i in rating:
        fide = f"{2000000 + 7 * i:>11}" if i % 7 else " " * 11
        lines.append(f"001 {i:4d} {'wm'[i % 2]}{titles.get(i, ''):>3} {f'Player, Number {i}':<33} "
                     f"{rating[i]:4d} {['GER', 'FRA', 'NED', 'ITA'][i % 4]} {fide} "
                     f"{1970 + i % 40}/01/01 {score[i]:4.1f} {ranked[i]:4d}" + "".join(cells[i]))
    return "\n".join(lines) + "\n"


def _round_robin_trf(n: int) -> str:
    """TRF-16 of a round robin of `n` (even) players by the circle method:
    the lower number wins, or draws when the numbers' sum divides by 3."""
    order = list(range(1, n + 1))
    games: dict[int, list[tuple[int, str, str]]] = {i: [] for i in order}
    for _ in range(n - 1):
        for a, b in ((order[i], order[n - 1 - i]) for i in range(n // 2)):
            a, b = min(a, b), max(a, b)
            draw = (a + b) % 3 == 0
            games[a].append((b, "w", "=" if draw else "1"))
            games[b].append((a, "b", "=" if draw else "0"))
        order = [order[0], order[-1], *order[1:-1]]
    lines = ["012 Warm-up", "042 2025/01/04", "052 2025/01/20", "122 90+30"]
    for i in range(1, n + 1):
        points = sum({"1": 1.0, "=": 0.5, "0": 0.0}[r] for _, _, r in games[i])
        rounds = "".join(f"  {o:4d} {c} {r}" for o, c, r in games[i])
        lines.append(f"001 {i:4d} m    {f'Player, {i}':<33} {2500 - 10 * i:4d} GER "
                     f"{1000000 + i:>11} 1990/01/01 {points:4.1f} {i:4d}{rounds}")
    return "\n".join(lines) + "\n"


def _has_errors(t: Tournament) -> bool:
    return any(p.is_error for p in t.problems)


def _options(raw: dict) -> CheckOptions:
    rules = raw.get("rules") or None
    if rules == "detect":
        rules = None
    if rules:
        get_edition(rules)
    tiebreaks = raw.get("tiebreaks") or None
    if tiebreaks and tiebreaks not in TIEBREAK_SYSTEMS:
        raise RequestError(f"unknown tie-break system: {tiebreaks!r}")
    given = {str(key): _int(value, f"K of {key}") for key, value in (raw.get("k") or {}).items()}
    k = {key: value for key, value in given.items() if value is not None}
    return CheckOptions(rules=rules, k=k, format=raw.get("format") or None,
                        norms=bool(raw.get("norms")), tiebreaks=tiebreaks,
                        counting=raw.get("counting") or "standard")


def tiebreak_keys(result: dict) -> list[str]:
    """The tie-breaks of the players, in the order they first appear."""
    return list(dict.fromkeys(k for p in result["players"] for k in p.get("tiebreaks", {})))


def cell_text(key: str, value) -> str:
    """A figure as the page writes it (the event pages' formats)."""
    return "" if value is None else _cell_format(key)(value)


def _cell_format(key: str):
    """How a column's figures are written: chosen once per column."""
    if key.startswith("tiebreaks."):
        return _tiebreak_text
    if key in ("opponents_average", "expected"):
        return lambda value: fixed(value, 2)
    if key == "change":
        return lambda value: signed(value, 2)
    if key == "score":
        return _points_text
    return str                          # whole numbers, names, titles


def _points_text(value) -> str:
    """`points(value)`, a float (every score and most tie-breaks) written
    as its float branch writes it, without the Fraction check first (an
    abstract class's isinstance: slow under Pyodide).  The same text:
    tests/test_inbrowser.py::test_points_text_is_points."""
    if type(value) is float:
        value = round(value, 2)
        return str(int(value)) if value.is_integer() else f"{value:g}"
    return points(value)


def _tiebreak_text(value) -> str:
    """`tiebreak(value)`, with `_points_text` for a float."""
    return _points_text(value) if type(value) is float else tiebreak(value)


def result_table(result: dict, tiebreaks: list[str] | None = None) -> dict:
    """The columns and, per player, the text of each column's cell; the
    values are the result's own (the page reads them there, so the answer
    does not carry each figure twice: docs/browser.md).  Each column's
    place (the player or his tie-breaks), key and format are found once."""
    tiebreaks = tiebreak_keys(result) if tiebreaks is None else tiebreaks
    columns = [{"field": key, "label": label, "title": meaning}
               for key, label, meaning in COLUMNS]
    columns += [{"field": f"tiebreaks.{key}", "label": TIEBREAK_LABELS.get(key, key),
                 "title": N_("tie-break")} for key in tiebreaks]
    cells = [(c["field"].startswith("tiebreaks."), c["field"].removeprefix("tiebreaks."),
              _cell_format(c["field"])) for c in columns]
    rows = []
    for p in result["players"]:
        values, own = p.get("tiebreaks", {}), p
        texts = ["" if (value := (values if in_tiebreaks else own).get(name)) is None
                 else write(value) for in_tiebreaks, name, write in cells]
        rows.append({"number": p["number"], "texts": texts, "notes": p.get("notes", []),
                     "norms": [_norm_line(n) for n in p.get("norms", []) if n["valid"]]})
    return {"columns": columns, "rows": rows}


def cell_value(player: dict, key: str):
    """The figure of a column: a contract key, or "tiebreaks.KEY"."""
    if key.startswith("tiebreaks."):
        return player["tiebreaks"].get(key.split(".", 1)[1])
    return player.get(key)


def _norm_line(n: dict) -> str:
    if n.get("performance") is not None:     # chess, FIDE B.01 (2024) 1.4
        left = n.get("dropped_rounds") or []
        out = (f"{n['title']} norm: Rp {n['performance']}, Ra {n['opponents_average']}, "
               f"{points(n['achieved'])} of {n['games']} (required {points(n['required'])})")
        return out + (f", rounds {', '.join(map(str, left))} left out" if left else "")
    dropped = f", round {n['dropped_game']} ignored" if n.get("dropped_game") else ""
    return (f"{n['title']} {n['kind']} norm: category {n['category']}, "
            f"{points(n['achieved'])} of {n['required']} points{dropped}")


def result_csv(result: dict, tiebreaks: list[str] | None = None) -> str:
    """The table as CSV: the contract's keys as headings, raw values."""
    tiebreaks = tiebreak_keys(result) if tiebreaks is None else tiebreaks
    heading = [key for key, _, _ in COLUMNS] + [f"tiebreaks.{k}" for k in tiebreaks]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(heading + ["filled"])
    for p in result["players"]:
        row = [p.get(key) for key, _, _ in COLUMNS]
        row += [_csv_value(p["tiebreaks"].get(k)) for k in tiebreaks]
        writer.writerow(["" if v is None else v for v in row]
                        + [" ".join(sorted(p.get("filled", {})))])
    return out.getvalue()


def _csv_value(value):
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return value


# -- /check/norm/ ----------------------------------------------------------------------

def norm(payload: dict) -> dict:
    """FMJD Annex 10 norms of one player: as the games stand, and at the end
    of the event, with the points the games still to play must bring.

    The games "to play" count as played for the category and the points
    required (their opponents are known: a round robin, or the user's
    guess); each norm is judged three times by `norms_for_event`: on the
    games played, with every game to play lost (category, points required),
    and with every one won (what fails even so).
    """
    if (payload.get("event") or {}).get("game") == "chess":
        return check_norm_form(payload)
    event, me, games = _norm_form(payload)
    now = _norm_tournament(event, me, [g for g in games if g.result], None)
    worst = _norm_tournament(event, me, games, "0")
    best = _norm_tournament(event, me, games, "1")
    options = _norm_options(payload.get("event") or {})
    def by_key(t):
        return {(n.title, n.kind): n for n in norms_for_event(t, **options).get(1, [])}

    played, at_end, if_won = by_key(now), by_key(worst), by_key(best)
    remaining = sum(1 for g in games if not g.result)
    achieved = sum(_GAME_POINTS["draughts"][g.result] for g in games if g.result)
    norms = [_norm_view(key, played.get(key), at_end[key], if_won[key], achieved, remaining)
             for key in at_end]
    return {"norms": norms, "games": len(games), "played": len(games) - remaining,
            "remaining": remaining, "achieved": _points(achieved)}


@dataclass
class _NormGame:
    rating: int | None
    title: str
    federation: str
    sex: str
    name: str
    result: str            # "1", "=", "0", or "" to play


def _norm_form(payload: dict):
    raw = payload.get("event") or {}
    me = payload.get("player") or {}
    games = []
    for i, g in enumerate(payload.get("games") or [], start=1):
        result = (g.get("result") or "").strip()
        if result not in ("", "1", "=", "0"):
            raise RequestError(f"game {i}: result {result!r}: expected 1, =, 0 or empty")
        games.append(_NormGame(_rating(g.get("rating"), f"game {i}"), _text(g.get("title")),
                               _text(g.get("federation")), _text(g.get("sex")),
                               _text(g.get("name")) or f"Opponent {i}", result))
    if not games:
        raise RequestError("no games: add the opponents, with a result for each game played")
    return raw, me, games


def _norm_tournament(event: dict, me: dict, games: list[_NormGame],
                     unplayed: str | None) -> Tournament:
    player = Player(1, _text(me.get("name")) or "Player", rating=_rating(me.get("rating"), "your rating"),
                    title=_text(me.get("title")) or None, federation=_text(me.get("federation")) or None,
                    sex=_text(me.get("sex")) or None)
    players = [player]
    for n, g in enumerate(games, start=1):
        code = g.result or unplayed
        if code is None:
            continue
        other = Player(n + 1, g.name, rating=g.rating, title=g.title or None,
                       federation=g.federation or None, sex=g.sex or None)
        score = _GAME_POINTS["draughts"][code]
        player.results.append(RoundResult(n, other.number, "w", code, score))
        other.results.append(RoundResult(n, 1, "b", _REPLY[code], 2.0 - score))
        players.append(other)
    rounds = max(_int(event.get("rounds"), "rounds") or 0, len(games))
    return Tournament(name="norm check", federation=_text(event.get("federation")),
                      system=event.get("system") or "round-robin", rounds=rounds,
                      time_control=_text(event.get("time_control")) or None, game="draughts",
                      national_championship=bool(event.get("national_championship")),
                      women_only=bool(event.get("women_only")), players=players)


def _norm_options(event: dict) -> dict:
    referee = {"yes": True, "no": False}.get(event.get("referee") or "")
    board = 64 if str(event.get("board") or "100") == "64" else 100
    return {"referee_qualified": referee, "official": bool(event.get("official")),
            "board": board}


def _norm_view(key, played, at_end, if_won, achieved: float, remaining: int) -> dict:
    required = at_end.required
    needed = None if required is None else max(0.0, required - achieved)
    return {"title": key[0], "kind": key[1], "category": at_end.category,
            "opponents_average": at_end.opponents_average, "games": at_end.games,
            "required": required, "achieved": _points(achieved),
            "needed": None if needed is None else _points(needed),
            "reachable": needed is not None and needed <= 2 * remaining,
            "remaining": remaining,
            "valid_now": bool(played and played.valid and not remaining),
            "valid_so_far": bool(played and played.valid),
            "reasons_now": list(played.reasons) if played else [],
            "valid_if_won": if_won.valid, "reasons_if_won": list(if_won.reasons),
            "notes": list(if_won.notes)}


def _points(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


# -- /check/rating/ -----------------------------------------------------------------------

def rating(payload: dict) -> dict:
    """One player's rating change under one edition, each step with its
    article: rules_core's `check_tournament` on a tournament of the form."""
    edition = get_edition(payload.get("edition") or "")
    t = _rating_tournament(edition, payload)
    result = check_tournament(t, CheckOptions(rules=edition.id))
    me = result.data["players"][0] if result.data["players"] else None
    if me is None:
        return {"error": "nothing could be rated", "problems": result.data["problems"]}
    return {"edition": edition.id, "game": edition.game, "player": me,
            "steps": _steps(edition, me), "games": me["games"],
            "notes": list(result.data["event"].get("notes", [])) + list(me["notes"]),
            "problems": result.data["problems"]}


def _rating_tournament(edition, payload: dict) -> Tournament:
    me = payload.get("player") or {}
    rated = _rating(me.get("rating"), "your rating")
    reached = bool(me.get("reached"))
    player = Player(1, "You", rating=rated, k=_int(me.get("k"), "K"),
                    games_before=_int(me.get("games_before"), "games before"),
                    reached_2400=reached, reached_2300=reached,
                    birth_year=_int(me.get("birth_year"), "year of birth"))
    players = [player]
    table = _GAME_POINTS[edition.game]
    for n, g in enumerate(payload.get("games") or [], start=1):
        code = (g.get("result") or "").strip()
        if code not in table:
            raise RequestError(f"game {n}: result {code!r}: expected 1, = or 0")
        other = Player(n + 1, f"Opponent {n}", rating=_rating(g.get("rating"), f"game {n}"))
        player.results.append(RoundResult(n, other.number, "w", code, table[code]))
        other.results.append(RoundResult(n, 1, "b", _REPLY[code], table[_REPLY[code]]))
        players.append(other)
    if len(players) == 1:
        raise RequestError("no games: add at least one opponent and result")
    start = _date(payload.get("date")) or edition.effective
    return Tournament(name="rating calculator", start=start, end=start, system="swiss",
                      game=edition.game, time_control=_text(payload.get("time_control")) or None,
                      rate_of_play=None, players=players)


def _steps(edition, me: dict) -> list[dict]:
    """The calculation in the regulation's order, each figure with its article."""
    if edition.game == "draughts":
        return _draughts_steps(edition, me)
    return _chess_steps(edition, me)


def _step(label: str, key: str, me: dict, article: str, text: str | None = None) -> dict:
    value = me[key]
    return {"field": key, "label": label, "value": value, "article": article,
            "text": text if text is not None else ("" if value is None else str(value))}


def _cite(edition, key: str) -> str:
    try:
        return edition.cite(key)
    except KeyError:
        return ""


def _chess_steps(edition, me: dict) -> list[dict]:
    def cite(key):
        return _cite(edition, key)

    steps = [_step(N_("Rated games (N)"), "rated_games", me, ""),
             _step(N_("Score (W)"), "score", me, cite("tables"), points(me["score"])),
             _step(N_("Opponents' average (Ra)"), "opponents_average", me, cite("rc"),
                   fixed(me["opponents_average"], 2))]
    if me["rating"] is None:
        steps.append(_step(N_("Rating of the event (Ru)"), "initial_rating", me, cite("ru")))
        steps.append(_step(N_("Published rating"), "new_rating", me, cite("first_minimum")))
    else:
        steps += [_step(N_("Expected score (We)"), "expected", me, cite("tables"),
                        fixed(me["expected"], 2)),
                  _step(N_("Development coefficient (K)"), "k", me, cite("k")),
                  _step(N_("Change, K × (W − We)"), "change", me, cite("k"),
                        signed(me["change"], 2)),
                  _step(N_("New rating"), "new_rating", me, cite("rounding"))]
    steps.append(_step(N_("Performance (Rp)"), "performance", me, cite("tables")))
    return steps


def _draughts_steps(edition, me: dict) -> list[dict]:
    cite = edition.cite_section
    steps = [_step(N_("Rated games (n)"), "rated_games", me, cite("5.3")),
             _step(N_("Score (W)"), "score", me, cite("3.2.2"), points(me["score"])),
             _step(N_("Opponents' average (Rc)"), "opponents_average", me, cite("5.3"),
                   fixed(me["opponents_average"], 2))]
    if me["rating"] is None:
        steps.append(_step(N_("First rating"), "initial_rating", me, cite("3.3.2")))
    else:
        steps += [_step(N_("Expected result (We)"), "expected", me, cite("3.2.1"),
                        fixed(me["expected"], 2)),
                  _step(N_("Development coefficient (K)"), "k", me, cite("3.2.3")),
                  _step(N_("Change, 0.5 × K × (W − We)"), "change", me, cite("3.2.2"),
                        signed(me["change"], 2)),
                  _step(N_("New rating"), "new_rating", me, cite("3.3.1"))]
    steps.append(_step(N_("Performance (Rp)"), "performance", me, cite("3.1")))
    return steps


# -- reading form fields ------------------------------------------------------------------

def _text(value) -> str:
    return str(value).strip() if value is not None else ""


def _int(value, what: str) -> int | None:
    text = _text(value)
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise RequestError(f"{what}: {text!r} is not a whole number") from None


def _rating(value, what: str) -> int | None:
    number = _int(value, what)
    if number is not None and not 0 <= number <= 3500:
        raise RequestError(f"{what}: rating {number} is out of range (0 to 3500)")
    return number or None


def _date(value) -> date | None:
    text = _text(value)
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise RequestError(f"date {text!r}: expected YYYY-MM-DD") from None
