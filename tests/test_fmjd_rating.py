"""The rating mathematics of FMJD Annex 9: worked examples, rules, invariants."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_core.fmjd import (
    IX_1,
    Countable,
    FMJDRatingError,
    Performance,
    average_performance,
    countable_for,
    development_factor,
    estimated_fmjd_rating,
    expected_percentage,
    expected_result,
    first_rating,
    k_factor,
    new_player_ratings,
    new_rating,
    performance_rating,
    rating_change,
    rating_difference,
    result_percentage,
)

# fmjd Annex 9 §2.4.2 worked example: rating, opponents' average, Pe (%)
# printed "Pe = (100 - 102,40)/(102,40 - 94,80) + 0,64 = (-2,4/7,6) + 64
# = 63,6842%"
PE_CASES = [(2150, 2050, 63.6842)]

# fmjd Annex 9 §3.1 worked example: rating, opponents' average, points,
# games, Rp as printed (rounded), D(P) as printed ("104,6")
PERFORMANCE_CASES = [(2150, 2050, 9, 7, 2155, 104.6)]

# fmjd Annex 9 §3.2.1 worked example: rating, opponents' average, games, We
EXPECTED_RESULT_CASES = [(2150, 2050, 7, 8.9158)]

# fmjd Annex 9 §3.2.2 worked example: K, W, We as printed, Delta R as printed,
# Delta R by the rule from the unrounded We of §3.2.1
RATING_CHANGE_CASES = [(15, 9, 8.9158, 0.6315, 0.6315789),
                       (10, 9, 8.9158, 0.421, 0.4210526)]

# fmjd Annex 9 §1.2.2.1-§1.2.2.2: minutes per player for 60 moves -> list, K %
COUNTABLE_CASES = [
    (180, "standard", 100), (127.5, "standard", 100), (120, "standard", 100),
    (119.9, "standard", 60), (90, "standard", 60), (89.5, "standard", 40),
    (60, "standard", 40), (59, "standard", 20), (30, "standard", 20),
    (29.9, "rapid-blitz", 50), (15.5, "rapid-blitz", 50),
    (15, "rapid-blitz", 100), (5, "rapid-blitz", 100),
    (0.5, "rapid-blitz", 100),
]

# fmjd Annex 9 §3.2.3: games completed before the event, reached 2300, K
K_CASES = [(0, False, 25), (29, False, 25), (29, True, 25), (30, False, 15),
           (30, True, 10), (500, False, 15), (500, True, 10)]

# fmjd Annex 9 §1.5: national rating, its source, estimated FMJD rating
NATIONAL_CASES = [(2000, "belgium", 1948.821), (1500, "netherlands", 2270.995),
                  (2000, "poland", 1914.326), (2000, "fmjd-blitz", 1991.02)]

differences = st.floats(min_value=-1200, max_value=1200, allow_nan=False)
inner_differences = st.floats(min_value=-934.99, max_value=934.99)
percentages = st.floats(min_value=0, max_value=100)


# --- worked examples ----------------------------------------------------------

@pytest.mark.parametrize(("rating", "average", "pe"), PE_CASES)
def test_expected_percentage_worked_example(rating, average, pe):
    assert round(expected_percentage(rating - average), 4) == pe


def test_printed_pe_formula_adds_p1_where_its_example_adds_p1_plus_1():
    # docs/interpretations.md#i9: §2.4.1 prints Pe = (D - D(P1+1)) /
    # (D(P1+1) - D(P1)) + P1; with P1 = 63 that gives 62.6842, one point
    # short of the example's 63.6842, which adds P1 + 1 = 64.
    d, d_p1, d_p1_plus_1 = 100, IX_1[63], IX_1[64]
    as_printed = (d - d_p1_plus_1) / (d_p1_plus_1 - d_p1) + 63
    as_example = (d - d_p1_plus_1) / (d_p1_plus_1 - d_p1) + 64
    assert round(as_printed, 4) == 62.6842
    assert round(as_example, 4) == 63.6842
    assert expected_percentage(d) == pytest.approx(as_example)


@pytest.mark.parametrize(("rating", "average", "points", "games", "rp", "dp"),
                         PERFORMANCE_CASES)
def test_performance_rating_worked_example(rating, average, points, games, rp, dp):
    p = result_percentage(points, games)
    assert round(p, 3) == 64.286
    assert round(rating_difference(p), 1) == dp
    assert performance_rating(average, p) == pytest.approx(2154.6028571)
    assert round(performance_rating(average, p)) == rp


@pytest.mark.parametrize(("rating", "average", "games", "we"), EXPECTED_RESULT_CASES)
def test_expected_result_worked_example(rating, average, games, we):
    assert round(expected_result(rating, average, games), 4) == we
    assert expected_result(rating, average, games) == pytest.approx(8.9157895)


@pytest.mark.parametrize(("k", "w", "we", "printed", "rule"), RATING_CHANGE_CASES)
def test_rating_change_worked_example(k, w, we, printed, rule):
    # The print works from We rounded to 8.9158 and gets 0.6315 / 0.421; the
    # rule takes We unrounded (docs/interpretations.md#i1) and gives 0.63158 /
    # 0.42105: the printed 0.6315 is the rounded We's figure, not the rule's.
    assert rating_change(k, w, we) == pytest.approx(printed)
    unrounded_we = expected_result(2150, 2050, 7)
    assert rating_change(k, w, unrounded_we) == pytest.approx(rule)
    assert round(rating_change(15, w, unrounded_we), 4) == 0.6316


# --- D(P), §2.3 -----------------------------------------------------------

def test_rating_difference_at_whole_percentages_is_the_table():
    assert [rating_difference(p) for p in range(101)] == [IX_1[p] for p in range(101)]


def test_rating_difference_interpolates():
    assert rating_difference(64.5) == pytest.approx(106.255)
    assert rating_difference(99.5) == pytest.approx(799.87)
    assert rating_difference(0.5) == pytest.approx(-799.87)


@pytest.mark.parametrize("p", [-0.01, 100.01, math.nan, math.inf])
def test_rating_difference_rejects_what_is_not_a_percentage(p):
    with pytest.raises(FMJDRatingError, match="percentage"):
        rating_difference(p)


# --- Pe, §2.4 -------------------------------------------------------------

def test_expected_percentage_at_table_values():
    assert expected_percentage(0) == 50
    assert expected_percentage(7.14) == 51
    assert expected_percentage(-7.14) == 49
    assert expected_percentage(211.05) == 77
    assert expected_percentage(-211.05) == 23


def test_expected_percentage_beyond_the_table():
    assert expected_percentage(935) == 100
    assert expected_percentage(1500) == 100
    assert expected_percentage(-935) == 0
    assert expected_percentage(-1500) == 0


def test_expected_percentage_rejects_nan():
    with pytest.raises(FMJDRatingError, match="rating difference"):
        expected_percentage(math.nan)


# --- §3.1, §3.2 -----------------------------------------------------------

def test_result_percentage():
    assert result_percentage(14, 7) == 100
    assert result_percentage(0, 7) == 0
    assert result_percentage(7, 7) == 50


@pytest.mark.parametrize(("score", "games"), [(15, 7), (-1, 7), (1, 0)])
def test_result_percentage_rejects_impossible_scores(score, games):
    with pytest.raises(FMJDRatingError):
        result_percentage(score, games)


def test_performance_rating_at_0_and_100_percent():
    assert performance_rating(2000, 100) == 2935
    assert performance_rating(2000, 0) == 1065


def test_rating_change_signs():
    assert rating_change(15, 12, 9) == 22.5
    assert rating_change(15, 6, 9) == -22.5
    assert rating_change(10, 9, 9) == 0


def test_new_rating_sums_the_changes_of_a_period():
    # fmjd Annex 9 §3.3.1
    assert new_rating(2150, [0.6315789, -3.5, 12.25]) == pytest.approx(2159.3815789)
    assert new_rating(2150, []) == 2150


# --- K, §3.2.3 and §1.2.2 -------------------------------------------------

@pytest.mark.parametrize(("games", "reached", "k"), K_CASES)
def test_k_factor(games, reached, k):
    assert k_factor(games, reached) == k


def test_k_factor_rejects_negative_games():
    with pytest.raises(FMJDRatingError, match="-1"):
        k_factor(-1)


@pytest.mark.parametrize(("minutes", "rating_list", "percent"), COUNTABLE_CASES)
def test_countable_for(minutes, rating_list, percent):
    assert countable_for(minutes) == Countable(rating_list, percent)


def test_three_hours_a_game_is_60_percent_not_50():
    # docs/interpretations.md#i4: §3.2.3's "at least 3 hours per game ... 50 %"
    # is superseded by §1.2.2.1 (b): 1 h 30 per player (3 hours in all) is 60 %
    assert countable_for(90).k_percent == 60


@pytest.mark.parametrize("minutes", [0, -5, math.nan])
def test_countable_for_rejects_no_time(minutes):
    with pytest.raises(FMJDRatingError, match="time control"):
        countable_for(minutes)


def test_development_factor():
    assert development_factor(15, 60) == 6
    assert development_factor(25, 120) == 25
    assert development_factor(10, 30) == 2
    assert development_factor(15, 20) == 7.5


# --- new players, §3.3.2 ---------------------------------------------------

def test_first_rating_is_kept_within_1900_and_2400():
    assert first_rating(2935) == 2400
    assert first_rating(1065) == 1900
    assert first_rating(2123.4) == 2123.4


def test_average_performance():
    assert average_performance([(9, 2500)]) == 2400
    assert average_performance([(9, 1700)]) == 1900
    assert average_performance([(7, 2100), (7, 2300)]) == 2200
    # the first result is clamped before it is weighted by its games ...
    assert average_performance([(10, 2600), (5, 2000)]) == pytest.approx(2266.6666667)
    # ... a later result is not clamped
    assert average_performance([(7, 2000), (7, 2600)]) == 2300


def test_average_performance_needs_a_performance():
    with pytest.raises(FMJDRatingError, match="no performance"):
        average_performance([])


# A new player's events: averaging while fewer than 25 games were played
# before the event (0, 9, 18), then Delta R with K 25 (27 games before) and
# K 15 at 40 % (36 games before, 1 hour per player for 60 moves).
NEW_PLAYER_EVENTS = [Performance(9, 2000, 9), Performance(9, 2100, 9),
                     Performance(9, 2200, 9), Performance(9, 2100, 12),
                     Performance(9, 2137.5, 11, k_percent=40)]
NEW_PLAYER_RATINGS = [2000, 2050, 2100, 2137.5, 2143.5]


def test_new_player_ratings():
    assert new_player_ratings(NEW_PLAYER_EVENTS) == pytest.approx(NEW_PLAYER_RATINGS)


def test_new_player_ratings_with_a_published_2300():
    # from 30 games K is 10 instead of 15: the last change is 0.5 * 4 * 2 = 4
    ratings = new_player_ratings(NEW_PLAYER_EVENTS, reached_2300=True)
    assert ratings[-1] == pytest.approx(2141.5)


def test_new_player_first_event_clamped():
    assert new_player_ratings([Performance(7, 2100, 14)]) == [2400]
    assert new_player_ratings([Performance(7, 2100, 0)]) == [1900]


def test_the_event_that_crosses_25_games_is_still_averaged():
    events = [Performance(24, 2000, 24), Performance(9, 2200, 9)]
    assert new_player_ratings(events) == pytest.approx([2000, 2000 + 200 * 9 / 33])


# --- national ratings, §1.5 -----------------------------------------------

@pytest.mark.parametrize(("national", "source", "fmjd"), NATIONAL_CASES)
def test_estimated_fmjd_rating(national, source, fmjd):
    assert estimated_fmjd_rating(national, source) == pytest.approx(fmjd)


def test_estimated_fmjd_rating_unknown_source():
    with pytest.raises(FMJDRatingError, match="unknown national rating: 'france'"):
        estimated_fmjd_rating(2000, "france")


# --- invariants -------------------------------------------------------------

@given(differences)
def test_pe_of_d_and_minus_d_make_100(d):
    total = expected_percentage(d) + expected_percentage(-d)
    assert total == pytest.approx(100, abs=1e-9)


@given(percentages)
def test_d_is_antisymmetric(p):
    mirror = -rating_difference(100 - p)
    assert rating_difference(p) == pytest.approx(mirror, abs=1e-9)


@given(percentages, percentages)
def test_d_is_monotonic(p, q):
    p, q = sorted((p, q))
    assert rating_difference(p) <= rating_difference(q)
    if q - p >= 1e-6:
        assert rating_difference(p) < rating_difference(q)


@given(differences, differences)
def test_pe_is_monotonic(d, e):
    d, e = sorted((d, e))
    assert expected_percentage(d) <= expected_percentage(e)


@given(inner_differences)
def test_d_of_pe_is_the_difference(d):
    assert rating_difference(expected_percentage(d)) == pytest.approx(d, abs=1e-6)


@given(percentages)
def test_pe_of_d_is_the_percentage(p):
    assert expected_percentage(rating_difference(p)) == pytest.approx(p, abs=1e-9)


@given(st.floats(1000, 2800), st.floats(1000, 2800), st.integers(1, 13),
       st.sampled_from([10, 15, 25]), st.data())
def test_two_players_with_the_same_k_exchange_points(a, b, games, k, data):
    # a match between two players: what one gains the other loses
    score = data.draw(st.integers(0, 2 * games))
    gain = rating_change(k, score, expected_result(a, b, games))
    loss = rating_change(k, 2 * games - score, expected_result(b, a, games))
    assert gain + loss == pytest.approx(0, abs=1e-9)
