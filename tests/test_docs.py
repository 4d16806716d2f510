"""docs/ and the Markdown files at the root: every link between them and every
`docs/FILE.md#anchor` cited in the code resolves, so a citation cannot point
at a page or an interpretation that is not there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.shared_data import ROOT

DOCS = ROOT / "docs"
MARKDOWN = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md",
                   *DOCS.glob("*.md")])
CODE = sorted(p for folder in ("rules_core", "sitegen", "tests", "tools", "bench")
              for p in (ROOT / folder).rglob("*.py") if p.name != "test_docs.py")
# Pages that other features write (docs/README.md lists them): while a branch
# lacks one, links to it are not checked, saying so.
WRITTEN_BY_THEIR_FEATURE = {"editions.md", "tiebreaks.md", "norms.md", "formats.md",
                            "content-format.md", "limits.md", "browser.md"}

LINK = re.compile(r"\]\(([^)\s]+)\)")
CITATION = re.compile(r"docs/([\w-]+\.md)(?:#([\w-]+))?")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*$", re.M)
ANCHOR = re.compile(r'<a id="([\w-]+)"></a>')


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped,
    spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    return set(ANCHOR.findall(text)) | {github_slug(h) for h in HEADING.findall(text)}


def _targets() -> list[tuple[str, Path, str | None]]:
    """(where, page linked, anchor) for every link to a Markdown page."""
    found = []
    for page in MARKDOWN:
        for link in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", link):
                continue
            path, _, anchor = link.partition("#")
            target = (page.parent / path).resolve() if path else page
            found.append((page.relative_to(ROOT).as_posix(), target, anchor or None))
    for source in CODE:
        for name, anchor in CITATION.findall(source.read_text(encoding="utf-8")):
            found.append((source.relative_to(ROOT).as_posix(), DOCS / name, anchor or None))
    return found


TARGETS = _targets()


@pytest.mark.parametrize("where, target, anchor", TARGETS,
                         ids=[f"{w}->{t.name}#{a or ''}" for w, t, a in TARGETS])
def test_link_resolves(where, target, anchor):
    if not target.exists() and target.name in WRITTEN_BY_THEIR_FEATURE \
            and target.parent == DOCS:
        pytest.skip(f"docs/{target.name} is written by its feature, not in this branch")
    assert target.exists(), f"{where}: {target} does not exist"
    if anchor and target.suffix == ".md":
        assert anchor in anchors(target), f"{where}: no anchor #{anchor} in {target.name}"


def test_every_interpretation_has_its_fixed_anchor():
    """Code cites docs/interpretations.md#i1 to #i11."""
    found = anchors(DOCS / "interpretations.md")
    assert {f"i{n}" for n in range(1, 12)} <= found


def test_every_docs_page_is_in_the_index():
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    pages = {p.name for p in DOCS.glob("*.md")} - {"README.md"}
    assert {name for name in pages if f"]({name})" not in index} == set()


def test_github_slug():
    assert github_slug("## 1. Rounding: stepped tables".lstrip("# ")) == "1-rounding-stepped-tables"
    assert github_slug("Exit status and streams") == "exit-status-and-streams"
