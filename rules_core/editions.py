"""The registry of editions: every rule set by id, and the one in force.

An event is rated with the edition in force on its start date for its game
and rate of play (docs/editions.md); ``--rules ID`` forces one.  The choice
by date covers every day from `TIMELINE_START` on: where the rules of a
period are not established (a `Gap`, or before the first edition) the
edition used is named in a warning, with the reason; so are the points an
edition takes from another text (its ``caveats``).  docs/editions.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from .contract import FideRules, FmjdRules
from .fide.editions import FIDE_EDITIONS, GAPS, FideEdition, Gap
from .fmjd.edition import FMJD_EDITIONS, FmjdEdition

__all__ = ["EDITIONS", "Edition", "get_edition", "edition_for", "UnknownEdition",
           "Choice", "choose", "Span", "timeline", "TIMELINE_START", "GAPS"]

Edition = FideEdition | FmjdEdition

# Each game's base class keeps its contract (rules_core/contract.py): mypy
# checks these assignments, and every edition's overrides against its base.
_FIDE_CONTRACT: type[FideRules] = FideEdition
_FMJD_CONTRACT: type[FmjdRules] = FmjdEdition

EDITIONS: tuple[Edition, ...] = tuple(
    sorted(FIDE_EDITIONS + FMJD_EDITIONS, key=lambda e: (e.game, e.effective, e.id)))

# The first day the choice by date must cover (issue 10: 2002 to today).
TIMELINE_START = date(2002, 1, 1)


class UnknownEdition(ValueError):
    """An edition id that is not in the registry."""


def get_edition(name: str) -> Edition:
    """The edition with this id; ``ValueError`` naming the known ones."""
    for edition in EDITIONS:
        if edition.id == name:
            return edition
    known = ", ".join(e.id for e in EDITIONS)
    raise UnknownEdition(f"unknown edition: {name!r} (known: {known})")


def _by_date(game: str, rate: str) -> list[Edition]:
    return [e for e in EDITIONS if e.game == game and rate in e.rates
            and e.by_date]


def edition_for(game: str, rate: str, start: date) -> Edition | None:
    """The latest edition chosen by date for `game` and `rate` whose
    effective date is on or before `start`; None when none was in force yet
    (`choose` then takes the first, with a warning)."""
    candidates = [e for e in _by_date(game, rate) if e.effective <= start]
    return max(candidates, key=lambda e: e.effective, default=None)


@dataclass(frozen=True)
class Choice:
    """The edition that rates an event of a date, and what the user is told."""

    edition: Edition | None
    warnings: tuple[str, ...]
    gap: str | None = None        # why the date's rules are not established


def _gap(game: str, rate: str, day: date) -> Gap | None:
    if game != "chess":
        return None
    return next((g for g in GAPS if rate in g.rates and g.start <= day <= g.end), None)


def choose(game: str, rate: str, start: date) -> Choice:
    """The edition for an event starting on `start`, with a warning for a
    period whose rules are not established and for each caveat."""
    edition = edition_for(game, rate, start)
    why = reason = None
    gap = _gap(game, rate, start)
    if gap is not None:
        edition = get_edition(gap.edition)
        why = (f"{game} {rate} rules of {start.isoformat()} not established "
               f"({gap.start.isoformat()} to {gap.end.isoformat()}: {gap.why}): "
               f"rated with {edition.id}")
        reason = gap.why
    elif edition is None:
        edition = min(_by_date(game, rate), key=lambda e: e.effective, default=None)
        if edition is None:
            return Choice(None, ())
        why = (f"the event starts {start.isoformat()}, before the first edition "
               f"for {rate} ({edition.id}, {edition.effective.isoformat()}): "
               f"rated with {edition.id}")
        reason = "before the first edition"
    warnings = [why] if why else []
    warnings += [f"{edition.id}: {c}" for c in edition.caveats]
    return Choice(edition, tuple(warnings), reason)


@dataclass(frozen=True)
class Span:
    """Days `start` to `end` (inclusive) rated with `edition`; `gap` is why,
    when the rules of those days are not established."""

    start: date
    end: date
    edition: Edition
    gap: str | None


def timeline(game: str, rate: str, today: date) -> list[Span]:
    """The editions chosen by date from `TIMELINE_START` to `today`, as
    consecutive spans: every day belongs to exactly one."""
    cuts = {TIMELINE_START} | {e.effective for e in _by_date(game, rate)}
    for g in GAPS if game == "chess" else ():
        if rate in g.rates:
            cuts |= {g.start, g.end + timedelta(days=1)}
    days = sorted(d for d in cuts if TIMELINE_START <= d <= today)
    spans: list[Span] = []
    for first, nxt in zip(days, days[1:] + [today + timedelta(days=1)], strict=True):
        choice = choose(game, rate, first)
        if choice.edition is None:
            continue
        gap = choice.gap
        last = nxt - timedelta(days=1)
        if spans and spans[-1].edition is choice.edition and spans[-1].gap == gap:
            spans[-1] = Span(spans[-1].start, last, choice.edition, gap)
        else:
            spans.append(Span(first, last, choice.edition, gap))
    return spans
