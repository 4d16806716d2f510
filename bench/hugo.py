"""Hugo on pages with the same rows as a built site's: the comparison
bench/build.py prints.

For each HTML page of a site sitegen built, a Hugo page with as many table
rows (`<tr>` in the page), each row eleven cells of the kinds a rating list
carries (rank, a linked name, title, federation, year, rating, change,
games, K, list letter, flags), taken from the page's data in front matter
and laid out by one template: the work sitegen's list pages do, done by
Hugo.  Hugo from Debian (`apt-get install hugo`); where it is absent the
comparison is skipped and says so.  Prints figures; asserts nothing.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

__all__ = ["hugo_binary", "hugo_parallelism", "rows_per_page", "write_site", "hugo_seconds"]

CONFIG = """baseURL = "https://bench.example/"
title = "bench"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
"""

# One template: the rows from the page's front matter, every cell escaped.
SINGLE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main><h1>{{ .Title }}</h1>
<table><thead><tr><th>Rank</th><th>Name</th><th>Title</th><th>Fed</th><th>Born</th>
<th>Rating</th><th>Change</th><th>Games</th><th>K</th><th>List</th><th>Flags</th></tr></thead>
<tbody>
{{ range .Params.rows }}<tr data-fed="{{ index . 4 }}"><td>{{ index . 0 }}</td><th><a href="{{ index . 2 }}">{{ index . 1 }}</a></th><td>{{ index . 3 }}</td><td>{{ index . 4 }}</td><td>{{ index . 5 }}</td><td>{{ index . 6 }}</td><td>{{ index . 7 }}</td><td>{{ index . 8 }}</td><td>{{ index . 9 }}</td><td>{{ index . 10 }}</td><td>{{ index . 11 }}</td></tr>
{{ end }}</tbody></table></main></body></html>
"""

_ROW = re.compile(rb"<tr[\s>]")


def hugo_binary() -> str | None:
    return shutil.which("hugo")


def rows_per_page(site: Path) -> list[int]:
    """The table rows of each HTML page of `site`, in path order."""
    return [len(_ROW.findall(page.read_bytes())) for page in sorted(site.rglob("*.html"))]


def write_site(folder: Path, rows: list[int]) -> None:
    """A Hugo site: a page for each entry of `rows`, with that many rows."""
    (folder / "layouts" / "_default").mkdir(parents=True)
    (folder / "content").mkdir()
    (folder / "config.toml").write_text(CONFIG, encoding="utf-8")
    (folder / "layouts" / "_default" / "single.html").write_text(SINGLE, encoding="utf-8")
    (folder / "layouts" / "_default" / "list.html").write_text("", encoding="utf-8")
    for index, count in enumerate(rows):
        data = [[str(r + 1), f"Surname{r}, Given & Co", f"/players/{4400000 + r}/", "FM", "NSF",
                 "1990", str(2400 - r), "+5", "9", "20", "A", "i"] for r in range(count)]
        front = json.dumps({"title": f"Page {index}", "rows": data}, ensure_ascii=False)
        (folder / "content" / f"p{index:05d}.md").write_text(front + "\n", encoding="utf-8")


def hugo_parallelism() -> str:
    """How many threads Hugo runs Go code on: GOMAXPROCS if set, else
    Go's default, every CPU the process may use."""
    given = os.environ.get("GOMAXPROCS")
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"GOMAXPROCS={given}" if given else f"every core ({cores}, Go's default)"


def hugo_seconds(rows: list[int]) -> tuple[float, int, float] | str:
    """(wall seconds, pages written, CPU seconds) of `hugo` over
    `write_site(rows)` (the source written before the clock starts), or why
    not."""
    binary = hugo_binary()
    if binary is None:
        return "hugo not found (Debian: apt-get install hugo)"
    with tempfile.TemporaryDirectory() as tmp:
        source, out = Path(tmp) / "src", Path(tmp) / "public"
        write_site(source, rows)
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
        began = time.perf_counter()
        done = subprocess.run([binary, "--quiet", "-s", str(source), "-d", str(out)],
                              capture_output=True, text=True)
        seconds = time.perf_counter() - began
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            return f"hugo failed: {done.stderr.strip()[:200]}"
        pages = sum(1 for p in out.rglob("p*/index.html"))
    return seconds, pages, (after.ru_utime - cpu.ru_utime) + (after.ru_stime - cpu.ru_stime)
