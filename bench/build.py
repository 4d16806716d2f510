"""Benchmark: how long the embedded content takes to load, compute and render,
the pages rendered a second (in 1 process and in one a CPU) against
Hugo's on pages with the same rows (bench/hugo.py; skipped with the reason
where Hugo is absent), a build again over its own output (incremental:
nothing to rewrite), and how long `check` takes on the largest real TRF.
`--incremental [RUNS]` instead measures one month more of the demo built
over the month before against a full build (bench/incremental.py): files
added, modified, removed and untouched, by kind, and the times (medians
of RUNS, 3 by default).
Prints figures; asserts nothing (tests never assert on time).
docs/scale.md explains what is measured."""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.hugo import hugo_parallelism, hugo_seconds, rows_per_page  # noqa: E402
from rules_core.check import CheckOptions, check_text  # noqa: E402
from sitegen.build import build  # noqa: E402
from sitegen.compute.pipeline import compute  # noqa: E402
from sitegen.content.folder import load_content  # noqa: E402
from sitegen.manifest import Changes  # noqa: E402
from sitegen.site.regulations import load_regulations  # noqa: E402
from sitegen.site.render import render_site  # noqa: E402


def timed(function: Callable[[], object], repeat: int = 3) -> float:
    """The median wall time of `repeat` calls, in seconds."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


RUNS = 3          # sitegen's renders and Hugo's builds, taken in turn; medians


def _cpu_seconds() -> float:
    """CPU seconds of this process and of its children that ended."""
    own, children = (resource.getrusage(resource.RUSAGE_SELF),
                     resource.getrusage(resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _render_once(data, regulations, content: Path, folder: Path,
                 workers: int) -> tuple[float, float, list[int]]:
    """One render of the demo into `folder` (removed after): wall and CPU
    seconds (the workers' included), the table rows of each HTML page."""
    cpu, began = _cpu_seconds(), time.perf_counter()
    render_site(data, folder, regulations, content=content, workers=workers)
    seconds, cpu = time.perf_counter() - began, _cpu_seconds() - cpu
    rows = rows_per_page(folder)
    shutil.rmtree(folder)
    return seconds, cpu, rows


def _render_against_hugo(loaded, content: Path, out: Path) -> None:
    """Pages a second: sitegen's render of the demo (in one process and in
    one a CPU), Hugo's on as many pages with the same table rows each
    (bench/hugo.py), RUNS times each in turn so that both meet the same
    machine (medians); CPU seconds beside the wall time, the load printed.
    sitegen's time is its whole render (downloads, static files, the
    checker's bundle too): Hugo's has only its pages."""
    data, regulations = compute(loaded), load_regulations(content / "regulations")
    counts = sorted({1, os.cpu_count() or 1})
    ours: dict[int, list[tuple[float, float]]] = {w: [] for w in counts}
    hugo: list[tuple[float, float]] = []
    rows: list[int] = []
    print(f"load before:      {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for run in range(RUNS):
        for workers in counts:
            seconds, cpu, rows = _render_once(data, regulations, content,
                                              out / f"{run}-{workers}", workers)
            ours[workers].append((seconds, cpu))
        done = hugo_seconds(rows)
        if isinstance(done, str):
            print(f"hugo:             skipped: {done}")
            hugo = []
            break
        if done[1] != len(rows):
            print(f"hugo:             wrote {done[1]} pages, not {len(rows)}: not compared")
            hugo = []
            break
        hugo.append((done[0], done[2]))
    print(f"load after:       {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    pages, medians = len(rows), {}
    for workers in counts:
        wall, cpu = medians[workers] = tuple(statistics.median(x)
                                             for x in zip(*ours[workers], strict=True))
        print(f"render, {workers} process(es): {wall:6.2f} s ({cpu:.2f} s CPU), {pages} pages, "
              f"{sum(rows):,} table rows: {pages / wall:,.0f} pages/s")
    if not hugo:
        return
    wall, cpu = (statistics.median(x) for x in zip(*hugo, strict=True))
    print(f"hugo:             {wall:6.2f} s ({cpu:.2f} s CPU), {pages} pages with the same rows, "
          f"{hugo_parallelism()}: {pages / wall:,.0f} pages/s")
    # Hugo uses every core; the ratio that counts is sitegen's with one
    # worker a core (the build's default), the last; one worker's is shown
    # beside it (on a loaded machine the pool may cost more than it gains)
    for workers in counts:
        print(f"sitegen/hugo, {workers} process(es): {wall / medians[workers][0]:.2f} "
              f"(pages a second), {cpu / medians[workers][1]:.2f} (pages a CPU second)")


def incremental(runs: int) -> None:
    """`--incremental`: bench/incremental.py's month, `runs` times."""
    from bench.incremental import measure, report

    with tempfile.TemporaryDirectory() as tmp:
        for line in report(measure(Path(tmp), runs)):
            print(line)


def main() -> None:
    if sys.argv[1:2] == ["--incremental"]:
        incremental(int(sys.argv[2]) if len(sys.argv) > 2 else 3)
        return
    content = ROOT / "content"
    loaded = load_content(content)
    print(f"load content:     {timed(lambda: load_content(content)):6.2f} s")
    print(f"compute lists:    {timed(lambda: compute(loaded)):6.2f} s")
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        seconds = timed(lambda: build(content, site, show_progress=False, problems=[]), 1)
        files = sum(1 for p in site.rglob("*") if p.is_file())
        print(f"whole build:      {seconds:6.2f} s ({files} files)")
        changes = Changes()
        seconds = timed(lambda: build(content, site, show_progress=False, changes=changes,
                                         problems=[]), 1)
        print(f"build again:      {seconds:6.2f} s ({changes.count()} files rewritten, "
              f"{changes.kept} kept with their dates)")
        _render_against_hugo(loaded, content, Path(tmp) / "render")
    trf = ROOT.parent / "shared" / "third_party_data" / "chess" / \
        "sharly_example_trf16_KarlMala2005.trf"
    if trf.exists():
        text = trf.read_text(encoding="utf-8")
        for rules in ("fide-standard-2002", "fide-rapid-blitz-2024"):
            seconds = timed(lambda rules=rules: check_text(text, trf.name, CheckOptions(rules=rules)), 5)
            print(f"check 284-player TRF ({rules}): {seconds * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
