"""Where the shared, third-party test files are.

Third-party files live in ``../shared/third_party_data`` beside the clone;
they are read from there, never copied in.  A plain clone has no ``../shared``:
tests that need it are skipped, saying why.

The regulation texts are the exception: the site publishes them, so they ship
in ``content/regulations/`` (byte-identical to ``../shared/regulations``,
checked by tests/test_regulations.py), and the table tests read them there.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
THIRD_PARTY = SHARED / "third_party_data"
SHARED_REGULATIONS = SHARED / "regulations"
REGULATIONS = ROOT / "content" / "regulations"

NO_SHARED = f"{SHARED} is absent (a plain clone): third-party files are not available"


def third_party(*parts: str) -> Path:
    """Path of a third-party file; skips the calling test when it is absent."""
    path = THIRD_PARTY.joinpath(*parts)
    if not path.exists():
        pytest.skip(NO_SHARED if not SHARED.exists() else f"{path} is absent")
    return path

