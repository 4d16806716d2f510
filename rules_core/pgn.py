"""PGN as an event format: the games of one tournament turned into a crosstable.

PGN is the Portable Game Notation (S. J. Edwards, 1994; "PGN standard" below).
What is read, per game (PGN standard 8.1.1 the Seven Tag Roster, 9 the
supplemental tags):

* ``White``, ``Black``, ``Result`` (``1-0``, ``0-1``, ``1/2-1/2``), ``Round``
  (``3``, or ``3.1`` round 3 board 1, as broadcasts write it) are required;
* ``Event`` (the event's name), ``Site`` (its city), ``EventDate`` (the start),
  ``Date`` (the day of the game: the rounds' dates and the end), ``TimeControl``
  (PGN standard 9.6.1, in seconds), ``WhiteElo``/``BlackElo``,
  ``WhiteFideId``/``BlackFideId``, ``WhiteTitle``/``BlackTitle``,
  ``WhiteFed``/``BlackFed`` are used when present; other tags are ignored.

A game may have movetext or none (lichess study exports have none); when it
ends with a termination marker, the marker must agree with ``Result``.
Players are the same person when they have the same FIDE id, else the same
name; they are numbered in the order of the initial ranking (rating, highest
first, then name).  The system is guessed from the pairings and the guess is
a note: a match (two players), a round robin (every pair met once), a double
round robin (every pair twice, once with each colour), else a Swiss.

Every problem is a `Problem` with its line (and column where the value is);
the reader never raises.  Decisions: docs/formats.md ("PGN").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from .model import Player, RoundResult, Tournament
from .pairings import pairing_problems
from .problems import ERROR, WARNING, Problem
from .timecontrol import TimeControlError, parse_time_control

__all__ = ["parse_pgn", "RESULTS", "looks_like_pgn"]

# Result tag -> (White's code, Black's code, White's points, Black's points).
# "+/-", "-/+" and "-/-" are forfeits (not in the PGN standard, which has no
# forfeit result; written so by pairing programs' exports).
RESULTS: dict[str, tuple[str, str, float, float]] = {
    "1-0": ("1", "0", 1.0, 0.0), "0-1": ("0", "1", 0.0, 1.0),
    "1/2-1/2": ("=", "=", 0.5, 0.5), "\u00bd-\u00bd": ("=", "=", 0.5, 0.5),
    "+/-": ("+", "-", 1.0, 0.0), "-/+": ("-", "+", 0.0, 1.0),
    "-/-": ("-", "-", 0.0, 0.0)}
_EXPECTED_RESULT = "expected 1-0, 0-1 or 1/2-1/2 (or the forfeits +/-, -/+, -/-)"
TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
_UNKNOWN = ("", "?", "-", "0")

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_ROUND = re.compile(r"\s*(\d+)(?:\.\d+)*\s*")
_PGN_DATE = re.compile(r"(\d{4})\.(\d{2})\.(\d{2})")
_PERIOD = re.compile(r"(?:(\d+)/)?(\d+)(?:\+(\d+))?")
_TERMINATION = re.compile(r"(1-0|0-1|1/2-1/2|\*)\s*$")
_MOVE_START = re.compile(r"^\s*1\s*\.")


def looks_like_pgn(text: str) -> bool:
    """A tag pair opens the file (after blank lines and ``%`` escapes), or
    its first line of text is movetext starting with move 1."""
    for line in text.lstrip("\ufeff").splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("%"):
            continue
        return bool(_TAG.match(stripped) or _MOVE_START.match(stripped))
    return False


@dataclass
class _Tag:
    value: str
    line: int
    column: int | None      # None: a Result the movetext supplied (no tag)


@dataclass
class _Game:
    line: int
    tags: dict[str, _Tag] = field(default_factory=dict)
    moves: list[tuple[int, str]] = field(default_factory=list)
    closed: bool = False          # a blank line or movetext followed the tags
    in_comment: bool = False      # the movetext so far leaves a '{' open

    def value(self, name: str) -> str:
        tag = self.tags.get(name)
        return tag.value.strip() if tag else ""


def parse_pgn(text: str) -> Tournament:
    """Read the games of one event; never raises for bad content."""
    reader = _Reader(text)
    games = reader.games()
    return _Builder(reader.problems).build(games)


# -- the text: games of tags and movetext ----------------------------------------

class _Reader:
    def __init__(self, text: str) -> None:
        self.lines = text.removeprefix("\ufeff").splitlines()
        self.problems: list[Problem] = []

    def error(self, code: str, message: str, line: int | None = None,
              column: int | None = None, severity: str = ERROR) -> None:
        self.problems.append(Problem(severity, f"pgn.{code}", message, line, column))

    def games(self) -> list[_Game]:
        games: list[_Game] = []
        for number, raw in enumerate(self.lines, start=1):
            self.line(games, number, raw)
        for game in games:
            self.check_moves(game)
        if not games:
            self.error("no-games", "no games: expected tag pairs such as "
                       '[White "Surname, Given"] followed by the moves', 1)
        return games

    def line(self, games: list[_Game], number: int, raw: str) -> None:
        stripped = raw.strip()
        if games and games[-1].in_comment:
            self.movetext(games[-1], number, raw)   # a comment spans lines
            return
        if stripped.startswith("%"):
            return                              # PGN standard 6: escape line
        if not stripped:
            if games:
                games[-1].closed = True
            return
        if stripped.startswith("["):
            self.tag_line(games, number, raw)
            return
        if not games:
            games.append(_Game(number))
        self.movetext(games[-1], number, raw)

    def movetext(self, game: _Game, number: int, raw: str) -> None:
        game.moves.append((number, raw))
        game.closed = True
        game.in_comment = _comment_open(raw, game.in_comment)

    def tag_line(self, games: list[_Game], number: int, raw: str) -> None:
        if not games or games[-1].closed:
            games.append(_Game(number))
        game, offset = games[-1], raw.index("[")
        match = _TAG.match(raw, offset)
        if match is None or raw[match.end():].strip():
            self.error("bad-tag", f"{raw.strip()[:60]!r} is not a tag pair: expected "
                       '[Name "value"] on a line of its own', number, offset + 1)
            return
        name = match[1]
        if name in game.tags:
            self.error("duplicate-tag", f"tag {name} given twice in one game (first on "
                       f"line {game.tags[name].line})", number, offset + 1)
            return
        value = match[2].replace('\\"', '"').replace("\\\\", "\\")
        game.tags[name] = _Tag(value, number, match.start(2) + 1)

    def check_moves(self, game: _Game) -> None:
        """The movetext's comments must close and its termination marker
        must agree with the Result tag (PGN standard 8.2.6)."""
        if not game.moves:
            return
        text = "\n".join(line for _, line in game.moves)
        last = game.moves[-1][0]
        if game.in_comment:
            self.error("truncated", "a comment '{' is not closed: the file may be "
                       "truncated", last)
            return
        marker = _TERMINATION.search(_without_comments(text))
        if marker is None:
            self.error("truncated", "the moves do not end with a result (1-0, 0-1, "
                       "1/2-1/2 or *): the file may be truncated", last)
        else:
            self.agree(game, marker[1], last)

    def agree(self, game: _Game, marker: str, last: int) -> None:
        """The termination marker stands for a missing Result tag; a Result
        tag must say the same."""
        result = game.tags.get("Result")
        if result is None:
            game.tags["Result"] = _Tag(marker, last, None)
            self.error("no-result-tag", f"no Result tag: the result {marker!r} that "
                       "ends the moves is used", game.line, severity=WARNING)
        elif marker != result.value.strip() and result.value.strip() in RESULTS:
            self.error("result-mismatch", f"the moves end with {marker!r} but the "
                       f"Result tag (line {result.line}) is {result.value!r}", last)


# -- the games: a tournament ---------------------------------------------------------

@dataclass
class _Entrant:
    key: tuple[str, str]
    name: str
    line: int
    id: str | None = None
    rating: int | None = None
    title: str | None = None
    federation: str | None = None
    results: list[RoundResult] = field(default_factory=list)


class _Builder:
    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        self.entrants: dict[tuple[str, str], _Entrant] = {}
        self.game_dates: dict[int, date | None] = {}     # a game's first line -> Date
        self.round_days: dict[int, list[date]] = {}
        self.t = Tournament(source_format="pgn", game="chess")

    def error(self, code: str, message: str, line: int | None = None,
              column: int | None = None, severity: str = ERROR) -> None:
        self.problems.append(Problem(severity, f"pgn.{code}", message, line, column))

    def build(self, games: list[_Game]) -> Tournament:
        self.event(games)
        for game in games:
            self.game(game)
        self.round_dates(self.round_days)
        self.t.players = self.numbered()
        self.t.system = self.system()
        self.problems.extend(pairing_problems(self.t.players, "pgn"))
        self.t.problems = self.problems
        return self.t

    # -- event header
    def event(self, games: list[_Game]) -> None:
        self.t.name = self.common(games, "Event")
        self.t.city = self.common(games, "Site")
        self.t.time_control = self.time_control(games)
        self.dates(games)

    def common(self, games: list[_Game], name: str) -> str:
        """The first value of a tag; a different value later is a warning."""
        values = [(g.tags[name]) for g in games if g.value(name) not in ("", "?")]
        if not values:
            return ""
        first = values[0]
        other = next((v for v in values if v.value.strip() != first.value.strip()), None)
        if other is not None:
            self.error(f"mixed-{name.lower()}", f"{name} {other.value!r} differs from "
                       f"{first.value!r} (line {first.line}): the first is used",
                       other.line, other.column, WARNING)
        return first.value.strip()

    def time_control(self, games: list[_Game]) -> str | None:
        text = self.common(games, "TimeControl")
        if text in _UNKNOWN[:3]:
            return None
        line = next(g.tags["TimeControl"].line for g in games if g.value("TimeControl"))
        self.t.header_lines["122"] = line       # where the check points a rate warning
        return self.pgn_time_control(text, line)

    def pgn_time_control(self, text: str, line: int) -> str | None:
        """PGN standard 9.6.1 is in seconds; a tag that `timecontrol` would
        read otherwise ("180+2": all times below 300) is rewritten with units."""
        periods = text.split(":")
        if not all(_PERIOD.fullmatch(p) for p in periods):
            self.error("bad-time-control", f"TimeControl {text!r} is not a PGN time "
                       "control: expected seconds such as '5400+30' or "
                       "'40/7200:1800+30'; kept as written", line, None, WARNING)
            return text
        match = _PERIOD.fullmatch(text)
        if match is None:       # several periods: PGN's own syntax, no other reading
            return text
        moves, seconds, increment = match.groups()
        explicit = f"{moves + '/' if moves else ''}{seconds}s" + (f"+{increment}s"
                                                                  if increment else "")
        if _minutes(text) != _minutes(explicit):
            self.t.notes.append(f"PGN TimeControl {text!r} is in seconds (PGN standard "
                                f"9.6.1): read as {explicit!r}")
            return explicit
        return text

    def dates(self, games: list[_Game]) -> None:
        """Start from EventDate, else the first game's Date; end the last Date."""
        event_date = next((self.date(g.tags["EventDate"]) for g in games
                           if g.value("EventDate") not in ("", "????.??.??")), None)
        for g in games:
            if g.value("Date") not in ("", "????.??.??"):
                self.game_dates[g.line] = self.date(g.tags["Date"])
        days = sorted(d for d in self.game_dates.values() if d)
        dated = next((g.tags[k].line for g in games for k in ("EventDate", "Date")
                      if g.value(k)), None)
        if dated:
            self.t.header_lines["042"] = dated  # where the check points a date warning
        self.t.start = event_date or (days[0] if days else None)
        self.t.end = days[-1] if days else event_date

    def round_dates(self, rounds: dict[int, list[date]]) -> None:
        """A round's date is the first Date of its games, when every round has one."""
        last = max(rounds, default=0)
        if last and all(rounds.get(r) for r in range(1, last + 1)):
            self.t.round_dates = [min(rounds[r]) for r in range(1, last + 1)]

    def date(self, tag: _Tag) -> date | None:
        match = _PGN_DATE.fullmatch(tag.value.strip())
        if match:
            try:
                return date(*map(int, match.groups()))
            except ValueError:
                pass
        self.bad_date(tag)
        return None

    def bad_date(self, tag: _Tag) -> None:
        self.error("bad-date", f"date {tag.value!r} not used: expected YYYY.MM.DD "
                   "(PGN standard 8.1.1.3)", tag.line, tag.column, WARNING)

    # -- one game
    def game(self, game: _Game) -> None:
        missing = [n for n in ("White", "Black", "Result", "Round") if not game.value(n)]
        if missing:
            self.error("missing-tag", f"game without {', '.join(missing)}: expected "
                       "the tags White, Black, Result and Round", game.line)
            return
        if not self.standard_chess(game):
            return
        round_ = self.round(game.tags["Round"])
        codes = self.result(game.tags["Result"])
        white, black = self.entrant(game, "White"), self.entrant(game, "Black")
        if round_ is None or codes is None or white is None or black is None:
            return
        if white is black:
            self.error("self-pairing", f"{white.name!r} plays themself", game.line)
            return
        self.place(game, round_, codes, white, black)

    def place(self, game: _Game, round_: int, codes: tuple[str, str, float, float],
              white: _Entrant, black: _Entrant) -> None:
        """The game in both players' rounds, unless one already has one."""
        line = game.tags["Result"].line
        if self.twice(white, round_, line) or self.twice(black, round_, line):
            return
        day = self.game_dates.get(game.line)
        if day:
            self.round_days.setdefault(round_, []).append(day)
        self.play(white, black, round_, codes[0], codes[2], "w", line, game)
        self.play(black, white, round_, codes[1], codes[3], "b", line, game)

    def standard_chess(self, game: _Game) -> bool:
        """Only chess is rated: a ``Variant`` other than standard (lichess,
        chess.com) or a PDN ``GameType`` other than 0 (chess) is an error."""
        variant, kind = game.tags.get("Variant"), game.tags.get("GameType")
        if variant and variant.value.strip().lower() not in ("", "standard", "chess"):
            self.error("variant", f"variant {variant.value!r}: only standard chess is "
                       "rated; game not read", variant.line, variant.column)
            return False
        if kind and kind.value.strip().split(",")[0] not in ("", "0"):
            self.error("variant", f"GameType {kind.value!r} is not chess (0): a "
                       "draughts PDN game is not read; expected chess PGN",
                       kind.line, kind.column)
            return False
        return True

    def round(self, tag: _Tag) -> int | None:
        match = _ROUND.fullmatch(tag.value)
        if match is None or int(match[1]) < 1:
            self.error("bad-round", f"round {tag.value!r}: expected a round number such "
                       "as '3' or '3.1' (round 3, board 1)", tag.line, tag.column)
            return None
        return int(match[1])

    def result(self, tag: _Tag) -> tuple[str, str, float, float] | None:
        value = tag.value.strip()
        if value in RESULTS:
            return RESULTS[value]
        what = " (game unfinished or result unknown)" if value == "*" else ""
        self.error("bad-result", f"result {value!r}{what}: {_EXPECTED_RESULT}",
                   tag.line, tag.column)
        return None

    def twice(self, player: _Entrant, round_: int, line: int) -> bool:
        first = next((r for r in player.results if r.round == round_), None)
        if first is not None:
            self.error("twice-in-round", f"round {round_}: {player.name!r} has a second "
                       f"game (the first on line {first.line}): not read", line)
        return first is not None

    def play(self, player: _Entrant, opponent: _Entrant, round_: int, code: str,
             score: float, colour: str, line: int, game: _Game) -> None:
        # the opponent is numbered once every player is known (`numbered`)
        player.results.append(RoundResult(round_, id(opponent), colour, code, score,
                                          line, game.tags["Result"].column))

    def entrant(self, game: _Game, side: str) -> _Entrant | None:
        name = game.value(side)
        fide_id = self.fide_id(game.tags.get(f"{side}FideId"))
        key = ("id", fide_id) if fide_id else ("name", name)
        entrant = self.entrants.get(key)
        if entrant is None:
            entrant = self.entrants[key] = _Entrant(key, name, game.tags[side].line, fide_id)
        elif entrant.name != name:
            self.error("renamed", f"FIDE id {fide_id} is {name!r} here and "
                       f"{entrant.name!r} on line {entrant.line}: the first is used",
                       game.tags[side].line, game.tags[side].column, WARNING)
        self.details(entrant, game, side)
        return entrant

    def details(self, entrant: _Entrant, game: _Game, side: str) -> None:
        rating = self.rating(game.tags.get(f"{side}Elo"))
        if rating and entrant.rating and rating != entrant.rating:
            tag = game.tags[f"{side}Elo"]
            self.error("rating-changed", f"{entrant.name!r} is rated {rating} here and "
                       f"{entrant.rating} in an earlier game: the first is used",
                       tag.line, tag.column, WARNING)
        entrant.rating = entrant.rating or rating
        entrant.title = entrant.title or self.title(game.tags.get(f"{side}Title"))
        entrant.federation = entrant.federation or game.value(f"{side}Fed") or None

    def fide_id(self, tag: _Tag | None) -> str | None:
        if tag is None or tag.value.strip() in _UNKNOWN:
            return None
        if not tag.value.strip().isdigit():
            self.error("bad-fide-id", f"FIDE id {tag.value!r}: expected digits",
                       tag.line, tag.column)
            return None
        return tag.value.strip().lstrip("0")

    def rating(self, tag: _Tag | None) -> int | None:
        if tag is None or tag.value.strip() in _UNKNOWN:
            return None
        if not tag.value.strip().isdigit():
            self.error("bad-rating", f"rating {tag.value!r}: expected a whole number "
                       "(or '-' for an unrated player)", tag.line, tag.column)
            return None
        return int(tag.value)

    def title(self, tag: _Tag | None) -> str | None:
        if tag is None:
            return None
        value = tag.value.strip().upper()
        if value in _UNKNOWN or value in TITLES:
            return value if value in TITLES else None
        self.error("bad-title", f"title {tag.value!r} is not a FIDE title "
                   f"({', '.join(TITLES)}): not used", tag.line, tag.column, WARNING)
        return None

    # -- players and system
    def numbered(self) -> list[Player]:
        """The initial ranking: rating (highest first, unrated last), then name."""
        order = sorted(self.entrants.values(), key=lambda e: (-(e.rating or 0), e.name))
        number = {id(e): n for n, e in enumerate(order, start=1)}
        players = []
        for n, e in enumerate(order, start=1):
            for r in e.results:     # `play` wrote the opponent's id()
                r.opponent = None if r.opponent is None else number[r.opponent]
            e.results.sort(key=lambda r: r.round)
            players.append(Player(n, e.name, id=e.id, rating=e.rating, title=e.title,
                                  federation=e.federation, results=e.results, line=e.line))
        return players

    def system(self) -> str | None:
        """Guessed from the pairings, and the guess is a note."""
        players = self.t.players
        if len(players) < 2:
            return None
        meetings: dict[tuple[int, int], list[str]] = {}     # colours (`play`: w or b)
        for p in players:
            for r in p.results:
                if r.opponent is not None and p.number < r.opponent:
                    meetings.setdefault((p.number, r.opponent), []).append(r.color or "")
        pairs = len(players) * (len(players) - 1) // 2
        system, why = _system(len(players), pairs, meetings)
        self.t.notes.append(f"system guessed from the pairings: {system} ({why})")
        return system


def _system(count: int, pairs: int,
            meetings: dict[tuple[int, int], list[str]]) -> tuple[str, str]:
    games = sorted(len(colours) for colours in meetings.values())
    if count == 2:
        played = games[0] if games else 0
        return "match", f"two players, {played} game{'s' if played != 1 else ''}"
    if len(meetings) == pairs and set(games) == {1}:
        return "round-robin", f"each pair of the {count} players met once"
    if (len(meetings) == pairs and set(games) == {2}
            and all(sorted(c) == ["b", "w"] for c in meetings.values())):
        return "double-round-robin", (f"each pair of the {count} players met twice, "
                                      "once with each colour")
    return "swiss", "not every pair of players met the same number of times"


def _comment_open(line: str, inside: bool) -> bool:
    """Whether a ``{`` comment is still open after `line` (PGN standard 5:
    a brace comment may span lines, a ``;`` comment ends with its line)."""
    for char in line:
        if inside:
            inside = char != "}"
        elif char == ";":
            return False
        elif char == "{":
            inside = True
    return inside


def _without_comments(text: str) -> str:
    """Movetext without its ``{...}`` and ``;`` comments (PGN standard 5), in
    one pass: a regular expression would rescan the text for each ``{``."""
    out, closing = [], None
    for char in text:
        if closing is not None:
            if char == closing:
                closing = None
                out.append(" " if char == "}" else "\n")
        elif char in "{;":
            closing = "}" if char == "{" else "\n"
        else:
            out.append(char)
    return "".join(out)


def _minutes(text: str) -> float | None:
    try:
        return parse_time_control(text).minutes_for(60)
    except TimeControlError:
        return None
