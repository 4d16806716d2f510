"""Which games count, event checks, K and publication, edition by edition."""

from __future__ import annotations

from datetime import date

import pytest

from rules_core.editions import get_edition
from rules_core.fide.engine import rate_event
from rules_core.fide.events import event_problems
from rules_core.fide.initial import within_window
from rules_core.model import Player, RoundResult, Tournament
from tests.builders import add_game, round_robin, swiss

E2002 = get_edition("fide-standard-2002")
E2003 = get_edition("fide-standard-2003web")
E2009 = get_edition("fide-standard-2009")
RB2024 = get_edition("fide-rapid-blitz-2024")
S2024 = get_edition("fide-standard-2024")


def rate(t, edition):
    return rate_event(t, edition)


def notes(result, number=1):
    return " ".join(result.players[number - 1].notes)


# Which edition is in force on a date: tests/test_editions.py.


# -- unplayed games (fide-2002 5.1) ---------------------------------------------

def test_forfeits_and_byes_are_not_rated():
    t = swiss(2000, [2000, 2000, 2000], [1.0, 0.0, 0.5], start=date(2005, 1, 1))
    me = t.players[0]
    me.results[1] = RoundResult(2, 3, "b", "+", 1.0)
    t.players[2].results[0] = RoundResult(2, 1, "w", "-", 0.0)
    me.results.append(RoundResult(4, None, None, "H", 0.5))
    r = rate(t, E2002).players[0]
    assert r.rated_games == 2
    assert "round 2: forfeit, not rated (fide-2002 5.1)" in r.notes


# -- matches (fide-2002 6.5, fide-2009 6.6, fide-rb-2024 5.1-5.2) ------------------

def match(ratings, scores, scheduled):
    a, b = (Player(i + 1, n, rating=r) for i, (n, r) in enumerate(zip("AB", ratings, strict=True)))
    for round_, score in enumerate(scores, start=1):
        add_game(a, b, round_, score)
    return Tournament(name="match", start=date(2010, 1, 1), system="match",
                      rounds=scheduled, players=[a, b])


def test_games_after_a_match_is_decided_are_not_rated():
    t = match([2500, 2400], [1.0, 1.0, 1.0, 1.0, 0.0, 0.5], scheduled=6)
    r = rate(t, E2009).players[0]
    assert r.rated_games == 4  # 4 points of 6 decide it after round 4
    assert "2 games after the match was decided in round 4" in " ".join(r.notes)


def test_match_with_an_unrated_player():
    t = match([2500, None], [1.0, 0.0, 0.5, 0.5], scheduled=4)
    assert not rate(t, E2009).rateable          # fide-2009 6.6
    assert not rate(t, RB2024).rateable         # fide-rb-2024 5.1
    assert rate(t, E2002).rateable              # no such rule in 2002


# -- unrated players ---------------------------------------------------------------

def test_2002_unrated_needs_three_rated_opponents_in_a_swiss():
    t = swiss(None, [2000, 2000], [1.0, 1.0], start=date(2005, 1, 1))
    r = rate(t, E2002).players[0]
    assert r.initial_rating is None
    assert "met 2 rated opponents, at least 3 needed (fide-2002 6.42)" in r.notes


def test_2002_unrated_scoring_less_than_one_point_is_disregarded():
    t = swiss(None, [2000, 2000, 2000], [0.5, 0.0, 0.0], start=date(2005, 1, 1))
    r = rate(t, E2002).players[0]
    assert r.initial_rating is None and "disregarded (fide-2002 6.1)" in " ".join(r.notes)


def test_2002_unrated_in_a_swiss():
    """fide-2002 10.21a, 10.23: Rc 2000, 2/3 is one half point over 50 %:
    2012.5, rounded to 2013 (10.32); 3 games publish nothing (9.14)."""
    t = swiss(None, [2000, 2100, 1900], [1.0, 0.5, 0.5], start=date(2005, 1, 1))
    r = rate(t, E2002).players[0]
    assert (r.opponents_average, r.initial_rating, r.new_rating) == (2000, 2013, None)


def test_2009_unrated_below_fifty_percent_in_a_swiss():
    """fide-2009 8.24: Ru = Rc + dp; 1/3 -> p .33 -> -125."""
    t = swiss(None, [2000, 2000, 2000], [1.0, 0.0, 0.0], start=date(2010, 1, 1))
    assert rate(t, E2009).players[0].initial_rating == 1875


@pytest.mark.parametrize("scores, rated", [([0.0] * 5, False), ([0.5] + [0.0] * 4, True)])
def test_2024_unrated_scoring_zero_is_disregarded(scores, rated):
    t = swiss(None, [1800] * 5, scores)
    r = rate(t, RB2024).players[0]
    assert (r.initial_rating is not None) == rated


def test_2024_rapid_uses_the_standard_rating():
    """fide-rb-2024 7.2.1: rated with the standard rating, as a rated player."""
    t = swiss(None, [2000], [1.0], standard_rating=2000, k=20)
    r = rate(t, RB2024).players[0]
    assert r.change == 10 and r.initial_rating is None
    assert "rated with the standard rating 2000 (fide-rb-2024 7.2.1)" in " ".join(r.notes)


def test_2024_swiss_rated_player_ignores_unrated_opponents():
    t = swiss(2000, [2000, None], [1.0, 1.0], k=20)
    assert rate(t, S2024).players[0].rated_games == 1


def test_2003web_olympiad_rule():
    """fide-2003web 10.4: 50 % from half the rounds at the Olympiad: 2200."""
    t = swiss(None, [2000, 2000, 2000], [1.0, 0.5, 0.0], start=date(2004, 10, 15))
    t.olympiad, t.rounds = True, 6
    r = rate(t, E2003).players[0]
    assert r.new_rating == 2200 and "Olympiad" in " ".join(r.notes)


# -- round robins (fide-2002 6.3, 6.43) -------------------------------------------------

# The unrated players come first, so they win and are not disregarded (6.1).
@pytest.mark.parametrize("ratings, rateable", [
    ([None] * 6 + [2200] * 3, False),   # 6.31: under 10 players, 4 rated
    ([None] * 5 + [2200] * 4, True),
    ([None] * 8 + [2200] * 4, True),    # 6.3: a third of 12
    ([None] * 9 + [2200] * 3, False),
])
def test_round_robin_composition(ratings, rateable):
    assert rate(round_robin(ratings, {}), E2002).rateable is rateable


def test_national_championship_needs_three_rated():
    t = round_robin([None] * 9 + [2200] * 3, {})
    t.national_championship = True
    assert rate(t, E2002).rateable


def test_double_round_robin_with_unrated_needs_six_players():
    t = round_robin([None, 2200, 2200, 2200, 2200], {}, system="double-round-robin")
    for p in t.players:   # the second cycle, reversed colours
        p.results += [RoundResult(r.round + 10, r.opponent, None, r.code, r.score)
                      for r in list(p.results)]
    assert not rate(t, E2002).rateable


def test_round_robin_with_an_unplayed_game_is_a_swiss():
    t = round_robin([2200, 2100, 2000, None], {})
    t.players[0].results[0] = RoundResult(1, 2, "w", "+", 1.0)
    t.players[1].results[0] = RoundResult(1, 1, "b", "-", 0.0)
    result = rate(t, E2002)
    assert result.system == "swiss"
    assert "rated as a Swiss (fide-2002 6.43)" in " ".join(result.notes)


# -- Scheveningen (fide-2002 6.4, fide-2003web 10.67) ------------------------------------

@pytest.mark.parametrize("edition, unrated, rateable", [
    (E2002, 1, True), (E2002, 2, False), (E2003, 1, False)])
def test_scheveningen(edition, unrated, rateable):
    t = round_robin([2200] * 4 + [None] * unrated, {}, system="scheveningen")
    assert rate(t, edition).rateable is rateable


# -- rate of play -------------------------------------------------------------------------

def test_2002_minimum_time_depends_on_the_strongest_player():
    """fide-2002 1.11: a 2200 player in the event: 120 minutes for 60 moves."""
    t = swiss(1900, [2250, 1900], [1.0, 1.0], start=date(2005, 1, 1))
    t.time_control = "90+0"
    r = rate(t, E2002).players[0]
    assert r.rated_games == 0
    assert "90 minutes for 60 moves, 120 needed" in " ".join(r.notes)
    assert [p.code for p in event_problems(t, E2002, 90)] == ["rating.rate-of-play"]
    t.time_control = "90+30"
    assert rate(t, E2002).players[0].rated_games == 2


def test_2024_minimum_time_is_per_game():
    """fide-2024 1.1: 90 minutes suffice for a game between players under 2400."""
    t = swiss(1900, [2450, 1900], [1.0, 1.0], k=20)
    t.time_control = "90+0"
    r = rate(t, S2024).players[0]
    assert [g.opponent for g in r.games] == [3]


def test_2024_different_times_are_not_rated():
    t = swiss(1900, [1900, 1900], [1.0, 1.0], k=20)
    t.time_control = "15+10"
    t.players[2].time_control = "10+0"
    r = rate(t, RB2024).players[0]
    assert r.rated_games == 1 and "different times" in " ".join(r.notes)


def test_rounds_and_hours_per_day():
    t = swiss(2000, [2000] * 4, [1.0] * 4, start=date(2005, 1, 1))
    t.round_dates = [date(2005, 1, 1)] * 4
    codes = [p.code for p in event_problems(t, E2002, 120)]
    assert codes == ["rating.rounds-per-day", "rating.hours-per-day"]
    t.round_dates = [date(2005, 1, 1)] * 3 + [date(2005, 1, 2)]
    assert event_problems(t, E2002, 120) == []   # 3 x 240 minutes = 12 hours
    assert [p.code for p in event_problems(t, E2002, 180)] == ["rating.hours-per-day"]


def test_rapid_rounds_per_day():
    t = swiss(2000, [2000] * 16, [1.0] * 16)
    t.round_dates, t.rate_of_play = [date(2024, 6, 1)] * 16, "rapid"
    assert [p.code for p in event_problems(t, RB2024, 25)] == ["rating.rounds-per-day"]
    t.rate_of_play = "blitz"
    assert event_problems(t, RB2024, 5) == []


def test_duration_and_leagues():
    t = swiss(2000, [2000], [1.0], start=date(2005, 1, 1))
    t.end = date(2005, 4, 1)   # 91 days
    assert [p.code for p in event_problems(t, E2002, None)] == ["rating.duration"]
    t.league = True
    assert event_problems(t, E2002, None) == []


# -- K -------------------------------------------------------------------------------------

@pytest.mark.parametrize("edition, rating, games, reached, k", [
    (E2002, 2100, 10, None, 25), (E2002, 2100, 30, None, 15), (E2002, 2450, 30, None, 10),
    (E2002, 2350, 40, True, 10), (E2009, 2100, 29, None, 30), (E2009, 2350, 100, True, 10),
    (RB2024, 2100, 29, None, 40), (RB2024, 2100, 30, None, 20), (RB2024, 2350, 100, True, 10),
    (S2024, 2450, 5, None, 10)])
def test_k_factor(edition, rating, games, reached, k):
    assert edition.k_factor(rating, games, reached, 2025, 1980)[0] == k


# -- publication ----------------------------------------------------------------------------

def test_2002_rating_below_the_floor_is_delisted():
    t = swiss(1810, [1810] * 3, [0.0] * 3, start=date(2005, 1, 1), k=25)
    r = rate(t, E2002).players[0]
    assert r.new_rating is None and "delisted (fide-2002 9.21)" in " ".join(r.notes)


@pytest.mark.parametrize("edition, first, later, inside", [
    (E2002, date(2003, 1, 15), date(2004, 12, 31), True),    # Q1 2003 + 7 quarters
    (E2002, date(2003, 1, 15), date(2005, 1, 1), False),
    (E2009, date(2010, 3, 1), date(2012, 3, 1), True),
    (E2009, date(2010, 3, 1), date(2012, 3, 2), False),
    (RB2024, date(2024, 1, 10), date(2026, 3, 10), True),
    (RB2024, date(2024, 1, 10), date(2026, 3, 11), False)])
def test_pooling_window(edition, first, later, inside):
    assert within_window(edition, first, later) is inside


# games._total: the exact sum of a player's points, in half points when every
# score is a multiple of a half (chess), as Fractions otherwise.
TOTALS = [([], "0"), ([1.0, 0.5, 0.0, 0.5], "2"), ([0.5, 0.5, 0.5], "3/2"),
          ([0.25, 0.5], "3/4"), ([0.1, 0.2], None)]


@pytest.mark.parametrize(("scores", "expected"), TOTALS)
def test_total_is_the_exact_sum_of_the_points(scores: list[float], expected: str | None) -> None:
    from fractions import Fraction

    from rules_core.fide.games import _total
    games = [RoundResult(k + 1, 2, "w", "1", s) for k, s in enumerate(scores)]
    exact = sum((Fraction(s) for s in scores), Fraction(0))
    assert _total(games) == exact
    if expected is not None:
        assert str(_total(games)) == expected
