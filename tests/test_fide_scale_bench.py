"""bench/fide_scale.py: the memory it reports of the build and its workers
(Sampler: PSS and RSS summed over the process and every process it forked,
/proc) counts a forked child's memory, and its report prints every figure.
Linux only (/proc), skipped elsewhere saying so."""

from __future__ import annotations

import os
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


FIGURES = {"players": 1200, "events": 3, "games": 400, "rated": 300, "load": 1.0,
           "load_cpu": 0.9, "compute_cpu": 1.2, "compute_cpu_workers": 1.6,
           "compute_waited": 0.7, "compute": 2.0, "compute_processes": 2, "compute_workers": 2,
           "render": 3.0, "render_cpu": 2.5, "render_cpu_workers": 3.5, "total": 6.0,
           "pages": 30, "player_pages": 2,
           "files": 60, "bytes": 5 * 2 ** 20, "download_bytes": 2 ** 20, "peak": 300.0,
           "peak_load": 100.0, "peak_compute": 200.0, "pss_compute": 190.0, "cycles": 0,
           "peak_workers": 250.0, "processes": 3, "sum_pss": 600.0, "sum_rss": 800.0,
           "sampler_cpu": 0.4,
           "by_part": {"events/": (3 * 2 ** 20, 40), "": (2 ** 19, 5)},
           "shard_fetch": 1_234_000}


def test_the_report_prints_the_memory_of_all_processes():
    text = fide_scale.report(FIGURES)
    assert "all processes together (3 at most" in text
    assert "peak PSS 600 MiB, peak RSS summed 800 MiB (every 0.2 s" in text
    assert "the sampler's own CPU 0.4 s" in text
    assert "after compute 200, its PSS then 190" in text
    assert "total:         6.0 s" in text
    assert "compute:       2.0 s (events rated in 2 processes; workers 2; CPU 1.2 s " \
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
