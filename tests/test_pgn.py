"""rules_core.pgn: PGN games as an event (PGN standard, S. J. Edwards 1994)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.check import check_tournament, read_tournament
from rules_core.pgn import looks_like_pgn, parse_pgn

from .shared_data import third_party

DATA = Path(__file__).parent / "data" / "pgn"
UZCHESS = "scalachess_uzchesscup2025.pgn"

# PGN standard 8.1.1.7 results -> (White's code, Black's code, points)
RESULTS = [("1-0", "1", "0", 1.0), ("0-1", "0", "1", 0.0), ("1/2-1/2", "=", "=", 0.5),
           ("+/-", "+", "-", 1.0), ("-/+", "-", "+", 0.0), ("-/-", "-", "-", 0.0)]

# PGN standard 9.6.1: TimeControl in seconds -> the text rated, minutes for 60
TIME_CONTROLS = [("5400+30", "5400+30", 120.0), ("40/7200:1800+30", "40/7200:1800+30", 160.0),
                 ("180+2", "180s+2s", 5.0), ("60", "60s", 1.0), ("40/120", "40/120s", 4.0),
                 ("300", "300", 5.0)]

# (file, line, code) every problem of tests/data/pgn/malformed.pgn, by line
MALFORMED = [(5, "pgn.bad-result"), (9, "pgn.no-result-tag"), (17, "pgn.bad-round"),
             (25, "pgn.duplicate-tag"), (27, "pgn.bad-result"), (28, "pgn.bad-rating"),
             (29, "pgn.bad-title"), (30, "pgn.bad-date"), (32, "pgn.bad-tag"),
             (38, "pgn.truncated")]


def game(round_="1", white="Adams, Ann", black="Brown, Bob", result="1-0", **tags) -> str:
    lines = [f'[Round "{round_}"]', f'[White "{white}"]', f'[Black "{black}"]',
             f'[Result "{result}"]'] + [f'[{k} "{v}"]' for k, v in tags.items()]
    return "\n".join(lines) + "\n\n"


def read(name: str):
    return read_tournament((DATA / name).read_text(encoding="utf-8"), name)


def test_round_robin_header():
    t = read("round_robin.pgn")
    assert (t.source_format, t.name, t.city, t.system) == \
        ("pgn", "Riverside Quad", "Riverside ENG", "round-robin")
    assert (t.start, t.end) == (date(2025, 3, 1), date(2025, 3, 3))
    assert t.round_dates == [date(2025, 3, d) for d in (1, 2, 3)]
    assert t.time_control == "40/7200:1800+30"
    assert "system guessed from the pairings: round-robin (each pair of the 4 players " \
           "met once)" in t.notes
    assert [p for p in t.problems] == []


def test_round_robin_players_in_initial_ranking_order():
    t = read("round_robin.pgn")
    rows = [(p.number, p.name, p.id, p.rating, p.title, p.federation, p.score)
            for p in t.players]
    assert rows == [(1, "Vasquez, Rodrigo", "3400042", 2558, "GM", "CHI", 2.5),
                    (2, "Mirzoev Azer", None, 2230, None, None, 2.0),
                    (3, "Okafor, Femi", "4400682", 2101, None, "NGR", 1.0),
                    (4, "Lindqvist, Maja", None, None, None, "SWE", 0.5)]
    assert t.players[0].source_name == "Vasquez,Rodrigo"


def test_round_robin_results_with_colours_rounds_and_lines():
    t = read("round_robin.pgn")
    vasquez = t.player(1)
    assert [(r.round, r.opponent, r.color, r.code, r.line) for r in vasquez.results] == \
        [(1, 3, "w", "1", 9), (2, 4, "b", "1", 53), (3, 2, "w", "=", 64)]


@pytest.mark.parametrize("result, white, black, points", RESULTS)
def test_results(result, white, black, points):
    t = parse_pgn(game(result=result))
    a, b = t.player(1), t.player(2)
    assert (a.results[0].code, b.results[0].code, a.score) == (white, black, points)


@pytest.mark.parametrize("tag, rated_as, minutes", TIME_CONTROLS)
def test_time_control_tag_in_seconds(tag, rated_as, minutes):
    from rules_core.timecontrol import minutes_for_60
    t = parse_pgn(game(TimeControl=tag))
    assert t.time_control == rated_as
    assert minutes_for_60(t.time_control) == minutes
    assert any(tag in note for note in t.notes) == (tag != rated_as)


@pytest.mark.parametrize("tag", ["?", "-", ""])
def test_time_control_unknown(tag):
    assert parse_pgn(game(TimeControl=tag)).time_control is None


def test_time_control_not_pgn_is_a_warning():
    t = parse_pgn(game(TimeControl="90 min + 30 s"))
    assert [(p.severity, p.code) for p in t.problems] == [("warning", "pgn.bad-time-control")]


def test_round_board_forms():
    text = game("3.1") + game("4", "Clark, Cy", "Dunn, Di") + game("5.2.1", "Evans, Eve", "Ford, Fay")
    t = parse_pgn(text)
    assert sorted(r.round for p in t.players for r in p.results) == [3, 3, 4, 4, 5, 5]


def test_swiss_guessed_when_pairs_differ():
    text = (game("1") + game("1", "Clark, Cy", "Dunn, Di") +
            game("2", "Adams, Ann", "Clark, Cy"))
    t = parse_pgn(text)
    assert t.system == "swiss"
    assert any("swiss" in n for n in t.notes)


def test_double_round_robin_and_match():
    text = "".join(game(str(r), w, b) for r, (w, b) in enumerate(
        [("A", "B"), ("B", "C"), ("C", "A"), ("B", "A"), ("C", "B"), ("A", "C")], start=1))
    assert parse_pgn(text).system == "double-round-robin"
    assert parse_pgn(game("1") + game("2", "Brown, Bob", "Adams, Ann")).system == "match"


def test_same_fide_id_is_one_player_and_a_new_name_is_a_warning():
    text = (game("1", "Adams, Ann", "Brown, Bob", WhiteFideId="100") +
            game("2", "Clark, Cy", "Adams, A.", BlackFideId="100"))
    t = parse_pgn(text)
    assert len(t.players) == 3
    assert [p.code for p in t.problems] == ["pgn.renamed"]


def test_changed_rating_keeps_the_first():
    text = (game("1", WhiteElo="2000") + game("2", "Clark, Cy", "Adams, Ann", BlackElo="2010"))
    t = parse_pgn(text)
    ann = next(p for p in t.players if p.name == "Adams, Ann")
    assert ann.rating == 2000
    assert [(p.code, p.line) for p in t.problems] == [("pgn.rating-changed", 11)]


def test_a_player_twice_in_a_round_is_an_error():
    t = parse_pgn(game("1") + game("1", "Adams, Ann", "Clark, Cy"))
    assert [(p.code, p.line) for p in t.problems] == [("pgn.twice-in-round", 9)]


def test_self_pairing():
    t = parse_pgn(game("1", "Adams, Ann", "Adams, Ann"))
    assert [p.code for p in t.problems] == ["pgn.self-pairing"]


@pytest.mark.parametrize("tags, read", [({"Variant": "Standard"}, True),
                                         ({"Variant": "Chess960"}, False),
                                         ({"Variant": "Crazyhouse"}, False),
                                         ({"GameType": "0"}, True),
                                         ({"GameType": "20"}, False)])
def test_only_standard_chess(tags, read):
    t = parse_pgn(game(**tags))
    assert bool(t.players) == read
    assert [p.code for p in t.problems] == ([] if read else ["pgn.variant"])


def test_result_marker_must_agree_with_the_tag():
    t = parse_pgn(game() + "1. e4 e5 0-1\n")
    assert [(p.code, p.line) for p in t.problems] == [("pgn.result-mismatch", 6)]


def test_comments_span_lines_and_hide_brackets():
    text = game() + "1. e4 {a comment\n[not a tag] and\n\nstill it} e5 ; {not opened\n1-0\n"
    t = parse_pgn(text)
    assert t.problems == [] and len(t.players) == 2


def test_missing_required_tags():
    t = parse_pgn('[Event "x"]\n[White "A"]\n\n1. e4 *\n')
    assert [(p.code, p.line) for p in t.problems] == [("pgn.no-result-tag", 1),
                                                      ("pgn.missing-tag", 1)]
    assert "without Black, Round:" in t.problems[1].message


def test_malformed_file_every_problem_with_its_line():
    t = read("malformed.pgn")
    found = sorted((p.line, p.code) for p in t.problems if p.code.startswith("pgn."))
    assert found == MALFORMED
    assert all(p.line for p in t.problems)


def test_truncated_file():
    t = read("truncated.pgn")
    assert [(p.severity, p.code, p.line) for p in t.problems] == \
        [("error", "pgn.truncated", 7)]


def test_bye_placeholders_become_byes():
    t = read("bye_placeholder.pgn")
    assert [p.name for p in t.players] == ["Adams, Ann", "Brown, Bob", "Clark, Cy"]
    ann, bob = t.players[0], t.players[1]
    assert (ann.results[0].code, ann.results[0].opponent, ann.score) == ("U", None, 2.0)
    assert (bob.results[1].code, bob.score) == ("U", 1.5)
    assert sum("bye placeholder" in n for n in t.notes) == 2


def test_empty_and_not_pgn():
    assert [p.code for p in parse_pgn("").problems] == ["pgn.no-games"]
    assert looks_like_pgn('\ufeff\n% escape\n[Event "x"]\n')
    assert looks_like_pgn("1. e4 e5 2. Nf3 *\n")
    assert not looks_like_pgn("[event]\nname = 'x'\n")


def test_checked_as_a_round_robin():
    t = read("round_robin.pgn")
    result = check_tournament(t).data
    assert result["event"]["format"] == "pgn"
    assert result["event"]["system"] == "round-robin"
    assert result["edition"] == "fide-standard-2024"


# -- the real file ---------------------------------------------------------------

# scalachess uzchesscup.txt snapshot: FIDE id -> points
UZCHESS_POINTS = {"12539929": 4.5, "25059530": 5.5, "738590": 4.5, "14205483": 5.5,
                  "14203987": 4.5, "5072786": 2.5, "14204223": 4.0, "35009192": 5.0,
                  "4168119": 3.5, "14204118": 5.5}


def test_uzchess_cup_is_a_ten_player_round_robin():
    path = third_party("chess", UZCHESS)
    t = read_tournament(path.read_text(encoding="utf-8"), path.name)
    assert (t.source_format, t.system, len(t.players)) == ("pgn", "round-robin", 10)
    assert not [p for p in t.problems if p.is_error]
    assert {p.id: p.score for p in t.players} == UZCHESS_POINTS
    assert sum(len(p.results) for p in t.players) == 90
    codes = [r.code for p in t.players for r in p.results if r.color == "w"]
    assert (codes.count("1"), codes.count("0"), codes.count("=")) == (12, 9, 24)


def test_check_points_rate_and_date_warnings_at_their_tags():
    t = parse_pgn(game(TimeControl="abc", Date="2025.05.01"))
    found = {p["code"]: p["line"] for p in check_tournament(t).data["problems"]}
    assert found["pgn.bad-time-control"] == found["check.unknown-rate"] == 5
    assert t.header_lines["042"] == 6


# -- properties -------------------------------------------------------------------

def _round_robin(count: int) -> list[list[tuple[int, int]]]:
    """The circle method: every pair once, count - 1 rounds (count even)."""
    seats = list(range(count))
    rounds = []
    for _ in range(count - 1):
        rounds.append([(seats[i], seats[count - 1 - i]) for i in range(count // 2)])
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 5).map(lambda n: 2 * n), st.data())
def test_any_round_robin_reads_back(count, data):
    """Whatever the results and the order of the games: every player's
    points are those written, and the system is a round robin."""
    games, points = [], [0.0] * count
    for number, pairs in enumerate(_round_robin(count), start=1):
        for board, (white, black) in enumerate(pairs, start=1):
            result = data.draw(st.sampled_from(["1-0", "0-1", "1/2-1/2"]))
            share = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
            points[white] += share
            points[black] += 1 - share
            games.append(game(f"{number}.{board}", f"Player, {white:02d}",
                              f"Player, {black:02d}", result))
    order = data.draw(st.permutations(games))
    t = parse_pgn("".join(order))
    assert not t.problems
    assert t.system == ("match" if count == 2 else "round-robin")
    assert {p.name: p.score for p in t.players} == \
        {f"Player, {i:02d}": points[i] for i in range(count)}
