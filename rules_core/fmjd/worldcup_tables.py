"""Tables of the FMJD World Cup: fmjd Annex 18 (2024 text), Appendix A.

Literals only, reviewable as diffs.  The defaults a season starts from
(docs/interpretations.md#i5): the star factors of Annex 18 § Getting World Cup
points, and the bonus for places 1-10 of the FMJD World Cup rules of 2011,
which the 2024 annex names ("Bonus - bonus points for best 10 players, from
place #1 to 10:") but no longer prints.  Annex 13 §8 (national team
classification of the youth championships) confirms three entries: "bonus
points exactly like in World Cup: 1st - 100, 2nd - 70, ..., 10th - 20".
"""

from __future__ import annotations

from types import MappingProxyType

__all__ = ["DEFAULT_BONUS", "DEFAULT_FACTORS", "STAR_LEVELS",
           "STAR_PRIZE_FUNDS", "PRIZE_MINIMA", "COUNTED_RESULTS",
           "WINDOW_MONTHS", "POINTS_PER_GAME", "TIEBREAK_ORDER",
           "REFEREE_TITLES", "MAXIMUM_FEE", "FEE_FREE_TITLES",
           "RESERVE_MINIMUM_GAMES", "OPEN", "WOMEN"]

OPEN, WOMEN = "open", "women"

# docs/interpretations.md#i5 (FMJD World Cup rules 2011): places 1 to 10.
DEFAULT_BONUS = (100, 70, 50, 40, 35, 30, 26, 24, 22, 20)

# fmjd Annex 18 § Getting World Cup points: "One-star event - factor = 1,
# three stars events - factor = 3, five stars event factor = 5, seven stars
# even factor = 10".  Nine stars exist (§ Stars) but have no factor here.
DEFAULT_FACTORS = MappingProxyType({1: 1, 3: 3, 5: 5, 7: 10})

# fmjd Annex 18 § Stars: "3 stars - 6000 €, 5 - 10000 €, 7 stars - 20000 €,
# 9 stars - 30000 €" (the totals of Appendix A, open plus women).
STAR_LEVELS = (3, 5, 7, 9)
STAR_PRIZE_FUNDS = MappingProxyType({3: 6000, 5: 10000, 7: 20000, 9: 30000})

# fmjd Annex 18 Appendix A, "Prize money for World Cup" (net of local tax),
# the required minima for places I, II, ... ; "each organiser is free to
# give more prizes".  Column sums: 3* 4700 + 1300, 5* 7200 + 2800,
# 7* 13800 + 6200, 9* 20000 + 10000, as printed under the table.
PRIZE_MINIMA = MappingProxyType({
    3: MappingProxyType({
        OPEN: (1200, 900, 800, 600, 450, 350, 250, 150),
        WOMEN: (600, 400, 300)}),
    5: MappingProxyType({
        OPEN: (2000, 1400, 1000, 700, 600, 500, 400, 300, 200, 100),
        WOMEN: (1000, 700, 500, 300, 200, 100)}),
    7: MappingProxyType({
        OPEN: (3000, 2400, 2000, 1500, 1300, 1000, 800, 700, 600, 500),
        WOMEN: (1400, 1100, 800, 700, 550, 450, 350, 350, 250, 250)}),
    9: MappingProxyType({
        OPEN: (6000, 4000, 2500, 1500, 1100, 1000, 900, 800, 700, 600, 500,
               400),
        WOMEN: (2500, 2000, 1500, 1000, 800, 700, 550, 400, 300, 250)}),
})

# fmjd Annex 18 § Classification: "the best 4 results from the previous 24
# months (day of last round decides)".
COUNTED_RESULTS = 4
WINDOW_MONTHS = 24

# fmjd Annex 18 § Getting World Cup points: "TP - point scored in the
# tournament (not more than 2 per each game)".
POINTS_PER_GAME = 2

# fmjd Annex 18 Conditions 1 a-d, named as in `rules_core.fmjd.criteria`.
TIEBREAK_ORDER = ("short_truncated_solkoff", "solkoff_plus",
                  "solkoff_baliakin", "full_truncated_solkoff")

# fmjd Annex 18 Conditions 6: "Chief referee with FMJD title FR or IR".
REFEREE_TITLES = ("FR", "IR")

# fmjd Annex 18 Conditions 13: "Tournament fee cannot be higher than 60
# euro.  GMI with rating minimum 2300 and GMIF with rating minimum 2165 are
# free of competition fee."
MAXIMUM_FEE = 60
FEE_FREE_TITLES = MappingProxyType({"GMI": 2300, "GMIF": 2165})

# fmjd Annex 17 Appendix C remark 1: players "that played less than 50
# rating games in the previous 3 years" leave the rating list.
RESERVE_MINIMUM_GAMES = 50
