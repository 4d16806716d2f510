"""Reader for the FIDE Tournament Report File (TRF).

The TRF is the fixed-column text that tournament software submits to FIDE
for rating: TRF-2006 (Christian Krause, Torino, 1 June 2006), TRF16 (FIDE
Handbook C.04 Annex 2) and TRF-2026 ("TRF26", approved by the FIDE Council
on 12/05/2025, applied from 01/09/2025).  The three editions agree on every
column read here; TRF26 adds team, bye and tie-break records, which are
reported as ignored.  JaVaFo's TRF(x) extension adds ``XXR`` (number of
rounds), read here, and ``XXC``/``XXS`` (pairing options), ignored.

`parse_trf` never raises for bad content: every problem is collected in
``Tournament.problems`` with its 1-based line and column (house style: the
parser points at the spot and reports everything at once).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from datetime import date
from typing import Literal

from .limits import guarded
from .model import Player, RoundResult, Tournament
from .pairings import pairing_problems
from .problems import ERROR, MISSING, WARNING, Problem

__all__ = ["parse_trf", "read_trf_date", "system_from_type",
           "system_from_pairings", "rate_from_type", "RESULT_SCORES"]

# TRF16 / TRF26 player section, "Round results": result codes and the points
# they give with the default scoring (TRF26 record 162 defaults: win, forfeit
# win and full-point or pairing-allocated bye 1, draw and half-point bye 0.5).
# A blank result is "equivalent to Z" (TRF26).
RESULT_SCORES = {"1": 1.0, "0": 0.0, "=": 0.5, "+": 1.0, "-": 0.0,
                 "W": 1.0, "D": 0.5, "L": 0.0, "H": 0.5, "F": 1.0,
                 "U": 1.0, "Z": 0.0}
RESULT_LIST = "1, 0, =, +, -, W, D, L, H, F, U, Z"

# The well-formed cells' colour and result characters, read without a
# method call each (`_well_formed_cell`); anything else takes the checked
# path (`_Reader.round_cell`), which gives the same reading or the problem.
_CELL_COLOURS: dict[str, str | None] = {"w": "w", "W": "w", "b": "b", "B": "b",
                                        "-": None, " ": None}
_CELL_CODES = {**{c: c for c in RESULT_SCORES},
               **{c.lower(): c for c in RESULT_SCORES if c.isalpha()}, " ": "Z"}


# Player record columns, 1-based as the TRF16/TRF26 tables print them.
COL_NUMBER, COL_SEX, COL_TITLE, COL_NAME = 5, 10, 11, 15
COL_RATING, COL_FEDERATION, COL_ID, COL_BIRTH = 49, 54, 58, 70
COL_POINTS, COL_RANK, COL_ROUND_1, ROUND_WIDTH = 81, 86, 92, 10

# Titles as older programs write them: the one- or two-letter codes of the
# FIDE rating list's "Tit" column (g, m, f, wg, wm, wf, c, wc).
LEGACY_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM",
                 "wm": "WIM", "wf": "WFM", "wc": "WCM"}

# Why a record is ignored, by record: the warning says what is not applied.
IGNORED_REASONS = {
    "013": "team composition", "142": "number of rounds, not a number",
    "152": "initial colour", "162": "scoring system (the default "
    "1/0.5/0 is used)", "172": "starting-rank method",
    "182": "pairing controller", "192": "encoded tournament type",
    "212": "standings definition",
    "222": "encoded time control", "240": "byes (their points are not "
    "added)", "250": "accelerated rounds", "260": "prohibited pairings",
    "299": "abnormal points (not applied)", "300": "team line-ups",
    "310": "team record", "320": "team pairing-allocated byes",
    "330": "forfeited team matches", "352": "team colour sequence",
    "362": "team scoring system", "801": "team results",
    "802": "team results", "XXC": "JaVaFo first colour option",
    "XXS": "JaVaFo scoring option", "XXA": "JaVaFo accelerations",
    "DAT": "extra player data",
}
_NATIONAL = "a national rating record or a program's extension"
_UNKNOWN = "not a record of TRF-2006, TRF16 or TRF26"
# TRF26 "Team Section": their presence marks a team event.
_TEAM_RECORDS = ("013", "310")

# Words of record 092 ("Type of tournament"), in the languages programs
# write, checked in this order: team first ("Team Swiss" is a team event).
_TEAM_WORDS = ("team", "mannschaft", "equipe", "équipe", "equipos",
               "olympiad")
_DOUBLE_WORDS = ("double", "doppel", "doble", "ida y vuelta", "two cycles")
_ROUND_ROBIN_WORDS = ("round robin", "round-robin", "roundrobin",
                      "rundenturnier", "toutes rondes", "todos contra todos",
                      "berger", "all-play-all", "all play all", "girone")
_SWISS_WORDS = ("swiss", "schweizer", "suisse", "suizo", "svizzero",
                "dutch", "dubov", "burstein", "monrad")
_RATES = ("standard", "rapid", "blitz")

_MONTHS = {name: i for i, name in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
     "nov", "dec"), start=1)}
_NUMERIC_DATE = re.compile(
    r"(\d{1,4})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{1,4})")
_MONTH_FIRST = re.compile(r"([A-Za-z]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})")
_DAY_FIRST = re.compile(r"(\d{1,2})\.?[\s-]*([A-Za-z]{3,})\.?[\s,-]+(\d{4})")
# A birth date with the month or the day written as zeros: year only.
_PARTIAL_BIRTH = re.compile(r"(\d{4})[./-](\d{1,2})[./-](\d{1,2})")
_POINTS = re.compile(r"[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_YEAR = re.compile(r"\d{4}")      # compiled once: re's cache lookup cost a call a player


def parse_trf(text: str) -> Tournament:
    """Read a TRF (TRF-2006, TRF16 or TRF26) into a `Tournament`.

    Never raises for bad content: every problem is in ``.problems``.
    """
    return guarded(_Reader().read, text, "trf",
                   Tournament(source_format="trf", game="chess"), unread=_unread)


def _unread(line: str) -> bool:
    """A line whose numbers are never read (comments, rulers, records
    reported as ignored): its digits are not limited."""
    return line[:3] != "001" and line[:3] not in _HEADER_READERS


# ---------------------------------------------------------------- dates

def read_trf_date(text: str) -> date | None:
    """A date as TRF writers print it, None when it cannot be read.

    TRF16/TRF26 prescribe ``YYYY/MM/DD`` (``YY/MM/DD`` in record 132);
    programs also write ``28. 07. 2005``, ``24/09/2010``, ``1969.12.06``
    and ``May 29, 2020``.  Day-first is tried before month-first.
    """
    text = text.strip()
    match = _NUMERIC_DATE.fullmatch(text)
    if match:
        return _numeric_date(*match.groups())
    return _named_month_date(text)


def _numeric_date(a: str, b: str, c: str) -> date | None:
    if len(a) == 4:
        return _date(int(a), int(b), int(c))
    if len(c) == 4:
        return _date(int(c), int(b), int(a)) or _date(int(c), int(a), int(b))
    if len(a) <= 2 and len(c) <= 2:     # TRF26 record 132: YY/MM/DD
        return (_date(_century(a), int(b), int(c))
                or _date(_century(c), int(b), int(a)))
    return None


def _century(year: str) -> int:
    # TRF26 writes two-digit years in record 132; a pivot at 70 still reads
    # a year of an older file (YY >= 70) as the twentieth century.
    return 2000 + int(year) if int(year) < 70 else 1900 + int(year)


def _named_month_date(text: str) -> date | None:
    match = _MONTH_FIRST.fullmatch(text)
    if match:
        month, day, year = match.groups()
    elif match := _DAY_FIRST.fullmatch(text):
        day, month, year = match.groups()
    else:
        return None
    number = _MONTHS.get(month[:3].lower())
    return _date(int(year), number, int(day)) if number else None


def _date(year: int, month: int, day: int) -> date | None:
    if not 1800 <= year <= 2200:
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _read_birth(text: str) -> tuple[date | None, int | None] | None:
    """Birth date and year from columns 70-79; None when unreadable.

    Writers mark an unknown month and day with zeros (``1987/00/00``) or
    give the year alone (``1978``); both give the year only.
    """
    text = text.strip()
    if not text or set(text) <= set("0/.- "):
        return None, None
    if _YEAR.fullmatch(text):
        return None, _year(int(text))
    full = read_trf_date(text)
    return (full, full.year) if full else _partial_birth(text)


def _partial_birth(text: str) -> tuple[None, int | None] | None:
    """``1987/00/00`` or ``1987/05/00``: the year alone."""
    match = _PARTIAL_BIRTH.fullmatch(text)
    if match is None:
        return None
    year, month, day = (int(part) for part in match.groups())
    if 0 in (month, day) and month <= 12 and day <= 31:
        return None, _year(year)
    return None


def _year(year: int) -> int | None:
    return year if 1800 <= year <= 2200 else None


# --------------------------------------------------------------- system

def system_from_type(text: str) -> str | None:
    """The system named by record 092 ("Type of tournament"), if clear."""
    words = text.lower()
    if any(w in words for w in _TEAM_WORDS):
        return "team"
    if "scheveningen" in words:
        return "scheveningen"
    if any(w in words for w in _ROUND_ROBIN_WORDS):
        double = any(w in words for w in _DOUBLE_WORDS)
        return "double-round-robin" if double else "round-robin"
    if any(w in words for w in _SWISS_WORDS):
        return "swiss"
    return None


def rate_from_type(text: str) -> str | None:
    """Rate of play when record 092 names it (Swiss-Manager writes
    ``Individual: Swiss-System (Standard)``)."""
    words = text.lower()
    found = [rate for rate in _RATES if rate in words]
    return found[0] if len(found) == 1 else None


def system_from_pairings(players: list[Player]) -> str | None:
    """Infer the system when record 092 is absent or unclear.

    Two players make a match; when every pair of players met exactly once
    (twice) it is a (double) round robin; otherwise a Swiss.
    """
    if len(players) < 2:
        return None
    if len(players) == 2:
        return "match"
    meetings = _meetings(players)
    pairs = len(players) * (len(players) - 1) // 2
    if len(meetings) == pairs and set(meetings.values()) == {1}:
        return "round-robin"
    if len(meetings) == pairs and set(meetings.values()) == {2}:
        return "double-round-robin"
    return "swiss"


def _meetings(players: list[Player]) -> Counter[tuple[int, int]]:
    """How often each pair of players was paired (forfeits count: the
    pairing was made), each game counted once whichever side names it."""
    numbers = {p.number for p in players}
    games = {(min(p.number, r.opponent), max(p.number, r.opponent), r.round)
             for p in players for r in p.results
             if r.opponent in numbers and r.opponent != p.number}
    return Counter((a, b) for a, b, _ in games)


# --------------------------------------------------------------- reader

class _Reader:
    """One pass over the lines, then the checks that need every player."""

    def __init__(self) -> None:
        self.tournament = Tournament(source_format="trf", game="chess")
        self.players: dict[int, Player] = {}
        self.ignored: dict[str, list[int]] = {}
        self.unusable: set[tuple[int, int]] = set()  # (number, round)
        self.doubtful: set[int] = set()    # players with an unread cell
        self.counts: dict[str, tuple[int, int]] = {}  # 062/072: value, line
        self.type_text: str | None = None

    def read(self, text: str) -> Tournament:
        for number, line in enumerate(_lines(text), start=1):
            self.line(line, number)
        self.finish()
        return self.tournament

    def problem(self, severity: str, code: str, message: str,
                line: int | None = None, column: int | None = None,
                no_line: str | None = None) -> None:
        self.tournament.problems.append(
            Problem(severity, code, message, line, column, no_line))

    def line(self, text: str, number: int) -> None:
        record = text[:3]
        if not text.strip() or record == "###":
            return      # blank lines and TRF26 comments carry no data
        if record == "001":
            self.player(text, number)
        elif record in _HEADER_READERS:
            self.tournament.header_lines.setdefault(record, number)
            value = text[4:].strip()
            _HEADER_READERS[record](self, record, value, text, number)
        else:
            self.ignored.setdefault(record, []).append(number)

    # -- header records (TRF16/TRF26 "Tournament Section")

    def header_name(self, record: str, value: str, text: str, number: int) -> None:
        """012: the event's name (the first 012 counts)."""
        self.tournament.name = self.tournament.name or value

    def header_city(self, record: str, value: str, text: str, number: int) -> None:
        """022: the city (the first 022 counts)."""
        self.tournament.city = self.tournament.city or value

    def header_federation(self, record: str, value: str, text: str, number: int) -> None:
        """032: the federation (the first 032 counts)."""
        self.tournament.federation = self.tournament.federation or value

    def header_date(self, record: str, value: str, text: str, number: int) -> None:
        """042 start, 052 end: YYYY/MM/DD by the spec, anything in use."""
        which = "start" if record == "042" else "end"
        found = read_trf_date(value)
        if found is None:
            self.problem(WARNING, "trf.bad-date",
                         f"expected the {which} date (e.g. 2005/07/28) in "
                         f"record {record}, got {value!r}", number, 5)
        if record == "042":
            self.tournament.start = found
        else:
            self.tournament.end = found

    def header_count(self, record: str, value: str, text: str, number: int) -> None:
        """062 players, 072 rated players, 082 teams: kept to compare."""
        if _digits(value):
            self.counts[record] = (int(value), number)
        elif value:
            self.problem(WARNING, "trf.bad-count", f"expected a number in "
                         f"record {record}, got {value!r}", number, 5)

    def header_type(self, record: str, value: str, text: str, number: int) -> None:
        self.type_text = value

    def header_time(self, record: str, value: str, text: str, number: int) -> None:
        self.tournament.time_control = value or None

    def header_rounds(self, record: str, value: str, text: str, number: int) -> None:
        """XXR (TRF(x)) and TRF26 142: the number of rounds planned."""
        if _digits(value) and int(value) > 0:
            if record == "XXR" or self.tournament.rounds is None:
                self.tournament.rounds = int(value)
        elif record == "142":   # older Vega files put the scoring in 142
            self.ignored.setdefault(record, []).append(number)
        else:
            self.problem(WARNING, "trf.bad-rounds", "expected the number of "
                         f"rounds in record {record}, got {value!r}",
                         number, 5)

    def header_tiebreaks(self, record: str, value: str, text: str, number: int) -> None:
        """TRF26 202: the ordered tie-break list (read by
        rules_core/fide/tiebreaks.py, which reports what it cannot use)."""
        self.tournament.tiebreaks = value

    def header_round_dates(self, record: str, value: str, text: str, number: int) -> None:
        """132: one date per round, columns 92-99, 102-109, ... (TRF26)."""
        for k, column in enumerate(_round_columns(text)):
            cell = text[column - 1:column + 7].strip()
            found = read_trf_date(cell) if cell else None
            if found:
                self.tournament.round_dates.append(found)
            elif cell:
                self.problem(WARNING, "trf.bad-date", f"expected the date of "
                             f"round {k + 1} (YY/MM/DD), got {cell!r}",
                             number, column)

    # -- player records (001)

    def player(self, text: str, line: int) -> None:
        padded = text.ljust(COL_ROUND_1 - 1)
        number = self.start_number(padded, line)
        if number is None:
            return
        if number in self.players:
            first = self.players[number].line
            self.problem(ERROR, "trf.duplicate-number", f"start number "
                         f"{number} is already used on line {first}",
                         line, COL_NUMBER)
            return
        player = self.player_fields(padded, number, line)
        player.results = self.rounds(text, number, line)
        self.players[number] = player
        self.tournament.players.append(player)

    def start_number(self, padded: str, line: int) -> int | None:
        raw = padded[COL_NUMBER - 1:COL_NUMBER + 3]
        if _digits(raw.strip()) and int(raw.strip()) > 0:
            return int(raw.strip())
        self.problem(ERROR, "trf.bad-number", "expected a start number "
                     f"(1 to 9999) in columns 5-8, got {raw.strip()!r}",
                     line, COL_NUMBER)
        return None

    def player_fields(self, padded: str, number: int, line: int) -> Player:
        """Columns 10-89 of a 001 record (TRF16/TRF26 "Player Section")."""
        birth, birth_year = self.birth(padded, line)
        return Player(
            number=number, line=line,
            name=_field(padded, COL_NAME, 33) or "",
            sex=(_field(padded, COL_SEX, 1) or "").lower() or None,
            title=_title(_field(padded, COL_TITLE, 3)),
            rating=self.rating(padded, line),
            federation=_field(padded, COL_FEDERATION, 3),
            id=self.fide_id(padded, line),
            birth=birth, birth_year=birth_year,
            points=self.points(padded, line),
            rank=self.rank(padded, line))

    def rating(self, padded: str, line: int) -> int | None:
        """Columns 49-52; 0 or blank is unrated."""
        raw = _field(padded, COL_RATING, 4)
        if raw is None or _digits(raw):
            return int(raw) or None if raw else None
        self.problem(ERROR, "trf.bad-rating", "expected a rating (digits, "
                     f"blank or 0 when unrated), got {raw!r}",
                     line, COL_RATING)
        return None

    def fide_id(self, padded: str, line: int) -> str | None:
        """Columns 58-68, one more when a wide id pushes the birth date."""
        raw = padded[COL_ID - 1:COL_BIRTH - 1 + _shift(padded)].strip()
        if not raw or _digits(raw):
            return str(int(raw)) if raw and int(raw) else None
        self.problem(WARNING, "trf.bad-id", "expected a FIDE id (digits), "
                     f"got {raw!r}", line, COL_ID)
        return None

    def birth(self, padded: str, line: int) -> tuple[date | None, int | None]:
        """Columns 70-79 (71-80 when a wide FIDE id pushes them)."""
        column = COL_BIRTH + _shift(padded)
        raw = padded[column - 1:column + 9]
        found = _read_birth(raw)
        if found is None:
            self.problem(WARNING, "trf.bad-date", "expected a birth date "
                         f"(YYYY/MM/DD or YYYY), got {raw.strip()!r}",
                         line, column)
            return None, None
        return found

    def points(self, padded: str, line: int) -> float | None:
        raw = _field(padded, COL_POINTS, 4)
        number = _number(raw)
        if raw is not None and number is None:
            self.problem(WARNING, "trf.bad-points", "expected points (as in "
                         f"11.5) in columns 81-84, got {raw!r}",
                         line, COL_POINTS)
        return number

    def rank(self, padded: str, line: int) -> int | None:
        raw = _field(padded, COL_RANK, 4)
        if raw is None or _digits(raw):
            return int(raw) or None if raw else None     # 0: not ranked
        self.problem(WARNING, "trf.bad-rank", f"expected a rank in columns "
                     f"86-89, got {raw!r}", line, COL_RANK)
        return None

    # -- round cells: 10 columns per round from column 92

    def rounds(self, text: str, number: int, line: int) -> list[RoundResult]:
        """Every round cell up to the last one written: trailing blank
        cells are rounds not played yet; a blank cell before them is a
        zero-point bye (TRF26: blank opponent = 0000, blank result = Z)."""
        results = []
        for k, column in enumerate(_round_columns(text)):
            cell = text[column - 1:column + ROUND_WIDTH - 1].ljust(8)
            result = (_well_formed_cell(cell, k + 1, line, column)
                      or self.round_cell(cell, k + 1, line, column))
            if result is None:
                self.unusable.add((number, k + 1))
                self.doubtful.add(number)
            else:
                results.append(result)
        return results

    def round_cell(self, cell: str, round_: int, line: int,
                   column: int) -> RoundResult | None:
        opponent = self.opponent(cell[0:4], line, column)
        colour = self.colour(cell[5], line, column + 5)
        code = self.result_code(cell[7], line, column + 7)
        if opponent is False or colour is False or code is None:
            return None
        return RoundResult(round=round_, opponent=opponent, color=colour,
                           code=code, score=RESULT_SCORES[code],
                           line=line, column=column)

    def opponent(self, raw: str, line: int, column: int) -> int | None | Literal[False]:
        """Start number, None for 0000 or blank, False when unreadable."""
        raw = raw.strip()
        if not raw or _digits(raw):
            return int(raw) or None if raw else None
        self.problem(ERROR, "trf.bad-opponent", "expected the opponent's "
                     f"start number (0000 for none), got {raw!r}",
                     line, column)
        return False

    def colour(self, raw: str, line: int, column: int) -> str | None | Literal[False]:
        """w or b; '-' or blank: no colour (bye, not paired, forfeit)."""
        if raw.lower() in ("w", "b"):
            return raw.lower()
        if raw in ("-", " "):
            return None
        self.problem(ERROR, "trf.bad-colour", "expected a colour (w, b or -),"
                     f" got {raw!r}", line, column)
        return False

    def result_code(self, raw: str, line: int, column: int) -> str | None:
        """TRF26: letter codes are case-insensitive; blank is Z."""
        code = "Z" if raw == " " else raw.upper()
        if code in RESULT_SCORES:
            return code
        self.problem(ERROR, "trf.bad-result", "expected a result code "
                     f"({RESULT_LIST}), got {raw!r}", line, column)
        return None

    # -- checks once every line is read

    def finish(self) -> None:
        tournament = self.tournament
        if not tournament.players:
            self.problem(ERROR, "trf.no-players", "no player records (lines "
                         "starting with 001) found", no_line=MISSING)
        self.check_dates()
        self.check_counts()
        tournament.problems.extend(pairing_problems(
            tournament.players, "trf", frozenset(self.unusable),
            colour_offset=5, result_offset=7))
        for player in tournament.players:
            self.check_points(player)
        self.decide_system()
        if tournament.rounds is None and tournament.players:
            tournament.rounds = tournament.rounds_played or None
        self.report_ignored()
        tournament.problems.sort(key=_position)

    def check_dates(self) -> None:
        tournament = self.tournament
        if "042" not in tournament.header_lines:
            self.problem(WARNING, "trf.missing-date", "no start date (record "
                         "042): the edition cannot be chosen by date",
                         no_line=MISSING)
        start, end = tournament.start, tournament.end
        if start and end and end < start:
            self.problem(WARNING, "trf.bad-date", f"the end date {end} is "
                         f"before the start date {start}",
                         tournament.header_lines.get("052"), 5)

    def check_counts(self) -> None:
        """062 and 072 against the player records."""
        players = self.tournament.players
        actual = {"062": (len(players), "players"),
                  "072": (sum(p.rated for p in players), "rated players")}
        for record, (count, what) in actual.items():
            declared, line = self.counts.get(record, (count, None))
            if declared != count:
                self.problem(WARNING, "trf.count-mismatch", f"record {record}"
                             f" declares {declared} {what}, the player "
                             f"records hold {count}", line, 5)

    def check_points(self, player: Player) -> None:
        """Columns 81-84 against the sum of the round results."""
        if player.points is None or player.number in self.doubtful:
            return
        if abs(player.points - player.score) > 1e-9:
            self.problem(WARNING, "trf.points-mismatch", f"player "
                         f"{player.number} declares {player.points:g} points"
                         f" (columns 81-84), the results add up to "
                         f"{player.score:g}", player.line, COL_POINTS)

    def decide_system(self) -> None:
        tournament = self.tournament
        text = self.type_text or ""
        team = any(record in self.ignored for record in _TEAM_RECORDS)
        tournament.system = (system_from_type(text)
                             or ("team" if team else None)
                             or system_from_pairings(tournament.players))
        tournament.rate_of_play = rate_from_type(text)

    def report_ignored(self) -> None:
        """One warning per record type, at its first line."""
        for record, lines in self.ignored.items():
            reason = _ignored_reason(record)
            more = _more(len(lines) - 1)
            self.problem(WARNING, "trf.ignored-record", f"record {record!r} "
                         f"ignored: {reason}{more}", lines[0], 1)


# Records read for the event, each by its handler; everything else is
# reported once as ignored.  102 and 112 (arbiters): the model has no place
# for them.
_HEADER_READERS: dict[str, Callable[[_Reader, str, str, str, int], None]] = {
    "012": _Reader.header_name, "022": _Reader.header_city,
    "032": _Reader.header_federation, "042": _Reader.header_date,
    "052": _Reader.header_date, "062": _Reader.header_count,
    "072": _Reader.header_count, "082": _Reader.header_count,
    "092": _Reader.header_type, "102": lambda *args: None,
    "112": lambda *args: None, "122": _Reader.header_time,
    "132": _Reader.header_round_dates, "142": _Reader.header_rounds,
    "XXR": _Reader.header_rounds, "202": _Reader.header_tiebreaks,
}


# -------------------------------------------------------------- helpers

def _lines(text: str) -> list[str]:
    """Lines whatever the line ending (CRLF, LF, or CR alone as TRF16's
    Remark 1 asks), without a byte-order mark."""
    return _LINE_BREAK.split(text.removeprefix("\ufeff"))


def _digits(raw: str) -> bool:
    """ASCII digits only (str.isdigit also accepts superscripts)."""
    return raw.isascii() and raw.isdigit()


def _field(padded: str, column: int, width: int) -> str | None:
    """The stripped text of a fixed-width field, None when blank."""
    return padded[column - 1:column - 1 + width].strip() or None


def _shift(padded: str) -> int:
    """1 when the FIDE id runs past column 68 and the birth date sits in
    columns 71-80 (column 70 blank, 80 used); TRF16 and TRF26 both print
    58-68 and 70-79, but some TRF26 writers shift by one column."""
    return 1 if padded[COL_BIRTH - 1] == " " and padded[79] != " " else 0


def _ignored_reason(record: str) -> str:
    """Why a record is not read: a known record, a three-letter national
    rating record (TRF26 "National Rating Support"), or not TRF at all."""
    if record in IGNORED_REASONS:
        return IGNORED_REASONS[record]
    if record.isascii() and record.isalpha() and record.isupper():
        return _NATIONAL
    return _UNKNOWN


def _title(raw: str | None) -> str | None:
    if raw is None:
        return None
    return LEGACY_TITLES.get(raw, raw.upper())


def _number(raw: str | None) -> float | None:
    """Points as in ``11.5``; a decimal comma is accepted."""
    if raw is None or not _POINTS.fullmatch(raw):
        return None
    return float(raw.replace(",", "."))


def _well_formed_cell(cell: str, round_: int, line: int,
                      column: int) -> RoundResult | None:
    """A round cell read in one pass when every part of it is well formed
    (as `_Reader.round_cell` reads it), else None: the checked path then
    reads it again and reports what is wrong."""
    colour = _CELL_COLOURS.get(cell[5], "?")
    code = _CELL_CODES.get(cell[7])
    raw = cell[0:4].strip()
    if colour == "?" or code is None or (raw and not (raw.isascii() and raw.isdigit())):
        return None
    opponent = (int(raw) or None) if raw else None
    return RoundResult(round_, opponent, colour, code, RESULT_SCORES[code], line, column)


def _round_columns(text: str) -> range:
    """First columns of the round cells up to the last non-blank one."""
    end = len(text.rstrip())
    if end < COL_ROUND_1:
        return range(0)
    count = (end - COL_ROUND_1) // ROUND_WIDTH + 1
    return range(COL_ROUND_1, COL_ROUND_1 + count * ROUND_WIDTH, ROUND_WIDTH)


def _more(count: int) -> str:
    if not count:
        return ""
    return f" (and {count} more line{'s' if count > 1 else ''})"


def _position(problem: Problem) -> tuple[bool, int, int]:
    return (problem.line is None, problem.line or 0, problem.column or 0)
