"""The editions as a timeline, for the /regulations/ index.

The same spans `sitegen editions` prints (rules_core.editions.timeline),
each linked to the page of its text where content/regulations/ publishes it
(docs/editions.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Protocol

from rules_core.editions import EDITIONS, timeline
from sitegen.i18n import N_

__all__ = ["TimelineRow", "TIMELINE_GROUPS", "editions_timeline"]

@dataclass(frozen=True)
class TimelineRow:
    """One span of the timeline: the edition in force from `start` to `end`
    (None: still in force), its text's page when published, else its URL."""

    start: str
    end: str | None
    edition: str
    rates: str
    summary: str
    source: str
    page: str | None       # "regulations/fide-2009/" where its articles are published
    url: str | None        # the external source otherwise
    gap: str | None        # why the rules of the span are not established


TIMELINE_GROUPS = (("chess", "standard", N_("Chess, standard")),
                   ("chess", "rapid", N_("Chess, rapid and blitz")),
                   ("draughts", "standard", N_("Draughts")))


class _Published(Protocol):
    """A regulation text published on the site (RegulationDoc, or its view)."""

    @property
    def slug(self) -> str: ...


def editions_timeline(end: date, docs: Iterable[_Published]
                      ) -> list[tuple[str, list[TimelineRow]]]:
    """Per game and rate, the editions chosen by date from 2002 to `end`
    (rules_core.editions.timeline): the same choice the pipeline makes."""
    slugs = {doc.slug for doc in docs}
    last = max([end] + [e.effective for e in EDITIONS if e.by_date])
    return [(heading, [_timeline_row(span, slugs, last) for span in timeline(game, rate, last)])
            for game, rate, heading in TIMELINE_GROUPS]


def _timeline_row(span, slugs: set[str], last: date) -> TimelineRow:
    e = span.edition
    doc = "fmjd" if e.game == "draughts" else e.doc
    url = e.url
    return TimelineRow(span.start.isoformat(), None if span.end == last else span.end.isoformat(),
                       e.id, "/".join(e.rates), e.summary or e.title, e.source,
                       f"regulations/{doc}/" if doc in slugs else None,
                       url if url.startswith("http") else None, span.gap)
