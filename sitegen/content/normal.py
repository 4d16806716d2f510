"""One reading of sex, federation, names and bye placeholders for sitegen.

The rules live in `rules_core.normalize` (`normalise_sex`,
`normalise_federation`, `normalise_name`, `is_bye_placeholder`); this module
calls them and gives their answers the forms sitegen stores: sex ``m``,
``w`` or ``""``; a federation code; a name as FIDE prints it
(docs/content-format.md, "Normalisation").
"""

from __future__ import annotations

import re
import unicodedata

from rules_core import normalize as _rules

__all__ = ["sex", "federation", "display_name", "match_name", "is_bye", "is_placeholder"]

def _value(answer):
    """rules_core.normalize answers (value, warning); the value is kept
    (the warning is the loader's own message, said with its file:line)."""
    return answer[0] if isinstance(answer, tuple) else answer


def sex(text: str | None) -> str:
    """``m``, ``w`` or ``""`` (unknown): ``m``/``M`` a man, ``w``/``W``/
    ``f``/``F`` a woman."""
    value = (text or "").strip()
    return _value(_rules.normalise_sex(value)) or ""


def federation(text: str | None) -> str:
    """FIDE's three-letter code in capitals (two-letter ISO codes mapped to
    FIDE's by rules_core.normalize); anything else as written."""
    value = (text or "").strip()
    return _value(_rules.normalise_federation(value)) or ""


def display_name(text: str) -> str:
    """FIDE's ``Surname, Given`` spacing: one space after a comma, single
    spaces inside; case and word order as written."""
    return _rules.normalise_name(text)


def match_name(text: str) -> str:
    """The key names are matched by: letters without accents, casefolded,
    the words in order, punctuation dropped (``Vasquez,Rodrigo`` and
    ``Vásquez, Rodrigo`` meet)."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w]+", " ", plain.casefold()).split())


def is_bye(name: str | None) -> bool:
    """A placeholder a pairing program enters for a bye (``spielfrei``,
    ``BYE``, ``Dummy``): never a player."""
    return _rules.is_bye_placeholder(name or "")


def is_placeholder(player) -> bool:
    """A bye's name with no FIDE id and no rating: not a player (the rule of
    rules_core.normalize, which removes them as files are read)."""
    return is_bye(player.name) and not player.id and not player.rating
