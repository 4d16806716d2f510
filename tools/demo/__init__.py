"""The pieces of the demo content generator (tools/make_demo_content.py).

`names` (invented names and places), `people` (the registries and the hidden
playing strengths behind them), `schedule` (the events to make), `play`
(entrants, pairings, games), `lists` (the rating lists the events change),
`formats` (the files the events are written in) and `pages` (site settings,
the World Cup season, the Markdown pages).  The figures every piece shares
are here.
"""

from __future__ import annotations

from datetime import date

START, END = date(2024, 1, 1), date(2026, 10, 31)     # the record: [site] start, end
LISTS = {"chess": ("standard", "rapid", "blitz"), "draughts": ("standard", "rapid-blitz")}
ADJUSTMENT_LIST = date(2024, 3, 1)      # FIDE's one-time rise of ratings below 2000
# What a result code gives in chess points (draughts: twice as much).
POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "U": 1.0, "H": 0.5}


def add_months(day: date, months: int) -> date:
    """The first day of the month `months` after `day`'s."""
    month = day.month - 1 + months
    return date(day.year + month // 12, month % 12 + 1, 1)
