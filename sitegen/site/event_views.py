"""What the event, norm-table, World Cup, regulation and Markdown pages show.

Like `sitegen.site.views`, these only select and order: the event page shows the
check contract (docs/check-contract.md) as rules_core returned it, the
norm tables are rules_core's own literals (never retyped here), the World
Cup rows are `sitegen.compute.worldcup`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from markdown_it import MarkdownIt
from markupsafe import Markup

from rules_core.fide.tables import DP_BY_PERCENT, NOTIONAL_DP, PD_BANDS
from rules_core.fmjd import tables as fmjd_tables
from rules_core.fmjd import titles as fmjd_titles
from rules_core.fmjd.worldcup import CRITERIA
from sitegen.compute.sitedata import EventReport, WorldCupView
from sitegen.i18n import N_, gettext
from sitegen.site.figures import TIEBREAK_LABELS, fixed, points
from sitegen.site.lean import escaped

__all__ = ["EventView", "event_view", "NormTable", "norm_tables", "WorldCupPage",
           "worldcup_views", "DocView", "regulation_docs", "MarkdownPage",
           "markdown_page", "TIEBREAK_LABELS"]

SYSTEM_NAMES = {"swiss": N_("Swiss"), "round-robin": N_("round robin"),
                "double-round-robin": N_("double round robin"), "match": N_("match"),
                "team": N_("team"), "scheveningen": N_("Scheveningen")}
_PLAYED = ("1", "0", "=")
# The contract's figures a player row shows (docs/check-contract.md).
FIGURE_KEYS = ("number", "id", "name", "rating", "k", "rated_games", "score",
               "opponents_average", "expected", "change", "new_rating", "initial_rating",
               "performance", "rank", "competition_average", "difference")
# Shown only when some player has them: (key, header, meaning).
OPTIONAL_FIGURES = (("competition_average", "Rc", N_("the competition's average")),
                    ("difference", "D", N_("the rating difference")),
                    ("initial_rating", "Ru", N_("the event's rating of an unrated player")))
NORM_KEYS = ("title", "kind", "category", "required", "achieved", "valid")
# chess norms (FIDE B.01 (2024)) also carry these figures
CHESS_NORM_KEYS = ("games", "counted_games", "opponents_average", "performance",
                   "dropped_rounds")
PROBLEM_KEYS = ("severity", "code", "line", "message")
_COLOURS = {"w": N_("white"), "b": N_("black")}

# The World Cup's classifications as the breakdown names them ({{ _(…) }}).
CLASSIFICATIONS = (N_("open"), N_("women"))


# -- events ------------------------------------------------------------------------

@dataclass
class CrossCell:
    text: str
    label: str
    opponent: int | None = None     # his row of the crosstable is linked


@dataclass
class GameLine:
    round: int | None
    opponent: str
    opponent_rating: int | None
    difference: int | None
    expected: float | None
    score: float | None


@dataclass
class EventPlayer:
    number: int
    name: str
    url: str | None
    title: str
    federation: str
    rating: int | None
    rank: int | None
    points: float | None
    tiebreaks: list
    cells: list[CrossCell]
    figures: dict
    games: list[GameLine]
    notes: list[str]
    norms: list[dict]

    def cross_cells(self) -> Markup:
        """His crosstable cells, one string (`sitegen.site.lean`): a few
        thousand cells a page were each a dozen template operations."""
        return Markup("".join(_cell_html(c) for c in self.cells))

    def lean_cells(self) -> Markup:
        """A large site's crosstable cells: the text alone, without the
        tooltip (it repeated the cell and the opponent's name) and the link
        to the opponent's row (docs/scale.md, "Output size")."""
        return Markup("".join(f"<td>{escaped(c.text)}</td>" for c in self.cells))

    def game_rows(self) -> Markup:
        """The rows of his games counted for rating (templates/event.html),
        one string: a row a game was six template lookups, filters and
        escapes, most of an event page's time."""
        return Markup("".join(_game_html(g) for g in self.games))


def _blank(value: object) -> object:
    return "" if value is None else value


def _game_html(g: GameLine) -> str:
    return (f'<tr><th scope="row">{escaped(_blank(g.round))}</th><td>{escaped(g.opponent)}</td>'
            f'<td class="num">{escaped(_blank(g.opponent_rating))}</td>'
            f'<td class="num">{escaped(_blank(g.difference))}</td>'
            f'<td class="num">{escaped(fixed(g.expected, 2))}</td>'
            f'<td class="num">{escaped(points(g.score))}</td></tr>\n')


def _cell_html(c: CrossCell) -> str:
    text = escaped(c.text)
    if c.opponent is not None:
        text = Markup(f'<a href="#no-{escaped(c.opponent)}">{text}</a>')
    return f'<td title="{escaped(c.label)}">{text}</td>'


@dataclass
class EventView:
    report: EventReport
    event: dict
    system: str
    players: list[EventPlayer]
    tiebreaks: list[tuple[str, str]]       # (key, label)
    rounds: list[int]
    optional: list[tuple[str, str, str]]   # extra figure columns: (key, header, meaning)
    norms: list[tuple[EventPlayer, dict]]
    notes: list[str]
    problems: list[dict]
    list_path: str | None
    edition_path: str | None


def event_view(report: EventReport, links) -> EventView:
    result = report.result
    raw = sorted(result.get("players", []),
                 key=lambda p: (p.get("rank") is None, p.get("rank") or 0, p.get("number") or 0))
    names = {p.get("number"): p.get("name") or "" for p in raw}
    tiebreaks = _tiebreak_columns(raw)
    rounds = sorted({r["round"] for p in raw for r in p.get("rounds", []) if r.get("round")})
    players = [_event_player(p, report.game, links, names, tiebreaks, rounds) for p in raw]
    event = dict(result.get("event", {}))
    return EventView(
        report, event, SYSTEM_NAMES.get(str(event.get("system")), event.get("system") or ""),
        players, tiebreaks, rounds, _optional_columns(raw),
        [(p, n) for p in players for n in p.norms
         if report.game != "chess" or n["valid"]],      # chess: the norms achieved
        list(event.get("notes", [])),
        [{k: pr.get(k) for k in PROBLEM_KEYS} for pr in result.get("problems", [])],
        links.list_path(report.game, report.list, report.list_date),
        links.regulation_path(result.get("edition_source")))


def _tiebreak_columns(players: list[dict]) -> list[tuple[str, str]]:
    keys: list[str] = []
    for p in players:
        keys.extend(k for k in p.get("tiebreaks", {}) if k not in keys)
    return [(k, TIEBREAK_LABELS.get(k, k.replace("_", " ").capitalize())) for k in keys]


def _optional_columns(players: list[dict]) -> list[tuple[str, str, str]]:
    return [(k, label, meaning) for k, label, meaning in OPTIONAL_FIGURES
            if any(p.get(k) is not None for p in players)]


def _event_player(p: dict, game: str, links, names, tiebreaks, rounds) -> EventPlayer:
    by_round = {r.get("round"): r for r in p.get("rounds", [])}
    # a large site's page has neither the cells' tooltips nor the figures
    # of each game (sitegen.site.lean, docs/scale.md#output-size)
    if links.large:
        cells = [_lean_cross_cell(by_round.get(n)) for n in rounds]
        games: list[GameLine] = []
    else:
        cells = [_cross_cell(by_round.get(n), n, names, game) for n in rounds]
        games = [GameLine(g.get("round"), names.get(g.get("opponent"), ""),
                          g.get("opponent_rating"), g.get("difference"), g.get("expected"),
                          g.get("score")) for g in p.get("games", [])]
    shown = p.get("standing_points", p.get("points", p.get("score")))
    return EventPlayer(p["number"], p.get("name") or "", links.player_path(game, p.get("id")),
                       p.get("title") or "", p.get("federation") or "", p.get("rating"),
                       p.get("rank"), shown, [p.get("tiebreaks", {}).get(k) for k, _ in tiebreaks],
                       cells, {k: p.get(k) for k in FIGURE_KEYS}, games,
                       list(p.get("notes", [])), [_norm(n) for n in p.get("norms", [])])


def _norm(n: dict) -> dict:
    extra = {k: n[k] for k in CHESS_NORM_KEYS if k in n}
    return {**{k: n.get(k) for k in NORM_KEYS}, **extra, "reasons": list(n.get("reasons", []))}


def _cross_cell(r: dict | None, number: int, names: dict, game: str) -> CrossCell:
    if r is None:
        return CrossCell("", gettext("round %(round)s: no entry") % {"round": number})
    code, score = r.get("code") or "", r.get("score")
    result = _result_text(code, score)
    opponent = r.get("opponent")
    if opponent is None:
        return CrossCell(result, gettext("round %(round)s: %(code)s (no opponent), %(score)s")
                         % {"round": number, "code": code, "score": points(score)})
    colour = r.get("color") or ""
    text = f"{opponent}{colour if colour in _COLOURS else ''} {result}"
    who = f"{opponent} {names.get(opponent, '')}".rstrip()
    label = (gettext("round %(round)s: against %(who)s with %(colour)s, %(result)s")
             if colour in _COLOURS else gettext("round %(round)s: against %(who)s, %(result)s"))
    return CrossCell(text, label % {"round": number, "who": who, "result": result,
                                    "colour": gettext(_COLOURS[colour]) if colour in _COLOURS else ""},
                     opponent)


def _lean_cross_cell(r: dict | None) -> CrossCell:
    """A large site's crosstable cell: its text as `_cross_cell`'s, no
    tooltip (`EventPlayer.lean_cells`)."""
    if r is None:
        return CrossCell("", "")
    result = _result_text(r.get("code") or "", r.get("score"))
    opponent, colour = r.get("opponent"), r.get("color") or ""
    if opponent is None:
        return CrossCell(result, "")
    return CrossCell(f"{opponent}{colour if colour in _COLOURS else ''} {result}", "", opponent)


def _result_text(code: str, score) -> str:
    """Played games by their points (½ for a chess draw), others by their code."""
    if code in _PLAYED and score is not None:
        return "½" if score == 0.5 else points(score)
    return code


# -- norm and conversion tables ------------------------------------------------------

@dataclass
class NormTable:
    anchor: str
    caption: str
    source: str          # the citation, linked by the `cite` filter
    header: list[str]    # the first is the row headers' column
    rows: list[list[str]]
    notes: list[str]


def norm_tables() -> list[NormTable]:
    """FMJD X-2 and X-3, FMJD IX-1 and FIDE 10.1a/10.1b, from rules_core's literals."""
    return [_x2(), _x3(), _x3_minima(), _ix1(), _fide_dp(), _fide_pd()]


def _range(low, high) -> str:
    if low is None:
        return f"up to {high}"
    if high is None:
        return f"{low} and above"
    return f"{low}–{high}"


def _x2() -> NormTable:
    rows = [[cat, _range(*open_), _range(*female)]
            for cat, (open_, female) in fmjd_titles.X_2.items()]
    notes = [f"Printed {cat!r} / {cell!r}: read as {used}, {why}."
             for (cat, cell), (used, why) in sorted(fmjd_titles.X_2_MISPRINTS.items())]
    return NormTable("x-2", "Table X-2: categories of a group by its average rating Rm",
                     "(fmjd Annex 10 §4.3)", ["Category", "Open", "Female"], rows, notes)


def _x3() -> NormTable:
    header = ["%", "MF / MFF", "MI / MIF", "GMI / GMIF"] + [
        f"{n} games" for n in fmjd_titles.X_3_GAMES]
    rows = [[str(pct), mf or "", mi or "", gmi or ""] + [str(v) for v in values]
            for pct, mf, mi, gmi, values in fmjd_titles.X_3]
    notes = [f"({k}) {text}" for k, text in fmjd_titles.X_3_REMARKS.items()
             if isinstance(k, int) and k <= 3]
    return NormTable("x-3", "Table X-3: points needed for a norm, by the group's category "
                     "for each title and by the number of games", "(fmjd Annex 10 §4.3)",
                     header, rows, notes)


def _x3_minima() -> NormTable:
    header = ["Minimum"] + [f"{n} players" for n in fmjd_titles.X_3_PLAYERS]
    rows = [[f"({k}) {fmjd_titles.X_3_REMARKS[k]}"] +
            ["" if v is None else str(v) for v in values]
            for k, values in sorted(fmjd_titles.X_3_MINIMA.items())]
    notes = [f"({k}) {fmjd_titles.X_3_REMARKS[k]}" for k in ("*", "**")]
    notes.append("Blank cells: a red norm needs at least 10 players (as printed: a "
                 "remnant of the nine rounds a red norm needed before 1 February 2020, "
                 "fmjd Annex 10 §4.4.1.1).")
    return NormTable("x-3-minima", "Table X-3, rows (5)-(9): minimum numbers of players "
                     "for red and black norms", "(fmjd Annex 10 §4.4)", header, rows, notes)


def _ix1() -> NormTable:
    rows = [[str(p), f"{d:.2f}"] for p, d in sorted(fmjd_tables.IX_1.items(), reverse=True)]
    notes = [f"At P = {p} % the print has {printed:.2f}: a misprint for {used:.2f} "
             "(docs/interpretations.md#i10)."
             for p, (printed, used) in sorted(fmjd_tables.IX_1_MISPRINTS.items())]
    return NormTable("ix-1", "Table IX-1: rating difference D(P) for a result P in percent",
                     "(fmjd Annex 9 §2.3)", ["P (%)", "D(P)"], rows, notes)


def _fide_dp() -> NormTable:
    rows = [[f"{p / 100:.2f}", str(dp)] for p, dp in sorted(DP_BY_PERCENT.items(), reverse=True)]
    notes = [f"p = {p / 100:.2f}: indeterminate in 2002 and 2003, shown notionally as {dp} "
             "from 2009." for p, dp in sorted(NOTIONAL_DP.items(), reverse=True)]
    return NormTable("fide-10-1a", "Table 10.1a: rating difference dp for a score p",
                     "(fide-2002 10.1)", ["p", "dp"], rows, notes)


def _fide_pd() -> NormTable:
    rows = [[_range(low, high) if high is not None else f"{low} and above",
             f"{h / 100:.2f}", f"{(100 - h) / 100:.2f}"] for low, high, h in PD_BANDS]
    return NormTable("fide-10-1b", "Table 10.1b: expected score P(D) for a rating "
                     "difference D, higher (H) and lower (L) rated player",
                     "(fide-2002 10.1)", ["D", "H", "L"], rows, [])


# -- World Cup ---------------------------------------------------------------------------

@dataclass
class CupResult:
    wcp: float
    counted: bool
    place: int | None
    label: str


@dataclass
class CupRow:
    rank: int
    name: str
    url: str | None
    federation: str
    score: float
    firsts: int
    seconds: int
    thirds: int
    wins: int
    decided_by: str
    results: list[CupResult | None]


@dataclass
class CupEvent:
    id: str
    name: str
    path: str | None
    stars: int | None
    date: date | None
    women_only: bool
    players: int | None


@dataclass
class CupEventResult:
    name: str
    url: str | None
    classification: str         # "open" | "women" (CLASSIFICATIONS: shown translated)
    place: int | None
    points: float | None
    bonus: float | None
    factor: float | None
    wcp: float | None
    counted: bool
    at_closing_ceremony: bool


@dataclass
class CupBreakdown:
    event: CupEvent
    anchor: str
    results: list[CupEventResult]


@dataclass
class CupSeason:
    """What a season's page shows of the season itself: its name and
    address.  Not the whole `WorldCupView`: a page's key holds what the page
    is made of (sitegen.manifest.Reuse), and every date's standings in it
    made each month's page change with the next month's standings."""

    slug: str
    name: str


@dataclass
class WorldCupPage:
    season: CupSeason
    title: str
    as_of: date | None
    dates: list[tuple[str, str, bool]]       # (YYYY-MM, path, current)
    events: list[CupEvent]
    open: list[CupRow]
    women: list[CupRow]
    reserve: dict[str, list[dict]]
    latest: bool
    breakdown: list[CupBreakdown]


def worldcup_views(season: WorldCupView, links) -> list[tuple[str, WorldCupPage]]:
    """(path, page) for the latest standings (the last date: the site's
    end) and each month's before it; a month with several dates shows the
    last of them.

    A month's page shows only what its date knew: the months up to its
    own, the events played by then, no reserve list (which is the latest
    list's, on the latest page).  The last date has no month's page: the
    next build's end is another date, and its month's page would change.
    So a later month adds a page and leaves the earlier ones as they were
    (docs/scale.md#incremental-builds)."""
    days = sorted(season.standings)
    by_month: dict[str, date] = {}
    for day in days[:-1]:
        by_month[day.strftime("%Y-%m")] = day
    base = f"worldcup/{season.slug}/"
    events = sorted((_cup_event(e, links) for e in season.events),
                    key=lambda e: (e.date or date.min, e.id))
    reserve = {k: [dict(r, url=links.player_path("draughts", r.get("id")))
                   for r in season.reserve.get(k, [])] for k in ("open", "women")}
    if not days:
        empty = WorldCupPage(CupSeason(season.slug, season.name), season.name, None, [], events,
                             [], [], reserve, True, [])
        return [(base, empty)]
    months = sorted(by_month)
    pages = [(base, _cup_page(season, days[-1], [(m, f"{base}{m}/", False)
                                                  for m in reversed(months)],
                              events, reserve, links, True))]
    for key in months:
        day = by_month[key]
        dates = [(m, f"{base}{m}/", m == key) for m in reversed(months) if m <= key]
        shown = [e for e in events if e.date is None or e.date <= day]
        pages.append((f"{base}{key}/", _cup_page(season, day, dates, shown, {}, links,
                                                 False)))
    return pages


def _cup_page(season, day, dates, events, reserve, links, latest) -> WorldCupPage:
    rows = season.standings[day]
    title = season.name + ("" if latest else gettext(", standings as of %(date)s")
                           % {"date": day.isoformat()})
    return WorldCupPage(CupSeason(season.slug, season.name), title, day, dates, events,
                        [_cup_row(r, events, links) for r in rows.get("open", [])],
                        [_cup_row(r, events, links) for r in rows.get("women", [])],
                        reserve, latest, _breakdown(rows, events, links))


def _breakdown(rows: dict, events: list[CupEvent], links) -> list[CupBreakdown]:
    """Each event's results as counted in the standings: who, from which
    classification, place, points, bonus, factor and World Cup points."""
    out = []
    for index, e in enumerate(events, start=1):
        results = []
        for kind in ("open", "women"):
            for r in rows.get(kind, []):
                for x in r.get("results", []):
                    if x.get("event") == e.id:
                        results.append(CupEventResult(
                            r.get("name") or r.get("id"),
                            links.player_path("draughts", r.get("id")), kind, x.get("place"),
                            x.get("points"), x.get("bonus"), x.get("factor"), x.get("wcp"),
                            bool(x.get("counted")), x.get("at_closing_ceremony", True)))
        results.sort(key=lambda x: (x.place is None, x.place or 0, x.classification, x.name))
        out.append(CupBreakdown(e, f"wc-event-{index}", results))
    return out


def _cup_event(e: dict, links) -> CupEvent:
    return CupEvent(str(e.get("id")), e.get("name") or str(e.get("id")),
                    links.event_path(e.get("id")), e.get("stars"), e.get("date"),
                    bool(e.get("women_only")), e.get("players"))


def _cup_row(r: dict, events: list[CupEvent], links) -> CupRow:
    by_event = {x.get("event"): x for x in r.get("results", [])}
    results = []
    for e in events:
        x = by_event.get(e.id)
        results.append(None if x is None else CupResult(
            x.get("wcp"), bool(x.get("counted")), x.get("place"),
            gettext("place %(place)s, %(points)s points, bonus %(bonus)s, factor %(factor)s")
            % {"place": x.get("place"), "points": points(x.get("points")),
               "bonus": points(x.get("bonus")), "factor": points(x.get("factor"))}))
    decided = r.get("decided_by")
    return CupRow(r["rank"], r.get("name") or r["id"],
                  links.player_path("draughts", r.get("id")), r.get("federation") or "",
                  r["score"], r.get("firsts", 0), r.get("seconds", 0), r.get("thirds", 0),
                  r.get("wins", 0), CRITERIA[decided - 1] if decided else "", results)


# -- regulations and Markdown pages ---------------------------------------------------

@dataclass
class DocView:
    slug: str
    title: str
    html: Markup
    source: str
    lang: str = "en"        # the text's language: its file's "-<lang>.txt", else English


def regulation_docs(regulations) -> list[DocView]:
    """`sitegen.site.regulations`' documents, in the order loaded (their headings
    start at <h2>, the page's title being its only <h1>)."""
    docs = []
    for doc in regulations or ():
        slug = _attr(doc, "slug", "id", "name")
        html = str(_attr(doc, "html", "body") or "")
        source = str(_attr(doc, "source", "path", "filename") or "")
        language = _TEXT_LANGUAGE.search(source)
        docs.append(DocView(slug, _attr(doc, "title") or slug, Markup(html), source,
                            language[1] if language else "en"))
    return docs


# fide-rating-regulations-2009-it.txt: the Italian edition (docs/i18n.md)
_TEXT_LANGUAGE = re.compile(r"-([a-z]{2})\.(?:txt|md)$")




def _attr(obj, *names):
    for name in names:
        value = obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)
        if value:
            return value
    return None


@dataclass
class MarkdownPage:
    slug: str
    title: str
    html: Markup


_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
_ROOT_LINK = re.compile(r'\b(href|src)="/(?!/)')


def markdown_page(slug: str, text: str, prefix: str = "/") -> MarkdownPage:
    """A Markdown page; raw HTML in it is shown as text.  A first line
    '# Title' is the page's title; a root-relative link ('/players/') is
    a link into the site, under its `prefix`."""
    lines = text.lstrip("\ufeff").splitlines()
    title = slug.replace("-", " ").capitalize()
    while lines and not lines[0].strip():
        lines.pop(0)
    if lines and lines[0].startswith("# "):
        title = lines.pop(0)[2:].strip().strip("#").strip() or title
    html = _MARKDOWN.render("\n".join(lines) + "\n")
    if prefix != "/":
        html = _ROOT_LINK.sub(lambda m: f'{m[1]}="{prefix}', html)
    return MarkdownPage(slug, title, Markup(html))
