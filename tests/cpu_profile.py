"""Where the suite's CPU goes, Chromium's included (CONTRIBUTING.md, "Tests").

`--durations` gives wall time, and `/usr/bin/time` the CPU of the processes
that were waited for; neither says which test made Chromium's renderers
work.  With the environment variable SUITE_CPU_PROFILE set to a file name,
each pytest worker appends one line per test to that file (`.gw0`, `.gw1`
... after it under pytest-xdist): the test's id, the CPU seconds (user and
system) its worker's process tree spent during it, and its wall seconds.
The tree is read from /proc (every process descending from the worker, with
the children it has reaped) for the tests that use the `chromium` fixture;
for the others the worker's own CPU and its reaped children's
(`os.times()`) are enough, and much cheaper to read.  A last line `(worker)`
gives the worker's whole tree at the end.  A child's CPU is counted when it
is reaped: the processes of a pool that a test leaves to be reaped later
(by the pool's own thread) show in whichever test runs then, as seconds of
CPU far above its wall seconds (2 cores); add them to the test that
started the pool.

    SUITE_CPU_PROFILE=/tmp/cpu python -m pytest -q
    python -m tests.cpu_profile /tmp/cpu      # the tests and modules by CPU
"""

from __future__ import annotations

import os
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest

TICKS = os.sysconf("SC_CLK_TCK")


def tree_cpu(root: int) -> float:
    """CPU seconds of `root` and every process descending from it, each with
    the children it has reaped (/proc/PID/stat: utime, stime, cutime, cstime)."""
    parent, cpu = {}, {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", encoding="ascii", errors="replace") as stat:
                text = stat.read()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        parent[int(entry.name)] = int(fields[1])
        cpu[int(entry.name)] = sum(int(field) for field in fields[11:15])
    children = defaultdict(list)
    for pid, ppid in parent.items():
        children[ppid].append(pid)
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += cpu.get(pid, 0)
        todo += children.get(pid, [])
    return total / TICKS


def own_cpu() -> float:
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


class CpuProfile:
    """The plugin: registered by tests/conftest.py when SUITE_CPU_PROFILE is set."""

    def __init__(self, path: str, config) -> None:
        worker = os.environ.get("PYTEST_XDIST_WORKER")
        if worker or not getattr(config.option, "numprocesses", None):
            del os.environ["SUITE_CPU_PROFILE"]      # not for the pytest runs tests start
        self.out = open(f"{path}.{worker}" if worker else path, "a", encoding="utf-8")  # noqa: SIM115

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item):
        whole = "chromium" in getattr(item, "fixturenames", ())
        read = (lambda: tree_cpu(os.getpid())) if whole else own_cpu
        cpu, wall = read(), time.perf_counter()
        yield
        self.out.write(f"{item.nodeid}\t{read() - cpu:.3f}\t{time.perf_counter() - wall:.3f}\n")

    def pytest_sessionfinish(self):
        self.out.write(f"(worker)\t{tree_cpu(os.getpid()):.3f}\t0\n")
        self.out.close()


def report(path: str, top: int = 40) -> None:
    """The `top` tests and modules by CPU, from the files of one run.  A
    worker's last test also tears the session down (Chromium closed, pools
    reaped): its figure is given apart, as the teardown, and left out of
    the tests' (Chromium's processes leave the tree when it exits, so it
    can even be negative)."""
    tests, modules, workers, teardown = [], defaultdict(float), 0.0, 0.0
    for file in sorted(Path(path).parent.glob(Path(path).name + "*")):
        lines = [line.split("\t") for line in file.read_text(encoding="utf-8").splitlines()]
        ran = [line for line in lines if line[0] != "(worker)"]
        workers += sum(float(line[1]) for line in lines if line[0] == "(worker)")
        teardown += sum(float(line[1]) for line in ran[-1:])
        for name, cpu, wall in ran[:-1]:
            tests.append((float(cpu), float(wall), name))
            modules[name.split("::")[0]] += float(cpu)
    tests.sort(reverse=True)
    print(f"tests {sum(t[0] for t in tests):.1f} s of CPU (each worker's last test, with the "
          f"session's teardown, apart: {teardown:.1f} s); workers' trees {workers:.1f} s")
    for cpu, wall, name in tests[:top]:
        print(f"{cpu:8.2f} {wall:8.2f}  {name}")
    for name, cpu in sorted(modules.items(), key=lambda m: -m[1])[:top]:
        print(f"{cpu:8.2f}  {name}")


if __name__ == "__main__":
    report(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 40)
