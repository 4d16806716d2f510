"""The geometry of a player's rating-history chart, for an inline SVG.

Layout only: the ratings are the published ones (`HistoryRow.rating`), placed
on a time axis (days) and a rating axis with round tick marks.  The template
draws a polyline per list, a labelled axis each way, and the accessible name
and description (role="img" with <title> and <desc>); no script, no inline
style (the series are told apart by class, for colour, and by dash pattern).
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from datetime import date

from sitegen.compute.sitedata import HistoryRow
from sitegen.i18n import gettext, ngettext

__all__ = ["Chart", "Series", "Point", "history_chart", "WIDTH", "HEIGHT"]

WIDTH, HEIGHT = 640, 280
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 16, 64       # margins: labels and legend
STEPS = (10, 20, 25, 50, 100, 200, 250, 500, 1000)
MAX_TICKS = 6
MIN_SPAN = 50                                   # a 5-point change is not drawn as a cliff
DASHES = ("", "8 4", "2 4", "12 4 2 4")         # told apart without colour


@dataclass
class Point:
    x: str
    y: str
    label: str          # e.g. "standard, 2025-04: 2430"


@dataclass
class Series:
    list: str
    css_class: str
    dash: str
    points: builtins.list[Point]     # (the field `list` names the rating list)
    legend_x: int           # the legend's line sample, then its text
    legend_x2: int
    legend_text_x: int
    legend_y: int

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x},{p.y}" for p in self.points)


@dataclass
class Chart:
    width: int
    height: int
    title: str
    desc: str
    left: int
    right: int
    top: int
    bottom: int
    series: list[Series]
    y_ticks: list[tuple[str, str]]       # (y, label)
    x_ticks: list[tuple[str, str]]       # (x, label)

    @property
    def y_label_x(self) -> int:
        return self.left - 6

    @property
    def tick_end(self) -> int:
        return self.bottom + 4

    @property
    def x_label_y(self) -> int:
        return self.bottom + 18


def history_chart(name: str, history: dict[str, list[HistoryRow]]) -> Chart | None:
    """The chart of every list with at least one published rating, else None."""
    data = {lst: [(r.date, r.rating) for r in rows if r.rating is not None]
            for lst, rows in sorted(history.items())}
    data = {lst: rows for lst, rows in data.items() if rows}
    if not data:
        return None
    days = sorted({d for rows in data.values() for d, _ in rows})
    ratings = [r for rows in data.values() for _, r in rows]
    low, high, step = _rating_range(min(ratings), max(ratings))
    x = _x_scale(days[0], days[-1])
    y = _y_scale(low, high)
    series = [_series(lst, index, rows, x, y) for index, (lst, rows) in enumerate(data.items())]
    y_ticks = [(_f(y(v)), str(v)) for v in range(low, high + 1, step)]
    x_ticks = [(_f(x(d)), d.strftime("%Y-%m")) for d in _thinned(days)]
    return Chart(WIDTH, HEIGHT, gettext("Rating history of %(name)s") % {"name": name}, _describe(data),
                 LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM, series, y_ticks, x_ticks)


def _series(lst: str, index: int, rows, x, y) -> Series:
    points = [Point(_f(x(d)), _f(y(r)), f"{lst}, {d:%Y-%m}: {r}") for d, r in rows]
    legend_x = LEFT + index * 150
    return Series(lst, f"series series-{index % len(DASHES)}", DASHES[index % len(DASHES)],
                  points, legend_x, legend_x + 24, legend_x + 30, HEIGHT - 12)


def _rating_range(low: int, high: int) -> tuple[int, int, int]:
    """Round bounds a little outside the ratings, at least MIN_SPAN apart,
    with at most MAX_TICKS steps."""
    if high - low < MIN_SPAN:
        middle = (low + high) // 2
        low, high = middle - MIN_SPAN // 2, middle + MIN_SPAN // 2
    for step in STEPS:
        bottom = (low - 1) // step * step
        top = -(-(high + 1) // step) * step
        if (top - bottom) // step <= MAX_TICKS:
            return bottom, top, step
    step = STEPS[-1]
    return (low - 1) // step * step, -(-(high + 1) // step) * step, step


def _x_scale(first: date, last: date):
    span = (last - first).days
    inner = WIDTH - LEFT - RIGHT
    if span == 0:
        return lambda d: LEFT + inner / 2
    return lambda d: LEFT + inner * (d - first).days / span


def _y_scale(low: int, high: int):
    inner = HEIGHT - TOP - BOTTOM
    return lambda r: TOP + inner * (high - r) / (high - low)


def _thinned(days: list[date]) -> list[date]:
    """At most MAX_TICKS dates, evenly spread, the first and the last kept."""
    if len(days) <= MAX_TICKS:
        return days
    picks = {round(i * (len(days) - 1) / (MAX_TICKS - 1)) for i in range(MAX_TICKS)}
    return [days[i] for i in sorted(picks)]


def _describe(data: dict[str, list[tuple[date, int]]]) -> str:
    parts = []
    for lst, rows in data.items():
        (first_day, first), (last_day, last) = rows[0], rows[-1]
        count = ngettext("%(n)s list", "%(n)s lists", len(rows)) % {"n": len(rows)}
        parts.append(gettext("%(list)s: %(first)s in %(first_day)s, %(last)s in %(last_day)s "
                             "(%(count)s).") % {
            "list": lst.capitalize(), "first": first, "first_day": f"{first_day:%Y-%m}",
            "last": last, "last_day": f"{last_day:%Y-%m}", "count": count})
    return " ".join(parts)


def _f(value: float) -> str:
    return f"{value:.1f}"
