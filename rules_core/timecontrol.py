"""Time controls as written by arbiters and software, and the time for 60 moves.

The regulations classify the rate of play by the time each player has for a
number of moves: fide-2002 1.1 "assuming the game lasts 60 moves";
fide-rapid-blitz-2024 1.1.1-1.1.2 "the time allotted + 60 times any
increment"; fmjd Annex 9 §1.2.2.1-1.2.2.2 "for the first 60 moves".  This
module reads a time control and computes that figure
(`TimeControl.minutes_for`); the editions classify it.

Conventions (decided here, tested in tests/test_timecontrol.py):

* Text is read case-insensitively and spaces do not matter.  Stages and
  increments are separated by ``+``, ``,``, ``;``, "then", "followed by" or
  "and".
* A stage is ``40/90`` or ``40 moves in 90 min`` (moves first), ``90min/40
  moves`` (time first, "moves" written), ``100'x40`` (time x moves), or a time
  for the rest of the game: ``90``, ``G/60``, ``G60``, ``SD/30``, ``all moves
  in 2 hours``, ``30 min for the rest``.  Times are ``90``, ``90'``, ``90
  min``, ``2h``, ``2 hours``, ``1h20`` (80 min), ``1.5h``; seconds ``30"``,
  ``30s``, ``30 sec``.
* A bare number (no unit) is minutes when it is a stage's time and below 300,
  seconds when it is 300 or more: no over-the-board game gives a player five
  hours or more at once, while 300 s (5 min) is the commonest PGN blitz tag.
  So ``180+2`` is 180 minutes + 2 s, not 3 minutes.
* An increment is marked (``30s``, ``30"``, ``30 sec/move``, ``1 min/move``,
  ``inc 30``) or is anything written after the stage for the rest of the game,
  which cannot be followed by another stage: so ``90+30`` is 90 minutes plus
  30 seconds a move (the chess convention), ``80'+1'`` is 80 minutes plus one
  minute a move (the draughts convention), while ``40/90+30`` is 40 moves in
  90 minutes then 30 minutes for the rest.  A bare increment is in seconds.
* An increment written after the last stage applies from move 1 to every
  stage that has none of its own ("30 seconds per move starting from move 1",
  as FIDE announces it; this is also what makes the fide-2002 1.14 example
  "40/75 + 15 + 30 s" reach the 120 minutes of 1.11).  An increment written
  after an earlier stage belongs to that stage.
* PGN TimeControl tags (PGN standard 9.6.1) are in seconds: ``5400+30``,
  ``40/5400+30:1800+30``, ``300+2``, ``1800``.  Text in that syntax (digits,
  ``/``, ``+``, ``:`` only) is read as PGN when it has a ``:`` or a time of
  300 or more; each PGN increment belongs to its own period.  ``?`` (unknown),
  ``-`` (no time control) and ``*180`` (sandclock) give no time for 60 moves
  and are errors.
* A last stage with a move count repeats (``40/120`` alone: 40 moves in two
  hours, again and again), as sessions did and as PGN readers take it.

Not read: delays (US ``d5``, Bronstein), increments from a later move ("from
move 61"), ``h:mm`` times, decimal commas.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["Stage", "TimeControl", "TimeControlError", "parse_time_control",
           "minutes_for_60"]

_ACCEPTED = ("expected a time control such as '90+30' (minutes + seconds a move), "
             "'40/90+30+30s', '40/120, 60', 'g/60', '2h', '80 min + 1 min/move' "
             "or a pgn tag such as '40/5400+30:1800+30'")

# A bare stage time from this value up is seconds (PGN), below it minutes.
PGN_SECONDS_FROM = 300


class TimeControlError(ValueError):
    """A time control that cannot be read; the message quotes it."""


@dataclass(frozen=True)
class Stage:
    """One period of play: `minutes` for `moves` moves (None: the rest of the
    game), and `increment` seconds added for each move played in it."""

    moves: int | None
    minutes: float
    increment: float = 0.0

    def __post_init__(self) -> None:
        if self.moves is not None and self.moves < 1:
            raise ValueError(f"a stage needs at least one move, got {self.moves!r}")
        if self.minutes < 0 or self.increment < 0:
            raise ValueError(f"negative time in {self!r}")


@dataclass(frozen=True)
class TimeControl:
    """The stages of a time control and the text they were read from."""

    stages: tuple[Stage, ...]
    text: str

    def __post_init__(self) -> None:
        if not self.stages:
            raise ValueError("a time control needs at least one stage")
        if any(stage.moves is None for stage in self.stages[:-1]):
            raise ValueError("only the last stage can be for the rest of the game")

    def minutes_for(self, moves: int = 60) -> float:
        """Minutes a player has for `moves` moves (fide-2002 1.1,
        fide-rapid-blitz-2024 1.1.1, fmjd Annex 9 §1.2.2.1).

        The base time of every stage that starts within those moves, plus the
        increment of every move played in each stage.
        """
        if moves < 1:
            raise ValueError(f"moves must be at least 1, got {moves!r}")
        total, start = 0.0, 0
        for stage in self._periods():
            if start >= moves:
                break
            played = moves - start if stage.moves is None else min(stage.moves, moves - start)
            # multiply first: 60 * 30 / 60 is exact, 60 * (30 / 60) need not be
            total += stage.minutes + played * stage.increment / 60
            start += played
        return total

    def _periods(self) -> Iterator[Stage]:
        """The stages in order, the last one repeated if it has a move count."""
        yield from self.stages
        while self.stages[-1].moves is not None:
            yield self.stages[-1]


def parse_time_control(text: str) -> TimeControl:
    """Read a time control as arbiters, TRF field 122 and PGN tags write it.

    The accepted forms and conventions are in this module's docstring.
    """
    clean = _normalise(text)
    if not clean:
        raise _error(text, "empty")
    compact = clean.replace(" ", "").lower()
    if compact in _PGN_SPECIAL:
        raise _error(text, _PGN_SPECIAL[compact])
    if compact.startswith("*"):
        raise _error(text, "a sandclock (pgn '*') gives no time for a number of moves")
    if _is_pgn(compact):
        return TimeControl(_pgn_stages(text, compact), text)
    return TimeControl(_written_stages(text, clean), text)


def _error(text: str, detail: str) -> TimeControlError:
    return TimeControlError(f"time control {text!r}: {detail}; {_ACCEPTED}")


_PGN_SPECIAL = {"?": "unknown (pgn '?')", "-": "no time control (pgn '-')"}

# Typographic marks that arbiters' word processors put in for ' and ".
_MARKS = str.maketrans({"\u2019": "'", "\u2032": "'", "\u00b4": "'", "`": "'",
                        "\u2033": '"', "\u201c": '"', "\u201d": '"'})


def _normalise(text: str) -> str:
    """Plain quote marks and single spaces; case is kept for messages."""
    return " ".join(text.translate(_MARKS).replace("''", '"').split())


# --- PGN TimeControl tags (PGN standard 9.6.1), all in seconds -------------

_PGN_PERIOD = re.compile(r"(?:(\d+)/)?(\d+)(?:\+(\d+))?")
_PGN = re.compile(rf"{_PGN_PERIOD.pattern}(?::{_PGN_PERIOD.pattern})*")


def _is_pgn(compact: str) -> bool:
    """PGN syntax, and a ':' or a time too long to be minutes."""
    if not _PGN.fullmatch(compact):
        return False
    periods = [_matched(_PGN_PERIOD, part) for part in compact.split(":")]
    return ":" in compact or any(int(p[2]) >= PGN_SECONDS_FROM for p in periods)


def _pgn_stages(text: str, compact: str) -> tuple[Stage, ...]:
    """Periods ``moves/seconds+increment`` separated by ':'; only the last
    may lack a move count (PGN standard 9.6.1)."""
    stages: list[Stage] = []
    for part in compact.split(":"):
        moves, seconds, increment = _matched(_PGN_PERIOD, part).groups()
        if stages and stages[-1].moves is None:
            raise _error(text, f"pgn period {part!r} follows one for the rest of the game")
        if moves is not None and int(moves) < 1:
            raise _error(text, f"pgn period {part!r} has no moves")
        stages.append(Stage(int(moves) if moves else None, int(seconds) / 60,
                            float(increment or 0)))
    return tuple(stages)


# --- Time controls as people write them ------------------------------------

_NUM = r"\d+(?:\.\d+)?"
_HOURS = r"(?:hours?|hrs?|h)"
_MINUTES = r"(?:minutes?|mins?|m|')"
_SECONDS = r"(?:seconds?|secs?|s|\")"
_MOVES = r"(?:moves?|mvs?)"
_DURATION = rf"{_NUM}(?:{_HOURS}(?:\d+{_MINUTES}?)?|{_MINUTES}|{_SECONDS})?"
_TIME = re.compile(rf"(?P<num>{_NUM})(?:(?P<h>{_HOURS})(?:(?P<hmin>\d+){_MINUTES}?)?"
                   rf"|(?P<m>{_MINUTES})|(?P<s>{_SECONDS}))?")

_REST_WORDS = r"(?:g|game|sd|allmoves|allthemoves|allremainingmoves|therest|rest)"
_STAGE_FORMS = [  # (pattern, has a move count); matched against text without spaces
    (re.compile(rf"{_REST_WORDS}(?:/|in)?(?P<time>{_DURATION})"), False),
    (re.compile(rf"(?P<time>{_DURATION})for(?:therest(?:ofthegame)?|allmoves)"), False),
    (re.compile(rf"(?P<moves>\d+){_MOVES}?(?:/|in)(?P<time>{_DURATION})"), True),
    (re.compile(rf"(?P<time>{_DURATION})(?:/|for)(?P<moves>\d+){_MOVES}"), True),
    (re.compile(rf"(?P<time>{_DURATION})x(?P<moves>\d+){_MOVES}?"), True),
]
_INCREMENT = re.compile(
    rf"(?P<mark>increment|inc|bonus)?(?P<time>{_DURATION})"
    rf"(?P<per>/moves?|/mv|permoves?|amove|eachmove)?(?:(?:starting)?frommove(?:1|one))?")
_SEPARATORS = re.compile(r"[,;+&]|\bthen\b|\bfollowed by\b|\band\b", re.IGNORECASE)


def _written_stages(text: str, clean: str) -> tuple[Stage, ...]:
    """Stages and increments in the order written (conventions: module doc)."""
    stages: list[Stage] = []
    own: list[float | None] = []  # the increment written after each stage
    for item in filter(None, (part.strip() for part in _SEPARATORS.split(clean))):
        read = _read_item(text, item, stages[-1] if stages else None)
        if isinstance(read, Stage):
            stages.append(read)
            own.append(None)
        elif own[-1] is not None:
            raise _error(text, f"two increments for one stage, the second {item!r}")
        else:
            own[-1] = read
    if not stages:
        raise _error(text, "no stage")
    return _with_increments(stages, own)


def _with_increments(stages: list[Stage], own: list[float | None]) -> tuple[Stage, ...]:
    """Attach each increment; the one after the last stage counts from move 1."""
    from_move_1 = own[-1] or 0.0
    return tuple(Stage(stage.moves, stage.minutes, from_move_1 if inc is None else inc)
                 for stage, inc in zip(stages, own, strict=True))


def _read_item(text: str, item: str, previous: Stage | None) -> Stage | float:
    """One item between separators: a Stage, or an increment in seconds."""
    compact = item.replace(" ", "").lower()
    stage = _explicit_stage(compact)
    if stage is not None:
        if previous is not None and previous.moves is None:
            raise _error(text, f"nothing can follow the stage for the rest of the game, "
                               f"got {item!r}")
        return stage
    match = _INCREMENT.fullmatch(compact)
    if match is None:
        raise _error(text, f"cannot read {item!r}")
    marked = bool(match["mark"] or match["per"])
    if previous is None and marked:
        raise _error(text, f"the increment {item!r} needs a stage before it")
    seconds_unit = _matched(_TIME, match["time"])["s"] is not None
    if previous is not None and (marked or seconds_unit or previous.moves is None):
        return _increment_seconds(match["time"])
    return Stage(None, _stage_minutes(match["time"]))


def _explicit_stage(compact: str) -> Stage | None:
    """A stage written with its move count or as for the rest of the game."""
    for pattern, counted in _STAGE_FORMS:
        match = pattern.fullmatch(compact)
        if match is not None:
            moves = int(match["moves"]) if counted else None
            if moves == 0:
                return None  # "0/90" is no stage; reported as unreadable
            return Stage(moves, _stage_minutes(match["time"]))
    return None


def _matched(pattern: re.Pattern[str], text: str) -> re.Match[str]:
    """`pattern.fullmatch(text)` where the caller's own pattern has already
    matched `text` (a part of it, or the whole of it, is known to fit)."""
    match = pattern.fullmatch(text)
    assert match is not None, (pattern.pattern, text)
    return match


def _time_parts(duration: str) -> tuple[float, str | None]:
    """A written duration as (number, unit), unit 'h', 'm', 's' or None."""
    match = _matched(_TIME, duration)
    if match["h"] is not None:
        return float(match["num"]) * 60 + float(match["hmin"] or 0), "m"
    unit = "m" if match["m"] is not None else "s" if match["s"] is not None else None
    return float(match["num"]), unit


def _stage_minutes(duration: str) -> float:
    """A stage's base time in minutes; a bare number from 300 up is seconds."""
    value, unit = _time_parts(duration)
    if unit == "s" or (unit is None and value >= PGN_SECONDS_FROM):
        return value / 60
    return value


def _increment_seconds(duration: str) -> float:
    """An increment in seconds; a bare number is seconds."""
    value, unit = _time_parts(duration)
    return value * 60 if unit == "m" else value


@functools.lru_cache(maxsize=1024)
def minutes_for_60(text: str | None) -> float | None:
    """The time a player has for 60 moves, the figure every rate-of-play rule
    uses (fide-2002 1.1, fide-rb-2024 1.1, fmjd Annex 9 §1.2.2); None when
    there is no time control or it cannot be read.

    Cached: the engine asks it for both players of every game (fide
    games.py `_fast_enough`), and parsing the same text a million times was
    a third of rating a FIDE-scale period (bench/fide_scale.py); the answer
    depends on the text alone."""
    if not text:
        return None
    try:
        return parse_time_control(text).minutes_for(60)
    except TimeControlError:
        return None
