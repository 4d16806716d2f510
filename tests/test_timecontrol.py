"""Reading time controls and the time each player has for 60 moves."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_core.timecontrol import Stage, TimeControl, TimeControlError, parse_time_control

# fide-2002 1.14: "Examples of ways in which 1.11 [120 minutes for 60 moves] can be
# achieved"; each must give at least 120, and as written gives exactly 120.
FIDE_2002_1_14 = [
    ("all moves in 2 hours", 120),
    ("40/75+15+30s", 120),
    ("40 moves in 75 min, followed by all the moves in 15 min + 30 sec per move", 120),
    ("40/90, 30", 120),
    ("40 moves in 90 minutes, followed by all the moves in 30 minutes", 120),
]

# fide-rapid-blitz-2024 1.1.1-1.1.2: "the time allotted + 60 times any increment"
# (the boundaries: blitz > 3 and <= 10, rapid > 10 and < 60).
RAPID_BLITZ_2024 = [
    ("3+0", 3), ("3+2", 5), ("5+3", 8), ("10+0", 10), ("10+5", 15),
    ("15+10", 25), ("25+10", 35), ("45+15", 60), ("60+0", 60),
]

# The forms of the brief, TRF field 122 as found in third_party_data, and the FIDE
# announcement "90 minutes for 40 moves + 30 minutes + 30 seconds from move 1".
WRITTEN = [
    ("90+30", 120), ("90 + 30", 120), ("90'+30\"", 120), ("90 min + 30 sec", 120),
    ("90min/40 moves + 30 min + 30 sec/move", 150), ("40/90+30+30s", 150),
    ("40/90, 30, 30s", 150), ("40/120, 60", 180), ("40/120,20/60,30", 180),
    ("100'x40+15'+30\"", 145), ("G/60", 60), ("G60", 60), ("g / 60", 60),
    ("G/90;+30", 120), ("SD/30", 30), ("game in 45", 45), ("60 min", 60), ("2h", 120),
    ("2 hours", 120), ("1.5 h", 90), ("1h30m", 90), ("40/90+30", 120),
    ("90 minutes for 40 moves + 30 minutes + 30 seconds per move from move 1", 150),
    ("40 moves in 2 hours then 1 hour for the rest", 180),
    ("90\u2032 + 30\u2033", 120), ("90’+30''", 120), ("90 + inc 30", 120),
    ("40 MOVES IN 90 MIN THEN 30 AND 30 SEC/MOVE", 150),
]

# PGN standard 9.6.1: TimeControl tags are in seconds; periods separated by ':'.
PGN = [
    ("40/5400+30:1800+30", 150), ("5400+30", 120), ("300+2", 7), ("1800", 30),
    ("40/7200:3600", 180), ("40/5400:1800+30", 130), ("40/9000", 300),
]

# fmjd Annex 9 §1.2.2.1 "time control ... for the first 60 moves": draughts writes
# the increment in minutes ("80 min + 1 min per move", as Dutch arbiters do).
DRAUGHTS = [
    ("80'+1'", 140), ("80 min + 1 min/move", 140), ("1h20+1min", 140),
    ("1h20 + 1 min per move", 140), ("45+15", 60), ("15 min + 5 sec", 20),
]

# The bare-number convention (module docstring): below 300 a stage time is minutes.
BARE = [("180+2", 182), ("299", 299), ("300", 5), ("40/5400, 1800", 120)]

# Texts that cannot be read, and what the message must say.  The first is the
# placeholder a real TRF carries in field 122.
ERRORS = [
    ("moves/time, increment", "cannot read 'moves/time'"),
    ("", "empty"),
    ("   ", "empty"),
    ("?", "unknown (pgn '?')"),
    ("-", "no time control (pgn '-')"),
    ("*180", "a sandclock (pgn '*') gives no time for a number of moves"),
    ("G/60, 40/30", "nothing can follow the stage for the rest of the game, got '40/30'"),
    ("30 sec/move", "the increment '30 sec/move' needs a stage before it"),
    ("90+30s+30s", "two increments for one stage, the second '30s'"),
    ("1800:40/5400", "pgn period '40/5400' follows one for the rest of the game"),
    ("0/5400:1800", "pgn period '0/5400' has no moves"),
    ("0/90", "cannot read '0/90'"),
    ("G/90 d5", "cannot read 'G/90 d5'"),
    ("40/90 THEN 30 AND Rapid", "cannot read 'Rapid'"),
    ("rapid", "cannot read 'rapid'"),
    ("90 + 30 + 30 + 30", "two increments for one stage, the second '30'"),
]


def minutes(text: str, moves: int = 60) -> float:
    return parse_time_control(text).minutes_for(moves)


@pytest.mark.parametrize(("text", "expected"), FIDE_2002_1_14)
def test_fide_2002_1_14_examples_reach_120_minutes(text, expected):
    assert minutes(text) == expected
    assert minutes(text) >= 120


@pytest.mark.parametrize(("text", "expected"), RAPID_BLITZ_2024 + WRITTEN + PGN
                         + DRAUGHTS + BARE)
def test_minutes_for_60_moves(text, expected):
    assert minutes(text) == expected


def test_text_is_kept_as_given():
    assert parse_time_control(" 90 + 30 ").text == " 90 + 30 "


@pytest.mark.parametrize(("text", "stages"), [
    # the increment after the last stage counts from move 1, for every stage
    ("40/90+30+30s", (Stage(40, 90, 30), Stage(None, 30, 30))),
    # an increment after an earlier stage belongs to it alone
    ("40/90+30s, 30", (Stage(40, 90, 30), Stage(None, 30, 0))),
    # PGN: each period has its own increment
    ("40/5400:1800+30", (Stage(40, 90, 0), Stage(None, 30, 30))),
    ("80'+1'", (Stage(None, 80, 60),)),
    ("40/120,20/60,30", (Stage(40, 120), Stage(20, 60), Stage(None, 30))),
])
def test_stages(text, stages):
    assert parse_time_control(text).stages == stages


@pytest.mark.parametrize(("text", "moves", "expected"), [
    ("40/90+30+30s", 40, 110),   # the second stage has not started
    ("40/90+30+30s", 41, 140.5),
    ("40/120,20/60,30", 61, 210),
    ("40/120", 41, 240),         # a last stage with a move count repeats
    ("40/120", 80, 240),
    ("40/120", 81, 360),
    ("3+2", 1, 3 + 2 / 60),
])
def test_minutes_for_other_move_counts(text, moves, expected):
    assert minutes(text, moves) == pytest.approx(expected)


@pytest.mark.parametrize(("text", "message"), ERRORS)
def test_errors_quote_the_input_and_the_accepted_forms(text, message):
    with pytest.raises(TimeControlError) as caught:
        parse_time_control(text)
    quoted = f"time control {text!r}: "
    assert str(caught.value).startswith(quoted + message + "; ")
    rest = str(caught.value).removeprefix(quoted).replace(message, "")
    assert rest == rest.lower()  # lower-case, but for what it quotes
    assert "expected a time control such as '90+30'" in rest


def test_error_is_a_value_error():
    assert issubclass(TimeControlError, ValueError)


def test_increment_before_a_stage_is_an_error():
    with pytest.raises(TimeControlError, match="needs a stage before it"):
        parse_time_control("inc 30")


@pytest.mark.parametrize("moves", [0, -1])
def test_minutes_for_needs_a_move(moves):
    with pytest.raises(ValueError, match="moves must be at least 1"):
        TimeControl((Stage(None, 90),), "90").minutes_for(moves)


@pytest.mark.parametrize(("stages", "message"), [
    ((), "at least one stage"),
    ((Stage(None, 90), Stage(None, 30)), "only the last stage"),
])
def test_time_control_checks_its_stages(stages, message):
    with pytest.raises(ValueError, match=message):
        TimeControl(stages, "")


@pytest.mark.parametrize(("args", "message"), [
    ((0, 90), "at least one move"), ((40, -1), "negative"), ((None, 90, -1), "negative"),
])
def test_stage_checks_its_values(args, message):
    with pytest.raises(ValueError, match=message):
        Stage(*args)


# --- properties -------------------------------------------------------------

_TIMES = st.floats(min_value=0, max_value=300, allow_nan=False)
_INCREMENTS = st.floats(min_value=0, max_value=120, allow_nan=False)


@st.composite
def time_controls(draw) -> TimeControl:
    counted = draw(st.lists(st.builds(Stage, st.integers(1, 60), _TIMES, _INCREMENTS),
                            max_size=3))
    last = draw(st.builds(Stage, st.none() | st.integers(1, 60), _TIMES, _INCREMENTS))
    return TimeControl((*counted, last), "")


@given(time_controls(), st.integers(1, 200))
def test_minutes_for_never_decreases_with_moves(control, moves):
    assert control.minutes_for(moves + 1) >= control.minutes_for(moves)


@given(time_controls(), st.integers(1, 200), st.data())
def test_adding_an_increment_never_lowers_the_time(control, moves, data):
    index = data.draw(st.integers(0, len(control.stages) - 1))
    extra = data.draw(st.floats(min_value=0, max_value=60, allow_nan=False))
    stages = list(control.stages)
    old = stages[index]
    stages[index] = Stage(old.moves, old.minutes, old.increment + extra)
    assert TimeControl(tuple(stages), "").minutes_for(moves) >= control.minutes_for(moves)


@given(st.integers(0, 299), st.integers(0, 60))
def test_bare_minutes_plus_seconds(base, increment):
    # fide-rapid-blitz-2024 1.1.1: time allotted + 60 times the increment
    assert minutes(f"{base}+{increment}") == base + increment
