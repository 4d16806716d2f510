"""Plain text for the terminal: the tables of `sitegen check` and `sitegen
editions`, the problems and counts of `sitegen build`."""

from __future__ import annotations

__all__ = ["check_table", "editions_table", "build_lines", "counts_line"]

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
    return "\n".join(lines)


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
    if isinstance(value, list):
        return "/".join(f"{v:g}" for v in value)
    return f"{value:g}" if isinstance(value, (int, float)) else str(value)


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


# -- the build's problems ------------------------------------------------------

_ORDER = {"error": 0, "warning": 1}


def build_lines(problems, strict: bool = False) -> list[str]:
    """Every problem as ``FILE:LINE: severity: message``, errors first, then
    warnings, then notes (the defaults the build took); with `strict`,
    warnings are errors (MkDocs' --strict)."""
    shown = [(path, _severity(p.severity, strict), p) for path, p in problems]
    shown.sort(key=lambda item: _ORDER.get(item[1], 2))
    return [f"{_where(path, p)}: {severity}: {p.message}" for path, severity, p in shown]


def counts_line(problems, strict: bool = False) -> str:
    """``N errors, M warnings`` (the last line of the build's output)."""
    severities = [_severity(p.severity, strict) for _, p in problems]
    errors, warnings = severities.count("error"), severities.count("warning")
    return f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"


def _severity(severity: str, strict: bool) -> str:
    return "error" if strict and severity == "warning" else severity


def _where(path: str, problem) -> str:
    return ":".join(str(x) for x in (path, problem.line, problem.column) if x)
