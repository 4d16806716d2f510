"""rules_core.numbers: exact figures and the roundings the regulations name.

Every helper is pinned where a rounding can go wrong: values landing exactly
on .5, negative values (where "up" and "away from zero" part), Fractions, and
floats that are not exact in binary.  docs/interpretations.md, interpretation
1, says which rounding applies where; the per-edition table at the end checks
that each edition reaches the helper its article names.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_core.editions import get_edition
from rules_core.fide.engine import p_percent
from rules_core.numbers import as_float, exact, round_half_away, round_half_up, round_to_step

F = Fraction

# round_half_up: "0,5 è arrotondato per eccesso" (fide-2009 8.32), fide-2002
# 10.56 "rounded off to the nearest 1 or 0"; docs/interpretations.md #i1.
# .5 goes towards +infinity, also below zero.  (value, result)
HALF_UP_CASES = [
    (F(5, 2), 3), (F(7, 2), 4), (F(1, 2), 1), (F(-1, 2), 0), (F(-5, 2), -2),
    (F(4999, 2), 2500), (F(-4999, 2), -2499),
    (2.5, 3), (0.5, 1), (-2.5, -2), (3.5, 4),            # Python's round() gives 2 at 2.5
    (F(1, 3), 0), (F(2, 3), 1), (F(-1, 3), 0), (F(-2, 3), -1),
    (2.4999999999999996, 2),   # the float just below 2.5 stays below
    (0.1 + 0.2, 0),            # 0.30000000000000004
    (1.4999999999999998, 1),
    (0, 0), (7, 7), (-7, -7),
]

# round_half_away: fide-rb-2024 7.3.4 "rounded to the nearest whole number,
# 0.5 being rounded away from zero"; also the standard edition of 2024.
HALF_AWAY_CASES = [
    (F(5, 2), 3), (F(-5, 2), -3), (F(1, 2), 1), (F(-1, 2), -1),
    (F(-3, 2), -2), (F(3, 2), 2), (-0.5, -1), (0.5, 1), (-2.5, -3),
    (F(-7, 5), -1), (F(-8, 5), -2), (F(7, 5), 1), (F(8, 5), 2),
    (-1.4999999999999998, -1), (0, 0), (-4, -4),
]

# round_to_step: fide-2003web 10.32 "rounded off to the nearest 5 or zero";
# halfway (2.5 from either multiple) goes up.  (value, step, result)
STEP_CASES = [
    (F(4005, 2), 5, 2005),     # 2002.5: halfway between 2000 and 2005
    (F(40049, 20), 5, 2000),   # 2002.45
    (F(4015, 2), 5, 2010),     # 2007.5
    (2012.5, 5, 2015), (2012.4999, 5, 2010),
    (2017, 5, 2015), (2018, 5, 2020),
    (F(-5, 2), 5, 0), (F(-15, 2), 5, -5),   # halfway below zero: up as well
    (F(4005, 2), 1, 2003),     # step 1 is round_half_up (fide-2002 10.32)
    (F(4005, 2), 10, 2000), (2005, 10, 2010),
]

# as_float: a figure for display, .5 up at the last place kept
# (docs/interpretations.md #i1: the unrounded value is kept for display).
# (value, places, result)
AS_FLOAT_CASES = [
    (F(1, 8), 2, 0.13), (F(-1, 8), 2, -0.12), (F(3, 8), 2, 0.38),
    (F(2, 3), 2, 0.67), (F(1, 3), 2, 0.33), (F(1, 4), 1, 0.3),
    (F(-1, 4), 1, -0.2), (F(1, 2), 0, 1.0), (F(-1, 2), 0, 0.0),
    (2.675, 2, 2.68),          # round(2.675, 2) gives 2.67: the binary float is below
    (1.005, 2, 1.01),          # round(1.005, 2) gives 1.0
    (0.125, 2, 0.13), (-0.125, 2, -0.12),
    (5, 2, 5.0), (-3, 2, -3.0), (F(4, 2), 2, 2.0),
    (F(2298, 1) + F(2, 5), 1, 2298.4),   # the contract's opponents_average example
]

# exact: floats by their shortest decimal form, so 0.1 is one tenth.
EXACT_CASES = [
    (0.1, F(1, 10)), (2.675, F(2675, 1000)), (0.1 + 0.2, F(30000000000000004, 10**17)),
    (-0.5, F(-1, 2)), (1e-7, F(1, 10**7)), (3, F(3)), (F(7, 3), F(7, 3)), (True, F(1)),
]


@pytest.mark.parametrize("value, expected", HALF_UP_CASES)
def test_round_half_up(value, expected):
    result = round_half_up(value)
    assert result == expected and type(result) is int


@pytest.mark.parametrize("value, expected", HALF_AWAY_CASES)
def test_round_half_away(value, expected):
    result = round_half_away(value)
    assert result == expected and type(result) is int


@pytest.mark.parametrize("value, step, expected", STEP_CASES)
def test_round_to_step(value, step, expected):
    assert round_to_step(value, step) == expected


@pytest.mark.parametrize("value, places, expected", AS_FLOAT_CASES)
def test_as_float(value, places, expected):
    result = as_float(value, places)
    assert result == expected and type(result) is float


def test_as_float_keeps_none():
    assert as_float(None) is None


@pytest.mark.parametrize("value, expected", EXACT_CASES)
def test_exact(value, expected):
    assert exact(value) == expected and type(exact(value)) is Fraction


def test_exact_returns_a_fraction_unchanged():
    value = F(22, 7)
    assert exact(value) is value


def test_half_up_and_half_away_part_only_below_zero_at_half():
    """-2.5: 8.32's "per eccesso" gives -2, 7.3.4's "away from zero" -3."""
    assert (round_half_up(F(-5, 2)), round_half_away(F(-5, 2))) == (-2, -3)
    assert (round_half_up(F(5, 2)), round_half_away(F(5, 2))) == (3, 3)


# -- invariants (hypothesis) ------------------------------------------------

fractions = st.fractions(min_value=-10**6, max_value=10**6, max_denominator=10**4)
finite_floats = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)


@given(fractions)
def test_half_up_integer_path_is_the_definition(value):
    """The Fraction fast path (integers only) is floor(v + 1/2)."""
    assert round_half_up(value) == math.floor(value + F(1, 2))


@given(fractions)
def test_half_up_is_within_a_half_and_ties_go_up(value):
    result = round_half_up(value)
    assert abs(result - value) <= F(1, 2)
    if abs(result - value) == F(1, 2):
        assert result > value


@given(fractions, st.integers(-1000, 1000))
def test_half_up_commutes_with_whole_shifts(value, shift):
    assert round_half_up(value + shift) == round_half_up(value) + shift


@given(fractions)
def test_half_away_is_odd(value):
    assert round_half_away(-value) == -round_half_away(value)
    assert abs(round_half_away(value) - value) <= F(1, 2)


@given(fractions)
def test_half_away_in_integers_is_the_rule_in_fractions(value):
    """The integer form of a Fraction's rounding (rules_core.numbers) is
    7.3.4's rule computed with Fractions: floor(|v| + 1/2), its sign kept."""
    magnitude = math.floor(abs(value) + F(1, 2))
    assert round_half_away(value) == (magnitude if value >= 0 else -magnitude)


@given(finite_floats)
def test_floats_round_as_their_decimal_form(value):
    """A float rounds as the decimal it prints, not as its binary value."""
    assert round_half_up(value) == round_half_up(F(repr(value)))
    assert as_float(value) == as_float(F(repr(value)))


@given(fractions, st.integers(0, 4))
def test_as_float_integer_path_is_the_definition(value, places):
    scale = 10**places
    assert as_float(value, places) == round_half_up(value * scale) / scale


@given(fractions, st.sampled_from([1, 5, 10]))
def test_round_to_step_gives_the_nearest_multiple(value, step):
    result = round_to_step(value, step)
    assert result % step == 0 and abs(result - value) <= F(step, 2)


# -- where each edition rounds a .5 (docs/interpretations.md #i1) -----------

# (edition, rating, change, new rating): fide-2002 10.56 and fide-2009 8.57
# round Ro + change .5 up; fide-rb-2024 7.3.4 rounds the change .5 away from
# zero, so a loss of exactly half a point costs a point there.
NEW_RATING_CASES = [
    ("fide-standard-2002", 2000, F(1, 2), 2001),
    ("fide-standard-2002", 2000, F(-1, 2), 2000),
    ("fide-standard-2003web", 2000, F(-1, 2), 2000),
    ("fide-standard-2009", 2000, F(-5, 2), 1998),
    ("fide-standard-2009", 2000, F(5, 2), 2003),
    ("fide-rapid-blitz-2024", 2000, F(1, 2), 2001),
    ("fide-rapid-blitz-2024", 2000, F(-1, 2), 1999),
    ("fide-rapid-blitz-2024", 2000, F(-5, 2), 1997),
    ("fide-standard-2024", 1500, F(-1, 2), 1499),
    ("fide-standard-2024", 1500, F(3, 2), 1502),
]

# (edition, Ru unrounded, published): fide-2002 10.32 nearest 1, .5 up;
# fide-2003web 10.32 nearest 5, halfway up; fide-rb-2024 7.2.4 nearest whole.
INITIAL_CASES = [
    ("fide-standard-2002", F(4005, 2), 2003),
    ("fide-standard-2003web", F(4015, 2), 2010),
    ("fide-standard-2003web", F(4029, 2), 2015),
    ("fide-standard-2009", F(3001, 2), 1501),
    ("fide-rapid-blitz-2024", F(3601, 2), 1801),
    ("fide-standard-2024", F(3601, 2), 1801),
]

# p = W / n in hundredths, .5 up (interpretation 1): (score, games, p).
P_CASES = [
    (F(1, 2), 8, 6),        # 6.25 -> 6
    (F(5, 2), 8, 31),       # 31.25 -> 31
    (F(1), 8, 13),          # 12.5 -> 13
    (F(3), 8, 38),          # 37.5 -> 38
    (F(13, 2), 8, 81),      # 81.25 -> 81
    (F(7), 8, 88),          # 87.5 -> 88
    (F(2), 3, 67), (F(1), 3, 33),
]


@pytest.mark.parametrize("edition, rating, change, expected", NEW_RATING_CASES)
def test_new_rating_rounds_a_half_as_the_edition_says(edition, rating, change, expected):
    assert get_edition(edition).new_rating(rating, change) == expected


@pytest.mark.parametrize("edition, value, expected", INITIAL_CASES)
def test_first_rating_rounds_a_half_as_the_edition_says(edition, value, expected):
    assert get_edition(edition).round_initial(value) == expected


@pytest.mark.parametrize("score, games, expected", P_CASES)
def test_p_is_rounded_to_hundredths_half_up(score, games, expected):
    assert p_percent(score, games) == expected
