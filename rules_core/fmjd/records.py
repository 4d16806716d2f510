"""What the draughts readers share.

The FMJD titles (fmjd Annex 10, Preamble) and the draughts result codes the
readers share (fmjd Annex 9 §11, see `rules_core.model`).
"""

from __future__ import annotations

import re

from ..model import REFEREE_CODES

__all__ = ["FMJD_TITLES",
           "RATING_LISTS", "PLAYED_BY_SCORE", "BYE_BY_SCORE", "CODE_SCORES",
           "normalise_title"]

# fmjd Annex 10, Preamble: the titles FMJD recognises; the same titles "for
# the international game on the 64 board" carry " 64" (CMF 64, GMI 64, ...).
FMJD_TITLES = ("GMI", "MI", "MF", "CMF", "GMIF", "MIF", "MFF", "CMFF")
_TITLE = re.compile(r"^(?P<title>[A-Za-z]+)\s*(?P<board>64)?$")

# fmjd Annex 9 §6.3: the list (A, B or C) a rated player is published on.
RATING_LISTS = ("A", "B", "C")

# fmjd Annex 9 §11 and rules_core.model: a played game scores 2 / 1 / 0 and
# is written "1" / "=" / "0"; a round without a game (opponent 0 in the
# official format) is a pairing bye "U", a half-point bye "H" or "Z".
PLAYED_BY_SCORE = {2: "1", 1: "=", 0: "0"}
BYE_BY_SCORE = {2: "U", 1: "H", 0: "Z"}
CODE_SCORES = {"1": 2.0, "=": 1.0, "0": 0.0, "+": 2.0, "-": 0.0,
               "U": 2.0, "F": 2.0, "H": 1.0, "Z": 0.0, **REFEREE_CODES}


def normalise_title(raw: str | None) -> tuple[str | None, bool]:
    """An FMJD title as fmjd Annex 10 writes it ("mf" -> "MF", "gmi 64" ->
    "GMI 64"), and whether it is one of them; an unknown title comes back
    upper-cased, for the caller to report."""
    text = (raw or "").strip()
    if not text:
        return None, True
    match = _TITLE.fullmatch(text)
    if match is None or match["title"].upper() not in FMJD_TITLES:
        return text.upper(), False
    board = " 64" if match["board"] else ""
    return match["title"].upper() + board, True
