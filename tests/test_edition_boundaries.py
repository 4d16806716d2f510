"""rules_core.fide.editions: every K rule and cap exactly at its threshold.

The mutation run of README "Mutation testing" (mutmut over
rules_core/numbers.py and rules_core/fide/editions.py, tests/test_numbers.py
and tests/test_editions.py as the runner) left these alive: `>=` turned
into `>` at 2400, `<` into `<=` at 30 games and at 2300, the junior year
moved by one, a note on K x n exactly 700, the notional dp of 0 and 100 %
switched off.  Each changes a published rating; each row below sits on
the threshold its article names.
"""

from __future__ import annotations

import pytest

from rules_core.editions import get_edition
from rules_core.fide.tables import NOTIONAL_DP

# (edition, rating, games before, reached 2400, event year, birth year, K, source)
K_AT_THRESHOLDS = [
    # fide-2002 10.54a: K 25 until 30 games, 15 under 2400, 10 from 2400
    ("fide-standard-2002", 2000, 29, False, 2003, 1980, 25, "fide-2002 10.54a"),
    ("fide-standard-2002", 2000, 30, False, 2003, 1980, 15, "fide-2002 10.54a"),
    ("fide-standard-2002", 2399, 100, False, 2003, 1980, 15, "fide-2002 10.54a"),
    ("fide-standard-2002", 2400, 100, False, 2003, 1980, 10, "fide-2002 10.54a"),
    # fide-2014 8.56: 40 until 30 games, 20 under 2400, 10 from 2400, 40 for
    # juniors under 2300 until the 18th birthday (the years before it)
    ("fide-standard-2014", 2000, 29, False, 2015, 1980, 40, "fide-2014 8.56"),
    ("fide-standard-2014", 2000, 30, False, 2015, 1980, 20, "fide-2014 8.56"),
    ("fide-standard-2014", 2400, 100, False, 2015, 1980, 10, "fide-2014 8.56"),
    ("fide-standard-2014", 2399, 100, False, 2015, 1980, 20, "fide-2014 8.56"),
    ("fide-standard-2014", 2299, 100, False, 2015, 1998, 40, "fide-2014 8.56"),
    ("fide-standard-2014", 2300, 100, False, 2015, 1998, 20, "fide-2014 8.56"),
    ("fide-standard-2014", 2000, 100, False, 2015, 1998, 40, "fide-2014 8.56"),
    ("fide-standard-2014", 2000, 100, False, 2015, 1997, 20, "fide-2014 8.56"),  # 18 in 2015
    # fide-rb-2024 7.3.3: the same thresholds; juniors until the end of the
    # year of the 18th birthday
    ("fide-rapid-blitz-2024", 2000, 29, False, 2024, 1980, 40, "fide-rb-2024 7.3.3"),
    ("fide-rapid-blitz-2024", 2000, 30, False, 2024, 1980, 20, "fide-rb-2024 7.3.3"),
    ("fide-rapid-blitz-2024", 2400, 100, False, 2024, 1980, 10, "fide-rb-2024 7.3.3"),
    ("fide-rapid-blitz-2024", 2299, 100, False, 2024, 2010, 40, "fide-rb-2024 7.3.3"),
    ("fide-rapid-blitz-2024", 2300, 100, False, 2024, 2010, 20, "fide-rb-2024 7.3.3"),
    ("fide-rapid-blitz-2024", 2000, 100, False, 2024, 2006, 40, "fide-rb-2024 7.3.3"),
    ("fide-rapid-blitz-2024", 2000, 100, False, 2024, 2005, 20, "fide-rb-2024 7.3.3"),  # 19
]


@pytest.mark.parametrize("name, rating, games, reached, year, birth, k, source",
                         K_AT_THRESHOLDS)
def test_k_at_its_thresholds(name, rating, games, reached, year, birth, k, source):
    assert get_edition(name).k_factor(rating, games, reached, year, birth)[0] == k, source


# (edition, K, games, K after the cap, noted) -- fide-rb-2024 7.3.3: "if n x
# K exceeds 700, K is the largest whole number such that K x n does not
# exceed 700"; the 2014 edition takes the same rule (its caveat).
K_TIMES_N = [
    ("fide-rapid-blitz-2024", 35, 20, 35, False),    # exactly 700: kept, no note
    ("fide-rapid-blitz-2024", 20, 35, 20, False),
    ("fide-rapid-blitz-2024", 40, 18, 38, True),     # 720
    ("fide-standard-2014", 35, 20, 35, False),
    ("fide-standard-2014", 40, 18, 38, True),
]


@pytest.mark.parametrize("name, k, games, capped, noted", K_TIMES_N)
def test_k_times_games_at_700(name, k, games, capped, noted):
    value, notes = get_edition(name).cap_k(k, games)
    assert (value, bool(notes)) == (capped, noted)
    if noted:
        assert notes == [f"K {k} x {games} games exceeds 700: K {capped} "
                         f"({get_edition(name).cite('k')})"]


def test_unknown_games_before_are_noted_and_taken_as_30():
    """fide-2002 10.54a: the assumption is printed (docs/interpretations.md)."""
    k, notes = get_edition("fide-standard-2002").k_factor(2000, None, False, 2003, 1980)
    assert k == 15
    assert notes == ["rated games before this event not given: assumed at least 30 "
                     "(fide-2002 10.54)"]


@pytest.mark.parametrize("name, percent, dp", [
    ("fide-standard-2002", 100, None), ("fide-standard-2002", 0, None),   # 10.1: none printed
    ("fide-standard-2009", 100, NOTIONAL_DP[100]), ("fide-standard-2009", 0, NOTIONAL_DP[0]),
])
def test_dp_at_0_and_100_percent(name, percent, dp):
    """fide-2009 8.1: a notional dp at 0 and 100 %; fide-2002 10.1 gives none."""
    assert get_edition(name).dp(percent) == dp


@pytest.mark.parametrize("name, k, source", [("fide-standard-2014", 20, "fide-2014 8.56"),
                                              ("fide-rapid-blitz-2024", 20, "fide-rb-2024 7.3.3")])
def test_unknown_games_before_in_2014_and_2024(name, k, source):
    """The same assumption, printed the same way, in the later editions."""
    assert get_edition(name).k_factor(2000, None, False, 2024, 1980) == (
        k, [f"rated games before this event not given: assumed at least 30 ({source})"])
