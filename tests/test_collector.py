"""rules_core.collector: the cyclic collector paused for a block, and as it
was afterwards (on, off, or after an error)."""

from __future__ import annotations

import gc

import pytest

from rules_core.collector import collector_paused


@pytest.fixture
def collector_state():
    before = gc.isenabled()
    yield
    (gc.enable if before else gc.disable)()


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_off_inside_and_as_before_after(collector_state, enabled):
    (gc.enable if enabled else gc.disable)()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled() is enabled


def test_an_error_inside_leaves_the_collector_as_before(collector_state):
    gc.enable()
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError("a check failed")
    assert gc.isenabled()


def test_nested_pauses_end_with_the_outer_one(collector_state):
    gc.enable()
    with collector_paused():
        with collector_paused():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()
