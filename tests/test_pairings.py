"""Checking that both sides of every game agree (`rules_core.pairings`).

The rule is the TRF's (FIDE Handbook C.04 Annex 2, "Round results"): if A meets
B in round r, B's round r names A, with the other colour and the complementary
result (1/0, =/=, +/-, W/L, D/D; -/- is a double forfeit).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_core.model import Player, RoundResult
from rules_core.pairings import COMPLEMENTARY, pairing_problems
from rules_core.problems import ERROR

# TRF16/TRF26 round results: each game code and the code the opponent must hold.
GAME_PAIRS = [("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"),
              ("W", "L"), ("L", "W"), ("D", "D"), ("-", "-")]

# Every pair of game codes the two sides cannot both hold.
MISMATCHES = [(a, b) for a, b in itertools.product("10=+-WLD", repeat=2)
              if (a, b) not in GAME_PAIRS]


def result(round_, opponent=None, colour=None, code="Z", line=None, column=None):
    return RoundResult(round_, opponent, colour, code, 0.0, line, column)


def player(number, *results):
    return Player(number, f"Player {number}", results=list(results))


def game(round_, white, black, white_code="1", black_code="0"):
    """The two sides of one game, as a consistent file writes them."""
    return (result(round_, black.number, "w", white_code),
            result(round_, white.number, "b", black_code))


def codes(problems):
    return [p.code for p in problems]


REFEREE_PAIRS = {"2x0": "0x2", "0x2": "2x0", "1x1": "1x1", "0x0": "0x0",  # fmjd Annex 9 §11
                 "=+": "=-", "=-": "=+", "1+": "1-", "1-": "1+"}   # plus/minus draws, Annex 3 §5.6a


def test_complementary_table():
    assert COMPLEMENTARY == {**{a: b for a, b in GAME_PAIRS if (a, b) != ("-", "-")},
                             **REFEREE_PAIRS}


@pytest.mark.parametrize("code, reply", GAME_PAIRS)
def test_sides_that_agree(code, reply):
    players = [player(1, result(1, 2, "w", code)), player(2, result(1, 1, "b", reply))]
    assert pairing_problems(players, "trf") == []


@pytest.mark.parametrize("code, reply", MISMATCHES)
def test_results_that_disagree(code, reply):
    players = [player(1, result(1, 2, "w", code, line=7, column=99)),
               player(2, result(1, 1, "b", reply, line=8))]
    problems = pairing_problems(players, "native")
    assert codes(problems) == ["native.asymmetric-result"]
    assert (problems[0].line, problems[0].column) == (7, 99)
    assert f"{code!r} against 2, who has {reply!r}" in problems[0].message


@pytest.mark.parametrize("colour", ["w", "b"])
def test_same_colour(colour):
    players = [player(1, result(1, 2, colour, "=", line=3)),
               player(2, result(1, 1, colour, "=", line=9))]
    problems = pairing_problems(players, "native")
    assert codes(problems) == ["native.asymmetric-colour"]
    assert problems[0].line == 3
    assert f"both have colour {colour!r}" in problems[0].message


def test_no_colour_on_either_side():
    players = [player(1, result(1, 2, None, "+")), player(2, result(1, 1, None, "-"))]
    assert pairing_problems(players, "native") == []


def test_result_and_colour_both_wrong():
    players = [player(1, result(1, 2, "b", "1")), player(2, result(1, 1, "b", "1"))]
    assert codes(pairing_problems(players, "x")) == ["x.asymmetric-result",
                                                     "x.asymmetric-colour"]


def test_opponent_names_someone_else():
    one, two, three = player(1), player(2), player(3)
    one.results = [result(1, 2, "w", "1", line=5, column=92)]
    two.results = [result(1, 3, "w", "1")]
    three.results = [result(1, 2, "b", "0")]
    problems = pairing_problems([one, two, three], "trf")
    assert codes(problems) == ["trf.asymmetric-pairing"]
    assert (problems[0].line, problems[0].column) == (5, 92)
    assert problems[0].message == ("round 1: player 1 names 2 as opponent, but player "
                                   "2's round 1 names opponent 3")
    assert problems[0].severity == ERROR


@pytest.mark.parametrize("reply", [[], [result(1, None, None, "H")], [result(2, 1, "b", "0")]],
                         ids=["no round", "bye", "other round"])
def test_opponent_names_nobody(reply):
    players = [player(1, result(1, 2, "w", "1")), player(2, *reply)]
    problems = pairing_problems(players, "native")
    # "other round": player 2's round 2 names 1, whose round 2 is empty: two entries
    both_sides = bool(reply) and reply[0].round == 2
    assert codes(problems) == ["native.asymmetric-pairing"] * (2 if both_sides else 1)
    assert problems[0].message == ("round 1: player 1 names 2 as opponent, but player "
                                   "2's round 1 names no opponent")


def test_unknown_opponent():
    players = [player(1, result(3, 12, "w", "1", line=4, column=110))]
    problems = pairing_problems(players, "trf")
    assert codes(problems) == ["trf.unknown-opponent"]
    assert (problems[0].line, problems[0].column) == (4, 110)
    assert problems[0].message == "round 3: opponent 12 is not a player of this event"


def test_unknown_opponent_from_either_side():
    players = [player(1, result(1, 7, "w", "1")), player(9, result(1, 8, "b", "0"))]
    assert codes(pairing_problems(players, "n")) == ["n.unknown-opponent"] * 2


def test_byes_are_not_checked():
    players = [player(1, *(result(r, None, None, c) for r, c in enumerate("HFUZ", 1)))]
    assert pairing_problems(players, "native") == []


def test_each_game_reported_once():
    """A bad game is reported from the lower number only, not twice."""
    a, b = player(1), player(2)
    a.results = [result(1, 2, "w", "1"), result(2, 2, "b", "=")]
    b.results = [result(1, 1, "w", "1"), result(2, 1, "b", "0")]
    assert codes(pairing_problems([b, a], "native")) == [
        "native.asymmetric-result", "native.asymmetric-colour",
        "native.asymmetric-result", "native.asymmetric-colour"]


def test_numbers_need_not_be_consecutive():
    a, b = player(12), player(7)
    first, second = game(1, a, b, "=", "=")
    a.results, b.results = [first], [second]
    assert pairing_problems([a, b], "native") == []


def round_robin(n):
    """A consistent round robin (circle method) for players 1..n, n even."""
    players = [player(i) for i in range(1, n + 1)]
    order = list(range(n))
    for round_ in range(1, n):
        for i in range(n // 2):
            white, black = players[order[i]], players[order[n - 1 - i]]
            w, b = game(round_, white, black, *(("1", "0"), ("=", "="), ("+", "-"))[i % 3])
            white.results.append(w)
            black.results.append(b)
        order = [order[0]] + [order[-1]] + order[1:-1]
    return players


@given(st.sampled_from([2, 4, 6, 8, 10]))
def test_consistent_round_robin_has_no_problems(n):
    players = round_robin(n)
    met = {frozenset((p.number, r.opponent)) for p in players for r in p.results}
    assert len(met) == n * (n - 1) // 2          # the helper is a round robin
    assert pairing_problems(players, "native") == []


@given(st.sampled_from([4, 6, 8]), st.data())
def test_one_wrong_result_is_one_problem(n, data):
    players = round_robin(n)
    victim = data.draw(st.sampled_from(players))
    index = data.draw(st.integers(0, len(victim.results) - 1))
    old = victim.results[index]
    new = data.draw(st.sampled_from([c for c in "10=+-WDL" if c != old.code]))
    victim.results[index] = result(old.round, old.opponent, old.color, new)
    opponent = next(p for p in players if p.number == old.opponent)
    other = next(r for r in opponent.results if r.round == old.round).code
    expected = [] if (new, other) in GAME_PAIRS else ["native.asymmetric-result"]
    assert codes(pairing_problems(players, "native")) == expected


# -- bugs --------------------------------------------------------------------

def test_higher_number_names_lower_who_had_a_bye():
    players = [player(1, result(1, None, None, "H")), player(2, result(1, 1, "w", "1"))]
    assert codes(pairing_problems(players, "native")) == ["native.asymmetric-pairing"]


def test_higher_number_names_lower_who_played_someone_else():
    one, two, three = player(1), player(2), player(3)
    first, second = game(1, one, two)
    one.results, two.results = [first], [second]
    three.results = [result(1, 1, "w", "1")]
    assert codes(pairing_problems([one, two, three], "native")) == [
        "native.asymmetric-pairing"]


def test_self_pairing():
    problems = pairing_problems([player(1, result(1, 1, "w", "1"))], "native")
    assert len(problems) == 1 and problems[0].is_error


def test_missing_colour_is_treated_alike_on_both_sides():
    lower_has_it = [player(1, result(1, 2, "w", "1")), player(2, result(1, 1, None, "0"))]
    higher_has_it = [player(1, result(1, 2, None, "1")), player(2, result(1, 1, "b", "0"))]
    assert codes(pairing_problems(lower_has_it, "n")) == codes(
        pairing_problems(higher_has_it, "n"))
