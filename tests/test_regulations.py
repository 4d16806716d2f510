"""sitegen.site.regulations: the regulation pages, their anchors, and every citation
rules_core writes linked to an article that exists."""

from __future__ import annotations

import ast
import bisect
import html as html_module
import importlib
import re
from collections import Counter
from functools import cache
from pathlib import Path

import jinja2
import pytest
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup, escape

from rules_core.fide.editions import FIDE_EDITIONS
from rules_core.fmjd.edition import FMJD_EDITIONS
from sitegen.site.regulations import (
    DEFAULT_FOLDER,
    EXTERNAL_DOCS,
    SOURCES,
    RegulationIndex,
    cite_url,
    default_index,
    find_citations,
    link_citations,
    load_regulations,
    render_text,
    unknown_citations,
)
from tests.shared_data import ROOT, SHARED_REGULATIONS

RULES_CORE = ROOT / "rules_core"

# The brief's articles, and those of docs/interpretations.md.
KNOWN = [
    ("fide-2002 10.51", "/regulations/fide-2002/#a10.51"),
    ("fide-2002 10.57", "/regulations/fide-2002/#a10.57"),
    ("fide-2002 9.14", "/regulations/fide-2002/#a9.14"),
    ("fide-2002 14.2", "/regulations/fide-2002/#a14.2"),
    ("fide-2002 6.1", "/regulations/fide-2002/#a6.1"),
    ("fide-2002 10.20", "/regulations/fide-2002/#a10.20"),
    ("fide-2002 0.11", "/regulations/fide-2002/#a0.11"),         # printed "O.11"
    ("fide-2003web 10.61", "/regulations/fide-2003web/#a10.61"),
    ("fide-2003web 10.68", "/regulations/fide-2003web/#a10.68"),
    ("fide-2009 8.58", "/regulations/fide-2009/#a8.58"),
    ("fide-2009 8.34", "/regulations/fide-2009/#a8.34"),
    ("fide-2009 8.54", "/regulations/fide-2009/#a8.54"),
    ("fide-2009 6.41", "/regulations/fide-2009/#a6.41"),
    ("fide-rb-2024 7.2.4", "/regulations/fide-rb-2024/#a7.2.4"),
    ("fide-rb-2024 7.3.3", "/regulations/fide-rb-2024/#a7.3.3"),
    ("fide-rb-2024 7.2.2", "/regulations/fide-rb-2024/#a7.2.2"),
    ("fmjd Annex 9 §3.2.2", "/regulations/fmjd-annex-9/#a3.2.2"),
    ("fmjd Annex 9 §2.4.1", "/regulations/fmjd-annex-9/#a2.4.1"),
    ("fmjd Annex 9 §1.2.2.1", "/regulations/fmjd-annex-9/#a1.2.2.1"),
    ("fmjd Annex 9 §3.2.3", "/regulations/fmjd-annex-9/#a3.2.3"),
    ("fmjd Annex 10 §4.5.2", "/regulations/fmjd-annex-10/#a4.5.2"),
    ("fmjd Annex 10 §3.11.3.a", "/regulations/fmjd-annex-10/#a3.11.3a"),
    ("fmjd Annex 5 §3.1", "/regulations/fmjd-annex-5/#a3.1"),
    ("fmjd Annex 5 §3.1 c", "/regulations/fmjd-annex-5/#a3.1-c"),
    ("fmjd Annex 3 §5.6a", "/regulations/fmjd-annex-3/#a5.6a"),
    ("fmjd Annex 3 §5.11.1.2.1 (1)", "/regulations/fmjd-annex-3/#a5.11.1.2.1-1"),
    ("fmjd Annex 3 §5.9 A a)", "/regulations/fmjd-annex-3/#a5.9-A-a"),
    ("fmjd Annex 17 §10", "/regulations/fmjd-annex-17/#a10"),
    ("fmjd Annex 18 § Getting World Cup points",
     "/regulations/fmjd-annex-18/#getting-world-cup-points"),
    ("fmjd Annex 18 § stars", "/regulations/fmjd-annex-18/#stars"),
    ("fmjd Annex 18 conditions 4a", "/regulations/fmjd-annex-18/#conditions-for-world-cup-events-4-a"),
    ("fmjd Annex 18 Appendix A", "/regulations/fmjd-annex-18/#appendix-a-prize-money-for-world-cup"),
    ("fmjd Annex 17 Appendix C",
     "/regulations/fmjd-annex-17/#appendix-c-definition-of-global-reserve-list"),
    ("fmjd Annex 10, Preamble", "/regulations/fmjd-annex-10/#preamble"),
    ("fmjd Annex 18", "/regulations/fmjd-annex-18/"),
    # an item the text does not carry links to its article (the conversion of
    # Annex 5 lost the letters b and i of §3.1; fide-2002 prints 10.21 (a), (b))
    ("fmjd Annex 5 §3.1 b", "/regulations/fmjd-annex-5/#a3.1"),
    ("fide-2002 10.54(a)", "/regulations/fide-2002/#a10.54-a"),
    ("fide-2002 10.21b", "/regulations/fide-2002/#a10.21-b"),
]

UNKNOWN = ["fide-2002 99.1", "fide-2003web 1.1", "fmjd Annex 7", "fmjd Annex 9 §12.1",
           "fmjd Annex 18 § Nonsense", "fide-2031 1.1"]

SLUGS = ["fide-2002", "fide-2003web", "fide-2009", "fide-rb-2024", "fmjd",
         *(f"fmjd-annex-{n}" for n in (1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 17, 18))]

# Tags markdown-it writes; nothing else may reach a page.
ALLOWED_TAGS = {"p", "br", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "em",
                "strong", "code", "pre", "table", "thead", "tbody", "tr", "th", "td",
                "div", "span", "hr", "blockquote"}
# the scroll region around a printed table (sitegen.site.regulations._table_open)
ALLOWED_ATTRIBUTES = {"id", "class", "start", "role", "tabindex", "aria-label"}


@pytest.fixture(scope="module")
def docs():
    return {doc.slug: doc for doc in load_regulations(DEFAULT_FOLDER)}


# -- the content folder ------------------------------------------------------

def test_the_texts_are_in_the_content_folder_with_their_sources():
    sources = (DEFAULT_FOLDER / "SOURCES.md").read_text(encoding="utf-8")
    for source in SOURCES:
        assert (DEFAULT_FOLDER / source.file).is_file()
        assert source.file in sources and f"`{source.slug}" in sources


def test_the_texts_are_published_verbatim():
    """content/regulations/ holds the texts of ../shared/regulations byte for
    byte (the table tests read them from content/, so a plain clone runs them)."""
    if not SHARED_REGULATIONS.exists():
        pytest.skip(f"{SHARED_REGULATIONS} is absent (a plain clone)")
    for source in SOURCES:
        assert (DEFAULT_FOLDER / source.file).read_bytes() == \
            (SHARED_REGULATIONS / source.file).read_bytes(), source.file


def test_one_page_per_fide_text_and_per_fmjd_annex(docs):
    assert list(docs) == SLUGS
    assert docs["fmjd-annex-9"].title == \
        "FMJD Annex 9: FMJD rating system and its application rules"


def test_no_folder_no_pages(tmp_path):
    assert load_regulations(tmp_path / "absent") == []


# -- anchors -------------------------------------------------------------------

def test_every_anchor_is_unique_in_its_page_and_on_it(docs):
    for doc in docs.values():
        ids = re.findall(r' id="([^"]+)"', str(doc.html))
        assert len(ids) == len(set(ids)), doc.slug
        assert set(ids) == doc.ids, doc.slug
        assert len(doc.anchors) == len(doc.ids), doc.slug


def test_a_number_printed_twice_keeps_its_first_anchor(docs):
    annex9 = docs["fmjd-annex-9"]
    first, second = (a for a in annex9.anchors if a.label == "1.2.1.2")
    assert (first.id, second.id) == ("a1.2.1.2", "a1.2.1.2_2")
    assert "official competitions" in first.text


def test_articles_of_each_fide_text(docs):
    expected = {"fide-2002": ["a0.0", "a0.11", "a9.1.4c", "a10.25", "a10.54", "a16.3"],
                "fide-2003web": ["a10.0", "a10.1", "a10.4", "a10.68"],
                "fide-2009": ["a0.6", "a7.14c", "a8.21", "a8.58", "a13.3"],
                "fide-rb-2024": ["a0", "a0.4", "a7", "a7.1.2", "a7.3.4", "a9.2"]}
    for slug, ids in expected.items():
        assert set(ids) <= docs[slug].ids, slug


@pytest.mark.parametrize("citation, url", KNOWN)
def test_known_articles_resolve(citation, url):
    assert cite_url(citation) == url


@pytest.mark.parametrize("citation", UNKNOWN)
def test_unknown_articles_do_not_resolve(citation):
    assert cite_url(citation) is None


def test_unknown_citations_names_each_one():
    given = [c for c, _ in KNOWN] + UNKNOWN + ["fide-2024 1.1", "no citation here",
                                               "fide-2002 10.51-10.99"]
    assert unknown_citations(given) == UNKNOWN + ["no citation here", "fide-2002 10.99"]


def test_fide_2024_is_not_published_and_stays_plain_text():
    assert "fide-2024" in EXTERNAL_DOCS
    assert cite_url("fide-2024 1.1") is None
    assert unknown_citations(["fide-2024 1.1"]) == []
    assert link_citations("per game (fide-2024 1.1)") == "per game (fide-2024 1.1)"


# -- what a page holds ---------------------------------------------------------

def test_no_raw_html_reaches_a_page(docs):
    for doc in docs.values():
        html = str(doc.html)
        assert "<script" not in html.lower() and "<sup>" not in html, doc.slug
        # the formulas' MathML (latex2mathml's, tests/test_regulations_pages.py)
        html = re.sub(r"<math .*?</math>", "", html, flags=re.S)
        for name, attributes in re.findall(r"</?([a-zA-Z0-9]+)([^>]*)>", html):
            assert name in ALLOWED_TAGS, (doc.slug, name)
            assert set(re.findall(r'(\w[\w-]*)=', attributes)) <= ALLOWED_ATTRIBUTES, \
                (doc.slug, name, attributes)


def test_no_word_of_a_text_is_lost(docs):
    """Every word of each file is on its pages (Markdown only adds markup)."""
    for source in SOURCES:
        text = (DEFAULT_FOLDER / source.file).read_text(encoding="utf-8")
        text = re.sub(r"<(/?)(sup|sub|u|b)>|\[bookmark: [^\]]*\]", " ", text)
        # formulas become MathML (test_regulations_pages.py checks them)
        text = re.sub(r"\$\$.*?\$\$|\$.*?\$|\b[A-Za-z]+_\{[^{}$]*\}|\\[A-Za-z]+", " ", text,
                      flags=re.S)
        pages = " ".join(str(d.html) for d in docs.values() if d.source == source.file)
        pages = re.sub(r"<math .*?</math>", " ", pages, flags=re.S)
        shown = html_module.unescape(re.sub(r"<[^>]+>", " ", pages))
        words = re.compile(r"[^\W_]+")
        missing = Counter(words.findall(text)) - Counter(words.findall(shown))
        missing -= IX_2_MARGINS if source.slug == "fmjd" else Counter()
        assert not missing, (source.file, list(missing.items())[:10])


# fmjd Annex 9 table IX-2: what the conversion read in the pages' margins
# (page numbers, bullets, a garbled running head), left out of the table
IX_2_MARGINS = Counter({"i": 6, "0": 4, "1": 3, "2": 1, "5": 1, "7": 1, "22": 1, "100": 1,
                        "l": 1, "01": 1, "105": 1, "2210": 1, "3372": 1, "0020": 1, "001": 1,
                        "50": 1})


def test_html_in_a_text_is_escaped():
    html, _ = render_text('1.1 <script>alert("x")</script> <img src=x onerror=alert(1)>\n'
                          "| <b>cell</b>\t$<i>x</i>$\n\n[link](javascript:alert(1))")
    text = str(html)
    assert "<script" not in text and "<img" not in text and "<b>" not in text
    assert "&lt;script&gt;" in text and "&lt;img src=x" in text and 'href' not in text


def test_formulas_are_mathml(docs):
    """Formulas as MathML written at build time (latex2mathml), no script."""
    fide = str(docs["fide-2002"].html)
    # fide-2002 10.21: R_a = R_ar - d_pa x n/(n+1)
    assert ("<msub><mi>R</mi><mi>a</mi></msub><mo>&#x0003D;</mo>"
            "<msub><mi>R</mi><mrow><mi>a</mi><mi>r</mi></mrow></msub>") in fide
    assert '<span class="math inline"><math xmlns="http://www.w3.org/1998/Math/MathML" ' \
           'display="inline">' in fide
    # fmjd Annex 9 §3.2: Delta and a bold R
    assert "<mi>&#x00394;</mi><mi>&#x1D411;</mi>" in str(docs["fmjd-annex-9"].html)


def test_tables_are_tables_or_preformatted(docs):
    def cells(slug):
        return re.findall(r"<t[hd]>(.*?)</t[hd]>", str(docs[slug].html))
    # fide-2002 10.1(a), tab-separated: p .83, dp 273
    assert {".83", "273", "over 735"} <= set(cells("fide-2002"))
    # the rapid and blitz 7.1.1 table, one cell a line: rows of 12 cells
    rb = str(docs["fide-rb-2024"].html)
    assert re.search(r"<tr>\s*<td>\.99</td>\s*<td>677</td>\s*<td>\.82</td>", rb)
    assert {"-800", "620-735", "Rtg Dif"} <= set(cells("fide-rb-2024"))
    # fide-2009 8.58, a pipe table that starts in a list item
    assert {"giocatore", "Rc nuovo", "+44,3"} <= set(cells("fide-2009"))
    # fmjd Annex 9 table IX-1 and Annex 10 table X-3
    assert {"664,74", "0,23", "-211,82"} <= set(cells("fmjd-annex-9"))
    assert {"GMI GMIF", "XVIII"} <= set(cells("fmjd-annex-10"))
    # the 2003 web page's tables, space-aligned: preformatted
    assert ".99 677 .82 262" in str(docs["fide-2003web"].html).split("<pre tabindex=\"0\"><code>", 1)[1]


def test_article_numbers_stay_text_not_list_numbers(docs):
    rb = str(docs["fide-rb-2024"].html)
    assert re.search(r'<p id="a7">7\.\s+The working of the FIDE Rating System', rb)
    assert "<ol" not in rb


# -- links -----------------------------------------------------------------------

def test_link_citations_escapes_a_note_and_links_its_citations():
    linked = link_citations("assumed at least 30 (fide-2002 10.54) & <b>")
    assert isinstance(linked, Markup)
    assert linked == ('assumed at least 30 (<a class="citation" '
                      'href="/regulations/fide-2002/#a10.54">fide-2002 10.54</a>) &amp; &lt;b&gt;')


@pytest.mark.parametrize("note, href, text", [
    ("(fmjd Annex 9 §1.2.2)", "/regulations/fmjd-annex-9/#a1.2.2", "fmjd Annex 9 §1.2.2"),
    ("(fide-rb-2024 7.3.3)", "/regulations/fide-rb-2024/#a7.3.3", "fide-rb-2024 7.3.3"),
    ("(fmjd Annex 5 §3.1 c)", "/regulations/fmjd-annex-5/#a3.1-c", "fmjd Annex 5 §3.1 c"),
    ("fmjd Annex 18 conditions 3a, 3b)",
     "/regulations/fmjd-annex-18/#conditions-for-world-cup-events-3-a",
     "fmjd Annex 18 conditions 3a"),
])
def test_link_citations_of_notes(note, href, text):
    assert f'<a class="citation" href="{href}">{text}</a>' in link_citations(note)


def test_a_range_or_list_links_each_article():
    linked = str(link_citations("fide-2002 10.51-10.54; fmjd Annex 10 §5, §6"))
    assert re.findall(r'href="([^"]+)">([^<]+)<', linked) == [
        ("/regulations/fide-2002/#a10.51", "fide-2002 10.51"),
        ("/regulations/fide-2002/#a10.54", "10.54"),
        ("/regulations/fmjd-annex-10/#a5", "fmjd Annex 10 §5"),
        ("/regulations/fmjd-annex-10/#a6", "§6")]


def test_link_citations_as_a_jinja2_filter():
    env = jinja2.Environment(autoescape=True)
    env.filters["cite"] = link_citations
    page = env.from_string("<li>{{ note|cite }}</li>").render(
        note="K 40 (fide-rb-2024 7.3.3) <x>")
    assert page == ('<li>K 40 (<a class="citation" href="/regulations/fide-rb-2024/'
                    '#a7.3.3">fide-rb-2024 7.3.3</a>) &lt;x&gt;</li>')


@given(st.lists(st.sampled_from(["fide-2002 10.54", "(fmjd Annex 9 §3.2.2)", "<a href=x>",
                                  " ", "&amp;", "fmjd Annex 18 § Stars", "§", "-10.5",
                                  "fide-2024 1.1", ", §6", "\"'", "fmjd Annex 5 §3.1 c)"])
                | st.text(max_size=8)))
def test_link_citations_only_adds_links(pieces):
    """Without its <a> tags, a linked note is the note escaped."""
    note = "".join(pieces)
    linked = str(link_citations(note))
    assert re.sub(r'<a class="citation" href="[^"]*">|</a>', "", linked) == str(escape(note))


def test_an_index_of_other_pages(tmp_path):
    (tmp_path / "club-rules.txt").write_text("Club rules\n\n1.1 Be nice.\n", encoding="utf-8")
    index = RegulationIndex(load_regulations(tmp_path))
    assert list(index.docs) == ["club-rules"]
    assert index.cite_url("fide-2002 10.51") is None


# -- every citation rules_core writes ---------------------------------------------
#
# Three sources, together every citation rules_core can produce:
# 1. each edition's `cite(key)` for every key of its `articles`;
# 2. every call of a `cite` function in rules_core/: a literal argument is
#    cited as is; for a computed one (`cite(article)`), every article-like
#    string of the function (dotted numbers) and of the names it reads;
# 3. every citation written out in the source, docstrings and comments
#    included ("fmjd Annex 5 §3.1 c", "(fide-2002 10.57)"), with a module's
#    string constants put into its f-strings ("{_ANNEX} conditions 5").

_ARTICLE_ARGUMENT = re.compile(r"\d+(?:\.\d+)*(?:\.?[a-z])?(?:, §\d+(?:\.\d+)*[a-z]?)*")


def _modules() -> list[tuple[str, Path]]:
    return [(".".join(p.relative_to(ROOT).with_suffix("").parts), p)
            for p in sorted(RULES_CORE.rglob("*.py"))]


def _edition_citations() -> list[tuple[str, str]]:
    found = []
    for edition in FIDE_EDITIONS:
        found += [(f"{edition.id} articles[{key!r}]", edition.cite(key))
                  for key in edition.articles]
    return found


def _call_citations() -> list[tuple[str, str]]:
    found = []
    for name, path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = _module_constants(tree)
        for function, call in _cite_calls(tree):
            cite = _cite_function(name, call)
            if cite is None:
                continue
            where = f"{path.relative_to(ROOT)}:{call.lineno}"
            for argument in _arguments(call.args[0], function, constants):
                found += [(where, citation) for citation in _split(cite(argument))]
    return found


def _cite_calls(tree):
    """(enclosing function or None, call) for every `cite(...)`/`x.cite(...)`
    and `x.cite_section(...)`."""
    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Call) and child.args and (
                    getattr(child.func, "id", None) == "cite"
                    or getattr(child.func, "attr", None) in ("cite", "cite_section")):
                yield function, child
            yield from visit(child, inner)
    yield from visit(tree, None)


# Modules whose `cite` names a text that content/regulations/ does not
# publish: FIDE's Title Regulations B.01 (2024) (docs/norms.md). Their
# articles are written out in full ("B.01 (2024) 1.4.5 b)") and pinned by
# tests/test_fide_norms.py; nothing here could resolve them.
UNPUBLISHED_CITERS = {"rules_core.fide.norms"}


def _cite_function(module_name: str, call: ast.Call):
    """The function a call reaches: the module's `cite`, the FMJD edition's
    `cite_section`; FIDE editions' keys are checked through their
    `articles` (1.)."""
    if module_name in UNPUBLISHED_CITERS:
        return None
    if isinstance(call.func, ast.Name):
        return importlib.import_module(module_name).cite
    if getattr(call.func, "attr", None) == "cite_section":
        return FMJD_EDITIONS[0].cite_section
    if isinstance(call.args[0], ast.Constant):
        assert any(call.args[0].value in e.articles for e in FIDE_EDITIONS), \
            f"{module_name}:{call.lineno}: no edition has the key {call.args[0].value!r}"
    return None


def _arguments(node, function, constants) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    strings = {s for n in ast.walk(node) for s in _strings(n, constants)}
    found = {s for s in strings if _ARTICLE_ARGUMENT.fullmatch(s)}
    found |= {m for s in strings for m in re.findall(r"§(\d+(?:\.\d+)*[a-z]?)", s)}
    if function is not None:
        found |= {s for n in ast.walk(function) for s in _strings(n, {})
                  if "." in s and _ARTICLE_ARGUMENT.fullmatch(s)}
    assert found, f"line {node.lineno}: no article found for {ast.unparse(node)!r}"
    return found


def _strings(node, constants) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Name) and node.id in constants:
        return constants[node.id]
    return []


def _module_constants(tree) -> dict[str, list[str]]:
    """Module-level names bound to literals, with the strings in them."""
    constants = {}
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                continue
            for target in targets:
                if isinstance(target, ast.Name):
                    constants[target.id] = _leaves(value)
    return constants


def _leaves(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _leaves(v)]
    if isinstance(value, (list, tuple, set, frozenset)):
        return [s for v in value for s in _leaves(v)]
    return []


def _split(text: str) -> list[str]:
    """One string per cited article ('§4.5.3, §4.5.9' is two)."""
    return [str(c) for c in find_citations(text)] or [text]


def _source_citations() -> list[tuple[str, str]]:
    found = []
    for _, path in _modules():
        source = path.read_text(encoding="utf-8")
        for name, values in _module_constants(ast.parse(source)).items():
            if len(values) == 1:
                source = source.replace("{" + name + "}", values[0])
        text, starts = _joined(source)
        for c in find_citations(text):
            line = bisect.bisect_right(starts, c.start)
            found.append((f"{path.relative_to(ROOT)}:{line}", str(c)))
    return found


def _joined(source: str) -> tuple[str, list[int]]:
    """The source as one line (comment signs and indentation dropped, so a
    citation wrapped over two lines reads whole), and where each line starts."""
    parts, starts, offset = [], [], 0
    for line in source.splitlines():
        piece = re.sub(r"^\s*#?\s*", "", line) + " "
        starts.append(offset)
        parts.append(piece)
        offset += len(piece)
    return "".join(parts), starts


@cache
def _unresolved() -> list[str]:
    index = default_index()
    every = _edition_citations() + _call_citations() + _source_citations()
    bad = []
    for where, citation in every:
        for unknown in index.unknown_citations([citation]):
            bad.append(f"{where}: {unknown}")
    return sorted(set(bad))


# Citations rules_core writes that no published text holds (reported to the
# lead): fide-2003web is section 10.0 of the Handbook alone, yet the edition
# inherits the 2002 keys under its own name (the 2002 articles are meant);
# the rapid and blitz regulations of 2024 have no 6.3/6.4/6.42/6.43, which
# that edition (and fide-2024, citing it) inherits from 2002.
KNOWN_UNRESOLVED: set[str] = set()


def test_the_collection_finds_citations_of_every_kind():
    every = {c for _, c in _edition_citations() + _call_citations() + _source_citations()}
    assert len(every) > 200
    assert {"fide-2002 10.54", "fmjd Annex 9 §3.2.2", "fmjd Annex 5 §3.1 c",
            "fmjd Annex 10 §4.4.3.1", "fmjd Annex 10 §2.1.1", "fmjd Annex 10 §9",
            "fmjd Annex 18 conditions 5", "fmjd Annex 18 § Getting World Cup points",
            "fide-rb-2024 7.3.3", "fide-2024 1.1"} <= every


def test_every_citation_in_rules_core_resolves():
    assert _unresolved() == []


def test_no_citation_in_rules_core_is_unresolved_beyond_the_known_ones():
    unresolved = _unresolved()
    assert [line for line in unresolved
            if line.split(": ", 1)[1] not in KNOWN_UNRESOLVED] == []
