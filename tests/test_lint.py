"""The linters, as part of the suite (so `.ci/run` runs them): ruff with the
rules chosen in pyproject.toml, `mypy --strict rules_core` and `mypy sitegen`
(CONTRIBUTING.md#lint-and-types).  Both are in the `test` extra."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys

import pytest

from tests.shared_data import ROOT


def _needed(module: str):
    try:
        return importlib.import_module(module)
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail(f"{module} is not installed (CI is set: the linters must run)")
        pytest.skip(f"{module} is not installed (pip install -e '.[test]')")


def test_ruff_finds_nothing():
    _needed("ruff")
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache",
                          "--output-format", "concise", "."],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("args", [["--strict", "rules_core"], ["sitegen"]],
                         ids=["strict-rules_core", "sitegen"])
def test_mypy_finds_nothing(args, monkeypatch):
    api = _needed("mypy.api")
    monkeypatch.chdir(ROOT)                     # pyproject.toml's [tool.mypy]
    # One cache per run: the strict run's entries for rules_core are not the
    # plain run's (mypy keeps each module's options with it), and one cache
    # shared by both was checked again from nothing at every run, 11 s of CPU.
    cache = ROOT / ".mypy_cache" / ("strict" if "--strict" in args else "plain")
    out, err, status = api.run([*args, "--no-error-summary", "--cache-dir", str(cache)])
    assert status == 0, out + err
