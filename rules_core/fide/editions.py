"""The FIDE editions: named, dated rule sets, each overriding a few pieces.

The 2002 regulations are the base; every later edition states only what its
own text changes (house style, after python-chess variants).  Articles are
cited as ``fide-2002 10.51``, ``fide-2003web 10.61``, ``fide-2009 8.54``,
``fide-rb-2024 7.3.3``; ``fide-2024`` is the FIDE Rating Regulations for
standard play in force from 1 March 2024 (not in regulations/: see
`FideStandard2024`).
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from ..numbers import round_half_away, round_half_up, round_to_step
from .tables import DP_BY_PERCENT, NOTIONAL_DP, PD_BANDS

__all__ = ["FideEdition", "FideStandard2002", "FideStandard2003Web",
           "FideStandard2009", "FideRapidBlitz2024", "FideStandard2024",
           "FIDE_EDITIONS"]


class FideEdition:
    """fide-2002: the FIDE Rating Regulations as amended through GA 2002."""

    id = "fide-standard-2002"
    title = "FIDE Rating Regulations (GA 1982, amended through 2002)"
    source = "fide-rating-regulations-2002.txt"
    doc = "fide-2002"
    game = "chess"
    effective = date(2002, 7, 1)
    rates: tuple[str, ...] = ("standard",)

    per_game = False              # 10.5: Rc and We per tournament
    rating_difference_cap = 350   # 10.51
    half_point_bonus: Fraction | None = Fraction(25, 2)   # 10.23: +12.5
    notional_dp = False           # 10.1: dp indeterminate at 0 and 100 %
    floor = 1801                  # 9.21, 10.31, 10.32
    first_rating_minimum_games = 9   # 9.14a/b
    first_rating_window = "the same or next 7 rating periods (9.1.4c)"
    pool_window_periods: int | None = 7   # 9.1.4c
    pool_window_months: int | None = None
    ignore_low_first_performances = True  # 10.31
    initial_rating_step = 1       # 10.32: "rounded off to the nearest 1"
    max_initial_rating: int | None = None
    unrated_min_score = Fraction(1)        # 6.1, 10.20: "less than one point"
    unrated_min_rated_opponents_swiss = 3  # 6.42
    unrated_min_rated_opponents_all = 0    # (2009 8.21 applies it to every system)
    pools_weighted_average = True          # 10.3
    max_rounds_per_day: int | None = 3     # 3.1
    max_hours_per_day: int | None = 12     # 3.1
    max_days: int | None = 90              # 4.1, leagues excepted (4.11)
    round_robin_composition = True         # 6.3
    scheveningen_max_unrated = 1           # 6.4 (GA 2002)
    unrated_may_play_matches = True        # (2009 6.6 forbids)
    games_vs_unrated_in_round_robin = True # 10.21b: Ra counts them
    standard_rating_counts = False         # (fide-rb-2024 7.2.1)
    list_months = (1, 4, 7, 10)            # 9.1, 9.11: four lists a year
    closing_days = 30                      # 9.13: "usually one month before"
    articles = {
        "rate": "1.1", "rounds": "3.1", "duration": "4.1", "unplayed": "5.1",
        "unrated_min": "6.1", "composition": "6.3", "swiss": "6.4",
        "unrated_opponents": "6.42", "round_robin_unplayed": "6.43",
        "match": "6.5", "tables": "10.1", "ru": "10.2", "rc": "10.51",
        "k": "10.54", "rounding": "10.56", "first_minimum": "9.14",
        "floor": "9.21", "pool": "10.3", "scheveningen": "6.4",
    }

    # -- citations -------------------------------------------------------
    def cite(self, key: str) -> str:
        """``doc article``; an article given with its own document is kept."""
        article = self.articles[key]
        return article if " " in article else f"{self.doc} {article}"

    def __repr__(self) -> str:
        return f"<edition {self.id} from {self.effective.isoformat()}>"

    # -- rate of play (1.1) ---------------------------------------------
    def minimum_minutes(self, ratings: list[int]) -> int:
        """fide-2002 1.11-1.13: 120 min if anyone in the tournament is rated
        2200+, 90 if anyone is 1600+, else 60 (per player, for 60 moves)."""
        top = max(ratings, default=0)
        return 120 if top >= 2200 else 90 if top >= 1600 else 60

    def minimum_is_per_game(self) -> bool:
        return False

    def rate_of_play(self, minutes: float, ratings: list[int]) -> str | None:
        """'standard' when each player has the minimum, else None (1.2:
        "excluded from the list")."""
        return "standard" if minutes >= self.minimum_minutes(ratings) else None

    # -- tables (10.1) ----------------------------------------------------
    def dp(self, p_percent: int) -> int | None:
        """10.1(a): rating difference for a percentage (a whole number of
        hundredths, already rounded); None where the edition prints none."""
        if p_percent in DP_BY_PERCENT:
            return DP_BY_PERCENT[p_percent]
        return NOTIONAL_DP.get(p_percent) if self.notional_dp else None

    def pd(self, difference: int) -> int:
        """10.1(b): scoring probability in hundredths for a rating difference
        D = own - other (whole number): H for D >= 0, L = 100 - H below."""
        magnitude = abs(difference)
        for low, high, higher in PD_BANDS:
            if magnitude >= low and (high is None or magnitude <= high):
                return higher if difference >= 0 else 100 - higher
        raise AssertionError(f"no band for {difference}")  # bands cover all

    # -- K (10.54a) -------------------------------------------------------
    def k_factor(self, rating: int, games_before: int | None,
                 reached_2400: bool | None, event_year: int | None,
                 birth_year: int | None) -> tuple[int, list[str]]:
        """fide-2002 10.54(a): K 25 until 30 games, 15 under 2400, 10 once the
        published rating reached 2400 with 30 games, then permanently."""
        notes: list[str] = []
        if games_before is None:
            notes.append("rated games before this event not given: "
                         f"assumed at least 30 ({self.cite('k')})")
            games_before = 30
        if games_before < 30:
            return self.k_new, notes
        if reached_2400 or rating >= self.k_permanent_rating:
            return 10, notes
        return self.k_default, notes

    k_new = 25
    k_default = 15
    k_permanent_rating = 2400     # 10.54a: "once a player's published rating has reached 2400"

    def cap_k(self, k: int, games: int) -> tuple[int, list[str]]:
        """No K x n cap before 2014 (the 2024 editions override)."""
        return k, []

    # -- roundings ---------------------------------------------------------
    def round_rating(self, value: Fraction) -> int:
        """10.56: "Rn is rounded off to the nearest 1 or 0" (.5 up)."""
        return round_half_up(value)

    def round_initial(self, value: Fraction) -> int:
        """10.32: Rn of a new player rounded to the nearest 1 (.5 up)."""
        return round_to_step(value, self.initial_rating_step)

    def new_rating(self, rating: int, change: Fraction) -> int:
        """10.55: Rn = Ro + sum of the changes, rounded (10.56)."""
        return self.round_rating(rating + change)

    def junior(self, event_year: int | None, birth_year: int | None) -> bool:
        return False


class FideStandard2002(FideEdition):
    """Alias class, so every edition has a class of its own name."""


class FideStandard2003Web(FideEdition):
    """fide-2003web: the Handbook page on FIDE's web site in 2003 (10.0).

    As printed there: first performances below 2005 are ignored (10.31), Rn
    is rounded to the nearest 5 (10.32), only Rn >= 2005 is considered, and
    the Olympiad rule 10.4 gives unrated players 2200 (2050 in the women's
    Olympiad) for 50 % from half the rounds.  Scheveningen events with any
    unrated player are not rated (10.67).
    """

    id = "fide-standard-2003web"
    title = "FIDE Handbook B.02 10.0 as published on the web in 2003"
    source = "fide-rating-system-web-2003.txt"
    doc = "fide-2003web"
    effective = date(2003, 7, 1)
    floor = 2005
    initial_rating_step = 5
    scheveningen_max_unrated = 0
    # The web page holds section 10 only: the other articles are the 2002
    # regulations', cited as such.
    articles = {**{key: f"fide-2002 {value}" for key, value in FideEdition.articles.items()},
                "tables": "10.1", "ru": "10.2", "rc": "10.61", "k": "10.64",
                "rounding": "10.66", "floor": "10.31", "pool": "10.3",
                "scheveningen": "10.67", "olympiad": "10.4"}
    olympiad_rating = 2200
    olympiad_women_rating = 2050


class FideStandard2009(FideEdition):
    """fide-2009: Regolamento per il Rating FIDE (GA 1982, amended to 2008),
    in force from 1 July 2009 (0.1, 0.6).

    Per game: D capped at 400 (8.54), dR = score - P_D (8.55), K 30/15/10
    (8.56); unrated players +15 per half point over 50 % (8.23), at least 1
    point and 3 rated opponents in their first event (8.21); games against
    unrated players count only in round robins, with their iterated rating
    (8.52, 8.58); six lists a year (7.1); floor 1200 from 1.7.2009 (0.6).
    """

    id = "fide-standard-2009"
    title = "Regolamento per il Rating FIDE (amended through 2008)"
    source = "fide-rating-regulations-2009-it.txt"
    doc = "fide-2009"
    effective = date(2009, 7, 1)
    per_game = True
    rating_difference_cap = 400
    half_point_bonus = Fraction(15)
    notional_dp = True
    floor = 1200
    pools_weighted_average = False        # 8.3: as one tournament
    first_rating_window = "rating periods within two years (7.14c)"
    pool_window_periods = None
    pool_window_months = 24               # 7.14c
    unrated_min_rated_opponents_all = 3   # 8.21
    scheveningen_max_unrated = None       # no Scheveningen rule in 2009
    unrated_may_play_matches = False      # 6.6
    list_months = (1, 3, 5, 7, 9, 11)     # 7.11
    closing_days = 7                      # 7.13: 7 days before the list date
    k_new = 30                            # 8.56: K 30 / 15 / 10
    articles = {**FideEdition.articles, "unrated_min": "8.21",
                "unrated_opponents": "8.21", "swiss": "6.4",
                "round_robin_unplayed": "6.43", "match": "6.5",
                "unrated_match": "6.6", "tables": "8.1", "ru": "8.2",
                "rc": "8.54", "k": "8.56", "rounding": "8.57",
                "first_minimum": "7.14", "floor": "0.6", "pool": "8.3",
                "iteration": "8.58"}


class FideRapidBlitz2024(FideEdition):
    """fide-rb-2024: FIDE Rapid and Blitz Rating Regulations, applied from
    1 January 2024."""

    id = "fide-rapid-blitz-2024"
    title = "FIDE Rapid and Blitz Rating Regulations (Council 15/12/2023)"
    source = "fide-rapid-blitz-rating-regulations-2024.txt"
    doc = "fide-rb-2024"
    effective = date(2024, 1, 1)
    rates = ("rapid", "blitz")
    per_game = True
    rating_difference_cap = 400           # 7.3.1
    half_point_bonus = None               # 7.2.3: two hypothetical 1800 draws
    hypothetical_opponents = 2
    hypothetical_rating = 1800
    notional_dp = True                    # 7.1
    floor = 1400                          # 6.1.2, 6.1.4, 6.2.1
    first_rating_minimum_games = 5        # 6.1.4
    first_rating_window = "consecutive rating periods of not more than 26 months (6.1.4)"
    pool_window_periods = None
    pool_window_months = 26               # 6.1.4
    ignore_low_first_performances = False # 7.2.2 disregards only a zero score
    max_initial_rating = 2200             # 7.2.4
    unrated_min_score = Fraction(1, 2)    # 7.2.2: "scores zero" is disregarded
    unrated_min_rated_opponents_swiss = 0
    unrated_min_rated_opponents_all = 0
    pools_weighted_average = False        # 7.2.2: "all their results"
    max_rounds_per_day = None             # 3.1, by rate: see rounds_per_day
    max_hours_per_day = None
    max_days = None
    round_robin_composition = False
    scheveningen_max_unrated = None
    unrated_may_play_matches = False      # 5.1
    games_vs_unrated_in_round_robin = False   # 7.3.1: "against a rated player"
    standard_rating_counts = True         # 7.2.1
    list_months = tuple(range(1, 13))     # 6.1: first day of each month
    closing_days = 3                      # 6.1.3: 3 days before the list date
    k_new = 40
    k_default = 20
    # Its own articles only: it has no composition or Swiss rules.
    articles = {"rate": "1.1", "rounds": "3.1",
                "unplayed": "4.1", "match": "5.2", "unrated_match": "5.1",
                "unrated_min": "7.2.2", "tables": "7.1", "ru": "7.2",
                "rc": "7.3.1", "k": "7.3.3", "rounding": "7.3.4",
                "first_minimum": "6.1.4", "floor": "6.1.4", "pool": "6.1.4",
                "different_times": "1.2", "standard_rating": "7.2.1"}

    def rounds_per_day(self, rate: str) -> int:
        """fide-rb-2024 3.1: 15 rapid rounds, 30 blitz rounds a day."""
        return 15 if rate == "rapid" else 30

    def rate_of_play(self, minutes, ratings):
        """fide-rb-2024 1.1.1/1.1.2: rapid more than 10 and less than 60
        minutes for 60 moves, blitz more than 3 and at most 10."""
        if 10 < minutes < 60:
            return "rapid"
        if 3 < minutes <= 10:
            return "blitz"
        return None

    def k_factor(self, rating, games_before, reached_2400, event_year,
                 birth_year):
        """fide-rb-2024 7.3.3: K 40 until 30 games, 20 under 2400, 10 once
        2400 was reached (permanently), 40 for juniors under 2300 until the
        end of the year of their 18th birthday."""
        if reached_2400 or rating >= self.k_permanent_rating:
            return 10, []
        if self.junior(event_year, birth_year) and rating < 2300:
            return 40, [f"junior under 2300: K 40 ({self.cite('k')})"]
        if games_before is None:
            return 20, ["rated games before this event not given: assumed "
                        f"at least 30 ({self.cite('k')})"]
        return (40 if games_before < 30 else 20), []

    def junior(self, event_year, birth_year):
        """"until the end of the year of their 18th birthday" (7.3.3)."""
        return (event_year is not None and birth_year is not None
                and event_year <= birth_year + 18)

    def cap_k(self, k, games):
        """7.3.3: if n x K exceeds 700, K is the largest whole number such
        that K x n does not exceed 700 (n: games of the rating period; here
        the games of the event)."""
        if games and k * games > 700:
            return 700 // games, [f"K {k} x {games} games exceeds 700: K "
                                  f"{700 // games} ({self.cite('k')})"]
        return k, []

    def round_initial(self, value):
        """7.2.4: "Ru is rounded to the nearest whole number"."""
        return round_half_up(value)

    def new_rating(self, rating, change):
        """7.3.4: the rating change for a rating period is rounded to the
        nearest whole number, 0.5 away from zero; then added."""
        return rating + round_half_away(change)


class FideStandard2024(FideRapidBlitz2024):
    """fide-2024: FIDE Rating Regulations for standard play, in force from
    1 March 2024 (FIDE Qualification Commission, "New rating regulations come
    into force", 1 March 2024: floor 1400, new initial-rating calculation,
    400-point rule for every game, one-time increase of ratings below 2000).

    Not in regulations/.  It rates standard games with the method of the
    rapid and blitz regulations of 2024, whose articles are cited: initial
    rating from two hypothetical 1800 draws capped at 2200 (7.2), at least 5
    games against rated opponents within 26 months and 1400 for
    publication (6.1.4), 400-point rule per game (7.3.1), K 40/20/10 with
    junior K and K x n <= 700 (7.3.3), the period's change rounded .5 away
    from zero (7.3.4).  Rate of play (FIDE Rating Regulations 1.1, text in
    force since 2022): per game, 120 minutes for 60 moves if either player is
    rated 2400 or more, 90 if either is 1800 or more, else 60.  Play may not
    exceed 12 hours a day (3.1) and an event 90 days, leagues excepted (4.1).
    """

    id = "fide-standard-2024"
    title = "FIDE Rating Regulations (standard), effective 1 March 2024"
    source = "not in regulations/: FIDE Handbook B.02, 2024"
    doc = "fide-2024"
    effective = date(2024, 3, 1)
    rates = ("standard",)
    standard_rating_counts = False
    max_hours_per_day = 12
    max_days = 90
    one_time_adjustment_list = date(2024, 3, 1)
    # The method's articles are those of the rapid and blitz regulations.
    articles = {**{key: f"fide-rb-2024 {value}"
                   for key, value in FideRapidBlitz2024.articles.items()},
                "rate": "1.1", "rounds": "3.1", "duration": "4.1"}

    def minimum_minutes(self, ratings):
        """fide-2024 1.1: for each game, by the higher of the two ratings."""
        top = max(ratings, default=0)
        return 120 if top >= 2400 else 90 if top >= 1800 else 60

    def minimum_is_per_game(self):
        return True

    def rate_of_play(self, minutes, ratings):
        return "standard" if minutes >= self.minimum_minutes(ratings) else None

    def rounds_per_day(self, rate):
        return None

    def one_time_adjustment(self, rating: int) -> int:
        """The 1 March 2024 list: ratings below 2000 rise by 0.4 x (2000 - R),
        rounded to the nearest whole number (FIDE QC, 1 March 2024)."""
        if rating >= 2000:
            return rating
        return rating + round_half_up(Fraction(2, 5) * (2000 - rating))


FIDE_EDITIONS: tuple[FideEdition, ...] = (
    FideStandard2002(), FideStandard2003Web(), FideStandard2009(),
    FideRapidBlitz2024(), FideStandard2024(),
)
