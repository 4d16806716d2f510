"""The tournament as every reader produces it and every edition consumes it.

Readers (TRF, the native format, the FMJD formats) turn text into a
`Tournament`; nothing here knows a file format or a regulation.  Scores are in
the game's own points: 1 / 0.5 / 0 for chess, 2 / 1 / 0 for draughts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from itertools import chain
from math import copysign
from operator import attrgetter

from .problems import Problem

__all__ = ["RoundResult", "Player", "Tournament", "SYSTEMS", "RATES_OF_PLAY",
           "PLAYED_CODES", "PLUS_MINUS_DRAWS", "REFEREE_CODES", "GAMES"]

GAMES = ("chess", "draughts")

# what the built-ins read of every round and player (`Player.score`,
# `Tournament.rounds_played`)
_POINTS: Callable[[RoundResult], float] = attrgetter("score")
_ROUND: Callable[[RoundResult], int] = attrgetter("round")
_RESULTS: Callable[[Player], list[RoundResult]] = attrgetter("results")

SYSTEMS = ("swiss", "round-robin", "double-round-robin", "match", "team",
           "scheveningen")
RATES_OF_PLAY = ("standard", "rapid", "blitz")

# Result codes of games played over the board that can be rated, in both
# games ("W", "D", "L" of the TRF are played but reported as not rated).
# Draughts events counted "plus-remise" (fmjd Annex 3 §5.6a) mark a drawn
# game by the tie-break that followed it, "=+" / "=-" (also written "1+" /
# "1-"): a draw for rating and for the standard standings.
PLUS_MINUS_DRAWS = frozenset({"=+", "=-", "1+", "1-"})
PLAYED_CODES = frozenset("1=0") | PLUS_MINUS_DRAWS

# Draughts (FMJD Annex 9 §11): a played game is "1" (2 points), "=" (1) or
# "0" (0); a referee's decision is "2x0", "0x2", "1x1" or "0x0" and counts in
# the standings but not for rating; "+" and "-" are games not played
# (forfeits); byes use the TRF letters (U pairing bye, F full, H half, Z none)
# with the points the event gives.
REFEREE_CODES = {"2x0": 2.0, "0x2": 0.0, "1x1": 1.0, "0x0": 0.0}


@dataclass(slots=True)
class RoundResult:
    """One round of one player, as the file gives it.

    `code` is the TRF letter (1 = 0 + - W D L H F U Z) or, for the draughts
    formats, the reader's own code; `score` is what the standings count.
    `opponent` is the opponent's start number, None for a bye or an absence.
    """

    round: int
    opponent: int | None
    color: str | None
    code: str
    score: float
    line: int | None = None
    column: int | None = None

    @property
    def played(self) -> bool:
        """Played over the board with a result that can count for rating."""
        return self.opponent is not None and self.code in PLAYED_CODES

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled as its constructor's arguments (sitegen's cache keeps
        the tournaments read from event files): a third smaller and faster
        to load than the state of named slots pickle makes by default, and
        loaded with each score one of a few shared floats again (pickle
        writes a float by value: each round's points became an object of
        its own, 2.8 million at FIDE's size, docs/scale.md#memory-session-15)."""
        return (_round_result, (self.round, self.opponent, self.color, self.code,
                                self.score, self.line, self.column))


# The points a round is worth in every format read: one object each,
# shared by every round that scores them (`_round_result`).
_SCORES = {score: score for score in (0.0, 0.5, 1.0, 1.5, 2.0)}


def _round_result(round_: int, opponent: int | None, color: str | None, code: str,
                  score: float, line: int | None, column: int | None) -> RoundResult:
    """A pickled `RoundResult` made again, its score the shared float of
    the same value (a negative zero, equal to 0.0, kept as it is)."""
    shared = _SCORES.get(score)
    if shared is not None and (score or copysign(1.0, score) > 0):
        score = shared
    return RoundResult(round_, opponent, color, code, score, line, column)


@dataclass
class Player:
    """A player of one event, with what the file says about them.

    `k`, `games_before` (rated games completed before this event) and
    `reached_2400` are history that a TRF does not hold; they come from a
    side file, the native format or the site's published list.
    `reached_2300` is the draughts counterpart (fmjd Annex 9 §3.2.3).
    `time_control` is set only where it differs from the event's;
    `standard_rating` is a standard rating given beside a rapid/blitz one.
    `local_id` is the FMJD official format's "local ID" (fmjd Annex 9 §11);
    `rating_list` the list letter A/B/C printed beside a draughts rating
    (fmjd Annex 9 §6.3); `declared_tiebreaks` the tie-break columns a file
    prints, under the check contract's keys.  `source_name` is the name as
    the file spells it (`name` is normalised: rules_core.normalize), kept
    for matching.
    """

    number: int
    name: str
    id: str | None = None
    rating: int | None = None
    sex: str | None = None
    title: str | None = None
    federation: str | None = None
    birth: date | None = None
    birth_year: int | None = None
    points: float | None = None
    rank: int | None = None
    results: list[RoundResult] = field(default_factory=list)
    k: int | None = None
    games_before: int | None = None
    reached_2400: bool | None = None
    reached_2300: bool | None = None
    standard_rating: int | None = None
    time_control: str | None = None
    local_id: str | None = None
    rating_list: str | None = None
    declared_tiebreaks: dict[str, float] = field(default_factory=dict)
    line: int | None = None
    source_name: str | None = None

    @property
    def rated(self) -> bool:
        return bool(self.rating)

    @property
    def score(self) -> float:
        """Points from the results (what the standings count), summed in
        the results' order by the built-ins (read for every player of
        every event checked)."""
        return sum(map(_POINTS, self.results))


@dataclass
class Tournament:
    """An event: its header, its players and what the reader noticed:
    `problems`, and `notes` (what a reader or the normalisation assumed or
    changed, printed with the event's notes)."""

    name: str = ""
    city: str = ""
    federation: str = ""
    start: date | None = None
    end: date | None = None
    system: str | None = None
    time_control: str | None = None
    rate_of_play: str | None = None
    rounds: int | None = None
    round_dates: list[date] = field(default_factory=list)
    game: str = "chess"
    national_championship: bool = False
    women_only: bool = False
    olympiad: bool = False
    league: bool = False
    referee: str = ""
    remarks: str = ""
    winner: str = ""
    # The ordered list of tie-breaks the event declares (TRF26 record 202,
    # the native format's or a .meta.toml's `tiebreaks`), as written.
    tiebreaks: str = ""
    players: list[Player] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    source_format: str = ""
    header_lines: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def player(self, number: int) -> Player | None:
        """The player with this start number (an index kept while the list
        of players does not grow or shrink)."""
        index = self.__dict__.get("_index")
        if index is None or len(index) != len(self.players):
            index = {p.number: p for p in self.players}
            self.__dict__["_index"] = index
        return index.get(number)

    @property
    def rounds_played(self) -> int:
        """The last round any player has a result for (every round of every
        player read by the built-ins: it is read several times a check)."""
        return max(map(_ROUND, chain.from_iterable(map(_RESULTS, self.players))), default=0)
