"""One reading of sex, federation, names and bye placeholders for sitegen.

The rules live in `rules_core.normalize` (`normalise_sex`,
`normalise_federation`, `normalise_name`, `is_bye_placeholder`); this module
calls them and gives their answers the forms sitegen stores: sex ``m``,
``w`` or ``""``; a federation in capitals; a name as FIDE prints it.  Where
that module is absent, a minimal local reading of the same inputs is used
(docs/content-format.md, "Normalisation").
"""

from __future__ import annotations

import re
import unicodedata

try:  # the shared rules (rules_core/normalize.py)
    from rules_core import normalize as _rules
except ImportError:  # pragma: no cover - depends on the merge
    _rules = None

__all__ = ["sex", "federation", "display_name", "match_name", "is_bye"]

_WOMEN = {"w", "f", "female", "woman", "women", "v", "vrouw", "d", "dame"}
_MEN = {"m", "male", "man", "men", "h", "heer"}
_BYES = {"spielfrei", "bye", "dummy", "free", "vrij", "frei", "bye player", "pairing bye",
         "freilos", "exempt", "exempté"}


def sex(text: str | None) -> str:
    """``m``, ``w`` or ``""`` (unknown) for any of the spellings files use."""
    value = (text or "").strip()
    if not value:
        return ""
    if _rules is not None and hasattr(_rules, "normalise_sex"):
        value = str(_rules.normalise_sex(value) or "")
    key = value.strip().lower()
    if key in _WOMEN:
        return "w"
    return "m" if key in _MEN else ""


def federation(text: str | None) -> str:
    """FIDE's three-letter code in capitals (two-letter ISO codes mapped by
    rules_core.normalize where present)."""
    value = (text or "").strip()
    if value and _rules is not None and hasattr(_rules, "normalise_federation"):
        value = str(_rules.normalise_federation(value) or value)
    return value.upper()


def display_name(text: str) -> str:
    """FIDE's ``Surname, Given`` form: one space after the comma, single
    spaces inside."""
    if _rules is not None and hasattr(_rules, "normalise_name"):
        return str(_rules.normalise_name(text))
    name = " ".join(text.split())
    if "," in name:
        surname, given = name.split(",", 1)
        name = f"{surname.strip()}, {given.strip()}".rstrip(", ")
    return name


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
    if _rules is not None and hasattr(_rules, "is_bye_placeholder"):
        return bool(_rules.is_bye_placeholder(name or ""))
    return match_name(name or "") in _BYES
