"""rules_core.limits: each limit of docs/limits.md, in every reader.

Cases: docs/limits.md (the figures and why real events never reach them).
Every violation is an error with the file's line (and column where there is
one) and says what was expected; nothing beyond a limit is rated.
"""

from __future__ import annotations

import pytest

from rules_core import limits
from rules_core.check import read_tournament
from rules_core.fmjd.exports import parse_arbiter_pro, parse_toernooibase
from rules_core.fmjd.official import parse_official
from rules_core.model import Player, RoundResult, Tournament
from rules_core.native import parse_native
from rules_core.trf import parse_trf

READERS = [parse_trf, parse_native, lambda text: parse_native(text, json_format=True),
           parse_official, parse_arbiter_pro, parse_toernooibase]

# (limit, figure) as docs/limits.md states them
FIGURES = [
    (limits.MAX_FILE_BYTES, 5_000_000),
    (limits.MAX_LINE_CHARS, 10_000),
    (limits.MAX_DIGITS, 18),
    (limits.MAX_PLAYERS, 9_999),
    (limits.MAX_ROUNDS, 200),
    (limits.RATING_RANGE, (0, 4000)),
]


@pytest.mark.parametrize("limit, figure", FIGURES)
def test_the_figures_of_docs_limits(limit, figure):
    assert limit == figure


def _codes(t: Tournament) -> list[str]:
    return [p.code.split(".")[1] for p in t.problems if p.is_error]


@pytest.mark.parametrize("read", READERS)
def test_a_file_too_large_is_not_read(read):
    t = read("x" * (limits.MAX_FILE_BYTES + 1))
    assert _codes(t) == ["too-large"]
    problem = t.problems[0]
    assert (problem.line, problem.column) == (1, 1)
    assert "expected at most 5,000,000" in problem.message


@pytest.mark.parametrize("read", READERS[:2] + READERS[3:])
def test_a_line_too_long(read):
    t = read("a\n" + "b" * (limits.MAX_LINE_CHARS + 1) + "\n")
    problem = next(p for p in t.problems if p.code.endswith("line-too-long"))
    assert (problem.line, problem.column) == (2, limits.MAX_LINE_CHARS + 1)
    assert t.players == []


def test_json_may_come_on_one_line():
    assert limits.text_problems("{" + " " * 20_000 + "}", "native", line_based=False) == []


@pytest.mark.parametrize("digits", [19, 4_301, 9_000])
def test_a_long_number_anywhere(digits):
    text = "[event]\nname = \"x\"\nrounds = " + "1" * digits + "\n"
    t = parse_native(text)
    problem = t.problems[0]
    assert problem.code == "native.number-too-long"
    assert (problem.line, problem.column) == (3, 10)
    assert f"a number of {digits:,} digits" in problem.message


def test_digits_of_any_script_count():
    # int() reads Arabic-Indic digits: they are limited the same way
    assert limits.text_problems("x = " + "\u0663" * 19, "native")


def test_a_trf_ruler_is_no_number():
    ruler = "1234567890" * 15
    t = parse_trf(ruler + "\n")
    assert not any(p.code == "trf.number-too-long" for p in t.problems)


def _event(rounds: list[int], rating: int | None = 2000, count: int = 2) -> Tournament:
    players = [Player(n, f"P{n}", rating=rating, line=n) for n in range(1, count + 1)]
    for p in players[:1]:
        p.results = [RoundResult(r, None, None, "H", 0.5, line=1, column=92) for r in rounds]
    return Tournament(players=players)


@pytest.mark.parametrize("round_", [0, 201, 99_999, 10**17])
def test_round_numbers(round_):
    problem = limits.tournament_problems(_event([round_]), "trf")[0]
    assert problem.code == "trf.bad-round"
    assert (problem.line, problem.column) == (1, 92)
    assert f"round {round_}: expected a round number from 1 to 200" in problem.message


def test_one_problem_a_player_for_round_numbers():
    assert len(limits.tournament_problems(_event([0, 300, 400]), "trf")) == 1


@pytest.mark.parametrize("rating, bad", [(-2545, True), (100_000_000, True),
                                         (0, False), (4000, False), (4001, True)])
def test_ratings(rating, bad):
    problems = limits.tournament_problems(_event([1], rating=rating), "fmjd")
    assert bool(problems) == bad
    if bad:
        assert "expected 0 (unrated) to 4000" in problems[0].message


@pytest.mark.parametrize("standard, bad", [(2540, False), (0, False), (4001, True)])
def test_a_standard_rating_beside_a_rapid_one_is_checked_too(standard, bad):
    """`Player.standard_rating` (a rapid or blitz event's standard rating)
    meets RATING_RANGE as the rating does, at the player's line."""
    t = _event([1])
    t.players[0].standard_rating, t.players[0].line = standard, 5
    problems = limits.tournament_problems(t, "native")
    assert [(p.code, p.line) for p in problems] == ([("native.bad-rating", 5)] if bad else [])


def test_too_many_players():
    t = _event([1], count=limits.MAX_PLAYERS + 1)
    problem = next(p for p in limits.tournament_problems(t, "native")
                   if p.code == "native.too-many-players")
    assert problem.line == limits.MAX_PLAYERS + 1


def test_too_many_rounds_declared():
    t = _event([1])
    t.rounds, t.header_lines["XXR"] = 500, 7
    problem = limits.tournament_problems(t, "trf")[0]
    assert (problem.code, problem.line) == ("trf.too-many-rounds", 7)


def test_check_reads_every_format_through_the_limits():
    t = read_tournament("001 " + "1" * 30 + "\n", "event.trf")
    assert t.problems[0].code == "trf.number-too-long"
