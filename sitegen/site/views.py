"""What each page shows, prepared for its template (a typed context).

Every function here takes the site data and returns small dataclasses the
templates lay out: rows in their order, links as site paths (``players/1/``,
the template prefixes the base path), the columns a table needs.  Nothing
here rates anything: ratings, changes, ranks, norms and tie-breaks are the
figures the pipeline and rules_core computed, only selected and ordered.
The event, norm-table and World Cup pages are in `sitegen.site.event_views`.
"""

from __future__ import annotations

import bisect
import copy
import datetime
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, NamedTuple
from urllib.parse import urlsplit

from sitegen.compute.player_facts import Facts, HeadToHead, ListStanding
from sitegen.compute.sitedata import (
    EventReport,
    ListEntry,
    PlayerRecord,
    PublishedList,
    SiteData,
    TitleAward,
)
from sitegen.i18n import N_, format_count, gettext
from sitegen.i18n import format_month as month
from sitegen.site import downloads
from sitegen.site.chart import Chart, history_chart
from sitegen.site.event_views import (
    event_view,
    markdown_page,
    norm_tables,
    regulation_docs,
    worldcup_views,
)
from sitegen.site.figures import isodate

__all__ = ["Links", "SiteMeta", "site_meta", "Variant", "VARIANTS", "list_title",
           "list_view", "list_dates", "lists_index", "home", "downloads_index",
           "players_index", "player_view", "events_index", "search_index",
           "event_view", "norm_tables", "worldcup_views", "regulation_docs",
           "markdown_page", "feed", "Feed", "FeedEntry", "person_data", "event_data", "list_description",
           "event_description", "JUNIOR_MAX_AGE", "TITLE_ORDER", "LARGE_SITE", "SHARD_SIZE",
           "LARGE_LIST_ROWS", "LARGE_GROUP_ROWS", "PlayerShard", "shard_view",
           "search_key", "search_shards"]

# The age up to which a player counts as a junior, on 31 December of the
# list's year: FMJD "juniors: maximum age at December 31 of the year ... is
# 19 years" (fmjd Annex 2 §3 f); FIDE's junior championships are for players
# under 20 on 1 January, that is at most 20 on 31 December.
JUNIOR_MAX_AGE = {"chess": 20, "draughts": 19}
# Seniors, by the age a player reaches in the list's year (the "seniors" view
# is a reading aid, not a title or a rating; docs/architecture.md#site-map):
# chess, the 50+ and 65+ sections of FIDE's World Senior Championships;
# draughts, FMJD's one age group of the kind, "veterans 60+" (fmjd Annex 2
# §1.1.1, its world championships), reckoned on 31 December as FMJD's youth
# ages are (fmjd Annex 2 §3 f).
SENIOR_AGES = {"chess": (50, 65), "draughts": (60,)}

# Titles in the order the "by title" view lists them; others follow by name.
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM",
               "GMI", "MI", "MF", "CMF", "GMIF", "MIF", "MFF", "CMFF")
GAME_NAMES = {"chess": N_("Chess"), "draughts": N_("Draughts")}
# The games and lists as the pages name them in running text ({{ _(e.game) }}).
WORDS = (N_("chess"), N_("draughts"), N_("standard"), N_("rapid"), N_("blitz"),
         N_("rapid-blitz"), N_("new"), N_("error"), N_("warning"), N_("note"))
LIST_TITLES = {("chess", "standard"): N_("Chess standard rating list"),
               ("chess", "rapid"): N_("Chess rapid rating list"),
               ("chess", "blitz"): N_("Chess blitz rating list"),
               ("draughts", "standard"): N_("Draughts standard rating list"),
               ("draughts", "rapid-blitz"): N_("Draughts rapid-blitz rating list")}
LIST_ORDER = ("standard", "rapid", "blitz", "rapid-blitz")
HOME_TOP = 10
HOME_EVENTS = 10
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")

# Large sites (README "Scale").  Up to LARGE_SITE players a site has a page
# per player, players/<id>/.  Above, a page a player is not practical: a
# folder and a file each is 8 KiB of disk blocks (10 GB for FIDE's 1.2
# million, bench/fide_scale.py), minutes to write, and more files than
# static hosts take (Cloudflare Pages 20,000, GitLab Pages 200,000).  The
# players are then SHARD_SIZE to a page, players/by-id/<first id>/, each one
# a section with his id as anchor, which every link of the site points to;
# the 404 page sends /players/<id>/ there (static/large-site.js), and the
# search index is split by the first letters of the name.  A list view
# shows its first LARGE_LIST_ROWS rows (LARGE_GROUP_ROWS per federation or
# title): the whole list is in the downloads.
LARGE_SITE = 100_000
SHARD_SIZE = 1_000
LARGE_LIST_ROWS = 1_000
LARGE_GROUP_ROWS = 100


# -- links ---------------------------------------------------------------------------

class Links:
    """The site path of every player, event and list page, or None.

    A player's page is ``players/<id>/``; a draughts player whose id is also a
    chess player's id gets ``players/draughts-<id>/``.  Characters other than
    letters, digits, '.', '_' and '-' in an id become '-'.
    """

    def __init__(self, data: SiteData, regulations: Sequence[Any] = ()):
        chess = {pid for game, pid in data.players if game == "chess"}
        slugs = {}
        for game, pid in sorted(data.players):
            slug = _UNSAFE.sub("-", pid)
            if game == "draughts" and pid in chess:
                slug = f"draughts-{slug}"
            slugs[(game, pid)] = slug
        self.large = len(slugs) > LARGE_SITE
        self.shards = _shards(slugs) if self.large else []
        self._players: dict[tuple[str, str], str | None] = {}
        if self.large:
            # no path held a player (a million strings, copied by each
            # rendering worker: docs/scale.md#memory): his shard is found
            # by his slug among the shards' first ones (`player_path`)
            self._firsts = [shard.first for shard in self.shards]
            self._slugs = {key: slug for key, slug in slugs.items() if slug != key[1]}
        else:
            self._players = {key: f"players/{slug}/" for key, slug in slugs.items()}
        self.events = {r.slug: r for r in data.events}
        self._list_paths: dict[tuple[str, str, date | None], str | None] = {}   # list_path's
        self._dates = {key: {pl.date for pl in published}
                       for key, published in data.lists.items()}
        self._download_sources = {(pl.game, pl.list, pl.date): source
                                  for published in data.lists.values()
                                  for pl, source in zip(published, downloads.sources(published),
                                                        strict=True)}
        self.records = data.players
        self._part = False      # a `part`: some players' addresses, no site data
        self._docs: dict[str, str] = {}
        for doc in regulation_docs(regulations):
            for name in (doc.slug, doc.source, doc.source.rsplit("/", 1)[-1]):
                if name:
                    self._docs.setdefault(name, f"regulations/{doc.slug}/")
                    self._docs.setdefault(name.rsplit(".", 1)[0], f"regulations/{doc.slug}/")

    def part(self, game: str, ids: Sequence[str | None],
             paths: Sequence[str | None] | None = None) -> Links:
        """What a page's views read of the links, for a process that holds
        no site data (a rendering worker: sitegen.site.render,
        docs/scale.md#memory-session-18): the addresses of the players
        `ids` of `game` (`paths`, if they were made already; a part's
        `player_path` answers for them alone), the lists' and the
        regulations' pages, `large`; no events, shards or records.  An
        event's views read no more (`event_views`)."""
        part = copy.copy(self)
        part.records, part.events, part.shards = {}, {}, []
        part._firsts, part._slugs, part._download_sources = [], {}, {}
        if paths is None:
            paths = [self.player_path(game, pid) for pid in ids]
        part._players = {(game, pid): path
                         for pid, path in zip(ids, paths, strict=True) if pid}
        part._part = True
        return part

    def regulation_path(self, source: str | None) -> str | None:
        """The page of a regulation document, by its slug or file name."""
        return self._docs.get(source or "")

    def download_source(self, pl: PublishedList) -> PublishedList:
        """The list whose downloads `pl` has: itself, or the earlier list
        it repeats (sitegen.site.downloads.sources)."""
        return self._download_sources.get((pl.game, pl.list, pl.date), pl)

    def downloads(self, pl: PublishedList, text_label: str = N_("Text")) -> list[tuple[str, str]]:
        """(label, path) of the downloads of the dated list `pl`."""
        source = self.download_source(pl)
        files = downloads.file_links(f"downloads/{pl.game}-{pl.list}-{source.key}",
                                     gettext(text_label),     # "…, zip" composed of it
                                     plain=not self.large)
        if source is not pl:
            label, path = files[0]
            files[0] = (label + gettext(" (unchanged since %(month)s)")
                        % {"month": month(source.date)}, path)
        return files

    def player_path(self, game: str, pid: str | None) -> str | None:
        key = (game, pid or "")
        if not self.large or self._part:
            return self._players.get(key)
        if key not in self.records:
            return None
        slug = self._slugs.get(key, key[1])
        shard = self.shards[bisect.bisect_right(self._firsts, slug) - 1]
        return f"{shard.path}#{slug}"

    def player_slug(self, game: str, pid: str) -> str:
        """On a large site, the anchor of a player of the site in his page
        of players (`player_path`'s part after "#"): his id, made safe."""
        return self._slugs.get((game, pid), pid)

    def event_path(self, slug: str | None) -> str | None:
        return f"events/{slug}/" if slug in self.events else None

    def event_name(self, slug: str) -> str:
        report = self.events.get(slug)
        return report.name if report else slug

    def list_path(self, game: str, name: str, day: date | None) -> str | None:
        """The list published on `day`; None when there is none (an event
        not rated yet has no list, never the latest one in its place).
        Made once for each list (every player's history names each list)."""
        key = (game, name, day)
        path = self._list_paths.get(key, "")
        if path == "":
            dates = self._dates.get((game, name))
            path = None if dates is None or day is None or day not in dates \
                else f"lists/{game}/{name}/{day:%Y-%m}/"
            self._list_paths[key] = path
        return path

    def latest_list_path(self, game: str, name: str) -> str | None:
        """The latest copy of a list, None when the site has no such list."""
        return f"lists/{game}/{name}/" if (game, name) in self._dates else None


@dataclass
class PlayerShard:
    """A page of a large site's players (see LARGE_SITE): consecutive slugs."""

    path: str                                   # players/by-id/<first slug>/
    first: str
    last: str
    players: list[tuple[tuple[str, str], str]]  # ((game, id), slug), by slug


def _shards(slugs: dict[tuple[str, str], str]) -> list[PlayerShard]:
    ordered = sorted(slugs.items(), key=lambda item: item[1])
    chunks = [ordered[i:i + SHARD_SIZE] for i in range(0, len(ordered), SHARD_SIZE)]
    return [PlayerShard(f"players/by-id/{chunk[0][1]}/", chunk[0][1], chunk[-1][1], chunk)
            for chunk in chunks]


@dataclass
class SiteMeta:
    name: str
    federation: str
    base_url: str
    prefix: str
    origin: str                 # "https://example.org", for absolute URLs; "" if no base URL
    nav: list[tuple[str, str]]
    pages: list[tuple[str, str]]
    search_index: str
    large: bool = False         # see LARGE_SITE
    scripts: tuple[str, ...] = ("static/search.js",)
    theme_css: bool = False     # the theme has static/theme.css (linked after style.css)
    logo: str | None = None     # the theme's static/logo.(svg|png|webp), shown in the header
    accent_css: bool = False    # site.toml [theme] accent: static/accent.css (after style.css)
    lang: str = "en"            # the language of the pages (sitegen.i18n)
    # every language's (code, own name, prefix) when there are more than one
    alternates: list[tuple[str, str, str]] = field(default_factory=list)


def site_meta(data: SiteData, prefix: str, regulations: bool, large: bool = False) -> SiteMeta:
    nav = [(N_("Home"), ""), (N_("Rating lists"), "lists/"), (N_("Players"), "players/"),
           (N_("Events"), "events/"), (N_("Norms"), "norms/")]
    if data.worldcup:
        nav.append((N_("World Cup"), "worldcup/"))
    if regulations:
        nav.append((N_("Regulations"), "regulations/"))
    nav.append((N_("Check"), "check/"))
    nav.append((N_("Downloads"), "downloads/"))
    pages = [(markdown_page(slug, text).title, f"pages/{slug}/")
             for slug, text in sorted(data.pages.items())]
    parts = urlsplit(data.base_url or "")
    origin = f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""
    return SiteMeta(data.name, data.federation, data.base_url, prefix, origin, nav, pages,
                    prefix + "search/index.json", large,
                    ("static/search.js", "static/large-site.js") if large else ("static/search.js",))


def list_title(game: str, name: str) -> str:
    """'Chess standard rating list', in the language being rendered."""
    if (game, name) in LIST_TITLES:
        return gettext(LIST_TITLES[game, name])
    return f"{GAME_NAMES.get(game, game.capitalize())} {name} rating list"


def _list_key(item) -> tuple:
    """Sort (game, list) -> lists items: by game, then standard, rapid, blitz."""
    (game, name), _ = item
    return (game, _list_order(name))


# -- rating lists ----------------------------------------------------------------------

@dataclass(frozen=True)
class Variant:
    slug: str
    label: str


VARIANTS = (Variant("", N_("By rank")), Variant("federation", N_("By federation")),
            Variant("title", N_("By title")), Variant("women", N_("Women")),
            Variant("juniors", N_("Juniors")), Variant("girls", N_("Girls")),
            Variant("seniors", N_("Seniors")))
# the views that keep each player's overall rank beside the row
_SUBSETS = ("women", "juniors", "girls", "seniors")


@dataclass(slots=True)
class ListRow:
    entry: ListEntry
    url: str | None
    position: int | None
    change: str                 # "+12", "-3", "0" or "new"
    flags: list[tuple[str, str]]    # (shown, meaning)
    # The row's markup before and after the position cell, filled by
    # sitegen.site.render (RowCells) once per entry and shared by every page
    # that shows the entry: the template only joins them.
    cells: tuple[str, str] = ("", "")


@dataclass
class ListGroup:
    caption: str
    anchor: str
    label: str
    rows: list[ListRow]
    total: int = 0              # entries in the group; a large site shows the first rows


@dataclass
class ListView:
    game: str
    list_name: str
    date: date
    edition: str
    title: str
    variant: Variant
    variants: list[tuple[Variant, str, bool]]     # (variant, path, current)
    groups: list[ListGroup]
    show_position: bool
    show_k: bool
    show_letter: bool
    is_latest: bool
    dated_path: str
    latest_path: str
    dates_path: str
    previous: tuple[datetime.date, str] | None     # (the field `date` hides the type)
    downloads: list[tuple[str, str]]
    events: list[tuple[str, str | None]]
    delisted: list[tuple[str, str | None]]

    @property
    def senior_ages(self) -> tuple[int, ...]:
        """The seniors' age groups of this game (SENIOR_AGES): lists.js's filter."""
        return SENIOR_AGES[self.game]


def _view_paths(folder: str, dated: str, variant: Variant) -> list[tuple[Variant, str, bool]]:
    """The views a list page links to: (view, path, whether it is this page's).
    A page in the latest folder is the main view; the others are only in
    the dated folder (docs/scale.md#incremental-builds)."""
    return [(v, (folder if not v.slug else dated) + (v.slug + "/" if v.slug else ""),
             v == variant) for v in VARIANTS]


def list_view(pl: PublishedList, variant: Variant, folder: str, links: Links,
              previous: PublishedList | None) -> ListView:
    """One page of a list: `folder` is the dated or the latest folder.  A
    dated page does not depend on the lists after it (no "Next" link, no
    "the latest list" mark: it links to the latest list's stable address),
    so a new list does not rewrite it (docs/scale.md#incremental-builds).
    The latest folder holds the main view only: its links to the other
    views go to the dated ones (`_view_paths`)."""
    base = f"lists/{pl.game}/{pl.list}/"
    what = list_title(pl.game, pl.list)
    title = f"{what}, {month(pl.date)}" + (f": {gettext(variant.label).lower()}"
                                           if variant.slug else "")
    groups = _groups(pl, variant, links, what)
    return ListView(
        pl.game, pl.list, pl.date, pl.edition, title, variant,
        _view_paths(folder, f"{base}{pl.key}/", variant),
        groups, variant.slug in _SUBSETS, pl.game == "chess",
        pl.game == "draughts", folder == base, f"{base}{pl.key}/", base,
        base + "dates/",
        (previous.date, f"{base}{previous.key}/") if previous else None,
        links.downloads(pl, N_("Fixed-width text")),
        [(links.event_name(s), links.event_path(s)) for s in pl.events],
        [(_player_name(links, pl.game, pid), links.player_path(pl.game, pid))
         for pid in sorted(pl.delisted)])


@dataclass
class FeedEntry:
    title: str
    id: str
    url: str
    updated: str               # RFC 3339, the day the list was published or the event ended
    summary: str


@dataclass
class Feed:
    """The Atom feed (RFC 4287) of new lists and rated events, newest first.

    Its dates are those of the content, never the clock, so the same
    content gives the same bytes."""

    title: str
    id: str
    self_url: str
    home_url: str
    updated: str
    author: str
    entries: list[FeedEntry]


FEED_ENTRIES = 50


def feed(data: SiteData, links: Links, root: str) -> Feed:
    """`root` is the site's absolute base URL with a final slash (else its
    path prefix: a feed reader then resolves the links against the feed)."""
    entries = [_list_entry(pl, root) for published in data.lists.values() for pl in published]
    entries += [_event_entry(r, root) for r in data.events if r.list_date]
    entries.sort(key=lambda e: (e.updated, e.id), reverse=True)
    entries = entries[:FEED_ENTRIES]
    updated = entries[0].updated if entries else _stamp(data.built)
    return Feed(data.name, root + "feed.xml", root + "feed.xml", root, updated,
                data.federation or data.name, entries)


def _stamp(day: date) -> str:
    return f"{day.isoformat()}T00:00:00Z"


def _list_entry(pl: PublishedList, root: str) -> FeedEntry:
    what = list_title(pl.game, pl.list)
    url = f"{root}lists/{pl.game}/{pl.list}/{pl.key}/"
    return FeedEntry(f"{what}, {month(pl.date)}", url, url, _stamp(pl.date),
                     f"{_count(len(pl.entries), 'player')}, "
                     f"{_count(len(pl.events), 'event')} rated, under {pl.edition}.")


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def _event_entry(report: EventReport, root: str) -> FeedEntry:
    url = f"{root}events/{report.slug}/"
    day = report.end or report.start or report.list_date
    assert day is not None, f"{report.slug}: every event of the content has a date"
    return FeedEntry(report.name, url, url, _stamp(day), event_description(report))


SPORTS = {"chess": "Chess", "draughts": "Draughts"}


def person_data(record: PlayerRecord, url: str) -> dict:
    """schema.org Person (JSON-LD) for a player's page."""
    data = {"@context": "https://schema.org", "@type": "Person", "name": record.name,
            "identifier": record.id, "url": url}
    if record.title:
        data["honorificPrefix"] = record.title
    return data


def event_data(report: EventReport, url: str) -> dict:
    """schema.org SportsEvent (JSON-LD) for an event's page."""
    data = {"@context": "https://schema.org", "@type": "SportsEvent", "name": report.name,
            "sport": SPORTS.get(report.game, report.game), "url": url}
    if report.start:
        data["startDate"] = report.start.isoformat()
    if report.end:
        data["endDate"] = report.end.isoformat()
    return data


def list_description(view: ListView, pl: PublishedList) -> str:
    """The meta description of a list page: what, when, under which rules."""
    return gettext("%(title)s: %(count)s players, published %(day)s under %(edition)s.") % {
        "title": view.title, "count": format_count(len(pl.entries)), "day": isodate(pl.date),
        "edition": pl.edition}


def event_description(report: EventReport) -> str:
    """The meta description of an event page."""
    when = gettext(" to ").join(isodate(d) for d in dict.fromkeys((report.start, report.end))
                                if d)
    dates = f" ({when})" if when else ""
    return gettext("%(event)s%(dates)s: standings, crosstable and rating changes.") % {
        "event": report.name, "dates": dates}


def _groups(pl: PublishedList, variant: Variant, links: Links, what: str) -> list[ListGroup]:
    when = month(pl.date)
    entries = pl.entries
    first = LARGE_LIST_ROWS if links.large else None       # a large site's first rows
    if variant.slug == "women":
        chosen = [e for e in entries if _is_woman(e.sex)]
        caption = f"{what}, {when}: " + gettext("women")
        return [ListGroup(caption, "list", "",
                          _rows(pl, chosen[:first], links, True), len(chosen))]
    if variant.slug in ("juniors", "girls"):
        limit = JUNIOR_MAX_AGE.get(pl.game, 20)
        chosen = [e for e in entries if (age := _age(pl, e)) is not None and age <= limit
                  and (variant.slug == "juniors" or _is_woman(e.sex))]
        caption = f"{what}, {when}: " + (
            gettext("juniors (born %(year)s or later)") if variant.slug == "juniors"
            else gettext("girls (born %(year)s or later)")) % {"year": pl.date.year - limit}
        return [ListGroup(caption, "list", "", _rows(pl, chosen[:first], links, True),
                          len(chosen))]
    if variant.slug == "seniors":
        return [_seniors(pl, links, what, age) for age in SENIOR_AGES[pl.game]]
    if variant.slug == "federation":
        return _grouped(pl, links, what, lambda e: e.federation or "",
                        lambda k: (k == "", k), "fed", gettext("no federation"))
    if variant.slug == "title":
        return _grouped(pl, links, what, lambda e: e.title or "", _title_key, "title",
                        gettext("no title"))
    return [ListGroup(f"{what}, {when}", "list", "", _rows(pl, entries[:first], links, False),
                      len(entries))]


def _age(pl: PublishedList, entry: ListEntry) -> int | None:
    """The age a player reaches in the list's year (None: birth year unknown)."""
    return None if entry.birth_year is None else pl.date.year - entry.birth_year


def _seniors(pl: PublishedList, links: Links, what: str, age: int) -> ListGroup:
    chosen = [e for e in pl.entries if (_age(pl, e) or 0) >= age]
    first = LARGE_GROUP_ROWS if links.large else None
    caption = f"{what}, {month(pl.date)}: " + gettext(
        "%(age)s and over (born %(year)s or earlier)") % {"age": age, "year": pl.date.year - age}
    return ListGroup(caption, f"seniors-{age}", f"{age}+", _rows(pl, chosen[:first], links, True),
                     len(chosen))


def _grouped(pl, links, what, key, order, prefix, none_label) -> list[ListGroup]:
    buckets: dict[str, list[ListEntry]] = {}
    for e in pl.entries:
        buckets.setdefault(key(e), []).append(e)
    first = LARGE_GROUP_ROWS if links.large else None
    groups = []
    for value in sorted(buckets, key=order):
        label = value or none_label
        anchor = f"{prefix}-{_UNSAFE.sub('-', value) or 'none'}"
        caption = f"{what}, {month(pl.date)}: {label}"
        groups.append(ListGroup(caption, anchor, label,
                                _rows(pl, buckets[value][:first], links, True),
                                len(buckets[value])))
    return groups


def _title_key(title: str) -> tuple:
    if not title:
        return (2, 0, "")
    if title in TITLE_ORDER:
        return (0, TITLE_ORDER.index(title), title)
    return (1, 0, title)


def _rows(pl: PublishedList, entries: list[ListEntry], links: Links,
          numbered: bool) -> list[ListRow]:
    return [ListRow(e, links.player_path(pl.game, e.id), i if numbered else None,
                    _change(e), _flags(pl.game, e))
            for i, e in enumerate(entries, start=1)]


def _change(e: ListEntry) -> str:
    if e.new or e.change is None:
        return "new"
    return "0" if e.change == 0 else f"{e.change:+d}"


def _flags(game: str, e: ListEntry) -> list[tuple[str, str]]:
    flags = []
    if e.flag == "i":
        flags.append(("i", N_("inactive: no rated game for a year")))
    if game == "draughts" and not e.active:
        flags.append(("i", N_("not on the active list (fmjd Annex 9 §6)")))
    if e.new:
        flags.append(("new", N_("first appearance on the list")))
    return flags


def _is_woman(sex: str) -> bool:
    return (sex or "").lower() in ("f", "w")


def _player_name(links: Links, game: str, pid: str) -> str:
    record = links.records.get((game, pid))
    return record.name if record else pid


@dataclass
class DateRow:
    date: date
    path: str
    entries: int
    events: int
    downloads: list[tuple[str, str]]


def list_dates(game: str, name: str, published: list[PublishedList], links: Links) -> list[DateRow]:
    rows = []
    for pl in reversed(published):
        rows.append(DateRow(pl.date, f"lists/{game}/{name}/{pl.key}/", len(pl.entries),
                            len(pl.events), links.downloads(pl)))
    return rows


@dataclass
class ListSummary:
    game: str
    name: str
    title: str
    path: str
    dates_path: str
    latest: date | None
    count: int
    top: list[ListRow] = field(default_factory=list)
    show_k: bool = False
    show_letter: bool = False


def lists_index(data: SiteData, links: Links, top: int = 0) -> list[ListSummary]:
    out = []
    for (game, name), published in sorted(data.lists.items(), key=_list_key):
        latest = published[-1] if published else None
        rows = _rows(latest, latest.entries[:top], links, False) if latest and top else []
        out.append(ListSummary(game, name, list_title(game, name), f"lists/{game}/{name}/",
                               f"lists/{game}/{name}/dates/", latest.date if latest else None,
                               len(published), rows, game == "chess", game == "draughts"))
    return out


@dataclass
class EventSummary:
    name: str
    path: str
    game: str
    list_name: str
    start: date | None
    end: date | None
    list_date: date | None
    list_path: str | None
    players: int


def events_index(data: SiteData, links: Links, limit: int | None = None) -> list[EventSummary]:
    """Newest first (by last day, then name and slug)."""
    ordered = sorted(data.events, key=lambda r: (r.end or r.start or date.min, r.name, r.slug),
                     reverse=True)
    return [_event_summary(r, links) for r in ordered[:limit]]


def _event_summary(r: EventReport, links: Links) -> EventSummary:
    return EventSummary(r.name, f"events/{r.slug}/", r.game, r.list, r.start, r.end,
                        r.list_date, links.list_path(r.game, r.list, r.list_date),
                        r.players)


@dataclass
class Home:
    lists: list[ListSummary]
    events: list[EventSummary]


def home(data: SiteData, links: Links) -> Home:
    return Home(lists_index(data, links, HOME_TOP), events_index(data, links, HOME_EVENTS))


@dataclass
class DownloadGroup:
    title: str
    latest: list[tuple[str, str]]
    rows: list[DateRow]


def downloads_index(data: SiteData, links: Links) -> list[DownloadGroup]:
    groups = []
    for (game, name), published in sorted(data.lists.items(), key=_list_key):
        if not published:
            continue
        # a large site has no -latest copy: its dated files (docs/scale.md#output-size)
        latest = links.download_source(published[-1]).key if links.large else "latest"
        stem = f"downloads/{game}-{name}-{latest}"
        groups.append(DownloadGroup(
            list_title(game, name),
            downloads.file_links(stem, gettext(N_("Text")), plain=not links.large),
            list_dates(game, name, published, links)))
    return groups


# -- players -----------------------------------------------------------------------------

@dataclass
class PlayerSummary:
    name: str
    path: str | None
    game: str
    id: str
    federation: str
    title: str
    ratings: list[tuple[str, int | None]]


def players_index(data: SiteData, links: Links) -> list[PlayerSummary]:
    records = sorted(data.players.values(), key=lambda p: (p.name.casefold(), p.game, p.id))
    return [PlayerSummary(p.name, links.player_path(p.game, p.id), p.game, p.id, p.federation,
                          p.title, _ratings(p)) for p in records]


def _ratings(p: PlayerRecord) -> list[tuple[str, int | None]]:
    return [(name, p.ratings[name]) for name in sorted(p.ratings, key=_list_order)]


def _list_order(name: str) -> tuple:
    return (LIST_ORDER.index(name) if name in LIST_ORDER else len(LIST_ORDER), name)


@dataclass
class HistoryLine:
    date: date
    path: str | None
    rating: int | None
    change: int | None
    games: int
    events: list[tuple[str, str | None, float | None]]    # (name, path, change)


@dataclass
class HistoryTable:
    list_name: str
    caption: str
    anchor: str
    rows: list[HistoryLine]


@dataclass
class NormLine:
    event: str
    path: str | None
    date: date
    title: str
    kind: str
    category: str | None
    required: float | None
    achieved: float | None
    games: int | None


@dataclass
class PlayerView:
    record: PlayerRecord
    game_name: str
    ratings: list[tuple[str, int | None, str | None]]
    chart: Chart | None
    tables: list[HistoryTable]
    norms: list[NormLine]
    events: list[EventSummary]
    standings: list[ListStanding] = field(default_factory=list)
    opponents: list[tuple[HeadToHead, str | None]] = field(default_factory=list)


def player_view(p: PlayerRecord, data: SiteData, links: Links,
                facts: Facts | None = None) -> PlayerView:
    ratings = [(name, value, links.latest_list_path(p.game, name)) for name, value in _ratings(p)]
    history = {name: until_last_change(rows) for name, rows in p.history.items()}
    tables = [_history_table(p, name, links, history[name])
              for name in sorted(history, key=_list_order) if history[name]]
    events = [_event_summary(links.events[s], links) for s in p.events if s in links.events]
    events.sort(key=lambda e: (e.end or e.start or date.min, e.name))
    view = PlayerView(p, gettext(GAME_NAMES.get(p.game, p.game)), ratings,
                      history_chart(p.name, history), tables, _norm_lines(p, links), events)
    if facts is not None:
        view.standings = _standings(p, facts)
        view.opponents = [(h, links.player_path(p.game, h.opponent_id))
                          for h in facts.head_to_head(p)]
    return view


def _standings(p: PlayerRecord, facts: Facts) -> list[ListStanding]:
    """His rating and peak on each list, without his rank there: it moves
    when others' ratings move, which would rewrite every player's page with
    each list; the list's page, which his page links, shows it
    (docs/scale.md#incremental-builds)."""
    return [replace(s, rank=None, federation_rank=None, federation_size=0)
            for s in facts.standings(p, [name for name, _ in _ratings(p)])]


def _norm_lines(p: PlayerRecord, links: Links) -> list[NormLine]:
    return [NormLine(links.event_name(n.event), links.event_path(n.event), n.date, n.title,
                     n.kind, n.category, n.required, n.achieved, n.games)
            for n in sorted(p.norms, key=lambda n: (n.date, n.event, n.title))]


class ShardRecord(NamedTuple):
    """What a player's section on a page of a large site's players shows of
    his record: a tuple of plain values, since the views are pickled to a
    rendering worker (docs/scale.md#rendering): the whole record, his
    history of every list and his ratings, pickled five times the bytes and
    took three times as long to unpickle as the section to render."""

    id: str
    name: str
    title: str
    federation: str
    birth_year: int | None
    titles: Sequence[TitleAward]
    progress: Sequence[str]


class ShardRow(NamedTuple):
    """A row of a player's history on a large site's page of players
    (`HistoryLine`'s fields, a tuple: `ShardRecord`)."""

    date: date
    path: str | None
    rating: int | None
    change: int | None
    games: int
    events: list[tuple[str, str | None, float | None]]    # (name, path, change)


class ShardTable(NamedTuple):
    list_name: str
    rows: list[ShardRow]


class ShardEntry(NamedTuple):
    """One player on a page of a large site's players (see LARGE_SITE): what
    his own page would show, lean, since a million of them make the site.
    No chart; history rows only for the lists on which his rating changed or
    he played; the events not in those rows (not yet rated).  Tuples
    (`ShardRecord`)."""

    anchor: str
    record: ShardRecord
    game_name: str
    ratings: list[tuple[str, int | None]]
    tables: list[ShardTable]
    norms: list[NormLine]
    events: list[EventSummary]


def shard_view(shard: PlayerShard, data: SiteData, links: Links) -> list[ShardEntry]:
    """The players of one page of a large site, by id (see LARGE_SITE)."""
    entries = []
    for key, slug in shard.players:
        p = data.players[key]
        tables = [table for name in sorted(p.history, key=_list_order)
                  if (table := _shard_table(p, name, links)).rows]
        shown = {path for table in tables for r in table.rows for _, path, _ in r.events}
        events = [_event_summary(links.events[s], links) for s in p.events
                  if s in links.events and links.event_path(s) not in shown]
        events.sort(key=lambda e: (e.end or e.start or date.min, e.name))
        record = ShardRecord(p.id, p.name, p.title, p.federation, p.birth_year,
                             p.titles, p.progress)
        entries.append(ShardEntry(slug, record, GAME_NAMES.get(p.game, p.game), _ratings(p),
                                  tables, _norm_lines(p, links), events))
    return entries


def _shard_table(p: PlayerRecord, name: str, links: Links) -> ShardTable:
    """A player's history of one list on a large site's page of players:
    newest first, the lists on which his rating changed or he played."""
    return ShardTable(name, [
        ShardRow(r.date, links.list_path(p.game, name, r.date), r.rating, r.change, r.games,
                 [(links.event_name(s), links.event_path(s), c) for s, c in r.events])
        for r in reversed(p.history[name]) if r.games or r.change != 0])


def until_last_change(rows: list) -> list:
    """A player's history rows up to the last list on which his rating
    changed (or was first published, or withdrawn) or he played: the lists
    after it repeat the same rating, and leaving them out keeps his page
    the same bytes from one list to the next while he does not play
    (docs/scale.md#incremental-builds)."""
    changed = [i for i, r in enumerate(rows) if i == 0 or r.games or r.change != 0]
    return rows[:changed[-1] + 1] if changed else []


def _history_table(p: PlayerRecord, name: str, links: Links,
                   history: list | None = None) -> HistoryTable:
    rows = [HistoryLine(r.date, links.list_path(p.game, name, r.date), r.rating, r.change,
                        r.games, [(links.event_name(s), links.event_path(s), c)
                                  for s, c in r.events])
            for r in reversed(p.history[name] if history is None else history)]
    caption = gettext("%(name)s: %(list)s ratings, list by list up to the last change "
                      "(newest first)") % {"name": p.name, "list": gettext(name)}
    return HistoryTable(name, caption, f"history-{name}", rows)


def search_index(data: SiteData, links: Links, prefix: str) -> dict:
    """The players for /static/search.js: compact rows, sorted by name."""
    fields = ["id", "name", "federation", "game", "rating", "url"]
    rows = []
    for p in players_index(data, links):
        rating = next((value for _, value in p.ratings if value is not None), None)
        assert p.path is not None, f"{p.id}: every player of the site has a page"
        rows.append([p.id, p.name, p.federation, p.game, rating, prefix + p.path])
    return {"fields": fields, "players": rows}


_COMBINING = re.compile("[\u0300-\u036f]")
_NOT_KEY = re.compile("[^a-z0-9]")


def search_key(name: str) -> str:
    """The part of a large site's search index that holds `name`: its first
    two letters or digits, accents dropped and lower case, as `key()` of
    static/large-site.js computes them from what a visitor types."""
    if name.isascii():      # NFD leaves ASCII as it is, and it has no accents
        key = _NOT_KEY.sub("", name[:8].lower())[:2]
        if len(key) == 2:   # else the rest of the name decides
            return key
        folded = name.lower()
    else:
        folded = _COMBINING.sub("", unicodedata.normalize("NFD", name)).lower()
    return _NOT_KEY.sub("", folded)[:2] or "_"


def search_shards(data: SiteData, links: Links, prefix: str) -> tuple[dict, dict[str, dict]]:
    """A large site's search index (see LARGE_SITE): `search_index`'s rows
    split by `search_key` of the name, and an index of the parts; a row's
    address is not written: in its place the player's slug, given only
    where it is not his id, by which static/search.js finds his page in
    players/shards.json (43 % of a row, docs/scale.md#output-size).  Made
    from the records directly (`search_index` builds every player's
    summary and address: at FIDE's size a fifth of the render's longest
    tasks, docs/scale.md, "Session 13"); tests/test_scale.py compares the
    two."""
    fields = ["id", "name", "federation", "game", "rating", "slug"]
    parts: dict[str, list] = {}
    records = sorted(data.players.values(), key=lambda p: (p.name.casefold(), p.game, p.id))
    for p in records:
        slug = links.player_slug(p.game, p.id)
        row = [p.id, p.name, p.federation, p.game, _first_rating(p.ratings)]
        if slug != p.id:
            row.append(slug)
        parts.setdefault(search_key(p.name), []).append(row)
    index = {"fields": fields, "players": [],
             "parts": {key: f"{prefix}search/{key}.json" for key in sorted(parts)},
             "shards": f"{prefix}players/shards.json"}
    return index, {key: {"fields": fields, "players": rows}
                   for key, rows in sorted(parts.items())}


_IN_LIST_ORDER: dict[tuple[str, ...], tuple[int, ...]] = {}


def _first_rating(ratings) -> int | None:
    """The first rating of `_ratings`' order that is not None (the search
    index's rating): the positions of a record's list names in that order
    found once for each tuple of names (`ByList.names`, shared)."""
    names = ratings.names
    order = _IN_LIST_ORDER.get(names)
    if order is None:
        order = _IN_LIST_ORDER[names] = tuple(
            names.index(name) for name in sorted(names, key=_list_order))
    values = ratings.values_in_order
    for at in order:
        if values[at] is not None:
            return values[at]
    return None
