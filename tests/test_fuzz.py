"""Hostile input: `check_text` never raises and every problem has a line.

Issue 11 found 69 crashing inputs (11 places), a 2.7 KB file that ran for
more than 300 s and 2,459 problems without a line.  The known crashes are
cases below; then hypothesis mutates the demo files, our fixtures and the
real third-party files (tests/fuzzing.py: byte flips, truncation, huge
numbers, unicode with U+2028 and controls, duplicated players, self-pairings)
and checks every input in text and JSON modes.  A bounded number of examples
runs here; `python bench/fuzz.py --minutes N` runs for as long as asked.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core.check import CheckOptions, check_text
from sitegen.report import check_table
from tests.fuzzing import FORMATS, OPTION_SETS, mutate, run, seeds
from tests.shared_data import ROOT, third_party

SEEDS = seeds()
ALL_SEEDS = [(fmt, name, text) for fmt, found in SEEDS.items() for name, text in found]

TRF_PLAYER = ("001    1      Test, One                         2100 ENG    12345678 "
              "1990/01/01  1.0    1     2 w 1")
TRF_OTHER = ("001    2      Test, Two                         2000 ENG    12345679 "
             "1991/01/01  0.0    2     1 b 0")
OFFICIAL = """<section Info>
name = Test
played from = 01/02/2025
played to = 02/02/2025
type = ROUND
</end info>
<section players>
1,1,,1,2,Ann,Alpha,NED,01/01/1990,W
2,2,,2,0,Bob,Beta,NED,01/01/1990,M
</end players>
<section results>
{round},1,2,2-0
</end results>
"""
TOML = """[event]
name = "Test"
start = 2025-02-01
game = "{game}"
time_control = "90+30"

[[players]]
number = 1
name = "{name}"
rating = {rating}
results = ["2 w 1"]

[[players]]
number = 2
name = "Two"
rating = 2000
results = ["1 b 0"]
"""


def _check(text: str, filename: str, options: CheckOptions | None = None) -> dict:
    result = check_text(text, filename, options or CheckOptions())
    check_table(result, filename)       # the text mode, as the CLI prints it
    return result


def _codes(result: dict) -> set[str]:
    return {p["code"] for p in result["problems"]}


# --- the crashes issue 11 found ------------------------------------------------

@pytest.mark.parametrize("name", ["clpippel_2021-coppa-cita-di-Verona-Italie-rapid.csv",
                                  "clpippel_2022-Ouagadougou-Open.csv",
                                  "clpippel_2023-Zomerrapid_020.csv"])
def test_annex_17_in_text_mode_on_toernooibase(name):
    path = third_party("draughts", name)
    text = path.read_text(encoding="utf-8", errors="replace")
    result = check_text(text, path.name, CheckOptions(tiebreaks="annex-17"))
    table = check_table(result, path.name)
    assert "results_in_order" in table


def test_a_chess_edition_forced_on_a_draughts_file_is_refused():
    text = OFFICIAL.format(round=1)
    result = _check(text, "event.txt", CheckOptions(rules="fide-standard-2002"))
    assert "check.wrong-game" in _codes(result)
    problem = next(p for p in result["problems"] if p["code"] == "check.wrong-game")
    assert "'fide-standard-2002' rates chess" in problem["message"]
    assert problem["line"] is None and problem["no_line"]


@pytest.mark.parametrize("round_", ["9" * 30, "99999", "0"])
def test_a_round_number_out_of_range(round_):
    result = _check(OFFICIAL.format(round=round_), "event.txt")
    problems = [p for p in result["problems"] if p["severity"] == "error"]
    assert problems and all(p["line"] for p in problems)
    assert any("expected" in p["message"] for p in problems)
    assert result["players"] == []


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_number_of_more_than_4300_digits(fmt):
    found = SEEDS[fmt]
    if not found:
        pytest.skip(f"no seed file of format {fmt}")
    name, text = found[0]
    # in a line the reader reads (a TRF player record: a comment's digits
    # are never read, so never limited)
    start = text.index("\n001") + 5 if fmt == "trf" else 0
    at = next(i for i, c in enumerate(text) if c.isdigit() and i > start)
    result = _check(text[:at] + "7" * 4400 + text[at:], name)
    problem = next(p for p in result["problems"] if p["code"].endswith("number-too-long"))
    assert problem["line"] and "expected at most 18" in problem["message"]


@pytest.mark.parametrize("rating", [-2545, 100_000_000])
def test_a_rating_out_of_range_is_refused_saying_the_range(rating):
    result = _check(TOML.format(game="chess", name="One", rating=rating), "event.toml")
    problem = next(p for p in result["problems"] if p["code"] == "native.bad-rating")
    assert problem["line"] == 10
    assert "expected 0 (unrated) to 4000" in problem["message"]


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
@pytest.mark.parametrize("json_format", [False, True])
def test_a_line_separator_in_a_string_shifts_no_line(separator, json_format):
    text = TOML.format(game="chess", name=f"One{separator}Name", rating=2100)
    text = text.replace("rating = 2000", "rating = -5")     # line 16
    filename = "event.toml"
    if json_format:
        text = ('{"event": {"name": "Test", "start": "2025-02-01", "time_control": "90+30"},\n'
                f' "players": [{{"number": 1, "name": "One{separator}", "rating": 2100,\n'
                '  "results": ["2 w 1"]},\n'
                '  {"number": 2, "name": "Two", "rating": -5, "results": ["1 b 0"]}]}\n')
        filename = "event.json"
    result = _check(text, filename)
    problem = next(p for p in result["problems"] if p["code"] == "native.bad-rating")
    assert problem["line"] == (4 if json_format else 16)


def test_control_characters_in_names_never_reach_the_terminal():
    text = TOML.format(game="chess", name="Evil\\u001b[2J\\u0007", rating=2100)
    result = _check(text, "event.toml")
    table = check_table(result, "event.toml")
    assert "\x1b" not in table and "\x07" not in table
    assert "\\x1b[2J" in table


def test_a_trf_with_control_characters_in_a_result_cell():
    text = TRF_PLAYER[:-1] + "\x1b" + "\n" + TRF_OTHER + "\n"
    result = _check(text, "event.trf")
    assert all("\x1b" not in p["message"] for p in result["problems"])
    assert any("\\x1b" in p["message"] for p in result["problems"])


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("text", ["", " \n", "\ufeff", "\x00"])
def test_an_empty_file_in_every_format(fmt, text):
    result = _check(text, "event" + FORMATS[fmt], CheckOptions(format=fmt))
    assert result["problems"]
    assert all(p["line"] or p["no_line"] for p in result["problems"])


# --- hypothesis: mutated real and demo files ------------------------------------

@pytest.mark.skipif(not ALL_SEEDS, reason="no seed files")
@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.sampled_from(ALL_SEEDS) if ALL_SEEDS else st.nothing(),
       mutation=st.integers(0, 2**32), options=st.sampled_from(OPTION_SETS))
def test_mutated_files_never_crash_and_every_problem_has_a_line(seed, mutation, options):
    fmt, name, text = seed
    mutated = mutate(text, random.Random(mutation))
    outcome = run(mutated, name, options)
    assert outcome.error is None, f"{fmt} {name}: {outcome.error!r}"
    assert not outcome.lineless, outcome.lineless


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_has_seeds(fmt):
    """The six formats are all fuzzed (Arbiter Pro and Toernooibase from
    the demo content when ../shared is absent)."""
    assert SEEDS[fmt], f"no seed of format {fmt}"


# --- the command line: K values are numbers of at most three digits -------------

@pytest.mark.parametrize("k", ["9" * 5000, "²", "-5", "1000"])
def test_a_k_that_is_no_k_is_a_usage_error(k, capsys, tmp_path):
    from sitegen.cli import main
    event = str(ROOT / "content/events/chess/2025-06-westerby-summer-open-2025.trf")
    assert main(["check", event, "--k", f"1={k}"]) == 2
    assert "expected PLAYER=K" in capsys.readouterr().err
    k_file = tmp_path / "k.txt"
    k_file.write_text(f"1 {k}\n")
    assert main(["check", event, "--k-file", str(k_file)]) == 2
    assert "k.txt:1: expected 'PLAYER K'" in capsys.readouterr().err
