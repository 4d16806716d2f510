"""bench/fide_scale.py: the memory it reports of the build and its workers
(Sampler: PSS and RSS summed over the process and every process it forked,
/proc) counts a forked child's memory, and its report prints every figure.
Linux only (/proc), skipped elsewhere saying so."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.shared_data import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import fide_scale  # noqa: E402

pytestmark = pytest.mark.skipif(not Path("/proc/self/smaps_rollup").exists(),
                                reason="the sampler reads /proc/PID/smaps_rollup (Linux 4.14+)")

CHILD_MIB = 64          # what the forked child writes, private to it


def _fork_holding(mib: int) -> tuple[int, int]:
    """A forked child holding `mib` MiB of its own; (pid, fd to stop it)."""
    ready, stop = os.pipe(), os.pipe()
    pid = os.fork()
    if pid == 0:                                   # the child
        held = bytearray(os.urandom(1024)) * (mib * 1024)     # pages written: its own
        os.write(ready[1], b"x")
        os.read(stop[0], 1)
        del held
        os._exit(0)
    os.read(ready[0], 1)
    return pid, stop[1]


def test_the_sampler_counts_a_forked_childs_memory():
    with fide_scale.Sampler(every=0.05) as alone:
        time.sleep(0.2)
    pid, stop = _fork_holding(CHILD_MIB)
    try:
        with fide_scale.Sampler(every=0.05) as both:
            time.sleep(0.3)
    finally:
        os.write(stop, b"x")
        os.waitpid(pid, 0)
    assert both.processes == alone.processes + 1     # this one, and any the suite left
    assert alone.pss > 0 and alone.rss >= alone.pss
    for grown in (both.pss - alone.pss, both.rss - alone.rss):
        assert grown >= CHILD_MIB * 1024 * 0.9          # KiB
    # the pages the child wrote are its own: counted among the other
    # processes' own pages, not this one's (whose pages the fork made
    # shared: its own can fall), and no more than the PSS
    assert both.own - both.own_building >= CHILD_MIB * 1024 * 0.9
    assert 0 < both.own_building < both.own <= both.pss


FIGURES = {"players": 1200, "events": 3, "games": 400, "rated": 300, "load": 1.0,
           "load_cpu": 0.9, "compute_cpu": 1.2, "compute_cpu_workers": 1.6,
           "compute_waited": 0.7, "compute": 2.0, "compute_processes": 2, "compute_workers": 2,
           "render": 3.0, "render_cpu": 2.5, "render_cpu_workers": 3.5, "total": 6.0,
           "pages": 30, "player_pages": 2,
           "files": 60, "bytes": 5 * 2 ** 20, "download_bytes": 2 ** 20, "peak": 300.0,
           "peak_load": 100.0, "peak_compute": 200.0, "pss_compute": 190.0, "cycles": 0,
           "peak_workers": 250.0, "processes": 3, "sum_pss": 600.0, "sum_rss": 800.0,
           "own_pss": 450.0, "own_building": 200.0,
           "pss_by_step": {"load": 150.0, "compute": 520.4, "render": 600.0},
           "sampler_cpu": 0.4,
           "by_part": {"events/": (3 * 2 ** 20, 40), "": (2 ** 19, 5)},
           "shard_fetch": 1_234_000}


def test_the_report_prints_the_memory_of_all_processes():
    text = fide_scale.report(FIGURES)
    assert "all processes together (3 at most" in text
    assert "peak PSS 600 MiB, peak RSS summed 800 MiB (every 0.2 s" in text
    assert "the sampler's own CPU 0.4 s" in text
    assert ("at the PSS peak, pages of one process alone 450 MiB (the building "
            "process's 200, the workers' 250), pages still shared 150 MiB") in text
    assert "after compute 200, its PSS then 190" in text
    assert "peak PSS by step: load 150 MiB, compute 520 MiB, render 600 MiB" in text
    assert "total:         6.0 s" in text
    assert "compute:       2.0 s (events rated in 2 processes; 2 asked for; CPU 1.2 s " \
        "building process, 1.6 s workers; the building process waited 0.7 s for the " \
        "workers)" in text
    assert "load:          1.0 s (CPU 0.9 s)" in text
    assert "render:        3.0 s (CPU 2.5 s building process, 3.5 s workers)" in text
    assert "by part:  events/ 3.0 MiB (40); the rest 0.5 MiB (5)" in text
    assert "checker:  a 284-player file fetches at most 1,234 kB of id shards" in text


def test_a_check_fetches_at_most_the_largest_id_shards(tmp_path, monkeypatch):
    """One id shard a player, the largest first; name shards not counted."""
    monkeypatch.setattr(fide_scale, "CHECKED_PLAYERS", 2)
    files = {"static/players/id/0.json.gz": 5, "static/players/id/1.json.gz": 9,
             "static/players/id/2.json.gz": 7, "static/players/name/a.json.gz": 50}
    for name, size in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"x" * size)
    assert fide_scale._largest_fetch(tmp_path, [tmp_path / name for name in files]) == 16


def test_the_bytes_by_part_add_up(tmp_path):
    """Each file in the first part its path starts with, "" the rest."""
    files = {"events/a/index.html": 10, "static/players/id/0.x.json": 7,
             "static/style.css": 3, "index.html": 2, "players/by-id/1/index.html": 5}
    for name, size in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"x" * size)
    parts = fide_scale._by_part(tmp_path, [tmp_path / name for name in files])
    assert parts == {"events/": (10, 1), "static/players/id/": (7, 1), "players/": (5, 1),
                     "static/": (3, 1), "": (2, 1)}


def test_both_ways_of_finding_the_workers_agree():
    """The threads' `children` files and the parents of every process
    (the way for a kernel without those files) find the same child."""
    pid, stop = _fork_holding(1)
    try:
        found = fide_scale._children(os.getpid())
        assert pid in found
        assert sorted(fide_scale._descendants_by_parent(os.getpid())) == sorted(found)
    finally:
        os.write(stop, b"x")
        os.waitpid(pid, 0)


def test_a_month_more_is_the_first_month_and_the_next(tmp_path):
    """`--month`'s content: every file of the first month as it was (the
    folder's own site.toml not written through a hard link), the next
    month's opens in February, ended three days before the March list
    (fide-rb-2024 6.1.3), and site.toml publishing that list."""
    first, later = tmp_path / "first", tmp_path / "later"
    fide_scale.generate(first, players=3000, games=300, seed=7)
    toml = (first / "site.toml").read_bytes()
    added = fide_scale.month_more(first, later, players=3000, games=300, seed=7)
    assert (first / "site.toml").read_bytes() == toml
    assert "end = 2025-03-01" in (later / "site.toml").read_text(encoding="utf-8")
    january = sorted((first / "events" / "chess").iterdir())
    for path in [first / "players" / "chess.csv", *january]:
        assert (later / path.relative_to(first)).read_bytes() == path.read_bytes()
    february = sorted(p for p in (later / "events" / "chess").iterdir() if p not in
                      {later / p.relative_to(first) for p in january})
    assert added == len(february) > 0
    assert all(p.name.startswith("2025-02-open-") for p in february)
    assert january[0].read_text(encoding="utf-8").startswith("012 Scale Open 00001\n")
    for path in february:
        head = dict(line.split(" ", 1) for line in path.read_text(encoding="utf-8")
                    .splitlines() if line[:3] in ("012", "042", "052"))
        assert head["012"].startswith("Scale Open February ")
        assert "2025/02/01" <= head["042"] <= head["052"] <= "2025/02/25"


MONTH = {"added_events": 2882,
         "first": {"seconds": 180.0, "cpu": 120.0, "cpu_workers": 150.0, "peak": 2800.0,
                   "summary": "sitegen build: 10 files in site/ (10 added, 0 modified, "
                              "0 removed, 0 unchanged)"},
         "month": {"seconds": 100.0, "cpu": 80.0, "cpu_workers": 90.0, "peak": 3000.0,
                   "summary": "sitegen build: 12 files in site/ (2 added, 5 modified, "
                              "0 removed, 5 unchanged)"},
         "full": {"seconds": 250.0, "cpu": 150.0, "cpu_workers": 200.0, "peak": 2900.0,
                  "summary": "sitegen build: 12 files in full/site/ (12 added, 0 modified, "
                             "0 removed, 0 unchanged)"},
         "same": True}


def test_the_month_report_prints_each_build():
    text = fide_scale.month_report(MONTH)
    assert "a month more: 2,882 events of February added" in text
    assert "month:      100.0 s, CPU 80.0 s building process, 90.0 s workers; " \
        "peak RSS 3,000 MiB the building process" in text
    assert "(2 added, 5 modified, 0 removed, 5 unchanged)" in text
    assert "the month 40% of the full build's time; the same files as the full " \
        "build: yes" in text
    assert "build: NO" in fide_scale.month_report({**MONTH, "same": False})
    uncounted = {**MONTH, "month": {**MONTH["month"], "cpu_workers": None}}
    assert "CPU 80.0 s building process, its workers not counted (no subreaper here); " \
        in fide_scale.month_report(uncounted)


# a process that leaves a grandchild busy for 0.3 s of CPU and ends at once,
# as a build leaves its fork server and workers to end after it
_ORPHAN = """
import subprocess, sys
busy = "import time\\nt = time.process_time()\\nwhile time.process_time() - t < 0.3: pass"
subprocess.Popen([sys.executable, "-c", busy])
"""

# the bench's way, in a process of its own (a subreaper stays one for good)
_COUNT = """
import json, subprocess, sys
sys.path.insert(0, sys.argv[1])
import fide_scale
counted = fide_scale._subreaper()
before = fide_scale._children_cpu()
subprocess.run([sys.executable, "-c", sys.argv[2]], check=True)
if counted:
    fide_scale._reap_orphans()
print(json.dumps([counted, fide_scale._children_cpu() - before]))
"""


def test_the_month_counts_the_cpu_of_what_the_build_left_running():
    """The build's workers are the fork server's children and end after the
    build: the month's bench, their reaper (`_subreaper`), waits for them
    and counts their CPU, where RUSAGE_CHILDREN alone counted none."""
    run = subprocess.run([sys.executable, "-c", _COUNT, str(ROOT / "bench"), _ORPHAN],
                         capture_output=True, text=True, check=True)
    counted, cpu = json.loads(run.stdout)
    if not counted:
        pytest.skip("prctl(PR_SET_CHILD_SUBREAPER) is not available here")
    assert cpu >= 0.3


def test_the_sampler_keeps_each_steps_peak():
    """A forked child's memory counts in the step it lived in, not in the
    one before it (docs/scale.md#memory-session-17)."""
    with fide_scale.Sampler(every=0.05) as sampler:
        sampler.step("alone")
        time.sleep(0.2)
        sampler.step("forked")
        pid, stop = _fork_holding(CHILD_MIB)
        try:
            time.sleep(0.3)
            sampler.step("after")
        finally:
            os.write(stop, b"x")
            os.waitpid(pid, 0)
    steps = sampler.by_step
    assert list(steps) == ["", "alone", "forked", "after"]
    assert steps["forked"] - steps["alone"] >= CHILD_MIB * 1024 * 0.9
    assert steps["forked"] == sampler.pss


def test_the_sampler_counts_a_grandchilds_cpu_and_memory():
    """The workers are started by the fork server, the build's child, not
    by the build: no rusage of the build counts them, so the sampler reads
    their CPU and resident set from /proc (docs/scale.md#memory-session-18).
    A grandchild that spins for a while is counted."""
    script = ("import os, sys, time\n"
              "if os.fork() == 0:\n"
              "    block = bytearray(64 * 2**20)\n"
              "    end = time.process_time() + 0.6\n"
              "    while time.process_time() < end: block[0] = 1\n"
              "    time.sleep(0.3)\n"
              "    os._exit(0)\n"
              "os.wait()\n")
    with fide_scale.Sampler(every=0.05) as sampler:
        subprocess.run([sys.executable, "-c", script], check=True)
    assert sampler.workers_cpu >= 0.5
    assert sampler.largest_worker >= 64 * 1024
