"""A large content folder's event files parsed ahead, in forked worker
processes, while the building process reads the player registry
(docs/scale.md#load-in-processes).

Only the parsing moves: a worker reads a file, finds its format and runs
rules_core's reader on it (`rules_core.check.read_tournament`), and sends
back the tournament, which pickles as the build cache already stores it
(sitegen.cache).  Everything else, the checks that name the file, the meta
file, the registry's identities, and every problem in its order, stays in
the building process (`sitegen.content.folder`), which takes each parsed
tournament in place of parsing the file itself; the runs of files no
worker has started by then it parses itself.  A file a worker could not
read or parse is parsed again there, so that its problem is reported as
it always is.  The same content, whichever process parsed a file.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import shutil
import tempfile
from collections.abc import Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

from rules_core.check import READERS, detect_format, read_tournament
from rules_core.model import Tournament
from sitegen.cache import active
from sitegen.content.sources import read_text
from sitegen.workers import build_workers

__all__ = ["Ahead", "parse_ahead", "PARALLEL_FROM"]

# Bytes of event files from which they are parsed in workers: below, forking
# costs more than it saves (the demo's 832 KB are parsed in the building
# process; FIDE's size, 63 MB, in two workers).
PARALLEL_FROM = 4_000_000

# Where the workers write what they parsed: memory where Linux offers it.
_SHARED_MEMORY = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None

RUNS = 16           # runs of files a worker: the last ones are shared with the building process

_Parsed = tuple[str, Tournament] | None        # (format, tournament), None: parse here


class Ahead:
    """The tournaments of the files given, parsed by a pool of workers in
    runs of consecutive files; each taken once (`take`).  A run no worker
    has started when the building process reaches it is parsed there: the
    building process, done with the registry, shares the parsing rather
    than waiting for it.  `close` stops the pool."""

    def __init__(self, pool: ProcessPoolExecutor, chunks: list[list[Path]]):
        self._pool = pool
        self._folder = Path(tempfile.mkdtemp(prefix="sitegen-parsed-", dir=_SHARED_MEMORY))
        self._futures: list[Future[str | list[_Parsed]]] = [
            pool.submit(_parse_all, chunk, str(self._folder / f"{index}.pickle"))
            for index, chunk in enumerate(chunks)]
        self._chunk = {path: (index, at) for index, chunk in enumerate(chunks)
                       for at, path in enumerate(chunk)}
        self._runs: dict[int, list[_Parsed]] = {}

    def take(self, path: Path, kind: str) -> Tournament | None:
        """The tournament parsed from `path` as format `kind`; None where
        the worker did not parse it so (the caller parses it)."""
        where = self._chunk.pop(path, None)
        if where is None:
            return None
        parsed = self._run(where[0])
        found = parsed[where[1]] if parsed is not None else None
        return found[1] if found is not None and found[0] == kind else None

    def _run(self, index: int) -> list[_Parsed] | None:
        """A run's tournaments, read once from the file its worker wrote;
        None for a run no worker has started (cancelled: parsed here, not
        waited for) or one whose worker died (BrokenProcessPool)."""
        if index not in self._runs:
            future = self._futures[index]
            if future.cancel():
                return None
            try:
                done = future.result()
                if isinstance(done, str):
                    written = Path(done)
                    done = pickle.loads(written.read_bytes())
                    written.unlink()
                self._runs[index] = done
            except Exception:
                return None
        return self._runs[index]

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._futures, self._chunk, self._runs = [], {}, {}
        shutil.rmtree(self._folder, ignore_errors=True)


def parse_ahead(paths: Iterable[Path], workers: int | None = None) -> Ahead | None:
    """Start parsing `paths` (event files, in the order they will be taken)
    in `workers` - 1 forked processes (default: as the build,
    `sitegen.workers.build_workers`: the building process, busy with the
    registry meanwhile, is one of them); None, and nothing started, for one
    worker, below `PARALLEL_FROM` bytes, or with a build cache active (a
    warm cache holds the files parsed: `sitegen.cache`)."""
    # the building process reads the registry meanwhile: one process fewer
    count = build_workers(workers) - 1
    sized = [(path, _size(path)) for path in paths]
    if count < 1 or sum(s for _, s in sized) < PARALLEL_FROM or active() is not None:
        return None
    pool = ProcessPoolExecutor(max_workers=count, mp_context=multiprocessing.get_context("fork"))
    return Ahead(pool, _chunks(sized, count * RUNS))


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _chunks(sized: list[tuple[Path, int]], count: int) -> list[list[Path]]:
    """Consecutive runs of about `count` equal shares of the bytes."""
    target = sum(s for _, s in sized) / count
    out: list[list[Path]] = [[]]
    held = 0
    for path, size in sized:
        if out[-1] and held + size > target:
            out.append([])
            held = 0
        out[-1].append(path)
        held += size
    return out


def _parse_all(paths: list[Path], into: str) -> str | list[_Parsed]:
    """In a worker: each file parsed, as the building process would, the
    tournaments written pickled to the file `into` (read there in one call:
    through the pool's pipe, 64 KB at a time, a worker waited for the
    building process, busy with the registry, to empty it)."""
    parsed = [_parse(path) for path in paths]
    try:
        Path(into).write_bytes(pickle.dumps(parsed, protocol=pickle.HIGHEST_PROTOCOL))
    except OSError:         # a small /dev/shm (a container's 64 MB): through the pipe
        Path(into).unlink(missing_ok=True)
        return parsed
    return into


def _parse(path: Path) -> _Parsed:
    try:
        text = read_text(path)
        kind = detect_format(text, path.name)
        if not kind or kind not in READERS:
            return None
        return kind, read_tournament(text, path.name, kind)
    except Exception:       # a reader's bug or SourceError: reported by the building process
        return None
