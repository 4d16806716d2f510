"""`sitegen import FILE ... [--content DIR]`: the command line of the importers.

Exit status: 0 when every player was imported or matched, 1 when a file
has errors or a player is ambiguous (the rest is written), 2 on a usage
error.
"""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

from sitegen.content.sources import SourceError, read_text
from sitegen.importers.events import read_event_players
from sitegen.importers.fide import (
    list_date_from_name,
    list_from_name,
    looks_like_fide_text,
    read_fide_text,
    read_fide_xml,
)
from sitegen.importers.fmjd import fmjd_date_from_name, looks_like_fmjd, read_fmjd
from sitegen.importers.merge import Registry, merge
from sitegen.importers.model import ImportedList

__all__ = ["add_parser", "run", "read_file"]


def add_parser(commands) -> None:
    parser = commands.add_parser("import", help="import rating lists and event players "
                                 "into the registry (players/*.csv)")
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="FIDE's TXT or XML list, FMJD's player file, or an event file")
    parser.add_argument("--content", default="content", help="the content folder")
    parser.add_argument("--date", type=_date, help="the list's date (default: from FIDE's "
                        "or FMJD's file name)")
    parser.add_argument("--list", choices=("standard", "rapid", "blitz"),
                        help="which list a single FIDE list is (default: from its name)")
    parser.add_argument("--game", choices=("chess", "draughts"),
                        help="the game of an event file (default: as the file says)")
    parser.add_argument("--federation", default="", metavar="FED",
                        help="add only the players of this federation (players of others "
                        "already in the registry are still updated)")
    parser.add_argument("--registered", action="store_true",
                        help="add no one: update only players already in the registry")


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        import argparse
        raise argparse.ArgumentTypeError(f"{text!r}: expected YYYY-MM-DD") from None


def read_file(path: Path, text: str, args) -> ImportedList:
    """By content: FIDE's XML, FIDE's fixed-width TXT, FMJD's CSV, else an
    event file."""
    name = path.name
    head = text.lstrip("\ufeff \r\n")[:200]
    if head.startswith("<") and "playerslist" in head:
        return read_fide_xml(text, str(path), args.date or list_date_from_name(name),
                             args.list or list_from_name(name))
    if looks_like_fmjd(text):
        return read_fmjd(text, str(path), args.date or fmjd_date_from_name(name))
    if looks_like_fide_text(text):
        return read_fide_text(text, str(path), args.date or list_date_from_name(name),
                              args.list or list_from_name(name))
    return read_event_players(text, str(path), args.game, args.date)


def run(args) -> int:
    content = Path(args.content)
    status = 0
    registries: dict[str, Registry] = {}
    for file in args.files:
        try:
            imported = read_file(Path(file), read_text(Path(file)), args)
        except SourceError as error:
            print(f"sitegen import: {error}", file=sys.stderr)
            return 2
        status = max(status, _one(imported, content, args, registries))
    for registry in registries.values():
        registry.write()
    return status


def _one(imported: ImportedList, content: Path, args, registries) -> int:
    if imported.problems:
        print("\n".join(imported.problems), file=sys.stderr)
        print(f"{imported.source}: not imported ({len(imported.problems)} errors)",
              file=sys.stderr)
        return 1
    if imported.date is None and any(p.ratings for p in imported.players):
        what = ("the event has no start date (in the file or its NAME.meta.toml)"
                if imported.new_only else "the list's date is not in the file name")
        print(f"{imported.source}: {what}: give --date YYYY-MM-DD, the date of the list "
              "its ratings are from", file=sys.stderr)
        return 1
    registry = registries.get(imported.game) or Registry(content, imported.game)
    registries[imported.game] = registry
    outcome = merge(registry, imported, args.registered, args.federation.upper())
    day = imported.date.isoformat() if imported.date else "no date"
    print(f"{imported.source}: {imported.game}, {len(imported.players)} players, as of {day}")
    print("\n".join(outcome.lines()))
    return 1 if outcome.ambiguous else 0
