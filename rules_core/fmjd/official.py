"""The FMJD official format for tournament data (fmjd Annex 9 §11).

::

    <section Info>
    name = Spring Open
    played from = 05/04/2025
    played to = 06/04/2025
    type = SWISS                       # SWISS, ROUND, TEAMS or OTHER
    national championship = N
    women championship = N
    name of referee = Jan de Vries
    place = Utrecht
    country = NED
    remarks = <remark> free text, several lines allowed </end remark>
    winner = Jacek Pawlicki
    </end info>
    <section players>
    11285,7,124,3,12,jacek,pawlicki,pl,02/01/1960,M
    </end players>
    <section results>
    1,1,22,2-0                         # round, white, black, result
    </end results>

A player line has ten fields and always nine commas: fmjd-ID (0 when none),
number in the tournament, local ID, place (0 for all while the tournament is
not finished), points, first name, last name, country, born, sex.  A result
is 2-0, 1-1 or 0-2, or a referee's decision 2x0, 1x1, 0x2 or 0x0; player 0
is the dummy of a pause game (a bye).

`parse_official` never raises for bad content: every problem is collected in
``Tournament.problems`` with its 1-based line and column.  `write_official`
writes what `parse_official` reads back unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from ..limits import guarded
from ..model import Player, RoundResult, Tournament
from ..pairings import pairing_problems
from ..problems import ERROR, MISSING, WARNING, Problem
from ..trf import system_from_pairings
from .records import BYE_BY_SCORE, CODE_SCORES

__all__ = ["parse_official", "write_official", "RESULTS", "TYPES",
           "INFO_KEYS", "PLAYER_FIELDS"]

# fmjd Annex 9 §11 <section results>: the result as written (white first)
# and the codes of the model (rules_core.model) it gives white and black.
RESULTS = {"2-0": ("1", "0"), "1-1": ("=", "="), "0-2": ("0", "1"),
           "2x0": ("2x0", "0x2"), "0x2": ("0x2", "2x0"),
           "1x1": ("1x1", "1x1"), "0x0": ("0x0", "0x0")}
RESULT_LIST = "2-0, 1-1, 0-2, or a referee's decision 2x0, 1x1, 0x2, 0x0"

# fmjd Annex 9 §11 "type": the value and the system of the model.  OTHER
# says nothing; ROUND is a double round robin when everyone met twice.
TYPES = {"SWISS": "swiss", "ROUND": "round-robin", "TEAMS": "team",
         "OTHER": None}
_TYPE_OF_SYSTEM = {"swiss": "SWISS", "round-robin": "ROUND",
                   "double-round-robin": "ROUND", "team": "TEAMS"}

# fmjd Annex 9 §11 <section Info>: key -> (attribute, how it is read,
# maximum length); in the order the article lists them.
INFO_KEYS: dict[str, tuple[str, str, int | None]] = {
    "name": ("name", "text", 30),
    "played from": ("start", "date", None),
    "played to": ("end", "date", None),
    "type": ("system", "type", None),
    "national championship": ("national_championship", "flag", None),
    "women championship": ("women_only", "flag", None),
    "name of referee": ("referee", "text", 25),
    "place": ("city", "text", 30),
    "country": ("federation", "country", 3),
    "remarks": ("remarks", "remarks", None),
    "winner": ("winner", "text", 25),
}
# The TRF record of the same datum (rules_core.check looks lines up by it).
_TRF_RECORD = {"played from": "042", "played to": "052"}
_REQUIRED_INFO = ("name", "played from", "played to", "type")

# fmjd Annex 9 §11 <section players>: the ten fields of a player line.
PLAYER_FIELDS = ("fmjd-ID", "number", "local ID", "place", "points",
                 "first name", "last name", "country", "born", "sex")
_NAME_LENGTH, _LOCAL_ID_LENGTH = 17, 6
SECTIONS = ("info", "players", "results")
_SEX = {"M": "m", "W": "w"}

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_OPEN = re.compile(r"<\s*section\s+(?P<name>\w+)\s*>", re.I)
_CLOSE = re.compile(r"<\s*/\s*end\s+(?P<name>\w+)\s*>", re.I)
_REMARK_OPEN = re.compile(r"^\s*<\s*remark\s*>", re.I)
# A field of a line and the 1-based column where its text starts.
_Field = tuple[str, int]
# A game of <section results>: round, white, black, result, line, and the
# columns of its four fields.
_Game = tuple[int, int, int, str, int, list[int]]
_REMARK_CLOSE = re.compile(r"<\s*/\s*end\s+remark\s*>", re.I)
_DATE = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})")
_POINTS = re.compile(r"\d+(?:[.,]\d+)?")


def parse_official(text: str) -> Tournament:
    """Read the FMJD official format (fmjd Annex 9 §11).

    Never raises for bad content: every problem is in ``.problems``.
    """
    return guarded(_Reader().read, text, "fmjd",
                   Tournament(source_format="fmjd-official", game="draughts"))


# ----------------------------------------------------------------- reader

class _Reader:
    """One pass over the lines; the games are placed once every player is
    known (a file may list its sections in any order)."""

    def __init__(self) -> None:
        self.t = Tournament(source_format="fmjd-official", game="draughts")
        self.players: dict[int, Player] = {}
        self.columns: dict[int, list[int]] = {}   # number -> field columns
        self.doubtful: set[int] = set()     # players whose line is unread
        self.games: list[_Game] = []
        self.game_line: dict[tuple[int, int], int] = {}   # (player, round) -> line
        self.section: str | None = None
        self.opened: dict[str, int] = {}
        self.remark: list[str] | None = None
        self.type_text: str | None = None
        self.foreign: list[tuple[int, int, str]] = []  # non-ASCII lines

    def read(self, text: str) -> Tournament:
        lines = _LINE_BREAK.split(text.removeprefix("\ufeff"))
        for number, line in enumerate(lines, start=1):
            self.line(line, number)
        self.finish()
        return self.t

    def problem(self, severity: str, code: str, message: str, line: int | None = None,
                column: int | None = None, no_line: str | None = None) -> None:
        self.t.problems.append(Problem(severity, f"fmjd.{code}", message,
                                       line, column, no_line))

    def line(self, raw: str, n: int) -> None:
        if self.remark is not None:
            self.remark_line(self.remark, raw, n)
            return
        text = raw.strip()
        if not text:
            return
        if not text.isascii():
            self.foreign.append((n, _first_foreign(raw), text))
        if opened := _OPEN.fullmatch(text):
            self.open(opened["name"].lower(), text, n)
        elif closed := _CLOSE.fullmatch(text):
            self.close(closed["name"].lower(), text, n)
        elif self.section in _SECTION_READERS:
            _SECTION_READERS[self.section](self, raw, n)
        elif self.section is None:
            self.problem(WARNING, "outside-section", "line outside any "
                         "section, ignored: expected '<section Info>', "
                         "'<section players>' or '<section results>', got "
                         f"{text!r}", n, 1)

    # -- sections

    def open(self, name: str, text: str, n: int) -> None:
        if self.section is not None:
            self.unclosed(self.section, n)
        if name not in SECTIONS:
            self.problem(ERROR, "unknown-section", "expected '<section "
                         "Info>', '<section players>' or '<section results>',"
                         f" got {text!r}; its lines are ignored", n, 1)
        elif name in self.opened:
            self.problem(WARNING, "duplicate-section", f"{text!r} appears "
                         f"again (first on line {self.opened[name]})", n, 1)
        self.opened.setdefault(name, n)
        self.section = name

    def close(self, name: str, text: str, n: int) -> None:
        if self.section is None or name != self.section:
            expected = (f"'</end {self.section}>' to close the section of "
                        f"line {self.opened[self.section]}" if self.section
                        else "no closing tag outside a section")
            self.problem(WARNING, "unexpected-close", f"expected {expected},"
                         f" got {text!r}", n, 1)
        self.section = None

    def unclosed(self, name: str, before: int | None) -> None:
        where = f"before line {before}" if before else "at the end of the file"
        self.problem(WARNING, "unclosed-section", f"<section {name}> is not "
                     f"closed: expected '</end {name}>' {where}",
                     self.opened[name], 1)

    # -- <section Info>

    def info(self, raw: str, n: int) -> None:
        key, sep, value = raw.partition("=")
        key = " ".join(key.lower().split())
        if not sep or key not in INFO_KEYS:
            expected = ", ".join(INFO_KEYS)
            got = f"key {key!r}" if sep else repr(raw.strip())
            self.problem(WARNING, "bad-info", "expected 'key = value' with a "
                         f"key of <section Info> ({expected}), got {got}; "
                         "ignored", n, 1)
            return
        if key in self.t.header_lines:
            self.problem(WARNING, "duplicate-info", f"{key!r} appears again "
                         f"(first on line {self.t.header_lines[key]})", n, 1)
        self.t.header_lines.setdefault(key, n)
        if key in _TRF_RECORD:      # where check and the rating rules look
            self.t.header_lines.setdefault(_TRF_RECORD[key], n)
        attribute, kind, limit = INFO_KEYS[key]
        column = _value_column(raw)
        _INFO_READERS[kind](self, key, attribute, value.strip(), n, column, limit)

    def info_text(self, key: str, attribute: str, value: str, n: int, column: int,
                  limit: int | None) -> None:
        self.length(value, limit, key, n, column)
        setattr(self.t, attribute, value)

    def info_country(self, key: str, attribute: str, value: str, n: int, column: int,
                     limit: int | None) -> None:
        setattr(self.t, attribute, self.country(value, column, n))

    def info_date(self, key: str, attribute: str, value: str, n: int, column: int,
                  limit: int | None) -> None:
        found = _read_date(value)
        if found is None and value:
            self.problem(WARNING, "bad-date", f"{key}: expected a date "
                         f"DD/MM/YYYY, got {value!r}", n, column)
        setattr(self.t, attribute, found)

    def info_type(self, key: str, attribute: str, value: str, n: int, column: int,
                  limit: int | None) -> None:
        if value.upper() in TYPES:
            self.type_text = value.upper()
        elif value:
            self.problem(WARNING, "bad-type", "type: expected SWISS, ROUND, "
                         f"TEAMS or OTHER, got {value!r}", n, column)

    def info_flag(self, key: str, attribute: str, value: str, n: int, column: int,
                  limit: int | None) -> None:
        if value.upper() not in ("Y", "N", ""):
            self.problem(WARNING, "bad-flag", f"{key}: expected Y or N, got "
                         f"{value!r}", n, column)
        setattr(self.t, attribute, value.upper() == "Y")

    def info_remarks(self, key: str, attribute: str, value: str, n: int, column: int,
                     limit: int | None) -> None:
        """``remarks = <remark> free text </end remark>``, on any number of
        lines; a plain one-line value is read as it stands."""
        if not _REMARK_OPEN.match(value):
            self.t.remarks = value
            return
        self.remark = []
        self.remark_line(self.remark, _REMARK_OPEN.sub("", value, count=1), n)

    def remark_line(self, remark: list[str], raw: str, n: int) -> None:
        """One line of the open remark (`self.remark`, passed as `remark`)."""
        text, closed, _ = _partition(_REMARK_CLOSE, raw)
        remark.append(text)
        if closed:
            self.t.remarks = "\n".join(remark).strip()
            self.remark = None

    # -- <section players>

    def player_line(self, raw: str, n: int) -> None:
        fields = _fields(raw)
        if len(fields) != len(PLAYER_FIELDS):
            self.problem(ERROR, "bad-player", f"expected {len(PLAYER_FIELDS)}"
                         f" fields separated by {len(PLAYER_FIELDS) - 1} "
                         f"commas ({', '.join(PLAYER_FIELDS)}), got "
                         f"{len(fields) - 1} commas in {raw.strip()!r}", n, 1)
            self.placeholder(fields, n)
            return
        number = self.player_number(fields[1], n)
        if number is not None:
            self.add_player(self.player(fields, number, n), fields)

    def player(self, fields: list[_Field], number: int, n: int) -> Player:
        first, last = fields[5], fields[6]
        for (value, column), what in ((first, "first name"), (last, "last name")):
            self.length(value, _NAME_LENGTH, what, n, column)
        birth, birth_year = self.born(*fields[8], n)
        fmjd_id = self.fmjd_id(*fields[0], n)
        return Player(
            number=number, name=_join_name(first[0], last[0]), line=n,
            id=fmjd_id, local_id=self.local_id(*fields[2], n),
            rank=self.place(*fields[3], n), points=self.points(*fields[4], n),
            federation=self.country(*fields[7], n), birth=birth,
            birth_year=birth_year, sex=self.sex(*fields[9], n, fmjd_id))

    def placeholder(self, fields: list[_Field], n: int) -> None:
        """A line with the wrong number of fields still registers its
        number, so that its games are not reported a second time."""
        if len(fields) > 1 and _digits(fields[1][0]) and int(fields[1][0]):
            number = int(fields[1][0])
            if number not in self.players:
                self.doubtful.add(number)
                self.add_player(Player(number, "", line=n), fields)

    def add_player(self, player: Player, fields: list[_Field]) -> None:
        first = self.players.get(player.number)
        if first is not None:
            self.problem(ERROR, "duplicate-number", f"player number "
                         f"{player.number} is already used on line "
                         f"{first.line}", player.line, fields[1][1])
            return
        self.players[player.number] = player
        self.columns[player.number] = [column for _, column in fields]
        self.t.players.append(player)

    def player_number(self, field: _Field, n: int) -> int | None:
        value, column = field
        if _digits(value) and int(value) > 0:
            return int(value)
        self.problem(ERROR, "bad-number", "expected the player's number in "
                     f"the tournament (1 to 999; 0 is the dummy of a pause "
                     f"game), got {value!r}", n, column)
        return None

    def fmjd_id(self, value: str, column: int, n: int) -> str | None:
        if _digits(value):
            return str(int(value)) if int(value) else None
        if value:
            self.problem(WARNING, "bad-id", "expected an fmjd-ID (digits, 0 "
                         f"when none), got {value!r}", n, column)
        return None

    def local_id(self, value: str, column: int, n: int) -> str | None:
        self.length(value, _LOCAL_ID_LENGTH, "local ID", n, column)
        return value or None

    def place(self, value: str, column: int, n: int) -> int | None:
        if _digits(value):
            return int(value) or None
        self.problem(WARNING, "bad-place", "expected a place (digits, 0 for "
                     f"all while the tournament is not finished), got "
                     f"{value!r}", n, column)
        return None

    def points(self, value: str, column: int, n: int) -> float | None:
        if _POINTS.fullmatch(value):
            return float(value.replace(",", "."))
        self.problem(ERROR, "bad-points", "expected the player's points "
                     f"(obligatory, as in 12), got {value!r}", n, column)
        return None

    def country(self, value: str, column: int | None, n: int) -> str:
        if value and not (value.isascii() and value.isalpha() and len(value) <= 3):
            self.problem(WARNING, "bad-country", "expected a country code of "
                         f"at most 3 letters (as in NED), got {value!r}", n,
                         column)
        return value.upper()

    def born(self, value: str, column: int, n: int) -> tuple[date | None, int | None]:
        """DD/MM/YYYY; 00/00/YYYY or YYYY give the year alone."""
        if not value:
            return None, None
        if full := _read_date(value):
            return full, full.year
        if year := _birth_year(value):
            return None, year
        self.problem(WARNING, "bad-date", "born: expected a date DD/MM/YYYY, "
                     f"got {value!r}", n, column)
        return None, None

    def sex(self, value: str, column: int, n: int, fmjd_id: str | None) -> str | None:
        """W or M, "not necessary to fulfil when fmjd-ID exist"."""
        if value.upper() in _SEX:
            return _SEX[value.upper()]
        if value or fmjd_id is None:
            self.problem(WARNING, "bad-sex", "sex: expected W or M (needed "
                         f"when there is no fmjd-ID), got {value!r}", n, column)
        return None

    def length(self, value: str, limit: int | None, what: str, n: int,
               column: int | None) -> None:
        if limit is not None and len(value) > limit:
            self.problem(WARNING, "too-long", f"{what}: at most {limit} "
                         f"characters, got {len(value)} in {value!r}", n,
                         column)

    # -- <section results>

    def result_line(self, raw: str, n: int) -> None:
        fields = _fields(raw)
        if len(fields) != 4:
            self.problem(ERROR, "bad-game", "expected 4 fields (round, "
                         "number of the player with white, number of the "
                         f"second player, result), got {len(fields)} in "
                         f"{raw.strip()!r}", n, 1)
            return
        values = (self.count(fields[0], "round", n, minimum=1),
                  self.count(fields[1], "white's number (0 for the dummy)", n),
                  self.count(fields[2], "black's number (0 for the dummy)", n),
                  self.result_code(fields[3], n))
        round_, white, black, result = values
        if round_ is not None and white is not None and black is not None \
                and result is not None:
            self.games.append((round_, white, black, result, n, [c for _, c in fields]))

    def count(self, field: _Field, what: str, n: int, minimum: int = 0) -> int | None:
        value, column = field
        if _digits(value) and int(value) >= minimum:
            return int(value)
        self.problem(ERROR, "bad-game", f"expected the {what} (digits), got "
                     f"{value!r}", n, column)
        return None

    def result_code(self, field: _Field, n: int) -> str | None:
        value, column = field
        code = "".join(value.split()).lower()
        if code in RESULTS:
            return code
        self.problem(ERROR, "bad-result", f"expected a result ({RESULT_LIST})"
                     f", got {value!r}", n, column)
        return None

    # -- once every line is read

    def finish(self) -> None:
        if self.remark is not None:
            self.problem(WARNING, "unclosed-remark", "remarks: expected "
                         "'</end remark>' before the end of the file",
                         self.t.header_lines.get("remarks"), 1)
            self.t.remarks = "\n".join(self.remark).strip()
        if self.section is not None:
            self.unclosed(self.section, None)
        self.check_sections()
        for game in self.games:
            self.place_game(*game)
        for player in self.t.players:
            player.results.sort(key=lambda r: r.round)
            self.check_points(player)
        self.t.problems.extend(pairing_problems(self.t.players, "fmjd"))
        self.decide_system()
        self.check_places()
        self.t.rounds = self.t.rounds_played or None
        self.report_foreign()
        self.t.problems.sort(key=_position)

    def check_sections(self) -> None:
        for name in SECTIONS:
            if name not in self.opened:
                severity = WARNING if name == "info" else ERROR
                self.problem(severity, "missing-section", f"no '<section "
                             f"{'Info' if name == 'info' else name}>': fmjd "
                             "Annex 9 §11 expects <section Info>, <section "
                             "players> and <section results>", no_line=MISSING)
        for key in _REQUIRED_INFO:
            if "info" in self.opened and key not in self.t.header_lines:
                self.problem(WARNING, "missing-info", f"<section Info> has no "
                             f"{key!r}", self.opened["info"], 1)
        if "players" in self.opened and not self.t.players:
            self.problem(ERROR, "no-players", "<section players> holds no "
                         "player line", self.opened["players"], 1)

    def place_game(self, round_: int, white: int, black: int, result: str, n: int,
                   columns: list[int]) -> None:
        if not self.game_is_valid(round_, white, black, n, columns):
            return
        codes = RESULTS[result]
        for side, (number, other) in enumerate(((white, black), (black, white))):
            if number:
                self.add_result(number, other, side, result, codes[side], round_,
                                n, columns)

    def game_is_valid(self, round_: int, white: int, black: int, n: int,
                      columns: list[int]) -> bool:
        if white == black:
            what = "both players are the dummy (0)" if not white else \
                f"player {white} plays themself"
            self.problem(ERROR, "bad-game", f"round {round_}: {what}", n,
                         columns[1])
            return False
        valid = True
        for number, column in ((white, columns[1]), (black, columns[2])):
            valid = self.known_and_free(round_, number, n, column) and valid
        return valid

    def known_and_free(self, round_: int, number: int, n: int, column: int) -> bool:
        if number == 0:
            return True
        player = self.players.get(number)
        if player is None:
            self.problem(ERROR, "unknown-player", f"round {round_}: player "
                         f"{number} is not in <section players>", n, column)
            return False
        earlier = self.game_line.get((number, round_))
        if earlier is not None:
            self.problem(ERROR, "duplicate-game", f"round {round_}: player "
                         f"{number} already has a game in this round (line "
                         f"{earlier})", n, column)
            return False
        return True

    def add_result(self, number: int, other: int, side: int, result: str, code: str,
                   round_: int, n: int, columns: list[int]) -> None:
        if other == 0:      # a pause game against the dummy: a bye
            score = int(result[2 * side])
            code, colour = BYE_BY_SCORE[score], None
        else:
            colour = "wb"[side]
        self.game_line.setdefault((number, round_), n)
        self.players[number].results.append(RoundResult(
            round_, other or None, colour, code, CODE_SCORES[code], n,
            columns[3]))

    def check_points(self, player: Player) -> None:
        """fmjd Annex 9 §11: points are "OBLIGATORY (very important for
        general control)": they must equal the sum of the results."""
        if player.points is None or player.number in self.doubtful:
            return
        if abs(player.points - player.score) > 1e-9:
            self.problem(ERROR, "points-mismatch", f"player {player.number} "
                         f"declares {_points(player.points)}, the results in "
                         f"<section results> add up to {_points(player.score)}",
                         player.line, self.columns[player.number][4])

    def decide_system(self) -> None:
        system = TYPES.get(self.type_text or "OTHER")
        if system == "round-robin" and \
                system_from_pairings(self.t.players) == "double-round-robin":
            system = "double-round-robin"
        self.t.system = system

    def check_places(self) -> None:
        """fmjd Annex 9 §11: in an individual competition each place is
        unique; 0 for all while the tournament is not finished."""
        read = [p for p in self.t.players if p.number not in self.doubtful]
        placed = [(p.rank, p) for p in read if p.rank]
        if placed and len(placed) != len(read):
            self.problem(WARNING, "bad-place", f"{len(placed)} players have "
                         f"a place and {len(read) - len(placed)} "
                         "have 0: expected a place for every player, or 0 "
                         "for all while the tournament is not finished",
                         self.opened.get("players"), 1)
        if self.t.system == "team":
            return
        seen: dict[int, Player] = {}
        for rank, player in placed:
            if rank in seen:
                self.problem(WARNING, "duplicate-place", f"place {rank}"
                             f" is given to players {seen[rank].number}"
                             f" and {player.number}: in an individual "
                             "competition each place is unique", player.line,
                             self.columns[player.number][3])
            seen.setdefault(rank, player)

    def report_foreign(self) -> None:
        """fmjd Annex 9 §11, general remark: "use only standard letters
        like in English alphabet"; one warning for the whole file."""
        if not self.foreign:
            return
        n, column, text = self.foreign[0]
        more = len(self.foreign) - 1
        also = f" (and {more} more line{'s' if more > 1 else ''})" if more else ""
        self.problem(WARNING, "non-ascii", "fmjd Annex 9 §11 asks for "
                     "standard letters of the English alphabet only, got "
                     f"{_foreign(text)!r} in {text!r}{also}", n, column)


_SECTION_READERS: dict[str, Callable[[_Reader, str, int], None]] = {
    "info": _Reader.info, "players": _Reader.player_line,
    "results": _Reader.result_line}
# How <section Info> reads a value, by the kind INFO_KEYS gives its key.
_INFO_READERS: dict[str, Callable[[_Reader, str, str, str, int, int, int | None], None]] = {
    "text": _Reader.info_text, "country": _Reader.info_country,
    "date": _Reader.info_date, "type": _Reader.info_type,
    "flag": _Reader.info_flag, "remarks": _Reader.info_remarks}


# ----------------------------------------------------------------- writer

def write_official(t: Tournament) -> str:
    """The tournament in the FMJD official format (fmjd Annex 9 §11).

    Commas cannot be written inside a field (a player line has exactly nine)
    and become spaces; a name "Last, First" is split into its two fields.
    """
    lines = ["<section Info>", *_info_lines(t), "</end info>",
             "<section players>", *(_player_line(p) for p in t.players),
             "</end players>", "<section results>", *_result_lines(t),
             "</end results>"]
    return "\n".join(lines) + "\n"


def _info_lines(t: Tournament) -> list[str]:
    remarks = t.remarks
    values = {
        "name": t.name, "played from": _write_date(t.start),
        "played to": _write_date(t.end),
        "type": _TYPE_OF_SYSTEM.get(t.system or "", "OTHER"),
        "national championship": "Y" if t.national_championship else "N",
        "women championship": "Y" if t.women_only else "N",
        "name of referee": t.referee, "place": t.city,
        "country": t.federation,
        "remarks": f"<remark> {remarks} </end remark>" if remarks else "",
        "winner": t.winner,
    }
    return [f"{key} = {_one_line(value) if key != 'remarks' else value}".rstrip()
            for key, value in values.items()]


def _player_line(p: Player) -> str:
    last, first = _split_name(p.name)
    points = p.points if p.points is not None else p.score
    fields = [p.id or "0", str(p.number), p.local_id or "",
              str(p.rank or 0), f"{points:g}", first, last,
              p.federation or "", _write_birth(p), (p.sex or "").upper()]
    return ",".join(_field_text(f) for f in fields)


def _result_lines(t: Tournament) -> list[str]:
    """Each game once, by round, then by the number of white."""
    games: dict[tuple[int, ...], tuple[int, int, int, str]] = {}
    for p in sorted(t.players, key=lambda p: p.number):
        for r in p.results:
            key = (r.round, *sorted((p.number, r.opponent or 0)))
            if key not in games:
                games[key] = _game(t, p, r)
    return [f"{round_},{white},{black},{result}"
            for round_, white, black, result in sorted(games.values())]


def _game(t: Tournament, p: Player, r: RoundResult) -> tuple[int, int, int, str]:
    """Round, white, black and result (white first, as the file orders)."""
    if r.opponent is None:
        return r.round, p.number, 0, _BYE_RESULTS.get(r.code, "0-2")
    opponent = t.player(r.opponent)
    reply = next((x for x in opponent.results if x.round == r.round), None) \
        if opponent else None
    result = _result_from(r, reply)
    if r.color == "b":
        return r.round, r.opponent, p.number, _flip(result)
    return r.round, p.number, r.opponent, result


# A bye as a pause game against the dummy (player 0).
_BYE_RESULTS = {"U": "2-0", "F": "2-0", "H": "1-1", "Z": "0-2"}
# The result as the player with this code writes it first; a forfeit is
# written as the referee's decision, the only unplayed game §11 knows.
_RESULT_OF_CODE = {"1": "2-0", "=": "1-1", "0": "0-2", "W": "2-0",
                   "D": "1-1", "L": "0-2", "+": "2x0", "-": "0x2",
                   "2x0": "2x0", "0x2": "0x2", "1x1": "1x1", "0x0": "0x0"}
_RESULT_OF_SCORE = {2: "2x0", 1: "1x1", 0: "0x2"}


def _result_from(r: RoundResult, reply: RoundResult | None) -> str:
    if r.code == "-" and reply is not None and reply.code == "-":
        return "0x0"     # a double forfeit: both lose
    if r.code in _RESULT_OF_CODE:
        return _RESULT_OF_CODE[r.code]
    return _RESULT_OF_SCORE.get(int(r.score), "0x0")


def _flip(result: str) -> str:
    return result[::-1]


# ---------------------------------------------------------------- helpers

def _fields(raw: str) -> list[tuple[str, int]]:
    """The comma-separated fields of a line, stripped, each with the
    1-based column where its text starts."""
    out: list[_Field] = []
    start = 0
    for part in raw.split(","):
        lead = len(part) - len(part.lstrip())
        out.append((part.strip(), start + lead + 1))
        start += len(part) + 1
    return out


def _value_column(raw: str) -> int:
    after = raw.index("=") + 1
    return after + len(raw[after:]) - len(raw[after:].lstrip()) + 1


def _partition(pattern: re.Pattern[str], text: str) -> tuple[str, bool, str]:
    match = pattern.search(text)
    if match is None:
        return text, False, ""
    return text[:match.start()], True, text[match.end():]


def _read_date(text: str) -> date | None:
    match = _DATE.fullmatch(text.strip())
    if match is None:
        return None
    try:
        return date(int(match[3]), int(match[2]), int(match[1]))
    except ValueError:
        return None


def _birth_year(text: str) -> int | None:
    """The year of ``YYYY`` or of a date whose day or month is 00."""
    if _digits(text) and len(text) == 4:
        return int(text)
    match = _DATE.fullmatch(text)
    if match and 0 in (int(match[1]), int(match[2])) and int(match[2]) <= 12:
        return int(match[3])
    return None


def _write_date(value: date | None) -> str:
    return value.strftime("%d/%m/%Y") if value else ""


def _write_birth(p: Player) -> str:
    if p.birth:
        return _write_date(p.birth)
    return f"00/00/{p.birth_year:04d}" if p.birth_year else ""


def _points(value: float) -> str:
    return f"{value:g} point" + ("" if value == 1 else "s")


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _join_name(first: str, last: str) -> str:
    """"Last, First" as the other readers give names."""
    return f"{last}, {first}" if first and last else (last or first)


def _split_name(name: str) -> tuple[str, str]:
    last, _, first = name.partition(",")
    return last.strip(), first.strip()


def _field_text(value: str) -> str:
    return _one_line(re.sub(r"\s*,\s*", " ", value)).strip()


def _one_line(value: str) -> str:
    return " ".join(str(value).splitlines())


def _foreign(text: str) -> str:
    return "".join(dict.fromkeys(c for c in text if not c.isascii()))


def _first_foreign(raw: str) -> int:
    return next(i for i, c in enumerate(raw, start=1) if not c.isascii())


def _position(problem: Problem) -> tuple[bool, int, int]:
    return (problem.line is None, problem.line or 0, problem.column or 0)
