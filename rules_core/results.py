"""What an edition gives an event: per player and per game, any game.

The FIDE and FMJD engines fill the same records, so the check contract, the
site and the browser read one shape.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

__all__ = ["GameFigure", "PlayerRating", "EventRating"]


@dataclass
class GameFigure:
    """One game as it counts: the opponent's rating as used, D, P_D."""

    round: int
    opponent: int
    opponent_rating: int
    difference: int | None
    expected: Fraction | None
    score: Fraction


@dataclass
class PlayerRating:
    """What an edition gives one player for one event."""

    number: int
    rating: int | None
    k: int | None = None
    rated_games: int = 0
    score: Fraction | None = None
    opponents_average: Fraction | None = None
    competition_average: Fraction | None = None
    difference: int | None = None
    expected: Fraction | None = None
    change: Fraction | None = None
    new_rating: int | None = None
    initial_rating: int | None = None
    initial_rating_exact: Fraction | None = None
    performance: int | None = None
    games: list[GameFigure] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class EventRating:
    edition: object
    system: str
    rateable: bool
    players: list[PlayerRating]
    notes: list[str]
