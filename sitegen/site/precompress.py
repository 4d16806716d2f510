"""Precompressed copies of the site's large files: NAME.br and NAME.gz.

A host that serves a file's precompressed copy (nginx `brotli_static` and
`gzip_static`, `sitegen serve`) sends it with `Content-Encoding: br` or
`gzip` to a browser that accepts it: the Pyodide runtime goes over the wire
at about a third of its size without the server compressing anything.
Brotli at its highest quality takes a minute on the 9.6 MB WebAssembly, so
the copies are cached by the file's SHA-256 (sitegen.browser.bundle.cache_dir()).
The same file gives the same bytes: gzip without a name or time.
"""

from __future__ import annotations

import gzip
import hashlib
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from sitegen.browser.machine_cache import made_once, used
from sitegen.workers import build_workers

__all__ = ["LARGE", "ENCODINGS", "precompress", "precompress_tree"]

LARGE = 64 * 1024              # bytes: smaller files are not worth a copy
GAIN = 0.95                    # a copy is kept when at most 95 % of the original
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


HUGE = 16 * 1024 * 1024       # bytes: above this, Brotli quality 9
# Files that change with every change of rules_core: Brotli quality 9 too.
REBUILT = ("snapshot.bin",)


def _brotli(data: bytes, name: str = "") -> bytes:
    """Quality 11, or 9 for a huge file or the memory snapshot: it changes
    with every change of rules_core; as 31 MB it took 95 s at 11 (4.45 MB)
    but 7 s at 9 (5.0 MB) on this machine, and shipped paged (12.5 MB,
    docs/browser.md) it is still a minute or more at 11; the runtime is
    compressed once."""
    import brotli

    fast = len(data) > HUGE or name in REBUILT
    return brotli.compress(data, quality=9 if fast else 11)


def _gzip(data: bytes, name: str = "") -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


_COMPRESS = {".br": _brotli, ".gz": _gzip}


def precompress(path: Path, cache: Path) -> list[Path]:
    """Write PATH.br and PATH.gz beside `path` when it is large and they are
    smaller (GAIN); return the copies written."""
    data = path.read_bytes()
    if len(data) < LARGE:
        return []
    digest = hashlib.sha256(data).hexdigest()
    written = []
    for _, suffix in ENCODINGS:
        packed = _cached(cache / "compressed" / f"{digest}{suffix}", data,
                         lambda d, s=suffix: _COMPRESS[s](d, path.name))
        if len(packed) <= GAIN * len(data):
            target = path.with_name(path.name + suffix)
            target.write_bytes(packed)
            written.append(target)
    return written


def _cached(stored: Path, data: bytes, compress) -> bytes:
    def make() -> bytes:
        packed = compress(data)
        partial = stored.with_name(stored.name + f".{os.getpid()}.partial")
        partial.write_bytes(packed)
        os.replace(partial, stored)
        return packed
    return made_once(stored, lambda: _stored(stored), make)


def _stored(stored: Path) -> bytes | None:
    """The bytes of the cache's entry, dated as used; None when it is not
    made yet, or was pruned (machine_cache)."""
    try:
        packed = stored.read_bytes()
    except FileNotFoundError:
        return None
    used(stored)
    return packed


def precompress_tree(folders: Path | Sequence[Path], cache: Path,
                     threads: int | None = None) -> list[Path]:
    """Every large file under `folders` (not the copies themselves), in
    order; the files compressed `threads` at a time (by default as many as
    the build's processes, sitegen.workers): Brotli and zlib let go of the
    interpreter while they work, so an empty cache (a fresh machine, a
    federation's CI) compresses the runtime on every core. The same copies
    whatever the number (tests/test_precompress.py)."""
    roots = [folders] if isinstance(folders, Path) else list(folders)
    paths = [path for root in roots for path in sorted(root.rglob("*"))
             if path.is_file() and path.suffix not in (".br", ".gz")]
    count = min(build_workers(threads), len(paths))
    if count < 2:
        return [copy for path in paths for copy in precompress(path, cache)]
    with ThreadPoolExecutor(max_workers=count) as pool:
        done = list(pool.map(lambda path: precompress(path, cache), paths))
    return [copy for copies in done for copy in copies]
