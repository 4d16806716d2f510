"""The native tournament format of `content/`: TOML (or the same in JSON).

::

    [event]
    name = "Spring Open"
    start = 2025-04-05            # TOML dates; "2025-04-05" strings in JSON
    end = 2025-04-06
    game = "chess"                # chess | draughts (points 2 / 1 / 0)
    system = "swiss"              # swiss | round-robin | double-round-robin
                                  # | match | team | scheveningen
    time_control = "90+30"        # as arbiters write it (see timecontrol)
    rate_of_play = "standard"     # optional: standard | rapid | blitz
    rounds = 5                    # optional: the rounds scheduled
    round_dates = [2025-04-05, 2025-04-05, 2025-04-05, 2025-04-06, 2025-04-06]
    national_championship = false # fide-2002 6.33
    women_only = false
    olympiad = false              # fide-2003web 10.4
    league = false                # fide-2002 4.11

    [[players]]
    number = 1
    name = "Vasquez, Rodrigo"
    id = "3400042"
    rating = 2558                 # omit or 0 for an unrated player
    sex = "m"
    title = "GM"
    federation = "CHI"
    birth = 1969-12-06            # or birth_year = 1969
    k = 10                        # optional: K as published
    games_before = 120            # optional: rated games before the event
    reached_2400 = true           # optional
    standard_rating = 2540        # optional, in a rapid or blitz event
    results = ["12 w 1", "7 b =", "H", "3 w +"]

A result is ``OPPONENT COLOUR CODE`` with the TRF codes (1 0 = + - W D L;
in draughts also the referee decisions 2x0 0x2 1x1 0x0) or, for a round
without a game, the code alone (H, F, U, Z, or "-").
"""

from __future__ import annotations

import json
import re
import tomllib
from datetime import date, datetime
from itertools import pairwise
from typing import Any

from .limits import RATING_RANGE, guarded, rating_problem
from .model import GAMES, RATES_OF_PLAY, REFEREE_CODES, SYSTEMS, Player, RoundResult, Tournament
from .pairings import pairing_problems
from .problems import ERROR, MISSING, Problem

__all__ = ["parse_native", "RESULT_PATTERN"]

RESULT_PATTERN = re.compile(
    r"^\s*(?:(?P<opponent>\d+)\s*(?P<colour>[wb-])?\s+)?"
    r"(?P<code>2x0|0x2|1x1|0x0|=\+|=-|[10=+\-WDLHFUZ])\s*$")
_SCORES = {"1": 1.0, "0": 0.0, "=": 0.5, "+": 1.0, "-": 0.0, "W": 1.0,
           "D": 0.5, "L": 0.0, "H": 0.5, "F": 1.0, "U": 1.0, "Z": 0.0,
           "=+": 0.5, "=-": 0.5}
_GAME_CODES = set("10=+-WDL") | set(REFEREE_CODES) | {"=+", "=-"}
# Points are the game's own: chess 1 / 0.5 / 0, draughts 2 / 1 / 0; the
# referee decisions of fmjd Annex 9 §11 carry their own points.
_POINTS_PER_GAME = {"chess": 1, "draughts": 2}
_EVENT_TEXT = ("name", "city", "federation", "time_control", "tiebreaks")
_EVENT_FLAGS = ("national_championship", "women_only", "olympiad", "league")
_PLAYER_TEXT = ("name", "id", "sex", "title", "federation", "time_control")
# The TRF record of the same datum (rules_core.check looks lines up by it).
_TRF_RECORDS = {"start": "042", "end": "052", "time_control": "122",
                "round_dates": "132", "rounds": "XXR"}
_PLAYER_INTS = ("rating", "k", "games_before", "birth_year", "standard_rating")
# A table as tomllib or json gives it: its values are checked one by one.
_Table = dict[str, Any]


def parse_native(text: str, json_format: bool = False) -> Tournament:
    """Read the native format; never raises for bad content."""
    return guarded(lambda text: _Reader(text, json_format).read(), text, "native",
                   Tournament(source_format="native"), line_based=not json_format)


class _Reader:
    def __init__(self, text: str, json_format: bool) -> None:
        self.text = text
        self.json = json_format
        self.problems: list[Problem] = []
        # TOML and JSON end a line at "\n" only: str.splitlines would also
        # split at U+2028, U+2029, \x85, \x0b, \x0c inside a string and shift
        # every later line number
        self.lines = [line.removesuffix("\r") for line in text.split("\n")]
        self.game = "chess"
        self.table_end: dict[int, int] = {}     # a player's first line -> the next's

    # -- locating values for messages -----------------------------------
    def line_of(self, key: str, occurrence: int = 0, after: int = 0) -> int | None:
        """Line of the `occurrence`-th ``key =`` (or ``"key":``) from line
        `after`; from a player's first line, within that player's table
        (each lookup is then linear in the table, not in the file)."""
        pattern = (re.compile(rf'"{re.escape(key)}"\s*:') if self.json
                   else re.compile(rf"^\s*{re.escape(key)}\s*="))
        seen = 0
        for index in range(after, self.table_end.get(after, len(self.lines))):
            if pattern.search(self.lines[index]):
                if seen == occurrence:
                    return index + 1
                seen += 1
        return None

    def player_starts(self) -> list[int]:
        """The 0-based line where each player's table starts."""
        if self.json:
            return _json_array_items(self.text, "players")
        marker = re.compile(r"^\s*\[\[\s*players\s*\]\]")
        return [i for i, line in enumerate(self.lines) if marker.search(line)]

    def error(self, code: str, message: str, line: int | None = None,
              severity: str = ERROR) -> None:
        self.problems.append(Problem(severity, f"native.{code}", message, line))

    # -- reading ---------------------------------------------------------
    def read(self) -> Tournament:
        data = self.load()
        t = Tournament(source_format="native")
        if data is not None:
            self.event(t, data.get("event"))
            self.players(t, data.get("players"))
        if not t.players and data is not None:
            self.problems.append(Problem(ERROR, "native.no-players", "no players: "
                                         "expected [[players]] tables", no_line=MISSING))
        self.problems.extend(pairing_problems(t.players, "native"))
        t.problems = self.problems
        return t

    def load(self) -> _Table | None:
        try:
            data = json.loads(self.text) if self.json else tomllib.loads(self.text)
        except json.JSONDecodeError as e:
            self.error("syntax", f"not valid JSON: {e.msg}", e.lineno)
            return None
        except tomllib.TOMLDecodeError as e:
            self.error("syntax", f"not valid TOML: {e}", _toml_line(str(e), self.text))
            return None
        if not isinstance(data, dict):
            self.error("syntax", "expected a table with [event] and [[players]]", 1)
            return None
        return data

    def event(self, t: Tournament, event: object) -> None:
        if not isinstance(event, dict):
            self.error("no-event", "no [event] table: expected name, start, "
                       "system and time_control", 1)
            return
        for key in _EVENT_TEXT:
            setattr(t, key, self.text_value(event, key, t))
        if isinstance(event.get("tiebreaks"), list):     # ["BH/C1", "BH"]
            t.tiebreaks = ",".join(str(item) for item in event["tiebreaks"])
        for key in _EVENT_FLAGS:
            setattr(t, key, self.flag(event, key))
        t.start = self.date_value(event, "start")
        t.end = self.date_value(event, "end")
        t.system = self.choice(event, "system", SYSTEMS)
        t.rate_of_play = self.choice(event, "rate_of_play", RATES_OF_PLAY)
        t.rounds = self.int_value(event, "rounds")
        t.round_dates = self.dates(event, "round_dates")
        t.game = self.choice(event, "game", GAMES) or "chess"
        self.game = t.game
        for key, record in _TRF_RECORDS.items():   # where check looks lines up
            line = self.line_of(key) if key in event else None
            if line is not None:
                t.header_lines[record] = line

    def flag(self, table: _Table, key: str, start: int = 0) -> bool:
        value = table.get(key, False)
        if isinstance(value, bool):
            return value
        self.error(f"bad-{key.replace('_', '-')}", f"{key} {value!r}: expected "
                   "true or false", self.line_of(key, after=start))
        return False

    def dates(self, table: _Table, key: str) -> list[date]:
        values = table.get(key)
        if values is None:
            return []
        if not isinstance(values, list):
            self.error(f"bad-{key.replace('_', '-')}", f"{key} {values!r}: expected "
                       "a list of dates, one a round", self.line_of(key))
            return []
        return [d for d in (self.as_date(v, key) for v in values) if d]

    def text_value(self, table: _Table, key: str,
                   t: Tournament | None = None) -> str | None:
        value = table.get(key)
        if value is None:
            return "" if t is not None and key != "time_control" else None
        return str(value)

    def choice(self, table: _Table, key: str, allowed: tuple[str, ...],
               start: int = 0) -> str | None:
        value = table.get(key)
        if value is None:
            return None
        if value not in allowed:
            self.error(f"bad-{key.replace('_', '-')}", f"{key} {value!r}: expected "
                       f"one of {', '.join(allowed)}", self.line_of(key, after=start))
            return None
        return str(value)

    def int_value(self, table: _Table, key: str, start: int = 0,
                  occurrence: int = 0) -> int | None:
        value = table.get(key)
        if value is None:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        self.error(f"bad-{key.replace('_', '-')}", f"{key} {value!r}: expected a "
                   "whole number", self.line_of(key, occurrence, start))
        return None

    def rating(self, value: int | None, key: str, start: int) -> int | None:
        """A rating within limits.RATING_RANGE, else an error at its line."""
        problem = None if value is None else rating_problem("native", value, 0)
        if problem is None:
            return value
        self.error("bad-rating", f"{key} {value}: expected {RATING_RANGE[0]} "
                   f"(unrated) to {RATING_RANGE[1]} (docs/limits.md)",
                   self.line_of(key, after=start))
        return None

    def date_value(self, table: _Table, key: str, start: int = 0) -> date | None:
        value = table.get(key)
        return None if value is None else self.as_date(value, key, start)

    def as_date(self, value: object, key: str, start: int = 0) -> date | None:
        if isinstance(value, datetime):
            return value.date()
        if isinstance(value, date):
            return value
        try:
            return date.fromisoformat(str(value))
        except ValueError:
            self.error("bad-date", f"{key} {value!r}: expected a date YYYY-MM-DD",
                       self.line_of(key, after=start))
            return None

    def players(self, t: Tournament, players: object) -> None:
        if players is None:
            return
        if not isinstance(players, list):
            self.error("bad-players", "players: expected a list of tables", self.line_of("players"))
            return
        starts = self.player_starts()
        # (two players on one line, or one on the first: not bounded)
        self.table_end = {s: e for s, e in pairwise(starts) if 0 < s < e}
        seen: set[int] = set()
        for index, entry in enumerate(players):
            start = starts[index] if index < len(starts) else 0
            player = self.player(entry, index, start)
            if player is None:
                continue
            if player.number in seen:
                self.error("duplicate-number", f"player number {player.number} "
                           "appears twice", player.line)
            seen.add(player.number)
            t.players.append(player)

    def player(self, entry: Any, index: int, start: int) -> Player | None:
        number = entry.get("number") if isinstance(entry, dict) else None
        if not isinstance(number, int) or isinstance(number, bool):
            where = (self.line_of("number", after=start) if number is not None
                     else None) or start + 1
            self.error("bad-player", f"player {index + 1}: expected a table with "
                       f"number (a whole number), name and results, got number "
                       f"{number!r}", where)
            return None
        here = self.line_of("number", after=start) or start + 1
        p = Player(number, str(entry.get("name", "")), line=here)
        for key in _PLAYER_TEXT:
            setattr(p, key, self.text_value(entry, key))
        p.name = p.name or ""
        for key in _PLAYER_INTS:
            setattr(p, key, self.int_value(entry, key, start))
        p.rating = self.rating(p.rating, "rating", start) or None
        p.standard_rating = self.rating(p.standard_rating, "standard_rating", start)
        p.reached_2400 = entry.get("reached_2400")
        p.reached_2300 = entry.get("reached_2300")
        p.birth = self.date_value(entry, "birth", start)
        if p.birth and not p.birth_year:
            p.birth_year = p.birth.year
        p.results = self.results(entry.get("results", []), p, start)
        return p

    def results(self, items: object, player: Player, start: int) -> list[RoundResult]:
        line = self.line_of("results", after=start)
        if not isinstance(items, list):
            self.error("bad-results", "results: expected a list such as "
                       "[\"12 w 1\", \"H\"]", line)
            return []
        out: list[RoundResult] = []
        for round_, item in enumerate(items, start=1):
            result = self.result(item, round_, player, line)
            if result is not None:
                out.append(result)
        return out

    def result(self, item: object, round_: int, player: Player,
               line: int | None) -> RoundResult | None:
        match = RESULT_PATTERN.match(str(item))
        if not match:
            self.error("bad-result", f"player {player.number}, round {round_}: "
                       f"{item!r} is not a result: expected 'OPPONENT COLOUR "
                       "CODE' (codes 1 0 = + - W D L) or a bye code (H F U Z -)", line)
            return None
        opponent, colour, code = match["opponent"], match["colour"], match["code"]
        if code in _GAME_CODES and opponent is None and code != "-":
            self.error("bad-result", f"player {player.number}, round {round_}: "
                       f"{item!r} needs an opponent", line)
            return None
        if (code in REFEREE_CODES or code in ("=+", "=-")) and self.game != "draughts":
            self.error("bad-result", f"player {player.number}, round {round_}: "
                       f"{item!r} is a draughts code (referee decision or plus/minus "
                       "draw), in a chess event", line)
            return None
        if code in "HFUZ" and opponent is not None:
            self.error("bad-result", f"player {player.number}, round {round_}: "
                       f"a bye ({code}) has no opponent, got {item!r}", line)
            return None
        return RoundResult(round_, int(opponent) if opponent else None,
                           colour if colour in ("w", "b") else None,
                           code if opponent or code != "-" else "Z",
                           self.points(code) if opponent or code != "-" else 0.0, line)

    def points(self, code: str) -> float:
        if code in REFEREE_CODES:
            return REFEREE_CODES[code]
        return _SCORES[code] * _POINTS_PER_GAME[self.game]


def _json_array_items(text: str, key: str) -> list[int]:
    """0-based lines where the objects of the top-level array `key` open,
    found by a scan that knows strings and nesting (json gives no positions)."""
    starts: list[int] = []
    depth, line, in_string, escaped = 0, 0, False, False
    last_string, array_depth = "", None
    current: list[str] = []
    for char in text:
        if char == "\n":
            line += 1
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string, last_string = False, "".join(current)
            else:
                current.append(char)
            continue
        if char == '"':
            in_string, current = True, []
        elif char in "[{":
            if char == "[" and depth == 1 and last_string == key:
                array_depth = depth + 1
            elif char == "{" and array_depth is not None and depth == array_depth:
                starts.append(line)
            depth += 1
        elif char in "]}":
            depth -= 1
            if array_depth is not None and depth < array_depth:
                array_depth = None
    return starts


def _toml_line(message: str, text: str) -> int:
    """tomllib's "(at line N, column M)", or "(at end of document)": the
    last line."""
    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else text.count("\n") + 1
