"""The players of an event file, in any format rules_core reads."""

from __future__ import annotations

from datetime import date

from rules_core.check import read_tournament

from .. import normal
from .model import Imported, ImportedList

__all__ = ["read_event_players"]


def read_event_players(text: str, source: str, game: str | None) -> ImportedList:
    """Every player of the event but bye placeholders; their ratings as of
    the first day of the event's month (the list in force when it began,
    fide-2009 4.13, fmjd Annex 9 §5.2, on a monthly calendar)."""
    t = read_tournament(text, source)
    day = date(t.start.year, t.start.month, 1) if t.start else None
    game = game or t.game
    rate = t.rate_of_play or "standard"
    rate = "rapid-blitz" if game == "draughts" and rate != "standard" else rate
    out = ImportedList(source, game, day, [])
    out.problems = [p.format(source) for p in t.problems if p.is_error]
    for p in t.players:
        if normal.is_bye(p.name) or not p.name.strip():
            continue
        player = Imported(p.id or "", p.name, p.federation or "", p.sex or "",
                          p.birth_year or (p.birth.year if p.birth else None), p.birth,
                          p.title or "", line=p.line or 0)
        if p.rating:
            player.ratings[rate] = p.rating
        out.players.append(player)
    return out
