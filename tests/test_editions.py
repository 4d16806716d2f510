"""The editions: constants, the choice by date, the timeline, the rules added
after 2009, and FIDE's own published figures (docs/editions.md)."""

from __future__ import annotations

import pickle
from datetime import date, timedelta
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import pytest

from rules_core.check import check_text
from rules_core.editions import (
    EDITIONS,
    GAPS,
    TIMELINE_START,
    UnknownEdition,
    choose,
    edition_for,
    get_edition,
    timeline,
)
from rules_core.fide.editions import FIDE_EDITIONS, FideStandard2024
from rules_core.fide.engine import p_percent, rate_event
from sitegen.report import editions_table
from tests.builders import swiss

DATA = Path(__file__).parent / "data"
TODAY = date(2026, 11, 23)
F = Fraction

# -- every edition's constants ---------------------------------------------------
# (id, K new / default / permanent, K with the games before unknown, K of a
#  junior rated 2000, rating-difference cap, cap once an event, uncapped from,
#  600/2600 rule, floor, first rating: minimum games, pool window (periods,
#  months), unrated: minimum score, minimum rated opponents (Swiss, any system),
#  half-point bonus, max initial rating, Rn of 2000 + 0.5 and 2000 - 0.5,
#  initial 2002.5 rounded, article)
CONSTANTS = [
    ("fide-standard-2002", (25, 15, 2400), 15, 15, 350, False, None, None, 1801, 9, (7, None),
     F(1), (3, 0), F(25, 2), None, (2001, 2000), 2003,
     "fide-2002 10.54 (K), 10.51 (350), 9.21 (1801), 9.14 (9 games), 10.56 (rounding)"),
    ("fide-standard-2003web", (25, 15, 2400), 15, 15, 350, False, None, None, 2005, 9, (7, None),
     F(1), (3, 0), F(25, 2), None, (2001, 2000), 2005,
     "fide-2003web 10.31 (2005), 10.32 (nearest 5), 10.64 (K)"),
    ("fide-standard-2008-fide", (25, 15, 2400), 15, 15, 350, False, None, None, 2005, 9,
     (7, None), F(1), (3, 0), F(25, 2), None, (2001, 2000), 2005,
     "fide-2008fide 10.61: game by game, 350 (FIDE's calculations 2008-2009)"),
    ("fide-standard-2009", (30, 15, 2400), 15, 15, 400, False, None, None, 1200, 9, (None, 24),
     F(1), (3, 3), F(15), None, (2001, 2000), 2003,
     "fide-2009 8.56 (K 30), 8.54 (400), 8.23 (+15), 0.6 (1200), 7.14 (24 months)"),
    ("fide-standard-2009-fide", (25, 15, 2400), 15, 15, 400, False, None, None, 1200, 9,
     (None, 24), F(1), (3, 3), F(25, 2), None, (2001, 2000), 2003,
     "FIDE news 13 July 2009: K values and 12.5 stay (fide-2009fide 8.56, 8.23)"),
    ("fide-standard-2011", (30, 15, 2400), 15, 15, 400, False, None, None, 1200, 9, (None, 24),
     F(1), (3, 3), F(15), None, (2001, 2000), 2003, "fide-2011 8.56: K 30 for a new player"),
    ("fide-standard-2012", (30, 15, 2400), 15, 15, 400, False, None, None, 1000, 9, (None, 24),
     F(1), (3, 3), F(15), None, (2001, 2000), 2003, "fide-2012 0.6: floor 1000"),
    ("fide-standard-2014", (40, 20, 2400), 20, 40, 400, False, None, None, 1000, 5, (None, 26),
     F(1, 2), (0, 0), F(20), None, (2001, 2000), 2003,
     "fide-2014 8.56: K 40/20/10, juniors under 2300 K 40; 7.14: 5 games, 26 months"),
    ("fide-standard-2022", (40, 20, 2400), 20, 40, 400, True, None, None, 1000, 5, (None, 26),
     F(1, 2), (0, 0), F(20), None, (2001, 2000), 2003, "fide-2022 8.3.1: one upgrade an event"),
    ("fide-standard-2024", (40, 20, 2400), 20, 40, 400, False, None, None, 1400, 5, (None, 26),
     F(1, 2), (0, 0), None, 2200, (2001, 1999), 2003,
     "fide-rb-2024 7.3.3 (K), 7.3.1 (400), 6.1.4 (1400, 5 games, 26 months), 7.3.4 (away from 0)"),
    ("fide-standard-2025", (40, 20, 2400), 20, 40, 400, False, 2650, None, 1400, 5, (None, 26),
     F(1, 2), (0, 0), None, 2200, (2001, 1999), 2003, "fide-2025 8.3.1: 2650 and above uncapped"),
    ("fide-rapid-blitz-2012", (30, 15, 2400), 20, 20, 400, False, None, None, 1200, 9,
     (None, 24), F(1), (3, 3), F(15), None, (2001, 2000), 2003,
     "FIDE news 16 November 2011: K 20 in all cases (fide-rb-2012 8.56)"),
    ("fide-rapid-blitz-2012-07", (30, 15, 2400), 20, 20, 400, False, None, None, 1000, 9,
     (None, 24), F(1), (3, 3), F(15), None, (2001, 2000), 2003, "fide-2012 0.6: floor 1000"),
    ("fide-rapid-blitz-2022", (30, 15, 2400), 20, 20, 400, True, None, None, 1000, 5,
     (None, 26), F(1), (0, 0), F(15), None, (2001, 2000), 2003,
     "fide-2022 8.3.1 (one upgrade), fide-rb-2022 8.56 (K 20), 5 rated opponents"),
    ("fide-rapid-blitz-2022-10", (40, 20, 2400), 20, 40, 400, True, None, None, 1000, 5,
     (None, 26), F(1), (0, 0), F(15), None, (2001, 2000), 2003,
     "fide-rb-2022oct 7.3.3: K 40/20/10 and juniors as in standard (1 October 2022)"),
    ("fide-rapid-blitz-2024", (40, 20, 2400), 20, 40, 400, False, None, None, 1400, 5,
     (None, 26), F(1, 2), (0, 0), None, 2200, (2001, 1999), 2003,
     "fide-rb-2024 7.3.3, 7.3.1, 6.1.4, 7.2.4, 7.3.4"),
    ("fide-rapid-blitz-2024-12", (40, 20, 2400), 20, 40, 400, False, None, (600, 2600), 1400, 5,
     (None, 26), F(1, 2), (0, 0), None, 2200, (2001, 1999), 2003,
     "fide-rb-2024dec 7.3.1: 600 points apart, a player above 2600"),
]


# FIDE news 16 November 2011: "the K factor used will in all cases be 20"
# (fide-rb-2012 8.56), kept in 2022 (fide-rb-2022 8.56).
K_ALL = {"fide-rapid-blitz-2012": 20, "fide-rapid-blitz-2012-07": 20,
         "fide-rapid-blitz-2022": 20}


def test_the_table_has_every_fide_edition():
    assert sorted(row[0] for row in CONSTANTS) == sorted(e.id for e in FIDE_EDITIONS)


@pytest.mark.parametrize("row", CONSTANTS, ids=[row[0] for row in CONSTANTS])
def test_edition_constants(row):
    (name, k, k_unknown, k_junior, cap, once, uncapped, gap, floor, minimum, window,
     min_score, opponents, bonus, max_initial, rounded, initial, _article) = row
    e = get_edition(name)
    assert (e.k_new, e.k_default, e.k_permanent_rating) == k
    assert e.k_factor(2000, None, False, 2020, 1980)[0] == k_unknown
    assert e.k_factor(2000, 40, False, 2020, 2005)[0] == k_junior
    assert e.k_factor(2000, 10, False, 2020, 1980)[0] in (k[0], 20)
    assert e.k_factor(2450, 100, False, 2020, 1980)[0] == K_ALL.get(name, 10)
    assert (e.rating_difference_cap, e.cap_once_per_event, e.uncapped_from) == (cap, once,
                                                                                uncapped)
    assert e.unrated_gap == gap
    assert (e.floor, e.first_rating_minimum_games) == (floor, minimum)
    assert (e.pool_window_periods, e.pool_window_months) == window
    assert e.unrated_min_score == min_score
    assert (e.unrated_min_rated_opponents_swiss, e.unrated_min_rated_opponents_all) == opponents
    assert e.half_point_bonus == bonus and e.max_initial_rating == max_initial
    assert (e.new_rating(2000, F(1, 2)), e.new_rating(2000, F(-1, 2))) == rounded
    assert e.round_initial(F(4005, 2)) == initial


# K of a new player (fewer than 30 games) where the edition does not give
# every player one K: fide-2002 10.54a 25, fide-2009 8.56 30, fide-2014 8.56 40.
NEW_PLAYER_K = [("fide-standard-2002", 25), ("fide-standard-2009", 30),
                ("fide-standard-2009-fide", 25), ("fide-standard-2011", 30),
                ("fide-standard-2014", 40), ("fide-standard-2024", 40),
                ("fide-rapid-blitz-2012", 20), ("fide-rapid-blitz-2022", 20),
                ("fide-rapid-blitz-2022-10", 40)]


@pytest.mark.parametrize("name, k", NEW_PLAYER_K)
def test_new_player_k(name, k):
    assert get_edition(name).k_factor(2000, 10, False, 2020, 1980)[0] == k


# p = W / n in hundredths rounded half up (docs/interpretations.md#i1): 1/8 is
# 12.5 %, 13; 7/8 is 87.5 %, 88.
@pytest.mark.parametrize("score, games, p", [(F(1), 8, 13), (F(7), 8, 88), (F(1, 2), 4, 13)])
def test_p_rounds_half_up(score, games, p):
    assert p_percent(score, games) == p


# K x n <= 700 (fide-rb-2024 7.3.3; fide-2014 and fide-rb-2022, see caveats).
@pytest.mark.parametrize("name, capped", [("fide-standard-2012", 30), ("fide-standard-2014", 17),
                                          ("fide-rapid-blitz-2022", 17),
                                          ("fide-standard-2025", 17)])
def test_k_times_games(name, capped):
    assert get_edition(name).cap_k(30, 40)[0] == capped


# -- the choice by date ---------------------------------------------------------------
# (rate, effective date, edition from that day, edition the day before)
BOUNDARIES = [
    ("standard", date(2002, 7, 1), "fide-standard-2002", "fide-standard-2002"),
    ("standard", date(2003, 7, 1), "fide-standard-2003web", "fide-standard-2002"),
    ("standard", date(2009, 7, 1), "fide-standard-2009-fide", "fide-standard-2008-fide"),
    ("standard", date(2008, 4, 1), "fide-standard-2008-fide", "fide-standard-2003web"),
    ("standard", date(2004, 7, 1), "fide-standard-2003web", "fide-standard-2003web"),
    ("standard", date(2011, 7, 1), "fide-standard-2011", "fide-standard-2009-fide"),
    ("standard", date(2012, 7, 1), "fide-standard-2012", "fide-standard-2011"),
    ("standard", date(2014, 7, 1), "fide-standard-2014", "fide-standard-2012"),
    ("standard", date(2022, 1, 1), "fide-standard-2022", "fide-standard-2014"),
    ("standard", date(2024, 3, 1), "fide-standard-2024", "fide-standard-2022"),
    ("standard", date(2025, 10, 1), "fide-standard-2025", "fide-standard-2024"),
    ("rapid", date(2012, 1, 1), "fide-rapid-blitz-2012", "fide-rapid-blitz-2012"),
    ("blitz", date(2012, 7, 1), "fide-rapid-blitz-2012-07", "fide-rapid-blitz-2012"),
    ("rapid", date(2022, 1, 1), "fide-rapid-blitz-2022", "fide-rapid-blitz-2012-07"),
    ("blitz", date(2022, 10, 1), "fide-rapid-blitz-2022-10", "fide-rapid-blitz-2022"),
    ("rapid", date(2024, 3, 1), "fide-rapid-blitz-2024", "fide-rapid-blitz-2022-10"),
    ("blitz", date(2024, 12, 1), "fide-rapid-blitz-2024-12", "fide-rapid-blitz-2024"),
]


@pytest.mark.parametrize("rate, day, on, before", BOUNDARIES)
def test_boundary(rate, day, on, before):
    assert choose("chess", rate, day).edition.id == on
    assert choose("chess", rate, day - timedelta(days=1)).edition.id == before


def test_rapid_blitz_2024_applies_from_1_march():
    """The 2024 text says 1 January, FIDE's handbook 1 March: 1 March is
    taken (docs/editions.md)."""
    assert get_edition("fide-rapid-blitz-2024").effective == date(2024, 3, 1)
    assert choose("chess", "rapid", date(2024, 2, 29)).edition.id == "fide-rapid-blitz-2022-10"


def test_the_italian_2009_text_is_chosen_only_with_rules():
    assert get_edition("fide-standard-2009").by_date is False
    assert all(edition_for("chess", "standard", date(y, 7, 1)).id != "fide-standard-2009"
               for y in range(2009, 2027))


def test_unknown_edition():
    with pytest.raises(UnknownEdition, match="unknown edition: 'fide-1999'"):
        get_edition("fide-1999")


class _Amended(FideStandard2024):
    """Not the registry's edition, under one of its ids."""

    floor = 1001


@pytest.mark.parametrize("edition", EDITIONS, ids=[e.id for e in EDITIONS])
def test_an_edition_unpickles_as_the_registrys_own(edition):
    """Pickled (as a period's events are to the rating workers,
    sitegen.compute.period_events), an edition comes back as the registry's
    object, which the check compares by identity (CheckOptions.counted)."""
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(edition, protocol)) is edition
    assert pickle.loads(pickle.dumps(type(edition)())) is edition


def test_an_edition_not_in_the_registry_is_not_pickled():
    """Unpickled by its id, it would be rated as the registry's edition."""
    with pytest.raises(TypeError, match="not the registry's edition"):
        pickle.dumps(_Amended())


# -- no silent gap ---------------------------------------------------------------------

@pytest.mark.parametrize("rate", ["standard", "rapid", "blitz"])
def test_timeline_tiles_2002_to_today(rate):
    spans = timeline("chess", rate, TODAY)
    assert spans[0].start == TIMELINE_START and spans[-1].end == TODAY
    for before, after in pairwise(spans):
        assert after.start == before.end + timedelta(days=1)


@pytest.mark.parametrize("year", range(2002, 2027))
@pytest.mark.parametrize("rate", ["standard", "rapid"])
def test_every_year_has_an_edition_or_a_warning(year, rate):
    day = date(year, 6, 15)
    choice = choose("chess", rate, day)
    gap = next((g for g in GAPS if rate in g.rates and g.start <= day <= g.end), None)
    if gap is None:
        assert choice.edition.effective <= day and choice.gap is None
    else:
        assert choice.edition.id == gap.edition
        assert f"rules of {day.isoformat()} not established" in choice.warnings[0]
        assert gap.why in choice.warnings[0] and gap.edition in choice.warnings[0]


def test_before_2002_warns_naming_the_edition():
    choice = choose("chess", "standard", date(1999, 5, 1))
    assert choice.edition.id == "fide-standard-2002"
    assert choice.warnings[0].startswith("the event starts 1999-05-01, before the first "
                                         "edition for standard (fide-standard-2002")


def test_caveats_are_warnings():
    choice = choose("chess", "standard", date(2015, 1, 1))
    assert choice.edition.id == "fide-standard-2014" and choice.gap is None
    assert choice.warnings == tuple(f"fide-standard-2014: {c}"
                                    for c in choice.edition.caveats)


def test_check_reports_the_gap_as_a_warning():
    text = (DATA / "2025-january-rapid-600.toml").read_text().replace(
        "2025-01-11", "2016-01-11")
    result = check_text(text, "old.toml")
    assert result["edition"] == "fide-rapid-blitz-2012-07"
    warnings = [p["message"] for p in result["problems"] if p["code"] == "check.edition"]
    assert any("not established" in w and "fide-rapid-blitz-2012-07" in w for w in warnings)


def test_editions_command_lists_the_timelines():
    out = editions_table(tuple(FIDE_EDITIONS), TODAY)
    assert "chess, standard (2002-01-01 to 2026-11-23):" in out
    assert "  2025-10-01 to 2026-11-23  fide-standard-2025  standard  players rated 2650+" in out
    assert "  2024-03-01 to 2024-11-30  fide-rapid-blitz-2024  rapid/blitz" in out
    assert "2002-01-01 to 2002-06-30  fide-standard-2002  standard  not established" in out
    assert ("not chosen by date (--rules ID, or where a period above names them):\n"
            "  fide-standard-2008-fide  standard  from 2008-04-01") in out
    assert "\n  fide-standard-2009  standard  from 2009-07-01" in out
    assert ("2008-04-01 to 2009-06-30  fide-standard-2008-fide  standard  not established "
            "(FIDE's calculations") in out


# -- the rules added after 2009 ----------------------------------------------------------

def test_2650_rule_full_difference_for_the_top_player_cap_for_the_opponent():
    """fide-2025 8.3.1 (tests/data/2025-november-open-2650.toml)."""
    result = check_text((DATA / "2025-november-open-2650.toml").read_text(), "open.toml")
    assert result["edition"] == "fide-standard-2025"
    top, second = result["players"][0], result["players"][1]
    assert top["rating"] == 2813 and top["expected"] == pytest.approx(1.99)
    assert [g["difference"] for g in top["games"]] == [713, 913]
    assert "no 400-point rule (fide-2025 8.3.1)" in " ".join(top["notes"])
    assert top["change"] == pytest.approx(-4.9) and top["new_rating"] == 2808
    assert second["games"][0]["difference"] == -400       # capped against the 2813 player


def test_600_2600_rule_leaves_the_game_unrated_with_a_note():
    """fide-rb-2024dec (tests/data/2025-january-rapid-600.toml)."""
    result = check_text((DATA / "2025-january-rapid-600.toml").read_text(), "rapid.toml")
    assert result["edition"] == "fide-rapid-blitz-2024-12"
    strong, club = result["players"][0], result["players"][1]
    assert strong["rated_games"] == 1 and club["rated_games"] == 1
    for p in (strong, club):
        assert any("750 points apart with a player above 2600: not rated" in n
                   for n in p["notes"])


def test_600_2600_rule_not_before_december_2024():
    t = swiss(2650, [1900], [1.0], start=date(2024, 11, 30))
    assert rate_event(t, get_edition("fide-rapid-blitz-2024")).players[0].rated_games == 1


@pytest.mark.parametrize("ratings, rated", [((2601, 2001), 0), ((2601, 2002), 1),
                                            ((2600, 1900), 1), ((1900, 2650), 0)])
def test_600_2600_limits(ratings, rated):
    """600 or more apart, a player above (not at) 2600."""
    t = swiss(ratings[0], [ratings[1]], [0.5], start=date(2025, 1, 5))
    assert rate_event(t, get_edition("fide-rapid-blitz-2024-12")).players[0].rated_games == rated


def test_2650_rule_starts_at_2650():
    e = get_edition("fide-standard-2025")
    assert (e.difference_cap(2649), e.difference_cap(2650)) == (400, None)
    assert get_edition("fide-standard-2024").difference_cap(2800) == 400


# -- FIDE's own published figures --------------------------------------------------------
# fide-rapid-blitz-2022-10: FIDE's rating calculation of a 2022 rapid event
# (Coomera Halloween rapid), as its player quoted it on chesschat.org
# ("FIDE rating uplift change", 2022): Ro 2000, K 20, 5.5 / 7, Rc 1592, change
# -12.20; per game: opponent, score, chg, K x chg; only the 1063 game is
# "uplifted to 1600".
STEAD_2022 = [(1063, 1.0, F(8, 100), F(16, 10)), (1299, 1.0, F(1, 100), F(2, 10)),
              (1413, 1.0, F(2, 100), F(4, 10)), (1872, 0.5, F(-17, 100), F(-34, 10)),
              (1851, 0.0, F(-70, 100), F(-14)), (1427, 1.0, F(2, 100), F(4, 10)),
              (1682, 1.0, F(13, 100), F(26, 10))]


def test_fide_calculation_2022_rapid_one_upgrade():
    t = swiss(2000, [r for r, *_ in STEAD_2022], [s for _, s, *_ in STEAD_2022],
              start=date(2022, 10, 29))
    edition = choose("chess", "rapid", t.start).edition
    assert edition.id == "fide-rapid-blitz-2022-10"     # K 20: rated 2000, not new
    r = rate_event(t, edition).players[0]
    assert (r.k, r.rated_games, r.score) == (20, 7, F(11, 2))
    for g, (_, _, chg, k_chg) in zip(r.games, STEAD_2022, strict=True):
        assert (g.score - g.expected, r.k * (g.score - g.expected)) == (chg, k_chg)
    counted = [2000 - g.difference for g in r.games]
    assert counted[0] == 1600 and sum(counted) / 7 == 1592      # Rc
    assert r.change == F(-122, 10)


# fide-standard-2009-fide: FIDE's rating calculator (ratings.fide.com,
# calculator_rtd.phtml, K 25/15/10 as before July 2011), figures quoted by
# the tests of jskills (FideEloCalculatorTest, "verified against
# http://ratings.fide.com/calculator_rtd.phtml"): rating, K, opponent,
# score, rating after the game.
FIDE_CALCULATOR_2009 = [
    (1200, 25, 1500, 1.0, F(122125, 100)), (1200, 25, 1500, 0.5, F(120875, 100)),
    (1200, 25, 1500, 0.0, F(119625, 100)), (1500, 25, 1200, 0.0, F(147875, 100)),
    (1500, 25, 1200, 0.5, F(149125, 100)), (1500, 25, 1200, 1.0, F(150375, 100)),
    (1200, 15, 1200, 1.0, F(12075, 10)), (1200, 15, 1200, 0.5, F(1200)),
    (1200, 15, 1200, 0.0, F(11925, 10)),
    (2600, 10, 2500, 1.0, F(26036, 10)), (2600, 10, 2500, 0.5, F(25986, 10)),
    (2600, 10, 2500, 0.0, F(25936, 10)), (2500, 10, 2600, 0.0, F(24964, 10)),
    (2500, 10, 2600, 0.5, F(25014, 10)), (2500, 10, 2600, 1.0, F(25064, 10)),
]


@pytest.mark.parametrize("rating, k, opponent, score, after", FIDE_CALCULATOR_2009)
def test_fide_calculator_2009(rating, k, opponent, score, after):
    edition = get_edition("fide-standard-2009-fide")
    t = swiss(rating, [opponent], [score], start=date(2010, 3, 1),
              games_before=0 if k == 25 else 100)
    r = rate_event(t, edition).players[0]
    assert r.k == k
    assert rating + r.change == after


# -- the pipeline makes the same choice -----------------------------------------------

PIPELINE_SITE = """[site]
name = "Editions"
federation = "TST"
base_url = "https://editions.test.example"
start = {start}
end = {end}

[[lists]]
game = "chess"
list = "{list}"
"""

PIPELINE_PLAYERS = """id,name,federation,sex,birth,title,standard,rapid,blitz,standard_games,rapid_games,blitz_games,reached
1,"Top, T",TST,m,1990-01-01,GM,2700,2700,,100,100,,yes
2,"Club, C",TST,m,1990-01-01,,2100,2100,,100,100,
3,"Club, D",TST,m,1990-01-01,,2050,2050,,100,100,
"""


def _pipeline(tmp_path, list_name, start, end, events):
    from sitegen.compute.pipeline import compute
    from sitegen.content.folder import load_content
    from tests.site_fixture import round_robin_toml
    (tmp_path / "players").mkdir()
    (tmp_path / "events" / "chess").mkdir(parents=True)
    (tmp_path / "site.toml").write_text(
        PIPELINE_SITE.format(start=start, end=end, list=list_name), encoding="utf-8")
    (tmp_path / "players" / "chess.csv").write_text(PIPELINE_PLAYERS, encoding="utf-8")
    for slug, day, control in events:
        (tmp_path / "events" / "chess" / f"{slug}.toml").write_text(
            round_robin_toml(slug, day, day, ["1", "2", "3"], time_control=control),
            encoding="utf-8")
    return {e.slug: e for e in compute(load_content(tmp_path)).events}


def test_pipeline_rates_each_event_with_the_edition_of_its_date(tmp_path):
    reports = _pipeline(tmp_path, "standard", "2025-09-01", "2025-11-30",
                        [("september", "2025-09-20", "90+30"),
                         ("october", "2025-10-04", "90+30")])
    assert reports["september"].edition == "fide-standard-2024"
    assert reports["october"].edition == "fide-standard-2025"
    top = reports["october"].result["players"][0]
    assert "no 400-point rule (fide-2025 8.3.1)" in " ".join(top["notes"])


def test_pipeline_keeps_the_edition_warnings(tmp_path):
    reports = _pipeline(tmp_path, "rapid", "2016-01-01", "2016-03-31",
                        [("rapid", "2016-02-06", "15+10")])
    report = reports["rapid"]
    assert report.edition == "fide-rapid-blitz-2012-07"
    assert any(p["code"] == "check.edition" and "not established" in p["message"]
               for p in report.result["problems"])


# -- invariants: an amendment changes only what it says -------------------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

OPPONENTS = st.lists(st.integers(1000, 2900), min_size=1, max_size=9)
SCORES_ = st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=9, max_size=9)


def _figures(edition_id, rating, opponents, scores, start):
    t = swiss(rating, opponents, scores[:len(opponents)], start=start)
    return [(p.k, p.change, p.new_rating, p.rated_games)
            for p in rate_event(t, get_edition(edition_id)).players]


@settings(max_examples=60, deadline=None)
@given(st.integers(1400, 2649), OPPONENTS, SCORES_)
def test_2025_changes_nothing_below_2650(rating, opponents, scores):
    """fide-2025 8.3.1 only lifts the cap of players rated 2650 and above."""
    if max(opponents) >= 2650:
        opponents = [min(r, 2649) for r in opponents]
    assert (_figures("fide-standard-2025", rating, opponents, scores, date(2025, 10, 1))
            == _figures("fide-standard-2024", rating, opponents, scores, date(2025, 10, 1)))


@settings(max_examples=60, deadline=None)
@given(st.integers(1400, 2900), OPPONENTS, SCORES_)
def test_600_2600_changes_nothing_else(rating, opponents, scores):
    """fide-rb-2024dec only removes games 600+ apart with a player above 2600."""
    kept = [r for r in opponents if not (abs(rating - r) >= 600 and max(rating, r) > 2600)]
    if kept != opponents:
        return
    assert (_figures("fide-rapid-blitz-2024-12", rating, opponents, scores, date(2025, 1, 1))
            == _figures("fide-rapid-blitz-2024", rating, opponents, scores, date(2025, 1, 1)))


@settings(max_examples=60, deadline=None)
@given(st.integers(1400, 2900), OPPONENTS, SCORES_)
def test_one_upgrade_never_gives_more_than_every_upgrade(rating, opponents, scores):
    """fide-2022 8.3.1: capping fewer games lowers every P_D the cap raised
    for the weaker side's opponent: the stronger player's expected score is
    at least the one with every game capped."""
    once = _rated_one("fide-standard-2022", rating, opponents, scores)
    every = _rated_one("fide-standard-2014", rating, opponents, scores)
    if all(r <= rating for r in opponents):
        assert once.expected >= every.expected
    assert sum(1 for g in once.games if abs(g.difference) == 400
               and abs(rating - g.opponent_rating) > 400) <= 1


def _rated_one(edition_id, rating, opponents, scores):
    t = swiss(rating, opponents, scores[:len(opponents)], start=date(2022, 6, 1))
    return rate_event(t, get_edition(edition_id)).players[0]


# -- FIDE's calculations of 2008-2010 ---------------------------------------------------
# FIDE's own calculations (ratings.fide.com individual_calculations.phtml and
# tournament_report.phtml), the figures quoted by the tests of the Perl module
# Games-Ratings (t/100-109, 111, 112.Elo.t): rating, K, opponents, results
# (player's), expected score We and rating change as FIDE printed them.
W, D, L = 1.0, 0.5, 0.0
FIDE_CALCULATIONS = {
    # fide-standard-2008-fide: the rating periods of July 2008 to July 2009
    "id 4625200, period 2008-07-01": (
        "fide-standard-2008-fide", date(2008, 4, 1), 2240, 15,
        [2242, 2360, 2289, 2251, 2303, 2152, 2313, 2309, 2110], [D, D, D, L, L, D, D, D, L],
        F(426, 100), F(-189, 10)),
    "id 4625200, period 2008-10-01": (
        "fide-standard-2008-fide", date(2008, 7, 1), 2221, 15,
        [1871, 2015, 2122, 2552, 2155, 2123, 2316, 2151], [D, W, W, L, D, W, D, W],
        F(46, 10), F(135, 10)),
    "id 4625200, period 2009-07-01": (
        "fide-standard-2008-fide", date(2009, 4, 1), 2235, 15,
        [2120, 2121, 2118, 2026, 2328, 2231, 2197, 2190], [D, D, W, L, L, W, L, W],
        F(474, 100), F(-111, 10)),
    "event 44463, Shirov": (
        "fide-standard-2008-fide", date(2009, 6, 1), 2745, 10,
        [2676, 2700, 2677, 2730, 2690, 2702, 2684, 2682, 2660], [L, L, L, L, D, D, L, D, D],
        F(52, 10), F(-32)),
    "event 44463, Bologan": (
        "fide-standard-2008-fide", date(2009, 6, 1), 2690, 10,
        [2730, 2682, 2702, 2684, 2745, 2660, 2676, 2700, 2677], [L, W, D, D, D, L, D, W, D],
        F(443, 100), F(7, 10)),
    # fide-standard-2009-fide: event 42427 (January 2010) and the May 2010 period
    "id 1503014, period 2010-03-01 (Carlsen)": (
        "fide-standard-2009-fide", date(2010, 1, 16), 2810, 10,
        [2662, 2657, 2641, 2696, 2708, 2790, 2749, 2723, 2788, 2720, 2712, 2739, 2675],
        [D, W, W, D, D, D, W, D, L, W, W, D, D], F(821, 100), F(29, 10)),
    "event 42427, Kramnik": (
        "fide-standard-2009-fide", date(2010, 1, 16), 2788, 10,
        [2662, 2657, 2641, 2696, 2708, 2810, 2749, 2723, 2790, 2720, 2712, 2739, 2675],
        [D, W, W, D, W, W, D, D, L, D, D, D, D], F(781, 100), F(19, 10)),
    "event 42427, Shirov": (
        "fide-standard-2009-fide", date(2010, 1, 16), 2723, 10,
        [2662, 2657, 2641, 2696, 2708, 2810, 2749, 2790, 2788, 2720, 2712, 2739, 2675],
        [W, W, W, D, L, D, D, L, D, D, D, W, W], F(657, 100), F(143, 10)),
    "event 42427, Anand": (
        "fide-standard-2009-fide", date(2010, 1, 16), 2790, 10,
        [2720, 2696, 2712, 2708, 2739, 2810, 2675, 2749, 2662, 2723, 2657, 2788, 2641],
        [D, D, D, D, D, D, D, D, D, W, D, W, D], F(785, 100), F(-35, 10)),
    "event 42427, Nakamura": (
        "fide-standard-2009-fide", date(2010, 1, 16), 2708, 10,
        [2657, 2641, 2696, 2790, 2810, 2749, 2723, 2788, 2720, 2712, 2739, 2675, 2662],
        [D, W, W, D, D, D, W, L, L, D, D, D, W], F(628, 100), F(122, 10)),
    "id 4625200, period 2010-05-01": (
        "fide-standard-2009-fide", date(2010, 3, 1), 2224, 15,
        [2319, 2181, 2246, 2261, 2312, 2297, 2144], [L, W, W, D, L, L, W],
        F(324, 100), F(39, 10)),
}


@pytest.mark.parametrize("case", FIDE_CALCULATIONS)
def test_fide_calculations_2008_2010(case):
    name, start, rating, k, opponents, scores, expected, change = FIDE_CALCULATIONS[case]
    choice = choose("chess", "standard", start)
    assert choice.edition.id == name
    games = 0 if k == 25 else 100
    t = swiss(rating, opponents, scores, start=start, games_before=games,
              reached_2400=rating >= 2400)
    r = rate_event(t, choice.edition).players[0]
    assert (r.k, r.expected, r.change) == (k, expected, change)


def test_2003web_would_not_give_fides_2008_figures():
    """fide-2003web 10.61-10.64 (per tournament, D = R - Rc): We 4.23, not
    the 4.26 FIDE printed for the July 2008 period; the gap says so."""
    _, start, rating, _, opponents, scores, expected, _ = \
        FIDE_CALCULATIONS["id 4625200, period 2008-07-01"]
    t = swiss(rating, opponents, scores, start=start, games_before=100)
    r = rate_event(t, get_edition("fide-standard-2003web")).players[0]
    assert (r.expected, expected) == (F(423, 100), F(426, 100))
    assert "game by game" in choose("chess", "standard", start).warnings[0]


# fide-2022 1.1 (FIDE news, January 2022: "3-hour games (90+90) will be
# accepted provided that both players are rated below 2400, an increase from
# 2200"): per game, 120 minutes from 2400, 90 from 1800.
@pytest.mark.parametrize("name, ratings, minutes", [
    ("fide-standard-2014", [2300, 1500], 120), ("fide-standard-2022", [2300, 1500], 90),
    ("fide-standard-2022", [2400, 1500], 120), ("fide-standard-2022", [1799, 1500], 60)])
def test_minimum_time(name, ratings, minutes):
    assert get_edition(name).minimum_minutes(ratings) == minutes


# -- the done-when lines, through the command line ----------------------------------------

def test_sitegen_check_2650_and_600_rules(capsys):
    from sitegen.cli import main
    assert main(["check", str(DATA / "2025-november-open-2650.toml")]) == 0
    out = capsys.readouterr().out
    assert "edition fide-standard-2025" in out
    assert "1: rated 2813: the full rating difference counts, no 400-point rule" in out
    assert main(["check", str(DATA / "2025-january-rapid-600.toml")]) == 0
    out = capsys.readouterr().out
    assert "edition fide-rapid-blitz-2024-12" in out
    assert "2: round 1: 1900 against 2650, 750 points apart with a player above 2600: " \
           "not rated" in out


def test_sitegen_editions_tiles_to_today(capsys):
    from sitegen.cli import main
    assert main(["editions"]) == 0
    out = capsys.readouterr().out
    assert "chess, standard (2002-01-01 to " in out
    assert f"to {date.today().isoformat()}  fide-standard-2025" in out
