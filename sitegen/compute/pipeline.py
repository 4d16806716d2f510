"""From content to site data, one list date after another.

For each published list (game, list), in date order: the events that closed
in the period are rated by rules_core with the edition in force at their
start, from the ratings on the list valid at their start; the period's
changes make the next list (FIDE: the rounding of the edition of the list;
FMJD: Annex 9 §3.3 over the period); first ratings pool across events as the
edition says; publication rules decide who appears.  Nothing here is a rule:
every figure comes from rules_core, this module only orders the work.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from datetime import date, timedelta
from fractions import Fraction
from typing import Any

from rules_core.check import CheckOptions, check_tournament, rate_of_play_for
from rules_core.editions import edition_for
from rules_core.fide.editions import FideEdition
from rules_core.fide.initial import EventPerformance, pooled_rating, within_window
from rules_core.fmjd.awards import NormRecord as AwardNorm
from rules_core.fmjd.awards import titles_through_norms
from rules_core.fmjd.edition import FmjdEdition
from rules_core.fmjd.lists import active, list_for_event, list_letter, years_before
from rules_core.fmjd.period import PeriodEvent, rate_period
from rules_core.fmjd.rating import K_THRESHOLD, NEW_PLAYER_GAMES
from rules_core.model import Player
from rules_core.problems import Problem
from sitegen.cache import cached
from sitegen.compute.period_events import WAITED, Rated, ended, event_report, rate_events
from sitegen.compute.resume import Chain
from sitegen.compute.sitedata import (
    EMPTY,
    ByList,
    EventReport,
    HistoryRow,
    ListEntry,
    NormRecord,
    PlayerRecord,
    PublishedList,
    SiteData,
    TitleAward,
)
from sitegen.compute.worldcup import world_cup
from sitegen.content.folder import Content, Event, RegistryPlayer

__all__ = ["compute", "list_of_event", "list_dates", "default_end", "rating_problems"]

FMJD = FmjdEdition()
ASSUMED_GAMES = 30        # what rules_core assumes of an unknown count (fide-2002 10.54)


NONE: Any = ()          # the empty value of a _Player's lists, shared (typed as any list)


@dataclass(slots=True)
class _Player:
    """One player's standing on one list while the record is computed."""

    reg: RegistryPlayer
    rating: int | None
    games: int | None                     # None: unknown (a blank count in the registry)
    reached: bool
    start_rating: int | None = None
    record_start: date | None = None      # the first registry rating: taken as a last game
    record_games: int | None = 0          # the games the registry gave then
    title: str = ""
    published: list[tuple[date, int | None]] = field(default_factory=list)
    # what most of a million players never have starts as the shared empty
    # tuple and becomes a list on its first item (`add`): 56 bytes each
    # an empty list, seven of them a player (docs/scale.md#memory)
    events: list[str] = NONE
    pending: list[EventPerformance] = NONE
    played: list[tuple[date, int]] = NONE
    history: list[HistoryRow] = field(default_factory=list)
    norms: list[AwardNorm] = NONE       # draughts, valid norms
    norm_rows: list[NormRecord] = NONE
    titles: list[TitleAward] = NONE
    progress: list[str] = NONE
    # the period's (event, change, games): read from the state the list's
    # loops read anyway, not looked up by id (`_entries`, `_history`; the
    # period's `changes` holds the states that have them); NONE again once
    # the list is made (`_period`)
    made: list[tuple[str, Fraction, int]] = NONE

    def add(self, name: str, item) -> None:
        """Append `item` to the list `name`, made on the first item."""
        held = getattr(self, name)
        if held is NONE:
            setattr(self, name, [item])
        else:
            held.append(item)

    def rating_on(self, day: date) -> int | None:
        """The rating on the list valid on `day` (the record's start rating
        before the first list).  The lists are published in date order and
        an event most often starts after the last one: read from the last
        back, not through every list of a long history (240 lists in
        twenty years of monthly lists) for each player of each event."""
        for listed, value in reversed(self.published):
            if listed <= day:
                return value
        return self.start_rating

    def games_since(self, day: date) -> int:
        """Rated games after `day`; the games the registry gave count as
        played on the date it gave them (it gives their number, not dates);
        an unknown number as none."""
        before = ((self.record_games or 0)
                  if self.record_start and self.record_start > day else 0)
        return before + sum(n for end, n in self.played if end > day)


def list_of_event(t, game: str) -> str | None:
    """The list an event counts for: chess by its rate of play; draughts
    standard or rapid-blitz by the time for 60 moves (fmjd Annex 9 §1.2.2)."""
    rate, minutes = rate_of_play_for(t)
    if game == "chess":
        return rate or "standard"
    if minutes:
        return FMJD.rating_list(minutes)
    return "rapid-blitz" if rate in ("rapid", "blitz") else "standard"


def _rate_for(list_name: str) -> str:
    return "rapid" if list_name == "rapid-blitz" else list_name


def list_dates(game: str, list_name: str, start: date,
               end: date) -> list[tuple[date, FideEdition | FmjdEdition]]:
    """Every list date from `start` to `end` with the edition whose calendar
    gives it (FIDE: 2002 quarterly, 2009 six a year, 2024 monthly; FMJD
    quarterly, Annex 9 §4.3)."""
    out: list[tuple[date, FideEdition | FmjdEdition]] = []
    day = date(start.year, start.month, 1)
    while day <= end:
        edition = (FMJD if game == "draughts"
                   else edition_for(game, _rate_for(list_name), day))
        if edition is not None and day.month in edition.list_months:
            out.append((day, edition))
        day = date(day.year + day.month // 12, day.month % 12 + 1, 1)
    return out


def _list_date_for(event_end: date, game: str, dates) -> date | None:
    """FIDE: the first list whose closing date the event ended by (fide-2009
    7.13, fide-rb-2024 6.1.3, fide-2002 9.13); FMJD: Annex 9 §4.4."""
    if game == "draughts":
        target = list_for_event(event_end)
        return target if any(d == target for d, _ in dates) else None
    for day, edition in dates:
        if (day - event_end).days >= edition.closing_days:
            return day
    return None


def compute(content: Content, progress=None, workers: int | None = None,
            used: set[int] | None = None, release: bool = False) -> SiteData:
    """The site data of `content`.  `workers`: the processes that rate a
    large period's events (docs/scale.md#compute; by default as rendering:
    $SITEGEN_WORKERS, else one a CPU); `used` receives the ids of the
    processes that rated events.

    With `release` (`sitegen build`, which drops the content after), compute
    lets go of what it no longer needs of `content`, so that it is not held
    beside the site data (docs/scale.md#memory): each event's players once
    they are copied to be rated (`_drop_players`), and a game's registry
    rows once its last list is made; the content's players, events' headers
    and problems, pages and settings stay.  Without it `content` is left as
    it was (computed again, it gives the same data)."""
    settings = content.settings
    WAITED.clear()
    end = settings.end or default_end(content)
    start = settings.start
    # load_content reports a missing start (or derives it) and an empty record
    assert start is not None and end is not None, "the content's start and end are checked"
    reports: dict[str, EventReport] = {}
    lists: dict[tuple[str, str], list[PublishedList]] = {}
    records: dict[tuple[str, str], PlayerRecord] = {}
    awarded: set[tuple[str, str]] = set()       # records given a title through norms
    last = {spec.game: at for at, spec in enumerate(settings.lists)}     # a game's last list
    first = {spec.game: at for at, spec in reversed(list(enumerate(settings.lists)))}
    for at, spec in enumerate(settings.lists):
        registry = content.players[spec.game]
        rows = _Rows(content.ratings.get(spec.game, []), spec.list, {}, _permanent(spec.game))
        dates = list_dates(spec.game, spec.list, start, end)
        by_date = _events_by_list(content, spec, dates)
        first_day = dates[0][0] if dates else end
        players = rows.players = _made_players(registry, rows, by_date, first_day)
        rows.apply(first_day, first=True)
        published: list[PublishedList] = []
        finish = None       # the last list's entries and history rows, still to make
        # the periods the previous build computed of the same inputs, taken up
        chain = Chain.of(content, spec, start, dates, by_date)
        done = chain.taken_up() if chain else None
        taken_to = -1       # the last period taken up
        # unrated, with performances pooled so far (chess): their states by id
        waiting: dict[str, _Player] = {}
        if done is not None:
            taken_to, (kept, rows.next), periods = done
            players = rows.players = _taken_players(kept, registry, _touched(rows, by_date))
            waiting = {pid: p for pid, p in players.items() if p.pending}
            for made, history, taken in periods:
                published.append(made)
                reports.update(taken)
                for pid, row in history.items():
                    players[pid].history.append(row)
        for at_day, (day, edition) in enumerate(dates):
            if at_day > taken_to:
                period = sorted(by_date.get(day, []), key=_end_order)
                made, finish = _period(spec, day, edition, period, players, reports, rows,
                                       waiting, (workers, used, finish), release)
                published.append(made)
            if progress:
                progress(f"{spec.game} {spec.list} {day:%Y-%m}")
        if finish is not None:
            finish()
        # the states it holds are let go of with their records (`_records`)
        waiting.clear()
        made_from = taken_to + 1
        if chain is not None and made_from < len(dates):    # before `_records` takes them
            chain.keep((_kept_players(players), rows.next),
                       _kept_periods(dates[made_from:], published[made_from:], players,
                                     reports, by_date), made_from)
        del rows
        if release and last[spec.game] == at:      # the game's registry rows, all applied
            content.ratings.pop(spec.game, None)
        for event in by_date.get(None, []):      # ended after the last list: not yet rated
            reports[event.slug] = _not_yet_rated(event, spec.list, _prepared(event, players))
        lists[(spec.game, spec.list)] = published
        _records(spec, registry, players, records, awarded, first=first[spec.game] == at)
    _awarded_titles_on_lists(lists, {key: records[key].titles for key in awarded})
    events = sorted(reports.values(), key=lambda r: (r.start or date.min, r.slug))
    cups = [world_cup(season, events, content.players["draughts"],
                      lists.get(("draughts", "standard"), []), end)
            for season in content.seasons]
    return SiteData(settings.name, settings.federation, settings.base_url, lists, records,
                    events, cups, content.pages, end, settings.languages)


# -- a list's periods kept for the next build (sitegen.compute.resume) ---------------

_KEPT = tuple(f.name for f in fields(_Player) if f.name not in ("reg", "history", "made"))


def _kept_players(players: dict[str, _Player]) -> dict[str, tuple]:
    """The players' working state after the last period, without their
    registry entries (the chain holds the registry's files: the next build
    has the same) and their history rows (kept by period, `_kept_periods`:
    written once, not again with every month)."""
    return {pid: tuple(getattr(p, name) for name in _KEPT) for pid, p in players.items()}


def _taken_players(kept: dict[str, tuple], registry: dict[str, RegistryPlayer],
                   touched: set[str]) -> dict[str, _Player]:
    """The players `_kept_players` kept, with their registry entries and an
    empty history (filled from the periods taken up), and the players
    `touched` by this build that the previous one did not keep (who play
    only in a period after the last one taken up: as they were then, their
    registry values; `_touched`), in the registry's order."""
    players = {}
    for pid, reg in registry.items():
        values = kept.get(pid)
        if values is None:
            if pid in touched:
                players[pid] = _registered(reg)
            continue
        p = object.__new__(_Player)
        for name, value in zip(_KEPT, values, strict=True):
            setattr(p, name, value)
        p.reg, p.history, p.made = reg, [], NONE
        players[pid] = p
    return players


def _registered(reg: RegistryPlayer) -> _Player:
    """A player's working state before the registry's rows of the list
    are applied (`_Rows`): no rating, no games, his registry title."""
    return _Player(reg, None, 0, False, title=reg.title)


def _made_players(registry: dict[str, RegistryPlayer], rows: _Rows, by_date,
                  day: date) -> dict[str, _Player]:
    """The working states of the ids a list can change (`_touched`), in the
    registry's order, each given the registry's undated row of the list
    (the short form, applied as `rows.apply(day, first=True)` applies it,
    which goes on from the dated rows).

    The undated rows are read with the registry (players/<game>.csv), one
    a player, in its order: each is met as the registry reaches his entry,
    not looked up in a set of 880,000 ids and again in `players` (1.2 s at
    FIDE's size, docs/scale.md#compute-session-27); only the players
    without one (a dated row, an event) are looked up.  Rows in another
    order (a content made otherwise) are taken the former way."""
    undated = rows.rows
    count = next((at for at, row in enumerate(undated) if row.date is not None), len(undated))
    others = _with_event_ids({row.id for row in undated[count:]}, by_date)
    players: dict[str, _Player] = {}
    apply_one = rows._apply
    at, upcoming = 0, undated[0] if count else None
    for pid, reg in registry.items():
        if upcoming is not None and upcoming.id == pid:
            p = players[pid] = _registered(reg)
            apply_one(upcoming, p, day, True)
            at += 1
            upcoming = undated[at] if at < count else None
        elif pid in others:
            players[pid] = _registered(reg)
    if at < count:          # not in the registry's order: every id looked up
        touched = _touched(rows, by_date)
        return {pid: _registered(reg) for pid, reg in registry.items() if pid in touched}
    rows.next = count
    return players


def _touched(rows: _Rows, by_date) -> set[str]:
    """The ids whose state a list can change: those named by the
    registry's rows of the list (a rating, `reached`, a title) and those
    of the players of its events.  A registered player not among them
    keeps the registry's values on every list of the build (no rating, no
    history rows, his title): his record is made from the registry
    (`_records`), without a working state (a quarter of FIDE's 1.2
    million players: docs/scale.md#compute-session-25).  The set is read
    only for registered ids, so the ids of unregistered players are left
    in it (taking them out cost about 0.3 s for FIDE's 880,000 ids)."""
    return _with_event_ids({row.id for row in rows.rows}, by_date)


def _with_event_ids(ids: set[str], by_date) -> set[str]:
    """`ids`, given the ids of the players of the list's events."""
    for events in by_date.values():
        for event in events:
            ids.update(p.id for p in event.tournament.players if p.id)
    return ids


def _kept_periods(dates, published, players, reports, by_date) -> list[tuple]:
    """For each of the periods of `dates` (the last ones, computed by this
    build): its list, each player's history row of its date, and its
    events' reports."""
    rows: dict[date, dict[str, HistoryRow]] = {day: {} for day, _ in dates}
    for pid, p in players.items():
        for row in reversed(p.history):     # in date order: the new periods' rows last
            if row.date not in rows:
                break
            rows[row.date][pid] = row
    return [(made, rows[day], {e.slug: reports[e.slug] for e in by_date.get(day, [])})
            for (day, _), made in zip(dates, published, strict=True)]


def _not_yet_rated(event: Event, list_name: str, prepared) -> EventReport:
    """The report of an event that ended after the last list (checked, not
    rated on a list), kept between builds under the event and its players
    as prepared from the start list (sitegen.cache): most such events are
    the same from one build to the next, until the list that rates them."""
    return cached("event not yet rated", (event, list_name, prepared),
                  lambda: event_report(event, list_name, None, check_tournament(prepared)))


def _drop_players(events) -> None:
    """Each event's tournament without its players and their rounds, once
    the period has prepared them to be rated (`_prepared`, which gives
    them the start list's figures in place: the prepared tournament
    holds them now, and the content no more): what the site
    shows of them is in the event's report; the header (what
    `_events_by_list` and `default_end` read of every event) and the
    problems (`rating_problems`) stay.  At FIDE's size the rounds as read
    are most of the content's memory (docs/scale.md#memory)."""
    for event in events:
        event.tournament = replace(event.tournament, players=[])


def _awarded_titles_on_lists(lists, awards) -> None:
    """One title per player everywhere: a title awarded through norms (fmjd
    Annex 10 §5-§9, on the list that completes them) is the player's title
    on every list of his game from that date on, as on his page.  `awards`:
    the titles awarded, by (game, id)."""
    if not awards:
        return
    for (game, _), published in lists.items():
        for pl in published:
            for entry in pl.entries:
                held = [t.title for t in awards.get((game, entry.id), ()) if t.date <= pl.date]
                if held:
                    entry.title = held[-1]


def _events_by_list(content, spec, dates) -> dict:
    """The events of one list by the date of the list they count for."""
    by_date = defaultdict(list)
    for event in content.events:
        if event.game == spec.game and list_of_event(event.tournament, spec.game) == spec.list:
            t = event.tournament
            by_date[_list_date_for(t.end or t.start, spec.game, dates)].append(event)
    return by_date


def default_end(content: Content) -> date | None:
    """No `end`: the record runs to the list the last event counts for, in
    whichever of the site's lists that is latest (an event's list comes
    after its end: fide-2009 7.13, fide-rb-2024 6.1.3, fmjd Annex 9 §4.4)."""
    start, last = content.settings.start, None
    for spec in content.settings.lists:
        ends = [ended(e.tournament) for e in content.events
                if e.game == spec.game and (e.tournament.end or e.tournament.start)
                and list_of_event(e.tournament, spec.game) == spec.list]
        if not ends or start is None:
            continue
        dates = list_dates(spec.game, spec.list, start, max(ends) + timedelta(days=400))
        day = _list_date_for(max(ends), spec.game, dates)
        last = max(last or day, day) if day else last
    dated = [r.date for rows in content.ratings.values() for r in rows if r.date]
    return max([d for d in (last, start, *dated) if d is not None], default=None)


class _Rows:
    """The registry's dated rows of one list, applied in date order: a row
    dated D is the player's as published on the first list on or after D
    (docs/content-format.md, "The registry").  A row's rating is a
    published one: at `permanent` or above, the player has reached it
    (`_permanent`), whatever the row's `reached` says."""

    def __init__(self, rows, list_name: str, players, permanent: int):
        self.rows = [r for r in rows if list_name in r.ratings or r.reached or r.title]
        self.list_name, self.players, self.next = list_name, players, 0
        self.permanent = permanent

    def apply(self, day: date, first: bool = False) -> None:
        # read through locals: a million rows for FIDE's first list
        rows, players, apply_one = self.rows, self.players, self._apply
        at, end = self.next, len(rows)
        while at < end and (rows[at].date or date.min) <= day:
            row = rows[at]
            apply_one(row, players[row.id], day, first)
            at += 1
        self.next = at

    def _apply(self, row, p: _Player, day: date, first: bool) -> None:
        p.reached = p.reached or row.reached
        p.title = row.title or p.title
        if self.list_name not in row.ratings:
            return
        games = row.games.get(self.list_name)
        if games is not None or p.rating is None:   # else: the count known so far stays
            p.games = games
        p.rating = row.ratings[self.list_name]
        p.reached = p.reached or p.rating >= self.permanent
        p.pending = NONE
        if first:
            p.start_rating = p.rating
        if p.record_start is None:
            p.record_start, p.record_games = day, p.games


# -- one period -------------------------------------------------------------------

def _period(spec, day, edition, events, players, reports, rows, waiting, work,
            release: bool = False) -> tuple[PublishedList, Callable[[], None]]:
    """The list of `day`, from the period's events, and the function that
    makes its entries and history rows, which the next period's workers
    leave time for (docs/scale.md#compute-session-8): given as the next
    period's `work[2]` (or called after the last), it reads the players'
    state as this period left it, which nothing changes before the next
    period's events are rated."""
    changes: dict[str, _Player] = {}        # the states given changes (`_Player.made`), by id
    fmjd_events: dict[str, list[PeriodEvent]] = defaultdict(list)
    options = CheckOptions(norms=spec.game == "draughts")
    # each event's players' ids and working states, in its order (`_prepared`), for the
    # period's count of games (`rate_events`) and its results (`_collect`)
    found: list[tuple[list[str], list[_Player | None]]] = [([], []) for _ in events]
    prepared = [(e, _prepared(e, players, in_place=release, found=of_event))
                for e, of_event in zip(events, found, strict=True)]
    if release:                 # prepared in place: the prepared tournaments hold the players now
        _drop_players(events)
    workers, used, meanwhile = work
    rated = rate_events(spec, day, prepared, found, options, workers, used, meanwhile)
    if spec.game == "draughts":
        rated = _games_in_period(spec, day, prepared, found, rated, options, workers, used)
    del prepared, work, meanwhile
    for event, summary, of_event in zip(events, rated, found, strict=True):
        if spec.list == "standard":
            _collect_norms(event, summary, players)
        reports[event.slug] = summary.report
        _collect(event, summary, of_event, changes, fmjd_events)
    del rated, found
    if spec.game == "chess":
        delisted = _chess_ratings(day, edition, players, changes, waiting)
    else:
        delisted = _draughts_ratings(players, fmjd_events)
    rows.apply(day)
    if spec.game == "draughts" and spec.list == "standard":
        _titles(day, players)
    _publish(day, players, _permanent(spec.game))
    made = PublishedList(spec.game, spec.list, day, edition.id, [],
                         [e.slug for e in events], delisted)

    held = [changes]      # let go once used: not beside the next period's

    def finish() -> None:
        period_changes = held.pop()
        made.entries = _entries(spec, day, edition, players)
        _history(day, players)
        for p in period_changes.values():   # read: the next period's are its own
            p.made = NONE
    return made, finish


def _games_in_period(spec, day, prepared, found, rated: list[Rated], options,
                     workers, used) -> list[Rated]:
    """fmjd Annex 9 §3.2.3, "K may change within one calculation period": a
    player rated by K (§3.3.1: 25 games or more on the list) has as games
    before an event those of the list plus his rated games in the period's
    events completed before it, taken in the order the period's rating
    takes them (their end, then their slug: `_end_order`,
    rules_core.fmjd.period.rate_period).  The events were rated with the
    list's count, as prepared; those where a player's count is more are
    rated again with it, so that an event's page shows the K the list
    applies.  The count does not change the games an event rates (its
    opponents' ratings do), so once is enough.  Under 25 games the list
    is the running average of the period's performances (§3.3.2), which a
    page of one event cannot show: it keeps the list's count, and shows
    the event as if alone."""
    played: dict[str, int] = defaultdict(int)       # rated games so far, by player
    again: list[int] = []
    counted = list(prepared)
    for at, ((event, t), summary) in enumerate(zip(prepared, rated, strict=True)):
        # a registered player: one `found` gives a working state (`_prepared`)
        more = {p.number: played[p.id] for p, state in zip(t.players, found[at][1], strict=True)
                if p.id in played and p.rating is not None and p.games_before is not None
                and p.games_before >= NEW_PLAYER_GAMES and state is not None}
        if more:
            copied = [_copy(p) for p in t.players]
            for p in copied:
                if p.number in more:        # a count known (not None), as `more` takes it
                    p.games_before = (p.games_before or 0) + more[p.number]
            counted[at] = (event, replace(t, players=copied))
            again.append(at)
        if summary.rateable:
            for pid, games, *_ in summary.players:
                played[pid] += games
    if not again:
        return rated
    redone = rate_events(spec, day, [counted[at] for at in again], [found[at] for at in again],
                         options, workers, used)
    rated = list(rated)
    for at, summary in zip(again, redone, strict=True):
        rated[at] = summary
    return rated


def _was(p: _Player) -> int | None:
    """The rating on the list before the last one published, against which
    the last list's differences are taken: the start rating before the
    first (the registry's, as `rating_on` gives it).  Nothing changes a
    rating between one list's publication and the next period's changes,
    so this is the rating the period started from, without a dictionary
    of a million players' ratings held through the period
    (docs/scale.md#compute-session-20).  Inlined in `_history` and
    `_chess_entries`, which read every player."""
    published = p.published
    return published[-2][1] if len(published) > 1 else p.start_rating


def _history(day, players) -> None:
    """Each player's row of the list: the rating, its difference, and the
    period's games and events (none for most of a million players: a row
    without games is shared by every player of the same rating and
    difference, as it is never changed)."""
    quiet: dict[tuple[int | None, int | None], HistoryRow] = {}
    for p in players.values():
        published = p.published     # `_was` inlined
        rating, was = p.rating, published[-2][1] if len(published) > 1 else p.start_rating
        change = None if was is None or rating is None else rating - was
        made = p.made
        if made:
            p.history.append(HistoryRow(day, rating, change, _made_games(made),
                                        [(slug, float(c)) for slug, c, _ in made]))
        elif rating is not None:     # the shared EMPTY: no events
            row = quiet.get((rating, change))
            if row is None:
                row = quiet[(rating, change)] = HistoryRow(day, rating, change, 0, EMPTY)
            p.history.append(row)


def _end_order(event: Event):
    t = event.tournament
    return (t.end or t.start, event.slug)


def _prepared(event: Event, players, in_place: bool = False,
              found: tuple[list[str], list[_Player | None]] | None = None):
    """The event with each registered player's rating on the list valid at
    its start (fide-2009 4.13, fmjd Annex 9 §5.2), and the history K
    depends on.  Its players are copies, so that the content stays as it
    was read; `in_place` (a build that releases the content, `compute`)
    gives the figures to the content's own players, which are read no
    more once the period is prepared (`_drop_players`): copying 300,000
    entries of FIDE's size was about a second of the build
    (docs/scale.md#compute-session-25).  `found` receives the players'
    ids ("" without one) and working states (None: not registered), in the
    event's order, as two lists (no object an entry)."""
    start = event.tournament.start
    entries = event.tournament.players
    t = replace(event.tournament, players=entries if in_place else [_copy(p) for p in entries])
    ids, states = ([], []) if found is None else found
    for p in t.players:
        pid = p.id or ""
        state = players.get(pid)
        ids.append(pid)
        states.append(state)
        if state is None:
            continue
        p.rating = state.rating_on(start)
        p.games_before = state.games
        p.reached_2400 = p.reached_2300 = state.reached
        p.birth_year = p.birth_year or state.reg.birth_year
        p.sex = p.sex or state.reg.sex
        p.title = p.title or state.title or None
        p.federation = p.federation or state.reg.federation
    return t


def _copy(player: Player) -> Player:
    """A copy of an event's player, as `dataclasses.replace(player)` makes
    it (its fields, nothing computed from them), without a call to
    `__init__` for each of a million entries."""
    copied = object.__new__(Player)
    copied.__dict__.update(player.__dict__)
    return copied


def _collect(event, rated: Rated, found, changes, fmjd_events) -> None:
    """The event's rated players' games, events and changes given to their
    working states.  `found`: the event's players' ids and working states
    in its order (`_prepared`), of which the rated players (`rated.players`,
    sent back in the same order) are met in turn, not looked up among a
    million (350,000 entries of FIDE's size: docs/scale.md#compute-session-27)."""
    if not rated.rateable:
        return
    end, slug = rated.end, event.slug
    ids, states = found
    at = 0
    for pid, games, score, opponents, competition, change, initial in rated.players:
        while ids[at] != pid:           # a player without rated games, not sent back
            at += 1
        state = states[at]
        at += 1
        if state is None:
            continue
        # `add` inlined (each entry of a period: 350,000 at FIDE's size)
        played, events = state.played, state.events
        if played is NONE:
            state.played = [(end, games)]
        else:
            played.append((end, games))
        if events is NONE:
            state.events = [slug]
        else:
            events.append(slug)
        if event.game == "draughts":
            # a player with rated games has a score and an opponents' average
            assert score is not None and opponents is not None
            fmjd_events[pid].append(PeriodEvent(end, games, float(score), float(opponents),
                                                rated.percent))
            entry = (slug, change or Fraction(0), games)
        elif change is not None:
            entry = (slug, change, games)
        elif initial is not None:
            average = competition or opponents
            assert score is not None and average is not None   # as above
            state.add("pending", EventPerformance(games, score, average, initial,
                                                  tuple([average] * games), end))
            entry = (slug, Fraction(0), games)
        else:
            continue
        made = state.made
        if made is NONE:
            state.made = [entry]
            changes[pid] = state
        else:
            made.append(entry)


def _chess_ratings(day, edition, players, changes: dict[str, _Player],
                   waiting: dict[str, _Player]) -> list[str]:
    """fide-2009 8.55 / fide-rb-2024 7.3.4: the period's changes added up and
    rounded as the edition of the list says; first ratings pooled (fide-2002
    10.3, fide-2009 8.3, fide-rb-2024 6.1.4), also for the unrated players
    `waiting` with performances of earlier periods (pooled again under the
    edition of this list); below the floor, delisted (in the order of their
    ids).  Only these players are read: the others keep their rating and
    count (a million players at FIDE's size, a fifth of them with games)."""
    delisted: list[str] = []
    for pid, p in changes.items():          # every player in `changes` has games
        _period_change(edition, pid, p, p.made, delisted)
    for pid, p in waiting.items():
        if pid not in changes and p.rating is None and p.pending:
            _first_rating(edition, p)
    waiting.update(changes)
    for pid in [pid for pid, p in waiting.items() if p.rating is not None or not p.pending]:
        del waiting[pid]
    _one_time_adjustment(day, edition, players)
    return sorted(delisted)


def _permanent(game: str) -> int:
    """The rating that, once published, is reached for good: K 10 from then
    on, even below it (chess 2400: fide-2002 10.54a, fide-2009 8.56,
    fide-rb-2024 7.3.3, the same in every FIDE edition; draughts 2300: fmjd
    Annex 9 §3.2.3)."""
    return K_THRESHOLD if game == "draughts" else FideEdition.k_permanent_rating


def _publish(day: date, players, permanent: int) -> None:
    """Every player's rating on the list of `day` (the next period's start
    list, `rating_on`); a published rating at `permanent` or above is
    reached (`_permanent`), whether the build computed it or the
    registry gave it (`_Rows`)."""
    # one (day, rating) a rating, shared by every player who has it: about
    # 2,000 tuples a list of FIDE's size, not 1.2 million (64 MiB a list)
    shared: dict[int | None, tuple[date, int | None]] = {}
    for p in players.values():
        rating = p.rating
        made = shared.get(rating)
        if made is None:
            made = shared[rating] = (day, rating)
        p.published.append(made)
        if rating is not None and rating >= permanent and not p.reached:
            p.reached = True


def _made_games(made: list[tuple[str, Fraction, int]]) -> int:
    """The rated games of a player's period (`_Player.made`): most players
    have one event a period, read without a generator
    (docs/scale.md#compute-session-27)."""
    return made[0][2] if len(made) == 1 else sum(n for _, _, n in made)


def _period_change(edition, pid: str, p: _Player, made, delisted: list[str]) -> None:
    """A player with games in the period: his rating changed by their sum
    (or his first rating pooled), his count of games raised by them."""
    games = _made_games(made)
    if p.rating is not None and games:
        # added up from the first change, not from Fraction(0): most players
        # have one event a period, and adding Fractions is slow
        # (docs/scale.md#compute-session-16)
        total = made[0][1]
        for _, change, _ in made[1:]:
            total += change
        p.rating = edition.new_rating(p.rating, total)
        if p.rating < edition.floor:
            p.rating = None
            delisted.append(pid)
    elif p.rating is None and p.pending:
        _first_rating(edition, p)
    p.games = None if p.games is None else p.games + games   # unknown stays unknown


def _one_time_adjustment(day, edition, players) -> None:
    """fide-2024: the list of 1 March 2024 raises every rating below 2000 by
    0.4 x (2000 - R) (FIDE QC, 1 March 2024), once, after the period."""
    if edition.one_time_adjustment_list != day:
        return
    for p in players.values():
        if p.rating is not None:
            p.rating = edition.one_time_adjustment(p.rating)


def _first_rating(edition, p: _Player) -> None:
    latest = p.pending[-1].end
    assert latest is not None            # the pipeline dates every performance
    p.pending = [e for e in p.pending if e.end and within_window(edition, e.end, latest)]
    first = pooled_rating(edition, p.pending)
    if first.published is not None:
        p.rating, p.pending = first.published, NONE


def _games_or_assumed(games: int | None) -> int:
    """An unknown count of rated games is taken as 30, the assumption of
    `sitegen check` (fmjd Annex 9 §3.2.3 K; rules_core.fmjd.event), so the
    build and the check agree; the build prints it (content loader)."""
    return ASSUMED_GAMES if games is None else games


def _draughts_ratings(players, fmjd_events) -> list[str]:
    """fmjd Annex 9 §3.3 and §5.5: the events of the period in date order."""
    for pid, events in fmjd_events.items():
        p = players[pid]
        result = rate_period(p.rating, _games_or_assumed(p.games), p.reached, events)
        p.rating = result.published
        p.games = None if p.games is None else result.games
    return []


# -- norms and titles (draughts) ----------------------------------------------------------

_TITLE_ORDER = {"open": ("CMF", "MF", "MI", "GMI"), "women": ("CMFF", "MFF", "MIF", "GMIF")}


def _collect_norms(event, rated: Rated, players) -> None:
    """The valid norms of the event, kept per player: draughts (fmjd Annex
    10 §4, which also count towards titles) and chess (FIDE B.01 (2024) 1.4,
    the games as 1.4.1 d counts them)."""
    end = rated.end
    for pid, norm in rated.norms:
        state = players.get(pid)
        if state is None:
            continue
        if event.game == "chess":
            state.add("norm_rows", NormRecord(event.slug, end, norm["title"], "",
                                              None, norm["required"], norm["achieved"],
                                              norm["counted_games"]))
        else:
            state.add("norms", AwardNorm(norm["title"], norm["kind"], norm["games"],
                                         event.slug, end))
            state.add("norm_rows", NormRecord(event.slug, end, norm["title"], norm["kind"],
                                              norm["category"], norm["required"],
                                              norm["achieved"], norm["games"]))


def _titles(day: date, players) -> None:
    """fmjd Annex 10 §5-§9: a title is awarded on the first list on which
    the norms and the rating (at any time) suffice; short of it, the
    reasons are the player's progress."""
    for p in players.values():
        if not p.norms:
            continue
        female = p.reg.sex == "w"
        order = _TITLE_ORDER["women" if female else "open"]
        ratings = [r for _, r in p.published] + [p.rating]
        held = {p.title} | {t.title for t in p.titles}
        p.progress = []
        # highest first: a title awarded makes the lower ones held
        for check in reversed(titles_through_norms(p.norms, ratings, female=female)):
            if check.title not in order or _holds(held, check.title, order):
                continue
            if check.awarded:
                p.add("titles", TitleAward(check.title, day, "norms",
                                           f"{len(check.norms)} norms, {check.games} games"))
                held.add(check.title)
            else:
                p.progress.insert(0, f"{check.title}: " + "; ".join(check.reasons))


def _holds(held: set[str], title: str, order: tuple[str, ...]) -> bool:
    """A title held, or a higher one of the same ladder."""
    rank = order.index(title)
    return any(t in order and order.index(t) >= rank for t in held)


# -- publication ----------------------------------------------------------------------

def _entries(spec, day, edition, players) -> list[ListEntry]:
    """The list: every player at or above the published floor, by rating
    (then name, then id), ranked with ties sharing the higher rank.

    Each entry is made in the players' order, into a bucket of its rating,
    and each bucket is sorted by name and id: at FIDE's size (815,000
    entries, about 540 a rating) 0.9 s where sorting them all as (-rating,
    name, id) took 1.7 to 2.0 s, most of it comparing the names of equal
    ratings (docs/scale.md#compute-session-21)."""
    floor = _published_floor(spec.game, edition)
    inactive = years_before(day, 1)        # the same for every entry of the list
    buckets = (_chess_entries if spec.game == "chess" else _draughts_entries)(
        players, floor, day, edition, inactive)
    entries: list[ListEntry] = []
    for rating in sorted(buckets, reverse=True):
        tied = buckets[rating]
        tied.sort()        # (name, id, entry): the ids are unique, no entry is compared
        rank = len(entries) + 1             # ties share the higher rank
        for _, _, entry in tied:
            entry.rank = rank
            entries.append(entry)
    return entries


def _bucket(buckets: dict[int, list], rating: int, item: tuple) -> None:
    """`item` added to the bucket of `rating` (`_entries`), made on the first."""
    held = buckets.get(rating)
    if held is None:
        buckets[rating] = [item]
    else:
        held.append(item)


def _draughts_entries(players, floor: int, day, edition, inactive: date) -> dict:
    """The draughts list's entries, unranked, as (name, id, entry) by rating."""
    buckets: dict[int, list] = {}
    for pid, p in players.items():
        rating = p.rating
        if rating is None or rating < floor:
            continue
        reg, made, was = p.reg, p.made, _was(p)
        entry = ListEntry(pid, reg.name, reg.federation, reg.sex, reg.birth_year, p.title,
                          rating, 0, _made_games(made) if made else 0,
                          None if was is None else rating - was, new=was is None)
        _draughts_figures(entry, day, edition, p, inactive)
        _bucket(buckets, rating, (reg.name, pid, entry))
    return buckets


def _chess_entries(players, floor: int, day, edition, inactive: date) -> dict:
    """The chess list's entries, unranked, as (name, id, entry) by rating, with K
    for the next period and the inactive flag (fide-2009 7.23a, fide-rb-2024
    6.2.2a: no rated game for a year), made in one loop (a million entries
    at FIDE's size)."""
    buckets: dict[int, list] = {}
    year, k_factor = day.year, edition.k_factor
    for pid, p in players.items():
        rating = p.rating
        if rating is None or rating < floor:
            continue
        published = p.published     # `_was` inlined
        reg, was = p.reg, published[-2][1] if len(published) > 1 else p.start_rating
        made = p.made
        # the latest (end, games): its end is the latest (`_last_game` inlined)
        last = max(p.played)[0] if p.played else p.record_start
        name = reg.name
        item = (name, pid, ListEntry(
            pid, name, reg.federation, reg.sex, reg.birth_year, p.title,
            rating, 0, _made_games(made) if made else 0,
            None if was is None else rating - was,
            k_factor(rating, p.games, p.reached, year, reg.birth_year)[0],
            "i" if last is None or last <= inactive else "", "", True, 0, was is None))
        held = buckets.get(rating)      # `_bucket` inlined
        if held is None:
            buckets[rating] = [item]
        else:
            held.append(item)
    return buckets


def _published_floor(game: str, edition) -> int:
    return edition.floor if game == "chess" and isinstance(edition, FideEdition) else 0


def _last_game(p: _Player) -> date | None:
    """The end of the player's last rated event, else the registry's first
    rating (taken as a last game)."""
    return max(p.played)[0] if p.played else p.record_start     # the latest (end, games)


def _draughts_figures(entry: ListEntry, day, edition, p: _Player, inactive: date) -> None:
    """fmjd Annex 9 §6: the games of the last three years, the list letter
    (§6.3) and whether the player is on the active list."""
    recent = p.games_since(years_before(day, 3))
    entry.recent_games = recent
    entry.list_letter = list_letter(entry.rating, _games_or_assumed(p.games), recent,
                                    _last_game(p), day)
    entry.active = active(entry.rating, recent)


def _difference(before: int | None, after: int | None) -> int | None:
    return None if before is None or after is None else after - before


def _records(spec, registry, players, records, awarded: set | None = None,
             first: bool = False) -> None:
    """Each registered player's record of the list made (or added to), in
    the registry's order: his working state is let go of as his record is
    made, so that the two are not held at once for every player
    (docs/scale.md#memory); a player without one (`_touched`) has the
    registry's values: no rating and no history rows on the list.
    `awarded` receives the keys of the records given a title through
    norms (`_awarded_titles_on_lists`), so that a million records are
    not read again to find the few.  `first`: the game's first list, on
    which no record of the game is made yet.

    The working states are in the registry's order (`players` is made
    from the registry and never added to): each is taken as the registry
    reaches his entry, not looked up, and `players` is left empty, as a
    lookup and a removal for each of FIDE's 1.2 million players took
    1.2 s, most of it reaching a dictionary of a million entries
    (docs/scale.md#compute-session-27)."""
    game, one = spec.game, ByList.of_one(spec.list)
    get = records.get
    states = list(players.values())
    players.clear()
    at, count = 0, len(states)
    upcoming = states[0] if states else None
    for pid, reg in registry.items():
        if upcoming is not None and upcoming.reg is reg:
            p, states[at] = upcoming, None          # let go of with the record made
            at += 1
            upcoming = states[at] if at < count else None
            rating, history, title = p.rating, p.history, p.title
        else:       # without a working state (`_touched`): the registry's values
            p, rating, history, title = None, None, [], reg.title
        key = (game, pid)
        record = None if first else get(key)
        if record is None:      # his first list: made as it is, not added to
            record = records[key] = PlayerRecord(game, pid, reg.name, reg.federation, reg.sex,
                                                 reg.birth_year, title, one(rating),
                                                 one(history), EMPTY)
        else:
            record.ratings[spec.list] = rating
            record.history[spec.list] = history
        if p is None:
            continue
        # new lists, not appended to: an empty one is the shared EMPTY
        if p.norm_rows:
            record.norms = [*record.norms, *p.norm_rows]
        if p.titles:     # the title awarded last (fmjd Annex 10 §5-§9)
            record.titles = [*record.titles, *p.titles]
            record.title = p.titles[-1].title
            if awarded is not None:
                awarded.add(key)
        if p.progress:
            record.progress = [*record.progress, *p.progress]
        events = p.events
        if events:     # else unchanged: sorted and unique already (a million players)
            # the state's own list where it is the record's first event
            # (most of a period's 300,000 players), else a new one
            record.events = events if len(events) == 1 and not record.events else sorted(
                set(record.events) | set(events))
    # every working state taken: `players` is in the registry's order
    assert at == count, f"{count - at} working states out of the registry's order"


def rating_problems(content: Content, data: SiteData) -> list:
    """The problems found while rating the events (rate of play unknown, no
    edition for the date, ...), as (file, Problem), beyond those the
    readers found, which the content already reported."""
    read = {e.slug: {(p.code, p.line, p.message) for p in e.tournament.problems}
            for e in content.events}
    out = []
    for report in data.events:
        for p in report.problems:
            if (p["code"], p["line"], p["message"]) not in read.get(report.slug, ()):
                out.append((str((content.root / report.source).relative_to(content.root.parent)),
                            Problem(p["severity"], p["code"], p["message"], p["line"],
                                    p["column"])))
    return out
