"""rules_core/fide/tiebreak_tables.py, row by row."""

from __future__ import annotations

import pytest

from rules_core.fide import tiebreak_tables as tables

# FIDE C.07 (2023) 5-10: code, key, article.
ROWS = [("DE", "direct_encounter", "6"), ("WIN", "wins", "7.1"), ("WON", "games_won", "7.2"),
        ("BPG", "black_games", "7.3"), ("BWG", "black_wins", "7.4"),
        ("PS", "progressive", "7.5"), ("GE", "games_elected", "7.6"),
        ("BH", "buchholz", "8.1"), ("AOB", "average_opponents_buchholz", "8.2"),
        ("FB", "fore_buchholz", "8.3"),
        ("SB", "sonneborn_berger", "9.1"), ("KS", "koya", "9.2"), ("ARO", "aro", "10.1"),
        ("TPR", "tpr", "10.2"), ("PTP", "ptp", "10.3"), ("APRO", "apro", "10.4"),
        ("APPO", "appo", "10.5")]


@pytest.mark.parametrize("code, key, article", ROWS)
def test_codes_keys_and_articles(code, key, article):
    assert (tables.CODES[code], tables.ARTICLES[code]) == (key, article)


def test_no_other_code():
    assert set(tables.CODES) == set(tables.ARTICLES) == {row[0] for row in ROWS}


def test_modifiers_and_round_codes():
    assert tables.CUTTABLE == ("BH", "FB", "SB", "ARO", "PS")
    assert tables.MEDIAN == ("BH", "FB")
    assert tables.PLAYED == frozenset("1=0WDL") and tables.REQUESTED_BYES == frozenset("HFZ")


# FIDE C.02 (2017) 13.16.2 and 13.16.5
def test_default_orders():
    assert tables.DEFAULT_ORDERS == {"round-robin": "DE,WIN,SB,KS",
                                     "swiss": "BH/C1,BH,SB,PS,DE,WIN,BWG"}
