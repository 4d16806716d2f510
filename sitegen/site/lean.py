"""A large site's event page without the attributes no reader of it needs.

On a site above `views.LARGE_SITE` players the event pages are the largest
part of the output (docs/scale.md#output-size): each row of the standings,
the crosstable and the rating changes wrote `data-field="..."` and
`class="num"` on every cell and `data-number` on the row.  Nothing on the
page reads them (the checker makes its own table, `templates/check/`): the
`data-field` names are the check contract's, kept on a normal site's pages
for whoever compares them, and `class="num"` only right-aligns a cell.  A
large site's tables leave them out and carry `class="lean"` instead, whose
cells `templates/static/style.css` right-aligns (but the standings' title
and federation).  Two kinds of link go too: a crosstable cell's to the
opponent's row (the cell names his number, "7w 1"), and the player's name
in the crosstable and the rating changes (his row of the standings, the
first table, links him); both were a fifth of a lean page.  The text of
every cell, the rows' order, the rows' anchors (`id="no-N"`) and the
standings' links are unchanged (`tests/test_lean.py`); a normal site's
pages are not passed here (the golden site, `tests/test_site.py`).
"""

from __future__ import annotations

import re

__all__ = ["lean_event_page", "TABLES"]

# the opening tag of each table made lean, as templates/event.html writes it
TABLES = ('<table id="standings-table">', '<table class="crosstable">',
          '<table id="changes-table">')

_CELL = re.compile(r'<td class="num"(?: data-field="[A-Za-z0-9_.]+")?>')
_FIELD = re.compile(r' data-field="[A-Za-z0-9_.]+"')
_ROW = re.compile(r'<tr data-number="\d+"')
_LINK = re.compile(r'<a href="[^"]*">([^<]*)</a>')


def lean_event_page(html: str) -> str:
    """`html` (an event page) with the tables of `TABLES` lean: their cells
    without `class="num"` and `data-field`, their rows without
    `data-number`, the table marked `class="lean"`; the links of the tables
    after the standings left out (their text kept)."""
    for opening in TABLES:
        start = html.find(opening)
        if start < 0:
            continue
        end = html.index("</table>", start)
        html = html[:start] + _lean_table(html[start:end], opening) + html[end:]
    return html


def _lean_table(table: str, opening: str) -> str:
    """One table's markup up to its closing tag, lean (`lean_event_page`)."""
    if 'class="' in opening:
        marked = opening.replace('class="', 'class="lean ')
    else:
        marked = opening.replace(">", ' class="lean">')
    head, _, body = table.partition("<tbody>")
    if not _:
        return marked + table[len(opening):]
    body = _ROW.sub("<tr", _FIELD.sub("", _CELL.sub("<td>", body)))
    if opening != TABLES[0]:            # the standings keep their links
        body = _LINK.sub(r"\1", body)
    return marked + head[len(opening):] + "<tbody>" + body
