"""FIDE's rating list downloads (ratings.fide.com/download_lists.phtml).

The TXT files are fixed width, a player a line, CRLF, with a header line
(``ID Number  Name ... Fed Sex Tit WTit OTit FOA ...``).  The single lists
(standard, rapid, blitz) are 136 characters wide: one rating, its games of
the month (``Gm``) and K; the combined ``players_list`` is 162 wide with
the three.  The XML (``<playerslist><player>...``) names the same fields
(``fideid, name, country, sex, title, w_title, rating, games, k,
rapid_rating, ..., birthday, flag``).  ``Gm`` is the games of the last
period, not the games to date: it is not imported (the count stays
unknown, docs/content-format.md).  Columns: the real lines of FIDE's
August 2026 lists (tests/test_importers.py).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import date

from sitegen.importers.model import Imported, ImportedList

__all__ = ["read_fide_text", "read_fide_xml", "list_date_from_name", "looks_like_fide_text",
           "SINGLE", "COMBINED"]

# (field, start, end): 0-based, end exclusive
_IDENTITY = (("id", 0, 15), ("name", 15, 76), ("federation", 76, 80), ("sex", 80, 84),
             ("title", 84, 89), ("woman_title", 89, 94))
SINGLE = _IDENTITY + (("rating", 113, 119), ("birth_year", 126, 132), ("flag", 132, 136))
COMBINED = _IDENTITY + (("standard", 113, 119), ("rapid", 126, 132), ("blitz", 139, 145),
                        ("birth_year", 152, 158), ("flag", 158, 162))
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def list_date_from_name(name: str) -> date | None:
    """FIDE names its files by month: ``standard_aug26frl.txt``,
    ``players_list_aug2026``; the list is of the 1st of that month."""
    match = re.search(r"(" + "|".join(_MONTHS) + r")[_-]?(\d{4}|\d{2})(?!\d)", name.lower())
    if not match:
        return None
    year = int(match.group(2))
    return date(year if year > 99 else 2000 + year, _MONTHS.index(match.group(1)) + 1, 1)


def list_from_name(name: str) -> str | None:
    for rate in ("standard", "rapid", "blitz"):
        if rate in name.lower():
            return rate
    return None


def looks_like_fide_text(text: str) -> bool:
    first = next((line for line in text.splitlines() if line.strip()), "")
    return first.startswith("ID Number") or bool(re.match(r"\d{3,12} +\S", first)) \
        and len(first.rstrip("\r\n")) in range(130, 170)


def read_fide_text(text: str, source: str, day: date | None, rate: str | None) -> ImportedList:
    """Every line a player; a line of another width, or a field that is
    not what its column holds, is reported with its line number."""
    out = ImportedList(source, "chess", day, [])
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"),
                                  start=1):
        if not line.strip() or line.startswith("ID Number"):
            continue
        layout = COMBINED if len(line) > 150 else SINGLE
        if layout is SINGLE and rate is None:
            out.problems.append(f"{source}:{number}: a single list's line, but which list "
                                "(standard, rapid, blitz)? give --list or keep FIDE's file name")
            return out
        player = _player(line, layout, rate, number, source, out.problems)
        if player is not None:
            out.players.append(player)
    return out


def _player(line, layout, rate, number, source, problems) -> Imported | None:
    cells = {name: line[a:b].strip() for name, a, b in layout}
    if not cells["id"].isdecimal() or not cells["name"]:
        problems.append(f"{source}:{number}: expected a FIDE id (digits) in columns 1-15 "
                        f"and a name in 16-76, got {line[:40].strip()!r}")
        return None
    player = Imported(cells["id"], cells["name"], cells["federation"], cells["sex"],
                      title=cells["title"] or cells["woman_title"], line=number)
    year = cells["birth_year"]
    player.birth_year = _year(year)
    ratings = {rate: cells["rating"]} if "rating" in cells else \
        {n: cells[n] for n in ("standard", "rapid", "blitz")}
    for name, value in ratings.items():
        if value.isdecimal() and len(value) <= 5 and int(value) > 0:
            player.ratings[name] = int(value)
        elif value:
            problems.append(f"{source}:{number}: {name} rating {value!r}: expected digits")
    return player


def _year(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) == 4 else None


_XML_RATINGS = {"rating": "standard", "rapid_rating": "rapid", "blitz_rating": "blitz"}


def read_fide_xml(text: str, source: str, day: date | None, rate: str | None) -> ImportedList:
    """``<playerslist><player>`` elements; a single list's XML has only
    ``rating`` (the list named by --list or the file name)."""
    out = ImportedList(source, "chess", day, [])
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        out.problems.append(f"{source}:{error.position[0]}: not well-formed XML: {error}")
        return out
    combined = root.find("player/rapid_rating") is not None
    for index, element in enumerate(root.iter("player"), start=1):
        cells = {child.tag: (child.text or "").strip() for child in element}
        if not cells.get("fideid", "").isdecimal() or not cells.get("name"):
            out.problems.append(f"{source}: player {index}: expected <fideid> digits and a "
                                "<name>")
            continue
        out.players.append(_xml_player(cells, index, combined, rate))
    return out


def _xml_player(cells: dict, index: int, combined: bool, rate: str | None) -> Imported:
    player = Imported(cells["fideid"], cells["name"], cells.get("country", ""),
                      cells.get("sex", ""), title=cells.get("title") or
                      cells.get("w_title", ""), line=index)
    player.birth_year = _year(cells.get("birthday", "")[:4])
    for tag, name in _XML_RATINGS.items():
        value = cells.get(tag, "")
        name = name if combined or tag != "rating" else (rate or "standard")
        if value.isdecimal() and len(value) <= 5 and int(value) > 0:
            player.ratings[name] = int(value)
    return player
