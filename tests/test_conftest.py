"""tests/conftest.py: the groups of tests that pytest-xdist keeps on one worker.

The groups (a module, the demo's parsed pages, one browser check) decide
what each worker builds: a module fixture is made once in its group's
worker, the demo's pages parsed once.  They reach pytest-xdist's scheduler
only as a suffix of each test's id ("@group"), added by its worker; pytest
9.2's structured test ids drop that suffix without a word
(pytest-dev/pytest-xdist#1386), and every test is then scheduled alone:
both workers booted the checker's pages, parsed the demo's pages and built
the wheel (pyproject.toml pins pytest below 9.2 for it).
"""

from __future__ import annotations

import os

import pytest


def test_the_groups_reach_pytest_xdist(request):
    # a worker's `dist` is "no"; pytest-xdist gives it `loadgroup` instead
    if not (os.environ.get("PYTEST_XDIST_WORKER") and getattr(request.config.option,
                                                             "loadgroup", False)):
        pytest.skip("run without pytest-xdist's --dist loadgroup: no groups to keep")
    assert request.node.nodeid.endswith("@test_conftest.py"), (
        f"{request.node.nodeid}: pytest-xdist lost tests/conftest.py's group (pytest "
        f"{pytest.__version__}: pytest-dev/pytest-xdist#1386; pyproject.toml pins pytest "
        "below 9.2 for it)")
