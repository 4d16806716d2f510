"""Plain-text tables for the terminal: `sitegen check` and `sitegen editions`."""

from __future__ import annotations

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
        lines.extend(_norms(result))
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


def _norms(result: dict) -> list[str]:
    """`--norms`: each norm considered, valid or not and why; a chess norm
    achieved with every requirement, its figure and article, and its notes;
    a norm missed with the requirements it misses; the forecast."""
    lines = []
    for p in result["players"]:
        for n in p.get("norms", []):
            lines.append(_norm_heading(p, n))
            shown = [r for r in n.get("requirements", []) if n["valid"] or r["met"] is False]
            for r in shown:
                mark = {True: "ok", False: "NO", None: "--"}[r["met"]]
                lines.append(f"    {mark} {r['text']}")
            if not n.get("requirements"):
                lines.extend(f"    NO {reason}" for reason in n["reasons"])
            if n["valid"]:
                lines.extend(f"    note: {note}" for note in n.get("notes", []))
            if n.get("forecast"):
                lines.append("    " + _forecast(n["forecast"]))
    return ["", "Norms:"] + lines if lines else []


def _norm_heading(p: dict, n: dict) -> str:
    kind = f" {n['kind']}" if n.get("kind") else ""
    verdict = "ACHIEVED" if n["valid"] else "not achieved"
    figures = [f"{_cell(n['achieved'])} points", f"required {_cell(n['required'])}"]
    if n.get("category"):
        figures.insert(0, f"category {n['category']}")
    if n.get("performance") is not None:
        figures += [f"Ra {n['opponents_average']}", f"Rp {n['performance']}"]
    if n.get("counted_games") and n["valid"]:
        figures.append(f"counts {n['counted_games']} games")
    return f"{p['number']} {p['name']}: {n['title']}{kind} norm {verdict} ({', '.join(figures)})"


def _forecast(f: dict) -> str:
    if not f["possible"]:
        why = "; ".join(f["reasons"]) or f"needs {_cell(f['needed'])} points"
        return f"forecast: out of reach in the {f['remaining_rounds']} rounds left ({why})"
    text = (f"forecast: {_cell(f['needed'])} points needed in the {f['remaining_rounds']} "
            f"rounds left ({_cell(f['required'])} of {f['games']}, Ra {f['opponents_average']})")
    return text + (f"; {f['assumption']}" if f.get("assumption") else "")


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
