"""Titleholders: who holds which title and counts as what (fmjd Annex 10).

The titles of the Preamble ("GMI", "MIF", "CMF 64" ...: the women's titles
end in F, the 64-board ones carry " 64", §12), the level a titleholder
counts with "for all conditions for titles and norms" (§2.1.1, values of
February 2024), and the titleholders a norm needs (§4.5.3, §4.5.4, §4.5.7)
with the conversions of §4.5.9 and §4.5.10.

Decided here (tested in tests/test_fmjd_norms.py): open norms count open
titles only; women's norms count women's titles and open titles as their
women's counterparts (a GMI as a GMIF), with the women's figures; only
titles of the event's board count; opponents count once each (a double
round robin meets them twice); a higher title counts for a lower one (1 GMI
and 2 MI are 3 MI); 3 MF(F) from 2210 (2110) count as 1 MI(F) (§4.5.9), 3
MI(F) from 2250 (2090; printed 2150, see `titles.MI_AS_GMI_RATING`) as 1
GMI(F), the MIs of §4.5.9 included ("1 MI(F) at 2250(2090)"); §4.5.10 counts
for GMI norms only, as it says.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from ..model import Player
from .records import normalise_title
from .titles import MF_AS_MI_RATING, MI_AS_GMI_RATING, TITLE_RATINGS

__all__ = ["NormError", "Title", "Titleholders", "LEVELS", "NORM_LEVELS", "cite",
           "parse_title", "title_name", "is_female", "title_level", "counts_as",
           "titleholders_met", "titleholder_minimum_met", "titleholder_reason"]

LEVELS = ("CMF", "MF", "MI", "GMI")      # fmjd Annex 10, Preamble, lowest first
NORM_LEVELS = ("MF", "MI", "GMI")        # the titles of table X-3

_FEMALE_SEXES = frozenset({"f", "w"})


class NormError(ValueError):
    """A value outside what Annex 10 defines (an unknown title, category ...)."""


def cite(article: str) -> str:
    return f"fmjd Annex 10 §{article}"


class Title(NamedTuple):
    """A title: its level (CMF, MF, MI, GMI), women's or not, its board."""

    level: str
    female: bool = False
    board: int = 100

    def __str__(self) -> str:
        return title_name(self.level, self.female, self.board)


_NAMES = {"GMI": ("GMI", False), "MI": ("MI", False), "MF": ("MF", False),
          "CMF": ("CMF", False), "GMIF": ("GMI", True), "MIF": ("MI", True),
          "MFF": ("MF", True), "CMFF": ("CMF", True)}


def parse_title(raw: str | None) -> Title | None:
    """A title as files write it ("gmi", "MIF 64"), None if none or unknown."""
    name, known = normalise_title(raw)
    if name is None or not known:
        return None
    base, _, board = name.partition(" ")
    level, female = _NAMES[base]
    return Title(level, female, 64 if board else 100)


def title_name(level: str, female: bool = False, board: int = 100) -> str:
    """"GMI", "MIF", "CMFF 64" ... as fmjd Annex 10 writes them."""
    if level not in LEVELS:
        raise NormError(f"unknown title level: {level!r}")
    return level + ("F" if female else "") + (" 64" if board == 64 else "")


def is_female(player: Player) -> bool:
    return (player.sex or "").lower() in _FEMALE_SEXES


def title_level(title: str | None, rating: int | None, female: bool, board: int) -> int:
    """§2.1.1: the level (0 none, 1 MF, 2 MI, 3 GMI) a titleholder counts with."""
    held = parse_title(title)
    if held is None or held.board != board or held.level == "CMF":
        return 0
    if held.female and not female:
        return 0
    gmi, mi = _title_ratings(female)
    r = rating or 0
    if held.level == "GMI" and r >= gmi:
        return 3
    if held.level in ("GMI", "MI") and r >= mi:
        return 2
    return 1


def _title_ratings(female: bool) -> tuple[int, int]:
    if female:
        return TITLE_RATINGS["GMIF"], TITLE_RATINGS["MIF"]
    return TITLE_RATINGS["GMI"], TITLE_RATINGS["MI"]


def counts_as(title: str | None, rating: int | None, *, female: bool = False,
              board: int = 100) -> str | None:
    """The title a titleholder counts with "for all conditions for titles and
    norms" (fmjd Annex 10 §2.1.1, 2024): a GMI rated 2300 or more as GMI,
    2250-2299 as MI, below as MF; an MI from 2250 as MI, below as MF (women:
    2165 and 2090).  `female`: for women's norms, where open titles count as
    their women's counterparts; for open norms women's titles count nothing.
    """
    level = title_level(title, rating, female, board)
    return title_name(NORM_LEVELS[level - 1], female, board) if level else None


# --- Titleholders met (§4.5.3-§4.5.10) ----------------------------------------

@dataclass(frozen=True)
class Titleholders:
    """Distinct opponents met, by the title they count with (§2.1.1)."""

    gmi: int = 0
    mi: int = 0
    mf: int = 0
    mf_as_mi: int = 0    # of the MF, rated 2210 (2110) or more: §4.5.9
    mi_as_gmi: int = 0   # of the MI, rated 2250 (2090) or more: §4.5.10

    def mi_equivalent(self) -> int:
        """MI met, with 3 MF from 2210 (2110) as 1 MI (§4.5.9)."""
        return self.mi + self.mf_as_mi // 3

    def gmi_equivalent(self) -> int:
        """GMI met, with 3 MI from 2250 (2090) as 1 GMI (§4.5.10), the MI
        from §4.5.9 ("1 MI at 2250") included."""
        return self.gmi + (self.mi_as_gmi + self.mf_as_mi // 3) // 3


def titleholders_met(opponents: Iterable[Player], *, female: bool = False,
                     board: int = 100) -> Titleholders:
    """Count the distinct opponents by the title they count with (fmjd
    Annex 10 §2.1.1) and those §4.5.9 and §4.5.10 let convert."""
    family = "female" if female else "open"
    counts: Counter[int | str] = Counter()
    for p in {p.number: p for p in opponents}.values():
        level = title_level(p.title, p.rating, female, board)
        counts[level] += 1
        rating = p.rating or 0
        counts["mf_as_mi"] += level == 1 and rating >= MF_AS_MI_RATING[family]
        counts["mi_as_gmi"] += level == 2 and rating >= MI_AS_GMI_RATING[family]
    return Titleholders(counts[3], counts[2], counts[1], counts["mf_as_mi"],
                        counts["mi_as_gmi"])


def titleholder_minimum_met(level: str, met: Titleholders) -> bool:
    """fmjd Annex 10 §4.5.3 (3 GMI), §4.5.4 (3 MI or 2 GMI), §4.5.7 (3 MF),
    with the conversions of §4.5.9 and §4.5.10; a higher title counts for a
    lower one."""
    if level == "GMI":
        return met.gmi_equivalent() >= 3
    if level == "MI":
        return met.gmi + met.mi_equivalent() >= 3 or met.gmi >= 2
    if level == "MF":
        return met.gmi + met.mi + met.mf >= 3
    raise NormError(f"no titleholder minimum for {level!r}")


def titleholder_reason(level: str, met: Titleholders, female: bool, board: int) -> str:
    """Why `met` falls short of the titleholders a `level` norm needs."""
    names = [title_name(x, female, board) for x in NORM_LEVELS]
    f = "female" if female else "open"
    gmi, mi = _title_ratings(female)
    needs = {"GMI": (f"3 {names[2]} (3 {names[1]} rated {MI_AS_GMI_RATING[f]} or more "
                     f"count as 1, 3 {names[0]} rated {MF_AS_MI_RATING[f]} or more as 1 "
                     f"{names[1]})", "4.5.3, §4.5.9, §4.5.10"),
             "MI": (f"3 {names[1]} or 2 {names[2]} (3 {names[0]} rated "
                    f"{MF_AS_MI_RATING[f]} or more count as 1 {names[1]})", "4.5.4, §4.5.9"),
             "MF": (f"3 {names[0]}", "4.5.7")}[level]
    return (f"met {met.gmi} {names[2]} rated {gmi} or more, {met.mi} {names[1]} rated "
            f"{mi} or more, {met.mf} {names[0]} ({met.mf_as_mi} rated "
            f"{MF_AS_MI_RATING[f]} or more): a {title_name(level, female, board)} norm "
            f"needs {needs[0]} ({cite(needs[1] + ', §2.1.1')})")
