"""Reading and writing the FMJD official format for tournament data
(fmjd Annex 9 §11).

No public file in this format was found (third_party_data/draughts/MANIFEST
"Not found"), so the fixtures are written here by hand, following §11 line by
line; the one real sentence of data, §11's own player example, is used as
printed.
"""

from __future__ import annotations

import dataclasses
from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.fmjd.exports import detect_draughts_format
from rules_core.fmjd.official import PLAYER_FIELDS, RESULTS, TYPES, parse_official, write_official
from rules_core.model import Player, RoundResult, Tournament
from rules_core.problems import ERROR, WARNING

# fmjd Annex 9 §11 <section results>: "Results possible: 2-0, 0-2, 1-1 ... if
# results based on referee decision ... 2x0, 0x2, 1x1, or 0x0"; the codes of
# rules_core.model for white and black, and their points.
RESULT_CASES = [("2-0", "1", 2.0, "0", 0.0), ("1-1", "=", 1.0, "=", 1.0),
                ("0-2", "0", 0.0, "1", 2.0), ("2x0", "2x0", 2.0, "0x2", 0.0),
                ("0x2", "0x2", 0.0, "2x0", 2.0), ("1x1", "1x1", 1.0, "1x1", 1.0),
                ("0x0", "0x0", 0.0, "0x0", 0.0)]

# fmjd Annex 9 §11 <section players>: the article's example line.
EXAMPLE_LINE = "11285,7,124,3,12,jacek,pawlicki,pl,02/01/1960,M"

# A five-player Swiss of three rounds written by hand after §11: a bye in
# every round (player 0, as white once), a referee's decision (2x0) and a
# double forfeit decided 0x0.  Points are the sums of the results.
SWISS = """\
<section Info>
name = Spring Open
played from = 05/04/2025
played to = 06/04/2025
type = SWISS
national championship = N
women championship = N
name of referee = Jan de Vries
place = Utrecht
country = NED
remarks = <remark> Rounds 1-2 on Saturday.
Round 3 on Sunday; player 3 and 4 did not show up. </end remark>
winner = Jacek Pawlicki
</end info>
<section players>
11285,7,124,1,5,jacek,pawlicki,pl,02/01/1960,M
0,1,A17,2,3,Anna,Smit,NED,00/00/1990,W
15107,2,,4,2,Kees,Pippel,NED,,M
10011,3,,3,3,Hans,Jansen,NED,1961,
0,4,,5,2,Baba,Sy,SEN,,M
</end players>
<section results>
1,7,1,2-0
1,2,3,1-1
1,4,0,2-0
2,4,7,0-2
2,1,2,2x0
2,3,0,2-0
3,7,2,1-1
3,3,4,0x0
3,0,1,1-1
</end results>
"""

# (player, round) -> (opponent, colour, code, score) in SWISS.
SWISS_RESULTS = {
    (7, 1): (1, "w", "1", 2.0), (1, 1): (7, "b", "0", 0.0),
    (2, 1): (3, "w", "=", 1.0), (4, 1): (None, None, "U", 2.0),
    (7, 2): (4, "b", "1", 2.0), (1, 2): (2, "w", "2x0", 2.0),
    (2, 2): (1, "b", "0x2", 0.0), (3, 2): (None, None, "U", 2.0),
    (3, 3): (4, "w", "0x0", 0.0), (4, 3): (3, "b", "0x0", 0.0),
    (1, 3): (None, None, "H", 1.0), (7, 3): (2, "w", "=", 1.0),
}

# A double round robin of three players (type ROUND, everyone met twice).
DOUBLE = """\
<section Info>
name = Triple
played from = 01/02/2024
played to = 03/02/2024
type = ROUND
</end info>
<section players>
0,1,,1,6,Ann,Aa,NED,,W
0,2,,2,4,Bob,Bb,NED,,M
0,3,,3,2,Cas,Cc,NED,,M
</end players>
<section results>
1,1,2,2-0
2,3,1,1-1
3,2,3,2-0
4,2,1,1-1
5,1,3,2-0
6,3,2,1-1
</end results>
"""


def comparable(t: Tournament) -> dict:
    """What the format holds: every field but positions and problems."""
    data = dataclasses.asdict(t)
    for key in ("problems", "header_lines"):
        data.pop(key)
    data["players"] = sorted(({k: v for k, v in p.items() if k != "line"}
                              for p in data["players"]),
                             key=lambda p: p["number"])
    for player in data["players"]:
        player["results"] = [{k: v for k, v in r.items()
                              if k not in ("line", "column")}
                             for r in player["results"]]
    return data


def codes(t: Tournament) -> list[str]:
    return [p.code for p in t.problems]


# ------------------------------------------------------------ the fixture

def test_swiss_event_fields():
    t = parse_official(SWISS)
    assert isinstance(t, Tournament)
    assert (t.game, t.source_format) == ("draughts", "fmjd-official")
    assert (t.name, t.city, t.federation) == ("Spring Open", "Utrecht", "NED")
    assert (t.start, t.end) == (date(2025, 4, 5), date(2025, 4, 6))
    assert (t.system, t.rounds) == ("swiss", 3)
    assert not t.national_championship and not t.women_only
    assert (t.referee, t.winner) == ("Jan de Vries", "Jacek Pawlicki")
    assert t.remarks == ("Rounds 1-2 on Saturday.\nRound 3 on Sunday; "
                         "player 3 and 4 did not show up.")
    assert t.problems == []


def test_swiss_players():
    t = parse_official(SWISS)
    assert [p.number for p in t.players] == [7, 1, 2, 3, 4]
    jacek = t.player(7)
    assert isinstance(jacek, Player)
    assert (jacek.id, jacek.local_id, jacek.rank, jacek.points) == \
        ("11285", "124", 1, 5.0)
    assert (jacek.name, jacek.federation, jacek.sex) == ("pawlicki, jacek", "PL", "m")
    assert (jacek.birth, jacek.birth_year) == (date(1960, 1, 2), 1960)
    anna = t.player(1)
    assert (anna.id, anna.local_id, anna.sex, anna.birth, anna.birth_year) == \
        (None, "A17", "w", None, 1990)
    assert (t.player(3).birth, t.player(3).birth_year) == (None, 1961)
    assert [p.score for p in t.players] == [p.points for p in t.players]


def test_swiss_results():
    t = parse_official(SWISS)
    for (number, round_), expected in SWISS_RESULTS.items():
        r = next(r for r in t.player(number).results if r.round == round_)
        assert (r.opponent, r.color, r.code, r.score) == expected, (number, round_)
    assert [r.round for r in t.player(4).results] == [1, 2, 3]
    first = t.player(7).results[0]
    assert (first.line, first.column) == (23, 7)
    assert first.played and not t.player(1).results[1].played


def test_example_line_of_the_article():
    """fmjd Annex 9 §11: "11285,7,124,3,12,jacek,pawlicki,pl,02/01/1960,M"."""
    text = f"<section players>\n{EXAMPLE_LINE}\n</end players>\n"
    p = parse_official(text).players[0]
    assert (p.id, p.number, p.local_id, p.rank, p.points) == ("11285", 7, "124", 3, 12.0)
    assert (p.name, p.federation, p.birth, p.sex) == \
        ("pawlicki, jacek", "PL", date(1960, 1, 2), "m")


def test_every_result_of_the_article():
    assert set(RESULTS) == {case[0] for case in RESULT_CASES}
    for result, white_code, white, black_code, black in RESULT_CASES:
        t = parse_official(_two_players(f"1,1,2,{result}", white, black))
        w, b = t.player(1).results[0], t.player(2).results[0]
        assert (w.code, w.score, w.color) == (white_code, white, "w"), result
        assert (b.code, b.score, b.color) == (black_code, black, "b"), result
        assert [p for p in t.problems if p.is_error] == [], result


def test_pause_game_is_a_bye_on_either_side():
    """fmjd Annex 9 §11: "If pause game (against dummy) - then player
    number = 0"; the bye gives what the result gives its player."""
    for line, code, score in (("1,1,0,2-0", "U", 2.0), ("1,0,1,0-2", "U", 2.0),
                              ("1,1,0,1-1", "H", 1.0), ("1,0,1,2-0", "Z", 0.0)):
        t = parse_official(_two_players(line, score, 0))
        r = t.player(1).results[0]
        assert (r.opponent, r.color, r.code, r.score) == (None, None, code, score)


def test_types():
    assert TYPES == {"SWISS": "swiss", "ROUND": "round-robin",
                     "TEAMS": "team", "OTHER": None}
    for value, system in TYPES.items():
        assert parse_official(SWISS.replace("type = SWISS",
                                            f"type = {value.lower()}")).system == system


def test_round_with_every_pair_twice_is_a_double_round_robin():
    t = parse_official(DOUBLE)
    assert (t.system, t.rounds, len(t.players)) == ("double-round-robin", 6, 3)
    assert t.problems == []


def test_detected():
    assert detect_draughts_format(SWISS) == "fmjd-official"


# ------------------------------------------------------------ round trip

def test_round_trip_of_the_fixture():
    t = parse_official(SWISS)
    again = parse_official(write_official(t))
    assert again.problems == []
    assert comparable(again) == comparable(t)


def test_round_trip_of_a_double_round_robin():
    t = parse_official(DOUBLE)
    assert comparable(parse_official(write_official(t))) == comparable(t)


def test_written_lines_follow_the_article():
    text = write_official(parse_official(SWISS))
    players = text.split("<section players>\n")[1].split("</end players>")[0]
    assert all(line.count(",") == len(PLAYER_FIELDS) - 1
               for line in players.splitlines())
    assert "11285,7,124,1,5,jacek,pawlicki,PL,02/01/1960,M" in players
    assert "0,1,A17,2,3,Anna,Smit,NED,00/00/1990,W" in players
    assert "2,1,2,2x0\n" in text and "3,0,1,1-1" not in text
    assert "3,1,0,1-1\n" in text    # a bye is written with its player first
    assert text.startswith("<section Info>\nname = Spring Open\n")


def test_a_model_built_by_hand_round_trips():
    """Forfeits become referee decisions (the only unplayed game §11
    knows), and a full-point bye a pause game won: both noted in the
    module's docstring."""
    t = Tournament(name="Club night", start=date(2024, 5, 1), system="swiss",
                   game="draughts", players=[
                       Player(1, "Aa, Ann", id="100", rating=2100, points=4,
                              results=[RoundResult(1, 2, "w", "+", 2.0),
                                       RoundResult(2, None, None, "F", 2.0)]),
                       Player(2, "Bob", results=[RoundResult(1, 1, "b", "-", 0.0),
                                                 RoundResult(2, 3, "b", "-", 0.0)]),
                       Player(3, "Cc, Cas", results=[RoundResult(2, 2, "w", "-", 0.0)])])
    again = parse_official(write_official(t))
    assert not any(p.is_error for p in again.problems)
    assert {(p.code, p.line) for p in again.problems} == {   # sex: no fmjd-ID
        ("fmjd.bad-sex", 16), ("fmjd.bad-sex", 17)}
    assert (again.name, again.start, again.system) == ("Club night", date(2024, 5, 1), "swiss")
    assert [(p.number, p.name, p.id, p.points) for p in again.players] == \
        [(1, "Aa, Ann", "100", 4.0), (2, "Bob", None, 0.0), (3, "Cc, Cas", None, 0.0)]
    ann, bob, cas = again.players
    assert [(r.code, r.score) for r in ann.results] == [("2x0", 2.0), ("U", 2.0)]
    assert [(r.code, r.opponent) for r in bob.results] == [("0x2", 1), ("0x0", 3)]
    assert [(r.code, r.color) for r in cas.results] == [("0x0", "w")]
    assert again.player(1).rating is None     # §11 holds no rating


def test_commas_in_names_cannot_break_a_player_line():
    t = Tournament(players=[Player(1, "Smith, John, Jr.", points=0)])
    line = write_official(t).split("<section players>\n")[1].splitlines()[0]
    assert line == "0,1,,0,0,John Jr.,Smith,,,"


# ------------------------------------------------------------ malformed

BROKEN = """\
name = outside
<section Info>
name = Much Too Long A Tournament Name For The Format
played from = 31/02/2025
type = KNOCKOUT
women championship = maybe
colour = blue
</end info>
<section players>
11285,7,124,1,5,jacek,pawlicki,pl,02/01/1960,M
0,1,,2,4,Anna,Smit,NED,,W,extra
0,x,,3,1,Bad,Number,NED,,M
0,2,,3,1,Kees,Pippel,NED,1990/01/01,Q
0,7,,4,0,Again,Seven,NED,,M
0,3,,3,zero,Jan,Bóm,NED,,M
</end info>
<section results>
1,7,2,2-0
1,2,9,2-0
1,3,3,2-0
2,7,2,3-0
2,7,3,1-1
2,1,7,0-2
x,1,2
</end results>
"""


def test_malformed_input_gives_every_problem_at_once():
    t = parse_official(BROKEN)
    found = {(p.line, p.code) for p in t.problems}
    assert found >= {
        (1, "fmjd.outside-section"), (3, "fmjd.too-long"), (4, "fmjd.bad-date"),
        (5, "fmjd.bad-type"), (6, "fmjd.bad-flag"), (7, "fmjd.bad-info"),
        (11, "fmjd.bad-player"), (12, "fmjd.bad-number"), (13, "fmjd.bad-date"),
        (13, "fmjd.bad-sex"), (14, "fmjd.duplicate-number"),
        (15, "fmjd.bad-points"), (15, "fmjd.non-ascii"),
        (16, "fmjd.unexpected-close"), (19, "fmjd.unknown-player"),
        (20, "fmjd.bad-game"), (21, "fmjd.bad-result"),
        (23, "fmjd.duplicate-game"), (24, "fmjd.bad-game"),
        (10, "fmjd.points-mismatch"), (13, "fmjd.points-mismatch"),
        (15, "fmjd.duplicate-place"), (2, "fmjd.missing-info")}
    assert all(p.line is not None for p in t.problems)


def test_points_mismatch_names_both_figures_and_the_line():
    """fmjd Annex 9 §11: points are "OBLIGATORY (very important for general
    control)"."""
    t = parse_official(BROKEN)
    problem = next(p for p in t.problems if p.code == "fmjd.points-mismatch")
    assert problem.severity == ERROR
    assert (problem.line, problem.column) == (10, 15)
    assert problem.message == ("player 7 declares 5 points, the results in "
                               "<section results> add up to 3 points")


def test_messages_quote_the_input_and_say_what_was_expected():
    messages = {p.code: p for p in parse_official(BROKEN).problems}
    assert messages["fmjd.bad-result"].message == (
        "expected a result (2-0, 1-1, 0-2, or a referee's decision 2x0, 1x1, "
        "0x2, 0x0), got '3-0'")
    assert (messages["fmjd.bad-result"].line, messages["fmjd.bad-result"].column) == (21, 7)
    assert messages["fmjd.bad-player"].message.startswith(
        "expected 10 fields separated by 9 commas (fmjd-ID, number, local ID,")
    assert "got 10 commas in '0,1,,2,4,Anna,Smit,NED,,W,extra'" in \
        messages["fmjd.bad-player"].message
    assert messages["fmjd.unknown-player"].message == \
        "round 1: player 9 is not in <section players>"
    assert "round 2: player 7 already has a game in this round (line 22)" in \
        [p.message for p in parse_official(BROKEN).problems]
    assert messages["fmjd.bad-type"].message == \
        "type: expected SWISS, ROUND, TEAMS or OTHER, got 'KNOCKOUT'"
    assert messages["fmjd.non-ascii"].severity == WARNING
    assert "'ó'" in messages["fmjd.non-ascii"].message


def test_a_line_with_wrong_commas_still_registers_its_number():
    """Player 1's line has ten commas: its games are not reported again as
    games of an unknown player, nor its points as a mismatch."""
    t = parse_official(BROKEN)
    assert t.player(1) is not None
    assert not any("player 1 " in p.message for p in t.problems
                   if p.code in ("fmjd.unknown-player", "fmjd.points-mismatch"))


def test_missing_sections():
    t = parse_official("<section Info>\nname = x\n</end info>\n")
    missing = [p for p in t.problems if p.code == "fmjd.missing-section"]
    assert [p.severity for p in missing] == [ERROR, ERROR]
    assert [p.message.split(":")[0] for p in missing] == [
        "no '<section players>'", "no '<section results>'"]
    assert {p.message for p in t.problems if p.code == "fmjd.missing-info"} == {
        "<section Info> has no 'played from'", "<section Info> has no 'played to'",
        "<section Info> has no 'type'"}
    assert parse_official("").players == []


def test_unclosed_section_and_remark():
    t = parse_official("<section Info>\nremarks = <remark> open\nstill\n")
    assert t.remarks == "open\nstill"
    assert "fmjd.unclosed-remark" in codes(t) and "fmjd.unclosed-section" in codes(t)
    t = parse_official("<section players>\n0,1,,1,0,A,B,NED,,M\n<section results>\n"
                       "</end results>\n")
    unclosed = next(p for p in t.problems if p.code == "fmjd.unclosed-section")
    assert unclosed.message == ("<section players> is not closed: expected "
                                "'</end players>' before line 3")


def test_unfinished_tournament_places_all_zero():
    """fmjd Annex 9 §11: "if tournament not finish yet ... then 0 for all";
    a place for some players and 0 for others is reported."""
    zeros = "\n".join(_with_place(line, "0") for line in SWISS.splitlines())
    t = parse_official(zeros)
    assert all(p.rank is None for p in t.players) and t.problems == []
    some = SWISS.replace("0,1,A17,2,", "0,1,A17,0,")
    problem = next(p for p in parse_official(some).problems if p.code == "fmjd.bad-place")
    assert problem.message == ("4 players have a place and 1 have 0: expected a "
                               "place for every player, or 0 for all while the "
                               "tournament is not finished")


def _with_place(line: str, place: str) -> str:
    fields = line.split(",")
    if len(fields) != len(PLAYER_FIELDS):
        return line
    return ",".join(fields[:3] + [place] + fields[4:])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(
    ["<section Info>", "</end info>", "<section players>", "</end players>",
     "<section results>", "</end results>", "name = x", "type = ROUND",
     "remarks = <remark> a", "</end remark>", "0,1,,1,2,A,B,NED,,M",
     "0,2,,2,0,C,D,NED,01/01/2000,W", "1,1,2,2-0", "1,2,0,1x1", "2,1,,",
     ",,,,,,,,,", "1,1,1,0-2", "é"]), max_size=25))
def test_never_raises(lines):
    t = parse_official("\n".join(lines))
    assert all(p.severity in (ERROR, WARNING) for p in t.problems)
    assert all(p.code.startswith("fmjd.") for p in t.problems)


def _two_players(result_line: str, first_points: float, second_points: float) -> str:
    return (f"<section players>\n0,1,,1,{first_points:g},A,Aa,NED,,M\n"
            f"0,2,,2,{second_points:g},B,Bb,NED,,M\n</end players>\n"
            f"<section results>\n{result_line}\n</end results>\n")
