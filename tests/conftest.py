"""Fixtures for every test module (see `tests.shared_data` for the paths)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shared_data import NO_SHARED, THIRD_PARTY


@pytest.fixture
def shared_dir() -> Path:
    if not THIRD_PARTY.exists():
        pytest.skip(NO_SHARED)
    return THIRD_PARTY
