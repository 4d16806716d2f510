"""FIDE tie-breaks of an individual event: values and the final ranking.

The FIDE Tie-Break Regulations, handbook C.07, approved by the FIDE Council
on 01/08/2023 and applied from 1 September 2023
(https://handbook.fide.com/chapter/TieBreakRegulations2023; cited
`FIDE C.07 (2023) N`), define each tie-break (articles 6 to 10), their
modifiers (14) and how unplayed rounds count (16).  Events that started
before that date are ranked with the rule FIDE applied before: the virtual
opponent of the 80th FIDE Congress (Kallithea, 2009), printed in handbook
C.02 until 2023 (cited `FIDE C.02 (2009)`); events before that, with the
practice a 2005 file shows (`before-2009`, not a FIDE text: the notes say
so).  The rule is chosen by the event's start date, like the rating
editions (`rules_for`).

Every figure is computed from the crosstable only: a player's score is the
sum of the points of his rounds (chess: 1, 0.5, 0).  Complexity: every value
tie-break is computed for all players in O(players x rounds); ranking sorts
each tied group, O(n log n); direct encounter looks only at the games inside
a tied group.  See docs/tiebreaks.md for the readings chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import NamedTuple, TypeGuard

from ..model import Player, RoundResult, Tournament
from .tables import DP_BY_PERCENT, NOTIONAL_DP, PD_BANDS
from .tiebreak_tables import (
    CODES,
    CUTTABLE,
    DEFAULT_ORDERS,
    MEDIAN,
    PLAYED,
    REQUESTED_BYES,
    ROUND_ROBIN_SYSTEMS,
)

__all__ = ["Tiebreak", "TiebreakRules", "RULES", "rules_for", "get_rules",
           "parse_tiebreaks", "default_tiebreaks", "compute", "rank",
           "direct_encounter_groups", "UnknownTiebreak", "Standing",
           "ROUND_ROBIN_SYSTEMS", "CODES"]

_CUTTABLE, _MEDIAN = CUTTABLE, MEDIAN
_NAMES = {v: k for k, v in CODES.items()}


class UnknownTiebreak(ValueError):
    """A tie-break name that is not one of `CODES` with a known modifier."""


@dataclass(frozen=True)
class Tiebreak:
    """One entry of the ordered list (FIDE C.07 (2023) 4.1): a code of
    article 5, with Cut-n (14.1) removing the n least significant
    contributions and Median-n (14.2) also the n most significant."""

    code: str
    cut: int = 0
    median: int = 0

    @property
    def key(self) -> str:
        """The contract's key: `buchholz_cut1`, `buchholz_median1`, ..."""
        name = CODES[self.code]
        if self.median:
            return f"{name}_median{self.median}"
        return f"{name}_cut{self.cut}" if self.cut else name

    @property
    def label(self) -> str:
        """The regulation's short form: BH-C1, BH-M1, SB, ..."""
        if self.median:
            return f"{self.code}-M{self.median}"
        return f"{self.code}-C{self.cut}" if self.cut else self.code


def parse_tiebreaks(text: str) -> list[Tiebreak]:
    """A list separated by commas: the codes of FIDE C.07 (2023) 5 with
    modifiers after '/', '-' or ':' (``BH/C1``, ``BH-M1``: the form of
    TRF26 record 202) or the contract's keys (``buchholz_cut1``).
    Raises `UnknownTiebreak` naming every entry not understood."""
    out, bad = [], []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        found = _one(item)
        (out.append(found) if found else bad.append(item))
    if bad:
        raise UnknownTiebreak("unknown tie-break " + ", ".join(repr(b) for b in bad)
                              + "; expected codes among " + ", ".join(CODES)
                              + " with /C1, /C2, /M1, /M2 (e.g. 'BH/C1,BH,SB')")
    return out


def _one(item: str) -> Tiebreak | None:
    key = item.lower()
    for suffix, field_name in (("_cut", "cut"), ("_median", "median")):
        base, _, n = key.rpartition(suffix)
        if base in _NAMES and n.isdigit():
            return _checked(Tiebreak(_NAMES[base], **{field_name: int(n)}))
    if key in _NAMES:
        return Tiebreak(_NAMES[key])
    parts = item.upper().replace("-", "/").replace(":", "/").split("/")
    if parts[0] not in CODES:
        return None
    cut = median = 0
    for modifier in parts[1:]:
        if modifier[:1] in "CM" and modifier[1:].isdigit():
            cut, median = ((int(modifier[1:]), median) if modifier[0] == "C"
                           else (cut, int(modifier[1:])))
        else:
            return None
    return _checked(Tiebreak(parts[0], cut, median))


def _checked(tb: Tiebreak) -> Tiebreak | None:
    if tb.median and (tb.code not in _MEDIAN or tb.cut):
        return None
    if tb.cut and tb.code not in _CUTTABLE:
        return None
    return tb


# ------------------------------------------------------------------ rules

@dataclass(frozen=True)
class TiebreakRules:
    """How unplayed rounds count, by date.

    ``dummy``: FIDE C.07 (2023) 16 (the dummy opponent with the player's
    own score, byes followed only by voluntarily unplayed rounds counted as
    draws for the opponents, Cut-n taking those rounds first).
    ``virtual``: FIDE C.02 (2009) virtual opponent (the player's unplayed
    round is a game against an opponent with his score before the round,
    the round's result, then a draw each later round; the opponents count
    the player's forfeits as draws).
    ``traditional``: events before 2009, as the 2005 event of
    tests/test_fide_tiebreaks.py was ranked (docs/tiebreaks.md): not a
    FIDE text, and the notes say so.
    """

    id: str
    effective: date
    unplayed: str
    source: str


RULES = (
    TiebreakRules("before-2009", date(1, 1, 1), "traditional",
                  "the practice before FIDE's 2009 rule (forfeits count as "
                  "draws for the other players, as games for the two players "
                  "involved; a round without an opponent adds nothing)"),
    TiebreakRules("fide-c02-2009", date(2009, 11, 1), "virtual",
                  "FIDE C.02 (2009), unplayed games: the virtual opponent "
                  "(80th FIDE Congress, Kallithea 2009)"),
    TiebreakRules("fide-c07-2023", date(2023, 9, 1), "dummy",
                  "FIDE C.07 (2023), applied from 1 September 2023"),
)


# The C.07 edition applied from 1 August 2024 (FIDE Council 29/07/2024,
# https://handbook.fide.com/chapter/TieBreakRegulations082024) and any later
# one: not compared with the 2023 text here, so events from that day get a
# note (docs/tiebreaks.md).
AMENDED = date(2024, 8, 1)


def get_rules(rule_id: str) -> TiebreakRules:
    for rules in RULES:
        if rules.id == rule_id:
            return rules
    raise ValueError(f"unknown tie-break rules: {rule_id!r}")


def rules_for(start: date | None) -> tuple[TiebreakRules, str | None]:
    """The rules in force on the start date, and a note when that is an
    assumption (no date, or before the oldest rules known here)."""
    if start is None:
        return RULES[-1], (f"no start date: unplayed rounds counted as "
                           f"{RULES[-1].source} says")
    in_force = [r for r in RULES if r.effective <= start][-1]
    if start >= AMENDED:
        return in_force, (f"ranked with {in_force.source}, as the FIDE TEC exercises "
                          f"(rev. 2403) apply it; the amendments in force from "
                          f"{AMENDED.isoformat()} are not compared here")
    if in_force.unplayed == "traditional":
        return in_force, (f"the event starts {start.isoformat()}, before FIDE's "
                          f"first written rule for unplayed games ({RULES[1].source}, "
                          f"{RULES[1].effective.isoformat()}): counted as {in_force.source}")
    return in_force, None


def default_tiebreaks(system: str | None) -> list[Tiebreak]:
    """The recommended order when the event gives none (docs/tiebreaks.md):
    round robins DE, WIN, SB, KS; Swiss and other systems BH-C1, BH, SB, PS,
    DE, WIN, BWG (FIDE C.02 (2017) 13.16.2 and 13.16.5)."""
    kind = "round-robin" if system in ROUND_ROBIN_SYSTEMS else "swiss"
    return parse_tiebreaks(DEFAULT_ORDERS[kind])


# -------------------------------------------------------------- crosstable

# A tie-break's value per start number; every tie-break's, per start number.
Column = dict[int, float | int | None]
Values = dict[int, dict[str, float | int | None]]


def _opponent(r: RoundResult) -> int:
    """The opponent of a round that counts as a game (`is_game`: one of the
    event's players)."""
    assert r.opponent is not None, f"round {r.round}: a game without opponent"
    return r.opponent


class _Entries(NamedTuple):
    """A player's rounds as BH or SB count them, in round order: each
    opponent's value (real, dummy or virtual), each contribution (BH: the
    value; SB: value x result) and whether each round is voluntarily
    unplayed (FIDE C.07 (2023) 16.1.2).  Three lists, not a tuple a round:
    made for every round of every player (`_new_entries`), they are summed
    and searched by the built-ins (`sum`, `min`), not by a Python loop."""

    values: list[float]
    contributions: list[float]
    vurs: list[bool]


@dataclass
class _Crosstable:
    """The event as the tie-breaks see it, computed once: O(players x rounds)."""

    t: Tournament
    rules: TiebreakRules
    rounds: int = 0
    round_robin: bool = False
    players: dict[int, Player] = field(default_factory=dict)
    by_round: dict[int, dict[int, RoundResult]] = field(default_factory=dict)
    score: dict[int, float] = field(default_factory=dict)
    opponent_value: dict[int, float] = field(default_factory=dict)
    most_games: int = 0
    # entries and games per player, computed once and shared by every
    # column that reads them (BH, its cuts, SB, AOB, ARO, ...).
    _entries: dict[tuple[int, bool], _Entries] = field(default_factory=dict)
    _games: dict[int, list[RoundResult]] = field(default_factory=dict)

    def build(self) -> _Crosstable:
        self.rounds = self.t.rounds_played
        self.round_robin = self.t.system in ROUND_ROBIN_SYSTEMS
        self.players = {p.number: p for p in self.t.players}
        for p in self.t.players:
            self.by_round[p.number] = {r.round: r for r in p.results}
            self.score[p.number] = p.score
        for number in self.players:
            self.opponent_value[number] = self._opponent_value(number)
        self.most_games = max((len(self.games(n)) for n in self.players), default=0)
        return self

    def result(self, number: int, round_: int) -> RoundResult | None:
        return self.by_round[number].get(round_)

    def is_game(self, r: RoundResult | None) -> TypeGuard[RoundResult]:
        """A game against an opponent of the event: played over the board
        (FIDE C.07 (2023) 16.1), or in a round robin also a forfeit, which
        counts as a played game there (FIDE C.07 (2023) 15.2)."""
        if r is None or r.opponent is None or r.opponent not in self.players:
            return False
        return r.code in PLAYED or (self.round_robin and r.code in "+-")

    def is_vur(self, r: RoundResult | None) -> bool:
        """FIDE C.07 (2023) 16.1.2: a requested bye, an absence (a round
        missing from the file counts as one) or a forfeit loss."""
        if r is None:
            return True
        return not self.is_game(r) and (r.code in REQUESTED_BYES or r.code == "-")

    def _requested(self, r: RoundResult | None) -> bool:
        return r is None or (not self.is_game(r) and
                             (r.code in REQUESTED_BYES or
                              (r.code == "-" and r.opponent is None)))

    def _opponent_value(self, number: int) -> float:
        """The player's score as it counts for his opponents' tie-breaks.

        FIDE C.07 (2023) 16.3: face value, except a requested bye (or
        absence) followed by no round with availability to play (16.2.5),
        which counts as a draw (16.3.2).  FIDE C.02 (2009), and the practice
        before it: a forfeit (won or lost) counts as a draw for the players
        not involved in it.  Round robins: face value (15.2)."""
        if self.round_robin:
            return self.score[number]
        value, only_vur_after = 0.0, True
        by_round, players = self.by_round[number], self.players
        dummy = self.rules.unplayed == "dummy"
        for round_ in range(self.rounds, 0, -1):
            r = by_round.get(round_)
            if r is None:           # an absence: requested, a VUR (`_requested`, `is_vur`)
                value += 0.5 if dummy and only_vur_after else 0.0
                continue
            face, code = r.score, r.code
            if not dummy:
                value += 0.5 if code in "+-" else face
                continue
            # `is_game` inlined (not a round robin here)
            game = r.opponent is not None and r.opponent in players and code in PLAYED
            if only_vur_after and not game and (
                    code in REQUESTED_BYES or (code == "-" and r.opponent is None)):
                value += 0.5
            else:
                value += face
            only_vur_after = only_vur_after and not game and (
                code in REQUESTED_BYES or code == "-")
        return value

    def _against(self, number: int, r: RoundResult) -> float | None:
        """The opponent's value in a round that counts as a game for BH and
        SB, else None.  Before 2009 a forfeit counts as a game for the two
        players involved, the forfeiting opponent at his score with that
        forfeit at face value (docs/tiebreaks.md)."""
        if self.is_game(r):
            return self.opponent_value[_opponent(r)]
        forfeit = (self.rules.unplayed == "traditional" and r is not None
                   and r.code in "+-" and r.opponent in self.players)
        if forfeit:
            return self.opponent_value[_opponent(r)] + (1.0 - r.score) - 0.5
        return None

    def entries(self, number: int, sonneborn: bool) -> _Entries:
        """FIDE C.07 (2023) 8.1 and 9.1: one entry per round (computed once
        per player, BH's and SB's in one pass; callers copy before removing
        any)."""
        key = (number, sonneborn)
        if key not in self._entries:
            self._entries[(number, False)], self._entries[(number, True)] = \
                self._new_entries(number)
        return self._entries[key]

    def _new_entries(self, number: int) -> tuple[_Entries, _Entries]:
        """BH's entries (contribution: the value) and SB's (value x the
        player's points in the round): the values and the VURs shared."""
        values: list[float] = []
        buchholz: list[float] = []
        sonneborn: list[float] = []
        vurs: list[bool] = []
        running = 0.0
        by_round = self.by_round[number]
        dummy = self.rules.unplayed == "dummy"
        players, round_robin = self.players, self.round_robin
        opponent_value = self.opponent_value
        add_value, add_buchholz, add_sonneborn, add_vur = (
            values.append, buchholz.append, sonneborn.append, vurs.append)
        for round_ in range(1, self.rounds + 1):
            r = by_round.get(round_)
            points = r.score if r is not None else 0.0
            if r is not None and r.opponent in players and (
                    r.code in PLAYED or (round_robin and r.code in "+-")):
                # `is_game` inlined (every round of every player): `_against`
                # gives the opponent's value, and a game is not a VUR
                value, vur = opponent_value[r.opponent], False
            else:
                against = self._against(number, r) if r is not None else None
                value = (self._unplayed_value(number, round_, running, points)
                         if against is None else against)
                vur = dummy and self.is_vur(r)
            add_value(value)
            add_buchholz(value * 1.0)
            add_sonneborn(value * points)
            add_vur(vur)
            running += points
        return _Entries(values, buchholz, vurs), _Entries(values, sonneborn, vurs)

    def _unplayed_value(self, number: int, round_: int, before: float,
                        points: float) -> float:
        """FIDE C.07 (2023) 16.4: a dummy opponent with the player's own
        final score.  FIDE C.02 (2009): the virtual opponent, Svon =
        SPR + (1 - SfPR) + 0.5 x (n - R).  Before 2009: nothing."""
        if self.rules.unplayed == "dummy" or self.round_robin:
            return self.score[number]
        if self.rules.unplayed == "traditional":
            return 0.0
        return before + (1.0 - points) + 0.5 * (self.rounds - round_)

    def games(self, number: int) -> list[RoundResult]:
        """(round, result) of every game the player played (see is_game),
        computed once per player; callers do not change the list."""
        games = self._games.get(number)
        if games is None:
            by_round, players, round_robin = self.by_round[number], self.players, self.round_robin
            # `is_game` inlined: every player's rounds, when the event is built
            games = [r for r in (by_round.get(k) for k in range(1, self.rounds + 1))
                     if r is not None and r.opponent is not None and r.opponent in players
                     and (r.code in PLAYED or (round_robin and r.code in "+-"))]
            self._games[number] = games
        return games


# --------------------------------------------------------------- modifiers

def _cut(entries: _Entries, cut: int, median: int) -> list[float]:
    """The contributions left, in round order.  FIDE C.07 (2023) 14.1:
    Cut-n removes the n least significant entries: the lowest value, of
    equal values the smallest contribution (14.1.1); but while the player
    has a voluntarily unplayed round whose contribution is not below that
    one, the VUR goes first (16.5).  14.2: Median-n also removes the n
    highest values.  Of equal entries the first in round order goes."""
    if not (cut or median):
        return entries.contributions    # nothing removed: the callers only read it
    values, contributions, vurs = (list(entries.values), list(entries.contributions),
                                   list(entries.vurs))
    for _ in range(min(cut + median, len(values))):
        if cut:
            cut -= 1
            index = _least(values, contributions, vurs)
        else:
            median -= 1
            index = _most(values, contributions)
        del values[index], contributions[index], vurs[index]
    return contributions


def _least(values: list[float], contributions: list[float], vurs: list[bool]) -> int:
    """The index of the entry Cut-1 removes (`_cut`): the first of the
    lowest (value, contribution), unless a VUR's contribution, the first
    of the smallest, is not below that one's."""
    pairs = list(zip(values, contributions, strict=True))
    least = pairs.index(min(pairs))
    if True in vurs:
        smallest, vur = min((c, index) for index, (c, unplayed)
                            in enumerate(zip(contributions, vurs, strict=True)) if unplayed)
        if smallest >= contributions[least]:
            return vur
    return least


def _most(values: list[float], contributions: list[float]) -> int:
    """The index of the entry Median-1 removes above (`_cut`): the first
    of the highest (value, contribution)."""
    pairs = list(zip(values, contributions, strict=True))
    return pairs.index(max(pairs))


# ------------------------------------------------------------------ values

def _buchholz(xt: _Crosstable, n: int, tb: Tiebreak) -> float:
    """FIDE C.07 (2023) 8.1: the sum of the opponents' scores."""
    return sum(_cut(xt.entries(n, False), tb.cut, tb.median))


def _sonneborn_berger(xt: _Crosstable, n: int, tb: Tiebreak) -> float:
    """FIDE C.07 (2023) 9.1: the sum of each opponent's score times the
    player's result against him."""
    return sum(_cut(xt.entries(n, True), tb.cut, tb.median))


def _wins(xt: _Crosstable, n: int, tb: Tiebreak) -> int:
    """FIDE C.07 (2023) 7.1 (WIN): rounds scored as a win, whether played,
    forfeited by the opponent or a bye worth a win."""
    return sum(1 for r in xt.by_round[n].values() if r.score == 1.0)


def _games_won(xt: _Crosstable, n: int, tb: Tiebreak) -> int:
    """FIDE C.07 (2023) 7.2 (WON): games won over the board."""
    return sum(1 for r in xt.games(n) if r.score == 1.0)


def _black_games(xt: _Crosstable, n: int, tb: Tiebreak) -> int:
    """FIDE C.07 (2023) 7.3 (BPG): games played with Black."""
    return sum(1 for r in xt.games(n) if r.color == "b")


def _black_wins(xt: _Crosstable, n: int, tb: Tiebreak) -> int:
    """FIDE C.07 (2023) 7.4 (BWG): games won with Black."""
    return sum(1 for r in xt.games(n) if r.color == "b" and r.score == 1.0)


def _games_elected(xt: _Crosstable, n: int, tb: Tiebreak) -> int:
    """FIDE C.07 (2023) 7.6 (GE): rounds the player was available to play:
    every round but the voluntarily unplayed ones (16.1.2)."""
    return sum(1 for k in range(1, xt.rounds + 1) if not xt.is_vur(xt.result(n, k)))


def _progressive(xt: _Crosstable, n: int, tb: Tiebreak) -> float:
    """FIDE C.07 (2023) 7.5 (PS): the sum of the running scores after each
    round, every round at its face value; Cut-n drops the n lowest."""
    running, totals = 0.0, []
    by_round = xt.by_round[n]
    for k in range(1, xt.rounds + 1):
        r = by_round.get(k)
        running += r.score if r else 0.0
        totals.append(running)
    return sum(sorted(totals)[tb.cut:])


def _koya(xt: _Crosstable, n: int, tb: Tiebreak) -> float:
    """FIDE C.07 (2023) 9.2 (KS): points scored against the opponents who
    scored at least half of the maximum possible score: a point a game,
    the most games any player has (a round robin with a bye each round:
    one game fewer than rounds)."""
    limit = xt.most_games / 2
    return sum(r.score for r in xt.games(n) if xt.score[_opponent(r)] >= limit)


def _round_half_up(value: float) -> int:
    """FIDE C.07 (2023) 10: ratings are rounded to the nearest whole
    number, a half upwards."""
    return int(value + 0.5) if value >= 0 else -int(-value + 0.5)


def _rated_games(xt: _Crosstable, n: int) -> list[tuple[int, float]]:
    """(opponent's rating, points) of the games against rated opponents:
    the rating tie-breaks count games played only (FIDE C.07 (2023) 10)."""
    out: list[tuple[int, float]] = []
    for r in xt.games(n):
        rating = xt.players[_opponent(r)].rating
        if rating:
            out.append((rating, r.score))
    return out


def _aro(xt: _Crosstable, n: int, tb: Tiebreak) -> int | None:
    """FIDE C.07 (2023) 10.1 (ARO): the average rating of the opponents
    met, rounded; Cut-n drops the n lowest-rated (14.1).  None when no
    rating is left."""
    ratings = sorted(rating for rating, _ in _rated_games(xt, n))[tb.cut:]
    if not ratings:
        return None
    return _round_half_up(sum(ratings) / len(ratings))


def _tpr(xt: _Crosstable, n: int, tb: Tiebreak) -> int | None:
    """FIDE C.07 (2023) 10.2 (TPR): ARO + dp, dp from the FIDE table
    (B.02 8.1.1, `tables.DP_BY_PERCENT`) for p = points / games played,
    rounded to two decimals; 1.0 and 0.0 give +800 and -800."""
    games = _rated_games(xt, n)
    if not games:
        return None
    aro = _round_half_up(sum(r for r, _ in games) / len(games))
    percent = _round_half_up(100 * sum(s for _, s in games) / len(games))
    return aro + DP_BY_PERCENT.get(percent, NOTIONAL_DP.get(percent, 0))


def _expected_hundredths(rating: int, opponents: list[int]) -> int:
    """The sum of the expected scores, in hundredths, of a player rated
    `rating` against `opponents`: the FIDE table (B.02 8.1.2,
    `tables.PD_BANDS`) without the 400-point cut (FIDE C.07 (2023) 10.3)."""
    total = 0
    for opponent in opponents:
        difference = rating - opponent
        high = _band(abs(difference))
        total += high if difference >= 0 else 100 - high
    return total


def _band(difference: int) -> int:
    for low, high, percent in PD_BANDS:
        if low <= difference and (high is None or difference <= high):
            return percent
    raise ValueError(f"no band for a rating difference of {difference}")


def _ptp(xt: _Crosstable, n: int, tb: Tiebreak) -> int | None:
    """FIDE C.07 (2023) 10.3 (PTP): the lowest rating whose expected score
    against the opponents met reaches the points scored; a zero score gives
    the lowest-rated opponent's rating - 800, and (our reading, symmetric)
    a full score the highest-rated's + 800.  O(games x log 1600)."""
    games = _rated_games(xt, n)
    if not games:
        return None
    ratings = [r for r, _ in games]
    target = round(100 * sum(s for _, s in games))
    if target == 0:
        return min(ratings) - 800
    if target == 100 * len(games):
        return max(ratings) + 800
    low, high = min(ratings) - 800, max(ratings) + 800
    while low < high:
        middle = (low + high) // 2
        if _expected_hundredths(middle, ratings) >= target:
            high = middle
        else:
            low = middle + 1
    return low


def _apro(xt: _Crosstable, n: int, tb: Tiebreak, tprs: Column) -> int | None:
    """FIDE C.07 (2023) 10.4 (APRO) and 10.5 (APPO): the average of the
    TPRs (PTPs) of the opponents met, rounded."""
    met = (tprs.get(_opponent(r)) for r in xt.games(n))
    values = [v for v in met if v is not None]
    return _round_half_up(sum(values) / len(values)) if values else None


def _aob(xt: _Crosstable, n: int, tb: Tiebreak, buchholz: Column) -> float | None:
    """FIDE C.07 (2023) 8.2 (AOB): the average of the Buchholz of the
    opponents met over the board, to two decimals."""
    values = [v for r in xt.games(n) if (v := buchholz[_opponent(r)]) is not None]
    return round(sum(values) / len(values), 2) if values else None


_PLAIN = {"BH": _buchholz, "SB": _sonneborn_berger, "WIN": _wins,
          "WON": _games_won, "BPG": _black_games, "BWG": _black_wins,
          "GE": _games_elected, "PS": _progressive, "KS": _koya, "ARO": _aro,
          "TPR": _tpr, "PTP": _ptp}


def _fore(xt: _Crosstable) -> _Crosstable:
    """FIDE C.07 (2023) 8.3: the event as Fore Buchholz sees it, every game
    of the last round a draw (a forfeit too); byes and absences as they
    are.  A copy: O(players x rounds)."""
    last = xt.rounds
    players = []
    for p in xt.t.players:
        results = [RoundResult(r.round, r.opponent, r.color, "=", 0.5)
                   if r.round == last and r.opponent in xt.players else r
                   for r in p.results]
        players.append(Player(p.number, p.name, rating=p.rating, results=results))
    t = Tournament(name=xt.t.name, start=xt.t.start, system=xt.t.system, players=players)
    return _Crosstable(t, xt.rules).build()


def _build(t: Tournament, rules: TiebreakRules | None) -> _Crosstable:
    return _Crosstable(t, rules or rules_for(t.start)[0]).build()


def compute(t: Tournament, order: list[Tiebreak],
            rules: TiebreakRules | None = None) -> dict[int, dict[str, float | int | None]]:
    """The value of every tie-break of `order` for every player, by start
    number, keyed as `Tiebreak.key` (direct encounter is a ranking inside a
    tied group: see `rank`).  O(players x rounds) per tie-break."""
    xt = _build(t, rules)
    return _values(xt, order)


def _values(xt: _Crosstable, order: list[Tiebreak]) -> Values:
    out: Values = {n: {} for n in xt.players}
    for tb in order:
        if tb.code == "DE":
            continue
        key, plain = tb.key, _PLAIN.get(tb.code)
        if plain is not None:       # `_column`'s, written straight in
            for n, held in out.items():
                held[key] = plain(xt, n, tb)
            continue
        column = _column(xt, tb)
        for n, held in out.items():
            held[key] = column[n]
    return out


def _column(xt: _Crosstable, tb: Tiebreak) -> dict[int, float | int | None]:
    plain = _PLAIN.get(tb.code)
    if plain is not None:
        return {n: plain(xt, n, tb) for n in xt.players}
    if tb.code == "FB":
        fore = _fore(xt)
        return {n: _buchholz(fore, n, tb) for n in xt.players}
    if tb.code in ("APRO", "APPO"):
        performances = _column(xt, Tiebreak("TPR" if tb.code == "APRO" else "PTP"))
        return {n: _apro(xt, n, tb, performances) for n in xt.players}
    buchholz = _column(xt, Tiebreak("BH"))
    return {n: _aob(xt, n, tb, buchholz) for n in xt.players}


# -------------------------------------------------------- direct encounter

def _mutual(xt: _Crosstable, group: list[int]) -> tuple[dict[int, float], dict[int, int]]:
    """Points each member scored in the games between members, and how
    many other members each has not met."""
    members = set(group)
    points = {n: 0.0 for n in group}
    met: dict[int, set[int]] = {n: set() for n in group}
    for n in group:
        for r in xt.games(n):
            if r.opponent in members and r.opponent != n:
                points[n] += r.score
                met[n].add(r.opponent)
    unmet = {n: len(members) - 1 - len(met[n]) for n in group}
    return points, unmet


def direct_encounter_groups(xt: _Crosstable, group: list[int]) -> list[list[int]]:
    """FIDE C.07 (2023) 6: the tied players ordered by the points scored
    in the games between them, applied again to those still tied.  When
    some of them have not met, a player is ranked first only if no other
    could reach his points by winning every game missing (6.2); then the
    same for the next place.  In Swiss events only games played over the
    board count (6.1.1); in round robins forfeits count too (15.2).
    O(group x rounds) a pass, a pass for each player set apart:
    O(group^2 x rounds) at worst."""
    if len(group) < 2:
        return [group]
    points, unmet = _mutual(xt, group)
    if not any(unmet.values()):
        return _complete(xt, group, points)
    leader = max(group, key=lambda n: points[n])
    if all(points[leader] > points[o] + unmet[o] for o in group if o != leader):
        return [[leader]] + direct_encounter_groups(xt, [n for n in group if n != leader])
    return [group]


def _complete(xt: _Crosstable, group: list[int],
              points: dict[int, float]) -> list[list[int]]:
    levels = sorted({points[n] for n in group}, reverse=True)
    if len(levels) == 1:
        return [group]
    out: list[list[int]] = []
    for level in levels:
        out.extend(direct_encounter_groups(xt, [n for n in group if points[n] == level]))
    return out


# ----------------------------------------------------------------- ranking

@dataclass
class Standing:
    """A player's place: `rank` is shared by players every tie-break leaves
    equal (`shared` names the others)."""

    number: int
    rank: int
    points: float
    tiebreaks: dict[str, float | int | None]
    shared: list[int] = field(default_factory=list)


def rank(t: Tournament, order: list[Tiebreak],
         rules: TiebreakRules | None = None) -> list[Standing]:
    """FIDE C.07 (2023) 4.2: by points, then each tie-break of the list in
    turn, for the players still tied.  Players every tie-break leaves equal
    share the place (no drawing of lots here: 4.2 leaves that to the
    arbiter).  O(n log n) for the sorts plus the tie-breaks' own cost."""
    xt = _build(t, rules)
    values = _values(xt, order)
    groups = _split(list(xt.players), xt.score.__getitem__)
    for tb in order:
        # a player alone in his group stays so: `_refine` is not asked
        groups = [sub for g in groups
                  for sub in ((g,) if len(g) < 2 else _refine(xt, g, tb, values))]
    return _standings(xt, groups, values)


def _split(group: list[int], key: Callable[[int], float | int | None]) -> list[list[int]]:
    """Ordered groups of equal key, highest first; None lowest; a group
    by start number.  Each key is read once."""
    keyed: list[tuple[tuple[bool, float], int]] = []
    for n in group:
        value = key(n)
        keyed.append(((value is not None, value if value is not None else 0), -n))
    keyed.sort(reverse=True)
    out: list[list[int]] = []
    last: tuple[bool, float] | None = None
    for sort_key, negative in keyed:
        if out and sort_key == last:
            out[-1].append(-negative)
        else:
            out.append([-negative])
            last = sort_key
    return out


def _refine(xt: _Crosstable, group: list[int], tb: Tiebreak,
            values: Values) -> list[list[int]]:
    if len(group) < 2:
        return [group]
    if tb.code == "DE":
        subgroups = direct_encounter_groups(xt, sorted(group))
        points, _ = _mutual(xt, group)
        for n in group:
            values[n].setdefault("direct_encounter", points[n])
        return subgroups
    key = tb.key
    return _split(group, lambda n: values[n][key])


def _standings(xt: _Crosstable, groups: list[list[int]], values: Values) -> list[Standing]:
    out: list[Standing] = []
    place = 1
    for group in groups:
        ordered = sorted(group)
        for n in ordered:
            others = [o for o in ordered if o != n]
            out.append(Standing(n, place, xt.score[n], values[n], others))
        place += len(group)
    return out
