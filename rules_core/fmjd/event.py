"""Rating one draughts event under FMJD Annex 9.

Per tournament: Rc is the average of the rated opponents (§5.3), D = R - Rc,
Pe from table IX-1 (§2.4), We = Pe x 2n / 100 (§3.2.1), dR = 0.5 K (W - We)
(§3.2.2) with K reduced by the time control (§1.2.2); a new player's rating
is his average performance (§3.3.2).  Figures stay unrounded (docs/interpretations.md#i1); only the published rating is a whole number.
"""

from __future__ import annotations

from fractions import Fraction

from ..model import Player, RoundResult, Tournament
from ..numbers import exact, round_half_up
from ..problems import Problem
from ..results import EventRating, GameFigure, PlayerRating
from ..timecontrol import minutes_for_60
from .edition import FmjdEdition
from .rating import (
    FIRST_RATING_MAXIMUM,
    FIRST_RATING_MINIMUM,
    K_THRESHOLD,
    NEW_PLAYER_GAMES,
    expected_percentage,
    k_factor,
    performance_rating,
    result_percentage,
)

__all__ = ["rate_event", "event_problems"]


def event_problems(t: Tournament, edition: FmjdEdition,
                   minutes: float | None) -> list[Problem]:
    """Annex 9 sets no limits on rounds or duration that a file can show;
    the time control only scales K (§1.2.2), said in the event's notes."""
    return []


def rate_event(t: Tournament, edition: FmjdEdition,
               k_given: dict[int, int] | None = None) -> EventRating:
    minutes = minutes_for_60(t.time_control)
    percent = edition.k_percent(minutes) if minutes else 100
    if minutes:
        notes = [f"{minutes:g} minutes for 60 moves: the {edition.rating_list(minutes)} "
                 f"list, K at {percent} % ({edition.cite_section('1.2.2')})"]
    else:
        notes = [f"time for 60 moves unknown: K at 100 % ({edition.cite_section('1.2.2')})"]
    players = [_player(t, edition, p, percent, (k_given or {}).get(p.number))
               for p in t.players]
    return EventRating(edition, t.system or "swiss", True, players, notes)


def _player(t: Tournament, edition: FmjdEdition, player: Player, percent: int,
            given: int | None) -> PlayerRating:
    rated = _rated_games(t, player)
    result = PlayerRating(player.number, player.rating, rated_games=len(rated))
    _note_unplayed(player, result, edition)
    score = sum((exact(g.score) for g, _, _ in rated), Fraction(0))
    n = len(rated)
    result.score = score
    if not n:
        return result
    average = Fraction(sum(rating for _, _, rating in rated), n)
    result.opponents_average = average
    p = result_percentage(float(score), n)
    result.performance = round_half_up(exact(performance_rating(float(average), p)))
    if player.rated:
        _rated_player(edition, player, rated, result, percent, given)
    else:
        _first_rating(edition, result, float(average), p)
    return result


def _rated_games(t: Tournament, player: Player) -> list[tuple[RoundResult, int, int]]:
    """§5.3: the games played against rated opponents, each with the
    opponent's number and rating; games against players without a rating
    (on no list A, B or C) are not taken into account."""
    rated = []
    for g in player.results:
        opponent = t.player(g.opponent) if g.opponent is not None else None
        if g.played and opponent is not None and opponent.rating:
            rated.append((g, opponent.number, opponent.rating))
    return rated


def _note_unplayed(player: Player, result: PlayerRating, edition: FmjdEdition) -> None:
    unplayed = [g for g in player.results if g.opponent is not None and not g.played]
    if unplayed:
        result.notes.append(f"{len(unplayed)} games not played or decided by the referee: "
                            f"not rated ({edition.cite_section('3.2.2')}, {edition.cite_section('5.3')})")


def _rated_player(edition: FmjdEdition, player: Player,
                  rated: list[tuple[RoundResult, int, int]], result: PlayerRating,
                  percent: int, given: int | None) -> None:
    """§3.2.1-§3.2.3: We from Pe(R - Rc), dR = 0.5 K (W - We)."""
    rating, score, average = player.rating, result.score, result.opponents_average
    assert rating and score is not None and average is not None    # set by _player
    n = len(rated)
    rc = float(average)
    k, notes = _k(edition, player, rating, given)
    result.k = k
    result.notes.extend(notes)
    pe = expected_percentage(rating - rc)
    result.expected = expected = exact(pe) * 2 * n / 100
    factor = Fraction(k) * percent / 100
    result.change = factor * (score - expected) / 2
    for g, opponent, opponent_rating in rated:
        result.games.append(GameFigure(g.round, opponent, opponent_rating, None, None,
                                       exact(g.score)))
    result.new_rating = _new_rating(edition, player, result, rc, n)


def _k(edition: FmjdEdition, player: Player, rating: int,
       given: int | None) -> tuple[int, list[str]]:
    """§3.2.3: K 25 until 30 games, 15 under 2300, 10 once a published
    rating reached 2300 (permanently)."""
    if given is not None:
        return given, []
    if player.k is not None:
        return player.k, []
    reached = bool(player.reached_2300) or rating >= K_THRESHOLD
    if player.games_before is None:
        return k_factor(30, reached), [
            f"rated games before this event not given: assumed at least 30 "
            f"({edition.cite_section('3.2.3')})"]
    return k_factor(player.games_before, reached), []


def _new_rating(edition: FmjdEdition, player: Player, result: PlayerRating, rc: float,
                n: int) -> int:
    """§3.3.1: Rn = Ro + dR; §3.3.2: under 25 games the running average of
    the performances (NP0 R0 + NP1 R1) / (NP0 + NP1)."""
    rating, score, change = player.rating, result.score, result.change
    assert rating and score is not None and change is not None   # set by _rated_player
    before = player.games_before
    if before is not None and before < NEW_PLAYER_GAMES:
        average = (Fraction(before) * rating + n * exact(
            performance_rating(rc, result_percentage(float(score), n)))) / (before + n)
        result.notes.append(f"{before} games before: new rating is the average "
                            f"performance ({edition.cite_section('3.3.2')})")
        return round_half_up(average)
    return round_half_up(rating + change)


def _first_rating(edition: FmjdEdition, result: PlayerRating, rc: float, p: float) -> None:
    """§3.3.2: the first rating is Rp = Rc + D(P), at least 1900 and at most
    2400."""
    rp = exact(performance_rating(rc, p))
    clamped = min(max(rp, Fraction(FIRST_RATING_MINIMUM)), Fraction(FIRST_RATING_MAXIMUM))
    if clamped != rp:
        result.notes.append(f"performance {float(rp):.0f} brought within "
                            f"{FIRST_RATING_MINIMUM}-{FIRST_RATING_MAXIMUM} "
                            f"({edition.cite_section('3.3.2')})")
    result.initial_rating_exact = clamped
    result.initial_rating = round_half_up(clamped)
    result.new_rating = result.initial_rating
