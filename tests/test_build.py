"""sitegen.build: the output swap and the folders a killed build leaves.

Issue 11: "a kill -9 leaves ._site.* folders forever, and a kill between the
two renames of the swap leaves no _site at all".  Builds are run in a child
process and killed (SIGKILL) at random instants; the output must then be the
previous site or the new one, whole, and after the next build nothing but the
output may be left beside it.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from pathlib import Path

import pytest

from sitegen.build import _swap_in, remove_stale, remove_tree, swap_folders

FILES = 80     # files of a fake site; a build writes them slowly

def _write(version: str):
    """A fake site of FILES files, each holding the version, and a manifest
    giving their count; written slowly, so that kills land anywhere."""
    def write(tmp: Path) -> list[Path]:
        (tmp / "pages").mkdir()
        written = []
        for i in range(FILES):
            path = tmp / "pages" / f"{i}.html"
            path.write_text(version)
            written.append(path)
            time.sleep(0.0005)
        (tmp / "manifest").write_text(f"{version} {FILES}")
        return written + [tmp / "manifest"]
    return write


def _build(out: Path, version: str) -> int:
    """A build in a forked child (the real _swap_in); its process id."""
    pid = os.fork()
    if pid == 0:        # the child: build, then leave without pytest's cleanup
        code = 0
        try:
            _swap_in(out, _write(version))
        except BaseException:
            code = 1
        os._exit(code)
    return pid


def _wait(pid: int) -> int:
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


def _site_version(out: Path) -> str:
    """The version of a whole site; fails on a partial or mixed one."""
    version, count = (out / "manifest").read_text().split()
    pages = sorted((out / "pages").iterdir())
    assert len(pages) == int(count)
    assert {p.read_text() for p in pages} == {version}
    return version


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_killed_build_leaves_the_previous_site_and_the_next_cleans_up(tmp_path):
    out = tmp_path / "_site"
    assert _wait(_build(out, "v0")) == 0
    started = time.monotonic()
    assert _wait(_build(out, "v1")) == 0
    duration = time.monotonic() - started
    rng = random.Random(11)
    previous = "v1"
    for k in range(2, 27):
        child = _build(out, f"v{k}")
        time.sleep(rng.uniform(0, duration * 1.2))
        os.kill(child, signal.SIGKILL)
        _wait(child)
        version = _site_version(out)            # whole, never missing
        assert version in (previous, f"v{k}")
        previous = version
    assert _wait(_build(out, "final")) == 0
    assert _site_version(out) == "final"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_site"]


def test_stale_folders_of_a_killed_build_are_removed(tmp_path):
    out = tmp_path / "_site"
    out.mkdir()
    for name in ("._site.abc123", "._site.old", "._site.x-old"):
        (tmp_path / name / "pages").mkdir(parents=True)
    (tmp_path / "._site.note").mkdir()
    (tmp_path / "other").mkdir()
    removed = remove_stale(out)
    assert len(removed) == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_site", "other"]


def test_remove_tree_removes_all_and_follows_no_link(tmp_path):
    """The previous site removed by several threads (`remove_tree`), deepest
    folders first; a link to a folder elsewhere is removed, not followed."""
    root, elsewhere = tmp_path / "._site.abc", tmp_path / "elsewhere"
    for i in range(40):
        folder = root / "players" / str(i) / ("deep" if i % 3 else "")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "index.html").write_text(str(i))
    (root / "empty" / "folder").mkdir(parents=True)
    elsewhere.mkdir()
    (elsewhere / "kept.txt").write_text("kept")
    (root / "players" / "link").symlink_to(elsewhere, target_is_directory=True)
    remove_tree(root)
    assert not root.exists() and (elsewhere / "kept.txt").read_text() == "kept"


def test_a_site_left_between_two_renames_is_put_back(tmp_path):
    """The fallback swap (no exchange call) killed between its renames."""
    out = tmp_path / "_site"
    (tmp_path / "._site.abc-old").mkdir()
    (tmp_path / "._site.abc-old" / "index.html").write_text("previous")
    remove_stale(out)
    assert (out / "index.html").read_text() == "previous"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="renameat2 is Linux's")
def test_the_swap_is_one_exchange_on_linux(tmp_path):
    new, out = tmp_path / "new", tmp_path / "out"
    new.mkdir(), out.mkdir()
    (new / "f").write_text("new"), (out / "f").write_text("old")
    assert swap_folders(new, out) == "exchange"
    assert (out / "f").read_text() == "new" and (new / "f").read_text() == "old"


def test_a_first_build_is_a_rename(tmp_path):
    new = tmp_path / "new"
    new.mkdir()
    assert swap_folders(new, tmp_path / "out") == "rename"
    assert (tmp_path / "out").is_dir() and not new.exists()


def test_a_failed_write_leaves_nothing(tmp_path):
    out = tmp_path / "_site"
    out.mkdir()
    (out / "index.html").write_text("previous")

    def write(tmp):
        (tmp / "index.html").write_text("half")
        raise RuntimeError("render failed")

    with pytest.raises(RuntimeError):
        _swap_in(out, write)
    assert (out / "index.html").read_text() == "previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_site"]


def _site_writer(files: dict[str, str]):
    def write(tmp: Path) -> list[Path]:
        written = []
        for relative, text in files.items():
            path = tmp / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            written.append(path)
        return written
    return write


def test_the_previous_sites_folders_are_kept_empty_for_the_next_build(tmp_path):
    """With spare folders (sitegen.cache.spare_folders) the previous site's
    folders are kept there without a file, and the next build writes into
    them: what it does not write is not in its site, the folders it does
    not use are removed, a link to a folder elsewhere is removed, never
    followed (docs/scale.md#incremental-builds)."""
    out, spare, elsewhere = tmp_path / "_site", tmp_path / "cache" / "folders", tmp_path / "x"
    _swap_in(out, _site_writer({"a/index.html": "1", "b/c/index.html": "1"}), spare=spare)
    assert not spare.exists()                         # a first build: nothing to keep
    _swap_in(out, _site_writer({"a/index.html": "2", "b/c/index.html": "2"}), spare=spare)
    assert sorted(p.relative_to(spare).as_posix() for p in spare.rglob("*")) == [
        "a", "b", "b/c"]                              # the first site's folders, no file
    elsewhere.mkdir()
    (elsewhere / "kept.txt").write_text("kept")
    (spare / "a" / "planted.html").write_text("stale")      # as a killed build leaves
    (spare / "b" / "link").symlink_to(elsewhere, target_is_directory=True)
    files = _swap_in(out, _site_writer({"a/index.html": "3", "d/index.html": "3"}), spare=spare)
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == [
        "a", "a/index.html", "d", "d/index.html"]
    assert [p.read_text() for p in files] == ["3", "3"]
    assert (elsewhere / "kept.txt").read_text() == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_site", "cache", "x"]
    assert not [p for p in spare.rglob("*") if not p.is_dir()]


def test_the_previous_site_is_emptied_by_the_files_its_walk_found(tmp_path, monkeypatch):
    """With a manifest (digests), carrying over walks the previous site once
    and the same files are removed by name after the swap, its folders not
    walked again: the spare folders hold no file, a file put into the site by
    hand and the manifest included."""
    import sitegen.build

    out, spare = tmp_path / "_site", tmp_path / "cache" / "folders"
    digests = ("i" * 64, "c" * 64)
    _swap_in(out, _site_writer({"a/index.html": "1", "b/c/index.html": "1"}), digests, spare=spare)
    (out / "b" / "by-hand.txt").write_text("not the build's")
    walked: list[Path] = []
    original = sitegen.build.empty_tree
    monkeypatch.setattr(sitegen.build, "empty_tree",
                        lambda root: walked.append(root) or original(root))
    _swap_in(out, _site_writer({"a/index.html": "2"}), digests, spare=spare)
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == [
        ".sitegen-manifest.json", "a/index.html"]
    assert not [p for p in spare.rglob("*") if not p.is_dir()]
    assert walked == []          # the spare was empty; the previous site emptied by name


def test_a_spare_site_on_another_path_is_not_followed(tmp_path):
    """Spare folders that are a link are not used (nor followed): the build
    writes into a folder of its own."""
    out, target = tmp_path / "_site", tmp_path / "target"
    (target / "a").mkdir(parents=True)
    (target / "a" / "file").write_text("kept")
    (tmp_path / "spare").symlink_to(target, target_is_directory=True)
    for version in ("1", "2"):
        _swap_in(out, _site_writer({"a/index.html": version}), spare=tmp_path / "spare")
        assert (out / "a" / "index.html").read_text() == version
    assert (target / "a" / "file").read_text() == "kept"
    assert (tmp_path / "spare").is_symlink()
