"""Checks of an event as a whole: rounds and hours a day, duration, rate.

They produce warnings: an arbiter sees what a rating officer would query.
Which games then count is decided in `games.py`.
"""

from __future__ import annotations

from collections import Counter

from ..contract import FideRules
from ..model import Tournament
from ..problems import WARNING, Problem

__all__ = ["event_problems"]


def event_problems(t: Tournament, edition: FideRules,
                   minutes: float | None) -> list[Problem]:
    problems: list[Problem] = []
    problems.extend(_rate(t, edition, minutes))
    problems.extend(_rounds_per_day(t, edition, minutes))
    problems.extend(_duration(t, edition))
    return problems


def _warning(code: str, message: str, line: int | None) -> Problem:
    return Problem(WARNING, f"rating.{code}", message, line)


def _rate(t: Tournament, edition: FideRules, minutes: float | None) -> list[Problem]:
    """fide-2002 1.1-1.2 (standard minimum by the ratings in the event),
    fide-2024 1.1 (per game), fide-rb-2024 1.1 (rapid and blitz bands)."""
    if minutes is None:
        return []
    ratings = [p.rating for p in t.players if p.rating]
    rate = edition.rate_of_play(minutes, ratings)
    if rate is not None:
        return []
    if edition.minimum_is_per_game() or edition.rates != ("standard",):
        needed = ("the minimum for the players who meet"
                  if edition.minimum_is_per_game() else "a rapid or blitz rate")
    else:
        needed = f"{edition.minimum_minutes(ratings)} needed"
    return [_warning("rate-of-play", f"{minutes:g} minutes for 60 moves: "
                     f"{needed} ({edition.cite('rate')})", t.header_lines.get("122"))]


def _rounds_per_day(t: Tournament, edition: FideRules,
                    minutes: float | None) -> list[Problem]:
    """fide-2002 3.1: no more than three rounds and 12 hours of play a day
    (a round counted as both players' time for 60 moves); fide-rb-2024 3.1:
    15 rapid or 30 blitz rounds a day."""
    if not t.round_dates:
        return []
    per_day = Counter(t.round_dates)
    busiest, rounds = max(per_day.items(), key=lambda item: (item[1], item[0]))
    line = t.header_lines.get("132")
    limit = edition.rounds_per_day(t.rate_of_play or edition.rates[0])
    out = []
    if limit is not None and rounds > limit:
        out.append(_warning("rounds-per-day", f"{rounds} rounds on {busiest.isoformat()}: "
                            f"at most {limit} a day ({edition.cite('rounds')})", line))
    hours = edition.max_hours_per_day
    if hours is not None and minutes is not None and rounds * 2 * minutes > hours * 60:
        out.append(_warning("hours-per-day", f"{rounds} rounds of {2 * minutes:g} minutes "
                            f"on {busiest.isoformat()}: more than {hours} hours of play "
                            f"a day ({edition.cite('rounds')})", line))
    return out


def _duration(t: Tournament, edition: FideRules) -> list[Problem]:
    """fide-2002 4.1: an event lasts no more than 90 days; leagues may be
    rated beyond (4.11)."""
    if edition.max_days is None or not (t.start and t.end) or t.league:
        return []
    days = (t.end - t.start).days + 1
    if days <= edition.max_days:
        return []
    return [_warning("duration", f"the event lasts {days} days: at most "
                     f"{edition.max_days}, leagues excepted ({edition.cite('duration')})",
                     t.header_lines.get("052"))]
