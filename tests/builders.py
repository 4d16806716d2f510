"""Small tournaments built in code for the tests of the rating engines."""

from __future__ import annotations

from datetime import date

from rules_core.model import Player, RoundResult, Tournament

_CODE = {1.0: "1", 0.5: "=", 0.0: "0"}


def round_robin(ratings: list[int | None], results: dict[tuple[int, int], float],
                start: date = date(2005, 1, 1), system: str = "round-robin") -> Tournament:
    """A round robin of players A, B, ... (numbers 1, 2, ...).  The earlier
    player wins every game unless `results[(i, j)]` (0-based, i < j) gives
    the earlier player's score."""
    players = [Player(i + 1, chr(65 + i), rating=r or None) for i, r in enumerate(ratings)]
    number = 0
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            number += 1
            score = results.get((i, j), 1.0)
            add_game(players[i], players[j], number, score)
    return Tournament(name="example", start=start, system=system, players=players)


def add_game(white: Player, black: Player, round_: int, white_score: float) -> None:
    white.results.append(RoundResult(round_, black.number, "w", _CODE[white_score], white_score))
    black.results.append(RoundResult(round_, white.number, "b", _CODE[1 - white_score],
                                     1 - white_score))


def swiss(player_rating: int | None, opponents: list[int | None], scores: list[float],
          start: date = date(2024, 6, 1), **player_fields) -> Tournament:
    """Player 1 against one opponent a round (numbers 2, 3, ...)."""
    me = Player(1, "Player", rating=player_rating, **player_fields)
    players = [me]
    for round_, (rating, score) in enumerate(zip(opponents, scores, strict=True), start=1):
        other = Player(round_ + 1, f"Opponent {round_}", rating=rating)
        add_game(me, other, round_, score)
        players.append(other)
    return Tournament(name="swiss", start=start, system="swiss", players=players)


_DRAUGHTS_CODE = {2: "1", 1: "=", 0: "0"}


def draughts_swiss(player_rating: int | None, opponents: list[int | None],
                   scores: list[int], time_control: str | None = "90+1",
                   start: date = date(2024, 6, 1), **player_fields) -> Tournament:
    """Player 1 against one opponent a round, draughts points (2/1/0)."""
    me = Player(1, "Player", rating=player_rating, **player_fields)
    players = [me]
    for round_, (rating, score) in enumerate(zip(opponents, scores, strict=True), start=1):
        other = Player(round_ + 1, f"Opponent {round_}", rating=rating)
        me.results.append(RoundResult(round_, other.number, "w", _DRAUGHTS_CODE[score], score))
        other.results.append(RoundResult(round_, 1, "b", _DRAUGHTS_CODE[2 - score], 2 - score))
        players.append(other)
    return Tournament(name="draughts", start=start, system="swiss", game="draughts",
                      time_control=time_control, players=players)
