"""sitegen.site.lean: a large site's event tables without the attributes no
reader needs (docs/scale.md#output-size).  Cases: the golden site's event
pages (tests/golden/site/events/), as a normal site renders them."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sitegen.site.lean import TABLES, lean_event_page

GOLDEN_EVENTS = sorted((Path(__file__).parent / "golden" / "site" / "events")
                       .glob("*/index.html"))
DROPPED = {"data-field", "data-number"}


class _Cells(HTMLParser):
    """Every tag with its attributes but those `lean` drops, and every text."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.items: list[tuple] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":          # links: `test_the_standings_keep_their_links`
            return
        kept = [(k, v) for k, v in attrs if k not in DROPPED and
                not (tag == "td" and k == "class") and not (tag == "table" and k == "class")]
        self.items.append((tag, tuple(kept)))

    def handle_endtag(self, tag):
        if tag == "a":
            return
        self.items.append(("/" + tag,))

    def handle_data(self, data):
        self.items.append(("text", data))


def _parsed(html: str) -> list[tuple]:
    parser = _Cells()
    parser.feed(html)
    return parser.items


@pytest.mark.parametrize("page", GOLDEN_EVENTS, ids=lambda p: p.parent.name)
def test_the_same_cells_and_text_without_the_attributes(page):
    html = page.read_text(encoding="utf-8")
    lean = lean_event_page(html)
    assert _parsed(lean) == _parsed(html)
    assert len(lean) < len(html)
    for opening in TABLES:
        if opening not in html:
            continue
        start = lean.index(opening.replace(">", "").replace('class="', 'class="lean '))
        table = lean[start:lean.index("</table>", start)]
        body = table.partition("<tbody>")[2]
        assert 'class="lean' in table[:80]
        assert "data-field" not in body and "data-number" not in body
        assert '<td class="num"' not in body


def _table(html: str, opening: str) -> str:
    start = html.index(opening)
    return html[start:html.index("</table>", start)]


@pytest.mark.parametrize("page", GOLDEN_EVENTS, ids=lambda p: p.parent.name)
def test_the_standings_keep_their_links_the_other_tables_none(page):
    html = page.read_text(encoding="utf-8")
    lean = lean_event_page(html)
    links = re.findall(r'<a href="[^"]*">', _table(html, TABLES[0]))
    assert links
    assert re.findall(r'<a href="[^"]*">', _table(lean, '<table id="standings-table"')) == links
    for opening in TABLES[1:]:
        if opening in html:
            assert "<a " in _table(html, opening)
            marked = opening.replace('class="', 'class="lean ').replace(
                '<table id="changes-table">', '<table id="changes-table" class="lean">')
            assert "<a " not in _table(lean, marked)


def test_outside_the_tables_nothing_changes():
    html = GOLDEN_EVENTS[0].read_text(encoding="utf-8")
    lean = lean_event_page(html)
    outside = [re.sub(r"<table.*?</table>", "", text, flags=re.S) for text in (html, lean)]
    assert outside[0] == outside[1]
    assert "crosstable" in html and 'id="no-1"' in lean


def test_a_page_without_the_tables_is_unchanged():
    html = "<main><p>No player.</p><table><tbody><tr data-number=\"1\"></tr></tbody></table>"
    assert lean_event_page(html) == html


def test_each_table_marked_once():
    html = GOLDEN_EVENTS[0].read_text(encoding="utf-8")
    lean = lean_event_page(html)
    assert lean.count('class="lean') == sum(1 for t in TABLES if t in html)
    assert '<table id="standings-table" class="lean">' in lean
    assert '<table class="lean crosstable">' in lean
