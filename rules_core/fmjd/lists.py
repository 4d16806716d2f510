"""The FMJD rating lists: calendar, lists A, B and C, the active list.

fmjd Annex 9 §4.3 (four lists a year), §4.4 and §6.2 (closing dates),
§5.2 (the list valid on the day of round 1), §6 (the active list), §6.3
(lists A, B and C), §6.4 (players who are not active).
"""

from __future__ import annotations

from datetime import date

__all__ = ["LIST_MONTHS", "CLOSING_DAY", "list_for_event", "list_in_force",
           "list_letter", "active", "years_before"]

LIST_MONTHS = (1, 4, 7, 10)   # §4.3: 1 January, 1 April, 1 July, 1 October
CLOSING_DAY = 15              # §4.4, §6.2a: 15 March, June, September, December


def list_in_force(day: date) -> date:
    """§4.3, §5.2: the list published last on or before `day` (a player's
    own rating is the one on the list valid on the day of round 1)."""
    month = max(m for m in LIST_MONTHS if m <= day.month)
    return date(day.year, month, 1)


def list_for_event(last_round: date) -> date:
    """§4.4: an event ended from 16 December to 15 March counts for the list
    of 1 April, and so on each quarter (the closing date belongs to the
    period it closes, §6.2a)."""
    closings = [date(year, month, CLOSING_DAY)
                for year in (last_round.year, last_round.year + 1) for month in (3, 6, 9, 12)]
    closing = min(c for c in closings if c >= last_round)
    if closing.month == 12:
        return date(closing.year + 1, 1, 1)
    return date(closing.year, closing.month + 1, 1)


def years_before(day: date, years: int) -> date:
    """The same calendar day `years` earlier (29 February falls back to 28)."""
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)


def list_letter(rating: float, games: int, games_last_3_years: int,
                last_played: date | None, on: date) -> str:
    """§6.3 and §6.4: list A for a rating under 2300 with 30 games, or 2300
    and above with 50 games (above 2351 also 30 games in the last 3 years);
    list B for the others who played in the last 3 years; list C for the
    rest.  Whoever did not play for 3 years is on list B, for 5 years on C.
    ("lower than 2300" / "above 2300": 2300 itself is taken with the higher
    group, the side of the K threshold of §3.2.3.)"""
    if last_played is None or last_played < years_before(on, 5):
        return "C"
    if last_played < years_before(on, 3):
        return "B"
    if rating < 2300:
        return "A" if games >= 30 else "B"
    if games < 50 or (rating > 2351 and games_last_3_years < 30):
        return "B"
    return "A"


def active(rating: float, games_last_3_years: int) -> bool:
    """§6a: on the official (active) list with a rating above 2350 and 30
    games in the last 3 years, or below 2351 and one game."""
    return games_last_3_years >= (30 if rating > 2350 else 1)
