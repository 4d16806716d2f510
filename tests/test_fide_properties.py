"""Hypothesis properties of the FIDE editions: symmetry, monotonicity, zero.

Per game (fide-2009 8.54-8.55, fide-rb-2024 7.3.1-7.3.2, fide-2024 as
rb-2024): dR = score - P_D for each game, the change is K x the sum.
Per tournament (fide-2002 10.51-10.54, fide-2003web 10.61-10.64):
dR = K (W - We) with We = P_D x n and D = R - Rc.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.editions import get_edition
from rules_core.fide.engine import (
    PlayerRating,
    hypothetical_rating,
    rate_event,
    unrated_event_rating,
)
from rules_core.model import Player, RoundResult, Tournament
from rules_core.numbers import round_half_up

PER_GAME = ["fide-standard-2009", "fide-rapid-blitz-2024", "fide-standard-2024",
            "fide-standard-2008-fide", "fide-standard-2009-fide", "fide-standard-2011",
            "fide-standard-2012", "fide-standard-2014", "fide-rapid-blitz-2012",
            "fide-rapid-blitz-2012-07"]
PER_TOURNAMENT = ["fide-standard-2002", "fide-standard-2003web"]
ALL_EDITIONS = PER_GAME + PER_TOURNAMENT
# editions whose unrated players get Rc + bonus / + dp (fide-2002 10.22-10.25,
# fide-2009 8.22-8.25); the 2024 editions use hypothetical opponents (7.2.3)
BONUS_EDITIONS = ["fide-standard-2002", "fide-standard-2003web", "fide-standard-2009",
                  "fide-standard-2009-fide", "fide-standard-2011", "fide-standard-2014",
                  "fide-rapid-blitz-2012"]
# Examples per edition of the properties run over seven editions or more
# (PER_GAME, ALL_EDITIONS, BONUS_EDITIONS): those editions share the engine
# and differ by constants, so each property still meets 350 drawn events
# or more in all; hypothesis's default of 100 an edition made this module
# some 30 s of the suite's CPU (settings only: every property and edition
# is still tested, and a failure found is replayed from the example database).
PER_EDITION = 50
HYPOTHETICAL_EDITIONS = ["fide-rapid-blitz-2024", "fide-standard-2024"]

RATINGS = st.integers(1400, 2800)
RESULTS = st.sampled_from(["1", "=", "0"])
K_FACTORS = st.sampled_from([10, 15, 20, 25, 30, 40])
SCORES = {"1": 1.0, "=": 0.5, "0": 0.0}
REVERSED = {"1": "0", "=": "=", "0": "1"}
BETTER = {"0": "=", "=": "1"}
PAIR_RESULTS = st.sampled_from([("1", "0"), ("0", "1"), ("=", "=")])


def _event(rating: int | None, opponents: list[int], results: list[str],
           k: int | None) -> Tournament:
    """A Swiss event: player 1 meets each opponent once, one round each;
    `results` are player 1's."""
    first = Player(1, "Player", rating=rating, k=k)
    players = [first]
    for rnd, (other, code) in enumerate(zip(opponents, results, strict=True), start=1):
        number = rnd + 1
        first.results.append(RoundResult(rnd, number, "w", code, SCORES[code]))
        back = REVERSED[code]
        players.append(Player(number, f"Opponent {number}", rating=other, k=k,
                              results=[RoundResult(rnd, 1, "b", back, SCORES[back])]))
    return Tournament(name="property", system="swiss", players=players)


def _rated(edition_id: str, t: Tournament, number: int = 1) -> PlayerRating:
    rating = rate_event(t, get_edition(edition_id))
    return next(p for p in rating.players if p.number == number)


@st.composite
def _events(draw, max_games: int = 9):
    """(rating, opponents, results, k) of a Swiss event of rated players."""
    n = draw(st.integers(1, max_games))
    return (draw(RATINGS), draw(st.lists(RATINGS, min_size=n, max_size=n)),
            draw(st.lists(RESULTS, min_size=n, max_size=n)), draw(K_FACTORS))


# --- one game: opposite changes ----------------------------------------------

@pytest.mark.parametrize("edition_id", PER_GAME)
@settings(max_examples=PER_EDITION)
@given(white=RATINGS, black=RATINGS, result=RESULTS, k=K_FACTORS)
def test_one_game_changes_are_opposite(edition_id, white, black, result, k):
    """fide-2009 8.54-8.55, fide-rb-2024 7.3.1-7.3.2: with equal K the two
    players of one game change by opposite amounts (P_D(D) + P_D(-D) = 1,
    the 400-point cap is symmetric), and their expected scores sum to 1."""
    t = _event(white, [black], [result], k)
    one, two = _rated(edition_id, t, 1), _rated(edition_id, t, 2)
    assert one.change + two.change == 0
    assert one.expected + two.expected == 1


@pytest.mark.parametrize("edition_id", PER_TOURNAMENT)
@settings(deadline=None)
@given(white=RATINGS, black=RATINGS, result=RESULTS, k=K_FACTORS)
def test_one_game_changes_are_opposite_per_tournament(edition_id, white, black,
                                                      result, k):
    """fide-2002 10.51-10.54: with a single game Rc is the opponent's rating
    (the 350-point rule applied to both sides alike), so D is opposite and
    so are the changes."""
    t = _event(white, [black], [result], k)
    one, two = _rated(edition_id, t, 1), _rated(edition_id, t, 2)
    assert one.change + two.change == 0


@pytest.mark.parametrize("edition_id", HYPOTHETICAL_EDITIONS)
@settings(deadline=None)
@given(white=st.integers(1500, 2800), black=st.integers(1500, 2800),
       result=RESULTS, k=K_FACTORS)
def test_one_game_rounded_changes_are_opposite(edition_id, white, black, result, k):
    """fide-rb-2024 7.3.4: the change is rounded to the nearest whole number,
    0.5 away from zero, so the published ratings move by opposite amounts
    too (unlike fide-2009 8.57, which rounds Rn with 0.5 up)."""
    t = _event(white, [black], [result], k)
    one, two = _rated(edition_id, t, 1), _rated(edition_id, t, 2)
    assert (one.new_rating - white) + (two.new_rating - black) == 0


@pytest.mark.parametrize("edition_id", ALL_EDITIONS)
@given(d=st.integers(-5000, 5000))
def test_expected_scores_of_one_game_sum_to_one(edition_id, d):
    """fide-2002 10.1(b) (fide-2009 8.1(b), fide-rb-2024 7.1.2): H + L = 1."""
    edition = get_edition(edition_id)
    assert edition.pd(d) + edition.pd(-d) == 100


# --- the change as the rule text gives it -------------------------------------

@pytest.mark.parametrize("edition_id", PER_GAME)
@settings(max_examples=PER_EDITION)
@given(event=_events())
def test_per_game_change_is_k_times_score_minus_expected(edition_id, event):
    """fide-2009 8.54-8.55, fide-rb-2024 7.3.1-7.3.2: We is the sum of P_D
    over the games, D capped at 400 (350 in fide-2008fide); the change is K (W - We)."""
    rating, opponents, results, k = event
    edition = get_edition(edition_id)
    cap = edition.rating_difference_cap
    r = _rated(edition_id, _event(rating, opponents, results, k))
    expected = sum(Fraction(edition.pd(max(-cap, min(cap, rating - o))), 100)
                   for o in opponents)
    score = sum(Fraction(SCORES[c]).limit_denominator(2) for c in results)
    assert (r.k, r.score, r.expected) == (k, score, expected)
    assert r.change == k * (score - expected)


@pytest.mark.parametrize("edition_id", PER_TOURNAMENT)
@settings(deadline=None)
@given(event=_events())
def test_per_tournament_change_is_k_times_score_minus_expected(edition_id, event):
    """fide-2002 10.51-10.54: Rc the average of the opponents, each brought
    within 350 of R (docs/interpretations.md#i2), D = R - Rc rounded
    (interpretation 1), We = P_D x n, dR = K (W - We)."""
    rating, opponents, results, k = event
    edition = get_edition(edition_id)
    r = _rated(edition_id, _event(rating, opponents, results, k))
    rc = Fraction(sum(max(rating - 350, min(rating + 350, o)) for o in opponents),
                  len(opponents))
    expected = Fraction(edition.pd(rating - round_half_up(rc)), 100) * len(opponents)
    score = sum(Fraction(SCORES[c]).limit_denominator(2) for c in results)
    assert (r.competition_average, r.expected) == (rc, expected)
    assert r.change == k * (score - expected)


# --- monotonic in the score ---------------------------------------------------

@st.composite
def _improved_events(draw):
    """An event and the same event with one game's result one step better."""
    rating, opponents, results, k = draw(_events())
    improvable = [i for i, code in enumerate(results) if code != "1"]
    if not improvable:
        results[draw(st.integers(0, len(results) - 1))] = draw(st.sampled_from("0="))
        improvable = [i for i, code in enumerate(results) if code != "1"]
    i = draw(st.sampled_from(improvable))
    better = results[:i] + [BETTER[results[i]]] + results[i + 1:]
    return rating, opponents, results, better, k


@pytest.mark.parametrize("edition_id", ALL_EDITIONS)
@settings(max_examples=PER_EDITION)
@given(event=_improved_events())
def test_change_is_non_decreasing_in_the_score(edition_id, event):
    """fide-2009 8.55, fide-rb-2024 7.3.2, fide-2002 10.54: against the same
    opponents a better result in one game never lowers the change (nor the
    new rating): W rises, We does not depend on W."""
    rating, opponents, results, better, k = event
    before = _rated(edition_id, _event(rating, opponents, results, k))
    after = _rated(edition_id, _event(rating, opponents, better, k))
    assert after.score == before.score + Fraction(1, 2)
    assert after.change >= before.change
    if before.new_rating is not None:
        assert after.new_rating is not None
        assert after.new_rating >= before.new_rating


@pytest.mark.parametrize("edition_id", BONUS_EDITIONS)
@given(rc=st.integers(1000, 2800), games=st.integers(1, 20),
       round_robin=st.booleans())
def test_unrated_event_rating_is_non_decreasing_in_the_score(edition_id, rc, games,
                                                             round_robin):
    """fide-2002 10.22-10.25, fide-2009 8.22-8.25: Ru = Rc + dp (x n/(n+1)
    in a round robin) below 50 %, Rc at 50 %, + 12.5 (2009: 15) per half
    point above; indeterminate only at zero where 10.1 prints no dp."""
    edition = get_edition(edition_id)
    values = [unrated_event_rating(edition, Fraction(rc), Fraction(halves, 2),
                                   games, round_robin)
              for halves in range(2 * games + 1)]
    missing = [] if edition.notional_dp else [0]
    assert [i for i, v in enumerate(values) if v is None] == missing
    known = [v for v in values if v is not None]
    assert all(a <= b for a, b in pairwise(known))
    assert values[games] == rc   # exactly 50 % (games even or odd: halves)


@pytest.mark.parametrize("edition_id", HYPOTHETICAL_EDITIONS)
@given(opponents=st.lists(RATINGS, min_size=1, max_size=15))
def test_hypothetical_rating_is_non_decreasing_in_the_score(edition_id, opponents):
    """fide-rb-2024 7.2.3-7.2.4: Ra over the rated opponents and two 1800
    opponents drawn with; Ru = Ra + dp rises with the score."""
    edition = get_edition(edition_id)
    values = [hypothetical_rating(edition, opponents, Fraction(halves, 2))
              for halves in range(2 * len(opponents) + 1)]
    assert all(a <= b for a, b in pairwise(values))


@pytest.mark.parametrize("edition_id", ALL_EDITIONS)
@settings(max_examples=PER_EDITION)
@given(event=_improved_events())
def test_unrated_players_event_rating_is_non_decreasing_in_the_score(edition_id,
                                                                     event):
    """fide-2002 10.21a-10.24, fide-2009 8.21a-8.24, fide-rb-2024 7.2.3: an
    unrated player's Ru in a Swiss never falls when one result improves
    (where both events give an Ru: the minimum score, 6.1/8.21/7.2.2)."""
    _rating, opponents, results, better, _k = event
    before = _rated(edition_id, _event(None, opponents, results, None))
    after = _rated(edition_id, _event(None, opponents, better, None))
    if before.initial_rating_exact is not None:
        assert after.initial_rating_exact is not None
        assert after.initial_rating_exact >= before.initial_rating_exact


# --- zero when the score is the expected score ----------------------------------

@pytest.mark.parametrize("edition_id", ALL_EDITIONS)
@settings(max_examples=PER_EDITION)
@given(rating=RATINGS, differences=st.lists(st.integers(0, 1200), min_size=1,
                                            max_size=5),
       pairs=st.lists(PAIR_RESULTS, min_size=5, max_size=5), k=K_FACTORS)
def test_change_is_zero_when_the_score_is_the_expected_score(edition_id, rating,
                                                             differences, pairs, k):
    """fide-2009 8.55, fide-rb-2024 7.3.2, fide-2002 10.54: opponents in
    pairs R + d and R - d give We = 1 a pair (P_D(d) + P_D(-d) = 1; per
    tournament Rc = R, the 350-point rule being symmetric); one point from
    each pair makes W = We, and the change is zero."""
    opponents, results = [], []
    for d, (up, down) in zip(differences, pairs, strict=False):
        opponents += [rating + d, rating - d]
        results += [up, down]
    r = _rated(edition_id, _event(rating, opponents, results, k))
    assert r.expected == r.score == len(differences)
    assert r.change == 0
    assert r.new_rating in (rating, None)   # None: delisted below the floor


@pytest.mark.parametrize("edition_id", ALL_EDITIONS)
@settings(max_examples=PER_EDITION)
@given(rating=RATINGS, d=st.integers(-3, 3), k=K_FACTORS)
def test_draw_at_equal_strength_changes_nothing(edition_id, rating, d, k):
    """fide-2002 10.1(b) 0-3 -> .50: a draw with |D| <= 3 is the expected
    score, dR = 0."""
    r = _rated(edition_id, _event(rating, [rating + d], ["="], k))
    assert r.change == 0
