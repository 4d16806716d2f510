"""One player's games, as /check/norm/ sends them, judged for FIDE norms.

The page (templates/check/norm.html) sends the event, the player and one
row a game (the result empty for a game still to play); this builds the
tournament those rows make and answers with `norms_for_event`'s norms in
the check contract's form (`ChessNorm.as_dict`), so the browser and
`sitegen check --norms` show the same figures.  Standard library only: it
runs under Pyodide beside the rest of rules_core.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..model import Player, RoundResult, Tournament
from .norms import NormError, norms_for_event

__all__ = ["check_norm_form", "FormError"]

_SCORES = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}
_REPLY = {"1": "0", "=": "=", "0": "1"}
_SYSTEMS = ("round-robin", "double-round-robin", "swiss")


class FormError(ValueError):
    """A form the user can correct; the message says how."""


def check_norm_form(payload: dict[str, Any]) -> dict[str, Any]:
    """The norms of player 1 against the rows of the form: as the games
    stand, with the forecast for the games still to play (their opponents
    as typed).  Bad input answers ``{"error": message}``."""
    try:
        t, future = _tournament(payload)
        judged = norms_for_event(t, future={1: future})[1]
    except (FormError, NormError) as error:
        return {"error": str(error)}
    me = t.players[0]
    return {"game": "chess", "norms": [n.as_dict() for n in judged],
            "games": len(payload.get("games") or []), "played": len(me.results),
            "remaining": len(future), "achieved": _points(sum(
                (Fraction(r.score).limit_denominator(2) for r in me.results), Fraction(0)))}


def _tournament(payload: dict[str, Any]) -> tuple[Tournament, list[int]]:
    event = payload.get("event") or {}
    me = _person(1, payload.get("player") or {}, "your")
    players, future = [me], []
    rows = payload.get("games") or []
    if not rows:
        raise FormError("no games: add the opponents, with a result for each game played")
    for n, row in enumerate(rows, start=1):
        other = _person(n + 1, row, f"game {n}: the opponent's")
        players.append(other)
        result = (row.get("result") or "").strip()
        if result == "":
            future.append(other.number)
        elif result in _SCORES:
            _game(me, other, n, result)
        else:
            raise FormError(f"game {n}: result {result!r}: expected 1, =, 0 or empty")
    return _event(event, players, len(rows)), future


def _game(me: Player, other: Player, round_: int, code: str) -> None:
    score = _SCORES[code]
    me.results.append(RoundResult(round_, other.number, "w", code, float(score)))
    other.results.append(RoundResult(round_, me.number, "b", _REPLY[code], float(1 - score)))


def _person(number: int, row: dict[str, Any], whose: str) -> Player:
    return Player(number, _text(row.get("name")) or ("You" if number == 1 else
                                                     f"Opponent {number - 1}"),
                  rating=_rating(row.get("rating"), f"{whose} rating"),
                  title=(_text(row.get("title")).upper() or None),
                  federation=(_text(row.get("federation")).upper() or None),
                  sex=_text(row.get("sex")) or None)


def _event(event: dict[str, Any], players: list[Player], games: int) -> Tournament:
    system = _text(event.get("system")) or "round-robin"
    if system not in _SYSTEMS:
        raise FormError(f"system {system!r}: expected one of {', '.join(_SYSTEMS)}")
    rounds = _rating(event.get("rounds"), "rounds") or 0
    return Tournament(name="norm check", federation=_text(event.get("federation")).upper(),
                      system=system, rounds=max(rounds, games), game="chess",
                      time_control=_text(event.get("time_control")) or None,
                      rate_of_play="standard",
                      national_championship=bool(event.get("national_championship")),
                      players=players)


def _rating(value: object, what: str) -> int | None:
    text = _text(value)
    if not text:
        return None
    if not text.isdigit():
        raise FormError(f"{what} {text!r}: expected a whole number")
    return int(text)


def _text(value: object) -> str:
    return "" if value is None else str(value).strip()


def _points(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)
