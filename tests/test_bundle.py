"""sitegen.browser.bundle: the pinned Pyodide runtime and the rules_core wheel.

Fetching needs npm and its registry, building the wheel needs pip (and PyPI
when setuptools cannot build wheels offline): without them these tests are
skipped, saying why, except under CI, where they fail.
"""

from __future__ import annotations

import hashlib
import json
import os
import tarfile
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sitegen.browser import bundle
from sitegen.browser.bundle import (
    PYODIDE_INTEGRITY,
    PYODIDE_VERSION,
    RUNTIME_FILES,
    SHIPPED_RUNTIME,
    BundleError,
    build_wheel,
    fetch_pyodide,
    lock_file,
    write_bundle,
)
from tests.shared_data import ROOT

TARBALL = f"pyodide-{PYODIDE_VERSION}.tgz"


def _or_skip(call, *args, **kwargs):
    try:
        return call(*args, **kwargs)
    except BundleError as error:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"the bundle cannot be made here: {error}")


def _fake_npm(tmp_path: Path, script: str) -> str:
    npm = tmp_path / "bin" / "npm"
    npm.parent.mkdir()
    npm.write_text("#!/bin/sh\n" + script + "\n")
    npm.chmod(0o755)
    return str(npm)


def test_the_pin_is_an_npm_integrity_string():
    assert PYODIDE_VERSION == "314.0.7"
    assert PYODIDE_INTEGRITY.startswith("sha512-") and len(PYODIDE_INTEGRITY) == 95


def test_a_tarball_with_another_integrity_is_refused(tmp_path, monkeypatch):
    def pack(folder):
        (folder / TARBALL).write_bytes(b"not the pinned package")
        return folder / TARBALL
    monkeypatch.setattr(bundle, "_npm_pack", pack)
    with pytest.raises(BundleError, match=r"integrity is sha512-.*not the pinned"):
        fetch_pyodide(tmp_path)
    assert not (tmp_path / TARBALL).exists()


def test_a_cached_tarball_is_checked_before_use(tmp_path, monkeypatch):
    (tmp_path / TARBALL).write_bytes(b"tampered")
    monkeypatch.setattr(bundle.shutil, "which", lambda name: None)
    with pytest.raises(BundleError, match="npm is not installed"):
        fetch_pyodide(tmp_path)


def test_npm_failing_says_to_check_the_registry(tmp_path, monkeypatch):
    npm = _fake_npm(tmp_path, 'echo "npm error code ENOTFOUND" >&2; exit 1')
    monkeypatch.setattr(bundle.shutil, "which", lambda name: npm)
    with pytest.raises(BundleError, match=r"failed \(is the npm registry reachable\?\): "
                                          r"npm error code ENOTFOUND"):
        fetch_pyodide(tmp_path / "cache")


def test_the_runtime_is_fetched_once_and_verified(tmp_path):
    tarball = _or_skip(fetch_pyodide)
    assert tarball.name == TARBALL and bundle._integrity(tarball) == PYODIDE_INTEGRITY
    with tarfile.open(tarball) as archive:
        names = set(archive.getnames())
    assert {f"package/{name}" for name in RUNTIME_FILES} <= names


@pytest.fixture(scope="module")
def wheel_cache(tmp_path_factory) -> Path:
    """A wheel cache holding one rules_core wheel, built once for the module
    (the reproducibility test builds a second one)."""
    cache = tmp_path_factory.mktemp("wheel-cache")
    _or_skip(build_wheel, None, cache=cache)
    return cache


def test_the_wheel_is_reproducible_and_holds_only_rules_core(tmp_path, wheel_cache):
    first = build_wheel(tmp_path / "a", cache=wheel_cache)
    second = _or_skip(build_wheel, tmp_path / "b", cache=tmp_path / "cache-b")
    assert first.name == second.name == "rules_core-0.1.0-py3-none-any.whl"
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as wheel:
        names = wheel.namelist()
        metadata = wheel.read("rules_core-0.1.0.dist-info/METADATA").decode()
        tag = wheel.read("rules_core-0.1.0.dist-info/WHEEL").decode()
        dates = {info.date_time for info in wheel.infolist()}
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "rules_core").rglob("*.py")
               if "__pycache__" not in p.parts}
    assert {n for n in names if not n.startswith("rules_core-0.1.0.dist-info/")} == sources
    assert "Name: rules_core" in metadata and "Tag: py3-none-any" in tag
    assert dates == {(1980, 1, 1, 0, 0, 0)}
    assert names == sorted(names, key=lambda n: (".dist-info/" in n, n))


def test_a_wheel_built_before_is_taken_from_the_cache(tmp_path, monkeypatch, wheel_cache):
    built = build_wheel(tmp_path / "a", cache=wheel_cache)
    monkeypatch.setattr(bundle, "_pip_wheel", lambda *args: pytest.fail("built again"))
    again = build_wheel(tmp_path / "b", cache=wheel_cache)
    assert again.read_bytes() == built.read_bytes()


def test_write_bundle(tmp_path):
    """The runtime under static/pyodide/VERSION/, the site's part under
    static/bundle/HASH/ (lock file, wheel, Python files, snapshot when Node
    is here), .br/.gz copies of the large files, and bundle.json naming
    them; the same sources give the same bundle.json."""
    written = _or_skip(write_bundle, tmp_path)
    relative = {p.relative_to(tmp_path).as_posix() for p in written}
    described = json.loads((tmp_path / "static" / "check" / "bundle.json").read_text())
    runtime = f"static/pyodide/{PYODIDE_VERSION}/"
    assert {runtime + name for name in SHIPPED_RUNTIME} <= relative
    assert {runtime + "pyodide.asm.wasm.br", runtime + "pyodide.asm.wasm.gz"} <= relative
    with tarfile.open(fetch_pyodide()) as archive:
        for name in SHIPPED_RUNTIME:
            shipped = (tmp_path / runtime / name).read_bytes()
            original = archive.extractfile(f"package/{name}").read()
            if name == "python_stdlib.zip":     # the same files, stored
                assert _entries(shipped) == _entries(original)
                assert runtime + name + ".br" in relative
            else:
                assert shipped == original, name
    at = tmp_path / "static" / "check"
    part = (at / described["lock"]).resolve().parent
    assert part.parent.name == "bundle" and described["package"] == "rules-core"
    for key in ("lock", "wheel"):
        assert (at / described[key]).resolve().exists(), key
    assert [Path(p).name for p in described["python"]] == ["inbrowser.py", "sitegen_figures.py"]
    assert described["pyodide"] == f"../pyodide/{PYODIDE_VERSION}/"
    assert (described["snapshot"] is None) == bool(described["snapshot_missing"])
    # the snapshot's first bytes are XORed with the instantiated memory
    # (docs/browser.md): bundle.json says how many, and that memory's hash
    base = described["snapshot_base"]
    assert (base is None) == (described["snapshot"] is None)
    if base is not None:
        assert base["bytes"] > 0 and len(base["sha256"]) == 64
        # shipped paged (only the pages with a byte set, docs/browser.md):
        # far smaller than the memory it gives back, which is counted in
        # the progress as sent
        shipped = (at / described["snapshot"]).resolve().read_bytes()
        assert 2 * len(shipped) < len(bundle.unpaged(shipped))
        assert described["download_bytes"] > len(shipped)
    _the_standard_library_and_offline_files(at, described, relative)
    digest = hashlib.sha256((at / "bundle.json").read_bytes())
    write_bundle(tmp_path)
    assert hashlib.sha256((at / "bundle.json").read_bytes()).digest() == digest.digest()


def test_the_snapshot_is_the_same_bytes_on_every_build(tmp_path, monkeypatch):
    """Made again by Node into an empty cache, the memory snapshot is the
    one the cache holds, byte for byte (the cached one made by another
    build, from other folders): the runtime's random bytes, clocks, time
    zone and command line are fixed while it is made
    (sitegen/browser/snapshot.mjs), so a machine with an empty cache (CI's)
    builds the same bundle.json, whose `download_bytes` counts the
    snapshot's size, and the same pages (docs/browser.md, "A reproducible
    snapshot")."""
    from sitegen.browser import snapshot
    from sitegen.browser.snapshot import make_snapshot

    _or_skip(write_bundle, tmp_path)
    at = tmp_path / "static" / "check"
    described = json.loads((at / "bundle.json").read_text())
    if described["snapshot"] is None:
        pytest.skip(f"no snapshot here: {described['snapshot_missing']}")
    part = (at / described["lock"]).resolve().parent
    cached, _ = make_snapshot(tmp_path / "static" / "pyodide" / PYODIDE_VERSION,
                              part / "pyodide-lock.json", part, part.name, bundle.cache_dir())
    # the same files and script under folder names of other lengths (node
    # is given their paths: they must not reach the memory)
    elsewhere = tmp_path / "the-same-files-under-a-longer-name"
    elsewhere.symlink_to(tmp_path / "static")
    script = tmp_path / "the-script-copied-into-another-folder" / snapshot.SCRIPT.name
    script.parent.mkdir()
    script.write_bytes(snapshot.SCRIPT.read_bytes())
    monkeypatch.setattr(snapshot, "SCRIPT", script)
    again = elsewhere / "bundle" / part.name
    made, why = make_snapshot(elsewhere / "pyodide" / PYODIDE_VERSION,
                              again / "pyodide-lock.json", again, part.name, tmp_path / "cache")
    assert made is not None, why
    assert cached is not None and hashlib.sha256(made).digest() == hashlib.sha256(cached).digest()


def _the_standard_library_and_offline_files(at: Path, described: dict, written: set) -> None:
    """With a snapshot, the worker gives Python the bundle's empty standard
    library, and the service worker keeps neither the runtime's nor the
    wheel (docs/browser.md, "The standard library", "Offline"); without
    one, the runtime's standard library, the wheel and the Python files."""
    offline = described["offline"]
    assert all((at / path).resolve().is_file() for path in offline)
    runtime_zip = f"../pyodide/{PYODIDE_VERSION}/python_stdlib.zip"
    if described["snapshot"] is None:
        assert described["stdlib"] is None
        assert {runtime_zip, described["wheel"], *described["python"]} <= set(offline)
        return
    assert (at / described["stdlib"]).read_bytes() == bundle.EMPTY_ZIP
    assert described["stdlib"].startswith("../bundle/") and described["snapshot"] in offline
    assert described["stdlib"] in offline and runtime_zip not in offline
    assert described["wheel"] not in offline
    assert "static/" + described["stdlib"].removeprefix("../") in written


# (memory, page size, bytes of the paged form): zero pages dropped, a short
# last page kept, a memory of zeros only the header and bitmap.
PAGED_CASES = [
    (b"", 4, 16),
    (bytes(12), 4, 16 + 1),
    (b"\1\0\0\0" + bytes(8), 4, 16 + 1 + 4),
    (bytes(8) + b"\0\2", 4, 16 + 1 + 2),
    (b"\3" * 40, 4, 16 + 2 + 40),
]


@pytest.mark.parametrize("memory, page, size", PAGED_CASES)
def test_paged_keeps_the_pages_with_a_byte_set(memory, page, size):
    packed = bundle.paged(memory, page)
    assert packed.startswith(bundle.PAGED_MAGIC) and len(packed) == size
    assert bundle.unpaged(packed) == memory


@given(st.binary(max_size=300), st.sampled_from([1, 4, 16, 4096]))
def test_paged_gives_back_any_memory(memory, page):
    sparse = bytes(b if i % 7 == 0 else 0 for i, b in enumerate(memory))
    for data in (memory, sparse):
        assert bundle.unpaged(bundle.paged(data, page)) == data


def test_unpaged_refuses_another_format():
    with pytest.raises(ValueError, match="not a paged snapshot"):
        bundle.unpaged(b"\0asm" + bytes(20))


def test_the_empty_standard_library_is_an_empty_archive():
    """22 bytes: the end of a zip's central directory, nothing in it."""
    import io

    assert len(bundle.EMPTY_ZIP) == 22
    with zipfile.ZipFile(io.BytesIO(bundle.EMPTY_ZIP)) as archive:
        assert archive.infolist() == []


def _entries(data: bytes) -> list[tuple[str, tuple, int, bytes]]:
    import io

    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return [(i.filename, i.date_time, i.external_attr, archive.read(i))
                for i in archive.infolist()]


def test_stored_zip_keeps_every_entry_and_stores_it():
    """The standard library ships stored so that Brotli compresses across
    files (docs/browser.md): names, order, times, modes and contents kept,
    nothing deflated, the same bytes each time."""
    import io

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(zipfile.ZipInfo("b/one.py", (2020, 5, 6, 7, 8, 10)), "x = 1\n" * 50)
        archive.writestr(zipfile.ZipInfo("a.py", (1999, 1, 2, 3, 4, 6)), "")
    original = buffer.getvalue()
    stored = bundle.stored_zip(original)
    assert _entries(stored) == _entries(original)
    with zipfile.ZipFile(io.BytesIO(stored)) as archive:
        assert {i.compress_type for i in archive.infolist()} == {zipfile.ZIP_STORED}
    assert bundle.stored_zip(original) == stored


def test_the_lock_file_registers_the_wheel_with_its_sha256(tmp_path, wheel_cache):
    """pyodide-lock's add_wheels_to_spec: name, version, imports, sha256."""
    wheel = build_wheel(tmp_path / "w", cache=wheel_cache)
    with tarfile.open(_or_skip(fetch_pyodide)) as archive:
        runtime_lock = archive.extractfile("package/pyodide-lock.json").read()
    lock = json.loads(lock_file(runtime_lock, wheel))
    package = lock["packages"]["rules-core"]
    assert package["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert package["file_name"] == wheel.name and package["imports"] == ["rules_core"]
    assert lock["info"]["version"] == PYODIDE_VERSION
    assert list(lock["packages"]) == ["rules-core"]


def test_without_node_there_is_no_snapshot_and_bundle_json_says_why(tmp_path, monkeypatch):
    from sitegen.browser import snapshot

    monkeypatch.setattr(snapshot.shutil, "which", lambda name: None)
    made, why = snapshot.make_snapshot(tmp_path, tmp_path / "lock.json", tmp_path, "k",
                                       tmp_path / "cache")
    assert made is None and why == "node is not installed (it makes the snapshot at build time)"
