"""FMJD calculation period: events in date order, K changing within it."""

from __future__ import annotations

from datetime import date

import pytest

from rules_core.fmjd.period import PeriodEvent, rate_period
from rules_core.fmjd.rating import expected_result, performance_rating, result_percentage


def test_k_changes_within_the_period():
    """fmjd Annex 9 §3.2.3: 25 games before, a 5-game event brings the player
    to 30: the next event is rated with K 15, not 25; both from the list
    rating (§5.2)."""
    early = PeriodEvent(date(2024, 2, 1), 5, 6, 2100)
    late = PeriodEvent(date(2024, 3, 1), 7, 9, 2050)
    result = rate_period(2150, 25, False, [late, early])   # given out of order
    assert [c.k for c in result.events] == [25, 15]
    first = 0.5 * 25 * (6 - expected_result(2150, 2100, 5))
    second = 0.5 * 15 * (9 - expected_result(2150, 2050, 7))
    assert result.rating == pytest.approx(2150 + first + second)
    assert result.games == 37


def test_new_player_average_performance_then_changes():
    """§3.3.2 then §3.3.1: the first event gives Rp (within 1900-2400), the
    next ones average until 25 games."""
    events = [PeriodEvent(date(2024, 1, 10), 13, 15, 2000),
              PeriodEvent(date(2024, 2, 10), 12, 10, 2100),
              PeriodEvent(date(2024, 3, 10), 9, 9, 2100)]
    result = rate_period(None, 0, False, events)
    rp1 = performance_rating(2000, result_percentage(15, 13))
    rp2 = performance_rating(2100, result_percentage(10, 12))
    average = (13 * rp1 + 12 * rp2) / 25
    we = expected_result(average, 2100, 9)
    assert result.events[0].k is None and result.events[1].k is None
    assert result.events[2].k == 25
    assert result.rating == pytest.approx(average + 0.5 * 25 * (9 - we))


def test_time_control_share():
    slow = rate_period(2150, 100, False, [PeriodEvent(date(2024, 1, 1), 7, 9, 2050, 100)])
    fast = rate_period(2150, 100, False, [PeriodEvent(date(2024, 1, 1), 7, 9, 2050, 40)])
    assert fast.rating - 2150 == pytest.approx(0.4 * (slow.rating - 2150))
    assert slow.published == 2151
