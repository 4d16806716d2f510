"""`sitegen check` as a function: text in, the check contract out.

The same function runs in the CLI and, under Pyodide, in the browser, so the
two cannot disagree.  The contract is docs/check-contract.md: stable
keys, extra keys allowed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from .chessresults import looks_like_chessresults, parse_chessresults
from .editions import Edition, UnknownEdition, choose, get_edition
from .fide import engine as fide_engine
from .fide import events as fide_events
from .fide.games import CountedGames
from .fide.norms import norms_for_event as chess_norms_for_event
from .fide.standings import chess_standings, shared_note
from .fide.tiebreaks import UnknownTiebreak
from .fmjd import event as fmjd_event
from .fmjd.edition import FmjdEdition
from .fmjd.exports import detect_draughts_format, parse_arbiter_pro, parse_toernooibase
from .fmjd.norms import norms_for_event
from .fmjd.official import parse_official
from .fmjd.standings import SYSTEMS as TIEBREAK_SYSTEMS
from .fmjd.standings import standings
from .model import Player, Tournament
from .native import parse_native
from .normalize import normalise_tournament
from .numbers import as_float
from .pgn import looks_like_pgn, parse_pgn
from .problems import ERROR, MISSING, OPTIONS, WARNING, Problem
from .results import EventRating, PlayerRating
from .timecontrol import minutes_for_60
from .trf import parse_trf

__all__ = ["CheckOptions", "CheckResult", "check_text", "check_tournament",
           "read_tournament", "detect_format",
           "rate_of_play_for", "UnknownEdition", "UnknownTiebreak", "FORMATS",
           "FORMAT_NAMES", "READERS", "UNKNOWN"]

_PARSERS = {"trf": parse_trf,
            "native-toml": parse_native,
            "native-json": lambda text: parse_native(text, json_format=True),
            "fmjd-official": parse_official,
            "arbiter-pro": parse_arbiter_pro,
            "toernooibase": parse_toernooibase,
            "pgn": parse_pgn,
            "chess-results": parse_chessresults}
FORMATS = tuple(_PARSERS)
UNKNOWN = "unknown"

# What `sitegen check` says it read ("read as PGN"), by the contract's
# event.format (the reader's `Tournament.source_format`).
FORMAT_NAMES = {"trf": "FIDE TRF", "native": "the native format",
                "fmjd-official": "the FMJD official format",
                "arbiter-pro": "a Draughts Arbiter Pro export",
                "toernooibase": "a Toernooibase export", "pgn": "PGN",
                "chess-results": "chess-results XML", UNKNOWN: "no known format"}

_EXPECTED = ("expected a FIDE TRF (lines '012 NAME', '001 ...'), PGN ([Event \"...\"] "
             "tags), the chess-results upload XML (<chessresults>), the native format "
             "in TOML ([event], [[players]]) or JSON ({\"event\": ...}), the FMJD "
             "official format (<section Info>), or a Draughts Arbiter Pro or Toernooibase "
             "crosstable (CSV with a header row)")


def _unknown(text: str) -> Tournament:
    """A file of no known format: one error naming what was expected."""
    line = next((n for n, x in enumerate(text.splitlines(), start=1) if x.strip()), None)
    what = "not a tournament file of a known format" if line else "the file is empty"
    return Tournament(source_format=UNKNOWN, problems=[
        Problem(ERROR, "check.unknown-format", f"{what}: {_EXPECTED}", line)])


Reader = Callable[[str], Tournament]


def _finalised(parse: Reader) -> Reader:
    """A reader whose output is normalised (rules_core.normalize), once."""
    return lambda text: normalise_tournament(parse(text))


# format -> text in, a normalised Tournament out (for the content loader too)
READERS: dict[str, Reader] = {name: _finalised(parse) for name, parse in _PARSERS.items()}
READERS[UNKNOWN] = _unknown



@dataclass
class CheckOptions:
    """What the user may add to a file: a forced edition, K per player
    (by start number or FIDE id), and the reader to use."""

    rules: str | None = None
    k: dict[str, int] = field(default_factory=dict)
    format: str | None = None
    norms: bool = False                # title norms (fmjd Annex 10; chess: FIDE B.01)
    # draughts: an id of fmjd.standings.SYSTEMS; chess: a comma list of
    # FIDE C.07 (2023) tie-breaks ("BH/C1,BH,SB", rules_core/fide/tiebreaks.py)
    tiebreaks: str | None = None
    counting: str = "standard"         # draughts: fmjd Annex 3 §5.6a systems
    # chess: the games already counted for one edition (fide.engine.counted_games;
    # sitegen counts a period's games for fide-rb-2024 7.3.3's K x n first), used
    # when the check chooses that edition, so they are not counted twice
    counted: tuple[Edition, CountedGames] | None = None


_EXTENSIONS = {".trf": "trf", ".toml": "native-toml", ".json": "native-json",
               ".pgn": "pgn", ".xml": "chess-results",
               ".csv": "toernooibase"}   # its reader says what a crosstable needs
_TOML_TABLE = re.compile(r"(?m)^\s*\[\[?\s*(?:event|players)\s*\]\]?\s*(?:#.*)?$")
_TRF_RECORD = re.compile(r"(?m)^(?:001|012) ")


def detect_format(text: str, filename: str = "") -> str:
    """The reader for a file, by its content first: the chess-results XML
    (a ``<chessresults>`` element, or any text opening with ``<?xml``), PGN (a tag pair or move 1
    first), the draughts formats (section tags, column headers), JSON (an
    object), the native TOML (an [event] or [[players]] table), TRF (a 001
    or 012 record); then by the file's ending; else `UNKNOWN`."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("<") and (head.startswith("<?xml") or looks_like_chessresults(text)):
        return "chess-results"
    if looks_like_pgn(text):
        return "pgn"
    by_content = detect_draughts_format(text) or _native_or_trf(head, text)
    if by_content:
        return by_content
    return _EXTENSIONS.get(_suffix(filename), UNKNOWN)


def _native_or_trf(head: str, text: str) -> str | None:
    if head.startswith("{"):
        return "native-json"
    if _TOML_TABLE.search(text):
        return "native-toml"
    if _TRF_RECORD.search(text):
        return "trf"
    return None


def _suffix(filename: str) -> str:
    name = filename.lower().replace("\\", "/").rsplit("/", 1)[-1]
    return "." + name.rsplit(".", 1)[-1] if "." in name else ""


def read_tournament(text: str, filename: str = "", format: str | None = None) -> Tournament:
    """Read a file with the reader of `format` (default: `detect_format`),
    normalised (rules_core.normalize)."""
    return READERS[format or detect_format(text, filename)](text)


def rate_of_play_for(t: Tournament) -> tuple[str | None, float | None]:
    """The event's rate of play: as declared, else from the minutes for 60
    moves (chess: standard 60 or more, rapid above 10, blitz above 3:
    fide-rb-2024 1.1; draughts: fmjd Annex 9 §1.2.2), else unknown."""
    minutes = minutes_for_60(t.time_control)
    if t.rate_of_play:
        return t.rate_of_play, minutes
    if minutes is None:
        return None, None
    if t.game == "draughts":
        return FmjdEdition().rate_of_play(minutes), minutes
    if minutes >= 60:
        return "standard", minutes
    if minutes > 10:
        return "rapid", minutes
    return ("blitz" if minutes > 3 else None), minutes


@dataclass
class CheckResult:
    """The contract's object (`data`) and what produced it: the edition and
    the engine's exact figures (`rating`, None when nothing was rated)."""

    data: dict[str, Any]
    tournament: Tournament
    edition: Edition | None = None
    rating: EventRating | None = None


def check_text(text: str, filename: str = "", options: CheckOptions | None = None) -> dict[str, Any]:
    """Read, choose the edition, rate, and return the contract's object.

    Raises `UnknownEdition` (a usage error) for an unknown ``rules`` id.
    """
    options = options or CheckOptions()
    return check_tournament(read_tournament(text, filename, options.format), options).data


def check_tournament(t: Tournament, options: CheckOptions | None = None) -> CheckResult:
    """Choose the edition, rate and rank an event that has been read."""
    options = options or CheckOptions()
    forced = get_edition(options.rules) if options.rules else None
    problems = list(t.problems)
    rate, minutes = rate_of_play_for(t)
    if any(p.is_error for p in problems):
        # nothing is rated from a file with errors: only its problems
        return _unrated(t, forced, rate, problems)
    if forced and not _forced_game(t, forced, problems):
        return _unrated(t, None, rate, problems)
    edition = forced or _edition(t, rate, problems)
    if forced:
        _forced_rate(t, forced, rate, minutes, problems)
    if edition is None:
        return _unrated(t, None, rate, problems)
    result = _event(t, edition, rate)
    mismatch = any(p.code == "check.rate-mismatch" for p in problems)
    problems.extend(p for p in _event_problems(t, edition, minutes)
                    if not (mismatch and p.code == "rating.rate-of-play"))
    counted = options.counted[1] if options.counted and options.counted[0] is edition else None
    rating = _rate_event(t, edition, _k_by_number(t, options.k, problems), counted)
    result["event"].update(system=rating.system, rateable=rating.rateable,
                           notes=t.notes + rating.notes)
    result["players"] = _players(t, rating)
    if t.game == "draughts":
        _draughts_standings(t, result, options)
    else:
        _chess_standings(t, result, options, problems)
    if options.norms:
        _norms(t, result)
    result["problems"] = _sorted(problems)
    return CheckResult(result, t, edition, rating)


def _event_problems(t: Tournament, edition: Edition, minutes: float | None) -> list[Problem]:
    """What a rating officer would query, by the edition's game."""
    if isinstance(edition, FmjdEdition):
        return fmjd_event.event_problems(t, edition, minutes)
    return fide_events.event_problems(t, edition, minutes)


def _rate_event(t: Tournament, edition: Edition, k: dict[int, int],
                counted: CountedGames | None = None) -> EventRating:
    """The event rated by the engine of the edition's game (chess: with its
    games as counted, if they were)."""
    if isinstance(edition, FmjdEdition):
        return fmjd_event.rate_event(t, edition, k)
    return fide_engine.rate_event(t, edition, k, counted)


def _norms(t: Tournament, result: dict[str, Any]) -> None:
    """Every norm considered for every player: draughts fmjd Annex 10 §4
    (category, required and achieved points, kind, validity, reasons);
    chess FIDE B.01 (2024) 1.4 (the same keys, with every requirement and
    its article, and a forecast while rounds remain)."""
    judge = chess_norms_for_event if t.game == "chess" else norms_for_event
    considered = judge(t)
    for player in result["players"]:
        player["norms"] = [n.as_dict() for n in considered.get(player["number"], [])]


def _unrated(t: Tournament, edition: Edition | None, rate: str | None,
             problems: list[Problem]) -> CheckResult:
    result = _event(t, edition, rate)
    result["players"], result["problems"] = [], _sorted(problems)
    return CheckResult(result, t, edition)


def _chess_standings(t: Tournament, result: dict[str, Any], options: CheckOptions,
                     problems: list[Problem]) -> None:
    """FIDE C.07 (2023): every player's rank and tie-breaks (keys of
    rules_core/fide/tiebreaks.py), a note for every tie that remains, and
    the file's own rank beside ours where it prints one."""
    ranked = chess_standings(t, options.tiebreaks)
    problems.extend(ranked.problems)
    by_number = {p["number"]: p for p in result["players"]}
    keys = [x.key for x in ranked.order]
    for line in ranked.lines:
        player = by_number[line.number]
        printed = t.player(line.number)
        player["file_rank"] = (printed.rank if printed else None) or None
        player["rank"] = line.rank
        player["tiebreaks"] = {key: line.tiebreaks.get(key) for key in keys}
        if line.shared:
            player["notes"].append(shared_note(line))
    order = {line.number: i for i, line in enumerate(ranked.lines)}
    result["players"].sort(key=lambda p: order.get(p["number"], len(order)))
    event = result["event"]
    event["tiebreaks"] = keys
    event["tiebreak_system"] = ", ".join(x.label for x in ranked.order)
    event["tiebreak_rules"] = ranked.rules.id
    event["notes"] = list(event.get("notes") or []) + ranked.notes


def _draughts_standings(t: Tournament, result: dict[str, Any], options: CheckOptions) -> None:
    """fmjd Annex 3 §5.10-5.11 and Annex 5: places and the tie-breaks of the
    event's system (default: round robins §5.11.1.2.1, Swiss §5.2)."""
    if isinstance(options.tiebreaks, str) and options.tiebreaks and \
            options.tiebreaks not in TIEBREAK_SYSTEMS:
        raise UnknownTiebreak(f"unknown draughts tie-break system {options.tiebreaks!r}; "
                              f"expected one of {', '.join(sorted(TIEBREAK_SYSTEMS))}")
    lines = standings(t, options.tiebreaks, options.counting)
    by_number = {p["number"]: p for p in result["players"]}
    for line in lines:
        player = by_number[line.number]
        player["rank"] = line.rank
        player["standing_points"] = line.points
        player["tiebreaks"] = {k: v for k, v in line.tiebreaks.items() if v is not None}
        player["notes"].extend(line.notes)
        if line.undecided:
            player["notes"].append("place shared: " + ", ".join(line.undecided) + " to decide")
    minutes = minutes_for_60(t.time_control)
    result["event"]["rating_list"] = (
        FmjdEdition().rating_list(minutes) if minutes
        else "rapid-blitz" if result["event"]["rate_of_play"] in ("rapid", "blitz")
        else "standard")
    order = {line.number: i for i, line in enumerate(lines)}
    result["players"].sort(key=lambda p: order.get(p["number"], len(order)))
    result["event"]["tiebreak_system"] = (options.tiebreaks or
                                          ("round-robin" if t.system in ("round-robin",
                                           "double-round-robin", "match") else "5.2"))


# -- edition ------------------------------------------------------------------

def _edition(t: Tournament, rate: str | None, problems: list[Problem]) -> Edition | None:
    if rate is None:
        rate = "standard"
        given = (f"time control {t.time_control!r} not readable" if t.time_control
                 else "no time control given")
        problems.append(Problem(WARNING, "check.unknown-rate",
                                f"rate of play unknown ({given}): rated as standard; "
                                "give --rules to choose", *_where(t, "122")))
    start = t.start
    if start is None:
        start = date.today()
        problems.append(Problem(WARNING, "check.no-date",
                                "no start date: rated with the edition in force today; "
                                "give --rules to choose", *_where(t, "042")))
    choice = choose(t.game, rate, start)
    if choice.edition is None:
        problems.append(Problem(ERROR, "check.no-edition",
                                f"no edition rates {t.game} at {rate} rate",
                                no_line=OPTIONS))
        return None
    # every date is covered; where its rules are not established, or the
    # edition takes a point from another text, the warning says so
    # (rules_core.editions.choose, docs/editions.md)
    problems.extend(Problem(WARNING, "check.edition", text, *_where(t, "042"))
                    for text in choice.warnings)
    edition = choice.edition
    return edition


def _where(t: Tournament, record: str) -> tuple[int | None, None, str | None]:
    """(line, column, why no line) of a header datum, by its TRF record:
    a datum the file does not give has no line (problems.MISSING)."""
    line = t.header_lines.get(record)
    return (line, None, None) if line is not None else (None, None, MISSING)


def _forced_game(t: Tournament, edition: Edition, problems: list[Problem]) -> bool:
    """An edition forced by --rules rates one game: a chess edition cannot
    rate a draughts event, nor an FMJD edition a chess event."""
    if edition.game == t.game:
        return True
    problems.append(Problem(ERROR, "check.wrong-game", f"--rules {edition.id!r} rates "
                            f"{edition.game}, this file is a {t.game} event: expected "
                            f"an edition for {t.game} (see `sitegen editions`)",
                            no_line=OPTIONS))
    return False


def _forced_rate(t: Tournament, edition: Edition, rate: str | None,
                 minutes: float | None, problems: list[Problem]) -> None:
    if rate is not None and rate not in edition.rates:
        figure = f"{minutes:g} minutes for 60 moves, " if minutes is not None else ""
        problems.append(Problem(WARNING, "check.rate-mismatch",
                                f"time control {t.time_control!r} ({figure}{rate}) is "
                                f"not rated by {edition.id} ({'/'.join(edition.rates)}); "
                                "rated as given by --rules", *_where(t, "122")))


def _k_by_number(t: Tournament, given: dict[str, int],
                 problems: list[Problem]) -> dict[int, int]:
    """K given per start number ("5") or FIDE id ("3400042").  The players
    are looked up by key, not scanned for each K given: a period's K x n
    cap gives K to a dozen players of most opens of a large period, and
    the scans were 5 % of rating them (docs/scale.md#compute-session-21)."""
    out: dict[int, int] = {}
    by_key: dict[str, list[Player]] = {}
    for p in t.players:             # each player once a key, in start order
        number = str(p.number)
        by_key.setdefault(number, []).append(p)
        if p.id is not None and p.id != number:
            by_key.setdefault(p.id, []).append(p)
    for key, k in given.items():
        match = by_key.get(key, [])
        if not match:
            problems.append(Problem(WARNING, "check.unknown-k-player",
                                    f"K given for {key!r}, which is neither a start "
                                    "number nor a FIDE id of this event",
                                    no_line=OPTIONS))
        for p in match:
            out[p.number] = k
    return out


# -- output --------------------------------------------------------------------

def _event(t: Tournament, edition: Edition | None, rate: str | None) -> dict[str, Any]:
    return {"edition": edition.id if edition else None,
            "edition_source": edition.source if edition else None,
            "event": {"name": t.name, "city": t.city, "federation": t.federation,
                      "start": _iso(t.start), "end": _iso(t.end),
                      "system": t.system, "rate_of_play": rate, "game": t.game,
                      "time_control": t.time_control, "rounds": t.rounds or t.rounds_played,
                      "players": len(t.players), "women_only": t.women_only,
                      "national_championship": t.national_championship,
                      "rated_players": sum(1 for p in t.players if p.rated),
                      "format": t.source_format, "notes": list(t.notes)}}


def _players(t: Tournament, rating: EventRating) -> list[dict[str, Any]]:
    ranks = _ranks(t)
    out = []
    for player, r in zip(t.players, rating.players, strict=True):
        out.append(_player(t, player, r, ranks[player.number], rating))
    return out


def _player(t: Tournament, player: Player, r: PlayerRating, rank: int,
            rating: EventRating) -> dict[str, Any]:
    return {
        "number": player.number, "id": player.id, "name": player.name,
        "title": player.title, "federation": player.federation,
        "rating": player.rating, "rating_list": player.rating_list, "k": r.k, "rated_games": r.rated_games,
        "score": as_float(r.score), "opponents_average": as_float(r.opponents_average),
        "expected": as_float(r.expected), "change": as_float(r.change),
        "new_rating": r.new_rating, "initial_rating": r.initial_rating,
        "performance": r.performance, "rank": rank, "points": player.score,
        "competition_average": as_float(r.competition_average),
        "difference": r.difference,
        "games": [{"round": g.round, "opponent": g.opponent,
                   "opponent_rating": g.opponent_rating, "difference": g.difference,
                   "expected": as_float(g.expected), "score": as_float(g.score)}
                  for g in r.games],
        "rounds": [{"round": x.round, "opponent": x.opponent, "color": x.color,
                    "code": x.code, "score": x.score} for x in player.results],
        "tiebreaks": {}, "notes": r.notes, "norms": [],
    }


def _ranks(t: Tournament) -> dict[int, int]:
    """The file's ranks when it has them all, else by points, shared."""
    if all(p.rank for p in t.players):
        return {p.number: p.rank or 0 for p in t.players}
    ordered = sorted(t.players, key=lambda p: -p.score)
    ranks: dict[int, int] = {}
    previous, place = None, 0
    for index, p in enumerate(ordered, start=1):
        if p.score != previous:
            place, previous = index, p.score
        ranks[p.number] = place
    return ranks


def _sorted(problems: list[Problem]) -> list[dict[str, Any]]:
    ordered = sorted(problems, key=lambda p: (p.line is None, p.line or 0, p.column or 0))
    return [p.as_dict() for p in ordered]


def _iso(value: date | None) -> str | None:
    return value.isoformat() if value else None
