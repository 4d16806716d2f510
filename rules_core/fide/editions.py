"""The FIDE editions: named, dated rule sets, each overriding a few pieces.

The 2002 regulations are the base; every later edition states only what its
own text changes (house style, after python-chess variants).  Articles are
cited as ``fide-2002 10.51``, ``fide-2003web 10.61``, ``fide-2009 8.54``,
``fide-rb-2024 7.3.3``; ``fide-2024`` is the FIDE Rating Regulations for
standard play in force from 1 March 2024 (not in regulations/: see
`FideStandard2024`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Literal

from ..numbers import round_half_away, round_half_up, round_to_step
from .tables import DP_BY_PERCENT, NOTIONAL_DP, PD_BANDS

__all__ = ["FideEdition", "FideStandard2002", "FideStandard2003Web",
           "FideStandard2008Fide", "FideStandard2009", "FideStandard2009Fide", "FideStandard2011",
           "FideStandard2012", "FideStandard2014", "FideStandard2022",
           "FideRapidBlitz2012", "FideRapidBlitz2012Jul", "FideRapidBlitz2022",
           "FideRapidBlitz2022Oct",
           "FideRapidBlitz2024", "FideRapidBlitz2024Dec", "FideStandard2024",
           "FideStandard2025", "FIDE_EDITIONS", "GAPS", "Gap"]


class FideEdition:
    """fide-2002: the FIDE Rating Regulations as amended through GA 2002."""

    id = "fide-standard-2002"
    title = "FIDE Rating Regulations (GA 1982, amended through 2002)"
    source = "fide-rating-regulations-2002.txt"
    doc = "fide-2002"
    game: Literal["chess"] = "chess"
    effective = date(2002, 7, 1)
    rates: tuple[str, ...] = ("standard",)
    # What `sitegen editions` and the /regulations/ timeline print.
    url = "content/regulations/fide-rating-regulations-2002.txt"
    summary = "per-tournament method: Rc, 350-point rule, K 25/15/10, floor 1801"
    by_date = True                # chosen by an event's date (edition_for)
    # Points of an edition that no source at hand establishes: each is
    # printed as a warning wherever the edition rates (docs/editions.md).
    caveats: tuple[str, ...] = ()

    per_game = False              # 10.5: Rc and We per tournament
    rating_difference_cap = 350   # 10.51
    cap_once_per_event = False    # (fide-2022 8.3.1: one upgrade an event)
    uncapped_from: int | None = None   # (fide-2025 8.3.1: 2650 and above)
    unrated_gap: tuple[int, int] | None = None   # (fide-rb-2024-12: 600, 2600)
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
    scheveningen_max_unrated: int | None = 1   # 6.4 (GA 2002)
    unrated_may_play_matches = True        # (2009 6.6 forbids)
    games_vs_unrated_in_round_robin = True # 10.21b: Ra counts them
    standard_rating_counts = False         # (fide-rb-2024 7.2.1)
    list_months: tuple[int, ...] = (1, 4, 7, 10)   # 9.1, 9.11: four lists a year
    closing_days = 30                      # 9.13: "usually one month before"
    hypothetical_opponents = 0             # (fide-rb-2024 7.2.3: two)
    hypothetical_rating = 0                # (fide-rb-2024 7.2.3: 1800); unused with none
    olympiad_rating: int | None = None     # (fide-2003web 10.4: 2200)
    olympiad_women_rating: int | None = None   # (fide-2003web 10.4: 2050)
    one_time_adjustment_list: date | None = None   # (fide-2024: 1 March 2024)
    articles: dict[str, str] = {
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

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled as its id, so that it unpickles as the registry's own
        object in any process (sitegen rates a period's events in workers
        it sends them to): the check compares editions by identity
        (`CheckOptions.counted`).  An edition of another class than the
        registry's under its id is not pickled."""
        if not any(type(e) is type(self) for e in FIDE_EDITIONS if e.id == self.id):
            raise TypeError(f"cannot pickle {self!r}: not the registry's edition {self.id!r}")
        return _fide_edition, (self.id,)

    # -- rate of play (1.1) ---------------------------------------------
    def minimum_minutes(self, ratings: list[int]) -> int:
        """fide-2002 1.11-1.13: 120 min if anyone in the tournament is rated
        2200+, 90 if anyone is 1600+, else 60 (per player, for 60 moves)."""
        top = max(ratings, default=0)
        return 120 if top >= 2200 else 90 if top >= 1600 else 60

    def minimum_is_per_game(self) -> bool:
        """1.11-1.13: the minimum is set by the tournament's ratings."""
        return False

    def rate_of_play(self, minutes: float, ratings: list[int]) -> str | None:
        """'standard' when each player has the minimum, else None (1.2:
        "excluded from the list")."""
        return "standard" if minutes >= self.minimum_minutes(ratings) else None

    def rounds_per_day(self, rate: str) -> int | None:
        """3.1: no more than three rounds a day, at every rate it rates."""
        return self.max_rounds_per_day

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
        """No K x n cap before 2014 (the 2014 and 2024 editions override)."""
        return k, []

    def difference_cap(self, rating: int) -> int | None:
        """The most a rating difference counts for a player of `rating`
        (10.51: 350; fide-2009 8.54: 400); None: the full difference
        (fide-2025 8.3.1, players rated 2650 and above)."""
        if self.uncapped_from is not None and rating >= self.uncapped_from:
            return None
        return self.rating_difference_cap

    def game_not_rated(self, rating: int, other: int) -> bool:
        """fide-rb-2024-12: a game between players `unrated_gap[0]` or more
        points apart is not rated if either is rated above `unrated_gap[1]`."""
        if self.unrated_gap is None:
            return False
        gap, above = self.unrated_gap
        return abs(rating - other) >= gap and max(rating, other) > above

    # -- roundings ---------------------------------------------------------
    def round_rating(self, value: Fraction) -> int:
        """10.56: "Rn is rounded off to the nearest 1 or 0" (.5 up)."""
        return round_half_up(value)

    def round_initial(self, value: Fraction | int) -> int:
        """10.32: Rn of a new player rounded to the nearest 1 (.5 up)."""
        return round_to_step(value, self.initial_rating_step)

    def new_rating(self, rating: int, change: Fraction) -> int:
        """10.55: Rn = Ro + sum of the changes, rounded (10.56)."""
        return self.round_rating(rating + change)

    def junior(self, event_year: int | None, birth_year: int | None) -> bool:
        """No junior K before fide-2014 8.56."""
        return False

    def one_time_adjustment(self, rating: int) -> int:
        """No one-time rise of ratings before fide-2024: the rating as it is."""
        return rating


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
    url = "content/regulations/fide-rating-system-web-2003.txt"
    summary = ("first performances below 2005 ignored, initial Rn rounded to 5, "
               "Olympiad entry at 2200/2050, no unrated players in Scheveningen events")
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
    url = "content/regulations/fide-rating-regulations-2009-it.txt"
    summary = ("the Italian text: per game, 400-point rule, K 30/15/10, +15 a half "
               "point, six lists, floor 1200 (not what FIDE applied: --rules only)")
    # FIDE did not apply this text's K 30 and +15 (fide-standard-2009-fide):
    # kept for --rules, never chosen by date (docs/editions.md).
    by_date = False
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
    list_months: tuple[int, ...] = (1, 3, 5, 7, 9, 11)   # 7.11
    closing_days = 7                      # 7.13: 7 days before the list date
    k_new = 30                            # 8.56: K 30 / 15 / 10
    articles = {**FideEdition.articles, "unrated_min": "8.21",
                "unrated_opponents": "8.21", "swiss": "6.4",
                "round_robin_unplayed": "6.43", "match": "6.5",
                "unrated_match": "6.6", "tables": "8.1", "ru": "8.2",
                "rc": "8.54", "k": "8.56", "rounding": "8.57",
                "first_minimum": "7.14", "floor": "0.6", "pool": "8.3",
                "iteration": "8.58"}


def _k_rapid_blitz(edition: FideEdition, rating: int, games_before: int | None,
                   reached_2400: bool | None, junior: bool) -> tuple[int, list[str]]:
    """fide-rb-2024 7.3.3 (and the rapid/blitz rule of October 2022 it
    continues): K 10 once 2400 was reached, 40 for a junior under 2300, 40
    until 30 games, else 20; unknown games are taken as at least 30."""
    if reached_2400 or rating >= edition.k_permanent_rating:
        return 10, []
    if junior and rating < 2300:
        return 40, [f"junior under 2300: K 40 ({edition.cite('k')})"]
    if games_before is None:
        return 20, ["rated games before this event not given: assumed "
                    f"at least 30 ({edition.cite('k')})"]
    return (40 if games_before < 30 else 20), []


def _junior_rapid_blitz(event_year: int | None, birth_year: int | None) -> bool:
    """fide-rb-2024 7.3.3: a junior "until the end of the year of their 18th
    birthday"."""
    return (event_year is not None and birth_year is not None
            and event_year <= birth_year + 18)


class FideRapidBlitz2024(FideEdition):
    """fide-rb-2024: FIDE Rapid and Blitz Rating Regulations, applied from
    1 January 2024."""

    id = "fide-rapid-blitz-2024"
    title = "FIDE Rapid and Blitz Rating Regulations (Council 15/12/2023)"
    source = "fide-rapid-blitz-rating-regulations-2024.txt"
    doc = "fide-rb-2024"
    # The text says "applied from 1 January 2024"; FIDE's handbook page
    # says "applied from 1 March 2024", the day the standard regulations and
    # the 1400 floor took effect: 1 March is taken (docs/editions.md).
    effective = date(2024, 3, 1)
    url = "https://handbook.fide.com/chapter/B02RBRegulations2024"
    summary = ("first ratings against two hypothetical 1800 draws capped at 2200, "
               "5 games in 26 months, floor 1400, 400-point rule on every game")
    rates: tuple[str, ...] = ("rapid", "blitz")
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
    max_rounds_per_day: int | None = None   # 3.1, by rate: see rounds_per_day
    max_hours_per_day: int | None = None
    max_days: int | None = None
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

    def rounds_per_day(self, rate: str) -> int | None:
        """fide-rb-2024 3.1: 15 rapid rounds, 30 blitz rounds a day."""
        return _rounds_per_day_2024(rate)

    def rate_of_play(self, minutes: float, ratings: list[int]) -> str | None:
        """fide-rb-2024 1.1.1/1.1.2: rapid more than 10 and less than 60
        minutes for 60 moves, blitz more than 3 and at most 10."""
        return _rapid_or_blitz_2024(minutes)

    def k_factor(self, rating: int, games_before: int | None,
                 reached_2400: bool | None, event_year: int | None,
                 birth_year: int | None) -> tuple[int, list[str]]:
        """fide-rb-2024 7.3.3: K 40 until 30 games, 20 under 2400, 10 once
        2400 was reached (permanently), 40 for juniors under 2300 until the
        end of the year of their 18th birthday."""
        return _k_rapid_blitz(self, rating, games_before, reached_2400,
                              self.junior(event_year, birth_year))

    def junior(self, event_year: int | None, birth_year: int | None) -> bool:
        """"until the end of the year of their 18th birthday" (7.3.3)."""
        return _junior_rapid_blitz(event_year, birth_year)

    def cap_k(self, k: int, games: int) -> tuple[int, list[str]]:
        """7.3.3: if n x K exceeds 700, K is the largest whole number such
        that K x n does not exceed 700 (n: games of the rating period; here
        the games of the event)."""
        if games and k * games > 700:
            return 700 // games, [f"K {k} x {games} games exceeds 700: K "
                                  f"{700 // games} ({self.cite('k')})"]
        return k, []

    def round_initial(self, value: Fraction | int) -> int:
        """7.2.4: "Ru is rounded to the nearest whole number"."""
        return round_half_up(value)

    def new_rating(self, rating: int, change: Fraction) -> int:
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
    url = "https://qc.fide.com/2024/03/01/new-rating-regulations-come-into-force/"
    summary = ("the rapid and blitz method of 2024 for standard play: floor 1400, "
               "hypothetical 1800 opponents, 400-point rule on every game again, "
               "one-time rise of ratings below 2000")
    rates = ("standard",)
    standard_rating_counts = False
    max_hours_per_day = 12
    max_days = 90
    one_time_adjustment_list = date(2024, 3, 1)
    # The method's articles are those of the rapid and blitz regulations.
    articles = {**{key: f"fide-rb-2024 {value}"
                   for key, value in FideRapidBlitz2024.articles.items()},
                "rate": "1.1", "rounds": "3.1", "duration": "4.1"}

    def minimum_minutes(self, ratings: list[int]) -> int:
        """fide-2024 1.1: for each game, by the higher of the two ratings."""
        return _minimum_minutes_2022(ratings)

    def minimum_is_per_game(self) -> bool:
        """fide-2022 1.1, fide-2024 1.1: the minimum of each game."""
        return True

    def rate_of_play(self, minutes: float, ratings: list[int]) -> str | None:
        """fide-2024 1.1: standard when the game has the minimum."""
        return "standard" if minutes >= self.minimum_minutes(ratings) else None

    def rounds_per_day(self, rate: str) -> int | None:
        """fide-2024 3.1: hours a day only (`max_hours_per_day`)."""
        return None

    def one_time_adjustment(self, rating: int) -> int:
        """The 1 March 2024 list: ratings below 2000 rise by 0.4 x (2000 - R),
        rounded to the nearest whole number (FIDE QC, 1 March 2024)."""
        if rating >= 2000:
            return rating
        return rating + round_half_up(Fraction(2, 5) * (2000 - rating))


class FideStandard2008Fide(FideStandard2003Web):
    """fide-2008fide: game by game with the 350-point rule, as FIDE's own
    calculations print the rating periods of July 2008 to July 2009
    (ratings.fide.com individual calculations and tournament reports, quoted
    by the tests of the Perl module Games-Ratings): the expected score is the
    sum of P_D of each game, not P_D of D = R - Rc times n (fide-2003web
    10.61-10.64).  When FIDE changed the method, and by which text, is not
    established: the edition rates only the gap it belongs to."""

    id = "fide-standard-2008-fide"
    title = "FIDE ratings game by game with the 350-point rule (by 2008)"
    source = "FIDE's calculations of the rating periods 2008-07 to 2009-07"
    url = "http://ratings.fide.com/individual_calculations.phtml"
    summary = "game by game (sum of P_D) with the 350-point rule, K 25/15/10"
    doc = "fide-2003web"
    # The earliest events of FIDE's calculations at hand (the July 2008
    # list); chosen through its gap only (GAPS), never by this date.
    effective = date(2008, 4, 1)
    by_date = False
    per_game = True
    articles = {**FideStandard2003Web.articles, "rc": "fide-2008fide 10.61"}


class FideStandard2009Fide(FideStandard2009):
    """fide-2009fide: the 2009 regulations as FIDE applied them from 1 July
    2009.  FIDE's announcement ("Changes to Title and Rating Regulations
    effective from July 1st 2009", 13 July 2009): "The change of K as
    decided in Dresden was not confirmed by the PB. The K values stay as
    they are", and the half point of a new player's rating "will stay as
    12.5 (half of the highest K value)".  Everything else is the 2009 text:
    per game, the 400-point rule, six lists, floor 1200, at least 1 point
    and 3 rated opponents for an unrated player's event."""

    id = "fide-standard-2009-fide"
    title = "FIDE Rating Regulations as applied from 1 July 2009"
    source = "FIDE news, 13 July 2009 (K and the half point as before); the 2009 text otherwise"
    url = ("http://www.fide.com/component/content/article/1-fide-news/4059-changes-to-"
           "title-and-rating-regulations-effective-from-july-1st-2009.html")
    summary = ("per game, 400-point rule (was 350 per tournament), six lists a year, "
               "floor 1200; K 25/15/10 and +12.5 a half point kept")
    by_date = True
    k_new = 25                            # FIDE news 2009: "the K values stay"
    half_point_bonus = Fraction(25, 2)    # FIDE news 2009: "will stay as 12.5"
    articles = {**FideStandard2009.articles,
                "k": "fide-2009fide 8.56", "ru": "fide-2009fide 8.23"}


class FideStandard2011(FideStandard2009Fide):
    """fide-2011: from 1 July 2011, K 30 for a player new to the list until
    30 games (FIDE Handbook B.02 8.56 in force until 30 June 2014: "K = 30
    for a player new to the rating list until he has completed events with
    at least 30 games")."""

    id = "fide-standard-2011"
    title = "FIDE Rating Regulations effective 1 July 2011"
    source = "FIDE Handbook B.02 (2011-2014) 8.56, as quoted with the 2014 change"
    url = "http://www.fide.com/fide/handbook.html?id=161&view=article"
    summary = "K 30 (was 25) for a player new to the list; +15 a half point (half of 30)"
    effective = date(2011, 7, 1)
    k_new = 30
    half_point_bonus = Fraction(15)
    caveats: tuple[str, ...] = ("the half point of a new player's first event is taken as +15 (half "
               "of the highest K, as FIDE's 2009 announcement states the rule); "
               "the 2011 text itself was not at hand",)
    articles = {**FideStandard2009.articles, "k": "fide-2011 8.56", "ru": "fide-2011 8.23"}


class FideStandard2012(FideStandard2011):
    """fide-2012: the rating floor lowered from 1200 to 1000 on 1 July 2012
    (ECF, "New FIDE venture", 2011: "at least 1200 (from 1 July that will
    become 1000)")."""

    id = "fide-standard-2012"
    title = "FIDE Rating Regulations effective 1 July 2012"
    source = "ECF, New FIDE venture (2011): the floor 1200 becomes 1000 on 1 July 2012"
    url = "https://www.englishchess.org.uk/new-fide-venture/"
    summary = "rating floor 1000 (was 1200)"
    effective = date(2012, 7, 1)
    floor = 1000
    # Monthly lists from July 2012: the date is not established by a
    # source at hand (docs/editions.md); it moves list dates only.
    list_months = tuple(range(1, 13))
    articles = {**FideStandard2011.articles, "floor": "fide-2012 0.6"}


class FideStandard2014(FideStandard2012):
    """fide-2014: from 1 July 2014 (FIDE Handbook B.02 8.56): "K = 40 for a
    player new to the rating list until he has completed events with at
    least 30 games; K = 20 as long as a player's rating remains under 2400;
    K = 10 once a player's published rating has reached 2400 ...; K = 40
    for all players until their 18th birthday, as long as their rating
    remains under 2300".  First ratings (AICF, on handbook id=172): at least
    half a point against rated players, 5 games against rated opponents
    within 26 months, published from 1000."""

    id = "fide-standard-2014"
    title = "FIDE Rating Regulations effective 1 July 2014"
    source = "FIDE Handbook B.02 (July 2014) 8.56; AICF on first ratings"
    url = "http://www.fide.com/fide/handbook.html?id=172&view=article"
    summary = ("K 40/20/10 (was 30/15/10) and K 40 for juniors under 2300, K x n <= 700; "
               "first rating from 5 games in 26 months and half a point")
    effective = date(2014, 7, 1)
    k_new = 40
    k_default = 20
    half_point_bonus = Fraction(20)
    first_rating_minimum_games = 5
    first_rating_window = "rating periods of not more than 26 months"
    pool_window_months = 26
    unrated_min_score = Fraction(1, 2)
    unrated_min_rated_opponents_all = 0
    unrated_min_rated_opponents_swiss = 0
    caveats: tuple[str, ...] = ("K x n <= 700, +20 a half point (half of the highest K) and no "
               "three-opponent minimum are taken from the later texts: the 2014 "
               "text itself was not at hand",)
    articles = {**FideStandard2012.articles, "k": "fide-2014 8.56", "ru": "fide-2014 8.23",
                "first_minimum": "fide-2014 7.14", "pool": "fide-2014 7.14",
                "unrated_min": "fide-2014 8.21", "unrated_opponents": "fide-2014 8.21"}

    def k_factor(self, rating: int, games_before: int | None,
                 reached_2400: bool | None, event_year: int | None,
                 birth_year: int | None) -> tuple[int, list[str]]:
        """fide-2014 8.56: K 40 until 30 games, 20 under 2400, 10 once 2400 was
        reached, 40 for a player under 2300 until the 18th birthday."""
        if reached_2400 or rating >= self.k_permanent_rating:
            return 10, []
        if self.junior(event_year, birth_year) and rating < 2300:
            return self.k_new, [f"junior under 2300: K {self.k_new} ({self.cite('k')})"]
        if games_before is None:
            return self.k_default, ["rated games before this event not given: assumed "
                                    f"at least 30 ({self.cite('k')})"]
        return (self.k_new if games_before < 30 else self.k_default), []

    def junior(self, event_year: int | None, birth_year: int | None) -> bool:
        """"until their 18th birthday": only years are known, so a player is
        a junior in the years before the one of the 18th birthday."""
        return (event_year is not None and birth_year is not None
                and event_year < birth_year + 18)

    def cap_k(self, k: int, games: int) -> tuple[int, list[str]]:
        """K x n may not exceed 700 (as fide-rb-2024 7.3.3; see caveats)."""
        return _cap_k_700(self, k, games)


def _minimum_minutes_2022(ratings: list[int]) -> int:
    """fide-2022 1.1, fide-2024 1.1: 120 minutes for 60 moves if a player is
    rated 2400 or more, 90 if 1800 or more, else 60."""
    top = max(ratings, default=0)
    return 120 if top >= 2400 else 90 if top >= 1800 else 60


def _rapid_or_blitz_2024(minutes: float) -> str | None:
    """fide-rb-2024 1.1.1/1.1.2: rapid more than 10 and less than 60 minutes
    for 60 moves, blitz more than 3 and at most 10."""
    if 10 < minutes < 60:
        return "rapid"
    return "blitz" if 3 < minutes <= 10 else None


def _rounds_per_day_2024(rate: str) -> int:
    """fide-rb-2024 3.1: 15 rapid rounds, 30 blitz rounds a day."""
    return 15 if rate == "rapid" else 30


def _cap_k_700(edition: FideEdition, k: int, games: int) -> tuple[int, list[str]]:
    """If n x K exceeds 700, K is the largest whole number with K x n <= 700."""
    if games and k * games > 700:
        return 700 // games, [f"K {k} x {games} games exceeds 700: K "
                              f"{700 // games} ({edition.cite('k')})"]
    return k, []


class FideStandard2022(FideStandard2014):
    """fide-2022: FIDE Rating Regulations effective 1 January 2022, 8.3.1:
    "A difference in rating of more than 400 points shall be counted for
    rating purposes as though it were a difference of 400 points. In any
    tournament, a player may benefit from only one upgrade under this rule,
    for the game in which the rating difference is greatest." (quoted
    against the earlier text on chesschat.org, 2022)."""

    id = "fide-standard-2022"
    title = "FIDE Rating Regulations effective 1 January 2022"
    source = "FIDE Handbook B.02 (2022) 8.3.1"
    url = "https://handbook.fide.com/chapter/B022022"
    summary = ("the 400-point rule benefits a player once an event (the largest "
               "difference); minimum time per game by 2400/1800 (was 2200/1600)")
    effective = date(2022, 1, 1)
    cap_once_per_event = True
    caveats: tuple[str, ...] = ("the 2022 changes to first ratings are not established: first "
               "ratings as in fide-standard-2014 (FIDE's initial-rating calculator "
               "computes them so: docs/editions.md)",)
    articles = {**FideStandard2014.articles, "rc": "fide-2022 8.3.1", "rate": "fide-2022 1.1"}

    def minimum_minutes(self, ratings: list[int]) -> int:
        """fide-2022 1.1: 120 minutes if a player is rated 2400 or more, 90 if
        1800 or more, else 60 ("3-hour games (90+90) will be accepted provided
        that both players are rated below 2400, an increase from 2200": FIDE
        news, January 2022); the 2024 text keeps it."""
        return _minimum_minutes_2022(ratings)

    def minimum_is_per_game(self) -> bool:
        """fide-2022 1.1, fide-2024 1.1: the minimum of each game."""
        return True


# -- rapid and blitz before 2024 --------------------------------------------

class FideRapidBlitz2012(FideStandard2011):
    """fide-rb-2012: FIDE rapid and blitz rating lists, events from 1 January
    2012 (FIDE news, "Rapid and blitz rating lists", 16 November 2011):
    rapid at least 15 and less than 60 minutes, blitz at least 5 and less
    than 15 (time + 60 x increment), both players with the same time; "The
    method used to calculate ratings in each list will be the same as
    currently used, with the exception that the K factor used will in all
    cases be 20"; unrated players need 3 rated opponents, 1 point, floor
    1200 and 9 games (ECF, New FIDE venture)."""

    id = "fide-rapid-blitz-2012"
    title = "FIDE rapid and blitz rating lists (from 1 January 2012)"
    source = "FIDE news, Rapid and blitz rating lists, 16 November 2011"
    url = ("https://old.fide.com/component/content/article/1-fide-news/"
           "5721-rapid-and-blitz-rating-lists.html")
    summary = "rapid and blitz lists open: the standard method with K 20 for everyone"
    # The method is the standard one (the 2009 text's articles); what the
    # announcement changes cites it.
    effective = date(2012, 1, 1)
    rates = ("rapid", "blitz")
    list_months = tuple(range(1, 13))
    max_rounds_per_day = None
    max_hours_per_day = None
    max_days = None
    caveats: tuple[str, ...] = ("the half point of a new player's first event is taken as in "
               "standard play (+15): the 2012 rapid and blitz figure is not established",)
    articles = {**FideStandard2011.articles, "k": "fide-rb-2012 8.56",
                "rate": "fide-rb-2012 1.1", "different_times": "fide-rb-2012 1.1"}

    def rate_of_play(self, minutes: float, ratings: list[int]) -> str | None:
        """Rapid 15 to under 60 minutes, blitz 5 to under 15 (FIDE news 2011)."""
        if 15 <= minutes < 60:
            return "rapid"
        return "blitz" if 5 <= minutes < 15 else None

    def k_factor(self, rating: int, games_before: int | None,
                 reached_2400: bool | None, event_year: int | None,
                 birth_year: int | None) -> tuple[int, list[str]]:
        """"the K factor used will in all cases be 20" (FIDE news 2011)."""
        return 20, []


class FideRapidBlitz2012Jul(FideRapidBlitz2012):
    """fide-rb-2012jul: the floor 1000 from 1 July 2012, as in standard play."""

    id = "fide-rapid-blitz-2012-07"
    title = "FIDE rapid and blitz rating lists (floor 1000 from 1 July 2012)"
    source = "ECF, New FIDE venture (2011): 1200, from 1 July 1000"
    url = "https://www.englishchess.org.uk/new-fide-venture/"
    summary = "rating floor 1000 (was 1200)"
    effective = date(2012, 7, 1)
    floor = 1000
    articles = {**FideRapidBlitz2012.articles, "floor": "fide-2012 0.6"}


class FideRapidBlitz2022(FideRapidBlitz2012Jul):
    """fide-rb-2022: the rapid and blitz rules of 2022: K 20, K x n <= 700,
    the 400-point rule once an event (fide-2022 8.3.1, as FIDE's own
    calculation of a 2022 rapid event prints it), 15 rapid or 30 blitz
    rounds a day, at least 1 point in a first event."""

    id = "fide-rapid-blitz-2022"
    title = "FIDE Rapid and Blitz Rating Regulations (2022)"
    source = "FIDE Handbook B.02 (2022) 8.3.1; FIDE rapid and blitz regulations (2022)"
    url = "https://handbook.fide.com/chapter/B022022"
    summary = ("400-point rule once an event, K 20 with K x n <= 700, 15 rapid / 30 "
               "blitz rounds a day, rapid over 10 minutes; first rating from 5 games, "
               "no round-robin method")
    effective = date(2022, 1, 1)
    cap_once_per_event = True
    # chessexpress, "Changes to rating and titles" (9 December 2021): "the
    # 400 point rule applies here as well"; "The method of generating new
    # ratings from Round Robin events has been removed, as players only need
    # 5 rated opponents (and a PR above 1000)".
    first_rating_minimum_games = 5
    first_rating_window = "rating periods of not more than 26 months"
    pool_window_months = 26
    unrated_min_rated_opponents_swiss = 0
    unrated_min_rated_opponents_all = 0
    games_vs_unrated_in_round_robin = False
    round_robin_composition = False
    caveats: tuple[str, ...] = ("the first-rating formula of 2022 rapid and blitz is not established: "
               "+15 a half point over 50 % and the 26-month window are assumed",)
    articles = {**FideRapidBlitz2012Jul.articles, "rc": "fide-2022 8.3.1",
                "k": "fide-rb-2022 8.56", "rounds": "fide-rb-2022 3.1"}

    def rate_of_play(self, minutes: float, ratings: list[int]) -> str | None:
        """fide-rb-2024 1.1 (as in 2022): rapid over 10 minutes."""
        return _rapid_or_blitz_2024(minutes)

    def rounds_per_day(self, rate: str) -> int | None:
        """15 rapid or 30 blitz rounds a day (fide-rb-2022 3.1)."""
        return _rounds_per_day_2024(rate)

    def cap_k(self, k: int, games: int) -> tuple[int, list[str]]:
        """K x n <= 700 (fide-rb-2022 8.56)."""
        return _cap_k_700(self, k, games)


class FideRapidBlitz2022Oct(FideRapidBlitz2022):
    """fide-rb-2022oct: from 1 October 2022 the K of rapid and blitz follows
    the standard rules: 40 for a player new to the list until 30 games, 20
    under 2400, 10 once 2400 was reached, 40 for a player under 2300 until
    the end of the year of the 18th birthday, K x n <= 700 (the K 20 for
    everyone of 2012 ends).  Reported, with the one-time raise of rapid and
    blitz ratings to standard - 100 on the list of 1 October 2022, by the
    Vietnam Chess Federation ("FIDE thay doi rating thang 10 va he so K co
    nhanh, co chop", 2022) and scacchierando.it ("Nuove regole FIDE per i
    rating Rapid&Blitz", 2022)."""

    id = "fide-rapid-blitz-2022-10"
    title = "FIDE Rapid and Blitz Rating Regulations (K as in standard, from 1 October 2022)"
    source = ("scacchierando.it, Nuove regole FIDE per i rating Rapid&Blitz (2022); "
              "Vietnam Chess Federation, FIDE thay doi rating thang 10 (2022)")
    url = "https://www.scacchierando.it/regolamenti/nuove-regole-fide-per-i-rating-rapidblitz/"
    summary = ("K as in standard play: 40 new or junior under 2300, 20, 10 from 2400; "
               "K x n <= 700; list ratings raised once to standard - 100")
    effective = date(2022, 10, 1)
    k_new = 40
    k_default = 20
    caveats: tuple[str, ...] = ("the K rule of 1 October 2022 is taken from federation and press "
               "reports of FIDE's decision: FIDE's own text was not at hand",
               "the one-time raise of rapid and blitz ratings to standard - 100 "
               "(1 October 2022) changes the list, not an event: ratings are used "
               "as given")
    articles = {**FideRapidBlitz2022.articles, "k": "fide-rb-2022oct 7.3.3"}

    def k_factor(self, rating: int, games_before: int | None,
                 reached_2400: bool | None, event_year: int | None,
                 birth_year: int | None) -> tuple[int, list[str]]:
        """K 40 / 20 / 10 and juniors, as fide-rb-2024 7.3.3 words them."""
        return _k_rapid_blitz(self, rating, games_before, reached_2400,
                              self.junior(event_year, birth_year))

    def junior(self, event_year: int | None, birth_year: int | None) -> bool:
        """"until the end of the year of their 18th birthday" (as fide-rb-2024 7.3.3)."""
        return _junior_rapid_blitz(event_year, birth_year)


class FideRapidBlitz2024Dec(FideRapidBlitz2024):
    """fide-rb-2024dec 7.3.1: the second paragraph of 7.3.1 of the rapid and
    blitz regulations (handbook B02RBRegulations2024), after the 400-point
    rule: "Effective from 1 December 2024: Games played between players
    with a rating difference of 600 points or more shall not be rated if at
    least one of the players is rated above 2600 on the relevant list."
    (the page's text as transcribed 2026-10-09 in
    zugzwang-foundation/Chess-ELO-Rating docs/research/VERIFICATION_2026-10-09.md)."""

    id = "fide-rapid-blitz-2024-12"
    title = "FIDE Rapid and Blitz Rating Regulations (amended, from 1 December 2024)"
    source = "FIDE Handbook B.02 rapid and blitz 7.3.1, amended from 1 December 2024"
    url = "https://handbook.fide.com/chapter/B02RBRegulations2024"
    summary = "a game 600+ points apart is not rated if either player is above 2600"
    effective = date(2024, 12, 1)
    unrated_gap = (600, 2600)
    articles = {**FideRapidBlitz2024.articles, "gap": "fide-rb-2024dec 7.3.1"}


class FideStandard2025(FideStandard2024):
    """fide-2025: from 1 October 2025 (FIDE Council, "targeted amendment to
    Rating Regulation"), 8.3.1: "A difference in rating of more than 400
    points shall be counted for rating purposes as though it were a
    difference of 400 points, for players rated below 2650. For players
    rated 2650 and above, the difference between ratings shall be used in
    all cases."  The lower-rated opponent keeps the cap.  The handbook's
    text (B022024) carries it in 8.3.1 as "Effective from 1 October 2025:"."""

    id = "fide-standard-2025"
    title = "FIDE Rating Regulations (standard), amended 1 October 2025"
    source = "FIDE Council, targeted amendment to Rating Regulation, 8.3.1 (2025)"
    url = "https://www.fide.com/fide-council-approves-targeted-amendment-to-rating-regulation/"
    summary = "players rated 2650+ are rated on the full difference (no 400-point cap)"
    doc = "fide-2025"
    effective = date(2025, 10, 1)
    uncapped_from = 2650
    articles = {**FideStandard2024.articles, "rc": "fide-2025 8.3.1"}


@dataclass(frozen=True)
class Gap:
    """A period whose rules are not established: `edition` rates it, and
    every result says so (docs/editions.md)."""

    rates: tuple[str, ...]
    start: date
    end: date
    edition: str
    why: str


GAPS: tuple[Gap, ...] = (
    Gap(("standard",), date(2002, 1, 1), date(2002, 6, 30), "fide-standard-2002",
        "the regulations in force before July 2002 are not in this project"),
    Gap(("standard",), date(2004, 7, 1), date(2008, 3, 31), "fide-standard-2003web",
        "the amendments of 2004-2008 (the rating floor, the change to a game-by-game "
        "calculation) are not established"),
    Gap(("standard",), date(2008, 4, 1), date(2009, 6, 30), "fide-standard-2008-fide",
        "FIDE's calculations from the July 2008 list on rate game by game with the "
        "350-point rule; the text and date of that change are not established"),
    Gap(("standard",), date(2017, 7, 1), date(2021, 12, 31), "fide-standard-2014",
        "FIDE's handbook lists Rating Regulations effective from 1 July 2017 till 31 "
        "December 2021 (amended from 1 February 2021); what they changed from 2014 is "
        "not established"),
    Gap(("rapid", "blitz"), date(2002, 1, 1), date(2011, 12, 31), "fide-rapid-blitz-2012",
        "FIDE rated no rapid or blitz games before 1 January 2012"),
    Gap(("rapid", "blitz"), date(2014, 7, 1), date(2021, 12, 31), "fide-rapid-blitz-2012-07",
        "the rapid and blitz changes of 2014-2021 (a 735-point limit in place of "
        "the 400-point rule, K x n <= 700, rounds a day) took effect on dates not "
        "established"),
)


FIDE_EDITIONS: tuple[FideEdition, ...] = (
    FideStandard2002(), FideStandard2003Web(), FideStandard2008Fide(), FideStandard2009(),
    FideStandard2009Fide(), FideStandard2011(), FideStandard2012(),
    FideStandard2014(), FideStandard2022(), FideStandard2024(), FideStandard2025(),
    FideRapidBlitz2012(), FideRapidBlitz2012Jul(), FideRapidBlitz2022(),
    FideRapidBlitz2022Oct(), FideRapidBlitz2024(), FideRapidBlitz2024Dec(),
)


def _fide_edition(edition_id: str) -> FideEdition:
    """A pickled edition made again (`FideEdition.__reduce__`): the one of
    `FIDE_EDITIONS` with its id, which rules_core.editions.get_edition gives."""
    return next(e for e in FIDE_EDITIONS if e.id == edition_id)
