"""Chess standings for the check contract: ranks, tie-breaks and the notes
that say where the order of tie-breaks came from and which ties remain.

The order is, first found: the one given by the user (`--tiebreaks`), the
event's own (TRF26 record 202, the native format's or a .meta.toml's
`tiebreaks`), else the default of `tiebreaks.default_tiebreaks`.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from ..model import Tournament
from ..problems import WARNING, Problem
from . import tiebreaks as tb

__all__ = ["ChessStandings", "chess_standings", "shared_note"]

SHOWN = 10      # players named in a note on a shared place


@dataclass
class ChessStandings:
    """What `sitegen check` adds to a chess event."""

    order: list[tb.Tiebreak]
    rules: tb.TiebreakRules
    source: str
    lines: list[tb.Standing]
    notes: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def chess_standings(t: Tournament, given: str | None = None) -> ChessStandings:
    """Rank the event.  `given` is a comma list (`--tiebreaks`); a bad one
    raises `tiebreaks.UnknownTiebreak` (a usage error)."""
    problems: list[Problem] = []
    order, source = _order(t, given, problems)
    rules, assumption = tb.rules_for(t.start)
    notes = [f"tie-breaks {', '.join(x.label for x in order)} ({source}); "
             f"unplayed rounds as {rules.source}"]
    if assumption:
        notes.append(assumption)
    if t.system == "team":
        notes.append("team event: players ranked individually; the team "
                     "standings and team tie-breaks are not computed")
    rating_based = any(x.code in ("ARO", "TPR", "APRO", "PTP", "APPO") for x in order)
    if rating_based and not all(p.rated for p in t.players):
        notes.append("rating tie-breaks count only games against rated opponents "
                     "(FIDE C.07 (2023) 10: undefined for unrated players)")
    lines = tb.rank(t, order, rules)
    notes.extend(_file_ranks_note(t, lines))
    return ChessStandings(order, rules, source, lines, notes, problems)


def _file_ranks_note(t: Tournament, lines: list[tb.Standing]) -> list[str]:
    """Where the file prints final ranks (0 for a player it does not rank):
    how many of those players stand elsewhere in our order, the fewest
    whose moving makes the two orders agree (players sharing a place here
    may stand in any order).  O(n log n)."""
    printed = sorted((line.rank, rank) for line in lines
                     if (rank := _file_rank(t, line.number)) > 0)
    if not printed:
        return []
    elsewhere = len(printed) - _longest_increasing([theirs for _, theirs in printed])
    if not elsewhere:
        return ["the ranks printed in the file are reproduced"]
    return [f"{elsewhere} of the {len(printed)} players the file ranks stand elsewhere in "
            "its order (`file_rank`): its tie-breaks may differ; give them with --tiebreaks"]


def _file_rank(t: Tournament, number: int) -> int:
    """The rank the file prints for player `number`; 0 where it prints none."""
    player = t.player(number)
    return (player.rank or 0) if player is not None else 0


def _longest_increasing(values: list[int]) -> int:
    """The length of the longest strictly increasing subsequence."""
    tails: list[int] = []
    for value in values:
        i = bisect.bisect_left(tails, value)
        tails[i:i + 1] = [value]
    return len(tails)


def _order(t: Tournament, given: str | None,
           problems: list[Problem]) -> tuple[list[tb.Tiebreak], str]:
    if given:
        return tb.parse_tiebreaks(given), "given with --tiebreaks"
    if t.tiebreaks:
        known, unknown = _known(t.tiebreaks)
        if unknown:
            problems.append(Problem(
                WARNING, "tiebreaks.unknown",
                f"tie-break list {t.tiebreaks!r}: {', '.join(repr(u) for u in unknown)} "
                "not computed here (individual tie-breaks of FIDE C.07 (2023) only)",
                t.header_lines.get("202")))
        if known:
            return known, "the event's list"
    default = tb.default_tiebreaks(t.system)
    return default, f"default for a {_kind(t.system)}"


def _known(text: str) -> tuple[list[tb.Tiebreak], list[str]]:
    known: list[tb.Tiebreak] = []
    unknown: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        try:
            known.extend(tb.parse_tiebreaks(item))
        except tb.UnknownTiebreak:
            unknown.append(item)
    return known, unknown


def _kind(system: str | None) -> str:
    return "round robin" if system in tb.ROUND_ROBIN_SYSTEMS else "Swiss"


def shared_note(line: tb.Standing) -> str:
    """The explanation of a tie that remains (FIDE C.07 (2023) 4.2)."""
    others = ", ".join(str(n) for n in line.shared[:SHOWN])
    if len(line.shared) > SHOWN:
        others += f" and {len(line.shared) - SHOWN} more"
    return (f"place {line.rank} shared with {others}: points and every tie-break "
            "equal (the regulations leave the rest to a drawing of lots, 4.2)")
