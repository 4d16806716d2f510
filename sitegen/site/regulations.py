"""The regulations as web pages, one anchor per article, and citations linked.

`load_regulations(folder)` turns the texts of ``content/regulations/`` into
pages (`RegulationDoc`): Markdown rendered by markdown-it-py with raw HTML
off (everything in the texts is escaped), ``$...$``/``$$...$$`` formulas
as MathML written at build time (latex2mathml; no script in the page),
tab-separated and one-cell-per-line tables as HTML tables (columns the
conversion joined split again, a table's rows joined across page breaks),
space-aligned tables as preformatted text, headings in order under the
page's title, and an ``id`` on every article.

Slugs and anchors (the URL is ``/regulations/<slug>/#<anchor>``):

* one page per FIDE text: ``fide-2002``, ``fide-2003web``, ``fide-2009``,
  ``fide-rb-2024``; the FMJD annexes are one page per annex,
  ``fmjd-annex-<n>`` (``fmjd Annex 9 §3.2.2`` -> ``fmjd-annex-9/#a3.2.2``),
  plus ``fmjd`` for the title page, the summary and the updates log;
* an article "10.51", "- 6.31", "#### 3.2.1.", "3.11.3.a." or "O.11" gets
  ``a`` + its number without the final dot, a letter kept without a dot
  before it: ``a10.51``, ``a6.31``, ``a3.2.1``, ``a3.11.3a``, ``a0.11``;
* an item under it, "(a)", "b)", "c.", "  1." (or "A." in a heading), gets
  the article's anchor + ``-`` + its label, nested items one more each:
  ``a10.54-a``, ``a5.11.1.2.1-1``, ``a5.9-A-a``;
* a heading without a number (FMJD Annex 18 "Stars", Annex 10 "Preamble")
  gets its words as a slug: ``stars``, ``getting-world-cup-points``,
  ``conditions-for-world-cup-events-4-a`` for its item 4 a;
* a number printed twice (FMJD Annex 9 has two "1.2.1.2.", Annex 10 repeats
  4-4.2) keeps the plain anchor on the first; later ones get ``_2``, ``_3``.

Citations, as rules_core writes them: ``fide-2002 10.51``, ``fide-2002
10.54(a)``, ``fide-2002 10.51-10.54``, ``fide-2002 6.1/10.20``, ``fmjd Annex 9
§3.2.2``, ``fmjd Annex 5 §3.1 c``, ``fmjd Annex 3 §5.11.1.2.1 (1)``, ``fmjd
Annex 10 §5, §6``, ``fmjd Annex 18 § Getting World Cup points``, ``fmjd Annex
18 conditions 4a``, ``fmjd Annex 17 Appendix C``, ``fmjd Annex 10, Preamble``,
``fmjd Annex 18`` (the page).  An article must exist in its text; an item
under it links to the item where the text has one, else to the article (the
conversion of the FMJD text lost some letters, e.g. Annex 5 §3.1 b and i).
``fide-2024`` (the standard regulations of 2024) is not among the texts: its
citations are left as plain text and are not reported as unknown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from html import unescape
from pathlib import Path

from latex2mathml.converter import convert as latex_to_mathml
from markdown_it import MarkdownIt
from markupsafe import Markup, escape
from mdit_py_plugins.dollarmath import dollarmath_plugin

from sitegen.site.regulation_tables import table_block

__all__ = ["Anchor", "Citation", "RegulationDoc", "RegulationError", "RegulationIndex",
           "Source", "SOURCES", "EXTERNAL_DOCS", "DEFAULT_FOLDER", "load_regulations",
           "render_text",
           "default_index", "find_citations", "cite_url", "link_citations",
           "unknown_citations", "citation_anchors"]

DEFAULT_FOLDER = Path(__file__).resolve().parents[2] / "content" / "regulations"


@dataclass(frozen=True)
class Source:
    """A text in content/regulations and the page it becomes."""

    file: str
    slug: str
    title: str
    federation: str


SOURCES = (
    Source("fide-rating-regulations-2002.txt", "fide-2002",
           "FIDE Rating Regulations (1982, amended through 2002)", "FIDE"),
    Source("fide-rating-system-web-2003.txt", "fide-2003web",
           "FIDE Handbook B.02 10.0, the working of the FIDE Rating System (web, 2003)",
           "FIDE"),
    Source("fide-rating-regulations-2009-it.txt", "fide-2009",
           "Regolamento per il Rating FIDE (in force from 1 July 2009)", "FIDE"),
    Source("fide-rapid-blitz-rating-regulations-2024.txt", "fide-rb-2024",
           "FIDE Rapid and Blitz Rating Regulations (2024; applied from 1 March 2024)",
           "FIDE"),
    Source("fmjd-annexes-2024.txt", "fmjd", "FMJD Annexes (April 2024)", "FMJD"),
)
# Documents cited by rules_core but not published: citations stay plain text.
# The editions after 2009 (docs/editions.md) cite them by the article of the
# text each amends; an announcement without numbers is cited at the article
# it changes ("fide-rb-2012 8.56": the standard K article, K 20 for all).
EXTERNAL_DOCS = {
    "fide-2024": "FIDE Rating Regulations (standard), effective 1 March 2024",
    "fide-2008fide": "FIDE's calculations game by game with the 350-point rule (by 2008)",
    "fide-2009fide": "FIDE Rating Regulations as applied from 1 July 2009 (FIDE news)",
    "fide-2011": "FIDE Rating Regulations, effective 1 July 2011",
    "fide-2012": "FIDE Rating Regulations, effective 1 July 2012",
    "fide-2014": "FIDE Rating Regulations, effective 1 July 2014",
    "fide-2022": "FIDE Rating Regulations, effective 1 January 2022",
    "fide-2025": "FIDE Rating Regulations (standard), amended 1 October 2025",
    "fide-rb-2012": "FIDE rapid and blitz rating lists, from 1 January 2012 (FIDE news)",
    "fide-rb-2022": "FIDE Rapid and Blitz Rating Regulations (2022)",
    "fide-rb-2022oct": "FIDE Rapid and Blitz Rating Regulations, K as in standard from 1 October 2022",
    "fide-rb-2024dec": "FIDE Rapid and Blitz Rating Regulations, amended 1 December 2024",
}


class RegulationError(ValueError):
    """A regulation text that cannot be read."""


@dataclass(frozen=True)
class Anchor:
    """An ``id`` in a page: an article, an item under one, or a named section."""

    id: str
    kind: str       # "article" | "item" | "section"
    label: str      # "10.51", "10.54 a", "Stars"
    text: str       # the line it stands on, shortened


@dataclass(frozen=True)
class RegulationDoc:
    """One page of /regulations/: the text as HTML, with its anchors."""

    slug: str
    title: str
    source: str
    federation: str
    html: Markup
    anchors: tuple[Anchor, ...]
    ids: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "ids", frozenset(a.id for a in self.anchors))

    @property
    def url(self) -> str:
        return f"/regulations/{self.slug}/"

    @property
    def articles(self) -> tuple[Anchor, ...]:
        return tuple(a for a in self.anchors if a.kind == "article")


# ---------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------

def load_regulations(folder: Path) -> list[RegulationDoc]:
    """The pages of every text in `folder`: the known `SOURCES` in their
    order, then any other ``*.txt`` (slug: its name).  No folder, no pages."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    known = {s.file: s for s in SOURCES}
    files = [s.file for s in SOURCES if (folder / s.file).is_file()]
    files += sorted(p.name for p in folder.glob("*.txt") if p.name not in known)
    docs: list[RegulationDoc] = []
    for name in files:
        text = _read(folder / name)
        source = known.get(name) or Source(name, Path(name).stem, _first_line(text), "")
        if source.slug == "fmjd":
            docs.extend(_fmjd_docs(source, text))
        else:
            docs.append(_doc(source.slug, source.title, source, text))
    return docs


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise RegulationError(f"{path}: cannot be read: {error}") from None


def _first_line(text: str) -> str:
    return next((line.strip(" #*") for line in text.splitlines() if line.strip()), "")


def _doc(slug: str, title: str, source: Source, text: str) -> RegulationDoc:
    html, anchors = render_text(text)
    return RegulationDoc(slug, title, source.file, source.federation, html, anchors)


# -- the FMJD annexes: one page each ------------------------------------------

_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*$")
_ANNEX_HEADING = re.compile(r"^(?:\*\*)?Annex (\d+)\b(.*)$")
_UPDATES_HEADING = re.compile(r"^(?:\*\*)?Updates(?:\*\*)?$")


def _fmjd_docs(source: Source, text: str) -> list[RegulationDoc]:
    """The title page, summary and updates log as ``fmjd``; each annex (its
    heading "Annex N" up to the next annex's) as ``fmjd-annex-N``.  Headings
    "Annex N" inside the updates log, or not after the current annex, do
    not start a page."""
    cover: list[str] = []
    annexes: list[tuple[int, list[str]]] = []
    current, in_updates = cover, False
    for line in text.split("\n"):
        heading = _heading_text(line)
        if heading is not None and _UPDATES_HEADING.match(heading):
            current, in_updates = cover, True
        annex = _ANNEX_HEADING.match(heading) if heading is not None else None
        if annex and not in_updates and (not annexes or int(annex[1]) > annexes[-1][0]):
            annexes.append((int(annex[1]), []))
            current = annexes[-1][1]
        current.append(line)
    docs = [_doc("fmjd", source.title + ": title page, summary and updates", source,
                 "\n".join(cover))]
    for number, lines in annexes:
        title = f"FMJD Annex {number}: {_annex_title(lines)}".rstrip(": ")
        docs.append(_doc(f"fmjd-annex-{number}", title, source, "\n".join(lines)))
    return docs


def _heading_text(line: str) -> str | None:
    m = _HEADING.match(line)
    return m[1].strip() if m else None


def _annex_title(lines: list[str]) -> str:
    """The words after "Annex N", else the next heading ("## Annex 9" is
    followed by "## FMJD rating system and its application rules")."""
    headings = [h for h in map(_heading_text, lines[:6]) if h]
    annex = _ANNEX_HEADING.match(headings[0])
    first = _clean(annex[2]) if annex else ""
    if first or len(headings) < 2:
        return first
    return _clean(headings[1])


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("**", " ")).strip(" :.-")


# ---------------------------------------------------------------------------
# Rendering: text -> Markdown with anchors by line -> HTML
# ---------------------------------------------------------------------------

def render_text(text: str) -> tuple[Markup, tuple[Anchor, ...]]:
    """HTML of one regulation text, and its anchors in document order."""
    lines, anchor_lines, anchors = _prepare(text)
    md = _markdown()
    tokens = md.parse("\n".join(lines))
    _set_ids(tokens, anchor_lines)
    _order_headings(tokens)
    _blank_heads(tokens)
    return Markup(md.renderer.render(tokens, md.options, {})), anchors


@cache
def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "breaks": True})
    md.enable("table")
    md.disable(["image", "link", "autolink"])    # the texts link nowhere
    md.use(dollarmath_plugin, double_inline=True, renderer=_mathml)
    md.add_render_rule("math_inline", _math_inline)
    md.add_render_rule("math_inline_double", _math_in_line)
    md.add_render_rule("math_block", _math_block)
    md.add_render_rule("table_open", _table_open)
    md.add_render_rule("table_close", _table_close)
    md.add_render_rule("fence", _preformatted)
    return md


# The conversion of the FMJD text wrote the euro sign as LaTeX's "\\in"
# ("the sum of $50 \\in$", fmjd Annex 13; "$3 \\text{stars} - 6000 \\in$",
# fmjd Annex 18): after an amount it is the currency, not "element of".
_EURO = re.compile(r"(?<=\d)(\s*)\\in\b")


def _mathml(latex: str, options: dict) -> str:
    """A formula of the texts as MathML, converted at build time (no script
    in the page): ``$...$`` in the line, ``$$...$$`` displayed."""
    display = "block" if options.get("display_mode") else "inline"
    return latex_to_mathml(_EURO.sub(r"\1\\text{€}", latex), display=display)


# A formula longer than this (in LaTeX) may be wider than a phone: it scrolls
# on its own and takes the focus (axe scrollable-region-focusable).
_LONG_FORMULA = 40


def _math_inline(renderer, tokens, idx, options, env) -> str:
    """``$...$``; in a head cell with its text as the cell's name (axe
    empty-table-header does not read MathML)."""
    token = tokens[idx]
    mathml = _mathml(token.content.strip(), {"display_mode": False})
    if len(token.content) > _LONG_FORMULA:
        return f'<span class="math inline" tabindex="0">{mathml}</span>'
    if not token.meta.get("names_cell"):
        return f'<span class="math inline">{mathml}</span>'
    text = " ".join(unescape(t) for t in re.findall(r">([^<]+)<", mathml))
    return (f'<span class="math inline" role="math" aria-label="{escape(text)}">'
            f"{mathml}</span>")


def _math_in_line(renderer, tokens, idx, options, env) -> str:
    """``$$...$$`` inside a paragraph: displayed, but in a <span> (the
    plugin's <div> cannot stand in a <p> and left a stray </p>)."""
    mathml = _mathml(tokens[idx].content.strip(), {"display_mode": True})
    return f'<span class="math display" tabindex="0">{mathml}</span>'


def _math_block(renderer, tokens, idx, options, env) -> str:
    """``$$...$$`` on its own lines: a block that scrolls on a phone."""
    mathml = _mathml(tokens[idx].content.strip(), {"display_mode": True})
    return f'<div class="math block" tabindex="0">\n{mathml}\n</div>\n'


def _table_open(renderer, tokens, idx, options, env) -> str:
    """A printed table in a region that scrolls on its own on a narrow screen,
    reachable from the keyboard (WCAG 2.1.1; axe scrollable-region-focusable),
    named by its number in the text (axe landmark-unique)."""
    env["tables"] = env.get("tables", 0) + 1
    return (f'<div class="table-wrap" role="region" tabindex="0" '
            f'aria-label="Table {env["tables"]}">\n'
            + renderer.renderToken(tokens, idx, options, env))


def _preformatted(renderer, tokens, idx, options, env) -> str:
    """A space-aligned table: it scrolls, so it takes the focus."""
    return renderer.fence(tokens, idx, options, env).replace(
        "<pre>", '<pre tabindex="0">', 1)


def _table_close(renderer, tokens, idx, options, env) -> str:
    return renderer.renderToken(tokens, idx, options, env) + "</div>\n"


_HEADING_NUMBER = re.compile(r"(?:\*\*)?(\d+(?:\.\d+)*)\.?(?=[\s*]|$)")


def _order_headings(tokens) -> None:
    """Heading levels in order under the page's <h1> (WCAG 1.3.1; axe
    heading-order): a numbered heading at its number's depth ("1." h3,
    "1.2." h4), the others one below their ``#``; never more than one
    level deeper than the heading before.  The converted texts mark levels
    at random ("# Annex 10", then "#### Preamble", "## 1.2.")."""
    previous = 1
    for k, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        number = _HEADING_NUMBER.match(tokens[k + 1].content)
        wanted = number[1].count(".") + 3 if number else int(token.tag[1]) + 1
        level = max(2, min(wanted, previous + 1, 6))
        token.tag = tokens[k + 2].tag = f"h{level}"
        previous = level


def _blank_heads(tokens) -> None:
    """A head cell without text is an ordinary cell (axe empty-table-header):
    the converted tables leave the corner and spanned cells blank."""
    for k, token in enumerate(tokens):
        if token.type != "th_open":
            continue
        if not tokens[k + 1].content.strip():
            token.tag = tokens[k + 2].tag = "td"
        for child in tokens[k + 1].children or []:
            if child.type == "math_inline":
                child.meta["names_cell"] = True


# a list item comes before its paragraph in the stream, so it takes the id
_ANCHORED = ("list_item_open", "heading_open", "paragraph_open")


def _set_ids(tokens, anchor_lines: dict[int, str]) -> None:
    """Put each anchor on the block that starts on its line: the list item
    (a tight list's paragraph is not rendered), else the heading or paragraph."""
    done: set[int] = set()
    for token in tokens:
        if token.map is None or token.nesting != 1:
            continue
        line = token.map[0]
        if line in anchor_lines and line not in done and token.type in _ANCHORED:
            token.attrSet("id", anchor_lines[line])
            done.add(line)


# -- the pre-pass -------------------------------------------------------------

_TAGS = ((re.compile(r"<sup>(.*?)</sup>"), r"^\1"), (re.compile(r"<sub>(.*?)</sub>"), r"_\1"),
         (re.compile(r"<u>(.*?)</u>"), r"\1"), (re.compile(r"<b>(.*?)</b>"), r"**\1**"),
         (re.compile(r"\[bookmark: [^\]]*\]"), ""),
         (re.compile(r"(?<=\w)`(?=\w)|`(?=\d\d\b)"), "'"),
         (re.compile(r"&(?=#?\w+;)"), r"\\&"))


def _normalise(text: str) -> list[str]:
    """Lines without CR; the few HTML tags of the texts written as text
    (P<sub>1</sub> -> P_1, 1<sup>st</sup> -> 1^st, as the texts' own
    LaTeX-ish notation does), a word processor's bookmark dropped, the
    2003 page's backquote apostrophes ("player`s", "GA `94") as apostrophes,
    and "&lt;" kept as typed (Markdown would read it as "<")."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for pattern, replacement in _TAGS:
        text = pattern.sub(replacement, text)
    return [_bare_latex(line) for line in text.split("\n")]


# LaTeX written outside "$": "R_{ar}" (fide-2002 11.31), "\geq" (fide-2009 8.33)
_BARE_LATEX = re.compile(r"\b[A-Za-z]+_\{[^{}$]*\}|\\[A-Za-z]+\b")


def _bare_latex(line: str) -> str:
    """A formula the conversion left without its "$" marked as one (outside
    the line's "$...$"; a "$$" line is a formula already)."""
    if "$$" in line or not _BARE_LATEX.search(line):
        return line
    parts = line.split("$")
    for k in range(0, len(parts), 2):
        parts[k] = _BARE_LATEX.sub(lambda m: f"${m[0]}$", parts[k])
    return "$".join(parts)


def _prepare(text: str) -> tuple[list[str], dict[int, str], tuple[Anchor, ...]]:
    """Markdown lines, the anchor id of each line that starts an article,
    item or named section, and the anchors."""
    lines = _normalise(text)
    out: list[str] = []
    anchor_lines: dict[int, str] = {}
    tracker = _Tracker()
    i = 0
    while i < len(lines):
        block, i = table_block(lines, i)
        if block is not None:
            out.extend(["", *block, ""])
            continue
        line = lines[i]
        i += 1
        if line.lstrip().startswith("$$"):
            out.append(line)
            continue
        mark = _mark(line)
        anchor = tracker.add(mark, line) if mark else None
        if anchor is None or mark is None:
            out.append(line)
            continue
        if out and out[-1].strip():
            out.append("")       # an article starts its own block
        anchor_lines[len(out)] = anchor
        out.append(_unlist(line if _is_listed(line) else line.lstrip(), mark))
    return out, anchor_lines, tuple(tracker.anchors)


# -- articles, items and named sections ------------------------------------

_MARK = re.compile(r"""
    (?P<indent>[ ]*)
    (?:(?P<hashes>\#{1,6})[ ]+|(?P<bullet>[-*+])[ ]+)?
    (?:\*\*)?
    (?:
        (?P<num>[0-9O]\d*(?:\.\d+)+(?:\.?[a-z])?|\d+[a-z]?)(?P<dot>\.)?~?
      | \((?P<plabel>[a-z]|[ivx]{2,4}|\d{1,2})\)
      | (?P<label>[a-zA-Z])[.)]
    )
    (?=[\s:]|\*\*|$)
""", re.X)


@dataclass(frozen=True)
class _Mark:
    kind: str          # "article" | "item" | "section"
    label: str         # article number (normalised), item label, heading text
    level: int         # nesting of items: -1 in a heading, else the indent
    numbered_list: bool = False   # starts with "N." that Markdown reads as a list


def _mark(line: str) -> _Mark | None:
    """What a line starts, if anything: an article ("10.51", "- 6.31",
    "#### 3.2.1.", "3.11.3.a.", "O.11", "1." at the margin or in a heading),
    an item ("(a)", "b)", "c.", "  1.", "A." in a heading) or, in a heading
    without a number, a named section."""
    m = _MARK.match(line)
    heading = _heading_text(line) is not None
    number = m["num"] if m else None
    if m is None or (number and "." not in number and not m["dot"]):
        return _named(line) if heading else None    # "40 moves in", "# 1 Semi-finals"
    level = -1 if heading else len(m["indent"])
    if number and "." in number:
        return _Mark("article", _article_key(number), level)
    if number:      # "1." is an article at the margin or in a heading, else an item
        kind = "article" if heading or not (m["indent"] or m["bullet"]) else "item"
        return _Mark(kind, number, level, numbered_list=not heading)
    label = m["plabel"] or m["label"]
    return _Mark("item", label, level) if heading or not label.isupper() else None


def _named(line: str) -> _Mark | None:
    title = _clean(_heading_text(line) or "")
    return _Mark("section", title, -1) if title else None


def _article_key(number: str) -> str:
    """'O.11' -> '0.11', '3.11.3.a' -> '3.11.3a'."""
    if number.startswith("O"):
        number = "0" + number[1:]
    return re.sub(r"\.([a-z])$", r"\1", number)


def _is_listed(line: str) -> bool:
    return re.match(r"\s*[-*+]\s", line) is not None


def _unlist(line: str, mark: _Mark) -> str:
    """Keep an article's number as text: '1. Rate' would be an ordered list."""
    if not mark.numbered_list:
        return line
    return re.sub(r"^(\s*(?:[-*+]\s+)?\d+)\.", r"\1\\.", line, count=1)


class _Tracker:
    """Gives each mark its anchor id: unique in the page, items named after
    the article or section they stand under."""

    def __init__(self) -> None:
        self.anchors: list[Anchor] = []
        self.used: set[str] = set()
        self.base: tuple[str, str] | None = None     # (id, label)
        self.items: list[tuple[int, str]] = []

    def add(self, mark: _Mark, line: str) -> str | None:
        if mark.kind == "item":
            return self._item(mark, line)
        wanted = "a" + mark.label if mark.kind == "article" else _slug(mark.label)
        if not wanted:
            return None
        anchor = self._record(wanted, mark.kind, mark.label, line)
        self.base, self.items = (anchor, mark.label), []
        return anchor

    def _item(self, mark: _Mark, line: str) -> str | None:
        if self.base is None:
            return None
        while self.items and self.items[-1][0] >= mark.level:
            self.items.pop()
        self.items.append((mark.level, mark.label))
        labels = [label for _, label in self.items]
        return self._record("-".join([self.base[0], *labels]), "item",
                            " ".join([self.base[1], *labels]), line)

    def _record(self, wanted: str, kind: str, label: str, line: str) -> str:
        anchor, n = wanted, 1
        while anchor in self.used:
            n += 1
            anchor = f"{wanted}_{n}"
        self.used.add(anchor)
        self.anchors.append(Anchor(anchor, kind, label, _excerpt(line)))
        return anchor


def _slug(text: str) -> str:
    """'Getting World Cup points' -> 'getting-world-cup-points'."""
    return re.sub(r"[\W_]+", "-", text.lower()).strip("-")


def _excerpt(line: str, width: int = 90) -> str:
    text = re.sub(r"\s+", " ", line.replace("*", "").lstrip(" #-")).strip()
    return text if len(text) <= width else text[:width - 1].rstrip() + "…"


# ---------------------------------------------------------------------------
# Citations
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Citation:
    """One cited article (or section, or page) and where it stands in a text."""

    doc: str                    # "fide-2002", "fmjd Annex 9"
    article: str | None         # "10.51", "3.11.3a"
    section: str | None         # "Getting World Cup points", "conditions"
    items: tuple[str, ...]      # ("a",), ("4", "a")
    text: str                   # "fide-2002 10.51", "fmjd Annex 5 §3.1 c"
    start: int
    end: int

    def __str__(self) -> str:
        return self.text

    @property
    def slug(self) -> str:
        annex = re.fullmatch(r"fmjd Annex (\d+)", self.doc)
        return f"fmjd-annex-{annex[1]}" if annex else self.doc


_DOC = re.compile(r"(?<![\w-])(?:(?P<fide>fide-(?:rb-)?\d{4}[a-z]*)|fmjd Annex (?P<annex>\d+))"
                  r"(?![\w-])")
_FIDE_ARTICLE = re.compile(r" (?P<num>\d+(?:\.\d+)+(?:[a-z](?!\w))?)(?!\w)"
                           r"(?P<items>(?:\([a-z]\))*)")
_FIDE_MORE = re.compile(r"(?:-|/|, )(?P<num>\d+(?:\.\d+)+(?:[a-z](?!\w))?)(?!\w)"
                        r"(?P<items>(?:\([a-z]\))*)")
_FMJD_NUMBER = r"\d+(?:\.\d+)*(?:\.?[a-z])?(?![\w])"
_FMJD_ARTICLE = re.compile(rf" ?§ ?(?P<num>{_FMJD_NUMBER})")
_FMJD_MORE = re.compile(rf"(?:[-/](?:§ ?)?|(?:, | and |, and )§ ?)(?P<num>{_FMJD_NUMBER})")
_FMJD_NAMED = re.compile(r" ?§ (?P<words>[A-Za-z][\w'’]*(?: [A-Za-z][\w'’]*){0,5})")
_FMJD_KEYWORD = re.compile(r",? (?P<words>Preamble|[Cc]onditions|[Aa]ppendix [A-Za-z]\b|"
                           r"App\. [A-Z]\b)")
_ITEM = re.compile(r" ?\((?P<paren>\d{1,2}|[a-z]|[ivx]{2,4})\)"
                   r"""| (?P<lower>[a-z])(?=[),.;:"']|$|-[a-z]\b)"""
                   r"| (?P<upper>[A-Z])(?= \(| [a-z]\)|[),.;:]|$)")
_NAMED_ITEM = re.compile(r" (?P<num>\d+)(?P<letter>[a-z])?(?![\w.])")

# named section lookup: (doc slug, words) -> how many of the words name one
SectionLookup = Callable[[str, list[str]], int]


def _parse(text: str, lookup: SectionLookup) -> Iterator[Citation]:
    for m in _DOC.finditer(text):
        if m["fide"]:
            yield from _parse_fide(text, m)
        else:
            yield from _parse_fmjd(text, m, lookup)


def _parse_fide(text: str, m: re.Match) -> Iterator[Citation]:
    doc = m["fide"]
    part = _FIDE_ARTICLE.match(text, m.end())
    if part is None:
        return          # "fide-2002:", "fide-2009 (8.58 ...": no article
    start = m.start()
    while part is not None:
        items = tuple(re.findall(r"\(([a-z])\)", part["items"]))
        yield Citation(doc, part["num"], None, items,
                       f"{doc} {part['num']}{part['items']}", start, part.end())
        part = _FIDE_MORE.match(text, part.end())
        start = part.start("num") if part else 0


def _parse_fmjd(text: str, m: re.Match, lookup: SectionLookup) -> Iterator[Citation]:
    doc, slug = f"fmjd Annex {m['annex']}", f"fmjd-annex-{m['annex']}"
    part = _FMJD_ARTICLE.match(text, m.end())
    if part is not None:
        start = m.start()
        while part is not None:
            items, end = _items(text, part.end())
            written = text[part.start("num"):end]
            yield Citation(doc, _article_key(part["num"]), None, items,
                           f"{doc} §{written}", start, end)
            part = _FMJD_MORE.match(text, end)
            start = part.start("num") if part else 0
            start -= text[:start].endswith("§")
        return
    named = _FMJD_NAMED.match(text, m.end()) or _FMJD_KEYWORD.match(text, m.end())
    if named is None:
        yield Citation(doc, None, None, (), doc, m.start(), m.end())
        return
    words = named["words"].split(" ")
    count = lookup(slug, words) or 1
    name = " ".join(words[:count])
    end = named.start("words") + len(name)
    items = ()
    number = _NAMED_ITEM.match(text, end)
    if number is not None:
        items, end = tuple(x for x in (number["num"], number["letter"]) if x), number.end()
    more, end = _items(text, end)
    sign = "§ " if text[named.start():named.start("words")].strip() == "§" else ""
    yield Citation(doc, None, name, items + more, f"{doc} {sign}{text[named.start('words'):end]}",
                   m.start(), end)


def _items(text: str, pos: int) -> tuple[tuple[str, ...], int]:
    """Items after an article: ' c', ' (1)', ' A a)', '(a)'."""
    items = []
    while (m := _ITEM.match(text, pos)) is not None:
        items.append(m["paren"] or m["lower"] or m["upper"])
        pos = m.end()
    return tuple(items), pos


class RegulationIndex:
    """The published pages, to resolve and link citations against."""

    def __init__(self, docs: Iterable[RegulationDoc]):
        self.docs = {doc.slug: doc for doc in docs}
        self._sections = {slug: [a.id for a in doc.anchors if a.kind == "section"]
                          for slug, doc in self.docs.items()}

    def find_citations(self, text: str) -> list[Citation]:
        """Every citation in `text`, in order (a range or list gives one per article)."""
        return list(_parse(text, self._section_words))

    def cite_url(self, citation: str | Citation) -> str | None:
        """``/regulations/<slug>/#<anchor>`` of a citation (the page alone
        for ``fmjd Annex 18``); None when its document, article or section
        is not in the published texts."""
        found = citation if isinstance(citation, Citation) else self._first(citation)
        if found is None:
            return None
        anchor = self._anchor(found)
        if anchor is None:
            return None
        base = f"/regulations/{found.slug}/"
        return base + f"#{anchor}" if anchor else base

    def link_citations(self, text: str) -> Markup:
        """`text` escaped, each citation in it a link to its article."""
        out, pos = [], 0
        for c in self.find_citations(text):
            url = self.cite_url(c)
            if url is None:
                continue
            out.append(escape(text[pos:c.start]))
            out.append(Markup('<a class="citation" href="{}">{}</a>').format(
                url, text[c.start:c.end]))
            pos = c.end
        out.append(escape(text[pos:]))
        return Markup("").join(out)

    def unknown_citations(self, citations: Iterable[str]) -> list[str]:
        """The citations that do not resolve: a string with no citation in it
        (malformed), or each article of it missing from its text.  Citations
        of `EXTERNAL_DOCS` are not checked."""
        unknown: list[str] = []
        for given in citations:
            found = self.find_citations(given)
            bad = [given] if not found else [
                str(c) for c in found if c.doc not in EXTERNAL_DOCS and self._anchor(c) is None]
            unknown.extend(b for b in bad if b not in unknown)
        return unknown

    # -- resolution --------------------------------------------------------
    def _first(self, citation: str) -> Citation | None:
        found = self.find_citations(citation)
        return found[0] if found else None

    def _anchor(self, c: Citation) -> str | None:
        """The anchor id ('' for the page itself), None when unknown."""
        doc = self.docs.get(c.slug)
        if doc is None:
            return None
        if c.article is None and c.section is None:
            return ""
        if c.section is not None:
            base = self._section(c.slug, _slug(c.section))
            return None if base is None else _deepest(doc.ids, base, c.items)
        assert c.article is not None                # (both None returned above)
        if "a" + c.article in doc.ids:
            return _deepest(doc.ids, "a" + c.article, c.items)
        split = re.fullmatch(r"(.*\d)([a-z])", c.article)     # '10.21b': 10.21, item b
        if split and "a" + split[1] in doc.ids:
            return _deepest(doc.ids, "a" + split[1], (split[2], *c.items))
        return None

    def _section(self, slug: str, wanted: str) -> str | None:
        """The first named section whose slug is `wanted` or begins with it
        ('conditions' -> 'conditions-for-world-cup-events')."""
        for anchor in self._sections.get(slug, ()):
            if anchor == wanted or anchor.startswith(wanted + "-"):
                return anchor
        return None

    def _section_words(self, slug: str, words: list[str]) -> int:
        for count in range(len(words), 0, -1):
            if self._section(slug, _slug(" ".join(words[:count]))):
                return count
        return 0


def _deepest(ids: frozenset[str], base: str, items: tuple[str, ...]) -> str:
    """The most specific of base-item1-item2..., base-item1, base that exists."""
    for n in range(len(items), 0, -1):
        candidate = "-".join([base, *items[:n]])
        if candidate in ids:
            return candidate
    return base


def citation_anchors(docs: Iterable[RegulationDoc]) -> dict[str, list[str]]:
    """Each published page's article and item anchors, for the checker's
    results (static/check/cite.js links their citations in the browser)."""
    return {doc.slug: sorted(a.id for a in doc.anchors if a.kind != "section") for doc in docs}


# -- the embedded content's regulations ---------------------------------------

@cache
def default_index() -> RegulationIndex:
    """The regulations of the embedded content (content/regulations)."""
    return RegulationIndex(load_regulations(DEFAULT_FOLDER))


def find_citations(text: str) -> list[Citation]:
    return default_index().find_citations(text)


def cite_url(citation: str) -> str | None:
    """``/regulations/<slug>/#<anchor>`` of a citation of the embedded
    regulations, None when its document or article is unknown."""
    return default_index().cite_url(citation)


def link_citations(text: str) -> Markup:
    """A note escaped, its citations linked (a Jinja2 filter)."""
    return default_index().link_citations(text)


def unknown_citations(citations: Iterable[str]) -> list[str]:
    """The citations that do not resolve against the embedded regulations."""
    return default_index().unknown_citations(citations)
