"""Standings of FMJD events: score, then a tie-break system (2024 annexes).

The final classification adds up each player's points (fmjd Annex 3 §5.10)
in the event's counting system (§5.6 standard 2/1/0, or an alternative of
§5.6a for the standings only), then orders players with the same score by
the criteria of a tie-break system (`rules_core.fmjd.criteria`):

* Swiss systems, fmjd Annex 5 §5.1-§5.3, built from the criteria of §3.1 a-k;
  Annex 3 §5.11.1.2.2a/b name the defaults for Swiss events;
* round robins, fmjd Annex 3 §5.11.1.2.1, and the variant of Annex 17 §10
  where a plus draw beats a draw beats a minus draw.

Places are shared when every criterion is equal (Annex 3 §5.11, last
paragraph): ranks 3, 3, 5.  A player who withdrew: Annex 3 §5.9.  Team
events are in `rules_core.fmjd.teams`.

Lots (Annex 5 §3.1 k) cannot be drawn by software: the criterion has no
value, players it would separate keep a shared place, and their
`Standing.undecided` names "lots" for the arbiter to draw.  Nothing hidden
orders them: the order shown inside a shared place is by start number and
means nothing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from types import MappingProxyType

from ..limits import MAX_ROUNDS
from ..model import REFEREE_CODES, Player, RoundResult, Tournament
from .criteria import (
    BEIJING,
    BEIJING_CODES,
    COUNTINGS,
    CRITERIA,
    DRAW,
    GROUP_CRITERIA,
    LOSS,
    MINUS_DRAW,
    MINUS_DRAW_CODES,
    ON_BOARD_CODES,
    PLUS_DRAW,
    PLUS_DRAW_CODES,
    PLUS_REMISE,
    STANDARD,
    WIN,
    Counting,
    EventScores,
    StandingsError,
    criteria_values,
    event_scores,
    full_truncated_solkoff,
    opponent_scores,
    outcome,
    short_truncated_solkoff,
    solkoff,
    solkoff_median,
    tournament_performance,
    values_of,
)

__all__ = ["StandingsError", "Counting", "STANDARD", "PLUS_REMISE", "BEIJING",
           "COUNTINGS", "WIN", "PLUS_DRAW", "DRAW", "MINUS_DRAW", "LOSS",
           "PLUS_DRAW_CODES", "MINUS_DRAW_CODES", "BEIJING_CODES",
           "CRITERIA", "TiebreakSystem", "SYSTEMS", "ROUND_ROBIN_SYSTEMS",
           "Standing", "outcome", "opponent_scores", "solkoff",
           "solkoff_median", "short_truncated_solkoff",
           "full_truncated_solkoff", "tournament_performance",
           "criteria_values", "tiebreak_system", "apply_withdrawals",
           "tiebreaks", "standings"]

_PLUS_MINUS = {PLUS_DRAW: 1, MINUS_DRAW: -1}
# Points of some rounds, with the plus/minus balance (Annex 17 §10) where
# the system compares plus draws.
_Points = float | tuple[float, int]
_ROUND_ROBINS = ("round-robin", "double-round-robin")


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
    system's criteria by the keys of docs/check-contract.md#tiebreak-keys; a criterion that depends on the
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
        rr = t is not None and t.system in _ROUND_ROBINS + ("match",)
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
    present = {n: p for n in withdrawn if (p := t.player(n)) is not None}
    if t.system not in _ROUND_ROBINS or not present:
        return t, frozenset()
    cycles = 2 if t.system == "double-round-robin" else 1
    scheduled = cycles * (len(t.players) - 1)
    cancelled = frozenset(n for n, p in present.items()
                          if 2 * _games_on_board(p) <= scheduled)
    players = [replace(p, results=[r for r in p.results if r.opponent not in cancelled])
               for p in t.players if p.number not in cancelled]
    event = replace(t, players=players)
    by_number = {p.number: p for p in players}
    quitters = frozenset(present) - cancelled
    for n in sorted(quitters):
        _forfeit_the_rest(event, by_number[n], cycles, quitters)
    return event, cancelled


def _games_on_board(p: Player) -> int:
    """Games played (over the board or stopped by a referee's decision)."""
    return sum(1 for r in p.results
               if r.opponent is not None and (r.code in ON_BOARD_CODES or r.code in REFEREE_CODES))


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
            if r.code in ON_BOARD_CODES or r.code in REFEREE_CODES:
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

def _sortable(value: object) -> tuple[object, ...]:
    """A key where larger is better and a missing value is lowest."""
    if value is None:
        return (0,)
    if isinstance(value, (list, tuple)):
        return (1, tuple(_sortable(v) for v in value))
    if isinstance(value, (int, float, Fraction)):
        return (1, round(value, 9))
    raise StandingsError(f"not a criterion value: {value!r}")


def _split(group: list[int], keys: Mapping[int, tuple[object, ...]]) -> list[list[int]]:
    """The group ordered by key, best first, equal keys kept together (in
    start-number order: a stable sort, reversed, keeps it)."""
    ordered = sorted(sorted(group), key=keys.__getitem__, reverse=True)
    out: list[list[int]] = []
    for n in ordered:
        if out and keys[out[-1][0]] == keys[n]:
            out[-1].append(n)
        else:
            out.append([n])
    return out


# "Results in order" is recorded place by place only up to this many places
# (a round robin within the limits has at most 201 players): beyond, the
# criterion still orders the players but its value is not written out, as a
# list a place long for every tied player would be quadratic in players.
RECORDED_PLACES = 2 * MAX_ROUNDS + 2


class _Ranking:
    """Orders the players of one event by one system (fmjd Annex 3 §5.10-§5.11).

    O(P x R + P log P) for P players and R rounds: a criterion of a tied
    group looks at the rounds of its players only (a set of the group, the
    place of every player in a dict), never at every other player.
    """

    def __init__(self, ev: EventScores, system: TiebreakSystem,
                 values: dict[int, dict[str, object]]) -> None:
        self.ev, self.system, self.values = ev, system, values
        self.recorded: dict[int, dict[str, object]] = {n: {} for n in ev.players}
        self.levels: list[list[int]] = []
        self.level_of: dict[int, int] = {}

    def set_levels(self, levels: list[list[int]]) -> None:
        self.levels = levels
        self.level_of = {n: i for i, level in enumerate(levels) for n in level}

    def points(self, rounds: list[RoundResult]) -> _Points:
        """Points of `rounds` (and the plus/minus balance, Annex 17 §10)."""
        points = round(math.fsum(self.ev.counting.points(r) for r in rounds), 9)
        if not self.system.plus_draws:
            return points
        return (points, sum(_PLUS_MINUS.get(outcome(r), 0) for r in rounds))

    def between(self, n: int, tied: set[int]) -> _Points:
        """Annex 3 §5.11.1.2.1 (2): the result between the tied players."""
        return self.points([r for o, r in self.ev.rounds[n]
                            if o in tied and o != n and r is not None])

    def in_order(self, n: int, tied: set[int]) -> dict[int, _Points]:
        """(3): the results against the players in the order of the
        classification, best-placed first, by place; the tied players are
        compared by (2) and left out here.  Places without a game are 0."""
        by_level: dict[int, list[RoundResult]] = {}
        for o, r in self.ev.rounds[n]:
            if o is not None and o not in tied and o in self.level_of and r is not None:
                by_level.setdefault(self.level_of[o], []).append(r)
        return {i: self.points(rs) for i, rs in sorted(by_level.items())}

    def dense(self, sparse: dict[int, _Points], tied: set[int]) -> list[_Points] | None:
        """The results place by place (the places left once the tied
        players are out), for the record; None beyond RECORDED_PLACES."""
        if len(self.levels) > RECORDED_PLACES:
            return None
        zero: _Points = 0.0 if not self.system.plus_draws else (0.0, 0)
        return [sparse.get(i, zero) for i, level in enumerate(self.levels)
                if any(m not in tied for m in level)]

    def refine(self, group: list[int], criteria: tuple[str, ...], record: bool) -> list[list[int]]:
        if len(group) < 2 or not criteria:
            return [group]
        name, rest = criteria[0], criteria[1:]
        keys = self.keys(name, group, record)
        return [g for sub in _split(group, keys) for g in self.refine(sub, rest, record)]

    def keys(self, name: str, group: list[int],
             record: bool) -> dict[int, tuple[object, ...]]:
        tied = set(group)
        if name == "result_between_tied":
            values = {n: self.between(n, tied) for n in group}
        elif name == "results_in_order":
            sparse = {n: self.in_order(n, tied) for n in group}
            if record:
                for n in group:
                    self.recorded[n][name] = _plain(self.dense(sparse[n], tied))
            return {n: _sparse_key(v) for n, v in sparse.items()}
        else:
            return {n: _sortable(self.values[n][name]) for n in group}
        if record:
            for n, value in values.items():
                self.recorded[n][name] = _plain(value)
        return {n: _sortable(v) for n, v in values.items()}

    def classify(self, groups: list[list[int]]) -> list[list[int]]:
        """Refine each score group; "results in order" sees the final order
        above the group and, below it, the order without that criterion."""
        criteria = self.system.criteria
        plain = tuple(c for c in criteria if c != "results_in_order")
        provisional = [self.refine(g, plain, False) for g in groups]
        final: list[list[int]] = []
        for i, group in enumerate(groups):
            if "results_in_order" in criteria:
                self.set_levels(final + [sub for subs in provisional[i:] for sub in subs])
            final += self.refine(group, criteria, True)
        return final


def _sparse_key(by_place: dict[int, _Points]) -> tuple[object, ...]:
    """A key that orders the lists place by place (0 where no game) as
    Python orders lists, from the places with a result only: at the first
    place where two lists differ the larger result wins, so a result above
    0 at an earlier place beats 0 there, and a result below 0 (Annex 17
    §10: a minus balance) loses to it.  The closing (0,) stands for the
    zeros after the last result."""
    out: list[tuple[object, ...]] = []
    for place, value in by_place.items():      # in order of place
        sign = _sign(value)
        if sign > 0:
            out.append((1, -place, value))
        elif sign < 0:
            out.append((-1, place, value))
    return tuple(out) + ((0,),)


def _sign(value: _Points) -> int:
    """1 above zero (0.0, or (0.0, 0) with the plus/minus balance), -1 below, else 0."""
    if isinstance(value, tuple):
        return (value > (0.0, 0)) - (value < (0.0, 0))
    return (value > 0.0) - (value < 0.0)


def _plain(value: object) -> object:
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

    O(P x R log R + P log P) time and O(P x R) memory for P players and R
    rounds, whatever the system (see `_Ranking`, `criteria.values_of`).
    """
    tb = tiebreak_system(system, t)
    counting = _counting(counting)
    event, cancelled = apply_withdrawals(t, withdrawn)
    ev = event_scores(event, counting)
    values = values_of(ev, tb.criteria + (("performance",) if performance_first else ()))
    ranking = _Ranking(ev, tb, values)
    primary = {n: (_sortable(values[n]["performance"]) if performance_first else (),
                   _sortable(ev.points[n])) for n in ev.players}
    groups = ranking.classify(_split(list(ev.players), primary))
    by_number = {p.number: p for p in t.players}
    return (_lines(groups, ranking)
            + [_not_classified(by_number[n], counting) for n in sorted(cancelled)])


def _lines(groups: list[list[int]], ranking: _Ranking) -> list[Standing]:
    """One `Standing` a player, a shared rank for each group (Annex 3 §5.11)."""
    criteria = ranking.system.criteria
    out: list[Standing] = []
    for group in groups:
        rank, shared = len(out) + 1, len(group) > 1
        undecided = ("lots",) if shared and "lots" in criteria else ()
        for n in group:
            values = {c: (ranking.recorded[n].get(c) if c in GROUP_CRITERIA
                          else ranking.values[n][c]) for c in criteria}
            out.append(Standing(n, rank, ranking.ev.points[n], values, shared, undecided))
    return out


def _not_classified(p: Player, counting: Counting) -> Standing:
    return Standing(p.number, None, math.fsum(counting.points(r) for r in p.results), {},
                    notes=("withdrew having played at most half of the games: results "
                           "cancelled, not classified (fmjd Annex 3 §5.9 A a)",))


def tiebreaks(t: Tournament, system: str | Sequence[str] | TiebreakSystem | None = None,
              counting: Counting | str = STANDARD, withdrawn: Iterable[int] = ()
              ) -> dict[int, dict[str, object]]:
    """Each player's tie-break values by the keys of docs/check-contract.md#tiebreak-keys, for one system.

    `system` as for `standings`, or "all" for every criterion of fmjd Annex 5
    §3.1 a-k and the number of wins.  Values are unrounded; the full
    truncated Solkoff is a list, missing ratings and lots are None.
    """
    if system == "all":
        event, _ = apply_withdrawals(t, withdrawn)
        return criteria_values(event, None, _counting(counting))
    return {s.number: s.tiebreaks
            for s in standings(t, system, counting, withdrawn) if s.rank is not None}
