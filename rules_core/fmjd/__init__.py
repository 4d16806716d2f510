"""FMJD Annex 9: the rating mathematics of the FMJD rating system (2024 text).

Tables IX-1 (`tables`) and the formulas of §1.2.2, §1.5, §2.3, §2.4, §3.1,
§3.2 and §3.3 (`rating`); table IX-2 is generated from IX-1.
"""

from .rating import (
                     FIRST_RATING_MAXIMUM,
                     FIRST_RATING_MINIMUM,
                     K_BELOW_2300,
                     K_FROM_2300,
                     K_NEW_PLAYER,
                     K_NEW_PLAYER_GAMES,
                     K_THRESHOLD,
                     NEW_PLAYER_GAMES,
                     POINTS_PER_GAME,
                     Countable,
                     FMJDRatingError,
                     Performance,
                     average_performance,
                     countable_for,
                     development_factor,
                     estimated_fmjd_rating,
                     expected_percentage,
                     expected_percentage_table,
                     expected_result,
                     first_rating,
                     k_factor,
                     new_player_ratings,
                     new_rating,
                     performance_rating,
                     rating_change,
                     rating_difference,
                     result_percentage,
)
from .tables import (
                     IX_1,
                     IX_1_MISPRINTS,
                     IX_1_PRINTED,
                     NATIONAL_RATING_FORMULAS,
                     RAPID_BLITZ_K_PERCENT,
                     STANDARD_K_PERCENT,
                     STANDARD_MINIMUM_MINUTES,
)

__all__ = ["FMJDRatingError", "Countable", "Performance",
           "K_NEW_PLAYER", "K_BELOW_2300", "K_FROM_2300", "K_NEW_PLAYER_GAMES",
           "K_THRESHOLD", "NEW_PLAYER_GAMES", "FIRST_RATING_MINIMUM",
           "FIRST_RATING_MAXIMUM", "POINTS_PER_GAME",
           "rating_difference", "expected_percentage",
           "expected_percentage_table", "result_percentage",
           "performance_rating", "expected_result", "rating_change",
           "k_factor", "countable_for", "development_factor", "new_rating",
           "first_rating", "average_performance", "new_player_ratings",
           "estimated_fmjd_rating",
           "IX_1", "IX_1_PRINTED", "IX_1_MISPRINTS", "STANDARD_K_PERCENT",
           "RAPID_BLITZ_K_PERCENT", "STANDARD_MINIMUM_MINUTES",
           "NATIONAL_RATING_FORMULAS"]
