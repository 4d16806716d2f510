"""sitegen.serve: precompressed copies with Content-Encoding, caching."""

from __future__ import annotations

import gzip
import threading
import urllib.request

import pytest

from sitegen.serve import accepted, make_server

# RFC 9110 §12.5.3: q=0 means "not acceptable"
ACCEPT = [("gzip, deflate, br", {"gzip", "deflate", "br"}), ("br;q=0, gzip", {"gzip"}),
          ("", set()), ("identity", {"identity"})]


@pytest.mark.parametrize("header, codings", ACCEPT)
def test_accepted(header, codings):
    assert accepted(header) == codings


@pytest.fixture
def site(tmp_path):
    folder = tmp_path / "static" / "pyodide" / "1.0"
    folder.mkdir(parents=True)
    (folder / "a.wasm").write_bytes(b"plain" * 100)
    (folder / "a.wasm.gz").write_bytes(gzip.compress(b"plain" * 100, mtime=0))
    (tmp_path / "index.html").write_text("<p>hi</p>")
    server = make_server(tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _get(url, encoding=None):
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding or "identity"})
    with urllib.request.urlopen(request) as response:
        return response.headers, response.read()


def test_the_gzip_copy_is_sent_to_who_accepts_it(site):
    headers, body = _get(site + "/static/pyodide/1.0/a.wasm", "gzip")
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == b"plain" * 100
    assert headers["Content-Type"] == "application/wasm"
    assert headers["Vary"] == "Accept-Encoding"
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    headers, body = _get(site + "/static/pyodide/1.0/a.wasm")
    assert headers["Content-Encoding"] is None and body == b"plain" * 100


def test_pages_are_revalidated(site):
    headers, body = _get(site + "/index.html", "br, gzip")
    assert headers["Cache-Control"] == "no-cache" and body == b"<p>hi</p>"
