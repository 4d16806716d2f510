"""Rating a draughts event under FMJD Annex 9 (fmjd-2024)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_core.editions import get_edition
from rules_core.fmjd.event import rate_event
from rules_core.model import RoundResult
from tests.builders import draughts_swiss

FMJD = get_edition("fmjd-2024")

# fmjd Annex 9 §3.1, §3.2.1, §3.2.2 worked example: rating 2150, opponents
# 2050 on average, 9 points from 7 games.
EXAMPLE_OPPONENTS = [2000, 2100, 2050, 2050, 1950, 2150, 2050]   # average 2050
EXAMPLE_SCORES = [2, 2, 1, 1, 1, 2, 0]                           # 9 points


def example(**fields):
    t = draughts_swiss(2150, EXAMPLE_OPPONENTS, EXAMPLE_SCORES, "2h", **fields)
    return rate_event(t, FMJD).players[0]


def test_worked_example_expected_result():
    """§3.2.1: We = 63.6842 x 2 x 7 / 100 = 8.9158."""
    r = example(k=15)
    assert r.opponents_average == 2050
    assert float(r.expected) == pytest.approx(8.915789, abs=1e-6)


def test_worked_example_change():
    """§3.2.2: dR = 0.5 x 15 x (9 - 8.9158) = 0.6315 as printed, from We
    rounded to 4 decimals; the rule with We unrounded gives 0.63158."""
    assert float(example(k=15).change) == pytest.approx(0.631579, abs=1e-6)
    assert float(example(k=10).change) == pytest.approx(0.421053, abs=1e-6)


def test_worked_example_performance():
    """§3.1: Rp = 2050 + 104.6 = 2155."""
    assert example(k=15).performance == 2155


@pytest.mark.parametrize("time_control, percent", [
    ("2h", 100), ("90", 60), ("60", 40), ("30", 20), ("20", 50), ("15", 100)])
def test_k_reduced_by_the_time_control(time_control, percent):
    """§1.2.2.1 and §1.2.2.2 (docs/interpretations.md#i4)."""
    t = draughts_swiss(2150, EXAMPLE_OPPONENTS, EXAMPLE_SCORES, time_control, k=20)
    r = rate_event(t, FMJD).players[0]
    full = Fraction(20) * (r.score - r.expected) / 2
    assert r.change == full * percent / 100


def test_games_against_unrated_players_and_unplayed_games_do_not_count():
    """§5.3: players without rating and unplayed games; §3.2.2: regulatory
    results (referee decisions) are not counted."""
    t = draughts_swiss(2150, [2050, None, 2050, 2050], [2, 2, 0, 1], k=15)
    me = t.players[0]
    me.results[2] = RoundResult(3, 4, "w", "2x0", 2.0)
    t.players[3].results[0] = RoundResult(3, 1, "b", "0x2", 0.0)
    r = rate_event(t, FMJD).players[0]
    assert r.rated_games == 2 and r.score == 3
    assert "not rated" in " ".join(r.notes)


@pytest.mark.parametrize("games_before, rating, reached, k", [
    (10, 2100, None, 25), (30, 2100, None, 15), (30, 2300, None, 10), (100, 2250, True, 10)])
def test_k_factor(games_before, rating, reached, k):
    """§3.2.3: K 25 until 30 games, 15 under 2300, 10 once 2300 is reached."""
    t = draughts_swiss(rating, [2100], [1], games_before=games_before, reached_2300=reached)
    assert rate_event(t, FMJD).players[0].k == k


def test_new_player_rating_is_the_average_performance():
    """§3.3.2: with 10 games at 2200 before, 7 games of performance 2155
    give (10 x 2200 + 7 x 2154.6) / 17."""
    r = example(k=25, games_before=10)
    rp = 2050 + 102.40 + (9 / 14 * 100 - 64) * (110.11 - 102.40)
    assert r.new_rating == round((10 * 2150 + 7 * rp) / 17)


@pytest.mark.parametrize("scores, first", [([2, 2, 2], 2400), ([0, 0, 0], 1900)])
def test_first_rating_is_the_performance_within_1900_2400(scores, first):
    """§3.3.2: 100 % and 0 % are brought to 2400 and 1900."""
    t = draughts_swiss(None, [2100, 2100, 2100], scores)
    r = rate_event(t, FMJD).players[0]
    assert r.initial_rating == first and r.new_rating == first


def test_first_rating_inside_the_bounds():
    t = draughts_swiss(None, [2100, 2100], [2, 0])
    assert rate_event(t, FMJD).players[0].initial_rating == 2100
