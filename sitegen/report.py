"""Plain-text tables for the terminal: `sitegen check` and `sitegen editions`."""

from __future__ import annotations

from rules_core.problems import escape

__all__ = ["check_table", "editions_table"]

_COLUMNS = (("Rk", "rank", 3), ("No", "number", 4), ("Name", "name", 28),
            ("Pts", "points", 5), ("Rtg", "rating", 5),
            ("K", "k", 3), ("N", "rated_games", 3), ("W", "score", 5),
            ("We", "expected", 6), ("Ra", "opponents_average", 7),
            ("Chg", "change", 7), ("New", "new_rating", 5),
            ("Ru", "initial_rating", 5), ("Rp", "performance", 5))


def editions_table(editions) -> str:
    rows = [("id", "game", "effective", "rates", "source")]
    rows += [(e.id, e.game, e.effective.isoformat(), "/".join(e.rates), e.source)
             for e in editions]
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r[:4], widths)) + "  " + r[4]
                     for r in rows)


def check_table(result: dict, source: str) -> str:
    lines = [_heading(result)]
    if result["players"]:
        lines.append(_row([c[0] for c in _COLUMNS]))
        for p in result["players"]:
            lines.append(_row([_cell(p.get(key)) for _, key, _ in _COLUMNS]))
        lines.extend(_tiebreaks(result))
        lines.extend(_notes(result))
    lines.extend(_problems(result, source))
    # names and notes come from the input: nothing reaches the terminal raw
    return "\n".join(escape(line) for line in lines)


def _heading(result: dict) -> str:
    e = result["event"]
    dates = " to ".join(d for d in (e["start"], e["end"]) if d) or "no dates"
    edition = (f"edition {result['edition']}" if result["edition"]
               else "not rated: the input has errors")
    return (f"{e['name'] or '(no name)'}: {dates}, {e['system'] or 'system unknown'}, "
            f"{e['rate_of_play'] or 'rate unknown'}; {edition}")


def _row(cells: list[str]) -> str:
    out = []
    for (title, _, width), cell in zip(_COLUMNS, cells):
        text = cell[:width]
        out.append(text.ljust(width) if title == "Name" else text.rjust(width))
    return " ".join(out).rstrip()


def _cell(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _tiebreaks(result: dict) -> list[str]:
    """Draughts: the tie-breaks of the event's system, a line per player."""
    rows = [p for p in result["players"] if p["tiebreaks"]]
    if not rows:
        return []
    system = result["event"].get("tiebreak_system", "")
    lines = ["", f"Tie-breaks ({system}):"]
    for p in rows:
        values = ", ".join(f"{k} {_tiebreak(v)}" for k, v in p["tiebreaks"].items())
        lines.append(f"{p['number']}: {values}")
    return lines


def _tiebreak(value) -> str:
    """A number, a list of numbers (full truncated Solkoff: 12/10/9) or a
    list of pairs (fmjd Annex 17 §10 results in order: points and the
    plus/minus balance, written 2(+1)/1(0))."""
    if isinstance(value, (list, tuple)):
        if value and isinstance(value[0], (list, tuple)):
            return "/".join(f"{_tiebreak(v[0])}({v[1]:+d})".replace("+0)", "0)")
                            for v in value)
        return "/".join(_tiebreak(v) for v in value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    return f"{value:g}"


def _notes(result: dict) -> list[str]:
    lines = []
    for note in result["event"].get("notes", []):
        lines.append(f"event: {note}")
    for p in result["players"]:
        for note in p["notes"]:
            lines.append(f"{p['number']}: {note}")
    return ["", "Notes:"] + lines if lines else []


def _problems(result: dict, source: str) -> list[str]:
    lines = []
    for p in result["problems"]:
        where = ":".join(str(x) for x in (source, p["line"], p["column"]) if x)
        lines.append(f"{where}: {p['severity']}: {p['message']}")
    return ["", "Problems:"] + lines if lines else []
