"""rules_core.fide.games: the shortcut `_played_games` takes for a game
whose two players have the same minutes for 60 moves counts exactly the
games, and writes exactly the notes, of the rule it shortcuts
(`_fast_enough` and `_too_far_apart` for every game: fide-2002 1.11-1.13,
fide-2022 1.1, fide-2024 1.1, fide-rb-2024dec's 600-point rule)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules_core.fide.games as games
from rules_core.fide.editions import FIDE_EDITIONS
from rules_core.model import Player, RoundResult, Tournament

# Time controls around the minimums of fide-2002 1.11-1.13 (60/90/120 by
# 1600/2200) and fide-2022 1.1 (60/90/120 by 1800/2400): 60, 90, 105, 120,
# 130 minutes for 60 moves, and none given.
TIME_CONTROLS = ["60", "90", "75+15", "90+30", "100+30", None]
SCORE = {"1": 1.0, "=": 0.5, "0": 0.0}
BACK = {"1": "0", "=": "=", "0": "1"}
IDS = [e.id for e in FIDE_EDITIONS]


@pytest.mark.parametrize("edition", FIDE_EDITIONS, ids=IDS)
@settings(deadline=None, max_examples=60)
@given(ratings=st.lists(st.integers(1000, 2900), min_size=1, max_size=8), data=st.data())
def test_no_pair_needs_more_minutes_than_the_events_highest_rating(edition, ratings, data):
    """The shortcut's bound: the minimum of any two of the event's ratings
    is at most that of all of them (fide-2022 1.1, fide-2024 1.1: by the
    higher rating of the game; fide-2002 1.11: by the event's highest)."""
    pair = data.draw(st.lists(st.sampled_from(ratings), min_size=1, max_size=2))
    assert edition.minimum_minutes(pair) <= edition.minimum_minutes(ratings)


@st.composite
def _swiss(draw):
    """Up to eight players, each meeting others once a round; ratings of
    every band (and unrated), a time control of the event and, for some
    players, one of their own."""
    n = draw(st.integers(2, 8))
    players = [Player(i, f"Player {i}", rating=draw(st.none() | st.integers(1400, 2800)),
                      time_control=draw(st.none() | st.sampled_from(TIME_CONTROLS)))
               for i in range(1, n + 1)]
    for rnd in range(1, draw(st.integers(1, 5)) + 1):
        order = draw(st.permutations(players))
        for white, black in zip(order[::2], order[1::2], strict=False):
            code = draw(st.sampled_from(["1", "=", "0"]))
            white.results.append(RoundResult(rnd, black.number, "w", code, SCORE[code]))
            black.results.append(RoundResult(rnd, white.number, "b", BACK[code],
                                             SCORE[BACK[code]]))
    return Tournament(name="games", system="swiss", players=players,
                      time_control=draw(st.sampled_from(TIME_CONTROLS)))


@pytest.mark.parametrize("edition", FIDE_EDITIONS, ids=IDS)
@settings(deadline=None, max_examples=40)
@given(t=_swiss())
def test_the_shortcut_counts_as_the_rule(edition, t):
    shortcut = games.count_games(t, edition)
    original = games._plain_minutes
    try:
        games._plain_minutes = lambda *args: (lambda minutes: False)
        every_game = games.count_games(t, edition)
    finally:
        games._plain_minutes = original
    assert shortcut == every_game
