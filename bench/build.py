"""Benchmark: how long the embedded content takes to load, compute and render
(pages a second, with 1 and with all render workers), Hugo's pages a second
on a site of the same pages and table rows when `hugo` is installed, and how
long `check` takes on the largest real TRF.  Prints figures; asserts nothing
(tests never assert on time).  docs/scale.md explains what is measured."""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_core.check import CheckOptions, check_text  # noqa: E402
from sitegen.compute.pipeline import compute  # noqa: E402
from sitegen.content.folder import load_content  # noqa: E402
from sitegen.site.regulations import load_regulations  # noqa: E402
from sitegen.site.render import render_site  # noqa: E402

_ROW = re.compile(rb"<tr[ >]")


def timed(function: Callable[[], object], repeat: int = 3) -> float:
    """The median wall time of `repeat` calls, in seconds."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def render_figures(content: Path, workers: int) -> tuple[float, int, int]:
    """Render the content's site once: (seconds, HTML pages, table rows)."""
    data = compute(load_content(content))
    regulations = load_regulations(content / "regulations")
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        files = render_site(data, Path(tmp) / "site", regulations, content=content,
                            workers=workers)
        seconds = time.perf_counter() - start
        pages = [f for f in files if f.suffix == ".html"]
        rows = sum(len(_ROW.findall(f.read_bytes())) for f in pages)
    return seconds, len(pages), rows


def hugo_site(folder: Path, pages: int, rows: int) -> None:
    """A Hugo site of `pages` pages with `rows` table rows among them, spread
    evenly, each row of seven cells like a list row (rank, name and link,
    title, federation, born, rating, change)."""
    (folder / "layouts" / "_default").mkdir(parents=True)
    (folder / "config.toml").write_text(
        'baseURL = "https://example.org/"\ntitle = "bench"\n'
        'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n')
    layout = ('<!DOCTYPE html><html lang="en"><head><title>{{ .Title }}</title></head>'
              "<body><h1>{{ .Title }}</h1><table><tbody>\n{{ range .Params.rows }}"
              '<tr data-fed="{{ index . 3 }}"><td>{{ index . 0 }}</td><th><a href="/p/'
              '{{ index . 0 }}/">{{ index . 1 }}</a></th><td>{{ index . 2 }}</td><td>'
              "{{ index . 3 }}</td><td>{{ index . 4 }}</td><td>{{ index . 5 }}</td><td>"
              "{{ index . 6 }}</td></tr>\n{{ end }}</tbody></table></body></html>\n")
    for name in ("single.html", "list.html"):
        (folder / "layouts" / "_default" / name).write_text(layout)
    content = folder / "content" / "p"
    content.mkdir(parents=True)
    per_page, extra = divmod(rows, max(pages - 1, 1))   # the home page is Hugo's own
    for page in range(1, pages):
        count = per_page + (1 if page <= extra else 0)
        cells = ",\n".join(f'  [{r}, "Player {page}-{r} & Co", "GM", "NED", 1990, '
                           f'{2000 + r}, "+{r % 20}"]' for r in range(1, count + 1))
        (content / f"{page}.md").write_text(f'+++\ntitle = "Page {page}"\nrows = [\n{cells}\n]\n+++\n')


def hugo_figures(pages: int, rows: int) -> tuple[float, int] | str:
    """Hugo's median build time and HTML pages, or why it was not run."""
    hugo = shutil.which("hugo")
    if hugo is None:
        return "hugo is not installed (apt-get install -y hugo)"
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp)
        hugo_site(site, pages, rows)

        def run() -> None:
            shutil.rmtree(site / "public", ignore_errors=True)
            subprocess.run([hugo, "--quiet", "--source", str(site)], check=True)
        seconds = timed(run)
        built = sum(1 for _ in (site / "public").rglob("*.html"))
    return seconds, built


def main() -> None:
    content = ROOT / "content"
    loaded = load_content(content)
    print(f"load content:     {timed(lambda: load_content(content)):6.2f} s")
    print(f"compute lists:    {timed(lambda: compute(loaded)):6.2f} s")
    cpus = os.cpu_count() or 1
    for workers in sorted({1, cpus}):
        seconds, pages, rows = render_figures(content, workers)
        print(f"render, {workers} worker(s): {seconds:6.2f} s, {pages} pages, "
              f"{pages / seconds:6.1f} pages/s ({rows / pages:.0f} table rows a page)")
    hugo = hugo_figures(pages, rows)
    if isinstance(hugo, str):
        print(f"hugo: skipped: {hugo}")
    else:
        hugo_seconds, hugo_pages = hugo
        ratio = (pages / seconds) / (hugo_pages / hugo_seconds)
        print(f"hugo:             {hugo_seconds:6.2f} s, {hugo_pages} pages, "
              f"{hugo_pages / hugo_seconds:6.1f} pages/s; sitegen/hugo = {ratio:.2f}")
    trf = ROOT.parent / "shared" / "third_party_data" / "chess" / \
        "sharly_example_trf16_KarlMala2005.trf"
    if trf.exists():
        text = trf.read_text(encoding="utf-8")
        for rules in ("fide-standard-2002", "fide-rapid-blitz-2024"):
            seconds = timed(lambda rules=rules: check_text(text, trf.name, CheckOptions(rules=rules)), 5)
            print(f"check 284-player TRF ({rules}): {seconds * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
