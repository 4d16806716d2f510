"""sitegen.browser.machine_cache: the bundle's cache kept to a size, the
entries used least recently removed first."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sitegen.browser import bundle
from sitegen.browser.machine_cache import prune, used


def _entry(folder: Path, key: str, sizes: dict[str, int], when: float) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for suffix, size in sizes.items():
        path = folder / f"{key}{suffix}"
        path.write_bytes(b"x" * size)
        os.utime(path, (when, when))
        files.append(path)
    return files


def test_the_entries_used_least_recently_go_first_each_with_its_files(tmp_path):
    folder = tmp_path / "snapshots"
    oldest = _entry(folder, "aaaa", {".bin": 400, ".bin.json": 93}, 1_000)
    middle = _entry(folder, "bbbb", {".bin": 400, ".bin.json": 93}, 2_000)
    newest = _entry(folder, "cccc", {".bin": 400, ".bin.json": 93}, 3_000)
    partial = folder / "dddd.bin.123.partial"          # another build writing it
    partial.write_bytes(b"x" * 5000)
    os.utime(partial, (10, 10))
    assert prune(folder, budget=2 * 493) == oldest
    assert all(p.exists() for p in middle + newest + [partial])
    assert prune(folder, budget=2 * 493) == []          # within the budget: nothing
    assert sorted(prune(folder, budget=493)) == sorted(middle)
    assert sorted(prune(folder, budget=0)) == sorted(newest) and partial.exists()


def test_an_entry_used_again_is_kept_over_a_newer_one(tmp_path):
    folder = tmp_path / "compressed"
    old = _entry(folder, "1111", {".br": 300, ".gz": 350}, 1_000)
    newer = _entry(folder, "2222", {".br": 300, ".gz": 350}, 2_000)
    used(*old)
    assert sorted(prune(folder, budget=700)) == sorted(newer)
    assert all(p.exists() for p in old)


def test_a_missing_folder_or_file_is_no_error(tmp_path):
    assert prune(tmp_path / "none") == []
    used(tmp_path / "none.bin")


def test_a_cached_copy_taken_is_dated_anew(tmp_path):
    """precompress's cache: a hit dates the entry, a missing one is made."""
    from sitegen.site import precompress

    stored = tmp_path / "compressed" / "abc.gz"
    stored.parent.mkdir()
    stored.write_bytes(b"packed")
    os.utime(stored, (1_000, 1_000))
    assert precompress._cached(stored, b"data", lambda d: b"made") == b"packed"
    assert stored.stat().st_mtime > 1_000
    stored.unlink()
    assert precompress._cached(stored, b"data", lambda d: b"made") == b"made"
    assert stored.read_bytes() == b"made"


def test_a_cached_snapshot_taken_is_dated_anew(tmp_path):
    from sitegen.browser.snapshot import make_snapshot

    stored = _entry(tmp_path / "snapshots", "k", {".bin": 10, ".bin.json": 5}, 1_000)
    made, why = make_snapshot(tmp_path, tmp_path / "lock.json", tmp_path, "k", tmp_path)
    assert (made, why) == (b"x" * 10, "")
    assert all(path.stat().st_mtime > 1_000 for path in stored)


def test_writing_the_bundle_keeps_both_folders_to_the_budget(tmp_path, monkeypatch):
    pruned = []
    monkeypatch.setattr(bundle, "prune", lambda folder: pruned.append(folder.name) or [])
    try:
        bundle.write_bundle(tmp_path / "site")
    except bundle.BundleError as error:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no bundle here: {error}")
    assert pruned == ["snapshots", "compressed"]


def _compress_once(stored: str, log: str, start) -> None:
    """In a process of its own: the copy of `stored` made through the
    cache, the compression slow and written down in `log`."""
    import time

    from sitegen.site.precompress import _cached

    def slow(data: bytes) -> bytes:
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"{os.getpid()}\n")
        time.sleep(0.5)
        return data[::-1]
    start.wait()
    assert _cached(Path(stored), b"the runtime", slow) == b"emitnur eht"


def test_two_processes_needing_one_entry_make_it_once(tmp_path):
    """Two test workers, or two builds on a fresh machine, need the same
    compressed copy at once: one makes it, the other waits and takes it
    (machine_cache.one_at_a_time); each compressed it before."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    stored, log = tmp_path / "compressed" / "abcd.br", tmp_path / "made.log"
    start = context.Event()
    makers = [context.Process(target=_compress_once, args=(str(stored), str(log), start))
              for _ in range(2)]
    for maker in makers:
        maker.start()
    start.set()
    for maker in makers:
        maker.join(30)
    assert [maker.exitcode for maker in makers] == [0, 0]
    assert len(log.read_text(encoding="utf-8").split()) == 1
    assert stored.read_bytes() == b"emitnur eht"
    assert [p.name for p in stored.parent.iterdir()] == ["abcd.br"]     # the lock removed


def test_where_no_lock_can_be_taken_the_entry_is_made_all_the_same(tmp_path):
    from sitegen.browser.machine_cache import one_at_a_time

    missing = tmp_path / "a-file" / "entry.br"
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    with one_at_a_time(missing):
        made = True
    assert made
