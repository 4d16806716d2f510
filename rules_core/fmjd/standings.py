"""Standings and tie-breaks of FMJD events (2024 annexes).

The final classification adds up each player's points (fmjd Annex 3 §5.10)
in the event's counting system (§5.6 standard 2/1/0, or an alternative of
§5.6a for the standings only), then orders players with the same score by
the criteria of a tie-break system:

* Swiss systems, fmjd Annex 5 §5.1-§5.3, built from the criteria of §3.1 a-k;
  Annex 3 §5.11.1.2.2a/b name the defaults for Swiss events;
* round robins, fmjd Annex 3 §5.11.1.2.1, and the variant of Annex 17 §10
  where a plus draw beats a draw beats a minus draw.

Places are shared when every criterion is equal (Annex 3 §5.11, last
paragraph): ranks 3, 3, 5.  Team events are in `rules_core.fmjd.teams`.

Unplayed games in Solkoff-type tie-breaks (DESIGN interpretation 6): Annex 5
does not say how they count.  What it does say: a bye is a pairing with a
dummy player added to the tournament (§4.1), a player who leaves keeps his
position and is no longer paired (§4.2), and a game not (yet) played counts
as a draw "only for pairing purposes" (§4.3), so not for the final order.
Annex 3 §5.7 gives a forfeit's points to the scheduled opponent and §5.8
makes a double forfeit zero-zero.  Here, as Draughts Arbiter Pro does, a
scheduled opponent counts with his final total whether or not the game was
played; a round without an opponent (a bye, an absence, a round after
withdrawal) counts as the §4.1 dummy, whose score, Solkoff and rating are
nothing (0 in the sums, left out of the rating average).

Lots (Annex 5 §3.1 k) cannot be drawn by software: the criterion has no
value here, players it would separate keep a shared place, and their
`Standing.undecided` names "lots" for the arbiter to draw.  The order shown
inside a shared place is by start number and means nothing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from ..model import REFEREE_CODES, Player, RoundResult, Tournament
from .rating import expected_percentage
from .tables import IX_1

__all__ = ["StandingsError", "Counting", "STANDARD", "PLUS_REMISE", "BEIJING",
           "COUNTINGS", "WIN", "PLUS_DRAW", "DRAW", "MINUS_DRAW", "LOSS",
           "PLUS_DRAW_CODES", "MINUS_DRAW_CODES", "BEIJING_CODES",
           "CRITERIA", "TiebreakSystem", "SYSTEMS", "ROUND_ROBIN_SYSTEMS",
           "Standing", "outcome", "opponent_scores", "solkoff",
           "solkoff_median", "short_truncated_solkoff",
           "full_truncated_solkoff", "tournament_performance",
           "tiebreak_system", "apply_withdrawals", "tiebreaks", "standings"]

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
_BOARD_CODES = frozenset({"1", "=", "0"}) | PLUS_DRAW_CODES | MINUS_DRAW_CODES
_PLUS_MINUS = {PLUS_DRAW: 1, MINUS_DRAW: -1}
# fmjd Annex 5 §3.1 g: 2 times the score of an opponent beaten, once that of
# an opponent drawn.
_SB_FACTOR = {WIN: 2, PLUS_DRAW: 1, DRAW: 1, MINUS_DRAW: 1, LOSS: 0}

_ROUND_ROBINS = ("round-robin", "double-round-robin", "match")


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
    return r.opponent is not None and r.code in _BOARD_CODES


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
_GROUP_CRITERIA = frozenset({"result_between_tied", "results_in_order"})


@dataclass(frozen=True)
class TiebreakSystem:
    """A named order of tie-break criteria for players with the same score.

    `plus_draws`: results are compared with a plus draw above a draw above a
    minus draw (fmjd Annex 17 §10).
    """

    id: str
    article: str
    criteria: tuple[str, ...]
    plus_draws: bool = False


_SOLKOFF_STANDARD = ("short_truncated_solkoff", "solkoff_plus",
                     "solkoff_baliakin", "full_truncated_solkoff")
_ROUND_ROBIN = ("wins", "result_between_tied", "results_in_order")

SYSTEMS = MappingProxyType({s.id: s for s in (
    # Annex 5 §5.1 and Appendix A e: "3.1h: the average rating of the
    # opponents"; §5.1a differs from §5.1 in the pairing only.
    TiebreakSystem("5.1", "fmjd Annex 5 §5.1", ("average_opponent_rating",)),
    TiebreakSystem("5.1a", "fmjd Annex 5 §5.1a", ("average_opponent_rating",)),
    # Annex 5 §5.2, Appendix B e, Annex 3 §5.11.1.2.2a: 3.1c, e, f, d.
    TiebreakSystem("5.2", "fmjd Annex 5 §5.2", _SOLKOFF_STANDARD),
    TiebreakSystem("5.2a", "fmjd Annex 5 §5.2a", ("full_truncated_solkoff",)),
    TiebreakSystem("5.2b", "fmjd Annex 5 §5.2b",
                   ("solkoff_median", "full_truncated_solkoff")),
    TiebreakSystem("5.3", "fmjd Annex 5 §5.3", ("solkoff", "sonneborn_berger")),
    TiebreakSystem("round-robin", "fmjd Annex 3 §5.11.1.2.1", _ROUND_ROBIN),
    TiebreakSystem("annex-17", "fmjd Annex 17 §10", _ROUND_ROBIN, plus_draws=True),
)})
ROUND_ROBIN_SYSTEMS = frozenset({"round-robin", "annex-17"})


@dataclass(frozen=True)
class Standing:
    """One line of the final classification.

    `rank` is shared by players equal on every criterion (3, 3, 5), None for
    a player not classified (fmjd Annex 3 §5.9 A a); `tiebreaks` holds the
    system's criteria by the DESIGN keys; a criterion that depends on the
    tied group is None where it was not needed.  `undecided` names what the
    arbiter must still do for a shared place ("lots").
    """

    number: int
    rank: int | None
    points: float
    tiebreaks: dict[str, object]
    shared: bool = False
    undecided: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


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
    """
    ordered = sorted(scores)
    return [math.fsum(ordered[k:]) for k in range(1, len(ordered))]


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


def _bisect(low: float, high: float, reached) -> float:
    """The boundary of a predicate that is false below it and true above."""
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        low, high = (low, middle) if reached(middle) else (middle, high)
    return high


# --- the event as the criteria see it -----------------------------------------

@dataclass
class _Event:
    """Totals and per-round opponents (None: the Annex 5 §4.1 dummy)."""

    players: dict[int, Player]
    points: dict[int, float]
    rounds: dict[int, list[tuple[int | None, RoundResult | None]]]
    counting: Counting

    def opponent_scores(self, number: int) -> list[float]:
        return [self.points[o] if o is not None else 0.0 for o, _ in self.rounds[number]]


def _event(t: Tournament, counting: Counting) -> _Event:
    players = {p.number: p for p in t.players}
    points = {n: math.fsum(counting.points(r) for r in p.results)
              for n, p in players.items()}
    total = t.rounds_played
    rounds = {}
    for n, p in players.items():
        entries = [(r.opponent if r.opponent in players else None, r)
                   for r in sorted(p.results, key=lambda r: r.round)]
        missing = max(total - len({r.round for r in p.results}), 0)
        rounds[n] = entries + [(None, None)] * missing
    return _Event(players, points, rounds, counting)


def opponent_scores(t: Tournament, number: int,
                    counting: Counting = STANDARD) -> list[float]:
    """The scores a Solkoff adds up for player `number`, one per round.

    The scheduled opponent's final total, played or not (DESIGN
    interpretation 6); 0 for a round without an opponent (the dummy of
    fmjd Annex 5 §4.1).
    """
    return _event(t, counting).opponent_scores(number)


def _static_values(ev: _Event, names: Iterable[str]) -> dict[int, dict[str, object]]:
    """The criteria that do not depend on who is tied, for every player."""
    names = [n for n in names if n not in _GROUP_CRITERIA]
    solk = {n: solkoff(ev.opponent_scores(n)) for n in ev.players}
    return {n: {name: _VALUE[name](ev, n, solk) for name in names}
            for n in ev.players}


def _solkoff_plus(ev: _Event, n: int, solk) -> float:
    """fmjd Annex 5 §3.1 e: the sum of the opponents' Solkoff."""
    return math.fsum(solk[o] for o, _ in ev.rounds[n] if o is not None)


def _solkoff_baliakin(ev: _Event, n: int, solk) -> float:
    """fmjd Annex 5 §3.1 f: the sum of the opponents' scores times their Solkoff."""
    return math.fsum(ev.points[o] * solk[o] for o, _ in ev.rounds[n] if o is not None)


def _sonneborn_berger(ev: _Event, n: int, solk) -> float:
    """fmjd Annex 5 §3.1 g: 2 x the score of each opponent beaten plus the
    score of each opponent drawn (forfeits and decisions by their outcome)."""
    return math.fsum(_SB_FACTOR[outcome(r)] * ev.points[o]
                     for o, r in ev.rounds[n] if o is not None)


def _average_opponent_rating(ev: _Event, n: int, solk) -> float | None:
    """fmjd Annex 5 §3.1 h: the average rating of the (scheduled, rated) opponents."""
    ratings = [ev.players[o].rating for o, _ in ev.rounds[n]
               if o is not None and ev.players[o].rating]
    return math.fsum(ratings) / len(ratings) if ratings else None


def _performance(ev: _Event, n: int, solk) -> float | None:
    """fmjd Annex 5 §3.1 i: Appendix D over the games played against rated
    opponents, in standard points (Annex 3 §5.6a: rating uses §5.6)."""
    games = [(ev.players[o].rating, _SB_FACTOR[outcome(r)])
             for o, r in ev.rounds[n]
             if o is not None and _on_board(r) and ev.players[o].rating]
    return tournament_performance([g[0] for g in games], sum(g[1] for g in games))


def _wins(ev: _Event, n: int, solk) -> int:
    """fmjd Annex 3 §5.11.1.2.1 (1): rounds won against an opponent, over the
    board, by forfeit or by a referee's decision (byes are not victories)."""
    return sum(1 for o, r in ev.rounds[n] if o is not None and outcome(r) == WIN)


_VALUE = {
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


# --- systems ---------------------------------------------------------------------

def tiebreak_system(system: str | Sequence[str] | TiebreakSystem | None,
                    t: Tournament | None = None) -> TiebreakSystem:
    """The system by id, a custom list of criteria, or the default for `t`.

    Default (no special regulations, fmjd Annex 3 §5.11.1.2): round robins
    and matches §5.11.1.2.1; any other event the standard FMJD Swiss on
    Solkoff (§5.11.1.2.2a, Annex 5 §5.2, "new FMJD standard since 2019").
    """
    if isinstance(system, TiebreakSystem):
        return system
    if system is None:
        rr = t is not None and t.system in _ROUND_ROBINS
        return SYSTEMS["round-robin" if rr else "5.2"]
    if isinstance(system, str):
        try:
            return SYSTEMS[system]
        except KeyError:
            raise StandingsError(f"unknown tie-break system: {system!r}") from None
    criteria = tuple(system)
    for name in criteria:
        if name not in CRITERIA:
            raise StandingsError(f"unknown tie-break: {name!r}")
    return TiebreakSystem("custom", "fmjd Annex 5 §3.1", criteria)


def _counting(counting: Counting | str) -> Counting:
    if isinstance(counting, Counting):
        return counting
    try:
        return COUNTINGS[counting]
    except KeyError:
        raise StandingsError(f"unknown counting system: {counting!r}") from None


# --- withdrawals (Annex 3 §5.9) -------------------------------------------------

def apply_withdrawals(t: Tournament, withdrawn: Iterable[int]
                      ) -> tuple[Tournament, frozenset[int]]:
    """The event as classified after withdrawals, and who is not classified.

    fmjd Annex 3 §5.9 A (round robins): a player who has not played more than
    half of his scheduled games has his results cancelled (they leave his
    opponents' scores too) and is not classified; otherwise his results stand
    and his games not played become forfeit losses ("-", and "+" with a win's
    points for the opponent, §5.7).  §5.9 B (Swiss, and any event that is not
    a round robin): his results stand; nothing changes.  A copy is returned.
    """
    withdrawn = [n for n in withdrawn if t.player(n) is not None]
    if t.system not in _ROUND_ROBINS or not withdrawn:
        return t, frozenset()
    cycles = 2 if t.system == "double-round-robin" else 1
    scheduled = cycles * (len(t.players) - 1)
    cancelled = frozenset(n for n in withdrawn
                          if 2 * _games_on_board(t.player(n)) <= scheduled)
    players = [replace(p, results=[r for r in p.results if r.opponent not in cancelled])
               for p in t.players if p.number not in cancelled]
    event = replace(t, players=players)
    quitters = frozenset(withdrawn) - cancelled
    for n in sorted(quitters):
        _forfeit_the_rest(event, event.player(n), cycles, quitters)
    return event, cancelled


def _games_on_board(p: Player) -> int:
    """Games played (over the board or stopped by a referee's decision)."""
    return sum(1 for r in p.results
               if r.opponent is not None and (r.code in _BOARD_CODES or r.code in REFEREE_CODES))


def _forfeit_the_rest(t: Tournament, quitter: Player, cycles: int,
                      quitters: frozenset[int]) -> None:
    """Games of `quitter` not played become his forfeit losses; the opponent
    gets a forfeit win, or a loss too if he also withdrew (§5.8, zero-zero)."""
    for other in t.players:
        if other is quitter:
            continue
        code, score = ("-", 0.0) if other.number in quitters else ("+", 2.0)
        mine = [i for i, r in enumerate(quitter.results) if r.opponent == other.number]
        for i in mine:
            r = quitter.results[i]
            if r.code in _BOARD_CODES or r.code in REFEREE_CODES:
                continue
            quitter.results[i] = replace(r, code="-", score=0.0)
            _set_result(other, quitter.number, r.round, code, score)
        for _ in range(cycles - len(mine)):
            round_ = _free_round(t, quitter, other)
            quitter.results.append(RoundResult(round_, other.number, None, "-", 0.0))
            other.results.append(RoundResult(round_, quitter.number, None, code, score))


def _set_result(p: Player, opponent: int, round_: int, code: str, score: float) -> None:
    for i, r in enumerate(p.results):
        if r.opponent == opponent and r.round == round_:
            p.results[i] = replace(r, code=code, score=score)
            return
    p.results.append(RoundResult(round_, opponent, None, code, score))


def _free_round(t: Tournament, a: Player, b: Player) -> int:
    """A round in which neither player met an opponent (else one past the last)."""
    busy = {r.round for p in (a, b) for r in p.results if r.opponent is not None}
    last = max(t.rounds or 0, t.rounds_played)
    return next((n for n in range(1, last + 1) if n not in busy), last + 1)


# --- ranking -------------------------------------------------------------------

def _sortable(value) -> tuple:
    """A key where larger is better and a missing value is lowest."""
    if value is None:
        return (0,)
    if isinstance(value, (list, tuple)):
        return (1, tuple(_sortable(v) for v in value))
    return (1, round(value, 9))


def _split(group: list[int], keys: Mapping[int, tuple]) -> list[list[int]]:
    """The group ordered by key, best first, equal keys kept together."""
    ordered = sorted(group, key=lambda n: (_neg(keys[n]), n))
    out: list[list[int]] = []
    for n in ordered:
        if out and keys[out[-1][0]] == keys[n]:
            out[-1].append(n)
        else:
            out.append([n])
    return out


def _neg(key: tuple):
    """Sort descending on a key of nested tuples (Python sorts ascending)."""
    return _Reverse(key)


class _Reverse:
    __slots__ = ("key",)

    def __init__(self, key):
        self.key = key

    def __lt__(self, other: "_Reverse") -> bool:
        return self.key > other.key

    def __eq__(self, other) -> bool:
        return self.key == other.key


class _Ranking:
    """Orders the players of one event by one system (fmjd Annex 3 §5.10-§5.11)."""

    def __init__(self, ev: _Event, system: TiebreakSystem, values):
        self.ev, self.system, self.values = ev, system, values
        self.recorded: dict[int, dict[str, object]] = {n: {} for n in ev.players}
        self.levels: list[list[int]] = []

    def result(self, n: int, opponents: Iterable[int]):
        """Points against `opponents` (and the plus/minus balance, Annex 17 §10)."""
        opponents = set(opponents)
        rounds = [r for o, r in self.ev.rounds[n] if o in opponents]
        points = math.fsum(self.ev.counting.points(r) for r in rounds)
        if not self.system.plus_draws:
            return points
        return (points, sum(_PLUS_MINUS.get(outcome(r), 0) for r in rounds))

    def key(self, name: str, group: list[int], n: int):
        if name == "result_between_tied":
            # Annex 3 §5.11.1.2.1 (2): the result between the tied players.
            return self.result(n, (m for m in group if m != n))
        if name == "results_in_order":
            # (3): the results against the players in the order of the
            # classification, best-placed first; the tied players are
            # compared by (2) and left out here.
            tied = set(group)
            return [self.result(n, set(level) - tied) for level in self.levels
                    if set(level) - tied]
        return self.values[n][name]

    def refine(self, group: list[int], criteria: tuple[str, ...], record: bool) -> list[list[int]]:
        if len(group) < 2 or not criteria:
            return [group]
        name, rest = criteria[0], criteria[1:]
        values = {n: self.key(name, group, n) for n in group}
        if record and name in _GROUP_CRITERIA:
            for n, value in values.items():
                self.recorded[n][name] = _plain(value)
        keys = {n: _sortable(v) for n, v in values.items()}
        return [g for sub in _split(group, keys) for g in self.refine(sub, rest, record)]

    def classify(self, groups: list[list[int]]) -> list[list[int]]:
        """Refine each score group; "results in order" sees the final order
        above the group and, below it, the order without that criterion."""
        criteria = self.system.criteria
        plain = tuple(c for c in criteria if c != "results_in_order")
        provisional = [self.refine(g, plain, False) for g in groups]
        final: list[list[int]] = []
        for i, group in enumerate(groups):
            self.levels = final + [sub for subs in provisional[i:] for sub in subs]
            final += self.refine(group, criteria, True)
        return final


def _plain(value):
    """A value for JSON: tuples become lists."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def standings(t: Tournament, system: str | Sequence[str] | TiebreakSystem | None = None,
              counting: Counting | str = STANDARD, withdrawn: Iterable[int] = (),
              performance_first: bool = False) -> list[Standing]:
    """The final classification of an individual event.

    fmjd Annex 3 §5.10: points added up (in `counting`, §5.6/§5.6a), the most
    points first; players with the same score ordered by the criteria of
    `system` (an id of `SYSTEMS`, a list of `CRITERIA`, or None for the
    §5.11.1.2 default); places shared when all are equal (§5.11).  `withdrawn`:
    start numbers of players who withdrew (§5.9).  `performance_first`: the
    tournament performance decides before the score (Annex 5 §3.1 i,
    Appendix D).  Players not classified come last with rank None.
    """
    tb = tiebreak_system(system, t)
    counting = _counting(counting)
    event, cancelled = apply_withdrawals(t, withdrawn)
    ev = _event(event, counting)
    values = _static_values(ev, tb.criteria + (("performance",) if performance_first else ()))
    ranking = _Ranking(ev, tb, values)
    primary = {n: (_sortable(values[n]["performance"]) if performance_first else (),
                   _sortable(ev.points[n])) for n in ev.players}
    groups = ranking.classify(_split(list(ev.players), primary))
    out: list[Standing] = []
    for group in groups:
        rank = len(out) + 1
        for n in group:
            tiebreaks = {c: (ranking.recorded[n].get(c) if c in _GROUP_CRITERIA
                             else values[n][c]) for c in tb.criteria}
            undecided = ("lots",) if len(group) > 1 and "lots" in tb.criteria else ()
            out.append(Standing(n, rank, ev.points[n], tiebreaks, len(group) > 1, undecided))
    return out + [_not_classified(t.player(n), counting) for n in sorted(cancelled)]


def _not_classified(p: Player, counting: Counting) -> Standing:
    return Standing(p.number, None, math.fsum(counting.points(r) for r in p.results), {},
                    notes=("withdrew having played at most half of the games: results "
                           "cancelled, not classified (fmjd Annex 3 §5.9 A a)",))


def tiebreaks(t: Tournament, system: str | Sequence[str] | TiebreakSystem | None = None,
              counting: Counting | str = STANDARD, withdrawn: Iterable[int] = ()
              ) -> dict[int, dict[str, object]]:
    """Each player's tie-break values by the DESIGN keys, for one system.

    `system` as for `standings`, or "all" for every criterion of fmjd Annex 5
    §3.1 a-k and the number of wins.  Values are unrounded; the full
    truncated Solkoff is a list, missing ratings and lots are None.
    """
    if system == "all":
        counting = _counting(counting)
        event, _ = apply_withdrawals(t, withdrawn)
        names = [c for c in CRITERIA if c not in _GROUP_CRITERIA]
        return _static_values(_event(event, counting), names)
    return {s.number: s.tiebreaks
            for s in standings(t, system, counting, withdrawn) if s.rank is not None}
