"""Benchmark: how long the embedded content takes to load, compute and render,
and how long `check` takes on the largest real TRF.  Prints figures; asserts
nothing (tests never assert on time)."""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_core.check import CheckOptions, check_text  # noqa: E402
from sitegen.build import build  # noqa: E402
from sitegen.compute.pipeline import compute  # noqa: E402
from sitegen.content.folder import load_content  # noqa: E402


def timed(function, repeat: int = 3) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    content = ROOT / "content"
    loaded = load_content(content)
    print(f"load content:     {timed(lambda: load_content(content)):6.2f} s")
    print(f"compute lists:    {timed(lambda: compute(loaded)):6.2f} s")
    with tempfile.TemporaryDirectory() as tmp:
        seconds = timed(lambda: build(content, Path(tmp) / "site", show_progress=False), 1)
        files = sum(1 for p in (Path(tmp) / "site").rglob("*") if p.is_file())
    print(f"whole build:      {seconds:6.2f} s ({files} files)")
    trf = ROOT.parent / "shared" / "third_party_data" / "chess" / \
        "sharly_example_trf16_KarlMala2005.trf"
    if trf.exists():
        text = trf.read_text(encoding="utf-8")
        for rules in ("fide-standard-2002", "fide-rapid-blitz-2024"):
            seconds = timed(lambda: check_text(text, trf.name, CheckOptions(rules=rules)), 5)
            print(f"check 284-player TRF ({rules}): {seconds * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
