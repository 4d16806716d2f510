"""Benchmark: the in-browser checker in Debian's Chromium (Playwright).

One run prints every figure of issue 14, for a cold load (a fresh browser
context) and a warm one (a persistent context that loaded the page before,
with its service worker, and stayed until the worker's warm-up ended:
docs/browser.md, "Where a warm start goes"): the time from navigation to
"ready" and where it went (the page's and the worker's marks, ms from the
navigation), the bytes the server sent, and the ratio to a bare Pyodide
boot (`loadPyodide()` in a module worker, from the same files, measured in
the same run) with the bytes of each file sent; then the time from choosing
the 284-player Karl Mala TRF to its first rows painted and to the whole
table and notes laid out (measured in the page: the first and second check
of a cold load, the first of a warm one, each chosen as soon as the page is
ready, and the first of a cold and of a warm load chosen `PAUSE` after it,
as a visitor opening the file dialog would), split into the worker's steps and
the page's (check_once), beside CPython's time for the same check, and the
bytes of player data fetched for it.  The site is built from the tests'
small content and served by `sitegen serve`'s handler on 127.0.0.1
(precompressed copies, caching headers).  `--players N` replaces the
site's player index by one of N players (the Karl Mala players among them),
each row made as its shard is written (1.2 million in under 300 MB).
Asserts nothing; the targets are printed beside the figures, and the
load average at the start and the end (the machine is shared).  With
`--trace` the second check of each cold load runs under Chromium's trace
(`devtools.timeline`) and the main thread's rendering work for it is
printed: parsing the rows' HTML, style, layout, pre-paint and paint, ms
(docs/browser.md, "Where a check's time goes, traced").

    python bench/browser.py [--runs 3] [--players N] [--trace]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_core.check import check_text, read_tournament  # noqa: E402
from sitegen.browser.pages import sharded, write_shards  # noqa: E402
from sitegen.build import build  # noqa: E402
from sitegen.content.sources import read_text  # noqa: E402
from sitegen.serve import SiteHandler  # noqa: E402
from tests.site_fixture import write_content  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
KARL_MALA = ROOT.parent / "shared" / "third_party_data" / "chess" / \
    "sharly_example_trf16_KarlMala2005.trf"
BARE_HTML = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="bare.js"></script></head><body></body></html>
"""
BARE_JS = """const worker = new Worker(new URL("bare-worker.js", import.meta.url), {type: "module"});
worker.onmessage = () => { document.body.dataset.ready = "1"; };
"""
BARE_WORKER = """const at = new URL("../static/check/bundle.json", self.location);
const bundle = await (await fetch(at)).json();
const indexURL = new URL(bundle.pyodide, at).href;
const runtime = await import(indexURL + "pyodide.mjs");
await runtime.loadPyodide({indexURL: indexURL, lockFileURL: new URL(bundle.lock, at).href});
self.postMessage("ready");
"""


def build_site(folder: Path, players: int | None) -> Path:
    out = folder / "site"
    build(write_content(folder / "content"), out, show_progress=False)
    bare = out / "bench-bare"
    bare.mkdir()
    for name, text in (("index.html", BARE_HTML), ("bare.js", BARE_JS),
                       ("bare-worker.js", BARE_WORKER)):
        (bare / name).write_text(text, encoding="utf-8")
    if players:
        shutil.rmtree(out / "static" / "players")
        write_shards(_index(players), out)
    return out


def _index(players: int) -> tuple[dict, dict[str, bytes]]:
    """players.json and the shards of `players` chess players: the Karl Mala
    players (by their FIDE ids) and made-up ones, their names spread over
    the name shards as real names are.  Each row is made as its shard is
    written (`pages.sharded`): 1.2 million players take a few hundred MB,
    not a dictionary each."""
    ids = [p.id for p in read_tournament(read_text(KARL_MALA), KARL_MALA.name).players if p.id]
    ids += [str(30_000_000 + n) for n in range(max(0, players - len(ids)))]
    ratings, lists = {"standard": 2100}, {"standard": [[0, 2100, 20]]}   # shared by every row

    def name(key: tuple[str, str]) -> str:
        n = int(key[1])
        return f"{chr(65 + n % 26)}{chr(97 + n // 26 % 26)}son, Player {key[1]}"

    def row(key: tuple[str, str]) -> list:
        return ["chess", key[1], name(key), "GER", "m", 1980, "", ratings, lists]

    dated = [{"game": "chess", "list": "standard", "dates": ["2005-07-01"]}]
    return sharded(dated, [("chess", pid) for pid in ids], row, name)


class Counting(SiteHandler):
    """sitegen serve's handler, counting the bytes of the bodies sent, in
    all and by path (`files`, cleared by to_ready)."""
    sent = {"bytes": 0, "players": 0}
    files: dict[str, int] = {}

    def copyfile(self, source, outputfile):
        data = source.read()
        self.sent["bytes"] += len(data)
        self.files[self.path] = self.files.get(self.path, 0) + len(data)
        if self.path.startswith("/static/players/"):
            self.sent["players"] += len(data)
        outputfile.write(data)


def serve(site: Path) -> str:
    import functools
    import http.server

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                            functools.partial(Counting, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}"


# Notes, on the page's clock, when `selector` first matches: a mutation
# observer installed before the page's own scripts (an init script), whose
# callback runs right after the change.  Playwright's wait_for_selector
# polls, after its first tries, every 500 ms: read through it, "ready" came
# up to half a second late (the warm start's 0.65 s read as 1.04 s).
WATCH = """(() => {
  const selector = %s;
  const seen = () => {
    if (window.__readyAt === undefined && document.querySelector(selector)) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, {subtree: true, childList: true, attributes: true});
})();"""


def to_ready(page, url: str, path: str = "/check/",
             ready: str = "#check-status[data-state=ready]") -> tuple[float, int]:
    """(seconds from the navigation's start to `ready` matching, on the
    page's clock (`WATCH`); the bytes the visit was sent, until the network
    was idle)."""
    before = Counting.sent["bytes"]
    Counting.files.clear()
    page.add_init_script(script=WATCH % json.dumps(ready))
    page.goto(url + path)
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=300_000,
                           polling="raf")
    # the bytes of the whole visit: what the page asks for at "ready" (the
    # site's players.json) is in once the network has been idle for 0.5 s
    page.wait_for_load_state("networkidle")
    return page.evaluate("window.__readyAt") / 1000, Counting.sent["bytes"] - before


def boot_marks(page) -> dict[str, float]:
    """Where the start went: the page's and the worker's marks, ms from the
    navigation (the status line's data-boot, common.js), and `html` the
    page's own response."""
    marks = json.loads(page.get_attribute("#check-status", "data-boot") or "{}")
    marks["html"] = page.evaluate(
        "() => performance.getEntriesByType('navigation')[0].responseEnd")
    return marks


BOOT_STEPS = ("html", "script", "bundle_page", "worker", "bundle", "snapshot_response", "snapshot_kept",
              "runtime_imported", "compiled", "snapshot_read", "snapshot_unpaged",
              "instantiating", "instantiated", "restoring", "loaded", "ready")


def _boot(label: str, runs: list[dict[str, float]]) -> str:
    """The median of each mark, in the order of BOOT_STEPS."""
    return f"{label}, ms from navigation (median): " + ", ".join(
        f"{step} {statistics.median(r[step] for r in runs):.0f}"
        for step in BOOT_STEPS if all(step in r for r in runs))


def bare(page, url: str) -> tuple[float, int]:
    return to_ready(page, url, "/bench-bare/", "body[data-ready]")


def check_once(page, again: bool = False) -> tuple[float, int, dict]:
    """Milliseconds from choosing the file (`again`: from the Check button,
    which checks it once more) to its whole table and notes laid out (the
    page's own measure), the bytes of player data fetched for it, and where
    the time went (the page's data-timing, ms: `shards` fetching the list's
    shards and, of it, `read` reading the file, `fetch` the shards' requests
    and unpacking, `add` handing them to Python, `fetched` how many shards
    (a count, not ms); `python` the worker's call
    to Python for the first step of the answer, of it `rate`, `table`,
    `json`; `parse` the page's JSON.parse; `put` from the answer to the
    first rows in the page, before their paint; `first` from choosing to
    the first rows painted; `render` from the answer to the whole table
    laid out; `rest` the worker's second step (the whole contract and the
    CSV, made while the page paints), of it `csv` and `json_rest`, and
    `rest_parse` the page's JSON.parse of it: docs/browser.md, "A check in
    two steps")."""
    before = int(page.get_attribute("#check-problems", "data-done") or 0)
    players = Counting.sent["players"]
    if again:
        page.click("#check-submit")
    else:
        page.set_input_files("#check-file", str(KARL_MALA))
    page.wait_for_function("n => document.getElementById('check-problems').dataset.done === n",
                           arg=str(before + 1), timeout=300_000)
    timing = json.loads(page.get_attribute("#check-problems", "data-timing") or "{}")
    return float(page.get_attribute("#check-problems", "data-ms")), \
        Counting.sent["players"] - players, timing


def paused_check(page, url: str) -> tuple[float, int, dict]:
    """check_once of a page loaded to "ready", the file chosen `PAUSE`
    after it (a visitor opening the file dialog)."""
    to_ready(page, url)
    page.wait_for_timeout(PAUSE)
    return check_once(page)


RENDERING = ("ParseHTML", "UpdateLayoutTree", "Layout", "PrePaint", "Paint")


def traced_check(context, page) -> dict[str, float]:
    """check_once(again=True) under Chromium's trace: ms of the page's main
    thread in each of RENDERING, until 0.5 s after the whole table."""
    cdp = context.new_cdp_session(page)
    events: list[dict] = []
    done: list[bool] = []
    cdp.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
    cdp.on("Tracing.tracingComplete", lambda message: done.append(True))
    cdp.send("Tracing.start", {"traceConfig": {"includedCategories": ["devtools.timeline"]},
                               "transferMode": "ReportEvents"})
    check_once(page, again=True)
    page.wait_for_timeout(500)
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(100)
    painting = collections.Counter(e["tid"] for e in events if e.get("name") == "Paint")
    main = painting.most_common(1)[0][0] if painting else None
    spent = dict.fromkeys(RENDERING, 0.0)
    for e in events:
        if e.get("ph") == "X" and e.get("tid") == main and e.get("name") in spent:
            spent[e["name"]] += e.get("dur", 0) / 1000
    return spent


def _rendering(runs: list[dict[str, float]]) -> str:
    return "traced second cold check, the page's main thread, ms (median): " + ", ".join(
        f"{step} {statistics.median(r[step] for r in runs):.0f}" for step in RENDERING) + \
        f", all {statistics.median(sum(r.values()) for r in runs):.0f}"


def _load() -> str:
    return "load average " + ", ".join(f"{figure:.2f}" for figure in os.getloadavg())


def _line(label: str, runs: list[tuple[float, int]], bare_runs: list[tuple[float, int]]) -> str:
    seconds = statistics.median(s for s, _ in runs)
    sent = statistics.median(b for _, b in runs)
    ratio = seconds / statistics.median(s for s, _ in bare_runs)
    return (f"{label}: ready {seconds:5.2f} s, {sent / 1e6:6.2f} MB sent, "
            f"{ratio:4.2f}x a bare Pyodide boot ({statistics.median(s for s, _ in bare_runs):.2f} s, "
            f"{statistics.median(b for _, b in bare_runs) / 1e6:.2f} MB); runs "
            + ", ".join(f"{s:.2f}" for s, _ in runs))


# ms the first visit stays open after the warm-up: V8 writes its code
# cache about 2 s after its last optimisation
WRITE_WAIT = 4000

# ms between "ready" and choosing the file in the paused checks: a visitor
# opening the file dialog, while the worker rehearses (docs/browser.md,
# "The first check of a visit"); the other checks choose it at once
PAUSE = 3000

SPLIT = ("shards", "read", "fetch", "add", "fetched", "python", "rate", "table", "json", "parse", "put", "render",
         "rest", "csv", "json_rest", "rest_parse")


def _checks(label: str, runs: list[tuple[float, int, dict]]) -> str:
    """The median times to the first rows painted and to the whole table,
    and the median of each step; what the steps leave out is the messages
    between page and worker."""
    split = ", ".join(f"{step} {statistics.median(t.get(step, 0) for _, _, t in runs):.0f}"
                      for step in SPLIT)
    first = statistics.median(t.get("first", ms) for ms, _, t in runs)
    return (f"{label}: first rows painted {first:.0f} ms, whole table "
            f"{statistics.median(ms for ms, _, _ in runs):.0f} ms "
            f"(runs {', '.join(f'{ms:.0f}' for ms, _, _ in runs)}; {split})")


def _files(files: dict[str, int]) -> str:
    """The bytes sent per file, largest first (a hashed folder's name cut)."""
    named = {}
    for path, sent in files.items():
        name = re.sub(r"/static/(bundle|players)/[0-9a-f]+/", r"/static/\1/HASH/", path)
        named[name] = named.get(name, 0) + sent
    return ", ".join(f"{name} {sent / 1e6:.3f}"
                     for name, sent in sorted(named.items(), key=lambda item: -item[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--trace", action="store_true",
                        help="trace the page's rendering of each cold load's second check")
    args = parser.parse_args()
    started = _load()
    traced: list[dict[str, float]] = []
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        url = serve(build_site(Path(tmp), args.players))
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        cold, cold_bare, checks, again, warm_checks, paused, warm_paused = [], [], [], [], [], [], []
        cold_boot: list[dict[str, float]] = []
        warm_boot: list[dict[str, float]] = []
        files: dict[str, dict[str, int]] = {}
        for _ in range(args.runs):
            for runs, measure in ((cold, to_ready), (cold_bare, bare)):
                context = browser.new_context(service_workers="block")
                page = context.new_page()
                runs.append(measure(page, url))
                files[measure.__name__] = dict(Counting.files)
                if measure is to_ready:
                    cold_boot.append(boot_marks(page))
                if measure is to_ready and KARL_MALA.exists():
                    checks.append(check_once(page))
                    again.append(check_once(page, again=True))
                    if args.trace:
                        traced.append(traced_check(context, page))
                context.close()
            if KARL_MALA.exists():
                context = browser.new_context(service_workers="block")
                paused.append(paused_check(context.new_page(), url))
                context.close()
        browser.close()
        context = playwright.chromium.launch_persistent_context(
            str(Path(tmp) / "profile"), executable_path=CHROMIUM, args=ARGS)
        first = context.new_page()
        to_ready(first, url)                         # fills the caches, installs the service worker
        first.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=300_000)
        # the worker's warm-up, once per build (V8 then keeps the compiled wasm)
        first.wait_for_selector("#check-status[data-warmed]", state="attached", timeout=300_000)
        warm_up = float(first.get_attribute("#check-status", "data-warmed"))
        first.wait_for_timeout(WRITE_WAIT)
        first.close()
        bare(context.new_page(), url)
        warm, warm_bare = [], []
        for _ in range(args.runs):
            for runs, measure in ((warm, to_ready), (warm_bare, bare)):
                page = context.new_page()
                runs.append(measure(page, url))
                if measure is to_ready:
                    warm_boot.append(boot_marks(page))
                if measure is to_ready and KARL_MALA.exists():
                    warm_checks.append(check_once(page))
                page.close()
            if KARL_MALA.exists():
                page = context.new_page()
                warm_paused.append(paused_check(page, url))
                page.close()
        context.close()
    print(f"Chromium {browser.version}, {args.players or 'the demo'} players, "
          f"median of {args.runs} runs; targets: ready <= 3 s cold, <= 1.0 s warm, "
          f"<= 0.5x a bare boot; <= 7 MB cold, <= 0.2 MB warm; the TRF <= 100 ms; "
          f"<= 5 MB of player data; {started} at the start, {_load()} at the end")
    print(_line("cold", cold, cold_bare))
    print(_boot("cold start", cold_boot))
    print("cold, MB sent per file (last run): " + _files(files["to_ready"]))
    print("bare boot, MB sent per file (last run): " + _files(files["bare"]))
    print(f"first visit: the worker's warm-up (once per build, 2 s after the last request) "
          f"took {warm_up:.0f} ms of the worker's time")
    print(_line("warm", warm, warm_bare))
    print(_boot("warm start", warm_boot))
    if checks:
        start = time.perf_counter()
        check_text(read_text(KARL_MALA), KARL_MALA.name)
        cpython = (time.perf_counter() - start) * 1000
        print(f"check {KARL_MALA.name} (284 players) once ready, in the page "
              f"(CPython {cpython:.0f} ms): {_checks('cold, first', checks)}; "
              f"{_checks('cold, second', again)}; {_checks('warm, first', warm_checks)}; "
              f"{_checks(f'cold, first after {PAUSE / 1000:.0f} s', paused)}; "
              f"{_checks(f'warm, first after {PAUSE / 1000:.0f} s', warm_paused)}; "
              f"player data fetched {statistics.median(b for _, b, _ in checks) / 1e6:.2f} MB")
    else:
        print(f"{KARL_MALA} is absent: no check timed")
    if traced:
        print(_rendering(traced))


if __name__ == "__main__":
    main()
