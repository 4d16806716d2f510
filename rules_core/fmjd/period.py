"""A player's FMJD rating over one calculation period.

fmjd Annex 9 §5.2: every event of the period is rated from the rating on the
list valid on its first day; §5.5 and §3.3: the new list adds the changes up.
§3.2.3: "K may change within one calculation period": the events are taken
in the order they ended, and K follows the games completed so far.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from .rating import (
    NEW_PLAYER_GAMES,
    expected_result,
    first_rating,
    k_factor,
    performance_rating,
    rating_change,
    result_percentage,
)

__all__ = ["PeriodEvent", "EventChange", "PeriodResult", "rate_period"]


@dataclass(frozen=True)
class PeriodEvent:
    """One event of the period: the rated games, their points (2/1/0), the
    average of the rated opponents, and the share of K its time control
    allows (§1.2.2)."""

    last_round: date
    games: int
    score: float
    opponents_average: float
    k_percent: int = 100


@dataclass(frozen=True)
class EventChange:
    last_round: date
    k: int | None          # None while the rating is an average performance
    performance: float
    change: float          # what the event moved the rating by


@dataclass(frozen=True)
class PeriodResult:
    rating: float           # unrounded
    published: int
    games: int              # games completed after the period
    events: tuple[EventChange, ...]


def rate_period(rating: float | None, games_before: int, reached_2300: bool,
                events: list[PeriodEvent]) -> PeriodResult:
    """The rating for the next list.  A player under 25 games is rated by
    his average performance (§3.3.2); from 25 games, Rn = Ro + sum dR
    (§3.3.1) with Ro the list rating of the period (§5.2) and K by the games
    completed before each event (§3.2.3), reduced by its time control."""
    games, value, changes = games_before, rating, []
    list_rating = rating
    for event in sorted(events, key=lambda e: e.last_round):
        rp = performance_rating(event.opponents_average,
                                result_percentage(event.score, event.games))
        before = value
        k = None
        if value is None:
            value = first_rating(rp)
        elif games < NEW_PLAYER_GAMES:
            value = (games * value + event.games * rp) / (games + event.games)
        else:
            k = k_factor(games, reached_2300)
            own = list_rating if list_rating is not None else value
            we = expected_result(own, event.opponents_average, event.games)
            value += rating_change(k * event.k_percent / 100, event.score, we)
        changes.append(EventChange(event.last_round, k, rp,
                                   value - before if before is not None else 0.0))
        games += event.games
    if value is None:
        raise ValueError("no rating and no event: nothing to publish")
    return PeriodResult(value, _whole(value), games, tuple(changes))


def _whole(value: float) -> int:
    """The list prints whole numbers: .5 up (docs/interpretations.md#i1 keeps
    the unrounded value for display)."""
    return int(value + 0.5) if value >= 0 else -int(-value + 0.5)
