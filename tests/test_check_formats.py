"""rules_core.check: which reader reads a file (`detect_format`, `READERS`,
`read_tournament`), by content first, the file's ending as a hint."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.check import FORMATS, READERS, UNKNOWN, check_text, detect_format, read_tournament
from sitegen.cli import main

from .shared_data import THIRD_PARTY, third_party

DATA = Path(__file__).parent / "data"

# (file name, text, format): content decides, whatever the ending
DETECTION = [
    ("x.txt", '[Event "Open"]\n[Round "1"]\n', "pgn"),
    ("x.trf", '\ufeff\n[Event "Open"]\n', "pgn"),
    ("x", "% escape\n1. e4 e5 *\n", "pgn"),
    ("x", '<?xml version="1.0"?>\n<chessresults/>', "chess-results"),
    ("x.pgn", "<!-- upload -->\n<chessresults>", "chess-results"),
    ("x", '<?xml version="1.0"?>\n<ratinglist/>', "chess-results"),  # its reader says why not
    ("x", '{"event": {}}', "native-json"),
    ("x.trf", '{"event": {}}', "native-json"),
    ("x", "[event]\nname='a'", "native-toml"),
    ("x", "# a comment\n[[players]]\nnumber = 1\n", "native-toml"),
    ("x", "012 Open\n", "trf"),
    ("x.toml", "012 Open\n001    1      A\n", "trf"),
    ("x", "### TRF26 comment\n012 Open\n", "trf"),
    ("x", "<section Info>\nname = x\n", "fmjd-official"),
    # nothing in the content: the ending decides
    ("x.toml", "", "native-toml"), ("x.json", "", "native-json"), ("x.trf", "", "trf"),
    ("x.pgn", "", "pgn"), ("x.xml", "", "chess-results"), ("x.CSV", "a;b\n", "toernooibase"),
    ("dir.d/x", "hello", UNKNOWN), ("C:\\dir.d\\x", "hello", UNKNOWN),
    ("C:\\events\\open.PGN", "", "pgn"),
    # neither content nor ending
    ("x", "", UNKNOWN), ("x.txt", "hello world\n", UNKNOWN), ("x", "<html></html>", UNKNOWN),
    ("x", "[section]\nkey = 1\n", UNKNOWN),
]

# the real files of ../shared/third_party_data (MANIFEST.txt) that are events
REAL_EVENTS = [
    ("chess", "bbp_dutch_2025_C9.input.trf", "trf"),
    ("chess", "bbp_issue_7_CR_line_endings.input.trf", "trf"),
    ("chess", "echecs_javafo_sample2_Gros2010.trf", "trf"),
    ("chess", "echecs_trf26_team_minimal.trf", "trf"),
    ("chess", "sharly_example_trf16_KarlMala2005.trf", "trf"),
    ("chess", "sharly_example_trf26_GrandmommysCup_TEC.trf", "trf"),
    ("chess", "sharly_lichess_swiss_2020_06.trf", "trf"),
    ("chess", "scalachess_uzchesscup2025.pgn", "pgn"),
    ("chess", "sharly_chessresults_upload_Single_SwissSystem.xml", "chess-results"),
    ("draughts", "clpippel_1960-Wereldkampioenschap_KNDB.csv", "toernooibase"),
    ("draughts", "clpippel_1970-open-nk-KNDB.csv", "toernooibase"),
    ("draughts", "clpippel_2021-coppa-cita-di-Verona-Italie-rapid.csv", "toernooibase"),
    ("draughts", "clpippel_2022-Ouagadougou-Open.csv", "arbiter-pro"),
    ("draughts", "clpippel_2023-Zomerrapid_020.csv", "toernooibase"),
]
# the others are not events: FIDE list lines (the importer's), expected outputs
NOT_EVENTS = [("chess", "lila_fide_blitz_rating_list_lines_aug2026.txt"),
              ("chess", "lila_fide_players_list_combined_line_aug2026.txt"),
              ("chess", "bbp_dutch_2025_C9.output.expected.txt"),
              ("chess", "scalachess_uzchesscup2025_tiebreaks.expected.txt")]


@pytest.mark.parametrize("name, text, kind", DETECTION)
def test_detect_format(name, text, kind):
    assert detect_format(text, name) == kind


def test_formats_are_readers():
    assert set(FORMATS) | {UNKNOWN} == set(READERS)
    assert {"pgn", "chess-results"} <= set(FORMATS)


def test_unknown_names_what_was_expected():
    t = read_tournament("hello\nworld\n", "notes.txt")
    assert t.source_format == UNKNOWN
    [problem] = t.problems
    assert (problem.severity, problem.code, problem.line) == ("error", "check.unknown-format", 1)
    for expected in ("TRF", "PGN", "chess-results", "TOML", "JSON", "FMJD", "Toernooibase"):
        assert expected in problem.message
    assert "the file is empty" in read_tournament("\n \n").problems[0].message


def test_readers_normalise_once():
    t = READERS["pgn"]('[Round "1"]\n[White "Adams,Ann"]\n[Black "BYE"]\n[Result "1-0"]\n')
    assert [p.name for p in t.players] == ["Adams, Ann"]
    assert t.players[0].source_name == "Adams,Ann"
    assert t.players[0].results[0].code == "U"


@pytest.mark.parametrize("folder, name, kind", REAL_EVENTS)
def test_real_events_detected_and_read(folder, name, kind):
    path = third_party(folder, name)
    text = path.read_text(encoding="utf-8")
    assert detect_format(text, path.name) == kind
    t = read_tournament(text, path.name)
    assert t.players
    assert not [p.format(name) for p in t.problems if p.is_error]


@pytest.mark.parametrize("folder, name", NOT_EVENTS)
def test_real_non_events_are_unknown(folder, name):
    path = third_party(folder, name)
    assert detect_format(path.read_text(encoding="utf-8"), path.name) == UNKNOWN


def test_every_real_file_is_listed():
    if not THIRD_PARTY.exists():
        pytest.skip(f"{THIRD_PARTY} is absent (a plain clone)")
    listed = {n for _, n, _ in REAL_EVENTS} | {n for _, n in NOT_EVENTS} | {
        "MANIFEST.txt", "kndb_tm2ppt_ronde1.CSV"}   # a team standings table: its reader says so
    present = {p.name for p in THIRD_PARTY.rglob("*") if p.is_file()}
    assert present - {"sharly_Tiebreak_exercises-TEC-2023.pdf"} <= listed


@pytest.mark.parametrize("name, said", [("pgn/round_robin.pgn", "read as PGN"),
                                        ("chessresults/swiss.xml", "read as chess-results XML"),
                                        ("2025-riverside-spring-invitational.toml",
                                         "read as the native format")])
def test_check_says_what_it_read(capsys, name, said):
    status = main(["check", str(DATA / name)])
    out = capsys.readouterr().out
    assert status == 0 and said in out.splitlines()[0]


def test_check_of_an_unknown_file(capsys, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello\n", encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "read as no known format" in out
    assert f"{path}:1: error: not a tournament file of a known format: expected" in out
    assert "trf." not in out


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=400), st.sampled_from(["", "x.pgn", "x.xml", "x.trf", "x.toml",
                                                "x.json", "x.csv", "x.txt"]))
def test_reading_never_raises(text, name):
    t = read_tournament(text, name)
    assert all(p.line is None or p.line >= 1 for p in t.problems)


PGN_ALPHABET = st.sampled_from(['[', ']', '"', "Round", "White", "Black", "Result", "1-0",
                                "0-1", "1/2-1/2", "*", "{", "}", ";", "\n", " ", "1.", "e4",
                                "%", "TimeControl", "Date", "2025.01.01", "BYE", ","])
XML_ALPHABET = st.sampled_from(["<", ">", "/", "=", '"', "chessresults", "player",
                                "playerpairing", 'no="1"', 'whiteno="1"', 'blackno="-1"',
                                'round="1"', "<!--", "-->", "\n", " ", "<!DOCTYPE", "&amp;"])


@settings(max_examples=150, deadline=None)
@given(st.lists(PGN_ALPHABET, max_size=80).map("".join))
def test_pgn_like_text_never_raises(text):
    check_text(text, "x.pgn")


@settings(max_examples=150, deadline=None)
@given(st.lists(XML_ALPHABET, max_size=80).map("".join))
def test_xml_like_text_never_raises(text):
    check_text(text, "x.xml")
