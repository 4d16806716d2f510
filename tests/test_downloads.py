"""sitegen.site.downloads: the CSV download neutralises formula-leading cells.

Cases: OWASP "CSV Injection" (https://owasp.org/www-community/attacks/CSV_Injection):
a cell starting with =, +, -, @, tab or carriage return gets a leading
apostrophe; numbers (a negative change) stay numbers.
"""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest

from sitegen.compute.sitedata import ListEntry, PublishedList
from sitegen.site.downloads import list_csv, neutralise

# (text as entered, cell as written)
CASES = [
    ("=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"),
    ("+1+1", "'+1+1"),
    ("-2+3", "'-2+3"),
    ("@SUM(A1)", "'@SUM(A1)"),
    ("\t=1", "'\t=1"),
    ("\r=1", "'\r=1"),
    ("-5", "'-5"),                  # text that looks like a number stays text
    ("Smith, John", "Smith, John"),
    ("O'Neil, Ann", "O'Neil, Ann"),
    ("", ""),
]


@pytest.mark.parametrize("text, cell", CASES)
def test_neutralise(text, cell):
    assert neutralise(text) == cell


def _list(name: str, federation: str, change: int | None) -> PublishedList:
    entry = ListEntry(id="1", name=name, federation=federation, sex="m", birth_year=1990,
                      title="", rating=2100, rank=1, games=9, change=change)
    return PublishedList("chess", "standard", date(2025, 4, 1), "fide-standard-2024",
                         [entry], [])


def _row(pl: PublishedList) -> dict:
    return next(csv.DictReader(io.StringIO(list_csv(pl))))


@pytest.mark.parametrize("text, cell", CASES)
def test_names_in_the_csv_download(text, cell):
    # a line break inside a cell is written as a space (one row a player)
    assert _row(_list(text, "ENG", 0))["name"] == cell.replace("\r", " ")


def test_a_negative_change_is_a_number():
    row = _row(_list("=cmd|' /C calc'!A0", "@X", -12))
    assert row["change"] == "-12"
    assert row["name"] == "'=cmd|' /C calc'!A0" and row["federation"] == "'@X"
