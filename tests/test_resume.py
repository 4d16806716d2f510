"""A list's periods taken up from the previous build (sitegen.compute.resume):
the same site data as computing them, and taken up only after periods whose
every input is the same."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import sitegen.compute.resume as resume
from sitegen.cache import Cache, using
from sitegen.compute.pipeline import compute, list_dates
from sitegen.content.folder import load_content
from tests.site_fixture import round_robin_toml, write_content

CODE = "c" * 64
JULY = ("2024-07-july-cup.toml", ["1001", "1002", "1003"])


def _later(content: Path) -> Path:
    """`content` with a July event, rated on the August list."""
    name, ids = JULY
    (content / "events" / "chess" / name).write_text(
        round_robin_toml("July Cup", "2024-07-10", "2024-07-13", ids), encoding="utf-8")
    return content


def _earlier(root: Path) -> Path:
    """The fixture content ending with the July list, without the July event."""
    content = write_content(root)
    site = content / "site.toml"
    site.write_text(site.read_text(encoding="utf-8").replace("end = 2024-08-31",
                                                             "end = 2024-07-31"),
                    encoding="utf-8")
    return content


def _computed(content: Path, cache: Cache | None):
    with using(cache):
        return compute(load_content(content))


def _same(a, b) -> None:
    """The site data equal, field by field (what the pages are made of)."""
    assert a.lists == b.lists
    assert a.players == b.players
    assert [(e._key()) for e in a.events] == [(e._key()) for e in b.events]
    assert a.worldcup == b.worldcup
    assert (a.built, a.name, a.pages) == (b.built, b.name, b.pages)


@pytest.fixture
def month(tmp_path):
    """The content before the July event (its state kept in a cache) and
    the content with it."""
    before = _earlier(tmp_path / "before")
    after = _later(write_content(tmp_path / "after"))
    cache = Cache.open(tmp_path / "cache", CODE)
    assert cache is not None
    _computed(before, cache)
    return before, after, cache


def _taken(monkeypatch) -> list:
    """Each list's (k, digests) as `Chain.taken_up` answers while computing."""
    seen: list = []
    original = resume.Chain.taken_up

    def taken_up(self):
        found = original(self)
        seen.append((None if found is None else found[0], len(self.digests)))
        return found
    monkeypatch.setattr(resume.Chain, "taken_up", taken_up)
    return seen


def test_a_month_more_takes_up_the_periods_before_it(month, monkeypatch):
    """The chess list's periods up to July and the draughts list's up to
    July are taken up; August is computed; the data equal a computation
    without a cache."""
    _, after, cache = month
    seen = _taken(monkeypatch)
    data = _computed(after, cache)
    # chess monthly March..August (6): taken up to July (index 4);
    # draughts April and July (2): taken up whole, nothing after it
    assert seen == [(4, 6), (1, 2)]
    _same(data, _computed(after, None))


def test_the_same_content_again_takes_up_every_period(month, monkeypatch):
    before, _, cache = month
    seen = _taken(monkeypatch)
    _same(_computed(before, cache), _computed(before, None))
    assert seen == [(4, 5), (1, 2)]


def test_an_earlier_event_changed_is_computed_from_its_period_on(month, monkeypatch):
    """The April event's result changed: the chess list is computed from
    the start (its April period's digest differs, and so every later one);
    the draughts list is still taken up."""
    _, after, cache = month
    april = after / "events" / "chess" / "2024-04-april-open.toml"
    # round 1: player 2 beats player 1
    april.write_text(april.read_text(encoding="utf-8").replace('"2 w 1"', '"2 w 0"', 1)
                     .replace('"1 b 0"', '"1 b 1"', 1), encoding="utf-8")
    seen = _taken(monkeypatch)
    data = _computed(after, cache)
    assert seen == [(None, 6), (1, 2)]
    _same(data, _computed(after, None))


def test_a_registry_changed_computes_its_lists_again(month, monkeypatch):
    _, after, cache = month
    registry = after / "players" / "chess.csv"
    registry.write_text(registry.read_text(encoding="utf-8").replace("1985-05-05", "1986-05-05"),
                        encoding="utf-8")
    seen = _taken(monkeypatch)
    data = _computed(after, cache)
    assert seen == [(None, 6), (1, 2)]
    _same(data, _computed(after, None))


def test_the_digests_follow_each_input_from_its_period_on(tmp_path):
    """A period's digest names its inputs and every one before it: a meta
    file beside an event changes its period's digest and the later ones,
    never an earlier one; a later `end` only adds digests."""
    content = write_content(tmp_path / "content")
    cache = Cache.open(tmp_path / "cache", CODE)

    def digests(folder: Path) -> list[str]:
        loaded = load_content(folder)
        spec = loaded.settings.lists[0]                 # chess standard
        start, end = loaded.settings.start, loaded.settings.end
        dates = list_dates(spec.game, spec.list, start, end)
        from sitegen.compute.pipeline import _events_by_list
        with using(cache):
            chain = resume.Chain.of(loaded, spec, start, dates,
                                    _events_by_list(loaded, spec, dates))
        assert chain is not None
        return chain.digests

    first = digests(content)
    assert len(first) == 6 and len(set(first)) == 6
    (content / "events" / "chess" / "2024-06-june-open.meta.toml").write_text(
        '[event]\nrounds = 15\n', encoding="utf-8")
    with_meta = digests(content)
    # the June event counts for the July list (index 4)
    assert with_meta[:4] == first[:4] and with_meta[4] != first[4] and with_meta[5] != first[5]
    site = content / "site.toml"
    site.write_text(site.read_text(encoding="utf-8").replace("end = 2024-08-31",
                                                             "end = 2024-10-31"),
                    encoding="utf-8")
    longer = digests(content)
    assert longer[:6] == with_meta and len(longer) == 8


def _period_entry(cache: Cache, key: str) -> Path | None:
    """The entry of what the period of the list published as `key` made."""
    for entry in cache.folder.rglob("*"):
        if entry.is_file():
            found, value = cache.get(entry.name)
            if (found and isinstance(value, tuple) and len(value) == 3
                    and type(value[0]).__name__ == "PublishedList" and value[0].key == key):
                return entry
    return None


def test_a_damaged_period_entry_computes_the_list_again(month, monkeypatch):
    """What each period made is an entry of its own: one damaged, the list
    is computed from the start and kept whole again."""
    _, after, cache = month
    entry = _period_entry(cache, "2024-05")
    assert entry is not None
    entry.write_bytes(entry.read_bytes()[:-1])
    seen = _taken(monkeypatch)
    data = _computed(after, cache)
    assert seen[0] == (None, 6)
    _same(data, _computed(after, None))
    seen.clear()
    _computed(after, cache)
    assert seen == [(5, 6), (1, 2)]          # kept again, whole


def test_a_large_list_is_not_kept(tmp_path, monkeypatch):
    """Above `MOST_PLAYERS` registered players of a game the state is not
    kept (gigabytes at FIDE's size, docs/scale.md)."""
    monkeypatch.setattr(resume, "MOST_PLAYERS", 5)        # chess has 6, draughts 4
    content = write_content(tmp_path / "content")
    cache = Cache.open(tmp_path / "cache", CODE)
    assert cache is not None
    seen = _taken(monkeypatch)
    _computed(content, cache)
    assert seen == [(None, 2)]                            # draughts only
    kept = [pickle.loads(p.read_bytes()[len(b"sitegen-cache 1\n") + 32:])
            for p in cache.folder.rglob("*") if p.is_file()]
    lists = [v[0] for v in kept if isinstance(v, tuple) and len(v) == 3]
    assert {pl.game for pl in lists} == {"draughts"}


def test_a_month_writes_its_period_and_the_players_state_only(month, monkeypatch):
    """The periods before are kept already, under the same digests: a month
    writes the new period's entry and each list's players' state, and the
    players' history is not in the state (it is in the periods' entries)."""
    _, after, cache = month
    written: list = []
    original = Cache.put

    def put(self, key, value):
        written.append(value)
        return original(self, key, value)
    monkeypatch.setattr(Cache, "put", put)
    _computed(after, cache)
    periods = [v for v in written if isinstance(v, tuple) and len(v) == 3]
    states = [v for v in written if isinstance(v, tuple) and len(v) == 2
              and isinstance(v[0], str)]                   # (the last period's digest, state)
    # chess: the August period; draughts: taken up whole, nothing written
    assert [pl.key for pl, _, _ in periods] == ["2024-08"] and len(states) == 1
    history = periods[0][1]
    assert sorted(history) == ["1001", "1002", "1003", "1004", "1005", "1006"]
    assert all(row.date.isoformat() == "2024-08-01" for row in history.values())
    kept_players = states[0][1][0]
    assert set(kept_players) == {"1001", "1002", "1003", "1004", "1005", "1006"}
    assert not any(isinstance(v, list) and v and type(v[0]).__name__ == "HistoryRow"
                   for values in kept_players.values() for v in values)


def test_without_a_cache_no_chain_and_the_same_data(tmp_path):
    """Without an active cache there is no chain (nothing kept or taken up),
    and the data are those a first build with a cache computes, which keeps
    its periods as it goes."""
    from sitegen.compute.pipeline import _events_by_list

    content = write_content(tmp_path / "content")
    loaded = load_content(content)
    spec = loaded.settings.lists[0]
    dates = list_dates(spec.game, spec.list, loaded.settings.start, loaded.settings.end)
    with using(None):
        assert resume.Chain.of(loaded, spec, loaded.settings.start, dates,
                               _events_by_list(loaded, spec, dates)) is None
    cache = Cache.open(tmp_path / "cache", CODE)
    _same(_computed(content, None), _computed(content, cache))
    assert cache is not None and any(p.is_file() for p in cache.folder.rglob("*"))


def _registered(content: Path, line: str) -> Path:
    """`content` with one more registered chess player (a line of
    players/chess.csv)."""
    registry = content / "players" / "chess.csv"
    registry.write_text(registry.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")
    return content


def test_a_player_first_met_after_the_periods_taken_up_starts_from_the_registry(
        tmp_path, monkeypatch):
    """A registered player with no rating and no event until a later
    period has no working state in the build before (`pipeline._touched`:
    his record is the registry's); the build that adds his first event
    takes up the periods before it and starts him from the registry's
    values, as a computation without a cache does."""
    gray = '1007,"Gray, Gil",TST,m,1990-01-01,,,,,,,,'
    before = _registered(_earlier(tmp_path / "before"), gray)
    after = _registered(write_content(tmp_path / "after"), gray)
    (after / "events" / "chess" / JULY[0]).write_text(
        round_robin_toml("July Cup", "2024-07-10", "2024-07-13", ["1001", "1002", "1007"]),
        encoding="utf-8")
    cache = Cache.open(tmp_path / "cache", CODE)
    assert cache is not None
    first = _computed(before, cache)
    assert not first.players[("chess", "1007")].events
    seen = _taken(monkeypatch)
    data = _computed(after, cache)
    assert seen[0] == (4, 6)            # the chess list taken up to July, August computed
    _same(data, _computed(after, None))
    assert data.players[("chess", "1007")].events == [JULY[0].removesuffix(".toml")]
