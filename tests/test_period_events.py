"""A period's events rated once each, in this process or in workers started
by the fork server (docs/scale.md#compute): the same site whatever the
number of processes."""

from __future__ import annotations

import multiprocessing
import os
import time
from collections import Counter
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules_core.fide.engine as engine
import sitegen.compute.period_events as period_events
from rules_core.editions import get_edition
from rules_core.model import Player, RoundResult, Tournament
from sitegen.cache import ENV, Cache, using
from sitegen.compute.period_events import _ranges
from sitegen.compute.pipeline import compute
from sitegen.compute.resume import Chain
from sitegen.content.folder import load_content
from sitegen.site.regulations import load_regulations
from sitegen.site.render import render_site
from tests.shared_data import ROOT
from tests.site_fixture import round_robin_toml, write_content

# fide-rb-2024 7.3.3: four round robins of six players in May 2024 (the
# list of June), five games each: 20 in the period, so K 40 is capped at 35
# and every event's K depends on the others'.  Their draws differ, so that
# each event's changes are its own.
MAY = [(f"2024-05-may-rr-{i}", f"2024-05-{2 * i + 1:02d}", f"2024-05-{2 * i + 2:02d}")
       for i in range(4)]

# (sizes, chunks, ranges): consecutive, about equal in size, none empty; a
# range ends before the event that would take it past its share
RANGES = [
    ([5], 8, [(0, 1)]),
    ([1, 1, 1, 1], 2, [(0, 2), (2, 4)]),
    ([1, 1, 1, 1], 8, [(0, 1), (1, 2), (2, 3), (3, 4)]),
    ([10, 1, 1, 1, 1], 2, [(0, 1), (1, 5)]),
    ([1, 1, 1, 10], 4, [(0, 3), (3, 4)]),
    ([3, 3, 3, 3], 3, [(0, 1), (1, 2), (2, 3), (3, 4)]),
    ([2, 2, 2, 2, 2, 2], 2, [(0, 3), (3, 6)]),
]

# The rating of one event, as this module is imported: a worker started by
# the fork server imports it afresh, so sees no monkeypatch (`_failing`).
RATE_ONE = period_events._rate_one


@pytest.fixture(scope="module")
def may(tmp_path_factory):
    root = write_content(tmp_path_factory.mktemp("may") / "content")
    ids = ["1001", "1002", "1003", "1004", "1005", "1006"]
    for i, (slug, start, end) in enumerate(MAY):     # each with its own draws
        (root / "events" / "chess" / f"{slug}.toml").write_text(
            round_robin_toml(slug, start, end, ids, draws=lambda a, b, i=i: (a + b + i) % 3 == 0),
            encoding="utf-8")
    return root


@pytest.mark.parametrize("sizes,chunks,expected", RANGES)
def test_ranges_cover_the_events_in_order(sizes, chunks, expected):
    assert _ranges(sizes, chunks) == expected


def _tree(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}


def _former_way(*args):
    raise AssertionError("an event was not rated as planned")


def test_one_and_two_processes_make_the_same_site(may, tmp_path, monkeypatch):
    """Every period of two events or more rated in workers (however small:
    PARALLEL_FROM 0) gives the site, byte for byte, that one process gives,
    each event rated as planned (a worker given its edition pickled checks
    with the registry's own: never the former way); May's four events were
    rated outside this process."""
    monkeypatch.setattr(period_events, "PARALLEL_FROM", 0)
    monkeypatch.setattr(period_events, "_period_games", _former_way)
    regulations = load_regulations(ROOT / "content" / "regulations")
    trees, used = [], []
    for workers in (1, 2):
        used.append(set())
        data = compute(load_content(may), workers=workers, used=used[-1])
        out = tmp_path / f"w{workers}"
        out.mkdir()
        render_site(data, out, regulations, workers=1)
        trees.append(_tree(out))
    assert used[0] == {os.getpid()} and used[1] - {os.getpid()}
    assert trees[0].keys() == trees[1].keys()
    assert [k for k in trees[0] if trees[0][k] != trees[1][k]] == []
    assert any(k.startswith("events/2024-05-may-rr-3") for k in trees[1])


def test_the_last_list_is_made_while_the_workers_rate(may, monkeypatch):
    """The previous list's entries and history rows are made in this
    process while the workers rate the next period's events
    (docs/scale.md#compute-session-8), with the same data as made before
    them: the workers alive then are processes that rated; the time waited
    for the workers is noted, a period each."""
    import sitegen.compute.pipeline as pipeline
    monkeypatch.setattr(period_events, "PARALLEL_FROM", 0)
    during: set[int] = set()
    entries = pipeline._entries
    monkeypatch.setattr(pipeline, "_entries", lambda *a: during.update(
        p.pid for p in multiprocessing.active_children()) or entries(*a))
    used: set[int] = set()
    parallel = compute(load_content(may), workers=2, used=used)
    assert during & (used - {os.getpid()}) and period_events.WAITED
    assert all(w >= 0 for w in period_events.WAITED)
    assert parallel == compute(load_content(may), workers=1)


def test_a_small_period_is_rated_in_this_process(may):
    """Below PARALLEL_FROM entries x rounds, no process is forked."""
    used: set[int] = set()
    compute(load_content(may), workers=2, used=used)
    assert used == {os.getpid()}


def test_the_games_of_an_event_are_counted_once(may, monkeypatch):
    """fide.games.count_games runs once an event: the count made for the
    period's K x n (fide-rb-2024 7.3.3) is the one the event is rated with;
    the K comes out capped (700 // 20 = 35)."""
    counted, count = [], engine.count_games
    monkeypatch.setattr(engine, "count_games",
                        lambda t, edition: counted.append(t.name) or count(t, edition))
    content = load_content(may)
    data = compute(content, workers=1)
    chess = [e.tournament.name or e.slug for e in content.events if e.game == "chess"]
    assert Counter(counted) == Counter(chess)
    rr = [e for e in data.events if e.slug.startswith("2024-05-may-rr")]
    assert {p["k"] for e in rr for p in e.result["players"] if p["id"] == "1004"} == {35}


# -- the count given to rate_event ---------------------------------------------------
#
# rules_core.fide.engine: rate_event given the count counted_games made (as
# the period does) rates exactly as rate_event counting for itself, also for
# unrated players (whose event ratings the count then holds) and for a rapid
# player rated with his standard rating (fide-rb-2024 7.2.1).

COUNT_EDITIONS = ["fide-standard-2002", "fide-standard-2009", "fide-standard-2024",
                  "fide-rapid-blitz-2024"]
SCORE = {"1": 1.0, "=": 0.5, "0": 0.0}
BACK = {"1": "0", "=": "=", "0": "1"}


@st.composite
def _swiss(draw):
    """Player 1 (rated, unrated, or with only a standard rating) meets each
    opponent once."""
    n = draw(st.integers(1, 9))
    kind = draw(st.sampled_from(["rated", "unrated", "standard only"]))
    rating = draw(st.integers(1400, 2800))
    first = Player(1, "Player", rating=rating if kind == "rated" else None,
                   standard_rating=rating if kind == "standard only" else None)
    players = [first]
    for rnd in range(1, n + 1):
        code = draw(st.sampled_from(["1", "=", "0"]))
        first.results.append(RoundResult(rnd, rnd + 1, "w", code, SCORE[code]))
        players.append(Player(rnd + 1, f"Opponent {rnd + 1}",
                              rating=draw(st.integers(1400, 2800)),
                              results=[RoundResult(rnd, 1, "b", BACK[code],
                                                   SCORE[BACK[code]])]))
    return Tournament(name="count", system="swiss", players=players)


@pytest.mark.parametrize("edition_id", COUNT_EDITIONS)
@settings(deadline=None, max_examples=40)
@given(t=_swiss())
def test_rating_with_the_count_given_is_rating_as_before(edition_id, t):
    edition = get_edition(edition_id)
    counted = engine.counted_games(t, edition)
    assert engine.planned_games(t, edition, counted) == engine.planned_games(t, edition)
    assert engine.rate_event(t, edition, None, counted) == engine.rate_event(t, edition)


class _Future:
    """A queued range: `started` ones a worker has taken (no cancel)."""

    def __init__(self, index: int, started: bool):
        self.index, self.started, self.cancelled = index, started, False

    def cancel(self) -> bool:
        self.cancelled = not self.started
        return self.cancelled

    def result(self):
        assert not self.cancelled, "a range rated here is never waited for"
        return 4242, [("worker", self.index)]


@pytest.mark.parametrize("started,forked,here", [
    ([True, True, False, False, False], 1, [4, 3, 2]),    # the last three, last first
    ([True, False, False], 2, [2]),                       # the first two are the workers'
    ([True, True, True], 1, []),                          # every range taken
    ([False, False, True, False], 1, [3]),                # the ones before it: the workers'
])
def test_this_process_rates_the_ranges_no_worker_started(started, forked, here):
    """docs/scale.md#memory-session-17: of the queued ranges, this process
    rates those no worker has started, from the last one back, never the
    first one of each worker, and stops at the first a worker has; the
    ranges come out in order, each rated once."""
    rated: list[int] = []
    planned = list(range(len(started)))

    def rate(item):
        rated.append(item)
        return ("here", item)
    futures = [_Future(i, s) for i, s in enumerate(started)]
    bounds = [(i, i + 1) for i in planned]
    used: set[int] = set()
    out = period_events._collected(rate, planned, bounds, futures, forked, used)
    assert rated == here
    assert out == [("here", i) if i in here else ("worker", i) for i in planned]
    assert used == ({os.getpid()} if here else set()) | (
        {4242} if len(here) < len(planned) else set())


def _failing(where: str, building: int, spec, day, options, item):
    """`_rate_one`, failing for May's events (a period rated in two
    processes) in the workers ("worker") or in the building process
    ("here"); where it does not fail, a worker first waits a second, so
    that the building process has ranges left to rate."""
    if item.event.slug.startswith("2024-05-may-rr"):
        if (os.getpid() == building) == (where == "here"):
            raise RuntimeError(f"cannot rate {item.event.slug} ({where})")
        if os.getpid() != building:
            time.sleep(1)
    return RATE_ONE(spec, day, options, item)


@pytest.mark.parametrize("where", ["worker", "here"])
def test_a_failure_in_either_process_stops_the_period(may, monkeypatch, where):
    """An event whose rating fails, in a worker (which always has the first
    range) or in this process, fails the build with its error, and leaves
    no worker behind for the next build.  The rating is given to the
    workers pickled, as a function of this module (they see no
    monkeypatch)."""
    monkeypatch.setattr(period_events, "PARALLEL_FROM", 0)
    monkeypatch.setattr(period_events, "_rate_one", partial(_failing, where, os.getpid()))
    before = set(multiprocessing.active_children())
    with pytest.raises(RuntimeError, match=rf"cannot rate 2024-05-may-rr-\d \({where}\)"):
        compute(load_content(may), workers=2)
    assert set(multiprocessing.active_children()) <= before


def test_the_workers_rate_with_the_active_cache(may, tmp_path, monkeypatch):
    """A worker is given the building process's active cache
    (sitegen.cache.activate): the entries of the events it rated are found
    by a rating in this process under the same cache; with none active
    (a build whose cache is switched off), it keeps none, whatever
    $SITEGEN_BUILD_CACHE says.  (The lists' periods are not taken up from
    the cache, sitegen.compute.resume: every event is rated again.)"""
    monkeypatch.setattr(period_events, "PARALLEL_FROM", 0)
    monkeypatch.setattr(Chain, "of", classmethod(lambda cls, *args: None))
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setenv(ENV, str(folder))
    data, used = [], set()
    with using(None):
        data.append(compute(load_content(may), workers=2, used=used))
    assert used - {os.getpid()} and list(folder.iterdir()) == []
    first, again, used = Cache(folder, "code"), Cache(folder, "code"), set()
    content = load_content(may)             # the events read outside the cache
    with using(first):
        data.append(compute(content, workers=2, used=used))
    assert used - {os.getpid()}
    content = load_content(may)
    with using(again):
        data.append(compute(content, workers=1))
    assert data[0] == data[1] == data[2]
    # every result found; more than this process kept: the workers' too
    assert again.misses == 0 and again.hits > first.hits + first.misses


def test_an_event_is_sent_to_a_worker_as_it_is():
    """A range goes to a worker through multiprocessing's pickler, which
    sends each player with his rounds marshalled and his counted games as a
    mask over them (`_sent_player`, `_sent_counted`, docs/scale.md#compute-session-27):
    what arrives is equal to what was sent, the counted games are the
    player's own rounds, as `count_games` makes them, and the check rates
    it as the building process would."""
    import pickle
    from multiprocessing.reduction import ForkingPickler

    from rules_core.check import CheckOptions, check_tournament
    content = load_content(ROOT / "content")
    sent = [period_events._Planned(e, e.tournament, period_events._plan(e.tournament), {})
            for e in content.events if e.game == "chess" and e.tournament.players][:8]
    assert any(item.plan and any(item.plan[1].games.values()) for item in sent)
    received = pickle.loads(ForkingPickler.dumps(sent))
    for before, after in zip(sent, received, strict=True):
        assert after.tournament == before.tournament
        assert [p.__dict__ for p in after.tournament.players] == \
            [p.__dict__ for p in before.tournament.players]       # the fields in their order
        if before.plan is None:
            assert after.plan is None
            continue
        counted, arrived = before.plan[1], after.plan[1]
        assert arrived.__dict__ == counted.__dict__
        for number, games in arrived.games.items():
            own = {id(r) for r in arrived.players[number].results}
            assert all(id(g) in own for g in games)
            # the event's own player, or the copy the count rates from (a
            # standard rating beside a rapid one), as before
            assert (arrived.players[number] is after.tournament.player(number)) == (
                counted.players[number] is before.tournament.player(number))
        options = CheckOptions(counted=(after.plan[0], arrived))
        assert check_tournament(after.tournament, options).data == check_tournament(
            before.tournament, CheckOptions(counted=(before.plan[0], counted))).data


def test_a_player_given_an_attribute_of_his_own_is_sent_whole():
    """A player with an attribute beyond his fields, or a value marshal does
    not write, is pickled as pickle pickles him (none of the pipeline's
    has either; `_sent_player`); a birth date goes as its day number."""
    import pickle
    from datetime import date
    from fractions import Fraction
    from multiprocessing.reduction import ForkingPickler
    player = Player(1, "A", results=[RoundResult(1, 2, "w", "1", 1.0)])
    player.seen = True          # type: ignore[attr-defined]
    arrived = pickle.loads(ForkingPickler.dumps(player))
    assert arrived == player and arrived.seen is True
    odd = Player(2, "B", points=Fraction(1, 2), birth=date(2001, 2, 3))     # type: ignore[arg-type]
    assert pickle.loads(ForkingPickler.dumps(odd)) == odd
    born = Player(3, "C", birth=date(1999, 12, 31), declared_tiebreaks={"BH": 7.5})
    arrived = pickle.loads(ForkingPickler.dumps(born))
    assert arrived == born and type(arrived.birth) is date
