"""The machine's cache of the checker's bundle kept to a size
(`sitegen.browser.bundle.cache_dir()`: snapshots/ and compressed/).

Every change of rules_core or of the worker's Python gives a new memory
snapshot (31 MB) and new compressed copies of it: a developer's cache held
128 snapshots (2.5 GB) and 252 copies (824 MB) after two days. Each folder
is kept to `BUDGET` bytes, the entries used least recently removed first:
an entry's date is the last time a build used it (`used`), so what the
current bundle needs (the runtime's copies, the snapshot of this code) is
the newest and stays. An entry is the files of one key (``KEY.bin`` and
``KEY.bin.json``; ``DIGEST.br``, ``DIGEST.gz``). A build that finds an
entry gone meanwhile (removed by another build's pruning) makes it again
(docs/browser.md, "Transfer and caching").

An entry is made by one process at a time (`made_once`, `one_at_a_time`):
another that needs it meanwhile waits and then finds it made.  Two test workers, or two
builds on a fresh machine, each compressed the runtime with Brotli 11
(a minute of CPU) and each made the snapshot.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

__all__ = ["BUDGET", "used", "prune", "one_at_a_time", "made_once"]

T = TypeVar("T")

BUDGET = 512 * 1024 * 1024    # bytes a folder keeps: some 16 snapshots, or their copies


def used(*paths: Path) -> None:
    """Date `paths` now: the entry was used by this build."""
    for path in paths:
        try:
            os.utime(path)
        except OSError:
            pass            # gone or read-only: the entry is made again when missing


@contextmanager
def one_at_a_time(entry: Path) -> Iterator[None]:
    """Held while this process makes `entry`: a lock on ``ENTRY.lock``
    beside it, for which a process making the same entry waits.  The maker
    checks again, once it holds the lock, whether another made the entry
    meanwhile.  The lock's file is removed once the entry is made: a
    process that arrives then finds the entry, and one that opened the
    removed file and waited takes the lock and finds it too (at worst, one
    arriving between the two makes it again: the entry is written whole or
    not at all).  Where no lock can be taken (a read-only cache, no
    `fcntl`) the entry is made without one, as before: at worst twice."""
    lock = entry.with_name(entry.name + ".lock")
    try:
        import fcntl
        entry.parent.mkdir(parents=True, exist_ok=True)
        handle = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except (ImportError, OSError):
        yield
        return
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        try:
            lock.unlink()
        except OSError:
            pass                         # removed by the maker before us
        os.close(handle)                 # and with it the lock


def made_once(entry: Path, find: Callable[[], T | None], make: Callable[[], T]) -> T:
    """The entry `find` gives (None: not made, or pruned meanwhile), else
    made by `make` while this process holds its lock (`one_at_a_time`),
    looked for again first: another process may have made it while this
    one waited."""
    found = find()
    if found is not None:
        return found
    with one_at_a_time(entry):
        found = find()
        return found if found is not None else make()


def prune(folder: Path, budget: int = BUDGET) -> list[Path]:
    """Remove the entries of `folder` used least recently until the rest
    fit in `budget` bytes; return the files removed."""
    entries: dict[str, list[tuple[Path, os.stat_result]]] = {}
    try:
        listing = list(os.scandir(folder))
    except OSError:
        return []
    for item in listing:
        if not item.is_file(follow_symlinks=False) or item.name.endswith((".partial", ".lock")):
            continue
        try:
            stat = item.stat(follow_symlinks=False)
        except OSError:
            continue
        entries.setdefault(item.name.split(".", 1)[0], []).append((Path(item.path), stat))
    total = sum(stat.st_size for files in entries.values() for _, stat in files)
    removed: list[Path] = []
    oldest_first = sorted(entries.values(), key=lambda files: max(s.st_mtime for _, s in files))
    for files in oldest_first:
        if total <= budget:
            break
        for path, stat in files:
            try:
                path.unlink()
            except OSError:
                continue
            total -= stat.st_size
            removed.append(path)
    return removed
