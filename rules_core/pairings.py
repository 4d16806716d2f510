"""Checks every reader applies to the pairings it read.

An opponent must be a player of the event, and a game must be written the
same way on both sides: same round, other colour, complementary result.
"""

from __future__ import annotations

from .model import Player, RoundResult
from .problems import ERROR, Problem

__all__ = ["COMPLEMENTARY", "pairing_problems"]

# What the opponent's entry must hold for the same game (TRF letters);
# "-" against "-" is a double forfeit, lost by both.
COMPLEMENTARY = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+",
                 "W": "L", "L": "W", "D": "D"}
_OTHER_COLOUR = {"w": "b", "b": "w"}


def pairing_problems(players: list[Player], prefix: str) -> list[Problem]:
    """Unknown opponents and games whose two sides disagree, each once."""
    by_number = {p.number: p for p in players}
    problems: list[Problem] = []
    for player in players:
        for result in player.results:
            if result.opponent is None:
                continue
            opponent = by_number.get(result.opponent)
            if opponent is None:
                problems.append(_problem(prefix, "unknown-opponent", result,
                                f"round {result.round}: opponent {result.opponent} "
                                "is not a player of this event"))
            elif player.number < opponent.number:
                problems.extend(_disagreement(prefix, player, result, opponent))
    return problems


def _disagreement(prefix, player: Player, result: RoundResult,
                  opponent: Player) -> list[Problem]:
    reply = next((r for r in opponent.results if r.round == result.round), None)
    if reply is None or reply.opponent != player.number:
        named = "nobody" if reply is None or reply.opponent is None else f"player {reply.opponent}"
        return [_problem(prefix, "asymmetric-pairing", result,
                         f"round {result.round}: player {player.number} meets "
                         f"{opponent.number}, but {opponent.number} meets {named}")]
    problems = []
    expected = COMPLEMENTARY.get(result.code)
    if expected is not None and reply.code != expected and not (result.code == reply.code == "-"):
        problems.append(_problem(prefix, "asymmetric-result", result,
                                 f"round {result.round}: player {player.number} has "
                                 f"{result.code!r} against {opponent.number}, who has "
                                 f"{reply.code!r}; expected {expected!r}"))
    if result.color in _OTHER_COLOUR and reply.color != _OTHER_COLOUR[result.color]:
        problems.append(_problem(prefix, "asymmetric-colour", result,
                                 f"round {result.round}: players {player.number} and "
                                 f"{opponent.number} both have colour {result.color!r}"))
    return problems


def _problem(prefix, code, result, message) -> Problem:
    return Problem(ERROR, f"{prefix}.{code}", message, result.line, result.column)
