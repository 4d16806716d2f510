"""The FMJD edition: Annex 9 as it stands in the 2024 annexes.

One edition for both lists: the standard list and the separate
"rapid-blitz" list (fmjd Annex 9 §1.2.2.2), told apart by the time for the
first 60 moves.
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from .rating import countable_for

__all__ = ["FmjdEdition", "FMJD_EDITIONS"]


class FmjdEdition:
    """fmjd Annex 9 (FMJD rating system and its application rules), 2024."""

    id = "fmjd-2024"
    title = "FMJD Annexes 2024: Annex 9 rating, Annex 10 titles, Annexes 3, 5, 17, 18"
    source = "fmjd-annexes-2024.txt"
    doc = "fmjd Annex 9"
    game: Literal["draughts"] = "draughts"
    effective = date(2024, 1, 1)
    rates: tuple[str, ...] = ("standard", "rapid", "blitz")
    url = "content/regulations/fmjd-annexes-2024.txt"
    summary = ""                         # the first FMJD edition: nothing before it
    by_date = True
    caveats: tuple[str, ...] = ()
    list_months: tuple[int, ...] = (1, 4, 7, 10)   # §4.3: 1 January, April, July, October
    # §4.4, §6.2a: (month, day) of each closing date (FIDE editions'
    # `closing_days` is a number of days instead).
    closing_dates: tuple[tuple[int, int], ...] = ((3, 15), (6, 15), (9, 15), (12, 15))

    def cite_section(self, article: str) -> str:
        """``fmjd Annex 9 §article``: a section number of Annex 9 (FIDE
        editions' `cite` takes a key of their `articles` instead)."""
        return f"{self.doc} §{article}"

    def __repr__(self) -> str:
        return f"<edition {self.id} from {self.effective.isoformat()}>"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled as its id, unpickled as the registry's own object, as
        FIDE's editions (`FideEdition.__reduce__`)."""
        if not any(type(e) is type(self) for e in FMJD_EDITIONS if e.id == self.id):
            raise TypeError(f"cannot pickle {self!r}: not the registry's edition {self.id!r}")
        return _fmjd_edition, (self.id,)

    def rate_of_play(self, minutes: float) -> str:
        """§1.2.2.1: 30 minutes or more for the first 60 moves count for the
        standard list; §1.2.2.2: below, the rapid-blitz list (blitz here: at
        most 15 minutes, the band of its 100 % factor)."""
        if minutes >= 30:
            return "standard"
        return "blitz" if minutes <= 15 else "rapid"

    def rating_list(self, minutes: float) -> str:
        return countable_for(minutes).rating_list

    def k_percent(self, minutes: float) -> int:
        return countable_for(minutes).k_percent


FMJD_EDITIONS: tuple[FmjdEdition, ...] = (FmjdEdition(),)


def _fmjd_edition(edition_id: str) -> FmjdEdition:
    """A pickled edition made again (`FmjdEdition.__reduce__`): the one of
    `FMJD_EDITIONS` with its id, which rules_core.editions.get_edition gives."""
    return next(e for e in FMJD_EDITIONS if e.id == edition_id)
