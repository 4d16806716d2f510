"""sitegen.site.downloads: the CSV download neutralises formula-leading cells.

Cases: OWASP "CSV Injection" (https://owasp.org/www-community/attacks/CSV_Injection):
a cell starting with =, +, -, @, tab or carriage return gets a leading
apostrophe; numbers (a negative change) stay numbers.
"""

from __future__ import annotations

import csv
import io
import json
import marshal
import pickle
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


# -- compressed downloads and identical lists (docs/scale.md#output-size) ---------------

def _dated(day: date, rating: int = 2100, events=(), delisted=(), edition="fide-standard-2024",
           games: int = 0, change: int | None = 0) -> PublishedList:
    entry = ListEntry(id="1", name="Able, Ann", federation="TST", sex="w", birth_year=1990,
                      title="", rating=rating, rank=1, games=games, change=change)
    return PublishedList("chess", "standard", day, edition, [entry], list(events),
                         list(delisted))


def test_compressed_files_hold_the_plain_ones():
    import gzip
    import zipfile

    from sitegen.site.downloads import all_files, all_formats, text_zip

    pl = _dated(date(2025, 4, 1))
    files = dict(all_files(pl))
    assert sorted(files) == ["csv", "csv.gz", "json", "json.gz", "txt"]
    plain = dict(all_formats(pl))
    for ext in ("csv", "json", "txt"):
        assert files[ext] == plain[ext].encode("utf-8")
    assert gzip.decompress(files["csv.gz"]) == files["csv"]
    assert gzip.decompress(files["json.gz"]) == files["json"]
    archive = zipfile.ZipFile(io.BytesIO(text_zip("chess-standard-2025-04.txt", files["txt"])))
    assert archive.namelist() == ["chess-standard-2025-04.txt"]
    assert archive.read("chess-standard-2025-04.txt") == files["txt"]
    assert archive.infolist()[0].compress_type == zipfile.ZIP_DEFLATED


def test_compressed_files_are_the_same_bytes_each_time():
    """No time and no name in them: a build gives the bytes of the last."""
    from sitegen.site.downloads import all_files, text_zip

    pl = _dated(date(2025, 4, 1))
    assert all_files(pl) == all_files(pl)
    assert text_zip("a.txt", b"x\n") == text_zip("a.txt", b"x\n")


# (this list against the one before, the same list?)
SAME_CASES = [
    ({}, True),
    ({"rating": 2101}, False),
    ({"games": 3}, False),
    ({"change": 5}, False),
    ({"events": ["open"]}, False),          # an event rated, even changing nothing
    ({"delisted": ["2"]}, False),
    ({"edition": "fide-standard-2025"}, False),
]


@pytest.mark.parametrize("differs, same", SAME_CASES)
def test_same_list(differs, same):
    from sitegen.site.downloads import same_list

    assert same_list(_dated(date(2025, 5, 1), **differs), _dated(date(2025, 4, 1))) is same


def test_a_run_of_identical_lists_has_the_first_ones_files():
    from sitegen.site.downloads import sources

    lists = [_dated(date(2025, m, 1), rating=2100 + (m >= 7)) for m in range(3, 9)]
    lists[0] = _dated(date(2025, 3, 1), games=9, change=12)      # the month that changed
    assert [s.date.month for s in sources(lists)] == [3, 4, 4, 4, 7, 7]


def test_the_demo_links_an_unchanged_list_to_the_earlier_files(demo_site):
    """The demo's blitz list goes months without an event: those months'
    pages link to the files of the month it last changed, which exist, and
    no copy is written."""
    import re

    pages = sorted((demo_site / "lists" / "chess" / "blitz").glob("20??-??/index.html"))
    linked_elsewhere = 0
    for page in pages:
        key = page.parent.name
        html = page.read_text(encoding="utf-8")
        targets = re.findall(r'href="/(downloads/chess-blitz-[^"]+)"', html)
        assert len(targets) == 6 and all((demo_site / t).is_file() for t in targets)
        if not all(f"-{key}." in t for t in targets):
            linked_elsewhere += 1
            assert "unchanged since" in html
            assert not list((demo_site / "downloads").glob(f"chess-blitz-{key}.*"))
    assert linked_elsewhere > 0


# -- streamed downloads (docs/scale.md#memory) --------------------------------------------

def _many(count: int) -> PublishedList:
    """A list of `count` entries, names and changes varied (formula-leading
    names included), for the pieces of a streamed download."""
    entries = [ListEntry(id=str(10_000 + i), name=f"{'=@+-'[i % 4] if i % 7 == 0 else ''}"
                         f"Player{i}, Ann", federation="TST", sex="wm"[i % 2],
                         birth_year=1950 + i % 60, title="", rating=2800 - i // 3,
                         rank=1 + i, games=i % 11, change=(i % 9) - 4 if i % 5 else None,
                         k=20, new=i % 5 == 0)
               for i in range(count)]
    return PublishedList("chess", "standard", date(2025, 4, 1), "fide-standard-2024",
                         entries, ["open"], [])


@pytest.mark.parametrize("count, compact", [(0, True), (1, False), (4_500, True),
                                            (4_500, False)])
def test_streamed_files_are_the_whole_ones_bytes(tmp_path, count, compact):
    """write_files streams each format in pieces of CHUNK entries (4,500:
    three pieces) to the dated and the latest stem; every file has the bytes
    all_files and text_zip give of the whole text."""
    from sitegen.site.downloads import CHUNK, all_files, text_zip, write_files

    assert count < 3 * CHUNK
    pl = _many(count)
    stems = ["chess-standard-2025-04", "chess-standard-latest"]
    paths = write_files(pl, tmp_path / "downloads", stems, compact)
    whole = dict(all_files(pl, compact))
    expected = {}
    for stem in stems:
        expected.update({f"{stem}.{ext}": body for ext, body in whole.items()})
        expected[f"{stem}.zip"] = text_zip(f"{stem}.txt", whole["txt"])
    assert [p.name for p in paths] == [f"{s}.{e}" for s in stems
                                       for e in ("csv", "csv.gz", "json", "json.gz", "txt",
                                                 "zip")]
    assert {p.name: p.read_bytes() for p in paths} == expected
    assert sorted(p.name for p in (tmp_path / "downloads").iterdir()) == sorted(expected)


def test_a_large_site_writes_and_links_the_compressed_files_only(tmp_path):
    """Without `plain` (a large site, docs/scale.md#output-size) a list's
    downloads are .csv.gz, .json.gz and .zip only, the same bytes as with
    the plain files beside them, and file_links names those three."""
    from sitegen.site.downloads import file_links, write_files

    pl = _many(2_500)
    stems = ["chess-standard-2025-04", "chess-standard-latest"]
    both = write_files(pl, tmp_path / "both", stems, compact=True)
    packed = write_files(pl, tmp_path / "packed", stems, compact=True, plain=False)
    assert [p.name for p in packed] == [f"{s}.{e}" for s in stems
                                        for e in ("csv.gz", "json.gz", "zip")]
    assert sorted(p.name for p in (tmp_path / "packed").iterdir()) == sorted(
        p.name for p in packed)
    assert {p.name: p.read_bytes() for p in packed} == {
        p.name: p.read_bytes() for p in both if p.name.endswith(("gz", "zip"))}
    links = file_links("downloads/chess-standard-latest", "Text", plain=False)
    assert links == [("CSV, gzip", "downloads/chess-standard-latest.csv.gz"),
                     ("JSON, gzip", "downloads/chess-standard-latest.json.gz"),
                     ("Text, zip", "downloads/chess-standard-latest.zip")]


# The indented JSON download written by the C encoder (downloads._indented)
# against json.dumps(indent=1) of the same document: names with quotes,
# backslashes, non-ASCII letters, a line break; none, a negative change.
JSON_NAMES = ['O"Neil, Ann', "Back\\slash", "Müller, Jürgen – 李", "Two\nlines", ""]


@pytest.mark.parametrize("count", [0, 1, 3])
def test_the_indented_json_is_json_dumps_indent_1(count):
    from sitegen.site.downloads import _entry_dict, list_json
    entries = [ListEntry(id=str(i), name=JSON_NAMES[i % len(JSON_NAMES)], federation="ITA",
                         sex="f", birth_year=None if i else 2001, title="WFM", rating=2000 - i,
                         rank=i + 1, games=i, change=None if i == 1 else -i, k=20)
               for i in range(count)]
    pl = PublishedList("chess", "standard", date(2025, 4, 1), "fide-standard-2024", entries,
                       ["x"] if count else [], delisted=["9"] if count == 3 else [])
    document = {"game": "chess", "list": "standard", "date": "2025-04-01",
                "edition": "fide-standard-2024", "events": list(pl.events),
                "delisted": list(pl.delisted), "entries": [_entry_dict(e) for e in entries]}
    assert list_json(pl) == json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def _every_kind(count: int) -> PublishedList:
    """A list of `count` entries with every column's kinds of value."""
    entries = [ListEntry(str(1000 + i), f"Næme, {i}", ("FID", "ITA", "NED")[i % 3],
                         "mf"[i % 2], None if i % 7 == 0 else 1950 + i % 60,
                         "GM" if i % 11 == 0 else "", 1400 + i % 1300, i + 1, i % 12,
                         None if i % 5 == 0 else i % 40 - 20, (10, 20, 40)[i % 3],
                         "i" if i % 4 == 0 else "", "", i % 6 != 0, i % 30, i % 9 == 0)
               for i in range(count)]
    return PublishedList("chess", "standard", date(2025, 2, 1), "fide-2024", entries,
                         ["open"], ["999"])


@pytest.mark.parametrize("compact", [True, False])
def test_a_packed_list_writes_the_same_downloads(tmp_path, compact):
    """docs/scale.md#memory-session-18: a worker is sent a list's entries
    packed (`PackedEntries`, marshalled blocks of CHUNK entries, pickled
    as a rendering job: render._Downloads) and writes the same files, byte
    for byte, as from the list itself."""
    import pickle

    from sitegen.site import downloads
    from sitegen.site.render import _Downloads

    pl = _every_kind(2 * downloads.CHUNK + 7)
    job = pickle.loads(pickle.dumps(_Downloads(pl, [("x", None)], compact, not compact)))
    assert isinstance(job.list.entries, downloads.PackedEntries)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    written = downloads.write_files(pl, tmp_path / "a", ["x"], compact, not compact)
    again = downloads.write_files(job.list, tmp_path / "b", ["x"], compact, not compact)
    assert [p.name for p in written] == [p.name for p in again] and len(written) >= 3
    assert all(p.read_bytes() == q.read_bytes() for p, q in zip(written, again, strict=True))


def test_packed_entries_are_the_entries():
    """Every way the downloads read a list's entries gives the same entries
    packed: length, iteration, an index (negative too), a block's slice, any
    other slice; an index past the end is an IndexError."""
    from sitegen.compute.sitedata import entry_fields
    from sitegen.site.downloads import CHUNK, PackedEntries

    entries = _every_kind(CHUNK + 3).entries
    packed = PackedEntries(entries)
    assert len(packed) == len(entries) and list(packed) == entries
    assert [packed[i] for i in (0, CHUNK - 1, CHUNK, -1)] == [entries[i] for i in (0, CHUNK - 1,
                                                                                 CHUNK, -1)]
    for part in (slice(0, CHUNK), slice(CHUNK, 2 * CHUNK), slice(5, 9), slice(None, None, 7),
                 slice(CHUNK - 2, CHUNK + 2), slice(4, 2)):
        assert packed[part] == entries[part]
    with pytest.raises(IndexError):
        packed[len(entries)]
    assert list(PackedEntries([])) == [] and PackedEntries([])[0:CHUNK] == []
    # held compressed: what the building process keeps while the list is sent
    marshalled = sum(len(marshal.dumps([entry_fields(e) for e in entries[start:start + CHUNK]]))
                     for start in range(0, len(entries), CHUNK))
    assert len(pickle.dumps(packed)) < marshalled / 2
