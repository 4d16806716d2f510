"""What an edition must provide: the contract of FIDE and FMJD editions.

An edition is data plus a few small named rule differences
(docs/architecture.md, "Edition contract").  The rule code of each game
(`rules_core.fide.*`, `rules_core.fmjd.*`) and the site read an edition only
through the members declared here, and ``mypy --strict`` checks that every
edition in the registry has all of them with the declared types: nothing
is probed at run time.  A FIDE edition gets every member from
`rules_core.fide.editions.FideEdition` (fide-2002, the base) and overrides
what its own text changes; the FMJD edition is
`rules_core.fmjd.edition.FmjdEdition`.

Two names that once meant different things in the two games now mean one
thing each: `FideRules.cite` takes a key of `FideRules.articles`;
`FmjdRules.cite_section` takes a section number of Annex 9.  A FIDE
edition's `closing_days` is a number of days before a list date; the FMJD
edition's `closing_dates` are calendar dates (month, day).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from fractions import Fraction
from typing import Literal, Protocol

__all__ = ["EditionRules", "FideRules", "FmjdRules"]


class EditionRules(Protocol):
    """What every edition of either game declares: who it is, where its
    text is, when it applies (docs/editions.md)."""

    @property
    def id(self) -> str:
        """The registry id, as ``--rules ID`` takes it (``fide-standard-2009``)."""

    @property
    def title(self) -> str:
        """The regulation's title, as the timeline prints it."""

    @property
    def source(self) -> str:
        """The text the edition follows: a file of content/regulations/ or a
        description of the published source."""

    @property
    def doc(self) -> str:
        """The document prefix of its citations (``fide-2009``, ``fmjd Annex 9``)."""

    @property
    def game(self) -> str:
        """``chess`` or ``draughts``: which engine rates with it."""

    @property
    def effective(self) -> date:
        """The first day the edition rates (the date of the event's start)."""

    @property
    def rates(self) -> tuple[str, ...]:
        """The rates of play it rates: ``standard``, ``rapid``, ``blitz``."""

    @property
    def url(self) -> str:
        """Where its text is read: a content/regulations/ path or an http(s)
        address; the timeline links the latter."""

    @property
    def summary(self) -> str:
        """One line on what it changes from the edition before; empty where
        there is none before it (the title is shown instead)."""

    @property
    def by_date(self) -> bool:
        """Chosen by an event's date (`rules_core.editions.edition_for`);
        False: only through ``--rules`` or a gap that names it."""

    @property
    def caveats(self) -> tuple[str, ...]:
        """Points no source at hand establishes: each is printed as a
        warning wherever the edition rates (docs/editions.md)."""

    @property
    def list_months(self) -> tuple[int, ...]:
        """The months whose first day is a list date (fide-2002 9.1: four
        a year; fide-2009 7.11: six; fide-rb-2024 6.1: twelve; fmjd Annex 9
        §4.3: four)."""


class FideRules(EditionRules, Protocol):
    """A FIDE edition: the constants and rule hooks of the FIDE Rating
    Regulations that differ between editions.  Defaults are fide-2002's
    (`rules_core.fide.editions.FideEdition`)."""

    @property
    def game(self) -> Literal["chess"]:
        """Always ``chess``."""

    # -- citations ---------------------------------------------------------
    @property
    def articles(self) -> Mapping[str, str]:
        """The article of each rule, by key (``"k"`` -> ``"8.56"``); an
        article given with its own document (``"fide-2011 8.56"``) is cited
        as written.  Keys an edition lacks are rules its text does not have."""

    def cite(self, key: str) -> str:
        """The citation of the rule `key` of `articles`: ``doc article``."""

    # -- rate of play, rounds, duration --------------------------------------
    def minimum_minutes(self, ratings: list[int]) -> int:
        """The least time for 60 moves a standard game needs, by the ratings
        given (fide-2002 1.11-1.13: 120/90/60 by 2200/1600; fide-2022 1.1:
        by 2400/1800)."""

    def minimum_is_per_game(self) -> bool:
        """True: `minimum_minutes` is applied to the two players of each game
        (fide-2022 1.1, fide-2024 1.1); False: to the whole tournament."""

    def rate_of_play(self, minutes: float, ratings: list[int]) -> str | None:
        """The rate a time control of `minutes` for 60 moves makes
        (fide-2002 1.2, fide-rb-2024 1.1); None: not rated."""

    def rounds_per_day(self, rate: str) -> int | None:
        """The most rounds a day at `rate` (fide-2002 3.1: 3; fide-rb-2024
        3.1: 15 rapid, 30 blitz); None: no limit."""

    @property
    def max_rounds_per_day(self) -> int | None:
        """fide-2002 3.1: three rounds a day; None: no such rule."""

    @property
    def max_hours_per_day(self) -> int | None:
        """fide-2002 3.1, fide-2024 3.1: 12 hours of play a day; None: none."""

    @property
    def max_days(self) -> int | None:
        """fide-2002 4.1: an event lasts at most 90 days, leagues excepted
        (4.11); None: no limit."""

    # -- which games count ---------------------------------------------------
    @property
    def unrated_gap(self) -> tuple[int, int] | None:
        """(points apart, rating above): fide-rb-2024dec 7.3.1, a game 600
        or more apart is not rated if either player is above 2600."""

    def game_not_rated(self, rating: int, other: int) -> bool:
        """Whether a game between these ratings is not rated (`unrated_gap`)."""

    @property
    def unrated_min_score(self) -> Fraction:
        """The least score of an unrated player's event (fide-2002 6.1, 10.20:
        1 point; fide-rb-2024 7.2.2: a zero score is disregarded)."""

    @property
    def unrated_min_rated_opponents_swiss(self) -> int:
        """Rated opponents an unrated player needs in a Swiss (fide-2002 6.42: 3)."""

    @property
    def unrated_min_rated_opponents_all(self) -> int:
        """Rated opponents an unrated player needs in any system (fide-2009 8.21: 3)."""

    @property
    def round_robin_composition(self) -> bool:
        """fide-2002 6.3: a round robin with unrated players needs a share of
        rated players to be rated."""

    @property
    def scheveningen_max_unrated(self) -> int | None:
        """Unrated players a Scheveningen event may have (fide-2002 6.4: 1;
        fide-2003web 10.67: 0); None: no Scheveningen rule."""

    @property
    def unrated_may_play_matches(self) -> bool:
        """False where an unrated player's match is not rated (fide-2009 6.6,
        fide-rb-2024 5.1)."""

    @property
    def games_vs_unrated_in_round_robin(self) -> bool:
        """fide-2002 10.21b: games against unrated players count in a round
        robin (Ra counts them); fide-rb-2024 7.3.1: only rated opponents."""

    @property
    def standard_rating_counts(self) -> bool:
        """fide-rb-2024 7.2.1: a player without a rapid (blitz) rating is
        rated with the standard rating."""

    # -- tables --------------------------------------------------------------
    @property
    def notional_dp(self) -> bool:
        """fide-2009 8.1a: dp at 0 % and 100 % (-800, +800); fide-2002 10.1
        prints none there."""

    def dp(self, p_percent: int) -> int | None:
        """fide-2002 10.1(a): the rating difference of a percentage score;
        None where the edition prints none."""

    def pd(self, difference: int) -> int:
        """fide-2002 10.1(b): the scoring probability in hundredths of a
        rating difference (own minus other)."""

    # -- the rating difference ------------------------------------------------
    @property
    def per_game(self) -> bool:
        """True: the change is summed game by game (fide-2009 8.51-8.55);
        False: per tournament against Rc (fide-2002 10.5)."""

    @property
    def rating_difference_cap(self) -> int:
        """The most a rating difference counts for (fide-2002 10.51: 350;
        fide-2009 8.54: 400)."""

    @property
    def cap_once_per_event(self) -> bool:
        """fide-2022 8.3.1: a player benefits from the cap once an event,
        in the game with the greatest difference."""

    @property
    def uncapped_from(self) -> int | None:
        """fide-2025 8.3.1: players rated this or more count the full
        difference; None: everyone is capped."""

    def difference_cap(self, rating: int) -> int | None:
        """The cap for a player of `rating`; None: the full difference."""

    # -- K ---------------------------------------------------------------------
    @property
    def k_new(self) -> int:
        """K of a player new to the list until 30 games (fide-2002 10.54a:
        25; fide-2011 8.56: 30; fide-2014 8.56: 40)."""

    @property
    def k_default(self) -> int:
        """K under 2400 after 30 games (fide-2002 10.54a: 15; fide-2014: 20)."""

    @property
    def k_permanent_rating(self) -> int:
        """fide-2002 10.54a: K 10 once the published rating reached 2400."""

    def k_factor(self, rating: int, games_before: int | None,
                 reached_2400: bool | None, event_year: int | None,
                 birth_year: int | None) -> tuple[int, list[str]]:
        """K of a player and the notes on what was assumed (fide-2002
        10.54a, fide-2014 8.56, fide-rb-2024 7.3.3)."""

    def junior(self, event_year: int | None, birth_year: int | None) -> bool:
        """Whether a player has junior K in `event_year` (fide-2014 8.56,
        fide-rb-2024 7.3.3); always False before 2014."""

    def cap_k(self, k: int, games: int) -> tuple[int, list[str]]:
        """fide-rb-2024 7.3.3: K x n at most 700 (n games of the rating
        period); the K to use and a note where it was lowered."""

    # -- roundings ---------------------------------------------------------------
    def round_rating(self, value: Fraction) -> int:
        """fide-2002 10.56: a rating rounded to the nearest 1 (.5 up)."""

    def round_initial(self, value: Fraction | int) -> int:
        """fide-2002 10.32, fide-2003web 10.32 (nearest 5), fide-rb-2024
        7.2.4: a first rating rounded as published."""

    def new_rating(self, rating: int, change: Fraction) -> int:
        """fide-2002 10.55-10.56: Rn = Ro + change, rounded; fide-rb-2024
        7.3.4: the change rounded .5 away from zero, then added."""

    # -- unrated players and first ratings ----------------------------------------
    @property
    def half_point_bonus(self) -> Fraction | None:
        """Ru over 50 %: Rc plus this for each half point above (fide-2002
        10.23: 12.5); None: hypothetical opponents instead (fide-rb-2024 7.2.3)."""

    @property
    def hypothetical_opponents(self) -> int:
        """fide-rb-2024 7.2.3: two hypothetical opponents drawn with; 0: none."""

    @property
    def hypothetical_rating(self) -> int:
        """fide-rb-2024 7.2.3: the rating of each hypothetical opponent (1800)."""

    @property
    def max_initial_rating(self) -> int | None:
        """fide-rb-2024 7.2.4: a first rating is at most 2200; None: no cap."""

    @property
    def floor(self) -> int:
        """The rating floor: below it a rating is not published and a player
        is delisted (fide-2002 9.21: 1801; fide-2009 0.6: 1200; fide-2012:
        1000; fide-rb-2024 6.1.4: 1400)."""

    @property
    def first_rating_minimum_games(self) -> int:
        """Games a first rating is published from (fide-2002 9.14: 9;
        fide-rb-2024 6.1.4: 5)."""

    @property
    def first_rating_window(self) -> str:
        """The pooling window in words, for the notes (fide-2002 9.1.4c)."""

    @property
    def pool_window_periods(self) -> int | None:
        """fide-2002 9.1.4c: events of the same or next 7 rating periods pool."""

    @property
    def pool_window_months(self) -> int | None:
        """fide-2009 7.14c: 24 months; fide-rb-2024 6.1.4: 26 months."""

    @property
    def pools_weighted_average(self) -> bool:
        """fide-2002 10.3: events pool as the average of their Ru weighted by
        games; False: as one tournament (fide-2009 8.3)."""

    @property
    def ignore_low_first_performances(self) -> bool:
        """fide-2002 10.31: first performances below the floor are ignored."""

    @property
    def initial_rating_step(self) -> int:
        """fide-2002 10.32: a first rating rounded to 1; fide-2003web 10.32: to 5."""

    @property
    def olympiad_rating(self) -> int | None:
        """fide-2003web 10.4: an unrated player with 50 % from half the rounds
        of the Olympiad enters at 2200; None: no Olympiad rule."""

    @property
    def olympiad_women_rating(self) -> int | None:
        """fide-2003web 10.4: 2050 at the women's Olympiad."""

    # -- lists -------------------------------------------------------------------
    @property
    def closing_days(self) -> int:
        """An event counts for a list when it ended at least this many days
        before the list date (fide-2002 9.13: about a month; fide-2009 7.13:
        7; fide-rb-2024 6.1.3: 3)."""

    @property
    def one_time_adjustment_list(self) -> date | None:
        """fide-2024: the list date of the one-time rise of ratings below
        2000 (1 March 2024); None: no such list."""

    def one_time_adjustment(self, rating: int) -> int:
        """The rating after the one-time rise (FIDE QC, 1 March 2024); the
        rating unchanged where the edition has none."""


class FmjdRules(EditionRules, Protocol):
    """The FMJD edition: Annex 9 (rating) in the 2024 annexes.  Its figures
    are constants of `rules_core.fmjd.rating` and friends; the edition
    carries what the engine and the site ask of an edition."""

    @property
    def game(self) -> Literal["draughts"]:
        """Always ``draughts``."""

    def cite_section(self, article: str) -> str:
        """The citation of section `article` of Annex 9 (``fmjd Annex 9 §3.2.3``)."""

    @property
    def closing_dates(self) -> tuple[tuple[int, int], ...]:
        """(month, day) of each closing date: an event ended by one counts
        for the next list (fmjd Annex 9 §4.4, §6.2a)."""

    def rate_of_play(self, minutes: float) -> str:
        """fmjd Annex 9 §1.2.2: the rate a time for the first 60 moves makes."""

    def rating_list(self, minutes: float) -> str:
        """fmjd Annex 9 §1.2.2: the list (standard or rapid-blitz) it counts for."""

    def k_percent(self, minutes: float) -> int:
        """fmjd Annex 9 §1.2.2: the share of K, in percent, for that time."""
