"""One month more of the demo, built over the site of the month before
(issue 16 item 5; docs/scale.md#incremental-builds).

`month_contents(root)` writes two content folders: the demo without its
last month (the events of `LAST_MONTH`, site.toml's `end` a month earlier)
and the demo as it is.  `measure(root)` builds the demo two months back,
then the first over it (as a federation's build each month: the cache of
results and the spare folders the first left, sitegen.cache), then the
second over that (with what it left), times
that incremental build against a full build of the second into an empty
folder without a cache (wall and CPU seconds), and returns the changes; `report` prints the counts,
the fraction rewritten, the paths rewritten by cause (`classify`: what
issue 16 item 5 allows a month to rewrite, and NOT ALLOWED) and by `kind`.
`python bench/build.py --incremental` prints them with the times;
tests/test_incremental.py applies `classify` to a month of the small
fixture content (the demo's would cost the suite two demo builds).
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from sitegen.build import build
from sitegen.cache import CACHE_FOLDER, switched_off
from sitegen.manifest import MANIFEST, Changes

ROOT = Path(__file__).resolve().parent.parent
LAST_MONTH, MONTH_BEFORE = "2026-10", "2026-09"
END, END_BEFORE, END_TWO_BEFORE = "end = 2026-10-31", "end = 2026-09-30", "end = 2026-08-31"


def month_contents(root: Path, content: Path = ROOT / "content") -> tuple[Path, Path]:
    """The demo content without its last month, and as it is, under `root`."""
    after = root / "content-after"
    shutil.rmtree(after, ignore_errors=True)
    shutil.copytree(content, after)
    return _without(root / "content-before", content, (LAST_MONTH,), END_BEFORE), after


def two_months_before(root: Path, content: Path = ROOT / "content") -> Path:
    """The demo content without its last two months, under `root`."""
    return _without(root / "content-two-before", content, (LAST_MONTH, MONTH_BEFORE),
                    END_TWO_BEFORE)


def _without(folder: Path, content: Path, months: tuple[str, ...], end: str) -> Path:
    """A copy of `content` in `folder` without the events of `months`,
    site.toml's `end` set to `end`."""
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(content, folder)
    for month in months:
        for event in (folder / "events").rglob(f"{month}-*"):
            event.unlink()
    site_toml = folder / "site.toml"
    text = site_toml.read_text(encoding="utf-8")
    assert END in text, f"{site_toml}: expected '{END}' (the demo's last list date)"
    site_toml.write_text(text.replace(END, end), encoding="utf-8")
    return folder


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


# The single pages every new list or event rewrites (issue 16 item 5: "the indexes").
INDEXES = {"index.html", "events/index.html", "players/index.html", "norms/index.html",
           "sitemap.xml", "static/check/players.json", "check/sw.js", "downloads/index.html"}


def allowed(path: str, played: set[str], events: set[str], added: bool) -> str | None:
    """The kind of a file a month's events may rewrite (issue 16 item 5:
    the new lists, the pages of players who played, the new events, the
    indexes and the feed), or None for a file rewritten for another cause."""
    parts = path.split("/")
    if path in INDEXES or parts[0] == "search" or path.startswith("static/players/"):
        return "indexes"
    if parts[0] == "lists" and len(parts) > 4 and parts[3][:1].isdigit():
        return "lists: the new list's pages" if added else None
    if parts[0] == "lists":
        return "lists: the latest pages, dates and index"
    if parts[0] == "downloads":
        return "downloads: new, and the latest" if added or "-latest." in path else None
    if parts[0] == "players" and len(parts) == 3:
        return "pages of players who played" if parts[1] in played else None
    if parts[0] == "events" and len(parts) == 3:
        return "events new or rated on a new list" if parts[1] in events else None
    if parts[0] == "worldcup":
        return "world cup: a new date, the latest" if added or len(parts) != 4 else None
    return "feed" if path == "feed.xml" else None


def played_and_events(site: Path, content: Path, changes: Changes,
                      month: str) -> tuple[set[str], set[str]]:
    """The events added, or rated on a list of `month` (their pages link to
    one), and the ids of their players (in their content files)."""
    rewritten = changes.added + changes.modified
    events = {p.split("/")[1] for p in rewritten
              if p.startswith("events/") and p.endswith(".toml")}
    events |= {p.split("/")[1] for p in rewritten
               if p.startswith("events/") and p.count("/") == 2 and
               f'/{month}/">' in (site / p).read_text(encoding="utf-8")}
    played: set[str] = set()
    for event in events:
        for source in (content / "events").rglob(f"{event}.*"):
            played |= set(re.findall(r'^id = "(\w+)"', source.read_text(encoding="utf-8"), re.M))
    return played, events


def classify(site: Path, content: Path, changes: Changes, month: str) -> dict[str, list[str]]:
    """The paths a month rewrote, by the kind `allowed` gives them;
    those of no allowed kind under "NOT ALLOWED"."""
    played, events = played_and_events(site, content, changes, month)
    added = set(changes.added)
    kinds: dict[str, list[str]] = {}
    for path in sorted(changes.added + changes.modified + changes.removed):
        name = allowed(path, played, events, path in added) or "NOT ALLOWED"
        kinds.setdefault(name, []).append(path)
    return kinds


@dataclass
class Measured:
    """What `measure` found: the changes, the site's files, the seconds."""

    changes: Changes
    files: int
    incremental: list[float] = field(default_factory=list)
    full: list[float] = field(default_factory=list)
    incremental_cpu: list[float] = field(default_factory=list)
    full_cpu: list[float] = field(default_factory=list)
    differ: list[str] = field(default_factory=list)   # from a full build's bytes
    site: Path | None = None                            # the site built incrementally
    content: Path | None = None                         # the content with the month
    load: list[tuple[float, ...]] = field(default_factory=list)   # before and after

    def rewritten(self) -> list[str]:
        return sorted(self.changes.added + self.changes.modified + self.changes.removed)


def measure(root: Path, repeat: int = 1, content: Path = ROOT / "content") -> Measured:
    """Build the month before into `root`/incremental/before over the month
    before it (so that it holds what a monthly build finds: the cache of
    results and the spare folders, sitegen.cache), then, `repeat` times, a
    copy of both again with the month added (timed), and the month added
    into an empty folder without a cache (timed): a full build."""
    before, after = month_contents(root, content)
    base = root / "incremental" / "before"
    build(two_months_before(root, content), base, show_progress=False, problems=[])
    build(before, base, show_progress=False, problems=[])
    found = Measured(Changes(), 0, content=after, load=[os.getloadavg()])
    for run in range(repeat):
        site = root / f"run-{run}" / "site"
        shutil.rmtree(site.parent, ignore_errors=True)
        shutil.copytree(base, site, copy_function=shutil.copy2)
        if (base.parent / CACHE_FOLDER).is_dir():      # none where $SITEGEN_BUILD_CACHE says
            shutil.copytree(base.parent / CACHE_FOLDER, site.parent / CACHE_FOLDER)
        # built again where it now is, unchanged (not timed): a copy's files
        # are read once and recorded (sitegen.manifest.QuickCheck), as those
        # of a federation's own output folder are by its previous build
        build(before, site, show_progress=False, problems=[])
        changes = Changes()
        with _timed(found.incremental, found.incremental_cpu):
            build(after, site, show_progress=False, changes=changes, problems=[])
        found.changes, found.site = changes, site
        found.files = sum(1 for p in site.rglob("*") if p.is_file() and p.name != MANIFEST)
        full = root / f"full-{run}"
        with switched_off(), _timed(found.full, found.full_cpu):
            build(after, full, show_progress=False, problems=[])
        found.differ = sorted(set(_differ(site, full)) | set(found.differ))
        shutil.rmtree(full)
        if run < repeat - 1:
            shutil.rmtree(site.parent)
    found.load.append(os.getloadavg())
    return found


@contextmanager
def _timed(wall: list[float], cpu: list[float]) -> Iterator[None]:
    """Append the block's wall seconds to `wall`, its CPU seconds (user and
    system, this process's and its children's: the rendering and rating
    processes) to `cpu`."""
    began, times = time.perf_counter(), os.times()
    yield
    after = os.times()
    wall.append(time.perf_counter() - began)
    cpu.append(sum(after[:4]) - sum(times[:4]))



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
        inc, full = statistics.median(found.incremental_cpu), statistics.median(found.full_cpu)
        lines.append(f"CPU (user + system, with the worker processes): incremental {inc:.2f} s, "
                     f"full {full:.2f} s: {inc / full:.0%}")
        lines.append("load average (1, 5, 15 min) before and after: " + "; ".join(
            " ".join(f"{x:.2f}" for x in load) for load in found.load))
        hits, misses = changes.cached
        lines.append(f"results between builds (sitegen.cache): {hits} taken, {misses} computed")
    if found.site is not None and found.content is not None:
        lines.append("by cause (issue 16 item 5 allows all but NOT ALLOWED):")
        for name, paths in sorted(classify(found.site, found.content, changes,
                                           LAST_MONTH).items()):
            lines.append(f"  {len(paths):4d}  {name}")
            lines += [f"          {marks_of(changes, p)} {p}" for p in paths
                      if name == "NOT ALLOWED"]
        lines.append("by kind of page:")
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


def marks_of(changes: Changes, path: str) -> str:
    """A, M or D: how the build changed `path`."""
    return "A" if path in changes.added else "D" if path in changes.removed else "M"
