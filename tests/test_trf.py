"""Reading FIDE Tournament Report Files (TRF-2006, TRF16, TRF26).

Columns are those of the TRF16 table (FIDE Handbook C.04 Annex 2) and of
TRF26 (FIDE Council 12/05/2025), which agree: 001 record number 5-8, sex 10,
title 11-13, name 15-47, rating 49-52, federation 54-56, FIDE id 58-68,
birth 70-79, points 81-84, rank 86-89, round r at 92 + 10 (r - 1):
opponent (4), colour at +5, result at +7.
"""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.pairings import COMPLEMENTARY as COMPLEMENTARY_RESULTS
from rules_core.problems import ERROR, WARNING
from rules_core.trf import RESULT_SCORES, parse_trf, read_trf_date, system_from_type
from tests.shared_data import third_party

# TRF16/TRF26 "Round results": the result codes and their default points.
SCORES = [("1", 1.0), ("0", 0.0), ("=", 0.5), ("+", 1.0), ("-", 0.0),
          ("W", 1.0), ("D", 0.5), ("L", 0.0), ("H", 0.5), ("F", 1.0),
          ("U", 1.0), ("Z", 0.0)]

# Dates as the files in third_party_data and the TRF specs write them.
DATES = [
    ("2026/01/10", date(2026, 1, 10)),      # TRF16/TRF26 YYYY/MM/DD
    ("28. 07. 2005", date(2005, 7, 28)),    # Karl-Mala 2005 (Swiss-Manager)
    ("24/09/2010", date(2010, 9, 24)),      # Gros 2010 (JaVaFo sample)
    ("02/10/2010", date(2010, 10, 2)),      # day first when both can be
    ("09/24/2010", date(2010, 9, 24)),      # month first when day first fails
    ("May 29, 2020", date(2020, 5, 29)),    # lichess
    ("29 May 2020", date(2020, 5, 29)),
    ("1969.12.06", date(1969, 12, 6)),      # Karl-Mala birth dates
    ("2005-07-28", date(2005, 7, 28)),
    ("24/01/13", date(2024, 1, 13)),        # TRF26 record 132: YY/MM/DD
    ("", None), ("31/02/2005", None), ("soon", None), ("2005/13/01", None),
    ("Smarch 3, 2020", None),
]

# Record 092 ("Type of tournament") as programs word it.
TYPES = [
    ("Individual: Swiss-System", "swiss"),
    ("Individual: Swiss-System (Standard)", "swiss"),
    ("Schweizer System", "swiss"),
    ("Round Robin", "round-robin"), ("round-robin", "round-robin"),
    ("Rundenturnier", "round-robin"), ("Toutes rondes", "round-robin"),
    ("Todos contra todos", "round-robin"), ("Berger", "round-robin"),
    ("Double Round Robin", "double-round-robin"),
    ("Doppelrundiges Rundenturnier", "double-round-robin"),
    ("Double toutes rondes", "double-round-robin"),
    ("Team Swiss", "team"), ("FIDE-TEAM-BAKU", "team"),
    ("Scheveningen", "scheveningen"), ("", None), ("Open", None),
]


def player_line(number, name="", rating="", points="", rounds=(),
                fide_id="", birth="", sex=" ", title="", fed="", rank=""):
    """A 001 record laid out by the TRF16/TRF26 column table."""
    head = (f"001 {number:>4} {sex:1}{title:>3} {name:<33} {rating:>4} "
            f"{fed:<3} {fide_id:>11} {birth:<10} {points:>4} {rank:>4}")
    return head + "".join(f"  {cell}" for cell in rounds)


def cell(opponent, colour, result):
    """One round: opponent (4 columns), colour, result."""
    return f"{opponent:>4} {colour} {result}"


# Every result code, a bye of each kind, a blank cell inside the line (Z)
# and a short line (player 9 left after round 1).  Points are the sums.
BASIC_PLAYERS = [
    player_line(1, "Alpha, Ann", "2558", "2.5", [cell(2, "w", "1"),
                cell(3, "b", "D"), cell(4, "w", "1")], "3400042",
                "1969/12/06", "w", "WGM", "CHI", "1"),
    player_line(2, "Beta, Bob", "0", "0.5", [cell(1, "b", "0"),
                cell("0000", "-", "H"), cell(3, "b", "0")], "14101068",
                "1987/00/00", "m", "g", "GER", "8"),
    player_line(3, "Gamma, Cid", "", "2.0", [cell(4, "w", "="),
                cell(1, "w", "D"), cell(2, "w", "1")], "", "1978", rank="3"),
    player_line(4, "Delta, Dan", "2100", "1.5", [cell(3, "b", "="),
                cell("0000", "-", "F"), cell(1, "b", "0")], rank="5"),
    player_line(5, "Eps, Eve", "1900", "2.5", [cell(6, "w", "+"),
                cell("0000", "-", "U"), cell(6, "b", "=")], rank="2"),
    player_line(6, "Zeta, Zed", "1800", "0.5", [cell(5, "b", "-"),
                cell("0000", "-", "Z"), cell(5, "w", "=")], rank="9"),
    player_line(7, "Eta, Eda", "1700", "1.5", [cell(8, "w", "W"),
                "        ", cell(8, "b", "=")], rank="6"),
    player_line(8, "Theta, Tom", "1600", "0.5", [cell(7, "b", "L"),
                cell("0000", "-", "-"), cell(7, "w", "=")], rank="7"),
    player_line(9, "Iota, Ian", "1500", "0.0", [cell("0000", "-", "Z")],
                rank="10"),
]
BASIC_HEADER = [
    "### written by hand for these tests",
    "012 Test Open",
    "022 Springfield",
    "032 USA",
    "042 2024/03/01",
    "052 2024/03/03",
    "062 9",
    "072 7",
    "092 Individual: Swiss-System (Rapid)",
    "102 IA Chief Arbiter",
    "122 90+30",
    "132" + " " * 88 + "24/03/01  24/03/02  24/03/03",
    "XXR 3",
    "XXC white1",
]
BASIC_TAIL = ["XXS WW 1.0", "XXS BW 1.0", "RUS    1      Alpha, Anna"]
BASIC = "\n".join(BASIC_HEADER + BASIC_PLAYERS + BASIC_TAIL) + "\n"
FIRST_PLAYER_LINE = len(BASIC_HEADER) + 1


def problem_list(tournament):
    return [(p.severity, p.code, p.line, p.column)
            for p in tournament.problems]


def errors(tournament):
    return [p for p in tournament.problems if p.is_error]


def codes(tournament):
    return sorted(p.code for p in tournament.problems)


def results_of(tournament, number):
    return [(r.round, r.opponent, r.color, r.code, r.score)
            for r in tournament.player(number).results]


def simple_file(players, header=("012 Test",)):
    return "\n".join([*header, *players]) + "\n"


# ------------------------------------------------------------- own files

def test_header_records():
    t = parse_trf(BASIC)
    assert (t.name, t.city, t.federation) == ("Test Open", "Springfield",
                                              "USA")
    assert (t.start, t.end) == (date(2024, 3, 1), date(2024, 3, 3))
    assert t.time_control == "90+30"
    assert t.round_dates == [date(2024, 3, 1), date(2024, 3, 2),
                             date(2024, 3, 3)]
    assert (t.rounds, t.rounds_played) == (3, 3)
    assert (t.system, t.rate_of_play) == ("swiss", "rapid")
    assert (t.source_format, t.game) == ("trf", "chess")
    assert t.header_lines == {"012": 2, "022": 3, "032": 4, "042": 5,
                              "052": 6, "062": 7, "072": 8, "092": 9,
                              "102": 10, "122": 11, "132": 12, "XXR": 13}


def test_the_first_name_city_and_federation_records_count():
    """A second 012, 022 or 032 does not replace the first; a blank one is
    no name, so a later record gives it."""
    t = parse_trf(simple_file(MATCH, ("012", "012 First", "022 Here", "032 NED",
                                      "012 Second", "022 There", "032 GER")))
    assert (t.name, t.city, t.federation) == ("First", "Here", "NED")
    assert t.header_lines["012"] == 1


def test_player_fields():
    t = parse_trf(BASIC)
    ann, bob, cid = t.player(1), t.player(2), t.player(3)
    assert (ann.name, ann.sex, ann.title, ann.rating, ann.federation) == (
        "Alpha, Ann", "w", "WGM", 2558, "CHI")
    assert (ann.id, ann.birth, ann.birth_year) == ("3400042",
                                                   date(1969, 12, 6), 1969)
    assert (ann.points, ann.rank, ann.line) == (2.5, 1, FIRST_PLAYER_LINE)
    # rating 0 and blank are unrated; "g" is the rating list's GM
    assert (bob.rating, bob.title, cid.rating) == (None, "GM", None)
    # unknown month and day, year alone, no id
    assert (bob.birth, bob.birth_year) == (None, 1987)
    assert (cid.birth, cid.birth_year, cid.id, cid.sex) == (None, 1978,
                                                           None, None)
    assert sum(p.rated for p in t.players) == 7


@pytest.mark.parametrize("number, expected", [
    (1, [(1, 2, "w", "1", 1.0), (2, 3, "b", "D", 0.5),
         (3, 4, "w", "1", 1.0)]),
    (2, [(1, 1, "b", "0", 0.0), (2, None, None, "H", 0.5),
         (3, 3, "b", "0", 0.0)]),
    (4, [(1, 3, "b", "=", 0.5), (2, None, None, "F", 1.0),
         (3, 1, "b", "0", 0.0)]),
    (5, [(1, 6, "w", "+", 1.0), (2, None, None, "U", 1.0),
         (3, 6, "b", "=", 0.5)]),
    (6, [(1, 5, "b", "-", 0.0), (2, None, None, "Z", 0.0),
         (3, 5, "w", "=", 0.5)]),
    # a blank cell before the last one is a zero-point bye (TRF26)
    (7, [(1, 8, "w", "W", 1.0), (2, None, None, "Z", 0.0),
         (3, 8, "b", "=", 0.5)]),
    (8, [(1, 7, "b", "L", 0.0), (2, None, None, "-", 0.0),
         (3, 7, "w", "=", 0.5)]),
    # a short line: the rounds missing at the end are not there
    (9, [(1, None, None, "Z", 0.0)]),
])
def test_round_cells(number, expected):
    assert results_of(parse_trf(BASIC), number) == expected


def test_round_cell_positions():
    t = parse_trf(BASIC)
    third = t.player(1).results[2]
    assert (third.line, third.column) == (FIRST_PLAYER_LINE, 112)


def test_consistent_file_has_only_the_ignored_records():
    t = parse_trf(BASIC)
    assert problem_list(t) == [
        (WARNING, "trf.ignored-record", 14, 1),      # XXC
        (WARNING, "trf.ignored-record", 24, 1),      # XXS, twice
        (WARNING, "trf.ignored-record", 26, 1),      # RUS national record
    ]
    assert "and 1 more line" in t.problems[1].message
    assert "'XXS'" in t.problems[1].message


@pytest.mark.parametrize("code, score", SCORES)
def test_every_result_code_scores(code, score):
    assert RESULT_SCORES[code] == score
    line = player_line(1, "Solo", points=f"{score:.1f}",
                       rounds=[cell("0000", "-", code)])
    t = parse_trf(simple_file([line]))
    assert results_of(t, 1) == [(1, None, None, code, score)]
    assert codes(t) == ["trf.missing-date"]


def test_lower_case_letters_and_blank_result():
    """TRF26: letter codes are case-insensitive; blank means Z."""
    line = player_line(1, "Solo", points="1.5", rounds=[
        cell("0000", "-", "h"), cell("0000", "-", "f"),
        cell("0000", "-", " "), cell("0000", "-", "z")])
    t = parse_trf(simple_file([line]))
    assert [r.code for r in t.player(1).results] == ["H", "F", "Z", "Z"]
    assert codes(t) == ["trf.missing-date"]


def test_complementary_results_are_symmetric():
    for code, reply in COMPLEMENTARY_RESULTS.items():
        assert COMPLEMENTARY_RESULTS[reply] == code
        if code not in RESULT_SCORES:
            continue    # the FMJD referee decisions (2x0 ...) are not TRF codes
        assert RESULT_SCORES[code] + RESULT_SCORES[reply] == 1.0


@pytest.mark.parametrize("ending", ["\r\n", "\r", "\n"])
def test_line_endings_bom_and_trailing_spaces(ending):
    text = "\ufeff" + ending.join(line + "   " for line in BASIC.split("\n"))
    t, reference = parse_trf(text), parse_trf(BASIC)
    assert t.players == reference.players
    assert t.problems == reference.problems
    assert t.name == "Test Open"        # the BOM is not part of record 012


def test_cr_only_counts_lines():
    t = parse_trf(BASIC.replace("\n", "\r"))
    assert t.player(9).line == FIRST_PLAYER_LINE + 8


# Four players, three rounds, each pair once; no 092 record.
ROUND_ROBIN = [
    player_line(1, "A", "2000", "2.0", [cell(4, "w", "1"), cell(2, "b", "="),
                                        cell(3, "w", "=")]),
    player_line(2, "B", "2000", "1.5", [cell(3, "b", "="), cell(1, "w", "="),
                                        cell(4, "b", "=")]),
    player_line(3, "C", "2000", "2.0", [cell(2, "w", "="), cell(4, "b", "1"),
                                        cell(1, "b", "=")]),
    player_line(4, "D", "2000", "0.5", [cell(1, "b", "0"), cell(3, "w", "0"),
                                        cell(2, "w", "=")]),
]

# Three players meeting twice: each round one of them has a bye.
DOUBLE_ROUND_ROBIN = [
    player_line(1, "A", "", "2.5", [cell(2, "w", "1"), cell(3, "b", "="),
                                    cell("0000", "-", "Z"), cell(2, "b", "0"),
                                    cell(3, "w", "1"), cell("0000", "-", "Z")]),
    player_line(2, "B", "", "2.0", [cell(1, "b", "0"), cell("0000", "-", "Z"),
                                    cell(3, "w", "="), cell(1, "w", "1"),
                                    cell("0000", "-", "Z"), cell(3, "b", "=")]),
    player_line(3, "C", "", "1.5", [cell("0000", "-", "Z"), cell(1, "w", "="),
                                    cell(2, "b", "="), cell("0000", "-", "Z"),
                                    cell(1, "b", "0"), cell(2, "w", "=")]),
]

MATCH = [
    player_line(1, "Carlsen, M", "2830", "2.5", [
        cell(2, "w", "="), cell(2, "b", "1"), cell(2, "w", "="),
        cell(2, "b", "=")]),
    player_line(2, "Caruana, F", "2805", "1.5", [
        cell(1, "b", "="), cell(1, "w", "0"), cell(1, "b", "="),
        cell(1, "w", "=")]),
]


@pytest.mark.parametrize("players, system", [
    (ROUND_ROBIN, "round-robin"),
    (DOUBLE_ROUND_ROBIN, "double-round-robin"),
    (MATCH, "match"),
    (BASIC_PLAYERS, "swiss"),
])
def test_system_inferred_without_092(players, system):
    t = parse_trf(simple_file(players))
    assert t.system == system
    assert errors(t) == []
    assert "trf.points-mismatch" not in codes(t)


def test_system_092_wins_over_pairings():
    t = parse_trf(simple_file(ROUND_ROBIN, ("012 Test", "092 Swiss")))
    assert t.system == "swiss"


def test_team_records_make_a_team_event():
    t = parse_trf(simple_file(MATCH + ["310   1 Team A"]))
    assert t.system == "team"


@pytest.mark.parametrize("text, system", TYPES)
def test_system_from_type(text, system):
    assert system_from_type(text) == system


def test_rounds_default_to_rounds_played():
    t = parse_trf(simple_file(ROUND_ROBIN))
    assert (t.rounds, t.rounds_played) == (3, 3)


def test_record_142_gives_rounds_unless_xxr_does():
    assert parse_trf(simple_file(MATCH, ("142 12",))).rounds == 12
    t = parse_trf(simple_file(MATCH, ("142 12", "XXR 14")))
    assert t.rounds == 14
    # older Vega files put the scoring in 142: ignored with a warning
    t = parse_trf(simple_file(MATCH, ("142 1.0 0.5",)))
    assert t.rounds == 4
    assert "trf.ignored-record" in codes(t)


@pytest.mark.parametrize("text, expected", DATES)
def test_dates(text, expected):
    assert read_trf_date(text) == expected


@pytest.mark.parametrize("birth, full, year", [
    ("1987/00/00", None, 1987), ("1978", None, 1978),
    ("1969.12.06", date(1969, 12, 6), 1969), ("", None, None),
    ("0000/00/00", None, None), ("1987/05/00", None, 1987),
])
def test_birth_dates(birth, full, year):
    t = parse_trf(simple_file([player_line(1, "A", birth=birth)]))
    assert (t.player(1).birth, t.player(1).birth_year) == (full, year)
    assert "trf.bad-date" not in codes(t)


def test_wide_fide_id_moves_the_birth_date():
    """TRF26 writers that print a 10-12 digit id from column 58 push the
    birth date to columns 71-80 (echecs_trf26_team_minimal.trf does)."""
    line = ("001    1 mGM  Kasparov, Garry                   2851 RUS "
            "410001836312 1963/04/13 1.0    1")
    assert line[70:80] == "1963/04/13"
    p = parse_trf(simple_file([line])).player(1)
    assert (p.id, p.birth, p.points, p.rank) == ("410001836312",
                                                 date(1963, 4, 13), 1.0, 1)


def test_unreadable_dates_are_warnings():
    header = ("012 T", "042 next week", "052 2024/01/01", "132" + " " * 88 +
              "24/01/01  24/13/45")
    t = parse_trf(simple_file([player_line(1, "A", birth="1990-31-31")],
                              header))
    assert [(p.severity, p.code, p.line, p.column) for p in t.problems] == [
        (WARNING, "trf.bad-date", 2, 5), (WARNING, "trf.bad-date", 4, 102),
        (WARNING, "trf.bad-date", 5, 70)]
    assert t.start is None and t.end == date(2024, 1, 1)
    assert "'next week'" in t.problems[0].message
    assert t.round_dates == [date(2024, 1, 1)]


def test_end_before_start_is_a_warning():
    t = parse_trf(simple_file(MATCH, ("012 T", "042 2024/01/05",
                                      "052 2024/01/01")))
    assert problem_list(t) == [(WARNING, "trf.bad-date", 3, 5)]


def test_declared_counts_are_checked():
    t = parse_trf(simple_file(MATCH, ("012 T", "042 2024/01/05", "062 3",
                                      "072 2")))
    assert problem_list(t) == [(WARNING, "trf.count-mismatch", 3, 5)]
    assert "declares 3 players" in t.problems[0].message


# A file with one mistake of each kind; each is reported, none raises.
MALFORMED_PLAYERS = [
    player_line(1, "A", "2000", "1.0", [cell(2, "w", "1"), cell(3, "b", "x")]),
    player_line(2, "B", "20O0", "0.0", [cell(1, "b", "0"), cell(9, "w", "1")]),
    player_line(3, "C", "1900", "2.0", [cell(4, "w", "1"), cell(1, "w", "0")]),
    player_line(4, "D", "1800", "1.5", [cell(3, "w", "1"), cell("0000", "-",
                                                                "H")]),
    player_line(4, "D again", "1800", "0.0"),
    player_line(5, "E", "1700", "0.5", [cell(6, "w", "=")]),
    player_line(6, "F", "1700", "0.5", [cell(5, "b", "=")]),
]
MALFORMED = simple_file(MALFORMED_PLAYERS, ("012 Broken", "042 2024/02/30"))


def test_malformed_file_reports_every_problem_at_once():
    t = parse_trf(MALFORMED)
    lines = MALFORMED.split("\n")
    assert lines[2][108] == "x"          # column 109 holds the bad code
    assert problem_list(t) == [
        (WARNING, "trf.bad-date", 2, 5),                 # 30 February
        (ERROR, "trf.bad-result", 3, 109),               # 'x', round 2
        (ERROR, "trf.bad-rating", 4, 49),                # '20O0'
        (WARNING, "trf.points-mismatch", 4, 81),         # declares 0, has 1
        (ERROR, "trf.unknown-opponent", 4, 102),         # opponent 9
        (WARNING, "trf.points-mismatch", 5, 81),         # declares 2, has 1
        (ERROR, "trf.asymmetric-colour", 5, 97),         # both had white
        (ERROR, "trf.asymmetric-result", 5, 99),         # and both won
        (ERROR, "trf.duplicate-number", 7, 5),           # 4 again
    ]


def test_malformed_messages_quote_the_input():
    messages = {(p.code, p.line): p.message for p in parse_trf(MALFORMED)
                .problems}
    assert messages[("trf.bad-result", 3)] == (
        "expected a result code (1, 0, =, +, -, W, D, L, H, F, U, Z), "
        "got 'x'")
    assert "'20O0'" in messages[("trf.bad-rating", 4)]
    assert "opponent 9 is not a player" in messages[("trf.unknown-opponent",
                                                     4)]
    assert "declares 0 points" in messages[("trf.points-mismatch", 4)]
    assert "add up to 1" in messages[("trf.points-mismatch", 4)]
    assert "already used on line 6" in messages[("trf.duplicate-number", 7)]


def test_malformed_file_keeps_what_it_could_read():
    t = parse_trf(MALFORMED)
    assert [p.number for p in t.players] == [1, 2, 3, 4, 5, 6]
    assert t.player(4).name == "D"
    assert t.player(2).rating is None
    # the unreadable cell is left out, the rest of the line is kept
    assert results_of(t, 1) == [(1, 2, "w", "1", 1.0)]


def test_opponent_naming_someone_else():
    players = [
        player_line(1, "A", points="1.0", rounds=[cell(2, "w", "1")]),
        player_line(2, "B", points="0.0", rounds=[cell(3, "b", "0")]),
        player_line(3, "C", points="1.0", rounds=[cell(2, "w", "1")]),
    ]
    t = parse_trf(simple_file(players))
    asymmetric = [p for p in t.problems if p.code == "trf.asymmetric-pairing"]
    assert [(p.line, p.column) for p in asymmetric] == [(2, 92)]
    assert asymmetric[0].message == (
        "round 1: player 1 names 2 as opponent, but player 2's round 1 "
        "names opponent 3")


def test_bad_cells_and_numbers():
    players = [
        player_line(1, "A", rounds=["  ab w 1", cell(2, "q", "1")]),
        "001  abc Nobody",
        player_line(2, "B", rounds=["        ", cell(1, "b", "0")]),
    ]
    t = parse_trf(simple_file(players))
    assert [(p.code, p.line, p.column) for p in errors(t)] == [
        ("trf.bad-opponent", 2, 92), ("trf.bad-colour", 2, 107),
        ("trf.bad-number", 3, 5)]


def test_no_players():
    t = parse_trf("012 Empty\n042 2024/01/01\n")
    assert problem_list(t) == [(ERROR, "trf.no-players", None, None)]
    assert parse_trf("").players == []


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=140), max_size=8),
       st.sampled_from(["001 ", "012 ", "042 ", "132 ", "XXR ", ""]))
def test_never_raises(lines, prefix):
    t = parse_trf("\n".join(prefix + line for line in lines))
    assert all(p.line is None or p.line >= 1 for p in t.problems)


@settings(max_examples=100, deadline=None)
@given(st.permutations(range(len(BASIC_PLAYERS))))
def test_player_order_does_not_matter(order):
    """Symmetric checks see every player whatever the order of lines."""
    t = parse_trf(simple_file([BASIC_PLAYERS[i] for i in order]))
    assert errors(t) == []
    assert sorted(p.number for p in t.players) == list(range(1, 10))


# ------------------------------------------------------ third-party files

def read(name):
    path = third_party("chess", name)
    return parse_trf(path.read_bytes().decode("utf-8"))


CHESS_FILES = [
    "bbp_dutch_2025_C9.input.trf",
    "bbp_issue_7_CR_line_endings.input.trf",
    "echecs_javafo_sample2_Gros2010.trf",
    "echecs_trf26_team_minimal.trf",
    "sharly_example_trf16_KarlMala2005.trf",
    "sharly_example_trf26_GrandmommysCup_TEC.trf",
    "sharly_lichess_swiss_2020_06.trf",
]


def test_every_trf_file_is_listed():
    folder = third_party("chess", "MANIFEST.txt").parent
    assert sorted(p.name for p in folder.glob("*.trf")) == CHESS_FILES


@pytest.mark.parametrize("name", CHESS_FILES)
def test_every_trf_file_parses_without_errors(name):
    t = read(name)
    assert t.players
    assert errors(t) == []
    assert "trf.asymmetric-pairing" not in codes(t)


def test_karl_mala_2005_trf16():
    t = read("sharly_example_trf16_KarlMala2005.trf")
    assert (t.name, t.city) == ("9. Karl-Mala-Gedenkturnier",
                                "Frankfurt (Main) /GER")
    assert len(t.players) == 284
    assert sum(p.rated for p in t.players) == 146
    assert (t.rounds, t.rounds_played) == (7, 7)
    assert (t.start, t.end) == (date(2005, 7, 28), date(2005, 7, 31))
    assert t.time_control == "40/120, 60"
    assert (t.system, t.rate_of_play) == ("swiss", "standard")
    assert t.federation == "" and t.round_dates == []
    vasquez = t.player(1)
    assert (vasquez.name, vasquez.title, vasquez.rating, vasquez.id) == (
        "Vasquez,Rodrigo", "GM", 2558, "3400042")
    assert (vasquez.federation, vasquez.birth, vasquez.points,
            vasquez.rank) == ("CHI", date(1969, 12, 6), 6.0, 4)
    # Bakhmatov lost round 1 by forfeit and left: rank 0 is "not ranked"
    assert results_of(t, 13) == [(1, 153, None, "-", 0.0)]
    assert t.player(13).rank is None
    assert t.player(153).results[0].code == "+"
    assert t.problems == []


def test_cr_only_line_endings_rtg():
    t = read("bbp_issue_7_CR_line_endings.input.trf")
    assert len(t.players) == 60
    assert sum(p.rated for p in t.players) == 60
    assert (t.rounds, t.rounds_played) == (15, 14)
    assert t.header_lines == {"012": 1, "XXR": 62}
    first = t.player(1)
    assert (first.rating, first.points, first.score) == (2720, 10.5, 10.5)
    assert results_of(t, 4)[0] == (1, 34, "w", "+", 1.0)
    forfeits = [r.code for p in t.players for r in p.results
                if r.code in "+-"]
    assert len(forfeits) == 50
    assert codes(t) == ["trf.missing-date"]


def test_gros_2010_javafo_sample():
    t = read("echecs_javafo_sample2_Gros2010.trf")
    assert (t.name, t.city, t.federation) == (
        "XX Open Internacional de Gros", "Donostia", "ESP")
    assert len(t.players) == 52
    assert sum(p.rated for p in t.players) == 41
    assert (t.start, t.end) == (date(2010, 9, 24), date(2010, 10, 2))
    assert (t.rounds, t.system) == (9, "swiss")
    # four rounds paired; round 5 only holds byes announced in advance
    paired = {r.round for p in t.players for r in p.results if r.opponent}
    assert paired == {1, 2, 3, 4}
    mirzoev = t.player(1)
    assert (mirzoev.title, mirzoev.rating, mirzoev.id, mirzoev.birth_year,
            mirzoev.sex) == ("GM", 2527, "13400304", 1978, "m")
    unrated = t.player(6)
    assert (unrated.rating, unrated.id, unrated.points) == (None, None, 3.5)
    assert results_of(t, 52)[0] == (1, None, None, "U", 1.0)
    assert results_of(t, 14)[2] == (3, None, None, "H", 0.5)
    assert t.problems == []


def test_lichess_swiss_2020():
    t = read("sharly_lichess_swiss_2020_06.trf")
    assert len(t.players) == 13
    assert not any(p.rated for p in t.players)
    assert t.start == t.end == date(2020, 5, 29)
    assert (t.rounds, t.rounds_played, t.system) == (10, 10, "swiss")
    assert t.time_control is None
    assert results_of(t, 5)[:2] == [(1, None, None, "H", 0.5),
                                    (2, None, None, "-", 0.0)]
    assert t.player(1).points == 8.0 and t.player(1).name == \
        "mattderkuerschner"
    assert problem_list(t) == [(WARNING, "trf.ignored-record", 15, 1)]


def test_trf26_team_minimal():
    t = read("echecs_trf26_team_minimal.trf")
    assert (t.start, t.end, t.rounds, t.system) == (
        date(2026, 1, 10), date(2026, 1, 14), 5, "team")
    kasparov, polgar = t.players
    assert (kasparov.id, kasparov.birth, kasparov.title, kasparov.sex) == (
        "4100018363", date(1963, 4, 13), "GM", "m")
    assert (polgar.id, polgar.birth, polgar.rating) == (
        "735463", date(1976, 7, 23), 2735)
    # the fixture's points (4.0, 3.5) are not those of its one round
    assert codes(t).count("trf.points-mismatch") == 2
    ignored = [p.message.split("'")[1] for p in t.problems
               if p.code == "trf.ignored-record"]
    assert ignored == ["152", "182", "RUS", "310", "240", "260"]


def test_grandmommys_cup_trf26():
    t = read("sharly_example_trf26_GrandmommysCup_TEC.trf")
    assert (t.name, t.system, t.rounds, t.rounds_played) == (
        "Grandmommy's Cup", "team", 14, 14)
    assert len(t.players) == 249
    assert t.round_dates[0] == date(2024, 1, 1)
    assert t.round_dates[-1] == date(2024, 1, 14)
    assert len(t.round_dates) == 14
    first = t.player(1)
    assert (first.id, first.birth, first.birth_year, first.points) == (
        "70123454321", None, 1987, 8.0)
    ignored = [p for p in t.problems if p.code == "trf.ignored-record"]
    first_lines = {p.message.split("'")[1]: p.line for p in ignored}
    assert first_lines["310"] == 288 and first_lines["240"] == 340
    assert len(ignored) == len(t.problems)


def test_bbp_zero_point_bye():
    t = read("bbp_dutch_2025_C9.input.trf")
    assert len(t.players) == 5 and t.rounds == 3
    assert results_of(t, 5) == [(1, None, None, "Z", 0.0)]


# TRF26 record 202: the ordered tie-break list, kept as written for
# rules_core/fide/tiebreaks.py (docs/tiebreaks.md); no longer "ignored".
def test_tiebreak_record_202_is_read():
    text = BASIC.replace("XXR 3\n", "XXR 3\n202 BH/C1,BH,SB\n")
    t = parse_trf(text)
    assert t.tiebreaks == "BH/C1,BH,SB"
    assert t.header_lines["202"] == BASIC_HEADER.index("XXR 3") + 2
    assert not [p for p in t.problems if "'202'" in p.message]


# The one-pass reading of a round cell (`_well_formed_cell`) against the
# checked path (`_Reader.round_cell`): for any cell, the fast path either
# declines or reads exactly what the checked path reads, without a problem.
CELL_CHARACTERS = st.sampled_from(list("0123456789 wWbB-=+1LlDdHhFfUuZzXx/\u00b2\u0660"))


@settings(max_examples=400)
@given(st.text(CELL_CHARACTERS, min_size=8, max_size=8))
def test_a_well_formed_cell_reads_as_the_checked_path_reads_it(cell: str) -> None:
    from rules_core.trf import _Reader, _well_formed_cell
    fast = _well_formed_cell(cell, 3, 7, 112)
    reader = _Reader()
    checked = reader.round_cell(cell, 3, 7, 112)
    if fast is not None:
        assert fast == checked
        assert reader.tournament.problems == []
