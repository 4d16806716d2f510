"""The tie-break criteria of FMJD events, computed over a `Tournament`.

fmjd Annex 5 §3.1 a-k (Solkoff and its variants, Sonneborn-Berger, average
opponent rating, tournament performance of Appendix D, own rating, lots),
the number of victories of Annex 3 §5.11.1.2.1, and the counting systems of
Annex 3 §5.6/§5.6a.  `rules_core.fmjd.standings` orders players with them.

Unplayed games in Solkoff-type tie-breaks (docs/interpretations.md#i6): Annex 5
does not say how they count.  What it does say: a bye is a pairing with a
dummy player added to the tournament (§4.1), a player who leaves keeps his
position and is no longer paired (§4.2), and a game not (yet) played counts
as a draw "only for pairing purposes" (§4.3), so not for the final order.
Annex 3 §5.7 gives a forfeit's points to the scheduled opponent and §5.8
makes a double forfeit zero-zero.  Here, as Draughts Arbiter Pro does, a
scheduled opponent counts with his final total whether or not the game was
played; a round without an opponent (a bye, an absence, a round after
withdrawal) counts as the §4.1 dummy, whose score and Solkoff are 0 and who
is left out of the rating average and the performance.

Lots (Annex 5 §3.1 k) cannot be drawn by software: the criterion's value is
None and orders nothing (see `standings`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from ..model import Player, RoundResult, Tournament
from .rating import expected_percentage
from .tables import IX_1

__all__ = ["StandingsError", "Counting", "STANDARD", "PLUS_REMISE", "BEIJING",
           "COUNTINGS", "WIN", "PLUS_DRAW", "DRAW", "MINUS_DRAW", "LOSS",
           "PLUS_DRAW_CODES", "MINUS_DRAW_CODES", "BEIJING_CODES",
           "ON_BOARD_CODES", "CRITERIA", "GROUP_CRITERIA", "outcome",
           "opponent_scores", "solkoff", "solkoff_median",
           "short_truncated_solkoff", "full_truncated_solkoff",
           "tournament_performance", "EventScores", "event_scores",
           "values_of", "criteria_values"]

WIN, PLUS_DRAW, DRAW, MINUS_DRAW, LOSS = ("win", "plus-draw", "draw",
                                          "minus-draw", "loss")

# fmjd Annex 3 §5.6a: "The result is written as 1+ - 1-"; "=+"/"=-" are
# accepted as the same.  Not in model.PLAYED_CODES (a needed model change).
PLUS_DRAW_CODES = frozenset({"1+", "=+"})
MINUS_DRAW_CODES = frozenset({"1-", "=-"})

# fmjd Annex 3 §5.6a, the Beijing counting system: a round is won 12-0 in
# the normal game, 9-3 in the rapid game, 8-4 in the blitz game, 7-5 in the
# Superblitz tie-break; the code is the round's result from the player's side.
BEIJING_CODES = MappingProxyType({
    "12-0": 12.0, "9-3": 9.0, "8-4": 8.0, "7-5": 7.0,
    "5-7": 5.0, "4-8": 4.0, "3-9": 3.0, "0-12": 0.0})

_WIN_CODES = frozenset({"1", "+", "2x0"})
_DRAW_CODES = frozenset({"=", "1x1"})
_LOSS_CODES = frozenset({"0", "-", "0x2", "0x0"})
ON_BOARD_CODES = frozenset({"1", "=", "0"}) | PLUS_DRAW_CODES | MINUS_DRAW_CODES
# fmjd Annex 5 §3.1 g: 2 times the score of an opponent beaten, once that of
# an opponent drawn.
_SB_FACTOR = {WIN: 2, PLUS_DRAW: 1, DRAW: 1, MINUS_DRAW: 1, LOSS: 0}


class StandingsError(ValueError):
    """An unknown tie-break, system or counting, or a result it cannot use."""


def outcome(r: RoundResult) -> str:
    """What one round was for the player: WIN, PLUS_DRAW, DRAW, MINUS_DRAW, LOSS.

    Played games "1"/"="/"0" (fmjd Annex 9 §11), plus and minus draws
    (Annex 3 §5.6a), referee decisions "2x0"/"1x1"/"0x2"/"0x0", forfeits
    "+"/"-" (Annex 3 §5.7, §5.8), Beijing results ("9-3"); anything else
    (byes) by its points: 2 or more a win, 1 a draw, less a loss.
    """
    code = r.code
    if code in PLUS_DRAW_CODES:
        return PLUS_DRAW
    if code in MINUS_DRAW_CODES:
        return MINUS_DRAW
    if code in _WIN_CODES:
        return WIN
    if code in _DRAW_CODES:
        return DRAW
    if code in _LOSS_CODES:
        return LOSS
    if code in BEIJING_CODES:
        return WIN if BEIJING_CODES[code] > 6 else LOSS
    return WIN if r.score >= 2 else DRAW if r.score >= 1 else LOSS


def _on_board(r: RoundResult) -> bool:
    """Played over the board: counts for the Appendix D performance."""
    return r.opponent is not None and r.code in ON_BOARD_CODES


@dataclass(frozen=True)
class Counting:
    """A counting system: the points a round gives in the standings.

    fmjd Annex 3 §5.6 (standard: 2 a win, 1 a draw, 0 a loss) and §5.6a
    (alternative systems, "for the standings only": rating always uses
    §5.6).  `file_scores`: take the points the file gives (`RoundResult.score`,
    which already holds the event's points for byes and referee decisions);
    otherwise a code in `codes` gives its points and any other round the
    points of its `outcome`.
    """

    name: str
    win: float = 2.0
    plus_draw: float = 1.0
    draw: float = 1.0
    minus_draw: float = 1.0
    loss: float = 0.0
    codes: Mapping[str, float] = field(default_factory=dict)
    file_scores: bool = False

    def points(self, r: RoundResult) -> float:
        if self.file_scores:
            return r.score
        if r.code in self.codes:
            return self.codes[r.code]
        return {WIN: self.win, PLUS_DRAW: self.plus_draw, DRAW: self.draw,
                MINUS_DRAW: self.minus_draw, LOSS: self.loss}[outcome(r)]


# fmjd Annex 3 §5.6.1-§5.6.3, with the file's points for byes (Annex 5 §4.1:
# two points) and referee decisions (model.REFEREE_CODES).
STANDARD = Counting("standard", file_scores=True)
# fmjd Annex 3 §5.6a: "1+ - 1-", one point each as written; the plus and the
# minus decide only where the regulations compare results (Annex 17 §10).
# An event that gives a plus draw other points passes its own Counting.
PLUS_REMISE = Counting("plus-remise")
# fmjd Annex 3 §5.6a: 12-0, 9-3, 8-4, 7-5.  A Beijing round cannot end drawn
# (a Superblitz decides); a drawn round (a "1x1" decision) counts 6, half.
BEIJING = Counting("beijing", win=12.0, plus_draw=6.0, draw=6.0,
                   minus_draw=6.0, loss=0.0, codes=BEIJING_CODES)
COUNTINGS = MappingProxyType({c.name: c for c in (STANDARD, PLUS_REMISE, BEIJING)})


# fmjd Annex 5 §3.1: letter -> criterion (the print drops the letters "b."
# and "i."; §5.2b's "3.1b" is Solkoff median, so they follow the order).
# "wins" and the two round-robin criteria are Annex 3 §5.11.1.2.1.
CRITERIA = MappingProxyType({
    "solkoff": "fmjd Annex 5 §3.1 a",
    "solkoff_median": "fmjd Annex 5 §3.1 b",
    "short_truncated_solkoff": "fmjd Annex 5 §3.1 c",
    "full_truncated_solkoff": "fmjd Annex 5 §3.1 d",
    "solkoff_plus": "fmjd Annex 5 §3.1 e",
    "solkoff_baliakin": "fmjd Annex 5 §3.1 f",
    "sonneborn_berger": "fmjd Annex 5 §3.1 g",
    "average_opponent_rating": "fmjd Annex 5 §3.1 h",
    "performance": "fmjd Annex 5 §3.1 i, Appendix D",
    "own_rating": "fmjd Annex 5 §3.1 j",
    "lots": "fmjd Annex 5 §3.1 k",
    "wins": "fmjd Annex 3 §5.11.1.2.1 (1)",
    "result_between_tied": "fmjd Annex 3 §5.11.1.2.1 (2)",
    "results_in_order": "fmjd Annex 3 §5.11.1.2.1 (3)",
})
# Criteria whose value depends on who else is tied (computed while ranking).
GROUP_CRITERIA = frozenset({"result_between_tied", "results_in_order"})


# --- the criteria of Annex 5 §3.1 on a list of opponents' scores ---------------

def solkoff(scores: Iterable[float]) -> float:
    """The sum of the scores of all opponents (fmjd Annex 5 §3.1 a)."""
    return math.fsum(scores)


def solkoff_median(scores: Iterable[float]) -> float:
    """The sum minus the highest and the lowest score (fmjd Annex 5 §3.1 b).

    One entry each is taken off; with fewer than two opponents nothing is left.
    """
    ordered = sorted(scores)
    return math.fsum(ordered[1:-1])


def short_truncated_solkoff(scores: Iterable[float]) -> float:
    """The sum of the scores of all opponents minus the lowest (fmjd Annex 5 §3.1 c)."""
    ordered = sorted(scores)
    return math.fsum(ordered[1:])


def full_truncated_solkoff(scores: Iterable[float]) -> list[float]:
    """The sums minus the 1, 2, ... n-1 lowest scores (fmjd Annex 5 §3.1 d).

    "minus the lowest score; if this is equal the sum of all opponents minus
    the 2 lowest scores .... Etc.": a list compared lexicographically, the
    first entry equal to the short truncated Solkoff.

    O(n log n) in the n opponents: the sums are added from the highest
    score down, once (scores are multiples of half a point, or Beijing's
    whole points: every partial sum is exact in a float).
    """
    ordered = sorted(scores)
    sums, total = [], 0.0
    for score in reversed(ordered[1:]):
        total += score
        sums.append(total)
    sums.reverse()
    return sums


def tournament_performance(opponent_ratings: Sequence[float],
                           score: float) -> float | None:
    """The rating whose expected result, game by game, equals the score.

    fmjd Annex 5 §3.1 i, Appendix D ("calculated opponent by opponent"), with
    the expected percentage of Annex 9 §2.4 (`rating.expected_percentage`) and
    2 points a game.  Where a whole interval of ratings fits (the expected
    result saturates 935 points away), its middle is taken; for 0 % and 100 %
    the nearest end (lowest opponent - 935, highest + 935).  None without games.
    """
    if not opponent_ratings:
        return None
    most = 2 * len(opponent_ratings)
    if not 0 <= score <= most:
        raise StandingsError(f"a score of {score!r} is impossible in "
                             f"{len(opponent_ratings)!r} games")
    low = min(opponent_ratings) + IX_1[0]
    high = max(opponent_ratings) + IX_1[100]
    if score == 0:
        return low
    if score == most:
        return high

    def expected(r: float) -> float:
        return math.fsum(2 * expected_percentage(r - o) / 100 for o in opponent_ratings)

    lower = _bisect(low, high, lambda r: expected(r) >= score - 1e-12)
    upper = _bisect(low, high, lambda r: expected(r) > score + 1e-12)
    return (lower + upper) / 2


def _bisect(low: float, high: float, reached: Callable[[float], bool]) -> float:
    """The boundary of a predicate that is false below it and true above."""
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        low, high = (low, middle) if reached(middle) else (middle, high)
    return high


# --- the event as the criteria see it -----------------------------------------

@dataclass
class EventScores:
    """Totals and per-round opponents (None: the Annex 5 §4.1 dummy)."""

    players: dict[int, Player]
    points: dict[int, float]
    rounds: dict[int, list[tuple[int | None, RoundResult | None]]]
    counting: Counting

    def opponent_scores(self, number: int) -> list[float]:
        return [self.points[o] if o is not None else 0.0 for o, _ in self.rounds[number]]


def event_scores(t: Tournament, counting: Counting = STANDARD) -> EventScores:
    """Totals in `counting` and, per player, one (opponent, result) per round."""
    players = {p.number: p for p in t.players}
    points = {n: math.fsum(counting.points(r) for r in p.results)
              for n, p in players.items()}
    total = t.rounds_played
    rounds: dict[int, list[tuple[int | None, RoundResult | None]]] = {}
    for n, p in players.items():
        entries: list[tuple[int | None, RoundResult | None]] = [
            (r.opponent if r.opponent in players else None, r)
            for r in sorted(p.results, key=lambda r: r.round)]
        missing = max(total - len({r.round for r in p.results}), 0)
        rounds[n] = entries + [(None, None)] * missing
    return EventScores(players, points, rounds, counting)


def opponent_scores(t: Tournament, number: int,
                    counting: Counting = STANDARD) -> list[float]:
    """The scores a Solkoff adds up for player `number`, one per round.

    The scheduled opponent's final total, played or not (docs/interpretations.md#i6); 0 for a round without an opponent (the dummy of
    fmjd Annex 5 §4.1).
    """
    return event_scores(t, counting).opponent_scores(number)


def values_of(ev: EventScores, names: Iterable[str]) -> dict[int, dict[str, object]]:
    """The criteria `names` that do not depend on who is tied, for every player.

    O(P x R log R) for P players and R rounds: each criterion looks at the
    player's own rounds (the opponents' totals and Solkoffs computed once).
    """
    names = [n for n in names if n not in GROUP_CRITERIA]
    solk = {n: solkoff(ev.opponent_scores(n)) for n in ev.players}
    return {n: {name: _VALUE[name](ev, n, solk) for name in names}
            for n in ev.players}


def criteria_values(t: Tournament, names: Iterable[str] | None = None,
                    counting: Counting = STANDARD) -> dict[int, dict[str, object]]:
    """Each player's value of each criterion, by the keys of docs/check-contract.md#tiebreak-keys.

    `names`: some of `CRITERIA` (default: every criterion of fmjd Annex 5
    §3.1 a-k and the victories of Annex 3 §5.11.1.2.1; the two that depend on
    the tied group come from `standings`).  Unrounded; the full truncated
    Solkoff is a list; a missing rating, performance or lots is None.
    """
    names = list(CRITERIA if names is None else names)
    for name in names:
        if name not in CRITERIA:
            raise StandingsError(f"unknown tie-break: {name!r}")
    return values_of(event_scores(t, counting), names)


def _solkoff_plus(ev: EventScores, n: int, solk: dict[int, float]) -> float:
    """fmjd Annex 5 §3.1 e: the sum of the opponents' Solkoff."""
    return math.fsum(solk[o] for o, _ in ev.rounds[n] if o is not None)


def _solkoff_baliakin(ev: EventScores, n: int, solk: dict[int, float]) -> float:
    """fmjd Annex 5 §3.1 f: the sum of the opponents' scores times their Solkoff."""
    return math.fsum(ev.points[o] * solk[o] for o, _ in ev.rounds[n] if o is not None)


def _sonneborn_berger(ev: EventScores, n: int, solk: dict[int, float]) -> float:
    """fmjd Annex 5 §3.1 g: 2 x the score of each opponent beaten plus the
    score of each opponent drawn (forfeits and decisions by their outcome)."""
    return math.fsum(_SB_FACTOR[outcome(r)] * ev.points[o]
                     for o, r in ev.rounds[n] if o is not None and r is not None)


def _average_opponent_rating(ev: EventScores, n: int, solk: dict[int, float]) -> float | None:
    """fmjd Annex 5 §3.1 h: the average rating of the (scheduled, rated) opponents."""
    ratings = [rating for o, _ in ev.rounds[n]
               if o is not None and (rating := ev.players[o].rating)]
    return math.fsum(ratings) / len(ratings) if ratings else None


def _performance(ev: EventScores, n: int, solk: dict[int, float]) -> float | None:
    """fmjd Annex 5 §3.1 i: Appendix D over the games played against rated
    opponents, in standard points (Annex 3 §5.6a: rating uses §5.6)."""
    games = [(rating, _SB_FACTOR[outcome(r)])
             for o, r in ev.rounds[n]
             if o is not None and r is not None and _on_board(r)
             and (rating := ev.players[o].rating)]
    return tournament_performance([g[0] for g in games], sum(g[1] for g in games))


def _wins(ev: EventScores, n: int, solk: dict[int, float]) -> int:
    """fmjd Annex 3 §5.11.1.2.1 (1): rounds won against an opponent, over the
    board, by forfeit or by a referee's decision (byes are not victories)."""
    return sum(1 for o, r in ev.rounds[n]
               if o is not None and r is not None and outcome(r) == WIN)


_VALUE: dict[str, Callable[[EventScores, int, dict[int, float]], object]] = {
    "solkoff": lambda ev, n, solk: solk[n],
    "solkoff_median": lambda ev, n, solk: solkoff_median(ev.opponent_scores(n)),
    "short_truncated_solkoff":
        lambda ev, n, solk: short_truncated_solkoff(ev.opponent_scores(n)),
    "full_truncated_solkoff":
        lambda ev, n, solk: full_truncated_solkoff(ev.opponent_scores(n)),
    "solkoff_plus": _solkoff_plus,
    "solkoff_baliakin": _solkoff_baliakin,
    "sonneborn_berger": _sonneborn_berger,
    "average_opponent_rating": _average_opponent_rating,
    "performance": _performance,
    "own_rating": lambda ev, n, solk: ev.players[n].rating,
    "lots": lambda ev, n, solk: None,
    "wins": _wins,
}

