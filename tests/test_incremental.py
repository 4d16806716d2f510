"""Incremental builds (sitegen.manifest, sitegen.build): a build over a
previous site keeps the files whose bytes did not change (same inode, same
mtime), gives the same bytes as a build into an empty folder, and lists
what it added, modified and removed (`sitegen build --changed FILE`).
Every "full build" here runs without the cache of results between builds
(`sitegen.cache`, `switched_off`), the incremental ones with it: the same
bytes prove a cache hit is the result computed anew.

A month more (issue 16 item 5) on the fixture content: only the kinds of
files a month may change are rewritten, the others keep their inode and
mtime, and the bytes are a full build's.  The demo's month is measured by
`python bench/build.py --incremental` (bench/incremental.py).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import shutil
from pathlib import Path

import pytest

from sitegen.build import build
from sitegen.cache import Cache, folder_for, switched_off
from sitegen.cli import main
from sitegen.manifest import (
    MANIFEST,
    Changes,
    QuickCheck,
    carry_over,
    code_digest,
    inputs_digest,
    read_manifest,
    unchanged_site,
)
from tests.site_fixture import round_robin_toml, write_content

ROOT = Path(__file__).resolve().parent.parent


def _stats(site: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(site).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in site.rglob("*") if p.is_file() and p.name != MANIFEST}


def _bytes(site: Path) -> dict[str, str]:
    """Each file's SHA-256 by site path: the bytes compared exactly, and a
    failed comparison lists paths and digests (pytest's diff of two sites'
    bytes, the Pyodide runtime among them, took gigabytes and minutes)."""
    return {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in site.rglob("*") if p.is_file()}


def _files(site: Path) -> dict[str, str]:
    """The site's files but the manifest."""
    return {p: body for p, body in _bytes(site).items() if p != MANIFEST}



def _full_build(content: Path, out: Path) -> None:
    with switched_off():
        build(content, out, show_progress=False, problems=[])


@pytest.fixture(scope="module")
def fixture_builds(tmp_path_factory):
    """The fixture content built, built again unchanged, then with its
    about page edited; and the edited content built into an empty folder."""
    root = tmp_path_factory.mktemp("incremental")
    content = write_content(root / "content")
    site = root / "site"
    build(content, site, show_progress=False)
    first = _stats(site)
    again = Changes()
    build(content, site, show_progress=False, changes=again)
    second = _stats(site)
    (content / "pages" / "about.md").write_text("# About\n\nA federation of tests.\n",
                                                 encoding="utf-8")
    edited = Changes()
    build(content, site, show_progress=False, changes=edited)
    full = root / "full"
    _full_build(content, full)
    return {"content": content, "site": site, "first": first, "second": second,
            "again": again, "edited": edited, "third": _stats(site), "full": full}


def test_an_unchanged_build_touches_no_file(fixture_builds):
    """Same content, same code: every file keeps its inode and mtime."""
    assert fixture_builds["second"] == fixture_builds["first"]
    again = fixture_builds["again"]
    assert again.lines() == []
    assert again.kept == len(fixture_builds["first"])


def test_an_edited_page_is_the_only_file_rewritten(fixture_builds):
    edited = fixture_builds["edited"]
    assert edited.lines() == ["M\tpages/about/index.html"]
    first, third = fixture_builds["first"], fixture_builds["third"]
    assert {p for p in first if first[p] != third.get(p)} == {"pages/about/index.html"}


def test_an_incremental_build_is_a_full_build_byte_for_byte(fixture_builds):
    """The manifest too: it records the same inputs, code and files."""
    assert _bytes(fixture_builds["site"]) == _bytes(fixture_builds["full"])


def test_the_manifest_records_each_file_and_the_inputs(fixture_builds):
    site, content = fixture_builds["site"], fixture_builds["content"]
    manifest = read_manifest(site)
    assert manifest is not None and manifest["inputs"] == inputs_digest(content)
    files = {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
             for p in site.rglob("*") if p.is_file() and p.name != MANIFEST}
    assert manifest["files"] == files
    assert re.fullmatch("[0-9a-f]{64}", manifest["code"])


def test_inputs_digest_follows_every_content_file(tmp_path):
    content = write_content(tmp_path / "content")
    before = inputs_digest(content)
    (content / "pages" / "contact.md").write_text("# Contact\n", encoding="utf-8")
    assert inputs_digest(content) != before


def test_an_unchanged_site_is_not_rendered_again(tmp_path, monkeypatch):
    import sitegen.build

    content = write_content(tmp_path / "content")
    site = tmp_path / "site"
    files = build(content, site, show_progress=False)

    def no_render(*_, **__):
        raise AssertionError("rendered again")
    monkeypatch.setattr(sitegen.build, "render_site", no_render)
    changes = Changes()
    assert build(content, site, show_progress=False, changes=changes) == files
    assert changes.lines() == [] and changes.kept == len(files)


DAMAGES = [
    # (what is done to the built site, the line the next build gives)
    ("edit", "M\tpages/about/index.html"),
    ("remove", "A\tpages/about/index.html"),
    ("add", "D\tpages/about/stray.html"),
]


@pytest.mark.parametrize("damage, line", DAMAGES)
def test_a_damaged_site_is_built_again(tmp_path, damage, line):
    """Same content and code, but the output is not as the build left it:
    rendered again, and the damage undone."""
    content = write_content(tmp_path / "content")
    site = tmp_path / "site"
    build(content, site, show_progress=False)
    before = _bytes(site)
    page = site / "pages" / "about" / "index.html"
    if damage == "edit":
        page.write_bytes(page.read_bytes().replace(b"A test federation", b"A best federation"))
    elif damage == "remove":
        page.unlink()
    else:
        (page.parent / "stray.html").write_text("stray\n", encoding="utf-8")
    changes = Changes()
    build(content, site, show_progress=False, changes=changes)
    assert changes.lines() == [line]
    assert _bytes(site) == before


# -- the quick check (QuickCheck) ------------------------------------------------------

def _quick(site: Path) -> QuickCheck:
    """The quick check of `site` as a build of the same code finds it."""
    return QuickCheck(Cache.open(folder_for(site), code_digest()).folder, site)


@pytest.fixture
def recorded(tmp_path):
    """The fixture content built (its cache, and so its record, beside the
    site), the record dated ten seconds on: no file is "racily clean"."""
    content = write_content(tmp_path / "content")
    site = tmp_path / "site"
    build(content, site, show_progress=False)
    record = _quick(site).file
    assert record is not None and record.is_file()
    later = record.stat().st_mtime_ns + 10**10
    os.utime(record, ns=(later, later))
    files = read_manifest(site)["files"]
    return site, files


def test_files_as_recorded_are_not_read(recorded):
    site, files = recorded
    quick = _quick(site)
    assert all(quick.intact(path, digest) for path, digest in files.items())
    assert quick.hashed == 0
    assert not quick.intact("index.html", "0" * 64)           # another manifest's digest
    assert not quick.intact("index.html", None)


def test_a_file_changed_since_is_read(recorded):
    """Edited in place to the same size (a new time), or replaced by a new
    file with the same bytes (a new inode): read, and judged by its bytes."""
    site, files = recorded
    page = site / "pages" / "about" / "index.html"
    page.write_bytes(page.read_bytes().replace(b"A test federation", b"A best federation"))
    index = site / "index.html"
    body = index.read_bytes()
    index.unlink()
    index.write_bytes(body)
    quick = _quick(site)
    assert not quick.intact("pages/about/index.html", files["pages/about/index.html"])
    assert quick.intact("index.html", files["index.html"])
    assert quick.hashed == 2


def test_what_the_quick_check_cannot_see(recorded):
    """Its limit, as rsync's: a file rewritten in place to the same size
    and given back its time on purpose passes for the recorded one
    (docs/scale.md#incremental-builds)."""
    site, files = recorded
    page = site / "pages" / "about" / "index.html"
    was = page.stat()
    page.write_bytes(page.read_bytes().replace(b"A test federation", b"A best federation"))
    os.utime(page, ns=(was.st_atime_ns, was.st_mtime_ns))
    quick = _quick(site)
    assert quick.intact("pages/about/index.html", files["pages/about/index.html"])
    assert quick.hashed == 0


def test_files_as_recent_as_the_record_are_read(recorded):
    site, files = recorded
    quick = _quick(site)
    page = site / "index.html"
    os.utime(page, ns=(quick.since, quick.since))
    quick = _quick(site)
    assert quick.intact("index.html", files["index.html"])       # recorded, but racy
    assert quick.hashed == 1


def test_a_record_of_another_site_or_manifest_is_not_used(recorded, tmp_path):
    site, files = recorded
    copy = tmp_path / "copy"
    shutil.copytree(site, copy, copy_function=shutil.copy2)     # the same times, other inodes
    quick = _quick(copy)
    assert quick.known == {}
    manifest = site / MANIFEST
    manifest.write_bytes(manifest.read_bytes() + b" ")
    quick = _quick(site)
    assert quick.known == {}
    assert all(quick.intact(path, digest) for path, digest in files.items())
    assert quick.hashed == len(files)


def test_without_a_cache_folder_every_file_is_read(recorded):
    site, files = recorded
    quick = QuickCheck(None, site)
    assert all(quick.intact(path, digest) for path, digest in files.items())
    assert quick.hashed == len(files)
    quick.record(site, files)                                  # nowhere to keep it: nothing
    not_a_folder = site.parent / "not-a-folder"
    not_a_folder.write_text("a file where the cache should be", encoding="utf-8")
    QuickCheck(not_a_folder, site).record(site, files)        # cannot be kept: no error
    assert not_a_folder.is_file()


def test_a_site_found_unchanged_by_reading_is_recorded_for_the_next(recorded):
    """A site whose files all had to be read (copied, or built without the
    record) is recorded once found intact: the next build reads none."""
    site, files = recorded
    record = _quick(site).file
    assert record is not None
    record.unlink()
    manifest = read_manifest(site)
    quick = _quick(site)
    assert unchanged_site(site, manifest["inputs"], manifest["code"], quick) is not None
    assert quick.hashed == len(files) and record.is_file()
    later = record.stat().st_mtime_ns + 10**10
    os.utime(record, ns=(later, later))
    quick = _quick(site)
    assert unchanged_site(site, manifest["inputs"], manifest["code"], quick) is not None
    assert quick.hashed == 0


# -- carry_over on its own -----------------------------------------------------------

def _tree(root: Path, files: dict[str, str]) -> list[Path]:
    out = []
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        out.append(path)
    return out


CARRY_CASES = [
    # (old site, new site, expected lines, kept)
    ({}, {"a.html": "A"}, ["A\ta.html"], 0),
    ({"a.html": "A"}, {"a.html": "A"}, [], 1),
    ({"a.html": "A"}, {"a.html": "B"}, ["M\ta.html"], 0),
    ({"a.html": "A"}, {"a.html": "AA"}, ["M\ta.html"], 0),      # size differs
    ({"a.html": "A", "x/b.json": "B"}, {"a.html": "A"}, ["D\tx/b.json"], 1),
    ({"a.html": "A", MANIFEST: "{}"}, {"a.html": "A", "c.txt": "C"}, ["A\tc.txt"], 1),
]


@pytest.mark.parametrize(("old", "new", "lines", "kept"), CARRY_CASES)
def test_carry_over(tmp_path, old, new, lines, kept):
    _tree(tmp_path / "old", old)
    files = _tree(tmp_path / "new", new)
    changes, digests = carry_over(tmp_path / "new", tmp_path / "old", files)
    assert changes.lines() == lines and changes.kept == kept
    assert digests == {n: hashlib.sha256(t.encode()).hexdigest() for n, t in new.items()}
    for name in new:
        same = name in old and old[name] == new[name]
        assert same == (name in old and
                        os.path.samefile(tmp_path / "old" / name, tmp_path / "new" / name))


def test_without_hard_links_a_copy_keeps_the_mtime(tmp_path, monkeypatch):
    (old,) = _tree(tmp_path / "old", {"a.html": "A"})
    os.utime(old, ns=(1_000_000_000, 1_000_000_000))
    files = _tree(tmp_path / "new", {"a.html": "A"})

    def no_link(*_):
        raise OSError("no hard links here")
    monkeypatch.setattr(os, "link", no_link)
    changes, _ = carry_over(tmp_path / "new", tmp_path / "old", files)
    assert changes.kept == 1
    assert (tmp_path / "new" / "a.html").stat().st_mtime_ns == 1_000_000_000


def test_cli_writes_the_changed_file(tmp_path, capsys):
    content = write_content(tmp_path / "content")
    out, listing = tmp_path / "site", tmp_path / "changed.txt"
    assert main(["build", str(content), "--out", str(out), "--changed", str(listing)]) == 0
    lines = listing.read_text(encoding="utf-8").splitlines()
    assert lines and all(line.startswith("A\t") for line in lines)
    assert "A\tindex.html" in lines and f"A\t{MANIFEST}" not in lines
    (content / "events" / "chess" / "2024-07-july-open.toml").write_text(
        round_robin_toml("July Open", "2024-07-01", "2024-07-05", ["1001", "1002", "1003"]),
        encoding="utf-8")
    assert main(["build", str(content), "--out", str(out), "--changed", str(listing)]) == 0
    lines = listing.read_text(encoding="utf-8").splitlines()
    assert "A\tevents/2024-07-july-open/index.html" in lines
    assert "M\tevents/index.html" in lines
    assert "M\tplayers/1004/index.html" not in lines      # did not play in July
    assert "modified" in capsys.readouterr().out


# -- an event more, and the pages not rendered again -------------------------------

def test_an_event_more_is_a_full_build_byte_for_byte(tmp_path):
    """Pages, downloads and lists taken from the previous site (not rendered
    again, `Reuse`) and those rendered make the site a full build makes.
    Lists and events are taken by their inputs, not their views
    (`sitegen.site.render._list_inputs`, `_event_inputs`): the April Open
    renamed changes no list but the name the May list's pages link it by,
    and a comment added to the June Open's file changes neither its report
    nor its page but the file published beside it: those are rendered
    again, the others taken whole."""
    content = write_content(tmp_path / "content")
    site, full = tmp_path / "site", tmp_path / "full"
    build(content, site, show_progress=False)
    (content / "events" / "chess" / "2024-07-july-open.toml").write_text(
        round_robin_toml("July Open", "2024-07-01", "2024-07-05", ["1001", "1002", "1003"]),
        encoding="utf-8")
    april = content / "events" / "chess" / "2024-04-april-open.toml"
    april.write_text(april.read_text(encoding="utf-8").replace(
        'name = "April Open"', 'name = "April Masters"'), encoding="utf-8")
    june = content / "events" / "chess" / "2024-06-june-open.toml"
    june.write_text("# checked again\n" + june.read_text(encoding="utf-8"), encoding="utf-8")
    changes = Changes()
    build(content, site, show_progress=False, changes=changes)
    _full_build(content, full)
    assert _bytes(site) == _bytes(full)
    assert changes.taken > 0 and changes.count() > 0 and changes.cached[0] > 0
    lists = {p for p in changes.modified if p.startswith("lists/chess/standard/")}
    assert "lists/chess/standard/2024-05/index.html" in lists      # it rated the April Open
    assert not any(p.startswith("lists/chess/standard/2024-06/") for p in lists)
    assert {p for p in changes.modified if p.startswith("events/2024-06-june-open/")} == {
        "events/2024-06-june-open/2024-06-june-open.toml"}
    assert "events/2024-04-april-open/index.html" in changes.modified
    manifest = read_manifest(site)
    assert manifest is not None and "lists/chess/standard/2024-06" in manifest["groups"]
    assert "events/2024-05-draughts-cup" in manifest["groups"]
    # players' pages are taken by their inputs too (`_player_inputs`): the
    # April Open's six players' pages name it, and are made again; the
    # draughts players' are taken
    assert {f"players/{pid}/index.html" for pid in range(1001, 1007)} <= set(changes.modified)
    assert "players/20001" in manifest["groups"]
    assert not [p for p in changes.modified if p.startswith("players/2000")]


def test_a_page_taken_is_not_rendered(tmp_path, monkeypatch):
    """Only the about page's context changed: it alone is rendered."""
    import jinja2

    content = write_content(tmp_path / "content")
    site = tmp_path / "site"
    build(content, site, show_progress=False)
    (content / "pages" / "about.md").write_text("# About\n\nEdited.\n", encoding="utf-8")
    rendered: list[str] = []
    render = jinja2.Template.render

    def counting(self, *args, **kwargs):
        rendered.append(kwargs.get("path", self.name))
        return render(self, *args, **kwargs)
    monkeypatch.setattr(jinja2.Template, "render", counting)
    monkeypatch.setenv("SITEGEN_WORKERS", "1")
    changes = Changes()
    build(content, site, show_progress=False, changes=changes)
    assert changes.lines() == ["M\tpages/about/index.html"]
    assert "pages/about/" in rendered and not any(p.startswith("players/") for p in rendered)
    assert changes.taken > 20


def test_a_players_page_reads_no_history_or_events_of_his_record(tmp_path):
    """A page's key takes a player's record without his history and events
    (sitegen.manifest._field_names): his page, given a record without them,
    is the same bytes."""
    import dataclasses

    from sitegen.compute.pipeline import compute
    from sitegen.compute.player_facts import Facts
    from sitegen.content.folder import load_content
    from sitegen.site import views
    from sitegen.site.regulations import load_regulations
    from sitegen.site.render import _Writer

    content = write_content(tmp_path / "content")
    data = compute(load_content(content))
    writer = _Writer(data, tmp_path / "out", load_regulations(content / "regulations"), None)
    facts = Facts(data)
    shown = 0
    for key, record in sorted(data.players.items()):
        view = views.player_view(record, data, writer.links, facts)
        pages = []
        for given in (record, dataclasses.replace(record, history={}, events=[])):
            view.record = given
            writer.page(f"players/{key[1]}/", "player.html", record.name, view=view)
            pages.append((tmp_path / "out" / "players" / key[1] / "index.html").read_bytes())
        assert pages[0] == pages[1], key
        shown += bool(record.history and record.events)
    assert shown


KEY_CASES = [
    # (what two contexts differ in, whether their pages' keys are equal)
    ("nothing", True),
    ("a player's history", True),        # not shown as such: the view's rows are
    ("a player's name", False),
    ("a row's rating", False),
]


@pytest.mark.parametrize(("differ", "same"), KEY_CASES)
def test_page_keys(differ, same):
    import dataclasses

    from sitegen.compute.sitedata import HistoryRow, ListEntry, PlayerRecord
    from sitegen.manifest import Reuse

    record = PlayerRecord("chess", "1", "Able, Ann", "TST", "w", 1990, "", {"standard": 2000},
                          {"standard": []}, [])
    entry = ListEntry("1", "Able, Ann", "TST", "w", 1990, "", 2000, 1, 9, None)
    other_record, other_entry = record, dataclasses.replace(entry)
    if differ == "a player's history":
        other_record = dataclasses.replace(record, history={"standard": [
            HistoryRow(*([None] * len(dataclasses.fields(HistoryRow))))]})
    elif differ == "a player's name":
        other_record = dataclasses.replace(record, name="Able, Anne")
    elif differ == "a row's rating":
        other_entry = dataclasses.replace(entry, rating=2001)
    reuse = Reuse(None, "salt")
    first = reuse.key("player.html", {"view": record, "rows": [entry, entry]})
    second = reuse.key("player.html", {"view": other_record, "rows": [other_entry, entry]})
    assert first is not None and (first == second) == same


def test_a_page_key_takes_instances_of_abstract_base_classes():
    """A player's ratings are held as a `ByList`, a MutableMapping (its class's
    metaclass is ABCMeta, not `type`): the key pickler's table of reducers
    must let pickle write such a class by its name.  It once made a reducer
    for ABCMeta itself, the key failed, and every player's page was
    rendered again in every incremental build."""
    from sitegen.compute.sitedata import ByList, PlayerRecord
    from sitegen.manifest import Reuse

    record = PlayerRecord("chess", "1", "Able, Ann", "TST", "w", 1990, "",
                          ByList({"standard": 2000}), ByList({"standard": []}), [])
    reuse = Reuse(None, "salt")
    first = reuse.key("player.html", {"view": record, "ratings": record.ratings})
    changed = ByList({"standard": 2001})
    assert first is not None
    assert reuse.key("player.html", {"view": record, "ratings": record.ratings}) == first
    assert reuse.key("player.html", {"view": record, "ratings": changed}) not in (None, first)


# -- one month more ----------------------------------------------------------------

# Issue 16 item 5: a month's events may rewrite the new lists, the pages of
# the players who played, the new events, the indexes and the feed
# (bench/incremental.py's `allowed`).  The fixture's month: the content
# with its last list in July, then a July event of three of its six chess
# players and the August list that rates it.
# `python bench/build.py --incremental` measures the same on the demo
# (docs/scale.md#incremental-builds: the counts and the times).
AUGUST = ("2024-07-july-cup.toml", ["1001", "1002", "1003"])


def _month_contents(root: Path) -> tuple[Path, Path]:
    after = write_content(root / "after")
    name, ids = AUGUST
    (after / "events" / "chess" / name).write_text(
        round_robin_toml("July Cup", "2024-07-10", "2024-07-13", ids), encoding="utf-8")
    before = root / "before"
    shutil.copytree(after, before)
    (before / "events" / "chess" / name).unlink()
    site_toml = before / "site.toml"
    site_toml.write_text(site_toml.read_text(encoding="utf-8").replace(
        "end = 2024-08-31", "end = 2024-07-31"), encoding="utf-8")
    return before, after


@pytest.fixture(scope="module")
def month(tmp_path_factory):
    root = tmp_path_factory.mktemp("month")
    before, after = _month_contents(root)
    site, full = root / "site", root / "full"
    build(before, site, show_progress=False, problems=[])
    stats, keys = _stats(site), read_manifest(site)["pages"]
    changes = Changes()
    build(after, site, show_progress=False, changes=changes, problems=[])
    _full_build(after, full)
    return {"site": site, "full": full, "before": stats, "after": _stats(site),
            "changes": changes, "content": after, "keys": keys}


def test_one_month_more_rewrites_only_what_it_changes(month):
    from bench.incremental import classify

    kinds = classify(month["site"], month["content"], month["changes"], "2024-08")
    assert "NOT ALLOWED" not in kinds, kinds["NOT ALLOWED"]
    assert {p.split("/")[1] for p in kinds["pages of players who played"]} == set(AUGUST[1])
    assert "lists: the new list's pages" in kinds and "feed" in kinds


def test_one_month_more_leaves_the_others_untouched(month):
    """Same inode and mtime: the players who did not play (their rank on
    the latest list is on the list's page, not theirs) and the July list
    (no "Next" link to a list that did not exist)."""
    before, after = month["before"], month["after"]
    untouched = [p for p in before if p.startswith(("players/1004/", "players/1005/",
                                                     "players/1006/", "players/20001/",
                                                     "lists/chess/standard/2024-07/"))]
    assert len(untouched) == 11      # four players' pages, the July list's seven
    assert [p for p in untouched if before[p] != after[p]] == []
    kept = [p for p in before if before[p] == after.get(p)]
    assert len(kept) == month["changes"].kept


def test_one_month_more_is_a_full_build_byte_for_byte(month):
    assert _bytes(month["site"]) == _bytes(month["full"])


def test_one_month_more_renders_only_what_it_rewrites(month):
    """The pages and downloads whose file is kept were taken from the
    previous site (`Reuse`), not rendered again."""
    manifest = read_manifest(month["site"])
    assert manifest is not None
    keyed = set(manifest["pages"])
    kept = {p for p in keyed if month["before"].get(p) == month["after"].get(p)}
    assert len(kept) > 20 and month["changes"].taken >= 0.9 * len(kept)


def test_a_world_cup_months_page_keeps_its_key(month):
    """A month's World Cup page is made of that month's standings (and the
    season's name), not of the whole season: the next month leaves its key
    as it was, so it is taken, not rendered again."""
    before, after = month["keys"], read_manifest(month["site"])["pages"]
    months = sorted(p for p in before if p.startswith("worldcup/2024/20"))
    assert months == ["worldcup/2024/2024-04/index.html", "worldcup/2024/2024-07/index.html"]
    assert [after[p] for p in months] == [before[p] for p in months]


def test_one_month_more_computes_only_the_new_event(month):
    """The events as loaded come from the cache (sitegen.cache) but the new
    event's, the regulations too; the earlier events are not rated or
    looked up again: both lists' periods before the month are taken up
    (sitegen.compute.resume), and the new event is read and rated."""
    hits, misses = month["changes"].cached
    events = [p for p in (month["content"] / "events").rglob("*.toml")]
    assert len(events) == 4                      # three before the month, one in it
    # each earlier event as loaded, the regulations, the two lists' periods
    # taken up; the new event as loaded, its file as parsed, its rating
    assert (hits, misses) == (3 + 1 + 2, 3)


# -- the cache of results between builds (sitegen.cache) ---------------------------

def test_a_cache_entry_is_used_only_for_its_code_and_inputs(tmp_path):
    from sitegen.cache import Cache

    made: list[str] = []

    def make(value):
        return lambda: made.append(value) or value
    cache = Cache.open(tmp_path, "a" * 64)
    assert cache is not None and cache.cached("event file", ("text", "x.toml"), make("1")) == "1"
    assert cache.cached("event file", ("text", "x.toml"), make("2")) == "1"   # a hit
    assert cache.cached("event file", ("other", "x.toml"), make("3")) == "3"  # other content
    assert cache.cached("rated event", ("text", "x.toml"), make("4")) == "4"  # other kind
    other = Cache.open(tmp_path, "b" * 64)                                     # other code
    assert other is not None and other.cached("event file", ("text", "x.toml"), make("5")) == "5"
    assert made == ["1", "3", "4", "5"]
    assert [p.name for p in tmp_path.iterdir()] == ["b" * 32]     # the other code's removed


DAMAGED_ENTRIES = [
    # (what is done to the entry's file)
    "a byte changed",
    "cut short",
    "empty",
    "another format",
]


@pytest.mark.parametrize("damage", DAMAGED_ENTRIES)
def test_a_damaged_cache_entry_is_a_miss(tmp_path, damage):
    from sitegen.cache import Cache

    cache = Cache.open(tmp_path, "c" * 64)
    assert cache is not None
    key = cache.key("event file", ("text",))
    assert key is not None
    cache.put(key, {"value": 1})
    entry = cache.folder / key[:2] / key
    body = entry.read_bytes()
    entry.write_bytes({"a byte changed": body[:-1] + bytes([body[-1] ^ 1]),
                       "cut short": body[:-3], "empty": b"",
                       "another format": b"sitegen-cache 0" + body[15:]}[damage])
    assert cache.get(key) == (False, None)
    assert cache.cached("event file", ("text",), lambda: {"value": 2}) == {"value": 2}
    assert cache.get(key) == (True, {"value": 2})          # written again


def test_entries_of_other_code_or_damaged_are_not_used_by_a_build(tmp_path, monkeypatch):
    """Every entry damaged: a build computes everything again (the site is
    a full build's); every entry then made poison (a valid entry of another
    value): a build with other code does not read them."""
    import sitegen.build
    import sitegen.site.render
    from sitegen.cache import CACHE_FOLDER

    content = write_content(tmp_path / "content")
    site, full = tmp_path / "site", tmp_path / "full"
    build(content, site, show_progress=False, problems=[])
    _full_build(content, full)
    kept = [p for p in (tmp_path / CACHE_FOLDER).rglob("*") if p.is_file()]
    entries = [p for p in kept if p.parent.name != "templates"
               and not p.name.startswith("quick-check-")]      # the site's record (QuickCheck)
    # three events as loaded, parsed and rated, the regulations, the two
    # lists' periods looked for (sitegen.compute.resume)
    results = 3 * 3 + 1 + 2
    # and the three reports' digests (event_digest), the two lists' last
    # states and their periods (chess monthly, March to August; draughts in
    # April and July)
    assert len(entries) == 3 * 3 + 1 + 3 + 2 + 6 + 2
    assert len(kept) > len(entries)  # and the templates compiled (sitegen.site.render._TemplateCode)
    for entry in kept:
        entry.write_bytes(entry.read_bytes()[:-1])
    shutil.rmtree(site)                 # rendered anew from what is computed anew
    # as the next build's process, which has compiled no template yet
    monkeypatch.setattr(sitegen.site.render, "_COMPILED", {})
    changes = Changes()
    build(content, site, show_progress=False, problems=[], changes=changes)
    assert changes.cached == (0, results) and _bytes(site) == _bytes(full)
    payload = pickle.dumps("poison", protocol=5)
    for entry in kept:
        entry.write_bytes(b"sitegen-cache 1\n" + hashlib.sha256(payload).digest() + payload)
    monkeypatch.setattr(sitegen.build, "code_digest", lambda: "0" * 64)
    changes = Changes()
    build(content, site, show_progress=False, problems=[], changes=changes)
    # the manifest records the other code's digest: every other file the same
    assert changes.cached == (0, results) and _files(site) == _files(full)
    assert not any(p.exists() for p in kept)              # the other code's folder removed


def test_an_event_reports_key_is_its_contract_not_its_marshalled_bytes():
    """marshal writes a string met twice once when it is one object: a
    report made from a tournament read from the cache holds other bytes
    than one parsed anew, for the same contract; its pages' key is the same."""
    from sitegen.compute.sitedata import EventReport
    from sitegen.manifest import Reuse

    name = "Able, Ann " * 3
    shared = {"players": [{"name": name}, {"name": name}]}
    apart = {"players": [{"name": name}, {"name": "".join(["Able, Ann "] * 3)}]}
    other = {"players": [{"name": name}, {"name": "Baker, Bo"}]}
    reports = [EventReport("e", "chess", "E", None, None, "standard", None, "x", result, "e.toml")
               for result in (shared, apart, other)]
    assert reports[0]._result != reports[1]._result          # other bytes, equal contracts
    reuse = Reuse(None, "salt")
    keys = [reuse.key(report) for report in reports]
    assert keys[0] == keys[1] != keys[2] and keys[0] is not None


# -- the checker's bundle taken by its inputs (sitegen.manifest.checker_bundle) -----

def _fake_bundle(made: Path, version: dict[str, str]):
    """A stand-in for sitegen.browser.bundle.write_bundle: two files, one
    holding `version["bytes"]`; each call noted as a line of the file `made`
    (the checker's section may run in a forked rendering worker, whose
    lists the test would not see: sitegen.site.render._ALONE)."""
    def write_bundle(out: Path) -> list[Path]:
        with made.open("a", encoding="utf-8") as calls:
            calls.write(version["bytes"] + "\n")
        files = {out / "static" / "bundle" / "k" / "wheel.whl": version["bytes"].encode(),
                 out / "static" / "check" / "bundle.json": b'{"offline": []}\n'}
        for path, body in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(body)
        return sorted(files)
    return write_bundle


def test_the_checker_bundle_is_taken_only_while_its_inputs_and_files_are_the_same(
        tmp_path, monkeypatch):
    """Made once, then taken (the same inode) while `bundle_inputs` give the
    same; made again when they change (a tool's version, a file of the
    bundle's own cache) and when the previous site's copy was edited; the
    site is then a full build's."""
    import sitegen.browser.bundle
    import sitegen.manifest

    calls = tmp_path / "calls"
    calls.touch()
    version = {"bytes": "1", "tools": "a"}
    # rendered in this process: a worker process would not see the patches
    monkeypatch.setenv("SITEGEN_WORKERS", "1")
    monkeypatch.setattr(sitegen.browser.bundle, "write_bundle", _fake_bundle(calls, version))
    monkeypatch.setattr(sitegen.manifest, "bundle_inputs", lambda: ("tools", version["tools"]))
    content, site = write_content(tmp_path / "content"), tmp_path / "site"
    wheel = site / "static" / "bundle" / "k" / "wheel.whl"
    about = content / "pages" / "about.md"

    def build_again(text: str) -> None:
        about.write_text(f"# About\n\n{text}\n", encoding="utf-8")   # not an unchanged site
        build(content, site, show_progress=False, problems=[])
    build_again("first")
    inode = wheel.stat().st_ino
    build_again("second")
    assert calls.read_text().split() == ["1"] and wheel.stat().st_ino == inode   # taken
    version.update(bytes="2", tools="b")
    build_again("third")
    assert calls.read_text().split() == ["1", "2"] and wheel.read_text() == "2"
    wheel.write_text("3")                                                        # edited
    build_again("fourth")
    assert calls.read_text().split() == ["1", "2", "2"] and wheel.read_text() == "2"
    _full_build(content, tmp_path / "full")
    assert _bytes(site) == _bytes(tmp_path / "full")


def test_bundle_inputs_follow_the_bundles_own_cache_and_tools(tmp_path, monkeypatch):
    """An entry made or changed in sitegen.browser.bundle's cache (a wheel,
    a snapshot, a compressed copy), or another version of a tool, changes
    the bundle's inputs; an entry only dated anew, as a build dates what it
    uses (sitegen.browser.machine_cache), does not."""
    import sitegen.manifest
    from sitegen.manifest import bundle_inputs

    monkeypatch.setenv("SITEGEN_CACHE", str(tmp_path))
    first = bundle_inputs()
    assert bundle_inputs() == first
    (tmp_path / "compressed").mkdir()
    (tmp_path / "compressed" / "x.br").write_bytes(b"1")
    second = bundle_inputs()
    assert second != first
    os.utime(tmp_path / "compressed" / "x.br", (1_000, 1_000))
    assert bundle_inputs() == second
    (tmp_path / "compressed" / "x.br").write_bytes(b"22")
    assert bundle_inputs() != second
    monkeypatch.setattr(sitegen.manifest, "_version", lambda name: f"{name} 0.0")
    assert bundle_inputs() != second


def test_an_events_digest_is_kept_by_its_bytes_and_follows_its_contract(tmp_path):
    """`event_digest` kept in the cache under the report's bytes gives what
    it gives computed; equal contracts held as other bytes, the same
    digest; another contract, another digest; a damaged entry, computed
    again."""
    from sitegen.cache import Cache, using
    from sitegen.compute.sitedata import EventReport
    from sitegen.manifest import event_digest

    name = "Able, Ann " * 3
    results = [{"players": [{"name": name, "id": "1"}, {"name": name, "id": "2"}]},
               {"players": [{"name": name, "id": "1"}, {"name": "".join(["Able, Ann "] * 3),
                                                        "id": "2"}]},
               {"players": [{"name": name, "id": "1"}, {"name": "Baker, Bo", "id": "2"}]}]
    reports = [EventReport("e", "chess", "E", None, None, "standard", None, "x", result, "e.toml")
               for result in results]
    computed = [event_digest(report) for report in reports]          # no cache active
    cache = Cache.open(tmp_path, "d" * 64)
    with using(cache):
        assert [event_digest(report) for report in reports] == computed     # made, kept
        assert [event_digest(report) for report in reports] == computed     # taken
        for entry in (p for p in tmp_path.rglob("*") if p.is_file()):
            entry.write_bytes(entry.read_bytes()[:-1])
        assert [event_digest(report) for report in reports] == computed     # made again
    assert computed[0] == computed[1] and computed[0][0] != computed[2][0]
    assert computed[0][1] == ["1", "2"] and cache is not None and cache.hits == 0
    # a contract that cannot be pickled gives no digest: its pages are
    # always rendered (sitegen.site.render._event_taken, _event_part)
    odd = EventReport("e", "chess", "E", None, None, "standard", None, "x",
                      {"players": [{"id": "1", "odd": lambda: 0}]}, "e.toml")
    assert event_digest(odd)[0] is None


def test_a_lists_digest_follows_its_values_not_its_objects():
    """`list_digest` (marshal's version 0: every value written in full):
    equal lists built of other objects, the same digest; an entry's rating,
    the list's date or its events changed, another."""
    import dataclasses
    from datetime import date

    from sitegen.compute.sitedata import ListEntry, PublishedList
    from sitegen.manifest import list_digest

    name = "Able, Ann " * 3
    def published(entry_name: str, rating: int = 2000, day: int = 1,
                  events: tuple[str, ...] = ("e",)) -> PublishedList:
        entries = [ListEntry(str(i), entry_name, "TST", "w", 1990, "", rating, i, 9, None)
                   for i in range(3)]
        return PublishedList("chess", "standard", date(2024, 1, day), "fide-2009", entries,
                             list(events))
    same = published(name)
    apart = published("".join(["Able, Ann "] * 3))          # equal, not one object
    assert list_digest(same) == list_digest(apart) is not None
    for other in (published(name, rating=2001), published(name, day=2),
                  published(name, events=("f",))):
        assert list_digest(other) != list_digest(same)
    odd = dataclasses.replace(same, entries=[*same.entries[:2],
                                             dataclasses.replace(same.entries[2], rating=2000.5)])
    assert list_digest(odd) not in (None, list_digest(same))   # a float: written too
    unkeyable = dataclasses.replace(same, entries=[dataclasses.replace(
        same.entries[0], name=lambda: 0)])                    # neither marshal nor pickle
    assert list_digest(unkeyable) is None                     # its pages always rendered
