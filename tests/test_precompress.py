"""sitegen.site.precompress: .br and .gz copies of the large files, cached."""

from __future__ import annotations

import gzip

import brotli

from sitegen.site.precompress import LARGE, precompress, precompress_tree


def test_large_compressible_files_get_both_copies(tmp_path):
    data = b"a rating list, " * (LARGE // 10)
    path = tmp_path / "site" / "big.json"
    path.parent.mkdir()
    path.write_bytes(data)
    written = precompress(path, tmp_path / "cache")
    assert [p.name for p in written] == ["big.json.br", "big.json.gz"]
    assert brotli.decompress((path.parent / "big.json.br").read_bytes()) == data
    assert gzip.decompress((path.parent / "big.json.gz").read_bytes()) == data
    first = (path.parent / "big.json.gz").read_bytes()
    assert precompress(path, tmp_path / "cache") and (path.parent / "big.json.gz").read_bytes() == first
    assert len(list((tmp_path / "cache" / "compressed").iterdir())) == 2


def test_small_or_incompressible_files_get_none(tmp_path):
    (tmp_path / "small.js").write_bytes(b"x" * (LARGE - 1))
    (tmp_path / "random.zip").write_bytes(bytes(range(256)) * 0 + __import__("os").urandom(LARGE))
    assert precompress_tree(tmp_path, tmp_path / "cache") == []


def test_the_memory_snapshot_gets_the_faster_brotli():
    """snapshot.bin changes with every change of rules_core: quality 9 (a
    minute or more at 11 on this machine); other files 11."""
    import brotli

    from sitegen.site import precompress

    data = b"".join(b"player %d scored %d\n" % (n, n * 7 % 13) for n in range(3000))
    assert brotli.compress(data, quality=9) != brotli.compress(data, quality=11)
    assert precompress._brotli(data, "snapshot.bin") == brotli.compress(data, quality=9)
    assert precompress._brotli(data, "pyodide.asm.wasm") == brotli.compress(data, quality=11)


def test_several_files_at_once_give_the_copies_of_one_at_a_time(tmp_path):
    """The threads change neither the copies nor their order: the files of
    two folders, compressed four at a time, then one at a time."""
    folders = [tmp_path / "runtime", tmp_path / "bundle"]
    for n in range(6):
        folder = folders[n % 2]
        folder.mkdir(exist_ok=True)
        (folder / f"file{n}.bin").write_bytes(b"line %d of file %d\n" % (n, n) * (LARGE // 8))
    (folders[0] / "small.txt").write_bytes(b"too small")
    at_once = precompress_tree(folders, tmp_path / "cache", threads=4)
    copies = {path: path.read_bytes() for path in at_once}
    for path in at_once:
        path.unlink()
    one_by_one = precompress_tree(folders, tmp_path / "other-cache", threads=1)
    assert at_once == one_by_one and len(one_by_one) == 12
    assert one_by_one == sorted(one_by_one, key=lambda p: (p.parent != folders[0], p))
    assert all(path.read_bytes() == copies[path] for path in one_by_one)
