"""Tables of the FIDE tie-breaks, as data (rules_core/fide/tiebreaks.py).

FIDE C.07 (2023): the FIDE Tie-Break Regulations, handbook C.07, applied
from 1 September 2023 (https://handbook.fide.com/chapter/TieBreakRegulations2023).
FIDE C.02 (2017) 13.16: the recommended orders of the handbook chapter that
C.07 replaced (docs/tiebreaks.md says why those are the defaults).
"""

from __future__ import annotations

__all__ = ["CODES", "ARTICLES", "CUTTABLE", "MEDIAN", "PLAYED",
           "REQUESTED_BYES", "DEFAULT_ORDERS", "ROUND_ROBIN_SYSTEMS"]

# FIDE C.07 (2023) 5: the regulation's codes -> the check contract's keys.
CODES: dict[str, str] = {
    "BH": "buchholz", "SB": "sonneborn_berger", "DE": "direct_encounter",
    "WIN": "wins", "WON": "games_won", "BPG": "black_games",
    "BWG": "black_wins", "GE": "games_elected", "ARO": "aro", "TPR": "tpr",
    "APRO": "apro", "PS": "progressive", "KS": "koya",
    "AOB": "average_opponents_buchholz", "PTP": "ptp", "APPO": "appo",
    "FB": "fore_buchholz",
}

# The article of C.07 (2023) that defines each code.
ARTICLES: dict[str, str] = {
    "DE": "6", "WIN": "7.1", "WON": "7.2", "BPG": "7.3", "BWG": "7.4",
    "PS": "7.5", "GE": "7.6", "BH": "8.1", "AOB": "8.2", "FB": "8.3", "SB": "9.1",
    "KS": "9.2", "ARO": "10.1", "TPR": "10.2", "PTP": "10.3", "APRO": "10.4",
    "APPO": "10.5",
}

# FIDE C.07 (2023) 14.1 Cut-n and 14.2 Median-n: the codes they apply to here.
CUTTABLE = ("BH", "FB", "SB", "ARO", "PS")
MEDIAN = ("BH", "FB")

# FIDE C.07 (2023) 16.1: rounds played over the board; the codes of the TRF
# (FIDE C.04 Annex 2): W D L are played games reported as not rated.
PLAYED = frozenset("1=0WDL")
# FIDE C.07 (2023) 16.1.2: the requested byes among the voluntarily unplayed
# rounds: half point H, full point F, zero point Z (also the rounds after a
# withdrawal, written Z, blank or 0000 -); the forfeit loss (-) is the other.
REQUESTED_BYES = frozenset("HFZ")

ROUND_ROBIN_SYSTEMS = ("round-robin", "double-round-robin", "match")

# FIDE C.02 (2017) 13.16.2 (individual round robins) and 13.16.5 (Swiss
# events): the orders applied when the event gives none.
DEFAULT_ORDERS: dict[str, str] = {
    "round-robin": "DE,WIN,SB,KS",
    "swiss": "BH/C1,BH,SB,PS,DE,WIN,BWG",
}
