"""FMJD's player file (published quarterly as ``V<yymmdd>.DRA``).

A comma-separated file whose first line names the columns; read by name:
``nr_ew`` (the FMJD id), ``last_n``, ``first_n``, ``country``, ``title``,
``rating``, ``wtitle`` (the women's title); the others (``nick``,
``wrating``) are not imported.  The list's date is in the file name
(``V240401.DRA``: 1 April 2024) or given with --date.
"""

from __future__ import annotations

import csv
import io
import re
from datetime import date

from sitegen.importers.model import Imported, ImportedList

__all__ = ["read_fmjd", "looks_like_fmjd", "fmjd_date_from_name", "REQUIRED"]

REQUIRED = ("nr_ew", "last_n", "first_n", "country", "rating")


def looks_like_fmjd(text: str) -> bool:
    first = text.lstrip("\ufeff").split("\n", 1)[0].lower()
    return "nr_ew" in first


def fmjd_date_from_name(name: str) -> date | None:
    match = re.search(r"v(\d{2})(\d{2})(\d{2})\.dra", name.lower())
    if not match:
        return None
    try:
        return date(2000 + int(match.group(1)), int(match.group(2)), int(match.group(3)))
    except ValueError:
        return None


def read_fmjd(text: str, source: str, day: date | None) -> ImportedList:
    out = ImportedList(source, "draughts", day, [])
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    columns = [c.strip().lower() for c in reader.fieldnames or ()]
    missing = [c for c in REQUIRED if c not in columns]
    if missing:
        out.problems.append(f"{source}:1: missing column {', '.join(missing)}: expected "
                            f"FMJD's player file ({', '.join(REQUIRED)}, ...)")
        return out
    for row in reader:
        cells = {(k or "").strip().lower(): (v or "").strip().strip('"')
                 for k, v in row.items() if isinstance(v, str)}
        number = reader.line_num
        if not cells["nr_ew"].isdecimal():
            out.problems.append(f"{source}:{number}: nr_ew {cells['nr_ew']!r}: expected the "
                                "FMJD id (digits)")
            continue
        name = ", ".join(x for x in (cells["last_n"], cells["first_n"]) if x)
        player = Imported(cells["nr_ew"], name, cells["country"],
                          title=cells.get("title") or cells.get("wtitle", ""), line=number)
        if cells.get("wtitle") and not cells.get("title"):
            player.sex = "w"
        rating = cells["rating"]
        if rating.isdecimal() and len(rating) <= 5 and int(rating) > 0:
            player.ratings["standard"] = int(rating)
        elif rating:
            out.problems.append(f"{source}:{number}: rating {rating!r}: expected digits")
        out.players.append(player)
    return out
