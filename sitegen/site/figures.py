"""How figures are written on the pages: dates, signed changes, points.

The template filters (`sitegen.site.render.make_environment` registers them) and
the page views share these, so a figure reads the same everywhere.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

__all__ = ["MONTHS", "isodate", "month", "year_month", "fixed", "signed", "points",
           "tiebreak", "TIEBREAK_LABELS"]

MONTHS = ("January", "February", "March", "April", "May", "June", "July",
          "August", "September", "October", "November", "December")


# A tie-break's name in column headers, by the check contract's key
# (docs/check-contract.md#tiebreak-keys): the event pages and the browser's
# /check/ table both read it here.
TIEBREAK_LABELS = {
    "solkoff": "Solkoff", "solkoff_median": "Median Solkoff",
    "short_truncated_solkoff": "Short truncated Solkoff",
    "full_truncated_solkoff": "Full truncated Solkoff", "solkoff_plus": "Solkoff plus",
    "solkoff_baliakin": "Baliakin Solkoff", "sonneborn_berger": "Sonneborn-Berger",
    "average_opponent_rating": "Average opponent rating", "performance": "Performance",
    "wins": "Wins", "result_between_tied": "Result between the tied",
    "results_in_order": "Results in order",
    # chess: the keys of rules_core/fide/tiebreaks.py (FIDE C.07 (2023))
    "buchholz": "Buchholz", "buchholz_cut1": "Buchholz Cut-1",
    "buchholz_cut2": "Buchholz Cut-2", "buchholz_median1": "Buchholz Median-1",
    "buchholz_median2": "Buchholz Median-2",
    "sonneborn_berger_cut1": "Sonneborn-Berger Cut-1", "direct_encounter": "Direct encounter",
    "games_won": "Games won", "black_games": "Games with Black", "black_wins": "Wins with Black",
    "games_elected": "Games elected", "aro": "ARO", "aro_cut1": "ARO Cut-1",
    "aro_cut2": "ARO Cut-2", "tpr": "TPR", "apro": "APRO", "ptp": "PTP", "appo": "APPO",
    "progressive": "Progressive", "fore_buchholz": "Fore Buchholz",
    "progressive_cut1": "Progressive Cut-1", "koya": "Koya",
    "average_opponents_buchholz": "Average opponents' Buchholz",
}


def isodate(value: date | None) -> str:
    return value.isoformat() if value else ""


def month(value: date | None) -> str:
    """'April 2025', the same in every locale."""
    return f"{MONTHS[value.month - 1]} {value.year}" if value else ""


def year_month(value: date | None) -> str:
    return value.strftime("%Y-%m") if value else ""


def fixed(value, decimals: int = 2) -> str:
    """A number with a fixed number of decimals; '' for none."""
    if value is None or value == "":
        return ""
    return f"{float(value):.{decimals}f}"


def signed(value, decimals: int = 0) -> str:
    """A change with its sign: '+12', '-3', '0'; '' for none."""
    if value is None or value == "":
        return ""
    text = f"{float(value):.{decimals}f}"
    if text.lstrip("-").strip("0.") == "":
        return text.lstrip("-")
    return text if text.startswith("-") else "+" + text


def points(value) -> str:
    """Points as written: 5, 4.5, 12.25; '' for none."""
    if value is None or value == "":
        return ""
    if isinstance(value, Fraction):
        value = float(value)
    if isinstance(value, float):
        value = round(value, 2)
        return str(int(value)) if value.is_integer() else f"{value:g}"
    return str(value)


def tiebreak(value) -> str:
    """A tie-break value; a list (truncated Solkoffs) as its items."""
    if isinstance(value, (list, tuple)):
        return " ".join(points(v) for v in value)
    return points(value)
