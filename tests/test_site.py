"""The build as a whole: golden output, links, determinism, atomicity."""

from __future__ import annotations

import re

import pytest

from sitegen.build import BuildError, build
from sitegen.cli import main
from tests.golden import GOLDEN, build_fixture_site, site_files
from tests.shared_data import ROOT
from tests.site_fixture import write_content
from tests.site_pages import broken_links


def test_golden_site(golden_fixture_site):
    """Every file equals tests/golden/site (regenerate: python -m tests.golden)."""
    built, expected = site_files(golden_fixture_site), site_files(GOLDEN)
    assert sorted(built) == sorted(expected)
    different = [name for name in built if built[name] != expected[name]]
    assert different == []


def test_two_builds_are_byte_identical(golden_fixture_site, tmp_path):
    again = build_fixture_site(tmp_path / "again")
    assert site_files(again) == site_files(golden_fixture_site)


def test_no_broken_internal_link_in_the_demo_site(demo_site, demo_pages):
    assert broken_links(demo_site, demo_pages) == []
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
