"""Cyclic garbage collection paused while a large piece of work runs.

rules_core and sitegen build objects that live until the work ends and
make no reference cycles: a check makes tens of thousands (the tournament,
the rating, the answer), a build tens of millions.  The collector's passes
over them, and over every module the interpreter holds, were about a
quarter of the time of both (docs/browser.md, "Faster checks in Pyodide";
docs/scale.md, "Compute").  Memory is still freed as usual, by reference
counting; the collector runs again afterwards, should anything have made a
cycle.  Standard library only: the browser's worker uses it under Pyodide.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic garbage collection while the block runs; as before after it
    (a collector already off stays off)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
