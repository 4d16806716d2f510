"""The build as a whole: golden output, links, determinism, atomicity."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from sitegen.build import BuildError, build
from sitegen.cli import main
from tests.golden import GOLDEN, build_fixture_site, site_files
from tests.shared_data import ROOT
from tests.site_fixture import write_content


def test_golden_site(golden_fixture_site):
    """Every file equals tests/golden/site (regenerate: python -m tests.golden)."""
    built, expected = site_files(golden_fixture_site), site_files(GOLDEN)
    assert sorted(built) == sorted(expected)
    different = [name for name in built if built[name] != expected[name]]
    assert different == []


def test_two_builds_are_byte_identical(golden_fixture_site, tmp_path):
    again = build_fixture_site(tmp_path / "again")
    assert site_files(again) == site_files(golden_fixture_site)


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.links.append(value)


def broken_links(site: Path) -> list[str]:
    broken = []
    for page in sorted(site.rglob("*.html")):
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for link in parser.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "#", "data:")):
                continue
            path = parts.path if parts.path.startswith("/") else \
                "/" + str((page.parent / parts.path).relative_to(site))
            target = site / path.lstrip("/")
            if not (target.is_file() or (target / "index.html").is_file()):
                broken.append(f"{page.relative_to(site)}: {link}")
    return broken


def test_no_broken_internal_link_in_the_demo_site(demo_site):
    assert broken_links(demo_site) == []
    assert (demo_site / "index.html").is_file() and (demo_site / "sitemap.xml").is_file()


def test_every_demo_player_has_a_page(demo_site):
    site = demo_site
    ids = set()
    for name in ("chess", "draughts"):
        lines = (ROOT / "content" / "players" / f"{name}.csv").read_text().splitlines()[1:]
        ids |= {line.split(",", 1)[0] for line in lines}
    pages = {p.parent.name for p in (site / "players").glob("*/index.html")}
    assert all(i in pages or f"draughts-{i}" in pages for i in ids)


def test_content_error_leaves_the_previous_site(tmp_path, capsys):
    content = write_content(tmp_path / "content")
    out = tmp_path / "_site"
    out.mkdir()
    (out / "marker.txt").write_text("previous build", encoding="utf-8")
    (content / "players" / "chess.csv").write_text(
        "id,name,standard\n1001,\"Able, Ann\",high\n", encoding="utf-8")
    (content / "site.toml").write_text("[site]\nname = \n", encoding="utf-8")
    status = main(["build", str(content), "--out", str(out)])
    err = capsys.readouterr().err
    assert status == 1
    assert re.search(r"content/site\.toml:2: error: not valid TOML", err)
    assert "content/players/chess.csv:2: error: standard 'high': expected a whole number" in err
    assert (out / "marker.txt").read_text(encoding="utf-8") == "previous build"
    assert sorted(p.name for p in out.iterdir()) == ["marker.txt"]


def test_build_error_lists_every_problem(tmp_path):
    content = write_content(tmp_path / "content")
    (content / "events" / "chess" / "2024-04-april-open.toml").write_text(
        '[event]\nname = "x"\nstart = 2024-04-01\n\n[[players]]\nnumber = 1\n'
        'results = ["2 w 1"]\n', encoding="utf-8")
    with pytest.raises(BuildError) as error:
        build(content, tmp_path / "out", show_progress=False)
    assert any("2024-04-april-open.toml:7: error:" in line and "opponent 2" in line
               for line in error.value.lines)
    assert not (tmp_path / "out").exists()
