"""Benchmark: the call the in-browser checker makes, in CPython.

Runs `sitegen.browser.worker.handle("check", ...)` on a tournament file (by
default the 284-player Karl Mala TRF of ../shared/third_party_data/chess)
`--runs` times after one warm-up call, and prints the median time of the
whole call (wall clock and this process's CPU time, which a loaded machine
disturbs less), the median of each of the worker's steps (`read`, `rate`,
`table`, `csv`, `json`: `worker.timing()`), the size of the answer and the
load average.  Pyodide runs the same Python about 2-3x slower
(docs/browser.md, "Faster checks in Pyodide").  Asserts nothing.

    python bench/check.py [--runs 10] [--file FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sitegen.browser import worker  # noqa: E402

KARL_MALA = ROOT.parent / "shared" / "third_party_data" / "chess" / \
    "sharly_example_trf16_KarlMala2005.trf"


def measure(path: Path, runs: int) -> dict[str, float]:
    """Medians of `runs` calls (after one warm-up call), in milliseconds."""
    payload = json.dumps({"text": path.read_text(encoding="latin-1"),
                          "filename": path.name})
    answer = worker.handle("check", payload)
    worker.timing()
    walls, cpus, steps = [], [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        worker.handle("check", payload)
        cpus.append((time.process_time() - cpu) * 1000)
        walls.append((time.perf_counter() - wall) * 1000)
        steps.append(json.loads(worker.timing()))
    out = {"wall": statistics.median(walls), "cpu": statistics.median(cpus)}
    for step in steps[0]:
        out[step] = statistics.median(s.get(step, 0.0) for s in steps)
    out["answer_kb"] = len(answer.encode()) / 1000
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--file", type=Path, default=KARL_MALA)
    args = parser.parse_args()
    if not args.file.is_file():
        print(f"bench/check.py: {args.file} not found (give one with --file)")
        return 1
    figures = measure(args.file, args.runs)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{args.file.name}: median of {args.runs} (load average {load})")
    print(f"  whole call {figures['wall']:.1f} ms wall, {figures['cpu']:.1f} ms CPU")
    steps = [k for k in figures if k not in ("wall", "cpu", "answer_kb")]
    print("  " + ", ".join(f"{k} {figures[k]:.1f} ms" for k in steps))
    print(f"  answer {figures['answer_kb']:.0f} kB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
