"""tools/named_mutations.py: the five mutations of issue 12 are each caught
by a test that is not a snapshot (the golden site or the demo files would
be regenerated over them)."""

from __future__ import annotations

import subprocess
import sys

from tests.shared_data import ROOT

SCRIPT = ROOT / "tools" / "named_mutations.py"


def test_every_named_mutation_is_caught():
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                          cwd=ROOT)
    lines = done.stdout.splitlines()
    assert len(lines) == 5, done.stdout + done.stderr
    assert all(line.startswith("caught ") for line in lines), done.stdout
    assert done.returncode == 0


def test_the_mutations_name_no_snapshot_test():
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        from named_mutations import MUTATIONS
    finally:
        sys.path.remove(str(SCRIPT.parent))
    snapshots = ("test_site.py", "test_demo_content.py", "golden")
    for mutation in MUTATIONS:
        assert mutation.tests and not any(s in t for t in mutation.tests for s in snapshots)
