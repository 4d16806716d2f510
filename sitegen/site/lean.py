"""An event page's three player tables, a row a string, normal or lean.

The standings, the crosstable and the rating changes of templates/event.html
have a row for each player: at FIDE's size 338,000 rows each, where a row
written cell by cell in the template (a filter, a lookup and an escape a
cell) was most of an event page's render.  Each row is here one format
string (`STANDINGS`, `CROSSTABLE`, `CHANGES`) filled with the row's values,
each escaped once (markupsafe, as the templates' autoescape does), the same
bytes as the template wrote (the golden site, `tests/test_site.py`).

On a site above `views.LARGE_SITE` players the event pages are the largest
part of the output (docs/scale.md#output-size): each row of these tables
wrote `data-field="..."` and `class="num"` on every cell and `data-number`
on the row.  Nothing on the page reads them (the checker makes its own
table, `templates/check/`): the `data-field` names are the check contract's,
kept on a normal site's pages for whoever compares them, and `class="num"`
only right-aligns a cell.  A large site's tables leave them out and carry
`class="lean"` instead (the template writes it on the table), whose cells
`templates/static/style.css` right-aligns (but the standings' title and
federation).  Two kinds of link go too: a crosstable cell's to the
opponent's row (the cell names his number, "7w 1"), and the player's name
in the crosstable and the rating changes (his row of the standings, the
first table, links him).  The text of every cell, the rows' order, the
rows' anchors (`id="no-N"`) and the standings' links are the normal
rows' (`tests/test_lean.py`).  The lean rows are written lean, no longer
made so afterwards by regular expressions over the rendered page
(docs/scale.md#rendering).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from markupsafe import Markup, escape

from sitegen.i18n import N_
from sitegen.site.figures import fixed, isodate, points, signed, tiebreak, year_month

__all__ = ["escaped", "STANDINGS", "CROSSTABLE", "CHANGES", "SHARD_ROW", "SHARD_SECTION", "SHARD_TABLE",
           "SHARD_PARAGRAPH", "row_functions", "shard_sections"]

# (normal, lean) format strings of a row; the values are escaped before.
# Standings: 0 number, 1 rank, 2 name (linked in both), 3 title,
# 4 federation, 5 rating, 6 points, 7 the tie-break cells.
STANDINGS = (
    '<tr data-number="{0}"><td class="num" data-field="rank">{1}</td>'
    '<td class="num" data-field="number">{0}</td><th scope="row" data-field="name">{2}</th>'
    '<td>{3}</td><td>{4}</td><td class="num" data-field="rating">{5}</td>'
    '<td class="num" data-field="points">{6}</td>\n{7}</tr>\n',
    '<tr><td>{1}</td><td>{0}</td><th scope="row">{2}</th><td>{3}</td><td>{4}</td>'
    '<td>{5}</td><td>{6}</td>\n{7}</tr>\n')
# Crosstable: 0 number, 1 name (linked on a normal site), 2 the round
# cells, 3 points.
CROSSTABLE = (
    '<tr data-number="{0}" id="no-{0}"><td class="num">{0}</td><th scope="row">{1}</th>\n'
    '{2}<td class="num">{3}</td></tr>\n',
    '<tr id="no-{0}"><td>{0}</td><th scope="row">{1}</th>\n{2}<td>{3}</td></tr>\n')
# Rating changes: 0 number, 1 name (linked on a normal site), 2 rating, 3 K,
# 4 rated games, 5 score, 6 opponents' average, 7 the optional figures'
# cells, 8 expected score, 9 change, 10 new rating, 11 performance.
CHANGES = (
    '<tr data-number="{0}"><td class="num" data-field="number">{0}</td>'
    '<th scope="row" data-field="name">{1}</th><td class="num" data-field="rating">{2}</td>'
    '<td class="num" data-field="k">{3}</td><td class="num" data-field="rated_games">{4}</td>'
    '<td class="num" data-field="score">{5}</td>'
    '<td class="num" data-field="opponents_average">{6}</td>\n{7}'
    '<td class="num" data-field="expected">{8}</td><td class="num" data-field="change">{9}</td>'
    '<td class="num" data-field="new_rating">{10}</td>'
    '<td class="num" data-field="performance">{11}</td></tr>\n',
    '<tr><td>{0}</td><th scope="row">{1}</th><td>{2}</td><td>{3}</td><td>{4}</td><td>{5}</td>'
    '<td>{6}</td>\n{7}<td>{8}</td><td>{9}</td><td>{10}</td><td>{11}</td></tr>\n')
# A row of a player's history on a large site's page of players
# (templates/players_shard.html): 0 the list's month (linked), 1 rating,
# 2 change, 3 rated games, 4 the events with the change in each.
SHARD_ROW = ('<tr><th scope="row">{0}</th><td class="num">{1}</td><td class="num">{2}</td>'
             '<td class="num">{3}</td><td>{4}</td></tr>\n')

# A player's section on that page: 0 his anchor, 1 his name, 2 the line of
# his facts, 3 his history tables (`SHARD_TABLE`), 4 the paragraphs after
# them (`SHARD_PARAGRAPH`: titles, norms, progress, events).
SHARD_SECTION = '<section class="player" id="{0}">\n<h2>{1}</h2>\n<p>{2}</p>\n{3}{4}</section>\n'
# A history table: 0 the caption (the list's name), 1 to 3 the headers of
# the list, rating and change, 4 the events' header, 5 the rows (`SHARD_ROW`).
SHARD_TABLE = ('<table>\n<caption>{0}</caption>\n<tr><th scope="col">{1}</th>'
               '<th scope="col" class="num">{2}</th><th scope="col" class="num">{3}</th>'
               '<th scope="col" class="num">N</th><th scope="col">{4}</th></tr>\n{5}</table>\n')
# A paragraph after the tables: 0 its label, 1 its items, "; " between them.
SHARD_PARAGRAPH = '<p>{0} {1}</p>\n'
# The words of a section, translated once a page (the page's language).
SHARD_WORDS = (N_("List"), N_("Rating"), N_("Change"), N_("Events"), N_("Titles:"),
               N_("Norms:"), N_("Towards the next title:"), N_("Events:"))
NORM_LINE = N_("%(title)s %(kind)s in %(event)s %(date)s (%(achieved)s of %(required)s "
               "required")
NORM_CATEGORY = N_(", category %(category)s")

Link = Callable[[object, str | None], Markup]


# What markupsafe escapes (`&<>"'`): a text without any is written as it is.
_SPECIAL = re.compile("[&<>\"']")


def escaped(value: object) -> str:
    """`markupsafe.escape(value)`, without its checks for the values most
    cells hold: a whole number as it is written, a text with nothing to
    escape as it is; anything else (markup, a float, a text to escape)
    through `escape` (tests/test_lean.py compares the two).  A million
    table rows made `escape` a tenth of the render (docs/scale.md#rendering)."""
    kind = type(value)
    if kind is int:
        return str(value)
    if kind is str and _SPECIAL.search(value) is None:     # type: ignore[call-overload]
        return value                                        # type: ignore[return-value]
    return escape(value)


def _blank(value: object) -> str:
    return escaped("" if value is None else value)


def row_functions(link: Link) -> dict[str, Callable[..., Markup]]:
    """The template globals `standings_rows(players, lean)`,
    `crosstable_rows(players, lean)` and `changes_rows(players, optional,
    lean)` (an event's tables) and `shard_rows(rows)` (a player's history
    on a large site's page of players): a table's body, one string; `link`
    is `player_link`."""
    return {"standings_rows": lambda players, lean: Markup("".join(
                _standings_row(p, lean, link) for p in players)),
            "crosstable_rows": lambda players, lean: Markup("".join(
                _crosstable_row(p, lean, link) for p in players)),
            "changes_rows": lambda players, optional, lean: Markup("".join(
                _changes_row(p, [key for key, _, _ in optional], lean, link)
                for p in players)),
            "shard_rows": lambda rows: Markup("".join(_shard_row(r, link) for r in rows))}


def _standings_row(p, lean: bool, link: Link) -> str:
    cell = "<td>{}</td>" if lean else '<td class="num">{}</td>'
    breaks = "".join(cell.format(escaped(tiebreak(v))) for v in p.tiebreaks)
    return STANDINGS[lean].format(escaped(p.number), _blank(p.rank), link(p.name, p.url),
                                  escaped(p.title), escaped(p.federation), _blank(p.rating),
                                  escaped(points(p.points)), breaks)


def _crosstable_row(p, lean: bool, link: Link) -> str:
    name = escaped(p.name) if lean else link(p.name, p.url)
    cells = p.lean_cells() if lean else p.cross_cells()
    return CROSSTABLE[lean].format(escaped(p.number), name, cells, escaped(points(p.points)))


def _changes_row(p, optional: list[str], lean: bool, link: Link) -> str:
    f = p.figures
    if lean:
        extra = "".join(f"<td>{escaped(points(f[key]))}</td>" for key in optional)
    else:
        extra = "".join(f'<td class="num" data-field="{escaped(key)}">{escaped(points(f[key]))}</td>'
                        for key in optional)
    return CHANGES[lean].format(
        escaped(p.number), escaped(p.name) if lean else link(p.name, p.url), _blank(f["rating"]),
        _blank(f["k"]), _blank(f["rated_games"]), escaped(points(f["score"])),
        escaped(fixed(f["opponents_average"], 2)), extra, escaped(fixed(f["expected"], 2)),
        escaped(signed(f["change"], 2)), _blank(f["new_rating"]), _blank(f["performance"]))


def _shard_row(r, link: Link) -> str:
    events = "; ".join(f"{link(name, target)} {escaped(signed(change, 2))}"
                       for name, target, change in r.events)
    return SHARD_ROW.format(link(year_month(r.date), r.path),
                            escaped("–" if r.rating is None else r.rating),
                            escaped(signed(r.change)), escaped(r.games), events)


def shard_sections(link: Link, cite: Callable[[object], Markup],
                   norm_kind: Callable[[str | None], str | None],
                   gettext: Callable[[str], str]) -> Callable[[list], Markup]:
    """The template global `shard_sections(players)`: the players' sections
    of a large site's page of players (templates/players_shard.html), one
    string, each a `SHARD_SECTION`; `cite` and `norm_kind` are the
    templates' filters, `gettext` the page's (its language)."""
    def sections(players: list) -> Markup:
        words = {word: gettext(word) for word in (*SHARD_WORDS, NORM_LINE, NORM_CATEGORY)}
        return Markup("".join(_shard_section(e, words, link, cite, norm_kind)
                              for e in players))
    return sections


def _shard_section(e, words: dict[str, str], link: Link, cite, norm_kind) -> str:
    p = e.record
    facts = f"{escaped(e.game_name)} · ID {escaped(p.id)}"
    if p.title:
        facts += f" · {escaped(p.title)}"
    if p.federation:
        facts += f" · {escaped(p.federation)}"
    if p.birth_year:
        facts += f" · born {escaped(p.birth_year)}"
    facts += "".join(f" · {escaped(name)} {escaped('not rated' if rating is None else rating)}"
                     for name, rating in e.ratings)
    heads = [words[w] for w in SHARD_WORDS[:4]]
    tables = "".join(SHARD_TABLE.format(escaped(t.list_name.capitalize()), *heads,
                                        "".join(_shard_row(r, link) for r in t.rows))
                     for t in e.tables)
    return SHARD_SECTION.format(escaped(e.anchor), escaped(p.name), facts, tables,
                                _shard_paragraphs(e, words, link, cite, norm_kind))


def _shard_paragraphs(e, words: dict[str, str], link: Link, cite, norm_kind) -> str:
    """The titles, norms, progress and events of a section, those it has."""
    p, out = e.record, []
    if p.titles:
        out.append(SHARD_PARAGRAPH.format(words["Titles:"], "; ".join(
            f"{escaped(t.title)} {escaped(isodate(t.date))} ({escaped(t.how)}"
            f"{f': {cite(t.detail)}' if t.detail else ''})" for t in p.titles)))
    if e.norms:
        out.append(SHARD_PARAGRAPH.format(words["Norms:"], "; ".join(
            _norm_item(n, words, link, norm_kind) for n in e.norms)))
    if p.progress:
        out.append(SHARD_PARAGRAPH.format(words["Towards the next title:"],
                                          "; ".join(str(cite(line)) for line in p.progress)))
    if e.events:
        out.append(SHARD_PARAGRAPH.format(words["Events:"], "; ".join(
            f"{link(ev.name, ev.path)} {escaped(isodate(ev.start))}" for ev in e.events)))
    return "".join(out)


def _norm_item(n, words: dict[str, str], link: Link, norm_kind) -> str:
    """A norm as the template's `trans` block writes it: the translated text
    (markup) with each value escaped into it."""
    text = Markup(words[NORM_LINE]) % {
        "title": n.title, "kind": norm_kind(n.kind) or "", "event": link(n.event, n.path),
        "date": isodate(n.date), "achieved": points(n.achieved),
        "required": points(n.required)}
    if n.category:
        text += Markup(words[NORM_CATEGORY]) % {"category": n.category}
    return f"{text})"
