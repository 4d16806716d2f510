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
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from fractions import Fraction
from typing import Any

from rules_core.check import CheckOptions, CheckResult, check_tournament, rate_of_play_for
from rules_core.editions import choose, edition_for
from rules_core.fide.editions import FideEdition
from rules_core.fide.engine import planned_games
from rules_core.fide.initial import EventPerformance, pooled_rating, within_window
from rules_core.fide.norm_tables import MINIMUM_GAMES
from rules_core.fide.norms import norms_for_event as chess_norms_for_event
from rules_core.fmjd.awards import NormRecord as AwardNorm
from rules_core.fmjd.awards import titles_through_norms
from rules_core.fmjd.edition import FmjdEdition
from rules_core.fmjd.lists import active, list_for_event, list_letter, years_before
from rules_core.fmjd.period import PeriodEvent, rate_period
from rules_core.fmjd.rating import K_THRESHOLD
from rules_core.model import Tournament
from rules_core.problems import Problem
from rules_core.timecontrol import minutes_for_60
from sitegen.compute.sitedata import (
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
    list_name: str = ""
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

    def add(self, name: str, item) -> None:
        """Append `item` to the list `name`, made on the first item."""
        held = getattr(self, name)
        if held is NONE:
            setattr(self, name, [item])
        else:
            held.append(item)

    def rating_on(self, day: date) -> int | None:
        """The rating on the list valid on `day` (the record's start rating
        before the first list)."""
        rating = self.start_rating
        for listed, value in self.published:
            if listed <= day:
                rating = value
        return rating

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


def _ended(t: Tournament) -> date:
    """The day an event ended (its start for a one-day file): the content
    gives every event a start date (docs/content-format.md), so the pipeline
    never meets an event without one."""
    day = t.end or t.start
    assert day is not None, f"{t.name}: an event without a date reached the pipeline"
    return day


def compute(content: Content, progress=None) -> SiteData:
    settings = content.settings
    end = settings.end or default_end(content)
    start = settings.start
    # load_content reports a missing start (or derives it) and an empty record
    assert start is not None and end is not None, "the content's start and end are checked"
    reports: dict[str, EventReport] = {}
    lists: dict[tuple[str, str], list[PublishedList]] = {}
    records: dict[tuple[str, str], PlayerRecord] = {}
    for spec in settings.lists:
        players = {pid: _Player(reg, None, 0, False, title=reg.title, list_name=spec.list)
                   for pid, reg in content.players[spec.game].items()}
        rows = _Rows(content.ratings.get(spec.game, []), spec.list, players)
        dates = list_dates(spec.game, spec.list, start, end)
        rows.apply(dates[0][0] if dates else end, first=True)
        by_date = _events_by_list(content, spec, dates)
        published = []
        for day, edition in dates:
            period = sorted(by_date.get(day, []), key=_end_order)
            published.append(_period(spec, day, edition, period, players, reports, rows))
            if progress:
                progress(f"{spec.game} {spec.list} {day:%Y-%m}")
        for event in by_date.get(None, []):      # ended after the last list: not yet rated
            reports[event.slug] = _report(event, spec.list, None,
                                          check_tournament(_prepared(event, players)))
        lists[(spec.game, spec.list)] = published
        _records(spec, players, records)
    _awarded_titles_on_lists(lists, records)
    events = sorted(reports.values(), key=lambda r: (r.start or date.min, r.slug))
    cups = [world_cup(season, events, content.players["draughts"],
                      lists.get(("draughts", "standard"), []), end)
            for season in content.seasons]
    return SiteData(settings.name, settings.federation, settings.base_url, lists, records,
                    events, cups, content.pages, end, settings.languages)


def _awarded_titles_on_lists(lists, records) -> None:
    """One title per player everywhere: a title awarded through norms (fmjd
    Annex 10 §5-§9, on the list that completes them) is the player's title
    on every list of his game from that date on, as on his page."""
    awards = {key: r.titles for key, r in records.items() if r.titles}
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
        ends = [_ended(e.tournament) for e in content.events
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
    (docs/content-format.md, "The registry")."""

    def __init__(self, rows, list_name: str, players):
        self.rows = [r for r in rows if list_name in r.ratings or r.reached or r.title]
        self.list_name, self.players, self.next = list_name, players, 0

    def apply(self, day: date, first: bool = False) -> None:
        while self.next < len(self.rows) and (self.rows[self.next].date or date.min) <= day:
            row = self.rows[self.next]
            self.next += 1
            self._apply(row, self.players[row.id], day, first)

    def _apply(self, row, p: _Player, day: date, first: bool) -> None:
        p.reached = p.reached or row.reached
        p.title = row.title or p.title
        if self.list_name not in row.ratings:
            return
        games = row.games.get(self.list_name)
        if games is not None or p.rating is None:   # else: the count known so far stays
            p.games = games
        p.rating = row.ratings[self.list_name]
        p.pending = NONE
        if first:
            p.start_rating = p.rating
        if p.record_start is None:
            p.record_start, p.record_games = day, p.games


# -- one period -------------------------------------------------------------------

def _period(spec, day, edition, events, players, reports, rows) -> PublishedList:
    changes: dict[str, list[tuple[str, Fraction, int]]] = defaultdict(list)
    fmjd_events: dict[str, list[PeriodEvent]] = defaultdict(list)
    options = CheckOptions(norms=spec.game == "draughts")
    rated = _rated_once(events, players, options)
    for event in events:
        result = rated.pop(event.slug)    # freed once reported and collected
        if _judges_chess_norms(spec, result.tournament):
            _chess_norms(result)
        if spec.list == "standard":
            _collect_norms(event, result, players)
        reports[event.slug] = _report(event, spec.list, day, result)
        _collect(event, result, players, changes, fmjd_events)
    before = {pid: p.rating for pid, p in players.items()}
    if spec.game == "chess":
        delisted = _chess_ratings(day, edition, players, changes)
    else:
        delisted = _draughts_ratings(players, fmjd_events)
    rows.apply(day)
    entries = _entries(spec, day, edition, players, before, changes)
    if spec.game == "draughts" and spec.list == "standard":
        _titles(day, players)
    for pid, p in players.items():
        p.published.append((day, p.rating))
        if p.rating is not None or pid in changes:
            p.history.append(HistoryRow(day, p.rating, _difference(before[pid], p.rating),
                                        sum(n for _, _, n in changes.get(pid, [])),
                                        [(slug, float(c)) for slug, c, _ in changes.get(pid, [])]))
    return PublishedList(spec.game, spec.list, day, edition.id, entries,
                         [e.slug for e in events], delisted)


def _end_order(event: Event):
    t = event.tournament
    return (t.end or t.start, event.slug)


def _prepared(event: Event, players):
    """The event with each registered player's rating on the list valid at
    its start (fide-2009 4.13, fmjd Annex 9 §5.2), and the history K
    depends on."""
    start = event.tournament.start
    t = replace(event.tournament, players=[replace(p) for p in event.tournament.players])
    for p in t.players:
        state = players.get(p.id or "")
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


def _rated_once(events, players, options: CheckOptions) -> dict[str, CheckResult]:
    """Every event of the period rated once.  Where the edition caps K x n
    at 700 over the rating period (fide-rb-2024 7.3.3), each player's games
    of the period are counted first (rules_core.fide.engine.planned_games)
    and the K so capped given to the check.  Should an event be rated
    otherwise than counted (its games, its K), the period is rated the
    former way: every event, then again those whose K the period caps."""
    prepared = {e.slug: _prepared(e, players) for e in events}
    plans = {slug: _plan(t) for slug, t in prepared.items()}
    counts: dict[str, int] = defaultdict(int)
    for slug, t in prepared.items():
        plan = plans[slug]
        if plan is None:
            continue
        for p in t.players:
            if p.id in players:
                counts[p.id] += plan[1][p.number][0]
    rated, as_planned = {}, True
    for slug, t in prepared.items():
        given = _period_k(t, plans[slug], counts)
        rated[slug] = check_tournament(t, replace(options, k=given))
        as_planned = as_planned and _as_planned(rated[slug], plans[slug], given)
    if as_planned:
        return rated
    first = {slug: check_tournament(t, options) for slug, t in prepared.items()}
    counts = _period_games(first.values(), players)
    return {slug: _capped(result, counts, options.norms) for slug, result in first.items()}


def _plan(t: Tournament) -> tuple[FideEdition, dict[int, tuple[int, int | None]]] | None:
    """(edition, planned_games) of a chess event the check will rate: the
    edition it chooses (rules_core.editions.choose); None for draughts (no
    K x n cap) and for a file with errors (not rated)."""
    if t.game != "chess" or t.start is None or any(p.is_error for p in t.problems):
        return None
    edition = choose(t.game, rate_of_play_for(t)[0] or "standard", t.start).edition
    return ((edition, planned_games(t, edition)) if isinstance(edition, FideEdition)
            else None)


def _period_k(t, plan, counts) -> dict[str, int]:
    """K by start number where the period's games cap it below the K the
    event alone gives (fide-rb-2024 7.3.3)."""
    if plan is None:
        return {}
    edition, games = plan
    given = {}
    for p in t.players:
        n_event, k = games[p.number]
        n = counts.get(p.id or "", 0)
        if k is not None and n > n_event:
            capped, _ = edition.cap_k(k, n)
            if capped != k:
                given[str(p.number)] = capped
    return given


def _as_planned(result: CheckResult, plan, given: dict[str, int]) -> bool:
    """The check rated the event with the edition, games and K counted."""
    if plan is None:
        return result.rating is None or result.tournament.game != "chess"
    edition, games = plan
    if result.rating is None or result.edition is not edition:
        return False
    return all(r.rated_games == games[p.number][0]
               and (str(p.number) in given or r.k == games[p.number][1])
               for p, r in zip(result.tournament.players, result.rating.players, strict=True))


def _period_games(results, players) -> dict[str, int]:
    """Rated games per player over the period's events (the n of K x n)."""
    counts: dict[str, int] = defaultdict(int)
    for result in results:
        if result.rating is None:
            continue
        for p, r in zip(result.tournament.players, result.rating.players, strict=True):
            if p.id in players:
                counts[p.id] += r.rated_games
    return counts


def _judges_chess_norms(spec, t) -> bool:
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


def _capped(result: CheckResult, counts, norms: bool) -> CheckResult:
    """The former way (`_rated_once`): where the edition caps K x n at 700
    over a rating period (fide-rb-2024 7.3.3), the event is rated again
    with the period's n."""
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


def _collect(event, result: CheckResult, players, changes, fmjd_events) -> None:
    if result.rating is None or not result.rating.rateable:
        return
    minutes = minutes_for_60(result.tournament.time_control)
    percent = FMJD.k_percent(minutes) if minutes else 100
    end = _ended(result.tournament)
    for p, r in zip(result.tournament.players, result.rating.players, strict=True):
        state = players.get(p.id or "")
        if state is None or not r.rated_games:
            continue
        state.add("played", (end, r.rated_games))
        state.add("events", event.slug)
        if event.game == "draughts":
            # a player with rated games has a score and an opponents' average
            assert r.score is not None and r.opponents_average is not None
            fmjd_events[p.id].append(PeriodEvent(end, r.rated_games, float(r.score),
                                                 float(r.opponents_average), percent))
            changes[p.id].append((event.slug, r.change or Fraction(0), r.rated_games))
        elif r.change is not None:
            changes[p.id].append((event.slug, r.change, r.rated_games))
        elif r.initial_rating_exact is not None:
            average = r.competition_average or r.opponents_average
            assert r.score is not None and average is not None   # as above
            state.add("pending", EventPerformance(
                r.rated_games, r.score, average, r.initial_rating_exact,
                tuple([average] * r.rated_games), end))
            changes[p.id].append((event.slug, Fraction(0), r.rated_games))


def _chess_ratings(day, edition, players, changes) -> list[str]:
    """fide-2009 8.55 / fide-rb-2024 7.3.4: the period's changes added up and
    rounded as the edition of the list says; first ratings pooled (fide-2002
    10.3, fide-2009 8.3, fide-rb-2024 6.1.4); below the floor, delisted."""
    delisted = []
    for pid, p in players.items():
        games = sum(n for _, _, n in changes.get(pid, []))
        if p.rating is not None and games:
            total = sum((c for _, c, _ in changes[pid]), Fraction(0))
            p.rating = edition.new_rating(p.rating, total)
            if p.rating < edition.floor:
                p.rating = None
                delisted.append(pid)
        elif p.rating is None and p.pending:
            _first_rating(edition, p)
        p.games = None if p.games is None else p.games + games   # unknown stays unknown
        p.reached = p.reached or (p.rating or 0) >= edition.k_permanent_rating
    _one_time_adjustment(day, edition, players)
    return delisted


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
        p.reached = p.reached or p.rating >= K_THRESHOLD   # fmjd Annex 9 §3.2.3
    return []


# -- norms and titles (draughts) ----------------------------------------------------------

_TITLE_ORDER = {"open": ("CMF", "MF", "MI", "GMI"), "women": ("CMFF", "MFF", "MIF", "GMIF")}


def _collect_norms(event, result: CheckResult, players) -> None:
    """The valid norms of the event, kept per player: draughts (fmjd Annex
    10 §4, which also count towards titles) and chess (FIDE B.01 (2024) 1.4,
    the games as 1.4.1 d counts them)."""
    end = _ended(result.tournament)
    for p in result.data["players"]:
        state = players.get(p.get("id") or "")
        if state is None:
            continue
        for norm in p["norms"]:
            if not norm["valid"]:
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

def _entries(spec, day, edition, players, before, changes) -> list[ListEntry]:
    rated = [(pid, p) for pid, p in players.items()
             if p.rating is not None and p.rating >= _published_floor(spec.game, edition)]
    rated.sort(key=lambda item: (-item[1].rating, item[1].reg.name, item[0]))
    entries, rank, previous = [], 0, None
    for index, (pid, p) in enumerate(rated, start=1):
        if p.rating != previous:
            rank, previous = index, p.rating
        entries.append(_entry(spec, day, edition, pid, p, rank, before[pid], changes))
    return entries


def _published_floor(game: str, edition) -> int:
    return edition.floor if game == "chess" and isinstance(edition, FideEdition) else 0


def _entry(spec, day, edition, pid, p, rank, before, changes) -> ListEntry:
    reg = p.reg
    games = sum(n for _, _, n in changes.get(pid, []))
    entry = ListEntry(pid, reg.name, reg.federation, reg.sex, reg.birth_year, p.title,
                      p.rating, rank, games, _difference(before, p.rating),
                      new=before is None)
    last = max((end for end, _ in p.played), default=p.record_start)
    if spec.game == "chess":
        entry.k = edition.k_factor(p.rating, p.games, p.reached, day.year, reg.birth_year)[0]
        # fide-2009 7.23a, fide-rb-2024 6.2.2a: no rated game for a year
        entry.flag = "i" if last is None or last <= years_before(day, 1) else ""
    else:
        recent = p.games_since(years_before(day, 3))
        entry.recent_games = recent
        entry.list_letter = list_letter(p.rating, _games_or_assumed(p.games), recent, last, day)
        entry.active = active(p.rating, recent)
    return entry


def _difference(before: int | None, after: int | None) -> int | None:
    return None if before is None or after is None else after - before


def _report(event: Event, list_name: str, day: date | None, result: CheckResult) -> EventReport:
    t = result.tournament
    return EventReport(event.slug, event.game, t.name or event.slug, t.start, t.end,
                       list_name, day, result.data.get("edition") or "", result.data,
                       event.path)


def _records(spec, players, records) -> None:
    for pid, p in players.items():
        key = (spec.game, pid)
        reg = p.reg
        record = records.get(key) or PlayerRecord(spec.game, pid, reg.name, reg.federation,
                                                  reg.sex, reg.birth_year, p.title, {}, {}, [])
        record.ratings[spec.list] = p.rating
        record.history[spec.list] = p.history
        record.norms.extend(p.norm_rows)
        record.titles.extend(p.titles)
        if p.titles:     # the title awarded last (fmjd Annex 10 §5-§9)
            record.title = p.titles[-1].title
        record.progress.extend(p.progress)
        if p.events:     # else unchanged: sorted and unique already (a million players)
            record.events = sorted(set(record.events) | set(p.events))
        records[key] = record


def rating_problems(content: Content, data: SiteData) -> list:
    """The problems found while rating the events (rate of play unknown, no
    edition for the date, ...), as (file, Problem), beyond those the
    readers found, which the content already reported."""
    read = {e.slug: {(p.code, p.line, p.message) for p in e.tournament.problems}
            for e in content.events}
    out = []
    for report in data.events:
        for p in report.result.get("problems", []):
            if (p["code"], p["line"], p["message"]) not in read.get(report.slug, ()):
                out.append((str((content.root / report.source).relative_to(content.root.parent)),
                            Problem(p["severity"], p["code"], p["message"], p["line"],
                                    p["column"])))
    return out
