"""Peak memory and time of `sitegen check` on large inputs (docs/limits.md).

    python bench/check_memory.py [--players 9999] [--rounds 40]

Writes, deterministically, a Swiss TRF of PLAYERS players and ROUNDS rounds
(at most the limits of rules_core.limits: 9,999 players, a file under
5,000,000 bytes) and a 10 MB file beyond the size limit, then runs
`sitegen check --format json` on each in a child process and prints its
CPU seconds and peak resident memory (getrusage's ru_maxrss of the child).
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def swiss_trf(players: int, rounds: int, seed: int = 1) -> str:
    """A Swiss TRF: random pairings each round, results and points that agree."""
    rng = random.Random(seed)
    cells: dict[int, list[str]] = {n: [] for n in range(1, players + 1)}
    points = dict.fromkeys(cells, 0.0)
    for _ in range(rounds):
        order = list(cells)
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=False):
            mine, theirs, score = rng.choice((("1", "0", 1.0), ("=", "=", 0.5), ("0", "1", 0.0)))
            cells[a].append(f"{b:4d} w {mine}")
            cells[b].append(f"{a:4d} b {theirs}")
            points[a] += score
            points[b] += 1 - score
        if len(order) % 2:
            cells[order[-1]].append("0000 - U")
            points[order[-1]] += 1
    head = ["012 Memory Open", "042 2025/01/10", "052 2025/01/20",
            "092 Individual: Swiss-System", "122 90+30"]
    lines = [_player(n, points[n], cells[n]) for n in cells]
    return "\n".join(head + lines) + "\n"


def _player(n: int, points: float, cells: list[str]) -> str:
    name = f"Player, Number{n}"
    return (f"001 {n:4d} m    {name:<33} {1500 + n % 1000:4d} ENG {100000 + n:>11} "
            f"1990/01/01 {points:4.1f} {0:4d}  " + "  ".join(cells))


def measure(path: Path) -> tuple[float, float, int]:
    """(CPU seconds, peak RSS MiB, exit status) of `sitegen check` on `path`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    status = subprocess.run([sys.executable, "-m", "sitegen", "check", str(path),
                             "--format", "json"], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL).returncode
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return cpu, after.ru_maxrss / 1024, status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=9999)
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="sitegen-memory-"))
    large = folder / "large.trf"
    large.write_text(swiss_trf(args.players, args.rounds))
    huge = folder / "huge.trf"
    repeated = large.read_text() * (10_000_000 // large.stat().st_size + 1)
    huge.write_text(repeated[:10_000_000])
    for path in (huge, large):      # huge first: ru_maxrss of children only grows
        cpu, rss, status = measure(path)
        print(f"{path.name}: {path.stat().st_size:,} bytes, exit {status}, "
              f"{cpu:.1f} s CPU, peak RSS {rss:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
