"""Fuzz `sitegen check` for N minutes: crashes, slow inputs, worst memory.

    python bench/fuzz.py --minutes 10 [--out FOLDER] [--seed 1]

Mutates the demo content, our fixtures and the real files of
../shared/third_party_data (tests/fuzzing.py: byte flips, truncation, huge
numbers, unicode with U+2028 and controls, duplicated players,
self-pairings), the six formats in turn, each input checked in text and JSON
modes with one of the option sets, and prints per format the inputs tried,
the crashes, the inputs over 2 s, the problems without a line and the worst
memory (tracemalloc's peak of one input, on one input in five: it slows
the run; times are CPU seconds of this process, taken without it).  Every failing input is saved in
FOLDER (default: a new folder under the system's temporary folder, named at
the end) with its traceback, and the run exits 1 when anything failed.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fuzzing import FORMATS, OPTION_SETS, mutate, run, seeds  # noqa: E402

SLOW_SECONDS = 2.0
MEMORY_EVERY = 5        # one input in 5 is run again under tracemalloc


@dataclass
class Tally:
    """What one format's inputs did."""

    tried: int = 0
    crashes: int = 0
    slow: int = 0
    lineless: int = 0
    worst_seconds: float = 0.0
    worst_bytes: int = 0
    places: set = field(default_factory=set)


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    found = {fmt: files for fmt, files in seeds().items() if files}
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="sitegen-fuzz-"))
    out.mkdir(parents=True, exist_ok=True)
    tallies = {fmt: Tally() for fmt in found}
    rng = random.Random(args.seed)
    end = time.monotonic() + args.minutes * 60
    formats = sorted(found)
    while time.monotonic() < end:
        for fmt in formats:
            _one(fmt, found[fmt], rng, tallies[fmt], out)
    _report(tallies, out, sorted(set(FORMATS) - set(found)))
    return 1 if any(t.crashes or t.slow or t.lineless for t in tallies.values()) else 0


def _arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--out", help="where failing inputs are saved")
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args(argv)


def _one(fmt: str, files, rng: random.Random, tally: Tally, out: Path) -> None:
    name, text = rng.choice(files)
    mutated = mutate(text, rng)
    options = rng.choice(OPTION_SETS)
    started = time.process_time()     # CPU seconds: the machine may be shared
    outcome = run(mutated, name, options)
    seconds = time.process_time() - started
    tally.tried += 1
    tally.worst_seconds = max(tally.worst_seconds, seconds)
    if tally.tried % MEMORY_EVERY == 1:   # tracemalloc slows a run 3 to 5 times
        tally.worst_bytes = max(tally.worst_bytes, _peak(mutated, name, options))
    why = _failure(outcome, seconds, tally)
    if why:
        _save(out, fmt, tally.tried, name, mutated, options, why)


def _peak(text: str, name: str, options) -> int:
    tracemalloc.start()
    try:
        run(text, name, options)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _failure(outcome, seconds: float, tally: Tally) -> str | None:
    if outcome.error is not None:
        tally.crashes += 1
        tb = traceback.extract_tb(outcome.error.__traceback__)[-1]
        tally.places.add(f"{Path(tb.filename).name}:{tb.lineno}")
        return "".join(traceback.format_exception(outcome.error))
    if seconds > SLOW_SECONDS:
        tally.slow += 1
        return f"slow: {seconds:.2f} s\n"
    if outcome.lineless:
        tally.lineless += 1
        return "problems without a line:\n" + "\n".join(map(str, outcome.lineless)) + "\n"
    return None


def _save(out: Path, fmt: str, index: int, name: str, text: str, options, why: str) -> None:
    stem = out / f"{fmt}-{index:06d}-{Path(name).stem}"
    suffix = Path(name).suffix or FORMATS[fmt]
    stem.with_suffix(suffix).write_text(text, encoding="utf-8", errors="surrogatepass")
    stem.with_suffix(".txt" if suffix != ".txt" else ".why").write_text(
        f"file: {name}\noptions: {options}\n\n{why}", encoding="utf-8")


def _report(tallies: dict[str, Tally], out: Path, missing: list[str]) -> None:
    print(f"{'format':<15}{'tried':>8}{'crashes':>9}{'> 2 s':>7}{'no line':>9}"
          f"{'slowest':>9}{'memory':>10}")
    for fmt, t in sorted(tallies.items()):
        print(f"{fmt:<15}{t.tried:>8}{t.crashes:>9}{t.slow:>7}{t.lineless:>9}"
              f"{t.worst_seconds:>8.2f}s{t.worst_bytes / 2**20:>7.1f} MiB")
        for place in sorted(t.places):
            print(f"  crash at {place}")
    total = sum(t.tried for t in tallies.values())
    failed = sum(t.crashes + t.slow + t.lineless for t in tallies.values())
    print(f"{total} inputs, {failed} failing; failing inputs saved in {out}/")
    for fmt in missing:
        print(f"{fmt}: no seed file (../shared absent?): not fuzzed")


if __name__ == "__main__":
    sys.exit(main())
