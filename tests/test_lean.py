"""sitegen.site.lean: an event's tables a row a string, normal or lean
(docs/scale.md#output-size, #rendering).  The normal rows are pinned by the
golden site (tests/test_site.py); here the lean ones, against what a large
site's pages were before they were written lean: the normal page made
lean by the regular expressions below (session 6's sitegen/site/lean.py),
on every event of tests/test_render.py's site (a name with markup, a
chess Swiss with tie-breaks, a draughts round robin with the optional
figures)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup, escape

from sitegen.site import render, views
from sitegen.site.lean import CHANGES, CROSSTABLE, STANDINGS, escaped
from tests.test_render import ROOT, load_regulations, make_site

# `escaped` against markupsafe's `escape`: the values a cell holds
ESCAPED = [("Marchetti, Lorenzo", "Marchetti, Lorenzo"), (2412, "2412"), (-4, "-4"),
           ("<script>&'\"", "&lt;script&gt;&amp;&#39;&#34;"), (Markup("<b>x</b>"), "<b>x</b>"),
           (0.5, "0.5"), (True, "True"), ("", ""), ("O'Brien", "O&#39;Brien")]

# What a large site's page of players wrote per player before the sections
# were made in Python (templates/players_shard.html up to session 7): the
# statement of what `shard_sections` writes, byte for byte.
SHARD_LOOP = """{% for e in players %}
{% set p = e.record %}
<section class="player" id="{{ e.anchor }}">
<h2>{{ p.name }}</h2>
<p>{{ e.game_name }} · ID {{ p.id }}{% if p.title %} · {{ p.title }}{% endif %}{% if p.federation %} · {{ p.federation }}{% endif %}{% if p.birth_year %} · born {{ p.birth_year }}{% endif %}{% for list_name, rating in e.ratings %} · {{ list_name }} {{ rating if rating is not none else "not rated" }}{% endfor %}</p>
{% for t in e.tables %}
<table>
<caption>{{ t.list_name|capitalize }}</caption>
<tr><th scope="col">{% trans %}List{% endtrans %}</th><th scope="col" class="num">{% trans %}Rating{% endtrans %}</th><th scope="col" class="num">{% trans %}Change{% endtrans %}</th><th scope="col" class="num">N</th><th scope="col">{% trans %}Events{% endtrans %}</th></tr>
{# a history row a string (sitegen.site.lean) #}
{{ shard_rows(t.rows) }}</table>
{% endfor %}
{% if p.titles %}
<p>{% trans %}Titles:{% endtrans %} {% for t in p.titles %}{{ t.title }} {{ t.date|isodate }} ({{ t.how }}{% if t.detail %}: {{ t.detail|cite }}{% endif %}){% if not loop.last %}; {% endif %}{% endfor %}</p>
{% endif %}
{% if e.norms %}
<p>{% trans %}Norms:{% endtrans %} {% for n in e.norms %}{% trans title=n.title, kind=n.kind|norm_kind or "", event=player_link(n.event, n.path), date=n.date|isodate, achieved=n.achieved|points, required=n.required|points %}{{ title }} {{ kind }} in {{ event }} {{ date }} ({{ achieved }} of {{ required }} required{% endtrans %}{% if n.category %}{% trans category=n.category %}, category {{ category }}{% endtrans %}{% endif %}){% if not loop.last %}; {% endif %}{% endfor %}</p>
{% endif %}
{% if p.progress %}
<p>{% trans %}Towards the next title:{% endtrans %} {% for line in p.progress %}{{ line|cite }}{% if not loop.last %}; {% endif %}{% endfor %}</p>
{% endif %}
{% if e.events %}
<p>{% trans %}Events:{% endtrans %} {% for ev in e.events %}{{ player_link(ev.name, ev.path) }} {{ ev.start|isodate }}{% if not loop.last %}; {% endif %}{% endfor %}</p>
{% endif %}
</section>
{% endfor %}
"""

# the opening tag of each table made lean, as a normal page writes it
TABLES = ('<table id="standings-table">', '<table class="crosstable">',
          '<table id="changes-table">')
LEAN_TABLES = ('<table id="standings-table" class="lean">', '<table class="lean crosstable">',
               '<table id="changes-table" class="lean">')
DROPPED = {"data-field", "data-number"}

_CELL = re.compile(r'<td class="num"(?: data-field="[A-Za-z0-9_.]+")?>')
_FIELD = re.compile(r' data-field="[A-Za-z0-9_.]+"')
_ROW = re.compile(r'<tr data-number="\d+"')
_LINK = re.compile(r'<a href="[^"]*">([^<]*)</a>')
_TITLE = re.compile(r'<td title="[^"]*">')


def lean_by_regex(table: str, index: int) -> str:
    """A normal page's table (`TABLES[index]` to its closing tag) as a large
    site's: cells without `class="num"`, `data-field` and (the crosstable's)
    `title`, rows without `data-number`, the links after the standings
    left out, their text kept."""
    head, _, body = table.partition("<tbody>")
    body = _ROW.sub("<tr", _FIELD.sub("", _CELL.sub("<td>", _TITLE.sub("<td>", body))))
    if index:
        body = _LINK.sub(r"\1", body)
    return LEAN_TABLES[index] + head[len(TABLES[index]):] + "<tbody>" + body


def _table(html: str, opening: str) -> str:
    start = html.index(opening)
    return html[start:html.index("</table>", start)]


def _addressless(html: str) -> str:
    """A player's address differs on a large site (his section of a page
    of players, views.LARGE_SITE): links compared without it."""
    return re.sub(r'href="/players/[^"]*"', 'href="/players/"', html)


def _event_pages(out: Path, large: bool, monkeypatch) -> dict[str, str]:
    """Every event page of the test site, rendered as a normal or a large
    site renders it (`views.LARGE_SITE` lowered to make it large)."""
    with monkeypatch.context() as m:
        if large:
            m.setattr(views, "LARGE_SITE", 0)
        data = make_site()
        w = render._Writer(data, out, load_regulations(ROOT / "content" / "regulations"),
                           None)
        assert w.links.large is large
        pages = {}
        for report in sorted(data.events, key=lambda r: r.slug):
            render._event_page(w, render._event_views(w, report))
            pages[report.slug] = (out / "events" / report.slug / "index.html").read_text("utf-8")
    return pages


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> tuple[dict[str, str], dict[str, str]]:
    with pytest.MonkeyPatch.context() as m:
        return (_event_pages(tmp_path_factory.mktemp("normal"), False, m),
                _event_pages(tmp_path_factory.mktemp("large"), True, m))


def test_every_event_has_the_three_tables(pages):
    normal, large = pages
    assert normal.keys() == large.keys() and len(normal) >= 2
    for slug, html in normal.items():
        assert all(opening in html for opening in TABLES), slug
        assert all(opening in large[slug] for opening in LEAN_TABLES), slug


@pytest.mark.parametrize("index", range(3), ids=["standings", "crosstable", "changes"])
def test_a_lean_table_is_the_normal_one_without_the_attributes(pages, index):
    normal, large = pages
    for slug, html in normal.items():
        expected = lean_by_regex(_table(html, TABLES[index]), index)
        assert _addressless(_table(large[slug], LEAN_TABLES[index])) == _addressless(expected)


class _Cells(HTMLParser):
    """Every tag with its attributes but those a lean table drops, and every text."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.items: list[tuple] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            return
        kept = [(k, v) for k, v in attrs if k not in DROPPED and
                not (tag == "td" and k in ("class", "title")) and
                not (tag == "table" and k == "class")]
        self.items.append((tag, tuple(kept)))

    def handle_endtag(self, tag):
        if tag != "a":
            self.items.append(("/" + tag,))

    def handle_data(self, data):
        self.items.append(("text", data))


def _parsed(html: str) -> list[tuple]:
    parser = _Cells()
    parser.feed(html)
    return parser.items


@pytest.mark.parametrize("index", range(3), ids=["standings", "crosstable", "changes"])
def test_the_same_cells_and_text_and_fewer_bytes(pages, index):
    normal, large = pages
    for slug, html in normal.items():
        table, lean = _table(html, TABLES[index]), _table(large[slug], LEAN_TABLES[index])
        assert _parsed(lean) == _parsed(table), slug
        assert len(lean) < len(table), slug
        body = lean.partition("<tbody>")[2]
        assert "data-field" not in body and "data-number" not in body
        assert '<td class="num"' not in body and "title=" not in body


def test_the_standings_keep_their_links_the_other_tables_none(pages):
    normal, large = pages
    for slug, html in normal.items():
        links = re.findall(r'<a href="[^"]*">', _table(html, TABLES[0]))
        assert links, slug
        kept = re.findall(r'<a href="[^"]*">', _table(large[slug], LEAN_TABLES[0]))
        assert len(kept) == len(links), slug
        for opening, lean in zip(TABLES[1:], LEAN_TABLES[1:], strict=True):
            assert "<a " in _table(html, opening)
            assert "<a " not in _table(large[slug], lean)
        assert 'id="no-1"' in large[slug]


def test_a_name_with_markup_is_escaped_in_every_row(pages):
    normal, large = pages
    for html in (*normal.values(), *large.values()):
        for opening in (*TABLES, *LEAN_TABLES):
            if opening in html:
                assert "<script" not in _table(html, opening)


def test_each_row_string_has_a_normal_and_a_lean_form_with_the_same_fields():
    for normal, lean in (STANDINGS, CROSSTABLE, CHANGES):
        fields = set(re.findall(r"\{\d+\}", normal))
        assert set(re.findall(r"\{\d+\}", lean)) == fields
        assert "data-" not in lean and 'class="num"' not in lean


@pytest.mark.parametrize(("value", "expected"), ESCAPED)
def test_escaped_is_markupsafes_escape(value, expected):
    assert escaped(value) == str(escape(value)) == expected


@given(st.one_of(st.text(), st.integers(), st.floats(allow_nan=False), st.none(),
                 st.booleans()))
def test_escaped_is_escape_for_any_value(value):
    assert str(escaped(value)) == str(escape(value))


def test_a_shard_section_is_what_the_template_loop_wrote(tmp_path, monkeypatch):
    """Every player of the test site (titles, norms, progress, a name with
    markup, events) rendered large: `shard_sections` against the template
    loop it replaced (`SHARD_LOOP`), in English and in Italian."""
    monkeypatch.setattr(views, "LARGE_SITE", 0)
    data = make_site()
    for lang in ("en", "it"):
        w = render._Writer(data, tmp_path, load_regulations(ROOT / "content" / "regulations"),
                           None, lang=lang)
        assert w.links.large
        players = [e for shard in w.links.shards for e in views.shard_view(shard, data, w.links)]
        assert any(e.record.titles for e in players) and any(e.norms for e in players)
        loop = w.env.from_string(SHARD_LOOP).render(players=players)
        assert str(w.env.globals["shard_sections"](players)) == loop
