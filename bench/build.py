"""Benchmark: how long the embedded content takes to load, compute and render,
the pages rendered a second (with 1 and with all render workers) against
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
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.hugo import hugo_seconds, rows_per_page  # noqa: E402
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


def _render_against_hugo(loaded, content: Path, out: Path) -> None:
    """Pages a second: sitegen's render of the demo (with one worker and with
    one a CPU), Hugo's on as many pages with the same table rows each
    (bench/hugo.py)."""
    data, regulations = compute(loaded), load_regulations(content / "regulations")
    ours: dict[int, float] = {}
    for workers in sorted({1, os.cpu_count() or 1}):
        folder = out / f"workers-{workers}"
        folder.mkdir(parents=True)
        began = time.perf_counter()
        render_site(data, folder, regulations, content=content, workers=workers)
        seconds = time.perf_counter() - began
        rows = rows_per_page(folder)
        ours[workers] = len(rows) / seconds
        print(f"render, {workers} worker(s): {seconds:6.2f} s, {len(rows)} pages, "
              f"{sum(rows):,} table rows: {ours[workers]:,.0f} pages/s")
    hugo = hugo_seconds(rows)
    if isinstance(hugo, str):
        print(f"hugo:             skipped: {hugo}")
        return
    hugo_s, pages = hugo
    # Hugo uses every core; the ratio that counts is sitegen's with one
    # worker a core (the build's default), the last; one worker's is shown
    # beside it (on a loaded machine the pool may cost more than it gains)
    ratios = ", ".join(f"{w} worker(s) {ours[w] / (pages / hugo_s):.2f}" for w in sorted(ours))
    print(f"hugo:             {hugo_s:6.2f} s, {pages} pages with the same rows: "
          f"{pages / hugo_s:,.0f} pages/s; sitegen/hugo {ratios}")


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
