"""The printed tables of the regulation texts, as Markdown (sitegen.site.regulations).

The converted texts write a table in one of four ways: one cell a line
(the rapid and blitz regulations of 2024), cells between tabs, columns
aligned with spaces (the 2003 web page), or a pipe table starting in a list
item (the 2009 example 8.58).  Where the conversion broke a table (columns
joined with a space, a row broken in two, a table cut by page margins), it
is put back together; see each function for the table it was made for.
"""

from __future__ import annotations

import re

__all__ = ["table_block"]


def table_block(lines: list[str], i: int) -> tuple[list[str] | None, int]:
    """A table or a preformatted block starting at line i, as Markdown."""
    for finder in (_captioned_table, _cell_table, _tab_table, _aligned_table,
                   _pipe_table_in_list):
        block, end = finder(lines, i)
        if block is not None:
            return block, end
    return None, i


# -- tables ---------------------------------------------------------------

_CELL_LINE = re.compile(r"^\t[^\t]*$")
_NBSP = "\u00a0"


def _cell_table(lines: list[str], i: int) -> tuple[list[str] | None, int]:
    """One cell a line ("\\tcell"), rows separated by a blank line (the
    rapid and blitz regulations of 2024)."""
    rows: list[list[str]] = []
    j = i
    while j < len(lines):
        if _CELL_LINE.match(lines[j]):
            row = []
            while j < len(lines) and _CELL_LINE.match(lines[j]):
                row.append(lines[j])
                j += 1
            rows.append(row)
        elif not lines[j].strip() and rows and j + 1 < len(lines) and _CELL_LINE.match(lines[j + 1]):
            j += 1
        else:
            break
    if len(rows) < 2:
        return None, i
    return _pipe_table([[c.strip(" \t" + _NBSP) for c in row] for row in rows]), j


# Tables whose head the conversion lost, and their caption's words for it:
# fmjd Annex 9 table IX-2 ("1st column - ratings difference, 2nd column -
# theoretical result for highest rating, 3rd column - for lowest rating"),
# printed three times across the page, over five pages.
_CAPTIONED_HEADS = {
    "[table IX-2]": ("Rating difference", "Highest rating (%)", "Lowest rating (%)") * 3,
}


def _captioned_table(lines: list[str], i: int) -> tuple[list[str] | None, int]:
    """A table under a caption of `_CAPTIONED_HEADS`: its rows up to the next
    line of text, across page breaks; the page numbers and bullets of the
    breaks dropped (a row without a decimal figure), a row broken in two
    joined, and the caption's head on top."""
    caption = next((line for line in reversed(lines[:i]) if line.strip()), "")
    head = next((h for key, h in _CAPTIONED_HEADS.items() if caption.startswith(key)), None)
    if head is None or "\t" not in lines[i]:
        return None, i
    j = i
    while j < len(lines) and ("\t" in lines[j] or not lines[j].strip()):
        j += 1
    rows = [[c.strip() for c in line.split("\t")][:len(head)] for line in lines[i:j]
            if "\t" in line]
    rows = [row + [""] * (len(head) - len(row)) for row in rows if _figures(row)]
    return _pipe_table([list(head), *_rejoin_rows(rows)]), j


def _figures(row: list[str]) -> bool:
    """A row of the table, not a page's margin: its first cell a number or
    blank, most filled cells numbers, and a first cell or a decimal figure."""
    filled = [cell for cell in row if cell]
    numbers = [cell for cell in filled if _numbers(cell)]
    return ((not row[0] or _numbers(row[0]) is not None) and len(numbers) * 2 > len(filled)
            and (bool(row[0]) or any(re.search(r"\d\.\d", cell) for cell in numbers)))


def _tab_table(lines: list[str], i: int) -> tuple[list[str] | None, int]:
    """Consecutive lines with tabs: a row each, a cell between tabs."""
    j = i
    while j < len(lines) and "\t" in lines[j] and lines[j].strip():
        j += 1
    if j == i:
        return None, i
    rows = [[c.strip(" " + _NBSP) for c in line.split("\t")] for line in lines[i:j]]
    return _pipe_table(_split_columns(rows)), j


_NUMBER = re.compile(r"[-+]?\d+(?:[.,]\d+)*%?")


def _numbers(cell: str) -> list[str] | None:
    tokens = cell.split()
    return tokens if tokens and all(_NUMBER.fullmatch(t) for t in tokens) else None


def _split_columns(rows: list[list[str]]) -> list[list[str]]:
    """Columns the conversion joined with a space where the print had two:
    a head cell of k words over cells of k numbers each becomes k columns
    (fmjd Annex 9 table IX-1: "P D(P)" over "0,50 0,00")."""
    width = max(map(len, rows))
    rows = [row + [""] * (width - len(row)) for row in rows]
    widths = [_joined(rows, k) for k in range(width)]
    if all(w == 1 for w in widths):
        return rows
    return [[part for cell, w in zip(row, widths, strict=True)
             for part in (cell.split() if w > 1 and cell else [cell] + [""] * (w - 1))]
            for row in rows]


def _joined(rows: list[list[str]], k: int) -> int:
    """How many printed columns column `k` holds (1 unless every filled cell
    below its head has as many numbers as its head has words)."""
    head = rows[0][k].split()
    body = [_numbers(row[k]) for row in rows[1:] if row[k]]
    if len(head) < 2 or not body or any(b is None or len(b) != len(head) for b in body):
        return 1
    return len(head)


def _rejoin_rows(rows: list[list[str]]) -> list[list[str]]:
    """A row of numbers without its first cell whose cells are all blank in
    the next row: the rest of that row, which the conversion broke in two
    (fmjd Annex 9 table IX-2, at 251 and at 202)."""
    out: list[list[str]] = []
    k = 0
    while k < len(rows):
        row = rows[k]
        after = rows[k + 1] if k + 1 < len(rows) else None
        if after is not None and _orphan(row, after):
            out.append([a or b for a, b in zip(row, after, strict=True)])
            k += 2
            continue
        out.append(row)
        k += 1
    return out


def _orphan(row: list[str], after: list[str]) -> bool:
    filled = [n for n, cell in enumerate(row) if cell]
    return (not row[0] and bool(after[0]) and _numbers(after[0]) is not None and bool(filled)
            and all(_numbers(row[n]) and not after[n] for n in filled))


def _pipe_table(rows: list[list[str]]) -> list[str]:
    """A Markdown pipe table (the first row as its head); empty rows and
    trailing empty columns dropped, '|' escaped."""
    rows = [row for row in rows if any(row)]
    width = max((max((k + 1 for k, c in enumerate(row) if c), default=0) for row in rows),
                default=1)
    table = []
    for n, row in enumerate(rows):
        cells = (row + [""] * width)[:width]
        table.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
        if n == 0:
            table.append("|" + " --- |" * width)
    return table


def _aligned_table(lines: list[str], i: int) -> tuple[list[str] | None, int]:
    """Lines indented 4+ spaces, mostly numbers (the 2003 web page's
    tables): preformatted, as aligned as the page had them."""
    j = i
    while j < len(lines) and lines[j].startswith("    ") and lines[j].strip() \
            and not re.match(r"\s*(?:[-*+]|\d+\.)\s", lines[j]):
        j += 1
    if j - i < 2 or sum(map(_numeric_line, lines[i:j])) * 2 < j - i:
        return None, i
    return ["```", *(line[4:].rstrip() for line in lines[i:j]), "```"], j


def _numeric_line(line: str) -> bool:
    tokens = line.split()
    numbers = [t for t in tokens if re.fullmatch(r"[-+]?[\d.,]+(?:-[\d.,]+)?", t)]
    return len(tokens) >= 4 and len(numbers) * 2 >= len(tokens)


def _pipe_table_in_list(lines: list[str], i: int) -> tuple[list[str] | None, int]:
    """A pipe table whose first row sits in a list item ("- | a | b |"):
    the table, without the bullet (the 2009 example 8.58)."""
    if not (re.match(r"^- \|", lines[i]) and i + 1 < len(lines)
            and re.match(r"^\|[-:| ]+\|\s*$", lines[i + 1])):
        return None, i
    j = i + 1
    while j < len(lines) and lines[j].startswith("|"):
        j += 1
    return [lines[i][2:], *lines[i + 1:j]], j
