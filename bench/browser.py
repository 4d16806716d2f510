"""Benchmark: the in-browser checker in Debian's Chromium (Playwright).

Prints the time from navigation to /check/ until the worker is ready, with
a cold cache (a fresh browser context) and a warm one (a persistent context
that loaded the page before), and the time to check the 284-player Karl
Mala TRF once ready, in the page and, for comparison, in CPython.  Serves a
site built from the tests' small content on 127.0.0.1.  Asserts nothing.

    python bench/browser.py [--runs 3]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_core.check import check_text  # noqa: E402
from sitegen.build import build  # noqa: E402
from sitegen.checkpages import render_check_pages  # noqa: E402
from sitegen.content import load_content  # noqa: E402
from sitegen.pipeline import compute  # noqa: E402
from sitegen.render import make_environment  # noqa: E402
from tests.site_fixture import write_content  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
KARL_MALA = ROOT.parent / "shared" / "third_party_data" / "chess" / \
    "sharly_example_trf16_KarlMala2005.trf"


def build_site(folder: Path) -> Path:
    content = write_content(folder / "content")
    out = folder / "site"
    build(content, out, show_progress=False)
    if not (out / "static" / "check" / "bundle.json").exists():
        render_check_pages(make_environment("/"), compute(load_content(content)), out)
    return out


def serve(site: Path) -> str:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".wasm": "application/wasm", ".mjs": "text/javascript"}

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                            functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}"


def to_ready(page, url: str) -> float:
    start = time.perf_counter()
    page.goto(url + "/check/")
    page.wait_for_selector("#check-status[data-state=ready]", timeout=300_000)
    return time.perf_counter() - start


def check_once(page) -> float:
    page.set_input_files("#check-file", str(KARL_MALA))
    page.wait_for_function("() => document.getElementById('check-file-name').textContent"
                           ".indexOf('KarlMala') !== -1")
    before = int(page.get_attribute("#check-problems", "data-done") or 0)
    start = time.perf_counter()
    page.click("#check-submit")
    page.wait_for_function("n => document.getElementById('check-problems').dataset.done === n",
                           arg=str(before + 1), timeout=300_000)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        url = serve(build_site(Path(tmp)))
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        cold, checks = [], []
        for _ in range(runs):
            context = browser.new_context()
            page = context.new_page()
            cold.append(to_ready(page, url))
            if KARL_MALA.exists():
                checks.append(check_once(page))
            context.close()
        browser.close()
        warm = []
        context = playwright.chromium.launch_persistent_context(
            str(Path(tmp) / "profile"), executable_path=CHROMIUM, args=ARGS)
        to_ready(context.new_page(), url)            # fills the cache
        for _ in range(runs):
            page = context.new_page()
            warm.append(to_ready(page, url))
            page.close()
        context.close()
    print(f"navigation to ready, cold cache: {statistics.median(cold):6.2f} s "
          f"(median of {runs}; {', '.join(f'{s:.2f}' for s in cold)})")
    print(f"navigation to ready, warm cache: {statistics.median(warm):6.2f} s "
          f"(median of {runs}; {', '.join(f'{s:.2f}' for s in warm)})")
    if checks:
        text = KARL_MALA.read_text(encoding="utf-8")
        start = time.perf_counter()
        check_text(text, KARL_MALA.name)
        cpython = time.perf_counter() - start
        print(f"check {KARL_MALA.name} once ready: {statistics.median(checks) * 1000:7.0f} ms "
              f"in the page (CPython: {cpython * 1000:.0f} ms)")
    else:
        print(f"{KARL_MALA} is absent: no check timed")


if __name__ == "__main__":
    main()
