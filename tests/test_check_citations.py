"""The checker's results link their citations as the site's pages do:
templates/static/check/cite.js (run here under Node) against
sitegen.site.regulations' cite_url, with the anchors render writes to
static/check/citations.json."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from sitegen.site.regulations import (
    DEFAULT_FOLDER,
    RegulationIndex,
    citation_anchors,
    load_regulations,
)
from tests.shared_data import ROOT

CITE_JS = ROOT / "templates" / "static" / "check" / "cite.js"

# (a citation as rules_core writes it, the address cite_url gives; None: plain text)
CASES = [
    ("fide-2002 10.51", "/regulations/fide-2002/#a10.51"),
    ("fide-2002 10.54(a)", "/regulations/fide-2002/#a10.54-a"),
    ("fide-2009 8.58", "/regulations/fide-2009/#a8.58"),
    ("fide-rb-2024 7.2.4", "/regulations/fide-rb-2024/#a7.2.4"),
    ("fmjd Annex 9 §3.2.2", "/regulations/fmjd-annex-9/#a3.2.2"),
    ("fmjd Annex 10 §3.11.3.a", "/regulations/fmjd-annex-10/#a3.11.3a"),
    ("fmjd Annex 18", "/regulations/fmjd-annex-18/"),
    ("fide-2024 8.1", None),            # not among the published texts
    ("fide-2002 99.99", None),          # no such article
]

RUNNER = """
import { CITATION, useAnchors, citationUrl } from "./cite.mjs";
import { readFileSync } from "node:fs";
const [anchors, cases] = JSON.parse(readFileSync(process.argv[2], "utf8"));
useAnchors(anchors);
const out = cases.map(function (text) {
  const match = Array.from(text.matchAll(CITATION))[0];
  const url = match ? citationUrl(match) : null;
  return url === null ? null : new URL(url).pathname + new URL(url).hash;
});
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def docs():
    return load_regulations(DEFAULT_FOLDER)


def test_python_links_the_cases_as_the_table_says(docs):
    index = RegulationIndex(docs)
    for text, url in CASES:
        assert index.cite_url(text) == url, text


def _run_cite_js(runner: str, docs, texts: list[str], tmp_path):
    """What `runner` (a Node module importing cite.js as ./cite.mjs) prints
    for `texts` with the site's citation anchors, read as JSON."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (it runs templates/static/check/cite.js)")
    folder = tmp_path / "static" / "check"
    folder.mkdir(parents=True)
    shutil.copyfile(CITE_JS, folder / "cite.mjs")
    (folder / "run.mjs").write_text(runner, encoding="utf-8")
    data = tmp_path / "cases.json"
    data.write_text(json.dumps([citation_anchors(docs), texts]))
    done = subprocess.run([node, str(folder / "run.mjs"), str(data)], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_cite_js_links_as_the_site_does(docs, tmp_path):
    got = _run_cite_js(RUNNER, docs, [t for t, _ in CASES], tmp_path)
    # the script's addresses are under the site's root (here: the temporary folder)
    prefix = Path(tmp_path).as_posix()
    got = [None if g is None else g.removeprefix(prefix) for g in got]
    assert got == [url for _, url in CASES]


def test_citations_json_is_every_published_anchor(demo_site, docs):
    written = json.loads((demo_site / "static" / "check" / "citations.json").read_text())
    assert written == citation_anchors(docs)
    assert "a10.51" in written["fide-2002"] and "a3.2.2" in written["fmjd-annex-9"]


def test_the_checker_cites_its_notes_and_articles():
    """Every place the results show a note, a reason or an article goes
    through cite.js's `cited`."""
    folder = CITE_JS.parent
    uses = {name: sum((folder / name).read_text(encoding="utf-8").count(call)
                      for call in ("cited(", "citedHtml("))
            for name in ("check.js", "norm.js", "rating.js")}
    assert uses == {"check.js": 3, "norm.js": 2, "rating.js": 2}


HTML_RUNNER = """
import { useAnchors, citedHtml } from "./cite.mjs";
import { readFileSync } from "node:fs";
const [anchors, texts] = JSON.parse(readFileSync(process.argv[2], "utf8"));
useAnchors(anchors);
console.log(JSON.stringify(texts.map(citedHtml)));
"""

# (a note, its HTML as citedHtml writes it: the links cite_url gives, all text escaped)
HTML_CASES = [
    ("assumed at least 30 (fide-2002 10.51)",
     'assumed at least 30 (<a class="citation" href="ROOT/regulations/fide-2002/#a10.51">'
     'fide-2002 10.51</a>)'),
    ("<b>A & B</b> 'x' \"y\" fide-2024 8.1", "&lt;b&gt;A &amp; B&lt;/b&gt; &#39;x&#39; &quot;y&quot; "
     "fide-2024 8.1"),
    ("fmjd Annex 18 and fmjd Annex 9 §3.2.2.",
     '<a class="citation" href="ROOT/regulations/fmjd-annex-18/">fmjd Annex 18</a> and '
     '<a class="citation" href="ROOT/regulations/fmjd-annex-9/#a3.2.2">fmjd Annex 9 §3.2.2</a>.'),
    ("", ""),
]


def test_cited_html_is_cited_as_one_string(docs, tmp_path):
    """The players' notes on /check/ are one HTML string (citedHtml): the
    links of `cited`, every text escaped."""
    got = _run_cite_js(HTML_RUNNER, docs, [t for t, _ in HTML_CASES], tmp_path)
    root = tmp_path.as_uri()
    assert got == [html.replace("ROOT", root) for _, html in HTML_CASES]
