"""The file formats the demo writes its events in.

For `make_demo_content.py`: an event (its spec, its seats with their results
and places) as the native TOML of `rules_core.native`, a FIDE TRF16, the
FMJD official format (through `rules_core.fmjd.official.write_official`) and
a Draughts Arbiter Pro "Tournament table" export, with the `NAME.meta.toml`
that gives what a format lacks.  Every writer is deterministic: the same
event gives the same bytes.
"""

from __future__ import annotations

from datetime import date

from rules_core.fmjd.official import write_official
from rules_core.native import parse_native

__all__ = ["native_text", "trf_text", "official_text", "arbiter_text", "meta_text",
           "toml_string"]

_EVENT_FLAGS = ("national_championship", "women_only")


def toml_string(value: str) -> str:
    """A TOML basic string (names hold no quotes or backslashes)."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _toml_dates(days) -> str:
    return "[" + ", ".join(d.isoformat() for d in days) + "]"


# -- native TOML ------------------------------------------------------------

def native_text(event) -> str:
    """The event in the native format (rules_core.native)."""
    lines = [f"# {event.spec.comment}", "", *_native_event(event)]
    for seat in event.seats:
        lines += ["", *_native_player(event, seat)]
    return "\n".join(lines) + "\n"


def _native_event(event) -> list[str]:
    spec = event.spec
    lines = ["[event]", f"name = {toml_string(spec.name)}",
             f"city = {toml_string(spec.city)}", 'federation = "NSF"',
             f"start = {event.round_dates[0].isoformat()}",
             f"end = {event.round_dates[-1].isoformat()}"]
    if spec.game == "draughts":
        lines.append('game = "draughts"')
    lines += [f"system = {toml_string(spec.system)}",
              f"time_control = {toml_string(spec.time_control)}",
              f"rate_of_play = {toml_string(spec.rate)}", f"rounds = {spec.rounds}",
              f"round_dates = {_toml_dates(event.round_dates)}"]
    lines += [f"{flag} = true" for flag in _EVENT_FLAGS if getattr(spec, flag)]
    return lines


def _native_player(event, seat) -> list[str]:
    person = seat.person
    lines = ["[[players]]", f"number = {seat.number}",
             f"name = {toml_string(person.name)}", f"id = {toml_string(person.id)}"]
    if seat.rating:
        lines.append(f"rating = {seat.rating}")
    if seat.standard_rating:
        lines.append(f"standard_rating = {seat.standard_rating}")
    lines.append(f"sex = {toml_string(person.sex)}")
    if person.title:
        lines.append(f"title = {toml_string(person.title)}")
    lines += [f"federation = {toml_string(person.federation)}",
              f"birth = {person.birth.isoformat()}", f"games_before = {seat.games_before}"]
    if seat.reached:
        key = "reached_2400" if event.spec.game == "chess" else "reached_2300"
        lines.append(f"{key} = true")
    results = ", ".join(toml_string(r) for r in seat.results)
    return lines + [f"results = [{results}]"]


# -- FIDE TRF16 ---------------------------------------------------------------

_TRF_SYSTEMS = {"swiss": "Individual: Swiss-System",
                "round-robin": "Individual: Round Robin"}


def trf_text(event) -> str:
    """The event as a TRF16 (FIDE Handbook C.04 Annex 2): headers, then one
    001 record a player with a 10-column block a round from column 92."""
    spec = event.spec
    lines = [f"012 {spec.name}", f"022 {spec.city}", "032 NSF",
             f"042 {_trf_date(event.round_dates[0])}",
             f"052 {_trf_date(event.round_dates[-1])}",
             f"062 {len(event.seats)}",
             f"072 {sum(1 for s in event.seats if s.rating)}",
             f"092 {_TRF_SYSTEMS[spec.system]}", f"102 {spec.arbiter}",
             f"122 {spec.time_control}", _trf_round_dates(event.round_dates)]
    lines += [_trf_player(seat) for seat in event.seats]
    return "\n".join(lines) + "\n"


def _trf_date(day: date) -> str:
    return day.strftime("%Y/%m/%d")


def _trf_round_dates(days) -> str:
    line = "132" + " " * 88
    return line + "".join(f"{d.strftime('%y/%m/%d'):<10}" for d in days).rstrip()


def _trf_player(seat) -> str:
    p = seat.person
    head = (f"001 {seat.number:>4} {p.sex:1}{p.title:>3} {p.name:<33.33} "
            f"{seat.rating or '':>4} {p.federation:<3} {p.id:>11} "
            f"{_trf_date(p.birth):<10} {seat.points:>4.1f} {seat.rank:>4}")
    return (head + "  " + "  ".join(_trf_round(r) for r in seat.results)).rstrip()


def _trf_round(native: str) -> str:
    parts = native.split()
    if len(parts) == 1:
        return f"0000 - {parts[0]}"
    return f"{int(parts[0]):>4} {parts[1]} {parts[2]}"


# -- FMJD official format -----------------------------------------------------

def official_text(event) -> str:
    """The event in the FMJD official format (fmjd Annex 9 §11), written by
    rules_core itself: the native text read back, with places and points."""
    t = parse_native(native_text(event))
    t.referee, t.winner = event.spec.arbiter, _winner(event)
    for player, seat in zip(t.players, event.seats, strict=True):
        player.rank, player.points = seat.rank, seat.points
        player.birth, player.birth_year = seat.person.birth, seat.person.birth.year
    return write_official(t)


def _winner(event) -> str:
    first = min(event.seats, key=lambda s: s.rank).person.name
    last, _, given = first.partition(", ")
    return f"{given} {last}"


# -- Draughts Arbiter Pro "Tournament table" ------------------------------------

def arbiter_text(event) -> str:
    """A Draughts Arbiter Pro export: rows by place, the opponent of each
    round given by his place (see rules_core.fmjd.exports)."""
    rounds = ";".join(f"R{i}" for i in range(1, event.spec.rounds + 1))
    lines = [";Tournament table", event.spec.export_title,
             f"Place;S.No.;Title;Name;Fed.;FMJD;{rounds};Total;SSolk"]
    place = {s.number: s.rank for s in event.seats}
    for seat in sorted(event.seats, key=lambda s: s.rank):
        cells = [_arbiter_cell(r, place) for r in seat.results]
        rating = f"{seat.list_letter} {seat.rating}" if seat.rating else ""
        lines.append(";".join([str(seat.rank), str(seat.number), seat.person.title,
                               seat.person.name, seat.person.federation, rating,
                               *cells, f"{seat.points:g}", f"{seat.ssolk:g}"]))
    return "\n".join(lines) + "\n"


_DRAUGHTS_POINTS = {"1": 2, "=": 1, "0": 0}


def _arbiter_cell(native: str, place: dict[int, int]) -> str:
    opponent, colour, code = native.split()
    return f"{place[int(opponent)]}{colour}{_DRAUGHTS_POINTS[code]}"


# -- NAME.meta.toml -----------------------------------------------------------------

def meta_text(event, keys: tuple[str, ...]) -> str:
    """What the format lacks, as [event] keys of sitegen.content.folder."""
    spec = event.spec
    values = {"name": toml_string(spec.name), "city": toml_string(spec.city),
              "federation": '"NSF"', "start": event.round_dates[0].isoformat(),
              "end": event.round_dates[-1].isoformat(),
              "time_control": toml_string(spec.time_control),
              "rate_of_play": toml_string(spec.rate),
              "system": toml_string(spec.system), "rounds": str(spec.rounds),
              "round_dates": _toml_dates(event.round_dates)}
    lines = [f"# What the {spec.format} file of {spec.name} does not say.", "",
             "[event]", *(f"{key} = {values[key]}" for key in keys)]
    return "\n".join(lines) + "\n"
