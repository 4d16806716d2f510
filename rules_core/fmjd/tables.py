"""Tables of FMJD Annex 9 (FMJD rating system and its application rules, 2024).

fmjd Annex 9 §2.3, table IX-1: conversion table from the result in
percentage P to the rating difference D(P).  The print writes P as a fraction
with a decimal comma (``0,64``); here P is the whole percentage (``64``).
Each line below is one printed line, its four column pairs in printed order,
so the literal can be read side by side with the regulation.

Table IX-2 (§2.4.2, printed at the end of the annex) is not retyped: it is
computed from IX-1 by `rules_core.fmjd.rating.expected_percentage`, as the
§2.4.2 example says it was made.

fmjd Annex 9 §1.2.2: time controls and the share of the development factor.
fmjd Annex 9 §1.5: formulas from a national rating to an estimated FMJD rating.
"""

from __future__ import annotations

from types import MappingProxyType

__all__ = ["IX_1_PRINTED", "IX_1", "IX_1_MISPRINTS", "STANDARD_K_PERCENT",
           "RAPID_BLITZ_K_PERCENT", "STANDARD_MINIMUM_MINUTES",
           "NATIONAL_RATING_FORMULAS"]

# fmjd Annex 9 §2.3, table IX-1, exactly as printed: P (%) -> D(P).
IX_1_PRINTED = MappingProxyType({
    100: 935.00, 75: 192.71, 50: 0.00, 25: -192.71,
    99: 664.74, 74: 183.80, 49: -7.14, 24: -201.82,
    98: 586.85, 73: 175.05, 48: -14.34, 23: -211.82,
    97: 537.54, 72: 166.54, 47: -21.48, 22: -220.57,
    96: 500.31, 71: 158.11, 46: -28.71, 21: -230.42,
    95: 470.00, 70: 149.82, 45: -35.38, 20: -240.48,
    94: 444.00, 69: 141.65, 44: -43.14, 19: -250.80,
    93: 421.62, 68: 133.62, 43: -50.40, 18: -261.51,
    92: 401.51, 67: 125.71, 42: -57.62, 17: -272.62,
    91: 383.02, 66: 117.82, 41: -64.97, 16: -284.14,
    90: 366.17, 65: 110.11, 40: -72.37, 15: -296.14,
    89: 350.37, 64: 102.40, 39: -79.77, 14: -308.68,
    88: 335.71, 63: 94.80, 38: -87.28, 13: -321.80,
    87: 321.80, 62: 87.28, 37: -94.80, 12: -335.71,
    86: 308.68, 61: 79.77, 36: -102.40, 11: -350.37,
    85: 296.14, 60: 72.37, 35: -110.11, 10: -366.17,
    84: 284.14, 59: 64.97, 34: -117.82, 9: -383.02,
    83: 272.62, 58: 57.62, 33: -125.71, 8: -401.51,
    82: 261.51, 57: 50.40, 32: -133.62, 7: -421.62,
    81: 250.80, 56: 43.14, 31: -141.65, 6: -444.00,
    80: 240.48, 55: 35.38, 30: -149.82, 5: -470.00,
    79: 230.42, 54: 28.71, 29: -158.11, 4: -500.31,
    78: 220.57, 53: 21.48, 28: -166.54, 3: -537.54,
    77: 211.05, 52: 14.34, 27: -175.05, 2: -586.85,
    76: 201.82, 51: 7.14, 26: -183.80, 1: -664.74,
    0: -935.00,
})

# docs/interpretations.md#i10: -211.82 at P = 23 % is a misprint for -211.05,
# the mirror of D(77) and the value table IX-2 is built on.
IX_1_MISPRINTS = MappingProxyType({23: (-211.82, -211.05)})

# Table IX-1 as used for computing: the printed table, misprints corrected.
IX_1 = MappingProxyType({
    **IX_1_PRINTED,
    **{p: used for p, (_printed, used) in IX_1_MISPRINTS.items()},
})

# fmjd Annex 9 §1.2.2.1 (2019): minutes per player for the first 60 moves
# -> percentage of the development factor K, for the standard list.  Checked
# in this order; the first minimum reached applies.
STANDARD_K_PERCENT = ((120, 100), (90, 60), (60, 40), (30, 20))
STANDARD_MINIMUM_MINUTES = 30

# fmjd Annex 9 §1.2.2.2: below 30 minutes the game goes to the rapid-blitz
# list; (maximum minutes per player, percentage of K).  Above 15 and below 30
# minutes: 50 %.
RAPID_BLITZ_K_PERCENT = ((15, 100), (STANDARD_MINIMUM_MINUTES, 50))

# fmjd Annex 9 §1.5, valid from August 2019: FMJD = a * national + b,
# only to estimate the strength of a player without FMJD rating for seeding.
NATIONAL_RATING_FORMULAS = MappingProxyType({
    "belgium": (0.7443, 460.221),
    "netherlands": (0.5906, 1385.095),
    "poland": (0.4490, 1016.326),
    "fmjd-blitz": (1.1693, -347.58),
})
