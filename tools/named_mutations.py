"""The five mutations of issue 12, each applied to a copy of the tree and
run against named tests that are not snapshots.

A reviewer's mutation run found five small bugs that only the golden-site
and demo snapshots caught (a regenerate would have hidden them).  Each is
written here as a text patch; the script copies the tree into a temporary
folder, applies one patch, runs the tests named for it there and reports
``caught`` (a test failed) or ``survived`` (all passed).  The same tests are
first run together on the unpatched copy: they must pass, or nothing is
proved.

    python tools/named_mutations.py            # all five; status 1 unless all caught
    python tools/named_mutations.py --list     # the mutations and their tests

tests/test_named_mutations.py runs it in the suite.  A patch whose text is
no longer in the file is reported as ``stale`` (status 1): update the patch
together with the code it mutates.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IGNORE = shutil.ignore_patterns(".git", ".venv", "_site", "__pycache__", ".pytest_cache",
                                ".hypothesis", "node_modules", "mutants", "*.egg-info")


@dataclass(frozen=True)
class Mutation:
    name: str
    path: str           # relative to the root
    old: str            # must occur exactly once in the file
    new: str
    tests: tuple[str, ...]   # pytest node ids, none of them a snapshot


MUTATIONS: tuple[Mutation, ...] = (
    Mutation(
        "rounding .5 down in one edition (fide-2002 10.56, Rn)",
        "rules_core/fide/editions.py",
        '"""10.56: "Rn is rounded off to the nearest 1 or 0" (.5 up)."""\n'
        "        return round_half_up(value)",
        '"""10.56: "Rn is rounded off to the nearest 1 or 0" (.5 up)."""\n'
        "        return -round_half_up(-value)",
        ("tests/test_numbers.py::test_new_rating_rounds_a_half_as_the_edition_says",),
    ),
    Mutation(
        "K 20 -> 15 when the games before an event are unknown (fide-2014 8.56)",
        "rules_core/fide/editions.py",
        "        if games_before is None:\n"
        "            return self.k_default, [",
        "        if games_before is None:\n"
        "            return 15, [",
        ("tests/test_editions.py::test_edition_constants",),
    ),
    Mutation(
        "the 2003 web edition's floor changed (fide-2003web 10.31: 2005)",
        "rules_core/fide/editions.py",
        "    floor = 2005\n",
        "    floor = 2000\n",
        ("tests/test_editions.py::test_edition_constants",),
    ),
    Mutation(
        "the 2002 first rating published from 8 games instead of 9 (fide-2002 9.14)",
        "rules_core/fide/editions.py",
        "    first_rating_minimum_games = 9 ",
        "    first_rating_minimum_games = 8 ",
        ("tests/test_editions.py::test_edition_constants",),
    ),
    Mutation(
        "p rounded .5 down (fide-2002 10.1: p in whole per cent)",
        "rules_core/fide/engine.py",
        "    return (200 * n + d * games) // (2 * d * games)",
        "    return (200 * n + d * games - 1) // (2 * d * games)",
        ("tests/test_numbers.py::test_p_is_rounded_to_hundredths_half_up",
         "tests/test_editions.py::test_p_rounds_half_up"),
    ),
)


def copy_tree(target: Path) -> Path:
    """The working tree without caches, virtual environments or build output."""
    shutil.copytree(ROOT, target, ignore=IGNORE, symlinks=True)
    return target


def apply(mutation: Mutation, tree: Path) -> bool:
    """Patch the copy; False when the text is not there exactly once (stale)."""
    path = tree / mutation.path
    text = path.read_text(encoding="utf-8")
    if text.count(mutation.old) != 1:
        return False
    path.write_text(text.replace(mutation.old, mutation.new), encoding="utf-8")
    return True


def revert(mutation: Mutation, tree: Path) -> None:
    path = tree / mutation.path
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(mutation.new, mutation.old, 1), encoding="utf-8")


def run_tests(tree: Path, tests: tuple[str, ...]) -> int:
    """pytest's status for `tests` run in `tree`, importing the tree's own code."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
               "-o", "addopts=", *tests]
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    return done.returncode


def verdict(mutation: Mutation, tree: Path) -> str:
    """caught, survived or stale (the patch's text is gone)."""
    if not apply(mutation, tree):
        return "stale"
    try:
        status = run_tests(tree, mutation.tests)
    finally:
        revert(mutation, tree)
    return "caught" if status == 1 else "survived" if status == 0 else f"error {status}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print the mutations and stop")
    args = parser.parse_args(argv)
    if args.list:
        for m in MUTATIONS:
            print(f"{m.name}\n    {m.path}: {m.old!r} -> {m.new!r}\n    {' '.join(m.tests)}")
        return 0
    with tempfile.TemporaryDirectory(prefix="named-mutations-") as tmp:
        tree = copy_tree(Path(tmp) / "tree")
        every = tuple(dict.fromkeys(t for m in MUTATIONS for t in m.tests))
        if run_tests(tree, every) != 0:
            print("broken   the named tests fail on the unpatched tree")
            return 1
        results = [(m, verdict(m, tree)) for m in MUTATIONS]
    for m, result in results:
        print(f"{result:8} {m.name}")
    return 0 if all(result == "caught" for _, result in results) else 1


if __name__ == "__main__":
    sys.exit(main())
