"""Tables and figures of FMJD Annex 10 (recognition of international titles, 2024).

fmjd Annex 10 §3 and §4.2, table X-1: the automatic titles (and norms) of the
World and Continental championships by final place.
fmjd Annex 10 §4.3, table X-2: the categories of opponent groups by the
average rating Rm, open and female columns.
fmjd Annex 10 §4.3, table X-3: the points needed for a norm by category and
number of games (7-21), and below it the minima by number of players for red
and black norms (rows (4)-(9)) with their remarks.

Each ``*_PRINTED`` literal is the print as the text extraction gives it, one
printed line a tuple of its tab-separated cells, so that it can be read side
by side with the regulation (tests/test_fmjd_titles.py checks every line
against the text).  The table used for computing sits next to it, with what
differs documented in a ``*_MISPRINTS`` mapping or a comment:

* X-1: the footnote numbers are merged into the cells ("4-63" is places 4-6
  with footnote (3), "105" place 10 with footnote (5)); the last digit of a
  cell is its footnote except where it is printed as <sup>.  A row's labels
  run over several printed lines and some cells are printed twice (once with
  the footnote, once without, as "14" and "1").  "European Championship
  Women", named in §3.1 since 2024, is not in the printed table.
* X-2: the first open and female cells of I and XIX are printed without "up
  to" / "from" ("1975", "2401"); XVII is printed "XVI" (twice XVI); XVIII is
  printed "XVII" with its last "I" in the next cell ("I 2376-2400"); the
  header cells are broken ("Average R", "ating (Rm)").
* X-3: the cells of rows (5)-(7) (red norms) for 8 and 9 players are blank:
  a remnant of the nine rounds a red norm needed before 2020 (removed from
  §4.4.1.1 on 1 February 2020, see the list of updates).  Every printed cell
  of rows (5)-(9) is the §4.4 fraction of the number of players, rounded up
  (half, half, 80 %, one third, one third plus 3), and every printed score
  is the row's percentage of 2 points a game, rounded up: these formulas
  (`rules_core.fmjd.norms`) fill the blanks and go beyond 21 games / 22
  players; the tests show that they give every printed cell.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple

__all__ = ["ROMAN", "X_1_PRINTED", "X_1_FOOTNOTES", "X_1", "X1Row", "X1Cell",
           "X_1_NORM_FOOTNOTES", "X_1_ALREADY_MF_FOOTNOTE",
           "X_2_PRINTED", "X_2_MISPRINTS", "X_2",
           "X_3_PRINTED", "X_3", "X_3_GAMES", "X_3_MINIMA_PRINTED",
           "X_3_MINIMA", "X_3_PLAYERS", "X_3_REMARKS",
           "TITLE_RATINGS", "RED_NORM_RATING", "MF_AS_MI_RATING",
           "MI_AS_GMI_RATING", "MI_AS_GMI_RATING_PRINTED", "UNRATED_RATING",
           "MINIMUM_GAMES", "MINIMUM_ROUNDS", "RED_NORM_MINUTES",
           "BLACK_NORM_MINUTES", "TITLE_NORMS", "TITLE_GAMES",
           "TITLE_RATING_THROUGH_NORMS", "AUTOMATIC_NORM_PERCENT",
           "CMF_RATING", "CONTINENTAL_FULL_PLAYERS",
           "CONTINENTAL_SMALL_PLAYERS", "PLACES_ABOVE_TITLE",
           "PLACES_ABOVE_CMF_HIGH", "PLACES_ABOVE_CMF_ANY",
           "PLACES_ABOVE_CMF_NORM", "CMF_SCORE_ABOVE_HALF"]

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI",
         "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX")

# --- Table X-1 (fmjd Annex 10 §4.2, with §3) -------------------------------

# The print, one printed line a tuple: tournament, gmi/gmif, mi/mif, mf/mff,
# cmf/cmff.
X_1_PRINTED = (
    ("Tournament", "gmi/gmif", "mi/mif", "mf/mff", "cmf/cmff"),
    ("World Championship <sup>1</sup>", "", "", "", "105"),
    ("World Championship women", "1-3", "4-63", "7-9 <sup>4</sup>", ""),
    ("European Championship", "", "", "", ""),
    ("African Championship", "", "", "", ""),
    ("Continental Championship America, Asia with 16 players minimum",
     "1", "23", "34", "4-65"),
    ("World Championship and European", "", "", "", ""),
    ("championship junior boys / girls and youth", "-", "12", "1-2-34", ""),
    ("until 23 (section 64)", "", "", "", ""),
    ("Continental Championship juniors Africa,", "", "", "14", "2-35"),
    ("America, Asia", "", "", "1", "2-3"),
    ("World Championship / European", "", "", "14", "2-35"),
    ("Championship cadets", "", "", "1", "2-3"),
    ("Continental Championship Cadets Africa,", "", "", "", "1-35"),
    ("America, Asia", "", "", "", "1-3"),
    ("World championship and Continental", "", "", "", "1-25"),
    ("Championship Mini-Cadets", "", "", "", "1-2"),
    ("World championship and Continental", "", "", "", "15"),
    ("Championship Hopes", "", "", "", "1"),
)

X_1_FOOTNOTES = MappingProxyType({
    1: "For the World Mind Sports Games, the same rules hold as for the World Championship",
    2: "If already MF/MFF",
    3: "Plus, one gmi/gmif norm",
    4: "Plus, one mi/mif norm",
    5: "Plus, one mf/mff norm",
})

# Footnotes (3)-(5): the place gives the title plus one norm of this title.
X_1_NORM_FOOTNOTES = MappingProxyType({3: "GMI", 4: "MI", 5: "MF"})
# Footnote (2): the cell applies only to a player who held the MF(F) title
# before the start (§3.5, "before the start of the tournament" since 2024).
X_1_ALREADY_MF_FOOTNOTE = 2


class X1Cell(NamedTuple):
    """The places a cell of X-1 names and its footnote, if any."""

    places: tuple[int, ...]
    footnote: int | None = None


class X1Row(NamedTuple):
    """One row of X-1: the event ids it covers, its label, its four cells
    (GMI, MI, MF, CMF; female titles in women's events)."""

    events: tuple[str, ...]
    label: str
    cells: MappingProxyType[str, X1Cell]


def _row(events: tuple[str, ...], label: str, **cells: X1Cell) -> X1Row:
    return X1Row(tuple(events), label, MappingProxyType(cells))


# Table X-1 decoded: each cell's last digit split off as its footnote.
X_1 = (
    _row(("world-championship", "world-mind-sports-games",
          "european-championship", "african-championship"),
         "World Championship (1), World Championship women, European "
         "Championship, African Championship",
         GMI=X1Cell((1, 2, 3)), MI=X1Cell((4, 5, 6), 3),
         MF=X1Cell((7, 8, 9), 4), CMF=X1Cell((10,), 5)),
    _row(("continental-championship",),
         "Continental Championship America, Asia with 16 players minimum",
         GMI=X1Cell((1,)), MI=X1Cell((2,), 3), MF=X1Cell((3,), 4),
         CMF=X1Cell((4, 5, 6), 5)),
    _row(("world-junior-championship", "european-junior-championship",
          "world-youth-championship", "european-youth-championship"),
         "World Championship and European championship junior boys / girls "
         "and youth until 23 (section 64)",
         MI=X1Cell((1,), 2), MF=X1Cell((1, 2, 3), 4)),
    _row(("continental-junior-championship",),
         "Continental Championship juniors Africa, America, Asia",
         MF=X1Cell((1,), 4), CMF=X1Cell((2, 3), 5)),
    _row(("world-cadet-championship", "european-cadet-championship"),
         "World Championship / European Championship cadets",
         MF=X1Cell((1,), 4), CMF=X1Cell((2, 3), 5)),
    _row(("continental-cadet-championship",),
         "Continental Championship Cadets Africa, America, Asia",
         CMF=X1Cell((1, 2, 3), 5)),
    _row(("world-mini-cadet-championship", "continental-mini-cadet-championship"),
         "World championship and Continental Championship Mini-Cadets",
         CMF=X1Cell((1, 2), 5)),
    _row(("world-hopes-championship", "continental-hopes-championship"),
         "World championship and Continental Championship Hopes",
         CMF=X1Cell((1,), 5)),
)

# --- Table X-2 (fmjd Annex 10 §4.3) ----------------------------------------

# The print, one printed line a tuple: two groups of (Cat., open, female).
X_2_PRINTED = (
    ("Cat.", "Average R", "ating (Rm)", "Cat.", "Average F", "Rating (Rm)"),
    ("Cat.", "open", "female", "Cat.", "open", "female"),
    ("I", "1975", "1890", "XI", "2201-2225", "2116-2140"),
    ("II", "1976-2000", "1891-1915", "XII", "2226-2250", "2141-2165"),
    ("III", "2001-2025", "1916-1940", "XIII", "2251-2275", "2166-2190"),
    ("IV", "2026-2050", "1941-1965", "XIV", "2276-2300", "2191-2215"),
    ("V", "2051-2075", "1966-1990", "XV", "2301-2325", "2216-2240"),
    ("VI", "2076-2100", "1991-2015", "XVI", "2326-2350", "2241-2265"),
    ("VII", "2101-2125", "2016-2040", "XVI", "2351-2375", "2266-2290"),
    ("VIII", "2126-2150", "2041-2065", "XVII", "I 2376-2400", "2291-2315"),
    ("IX", "2151-2175", "2066-2090", "XIX", "2401", "2316"),
    ("X", "2176-2200", "2091-2115", "", "\u00b7", ""),
)

# Printed (category, open cell) -> what is used, and why.
X_2_MISPRINTS = MappingProxyType({
    ("I", "1975"): ("I", "up to 1975 (female up to 1890): the lowest category"),
    ("XIX", "2401"): ("XIX", "2401 and above (female 2316 and above): the highest category"),
    ("XVI", "2351-2375"): ("XVII", "printed XVI a second time; the row between XVI and XVIII"),
    ("XVII", "I 2376-2400"): ("XVIII", "the last I of XVIII printed in the next cell"),
})

# Table X-2 as used: category -> ((open low, open high), (female low, female
# high)); None where the category is open-ended.
X_2 = MappingProxyType({
    "I": ((None, 1975), (None, 1890)),
    "II": ((1976, 2000), (1891, 1915)),
    "III": ((2001, 2025), (1916, 1940)),
    "IV": ((2026, 2050), (1941, 1965)),
    "V": ((2051, 2075), (1966, 1990)),
    "VI": ((2076, 2100), (1991, 2015)),
    "VII": ((2101, 2125), (2016, 2040)),
    "VIII": ((2126, 2150), (2041, 2065)),
    "IX": ((2151, 2175), (2066, 2090)),
    "X": ((2176, 2200), (2091, 2115)),
    "XI": ((2201, 2225), (2116, 2140)),
    "XII": ((2226, 2250), (2141, 2165)),
    "XIII": ((2251, 2275), (2166, 2190)),
    "XIV": ((2276, 2300), (2191, 2215)),
    "XV": ((2301, 2325), (2216, 2240)),
    "XVI": ((2326, 2350), (2241, 2265)),
    "XVII": ((2351, 2375), (2266, 2290)),
    "XVIII": ((2376, 2400), (2291, 2315)),
    "XIX": ((2401, None), (2316, None)),
})

# --- Table X-3 (fmjd Annex 10 §4.3) ----------------------------------------

X_3_GAMES = tuple(range(7, 22))      # the printed columns: 7 ... 21 games (A)
X_3_PLAYERS = tuple(range(8, 23))    # row (4): number of players = games + 1

# The print, one printed line a tuple: %, MF MFF, MI MIF, GMI GMIF, the
# points for 7 ... 21 games, A.
X_3_PRINTED = (
    ("%", "MF MFF", "MI MIF", "GMI GMIF", "7", "8", "9", "10", "11", "12", "13",
     "14", "15", "16", "17", "18", "19", "20", "21", "A"),
    ("76", "", "IV", "X", "11", "13", "14", "16", "17", "19", "20", "22", "23",
     "25", "26", "28", "29", "31", "32", ""),
    ("73", "", "V", "XI", "11", "12", "14", "15", "17", "18", "19", "21", "22",
     "24", "25", "27", "28", "30", "31", ""),
    ("70", "II", "VI", "XII", "10", "12", "13", "14", "16", "17", "19", "20",
     "21", "23", "24", "26", "27", "28", "30", ""),
    ("67", "III", "VII", "XIII", "10", "11", "13", "14", "15", "17", "18", "19",
     "21", "22", "23", "25", "26", "27", "29", ""),
    ("64", "IV", "VIII", "XIV", "9", "11", "12", "13", "15", "16", "17", "18",
     "20", "21", "22", "24", "25", "26", "27", ""),
    ("60", "V", "IX", "XV", "9", "10", "11", "12", "14", "15", "16", "17", "18",
     "20", "21", "22", "23", "24", "26", ""),
    ("57", "VI", "X", "XVI", "8", "10", "11", "12", "13", "14", "15", "16", "18",
     "19", "20", "21", "22", "23", "24", ""),
    ("53", "VII", "XI", "XVII", "8", "9", "10", "11", "12", "13", "14", "15",
     "16", "17", "19", "20", "21", "22", "23", ""),
    ("50", "VIII", "XII", "XVIII", "7", "8", "9", "10", "11", "12", "13", "14",
     "15", "16", "17", "18", "19", "20", "21", ""),
    ("47", "IX", "XIII", "XIX", "7", "8", "9", "10", "11", "12", "13", "14",
     "15", "16", "16", "17", "18", "19", "20", ""),
    ("43", "X", "XIV", "", "7", "7", "8", "9", "10", "11", "12", "13", "13",
     "14", "15", "16", "17", "18", "19", ""),
    ("40", "XI", "XV", "", "6", "7", "8", "8", "9", "10", "11", "12", "12",
     "13", "14", "15", "16", "16", "17", ""),
    ("36", "XII", "XVI", "", "6", "6", "7", "8", "8", "9", "10", "11", "11",
     "12", "13", "13", "14", "15", "16", ""),
    ("33", "XIII", "XVII", "", "5", "6", "6", "7", "8", "8", "9", "10", "10",
     "11", "12", "12", "13", "14", "14", ""),
    ("30", "XIV", "XVIII", "", "5", "5", "6", "6", "7", "8", "8", "9", "9",
     "10", "11", "11", "12", "12", "13", ""),
    ("27", "XV", "XIX", "", "4", "5", "5", "6", "6", "7", "8", "8", "9", "9",
     "10", "10", "11", "11", "12", ""),
    ("24", "XVI", "", "", "4", "4", "5", "5", "6", "6", "7", "7", "8", "8", "9",
     "9", "10", "10", "11", ""),
    ("20", "XVII", "", "", "3", "4", "4", "4", "5", "5", "6", "6", "6", "7", "7",
     "8", "8", "8", "9", ""),
)

# Table X-3 as used, one row a printed row: (percentage, MF category, MI
# category, GMI category, points for 7 ... 21 games); None where the column
# is blank.  The same for MFF, MIF, GMIF with the female column of X-2.
X_3 = (
    (76, None, "IV", "X", (11, 13, 14, 16, 17, 19, 20, 22, 23, 25, 26, 28, 29, 31, 32)),
    (73, None, "V", "XI", (11, 12, 14, 15, 17, 18, 19, 21, 22, 24, 25, 27, 28, 30, 31)),
    (70, "II", "VI", "XII", (10, 12, 13, 14, 16, 17, 19, 20, 21, 23, 24, 26, 27, 28, 30)),
    (67, "III", "VII", "XIII", (10, 11, 13, 14, 15, 17, 18, 19, 21, 22, 23, 25, 26, 27, 29)),
    (64, "IV", "VIII", "XIV", (9, 11, 12, 13, 15, 16, 17, 18, 20, 21, 22, 24, 25, 26, 27)),
    (60, "V", "IX", "XV", (9, 10, 11, 12, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24, 26)),
    (57, "VI", "X", "XVI", (8, 10, 11, 12, 13, 14, 15, 16, 18, 19, 20, 21, 22, 23, 24)),
    (53, "VII", "XI", "XVII", (8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22, 23)),
    (50, "VIII", "XII", "XVIII", (7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21)),
    (47, "IX", "XIII", "XIX", (7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 16, 17, 18, 19, 20)),
    (43, "X", "XIV", None, (7, 7, 8, 9, 10, 11, 12, 13, 13, 14, 15, 16, 17, 18, 19)),
    (40, "XI", "XV", None, (6, 7, 8, 8, 9, 10, 11, 12, 12, 13, 14, 15, 16, 16, 17)),
    (36, "XII", "XVI", None, (6, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 13, 14, 15, 16)),
    (33, "XIII", "XVII", None, (5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14, 14)),
    (30, "XIV", "XVIII", None, (5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 11, 11, 12, 12, 13)),
    (27, "XV", "XIX", None, (4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12)),
    (24, "XVI", None, None, (4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11)),
    (20, "XVII", None, None, (3, 4, 4, 4, 5, 5, 6, 6, 6, 7, 7, 8, 8, 8, 9)),
)

# Rows (4)-(9) below X-3, as printed: the cells under 7 ... 21 games and the
# row's remark number; "" where the print is blank.
X_3_MINIMA_PRINTED = (
    ("", "(1)", "(2)", "(3)", "8", "9", "10", "11", "12", "13", "14", "15",
     "16", "17", "18", "19", "20", "21", "22", "(4)"),
    ("", "", "", "", "", "", "5", "6", "6", "7", "7", "8", "8", "9", "9", "10",
     "10", "11", "11", "(5)"),
    ("", "", "", "", "", "", "5", "6", "6", "7", "7", "8", "8", "9", "9", "10",
     "10", "11", "11", "(6)"),
    ("", "", "", "", "", "", "8", "9", "10", "11", "12", "12", "13", "14", "15",
     "16", "16", "17", "18", "(7)"),
    ("", "", "", "", "3", "3", "4", "4", "4", "5", "5", "5", "6", "6", "6", "7",
     "7", "7", "8", "(8)"),
    ("", "", "", "", "6", "6", "7", "7", "7", "8", "8", "8", "9", "9", "9", "10",
     "10", "10", "11", "(9)"),
)

# Rows (5)-(9) as used: remark -> minimum for 8 ... 22 players (X_3_PLAYERS);
# None where the print is blank (red norms, 8 and 9 players: see the module
# docstring).
X_3_MINIMA = MappingProxyType({
    5: (None, None, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11),
    6: (None, None, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11),
    7: (None, None, 8, 9, 10, 11, 12, 12, 13, 14, 15, 16, 16, 17, 18),
    8: (3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8),
    9: (6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11),
})

# The remarks under X-3, as printed.
X_3_REMARKS = MappingProxyType({
    "A": "number of games",
    1: "3 MF/MFF",
    2: "3 MI/MIF with 2250/2090 or 2 GMI with 2300/2165",
    3: "3 GMI/GMIF with 2300/2165",
    4: "Number of players=number of opponents + 1",
    5: "RED norm: Titleholders or classified with 2210(2110 for women)",
    6: "RED norm: foreigners (*)",
    7: "RED norm: players with rating",
    8: "black norm: foreigners (**)",
    9: "black norm: players with rating",
    "*": "foreigners: half of the players in a group for a red norm have to be "
         "foreign to the federation with the largest number of players in the group",
    "**": "one third of the players in a group for a black norm have to be "
          "foreign to the federation with the largest number of players in the group",
})

# --- Figures of the articles ------------------------------------------------

# fmjd Annex 10 §2.1.1 (values of February 2024): the rating from which a
# titleholder counts with his own title "for all conditions for titles and
# norms"; below, a GMI(F) counts as MI(F), and below the MI(F) figure both
# count as MF(F).  §9: 2165 instead of 2300, 2090 instead of 2250.
TITLE_RATINGS = MappingProxyType({"GMI": 2300, "MI": 2250, "GMIF": 2165, "MIF": 2090})

# fmjd Annex 10 §4.4.1.2 and remark (5): titleholders or players rated from
# 2210 (2110 for women) for a red norm.
RED_NORM_RATING = MappingProxyType({"open": 2210, "female": 2110})

# fmjd Annex 10 §4.5.9: 3 MF(F) rated 2210 (2110) or more count as 1 MI(F).
MF_AS_MI_RATING = MappingProxyType({"open": 2210, "female": 2110})

# fmjd Annex 10 §4.5.10: 3 MI(F) rated 2250 or more count as 1 GMI(F).  The
# print gives 2150 for women: a misprint for 2090, the MIF figure of §2.1.1,
# §4.5.4, §4.5.9 and of §9 ("2090 instead of 2250").
MI_AS_GMI_RATING_PRINTED = MappingProxyType({"open": 2250, "female": 2150})
MI_AS_GMI_RATING = MappingProxyType({"open": 2250, "female": 2090})

# fmjd Annex 9 §5.2 and §6.5 (Annex 10 §4.3): a player without rating counts
# 2100 for title norms, 2000 in an exclusively women's competition.
UNRATED_RATING = MappingProxyType({"open": 2100, "female": 2000})

MINIMUM_GAMES = 7            # fmjd Annex 10 §1.2
MINIMUM_ROUNDS = 7           # fmjd Annex 10 §4.2.4, §4.4.3.1

# fmjd Annex 10 §4.4 with Annex 9 §1.2.2.1: minutes a player for the first
# 60 moves, at 100 % of K (red norms) and at 60 % (black norms; §1.2's "3
# hours total for both players", see the list of updates of September 2022).
RED_NORM_MINUTES = 120
BLACK_NORM_MINUTES = 90

# fmjd Annex 10 §5-§8: norms and games for a title through norms.
TITLE_NORMS = MappingProxyType({"GMI": 3, "MI": 3, "MF": 3, "CMF": 2})
TITLE_GAMES = MappingProxyType({"GMI": 27, "MI": 25, "MF": 20, "CMF": 0})
# fmjd Annex 10 §5, §6, §9: the rating needed at some time (open, female).
TITLE_RATING_THROUGH_NORMS = MappingProxyType({
    "GMI": 2300, "MI": 2250, "GMIF": 2165, "MIF": 2090})

AUTOMATIC_NORM_PERCENT = 65  # fmjd Annex 10 §4.7.1
CMF_RATING = MappingProxyType({"open": 2120, "female": 2020})   # §3.11.5
CONTINENTAL_FULL_PLAYERS = 16    # §3.4
CONTINENTAL_SMALL_PLAYERS = 8    # §3.4: 8-15 players, the champion is MI
PLACES_ABOVE_TITLE = 5           # §3.12
PLACES_ABOVE_CMF_HIGH = 3        # §3.11.4: above 3 GMI(F)/MI(F)
PLACES_ABOVE_CMF_ANY = 5         # §3.11.4: or above 5 MF(F)/MI(F)/GMI(F)
PLACES_ABOVE_CMF_NORM = 3        # §4.5.11.2
CMF_SCORE_ABOVE_HALF = 2         # §3.11.3: "score +2"
