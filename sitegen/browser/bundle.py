"""The browser bundle: the Pyodide runtime and rules_core as a wheel.

docs/browser.md: the runtime comes from the npm package `pyodide`, pinned
here with its registry integrity and checked before use; rules_core ships as
a `py3-none-any` wheel built at site build time (with pip, never `pyodide
build`) and loaded from the same origin inside a Web Worker.

`write_bundle(out)` writes (docs/browser.md)

    static/pyodide/VERSION/  pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,
                             python_stdlib.zip (stored, not deflated: Brotli
                             does better) (+ .br and .gz of the large ones)
    static/bundle/HASH/      pyodide-lock.json (rules_core registered with its
                             sha256), rules_core-<version>-py3-none-any.whl,
                             inbrowser.py and sitegen_figures.py (the Python
                             side), snapshot.bin (the memory snapshot) and
                             python_stdlib.zip (the standard library that a
                             restored snapshot reads: none, an empty archive)
    static/check/bundle.json what the worker loads (not cached for good)

The same sources give the same bytes: the wheel is built with a fixed
SOURCE_DATE_EPOCH and rewritten with sorted entries and fixed timestamps.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from pathlib import Path

import rules_core
from sitegen.browser.machine_cache import made_once, prune
from sitegen.browser.snapshot import make_snapshot, snapshot_base, snapshot_key
from sitegen.site.precompress import precompress_tree

__all__ = ["PYODIDE_VERSION", "PYODIDE_INTEGRITY", "RUNTIME_FILES", "SHIPPED_RUNTIME",
           "BundleError", "cache_dir", "fetch_pyodide", "build_wheel", "lock_file",
           "stored_zip", "write_bundle", "paged", "unpaged"]

# `npm view pyodide@314.0.7 dist.integrity`; the package embeds CPython 3.14.
PYODIDE_VERSION = "314.0.7"
PYODIDE_INTEGRITY = ("sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7"
                     "y2q+SNvi/6V5JEsOlD2R1A==")
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")

# 1980-01-01, the earliest time a zip entry can carry.
DEFAULT_EPOCH = 315532800
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
_SITEGEN = Path(__file__).resolve().parents[1]
_PYPROJECT = _SITEGEN.parent / "pyproject.toml"
_WHEEL_PYPROJECT = """[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "rules_core"
version = "{version}"
description = "The regulations of sitegen as code: FIDE and FMJD ratings, norms, standings."
requires-python = ">=3.11"

[tool.setuptools.packages.find]
include = ["rules_core*"]
"""


class BundleError(Exception):
    """The bundle could not be made; the message says why and what to do.
    `lines` is the message as `BuildError.lines` has its problems."""

    @property
    def lines(self) -> list[str]:
        return [f"browser bundle: {self}"]


# -- the Pyodide runtime -------------------------------------------------------------

def cache_dir() -> Path:
    """$SITEGEN_CACHE, else $XDG_CACHE_HOME/sitegen, else ~/.cache/sitegen."""
    if os.environ.get("SITEGEN_CACHE"):
        return Path(os.environ["SITEGEN_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "sitegen"


def fetch_pyodide(cache: Path | None = None) -> Path:
    """The tarball of `pyodide@PYODIDE_VERSION` in `cache`, fetched with
    `npm pack` unless already there, its sha512 checked against the pin."""
    cache = Path(cache) if cache else cache_dir()
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"

    def fetched() -> Path | None:
        ok = tarball.exists() and _integrity(tarball) == PYODIDE_INTEGRITY
        return tarball if ok else None
    return made_once(tarball, fetched, lambda: _fetch(cache, tarball))


def _fetch(cache: Path, tarball: Path) -> Path:
    """`npm pack` into `cache`, the integrity checked, renamed to `tarball`."""
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        fetched = _npm_pack(Path(tmp))
        found = _integrity(fetched)
        if found != PYODIDE_INTEGRITY:
            raise BundleError(f"pyodide@{PYODIDE_VERSION}: the tarball's integrity is {found}, "
                              f"not the pinned {PYODIDE_INTEGRITY}; refusing to use it")
        os.replace(fetched, tarball)
    return tarball


def _npm_pack(folder: Path) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        raise BundleError("npm is not installed: it fetches the Pyodide runtime "
                          f"(npm pack pyodide@{PYODIDE_VERSION}); install Node.js and npm")
    try:
        done = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent",
                               "--pack-destination", str(folder)],
                              cwd=folder, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        raise BundleError(f"npm pack pyodide@{PYODIDE_VERSION}: no answer in 10 minutes; "
                          "is the npm registry reachable?") from None
    tarballs = sorted(folder.glob("pyodide-*.tgz"))
    if done.returncode or not tarballs:
        detail = _last_lines(done.stderr or done.stdout)
        raise BundleError(f"npm pack pyodide@{PYODIDE_VERSION} failed (is the npm registry "
                          f"reachable?): {detail}")
    return tarballs[0]


def _integrity(path: Path) -> str:
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode("ascii")


def _runtime(tarball: Path) -> dict[str, bytes]:
    """The five runtime files from the package (`package/NAME` in npm's tarball)."""
    files = {}
    with tarfile.open(tarball, "r:gz") as archive:
        for name in RUNTIME_FILES:
            member = archive.extractfile(f"package/{name}")
            if member is None:  # pragma: no cover - a directory of that name
                raise BundleError(f"{tarball}: package/{name} is not a file")
            files[name] = member.read()
    return files


def _shipped_runtime(tarball: Path) -> dict[str, bytes]:
    """The runtime files as the site ships them (`_runtime`, the standard
    library's archive stored: `stored_zip`), unpacked once a process for
    the same tarball (its path, size and time): a program that builds
    several sites, the suite among them, saves some 0.25 s a build."""
    stat = tarball.stat()
    key = (str(tarball), stat.st_size, stat.st_mtime_ns)
    if _SHIPPED[0] != key:
        runtime = _runtime(tarball)
        runtime["python_stdlib.zip"] = stored_zip(runtime["python_stdlib.zip"])
        _SHIPPED[:] = [key, runtime]
    return dict(_SHIPPED[1])


_SHIPPED: list = [None, {}]      # (the tarball's key, its files): `_shipped_runtime`


# -- the rules_core wheel --------------------------------------------------------------

def project_version() -> str:
    """The version of the project: pyproject.toml in a checkout, else the
    installed distribution's."""
    if _PYPROJECT.exists():
        return tomllib.loads(_PYPROJECT.read_text(encoding="utf-8"))["project"]["version"]
    from importlib.metadata import version
    return version("sitegen")


def _sources() -> dict[str, bytes]:
    """rules_core's Python files by their path in the wheel, sorted."""
    root = Path(rules_core.__file__).resolve().parent
    return {str(p.relative_to(root.parent).as_posix()): p.read_bytes()
            for p in sorted(root.rglob("*.py")) if "__pycache__" not in p.parts}


def wheel_name(version: str | None = None) -> str:
    return f"rules_core-{version or project_version()}-py3-none-any.whl"


def build_wheel(target: Path | None, cache: Path | None = None) -> Path:
    """The rules_core wheel in `target` (None: the cached one): built by
    `pip wheel --no-deps` from a temporary project holding only rules_core,
    then made reproducible.  A wheel built before from the same sources is
    taken from the cache."""
    version = project_version()
    sources = _sources()
    key = hashlib.sha256(json.dumps([version, _WHEEL_PYPROJECT, sorted(
        (name, hashlib.sha256(data).hexdigest()) for name, data in sources.items())])
        .encode()).hexdigest()[:16]
    cached = (Path(cache) if cache else cache_dir()) / "wheels" / key / wheel_name(version)
    if not cached.exists():
        _build_into(cached, version, sources)
    if target is None:
        return cached
    target.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(cached, target / cached.name)
    return target / cached.name


def _build_into(wheel: Path, version: str, sources: dict[str, bytes]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        project, dist = Path(tmp) / "project", Path(tmp) / "dist"
        for name, data in sources.items():
            (project / name).parent.mkdir(parents=True, exist_ok=True)
            (project / name).write_bytes(data)
        (project / "pyproject.toml").write_text(_WHEEL_PYPROJECT.format(version=version),
                                                encoding="utf-8")
        built = _pip_wheel(project, dist)
        wheel.parent.mkdir(parents=True, exist_ok=True)
        partial = wheel.with_suffix(".partial")
        _reproducible(built, partial)
        os.replace(partial, wheel)


def _pip_wheel(project: Path, dist: Path) -> Path:
    """`pip wheel --no-deps`: without build isolation when setuptools can
    build a wheel here already, else in pip's isolated environment."""
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
               "--disable-pip-version-check", "--wheel-dir", str(dist), str(project)]
    if _can_build_offline():
        command.insert(5, "--no-build-isolation")
    env = {**os.environ, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH",
                                                             str(DEFAULT_EPOCH))}
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=project)
    wheels = sorted(dist.glob("rules_core-*.whl"))
    if done.returncode or not wheels:
        raise BundleError("building the rules_core wheel failed (pip wheel --no-deps; "
                          "without setuptools and wheel installed pip fetches them from "
                          f"PyPI: is it reachable?): {_last_lines(done.stderr or done.stdout)}")
    return wheels[0]


def _can_build_offline() -> bool:
    """setuptools >= 70.1 builds wheels itself; older ones need `wheel`."""
    try:
        import setuptools
    except ImportError:
        return False
    major, minor = (int(x) for x in setuptools.__version__.split(".")[:2])
    if (major, minor) >= (70, 1):
        return True
    if major < 61:
        return False
    try:
        import wheel  # noqa: F401
    except ImportError:
        return False
    return True


def _reproducible(source: Path, target: Path) -> None:
    """The same wheel with sorted entries (dist-info last), fixed times and
    modes: byte-identical for the same sources and the same setuptools."""
    with zipfile.ZipFile(source) as zin:
        items = [(info.filename, zin.read(info)) for info in zin.infolist()
                 if not info.is_dir()]
    items.sort(key=lambda item: (".dist-info/" in item[0], item[0]))
    with zipfile.ZipFile(target, "w") as zout:
        for name, data in items:
            info = zipfile.ZipInfo(name, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            zout.writestr(info, data, compresslevel=9)


# -- the bundle ------------------------------------------------------------------------

# What the worker loads from the runtime folder; the lock file is the site's.
SHIPPED_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PYTHON_FILES = {"inbrowser.py": "browser/worker.py", "sitegen_figures.py": "site/figures.py"}
PACKAGE = "rules-core"                 # the wheel's name in the lock file


def write_bundle(out: Path, cache: Path | None = None) -> list[Path]:
    """Copy the runtime, build the wheel, register it in the lock file, make
    the memory snapshot, precompress, and write bundle.json into the site
    `out`; return the files written, sorted.

    static/pyodide/VERSION/ holds the runtime and static/bundle/HASH/ the
    site's part (lock file, wheel, Python files, snapshot): both names
    change with their content, so both are cached for good."""
    out, cache = Path(out), Path(cache) if cache else cache_dir()
    runtime = _shipped_runtime(fetch_pyodide(cache))
    runtime_dir = out / "static" / "pyodide" / PYODIDE_VERSION
    written = [_write(runtime_dir / name, runtime[name]) for name in SHIPPED_RUNTIME]
    wheel = build_wheel(None, cache)
    python = {name: (_SITEGEN / source).read_bytes() for name, source in PYTHON_FILES.items()}
    lock = lock_file(runtime["pyodide-lock.json"], wheel)
    worker = _worker_script()
    key = snapshot_key([PYODIDE_INTEGRITY.encode(), lock, *python.values(), worker, EMPTY_ZIP])
    part = out / "static" / "bundle" / key
    written.append(_write(part / wheel.name, wheel.read_bytes()))
    written.append(_write(part / "pyodide-lock.json", lock))
    written += [_write(part / name, data) for name, data in python.items()]
    written.append(_write(part / "worker.js", worker))
    stdlib = _write(part / "python_stdlib.zip", EMPTY_ZIP)
    snapshot, missing = make_snapshot(runtime_dir, part / "pyodide-lock.json", part, key, cache)
    if snapshot is not None:
        snapshot = paged(snapshot)
        written += [stdlib, _write(part / "snapshot.bin", snapshot)]
    else:
        stdlib.unlink()
    written += precompress_tree([runtime_dir, part], cache)
    base = snapshot_base(key, cache) if snapshot is not None else None
    written.append(_write(out / "static" / "check" / "bundle.json",
                          _bundle_json(runtime, part, wheel.name, snapshot, missing, base)))
    for kept in ("snapshots", "compressed"):      # a new one a code change: kept to a size
        prune(cache / kept)
    return sorted(written)


# The snapshot as shipped: its pages that are not all zeros (docs/browser.md,
# "Where a warm start goes"). 31.5 MB of memory, 12.5 MB of it in pages with
# a byte set: the browser decompresses 12.5 MB instead of 31.5 on every visit.
PAGED_MAGIC = b"SGPAGES1"
PAGE = 4096


def paged(memory: bytes, page: int = PAGE) -> bytes:
    """PAGED_MAGIC, the page size and the memory's length (uint32 LE each),
    a bitmap of the pages kept (bit i of byte i // 8, lowest first), then
    those pages in order (the last one may be short); templates/check/worker.js
    `unpage` undoes it."""
    count = -(-len(memory) // page)
    bitmap = bytearray(-(-count // 8))
    kept = []
    for i in range(count):
        chunk = memory[i * page:(i + 1) * page]
        if chunk.count(0) != len(chunk):
            bitmap[i // 8] |= 1 << (i % 8)
            kept.append(chunk)
    head = PAGED_MAGIC + page.to_bytes(4, "little") + len(memory).to_bytes(4, "little")
    return head + bytes(bitmap) + b"".join(kept)


def unpaged(data: bytes) -> bytes:
    """The memory `paged` was given (the tests' check of the format)."""
    if not data.startswith(PAGED_MAGIC):
        raise ValueError("not a paged snapshot: it does not start with " + PAGED_MAGIC.decode())
    page = int.from_bytes(data[8:12], "little")
    size = int.from_bytes(data[12:16], "little")
    count = -(-size // page)
    at = 16 + -(-count // 8)
    memory = bytearray(size)
    for i in range(count):
        if data[16 + i // 8] >> (i % 8) & 1:
            length = min(page, size - i * page)
            memory[i * page:i * page + length] = data[at:at + length]
            at += length
    return bytes(memory)


def _empty_zip() -> bytes:
    import io

    out = io.BytesIO()
    zipfile.ZipFile(out, "w").close()
    return out.getvalue()


# The standard library a restored snapshot is given (docs/browser.md, "The
# standard library"): every module that rules_core, inbrowser.py and
# sitegen_figures.py import is imported in the snapshot, and a check of
# every format imports nothing more, so the browser fetches 22 bytes
# instead of the runtime's python_stdlib.zip (1.6 MB as Brotli).
EMPTY_ZIP = _empty_zip()


def stored_zip(data: bytes) -> bytes:
    """The same archive with its entries stored, not deflated: the runtime's
    python_stdlib.zip deflates each file alone (2.5 MB), while Brotli over
    the stored archive finds what the files share (1.6 MB over the wire;
    docs/browser.md).  Names, order, times and modes are kept."""
    import io

    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as zin, zipfile.ZipFile(out, "w") as zout:
        for entry in zin.infolist():
            info = zipfile.ZipInfo(entry.filename, date_time=entry.date_time)
            info.external_attr, info.create_system = entry.external_attr, entry.create_system
            zout.writestr(info, zin.read(entry), compress_type=zipfile.ZIP_STORED)
    return out.getvalue()


def _worker_script() -> bytes:
    """templates/check/worker.js: shipped in the hashed folder, so that it
    is cached for good and starts offline (docs/browser.md)."""
    from sitegen.site.render import templates_root

    return (templates_root() / "check" / "worker.js").read_bytes()


def lock_file(runtime_lock: bytes, wheel: Path) -> bytes:
    """The site's pyodide-lock.json: the runtime's `info`, and rules_core
    registered by `pyodide_lock` (name, version, imports, sha256, which the
    runtime checks when it loads the wheel).  Pyodide's own packages are
    left out: the site does not ship them.  pyodide-lock 0.1.2 predates
    this runtime's lock format (no `info.version`, a `tool` field per
    package), so only `info` is taken from it, with the version added."""
    from pyodide_lock.spec import InfoSpec, PyodideLockSpec
    from pyodide_lock.utils import add_wheels_to_spec

    info = json.loads(runtime_lock)["info"]
    spec = PyodideLockSpec(info=InfoSpec(**{"version": PYODIDE_VERSION, **info}), packages={})
    spec = add_wheels_to_spec(spec, [wheel])
    with tempfile.TemporaryDirectory() as tmp:
        spec.to_json(Path(tmp) / "pyodide-lock.json", indent=1)
        return (Path(tmp) / "pyodide-lock.json").read_bytes()


def _bundle_json(runtime: dict[str, bytes], part: Path, wheel: str, snapshot: bytes | None,
                 missing: str, base: dict[str, object] | None) -> bytes:
    """What the worker loads, as URLs relative to bundle.json itself (so a
    site published under a path works unchanged); `download_bytes` are those
    fetched while the runtime starts (the progress bar's total);
    `snapshot_base` what the worker XORs back into the snapshot; `stdlib`
    the standard library a restored snapshot is given (None: the
    runtime's); `offline` what the service worker keeps."""
    at = f"../bundle/{part.name}/"
    runtime_at = f"../pyodide/{PYODIDE_VERSION}/"
    stdlib = f"{at}python_stdlib.zip" if snapshot is not None else None
    fetched = len(runtime["pyodide.asm.wasm"]) + (len(EMPTY_ZIP) if stdlib else
                                                  len(runtime["python_stdlib.zip"]))
    lock = (part / "pyodide-lock.json").stat().st_size
    bundle = {"pyodide_version": PYODIDE_VERSION,
              "pyodide": runtime_at,
              "lock": f"{at}pyodide-lock.json",
              "package": PACKAGE,
              "worker": f"{at}worker.js",
              "wheel": f"{at}{wheel}",
              "python": [f"{at}{name}" for name in PYTHON_FILES],
              "snapshot": f"{at}snapshot.bin" if snapshot is not None else None,
              "snapshot_missing": missing or None,
              "snapshot_base": base,
              "stdlib": stdlib,
              "offline": _offline(runtime_at, at, wheel, stdlib),
              "players": "players.json",
              "download_bytes": fetched + lock + (len(snapshot) if snapshot else 0)}
    return (json.dumps(bundle, indent=1, sort_keys=True) + "\n").encode("utf-8")


def _offline(runtime: str, at: str, wheel: str, stdlib: str | None) -> list[str]:
    """What the worker fetches to start, which the service worker keeps:
    with a snapshot, neither the runtime's standard library nor the wheel
    and Python files (docs/browser.md, "Offline")."""
    files = [f"{runtime}{name}" for name in SHIPPED_RUNTIME if name != "python_stdlib.zip"]
    files += [f"{at}pyodide-lock.json", f"{at}worker.js"]
    if stdlib:
        return files + [stdlib, f"{at}snapshot.bin"]
    return files + [f"{runtime}python_stdlib.zip", f"{at}{wheel}",
                    *(f"{at}{name}" for name in PYTHON_FILES)]


def _write(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def _last_lines(text: str, count: int = 3) -> str:
    lines = [line.strip() for line in (text or "").strip().splitlines() if line.strip()]
    return " / ".join(lines[-count:]) or "no message"
