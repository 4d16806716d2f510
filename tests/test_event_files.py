"""sitegen/content/event_files.py: a large folder's event files parsed in
forked workers while the registry is read give the content, every problem
and its order, that parsing them in the building process gives
(docs/scale.md#load-in-processes)."""

from __future__ import annotations

import sys
import time
from concurrent.futures import wait
from pathlib import Path

import pytest

import sitegen.content.event_files as event_files
import sitegen.content.folder as folder
from sitegen.cache import Cache, using
from sitegen.content.event_files import _chunks, parse_ahead
from sitegen.content.folder import ContentError, load_content
from tests.shared_data import ROOT
from tests.site_fixture import write_content

sys.path.insert(0, str(ROOT / "bench"))
import fide_scale  # noqa: E402

# (sizes, chunks, runs): consecutive runs of about equal bytes, in order,
# none empty, every file in one
CHUNKS = [
    ([5], 4, [[0]]),
    ([1, 1, 1, 1], 2, [[0, 1], [2, 3]]),
    ([1, 1, 1, 1], 8, [[0], [1], [2], [3]]),
    ([10, 1, 1, 1, 1], 2, [[0], [1, 2, 3, 4]]),
    ([0, 0, 0], 2, [[0, 1, 2]]),
]


@pytest.mark.parametrize("sizes,count,runs", CHUNKS)
def test_chunks_are_consecutive_runs_of_about_equal_bytes(sizes, count, runs):
    paths = [Path(f"{i}.trf") for i in range(len(sizes))]
    assert _chunks(list(zip(paths, sizes, strict=True)), count) == \
        [[paths[i] for i in run] for run in runs]


@pytest.fixture(scope="module")
def scaled(tmp_path_factory) -> Path:
    """bench/fide_scale.py's content, small: TRF16 files and a CSV
    registry, as at FIDE's size; and two of the fixture's TOML events."""
    root = tmp_path_factory.mktemp("scaled")
    fide_scale.generate(root, players=600, games=400, seed=7)
    fixture = write_content(tmp_path_factory.mktemp("fixture") / "content")
    for name in ("2024-04-april-open.toml", "2024-06-june-open.toml"):
        (root / "events" / "chess" / name).write_bytes(
            (fixture / "events" / "chess" / name).read_bytes())
    return root


def _load(root: Path, monkeypatch, workers: str):
    monkeypatch.setenv("SITEGEN_WORKERS", workers)
    try:
        return load_content(root)
    except ContentError as error:
        return error.problems


def _spy(monkeypatch, share: bool) -> list:
    """The tournaments the building process took from the workers (None:
    parsed itself); unless `share`, the workers done with every run before
    the first is taken."""
    taken: list = []
    take = event_files.Ahead.take

    def spy(self, path, kind):
        if not taken and not share:
            wait(self._futures)
        got = take(self, path, kind)
        taken.append(got)
        return got
    monkeypatch.setattr(event_files.Ahead, "take", spy)
    return taken


@pytest.mark.parametrize("share", [False, True])
def test_files_parsed_in_workers_give_the_same_content(scaled, monkeypatch, share):
    """Two parsing workers (three build workers, the building process one of
    them) however small the folder: the same events, tournaments and
    problems, in the same order, as one process, whether the workers
    parsed every file or the building process took over the runs they had
    not started (the workers slowed down to half a second a run: the
    building process reaches runs no worker has started)."""
    monkeypatch.setattr(event_files, "PARALLEL_FROM", 0)
    if share:
        parse_all = event_files._parse_all
        monkeypatch.setattr(event_files, "_parse_all",
                            lambda paths: time.sleep(0.5) or parse_all(paths))
    alone = _load(scaled, monkeypatch, "1")
    taken = _spy(monkeypatch, share)
    forked = _load(scaled, monkeypatch, "3")
    assert not isinstance(alone, list), "the scaled content loads"
    assert [(e.slug, e.tournament, e.meta) for e in forked.events] == \
        [(e.slug, e.tournament, e.meta) for e in alone.events]
    assert forked.warnings == alone.warnings
    assert forked.players == alone.players and forked.ratings == alone.ratings
    files = len(list((scaled / "events" / "chess").iterdir()))
    from_workers = sum(t is not None for t in taken)
    assert len(taken) == files
    assert from_workers < files if share else from_workers == files


class _Full(type(Path())):          # type: ignore[misc]
    """A path whose file cannot be written, as in a full /dev/shm."""

    def write_bytes(self, data):
        raise OSError(28, "No space left on device")


def test_a_full_shared_memory_sends_the_tournaments_through_the_pipe(scaled, monkeypatch):
    monkeypatch.setattr(event_files, "PARALLEL_FROM", 0)
    alone = _load(scaled, monkeypatch, "1")
    monkeypatch.setattr(event_files, "Path", _Full)
    taken = _spy(monkeypatch, share=False)
    forked = _load(scaled, monkeypatch, "2")
    assert [e.tournament for e in forked.events] == [e.tournament for e in alone.events]
    assert taken and all(t is not None for t in taken)


def test_a_readers_crash_in_a_worker_is_reported_as_in_one_process(scaled, monkeypatch):
    """A file the reader crashes on is parsed again by the building process,
    which reports it as always (a forked worker inherits the crash)."""
    def crash(text, filename="", format=None):
        raise IndexError("list index out of range")
    monkeypatch.setattr(event_files, "PARALLEL_FROM", 0)
    monkeypatch.setattr(folder, "read_tournament", crash)
    monkeypatch.setattr(event_files, "read_tournament", crash)
    alone, forked = _load(scaled, monkeypatch, "1"), _load(scaled, monkeypatch, "2")
    assert isinstance(alone, list) and forked == alone
    assert any("could not be read as trf (IndexError" in p.message for _, p in alone)


def test_small_folders_one_worker_and_a_cache_parse_in_this_process(scaled, tmp_path,
                                                                    monkeypatch):
    paths = sorted((scaled / "events" / "chess").iterdir())
    assert parse_ahead(paths, workers=2) is None                  # below PARALLEL_FROM
    monkeypatch.setattr(event_files, "PARALLEL_FROM", 0)
    assert parse_ahead(paths, workers=1) is None                  # no worker to spare
    with using(Cache(tmp_path, "code")):                          # a warm cache holds them
        assert parse_ahead(paths, workers=2) is None
    ahead = parse_ahead(paths, workers=2)
    assert ahead is not None
    ahead.close()
