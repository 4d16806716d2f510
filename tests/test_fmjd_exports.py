"""Reading draughts crosstable exports: Draughts Arbiter Pro "Tournament
table" and Toernooibase "fill in FMJD-report" (semicolon CSV).

The real files are those of ../shared/third_party_data/draughts (see its
MANIFEST.txt for where each comes from and what was checked); the small
fixtures below are written here so that every feature is covered without
them.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.fmjd.exports import detect_draughts_format, parse_arbiter_pro, parse_toernooibase
from rules_core.fmjd.records import normalise_title
from rules_core.model import Player
from rules_core.problems import ERROR, WARNING
from tests.shared_data import third_party

# fmjd Annex 10, Preamble: titles as the exports write them, as FMJD does.
TITLES = [("mf", "MF", True), ("gmi", "GMI", True), ("GMI", "GMI", True),
          ("mi", "MI", True), ("cmf", "CMF", True), ("gmif", "GMIF", True),
          ("MIF", "MIF", True), ("mff", "MFF", True), ("cmff", "CMFF", True),
          ("mi 64", "MI 64", True), ("GMI64", "GMI 64", True), ("", None, True),
          ("gm", "GM", False), ("xx", "XX", False)]

# The FMJD column: "<list> <rating>" (fmjd Annex 9 §6.3 lists) or a rating.
RATINGS = [("A 2339", 2339, "A"), ("B 2227", 2227, "B"), ("C 2079", 2079, "C"),
           ("2282", 2282, None), ("", None, None), ("0", None, None)]

# Four players, three Swiss rounds, written as Draughts Arbiter Pro does.
# Round 2: place 2 (S.No. 3) wins by forfeit against place 4 ("4w-" /
# "2b-": the totals say who); round 3: a double forfeit between places 3
# and 4 ("-" on both sides).
ARBITER = """\
;Tournament table
Club Championship 2024
Place;S.No.;Title;Name;Fed.;FMJD;R1;R2;R3;Total;SSolk
1;1;GMI;Aa, Ann;NED;A 2300;2w2;3b1;2w2;5;4
2;3;;Cc, Cas;NED; ;1b0;4w-;1b0;2;7
3;2;mf;Bb, Bob;BEL;B 2100;4w1;1w1;4w-;2;6
4;4;;Dd, Dirk;NED;C 1900;3b1;2b-;3b-;1;9
"""

# A four-player round robin ("Berger rooster") as Toernooibase writes it;
# opponents are places, Sno the start numbers (not the places).
BERGER = """\
;Test Berger 2024
;Berger rooster
;fill in FMJD-report
Pl;Sno;Title;Name;Cn;FMJD;R1;R2;R3;Pt
1;3;gmi;Ann Aa;nl;2200;2/4w;1/2w;2/3b;5
2;1;;Bob Bb;be;;1/3w;1/1b;2/4w;4
3;4;;Cas Cc;nl;1950;1/2b;2/4b;0/1w;3
4;2;;Dirk Dd;nl;;0/1b;0/3w;0/2b;0
"""

# The same table after two of its three rounds, without Sno.
TWO_ROUNDS = """\
;Test Berger 2024
;Berger rooster
Pl;FMJD-id;Title;Name;Cn;FMJD;R1;R2;Pt
1;;gmi;Ann Aa;nl;2200;2/4w;1/2w;3
2;;;Bob Bb;be;;1/3w;1/1b;2
3;;;Cas Cc;nl;1950;1/2b;2/4b;3
4;;;Dirk Dd;nl;;0/1b;0/3w;0
"""

# Every kind of mistake a Toernooibase table can hold, at once.
BROKEN = """\
Broken Open;;;;;;;;
Something else
Pl;FMJD-id;Title;Name;Cn;FMJD;R1;R2;Pt;Extra
1;12x;xx;Ann;nl;A 22x0;2/2w;2/9b;4;
2;;;Bob;nl;;0/1b;1/3q;0;
x;;;Cas;;;;;0;
4;;;Dirk;;;2/1w;;2
1;;;Eve;;;;;0;
"""


def by_name(t):
    return {p.name: p for p in t.players}


def result(t, number, round_):
    return next(r for r in t.player(number).results if r.round == round_)


# ------------------------------------------------------------- fixtures

@pytest.mark.parametrize("raw, title, known", TITLES)
def test_titles(raw, title, known):
    assert normalise_title(raw) == (title, known)


@pytest.mark.parametrize("cell, rating, letter", RATINGS)
def test_fmjd_column(cell, rating, letter):
    text = ARBITER.replace("A 2300", cell)
    p = parse_arbiter_pro(text).players[0]
    assert (p.rating, p.rating_list) == (rating, letter)


def test_arbiter_pro_fixture():
    t = parse_arbiter_pro(ARBITER)
    assert (t.game, t.source_format, t.name) == ("draughts", "arbiter-pro",
                                                 "Club Championship 2024")
    assert (t.system, t.rounds, len(t.players)) == ("swiss", 3, 4)
    assert t.problems == []
    ann = t.player(1)
    assert isinstance(ann, Player)
    assert (ann.rank, ann.title, ann.federation, ann.rating, ann.rating_list) == \
        (1, "GMI", "NED", 2300, "A")
    assert ann.declared_tiebreaks == {"short_truncated_solkoff": 4.0}
    assert (t.player(2).title, t.player(2).rank, t.player(3).rating) == ("MF", 3, None)
    assert [p.score for p in t.players] == [p.points for p in t.players]


def test_arbiter_pro_opponents_are_places_mapped_to_start_numbers():
    t = parse_arbiter_pro(ARBITER)
    # place 1 plays "2w2": place 2 is start number 3
    r = result(t, 1, 1)
    assert (r.opponent, r.color, r.code, r.score) == (3, "w", "1", 2.0)
    assert (r.line, r.column) == (4, 28)
    r = result(t, 2, 1)   # place 3 "4w1": place 4 is start number 4
    assert (r.opponent, r.code, r.score) == (4, "=", 1.0)


def test_unplayed_games_are_settled_by_the_totals():
    """"4w-": not played; the total tells a forfeit won ("+") from one lost
    ("-"); the scheduled opponent is kept (docs/interpretations.md#i6)."""
    t = parse_arbiter_pro(ARBITER)
    assert [(r.opponent, r.code, r.score) for r in (result(t, 3, 2), result(t, 4, 2))] == \
        [(4, "+", 2.0), (3, "-", 0.0)]
    assert [(r.opponent, r.code) for r in (result(t, 2, 3), result(t, 4, 3))] == \
        [(4, "-"), (2, "-")]
    assert not result(t, 3, 2).played


def test_unplayed_game_without_totals_is_read_as_lost_with_a_warning():
    text = "\n".join(";".join(line.split(";")[:-2]) for line in ARBITER.splitlines())
    t = parse_arbiter_pro(text.replace(";Total;SSolk", ""))
    warnings = [p for p in t.problems if p.code == "fmjd.unplayed-game"]
    assert [(p.line, p.severity) for p in warnings] == [(5, WARNING), (6, WARNING),
                                                        (7, WARNING), (7, WARNING)]
    assert warnings[0].message == (
        "round 2: '4w-' is a game not played and neither the total nor the "
        "opponent's cell tells who won it: read as lost by forfeit ('-')")
    assert result(t, 3, 2).code == "-"


def test_declared_total_differing_is_a_warning():
    t = parse_arbiter_pro(ARBITER.replace("2w2;5;4", "2w2;7;4"))
    problem = next(p for p in t.problems if p.code == "fmjd.points-mismatch")
    assert problem.severity == WARNING
    assert (problem.line, problem.column) == (4, 40)
    assert problem.message == "place 1: Total is 7, the rounds add up to 5"


def test_toernooibase_round_robin():
    t = parse_toernooibase(BERGER)
    assert (t.source_format, t.name, t.system, t.rounds) == \
        ("toernooibase", "Test Berger 2024", "round-robin", 3)
    assert t.problems == []
    assert [(p.rank, p.number, p.points) for p in t.players] == \
        [(1, 3, 5.0), (2, 1, 4.0), (3, 4, 3.0), (4, 2, 0.0)]
    ann = t.player(3)
    assert (ann.name, ann.title, ann.federation, ann.rating, ann.rating_list) == \
        ("Ann Aa", "GMI", "NL", 2200, None)
    # "2/4w" of place 1: place 4 is Sno 2
    assert [(r.opponent, r.color, r.code) for r in ann.results] == \
        [(2, "w", "1"), (1, "w", "="), (4, "b", "1")]


def test_berger_rooster_makes_an_unfinished_table_a_round_robin():
    assert parse_toernooibase(TWO_ROUNDS).system == "round-robin"
    assert parse_toernooibase(TWO_ROUNDS.replace(";Berger rooster", "")).system == "swiss"


def test_without_sno_the_place_is_the_number():
    t = parse_toernooibase(TWO_ROUNDS)
    assert [(p.number, p.rank) for p in t.players] == [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert [(r.opponent, r.color, r.code) for r in t.player(1).results] == \
        [(4, "w", "1"), (2, "w", "=")]
    assert t.problems == []


def test_rate_of_play_from_the_event_name():
    assert parse_toernooibase(BERGER.replace("Test Berger", "Summer rapid")).rate_of_play == "rapid"
    assert parse_toernooibase(BERGER).rate_of_play is None


def test_dummy_row_stands_for_byes():
    text = BERGER.replace("Dirk Dd", "Dummy")
    t = parse_toernooibase(text)
    assert len(t.players) == 4 and t.player(2).results == []
    r = result(t, 3, 1)
    assert (r.opponent, r.code, r.score) == (None, "U", 2.0)
    assert [p.code for p in t.problems] == ["fmjd.dummy-player"]


def test_broken_table_gives_every_problem_at_once():
    t = parse_toernooibase(BROKEN)
    found = {(p.line, p.code) for p in t.problems}
    assert found == {
        (2, "fmjd.ignored-line"), (3, "fmjd.ignored-column"),
        (4, "fmjd.bad-id"), (4, "fmjd.unknown-title"), (4, "fmjd.bad-rating"),
        (4, "fmjd.unknown-opponent"),
        (5, "fmjd.bad-cell"), (6, "fmjd.bad-place"), (7, "fmjd.bad-row"),
        (7, "fmjd.asymmetric-pairing"), (8, "fmjd.duplicate-place")}
    messages = {p.code: p for p in t.problems}
    assert messages["fmjd.bad-cell"].message == (
        "round 2: expected <score 2, 1 or 0>/<opponent's place><w|b>, as in "
        "'2/18b', or a blank cell when not paired, got '1/3q'")
    assert (messages["fmjd.bad-cell"].line, messages["fmjd.bad-cell"].column) == (5, 18)
    assert messages["fmjd.unknown-opponent"].message == (
        "round 2: '2/9b' names place 9, a place not in the table (places 1-4)")
    assert messages["fmjd.bad-row"].message == \
        "expected 10 cells, as in the header on line 3, got 9"
    assert messages["fmjd.bad-place"].message == "place: expected a place (digits), got 'x'"
    assert messages["fmjd.duplicate-place"].message == "place 1 is already used on line 4"
    assert messages["fmjd.ignored-column"].message == (
        "column 'Extra' ignored: not a column this reader knows")
    assert messages["fmjd.unknown-title"].message.startswith(
        "expected an FMJD title (GMI, MI, MF, CMF, GMIF, MIF, MFF, CMFF")
    assert [p.severity for p in t.problems if p.is_error] != []


def test_missing_columns():
    t = parse_arbiter_pro("Place;S.No.;Title;Fed.;Total\n1;1;;NED;0\n")
    assert [(p.code, p.line) for p in t.problems] == [("fmjd.missing-column", 1)]
    assert t.problems[0].message == (
        "the header has no name, R1 column: expected a header like "
        "'Place;S.No.;Title;Name;Fed.;FMJD;R1;...;Total'")


def test_detect():
    assert detect_draughts_format(ARBITER) == "arbiter-pro"
    assert detect_draughts_format(BERGER) == "toernooibase"
    assert detect_draughts_format("<section Info>\nname = x\n") == "fmjd-official"
    assert detect_draughts_format("001    1 m    Vasquez") is None
    assert detect_draughts_format("") is None


def test_wrong_reader_says_what_the_text_looks_like():
    problem = parse_toernooibase(ARBITER).problems[0]
    assert (problem.code, problem.severity, problem.line) == ("fmjd.no-header", ERROR, 1)
    assert problem.message == (
        "no column header found: expected a Toernooibase crosstable (fill in "
        "FMJD-report) with a header line like 'Pl;FMJD-id;Title;Name;Cn;FMJD;"
        "R1;...;Pt'; the text looks like the 'arbiter-pro' format")


TEAM_TABLE = "Ranglijst \n \nAW;-;Pt;WP;SB\n1;De Kinderkring 1;6;-;12;42;44\n"


@pytest.mark.parametrize("parse", [parse_arbiter_pro, parse_toernooibase])
def test_team_standings_are_refused_precisely(parse):
    t = parse(TEAM_TABLE)
    assert t.players == []
    assert [(p.code, p.line) for p in t.problems] == [("fmjd.no-header", 1),
                                                      ("fmjd.team-standings", 3)]
    assert t.problems[1].message == (
        "'AW;-;Pt;WP;SB' is the header of a KNDB Toernooimanager team standings "
        "table (matches played, match points, board points, SB), not a "
        "crosstable of games: there are no games to read")
    assert detect_draughts_format(TEAM_TABLE) is None


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from(
    ["Place", "S.No.", "Pl", "Sno", "Name", "R1", "R2", "Total", "Pt", "1", "2",
     "3", "2w2", "1b-", "2/1w", "0/2b", "A 2300", "x", "", '"', "0b2", "Dummy",
     "mf"]), max_size=8), max_size=8))
def test_never_raises(rows):
    text = "\n".join(";".join(row) for row in rows)
    for parse in (parse_arbiter_pro, parse_toernooibase):
        t = parse(text)
        assert all(p.code.startswith("fmjd.") for p in t.problems)
    detect_draughts_format(text)


# ---------------------------------------------------------- real files

def read(name: str) -> str:
    return third_party("draughts", name).read_text(encoding="utf-8")


def test_ouagadougou_2022():
    """Arbiter Pro export: 68 players, 9-round Swiss (MANIFEST 1)."""
    text = read("clpippel_2022-Ouagadougou-Open.csv")
    assert detect_draughts_format(text) == "arbiter-pro"
    t = parse_arbiter_pro(text)
    assert t.problems == []
    assert (t.name, t.system, t.rounds, len(t.players)) == \
        ("FMJD WORLD CUP***** Ouagadougou Open 2022", "swiss", 9, 68)
    first = t.players[0]
    assert (first.rank, first.number, first.name, first.title, first.federation) == \
        (1, 2, "Ndjofang, Jean Marc", "GMI", "CMR")
    assert (first.rating, first.rating_list, first.points) == (2339, "A", 14.0)
    assert [p.points for p in t.players[:12]] == [14, 13] + [12] * 9 + [11]
    assert [r.opponent for r in first.results] == [36, 17, 5, 20, 11, 6, 7, 1, 3]
    assert (t.player(11).rating, t.player(11).rating_list) == (2227, "B")
    assert t.player(68).rating is None
    assert all(p.score == p.points for p in t.players)


def test_ouagadougou_unplayed_games_and_short_truncated_solkoff():
    """MANIFEST 1: SSolk is the short truncated Solkoff, counting the
    scheduled opponent of an unplayed game (docs/interpretations.md#i6)."""
    t = parse_arbiter_pro(read("clpippel_2022-Ouagadougou-Open.csv"))
    unplayed = [(p.rank, r.round, r.opponent, r.code) for p in t.players
                for r in p.results if not r.played]
    assert unplayed == [(66, 8, 65, "-"), (67, 8, 54, "-"), (67, 9, 36, "-"),
                        (68, 9, 65, "-")]
    totals = {p.number: p.points for p in t.players}
    for p in t.players:
        opponents = [totals[r.opponent] for r in p.results]
        assert sum(opponents) - min(opponents) == \
            p.declared_tiebreaks["short_truncated_solkoff"], p.rank


def test_world_championship_1960():
    """Toernooibase, double round robin, 14 players, 26 rounds (MANIFEST 5)."""
    text = read("clpippel_1960-Wereldkampioenschap_KNDB.csv")
    assert detect_draughts_format(text) == "toernooibase"
    t = parse_toernooibase(text)
    assert t.problems == []
    assert (t.name, t.system, t.rounds, len(t.players)) == \
        ("Wereldkampioenschap KNDB 1960", "double-round-robin", 26, 14)
    players = by_name(t)
    assert [(players[n].number, players[n].points) for n in
            ("Viacheslav Shchegolev", "Baba Sy", "Iser Kouperman")] == \
        [(1, 42.0), (10, 41.0), (7, 40.0)]
    assert players["Freek Gordijn"].federation == "NL"
    assert players["Viacheslav Shchegolev"].rating is None
    # Baba Sy (Pl 2) "2/9b" in round 1: Pl 9 is Hugo Verpoest, Sno 5
    r = players["Baba Sy"].results[0]
    assert (r.opponent, r.color, r.code, r.score) == (5, "b", "1", 2.0)
    assert all(len(p.results) == 26 and p.score == p.points for p in t.players)


def test_open_dutch_championship_1970():
    """Toernooibase, 20 players, 10-round Swiss, no ratings (MANIFEST 4)."""
    t = parse_toernooibase(read("clpippel_1970-open-nk-KNDB.csv"))
    assert t.problems == []
    assert (t.name, t.system, t.rounds, len(t.players)) == ("Open NKKNDB1970", "swiss", 10, 20)
    assert (t.players[0].name, t.players[0].points) == ("Ton Sijbrands", 17.0)
    assert sum(p.points == 11 for p in t.players) == 7
    assert "Michel Grégoire" in by_name(t)
    assert all(p.rating is None and p.id is None for p in t.players)


def test_verona_2021():
    """Toernooibase, 46 rows, 6-round rapid Swiss with ids, titles and
    ratings (MANIFEST 3); row 46 "Dummy" stands for the bye."""
    t = parse_toernooibase(read("clpippel_2021-coppa-cita-di-Verona-Italie-rapid.csv"))
    assert (t.rounds, len(t.players), t.rate_of_play, t.system) == (6, 46, "rapid", "swiss")
    assert [p.code for p in t.problems] == ["fmjd.dummy-player"]
    players = by_name(t)
    alessio = players["Alessio Scaggiante"]
    assert (alessio.id, alessio.title, alessio.rating, alessio.federation, alessio.points) == \
        ("17237", "MF", 2219, "IT", 10.0)
    assert (players["Aboubacar Sadikh Diop"].federation, players["Enes Habilaj"].title) == ("SN", None)
    assert players["Luciano Sanson"].rating is None and players["Sofia Pandolfo"].id is None
    assert sum(p.title == "MF" for p in t.players) == 7
    # "2/46w" of Diego Signorini (Pl 32) in round 1: a bye of 2 points
    r = players["Diego Signorini"].results[0]
    assert (r.opponent, r.code, r.score) == (None, "U", 2.0)
    assert all(p.score == p.points for p in t.players)


def test_zomerrapid_2023():
    """Toernooibase, 22 players, 36 rounds with many blanks (MANIFEST 2)."""
    t = parse_toernooibase(read("clpippel_2023-Zomerrapid_020.csv"))
    assert t.problems == []
    assert (t.name, t.rounds, len(t.players), t.rate_of_play) == \
        ("020 Summer rapid", 36, 22, "rapid")
    players = by_name(t)
    hans = players["Hans Jansen"]
    assert (hans.id, hans.title, hans.rating, hans.points) == ("10011", "GMI", 2282, 42.0)
    assert (players["Kees Thijssen"].title, players["Kees Thijssen"].rating) == ("GMI", 2345)
    assert [r.round for r in players["Jan Pieter Drost"].results] == [6]
    assert len(hans.results) == 26
    assert all(p.score == p.points for p in t.players)


def test_team_standings_file():
    """kndb_tm2ppt_ronde1.CSV: school team standings, not a crosstable."""
    text = read("kndb_tm2ppt_ronde1.CSV")
    assert detect_draughts_format(text) is None
    for parse in (parse_arbiter_pro, parse_toernooibase):
        t = parse(text)
        assert t.players == []
        assert [(p.code, p.line) for p in t.problems] == [("fmjd.no-header", 1),
                                                          ("fmjd.team-standings", 3)]
