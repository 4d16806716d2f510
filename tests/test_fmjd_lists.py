"""FMJD list calendar and lists A, B, C (fmjd Annex 9 §4.3, §4.4, §6)."""

from __future__ import annotations

from datetime import date

import pytest

from rules_core.fmjd.lists import active, list_for_event, list_in_force, list_letter

# fmjd Annex 9 §4.4: events ended 16 December - 15 March count for 1 April ...
EVENT_LISTS = [
    (date(2023, 12, 15), date(2024, 1, 1)), (date(2023, 12, 16), date(2024, 4, 1)),
    (date(2024, 1, 5), date(2024, 4, 1)), (date(2024, 3, 15), date(2024, 4, 1)),
    (date(2024, 3, 16), date(2024, 7, 1)), (date(2024, 6, 15), date(2024, 7, 1)),
    (date(2024, 6, 30), date(2024, 10, 1)), (date(2024, 9, 15), date(2024, 10, 1)),
    (date(2024, 11, 1), date(2025, 1, 1)),
]


@pytest.mark.parametrize("last_round, published", EVENT_LISTS)
def test_list_for_event(last_round, published):
    assert list_for_event(last_round) == published


# §4.3, §5.2: the list valid on the day of round 1
@pytest.mark.parametrize("day, valid", [
    (date(2024, 1, 1), date(2024, 1, 1)), (date(2024, 3, 31), date(2024, 1, 1)),
    (date(2024, 4, 1), date(2024, 4, 1)), (date(2024, 12, 31), date(2024, 10, 1))])
def test_list_in_force(day, valid):
    assert list_in_force(day) == valid


ON = date(2024, 7, 1)
# §6.3, §6.4: (rating, games, games in the last 3 years, last played, list)
LETTERS = [
    (2100, 30, 5, date(2024, 5, 1), "A"),
    (2100, 29, 29, date(2024, 5, 1), "B"),
    (2300, 49, 49, date(2024, 5, 1), "B"),
    (2300, 50, 0, date(2022, 1, 1), "A"),     # 2300-2351: no recent-games condition
    (2400, 200, 29, date(2024, 5, 1), "B"),   # above 2351: 30 in the last 3 years
    (2400, 200, 30, date(2024, 5, 1), "A"),
    (2400, 200, 0, date(2021, 6, 30), "B"),   # not played for 3 years
    (2100, 300, 0, date(2019, 6, 30), "C"),   # not played for 5 years
    (2100, 0, 0, None, "C"),
]


@pytest.mark.parametrize("rating, games, recent, last, letter", LETTERS)
def test_list_letter(rating, games, recent, last, letter):
    assert list_letter(rating, games, recent, last, ON) == letter


@pytest.mark.parametrize("rating, recent, is_active", [
    (2351, 29, False), (2351, 30, True), (2350, 1, True), (2350, 0, False)])
def test_active_list(rating, recent, is_active):
    """§6a: above 2350, 30 games in 3 years; below 2351, one game."""
    assert active(rating, recent) is is_active
