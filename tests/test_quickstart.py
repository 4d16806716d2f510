"""The README's first Quickstart command, as written, in a fresh clone.

`git clone` of the repository (its committed HEAD) into a temporary folder,
no `.venv/` there, the command run by `sh` with neither PYTHONPATH nor an
active virtual environment: it must create `.venv/`, install the package
into it and build the demo site into `_site/`.  pip's download cache and
the Pyodide cache (`~/.cache/sitegen/`) are reused.

It costs about 40 s of CPU (a virtual environment, a wheel built and
installed, the whole demo site built; 42 s measured on 23 November 2026),
nearly a quarter of the suite's budget of
three minutes on two cores, so it runs only when asked:
`SITEGEN_QUICKSTART=1 python -m pytest tests/test_quickstart.py`.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from tests.shared_data import ROOT
from tests.test_readme import quickstart_commands

ASKED = os.environ.get("SITEGEN_QUICKSTART") == "1"


@pytest.mark.skipif(not ASKED, reason="a fresh clone, venv and demo build (about 40 s "
                    "of CPU): set SITEGEN_QUICKSTART=1 to run it")
def test_the_first_command_builds_the_site_in_a_fresh_clone(tmp_path):
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout, or git is missing: nothing to clone")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    done = subprocess.run(["sh", "-c", quickstart_commands()[0]], cwd=clone, env=env,
                          capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    assert (clone / ".venv" / "bin" / "sitegen").is_file()
    assert (clone / "_site" / "index.html").is_file()
    assert (clone / "_site" / "sitemap.xml").is_file()
