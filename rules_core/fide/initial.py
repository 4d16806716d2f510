"""First ratings pooled across events.

A new player's published rating comes from all his events together: a
weighted average of the events' Ru (fide-2002 10.3), or all the games as if
played in one event (fide-2009 8.3, fide-rb-2024 7.2.2 "using all their
results").  The minimum games, the window and the floor decide publication
(fide-2002 9.14, 10.31-10.32; fide-2009 7.14, 8.31-8.33; fide-rb-2024
6.1.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from ..contract import FideRules
from .engine import hypothetical_rating, unrated_event_rating

__all__ = ["EventPerformance", "FirstRating", "pooled_rating", "within_window"]


@dataclass(frozen=True)
class EventPerformance:
    """An unrated player's counted games in one event: `ratings` of the
    rated opponents (or, for a round robin, `average` = Rc and `ru`)."""

    games: int
    score: Fraction
    average: Fraction
    ru: Fraction | None = None
    ratings: tuple[int | Fraction, ...] = ()    # Fractions: Rc repeated (round robin)
    end: date | None = None


@dataclass(frozen=True)
class FirstRating:
    value: Fraction | None       # before rounding
    published: int | None        # what the list publishes, None if nothing yet
    games: int
    notes: tuple[str, ...]


def pooled_rating(edition: FideRules, events: list[EventPerformance]) -> FirstRating:
    """The rating the events give together, and whether it is published."""
    events, notes = _drop_low_first(edition, events)
    games = sum(e.games for e in events)
    if not events:
        return FirstRating(None, None, 0, tuple(notes))
    value = _pool(edition, events)
    published = None
    if games < edition.first_rating_minimum_games:
        notes.append(f"{games} games: {edition.first_rating_minimum_games} needed "
                     f"({edition.cite('first_minimum')})")
    elif value is None or value < edition.floor:
        notes.append(f"below {edition.floor}: not published ({edition.cite('floor')})")
    else:
        published = edition.round_initial(min(value, edition.max_initial_rating or value))
    return FirstRating(value, published, games, tuple(notes))


def _pool(edition: FideRules, events: list[EventPerformance]) -> Fraction | None:
    if edition.pools_weighted_average:
        return _weighted_average(events)
    score = sum((e.score for e in events), Fraction(0))
    games = sum(e.games for e in events)
    if edition.hypothetical_opponents:
        return hypothetical_rating(edition, [r for e in events for r in e.ratings], score)
    # fide-2009 8.3, 8.34: the average of all opponents and the total score
    average = Fraction(sum(e.average * e.games for e in events), games)
    return unrated_event_rating(edition, average, score, games, round_robin=False)


def _weighted_average(events: list[EventPerformance]) -> Fraction:
    """fide-2002 10.3: Rn = sum(Ru x games) / sum(games)."""
    total = Fraction(0)
    for e in events:
        assert e.ru is not None, "fide-2002 10.3 pools the events' Ru"
        total += e.ru * e.games
    return total / sum(e.games for e in events)


def _drop_low_first(edition: FideRules, events: list[EventPerformance]
                    ) -> tuple[list[EventPerformance], list[str]]:
    """fide-2002 10.31 / fide-2003web 10.31 / fide-2009 8.31: where a
    player's first performance(s) are below the floor, they are ignored."""
    notes: list[str] = []
    kept = list(events)
    while kept and edition.ignore_low_first_performances and kept[0].ru is not None \
            and kept[0].ru < edition.floor:
        notes.append(f"first performance {float(kept[0].ru):.0f} below "
                     f"{edition.floor}: ignored ({edition.cite('floor')})")
        kept.pop(0)
    return kept, notes


def within_window(edition: FideRules, first: date, later: date) -> bool:
    """Whether `later` may be pooled with an event of `first`: fide-2002
    9.1.4c "the same or next 7 rating periods" (quarters); fide-2009 7.14c
    "not more than two years"; fide-rb-2024 6.1.4 "not more than 26 months"."""
    if edition.pool_window_periods is not None:
        return _period(edition, later) - _period(edition, first) <= edition.pool_window_periods
    months = (later.year - first.year) * 12 + later.month - first.month
    limit = edition.pool_window_months
    assert limit is not None, f"{edition.id}: a pooling window in periods or months"
    return months < limit or (months == limit and later.day <= first.day)


def _period(edition: FideRules, day: date) -> int:
    starts = [m for m in edition.list_months if m <= day.month]
    return day.year * len(edition.list_months) + len(starts) - 1
