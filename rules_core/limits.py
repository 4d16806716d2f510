"""Limits that real events never reach, applied by every reader.

A file beyond one of these limits is not a tournament anyone played: it is
refused with a problem saying which limit, where, and what was expected,
before anything costly is done with it (docs/limits.md gives the reasons
for each figure).  Every reader calls `text_problems` on the text it is
given and `tournament_problems` on what it read; `sitegen check` gets the
same problems whatever the format.

Python's ``int()`` refuses a string of more than 4,300 digits with a
ValueError (CPython's integer string conversion limit): no number longer
than `MAX_DIGITS` ever reaches ``int()``, ``float()``, ``tomllib`` or
``json`` here, so that limit is never met.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .model import Player, Tournament
from .problems import ERROR, Problem, quote

__all__ = ["MAX_FILE_BYTES", "MAX_LINE_CHARS", "MAX_DIGITS", "MAX_PLAYERS",
           "MAX_ROUNDS", "RATING_RANGE", "guarded", "text_problems", "tournament_problems",
           "rating_problem", "round_problem"]

# 5,000,000 bytes (UTF-8): a TRF of 9,999 players (the most its four-digit
# start number allows) and 40 rounds is 4.9 MB; the largest real files read
# in the tests are under 100 KB.
MAX_FILE_BYTES = 5_000_000
# Characters in one line of a line-based format (TRF, TOML, FMJD official,
# Arbiter Pro, Toernooibase): a TRF player record of MAX_ROUNDS rounds is
# 91 + 10 x 200 = 2,091 characters.  JSON may come on one line: not limited.
MAX_LINE_CHARS = 10_000
# Digits in a run of decimal digits (any script, as int() reads them): a
# FIDE id has up to 10, a date written 20250405 has 8.
MAX_DIGITS = 18
# The TRF's start number has four digits (columns 5-8): 9,999 players.
MAX_PLAYERS = 9_999
# Rounds of one event, and the highest round number: a double round robin
# of 100 players has 198 rounds; Swiss opens have at most about 15.
MAX_ROUNDS = 200
# Ratings, chess and draughts: FIDE's floor is 1400 (1000 in the 2024
# regulations), FMJD's lists start lower; the highest ever are below 3000.
RATING_RANGE = (0, 4000)

_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def guarded(read: Callable[[str], Tournament], text: str, prefix: str,
            empty: Tournament, line_based: bool = True,
            unread: Callable[[str], bool] | None = None) -> Tournament:
    """`read(text)` with the limits applied: a text beyond a limit of size,
    line length or digits is not read at all (`empty`, a `Tournament`,
    gets the problems); what was read gets the problems of
    `tournament_problems`.  `unread(line)`: true for a line the reader
    skips (a TRF column ruler of 150 digits is no number)."""
    problems = text_problems(text, prefix, line_based, unread)
    if problems:
        empty.problems = problems
        return empty
    t = read(text)
    t.problems.extend(tournament_problems(t, prefix))
    return t


def text_problems(text: str, prefix: str, line_based: bool = True,
                  unread: Callable[[str], bool] | None = None) -> list[Problem]:
    """The file's size, its lines' length and its numbers' digits, each
    over a limit an error at its line and column; empty when within."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_FILE_BYTES:
        return [Problem(ERROR, f"{prefix}.too-large", f"the file has {size:,} bytes: "
                        f"expected at most {MAX_FILE_BYTES:,} (docs/limits.md); "
                        "not read", 1, 1)]
    problems: list[Problem] = []
    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        if line_based and len(line) > MAX_LINE_CHARS:
            problems.append(Problem(ERROR, f"{prefix}.line-too-long", f"line of "
                                    f"{len(line):,} characters: expected at most "
                                    f"{MAX_LINE_CHARS:,} (docs/limits.md)", number,
                                    MAX_LINE_CHARS + 1))
            continue
        if unread is not None and unread(line):
            continue
        for match in _LONG_NUMBER.finditer(line):
            problems.append(_long_number(prefix, match, number))
        if len(problems) >= 100:
            break
    return problems


def _long_number(prefix: str, match: re.Match[str], line: int) -> Problem:
    digits = match.group()
    shown = quote(digits[:12] + "...")
    return Problem(ERROR, f"{prefix}.number-too-long", f"a number of {len(digits):,} "
                   f"digits ({shown}): expected at most {MAX_DIGITS} (docs/limits.md)",
                   line, match.start() + 1)


def round_problem(prefix: str, round_: int, line: int | None,
                  column: int | None = None) -> Problem | None:
    """A round number outside 1..MAX_ROUNDS, else None."""
    if 1 <= round_ <= MAX_ROUNDS:
        return None
    return Problem(ERROR, f"{prefix}.bad-round", f"round {round_}: expected a round "
                   f"number from 1 to {MAX_ROUNDS} (docs/limits.md)", line, column)


def rating_problem(prefix: str, rating: int | float, line: int | None,
                   column: int | None = None) -> Problem | None:
    """A rating outside RATING_RANGE (0 is unrated), else None."""
    low, high = RATING_RANGE
    if low <= rating <= high:
        return None
    return Problem(ERROR, f"{prefix}.bad-rating", f"rating {rating}: expected "
                   f"{low} (unrated) to {high} (docs/limits.md)", line, column)


def tournament_problems(t: Tournament, prefix: str) -> list[Problem]:
    """Players, rounds, round numbers and ratings of an event read, each
    beyond its limit an error at the line that shows it."""
    problems: list[Problem] = []
    if len(t.players) > MAX_PLAYERS:
        first = t.players[MAX_PLAYERS]
        problems.append(Problem(ERROR, f"{prefix}.too-many-players", f"{len(t.players):,} "
                                f"players: expected at most {MAX_PLAYERS:,} "
                                "(docs/limits.md)", first.line or 1))
    if t.rounds is not None and not 0 <= t.rounds <= MAX_ROUNDS:
        problems.append(Problem(ERROR, f"{prefix}.too-many-rounds", f"{t.rounds:,} "
                                f"rounds: expected at most {MAX_ROUNDS} (docs/limits.md)",
                                _rounds_line(t)))
    for p in t.players:
        problems.extend(_player_problems(p, prefix))
    return problems


def _rounds_line(t: Tournament) -> int:
    for record in ("XXR", "142", "rounds"):
        if record in t.header_lines:
            return t.header_lines[record]
    return 1


def _player_problems(p: Player, prefix: str) -> list[Problem]:
    """The first round number out of range (one is enough to refuse the
    file), ratings out of range, too many rounds."""
    bad = next((r for r in p.results if not 1 <= r.round <= MAX_ROUNDS), None)
    out = [] if bad is None else [round_problem(prefix, bad.round,
                                                bad.line or p.line or 1, bad.column)]
    for rating in (p.rating, p.standard_rating):
        if isinstance(rating, (int, float)):
            out.append(rating_problem(prefix, rating, p.line or 1))
    if len(p.results) > MAX_ROUNDS:
        out.append(Problem(ERROR, f"{prefix}.too-many-rounds", f"player {p.number} "
                           f"has {len(p.results):,} rounds: expected at most "
                           f"{MAX_ROUNDS} (docs/limits.md)", p.line or 1))
    return [x for x in out if x is not None]
