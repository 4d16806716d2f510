"""The chess-results.com upload XML (Heinz Herzog's format, written by
Swiss-Manager and other pairing programs) as an event format.

The format as documented by its author ("Uploading a chess tournament to
the Chess-Results.com database", H. Herzog 2017-2024; transcribed in Sharly
Chess's docs/technical-appendices/chess-results): a ``<chessresults>`` root
holding

* ``<tournamentdata><tournament .../>``: ``type`` (0 individual Swiss,
  1 individual round robin, 2 team round robin, 3 team Swiss), ``replay``
  (2: every pairing played twice), ``name``, ``location``, ``federation``,
  ``from``/``to`` (``YYYYMMDD``; ``DD.MM.YYYY`` also read), ``rounds``,
  ``timecontrol`` (free text), ``timetype`` (1 standard, 2 rapid, 3 blitz);
* ``<rounds><round round= date=/>``;
* ``<players><player .../>``: ``no`` (start number), ``lastname`` and
  ``firstname``, ``fideid``, ``rtgfide`` (the FIDE rating: ``rtg`` may be a
  national one and is not used), ``title``, ``sex`` (m/w), ``fed``, ``dob``
  (``YYYY`` or ``DD.MM.YYYY``), ``kfaktor`` (K as published), ``rank``,
  ``pts`` (decimal comma);
* ``<playerpairings><playerpairing .../>``: ``round``, ``whiteno``,
  ``blackno`` (-1: White has the pairing-allocated bye; -2: White was not
  paired), ``reswhite``/``resblack`` (points), ``forfeit`` (``K`` a forfeit,
  ``U`` an unrated game, ``D`` a penalty result).

A DOCTYPE or ENTITY declaration is refused before parsing (no entity
expansion).  Every problem is a `Problem` with its line; the reader never
raises.  Decisions: docs/formats.md ("chess-results XML").
"""

from __future__ import annotations

import bisect
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from datetime import date

from .model import Player, RoundResult, Tournament
from .pairings import pairing_problems
from .problems import ERROR, WARNING, Problem

__all__ = ["parse_chessresults", "looks_like_chessresults", "SYSTEMS"]

# tournament type -> system (replay 2 makes a round robin double)
SYSTEMS = {"0": "swiss", "1": "round-robin", "2": "team", "3": "team"}
RATES = {"1": "standard", "2": "rapid", "3": "blitz"}
PAB, NOT_PAIRED = -1, -2
# An element's attribute by name (``Element.attrib.get``).
_Get = Callable[[str], str | None]

_DECLARATION = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_MASKED = re.compile(r"<!--.*?-->|<!\[CDATA\[.*?\]\]>", re.DOTALL)
_ROOT = re.compile(r"<\s*chessresults\b", re.IGNORECASE)
_DOTTED = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")
_COMPACT = re.compile(r"(\d{4})-?(\d{2})-?(\d{2})")


def looks_like_chessresults(text: str) -> bool:
    return bool(_ROOT.search(_MASKED.sub("", text[:5000])))


def parse_chessresults(text: str) -> Tournament:
    """Read the upload XML; never raises for bad content."""
    return _Reader(text).read()


class _Locator:
    """Lines of elements and attributes, found in the text (ElementTree
    gives none): the n-th ``<player`` element of the tree is the n-th in
    the text once comments and CDATA are blanked."""

    def __init__(self, text: str) -> None:
        self.text = _MASKED.sub(lambda m: re.sub(r"[^\n]", " ", m[0]), text)
        self.breaks = [m.start() for m in re.finditer("\n", self.text)]

    def starts(self, tag: str) -> list[int]:
        return [m.start() for m in re.finditer(rf"<{tag}\b", self.text)]

    def line(self, offset: int) -> int:
        return bisect.bisect_left(self.breaks, offset) + 1

    def attribute(self, start: int | None, name: str) -> int | None:
        return self.at(start, name)[0]

    def at(self, start: int | None, name: str) -> tuple[int | None, int | None]:
        """(line, column) of attribute `name` of the element at `start`."""
        if start is None:
            return None, None
        end = self.text.find(">", start)
        match = re.compile(rf"\b{name}\s*=").search(self.text, start,
                                                     end if end > 0 else len(self.text))
        offset = match.start() if match else start
        return self.line(offset), offset - self.text.rfind("\n", 0, offset)


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text.removeprefix("\ufeff")
        self.problems: list[Problem] = []
        self.t = Tournament(source_format="chess-results", game="chess")
        self.where: _Locator     # made once the text is well-formed XML

    def error(self, code: str, message: str, line: int | None = None,
              column: int | None = None, severity: str = ERROR) -> None:
        self.problems.append(Problem(severity, f"chessresults.{code}", message,
                                     line, column))

    def read(self) -> Tournament:
        root = self.tree()
        if root is not None:
            self.tournament(root.find("tournamentdata/tournament"))
            self.round_dates(root.findall("rounds/round"))
            self.players(root.findall("players/player"))
            self.pairings(root.findall("playerpairings/playerpairing"))
            self.problems.extend(pairing_problems(self.t.players, "chessresults"))
            self.points()
        self.t.problems = self.problems
        return self.t

    def tree(self) -> ET.Element | None:
        declared = _DECLARATION.search(self.text)
        if declared:
            line = self.text.count("\n", 0, declared.start()) + 1
            column = declared.start() - self.text.rfind("\n", 0, declared.start())
            self.error("doctype", f"a {declared[1].upper()} declaration is refused "
                       "(no entity expansion): expected the chess-results upload XML "
                       "without a DTD", line, column)
            return None
        try:
            root = ET.fromstring(self.text)
        except ET.ParseError as e:
            line, column = e.position
            self.error("syntax", f"not well-formed XML: {_reason(e)}", line, column + 1)
            return None
        self.where = _Locator(self.text)
        if root.tag != "chessresults":
            self.error("not-chessresults", f"root element <{root.tag}>: expected "
                       "<chessresults> (the chess-results.com upload XML)", 1)
            return None
        return root

    # -- header ---------------------------------------------------------------
    def tournament(self, element: ET.Element | None) -> None:
        if element is None:
            self.error("no-tournament", "no <tournamentdata><tournament .../>: expected "
                       "the event's name, type and rounds", 1)
            return
        start = next(iter(self.where.starts("tournament")), None)
        get = element.attrib.get
        self.t.name = (get("name") or "").strip()
        self.t.city = (get("location") or "").strip()
        self.t.federation = (get("federation") or "").strip()
        self.t.time_control = (get("timecontrol") or "").strip() or None
        self.t.rate_of_play = RATES.get((get("timetype") or "").strip())
        self.t.system = self.system(get("type"), get("replay"), start)
        self.t.rounds = self.number(get("rounds"), "rounds", start)
        self.t.start = self.date(get("from"), "from", start)
        self.t.end = self.date(get("to"), "to", start)
        if (get("ratedfide") or "").strip().upper() == "N":
            self.t.notes.append('the file says the event is not FIDE-rated '
                                '(ratedfide="N"): figures are what the rules would give')
        self.header_lines(start)

    def header_lines(self, start: int | None) -> None:
        """Where the check points a date or rate-of-play warning."""
        if start is not None:
            line = self.where.line(start)
            self.t.header_lines.update({"042": self.where.attribute(start, "from") or line,
                                        "122": self.where.attribute(start, "timecontrol")
                                        or line})

    def system(self, value: str | None, replay: str | None,
               start: int | None) -> str | None:
        kind = (value or "").strip()
        if kind not in SYSTEMS:
            self.error("bad-type", f"tournament type {kind!r}: expected 0 (Swiss), "
                       "1 (round robin), 2 (team round robin) or 3 (team Swiss)",
                       *self.where.at(start, "type"))
            return None
        if SYSTEMS[kind] == "round-robin" and (replay or "").strip() == "2":
            return "double-round-robin"
        return SYSTEMS[kind]

    def number(self, value: str | None, name: str, start: int | None,
               required: bool = False) -> int | None:
        text = (value or "").strip()
        if not text and not required:
            return None
        if re.fullmatch(r"-?\d+", text):
            return int(text)
        self.error(f"bad-{name}", f"{name} {value!r}: expected a whole number",
                   *self.where.at(start, name))
        return None

    def date(self, value: str | None, name: str, start: int | None) -> date | None:
        text = (value or "").strip()
        if not text:
            return None
        found = _parse_date(text)
        if found is None:
            self.error("bad-date", f"{name} {value!r}: expected a date YYYYMMDD or "
                       "DD.MM.YYYY", *self.where.at(start, name), severity=WARNING)
        return found

    def round_dates(self, rounds: list[ET.Element]) -> None:
        starts = self.where.starts("round")
        dates = [self.date(r.attrib.get("date"), "date", _nth(starts, i))
                 for i, r in enumerate(rounds)]
        known = [d for d in dates if d]
        if dates and len(known) == len(dates):
            self.t.round_dates = known

    # -- players ----------------------------------------------------------------
    def players(self, elements: list[ET.Element]) -> None:
        starts = self.where.starts("player")
        seen: dict[int, int | None] = {}
        for index, element in enumerate(elements):
            start = _nth(starts, index)
            player = self.player(element, start)
            if player is None:
                continue
            if player.number in seen:
                self.error("duplicate-number", f"player number {player.number} given "
                           f"twice (first on line {seen[player.number]})", player.line)
                continue
            seen[player.number] = player.line
            self.t.players.append(player)
        if not self.t.players:
            self.error("no-players", "no players: expected <players><player no=... "
                       "lastname=... /></players>", 1)

    def player(self, element: ET.Element, start: int | None) -> Player | None:
        get = element.attrib.get
        line = self.where.line(start) if start is not None else None
        number = self.number(get("no"), "no", start)
        if number is None and (get("no") or "").strip():
            return None                         # not a number: reported
        if number is None or number < 1:
            self.error("bad-player", f"player without a start number (no={get('no')!r}): "
                       "expected no=\"1\", \"2\" ...", line)
            return None
        p = Player(number, _name(get("lastname"), get("firstname")), line=line)
        p.id = (get("fideid") or "").strip().lstrip("0") or None
        p.rating = self.number(get("rtgfide"), "rtgfide", start) or None
        p.title = (get("title") or "").strip().upper() or None
        p.sex = (get("sex") or "").strip() or None
        p.federation = (get("fed") or "").strip() or None
        p.k = self.number(get("kfaktor") or get("kfactor"), "kfaktor", start) or None
        p.rank = self.number(get("rank"), "rank", start) or None
        p.points = self.points_value(get("pts"), start)
        self.birth(p, (get("dob") or "").strip(), start)
        return p

    def birth(self, p: Player, text: str, start: int | None) -> None:
        if re.fullmatch(r"\d{4}", text):
            p.birth_year = int(text) or None
        elif text:
            p.birth = _parse_date(text)
            p.birth_year = p.birth.year if p.birth else None
            if p.birth is None:
                self.error("bad-dob", f"dob {text!r}: expected YYYY or DD.MM.YYYY",
                           *self.where.at(start, "dob"), severity=WARNING)

    def points_value(self, value: str | None, start: int | None) -> float | None:
        text = (value or "").strip().replace(",", ".")
        if not text:
            return None
        try:
            return float(text)
        except ValueError:
            self.error("bad-points", f"pts {value!r}: expected points such as '4,5'",
                       *self.where.at(start, "pts"), severity=WARNING)
            return None

    def points(self) -> None:
        """The points the file gives must be those of its games.  In a team
        event a team's pairing-allocated bye (``teampairing no2="-1"``) gives
        its players points without a game of theirs: a note, not a warning."""
        differ = [p for p in self.t.players
                  if p.points is not None and abs(p.points - p.score) > 1e-9]
        if self.t.system == "team" and differ:
            count = f"{len(differ)} player{'s' if len(differ) > 1 else ''}"
            self.t.notes.append(f"team event: the points (pts) of {count} "
                                "differ from their games (this format gives a team's "
                                "bye to the team, not to its players): the games are used")
            return
        for p in differ:
            self.error("points-differ", f"player {p.number}: the file gives "
                       f"{p.points:g} points, the games {p.score:g}", p.line,
                       severity=WARNING)

    # -- games ----------------------------------------------------------------------
    def pairings(self, elements: list[ET.Element]) -> None:
        starts = self.where.starts("playerpairing")
        by_number = {p.number: p for p in self.t.players}
        for index, element in enumerate(elements):
            start = _nth(starts, index)
            line = self.where.line(start) if start is not None else None
            self.pairing(element.attrib.get, by_number, start, line)

    def pairing(self, get: _Get, by_number: dict[int, Player], start: int | None,
                line: int | None) -> None:
        round_ = self.number(get("round"), "round", start)
        white = self.number(get("whiteno"), "whiteno", start)
        black = self.number(get("blackno"), "blackno", start)
        if round_ is None or white is None or black is None or round_ < 1:
            self.error("bad-pairing", "a pairing needs round, whiteno and blackno",
                       line)
            return
        if white not in by_number:
            self.error("unknown-player", f"round {round_}: whiteno {white} is not a "
                       "player of this event", *self.where.at(start, "whiteno"))
            return
        reported = len(self.problems)
        scores = [self.score(get(k), k, start) for k in ("reswhite", "resblack")]
        if len(self.problems) == reported:      # else an unreadable result, reported
            self.game(get, by_number, (round_, white, black), scores, start, line)

    def game(self, get: _Get, by_number: dict[int, Player], who: tuple[int, int, int],
             scores: list[float | None], start: int | None, line: int | None) -> None:
        round_, white, black = who
        if black in (PAB, NOT_PAIRED):
            self.add(by_number[white], _bye(round_, black, scores[0] or 0.0, line))
            return
        white_score, black_score = scores
        if white_score is None or black_score is None:
            self.error("no-result", f"round {round_}: a game without a result "
                       "(reswhite and resblack: expected 1.0, 0.5 or 0.0)",
                       *self.where.at(start, "reswhite"))
            return
        forfeit = (get("forfeit") or "").strip().upper()
        codes = self.codes(round_, forfeit, (white_score, black_score), start)
        if codes is None:
            return
        self.add(by_number[white], RoundResult(round_, black, "w", codes[0], white_score,
                                               line))
        if black in by_number:
            self.add(by_number[black], RoundResult(round_, white, "b", codes[1],
                                                   black_score, line))

    def score(self, value: str | None, name: str, start: int | None) -> float | None:
        text = (value or "").strip().replace(",", ".").replace("\u00bd", "0.5")
        try:
            return float(text) if text else None
        except ValueError:
            self.error("bad-result", f"{name} {value!r}: expected points 1.0, 0.5 "
                       "or 0.0", *self.where.at(start, name))
            return None

    def codes(self, round_: int, forfeit: str, scores: tuple[float, float],
              start: int | None) -> tuple[str, str] | None:
        table = _BY_FORFEIT.get(forfeit)
        if table is None:
            self.error("bad-forfeit", f"round {round_}: forfeit {forfeit!r}: expected "
                       "K (forfeit), U (not rated), D (penalty) or nothing",
                       *self.where.at(start, "forfeit"))
            return None
        codes = table.get(scores)
        if codes is None:
            self.error("bad-result", f"round {round_}: result {scores[0]:g}-{scores[1]:g}"
                       f"{' (forfeit ' + forfeit + ')' if forfeit else ''} cannot be a "
                       "game's: expected 1-0, 0.5-0.5 or 0-1",
                       *self.where.at(start, "reswhite"))
        return codes

    def add(self, player: Player, result: RoundResult) -> None:
        if any(r.round == result.round for r in player.results):
            self.error("twice-in-round", f"round {result.round}: player "
                       f"{player.number} is paired twice", result.line)
            return
        player.results.append(result)
        player.results.sort(key=lambda r: r.round)


_PLAYED = {(1.0, 0.0): ("1", "0"), (0.0, 1.0): ("0", "1"), (0.5, 0.5): ("=", "=")}
_FORFEITS = {(1.0, 0.0): ("+", "-"), (0.0, 1.0): ("-", "+"), (0.0, 0.0): ("-", "-")}
_UNRATED = {(1.0, 0.0): ("W", "L"), (0.0, 1.0): ("L", "W"), (0.5, 0.5): ("D", "D")}
_BY_FORFEIT = {"": _PLAYED, "K": _FORFEITS, "U": _UNRATED, "D": _UNRATED}


def _bye(round_: int, kind: int, score: float, line: int | None) -> RoundResult:
    """-1: the pairing-allocated bye (U); -2: not paired, with the points the
    file gives (F full, H half, Z none)."""
    if kind == PAB and score:
        code = "U"
    else:
        code = "F" if score >= 1 else "H" if score == 0.5 else "Z"
    return RoundResult(round_, None, None, code, score, line)


def _name(last: str | None, first: str | None) -> str:
    last, first = (last or "").strip(), (first or "").strip()
    return f"{last}, {first}" if last and first else last or first


def _nth(starts: list[int], index: int) -> int | None:
    return starts[index] if index < len(starts) else None


def _parse_date(text: str) -> date | None:
    dotted, compact = _DOTTED.fullmatch(text), _COMPACT.fullmatch(text)
    try:
        if dotted:
            return date(int(dotted[3]), int(dotted[2]), int(dotted[1]))
        if compact:
            return date(int(compact[1]), int(compact[2]), int(compact[3]))
    except ValueError:
        return None
    return None


def _reason(error: ET.ParseError) -> str:
    """expat's message without its own ': line 1, column 2' tail."""
    return re.sub(r":\s*line \d+, column \d+$", "", str(error))
