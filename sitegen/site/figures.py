"""How figures are written on the pages: dates, signed changes, points.

The template filters (`sitegen.site.render.make_environment` registers them) and
the page views share these, so a figure reads the same everywhere.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

__all__ = ["MONTHS", "isodate", "month", "year_month", "fixed", "signed", "points",
           "tiebreak"]

MONTHS = ("January", "February", "March", "April", "May", "June", "July",
          "August", "September", "October", "November", "December")


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
