"""Imported players into the registry: matched, reported, written.

A player is the registry's when the id is there; else when exactly one
registry player has the same normalised name and, where both sides give
them, the same birth year and federation (said in the report).  Two or
more candidates: nothing is written for that player and the report names
them (two people are never merged silently).  No candidate: a new player.
The ratings are written as the row of the list's date in
``players/<game>-ratings.csv``: a row already there with the same values
is left as it is, so importing the same file again changes nothing; other
dates are kept (the history).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

from sitegen.content import normal
from sitegen.content.folder import LISTS
from sitegen.content.registry import IDENTITY_COLUMNS, rating_columns
from sitegen.content.settings import safe_slug
from sitegen.importers.model import Imported, ImportedList

__all__ = ["Registry", "Outcome", "merge"]


@dataclass
class Outcome:
    """What an import did, a line per player concerned."""

    new: list[str] = field(default_factory=list)
    by_name: list[str] = field(default_factory=list)
    ambiguous: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    differs: list[str] = field(default_factory=list)
    updated: int = 0
    unchanged: int = 0

    def lines(self) -> list[str]:
        out = [f"new: {x}" for x in self.new] + [f"matched by name: {x}" for x in self.by_name]
        out += [f"ambiguous, not imported: {x}" for x in self.ambiguous]
        out += [f"not imported: {x}" for x in self.skipped]
        out += [f"registry kept: {x}" for x in self.differs]
        out.append(f"{len(self.new)} new, {len(self.by_name)} matched by name, "
                   f"{len(self.ambiguous)} ambiguous, {len(self.skipped)} not imported, "
                   f"{self.updated} rows written, {self.unchanged} unchanged")
        return out


class Registry:
    """players/<game>.csv and players/<game>-ratings.csv as rows of text."""

    def __init__(self, content: Path, game: str):
        self.game, self.lists = game, LISTS[game]
        self.identity_path = content / "players" / f"{game}.csv"
        self.ratings_path = content / "players" / f"{game}-ratings.csv"
        self.identity_columns, self.identity = _read(self.identity_path, IDENTITY_COLUMNS)
        self.rating_columns, self.rows = _read(
            self.ratings_path, ("id", "date", *rating_columns(self.lists), "title"))
        self.by_id = {row["id"]: row for row in self.identity}
        self.by_name: dict[str, list[dict]] = {}
        for row in self.identity:
            self.by_name.setdefault(normal.match_name(row["name"]), []).append(row)
        self.dated = {(row["id"], row["date"]): row for row in self.rows}
        self.file_ids: set[str] = set()    # the ids the file being merged gives

    def write(self) -> None:
        self.identity_path.parent.mkdir(parents=True, exist_ok=True)
        _write(self.identity_path, self.identity_columns, self.identity)
        rows = sorted(self.rows, key=lambda r: (_id_key(r["id"]), r["date"]))
        _write(self.ratings_path, self.rating_columns, rows)


def merge(registry: Registry, imported: ImportedList, only_registered: bool = False,
          federation: str = "") -> Outcome:
    outcome = Outcome()
    day = imported.date.isoformat() if imported.date else ""
    players = _once(registry, imported, federation, outcome)
    registry.file_ids = {p.id for p in players if p.id}
    claimed = _claims(registry, players)
    for player in players:
        if not (player.id and player.id in registry.by_id) and claimed.get(id(player)):
            outcome.ambiguous.append(f"{imported.source}:{player.line}: {player.name!r} and "
                                     f"another player of the file both match registry id "
                                     f"{claimed[id(player)]} by name")
            continue
        known = len(outcome.new)
        row = _match(registry, player, outcome, only_registered, imported.source)
        if imported.new_only and len(outcome.new) == known:
            continue
        if row is not None and player.ratings and day:
            _dated(registry, row["id"], day, player, outcome)
    return outcome


def _once(registry, imported: ImportedList, federation: str, outcome) -> list[Imported]:
    """The file's players of `federation` and those already registered
    (foreign players kept up to date), an id given twice reported and its
    second line left out."""
    first_line: dict[str, int] = {}
    out = []
    for player in imported.players:
        if federation and normal.federation(player.federation) != federation \
                and player.id not in registry.by_id:
            continue
        if player.id and first_line.setdefault(player.id, player.line) != player.line:
            outcome.skipped.append(f"{imported.source}:{player.line}: id {player.id} is "
                                   f"given again (first on line {first_line[player.id]})")
            continue
        out.append(player)
    return out


def _claims(registry, players) -> dict[int, str]:
    """Players of one file that would match the same registry player by
    name: none of them is taken for him."""
    by_target: dict[str, list[Imported]] = {}
    for player in players:
        if player.id and player.id in registry.by_id:
            continue
        found = _by_name(registry, player)
        if len(found) == 1:
            by_target.setdefault(found[0]["id"], []).append(player)
    return {id(p): target for target, group in by_target.items() if len(group) > 1
            for p in group}


def _by_name(registry, player: Imported) -> list[dict]:
    """The registry players of the player's normalised name who agree on
    birth year and federation, but those whose id the file gives to a line
    of its own (that line is them: so a second import decides as the
    first)."""
    return [r for r in registry.by_name.get(normal.match_name(player.name), [])
            if r["id"] not in registry.file_ids and _agrees(player, r)]


def _match(registry, player: Imported, outcome, only_registered, source) -> dict | None:
    if player.id and player.id in registry.by_id:
        _compare(registry.by_id[player.id], player, outcome, source)
        return registry.by_id[player.id]
    found = _by_name(registry, player)
    where = f"{source}:{player.line}: {player.name!r}"
    if len(found) > 1:
        outcome.ambiguous.append(f"{where} could be ids {', '.join(r['id'] for r in found)} "
                                 "(give the id in the file, or tell them apart)")
        return None
    if found:
        outcome.by_name.append(f"{where} (id {player.id or 'none'}) is registry id "
                               f"{found[0]['id']}")
        return found[0]
    if only_registered:
        return None
    if not player.id or not safe_slug(player.id):
        outcome.skipped.append(f"{where}: no usable id (letters, digits, '.', '_', '-')")
        return None
    return _add(registry, player, outcome, where)


def _compare(row: dict, player: Imported, outcome, source) -> None:
    """A name or federation that differs from the registry's is said; the
    registry's is kept (a transfer or a new spelling is the officer's call)."""
    theirs = {"name": normal.display_name(player.name),
              "federation": normal.federation(player.federation)}
    for key, value in theirs.items():
        if value and row.get(key) and row[key] != value:
            outcome.differs.append(f"{source}:{player.line}: id {row['id']}: {key} "
                                   f"{value!r} in the file, {row[key]!r} in the registry")


def _add(registry, player: Imported, outcome, where) -> dict:
    row = {c: "" for c in registry.identity_columns}
    birth = player.birth.isoformat() if player.birth else (str(player.birth_year or ""))
    row.update(id=player.id, name=normal.display_name(player.name),
               federation=normal.federation(player.federation), sex=normal.sex(player.sex),
               birth=birth, title=player.title)
    registry.identity.append(row)
    registry.by_id[player.id] = row
    registry.by_name.setdefault(normal.match_name(player.name), []).append(row)
    outcome.new.append(f"{where} as id {player.id}")
    return row


def _dated(registry, pid: str, day: str, player: Imported, outcome) -> None:
    """The row of (id, date): the ratings of this file, the games unknown
    (blank); the title as the file gives it."""
    row = dict(registry.dated.get((pid, day)) or {c: "" for c in registry.rating_columns})
    before = dict(row)
    row.update(id=pid, date=day)
    for name, rating in player.ratings.items():
        if name in registry.lists:
            row[name] = str(rating)
    if "title" in row and player.title:
        row["title"] = player.title
    if before == row:
        outcome.unchanged += 1
        return
    if (pid, day) in registry.dated:
        registry.dated[(pid, day)].update(row)
    else:
        registry.rows.append(row)
        registry.dated[(pid, day)] = row
    outcome.updated += 1


def _agrees(player: Imported, row: dict) -> bool:
    year = str(player.birth_year or "")
    if year and row.get("birth") and not row["birth"].startswith(year):
        return False
    fed = normal.federation(player.federation)
    return not (fed and row.get("federation") and row["federation"] != fed)


def _id_key(text: str):
    return (0, int(text), "") if text.isascii() and text.isdigit() else (1, 0, text)


def _read(path: Path, default_columns) -> tuple[list[str], list[dict]]:
    if not path.exists():
        return list(default_columns), []
    reader = csv.DictReader(io.StringIO(path.read_text("utf-8-sig")))
    columns = [c.strip() for c in reader.fieldnames or default_columns]
    for column in default_columns:
        if column not in columns:
            columns.append(column)
    rows = [{c: (row.get(c) or "").strip() for c in columns} for row in reader]
    return columns, rows


def _write(path: Path, columns, rows) -> None:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, columns, lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)
    path.write_bytes(buffer.getvalue().encode("utf-8"))
