"""A list's periods taken up where the previous build left them
(docs/scale.md#periods-taken-up).

A list is computed period after period, each from the state the one
before left (`sitegen.compute.pipeline`): the players' ratings, counts,
histories and norms, the registry rows applied so far, the published
lists and the events' reports.  A monthly build adds a period or two at
the end; the periods before are the previous build's, made of the same
inputs by the same code.  So each build keeps, in its cache
(`sitegen.cache`), the state a list ended with under a *chain* of digests
of the inputs, one a period: the list, the record's start, the registry's
files, then for each period its date, its edition and its events' files
(the event file and its meta file, each by the SHA-256 of its text:
`Content.sources`).  A period's digest names its inputs and, through the
one before it, every input before it, so a state is taken up only after
the very period whose digest it was kept under, and the periods after it
are computed as before: the same state, the same site, bytes for bytes
(tests/test_resume.py builds with and without it and compares).

What the chain leaves out is what no period reads: the site's name, its
`end` (which only adds dates after), the pages, the World Cup's seasons,
which are computed after the periods from their results.  The code is
in every cache key (a new sitegen computes everything again).

The players' state (without their history) is one entry a list and code,
rewritten by each build that computes a period of it; what each period
made (its list, the players' history rows of its date, its events'
reports) is an entry of its own, under its period's digest, written once:
a month writes its period and the players' state, not the whole record
again.  Not used for a list of more than
`MOST_PLAYERS` registered players: at FIDE's size the state pickled is
gigabytes, written every build and held beside the site data while it
is written (the 3 GB target, docs/scale.md#memory), for periods a
monthly build computes in a minute or two.
"""

from __future__ import annotations

import hashlib
from pathlib import PurePosixPath
from typing import Any

from sitegen.cache import Cache, active
from sitegen.content.folder import meta_file

__all__ = ["Chain", "MOST_PLAYERS"]

MOST_PLAYERS = 100_000      # registered players of a game, at most, for a list to be kept


class Chain:
    """The digests of one list's periods (`digests[k]`: the inputs of
    periods 0..k), and the entry its state is kept under."""

    def __init__(self, cache: Cache, key: str, digests: list[str]):
        self.cache, self.key, self.digests = cache, key, digests

    @classmethod
    def of(cls, content, spec, start, dates, by_date) -> Chain | None:
        """The chain of `spec`'s periods (`dates`, with `by_date`'s events),
        or None: no active cache, a list too large (`MOST_PLAYERS`), or an
        input not read from a file of the content."""
        cache = active()
        if cache is None or len(content.players.get(spec.game, {})) > MOST_PLAYERS:
            return None
        key = cache.key("periods taken up", (spec.game, spec.list))
        if key is None:
            return None
        sources = content.sources
        registry = [sources.get(f"players/{spec.game}{suffix}.csv")
                    for suffix in ("", "-ratings")]
        link = _digest(None, ("list", spec.game, spec.list, str(start), registry))
        digests = []
        for day, edition in dates:
            files = []
            for event in by_date.get(day, []):
                if event.path not in sources:       # an event not read from a file
                    return None
                files.append((event.slug, event.path, sources[event.path],
                              sources.get(str(meta_file(PurePosixPath(event.path))))))
            link = _digest(link, ("period", str(day), edition.id, sorted(files)))
            digests.append(link)
        return cls(cache, key, digests)

    def taken_up(self) -> tuple[int, Any, list] | None:
        """(k, the state kept after period k, what each period up to it
        kept) when the cache holds them for one of these periods, with every
        input up to it the same."""
        taken = self._taken_up()
        if taken is None:
            self.cache.misses += 1
        else:
            self.cache.hits += 1
        return taken

    def _taken_up(self) -> tuple[int, Any, list] | None:
        found, value = self.cache.get(self.key)
        if not found or not isinstance(value, tuple) or len(value) != 2:
            return None
        digest, state = value
        if digest not in self.digests:
            return None
        last = self.digests.index(digest)
        periods = []
        for digest in self.digests[:last + 1]:
            found, made = self.cache.get(self._period_key(digest))
            if not found:
                return None
            periods.append(made)
        return last, state, periods

    def keep(self, state: Any, periods: list, made_from: int) -> None:
        """What each period from `made_from` on made (`periods`, one a
        period), kept under its own period's digest (those before are kept
        already: the same digest, the same period), then the state after
        the last period, for the next build (the previous entry replaced):
        a build that stops between the two leaves periods no state names."""
        if not self.digests:
            return
        for digest, made in zip(self.digests[made_from:], periods, strict=True):
            self.cache.put(self._period_key(digest), made)
        self.cache.put(self.key, (self.digests[-1], state))

    def _period_key(self, digest: str) -> str:
        key = self.cache.key("period made", digest)
        assert key is not None, "a string pickles"
        return key


def _digest(before: str | None, what: tuple) -> str:
    """SHA-256 of the digest `before` and `what` (strings, None and tuples
    and lists of them: repr is exact for those)."""
    return hashlib.sha256(f"{before}\n{what!r}".encode()).hexdigest()
