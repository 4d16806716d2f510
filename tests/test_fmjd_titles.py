"""Tables of FMJD Annex 10 (X-1, X-2, X-3) and the titles without norm
conditions or through norms (rules_core.fmjd.titles, rules_core.fmjd.awards).

Every row of the three tables is typed here a second time, in a form of its
own, and compared with the module's literals and (when ../shared is present)
with the printed text.  The titles: automatic titles by place (§3, X-1),
§3.11, §3.12 (the golden examples of its text), the automatic norms of
§4.5.11 and §4.7.1, titles through norms across events (§4.6, §5-§9, §12).
"""

from __future__ import annotations

import re
from datetime import date
from itertools import pairwise

import pytest

from rules_core.fmjd.awards import (
    EVENTS,
    NORM,
    TITLE,
    Award,
    NormRecord,
    automatic_awards,
    automatic_titles,
    cmf_by_rating,
    title_for_places_above,
    title_through_norms,
    titles_through_norms,
)
from rules_core.fmjd.titleholders import NormError
from rules_core.fmjd.titles import (
    MI_AS_GMI_RATING,
    MI_AS_GMI_RATING_PRINTED,
    ROMAN,
    TITLE_RATINGS,
    X_1,
    X_1_FOOTNOTES,
    X_1_PRINTED,
    X_2,
    X_2_MISPRINTS,
    X_2_PRINTED,
    X_3,
    X_3_MINIMA,
    X_3_MINIMA_PRINTED,
    X_3_PRINTED,
)
from rules_core.model import Player, RoundResult, Tournament
from tests.shared_data import NO_SHARED, REGULATIONS

ANNEXES = REGULATIONS / "fmjd-annexes-2024.txt"

# fmjd Annex 10 §4.3 table X-3, typed from the print: %, MF, MI, GMI
# category ("-" blank), points for 7 ... 21 games.
X_3_TYPED = """
76 -    IV    X     11 13 14 16 17 19 20 22 23 25 26 28 29 31 32
73 -    V     XI    11 12 14 15 17 18 19 21 22 24 25 27 28 30 31
70 II   VI    XII   10 12 13 14 16 17 19 20 21 23 24 26 27 28 30
67 III  VII   XIII  10 11 13 14 15 17 18 19 21 22 23 25 26 27 29
64 IV   VIII  XIV    9 11 12 13 15 16 17 18 20 21 22 24 25 26 27
60 V    IX    XV     9 10 11 12 14 15 16 17 18 20 21 22 23 24 26
57 VI   X     XVI    8 10 11 12 13 14 15 16 18 19 20 21 22 23 24
53 VII  XI    XVII   8  9 10 11 12 13 14 15 16 17 19 20 21 22 23
50 VIII XII   XVIII  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21
47 IX   XIII  XIX    7  8  9 10 11 12 13 14 15 16 16 17 18 19 20
43 X    XIV   -      7  7  8  9 10 11 12 13 13 14 15 16 17 18 19
40 XI   XV    -      6  7  8  8  9 10 11 12 12 13 14 15 16 16 17
36 XII  XVI   -      6  6  7  8  8  9 10 11 11 12 13 13 14 15 16
33 XIII XVII  -      5  6  6  7  8  8  9 10 10 11 12 12 13 14 14
30 XIV  XVIII -      5  5  6  6  7  8  8  9  9 10 11 11 12 12 13
27 XV   XIX   -      4  5  5  6  6  7  8  8  9  9 10 10 11 11 12
24 XVI  -     -      4  4  5  5  6  6  7  7  8  8  9  9 10 10 11
20 XVII -     -      3  4  4  4  5  5  6  6  6  7  7  8  8  8  9
"""

# fmjd Annex 10 §4.3, rows (5)-(9) under X-3, for 8 ... 22 players ("-":
# blank in the print).
X_3_MINIMA_TYPED = """
5 - - 5 6  6 7 7 8 8 9 9 10 10 11 11
6 - - 5 6  6 7 7 8 8 9 9 10 10 11 11
7 - - 8 9 10 11 12 12 13 14 15 16 16 17 18
8 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8
9 6 6 7 7 7 8 8 8 9 9 9 10 10 10 11
"""

# fmjd Annex 10 §4.3 table X-2, typed: category, open low-high, female
# low-high ("-": open-ended).
X_2_TYPED = """
I     -    1975 -    1890
II    1976 2000 1891 1915
III   2001 2025 1916 1940
IV    2026 2050 1941 1965
V     2051 2075 1966 1990
VI    2076 2100 1991 2015
VII   2101 2125 2016 2040
VIII  2126 2150 2041 2065
IX    2151 2175 2066 2090
X     2176 2200 2091 2115
XI    2201 2225 2116 2140
XII   2226 2250 2141 2165
XIII  2251 2275 2166 2190
XIV   2276 2300 2191 2215
XV    2301 2325 2216 2240
XVI   2326 2350 2241 2265
XVII  2351 2375 2266 2290
XVIII 2376 2400 2291 2315
XIX   2401 -    2316 -
"""

# fmjd Annex 10 §3 and table X-1 (with §3.1-§3.10): event, place ->
# what the place gives (title, kind), open events.
X_1_CASES = [
    ("world-championship", 1, [("GMI", TITLE)]),
    ("world-championship", 3, [("GMI", TITLE)]),
    ("world-championship", 4, [("MI", TITLE), ("GMI", NORM)]),
    ("world-championship", 6, [("MI", TITLE), ("GMI", NORM)]),
    ("world-championship", 7, [("MF", TITLE), ("MI", NORM)]),
    ("world-championship", 9, [("MF", TITLE), ("MI", NORM)]),
    ("world-championship", 10, [("CMF", TITLE), ("MF", NORM)]),
    ("world-championship", 11, []),
    ("world-mind-sports-games", 4, [("MI", TITLE), ("GMI", NORM)]),   # footnote (1)
    ("european-championship", 2, [("GMI", TITLE)]),
    ("african-championship", 8, [("MF", TITLE), ("MI", NORM)]),
    ("world-junior-championship", 1, [("MF", TITLE), ("MI", NORM)]),
    ("world-junior-championship", 3, [("MF", TITLE), ("MI", NORM)]),
    ("world-junior-championship", 4, []),
    ("european-youth-championship", 2, [("MF", TITLE), ("MI", NORM)]),
    ("continental-junior-championship", 1, [("MF", TITLE), ("MI", NORM)]),
    ("continental-junior-championship", 3, [("CMF", TITLE), ("MF", NORM)]),
    ("world-cadet-championship", 1, [("MF", TITLE), ("MI", NORM)]),
    ("european-cadet-championship", 2, [("CMF", TITLE), ("MF", NORM)]),
    ("continental-cadet-championship", 3, [("CMF", TITLE), ("MF", NORM)]),
    ("continental-cadet-championship", 4, []),
    ("world-mini-cadet-championship", 2, [("CMF", TITLE), ("MF", NORM)]),
    ("continental-mini-cadet-championship", 3, []),
    ("world-hopes-championship", 1, [("CMF", TITLE), ("MF", NORM)]),
    ("continental-hopes-championship", 2, []),
    ("world-cup", 1, []),
]

# fmjd Annex 10 §3.4: continental championships of America and Asia by size.
CONTINENTAL_CASES = [
    (16, 1, [("GMI", TITLE)]),
    (16, 2, [("MI", TITLE), ("GMI", NORM)]),
    (16, 3, [("MF", TITLE), ("MI", NORM)]),
    (16, 4, [("CMF", TITLE), ("MF", NORM)]),
    (16, 6, [("CMF", TITLE), ("MF", NORM)]),
    (16, 7, []),
    (15, 1, [("MI", TITLE)]),
    (15, 2, []),
    (8, 1, [("MI", TITLE)]),
    (7, 1, []),
]

# fmjd Annex 10 §3.12, the examples of its text (golden): the titles of the
# players placed below -> the title.
PLACES_ABOVE_EXAMPLES = [
    ([("GMI", 2400)] * 2 + [("MI", 2300)] * 3, "MI"),     # "above 2 GMI and 3 MI"
    ([("GMI", 2400)] * 5, "GMI"),                         # "above 5 GMI"
    ([("GMI", 2400)] * 4 + [("MF", 2200)], "MF"),         # "above 4 GMI and 1 MF"
]


def _cells(text: str) -> list[list[str]]:
    return [line.split() for line in text.strip().splitlines()]


def _none(cell: str) -> str | None:
    return None if cell == "-" else cell


def _int(cell: str) -> int | None:
    return None if cell == "-" else int(cell)


@pytest.fixture(scope="module")
def annexes() -> list[str]:
    if not ANNEXES.exists():
        pytest.skip(NO_SHARED if not REGULATIONS.exists() else f"{ANNEXES} is absent")
    return ANNEXES.read_text(encoding="utf-8").splitlines()


def _printed(lines: list[str], marker: str, count: int) -> list[tuple[str, ...]]:
    """`count` printed lines after the line starting with `marker`, as cells."""
    start = next(i for i, line in enumerate(lines) if line.startswith(marker))
    rows = [line for line in lines[start + 1:] if line.strip()]
    return [tuple(line.split("\t")) for line in rows[:count]]


# --- Table X-3 ----------------------------------------------------------------

def test_x_3_typed_rows_equal_the_module():
    typed = [(int(c[0]), _none(c[1]), _none(c[2]), _none(c[3]), tuple(map(int, c[4:])))
             for c in _cells(X_3_TYPED)]
    assert typed == list(X_3)


@pytest.mark.parametrize("row", X_3, ids=lambda row: f"{row[0]}%")
def test_x_3_row_as_printed_in_the_module(row):
    percent, mf, mi, gmi, points = row
    printed = next(p for p in X_3_PRINTED if p[0] == str(percent))
    assert printed[1:4] == tuple(c or "" for c in (mf, mi, gmi))
    assert printed[4:19] == tuple(map(str, points))


def test_x_3_every_line_as_in_the_regulation_text(annexes):
    assert _printed(annexes, "[table X-3]", 1 + len(X_3_PRINTED))[1:] == list(X_3_PRINTED)


def test_x_3_minima_every_line_as_in_the_regulation_text(annexes):
    lines = _printed(annexes, "[table X-3]", 1 + len(X_3_PRINTED) + len(X_3_MINIMA_PRINTED))
    assert lines[1 + len(X_3_PRINTED):] == list(X_3_MINIMA_PRINTED)


def test_x_3_minima_typed_equal_the_module_and_the_print():
    typed = {int(c[0]): tuple(_int(x) for x in c[1:]) for c in _cells(X_3_MINIMA_TYPED)}
    assert typed == dict(X_3_MINIMA)
    for printed in X_3_MINIMA_PRINTED[1:]:
        remark = int(printed[-1].strip("()"))
        assert tuple(int(c) if c else None for c in printed[4:19]) == X_3_MINIMA[remark]


def test_x_3_columns_run_one_category_a_row():
    for column in (1, 2, 3):
        cats = [row[column] for row in X_3 if row[column]]
        first = ROMAN.index(cats[0])
        assert cats == list(ROMAN[first:first + len(cats)])


def test_x_3_column_ends_the_print_gives():
    # MF from II to XVII, MI from IV to XIX, GMI from X to XIX: the blanks
    # are in the print, not lost in the transcription
    ends = {c: [row[c] for row in X_3 if row[c]] for c in (1, 2, 3)}
    assert (ends[1][0], ends[1][-1]) == ("II", "XVII")
    assert (ends[2][0], ends[2][-1]) == ("IV", "XIX")
    assert (ends[3][0], ends[3][-1]) == ("X", "XIX")


# --- Table X-2 ----------------------------------------------------------------

def test_x_2_typed_rows_equal_the_module():
    typed = {c[0]: ((_int(c[1]), _int(c[2])), (_int(c[3]), _int(c[4])))
             for c in _cells(X_2_TYPED)}
    assert typed == dict(X_2)
    assert tuple(X_2) == ROMAN


def test_x_2_every_line_as_in_the_regulation_text(annexes):
    assert _printed(annexes, "[table X-2]", len(X_2_PRINTED)) == list(X_2_PRINTED)


def test_x_2_printed_cells_give_the_table_but_the_misprints():
    rows = X_2_PRINTED[2:]
    printed = [row[0:3] for row in rows] + [row[3:6] for row in rows if row[3]]
    assert len(printed) == 19
    for (category, open_, female), used in zip(printed, ROMAN, strict=True):
        if (category, open_) in X_2_MISPRINTS:
            assert X_2_MISPRINTS[(category, open_)][0] == used
            continue
        assert category == used
        (lo, hi), (flo, fhi) = X_2[used]
        assert open_ == f"{lo}-{hi}" and female == f"{flo}-{fhi}"


def test_x_2_misprints_are_the_four_documented():
    assert set(X_2_MISPRINTS) == {("I", "1975"), ("XIX", "2401"), ("XVI", "2351-2375"),
                                  ("XVII", "I 2376-2400")}


def test_x_2_columns_are_contiguous_and_female_is_open_minus_85():
    for column in (0, 1):
        bounds = [X_2[c][column] for c in ROMAN]
        for (_lo, hi), (lo_next, _hi) in pairwise(bounds):
            assert lo_next == hi + 1
    for c in ROMAN:
        (lo, hi), (flo, fhi) = X_2[c]
        assert (flo, fhi) == (lo and lo - 85, hi and hi - 85)


# --- Table X-1 ----------------------------------------------------------------

def test_x_1_every_line_as_in_the_regulation_text(annexes):
    assert _printed(annexes, "[table X-1]", len(X_1_PRINTED)) == list(X_1_PRINTED)


def test_x_1_footnotes_as_in_the_regulation_text(annexes):
    text = "\n".join(annexes)
    for number, words in X_1_FOOTNOTES.items():
        assert f"- ({number}) {words}" in text


def _decode(level: str, cell: str) -> tuple[tuple[int, ...], int | None] | None:
    """A printed X-1 cell: its last digit (or <sup>) is the footnote, but in
    the GMI column, which has none (footnotes (2)-(5) belong to the MI, MF
    and CMF columns: there is no norm above GMI to add)."""
    cell = cell.strip()
    if not cell or cell == "-":
        return None
    sup = re.fullmatch(r"(.*?)\s*<sup>(\d)</sup>", cell)
    if sup:
        places, footnote = sup[1], int(sup[2])
    elif level == "GMI":
        places, footnote = cell, None
    else:
        places, footnote = cell[:-1], int(cell[-1])
    parts = [int(x) for x in places.split("-")]
    return tuple(range(parts[0], parts[-1] + 1)), footnote


# The printed lines holding each row's cells (the rows with a footnote).
X_1_PRINTED_CELL_LINES = {0: (1, 2), 1: (5,), 2: (7,), 3: (9,), 4: (11,), 5: (13,),
                          6: (15,), 7: (17,)}


@pytest.mark.parametrize("index", range(len(X_1)))
def test_x_1_decoded_rows_are_the_printed_cells(index):
    printed = {}
    for line in X_1_PRINTED_CELL_LINES[index]:
        for level, cell in zip(("GMI", "MI", "MF", "CMF"), X_1_PRINTED[line][1:], strict=True):
            decoded = _decode(level, cell)
            if decoded:
                printed[level] = decoded
    assert printed == {level: tuple(cell) for level, cell in X_1[index].cells.items()}


def test_x_1_second_print_of_a_cell_is_without_its_footnote():
    # "14" then "1", "2-35" then "2-3": the same places printed twice
    assert X_1_PRINTED[9][3:] == ("14", "2-35") and X_1_PRINTED[10][3:] == ("1", "2-3")


def test_x_1_events_are_known():
    assert {e for row in X_1 for e in row.events} <= set(EVENTS)


# --- Figures of the articles -----------------------------------------------------

def test_title_ratings_of_2024(annexes):
    text = "\n".join(annexes)
    assert "rating of 2300 or higher, and an MI counts only as an MI as he has a rating of 2250" in text
    assert "rating of 2165 or higher and an MIF counts as an MIF with a rating of 2090" in text
    assert dict(TITLE_RATINGS) == {"GMI": 2300, "MI": 2250, "GMIF": 2165, "MIF": 2090}


def test_4_5_10_women_figure_printed_2150_used_2090(annexes):
    text = "\n".join(annexes)
    assert "3 MI(F) with rating 2250(2150) or more may be counted as 1 GMI(F)" in text
    assert "2165 instead of 2300 and 2090 instead of 2250" in text      # §9
    assert MI_AS_GMI_RATING_PRINTED["female"] == 2150
    assert MI_AS_GMI_RATING["female"] == TITLE_RATINGS["MIF"] == 2090


# --- Automatic titles (§3) ---------------------------------------------------------

def _kinds(awards: list[Award]) -> list[tuple[str, str]]:
    return [(a.title, a.kind) for a in awards]


@pytest.mark.parametrize("event, place, expected", X_1_CASES)
def test_automatic_titles_by_place(event, place, expected):
    assert _kinds(automatic_titles(event, place)) == expected


@pytest.mark.parametrize("players, place, expected", CONTINENTAL_CASES)
def test_continental_championship_by_size(players, place, expected):
    awards = automatic_titles("continental-championship", place, players=players)
    assert _kinds(awards) == expected


def test_continental_championship_needs_its_size():
    with pytest.raises(NormError, match="number of players"):
        automatic_titles("continental-championship", 1)


def test_womens_championship_gives_womens_titles():
    assert _kinds(automatic_titles("world-championship", 5, women_event=True)) == [
        ("MIF", TITLE), ("GMIF", NORM)]
    assert _kinds(automatic_titles("european-championship", 10, women_event=True)) == [
        ("CMFF", TITLE), ("MFF", NORM)]


def test_64_board_titles():
    assert _kinds(automatic_titles("world-championship", 2, board=64)) == [("GMI 64", TITLE)]


def test_junior_champion_already_mf_gets_mi():
    # §3.5 and footnote (2): MF before the start makes the champion MI
    assert _kinds(automatic_titles("world-junior-championship", 1, title_before="MF")) == [
        ("MI", TITLE)]
    assert _kinds(automatic_titles("world-junior-championship", 1,
                                   title_before="mff", women_event=True)) == [("MIF", TITLE)]
    # a CMF is not an MF; the runner-up gets MF whatever he held
    assert _kinds(automatic_titles("world-junior-championship", 1, title_before="CMF")) == [
        ("MF", TITLE), ("MI", NORM)]
    assert _kinds(automatic_titles("world-junior-championship", 2, title_before="MF")) == [
        ("MF", TITLE), ("MI", NORM)]


def test_unknown_event_and_bad_place():
    with pytest.raises(ValueError, match="unknown event: 'olympiad'"):
        automatic_titles("olympiad", 1)
    with pytest.raises(NormError, match="a place is at least 1"):
        automatic_titles("world-championship", 0)


@pytest.mark.parametrize("below, expected", PLACES_ABOVE_EXAMPLES)
def test_3_12_examples_of_the_text(below, expected):
    assert title_for_places_above(below) == expected


def test_3_12_titles_count_as_2_1_1_says():
    # five GMI of whom two rated below 2300: they count as MI, so MI only
    below = [("GMI", 2400)] * 3 + [("GMI", 2260)] * 2
    assert title_for_places_above(below) == "MI"
    below = [("GMI", 2400)] * 3 + [("GMI", 2200)] * 2
    assert title_for_places_above(below) == "MF"
    assert title_for_places_above([("GMI", 2400)] * 4 + [("CMF", 2300)]) is None
    # women's titles count nothing in an open championship
    assert title_for_places_above([("GMIF", 2400)] * 5) is None
    assert title_for_places_above([("GMIF", 2200)] * 5, women_event=True) == "GMIF"


@pytest.mark.parametrize("rating, female, rating_list, expected", [
    (2120, False, "A", ["CMF"]), (2119, False, "A", []), (2120, False, "B", []),
    (2020, True, "A", ["CMFF"]), (2125, True, "A", ["CMF", "CMFF"]),
    (2019, True, "A", []), (None, False, "A", []),
])
def test_3_11_5_rating_on_list_a(rating, female, rating_list, expected):
    awards = cmf_by_rating(rating, female=female, rating_list=rating_list)
    assert [a.title for a in awards] == expected


# --- Automatic titles and norms of one event -------------------------------------

_CODE = {2: "1", 1: "=", 0: "0"}


def _round_robin(players: list[Player], scores: dict[tuple[int, int], int],
                 **fields) -> Tournament:
    """Every pair plays once; the earlier player wins unless `scores` gives
    his points (0-based indices)."""
    round_ = 0
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            round_ += 1
            s = scores.get((i, j), 2)
            players[i].results.append(RoundResult(round_, players[j].number, "w", _CODE[s], s))
            players[j].results.append(RoundResult(round_, players[i].number, "b",
                                                  _CODE[2 - s], 2 - s))
    return Tournament(name="t", system="round-robin", game="draughts", players=players,
                      rounds=len(players) - 1, **fields)


def _field(titles: list[tuple[str | None, int | None]]) -> list[Player]:
    return [Player(i + 1, f"P{i + 1}", rating=r, title=title)
            for i, (title, r) in enumerate(titles)]


def test_automatic_awards_of_a_world_championship():
    # 12 players in place order: the 10th is CMF + MF norm, the 6th
    # MI + GMI norm; the 1st is above 5 GMI (§3.12)
    players = _field([(None, 2300)] * 6 + [("GMI", 2400)] * 6)
    t = _round_robin(players, {})
    awards = automatic_awards(t, "world-championship")
    assert ("GMI", TITLE) in _kinds(awards[1])
    assert _kinds(awards[6])[:2] == [("MI", TITLE), ("GMI", NORM)]
    assert ("GMI", TITLE) in _kinds(awards[6])               # above 6 GMI: §3.12
    assert ("CMF", TITLE) in _kinds(awards[12])              # §3.11.3.a: participant
    assert ("CMF", NORM) in _kinds(awards[7])                # §4.5.11.2: above 5 GMI
    assert [a for a in awards[12] if a.kind == NORM] == []
    assert all("§" in a.reason for a in awards[1])


def test_place_above_titleholders_3_12_and_3_11_4_in_a_european_championship():
    # 10 players; the 4th finished above 3 MI and 2 MF: §3.11.4 (3 GMI/MI)
    players = _field([(None, 2000)] * 5 + [("MI", 2260)] * 3 + [("MF", 2100)] * 2)
    t = _round_robin(players, {})
    awards = automatic_awards(t, "european-championship")
    reasons = [a.reason for a in awards[5] if a.title == "CMF"]
    assert any("§3.11.4" in r for r in reasons)
    # §3.12: above 3 MI and 2 MF is MF (five with MF or higher)
    assert any(a.title == "MF" and "§3.12" in a.reason for a in awards[5])
    assert not any("§3.12" in a.reason for a in awards[6])   # above 2 MI + 2 MF only


def test_3_11_3_score_plus_two_in_a_world_cup_event():
    me = Player(1, "Me", rating=2000)
    others = [Player(i, f"O{i}", rating=2000) for i in range(2, 6)]
    t = _round_robin([me, *others], {(0, 1): 1, (0, 2): 1})   # +2: 2 wins, 2 draws
    awards = automatic_awards(t, "world-cup")
    assert any("§3.11.3" in a.reason for a in awards[1])
    t = _round_robin([Player(1, "Me"), *[Player(i, f"O{i}") for i in range(2, 6)]],
                     {(0, 1): 1, (0, 2): 1, (0, 3): 1})       # +1
    assert not any("§3.11.3" in a.reason for a in automatic_awards(t, "world-cup")[1])


def _national(system: str, scores: dict, rounds: int | None = None, players: int = 8):
    field = [Player(i + 1, f"P{i + 1}", rating=2100) for i in range(players)]
    t = _round_robin(field, scores, national_championship=True)
    t.system = system
    if rounds:
        t.rounds = rounds
    return t


def test_national_championship_4_7_1_and_4_5_11_1_and_3_11_1():
    # 8 players, 7 rounds; player 2 loses only to 1 (12 of 14 = 85.7 %),
    # player 3 scores 10 of 14 (71.4 %), player 4 8 of 14 (57.1 %)
    t = _national("round-robin", {})
    awards = automatic_awards(t, "national-championship")
    assert _kinds(awards[1]) == [("CMF", TITLE), ("MF", NORM)]
    assert _kinds(awards[2]) == [("CMF", NORM), ("MF", NORM)]
    assert _kinds(awards[3]) == [("CMF", NORM), ("MF", NORM)]
    assert _kinds(awards[4]) == []


@pytest.mark.parametrize("draws, norm", [(7, True), (6, False)])
def test_national_championship_4_7_1_threshold(draws, norm):
    # 11 players, 10 rounds; player 1 wins 3 and draws `draws`: 13 of 20 is
    # 65 % exactly (the norm), 12 of 20 is 60 %
    scores = {(0, j): 1 for j in range(4, 4 + draws)} | {
        (0, j): 0 for j in range(4 + draws, 11)}
    t = _national("round-robin", scores, players=11)
    assert (("MF", NORM) in _kinds(automatic_awards(t, "national-championship")[1])) is norm


def test_national_championship_4_7_1_needs_seven_rounds():
    t = _national("round-robin", {}, players=7)           # 6 rounds, 100 %
    assert ("MF", NORM) not in _kinds(automatic_awards(t, "national-championship")[1])


def test_national_championship_swiss_only_the_champion():
    t = _national("swiss", {})
    awards = automatic_awards(t, "national-championship")
    assert ("MF", NORM) in _kinds(awards[1])
    assert ("MF", NORM) not in _kinds(awards[2])               # 85.7 % but not champion


def test_womens_national_championship_gives_womens_norm():
    t = _national("round-robin", {})
    t.women_only = True
    assert _kinds(automatic_awards(t, "national-championship")[1]) == [
        ("CMFF", TITLE), ("MFF", NORM)]


# --- Titles through norms (§4.6, §5-§9, §12) -------------------------------------

def _norm(title, kind="black", games=9, used_for=None, event=""):
    return NormRecord(title, kind, games, event, date(2024, 1, 1), used_for)


# (title, norms, ratings, awarded, reason fragments) -- fmjd Annex 10 §5-§8
THROUGH_NORMS_CASES = [
    ("GMI", [_norm("GMI", "red"), _norm("GMI"), _norm("GMI")], [2300], True, []),
    ("GMI", [_norm("GMI", "red"), _norm("GMI")], [2400], False, ["2 norms", "3 needed"]),
    ("GMI", [_norm("GMI", "red", 9), _norm("GMI", "black", 9), _norm("GMI", "black", 8)],
     [2400], False, ["26 games", "27 needed (fmjd Annex 10 §5)"]),
    ("GMI", [_norm("GMI")] * 3, [2400], False, ["no red norm", "§4.5.5"]),
    ("GMI", [_norm("GMI", "red"), _norm("GMI"), _norm("GMI")], [2250, 2299], False,
     ["highest rating 2299", "2300 needed"]),
    ("GMI", [_norm("GMI", "red"), _norm("GMI"), _norm("GMI")], [], False, ["no rating"]),
    ("GMI", [_norm("GMI", "red"), _norm("GMI"), _norm("MI")], [2400], False, ["2 norms"]),
    ("MI", [_norm("GMI", "red"), _norm("MI"), _norm("MI", games=7)], [2250], True, []),
    ("MI", [_norm("MI", "red", 8), _norm("MI", games=8), _norm("MI", games=8)], [2300],
     False, ["24 games", "25 needed (fmjd Annex 10 §6)"]),
    ("MI", [_norm("MI", "red"), _norm("MI"), _norm("MI")], [2249], False, ["2250 needed"]),
    ("MF", [_norm("MF", games=7), _norm("MI", games=7), _norm("GMI", games=7)], [], True, []),
    ("MF", [_norm("MF", games=7), _norm("MF", games=7), _norm("MF", games=5)], [], False,
     ["5 games and does not count", "§1.2"]),
    ("MF", [_norm("MF", games=9), _norm("MF", games=9)], [], False, ["2 norms"]),
    ("MF", [_norm("MF", "automatic", 7), _norm("MF", games=7), _norm("MF", games=7)],
     [], True, []),
    ("CMF", [_norm("CMF", "automatic"), _norm("MF")], [], True, []),
    ("CMF", [_norm("CMF", "automatic")], [], False, ["1 norms", "2 needed (fmjd Annex 10 §8)"]),
    # §9: the women's titles, 2165 and 2090; open norms count for them
    ("GMIF", [_norm("GMIF", "red"), _norm("GMIF"), _norm("GMI")], [2165], True, []),
    ("GMIF", [_norm("GMIF", "red"), _norm("GMIF"), _norm("GMIF")], [2164], False,
     ["2165 needed", "§9"]),
    ("MIF", [_norm("MIF", "red"), _norm("MIF"), _norm("GMIF")], [2090], True, []),
    ("GMI", [_norm("GMIF", "red"), _norm("GMIF"), _norm("GMIF")], [2400], False,
     ["0 norms"]),
    # §12: the 64 board
    ("GMI 64", [_norm("GMI 64", "red"), _norm("GMI 64"), _norm("GMI 64")], [2300], True, []),
    ("GMI 64", [_norm("GMI", "red"), _norm("GMI"), _norm("GMI")], [2300], False, ["0 norms"]),
]


@pytest.mark.parametrize("title, norms, ratings, awarded, fragments", THROUGH_NORMS_CASES)
def test_title_through_norms(title, norms, ratings, awarded, fragments):
    check = title_through_norms(title, norms, ratings)
    assert check.awarded is awarded, check.reasons
    assert (check.reasons == []) is awarded
    for fragment in fragments:
        assert any(fragment in r for r in check.reasons), (fragment, check.reasons)


def test_rating_may_come_later():
    check = title_through_norms("GMI", [_norm("GMI", "red"), _norm("GMI"), _norm("GMI")],
                                [2280])
    assert not check.awarded and check.complete_but_rating
    assert title_through_norms("GMI", [_norm("GMI", "red"), _norm("GMI"), _norm("GMI")],
                               [2280, 2310]).awarded      # reached after the last norm


def test_4_6_exchange_of_norms():
    # MF title made with an MF, an MI and a GMI norm; two new MF norms free
    # the MI and the GMI norm for the MI title (with a new red MI norm)
    used = [_norm("MF", used_for="MF"), _norm("MI", "red", used_for="MF"),
            _norm("GMI", used_for="MF")]
    new = [_norm("MF", event="a"), _norm("MF", event="b"), _norm("MI", "black")]
    check = title_through_norms("MI", used + new, [2260])
    assert check.awarded, check.reasons
    assert {f.title for f, _ in check.exchanged} == {"MI", "GMI"}
    assert {s.event for _, s in check.exchanged} == {"a", "b"}
    assert check.games == 27
    # without the new MF norms the used ones stay where they are
    check = title_through_norms("MI", used + [_norm("MI", "black")], [2260])
    assert not check.awarded
    assert any("§4.6" in r for r in check.reasons)


def test_4_6_only_a_norm_good_for_the_lower_title_frees_one():
    # GMI norms used for the MI title are freed by new MI norms, not MF ones
    used = [_norm("GMI", "red", used_for="MI"), _norm("GMI", used_for="MI"),
            _norm("MI", used_for="MI")]
    check = title_through_norms("GMI", used + [_norm("MF"), _norm("MF")], [2400])
    assert check.exchanged == [] and not check.awarded
    check = title_through_norms("GMI", used + [_norm("MI"), _norm("MI"),
                                               _norm("GMI", games=10)], [2400])
    assert check.awarded and len(check.exchanged) == 2


def test_norm_used_for_the_title_itself_does_not_count_again():
    norms = [_norm("MI", "red", used_for="MI")] * 3
    assert title_through_norms("MI", norms, [2300]).norms == []


def test_titles_through_norms_every_level():
    norms = [_norm("MI", "red"), _norm("MI"), _norm("MI")]
    checks = titles_through_norms(norms, [2260])
    assert [(c.title, c.awarded) for c in checks] == [
        ("CMF", True), ("MF", True), ("MI", True), ("GMI", False)]


def test_title_through_norms_across_events():
    # three events of 9 rounds judged by norms_for_event: two GMI red norms
    # and one black (the FMJD default rate, 110 minutes: black only)
    from tests.test_fmjd_norms import event, norms
    records = []
    for name, time_control in (("a", "90+30"), ("b", "80+30"), ("c", "2h")):
        found = norms(event(time_control=time_control))
        best = found[("GMI", "red")] if found[("GMI", "red")].valid else found[("GMI", "black")]
        records.append(NormRecord.from_result(best, event=name, when=date(2024, 5, 1)))
    assert [r.kind for r in records] == ["red", "black", "red"]
    assert title_through_norms("GMI", records, [2280]).complete_but_rating
    check = title_through_norms("GMI", records, [2280, 2301])
    assert check.awarded and check.games == 27
    assert not title_through_norms("GMI", records[:2], [2301]).awarded
    refused = norms(event(scores=[1] * 9))[("GMI", "red")]
    with pytest.raises(NormError, match="the GMI red norm was not reached: 9 points"):
        NormRecord.from_result(refused)


def test_unknown_titles_are_refused():
    with pytest.raises(NormError, match="unknown title: 'XX'"):
        title_through_norms("XX", [])
    with pytest.raises(NormError, match="unknown title of a norm: 'YY'"):
        title_through_norms("MF", [_norm("YY")])
