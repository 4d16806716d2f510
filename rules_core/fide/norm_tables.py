"""FIDE title norms: the figures of the Title Regulations, as printed.

FIDE Handbook B.01, "FIDE Title Regulations effective from 1 January 2024"
(https://handbook.fide.com/chapter/B012024), cited below as ``B.01 (2024)``
with the article.  Every figure a norm check uses is here, by name, with
its article; `rules_core.fide.norms` holds the rules that use them.

Table 1.4.9 (p -> dp) is printed in B.01 itself; its 101 pairs are the same
as the rating regulations' conversion table, so the figures are taken from
`rules_core.fide.tables` (10.1a with the notional 800 of 1.0 and 0.0), and
tests/test_fide_norms.py checks every printed row of 1.4.9 against them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypedDict

from .tables import DP_BY_PERCENT, NOTIONAL_DP

__all__ = ["SOURCE", "NORM_TITLES", "MINIMUM_PERFORMANCE", "MINIMUM_LEVEL_PRIOR_TO_ROUNDING",
           "MINIMUM_AVERAGE", "MINIMUM_SCORE", "RATING_FLOOR", "UNRATED_RATING",
           "NORM_DP", "MINIMUM_GAMES", "TEAM_CHAMPIONSHIP_GAMES", "WORLD_CUP_GAMES",
           "BYE_ROUNDS", "TITLE_HOLDERS", "TITLE_HOLDER_SHARE", "NORM_TITLE_HOLDERS",
           "NORM_TITLE_SHARE", "NORM_TITLE_MINIMUM", "DOUBLE_ROUND_ROBIN_SHARE",
           "DOUBLE_ROUND_ROBIN_PLAYERS", "FOREIGN_FEDERATIONS", "OWN_FEDERATION_MAXIMUM",
           "ONE_FEDERATION_MAXIMUM", "NOT_A_FEDERATION", "SWISS_EXEMPTION",
           "MINIMUM_MINUTES_FOR_60", "MAXIMUM_ROUNDS_PER_DAY", "LONG_EVENT_DAYS",
           "COUNTED_GAMES_LIMIT", "TITLE_ORDER"]

SOURCE = "https://handbook.fide.com/chapter/B012024"

# The titles gained through norms (B.01 (2024) 1.4).
NORM_TITLES = ("GM", "IM", "WGM", "WIM")

# B.01 (2024) 1.4.8: "a player must perform at a level at least of that shown".
MINIMUM_PERFORMANCE: dict[str, int] = {"GM": 2600, "IM": 2450, "WGM": 2400, "WIM": 2250}
# B.01 (2024) 1.4.8, the column "Minimum level prior to rounding".
MINIMUM_LEVEL_PRIOR_TO_ROUNDING: dict[str, Fraction] = {
    "GM": Fraction(25995, 10), "IM": Fraction(24495, 10),
    "WGM": Fraction(23995, 10), "WIM": Fraction(22495, 10)}
# B.01 (2024) 1.4.8 a): the minimum average rating Ra of the opponents.
MINIMUM_AVERAGE: dict[str, int] = {"GM": 2380, "IM": 2230, "WGM": 2180, "WIM": 2030}
# B.01 (2024) 1.4.8 b): "The minimum score is 35% for all norms."
MINIMUM_SCORE = Fraction(35, 100)

# B.01 (2024) 1.4.6 b): the adjusted rating floor of the opponents.
RATING_FLOOR: dict[str, int] = {"GM": 2200, "IM": 2050, "WGM": 2000, "WIM": 1850}
# B.01 (2024) 1.4.6 d): unrated opponents not raised to the floor.
UNRATED_RATING = 1400

# B.01 (2024) 1.4.9: percentage (whole, 0.5 % rounded up) -> dp.
NORM_DP: dict[int, int] = {**DP_BY_PERCENT, **NOTIONAL_DP}

# B.01 (2024) 1.4.1 a): at least nine games.
MINIMUM_GAMES = 9
# B.01 (2024) 1.4.1 b): 7 games in World and Continental Team or Club
# Championships of 7, 8 or 9 rounds; 8 in the (Women's) World Cup, counted as 9.
TEAM_CHAMPIONSHIP_GAMES = 7
WORLD_CUP_GAMES = 8
# B.01 (2024) 1.4.1 c): in a 9-round event, 8 games and a forfeit win or a
# pairing-allocated bye count as 9 games; TRF codes of those rounds.
BYE_ROUNDS = frozenset({"+", "U"})

# B.01 (2024) 1.4.5 a): title-holders, CM and WCM excluded, at least 50 %.
TITLE_HOLDERS = frozenset({"GM", "IM", "WGM", "WIM", "FM", "WFM"})
TITLE_HOLDER_SHARE = Fraction(1, 2)
# B.01 (2024) 1.4.5 b)-e): holders of the norm's title (or a higher one),
# one third of the opponents, at least 3.
NORM_TITLE_HOLDERS: dict[str, frozenset[str]] = {
    "GM": frozenset({"GM"}), "IM": frozenset({"GM", "IM"}),
    "WGM": frozenset({"GM", "IM", "WGM"}), "WIM": frozenset({"GM", "IM", "WGM", "WIM"})}
NORM_TITLE_SHARE = Fraction(1, 3)
NORM_TITLE_MINIMUM = 3
# B.01 (2024) 1.4.5 f): a double round robin needs 6 players, and half of
# the opponents, rounded up, with the titles of b)-e).
DOUBLE_ROUND_ROBIN_SHARE = Fraction(1, 2)
DOUBLE_ROUND_ROBIN_PLAYERS = 6


class SwissExemption(TypedDict):
    """The figures of `SWISS_EXEMPTION` (B.01 (2024) 1.4.3 d))."""

    players: int
    federations: int
    titled: int
    missed_rounds: int
    titles: frozenset[str]


# B.01 (2024) 1.4.3: at least two federations other than the applicant's.
FOREIGN_FEDERATIONS = 2
# B.01 (2024) 1.4.4: at most 3/5 of the opponents from the applicant's
# federation, 2/3 from one federation (maxima rounded down).
OWN_FEDERATION_MAXIMUM = Fraction(3, 5)
ONE_FEDERATION_MAXIMUM = Fraction(2, 3)
# B.01 (2024) 1.4.2 a): FID players are accepted, but FID is not a federation.
NOT_A_FEDERATION = "FID"
# B.01 (2024) 1.4.3 d): a Swiss exempt from 1.4.3-1.4.4: in every round 20
# rated players not from the host federation, from 3 federations, 10 of
# them GM, IM, WGM or WIM; a player counts if he misses at most one round
# (pairing-allocated byes not counted as missed).
SWISS_EXEMPTION: SwissExemption = {
    "players": 20, "federations": 3, "titled": 10, "missed_rounds": 1,
    "titles": frozenset({"GM", "IM", "WGM", "WIM"})}

# B.01 (2024) 1.1.3: at least 120 minutes a player for 60 moves (2 hours)
# and at most two rounds a day.
MINIMUM_MINUTES_FOR_60 = 120
MAXIMUM_ROUNDS_PER_DAY = 2
# B.01 (2024) 1.1.4: events longer than 30 days use the ratings and titles
# applying when each game was played.
LONG_EVENT_DAYS = 30
# B.01 (2024) 1.7: "Norms achieved in a tournament with more than 13 rounds
# count only as 13 games."
COUNTED_GAMES_LIMIT = 13

# Titles by category, lowest first: a norm is considered for the titles
# above the one a player holds in the same category (B.01 (2024) 0.6.2:
# "'Lower titles' are lesser titles within the same category").
TITLE_ORDER: dict[str, tuple[str, ...]] = {"open": ("CM", "FM", "IM", "GM"),
                                           "women": ("WCM", "WFM", "WIM", "WGM")}
