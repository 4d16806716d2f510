"""Benchmark: the call the in-browser checker makes, in CPython or in Pyodide.

Runs `sitegen.browser.worker.handle("check", ...)` on a tournament file (by
default the 284-player Karl Mala TRF of ../shared/third_party_data/chess)
`--runs` times after one warm-up call, and prints the median time of the
whole call (wall clock and this process's CPU time, which a loaded machine
disturbs less), the median of each of the worker's steps (`read`, `rate`,
`table`, `csv`, `json`: `worker.timing()`), the size of the answer, the
two calls the page makes instead (`first_step`, `second_step`) and the
load average.  With `--pyodide` the same Python runs inside the pinned
Pyodide under Node (bench/check_pyodide.mjs; the runtime from sitegen's
cache, as the site's bundle takes it), the way the browser's worker runs
it but without the page; both print `loop`, a plain-Python loop's time
(dict, attribute and str work), whose ratio is WebAssembly's own slowdown
(docs/browser.md, "Faster checks in Pyodide").  Asserts nothing.

`--answers DIR` instead writes, for every file of tests/data and
../shared/third_party_data, the worker's answers (with and without norms and
filling, the first view and the rest as the page gets them) and `check_text`'s
contract with and without norms, one JSON file each, so that two versions of
rules_core and the worker can be compared byte for byte (`diff -r DIR1 DIR2`:
docs/browser.md, "Faster checks in Pyodide").

    python bench/check.py [--runs 10] [--file FILE] [--pyodide]
    python bench/check.py --answers DIR
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

try:
    from sitegen.browser import worker
except ImportError:     # inside Pyodide (bench/check_pyodide.mjs): shipped as inbrowser.py
    import inbrowser as worker  # type: ignore[import-not-found,no-redef]

# The files the browser's worker imports, under the names the site ships
# them with (sitegen/browser/bundle.py PYTHON_FILES), and this module.
SHIPPED = {"inbrowser.py": "sitegen/browser/worker.py",
           "sitegen_figures.py": "sitegen/site/figures.py", "bench_check.py": "bench/check.py"}

KARL_MALA = ROOT.parent / "shared" / "third_party_data" / "chess" / \
    "sharly_example_trf16_KarlMala2005.trf"


def loop() -> float:
    """Milliseconds of a plain-Python loop (the median of 5): the same
    code in CPython and Pyodide, so their ratio is the interpreter's."""
    class Box:
        __slots__ = ("value",)

        def __init__(self, value: int) -> None:
            self.value = value

    times = []
    for _ in range(5):
        counts: dict[int, int] = {}
        began = time.perf_counter()
        for i in range(200_000):
            counts[i % 1000] = counts.get(i % 1000, 0) + Box(i).value
            str(i).strip()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


def measure(path: Path | str, runs: int) -> dict[str, float]:
    """Medians of `runs` calls (after one warm-up call), in milliseconds."""
    path = Path(path)
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
    out.update(two_steps(payload, runs))
    out["loop"] = loop()
    return out


def two_steps(payload: str, runs: int) -> dict[str, float]:
    """The page's two calls (docs/browser.md, "A check in two steps"):
    medians of `first_step` (check_view, what the page waits for before
    its first rows) and `second_step` (check_rest), ms wall."""
    firsts, seconds = [], []
    for _ in range(runs):
        began = time.perf_counter()
        worker.check_view(payload)
        middle = time.perf_counter()
        worker.check_rest()
        firsts.append((middle - began) * 1000)
        seconds.append((time.perf_counter() - middle) * 1000)
    worker.timing()
    return {"first_step": statistics.median(firsts), "second_step": statistics.median(seconds)}


def measure_in_pyodide(path: Path, runs: int) -> dict[str, float]:
    """`measure` inside Pyodide under Node (bench/check_pyodide.mjs)."""
    from sitegen.browser.bundle import RUNTIME_FILES, _runtime, fetch_pyodide

    with tempfile.TemporaryDirectory() as tmp:
        runtime, sources = Path(tmp, "runtime"), Path(tmp, "sources")
        runtime.mkdir()
        for name, data in _runtime(fetch_pyodide()).items():
            if name in RUNTIME_FILES:
                (runtime / name).write_bytes(data)
        shutil.copytree(ROOT / "rules_core", sources / "rules_core",
                        ignore=shutil.ignore_patterns("__pycache__"))
        for name, source in SHIPPED.items():
            shutil.copy(ROOT / source, sources / name)
        done = subprocess.run(["node", str(ROOT / "bench" / "check_pyodide.mjs"), str(runtime),
                               str(sources), str(path), str(runs)],
                              capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def answer_files() -> list[Path]:
    """Every tournament file of tests/data and ../shared/third_party_data
    (chess and draughts; not the expected outputs nor the manifest)."""
    shared = ROOT.parent / "shared" / "third_party_data"
    files = sorted(p for p in (ROOT / "tests" / "data").rglob("*") if p.is_file())
    files += sorted(p for p in shared.rglob("*") if p.is_file()
                    and ".expected." not in p.name and p.name != "MANIFEST.txt")
    return files


def write_answers(folder: Path) -> int:
    """The answers of every `answer_files()` file into `folder`: the worker's
    (norms on and off, filling off: no list is loaded) and check_text's."""
    from rules_core.check import CheckOptions, check_text

    folder.mkdir(parents=True, exist_ok=True)
    for path in answer_files():
        text = path.read_bytes().decode("utf-8", errors="replace")
        stem = path.relative_to(ROOT.parent).as_posix().replace("/", "__")
        for norms in (False, True):
            payload = json.dumps({"text": text, "filename": path.name,
                                  "options": {"norms": norms, "fill": norms}})
            (folder / f"{stem}.worker.norms-{norms}.json").write_text(
                worker.handle("check", payload), encoding="utf-8")
            if hasattr(worker, "check_view"):     # the two steps the page gets
                (folder / f"{stem}.steps.norms-{norms}.json").write_text(
                    worker.check_view(payload) + "\n" + worker.check_rest(), encoding="utf-8")
            contract = check_text(text, path.name, CheckOptions(norms=norms))
            (folder / f"{stem}.check.norms-{norms}.json").write_text(
                json.dumps(contract, indent=1, sort_keys=True, default=str), encoding="utf-8")
    return len(answer_files())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--file", type=Path, default=KARL_MALA)
    parser.add_argument("--pyodide", action="store_true",
                        help="run the call inside Pyodide under Node (needs node)")
    parser.add_argument("--answers", type=Path, default=None,
                        help="write every test file's answers into this folder, to compare")
    args = parser.parse_args()
    if args.answers:
        print(f"bench/check.py: {write_answers(args.answers)} files' answers in {args.answers}")
        return 0
    if not args.file.is_file():
        print(f"bench/check.py: {args.file} not found (give one with --file)")
        return 1
    figures = measure(args.file, args.runs)
    where = "CPython"
    if args.pyodide:
        native_loop = figures["loop"]
        figures = measure_in_pyodide(args.file, args.runs)
        where = f"Pyodide under Node, loop {figures['loop'] / native_loop:.1f}x CPython's"
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{args.file.name}: median of {args.runs}, {where} (load average {load})")
    print(f"  whole call {figures['wall']:.1f} ms wall, {figures['cpu']:.1f} ms CPU")
    steps = [k for k in figures
             if k not in ("wall", "cpu", "answer_kb", "loop", "first_step", "second_step")]
    print("  " + ", ".join(f"{k} {figures[k]:.1f} ms" for k in steps))
    print(f"  in two steps (the page's calls): the first {figures['first_step']:.1f} ms, "
          f"the second {figures['second_step']:.1f} ms wall")
    print(f"  answer {figures['answer_kb']:.0f} kB; plain-Python loop {figures['loop']:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
