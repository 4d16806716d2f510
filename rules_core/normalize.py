"""One normalisation of what every reader reads: sex, federation, names, byes.

Every reader's `Tournament` passes through `normalise_tournament` once, in
`rules_core.check.read_tournament` (and the readers of
`rules_core.check.READERS`), so a player reads the same from a TRF, a PGN,
a chess-results XML or a draughts export.  The single-value functions are
public so that the content loader and the importers apply the same rules to
the registry:

* `normalise_sex`: ``m``/``M`` a man, ``w``/``W``/``f``/``F`` a woman
  (TRF field 001 writes ``m``/``w``, FMJD and German programs ``f``);
  anything else is reported and taken as unknown.
* `normalise_federation`: FIDE's three-letter codes upper-cased; ISO 3166
  two-letter codes mapped to FIDE's (`rules_core.federations`).
* `normalise_name`: FIDE's ``Surname, Given`` spacing; the source spelling
  is kept in `Player.source_name` for matching.  A name without a comma
  (``Mirzoev Azer``) cannot be split safely and is kept as written.
* `is_bye_placeholder`: the pseudo-players that pairing programs enter to
  give the bye (``spielfrei``, ``BYE``, ``Dummy`` ...).

Decisions and their tests are in docs/formats.md ("Normalisation").
"""

from __future__ import annotations

import re
from dataclasses import replace

from .federations import FEDERATIONS, ISO_TO_FIDE
from .model import Player, RoundResult, Tournament
from .problems import WARNING, Problem

__all__ = ["normalise_sex", "normalise_federation", "normalise_name",
           "is_bye_placeholder", "normalise_tournament", "federation_name",
           "BYE_PLACEHOLDERS",
           "SEX_CODES"]

# What a sex field holds -> "m" (man) or "w" (woman), as the lists print it.
SEX_CODES = {"m": "m", "M": "m", "w": "w", "W": "w", "f": "w", "F": "w"}

# Names pairing programs give the pseudo-player of the bye, compared in
# lower case without spaces or punctuation: English, German (Swiss-Manager,
# "spielfrei", "frei", "freilos"), Dutch ("vrij"), French ("exempt").
BYE_PLACEHOLDERS = frozenset({"bye", "pairingbye", "byeplayer", "dummy", "free",
                              "spielfrei", "frei", "freilos", "vrij", "exempt"})

_ISO_CODE = re.compile(r"[A-Za-z]{2}(?:-[A-Za-z]{3})?")
_FIDE_CODE = re.compile(r"[A-Za-z]{3}")
_COMMA = re.compile(r"\s*,\s*")


def normalise_sex(value: str | None) -> tuple[str | None, str | None]:
    """(``"m"``, ``"w"`` or None, a warning or None) for a sex field."""
    text = (value or "").strip()
    if not text:
        return None, None
    if text in SEX_CODES:
        return SEX_CODES[text], None
    return None, (f"sex {text!r} not recognised: expected m (man) or w/f (woman); "
                  "taken as unknown")


def normalise_federation(value: str | None) -> tuple[str | None, str | None]:
    """(FIDE code or None, a warning or None) for a federation field:
    three letters upper-cased (national and draughts federations use codes
    of their own, so an unknown three-letter code is kept); ISO 3166 codes
    (``DE``, ``nl``, ``GB-ENG``) mapped to FIDE's (``GER``, ``NED``,
    ``ENG``); anything else reported and kept as written."""
    text = (value or "").strip()
    if not text:
        return None, None
    if _FIDE_CODE.fullmatch(text):
        return text.upper(), None
    if _ISO_CODE.fullmatch(text) and text.upper() in ISO_TO_FIDE:
        return ISO_TO_FIDE[text.upper()], None
    return text, (f"federation {text!r} is not a federation code: expected FIDE's "
                  "three letters (GER) or an ISO 3166 code (DE); kept as written")


def normalise_name(value: str | None) -> str:
    """FIDE's ``Surname, Given`` spacing: one space after each comma and
    none before, single spaces, no trailing comma.  No other change: case
    and word order are the source's (``Mirzoev Azer`` stays as it is)."""
    text = " ".join((value or "").split())
    return _COMMA.sub(", ", text).strip(", ")


def is_bye_placeholder(name: str | None) -> bool:
    """Whether a name is one pairing programs give the bye's pseudo-player
    (`BYE_PLACEHOLDERS`), whatever its case, spaces or punctuation."""
    key = "".join(ch for ch in (name or "").lower() if ch.isalnum())
    return key in BYE_PLACEHOLDERS


# -- a whole tournament --------------------------------------------------------

def normalise_tournament(t: Tournament) -> Tournament:
    """Apply the normalisations to a reader's `Tournament` in place (and
    return it): names, sex and federations of every player, the event's
    federation, and bye placeholders removed with their games turned into
    byes.  What changed is said in `t.notes`, what is wrong in `t.problems`."""
    mapped: dict[str, str] = {}
    for player in t.players:
        _normalise_player(t, player, mapped)
    t.federation = _federation(t, t.federation, None, mapped) or ""
    if mapped:
        pairs = ", ".join(f"{iso} -> {code}" for iso, code in sorted(mapped.items()))
        t.notes.append(f"federations given as ISO 3166 codes read as FIDE's: {pairs}")
    _remove_placeholders(t)
    return t


def _normalise_player(t: Tournament, p: Player, mapped: dict[str, str]) -> None:
    if p.source_name is None:
        p.source_name = p.name
    p.name = normalise_name(p.name)
    sex, warning = normalise_sex(p.sex)
    if warning:
        _warn(t, "normalize.sex", f"player {p.number}: {warning}", p.line)
    p.sex = sex
    p.federation = _federation(t, p.federation, p, mapped)


def _federation(t: Tournament, value: str | None, p: Player | None,
                mapped: dict[str, str]) -> str | None:
    code, warning = normalise_federation(value)
    if warning:
        who = f"player {p.number}: " if p else "event: "
        line = p.line if p else t.header_lines.get("032")     # TRF: the event's
        _warn(t, "normalize.federation", who + warning, line)
    elif code and value and value.strip().upper() != code:
        mapped[value.strip().upper()] = code
    return code


def _warn(t: Tournament, code: str, message: str, line: int | None) -> None:
    t.problems.append(Problem(WARNING, code, message, line))


def _remove_placeholders(t: Tournament) -> None:
    """A placeholder (a bye name, no FIDE id, no rating) is not a player:
    it is removed and each game against it becomes a bye of the opponent
    with the points the file gives (U full, H half, Z none)."""
    gone = {p.number: p for p in t.players      # the name looked at last: the costliest
            if not p.id and not p.rating and is_bye_placeholder(p.name)}
    if not gone:
        return
    full = 2.0 if t.game == "draughts" else 1.0
    t.players = [p for p in t.players if p.number not in gone]
    for player in t.players:
        player.results = [_as_bye(r, full) if r.opponent in gone else r
                          for r in player.results]
    for p in gone.values():
        where = f" (line {p.line})" if p.line else ""
        t.notes.append(f"{p.source_name!r}, number {p.number}{where}, is a bye "
                       "placeholder, not a player: left out, and each game against "
                       "it counted as a bye of the opponent (U full point, H half, "
                       "Z none)")


def _as_bye(result: RoundResult, full: float) -> RoundResult:
    code = "U" if result.score >= full else "H" if result.score * 2 == full else "Z"
    return replace(result, opponent=None, color=None, code=code)


def federation_name(code: str | None) -> str | None:
    """FIDE's name of a federation, None for a code FIDE does not have."""
    entry = FEDERATIONS.get(code or "")
    return entry[0] if entry else None
