"""axe-core over every kind of page of the demo site at 320, 390 and 1280 px:
zero violations (WCAG 2.1 A and AA rules and axe's best practices), and
nothing scrolls sideways at any of the three widths.

The pages are those tests/test_layout.py's PAGE_KINDS shows (one per kind
of page, and per variant where a kind varies; a test there fails when a
page of a new kind has none).  Each is loaded once and checked at the three
widths in turn, the viewport resized between them: axe reads the layout as
it is when it runs, and the one script that depends on the width (nav.js)
follows it through its media query's change event, fired before the next
frame, which the check waits for.  At each width the page's width is
compared with the viewport's first (nothing may scroll sideways: the check
tests/test_layout.py made in a pass of its own over the same pages at the
same widths, some 13 s of Chromium's CPU, made here where each page is shown
at each width anyway).  One test per page, so that pytest-xdist
shares them between its workers.

What axe runs at each width (`_at_width`), widest first: at 1280 px every
rule over the whole page, colour-contrast (axe's costly rule, in proportion
to the text of the page) but over the rows of a table body and the items of
a list whose shape (elements, classes, styles, stripe: MARK_REPEATS) an
earlier row of the same body or list has.  At 390 px, where other media
rules apply, every rule over what can look or read otherwise than at 1280
px (AGAIN): the elements that the media rules applying at one width and not
the other give a colour, background, font, visibility, display or position,
the elements shown at 390 px and hidden at 1280 px, and those a script
changed since (nav.js follows the width); and over the page, the rules that
read the document or a table whole (DOCUMENT_RULES: a heading one, the
landmarks, a table's headers) and the layout's (LAYOUT: a region that
scrolls).  At 320 px, where the media rules and so the styles and what is
shown are those of 390 px, LAYOUT and the sideways check.  Tests below
show that each of these runs still finds what it is there to find.

axe-core is fetched once with `npm pack` into the cache folder the Pyodide
runtime uses (sitegen.browser.bundle.cache_dir(): $SITEGEN_CACHE, else
~/.cache/sitegen), pinned by version and checked against the registry's
sha512 before use.  Playwright runs it in Debian's Chromium (the `chromium`
fixture of tests/conftest.py, the demo site served by tests/test_layout.py's
`origin`).  With SUITE_SCREENSHOTS set to a folder, a screenshot of every
page at each width is written there for a person to look at (nothing
asserts on them: some 0.1 s of Chromium's CPU each, 69 of them, so not by
default).
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

import pytest

from sitegen.browser.bundle import cache_dir
from tests.test_layout import CI, OVERFLOW, PAGE_KINDS, WIDTHS, _at_each_width, origin  # noqa: F401

pytestmark = pytest.mark.browser

SCREENSHOTS = os.environ.get("SUITE_SCREENSHOTS")
AXE_VERSION = "4.11.0"
# `npm view axe-core@4.11.0 dist.integrity`
AXE_INTEGRITY = ("sha512-ilYanEU8vxxBexpJd8cWM4ElSQq4QctCLKih0TSfjIfCQTeyH/6zVrmIJfLPrKTKJRbiG"
                 "+cfnZbQIjAlJmF1jQ==")
# axe.run(context, options) -> the violations found.  Every rule but
# colour-contrast over the whole page; colour-contrast (which costs in
# proportion to the text of the page: half a minute on a long list) over the
# page but the rows of a table body and the items of a list whose shape an
# earlier row of the same body or list has (MARK_REPEATS).
EXCEPT_CONTRAST = {"rules": {"color-contrast": {"enabled": False}}}
# The rules of those axe runs by default whose result depends on the layout
# and not only on the page's markup, styles and what is shown: whether a
# region scrolls.  (target-size, the other, is WCAG 2.2 and off by default;
# colour-contrast is above; the sideways check is test_no_axe_violations'.)
LAYOUT = {"runOnly": ["scrollable-region-focusable"]}
CONTRAST = {"runOnly": ["color-contrast"]}
# A row's shape: for the row and each element in it, in order, its tag, class
# and style attributes, the names of its attributes and the values of those
# the style sheet selects on (templates/static/style.css: aria-current,
# aria-sort, tabindex; hidden and role besides), and whether it is empty
# (:empty); and the row's stripe (:nth-child(even)).  Rows of one shape get
# the same colours, backgrounds and fonts from the style sheet, so
# colour-contrast over the first of each shape (a body's or a list's) is
# colour-contrast over them all; the others are marked data-axe-repeat and
# left out (a third to a half of the run's time on the demo's pages).  A
# row of another shape anywhere in a long table is checked, where a fixed
# number of first rows would miss it.
MARK_REPEATS = """() => {
  if (window.axeRepeatsMarked) return;
  window.axeRepeatsMarked = true;
  const NAMED = ['aria-current', 'aria-sort', 'tabindex', 'hidden', 'role'];
  const shape = e => [e.tagName, e.getAttribute('class'), e.getAttribute('style'),
    e.getAttributeNames().sort().join(' '), NAMED.map(n => e.getAttribute(n)).join(' '),
    e.firstChild === null].join('|');
  for (const parent of document.querySelectorAll('tbody, ul, ol')) {
    const seen = new Set();
    Array.from(parent.children).forEach((item, i) => {
      if (!item.matches('tr, li')) return;
      const key = (i % 2) + '/' + [item, ...item.querySelectorAll('*')].map(shape).join(',');
      if (seen.has(key)) item.setAttribute('data-axe-repeat', '');
      else seen.add(key);
    });
  }
}"""
REPEATS = [["[data-axe-repeat]"]]
RUN = """([context, options]) => axe.run(context || document,
    {...options, resultTypes: ['violations']}).then(r => r.violations.map(v => ({
  id: v.id, impact: v.impact, help: v.help,
  nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')), count: v.nodes.length})))"""
# Whether each @media rule of the page's style sheets applies: colour-contrast
# runs again at a width only where this differs from the widths checked
# (the colours are the style sheets'; 320 and 390 px take the same rules).
MEDIA_RULES = """Array.from(document.styleSheets).flatMap(sheet => Array.from(sheet.cssRules))
  .filter(rule => rule instanceof CSSMediaRule)"""
MEDIA = f"() => {MEDIA_RULES}.map(rule => matchMedia(rule.conditionText).matches).join()"
# At the first width, where colour-contrast sees the whole page: which media
# rules apply and which elements are shown.
SHOWN = "{visibilityProperty: true, opacityProperty: true}"
# And, from then on, which elements a script changes (an attribute, a child,
# a text: nav.js follows the width).
REMEMBER = f"""() => {{
  const mutated = new Set();
  const note = records => records.forEach(record => {{
    const target = record.target.nodeType === 1 ? record.target : record.target.parentElement;
    if (target) mutated.add(target);
    record.addedNodes.forEach(node => {{ if (node.nodeType === 1) mutated.add(node); }});
  }});
  const observer = new MutationObserver(note);
  observer.observe(document.body, {{subtree: true, attributes: true, childList: true,
                                    characterData: true}});
  window.contrastChecked = {{
    media: {MEDIA_RULES}.map(rule => matchMedia(rule.conditionText).matches),
    shown: new WeakSet(Array.from(document.querySelectorAll('body *')).filter(e => e.checkVisibility({SHOWN}))),
    mutated: mutated, note: note, observer: observer
  }};
}}"""
# At a later width whose media rules differ: what every rule must see again
# (selectors, [] for nothing).  A text's contrast is its colour and
# size against what lies behind it, so it can differ from the first width's
# only (1) inside an element that a media rule applying now, and not then
# (or then, and not now), gives a colour, background, font, opacity,
# visibility, display, position or stacking (the element and everything in
# it: colours and sizes are inherited), or (2) in an element shown now and
# hidden then (by a media rule or by a script that follows the width,
# nav.js), marked data-contrast-unseen.  The other properties of the media
# rules (padding, margins, widths, wrapping) move text but give it no other
# colour or background.  Style sheets without media rules on colours give
# nothing here.  The rules but colour-contrast read the markup, what is shown
# and (link-in-text-block) the colours: an element whose markup a script
# changed since the first width (3, marked data-axe-again) is seen again
# with (1) and (2); the rules that read the document or a table whole
# (DOCUMENT_RULES) and the layout's (LAYOUT) run over the whole page.
LOOKS = (r"/^(color|background|font|opacity|visibility|display|position|z-index|top|left|"
         r"right|bottom|inset|transform|filter|mix-blend|text-shadow|clip|content|"
         r"-webkit-text)/")
AGAIN = f"""() => {{
  const first = window.contrastChecked;
  const changed = {MEDIA_RULES}.filter((rule, i) =>
    matchMedia(rule.conditionText).matches !== first.media[i]);
  const selectors = changed.flatMap(rule => Array.from(rule.cssRules))
    .filter(rule => rule instanceof CSSStyleRule &&
            Array.from(rule.style).some(name => {LOOKS}.test(name)))
    .flatMap(rule => rule.selectorText.split(','))
    .map(selector => selector.replace(/::?(before|after|marker|first-line|first-letter)\b/g, '').trim())
    .filter(selector => {{ try {{ return document.querySelector(selector) !== null; }}
                          catch (e) {{ return false; }} }});
  first.note(first.observer.takeRecords());
  first.observer.disconnect();
  first.mutated.forEach(e => {{ if (e.isConnected) e.setAttribute('data-axe-again', ''); }});
  if (document.querySelector('[data-axe-again]')) selectors.push('[data-axe-again]');
  for (const e of document.querySelectorAll('body *')) {{
    if (!first.shown.has(e) && e.checkVisibility({SHOWN})) {{
      e.setAttribute('data-contrast-unseen', '');
      first.shown.add(e);
    }}
  }}
  if (document.querySelector('[data-contrast-unseen]')) selectors.push('[data-contrast-unseen]');
  return [...new Set(selectors)];
}}"""


# The rules that read the document or a table whole (their selector is
# html, body or table: a heading one, landmarks, the title, a table's
# headers), from the pinned axe-core's own table of rules: those axe.run
# runs by default (not its experimental ones, which runOnly would run).
DOCUMENT_RULES = """() => axe._audit.rules
  .filter(rule => rule.enabled !== false && !(rule.tags || []).includes('experimental') &&
          /^(html|body|table)(\\[|,|$)/.test(rule.selector))
  .map(rule => rule.id)"""


def _integrity(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def _fetch(cache: Path) -> Path:
    """axe.min.js of the pinned axe-core, from the cache or `npm pack`."""
    script = cache / f"axe-core-{AXE_VERSION}.min.js"
    if script.exists():
        return script
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is not installed (it fetches axe-core)")
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        done = subprocess.run([npm, "pack", f"axe-core@{AXE_VERSION}", "--silent",
                               "--pack-destination", tmp], cwd=tmp, capture_output=True,
                              text=True, timeout=300, check=False)
        tarballs = sorted(Path(tmp).glob("axe-core-*.tgz"))
        if done.returncode or not tarballs:
            raise RuntimeError(f"npm pack axe-core@{AXE_VERSION} failed: {done.stderr[-500:]}")
        if _integrity(tarballs[0]) != AXE_INTEGRITY:
            raise RuntimeError(f"axe-core@{AXE_VERSION}: integrity {_integrity(tarballs[0])} "
                               f"is not the pinned {AXE_INTEGRITY}")
        with tarfile.open(tarballs[0]) as tar:
            member = tar.extractfile("package/axe.min.js")
            assert member is not None
            Path(tmp, "axe.min.js").write_bytes(member.read())
        os.replace(Path(tmp, "axe.min.js"), script)
    return script


@pytest.fixture(scope="module")
def axe_source() -> str | None:
    """axe.min.js's text; None where it cannot be had (outside CI): the
    pages are then still checked for sideways scrolling, and the test skips
    after that, saying why."""
    try:
        return _fetch(cache_dir()).read_text(encoding="utf-8")
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
        if CI:
            pytest.fail(f"axe-core is not available: {error}")
        AXE_MISSING.append(f"axe-core is not available: {error}")
        return None


AXE_MISSING: list[str] = []


@pytest.fixture(scope="module")
def axe(axe_source) -> str:
    """axe.min.js's text, the tests that need nothing else skipped without it."""
    if axe_source is None:
        pytest.skip(AXE_MISSING[-1])
    return axe_source


def _violations(page, axe_source: str, context=None, options=None) -> list[str]:
    if not page.evaluate("() => typeof axe === 'object'"):
        page.evaluate(axe_source)
    page.evaluate(MARK_REPEATS)
    return [f"{v['id']} ({v['impact']}, {v['count']}x): {v['help']} -- {', '.join(v['nodes'])}"
            for v in page.evaluate(RUN, [context, options or {}])]


def _at_width(page, axe_source: str, contrasted: set[str], whole: bool = True) -> list[str]:
    """The violations at the page's width.  At the first width every rule
    but colour-contrast over the `whole` page (else but the repeated rows),
    then colour-contrast over the page but the repeated rows (REPEATS).  At
    a later width whose style sheets' media rules that apply are not those
    of a width already checked (`contrasted`: 390 px after 1280), the
    layout's rules (LAYOUT) and those that read the document or a table
    whole (DOCUMENT_RULES) over the page but the repeated rows, and every
    rule over what can look or read otherwise than at the first width
    (AGAIN: the elements its media rules restyle, those shown there first,
    those a script changed: every rule over the whole page again at 390 px
    cost some 10 s of the suite's CPU for markup the first width checked).  At a width of media rules already checked (320 px after
    390), only LAYOUT: the styles, hence what is shown, and the scripts'
    state, which follow the media queries, are the same there; what differs
    is the geometry."""
    media = page.evaluate(MEDIA)
    if media in contrasted:
        return _violations(page, axe_source, {"exclude": REPEATS}, LAYOUT)
    if not contrasted:
        found = _violations(page, axe_source, None if whole else {"exclude": REPEATS},
                            EXCEPT_CONTRAST)
        page.evaluate(REMEMBER)
        contrasted.add(media)
        return found + _violations(page, axe_source, {"exclude": REPEATS}, CONTRAST)
    include = page.evaluate(AGAIN)
    contrasted.add(media)
    whole_page = {"runOnly": LAYOUT["runOnly"] + page.evaluate(DOCUMENT_RULES)}
    found = _violations(page, axe_source, {"exclude": REPEATS}, whole_page)
    if include:
        found += _violations(page, axe_source, {"include": [[selector] for selector in include],
                                                "exclude": REPEATS})
    return found


# Violations found and not yet mended: (kind, axe rule, why).  The test
# fails with any other violation, and (strict) once the page passes.
KNOWN: dict[str, tuple[str, str]] = {}


class KnownViolation(AssertionError):
    """Only the violation KNOWN names for the page."""


def _kinds():
    for name, _, _, shown, _ in PAGE_KINDS:
        marks = [pytest.mark.xfail(strict=True, raises=KnownViolation, reason=KNOWN[name][1])
                 ] if name in KNOWN else []
        yield pytest.param(name, shown, id=name, marks=marks)


@pytest.fixture(scope="module")
def tab(chromium, axe_source):
    """One page of one browser for every check of this module's worker,
    axe-core in each of its documents from the start (an init script, which
    V8 compiles once for them all: evaluated into each page, it was some
    0.08 s of CPU a page more)."""
    context = chromium.new_context(viewport={"width": WIDTHS[-1], "height": 900},
                                   bypass_csp=True)
    if axe_source:
        context.add_init_script(axe_source)
    page = context.new_page()
    page.route("**/static/pyodide/**", lambda route: route.abort())
    yield page
    context.close()


@pytest.mark.parametrize("name, path", list(_kinds()))
def test_no_axe_violations(tab, origin, axe_source, name, path):  # noqa: F811
    found: dict[str, list[str]] = {}
    wide: dict[str, str] = {}
    contrasted: set[str] = set()
    for width in _at_each_width(tab, origin, path):
        overflow = tab.evaluate(OVERFLOW)
        if overflow > 0:
            wide[f"{name} at {width} px"] = f"{path} scrolls {overflow} px sideways"
        if SCREENSHOTS:
            tab.screenshot(path=str(Path(SCREENSHOTS) / f"{name}-{width}.png"))
        violations = _at_width(tab, axe_source, contrasted, whole=not contrasted) \
            if axe_source else []
        if violations:
            found[f"{path} at {width} px"] = violations
    assert not wide, wide
    if axe_source is None:
        pytest.skip(AXE_MISSING[-1])
    rules = {v.split(" ", 1)[0] for found_at in found.values() for v in found_at}
    if name in KNOWN and rules == {KNOWN[name][0]}:
        raise KnownViolation(found)
    assert not found, "\n".join(f"{where}:\n  " + "\n  ".join(v) for where, v in found.items())


def test_a_page_wider_than_the_viewport_is_found(chromium):
    """The sideways check above can fail: a table wider than a phone is."""
    page = chromium.new_page(viewport={"width": WIDTHS[0], "height": 900})
    page.set_content('<!DOCTYPE html><html lang="en"><head><title>x</title></head><body>'
                     '<table><tr><td style="min-width: 500px">wide</td></tr></table>'
                     "</body></html>")
    assert page.evaluate(OVERFLOW) > 0
    page.close()


def test_axe_finds_a_violation(chromium, axe):
    """The runs above can fail: an image without alt text is reported."""
    page = chromium.new_page()
    page.set_content('<!DOCTYPE html><html lang="en"><head><title>x</title></head><body>'
                     '<main><h1>x</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'
                     "</main></body></html>")
    assert any(v.startswith("image-alt") for v in _violations(page, axe))
    page.close()


def test_colour_contrast_is_checked_on_each_shape_of_row(chromium, axe):
    """The colour-contrast run (_at_width) finds pale text in a table's row
    of its own shape however far down (the 33rd of 40), and in a table of
    30 pale rows of one shape the first of each stripe only (MARK_REPEATS);
    at a width whose media rules differ
    from those of the widths checked before it, the text that those rules
    colour otherwise (a list's item paled by a max-width rule, a span left
    pale when a min-width rule stops applying) and the text shown there
    first (a paragraph a script shows), not again the rows seen at the
    first width; at a width of the same media rules, nothing again."""
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    rows = "".join(f"<tr><td{' class=pale' if n == 33 else ''}>row {n}</td></tr>"
                   for n in range(1, 41))
    dim = "".join(f"<tr><td class=dim>row {n}</td></tr>" for n in range(1, 31))
    page.set_content('<!DOCTYPE html><html lang="en"><head><title>x</title><style>'
                     ".pale, .dim, .late, .wide {color:#eee} tr:nth-child(even) {background:#fff}"
                     " @media (max-width: 500px) {li{color:#eee}}"
                     " @media (min-width: 1000px) {.wide {color:#333}}</style>"
                     "</head><body><main><h1>x</h1><table><tbody>" + rows + "</tbody></table>"
                     "<table><tbody>" + dim + "</tbody></table>"
                     '<ul><li>item</li></ul><p>a <span class="wide">span</span></p>'
                     '<p id="late" class="late" hidden>late</p></main></body></html>')
    contrasted: set[str] = set()
    wide = [v for v in _at_width(page, axe, contrasted) if v.startswith("color-contrast")]
    assert len(wide) == 1 and "3x" in wide[0] and ".pale" in wide[0], wide
    # kept: the first of each stripe, the pale row; the first of each stripe
    assert page.evaluate("document.querySelectorAll('[data-axe-repeat]').length") == 37 + 28
    page.set_viewport_size({"width": 390, "height": 900})
    page.evaluate("() => { document.getElementById('late').hidden = false; }")
    narrow = [v for v in _at_width(page, axe, contrasted) if v.startswith("color-contrast")]
    assert len(narrow) == 1 and "3x" in narrow[0], narrow
    assert all(node in narrow[0] for node in ("li", "span", "#late")), narrow
    page.set_viewport_size({"width": 320, "height": 900})
    assert not [v for v in _at_width(page, axe, contrasted) if "color-contrast" in v]
    page.close()


def test_a_width_of_the_same_media_rules_is_checked_for_the_layout(chromium, axe):
    """At a width whose media rules are those of a width checked before,
    _at_width still finds a region that scrolls only there and cannot take
    the focus (scrollable-region-focusable)."""
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    page.set_content('<!DOCTYPE html><html lang="en"><head><title>x</title></head><body>'
                     '<main><h1>x</h1><div style="overflow-x: auto">'
                     '<p style="width: 350px">wide text</p></div></main></body></html>')
    contrasted: set[str] = set()
    found = []
    for width in (1280, 390, 320):
        page.set_viewport_size({"width": width, "height": 900})
        found.append([v.split(" ", 1)[0] for v in _at_width(page, axe, contrasted)])
    assert found == [[], [], ["scrollable-region-focusable"]]
    page.close()


def test_a_later_width_sees_what_is_shown_or_changed_there(chromium, axe):
    """At 390 px, after a clean 1280 px: a button without a name that only
    a phone's media rule shows (every rule over what is shown there
    first), a button to which a script following the width gives an
    invalid aria-expanded (every rule over what a script changed), and the
    only h1 hidden by a phone's media rule (DOCUMENT_RULES over the page)
    are each found; what is the same at both widths is not checked again."""
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    page.set_content('<!DOCTYPE html><html lang="en"><head><title>x</title><style>'
                     ".phone {display: none} @media (max-width: 500px) {"
                     " .phone {display: inline-block} h1 {display: none}}</style></head>"
                     '<body><main><h1>x</h1><button class="phone"></button>'
                     '<button id="menu">Menu</button><p><a href="#x">same</a></p></main>'
                     "<script>matchMedia('(max-width: 500px)').addEventListener('change',"
                     " () => document.getElementById('menu').setAttribute('aria-expanded',"
                     " 'maybe'));</script></body></html>")
    contrasted: set[str] = set()
    assert _at_width(page, axe, contrasted) == []
    page.set_viewport_size({"width": 390, "height": 900})
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => done()))")
    found = sorted(v.split(" ", 1)[0] for v in _at_width(page, axe, contrasted))
    assert found == ["aria-valid-attr-value", "button-name", "page-has-heading-one"], found
    assert page.evaluate("document.querySelector('a').hasAttribute('data-axe-again')") is False
    page.close()
