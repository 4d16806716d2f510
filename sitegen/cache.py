"""Results kept between builds, under the digest of what made them.

An incremental build reads, checks and rates again what did not change:
the events' files (parsed by rules_core's readers), the events rated in
each period, the regulations' pages.  `Cache` keeps each such result in a
folder beside the output (`folder_for`: ``.sitegen-cache/`` in the
output's parent, never inside the output, which is deployed), under a key
that is the SHA-256 of the code (`sitegen.manifest.code_digest`: the
sources, templates, Python and library versions), of the kind of result
and of its inputs pickled (`key`).  A hit is the result of the same
function on the same inputs with the same code, so it is the result a
build without the cache computes (docs/scale.md#incremental-builds).

Safe by construction, never trusted beyond its key:

* each entry holds the SHA-256 of its bytes; an entry damaged, cut short
  or unreadable is a miss (computed again and written again);
* the code's digest is in every key, and each code has its own subfolder:
  a build removes the subfolders of other code (`Cache.open`), so entries
  from other code are neither read nor kept;
* inputs that cannot be pickled give no key: always computed.

The build makes one cache active (`using`) for the functions that read it
(`cached`): the event readers (`sitegen.content.folder`), the rating of
one event (`sitegen.compute.period_events`), the regulations
(`sitegen.build`).  Without an active cache `cached` computes, as before.
The templates compiled are kept in it too (`template_folder`).
$SITEGEN_BUILD_CACHE names another folder, or ``off`` for none.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

__all__ = ["Cache", "CACHE_FOLDER", "ENV", "SPARE", "folder_for", "spare_folders",
           "switched_off", "using", "activate", "cached", "active", "template_folder"]

CACHE_FOLDER = ".sitegen-cache"
ENV = "SITEGEN_BUILD_CACHE"     # another folder, or "off"
SPARE = "folders"               # an earlier site's folders, no file (`spare_folders`)
FORMAT = b"sitegen-cache 1\n"
PROTOCOL = 5            # pickle's, fixed: the same inputs give the same key on every Python
T = TypeVar("T")


def folder_for(out: Path) -> Path | None:
    """The cache folder of a build into `out`: $SITEGEN_BUILD_CACHE if set
    (``off``: no cache), else ``.sitegen-cache`` beside `out`."""
    given = os.environ.get(ENV)
    if given is not None:
        return None if given.strip().lower() in ("", "off", "0", "no") else Path(given)
    return Path(out).resolve().parent / CACHE_FOLDER


def spare_folders(root: Path | None) -> Path | None:
    """Where a build keeps the previous site's folders, emptied of files,
    for the next build to write into (sitegen.build's `_scratch` and
    `_recycle`): `SPARE` in the cache folder `root`; None without one.
    Any site's folders serve any build (what the new site lacks is
    removed), so one is kept whatever the code or the output."""
    return None if root is None else Path(root) / SPARE


class Cache:
    """Entries in `folder`, keyed with the `code` digest (see the module)."""

    def __init__(self, folder: Path, code: str):
        self.folder, self.code = Path(folder), code
        self.hits = self.misses = 0

    @classmethod
    def open(cls, root: Path | None, code: str) -> Cache | None:
        """The cache of `code` under `root` (its subfolder named by the
        digest); the subfolders of other code removed.  None without a root
        or where it cannot be made (the build then computes everything).
        The spare folders (`spare_folders`) are kept."""
        if root is None:
            return None
        try:
            root.mkdir(parents=True, exist_ok=True)
            for other in root.iterdir():
                if other.is_dir() and other.name not in (code[:32], SPARE):
                    shutil.rmtree(other, ignore_errors=True)
            (root / code[:32]).mkdir(exist_ok=True)
        except OSError:
            return None
        return cls(root / code[:32], code)

    def key(self, kind: str, inputs: object) -> str | None:
        """SHA-256 of the code, `kind` and `inputs` pickled; None when they
        cannot be pickled.  Equal inputs pickled otherwise (a set's order,
        which objects are shared) only make a miss, never a wrong hit."""
        buffer = io.BytesIO()
        pickler = pickle.Pickler(buffer, protocol=PROTOCOL)
        # no memo: an object met twice is written twice, so the bytes do not
        # depend on which equal objects happen to be one object (a file
        # parsed anew and one read from the cache share other strings)
        pickler.fast = True
        try:
            pickler.dump((self.code, kind, inputs))
        except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
            return None
        return hashlib.sha256(buffer.getbuffer()).hexdigest()

    def get(self, key: str) -> tuple[bool, object]:
        """(True, the value) for an intact entry; (False, None) otherwise."""
        try:
            body = (self.folder / key[:2] / key).read_bytes()
        except OSError:
            return False, None
        head, digest, payload = body[:len(FORMAT)], body[len(FORMAT):len(FORMAT) + 32], \
            body[len(FORMAT) + 32:]
        if head != FORMAT or hashlib.sha256(payload).digest() != digest:
            return False, None
        try:
            return True, pickle.loads(payload)
        except Exception:        # a damaged entry is a miss, whatever unpickling raised
            return False, None

    def put(self, key: str, value: object) -> None:
        """Write the entry (atomically: a temporary file renamed); a value
        that cannot be pickled, or a full disk, is not kept."""
        try:
            payload = pickle.dumps(value, protocol=PROTOCOL)
        except Exception:
            return
        folder = self.folder / key[:2]
        try:
            folder.mkdir(exist_ok=True)
            fd, name = tempfile.mkstemp(dir=folder, prefix=".tmp-")
            with os.fdopen(fd, "wb") as handle:
                handle.write(FORMAT + hashlib.sha256(payload).digest() + payload)
            os.replace(name, folder / key)
        except OSError:
            return

    def cached(self, kind: str, inputs: object, make: Callable[[], T]) -> T:
        """The value `make` gives for `inputs`, from the cache when an
        entry has their key; else made and kept."""
        key = self.key(kind, inputs)
        if key is not None:
            found, value = self.get(key)
            if found:
                self.hits += 1
                return value         # type: ignore[return-value]
        self.misses += 1
        value = make()
        if key is not None:
            self.put(key, value)
        return value


@contextmanager
def switched_off() -> Iterator[None]:
    """Builds without a cache while the block runs (every result computed:
    the full build that tests and bench/incremental.py compare with)."""
    before = os.environ.get(ENV)
    os.environ[ENV] = "off"
    try:
        yield
    finally:
        if before is None:
            del os.environ[ENV]
        else:
            os.environ[ENV] = before


_ACTIVE: Cache | None = None


def active() -> Cache | None:
    """The cache the running build uses, if any."""
    return _ACTIVE


@contextmanager
def using(cache: Cache | None) -> Iterator[Cache | None]:
    """Make `cache` the active one while the block runs (processes forked
    meanwhile inherit it; a worker the fork server starts is given it:
    `activate`)."""
    global _ACTIVE
    before, _ACTIVE = _ACTIVE, cache
    try:
        yield cache
    finally:
        _ACTIVE = before


def activate(cache: Cache | None) -> None:
    """Make `cache` the active one for the rest of this process: a worker's
    (sitegen.compute.period_events), given the building process's, None
    included (a worker never opens a cache of its own, so one the build
    has not, or has switched off, is never used).  Its hits and misses are
    counted in the worker."""
    global _ACTIVE
    _ACTIVE = cache


def cached(kind: str, inputs: object, make: Callable[[], T]) -> T:
    """`Cache.cached` of the active cache; `make()` without one."""
    cache = _ACTIVE
    return make() if cache is None else cache.cached(kind, inputs, make)


def template_folder() -> Path | None:
    """The folder of the active cache where the compiled templates are
    kept (sitegen.site.render's bytecode cache), or None without one: each
    template is compiled once per code (half a second of the demo's
    incremental build, docs/scale.md#incremental-builds)."""
    cache = _ACTIVE
    if cache is None:
        return None
    folder = cache.folder / "templates"
    try:
        folder.mkdir(exist_ok=True)
    except OSError:
        return None
    return folder
