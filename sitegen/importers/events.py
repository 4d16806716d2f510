"""The players of an event file, in any format rules_core reads."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from rules_core.check import read_tournament
from sitegen.compute.pipeline import list_dates
from sitegen.content import normal
from sitegen.content.folder import apply_meta
from sitegen.importers.model import Imported, ImportedList

__all__ = ["read_event_players", "list_in_force"]


def list_in_force(game: str, list_name: str, start: date | None) -> date | None:
    """The date of the list in force on `start`: the last list date of the
    edition's calendar on or before it (FIDE quarterly, six a year, then
    monthly; FMJD quarterly: pipeline.list_dates)."""
    if start is None:
        return None
    dates = list_dates(game, list_name, date(start.year - 1, 1, 1), start)
    return dates[-1][0] if dates else date(start.year, start.month, 1)


def read_event_players(text: str, source: str, game: str | None,
                       day: date | None = None) -> ImportedList:
    """Every player of the event but bye placeholders; their ratings as of
    the list in force when it began (fide-2009 4.13, fmjd Annex 9 §5.2),
    or as of `day` when given, for the players new to the registry only: a
    registered player's ratings are the registry's (the lists it computes
    or imports).  The event's NAME.meta.toml counts, as in the build."""
    t = read_tournament(text, source)
    meta_problems = apply_meta(Path(source), t)
    game = game or t.game
    rate = t.rate_of_play or "standard"
    rate = "rapid-blitz" if game == "draughts" and rate != "standard" else rate
    out = ImportedList(source, game, day or list_in_force(game, rate, t.start), [],
                       new_only=True)
    out.problems = [p.format(source) for p in t.problems if p.is_error]
    out.problems += [line for line in meta_problems if ": error: " in line]
    for p in t.players:
        if normal.is_placeholder(p) or not p.name.strip():
            continue
        player = Imported(p.id or "", p.name, p.federation or "", p.sex or "",
                          p.birth_year or (p.birth.year if p.birth else None), p.birth,
                          p.title or "", line=p.line or 0)
        if p.rating:
            player.ratings[rate] = p.rating
        out.players.append(player)
    return out
