"""Rating one draughts event under FMJD Annex 9.

Per tournament: Rc is the average of the rated opponents (§5.3), D = R - Rc,
Pe from table IX-1 (§2.4), We = Pe x 2n / 100 (§3.2.1), dR = 0.5 K (W - We)
(§3.2.2) with K reduced by the time control (§1.2.2); a new player's rating
is his average performance (§3.3.2).  Figures stay unrounded (docs/interpretations.md#i1); only the published rating is a whole number.
"""

from __future__ import annotations

from fractions import Fraction

from ..model import Player, Tournament
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


def _player(t: Tournament, edition, player: Player, percent: int,
            given: int | None) -> PlayerRating:
    games = [g for g in player.results if g.played and _rated(t, g.opponent)]
    result = PlayerRating(player.number, player.rating, rated_games=len(games))
    _note_unplayed(player, result, edition)
    ratings = [t.player(g.opponent).rating for g in games]
    score = sum((exact(g.score) for g in games), Fraction(0))
    n = len(games)
    result.score = score
    result.opponents_average = Fraction(sum(ratings), n) if n else None
    if not n:
        return result
    p = result_percentage(float(score), n)
    result.performance = round_half_up(exact(performance_rating(
        float(result.opponents_average), p)))
    if player.rated:
        _rated_player(edition, player, games, ratings, result, percent, given)
    else:
        _first_rating(edition, result, float(result.opponents_average), p)
    return result


def _rated(t: Tournament, number: int | None) -> bool:
    """§5.3: games against players without a rating (on no list A, B or C)
    are not taken into account."""
    opponent = t.player(number) if number is not None else None
    return opponent is not None and opponent.rated


def _note_unplayed(player, result, edition) -> None:
    unplayed = [g for g in player.results if g.opponent is not None and not g.played]
    if unplayed:
        result.notes.append(f"{len(unplayed)} games not played or decided by the referee: "
                            f"not rated ({edition.cite_section('3.2.2')}, {edition.cite_section('5.3')})")


def _rated_player(edition, player, games, ratings, result, percent, given):
    """§3.2.1-§3.2.3: We from Pe(R - Rc), dR = 0.5 K (W - We)."""
    n = len(games)
    rc = float(result.opponents_average)
    k, notes = _k(edition, player, given)
    result.k = k
    result.notes.extend(notes)
    pe = expected_percentage(player.rating - rc)
    result.expected = exact(pe) * 2 * n / 100
    factor = Fraction(k) * percent / 100
    result.change = factor * (result.score - result.expected) / 2
    for g, r in zip(games, ratings):
        result.games.append(GameFigure(g.round, g.opponent, r, None, None, exact(g.score)))
    result.new_rating = _new_rating(edition, player, result, rc, n)


def _k(edition, player: Player, given):
    """§3.2.3: K 25 until 30 games, 15 under 2300, 10 once a published
    rating reached 2300 (permanently)."""
    if given is not None:
        return given, []
    if player.k is not None:
        return player.k, []
    reached = bool(player.reached_2300) or player.rating >= K_THRESHOLD
    if player.games_before is None:
        return k_factor(30, reached), [
            f"rated games before this event not given: assumed at least 30 "
            f"({edition.cite_section('3.2.3')})"]
    return k_factor(player.games_before, reached), []


def _new_rating(edition, player, result, rc, n) -> int:
    """§3.3.1: Rn = Ro + dR; §3.3.2: under 25 games the running average of
    the performances (NP0 R0 + NP1 R1) / (NP0 + NP1)."""
    before = player.games_before
    if before is not None and before < NEW_PLAYER_GAMES:
        average = (Fraction(before) * player.rating + n * exact(
            performance_rating(rc, result_percentage(float(result.score), n)))) / (before + n)
        result.notes.append(f"{before} games before: new rating is the average "
                            f"performance ({edition.cite_section('3.3.2')})")
        return round_half_up(average)
    return round_half_up(player.rating + result.change)


def _first_rating(edition, result: PlayerRating, rc: float, p: float) -> None:
    """§3.3.2: the first rating is Rp = Rc + D(P), at least 1900 and at most
    2400."""
    rp = exact(performance_rating(rc, p))
    clamped = min(max(rp, FIRST_RATING_MINIMUM), FIRST_RATING_MAXIMUM)
    if clamped != rp:
        result.notes.append(f"performance {float(rp):.0f} brought within "
                            f"{FIRST_RATING_MINIMUM}-{FIRST_RATING_MAXIMUM} "
                            f"({edition.cite_section('3.3.2')})")
    result.initial_rating_exact = clamped
    result.initial_rating = round_half_up(clamped)
    result.new_rating = result.initial_rating
