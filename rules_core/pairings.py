"""Checks every reader applies to the pairings it read.

An opponent must be another player of the event, and a game must be
written the same way on both sides: the opponent's entry for that round
names the player back, with the other colour and the complementary result.
Every entry is checked from its own side, so a one-sided pairing is found
whichever player wrote it; a game written on both sides is compared once.
"""

from __future__ import annotations

from .model import Player, RoundResult
from .problems import ERROR, Problem

__all__ = ["COMPLEMENTARY", "pairing_problems"]

# What the opponent's entry must hold for the same game: TRF letters, and
# the FMJD referee decisions.  "-" against "-" is a double forfeit.
COMPLEMENTARY = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+",
                 "W": "L", "L": "W", "D": "D",
                 "2x0": "0x2", "0x2": "2x0", "1x1": "1x1", "0x0": "0x0",
                 "=+": "=-", "=-": "=+", "1+": "1-", "1-": "1+"}
_DOUBLE_FORFEIT = ("-", "-")
_OTHER_COLOUR = {"w": "b", "b": "w"}


def pairing_problems(players: list[Player], prefix: str,
                     skip: frozenset[tuple[int, int]] = frozenset(),
                     colour_offset: int = 0, result_offset: int = 0) -> list[Problem]:
    """Every unknown opponent, self-pairing and one-sided or contradictory
    game.  `skip` holds (player, round) entries a reader already reported as
    unreadable; the offsets point a problem at the colour or result column
    of a fixed-column format."""
    checker = _Checker(players, prefix, skip, colour_offset, result_offset)
    for player in players:
        for result in player.results:
            if result.opponent is not None:
                checker.check(player, result)
    return checker.problems


class _Checker:
    def __init__(self, players: list[Player], prefix: str,
                 skip: frozenset[tuple[int, int]], colour_offset: int,
                 result_offset: int) -> None:
        self.by_number = {p.number: p for p in players}
        # each player's first entry of each round, so that the other side
        # of a game is found at once: O(players x rounds) in all
        self.by_round: dict[int, dict[int, RoundResult]] = {}
        for p in self.by_number.values():
            rounds = self.by_round.setdefault(p.number, {})
            for r in p.results:
                rounds.setdefault(r.round, r)
        self.prefix, self.skip = prefix, skip
        self.offsets = (colour_offset, result_offset)
        self.problems: list[Problem] = []

    def report(self, code: str, message: str, result: RoundResult, offset: int = 0) -> None:
        column = None if result.column is None else result.column + offset
        self.problems.append(Problem(ERROR, f"{self.prefix}.{code}", message,
                                     result.line, column))

    def check(self, player: Player, result: RoundResult) -> None:
        """One entry with an opponent (`pairing_problems` passes no other)."""
        if result.opponent is None:
            return
        if result.opponent == player.number:
            self.report("self-pairing", f"round {result.round}: player {player.number} "
                        "is paired with themself", result)
            return
        other = self.by_number.get(result.opponent)
        if other is None:
            self.report("unknown-opponent", f"round {result.round}: opponent "
                        f"{result.opponent} is not a player of this event", result)
            return
        if (other.number, result.round) in self.skip:
            return      # the other side is unreadable and already reported
        reply = self.by_round[other.number].get(result.round)
        if reply is None or reply.opponent != player.number:
            named = ("no opponent" if reply is None or reply.opponent is None
                     else f"opponent {reply.opponent}")
            where = f"round {result.round}"
            self.report("asymmetric-pairing", f"{where}: player {player.number} names "
                        f"{other.number} as opponent, but player {other.number}'s "
                        f"{where} names {named}", result)
        elif player.number < other.number:
            self.compare(player, result, other, reply)

    def compare(self, player: Player, result: RoundResult, other: Player,
                reply: RoundResult) -> None:
        expected = COMPLEMENTARY.get(result.code)
        codes = (result.code, reply.code)
        if expected is not None and reply.code != expected and codes != _DOUBLE_FORFEIT:
            self.report("asymmetric-result", f"round {result.round}: player "
                        f"{player.number} has {result.code!r} against {other.number}, "
                        f"who has {reply.code!r}; expected {expected!r}",
                        result, self.offsets[1])
        colours = (result.color, reply.color)
        if result.color in _OTHER_COLOUR and result.color == reply.color:
            self.report("asymmetric-colour", f"round {result.round}: players "
                        f"{player.number} and {other.number} both have colour "
                        f"{colours[0]!r}; expected w against b", result, self.offsets[0])
