"""`sitegen serve`: the built site over http on 127.0.0.1, as a host would
serve it (docs/browser.md).

* A file with a precompressed copy (NAME.br, NAME.gz: sitegen.site.precompress)
  is sent as that copy with `Content-Encoding: br` or `gzip` when the
  browser accepts it, and `Vary: Accept-Encoding`.
* Content-hashed folders (the runtime, the site's bundle) and the player
  shards (fetched with their hash as the query, which a browser's cache
  key includes) are cached for a year (`immutable`); everything else is
  revalidated (`no-cache`).
* `.wasm`, `.mjs` and `.js` get the types a module worker needs.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
from pathlib import Path

from sitegen.site.precompress import ENCODINGS

__all__ = ["SiteHandler", "IMMUTABLE", "accepted", "make_server"]

IMMUTABLE = re.compile(r"/static/(pyodide|bundle|players)/[^/]+/")
LONG = "public, max-age=31536000, immutable"


def accepted(header: str) -> set[str]:
    """The codings an Accept-Encoding header accepts (q=0 refuses one)."""
    codings = set()
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        q = re.search(r"q\s*=\s*([0-9.]+)", params)
        if name and not (q and float(q.group(1) or 0) == 0):
            codings.add(name.strip().lower())
    return codings


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}
    extra_headers: dict[str, str] = {}

    def send_head(self):
        path = self.translate_path(self.path)
        copy = self._precompressed(path)
        if copy is None:
            return super().send_head()
        file, coding = copy
        handle = open(file, "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(os.fstat(handle.fileno()).st_size))
        self.end_headers()
        return handle

    def _precompressed(self, path: str) -> tuple[str, str] | None:
        if not os.path.isfile(path):
            return None
        codings = accepted(self.headers.get("Accept-Encoding", ""))
        for coding, suffix in ENCODINGS:
            if coding in codings and os.path.isfile(path + suffix):
                return path + suffix, coding
        return None

    def end_headers(self):
        path = self.path.split("?", 1)[0]
        self.send_header("Cache-Control", LONG if IMMUTABLE.search(path) else "no-cache")
        if os.path.isfile(self.translate_path(self.path) + ENCODINGS[0][1]) or \
                os.path.isfile(self.translate_path(self.path) + ENCODINGS[1][1]):
            self.send_header("Vary", "Accept-Encoding")
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, *args):
        pass


def make_server(folder: Path, port: int = 0, headers: dict[str, str] | None = None):
    """A ThreadingHTTPServer of `folder` on 127.0.0.1 (port 0: any free one)."""
    handler = type("Handler", (SiteHandler,), {"extra_headers": dict(headers or {})})
    return http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(handler, directory=str(folder)))
