"""The rating lists as the demo's events change them.

The ratings written in an event are those of the list in force on its first
day, so the generator keeps the lists as it makes the events: each event is
rated with rules_core (`check_text`) and `record`ed; `publish` brings the
lists up to a day.  Chess (`ChessLists`): monthly lists, the changes of a
period summed and rounded by the edition (fide-rb-2024 7.3.4, fide-2009
8.57), first ratings pooled over the events of the player (fide-rb-2024
6.1.4, 7.2), and FIDE's rise of ratings below 2000 on the list of 1 March
2024.  Draughts (`DraughtsLists`): quarterly lists (fmjd Annex 9 §4.3-§4.4),
each player's period rated by `rules_core.fmjd.period.rate_period`.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from fractions import Fraction

from rules_core.editions import edition_for
from rules_core.fide.initial import EventPerformance, pooled_rating
from rules_core.fmjd.lists import list_for_event
from rules_core.fmjd.period import PeriodEvent, rate_period
from rules_core.fmjd.rating import countable_for
from rules_core.timecontrol import minutes_for_60

from . import ADJUSTMENT_LIST, LISTS, POINTS, add_months
from .people import Person

__all__ = ["ChessLists", "DraughtsLists"]


class ChessLists:
    """The FIDE lists as the events change them: monthly lists, changes
    summed over the period, first ratings pooled (fide-rb-2024 6.1.4), and
    FIDE's rise of ratings below 2000 on the list of 1 March 2024."""

    def __init__(self, people: list[Person]):
        self.rating = {(p.id, n): p.ratings.get(n) for p in people for n in LISTS["chess"]}
        self.games = {(p.id, n): p.games.get(n, 0) for p in people for n in LISTS["chess"]}
        self.reached = {p.id: p.reached for p in people}
        self.changes: dict[date, dict] = defaultdict(dict)
        self.firsts: dict[date, dict] = defaultdict(dict)
        self.performances: dict[tuple, list[EventPerformance]] = defaultdict(list)
        self.adjusted = False

    def publish(self, day: date) -> None:
        """Every list published on or before `day`."""
        for list_date in sorted(set(self.changes) | set(self.firsts)):
            if list_date <= day:
                self._publish(list_date)
        if day >= ADJUSTMENT_LIST and not self.adjusted:
            self._adjust()

    def _publish(self, list_date: date) -> None:
        if list_date > ADJUSTMENT_LIST and not self.adjusted:
            self._adjust()
        for key, (edition, change, base) in self.changes.pop(list_date, {}).items():
            self.rating[key] = edition.new_rating(self.rating[key] or base, change)
            self._reached(key)
        for key, value in self.firsts.pop(list_date, {}).items():
            self.rating[key] = value
        if list_date == ADJUSTMENT_LIST:
            self._adjust()

    def _adjust(self) -> None:
        edition = edition_for("chess", "standard", ADJUSTMENT_LIST)
        for (pid, name), rating in self.rating.items():
            if name == "standard" and rating:
                self.rating[(pid, name)] = edition.one_time_adjustment(rating)
        self.adjusted = True

    def _reached(self, key) -> None:
        if key[1] == "standard" and self.rating[key] >= 2400:
            self.reached[key[0]] = True

    def record(self, event, result: dict) -> None:
        list_date = add_months(event.round_dates[-1], 1)
        edition = edition_for("chess", event.spec.rate, event.round_dates[0])
        for seat, line in zip(event.seats, result["players"], strict=True):
            key = (seat.person.id, event.spec.rate_list)
            self.games[key] += line["rated_games"] or 0
            if seat.rating or seat.standard_rating:
                self._change(list_date, key, edition, line, seat)
            else:
                self._first(list_date, key, edition, event, seat)

    def _change(self, list_date, key, edition, line, seat) -> None:
        _, total, base = self.changes[list_date].get(key, (None, Fraction(0), None))
        change = Fraction(str(line["change"] or 0))
        self.changes[list_date][key] = (edition, total + change,
                                        seat.rating or seat.standard_rating)

    def _first(self, list_date, key, edition, event, seat) -> None:
        performance = _performance(event, seat)
        if performance is None or any(key in f for f in self.firsts.values()):
            return
        self.performances[key].append(performance)
        first = pooled_rating(edition, self.performances[key])
        if first.published:
            self.firsts[list_date][key] = first.published


def _performance(event, seat) -> EventPerformance | None:
    """An unrated player's games against rated opponents (fide-rb-2024
    7.2.2: none when he scored zero against them)."""
    by_number = {s.number: s for s in event.seats}
    ratings, score = [], Fraction(0)
    for text in seat.results:
        parts = text.split()
        opponent = by_number[int(parts[0])] if len(parts) == 3 else None
        rating = opponent and (opponent.rating or opponent.standard_rating)
        if rating:
            ratings.append(rating)
            score += Fraction(str(POINTS[parts[2]]))
    if not ratings or not score:
        return None
    return EventPerformance(len(ratings), score, Fraction(sum(ratings), len(ratings)),
                            ratings=tuple(ratings), end=event.round_dates[-1])


class DraughtsLists:
    """The FMJD lists: quarterly (fmjd Annex 9 §4.3-§4.4), each player's
    period rated by `rate_period`."""

    def __init__(self, people: list[Person]):
        lists = LISTS["draughts"]
        self.rating = {(p.id, n): p.ratings.get(n) for p in people for n in lists}
        self.games = {(p.id, n): p.games.get(n, 0) for p in people for n in lists}
        self.reached = {p.id: p.reached for p in people}
        self.periods: dict[date, dict] = defaultdict(lambda: defaultdict(list))

    def publish(self, day: date) -> None:
        for list_date in sorted(self.periods):
            if list_date <= day:
                self._publish(list_date)

    def _publish(self, list_date: date) -> None:
        for key, events in self.periods.pop(list_date).items():
            reached = self.reached[key[0]] if key[1] == "standard" else False
            period = rate_period(self.rating[key], self.games[key], reached, events)
            self.rating[key], self.games[key] = period.published, period.games
            if key[1] == "standard" and period.published >= 2300:
                self.reached[key[0]] = True

    def record(self, event, result: dict) -> None:
        last = event.round_dates[-1]
        percent = countable_for(minutes_for_60(event.spec.time_control)).k_percent
        for seat, line in zip(event.seats, result["players"], strict=True):
            if line["rated_games"]:
                key = (seat.person.id, event.spec.rate_list)
                self.periods[list_for_event(last)][key].append(PeriodEvent(
                    last, line["rated_games"], line["score"], line["opponents_average"],
                    percent))
