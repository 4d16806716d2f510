"""Plain text for the terminal: the tables of `sitegen check` and `sitegen
editions`, the problems and counts of `sitegen build`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from typing import Any

from rules_core.check import FORMAT_NAMES
from rules_core.editions import TIMELINE_START, timeline
from rules_core.problems import Problem, escape

__all__ = ["check_table", "editions_table", "build_lines", "counts_line"]

_COLUMNS = (("Rk", "rank", 3), ("No", "number", 4), ("Name", "name", 28),
            ("Pts", "points", 5), ("Rtg", "rating", 5),
            ("K", "k", 3), ("N", "rated_games", 3), ("W", "score", 5),
            ("We", "expected", 6), ("Ra", "opponents_average", 7),
            ("Chg", "change", 7), ("New", "new_rating", 5),
            ("Ru", "initial_rating", 5), ("Rp", "performance", 5))


# The timelines `sitegen editions` prints: (game, rate, heading).
TIMELINES = (("chess", "standard", "chess, standard"),
             ("chess", "rapid", "chess, rapid and blitz"),
             ("draughts", "standard", "draughts"))


def editions_table(editions, today: date | None = None) -> str:
    """Each timeline from 2002-01-01 to `today`: every edition with its
    dates, rates, source and what changed; then the editions chosen only
    with --rules (docs/editions.md)."""
    today = today or date.today()
    lines: list[str] = []
    for game, rate, heading in TIMELINES:
        lines.append(f"{heading} ({TIMELINE_START.isoformat()} to {today.isoformat()}):")
        lines += [_span_line(span) for span in timeline(game, rate, today)]
        lines.append("")
    lines.append("not chosen by date (--rules ID, or where a period above names them):")
    lines += [f"  {e.id}  {'/'.join(e.rates)}  from {e.effective.isoformat()}  "
              f"{_summary(e)}\n      source: {_source(e)}"
              for e in editions if not e.by_date]
    return "\n".join(lines)


def _span_line(span) -> str:
    e = span.edition
    head = (f"  {span.start.isoformat()} to {span.end.isoformat()}  {e.id}  "
            f"{'/'.join(e.rates)}  ")
    if span.gap:
        return head + f"not established ({span.gap}): rated with {e.id}, with a warning"
    return head + f"{_summary(e)}\n      source: {_source(e)}"


def _summary(edition) -> str:
    return edition.summary or edition.title


def _source(edition) -> str:
    url = edition.url
    return edition.source + (f" <{url}>" if url and not url.startswith("content/") else "")


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
    # names and notes come from the input: nothing reaches the terminal raw
    return "\n".join(escape(line) for line in lines)


def _heading(result: dict) -> str:
    e = result["event"]
    dates = " to ".join(d for d in (e["start"], e["end"]) if d) or "no dates"
    edition = (f"edition {result['edition']}" if result["edition"]
               else "not rated: the input has errors")
    read_as = FORMAT_NAMES.get(e.get("format"), e.get("format") or "no known format")
    return (f"{e['name'] or '(no name)'}: {dates}, {e['system'] or 'system unknown'}, "
            f"{e['rate_of_play'] or 'rate unknown'}; {edition}; read as {read_as}")


def _row(cells: list[str]) -> str:
    out = []
    for (title, _, width), cell in zip(_COLUMNS, cells, strict=True):
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
    """The tie-breaks in the order applied, a line per player (draughts:
    the event's system; chess: FIDE C.07 (2023), docs/tiebreaks.md)."""
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
    plus/minus balance, written 2(+1)/1(0)); "-" where undefined (e.g. ARO
    without a rated opponent)."""
    if value is None:
        return "-"
    if isinstance(value, (list, tuple)):
        if value and isinstance(value[0], (list, tuple)):
            return "/".join(f"{_tiebreak(v[0])}({v[1]:+d})".replace("+0)", "0)")
                            for v in value)
        return "/".join(_tiebreak(v) for v in value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    return f"{value:g}"


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
    lines = [problem_line(source, p) for p in result["problems"]]
    return ["", "Problems:"] + lines if lines else []


def problem_line(source: str, problem: Mapping[str, Any]) -> str:
    """A problem of the check contract (docs/check-contract.md#problems) as
    ``FILE:LINE:COLUMN: severity: message``, as `Problem.format` writes it."""
    return Problem(problem["severity"], problem["code"], problem["message"],
                   problem["line"], problem["column"]).format(source)


# -- the build's problems ------------------------------------------------------

_ORDER = {"error": 0, "warning": 1}


def build_lines(problems, strict: bool = False) -> list[str]:
    """Every problem as ``FILE:LINE: severity: message``, errors first, then
    warnings, then notes (the defaults the build took); with `strict`,
    warnings are errors (MkDocs' --strict)."""
    shown = [(path, _severity(p.severity, strict), p) for path, p in problems]
    shown.sort(key=lambda item: _ORDER.get(item[1], 2))
    return [replace(p, severity=severity).format(path) for path, severity, p in shown]


def counts_line(problems, strict: bool = False) -> str:
    """``N errors, M warnings`` (the last line of the build's output)."""
    severities = [_severity(p.severity, strict) for _, p in problems]
    errors, warnings = severities.count("error"), severities.count("warning")
    return f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"


def _severity(severity: str, strict: bool) -> str:
    return "error" if strict and severity == "warning" else severity

