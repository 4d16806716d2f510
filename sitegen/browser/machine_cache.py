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
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["BUDGET", "used", "prune"]

BUDGET = 512 * 1024 * 1024    # bytes a folder keeps: some 16 snapshots, or their copies


def used(*paths: Path) -> None:
    """Date `paths` now: the entry was used by this build."""
    for path in paths:
        try:
            os.utime(path)
        except OSError:
            pass            # gone or read-only: the entry is made again when missing


def prune(folder: Path, budget: int = BUDGET) -> list[Path]:
    """Remove the entries of `folder` used least recently until the rest
    fit in `budget` bytes; return the files removed."""
    entries: dict[str, list[tuple[Path, os.stat_result]]] = {}
    try:
        listing = list(os.scandir(folder))
    except OSError:
        return []
    for item in listing:
        if not item.is_file(follow_symlinks=False) or item.name.endswith(".partial"):
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
