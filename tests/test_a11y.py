"""axe-core over every kind of page of the demo site at 320, 390 and 1280 px:
zero violations (WCAG 2.1 A and AA rules and axe's best practices).

The pages are those tests/test_layout.py's PAGE_KINDS shows (one per kind
of page, and per variant where a kind varies; a test there fails when a
page of a new kind has none).  Each is loaded once and checked at the three
widths in turn, the viewport resized between them: axe reads the layout as
it is when it runs, and the one script that depends on the width (nav.js)
follows it through its media query's change event, fired before the next
frame, which the check waits for.  One test per page, so that pytest-xdist
shares them between its workers.

axe-core is fetched once with `npm pack` into the cache folder the Pyodide
runtime uses (sitegen.browser.bundle.cache_dir(): $SITEGEN_CACHE, else
~/.cache/sitegen), pinned by version and checked against the registry's
sha512 before use.  Playwright runs it in Debian's Chromium (the fixtures of
tests/test_layout.py).  Screenshots of every page at each width are written
to the test's temporary folder.
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
from tests.test_layout import CI, PAGE_KINDS, WIDTHS, chromium, origin  # noqa: F401

pytestmark = pytest.mark.browser

AXE_VERSION = "4.11.0"
# `npm view axe-core@4.11.0 dist.integrity`
AXE_INTEGRITY = ("sha512-ilYanEU8vxxBexpJd8cWM4ElSQq4QctCLKih0TSfjIfCQTeyH/6zVrmIJfLPrKTKJRbiG"
                 "+cfnZbQIjAlJmF1jQ==")
RUN = """() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v => ({
  id: v.id, impact: v.impact, help: v.help,
  nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')), count: v.nodes.length})))"""


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
def axe_source() -> str:
    try:
        return _fetch(cache_dir()).read_text(encoding="utf-8")
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
        if CI:
            pytest.fail(f"axe-core is not available: {error}")
        pytest.skip(f"axe-core is not available: {error}")


def _violations(page, axe_source: str) -> list[str]:
    if not page.evaluate("() => typeof axe === 'object'"):
        page.evaluate(axe_source)
    return [f"{v['id']} ({v['impact']}, {v['count']}x): {v['help']} -- {', '.join(v['nodes'])}"
            for v in page.evaluate(RUN)]


NEXT_FRAME = "() => new Promise(done => requestAnimationFrame(() => done()))"
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
def tab(chromium):  # noqa: F811
    """One page of one browser for every check of this module's worker."""
    context = chromium.new_context(viewport={"width": WIDTHS[-1], "height": 900},
                                   bypass_csp=True)
    page = context.new_page()
    page.route("**/static/pyodide/**", lambda route: route.abort())
    yield page
    context.close()


@pytest.mark.parametrize("name, path", list(_kinds()))
def test_no_axe_violations(tab, origin, axe_source, name, path, tmp_path):  # noqa: F811
    tab.set_viewport_size({"width": WIDTHS[-1], "height": 900})
    tab.goto(origin + path, wait_until="load")
    found = {}
    for width in sorted(WIDTHS, reverse=True):
        tab.set_viewport_size({"width": width, "height": 900})
        tab.evaluate(NEXT_FRAME)
        tab.screenshot(path=str(tmp_path / f"{name}-{width}.png"))
        violations = _violations(tab, axe_source)
        if violations:
            found[f"{path} at {width} px"] = violations
    rules = {v.split(" ", 1)[0] for found_at in found.values() for v in found_at}
    if name in KNOWN and rules == {KNOWN[name][0]}:
        raise KnownViolation(found)
    assert not found, "\n".join(f"{where}:\n  " + "\n  ".join(v) for where, v in found.items())


def test_axe_finds_a_violation(chromium, axe_source):  # noqa: F811
    """The runs above can fail: an image without alt text is reported."""
    page = chromium.new_page()
    page.set_content('<!DOCTYPE html><html lang="en"><head><title>x</title></head><body>'
                     '<main><h1>x</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'
                     "</main></body></html>")
    assert any(v.startswith("image-alt") for v in _violations(page, axe_source))
    page.close()
