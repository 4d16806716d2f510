"""The command line: output, exit status, messages."""

from __future__ import annotations

import json

import pytest

from sitegen.cli import main
from tests.shared_data import ROOT, third_party

SAMPLE = str(ROOT / "tests" / "data" / "2025-riverside-spring-invitational.toml")


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_editions_lists_the_five_fide_editions(capsys):
    status, out, _ = run(capsys, "editions")
    assert status == 0
    for edition in ("fide-standard-2002", "fide-standard-2003web", "fide-standard-2009",
                    "fide-rapid-blitz-2024", "fide-standard-2024"):
        assert edition in out
    assert "2009-07-01" in out and "fide-rating-regulations-2009-it.txt" in out


def test_check_text_table(capsys):
    status, out, _ = run(capsys, "check", SAMPLE)
    assert status == 0
    assert "edition fide-standard-2024" in out
    assert "Marchetti, Lorenzo" in out and "We" in out.splitlines()[1]


def test_check_json_is_the_contract(capsys):
    status, out, _ = run(capsys, "check", SAMPLE, "--format", "json")
    result = json.loads(out)
    assert status == 0
    assert result["edition"] == "fide-standard-2024"
    assert len(result["players"]) == 8


def test_karl_mala_done_when(capsys):
    path = str(third_party("chess", "sharly_example_trf16_KarlMala2005.trf"))
    for rules in ("fide-standard-2002", "fide-rapid-blitz-2024"):
        status, out, _ = run(capsys, "check", path, "--rules", rules, "--format", "json")
        assert status == 0
        assert len(json.loads(out)["players"]) == 283  # spielfrei left out


def test_k_flags_and_file(capsys, tmp_path):
    k_file = tmp_path / "k.txt"
    k_file.write_text("# K from the March list\n1 20\n", encoding="utf-8")
    status, out, _ = run(capsys, "check", SAMPLE, "--format", "json", "--k-file", str(k_file),
                         "--k", "3=40")
    players = {p["number"]: p for p in json.loads(out)["players"]}
    assert status == 0 and players[1]["k"] == 20 and players[3]["k"] == 40


def test_bad_k_file_reports_every_line(capsys, tmp_path):
    k_file = tmp_path / "k.txt"
    k_file.write_text("1 twenty\n2 10\n3\n", encoding="utf-8")
    status, _, err = run(capsys, "check", SAMPLE, "--k-file", str(k_file))
    assert status == 2
    assert f"{k_file}:1: expected 'PLAYER K'" in err and f"{k_file}:3:" in err


def test_missing_file_is_a_usage_error(capsys, tmp_path):
    status, _, err = run(capsys, "check", str(tmp_path / "nope.trf"))
    assert status == 2 and "no such file" in err


def test_unknown_edition_is_a_usage_error(capsys):
    status, _, err = run(capsys, "check", SAMPLE, "--rules", "fide-1999")
    assert status == 2 and "unknown edition: 'fide-1999'" in err


def test_bad_input_lists_every_problem_with_its_line(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[event]\nname = "x"\nstart = 2025-01-01\nsystem = "knockout"\n\n'
                   '[[players]]\nnumber = 1\nname = "A"\nrating = 2000\nresults = ["2 w 1"]\n\n'
                   '[[players]]\nnumber = 2\nname = "B"\nrating = "high"\nresults = ["1 b 1"]\n',
                   encoding="utf-8")
    status, out, _ = run(capsys, "check", str(bad))
    assert status == 1
    assert f"{bad}:4: error: system 'knockout'" in out
    assert f"{bad}:15: error: rating 'high'" in out
    assert "expected '0'" in out  # 1 against 1
    assert "Traceback" not in out


def test_usage_error_exit_2(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["check"])
    assert exit_.value.code == 2


# -- --tiebreaks: chess lists (FIDE C.07 (2023)), draughts systems (fmjd Annex 5) -----------

def test_check_chess_tiebreaks_option(capsys):
    status, out, _ = run(capsys, "check", SAMPLE, "--tiebreaks", "SB,WIN", "--format", "json")
    result = json.loads(out)
    assert status == 0 and result["event"]["tiebreaks"] == ["sonneborn_berger", "wins"]
    assert all(set(p["tiebreaks"]) == {"sonneborn_berger", "wins"} for p in result["players"])


def test_check_text_shows_the_tiebreaks(capsys):
    status, out, _ = run(capsys, "check", SAMPLE, "--tiebreaks", "BH/C1,BH")
    assert status == 0 and "Tie-breaks (BH-C1, BH):" in out and "buchholz_cut1" in out


@pytest.mark.parametrize("value", ["BH,XYZ", "SB/M1"])
def test_check_unknown_chess_tiebreak_is_a_usage_error(capsys, value):
    status, out, err = run(capsys, "check", SAMPLE, "--tiebreaks", value)
    assert status == 2 and out == "" and "unknown tie-break" in err


def test_check_draughts_tiebreaks_keep_their_systems(capsys):
    path = str(third_party("draughts", "clpippel_2022-Ouagadougou-Open.csv"))
    status, out, _ = run(capsys, "check", path, "--tiebreaks", "5.1", "--format", "json")
    assert status == 0 and json.loads(out)["event"]["tiebreak_system"] == "5.1"
    status, _, err = run(capsys, "check", path, "--tiebreaks", "BH")
    assert status == 2 and "unknown draughts tie-break system 'BH'" in err
