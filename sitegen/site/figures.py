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


def N_(message: str) -> str:
    """Marks a label for the message catalogue (as sitegen.i18n.N_, which the
    browser, having no Babel, cannot import); pages translate it where shown."""
    return message


# A tie-break's name in column headers, by the check contract's key
# (docs/check-contract.md#tiebreak-keys): the event pages and the browser's
# /check/ table both read it here.
TIEBREAK_LABELS = {
    "solkoff": N_("Solkoff"), "solkoff_median": N_("Median Solkoff"),
    "short_truncated_solkoff": N_("Short truncated Solkoff"),
    "full_truncated_solkoff": N_("Full truncated Solkoff"), "solkoff_plus": N_("Solkoff plus"),
    "solkoff_baliakin": N_("Baliakin Solkoff"), "sonneborn_berger": N_("Sonneborn-Berger"),
    "average_opponent_rating": N_("Average opponent rating"), "performance": N_("Performance"),
    "wins": N_("Wins"), "result_between_tied": N_("Result between the tied"),
    "results_in_order": N_("Results in order"),
    # chess: the keys of rules_core/fide/tiebreaks.py (FIDE C.07 (2023))
    "buchholz": N_("Buchholz"), "buchholz_cut1": N_("Buchholz Cut-1"),
    "buchholz_cut2": N_("Buchholz Cut-2"), "buchholz_median1": N_("Buchholz Median-1"),
    "buchholz_median2": N_("Buchholz Median-2"),
    "sonneborn_berger_cut1": N_("Sonneborn-Berger Cut-1"),
    "direct_encounter": N_("Direct encounter"), "games_won": N_("Games won"),
    "black_games": N_("Games with Black"), "black_wins": N_("Wins with Black"),
    "games_elected": N_("Games elected"), "aro": N_("ARO"), "aro_cut1": N_("ARO Cut-1"),
    "aro_cut2": N_("ARO Cut-2"), "tpr": N_("TPR"), "apro": N_("APRO"), "ptp": N_("PTP"),
    "appo": N_("APPO"), "progressive": N_("Progressive"), "fore_buchholz": N_("Fore Buchholz"),
    "progressive_cut1": N_("Progressive Cut-1"), "koya": N_("Koya"),
    "average_opponents_buchholz": N_("Average opponents' Buchholz"),
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
