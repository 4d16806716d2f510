"""rules_core.chessresults: the chess-results.com upload XML (H. Herzog's
format, as transcribed in Sharly Chess docs/technical-appendices/chess-results)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from rules_core.check import check_tournament, read_tournament
from rules_core.chessresults import looks_like_chessresults, parse_chessresults

from .shared_data import third_party

DATA = Path(__file__).parent / "data" / "chessresults"
SHARLY = "sharly_chessresults_upload_Single_SwissSystem.xml"

# tests/data/chessresults/swiss.xml, by start number:
# (name, FIDE id, rating, sex, federation, points, [(round, opponent, colour, code)])
SWISS = [
    (1, "Adams, Ann", "4400001", 2100, "w", "GER", 1.5,
     [(1, 2, "w", "1"), (2, 3, "w", "L"), (3, 4, "w", "=")]),
    (2, "Brown, Bob", None, 1950, "m", "GER", 1.5,
     [(1, 1, "b", "0"), (2, 5, "w", "="), (3, 3, "b", "1")]),
    (3, "Clark, Cy", "4400003", None, None, "NED", 2.0,        # forfeit K; U unrated
     [(1, 4, "w", "+"), (2, 1, "b", "W"), (3, 2, "w", "0")]),
    (4, "Dunn, Di", None, 1700, "w", None, 1.0,                # -2 with 0.5: H
     [(1, 3, "b", "-"), (2, None, None, "H"), (3, 1, "b", "=")]),
    (5, "Evans, Eve", None, None, None, None, 2.5,             # spielfrei; -1: U
     [(1, None, None, "U"), (2, 2, "b", "="), (3, None, None, "U")]),
]

# tests/data/chessresults/malformed.xml: (line, code)
MALFORMED = [(4, "chessresults.bad-date"), (4, "chessresults.bad-rounds"),
             (4, "chessresults.bad-type"), (8, "chessresults.bad-no"),
             (9, "chessresults.duplicate-number"),
             (10, "chessresults.bad-rtgfide"), (13, "chessresults.no-result"),
             (14, "chessresults.bad-result"), (15, "chessresults.unknown-player"),
             (16, "chessresults.bad-forfeit"), (17, "chessresults.bad-result")]


def read(name: str):
    return read_tournament((DATA / name).read_text(encoding="utf-8"), name)


def test_header():
    t = read("swiss.xml")
    assert (t.source_format, t.name, t.city, t.federation, t.system, t.rounds) == \
        ("chess-results", "Riverside Rapid", "Riverside", "ENG", "swiss", 3)
    assert (t.start, t.end) == (date(2025, 4, 5), date(2025, 4, 6))
    assert t.round_dates == [date(2025, 4, 5), date(2025, 4, 5), date(2025, 4, 6)]
    assert (t.time_control, t.rate_of_play) == ("15 min + 10 sec", "rapid")


@pytest.mark.parametrize("number, name, fide_id, rating, sex, federation, points, rounds",
                         SWISS)
def test_players(number, name, fide_id, rating, sex, federation, points, rounds):
    p = read("swiss.xml").player(number)
    assert (p.name, p.id, p.rating, p.sex, p.federation, p.score) == \
        (name, fide_id, rating, sex, federation, points)
    assert [(r.round, r.opponent, r.color, r.code) for r in p.results] == rounds


def test_player_details():
    p = read("swiss.xml").player(1)
    assert (p.title, p.birth, p.birth_year, p.k, p.rank, p.points) == \
        ("WFM", date(1990, 2, 1), 1990, 20, 3, 1.5)
    assert read("swiss.xml").player(2).birth_year == 1985


def test_placeholder_left_out_and_problems_with_lines():
    t = read("swiss.xml")
    assert 6 not in {p.number for p in t.players}
    assert any("'spielfrei', number 6 (line 75)" in n for n in t.notes)
    assert any("DE -> GER" in n for n in t.notes)
    assert [(p.severity, p.code, p.line) for p in t.problems] == \
        [("warning", "normalize.sex", 42)]


def test_round_robin_replayed_is_double():
    text = (DATA / "swiss.xml").read_text(encoding="utf-8").replace(
        'type="0"', 'type="1"').replace('replay="1"', 'replay="2"')
    assert parse_chessresults(text).system == "double-round-robin"


def test_points_that_differ_from_the_games_are_a_warning():
    text = (DATA / "swiss.xml").read_text(encoding="utf-8").replace('pts="2,5"', 'pts="3,0"')
    found = [(p.code, p.line) for p in parse_chessresults(text).problems]
    assert ("chessresults.points-differ", 64) in found


def test_malformed_every_problem_with_its_line():
    t = read("malformed.xml")
    assert sorted((p.line, p.code) for p in t.problems) == MALFORMED


def test_columns_point_at_the_attribute():
    t = read("malformed.xml")
    assert {(p.code, p.line, p.column) for p in t.problems} >= {
        ("chessresults.bad-type", 4, 21), ("chessresults.bad-forfeit", 16, 88)}


def test_player_without_a_number():
    t = parse_chessresults('<chessresults>\n<players>\n<player lastname="A"/>\n'
                           '<player no="0" lastname="B"/>\n</players>\n</chessresults>')
    assert sorted((p.code, p.line) for p in t.problems) == [
        ("chessresults.bad-player", 3), ("chessresults.bad-player", 4),
        ("chessresults.no-players", 1), ("chessresults.no-tournament", 1)]


def test_doctype_refused_before_parsing():
    t = read("doctype.xml")
    assert [(p.code, p.line, p.column) for p in t.problems] == [("chessresults.doctype", 2, 1)]
    assert t.players == []


def test_entity_alone_refused():
    t = parse_chessresults('<?xml version="1.0"?>\n<!ENTITY x "y">\n<chessresults/>')
    assert [p.code for p in t.problems] == ["chessresults.doctype"]


def test_truncated():
    t = read("truncated.xml")
    assert [(p.code, p.line, p.column) for p in t.problems] == [("chessresults.syntax", 17, 9)]


def test_other_xml():
    t = read("other_root.xml")
    assert [p.code for p in t.problems] == ["chessresults.not-chessresults"]


def test_detection_signature():
    assert looks_like_chessresults("<!-- c -->\n<chessresults>")
    assert not looks_like_chessresults("<!-- <chessresults> -->\n<ratinglist/>")


def test_checked():
    result = check_tournament(read("swiss.xml")).data
    assert result["event"]["format"] == "chess-results"
    # a rapid event of April 2025: the 600/2600 amendment of 1 December 2024
    assert result["edition"] == "fide-rapid-blitz-2024-12"
    assert len(result["players"]) == 5


# -- the real file -----------------------------------------------------------------

def test_sharly_single_swiss():
    path = third_party("chess", SHARLY)
    t = read_tournament(path.read_text(encoding="utf-8"), path.name)
    assert (t.source_format, t.system, t.rounds, len(t.players)) == \
        ("chess-results", "swiss", 7, 21)
    assert not [p for p in t.problems if p.is_error]
    # the file's own points (pts) agree with its games: no points-differ warning
    assert [p.code for p in t.problems] == ["normalize.sex"]      # sex="*", player 21
    assert {p.number: p.points for p in t.players} == {p.number: p.score for p in t.players}
    assert t.player(1).name == "Brunk, Dirk" and t.player(1).source_name == "Brunk,Dirk"


def test_team_event_points_from_a_team_bye_are_a_note():
    text = (DATA / "swiss.xml").read_text(encoding="utf-8").replace(
        'type="0"', 'type="3"').replace('pts="2,5"', 'pts="3,0"')
    t = parse_chessresults(text)
    assert t.system == "team"
    assert not [p for p in t.problems if p.code == "chessresults.points-differ"]
    assert any("points (pts) of 1 player differ" in n for n in t.notes)


def test_not_fide_rated_is_a_note():
    text = (DATA / "swiss.xml").read_text(encoding="utf-8").replace(
        'replay="1"', 'replay="1" ratedfide="N"')
    assert any('ratedfide="N"' in n for n in parse_chessresults(text).notes)
    assert not any("ratedfide" in n for n in read("swiss.xml").notes)
