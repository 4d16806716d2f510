"""The memory snapshot of the checker's Python, made at build time.

Pyodide can write the memory of a running interpreter and start a later one
from it (`loadPyodide({_makeSnapshot: true})`, `makeMemorySnapshot()`, then
`loadPyodide({_loadSnapshot})`; private options of the pinned runtime,
sitegen.browser.bundle.PYODIDE_VERSION).  The snapshot is taken under Node
(sitegen/browser/snapshot.mjs) with rules_core installed from the site's lock file
and inbrowser.py imported, so the browser restores an interpreter that has
imported everything instead of starting one: see docs/browser.md for the
figures.  Without Node the site ships no snapshot and the worker starts
Python the ordinary way (and says so in bundle.json: `"snapshot": null`).

Snapshots are cached by what they are made from (runtime, lock file,
Python files); the same inputs give an interpreter in the same state.
Their first bytes are stored XORed with the memory as the runtime's
instantiation leaves it (`snapshot_base` gives its length and SHA-256 for
bundle.json; the worker undoes it): docs/browser.md.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from sitegen.browser.machine_cache import made_once, used

__all__ = ["SCRIPT", "snapshot_key", "make_snapshot", "snapshot_base"]

SCRIPT = Path(__file__).resolve().parent / "snapshot.mjs"


def snapshot_key(parts: list[bytes]) -> str:
    digest = hashlib.sha256(SCRIPT.read_bytes())
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:16]


def make_snapshot(runtime: Path, lock: Path, python: Path, key: str,
                  cache: Path) -> tuple[bytes | None, str]:
    """(the snapshot's bytes, "") from the cache or made now; (None, why)
    when it cannot be made: bundle.json carries the reason, and the worker
    starts Python without it."""
    stored = cache / "snapshots" / f"{key}.bin"

    def found() -> tuple[bytes | None, str] | None:
        made = _stored(stored)
        return None if made is None else (made, "")
    return made_once(stored, found, lambda: _make(runtime, lock, python, stored))


def _stored(stored: Path) -> bytes | None:
    """The snapshot in the cache (with its base), dated as used; None when
    not made yet, or pruned by another build meanwhile (made again)."""
    if stored.exists() and stored.with_name(stored.name + ".json").exists():
        try:
            made = stored.read_bytes()
        except FileNotFoundError:
            return None
        used(stored, stored.with_name(stored.name + ".json"))
        return made
    return None


def _make(runtime: Path, lock: Path, python: Path, stored: Path) -> tuple[bytes | None, str]:
    """Make the snapshot with Node into the cache at `stored` (`make_snapshot`)."""
    if os.environ.get("SITEGEN_NO_SNAPSHOT"):
        return None, "SITEGEN_NO_SNAPSHOT is set"
    node = shutil.which("node")
    if node is None:
        return None, "node is not installed (it makes the snapshot at build time)"
    stored.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=stored.parent) as tmp:
        out = Path(tmp) / "snapshot.bin"
        try:
            done = subprocess.run([node, str(SCRIPT), str(runtime), str(lock), str(python),
                                   str(out)], capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            return None, "node took more than 10 minutes to make it"
        base = out.with_name(out.name + ".json")
        if done.returncode or not out.exists() or not base.exists():
            lines = (done.stderr or done.stdout or "no message").strip().splitlines()
            return None, f"node failed: {lines[-1] if lines else 'no message'}"
        os.replace(base, stored.with_name(stored.name + ".json"))
        os.replace(out, stored)
    return stored.read_bytes(), ""


def snapshot_base(key: str, cache: Path) -> dict[str, object]:
    """{"bytes": N, "sha256": HEX}: how many first bytes of snapshot `key`
    are XORed with the memory the runtime's instantiation leaves, and that
    memory's SHA-256 (the worker checks it before undoing the XOR)."""
    stored = cache / "snapshots" / f"{key}.bin.json"
    base = json.loads(stored.read_text(encoding="utf-8"))
    return {"bytes": int(base["bytes"]), "sha256": str(base["sha256"])}
