"""How many processes a build uses: rendering (sitegen.site.render) and
rating a large period's events (sitegen.compute.period_events) read the
same setting, so it lives beside both rather than in either
(docs/scale.md, "The cores of one machine, and many machines")."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import Future

__all__ = ["WORKERS_ENV", "build_workers", "unstarted_from_last"]

WORKERS_ENV = "SITEGEN_WORKERS"   # how many processes render and rate, this one among them


def build_workers(workers: int | None = None) -> int:
    """The number of processes that render and rate, the building process
    among them (it forks one fewer: docs/scale.md#memory-session-17):
    `workers` if given, else $SITEGEN_WORKERS, else os.cpu_count(); 1 where
    processes cannot be forked (the site data is shared by fork, never
    pickled)."""
    if workers is None:
        text = os.environ.get(WORKERS_ENV, "").strip()
        if text and not text.isdigit():
            raise ValueError(f"{WORKERS_ENV}: '{text}' is not a number of processes "
                             "(expected a whole number, 1 or more)")
        workers = int(text) if text else (os.cpu_count() or 1)
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, workers)


def unstarted_from_last(futures: Sequence[Future], keep: int = 0) -> Iterator[int]:
    """The indexes of queued tasks no worker has started, from the last one
    back, each cancelled just before it is given (for the building process
    to do itself, while the workers take theirs from the first); it stops
    at the first task a worker has, or at the first `keep` ones.  Rendering
    and rating both drain their queues so (docs/scale.md#memory-session-17)."""
    index = len(futures)
    while index > keep and futures[index - 1].cancel():
        index -= 1
        yield index
