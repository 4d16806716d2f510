"""The registry of editions: every rule set by id, and the one in force.

An event is rated with the edition in force on its start date for its game
and rate of play (DESIGN: Editions); ``--rules ID`` forces one.
"""

from __future__ import annotations

from datetime import date

from .fide.editions import FIDE_EDITIONS, FideEdition
from .fmjd.edition import FMJD_EDITIONS, FmjdEdition

__all__ = ["EDITIONS", "Edition", "get_edition", "edition_for", "UnknownEdition"]

Edition = FideEdition | FmjdEdition

EDITIONS: tuple[Edition, ...] = tuple(
    sorted(FIDE_EDITIONS + FMJD_EDITIONS, key=lambda e: (e.game, e.effective, e.id)))


class UnknownEdition(ValueError):
    """An edition id that is not in the registry."""


def get_edition(name: str) -> Edition:
    """The edition with this id; ``ValueError`` naming the known ones."""
    for edition in EDITIONS:
        if edition.id == name:
            return edition
    known = ", ".join(e.id for e in EDITIONS)
    raise UnknownEdition(f"unknown edition: {name!r} (known: {known})")


def edition_for(game: str, rate: str, start: date) -> Edition | None:
    """The latest edition for `game` and `rate` whose effective date is on or
    before `start`; None when none was in force yet."""
    candidates = [e for e in EDITIONS if e.game == game and rate in e.rates
                  and e.effective <= start]
    return max(candidates, key=lambda e: e.effective, default=None)
