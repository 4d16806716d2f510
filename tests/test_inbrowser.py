"""sitegen.browser.worker, in CPython: the requests the checker's worker answers.

The same module runs in the browser under Pyodide (tests/test_browser.py
checks that the pages show what it gives); here its answers are checked
against rules_core directly, and it is kept to what Pyodide can import.
"""

from __future__ import annotations

import ast
import gzip
import json
import re
import sys
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_core.check import CheckOptions, check_text
from sitegen.browser import worker as inbrowser
from sitegen.browser.pages import player_index, shard_file, sharded_index
from sitegen.compute.pipeline import compute
from sitegen.content.folder import load_content
from tests.shared_data import ROOT
from tests.site_fixture import round_robin_toml, write_content

SAMPLE = ROOT / "tests" / "data" / "2025-riverside-spring-invitational.toml"


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    """The fixture site's players.json, loaded as the worker loads it."""
    data = compute(load_content(write_content(tmp_path_factory.mktemp("content") / "c")))
    text = json.dumps(player_index(data))
    inbrowser.load_players(text)
    yield data
    inbrowser.load_players(json.dumps({"lists": [], "players": []}))


def test_imports_only_what_pyodide_has():
    """The standard library, rules_core and sitegen.site.figures (shipped beside
    it as sitegen_figures): nothing else is in the browser."""
    tree = ast.parse((ROOT / "sitegen" / "browser" / "worker.py").read_text(encoding="utf-8"))
    modules = {alias.name.split(".")[0] for node in ast.walk(tree)
               if isinstance(node, ast.Import) for alias in node.names}
    modules |= {node.module.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module}
    foreign = modules - set(sys.stdlib_module_names) - {"rules_core", "sitegen",
                                                         "sitegen_figures", "__future__"}
    assert foreign == set()
    assert {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
            and n.module and n.module.startswith("sitegen")} == {"sitegen.site.figures",
                                                                  "sitegen_figures"}


def test_every_import_runs_when_the_module_is_imported():
    """No import inside a function, in rules_core, worker.py or figures.py:
    the memory snapshot, which imports them all, then holds every module
    they can use, and the browser gives Python an empty standard library
    (docs/browser.md, "The standard library")."""
    files = sorted((ROOT / "rules_core").rglob("*.py"))
    files += [ROOT / "sitegen" / "browser" / "worker.py", ROOT / "sitegen" / "site" / "figures.py"]
    late = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
                late += [f"{path.name}:{n.lineno}" for n in ast.walk(node)
                         if isinstance(n, ast.Import | ast.ImportFrom)]
    assert late == []


def test_the_warm_up_checks_a_made_up_round_robin():
    """inbrowser.warm_up's file (run before the snapshot is taken) is a
    real check: read as TRF without a problem, every player rated."""
    text = inbrowser._round_robin_trf(20)
    result = check_text(text, "warm-up.trf")
    assert result["problems"] == [] and result["event"]["format"] == "trf"
    assert len(result["players"]) == 20 and all(p["rated_games"] == 19 for p in result["players"])
    assert result["players"][0]["score"] == 15.5        # 12 wins, 7 draws (sums divisible by 3)
    inbrowser.warm_up()
    assert inbrowser.timing() == "{}"


class _TypedArray:
    """What Pyodide hands Python for a JavaScript Uint8Array: a proxy whose
    `to_bytes` copies it."""

    def __init__(self, body: bytes):
        self.body = body

    def to_bytes(self) -> bytes:
        return self.body


def test_a_shard_is_added_as_fetched_gzip_or_unpacked(index):
    """The worker hands each id shard's bytes to Python as they came
    (templates/check/worker.js `shardBytes`): gzip as written, unpacked by
    a host that sent Content-Encoding: gzip, as a typed array's proxy or
    as text; each way adds the same players."""
    meta, files = sharded_index(index)
    n = max(range(meta["id_shards"]), key=lambda n: len(files[shard_file(meta, "id", n)]))
    body = files[shard_file(meta, "id", n)]
    assert body[:2] == b"\x1f\x8b"
    plain = gzip.decompress(body)
    added = [inbrowser.add_players(n, given) for given in
             (body, plain, _TypedArray(body), _TypedArray(plain), plain.decode("utf-8"))]
    assert len(set(added)) == 1 and added[0] > 0
    rows = inbrowser.shard_rows(json.loads(plain))
    assert all(inbrowser._INDEX.find(r["game"], r["id"]) is not None for r in rows)


def test_the_rehearsal_checks_a_made_up_swiss_with_what_real_opens_have():
    """The made-up Swiss the worker checks once a visit (inbrowser.rehearse,
    docs/browser.md "The first check of a visit") is a real check without a
    problem, and has what the round robin lacks: unrated players, players
    without an id, titles, a pairing-allocated and a half-point bye,
    forfeits, 120 players over 9 rounds."""
    text = inbrowser._swiss_trf()
    result = check_text(text, "rehearsal.trf")
    assert result["problems"] == [] and result["event"]["format"] == "trf"
    players = result["players"]
    assert len(players) == 120 and len(players[0]["rounds"]) == 9
    cells = [line[91:] for line in text.splitlines() if line.startswith("001")]
    assert all(len(c) == 9 * 10 - 2 for c in cells)
    every = " ".join(cells)
    assert "0000 - U" in every and "0000 - H" in every
    assert re.search(r"\d [wb] \+", every) and re.search(r"\d [wb] -", every)       # forfeits
    assert sum(1 for p in players if not p["rating"]) == 13
    assert sum(1 for line in text.splitlines() if line.startswith("001") and not line[57:68].strip()) == 17
    assert {p["title"] for p in players} >= {"GM", "IM", "FM", "WFM"}
    rated = sorted(p["rated_games"] for p in players)
    assert rated[0] < rated[-1] == 9            # byes, forfeits and unrated opponents count no game


def test_a_rehearsal_leaves_no_trace_on_the_next_check():
    """The rehearsal's steps, in the worker's order, count no time and
    keep nothing but the first view they give the page; the next check,
    and a step that comes after a real check's, answer what they would
    without it."""
    payload = json.dumps({"text": SAMPLE.read_text(encoding="utf-8"), "filename": SAMPLE.name})
    view, rest = inbrowser.check_view(payload), inbrowser.check_rest()
    inbrowser.timing()
    answers = {}
    for step in ("read", "view", "rest"):
        answers[step] = inbrowser.rehearse(step)
        assert inbrowser.timing() == "{}"
    assert answers["read"] == answers["rest"] == ""
    first = json.loads(answers["view"])          # the page rehearses its first rows with it
    assert first["partial"] and len(first["table"]["rows"]) == len(first["result"]["players"]) == 120
    assert (inbrowser.check_view(payload), inbrowser.check_rest()) == (view, rest)
    inbrowser.rehearse("view")
    assert inbrowser.check_view(payload) == view      # the rehearsal's rest is dropped
    inbrowser.rehearse("rest")                        # ... so this takes the check's
    assert inbrowser.check_rest() == "null"
    with pytest.raises(ValueError, match="unknown step"):
        inbrowser.rehearse("paint")


def test_timing_gives_each_step_once():
    """What the worker passes to the page for bench/browser.py: the
    milliseconds of each step of the last check, then nothing."""
    inbrowser.timing()
    inbrowser.handle("check", json.dumps({"text": SAMPLE.read_text(encoding="utf-8"),
                                          "filename": SAMPLE.name}))
    spent = json.loads(inbrowser.timing())
    assert set(spent) == {"read", "rate", "table", "csv", "json"}
    assert all(ms >= 0 for ms in spent.values())
    assert inbrowser.timing() == "{}"


def test_check_without_filling_is_check_text():
    text = SAMPLE.read_text(encoding="utf-8")
    answer = json.loads(inbrowser.handle("check", json.dumps(
        {"text": text, "filename": SAMPLE.name, "options": {"fill": False}})))
    expected = check_text(text, SAMPLE.name)
    assert [{k: v for k, v in p.items() if k != "filled"} for p in answer["result"]["players"]] \
        == json.loads(json.dumps(expected["players"]))
    assert answer["csv"].splitlines()[0].split(",")[:5] == ["number", "name", "title",
                                                            "federation", "rating"]
    row = answer["table"]["rows"][0]
    assert row["number"] == expected["players"][0]["number"]
    assert [c["field"] for c in answer["table"]["columns"]][:3] == ["number", "name", "title"]
    assert len(row["texts"]) == len(answer["table"]["columns"]) and "cells" not in row


def test_options_are_those_of_sitegen_check():
    text = SAMPLE.read_text(encoding="utf-8")
    answer = inbrowser.check({"text": text, "filename": SAMPLE.name,
                              "options": {"rules": "fide-standard-2002", "fill": False}})
    assert answer["result"] == {**check_text(text, SAMPLE.name,
                                             CheckOptions(rules="fide-standard-2002")),
                                "players": answer["result"]["players"]}
    assert answer["result"]["edition"] == "fide-standard-2002"


@pytest.mark.parametrize("payload, message", [
    ({"text": "  \n"}, "the file is empty"),
    ({"text": "x", "options": {"rules": "fide-1066"}}, "unknown edition: 'fide-1066'"),
    ({"text": "x", "options": {"tiebreaks": "coin"}}, "unknown tie-break system: 'coin'"),
])
def test_requests_the_user_can_correct_are_answered_with_an_error(payload, message):
    answer = json.loads(inbrowser.handle("check", json.dumps(payload)))
    assert message in answer["error"]


def test_editions_are_the_registry():
    from rules_core.editions import EDITIONS
    answer = json.loads(inbrowser.handle("editions"))
    assert [e["id"] for e in answer["editions"]] == [e.id for e in EDITIONS]
    assert "5.2" in answer["tiebreaks"]


def test_unknown_request():
    assert json.loads(inbrowser.handle("brew", "{}")) == {"error": "unknown request: 'brew'"}


def test_filling_takes_the_list_in_force_at_the_start(index):
    """A registered player without rating gets the rating and K of the last
    list published on or before the event's start, and his title; players
    the file rates keep their rating."""
    text = round_robin_toml("Late", "2024-07-20", "2024-07-22", ["1001", "1002", "1005"])
    text = text.replace('id = "1005"\n', 'id = "1005"\nrating = 2390\n')
    answer = inbrowser.check({"text": text, "filename": "late.toml"})
    players = {p["id"]: p for p in answer["result"]["players"]}
    published = index.lists[("chess", "standard")]
    in_force = max((pl for pl in published if pl.date <= date(2024, 7, 20)),
                   key=lambda pl: pl.date)
    entry = next(e for e in in_force.entries if e.id == "1001")
    assert (players["1001"]["rating"], players["1001"]["k"]) == (entry.rating, entry.k)
    assert players["1001"]["filled"] == {"rating": "list", "k": "list", "title": "list",
                                         "federation": "list", "sex": "list",
                                         "birth_year": "list"}
    assert players["1001"]["title"] == "WFM"
    assert "rating" not in players["1005"]["filled"] and players["1005"]["rating"] == 2390


def test_nothing_is_filled_before_the_first_list(index):
    text = round_robin_toml("Early", "2020-01-01", "2020-01-02", ["1001", "1002"])
    answer = inbrowser.check({"text": text, "filename": "early.toml"})
    assert all("rating" not in p["filled"] for p in answer["result"]["players"])


# fmjd Annex 9 §3.1-§3.2 worked example
FMJD_EXAMPLE = {"edition": "fmjd-2024", "time_control": "2h",
                "player": {"rating": "2150", "k": "15"},
                "games": [{"rating": r, "result": c} for r, c in zip(
                    [2000, 2100, 2050, 2050, 1950, 2150, 2050], "11===10", strict=True)]}


def test_rating_steps_cite_their_articles():
    answer = inbrowser.rating(FMJD_EXAMPLE)
    steps = {s["field"]: s for s in answer["steps"]}
    assert steps["performance"]["value"] == 2155 and steps["performance"]["article"] == \
        "fmjd Annex 9 §3.1"
    assert steps["change"]["text"] == "+0.63" and steps["new_rating"]["value"] == 2151
    assert [g["opponent_rating"] for g in answer["games"]] == [2000, 2100, 2050, 2050, 1950,
                                                               2150, 2050]


@pytest.mark.parametrize("change, message", [
    ({"edition": "fide-2099"}, "unknown edition: 'fide-2099'"),
    ({"games": []}, "no games"),
    ({"games": [{"rating": 2000, "result": "2"}]}, "game 1: result '2'"),
    ({"player": {"rating": "abc"}}, "your rating: 'abc' is not a whole number"),
    ({"date": "2024-13-01"}, "date '2024-13-01': expected YYYY-MM-DD"),
])
def test_rating_form_errors(change, message):
    answer = json.loads(inbrowser.handle("rating", json.dumps({**FMJD_EXAMPLE, **change})))
    assert message in answer["error"]


def test_norm_needs_games_with_known_results():
    answer = json.loads(inbrowser.handle("norm", json.dumps(
        {"games": [{"rating": 2200, "result": "2"}]})))
    assert "game 1: result '2'" in answer["error"]
    assert "no games" in json.loads(inbrowser.handle("norm", "{}"))["error"]


def test_cell_text_is_the_event_pages_format():
    assert inbrowser.cell_text("change", 0.631) == "+0.63"
    assert inbrowser.cell_text("expected", 8.9158) == "8.92"
    assert inbrowser.cell_text("score", 4.5) == "4.5"
    assert inbrowser.cell_text("tiebreaks.full_truncated_solkoff", [5.0, 4.5]) == "5 4.5"
    assert inbrowser.cell_text("new_rating", None) == ""


@given(st.floats(allow_nan=False) | st.floats(min_value=-1e4, max_value=1e4).map(
    lambda x: round(x * 4) / 4))
def test_points_text_is_points(value):
    """The worker writes a float score or tie-break as sitegen's `points`
    and `tiebreak` do, without their Fraction check first."""
    from sitegen.site.figures import points, tiebreak
    assert inbrowser._points_text(value) == points(value)
    assert inbrowser._tiebreak_text(value) == tiebreak(value)


def test_shipped_copy_is_importable_under_its_browser_name(tmp_path, monkeypatch):
    """In the browser, sitegen is absent: the module finds sitegen_figures."""
    for shipped_name, source in (("inbrowser.py", "browser/worker.py"),
                                 ("sitegen_figures.py", "site/figures.py")):
        (tmp_path / shipped_name).write_bytes((ROOT / "sitegen" / source).read_bytes())
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(sys.modules, "sitegen.site.figures", None)     # as if absent
    monkeypatch.delitem(sys.modules, "inbrowser", raising=False)
    import inbrowser as shipped
    assert shipped.fixed.__module__ == "sitegen_figures"
    assert Path(shipped.__file__).parent == tmp_path


# A check in two steps (docs/browser.md, "A check in two steps"): every file
# of tests/data, and of ../shared/third_party_data when it is there; the
# answers of `check_view` and `check_rest` together are `handle("check")`'s.
TWO_STEP_FILES = sorted(p for p in (ROOT / "tests" / "data").rglob("*") if p.is_file())
TWO_STEP_SHARED = ("chess", "draughts")


def _two_steps(path: Path, options: dict) -> tuple[dict, dict, object]:
    payload = json.dumps({"text": path.read_bytes().decode("utf-8", errors="replace"),
                          "filename": path.name, "options": options})
    whole = json.loads(inbrowser.handle("check", payload))
    view = json.loads(inbrowser.check_view(payload))
    return whole, view, json.loads(inbrowser.check_rest())


def _assert_two_steps_are_the_answer(path: Path, options: dict) -> None:
    whole, view, rest = _two_steps(path, options)
    if "result" not in whole:                  # an error: answered at once, nothing after
        assert (view, rest) == (whole, None)
        return
    assert view.pop("partial") is True and view["table"] == whole["table"]
    assert rest == {"result": whole["result"], "csv": whole["csv"]}
    players = view["result"].pop("players")
    assert view["result"] == {k: v for k, v in whole["result"].items() if k != "players"}
    assert players == [{k: p[k] for k in inbrowser.VIEW_KEYS} for p in whole["result"]["players"]]
    for shown, full in zip(players, whole["result"]["players"], strict=True):
        for column in view["table"]["columns"]:      # every cell's figure is in the view
            assert inbrowser.cell_value(shown, column["field"]) == \
                inbrowser.cell_value(full, column["field"])
    assert inbrowser.check_rest() == "null"     # given once


@pytest.mark.parametrize("path", TWO_STEP_FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("norms", [False, True])
def test_a_check_in_two_steps_is_the_whole_answer(path, norms):
    _assert_two_steps_are_the_answer(path, {"norms": norms})


@pytest.mark.parametrize("game", TWO_STEP_SHARED)
def test_third_party_files_in_two_steps_are_the_whole_answer(shared_dir, game):
    files = sorted(p for p in (shared_dir / game).iterdir()
                   if ".expected." not in p.name)
    assert files
    for path in files:
        _assert_two_steps_are_the_answer(path, {"norms": True})


def test_two_steps_fill_from_the_list_as_one(index):
    """Filled figures (and their marks) are the same in the first step."""
    _assert_two_steps_are_the_answer(SAMPLE, {"fill": True})
    whole, view, _ = _two_steps(SAMPLE, {"fill": True})
    assert [p["filled"] for p in view["result"]["players"]] == \
        [p["filled"] for p in whole["result"]["players"]]


def test_the_first_step_leaves_the_games_and_the_csv_for_the_second():
    whole, view, rest = _two_steps(SAMPLE, {})
    assert "csv" not in view and "games" not in view["result"]["players"][0]
    assert len(json.dumps(view)) < len(json.dumps(whole))
    spent = json.loads(inbrowser.timing())
    assert {"read", "rate", "table", "json", "csv", "json_rest"} <= set(spent)


def test_an_empty_file_is_answered_in_one_step():
    assert json.loads(inbrowser.check_view(json.dumps({"text": " "}))) == \
        {"error": "the file is empty: choose a file, drop one or paste its text"}
    assert inbrowser.check_rest() == "null"
