"""How many processes a build uses: rendering (sitegen.site.render) and
rating a large period's events (sitegen.compute.period_events) read the
same setting, so it lives beside both rather than in either
(docs/scale.md, "The cores of one machine, and many machines")."""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import Future

from sitegen import cache as caches

__all__ = ["WORKERS_ENV", "build_workers", "fresh_context", "inherited", "start_worker",
           "unstarted_from_last"]

WORKERS_ENV = "SITEGEN_WORKERS"   # how many processes render and rate, this one among them


def build_workers(workers: int | None = None) -> int:
    """The number of processes that render and rate, the building process
    among them (it starts one fewer: docs/scale.md#memory-session-17):
    `workers` if given, else $SITEGEN_WORKERS, else os.cpu_count(); 1 where
    there is no fork server to start the workers (`fresh_context`)."""
    if workers is None:
        text = os.environ.get(WORKERS_ENV, "").strip()
        if text and not text.isdigit():
            raise ValueError(f"{WORKERS_ENV}: '{text}' is not a number of processes "
                             "(expected a whole number, 1 or more)")
        workers = int(text) if text else (os.cpu_count() or 1)
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, workers)


# Imported once by the fork server, so that each worker it starts has them
# already: the modules whose functions the pools run ('__main__' too, as
# multiprocessing does by default, so that no worker runs the main script
# again).
PRELOAD = ["__main__", "sitegen.compute.period_events", "sitegen.site.render"]


def fresh_context() -> multiprocessing.context.BaseContext:
    """The start method of workers that hold none of the building process's
    memory: `forkserver`, whose server is a fresh interpreter that imported
    `PRELOAD` and forks each worker from itself.  A worker forked from the
    building process shares its pages only until either writes to one, and
    reading an object writes its reference count, so each worker came to
    hold a copy of most of the site data (docs/scale.md#memory-session-18);
    one of these is given what it works on, pickled, and what a forked one
    inherited (`inherited`, `start_worker`)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def inherited() -> tuple[caches.Cache | None, bool]:
    """What a worker of `fresh_context` is given of this process's state
    (a pool's initializer arguments): the active cache (sitegen.cache),
    None included, and whether the cyclic collector runs
    (rules_core.collector: the build pauses it)."""
    return caches.active(), gc.isenabled()


def start_worker(cache: caches.Cache | None, collector: bool) -> None:
    """In a worker, before its first task: `inherited`'s state made its own
    (a worker never opens a cache of its own, so one the build has not,
    or has switched off, is never used)."""
    caches.activate(cache)
    if not collector:
        gc.disable()


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
