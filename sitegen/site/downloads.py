"""A published list as CSV, JSON and FIDE-style fixed-width text.

The fixed-width text follows the layout of FIDE's downloadable players lists
(``standard_rating_list.txt``: ID Number, Name, Fed, Sex, Tit, the rating
under the list's month such as ``APR25``, Gms, K, B-day, Flag), every column
left-aligned and padded with spaces, then three columns of ours: the FMJD
list letter, the rank and the change against the previous list.  Widths are
counted in characters (the file is UTF-8); a value longer than its column
less one space is cut so that the columns always line up.  The file starts
with ``#`` comment lines naming every column and its character positions.

Each is also published compressed: the CSV and the JSON gzipped
(``.csv.gz``, ``.json.gz``), the text zipped as FIDE ships its lists
(``standard_rating_list.zip`` holding ``standard_rating_list.txt``), all
without a time or name that would change from one build to the next.  A
dated list identical to the one before it (the same entries, no event, no
one delisted, the same edition) is not written again: its downloads are
the earlier list's (`sources`, docs/scale.md#output-size).
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import operator
import zipfile
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import NamedTuple, overload

from sitegen.compute.sitedata import ListEntry, PublishedList, entry_fields, pack, unpack
from sitegen.site.figures import N_, tiebreak

__all__ = ["TextColumn", "TEXT_COLUMNS", "CSV_FIELDS", "list_csv", "list_json",
           "list_text", "all_formats", "all_files", "text_zip", "write_files", "format_chunks", "file_links", "sources",
           "same_list", "standings_csv", "fide_flag", "text_header", "neutralise",
           "FORMULA_STARTS"]

MONTH_ABBREVIATIONS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG",
                       "SEP", "OCT", "NOV", "DEC")


class TextColumn(NamedTuple):
    """One column of the fixed-width text: header, width, what it holds."""

    header: str
    width: int
    meaning: str


# FIDE's standard_rating_list.txt widths for the first ten columns.
TEXT_COLUMNS = (
    TextColumn("ID Number", 15, N_("player id")),
    TextColumn("Name", 61, N_("name, 'Surname, Given name'")),
    TextColumn("Fed", 4, N_("federation")),
    TextColumn("Sex", 4, N_("M or F (a registry's 'w' is written F)")),
    TextColumn("Tit", 5, N_("title")),
    TextColumn("MMMYY", 6, N_("rating on this list; the header is the list's month, e.g. APR25")),
    TextColumn("Gms", 4, N_("rated games in the period that made this list")),
    TextColumn("K", 3, N_("chess: K factor for the next period")),
    TextColumn("B-day", 6, N_("year of birth")),
    TextColumn("Flag", 5, N_("w woman, i inactive (FIDE) / not on the active list (FMJD), wi both")),
    TextColumn("Lst", 4, N_("draughts: list A, B or C (fmjd Annex 9 §6.3)")),
    TextColumn("Rank", 6, N_("rank on this list")),
    TextColumn("Chg", 5, N_("change against the previous list; 'new' for a first appearance")),
)

CSV_FIELDS = ("rank", "id", "name", "title", "federation", "sex", "birth_year", "rating",
              "change", "new", "games", "k", "flag", "list_letter", "active")


def all_formats(pl: PublishedList, compact: bool = False) -> list[tuple[str, str]]:
    """(extension, text) for each download of a list; `compact` JSON for a
    large site (sitegen.site.views.LARGE_SITE)."""
    return [("csv", list_csv(pl)), ("json", list_json(pl, compact)), ("txt", list_text(pl))]


CHUNK = 2000            # entries a piece of a streamed download


class PackedEntries(Sequence[ListEntry]):
    """A list's entries as blocks of CHUNK entries' fields, packed
    (`sitedata.pack`: marshalled and compressed), made into entries a block
    at a time as the downloads read them (`pl.entries[start:start + CHUNK]`): what a
    rendering worker is sent to write a list's downloads
    (sitegen.site.render, docs/scale.md#memory-session-18). FIDE's 814,000
    entries are 184 MiB unpickled in the worker; packed, some 16 MiB, and
    one block of entries at a time."""

    def __init__(self, entries: Sequence[ListEntry]):
        self._length = len(entries)
        # the building process holds a list packed and pickled while the
        # executor sends it to a worker, beside its own sections: at FIDE's
        # size (814,000 entries) 70 MiB of marshalled blocks, 16.8 MiB
        # with zlib's level 1 (docs/scale.md#memory-session-19); at 300,000
        # players (203,583 entries) 17.5 MiB marshalled, 4.3 MiB with
        # zlib's level 1, 4.1 MiB with Zstandard's, which `pack` uses
        self._blocks = [pack([entry_fields(e) for e in entries[start:start + CHUNK]])
                        for start in range(0, len(entries), CHUNK)]

    def __len__(self) -> int:
        return self._length

    def _block(self, index: int) -> list[ListEntry]:
        return [ListEntry(*fields) for fields in unpack(self._blocks[index])]

    @overload
    def __getitem__(self, index: int) -> ListEntry: ...

    @overload
    def __getitem__(self, index: slice) -> list[ListEntry]: ...

    def __getitem__(self, index: int | slice) -> ListEntry | list[ListEntry]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            if step == 1 and start % CHUNK == 0 and stop - start <= CHUNK:
                return self._block(start // CHUNK)[:stop - start] if stop > start else []
            return [self[i] for i in range(start, stop, step)]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("entry index out of range")
        return self._block(index // CHUNK)[index % CHUNK]

    def __iter__(self) -> Iterator[ListEntry]:
        for block in range(len(self._blocks)):
            yield from self._block(block)


def packed(pl: PublishedList) -> PublishedList:
    """`pl` with its entries packed (`PackedEntries`): the same downloads."""
    return dataclasses.replace(pl, entries=PackedEntries(pl.entries))  # type: ignore[arg-type]


def format_chunks(pl: PublishedList, compact: bool = False):
    """(extension, pieces of its text) for each format: `all_formats`'
    texts, given a few thousand entries at a time (`write_files`)."""
    return [("csv", csv_chunks(pl)), ("json", json_chunks(pl, compact)),
            ("txt", text_chunks(pl))]


def write_files(pl: PublishedList, folder: Path, stems: list[str],
                compact: bool = False, plain: bool = True) -> list[Path]:
    """Write every download of `pl` into `folder` under each of `stems`
    (its date's, the latest's), streamed: each piece of a format goes to
    its files and their compressors as it is made, so no whole list is
    held as one text (docs/scale.md#memory).  The bytes are those of
    `all_files` and `text_zip` (tests/test_downloads.py).  Returns the
    paths written: per stem .csv, .csv.gz, .json, .json.gz, .txt, .zip;
    without `plain` (a large site: docs/scale.md#output-size) only the
    compressed three, .csv.gz, .json.gz and .zip."""
    folder.mkdir(parents=True, exist_ok=True)
    for ext, chunks in format_chunks(pl, compact):
        with ExitStack() as stack:
            sinks = _sinks(stack, folder, stems if plain else [], ext, stems)
            for chunk in chunks:
                body = chunk.encode("utf-8")
                for sink in sinks:
                    sink(body)
    names = [name for name in ("{}.csv", "{}.csv.gz", "{}.json", "{}.json.gz", "{}.txt",
                               "{}.zip") if plain or name.endswith(("gz", "zip"))]
    return [folder / name.format(stem) for stem in stems for name in names]


def _sinks(stack: ExitStack, folder: Path, plain_stems: list[str], ext: str,
           stems: list[str]) -> list[Callable[[bytes], object]]:
    """The writers of one format's pieces: the plain file of each of
    `plain_stems`; the gzip (compressed once, written to each stem's .gz)
    or each stem's zip."""
    plain = [stack.enter_context(open(folder / f"{stem}.{ext}", "wb"))
             for stem in plain_stems]
    sinks: list[Callable[[bytes], object]] = [f.write for f in plain]
    if ext == "txt":
        for stem in stems:
            archive = stack.enter_context(zipfile.ZipFile(folder / f"{stem}.zip", "w"))
            sinks.append(stack.enter_context(archive.open(_member(f"{stem}.txt"), "w")).write)
        return sinks
    gz = [stack.enter_context(open(folder / f"{stem}.{ext}.gz", "wb")) for stem in stems]
    sinks.append(_GzipStream(stack, gz).write)
    return sinks


class _GzipStream:
    """gzip of the pieces written, the bytes of `zlib.compress(whole, 6,
    wbits=31)` (`all_files`; zlib's gzip header: no name, time 0), written
    to every file of `targets` as it comes."""

    def __init__(self, stack: ExitStack, targets):
        self.targets = targets
        self.compressor = zlib.compressobj(6, zlib.DEFLATED, 31)
        stack.callback(self.close)      # runs before the files close (stack order)

    def write(self, body: bytes) -> None:
        self._out(self.compressor.compress(body))

    def close(self) -> None:
        self._out(self.compressor.flush())

    def _out(self, data: bytes) -> None:
        if data:
            for f in self.targets:
                f.write(data)


def all_files(pl: PublishedList, compact: bool = False) -> list[tuple[str, bytes]]:
    """(extension, bytes) of each download but the zip (`text_zip`, whose
    member is named after the file): the three formats, the CSV and JSON
    also gzipped."""
    out = []
    for ext, text in all_formats(pl, compact):
        body = text.encode("utf-8")
        out.append((ext, body))
        if ext in ("csv", "json"):
            out.append((ext + ".gz", zlib.compress(body, 6, wbits=31)))   # gzip, no name, time 0
    return out


ZIP_TIME = (1980, 1, 1, 0, 0, 0)       # the earliest a zip can hold: no build time


def text_zip(name: str, text: bytes) -> bytes:
    """A zip holding `text` as `name`, deflated, the same bytes each build."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(_member(name), text, compresslevel=6)
    return buffer.getvalue()


def _member(name: str) -> zipfile.ZipInfo:
    """The zip's one member, `name`, deflated at level 6, dated ZIP_TIME."""
    member = zipfile.ZipInfo(name, date_time=ZIP_TIME)
    member.compress_type = zipfile.ZIP_DEFLATED
    member.external_attr = 0o644 << 16
    member._compresslevel = 6          # type: ignore[attr-defined]   # what writestr sets
    return member


def file_links(stem: str, text_label: str = "Text",
               plain: bool = True) -> list[tuple[str, str]]:
    """(label, site path) of every download of `stem` ('downloads/chess-standard-2025-04');
    without `plain` (a large site) the compressed ones only (`write_files`)."""
    links = [("CSV", stem + ".csv"), ("CSV, gzip", stem + ".csv.gz"),
             ("JSON", stem + ".json"), ("JSON, gzip", stem + ".json.gz"),
             (text_label, stem + ".txt"), (f"{text_label}, zip", stem + ".zip")]
    return links if plain else [link for link in links if link[1].endswith(("gz", "zip"))]


def same_list(pl: PublishedList, previous: PublishedList) -> bool:
    """The list publishes what `previous` did: the same entries (every
    column of the downloads), no event rated, no one delisted, the same
    edition; only its date differs."""
    return (not pl.events and not pl.delisted and pl.edition == previous.edition
            and len(pl.entries) == len(previous.entries)
            and all(_values(a) == _values(b)
                    for a, b in zip(pl.entries, previous.entries, strict=True)))


def sources(published: list[PublishedList]) -> list[PublishedList]:
    """For each list of `published` (in date order), the list whose
    downloads it has: itself, or the first of a run of identical lists."""
    out: list[PublishedList] = []
    for index, pl in enumerate(published):
        same = index and same_list(pl, published[index - 1])
        out.append(out[-1] if same else pl)
    return out


STANDINGS_FIELDS = ["rank", "number", "name", "title", "federation", "rating", "points"]


def standings_csv(players, tiebreaks: list[tuple[str, str]]) -> str:
    """An event's standings as its page shows them (`sitegen.site.event_views.EventView`):
    STANDINGS_FIELDS, then one column a tie-break under the check contract's
    key (docs/check-contract.md#tiebreak-keys), in the event's order; a
    tie-break of several figures (a truncated Solkoff) as its items."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(STANDINGS_FIELDS + [key for key, _ in tiebreaks])
    for p in players:
        row = [p.rank, p.number, p.name, p.title, p.federation, p.rating, p.points]
        row += [tiebreak(v) if isinstance(v, (list, tuple)) else v for v in p.tiebreaks]
        writer.writerow(["" if v is None else _csv_value(v) for v in row])
    return buffer.getvalue()


def list_csv(pl: PublishedList) -> str:
    """One row an entry, CSV_FIELDS as header; empty cells for none."""
    return "".join(csv_chunks(pl))


def csv_chunks(pl: PublishedList) -> Iterator[str]:
    """`list_csv` in pieces of CHUNK rows."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for start in range(0, len(pl.entries), CHUNK):
        writer.writerows([v if type(v) in _AS_IS or _plain_text(v) else _csv_value(v)
                          for v in _values(e)] for e in pl.entries[start:start + CHUNK])
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
    if not pl.entries:
        yield buffer.getvalue()


# OWASP "CSV Injection": a cell a spreadsheet would read as a formula starts
# with one of these; such a text cell gets a leading apostrophe, which the
# spreadsheet shows as text and does not run.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _csv_value(value) -> str:
    """A cell.  Numbers (a change of -12) are numbers and written as such;
    a text cell that starts like a formula (a name "=HYPERLINK(...)", an id
    "-5") is neutralised: text stays text even when it looks like a number.
    Line breaks inside a text cell become spaces."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    # a line break inside a cell starts a new row for many readers (and csv
    # does not quote a lone CR when rows end in LF): a space instead
    return " ".join(neutralise(str(value)).splitlines())


# Cells csv writes as `_csv_value` would, unchanged: a whole number (`str`),
# none (empty), and `_plain_text`.  A large list has a million rows of 15
# cells: a function call a cell was most of the CSV's time
# (docs/scale.md#rendering).
_AS_IS = frozenset({int, type(None)})


def _plain_text(value: object) -> bool:
    """A text cell `_csv_value` leaves as it is: no line break (nothing
    unprintable) and no formula start."""
    return type(value) is str and value.isprintable() and not value.startswith(FORMULA_STARTS)


def neutralise(text: str) -> str:
    """`text` with a leading apostrophe when it starts with a formula
    character (FORMULA_STARTS, the OWASP rule)."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


_values: Callable[[ListEntry], tuple] = operator.attrgetter(*CSV_FIELDS)


def list_json(pl: PublishedList, compact: bool = False) -> str:
    """The list as JSON, indented; `compact`: an entry a line, no spaces.

    Compact is for a large site (sitegen.site.views.LARGE_SITE): indented, a
    million entries make 240 MB (compact 130 MB), and json's indenting
    encoder is pure Python, ten times slower than the one it uses without.
    """
    return "".join(json_chunks(pl, compact))


def json_chunks(pl: PublishedList, compact: bool = False) -> Iterator[str]:
    """`list_json` in pieces: compact, CHUNK entries a piece; indented (a
    small site's), whole."""
    document: dict[str, object] = {
                "game": pl.game, "list": pl.list, "date": pl.date.isoformat(),
                "edition": pl.edition, "events": list(pl.events),
                "delisted": list(pl.delisted)}
    if not compact:
        yield _indented(document, pl.entries)
        return
    head = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    yield head[:-1] + ',"entries":['
    encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    for start in range(0, len(pl.entries), CHUNK):
        rows = "".join((",\n" if start or i else "\n") + encode(_entry_dict(e))
                       for i, e in enumerate(pl.entries[start:start + CHUNK]))
        yield rows
    yield ("\n" if pl.entries else "") + "]}\n"


# An entry's fields, one a line as json's indent=1 lays them out at depth 2:
# the C encoder writes a flat dict with these separators byte for byte as the
# pure-Python indenting encoder would, several times faster.
_ENTRY_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",\n   ", ": ")).encode


def _indented(document: dict[str, object], entries: list[ListEntry]) -> str:
    """`json.dumps({**document, "entries": [...]}, ensure_ascii=False,
    indent=1)` + newline, the entries (flat dicts) written by the C encoder
    (`_ENTRY_ENCODE`); tests/test_downloads.py compares the two."""
    head = json.dumps({**document, "entries": []}, ensure_ascii=False, indent=1)
    if not entries:
        return head + "\n"
    rows = ",\n".join("  {\n   " + _ENTRY_ENCODE(_entry_dict(e))[1:-1] + "\n  }"
                       for e in entries)
    return head.removesuffix("[]\n}") + "[\n" + rows + "\n ]\n}\n"


def _entry_dict(e: ListEntry) -> dict:
    return dict(zip(CSV_FIELDS, _values(e), strict=True))


def list_text(pl: PublishedList) -> str:
    """FIDE-style fixed width; see the module docstring and TEXT_COLUMNS."""
    return "".join(text_chunks(pl))


def text_chunks(pl: PublishedList) -> Iterator[str]:
    """`list_text` in pieces of CHUNK lines."""
    yield "\n".join([*text_header(pl), _line(_headers(pl))]) + "\n"
    for start in range(0, len(pl.entries), CHUNK):
        yield "".join(_fast_line(_text_values(e)) for e in pl.entries[start:start + CHUNK])


def text_header(pl: PublishedList) -> list[str]:
    lines = [f"# {pl.game} {pl.list} rating list of {pl.date.isoformat()} ({pl.edition})",
             "# Fixed-width columns, left-aligned, positions in characters (1-based):"]
    start = 1
    for column in TEXT_COLUMNS:
        header = _rating_header(pl) if column.header == "MMMYY" else column.header
        end = start + column.width - 1
        lines.append(f"#   {header:<9} {start:>3}-{end:<3}  {column.meaning}")
        start = end + 1
    return lines


def _rating_header(pl: PublishedList) -> str:
    return f"{MONTH_ABBREVIATIONS[pl.date.month - 1]}{pl.date.year % 100:02d}"


def _headers(pl: PublishedList) -> list[str]:
    return [_rating_header(pl) if c.header == "MMMYY" else c.header for c in TEXT_COLUMNS]


def _is_woman(e: ListEntry) -> bool:
    return (e.sex or "").lower() in ("f", "w")


def fide_flag(e: ListEntry) -> str:
    """FIDE's Flag column: 'w' for a woman, 'i' for an inactive player."""
    woman = "w" if _is_woman(e) else ""
    inactive = "i" if e.flag == "i" or not e.active else ""
    return woman + inactive


def _text_values(e: ListEntry) -> list[str]:
    change = "new" if e.new or e.change is None else f"{e.change:+d}".replace("+0", "0")
    sex = "F" if _is_woman(e) else (e.sex or "").upper()[:1]
    return [e.id, e.name, e.federation, sex, e.title, str(e.rating),
            str(e.games), "" if e.k is None else str(e.k),
            "" if e.birth_year is None else str(e.birth_year), fide_flag(e),
            e.list_letter, str(e.rank), change]


# A line's columns as one format: `<width.width-1` pads a value to its
# column and cuts it to one less, `_line`'s `ljust` and slice.
_LINE = "".join(f"{{{i}:<{c.width}.{c.width - 1}}}" for i, c in enumerate(TEXT_COLUMNS))


def _fast_line(values: list[str]) -> str:
    """`_line(values)` and its line end, one format call for a line whose
    values have no whitespace to fold (no space at either end, none
    doubled, none but the space): `_line`'s `split` and `join` would change
    nothing; else `_line`."""
    joined = "|".join(values)
    if (joined.isprintable() and "  " not in joined and "| " not in joined
            and " |" not in joined and joined[:1] != " " and joined[-1:] != " "):
        return _LINE.format(*values).rstrip() + "\n"
    return _line(values) + "\n"


def _line(values: list[str]) -> str:
    cells = []
    for column, value in zip(TEXT_COLUMNS, values, strict=True):
        text = " ".join(str(value).split())[:column.width - 1]
        cells.append(text.ljust(column.width))
    return "".join(cells).rstrip()
