"""The events of one rating period rated, each once, in this process or in
worker processes (docs/scale.md#compute).

The period's games are counted first (`plan`: which games count and the K
each event alone gives, rules_core.fide.engine.counted_games and
planned_games), each player's K capped by his games of the whole period
(fide-rb-2024 7.3.3, K x n <= 700), then every event is checked once with
those K and its games as counted (`rate_events`).  Given the start list and
the counts, the events are independent: a large period is rated by this
process and `concurrent.futures.ProcessPoolExecutor` workers started by
the fork server (sitegen.workers.fresh_context), each sent its ranges of
events pickled, as a worker forked from this process came to hold a copy
of most of its memory (one worker fewer than the processes asked for:
this process rates the ranges they have not started, `_collected`).  An
edition pickles as its id (rules_core.fide.editions), so a worker checks
with the registry's own, the one the event's games were counted for.  A
worker sends back, per event, only what the period's collection reads
(`Rated`): the report with its contract (marshalled bytes), each
player's rated games, score, averages and change, the valid norms, and
whether the check rated the event as counted; the tournament, the
engine's figures and the edition stay in the worker.  The results come
back in the events' order, whatever the number of processes.
"""

from __future__ import annotations

import marshal
import os
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, fields, replace
from datetime import date
from fractions import Fraction
from functools import partial
from itertools import compress, starmap
from multiprocessing.reduction import ForkingPickler
from operator import attrgetter

from rules_core.check import CheckOptions, CheckResult, check_tournament, rate_of_play_for
from rules_core.editions import choose
from rules_core.fide.editions import FideEdition
from rules_core.fide.engine import counted_games, planned_games
from rules_core.fide.games import CountedGames
from rules_core.fide.norm_tables import MINIMUM_GAMES
from rules_core.fide.norms import norms_for_event as chess_norms_for_event
from rules_core.fmjd.edition import FmjdEdition
from rules_core.model import Player, RoundResult, Tournament
from rules_core.timecontrol import minutes_for_60
from sitegen.cache import cached
from sitegen.compute.sitedata import EventReport
from sitegen.content.folder import Event
from sitegen.workers import (
    build_workers,
    fresh_context,
    inherited,
    start_worker,
    unstarted_from_last,
)

__all__ = ["Rated", "Played", "rate_events", "event_report", "ended", "PARALLEL_FROM"]

FMJD = FmjdEdition()

# A period of fewer player-rounds (entries x rounds over its events) is rated
# in this process: workers cost more than they save (docs/scale.md#compute).
PARALLEL_FROM = 20_000

# Ranges of events a worker: the last range one worker rates while the
# other has none left is the period's idle tail, so they are small (at
# FIDE's size, 2,882 events: about 22 a range, a quarter of a second of
# rating each; docs/scale.md#compute-session-22).
RANGES = 64

# (player id, rated games, score, opponents' average, competition average,
#  change, initial rating exact): a player's figures of one event
Played = tuple[str, int, Fraction | None, Fraction | None, Fraction | None,
               Fraction | None, Fraction | None]
Plan = tuple[FideEdition, CountedGames, dict[int, tuple[int, int | None]]]
# an event's players' ids ("" for a player without one) and working states
# (None: not registered), in its order
Found = tuple[Sequence[str], Sequence[object]]


@dataclass(slots=True)
class Rated:
    """What the period's collection reads of one rated event."""

    report: EventReport
    rateable: bool                  # rated, and rateable as a whole
    end: date
    percent: int                    # draughts: the K percentage of its rate of play
    players: list[Played]           # players with an id and rated games
    norms: list[tuple[str, dict]]   # (player id, valid norm), standard lists
    as_planned: bool                # rated with the games and K counted


@dataclass(slots=True)
class _Planned:
    """One event of the period ready to be checked."""

    event: Event
    tournament: Tournament
    plan: Plan | None
    given: dict[str, int]           # K by start number, capped by the period


def ended(t: Tournament) -> date:
    """The day an event ended (its start for a one-day file): the content
    gives every event a start date (docs/content-format.md), so the pipeline
    never meets an event without one."""
    day = t.end or t.start
    assert day is not None, f"{t.name}: an event without a date reached the pipeline"
    return day


def rate_events(spec, day: date, events: Sequence[tuple[Event, Tournament]],
                found: Sequence[Found], options: CheckOptions, workers: int | None = None,
                used: set[int] | None = None,
                meanwhile: Callable[[], object] | None = None) -> list[Rated]:
    """Every event of the period (`events`: each with its tournament as
    prepared from the start list) rated once, in their order.  Should an
    event be rated otherwise than counted (its games, its K), the period is
    rated the former way: every event, then again those whose K the
    period's games cap.  `used` receives the ids of the processes that
    rated events.  `found`: each event's players' ids and working states,
    in its order, the state None for a player not registered (whose games
    do not count towards the period's n).  `meanwhile`, called once, is this
    process's own work (the previous list's entries), done while the
    workers rate; it may read the players' states but not change what the
    events are rated from."""
    planned = _planned(events, found)
    rate = partial(_rate_one, spec, day, options)
    rated = _rate_all(rate, planned, build_workers(workers), used, meanwhile)
    if all(r.as_planned for r in rated):
        return rated
    first = [check_tournament(t, options) for _, t in events]
    counts = _period_games(first, found)
    return [_summary(spec, day, event, _capped(result, counts, options.norms), True)
            for (event, _), result in zip(events, first, strict=True)]


def _planned(events: Sequence[tuple[Event, Tournament]],
             found: Sequence[Found]) -> list[_Planned]:
    """The events with their games counted, each registered player's K
    capped by his games over the period (the n of fide-rb-2024 7.3.3): the
    registered players are those `found` gives a working state, read in
    the event's order, not looked up among a million
    (docs/scale.md#compute-session-27)."""
    plans = [_plan(t) for _, t in events]
    counts: dict[str, int] = defaultdict(int)
    for (_, t), plan, of_event in zip(events, plans, found, strict=True):
        if plan is None:
            continue
        games = plan[2]
        for p, pid, state in zip(t.players, *of_event, strict=True):
            if state is not None:
                counts[pid] += games[p.number][0]
    return [_Planned(event, t, plan, _period_k(t, plan, counts))
            for (event, t), plan in zip(events, plans, strict=True)]


def _plan(t: Tournament) -> Plan | None:
    """(edition, games counted, planned_games) of a chess event the check
    will rate: the edition it chooses (rules_core.editions.choose); None for
    draughts (no K x n cap) and for a file with errors (not rated)."""
    if t.game != "chess" or t.start is None or any(p.is_error for p in t.problems):
        return None
    edition = choose(t.game, rate_of_play_for(t)[0] or "standard", t.start).edition
    if not isinstance(edition, FideEdition):
        return None
    counted = counted_games(t, edition)
    return edition, counted, planned_games(t, edition, counted)


def _period_k(t: Tournament, plan: Plan | None, counts) -> dict[str, int]:
    """K by start number where the period's games cap it below the K the
    event alone gives (fide-rb-2024 7.3.3)."""
    if plan is None:
        return {}
    edition, _, games = plan
    given = {}
    for p in t.players:
        n_event, k = games[p.number]
        n = counts.get(p.id or "", 0)
        if k is not None and n > n_event:
            capped, _ = edition.cap_k(k, n)
            if capped != k:
                given[str(p.number)] = capped
    return given


def _rate_one(spec, day: date, options: CheckOptions, item: _Planned) -> Rated:
    """One event checked with the K the period gives and its games as
    counted, reduced to what the collection reads."""
    def rate() -> Rated:
        counted = None if item.plan is None else (item.plan[0], item.plan[1])
        result = check_tournament(item.tournament, replace(options, k=item.given, counted=counted))
        return _summary(spec, day, item.event, result, _as_planned(result, item.plan, item.given))
    # kept between builds under its inputs: the event as prepared from the
    # start list, its edition and K, the list and date (sitegen.cache); the
    # plan's games are not keyed: `_plan` makes them of the tournament and
    # the edition alone, and pickled they were twice the tournament (a third
    # of an incremental build's keying: docs/scale.md#incremental-builds)
    edition = None if item.plan is None else item.plan[0]
    return cached("rated event", (spec, day, options, item.event, item.tournament,
                                  edition, item.given), rate)


def _as_planned(result: CheckResult, plan: Plan | None, given: dict[str, int]) -> bool:
    """The check rated the event with the edition, games and K counted."""
    if plan is None:
        return result.rating is None or result.tournament.game != "chess"
    edition, _, games = plan
    if result.rating is None or result.edition is not edition:
        return False
    return all(r.rated_games == games[p.number][0]
               and (str(p.number) in given or r.k == games[p.number][1])
               for p, r in zip(result.tournament.players, result.rating.players, strict=True))


# -- in processes ----------------------------------------------------------------
#
# A task is a range of events (`RANGES` a process, of about equal entries x
# rounds), submitted with the function that rates one: the executor
# pickles it when it moves it to the call queue, and a worker returns its
# process id and the events' `Rated`, in order.  The workers are started by
# the fork server, not forked from this process: a forked worker shares
# this process's memory only until one of them writes to a page, and
# reading an object writes its reference count, so each came to hold a
# copy of most of it (docs/scale.md#memory-session-16); one started by the
# fork server holds the modules and the ranges it is sent (300,000
# players, two processes: its peak PSS 35 MiB, a forked one's 504).  It
# is given the active cache, None included, and the collector's state
# (rules_core.collector), which it does not inherit (sitegen.workers.inherited).
# The building process rates too: of `workers` processes, workers - 1 are
# started, and once its own work is done this process rates the ranges no
# worker has started, from the last one back, never pickled (`_collected`).


def _rate_all(rate: Callable[[_Planned], Rated], planned: list[_Planned], workers: int,
              used: set[int] | None, meanwhile: Callable[[], object] | None = None
              ) -> list[Rated]:
    sizes = [_work(item.tournament) for item in planned]
    if workers < 2 or len(planned) < 2 or sum(sizes) < PARALLEL_FROM:
        if meanwhile is not None:
            meanwhile()
        if used is not None and planned:
            used.add(os.getpid())
        return [rate(item) for item in planned]
    pool = ProcessPoolExecutor(max_workers=workers - 1, mp_context=fresh_context(),
                               initializer=start_worker, initargs=inherited())
    try:
        # every range is queued at once: the workers rate while this
        # process does its own work, then rates what they have not
        # started and collects
        bounds = _ranges(sizes, workers * RANGES)
        futures = [pool.submit(_rate_range, rate, planned[start:end]) for start, end in bounds]
        if meanwhile is not None:
            meanwhile()
        return _collected(rate, planned, bounds, futures, workers - 1, used)
    finally:
        # every range is collected by now, unless something failed: then
        # the ranges not started are dropped, not rated first
        pool.shutdown(cancel_futures=True)


# -- what a worker is sent --------------------------------------------------------
#
# The executor pickles a range with multiprocessing's pickler, whose own
# table of reductions sends an event's players and its counted games
# compactly (the cache and everything else pickle them as before).  A
# player goes as one marshalled tuple of his fields (his birth date as its
# day number) and of his rounds' fields, not as a `RoundResult.__reduce__`
# call a round (a million rounds sent at FIDE's size) and a field at a
# time; his counted games (`CountedGames.games`,
# the same round objects as his results) as a mask over his results, made
# again of the rounds he was sent, so that they are still his rounds.  For
# the 695 events of 300,000 players: pickled in 0.83 s against 1.55 s,
# loaded in 0.54 s against 0.77 s (docs/scale.md#compute-session-27).

_PLAYER_FIELDS = tuple(f.name for f in fields(Player) if f.name != "results")
_RESULTS_AT = [f.name for f in fields(Player)].index("results")
_BIRTH_AT = _PLAYER_FIELDS.index("birth")
_player_fields = attrgetter(*_PLAYER_FIELDS)
_round_fields = attrgetter(*(f.name for f in fields(RoundResult)))


def _sent_player(player: Player) -> str | tuple:
    """`player` reduced for a worker: his fields and his rounds' marshalled
    together; one given attributes of his own (none of the pipeline's
    are), or a value marshal does not write, as pickle reduces him."""
    values = _player_fields(player)
    birth = values[_BIRTH_AT]
    if len(player.__dict__) == len(_PLAYER_FIELDS) + 1 and (birth is None or
                                                            type(birth) is date):
        if birth is not None:
            values = (*values[:_BIRTH_AT], birth.toordinal(), *values[_BIRTH_AT + 1:])
        try:
            return (_received_player, (marshal.dumps(
                (values, tuple(map(_round_fields, player.results)))),))
        except ValueError:          # a value of a type marshal does not write
            pass
    return player.__reduce_ex__(5)


def _received_player(packed: bytes) -> Player:
    """The player `_sent_player` sent, his fields in their order."""
    values, rounds = marshal.loads(packed)
    birth = values[_BIRTH_AT]
    if birth is not None:
        values = (*values[:_BIRTH_AT], date.fromordinal(birth), *values[_BIRTH_AT + 1:])
    player = Player.__new__(Player)
    held = player.__dict__
    held.update(zip(_PLAYER_FIELDS[:_RESULTS_AT], values[:_RESULTS_AT], strict=True))
    held["results"] = list(starmap(RoundResult, rounds))
    held.update(zip(_PLAYER_FIELDS[_RESULTS_AT:], values[_RESULTS_AT:], strict=True))
    return player


def _sent_counted(counted: CountedGames) -> tuple:
    """`counted` reduced for a worker: each player's counted games as a mask
    over his results (pickled before, in the same range)."""
    held = counted.__dict__
    players = held["players"]
    masks = {}
    for number, games in held["games"].items():
        ids = set(map(id, games))
        masks[number] = bytes(map(ids.__contains__, map(id, players[number].results)))
    rest = {name: value for name, value in held.items() if name not in ("games", "players")}
    return (_received_counted, (masks, players, rest))


def _received_counted(masks: dict[int, bytes], players: dict[int, Player],
                      rest: dict) -> CountedGames:
    counted = CountedGames.__new__(CountedGames)
    held = counted.__dict__
    held.update(rest)
    held["players"] = players
    held["games"] = {number: list(compress(players[number].results, mask))
                     for number, mask in masks.items()}
    return counted


ForkingPickler.register(Player, _sent_player)
ForkingPickler.register(CountedGames, _sent_counted)


# Seconds the building process spent waiting for the workers' ratings, by
# period, oldest first (bench/fide_scale.py prints their sum): what is left
# to overlap with its own work (docs/scale.md#compute-session-8).
WAITED: list[float] = []


def _collected(rate: Callable[[_Planned], Rated], planned: list[_Planned],
               bounds: list[tuple[int, int]], futures: list[Future], forked: int,
               used: set[int] | None) -> list[Rated]:
    """Every range's `Rated`, in order: from the last range back, those no
    worker has started rated here, from `planned` (cancelled before the
    executor pickled them; the first `forked`, one a worker, are left to
    the workers), then the workers' taken in order, the time waited for
    them noted."""
    here: dict[int, list[Rated]] = {}
    for index in unstarted_from_last(futures, keep=forked):
        start, end = bounds[index]
        here[index] = [rate(item) for item in planned[start:end]]
    if here and used is not None:
        used.add(os.getpid())
    out: list[Rated] = []
    waited = 0.0
    for index, future in enumerate(futures):
        if index in here:
            out.extend(here[index])
            continue
        began = time.perf_counter()
        pid, chunk = future.result()
        waited += time.perf_counter() - began
        out.extend(chunk)
        if used is not None:
            used.add(pid)
    WAITED.append(waited)
    return out


def _rate_range(rate: Callable[[_Planned], Rated], planned: list[_Planned]
                ) -> tuple[int, list[Rated]]:
    """In a worker: a range of events, as pickled to it, rated."""
    return os.getpid(), [rate(item) for item in planned]


def _work(t: Tournament) -> int:
    """An event's size: entries x rounds."""
    return len(t.players) * max(t.rounds or 0, t.rounds_played or 0, 1)


def _ranges(sizes: list[int], chunks: int) -> list[tuple[int, int]]:
    """Consecutive ranges of about `chunks` equal shares of the total size:
    a range ends before the event that would take it past its share."""
    target, out, start, held = sum(sizes) / chunks, [], 0, 0
    for index, size in enumerate(sizes):
        if held and held + size > target:
            out.append((start, index))
            start, held = index, 0
        held += size
    out.append((start, len(sizes)))
    return out


# -- what the collection reads -------------------------------------------------------

def _summary(spec, day: date, event: Event, result: CheckResult, as_planned: bool) -> Rated:
    """The event's report (its chess norms judged first), and its players'
    figures and valid norms."""
    t = result.tournament
    if _judges_chess_norms(spec, t):
        _chess_norms(result)
    norms = _valid_norms(result.data) if spec.list == "standard" else []
    rating = result.rating
    minutes = minutes_for_60(t.time_control)
    return Rated(event_report(event, spec.list, day, result),
                 rating is not None and rating.rateable, ended(t),
                 FMJD.k_percent(minutes) if minutes else 100,
                 _played(result), norms, as_planned)


def _played(result: CheckResult) -> list[Played]:
    """Each player with an id and rated games: his figures the collection
    reads (pipeline._collect).  A chess player rated before the event
    needs his change alone (the period adds up the changes), so his score
    and averages are not sent: three Fractions fewer pickled in a worker
    and made again in the building process for each of 300,000 entries of
    FIDE's size (docs/scale.md#compute-session-25); a draughts player's
    (the period's figures, fmjd Annex 9 §3.3) and an unrated one's (his
    performances pooled, fide-rb-2024 7.2) are sent whole."""
    if result.rating is None or not result.rating.rateable:
        return []
    chess = result.tournament.game == "chess"
    return [(p.id, r.rated_games, None, None, None, r.change, None)
            if chess and r.change is not None else
            (p.id, r.rated_games, r.score, r.opponents_average, r.competition_average,
             r.change, r.initial_rating_exact)
            for p, r in zip(result.tournament.players, result.rating.players, strict=True)
            if p.id and r.rated_games]


def _valid_norms(data: dict) -> list[tuple[str, dict]]:
    """The valid norms of the event, by player id: draughts (fmjd Annex 10
    §4) and chess (FIDE B.01 (2024) 1.4)."""
    return [(p["id"], norm) for p in data["players"] if p.get("id")
            for norm in p["norms"] if norm["valid"]]


def _judges_chess_norms(spec, t: Tournament) -> bool:
    """Chess title norms for events of the standard list (FIDE B.01 (2024)
    0.3.1: titles for standard chess) of nine rounds or more (1.4.1 a: no
    norm in fewer games; a FIDE-scale site has thousands of shorter opens).
    Draughts norms come with the check (fmjd Annex 10, every event)."""
    return (spec.game == "chess" and spec.list == "standard"
            and (t.rounds or t.rounds_played) >= MINIMUM_GAMES)


def _chess_norms(result: CheckResult) -> None:
    """The norms achieved, as `check --norms` gives them (FIDE B.01 (2024)
    1.4), in the event's report: its page and the register list them; the
    others are not kept (every requirement of every player of thousands of
    opens is a lot of time and memory)."""
    achieved = chess_norms_for_event(result.tournament, achieved_only=True)
    for p in result.data["players"]:
        p["norms"] = [n.as_dict() for n in achieved.get(p["number"], [])]


def event_report(event: Event, list_name: str, day: date | None, result: CheckResult) -> EventReport:
    t = result.tournament
    return EventReport(event.slug, event.game, t.name or event.slug, t.start, t.end,
                       list_name, day, result.data.get("edition") or "", result.data,
                       event.path)


# -- the former way ------------------------------------------------------------------

def _period_games(results: Iterable[CheckResult], found: Sequence[Found]) -> dict[str, int]:
    """Rated games per registered player over the period's events (the n
    of K x n)."""
    counts: dict[str, int] = defaultdict(int)
    for result, of_event in zip(results, found, strict=True):
        if result.rating is None:
            continue
        for pid, state, r in zip(*of_event, result.rating.players, strict=True):
            if state is not None:
                counts[pid] += r.rated_games
    return counts


def _capped(result: CheckResult, counts, norms: bool) -> CheckResult:
    """Where the edition caps K x n at 700 over a rating period
    (fide-rb-2024 7.3.3), the event rated again with the period's n."""
    if result.rating is None:
        return result
    k_given = {}
    for p, r in zip(result.tournament.players, result.rating.players, strict=True):
        n = counts.get(p.id or "", 0)
        if r.k is not None and n > r.rated_games and isinstance(result.edition, FideEdition):
            capped, _ = result.edition.cap_k(r.k, n)
            if capped != r.k:
                k_given[str(p.number)] = capped
    options = CheckOptions(k=k_given, norms=norms)
    return check_tournament(result.tournament, options) if k_given else result
