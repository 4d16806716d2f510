"""What the pipeline computes and the templates show: the site's data.

One pass: `pipeline.compute(content)` fills a `SiteData`; `render` turns it
into pages.  Nothing here computes a rating; every figure was computed by
rules_core and is only carried.  The records there are millions of at
FIDE's size (entries, history rows, players) have `__slots__`: no
dictionary each (docs/scale.md).
"""

from __future__ import annotations

import builtins
import copy
import marshal
import operator
import threading
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass, field, fields
from datetime import date
from typing import Any, Generic, TypeVar

import zstandard

__all__ = ["ByList", "ListEntry", "PublishedList", "HistoryRow", "PlayerRecord",
           "EventReport", "NormRecord", "TitleAward", "WorldCupView", "SiteData"]


# The empty value of a record's lists that most of a million players never
# fill (norms, titles, progress, events, a history row's events): one shared
# empty tuple instead of a 56-byte empty list each, 15 % of the site data at
# FIDE's size (docs/scale.md#memory).  Typed as any list; a list is made
# when there is something to hold (`pipeline._records`), never appended to.
EMPTY: Any = ()


@dataclass(slots=True)
class ListEntry:
    """One player on one published list."""

    id: str
    name: str
    federation: str
    sex: str
    birth_year: int | None
    title: str
    rating: int
    rank: int
    games: int                 # rated games in the period that made this list
    change: int | None         # against the previous list; None for a new entry
    k: int | None = None       # chess: K for the next period
    flag: str = ""             # "i" inactive (FIDE), "" active
    list_letter: str = ""      # draughts: A, B or C (fmjd Annex 9 §6.3)
    active: bool = True        # draughts: on the active list (fmjd Annex 9 §6)
    recent_games: int = 0      # draughts: rated games in the last 3 years
    new: bool = False          # first appearance (a first rating)

    def __reduce__(self) -> tuple:
        """Pickled as its fields in order, made again by the constructor: half
        the bytes and time of a slotted object's state (the lists a build
        keeps for the next, sitegen.compute.resume: tens of thousands of
        entries on the demo)."""
        return ListEntry, entry_fields(self)


# an entry's fields in order, as its constructor takes them (a pickled
# entry; a list's entries packed for a worker, sitegen.site.downloads)
entry_fields = operator.attrgetter(*(f.name for f in fields(ListEntry)))


@dataclass(slots=True)
class PublishedList:
    game: str                  # "chess" | "draughts"
    list: str                  # "standard" | "rapid" | "blitz" | "rapid-blitz"
    date: date
    edition: str               # the edition whose calendar and rules made it
    entries: builtins.list[ListEntry]
    events: builtins.list[str]          # slugs of the events rated on this list
    delisted: builtins.list[str] = field(default_factory=builtins.list)   # ids that fell below the floor

    @property
    def key(self) -> str:
        return self.date.strftime("%Y-%m")


@dataclass(slots=True)
class HistoryRow:
    """A player's rating on one list, with the events that made it."""

    date: date
    rating: int | None
    change: int | None
    games: int
    events: list[tuple[str, float | None]]   # (event slug, change in that event), or EMPTY

    def __reduce__(self) -> tuple:
        """Pickled as its fields, as `ListEntry`."""
        return HistoryRow, (self.date, self.rating, self.change, self.games, self.events)


@dataclass(slots=True)
class NormRecord:
    event: str                 # event slug
    date: date
    title: str
    kind: str                  # "red" | "black"
    category: str | None
    required: float | None
    achieved: float | None
    games: int | None = None


@dataclass(slots=True)
class TitleAward:
    title: str
    date: date
    how: str                   # "norms" | "automatic"
    detail: str = ""


V = TypeVar("V")


class ByList(MutableMapping[str, V], Generic[V]):
    """A player's values by list name ("standard" -> 2150), held as two
    tuples, the names shared by every player of the same lists
    (`_shared`): 96 bytes a player where a dict of one key takes 184, two
    of them a player, 0.2 GB at FIDE's size (docs/scale.md#memory)."""

    __slots__ = ("_names", "_values")

    def __init__(self, given: Mapping[str, V] | None = None):
        self._names: tuple[str, ...] = ()
        self._values: tuple[V, ...] = ()
        for name, value in (given or {}).items():
            self[name] = value

    @classmethod
    def of(cls, name: str, value: V) -> ByList[V]:
        """`ByList({name: value})`, made without a call to `__setitem__`
        (a million players' first list, `pipeline._records`); the shared
        one-name tuple found in a dict (docs/scale.md#compute-session-16)."""
        made = cls.__new__(cls)
        made._names, made._values = _one_name(name), (value,)
        return made

    @classmethod
    def of_one(cls, name: str) -> Callable[[Any], ByList[Any]]:
        """A function that makes `ByList.of(name, value)` of its value: the
        shared one-name tuple found once for a million players
        (`pipeline._records`), not once each."""
        names, new = _one_name(name), cls.__new__

        def made(value: Any) -> ByList[Any]:
            held = new(cls)
            held._names, held._values = names, (value,)
            return held
        return made

    def __getitem__(self, name: str) -> V:
        try:
            return self._values[self._names.index(name)]
        except ValueError:
            raise KeyError(name) from None

    def __setitem__(self, name: str, value: V) -> None:
        if name in self._names:
            at = self._names.index(name)
            self._values = (*self._values[:at], value, *self._values[at + 1:])
        else:
            self._names = _shared((*self._names, name))
            self._values = (*self._values, value)

    def __delitem__(self, name: str) -> None:
        at = self._names.index(name) if name in self._names else None
        if at is None:
            raise KeyError(name)
        self._names = _shared((*self._names[:at], *self._names[at + 1:]))
        self._values = (*self._values[:at], *self._values[at + 1:])

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    @property
    def names(self) -> tuple[str, ...]:
        """The list names, in the order they were added: one tuple shared
        by every `ByList` of the same names (a key to cache by)."""
        return self._names

    @property
    def values_in_order(self) -> tuple[V, ...]:
        """The values, in the order of `names`."""
        return self._values

    def __len__(self) -> int:
        return len(self._names)

    def __repr__(self) -> str:
        return f"ByList({dict(self)!r})"

    def __reduce__(self):
        return ByList, (dict(self),)


_NAMES: dict[tuple[str, ...], tuple[str, ...]] = {}
_ONE: dict[str, tuple[str, ...]] = {}       # a list's name -> its shared one-name tuple


def _one_name(name: str) -> tuple[str, ...]:
    """The shared one-name tuple of a list's name."""
    names = _ONE.get(name)
    if names is None:
        names = _ONE[name] = _shared((name,))
    return names


def _shared(names: tuple[str, ...]) -> tuple[str, ...]:
    """One tuple for every equal tuple of list names."""
    return _NAMES.setdefault(names, names)


@dataclass(slots=True)
class PlayerRecord:
    game: str
    id: str
    name: str
    federation: str
    sex: str
    birth_year: int | None
    title: str
    # list -> current rating, list -> rows oldest first: given as any
    # mapping (a dict), held as a `ByList`
    ratings: MutableMapping[str, int | None]
    history: MutableMapping[str, list[HistoryRow]]
    events: list[str]                           # event slugs, oldest first (or EMPTY)
    # EMPTY until a list is made: never appended to in place
    norms: list[NormRecord] = EMPTY
    titles: list[TitleAward] = EMPTY
    progress: list[str] = EMPTY          # towards the next title

    def __post_init__(self) -> None:
        if type(self.ratings) is not ByList:
            self.ratings = ByList(self.ratings)
        if type(self.history) is not ByList:
            self.history = ByList(self.history)


# Plain data held packed: marshalled (the standard library's serialiser of
# plain data) and compressed with Zstandard's level 1.  An event's contract
# is packed once, as it is rated, and read back a few times (its page, the
# norm register); a list's entries are packed to be sent to a worker
# (sitegen.site.downloads.PackedEntries).  At 300,000 players (695 events,
# 94.8 MiB of marshalled contracts) zlib's level 1 made 21.0 MiB in 0.56 s
# and read them back in 0.21 s; Zstandard's level 1 makes 14.1 MiB in
# 0.16 s and reads them back in 0.10 s (docs/scale.md#compute-session-20).
PACK_LEVEL = 1

# One compression context a thread, made once and used again (a context
# may not be used by two threads at once; the executor's thread packs a
# list for a worker while the building process renders).  What it gives is
# copied: Zstandard writes into a buffer of the largest size the data
# could take and shrinks it in place, and the rest of each buffer, left
# free between the objects made meanwhile, is seldom used again.  Packed
# as the pipeline packs them (each contract unmarshalled, then packed, at
# 300,000 players), 14.1 MiB held grew the resident memory by 61.5 MiB
# without the copy and by 18.8 MiB with it; zlib's 21.1 MiB, by 23.8 MiB.
# A context made for each call (`zstandard.compress`) grew it by 70 MiB
# (docs/scale.md#compute-session-20).
_contexts = threading.local()


def pack(data: Any) -> bytes:
    """`data` (plain data: what marshal writes) as packed bytes."""
    try:
        compressor = _contexts.compressor
    except AttributeError:
        compressor = _contexts.compressor = zstandard.ZstdCompressor(level=PACK_LEVEL)
    return bytes(memoryview(compressor.compress(marshal.dumps(data))))


def unpack(packed: bytes) -> Any:
    """The plain data `pack` packed, a fresh copy each time."""
    try:
        decompressor = _contexts.decompressor
    except AttributeError:
        decompressor = _contexts.decompressor = zstandard.ZstdDecompressor()
    return marshal.loads(decompressor.decompress(packed))


class EventReport:
    """An event as rated: its dates, the list it counts for, and the check
    contract (rules_core.check), `result`.

    The contract is held packed (`pack`: marshalled and compressed): a
    million games make millions of small dictionaries, four to five times
    the memory of their marshalled bytes, and those bytes, repeating the
    same keys in every row, six to seven times their packed size
    (docs/scale.md#memory).  Each reading of `result` gives a fresh copy,
    equal to what was given; changing it changes nothing held.  A contract
    holding what marshal cannot write (none does: plain data) is kept as
    given."""

    __slots__ = ("slug", "game", "name", "start", "end", "list", "list_date", "edition",
                 "_result", "source", "players", "problems", "norms")

    def __init__(self, slug: str, game: str, name: str, start: date | None,
                 end: date | None, list: str, list_date: date | None, edition: str,
                 result: dict, source: str):
        self.slug, self.game, self.name = slug, game, name
        self.start, self.end = start, end
        self.list = list               # the rating list it counts for
        self.list_date = list_date     # the list it was rated on
        self.edition, self.source = edition, source      # source: the content file
        self.players = len(result.get("players", []))   # entrants, without unmarshalling
        # the contract's problems, which every build reads (rating_problems),
        # without unmarshalling the rest: copies, as `result` gives
        self.problems: tuple = tuple(copy.deepcopy(result.get("problems", [])))
        # each player with a valid norm: (name, id, federation, his norms as
        # the contract gives them), which the norms' register reads of every
        # event on every build (sitegen.compute.norm_register)
        self.norms: tuple = tuple(
            (p.get("name"), p.get("id"), p.get("federation"), copy.deepcopy(p["norms"]))
            for p in result.get("players", [])
            if any(n.get("valid") for n in p.get("norms") or ()))
        try:
            self._result: bytes | dict = pack(result)
        except ValueError:
            self._result = result

    @property
    def result(self) -> dict:
        """The check contract (rules_core.check), a fresh copy each time."""
        held = self._result
        return unpack(held) if isinstance(held, bytes) else held

    def _key(self) -> tuple:
        return (self.slug, self.game, self.name, self.start, self.end, self.list,
                self.list_date, self.edition, self.result, self.source)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EventReport) and self._key() == other._key()

    __hash__ = None     # type: ignore[assignment]   # mutable, as the dataclass was

    def __repr__(self) -> str:
        return f"EventReport({self.slug!r}, {self.game!r}, {self.name!r}, ...)"


@dataclass(slots=True)
class WorldCupView:
    slug: str
    name: str
    standings: dict[date, dict[str, list[dict]]]   # as of -> "open"/"women" -> rows
    events: list[dict]                             # per event: id, name, stars, date
    reserve: dict[str, list[dict]]                 # "open"/"women" -> reserve list


@dataclass(slots=True)
class SiteData:
    name: str
    federation: str
    base_url: str
    lists: dict[tuple[str, str], list[PublishedList]]   # (game, list) -> oldest first
    players: dict[tuple[str, str], PlayerRecord]        # (game, id)
    events: list[EventReport]
    worldcup: list[WorldCupView]
    pages: dict[str, str]
    built: date                                         # the last list date
    languages: tuple[str, ...] = ("en",)                # site.toml; the first at the root
