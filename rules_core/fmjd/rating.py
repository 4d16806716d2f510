"""The rating mathematics of FMJD Annex 9 (FMJD rating system, 2024 text).

Percentages are in per cent (64.286, not 0.64286), scores in draughts points
(2 for a win, 1 for a draw, 0 for a loss), ratings unrounded: FMJD's
interpolated tables take unrounded values and rounding is left to display
(docs/interpretations.md#i1).  No list calendars, no tournament files here.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from .tables import (
    IX_1,
    NATIONAL_RATING_FORMULAS,
    RAPID_BLITZ_K_PERCENT,
    STANDARD_K_PERCENT,
)

__all__ = ["FMJDRatingError", "Countable", "Performance",
           "K_NEW_PLAYER", "K_BELOW_2300", "K_FROM_2300", "K_NEW_PLAYER_GAMES",
           "K_THRESHOLD", "NEW_PLAYER_GAMES", "FIRST_RATING_MINIMUM",
           "FIRST_RATING_MAXIMUM", "POINTS_PER_GAME",
           "rating_difference", "expected_percentage",
           "expected_percentage_table", "result_percentage",
           "performance_rating", "expected_result", "rating_change",
           "k_factor", "countable_for", "development_factor", "new_rating",
           "first_rating", "average_performance", "new_player_ratings",
           "estimated_fmjd_rating"]

POINTS_PER_GAME = 2          # fmjd Annex 9 §3.2.2: 2 for a win, 1 for a draw

K_NEW_PLAYER = 25            # fmjd Annex 9 §3.2.3
K_NEW_PLAYER_GAMES = 30
K_BELOW_2300 = 15
K_FROM_2300 = 10
K_THRESHOLD = 2300

NEW_PLAYER_GAMES = 25        # fmjd Annex 9 §3.3.2
FIRST_RATING_MINIMUM = 1900
FIRST_RATING_MAXIMUM = 2400

_PERCENTAGES = range(101)


class FMJDRatingError(ValueError):
    """A value outside what FMJD Annex 9 defines (a percentage above 100 ...)."""


class Countable(NamedTuple):
    """The list a game counts for and the share of K it is rated with."""

    rating_list: str         # "standard" or "rapid-blitz"
    k_percent: int           # 100, 60, 40, 20 (standard); 100, 50 (rapid-blitz)


class Performance(NamedTuple):
    """One event of one player: rated games, Rc, W, and the §1.2.2 share of K."""

    games: int
    opponents_average: float
    score: float
    k_percent: int = 100


def _check_finite(name: str, value: float) -> None:
    if not math.isfinite(value):
        raise FMJDRatingError(f"{name} must be a finite number, got {value!r}")


def _check_percentage(p: float) -> None:
    _check_finite("a percentage", p)
    if not 0 <= p <= 100:
        raise FMJDRatingError(f"a percentage must lie in 0..100, got {p!r}")


def rating_difference(p: float, table: Mapping[int, float] = IX_1) -> float:
    """D(P): the rating difference for the result percentage `p` (0..100).

    fmjd Annex 9 §2.3: D(Pr) = D(P1) + (Pr - P1)[D(P1 + 1) - D(P1)], P1 the
    integral part of Pr, D from table IX-1 (misprint at 23 % corrected,
    docs/interpretations.md#i10).  `p` is not rounded first.  Pass
    ``table=IX_1_PRINTED`` to get the print's own figures.
    """
    _check_percentage(p)
    p1 = math.floor(p)
    if p1 == 100:
        return table[100]
    return table[p1] + (p - p1) * (table[p1 + 1] - table[p1])


def expected_percentage(d: float, table: Mapping[int, float] = IX_1) -> float:
    """Pe: the expected percentage of a player rated `d` points above the opponents.

    fmjd Annex 9 §2.4.1, as linear interpolation in IX-1 (docs/interpretations.md#i9): Pe = P1 + (D - D(P1)) / (D(P1 + 1) - D(P1)) with
    D(P1) <= D < D(P1 + 1).  The printed formula adds P1 to a fraction that
    is negative; its own §2.4.2 example adds P1 + 1, which is the same as
    this.  Beyond the ends of IX-1 (|d| >= 935) Pe is 100 or 0.
    """
    _check_finite("a rating difference", d)
    values = [table[p] for p in _PERCENTAGES]
    if d >= values[100]:
        return 100.0
    if d <= values[0]:
        return 0.0
    p1 = bisect_right(values, d) - 1
    return p1 + (d - values[p1]) / (values[p1 + 1] - values[p1])


def expected_percentage_table(
        largest: int = 935) -> tuple[tuple[int, float, float], ...]:
    """Table IX-2 generated from IX-1: (D, Pe of the higher, Pe of the lower).

    fmjd Annex 9 §2.4.2: for each whole rating difference 0..935, the
    expected percentage for the higher rated player (H) and the lower rated
    player (L = 100 - H), to four decimals as printed.
    """
    rows = []
    for d in range(largest + 1):
        higher = expected_percentage(d)
        rows.append((d, round(higher, 4), round(100 - higher, 4)))
    return tuple(rows)


def result_percentage(score: float, games: int) -> float:
    """P: the score as a percentage of the 2 points a game can give.

    fmjd Annex 9 §3.1 example: 9 points in 7 games is 64.286 %.
    """
    if games <= 0:
        raise FMJDRatingError(f"games must be at least 1, got {games!r}")
    _check_finite("a score", score)
    if not 0 <= score <= POINTS_PER_GAME * games:
        raise FMJDRatingError(
            f"a score of {score!r} is impossible in {games!r} games")
    return 100 * score / (POINTS_PER_GAME * games)


def performance_rating(opponents_average: float, p: float) -> float:
    """Rp = Rc + D(P): the performance rating of a player in a competition.

    fmjd Annex 9 §3.1; Rc is the average rating of the opponents, `p` the
    result percentage, D(P) from IX-1 by the §2.3 interpolation.
    """
    _check_finite("an opponents' average", opponents_average)
    return opponents_average + rating_difference(p)


def expected_result(rating: float, opponents_average: float, games: int) -> float:
    """We = Pe * 2 * games / 100, in points.

    fmjd Annex 9 §3.2.1; Pe is the expected percentage for the difference
    between the player's rating and the opponents' average (§2.4, IX-2).
    """
    if games <= 0:
        raise FMJDRatingError(f"games must be at least 1, got {games!r}")
    _check_finite("a rating", rating)
    _check_finite("an opponents' average", opponents_average)
    pe = expected_percentage(rating - opponents_average)
    return pe * POINTS_PER_GAME * games / 100


def rating_change(k: float, w: float, we: float) -> float:
    """Delta R = 0.5 * K * (W - We): the change after one event.

    fmjd Annex 9 §3.2.2; W is the score (2 a win, 1 a draw, regulatory
    results not counted), We the expected result of §3.2.1, K the
    development factor of §3.2.3 (reduced as §1.2.2 says).
    """
    return 0.5 * k * (w - we)


def k_factor(games_before: int, reached_2300: bool = False) -> int:
    """K, the development factor: 25, 15 or 10.

    fmjd Annex 9 §3.2.3: 25 for a player new to the list until he has
    completed events with at least 30 games; 10 once a published rating has
    reached 2300, for good, even if the rating drops below; 15 otherwise.
    The bullets are read in order: a new player keeps 25 until 30 games.
    `games_before` counts the rated games of events completed before this
    one, earlier events of the same period included ("K may change within
    one calculation period"); `reached_2300`: a published rating of the
    player has ever been K_THRESHOLD (2300) or more.
    """
    if games_before < 0:
        raise FMJDRatingError(f"games must not be negative, got {games_before!r}")
    if games_before < K_NEW_PLAYER_GAMES:
        return K_NEW_PLAYER
    return K_FROM_2300 if reached_2300 else K_BELOW_2300


def countable_for(minutes: float) -> Countable:
    """The list a game counts for and its share of K, from its time control.

    fmjd Annex 9 §1.2.2.1 and §1.2.2.2 (2019); `minutes` is the time per
    player for the first 60 moves (`rules_core.timecontrol`'s
    ``TimeControl.minutes_for(60)``: base time plus 60 increments).
    Standard list from 30 minutes: K at 100 % from 2 hours, 60 % from 1 h 30,
    40 % from 1 hour, 20 % from 30 minutes.  Below 30 minutes the rapid-blitz
    list: 100 % up to 15 minutes, 50 % above.  No time control counts for
    nothing.  The older sentence of §3.2.3 ("at least 3 hours ... 50 %") is
    superseded (docs/interpretations.md#i4).
    """
    _check_finite("a time control", minutes)
    if minutes <= 0:
        raise FMJDRatingError(f"a time control must be positive, got {minutes!r}")
    for least, percent in STANDARD_K_PERCENT:
        if minutes >= least:
            return Countable("standard", percent)
    percent = next(share for most, share in RAPID_BLITZ_K_PERCENT
                   if minutes <= most)
    return Countable("rapid-blitz", percent)


def development_factor(k: float, minutes: float) -> float:
    """K as used for a game of this time control: K times the §1.2.2 share.

    fmjd Annex 9 §1.2.2.1/§1.2.2.2 with §3.2.3: e.g. K 15 at 1 hour per
    player for 60 moves is 15 * 40 % = 6.
    """
    return k * countable_for(minutes).k_percent / 100


def new_rating(old_rating: float, changes: Iterable[float]) -> float:
    """Rn = Ro + sum of Delta R over the events of a period.

    fmjd Annex 9 §3.3.1, for players who have played 25 games or more.
    """
    _check_finite("a rating", old_rating)
    return old_rating + math.fsum(changes)


def first_rating(performance: float) -> float:
    """The first result of a new player: Rp, kept within 1900..2400.

    fmjd Annex 9 §3.3.2: "to avoid difficulties with players with 0 % or
    100 % the maximum is set to 2400 and the minimum to 1900".
    """
    _check_finite("a performance", performance)
    return min(max(performance, FIRST_RATING_MINIMUM), FIRST_RATING_MAXIMUM)


def average_performance(performances: Iterable[tuple[int, float]]) -> float:
    """The rating of a player below 25 games: his running average performance.

    fmjd Annex 9 §3.3.2: the first result gives Rp = Rc + D(P), kept within
    1900..2400; each next result R1 over NP1 games makes the rating
    (NP0 * R0 + NP1 * R1) / (NP0 + NP1).  `performances`: (games, Rp) pairs.
    """
    played, rating = 0, None
    for games, performance in performances:
        if games <= 0:
            raise FMJDRatingError(f"games must be at least 1, got {games!r}")
        if rating is None:
            rating = first_rating(performance)
        else:
            rating = (played * rating + games * performance) / (played + games)
        played += games
    if rating is None:
        raise FMJDRatingError("no performance to average")
    return rating


def new_player_ratings(events: Iterable[Performance],
                       reached_2300: bool = False) -> list[float]:
    """The rating after each event of a player new to the list.

    fmjd Annex 9 §3.3.2 while fewer than 25 games were played before the
    event (running average performance, the first within 1900..2400), then
    §3.3.1 and §3.2: Rn = Ro + Delta R with K of §3.2.3 times the event's
    §1.2.2 share.  Each event is taken as rated on its own; events of one
    period rated from the same list rating need `rating_change`/`new_rating`.
    """
    ratings, played, performances = [], 0, []
    for games, rc, w, k_percent in events:
        p = result_percentage(w, games)
        if played < NEW_PLAYER_GAMES:
            performances.append((games, performance_rating(rc, p)))
            rating = average_performance(performances)
        else:
            k = k_factor(played, reached_2300) * k_percent / 100
            rating += rating_change(k, w, expected_result(rating, rc, games))
        played += games
        ratings.append(rating)
    return ratings


def estimated_fmjd_rating(national_rating: float, source: str) -> float:
    """An FMJD rating estimated from a national (or FMJD blitz) rating.

    fmjd Annex 9 §1.5 (formulas valid from August 2019), e.g.
    FMJD = 0.7443 * Belgium + 460.221.  For seeding only: such an estimate
    counts neither for rating nor for title norms of the other players.
    `source`: "belgium", "netherlands", "poland" or "fmjd-blitz".
    """
    try:
        slope, intercept = NATIONAL_RATING_FORMULAS[source]
    except KeyError:
        raise FMJDRatingError(f"unknown national rating: {source!r}") from None
    _check_finite("a national rating", national_rating)
    return slope * national_rating + intercept
