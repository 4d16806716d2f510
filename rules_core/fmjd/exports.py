"""Draughts crosstables as programs export them: semicolon-separated text.

Two programs, one shape: a few lines naming the event, a column header, one
row per player, one column per round.  Both write the opponent as a PLACE in
the table (its rank), never as a start number.

Draughts Arbiter Pro, "Tournament table"::

    ;Tournament table
    FMJD WORLD CUP***** Ouagadougou Open 2022
    Place;S.No.;Title;Name;Fed.;FMJD;R1;...;R9;Total;SSolk
    1;2;GMI;Ndjofang, Jean Marc;CMR;A 2339;68b2;20w1;...;14;92

A round cell is ``<opponent's place><w|b><score>`` (score 2, 1 or 0; "-" for
a game not played, whose score the total decides); FMJD is ``<list> <rating>``
with the list A, B or C of fmjd Annex 9 §6.3.

Toernooibase (KNDB), "fill in FMJD-report"::

    ;Wereldkampioenschap KNDB 1960
    ;Berger rooster
    ;fill in FMJD-report
    Pl;Sno;Title;Name;Cn;FMJD;R1;...;R26;Pt
     1; 1;;Viacheslav Shchegolev;;;2/8w;1/12w;...;42

A round cell is ``<score>/<opponent's place><w|b>``; a blank cell is a round
the player was not paired in; "Berger rooster" (Berger schedule) marks a
round robin.  Sno (the start number) is optional: without it the place is
the player's number.

The readers never raise for bad content: every problem is collected in
``Tournament.problems`` with its 1-based line and column.
"""

from __future__ import annotations

import csv
import re
from collections import deque
from collections.abc import Iterator
from typing import NamedTuple

from ..limits import guarded
from ..model import Player, RoundResult, Tournament
from ..pairings import pairing_problems
from ..problems import ERROR, MISSING, WARNING, Problem
from ..trf import rate_from_type, system_from_pairings
from .records import BYE_BY_SCORE, CODE_SCORES, FMJD_TITLES, PLAYED_BY_SCORE, normalise_title

__all__ = ["parse_arbiter_pro", "parse_toernooibase", "detect_draughts_format",
           "DRAUGHTS_FORMATS", "COLUMNS", "TIEBREAK_COLUMNS"]

DRAUGHTS_FORMATS = ("fmjd-official", "arbiter-pro", "toernooibase")

# Column headers (compared in lower case) and the field each one fills.
COLUMNS = {"place": "place", "pl": "place", "s.no.": "number",
           "s.no": "number", "sno": "number", "title": "title",
           "name": "name", "fed.": "federation", "fed": "federation",
           "cn": "federation", "fmjd": "rating", "rating": "rating",
           "fmjd-id": "id", "total": "points", "pt": "points",
           "pts": "points"}
# Published tie-break columns, under the check contract's keys; "SSolk" is
# the short truncated Solkoff (checked on the Ouagadougou 2022 export).
TIEBREAK_COLUMNS = {"ssolk": "short_truncated_solkoff", "solk": "solkoff",
                    "msolk": "solkoff_median", "sb": "sonneborn_berger"}
_REQUIRED = ("place", "name")

# Lines above the header: the event's name, and markers that say no more
# than which export it is, or (Dutch "Berger rooster") a round robin.
_MARKERS = ("tournament table", "fill in fmjd-report")
_ROUND_ROBIN_MARKERS = ("berger rooster", "berger")
# A row that stands for the bye of a Swiss with an odd number of players.
_DUMMY_NAMES = ("dummy", "bye")

_ROUND = re.compile(r"r(\d+)", re.I)
_RATING = re.compile(r"(?:(?P<list>[ABC])\s*)?(?P<rating>\d+)", re.I)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# A section tag on a line of its own (fmjd Annex 9 §11), not one quoted in prose.
_OFFICIAL = re.compile(r"^\s*<\s*section\s+(?:info|players|results)\s*>\s*$", re.I | re.M)
_UNSETTLED = "?"      # a game not played whose score is not yet known


class _Format(NamedTuple):
    name: str
    title: str
    first_column: str
    cell: re.Pattern[str]
    cell_syntax: str
    header: str


ARBITER_PRO = _Format(
    "arbiter-pro", "Draughts Arbiter Pro tournament table", "place",
    re.compile(r"(?P<place>\d+)\s*(?P<colour>[wb])?\s*(?P<score>[012+-])",
               re.I),
    "<opponent's place><w|b><score 2, 1 or 0, or - when not played>, as in "
    "'68b2' or '67w-'", "Place;S.No.;Title;Name;Fed.;FMJD;R1;...;Total")
TOERNOOIBASE = _Format(
    "toernooibase", "Toernooibase crosstable (fill in FMJD-report)", "pl",
    re.compile(r"(?P<score>[012+-])\s*/\s*(?P<place>\d+)\s*(?P<colour>[wb])?",
               re.I),
    "<score 2, 1 or 0>/<opponent's place><w|b>, as in '2/18b'",
    "Pl;FMJD-id;Title;Name;Cn;FMJD;R1;...;Pt")


def parse_arbiter_pro(text: str) -> Tournament:
    """Read a Draughts Arbiter Pro "Tournament table" export; never raises
    for bad content: every problem is in ``.problems``."""
    return guarded(_CrossTable(ARBITER_PRO).read, text, "fmjd",
                   Tournament(source_format="arbiter-pro", game="draughts"))


def parse_toernooibase(text: str) -> Tournament:
    """Read a Toernooibase "fill in FMJD-report" crosstable; never raises
    for bad content: every problem is in ``.problems``."""
    return guarded(_CrossTable(TOERNOOIBASE).read, text, "fmjd",
                   Tournament(source_format="toernooibase", game="draughts"))


def detect_draughts_format(text: str) -> str | None:
    """"fmjd-official", "arbiter-pro", "toernooibase", or None (anything
    else, a KNDB team standings table among them)."""
    if _OFFICIAL.search(text):
        return "fmjd-official"
    rows, _ = _rows(text, limit=30)
    for row in rows:
        names = {cell.lower() for cell in row.cells}
        if not row.cells or "name" not in names:
            continue
        first = row.cells[0].lower()
        if first == ARBITER_PRO.first_column:
            return ARBITER_PRO.name
        if first == TOERNOOIBASE.first_column:
            return TOERNOOIBASE.name
    return None


# ------------------------------------------------------------------- rows

class _Row(NamedTuple):
    line: int
    cells: list[str]
    columns: list[int | None]
    raw: str


class _Columns(NamedTuple):
    roles: dict[str, int]
    rounds: dict[int, int]        # cell index -> round
    tiebreaks: dict[int, str]     # cell index -> contract key
    names: list[str]              # the header's cells
    line: int


def _rows(text: str, limit: int | None = None) -> tuple[list[_Row], Problem | None]:
    """Every line (the first `limit` rows, when given: what detection looks
    at) as stripped cells, each with its 1-based column (None where quotes
    make the column uncertain)."""
    lines = _LINE_BREAK.split(text.removeprefix("\ufeff"))
    reader = csv.reader(lines, delimiter=";")
    rows: list[_Row] = []
    try:
        for cells in reader:
            if limit is not None and len(rows) == limit:
                break
            raw = lines[reader.line_num - 1]
            rows.append(_Row(reader.line_num, [c.strip() for c in cells],
                             _cell_columns(raw, len(cells)), raw))
    except csv.Error as error:
        return rows, Problem(ERROR, "fmjd.bad-csv", f"not readable as "
                             f"semicolon-separated text: {error}",
                             reader.line_num)
    return rows, None


def _cell_columns(raw: str, count: int) -> list[int | None]:
    if '"' in raw:
        return [None] * count
    columns, start = [], 0
    for part in raw.split(";")[:count]:
        columns.append(start + len(part) - len(part.lstrip()) + 1)
        start += len(part) + 1
    return columns + [None] * (count - len(columns))


# ----------------------------------------------------------------- reader

class _CrossTable:
    """Rows into players; the cells become games once every place is known."""

    def __init__(self, fmt: _Format) -> None:
        self.fmt = fmt
        self.t = Tournament(source_format=fmt.name, game="draughts")
        self.by_place: dict[int, Player] = {}
        self.by_number: dict[int, Player] = {}
        # (player, round, match, column)
        self.cells: list[tuple[Player, int, re.Match[str], int | None]] = []
        self.texts: dict[tuple[int, int], str] = {}   # (number, round)
        self.points_column: dict[int, int | None] = {}
        self.points_name = "Total"
        self.berger = False
        self.dummies: set[int] = set()     # start numbers of "Dummy" rows
        self.unreadable: set[tuple[int, int]] = set()  # (number, round)

    def read(self, text: str) -> Tournament:
        rows, unreadable = _rows(text)
        if unreadable is not None:
            self.t.problems.append(unreadable)
        header = self.find_header(rows)
        if header is None:
            self.no_header(rows, text)
        else:
            self.event(rows[:header])
            columns = self.columns(rows[header])
            if columns is not None:
                self.table(rows[header + 1:], columns)
        self.t.problems.sort(key=_position)
        return self.t

    def problem(self, severity: str, code: str, message: str, line: int | None = None,
                column: int | None = None, no_line: str | None = None) -> None:
        self.t.problems.append(Problem(severity, f"fmjd.{code}", message,
                                       line, column, no_line))

    # -- above the table

    def find_header(self, rows: list[_Row]) -> int | None:
        for index, row in enumerate(rows):
            if row.cells and row.cells[0].lower() == self.fmt.first_column:
                return index
        return None

    def no_header(self, rows: list[_Row], text: str) -> None:
        found = detect_draughts_format(text)
        hint = f"; the text looks like the {found!r} format" if found else ""
        self.problem(ERROR, "no-header", "no column header found: expected "
                     f"a {self.fmt.title} with a header line like "
                     f"{self.fmt.header!r}{hint}", *((1, None, None) if text.strip()
                                                      else (None, None, MISSING)))
        team = next((r for r in rows if _is_team_header(r.cells)), None)
        if team is not None:
            self.problem(ERROR, "team-standings", f"{team.raw.strip()!r} is "
                         "the header of a KNDB Toernooimanager team standings "
                         "table (matches played, match points, board points, "
                         "SB), not a crosstable of games: there are no games "
                         "to read", team.line, 1)

    def event(self, rows: list[_Row]) -> None:
        """The event's name and "Berger rooster" from the lines above the
        header; the name also tells a rapid or blitz event."""
        for row, cell, column in _texts(rows):
            lower = cell.lower()
            if lower in _MARKERS:
                continue
            if lower in _ROUND_ROBIN_MARKERS:
                self.berger = True
            elif not self.t.name:
                self.t.name = cell
                self.t.header_lines["name"] = row.line
            else:
                self.problem(WARNING, "ignored-line", "line above the "
                             "column header ignored: expected the event's "
                             "name (given on line "
                             f"{self.t.header_lines['name']}), 'Berger "
                             f"rooster' or 'fill in FMJD-report', got "
                             f"{cell!r}", row.line, column)
        self.t.rate_of_play = rate_from_type(self.t.name)

    def columns(self, row: _Row) -> _Columns | None:
        columns = _Columns({}, {}, {}, row.cells, row.line)
        for index, name in enumerate(row.cells):
            self.column(columns, index, name, row)
        missing = [r for r in _REQUIRED if r not in columns.roles] + \
            (["R1"] if not columns.rounds else [])
        if missing:
            self.problem(ERROR, "missing-column", f"the header has no "
                         f"{', '.join(missing)} column: expected a header "
                         f"like {self.fmt.header!r}", row.line, 1)
            return None
        if "points" in columns.roles:
            self.points_name = row.cells[columns.roles["points"]]
        return columns

    def column(self, columns: _Columns, index: int, name: str, row: _Row) -> None:
        key, role = name.lower(), COLUMNS.get(name.lower())
        if match := _ROUND.fullmatch(key):
            columns.rounds[index] = int(match[1])
        elif role is not None and role not in columns.roles:
            columns.roles[role] = index
        elif key in TIEBREAK_COLUMNS:
            columns.tiebreaks[index] = TIEBREAK_COLUMNS[key]
        elif key:
            why = (f"column {row.cells[columns.roles[role]]!r} already gives "
                   f"the {role}" if role else "not a column this reader knows")
            self.problem(WARNING, "ignored-column", f"column {name!r} "
                         f"ignored: {why}", row.line, row.columns[index])

    # -- the table

    def table(self, rows: list[_Row], columns: _Columns) -> None:
        for row in rows:
            if any(row.cells):
                self.row(row, columns)
        if not self.t.players:
            self.problem(ERROR, "no-players", "no player rows below the "
                         "column header", columns.line, 1)
        self.t.rounds = max(columns.rounds.values())
        for player, round_, match, column in self.cells:
            self.game(player, round_, match, column)
        for player in self.t.players:
            player.results.sort(key=lambda r: r.round)
        self.settle_unplayed()
        for player in self.t.players:
            self.check_points(player)
        self.check_pairs()
        self.decide_system()

    def row(self, row: _Row, columns: _Columns) -> None:
        if len(row.cells) != len(columns.names):
            self.problem(ERROR, "bad-row", f"expected {len(columns.names)} cells, "
                         f"as in the header on line {columns.line}, got "
                         f"{len(row.cells)}", row.line, 1)
        cell = _Cells(row, columns.roles)
        place = self.whole(cell, "place", "a place (digits)", required=True)
        number = self.whole(cell, "number", "a start number (digits)",
                            required=True) if "number" in columns.roles else place
        if place is None or number is None or not self.unique(row, place, number):
            return
        player = self.player(cell, row, place, number, columns)
        self.by_place[place] = self.by_number[number] = player
        self.t.players.append(player)
        self.round_cells(player, row, columns)

    def whole(self, cell: _Cells, role: str, what: str,
              required: bool = False) -> int | None:
        text, column = cell.get(role)
        if text.isascii() and text.isdigit():
            return int(text)
        if text or required:
            self.problem(ERROR, f"bad-{role}", f"{role}: expected {what}, got "
                         f"{text!r}", cell.row.line, column)
        return None

    def unique(self, row: _Row, place: int, number: int) -> bool:
        for seen, value, what in ((self.by_place, place, "place"),
                                  (self.by_number, number, "start number")):
            if value in seen:
                self.problem(ERROR, f"duplicate-{what.split()[-1]}",
                             f"{what} {value} is already used on line "
                             f"{seen[value].line}", row.line, 1)
                return False
        return True

    def player(self, cell: _Cells, row: _Row, place: int, number: int,
               columns: _Columns) -> Player:
        name = cell.get("name")[0]
        player = Player(number, name, line=row.line, rank=place,
                                federation=cell.get("federation")[0].upper()
                                or None)
        player.title = self.title(cell)
        player.id = self.fmjd_id(cell)
        player.rating, player.rating_list = self.rating(cell)
        player.points = self.number(cell, "points", self.points_name)
        self.points_column[number] = cell.get("points")[1]
        for index, key in columns.tiebreaks.items():
            value = self.number(cell, index, columns.names[index])
            if value is not None:
                player.declared_tiebreaks[key] = value
        if name.lower() in _DUMMY_NAMES:
            self.dummies.add(number)
            self.problem(WARNING, "dummy-player", f"place {place} "
                         f"{name!r} stands for the bye: a game against it "
                         "is read as a bye of its opponent (2 points: U, 1:"
                         " H, 0: Z), and the row keeps no games", row.line,
                         cell.get("name")[1])
        return player

    def title(self, cell: _Cells) -> str | None:
        raw, column = cell.get("title")
        title, known = normalise_title(raw)
        if not known:
            self.problem(WARNING, "unknown-title", "expected an FMJD title "
                         f"({', '.join(FMJD_TITLES)}, or one of them with "
                         f"' 64'), got {raw!r}", cell.row.line, column)
        return title

    def fmjd_id(self, cell: _Cells) -> str | None:
        text, column = cell.get("id")
        if text.isascii() and text.isdigit():
            return str(int(text)) if int(text) else None
        if text:
            self.problem(WARNING, "bad-id", "FMJD-id: expected digits, got "
                         f"{text!r}", cell.row.line, column)
        return None

    def rating(self, cell: _Cells) -> tuple[int | None, str | None]:
        """``A 2339`` (fmjd Annex 9 §6.3 list and rating), ``2339``, or
        blank when unrated."""
        text, column = cell.get("rating")
        match = _RATING.fullmatch(text)
        if match:
            rating = int(match["rating"]) or None
            return rating, (match["list"] or "").upper() or None
        if text:
            self.problem(WARNING, "bad-rating", "expected a rating, as in "
                         f"'A 2339' (list and rating) or '2339', got "
                         f"{text!r}", cell.row.line, column)
        return None, None

    def number(self, cell: _Cells, role: str | int, name: str) -> float | None:
        text, column = cell.get(role)
        if _NUMBER.fullmatch(text):
            return float(text.replace(",", "."))
        if text:
            code = "bad-points" if role == "points" else "bad-tiebreak"
            self.problem(WARNING, code, f"{name}: expected a number, "
                         f"got {text!r}", cell.row.line, column)
        return None

    def round_cells(self, player: Player, row: _Row,
                    columns: _Columns) -> None:
        for index, round_ in columns.rounds.items():
            text = row.cells[index] if index < len(row.cells) else ""
            if not text:
                continue        # not paired in this round
            column = row.columns[index]
            match = self.fmt.cell.fullmatch(text)
            if match is None:
                self.problem(ERROR, "bad-cell", f"round {round_}: expected "
                             f"{self.fmt.cell_syntax}, or a blank cell when "
                             f"not paired, got {text!r}", row.line, column)
                self.unreadable.add((player.number, round_))
                continue
            self.texts[(player.number, round_)] = text
            self.cells.append((player, round_, match, column))

    # -- games, once every place is known

    def game(self, player: Player, round_: int, match: re.Match[str],
             column: int | None) -> None:
        place, score = int(match["place"]), match["score"]
        colour = (match["colour"] or "").lower() or None
        opponent = self.by_place.get(place)
        if player.number in self.dummies:
            return
        if place == 0 or (opponent and opponent.number in self.dummies):
            self.bye(player, round_, score, column)
            return
        if opponent is None or opponent is player:
            what = "the player's own place" if opponent is player else \
                f"a place not in the table (places {_span(self.by_place)})"
            self.problem(ERROR, "unknown-opponent", f"round {round_}: "
                         f"{match[0]!r} names place {place}, {what}",
                         player.line, column)
            self.unreadable.add((player.number, round_))
            return
        code = _UNSETTLED if score == "-" else \
            "+" if score == "+" else PLAYED_BY_SCORE[int(score)]
        player.results.append(RoundResult(round_, opponent.number, colour,
                                          code, CODE_SCORES.get(code, 0.0),
                                          player.line, column))

    def bye(self, player: Player, round_: int, score: str, column: int | None) -> None:
        """Place 0 or the dummy: a bye with the points it gave."""
        code = BYE_BY_SCORE.get(int(score), "Z") if score.isdigit() else \
            "U" if score == "+" else "Z"
        player.results.append(RoundResult(round_, None, None, code,
                                          CODE_SCORES[code], player.line,
                                          column))

    def settle_unplayed(self) -> None:
        """A game not played ("67w-") is won ("+") or lost ("-") by forfeit:
        as the player's total tells, or lost when the opponent won it; what
        stays open is read as lost, with a warning.  An opponent's "-" tells
        nothing: both sides lose a double forfeit.

        A worklist: a player is looked at again only when an opponent's
        cell became "+" (the one change that can settle his), so the whole
        is linear in players x rounds, not a pass over everyone per change.
        """
        # (player, round) -> his first result of it
        self.replies: dict[tuple[int, int], RoundResult] = {}
        for p in self.by_number.values():
            for r in p.results:
                self.replies.setdefault((p.number, r.round), r)
        queue = deque(self.t.players)
        waiting = {p.number for p in self.t.players}
        while queue:
            player = queue.popleft()
            waiting.discard(player.number)
            for number in self.settle_player(player):
                other = self.by_number.get(number)
                if other is not None and number not in waiting:
                    queue.append(other)
                    waiting.add(number)
        for player in self.t.players:
            for result in player.results:
                if result.code == _UNSETTLED:
                    self.settle_as_lost(player, result)

    def settle_player(self, player: Player) -> list[int]:
        """Settle what can be settled; the opponents whose cell against a
        "+" of this player may now be settled."""
        unsettled = [r for r in player.results if r.code == _UNSETTLED]
        if not unsettled:
            return []
        for result in unsettled:
            if self.reply_code(result) == "+":
                _settle(result, "-")
        unsettled = [r for r in unsettled if r.code == _UNSETTLED]
        if not unsettled or player.points is None:
            return []
        missing = player.points - player.score     # open games count 0
        if missing not in (0, 2 * len(unsettled)):
            return []
        for result in unsettled:
            _settle(result, "-" if missing == 0 else "+")
        return [r.opponent for r in unsettled if r.opponent is not None] if missing else []

    def reply_code(self, result: RoundResult) -> str | None:
        if result.opponent is None:
            return None
        reply = self.replies.get((result.opponent, result.round))
        return reply.code if reply is not None else None

    def settle_as_lost(self, player: Player, result: RoundResult) -> None:
        text = self.texts.get((player.number, result.round))
        self.problem(WARNING, "unplayed-game", f"round {result.round}: "
                     f"{text!r} is a game not played and neither the total "
                     "nor the opponent's cell tells who won it: read as lost"
                     " by forfeit ('-')", result.line, result.column)
        _settle(result, "-")

    # -- checks once every game is read

    def check_points(self, player: Player) -> None:
        """The declared total against the rounds, unless a cell of the row
        could not be read (already reported)."""
        unread = any(number == player.number for number, _ in self.unreadable)
        if unread or player.points is None or \
                abs(player.points - player.score) < 1e-9:
            return
        self.problem(WARNING, "points-mismatch", f"place {player.rank}: "
                     f"{self.points_name} is {player.points:g}, the rounds "
                     f"add up to {player.score:g}", player.line,
                     self.points_column.get(player.number))

    def check_pairs(self) -> None:
        """A game is written on both rows: same round, each naming the
        other, other colours, results that complete each other
        (rules_core.pairings); cells already reported are skipped."""
        self.t.problems.extend(pairing_problems(
            self.t.players, "fmjd", frozenset(self.unreadable)))

    def decide_system(self) -> None:
        """"Berger rooster" is a round robin (double when everyone met
        twice); otherwise the pairings tell (trf.system_from_pairings)."""
        found = system_from_pairings(self.t.players)
        if self.berger and found not in ("round-robin", "double-round-robin"):
            found = "round-robin"
        self.t.system = found


class _Cells:
    """A row's cells by the role of their column; absent ones are blank."""

    def __init__(self, row: _Row, roles: dict[str, int]) -> None:
        self.row, self.roles = row, roles

    def get(self, role: str | int) -> tuple[str, int | None]:
        index = role if isinstance(role, int) else self.roles.get(role)
        if index is None or index >= len(self.row.cells):
            return "", None
        return self.row.cells[index], self.row.columns[index]


# ---------------------------------------------------------------- helpers

def _texts(rows: list[_Row]) -> Iterator[tuple[_Row, str, int | None]]:
    for row in rows:
        for cell, column in zip(row.cells, row.columns, strict=True):
            if cell:
                yield row, cell, column


def _is_team_header(cells: list[str]) -> bool:
    """KNDB Toernooimanager team standings: "AW;-;Pt;WP;SB"."""
    upper = [c.upper() for c in cells]
    return bool(upper) and upper[0] == "AW" and "WP" in upper


def _settle(result: RoundResult, code: str) -> None:
    result.code, result.score = code, CODE_SCORES[code]


def _span(by_place: dict[int, Player]) -> str:
    return f"{min(by_place)}-{max(by_place)}" if by_place else "none"


def _position(problem: Problem) -> tuple[bool, int, int]:
    return (problem.line is None, problem.line or 0, problem.column or 0)
