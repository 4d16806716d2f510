"""One month more of the demo, built over the site of the month before
(issue 16 item 5; docs/scale.md#incremental-builds).

`month_contents(root)` writes two content folders: the demo without its
last month (the events of `LAST_MONTH`, site.toml's `end` a month earlier)
and the demo as it is.  `measure(root)` builds the first, then the second
over it, times that incremental build against a full build of the second
into an empty folder, and returns the changes; `report` prints the counts,
the fraction rewritten and the paths rewritten grouped by `kind`.
tests/test_incremental.py builds the same scenario and asserts the counts;
`python bench/build.py --incremental` prints them with the times.
"""

from __future__ import annotations

import re
import shutil
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from sitegen.build import build
from sitegen.manifest import MANIFEST, Changes

ROOT = Path(__file__).resolve().parent.parent
LAST_MONTH = "2026-10"
END, END_BEFORE = "end = 2026-10-31", "end = 2026-09-30"


def month_contents(root: Path, content: Path = ROOT / "content") -> tuple[Path, Path]:
    """The demo content without its last month, and as it is, under `root`."""
    before, after = root / "content-before", root / "content-after"
    for folder in (before, after):
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(content, folder)
    for event in (before / "events").rglob(f"{LAST_MONTH}-*"):
        event.unlink()
    site_toml = before / "site.toml"
    text = site_toml.read_text(encoding="utf-8")
    assert END in text, f"{site_toml}: expected '{END}' (the demo's last list date)"
    site_toml.write_text(text.replace(END, END_BEFORE), encoding="utf-8")
    return before, after


_DATED = re.compile(r"\d{4}-\d{2}(-\d{2})?$")


def kind(path: str) -> str:
    """The kind of a site file, by page type and folder: what item 5 of
    issue 16 allows a month to rewrite is judged kind by kind."""
    parts = path.split("/")
    top = parts[0]
    if top == "lists" and len(parts) >= 4:
        if parts[3] == "dates":
            return "list dates pages"
        return "list pages, dated" if _DATED.match(parts[3]) else "list pages, latest"
    if top == "downloads" and len(parts) == 2:
        return "downloads, latest" if "-latest." in parts[1] else "downloads, dated"
    if top == "players" and len(parts) == 3:
        return "player pages"
    if top == "events" and len(parts) == 3:
        return "event pages and files"
    if top == "worldcup" and len(parts) > 2:
        return "world cup dated pages"
    if path.startswith("static/players/"):
        return "checker's player index shards"
    if path.startswith("static/"):
        return "static files"
    return "indexes, feed and other single pages"


@dataclass
class Measured:
    """What `measure` found: the changes, the site's files, the seconds."""

    changes: Changes
    files: int
    incremental: list[float] = field(default_factory=list)
    full: list[float] = field(default_factory=list)
    differ: list[str] = field(default_factory=list)   # from a full build's bytes

    def rewritten(self) -> list[str]:
        return sorted(self.changes.added + self.changes.modified + self.changes.removed)


def measure(root: Path, repeat: int = 1, content: Path = ROOT / "content") -> Measured:
    """Build the month before into `root`/before, then, `repeat` times,
    a copy of it again with the month added (timed), and the month added
    into an empty folder (timed)."""
    before, after = month_contents(root, content)
    base = root / "before"
    build(before, base, show_progress=False, problems=[])
    found = Measured(Changes(), 0)
    for run in range(repeat):
        site = root / f"site-{run}"
        shutil.copytree(base, site, copy_function=shutil.copy2)
        changes = Changes()
        began = time.perf_counter()
        build(after, site, show_progress=False, changes=changes, problems=[])
        found.incremental.append(time.perf_counter() - began)
        found.changes = changes
        found.files = sum(1 for p in site.rglob("*") if p.is_file() and p.name != MANIFEST)
        full = root / f"full-{run}"
        began = time.perf_counter()
        build(after, full, show_progress=False, problems=[])
        found.full.append(time.perf_counter() - began)
        found.differ = sorted(set(_differ(site, full)) | set(found.differ))
        shutil.rmtree(full)
        if run < repeat - 1:
            shutil.rmtree(site)
    return found


def _differ(site: Path, full: Path) -> list[str]:
    """The paths whose bytes differ between two sites (or that one lacks)."""
    def tree(root: Path) -> dict[str, bytes]:
        return {p.relative_to(root).as_posix(): p.read_bytes()
                for p in root.rglob("*") if p.is_file()}
    ours, theirs = tree(site), tree(full)
    return sorted(p for p in set(ours) | set(theirs) if ours.get(p) != theirs.get(p))


def report(found: Measured) -> list[str]:
    """The lines `bench/build.py --incremental` prints."""
    changes, files = found.changes, found.files
    rewritten = found.rewritten()
    lines = [f"one month more ({LAST_MONTH}) over the month before: {files} files; "
             f"added {len(changes.added)}, modified {len(changes.modified)}, "
             f"removed {len(changes.removed)}, untouched {changes.kept}; "
             f"rewritten {len(rewritten)} = {len(rewritten) / files:.1%} of the files; "
             f"{changes.taken} pages taken from the previous site, not rendered"]
    if found.full:
        lines.append("the same bytes as a full build" if not found.differ else
                     f"NOT the same bytes as a full build: {', '.join(found.differ[:10])}")
    if found.incremental and found.full:
        inc, full = statistics.median(found.incremental), statistics.median(found.full)
        lines.append(f"incremental build {inc:.2f} s, full build {full:.2f} s "
                     f"(medians of {len(found.full)}): {inc / full:.0%} of a full build")
    by_kind = Counter(kind(p) for p in rewritten)
    marks = {p: m for m, paths in (("A", changes.added), ("M", changes.modified),
                                   ("D", changes.removed)) for p in paths}
    for name, count in sorted(by_kind.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"  {count:4d}  {name}")
        shown = [p for p in rewritten if kind(p) == name]
        lines += [f"          {marks[p]} {p}" for p in shown[:8]]
        if len(shown) > 8:
            lines.append(f"          ... and {len(shown) - 8} more")
    return lines
