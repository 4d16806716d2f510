"""FIDE conversion tables, as printed.

fide-2002 10.1(a) and 10.1(b); the same figures are printed in the 2003 web
edition (10.1), fide-2009 8.1(a)/(b) and rapid & blitz 2024 7.1.1/7.1.2.
The editions differ only at p = 1.0 and p = 0.0: 2002 and 2003 leave dp
indeterminate ("For a zero or 100% score dp is necessarily indeterminate"),
2009 and 2024 print it "notionally as 800".

fide-2002 14.2: "Tables 10.1a/b are used precisely as shown, no extrapolations
are made to establish a third significant figure."  The tables are kept here
as printed; nothing is computed from the logistic curve of 14.1.
"""

from __future__ import annotations

__all__ = ["DP_BY_PERCENT", "PD_BANDS", "NOTIONAL_DP"]

# fide-2002 10.1(a): percentage score p (in hundredths) -> rating difference dp.
# 100 and 0 are absent: indeterminate in 2002/2003 (see NOTIONAL_DP).
DP_BY_PERCENT: dict[int, int] = {
    99: 677, 98: 589, 97: 538, 96: 501, 95: 470, 94: 444, 93: 422, 92: 401,
    91: 383, 90: 366, 89: 351, 88: 336, 87: 322, 86: 309, 85: 296, 84: 284,
    83: 273, 82: 262, 81: 251, 80: 240, 79: 230, 78: 220, 77: 211, 76: 202,
    75: 193, 74: 184, 73: 175, 72: 166, 71: 158, 70: 149, 69: 141, 68: 133,
    67: 125, 66: 117, 65: 110, 64: 102, 63: 95, 62: 87, 61: 80, 60: 72,
    59: 65, 58: 57, 57: 50, 56: 43, 55: 36, 54: 29, 53: 21, 52: 14, 51: 7,
    50: 0, 49: -7, 48: -14, 47: -21, 46: -29, 45: -36, 44: -43, 43: -50,
    42: -57, 41: -65, 40: -72, 39: -80, 38: -87, 37: -95, 36: -102,
    35: -110, 34: -117, 33: -125, 32: -133, 31: -141, 30: -149, 29: -158,
    28: -166, 27: -175, 26: -184, 25: -193, 24: -202, 23: -211, 22: -220,
    21: -230, 20: -240, 19: -251, 18: -262, 17: -273, 16: -284, 15: -296,
    14: -309, 13: -322, 12: -336, 11: -351, 10: -366, 9: -383, 8: -401,
    7: -422, 6: -444, 5: -470, 4: -501, 3: -538, 2: -589, 1: -677,
}

# fide-2009 8.1(a), rapid & blitz 2024 7.1.1: "For a zero or 1.0 score dp is
# necessarily indeterminate but is shown notionally as 800."
NOTIONAL_DP: dict[int, int] = {100: 800, 0: -800}

# fide-2002 10.1(b): (lowest D, highest D, P_D for the higher rated H) for
# each printed band; L = 1 - H.  The last band is printed "over 735" (2002,
# 2003) or "> 735" (2009, 2024), that is 736 and above.
PD_BANDS: tuple[tuple[int, int | None, int], ...] = (
    (0, 3, 50), (4, 10, 51), (11, 17, 52), (18, 25, 53), (26, 32, 54),
    (33, 39, 55), (40, 46, 56), (47, 53, 57), (54, 61, 58), (62, 68, 59),
    (69, 76, 60), (77, 83, 61), (84, 91, 62), (92, 98, 63), (99, 106, 64),
    (107, 113, 65), (114, 121, 66), (122, 129, 67), (130, 137, 68),
    (138, 145, 69), (146, 153, 70), (154, 162, 71), (163, 170, 72),
    (171, 179, 73), (180, 188, 74), (189, 197, 75), (198, 206, 76),
    (207, 215, 77), (216, 225, 78), (226, 235, 79), (236, 245, 80),
    (246, 256, 81), (257, 267, 82), (268, 278, 83), (279, 290, 84),
    (291, 302, 85), (303, 315, 86), (316, 328, 87), (329, 344, 88),
    (345, 357, 89), (358, 374, 90), (375, 391, 91), (392, 411, 92),
    (412, 432, 93), (433, 456, 94), (457, 484, 95), (485, 517, 96),
    (518, 559, 97), (560, 619, 98), (620, 735, 99), (736, None, 100),
)
