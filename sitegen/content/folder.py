"""Reading and checking a federation's `content/` folder.

The layout (README, "The content folder")::

    content/
      site.toml                 the site: name, federation, base URL, lists
      players/chess.csv         the player registries: one row a player;
      players/chess-ratings.csv a row per player per date: ratings, games
      events/chess/*.toml       tournaments, in any format rules_core reads:
      events/chess/*.trf        native TOML/JSON, TRF, the FMJD official
      events/draughts/*.csv     format, Arbiter Pro / Toernooibase exports;
      events/**/NAME.meta.toml  optional: what the file lacks ([event] keys)
      worldcup/*.toml           FMJD World Cup seasons
      pages/*.md                Markdown pages
      regulations/              the regulations, published verbatim

Everything is read and checked before anything is computed or written
(house style, after MkDocs): every problem names its file and line, and the
build stops once, at the end, with all of them.
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path, PurePath
from typing import TypeVar

from rules_core.check import READERS, detect_format, read_tournament
from rules_core.model import Tournament
from rules_core.problems import ERROR, WARNING, Problem
from sitegen.cache import cached
from sitegen.content import normal
from sitegen.content.registry import RatingRow, RegistryPlayer, read_identity, read_ratings
from sitegen.content.settings import (
    COMPUTED_KEYS,
    LIST_KEYS,
    META_KEYS,
    SEASON_ARRAYS,
    SEASON_TABLES,
    SITE_KEYS,
    THEME_KEYS,
    TOP_KEYS,
    Checker,
    SiteTheme,
    key_line,
    safe_slug,
    toml_line,
)
from sitegen.content.sources import SourceError, read_text

__all__ = ["ContentError", "SiteSettings", "ListSpec", "RegistryPlayer", "RatingRow",
           "Event", "Season", "Content", "load_content", "apply_meta", "LISTS", "NOTE"]

# game -> the lists a federation may publish (docs/architecture.md#site-map)
LISTS = {"chess": ("standard", "rapid", "blitz"), "draughts": ("standard", "rapid-blitz")}
EVENT_SUFFIXES = (".toml", ".json", ".trf", ".txt", ".csv", ".pgn", ".xml")
NOTE = "note"           # printed, not counted as a warning: a default the build took


class ContentError(ValueError):
    """The content has errors; `problems` holds (file, Problem) for each."""

    def __init__(self, problems: list[tuple[str, Problem]]):
        self.problems = problems
        errors = [p.format(path) for path, p in problems if p.is_error]
        super().__init__(f"{len(errors)} errors in the content:\n" + "\n".join(errors))


@dataclass(frozen=True)
class ListSpec:
    game: str
    list: str


@dataclass
class SiteSettings:
    name: str
    federation: str
    base_url: str = ""
    languages: tuple[str, ...] = ("en",)
    lists: tuple[ListSpec, ...] = ()
    start: date | None = None        # the record starts: the first list date
    end: date | None = None          # the last list date (default: the last event's list)
    theme: SiteTheme = field(default_factory=SiteTheme)     # [theme]


@dataclass
class Event:
    slug: str
    game: str
    path: str
    tournament: Tournament
    format: str
    meta: dict = field(default_factory=dict)


@dataclass
class Season:
    slug: str
    path: str
    data: dict


@dataclass
class Content:
    root: Path
    settings: SiteSettings
    players: dict[str, dict[str, RegistryPlayer]]      # game -> id -> player
    events: list[Event]
    seasons: list[Season]
    pages: dict[str, str]                              # slug -> Markdown
    warnings: list[tuple[str, Problem]]
    ratings: dict[str, list[RatingRow]] = field(default_factory=dict)   # game -> rows
    # the SHA-256 of each text file read, by its path inside the folder (as
    # `Event.path`): what the periods taken up from a previous build are
    # keyed by (sitegen.compute.resume)
    sources: dict[str, str] = field(default_factory=dict)


P = TypeVar("P", bound=PurePath)


def meta_file(path: P) -> P:
    """The NAME.meta.toml beside the event file `path` (a path on disk, or a
    path inside the content as `Event.path` gives it)."""
    return path.with_name(path.stem + ".meta.toml")


def load_content(root: Path) -> Content:
    """Read everything; raise `ContentError` with every problem at once."""
    reader = _Reader(root)
    content = reader.read()
    if any(p.is_error for _, p in reader.problems):
        raise ContentError(reader.problems)
    return content




def apply_meta(path: Path, t: Tournament) -> list[str]:
    """What NAME.meta.toml beside the event file `path` gives (start, end,
    time control, ...), set on `t` as the build sets it; its problems as
    `FILE:LINE: severity: message` lines (for `sitegen import`)."""
    reader = _Reader(path.parent)
    reader.meta(path, t)
    return [problem.format(str(path.parent / where)) for where, problem in reader.problems]


class _Reader:
    def __init__(self, root: Path):
        self.root = root
        self.problems: list[tuple[str, Problem]] = []
        self._names: dict[int, dict[str, list[RegistryPlayer]]] = {}   # see names()
        self.sources: dict[str, str] = {}     # Content.sources

    def problem(self, path: Path | str, message: str, line: int | None = None,
                code: str = "content.invalid", severity: str = ERROR) -> None:
        self.problems.append((self.relative(path), Problem(severity, code, message, line)))

    def report(self, path, message, line=None, severity=ERROR) -> None:
        self.problem(path, message, line, severity=severity)

    def relative(self, path: Path | str) -> str:
        """A path as problems name it: from the content folder's parent."""
        path = Path(path)
        try:
            return str(path.relative_to(self.root.parent))
        except ValueError:
            return str(path)

    def inside(self, path: Path) -> str:
        """A path as the output shows it: from the content folder, whose
        own name never appears in the site."""
        return path.relative_to(self.root).as_posix()

    def read(self) -> Content:
        if not self.root.is_dir():
            self.problem(self.root, "no such folder: expected a content folder with site.toml")
            raise ContentError(self.problems)
        for name in ("players", "events", "pages", "worldcup", "regulations"):
            if (self.root / name).exists() and not (self.root / name).is_dir():
                self.problem(self.root / name, "expected a folder, found a file")
        settings = self.settings()
        self.stray_players()
        players, ratings = {}, {}
        for game in LISTS:
            players[game], ratings[game] = self.registry(game, settings)
        events = self.events(players)
        self.default_start(settings, events, ratings)
        self.after_end(settings, ratings)
        seasons = self.seasons({e.slug for e in events if e.game == "draughts"})
        pages = self.pages()
        warnings = [(f, p) for f, p in self.problems if not p.is_error]
        return Content(self.root, settings, players, events, seasons, pages, warnings, ratings,
                       self.sources)

    # -- site.toml ----------------------------------------------------------
    def text(self, path: Path) -> str | None:
        try:
            text = read_text(path)
        except SourceError as error:
            self.problem(path, str(error).split(": ", 1)[-1])
            return None
        try:
            inside = self.inside(path)
        except ValueError:          # not under the folder (no content file)
            return text
        self.sources[inside] = hashlib.sha256(text.encode()).hexdigest()
        return text

    def toml(self, path: Path) -> tuple[dict | None, str]:
        text = self.text(path)
        if text is None:
            return None, ""
        try:
            return tomllib.loads(text), text
        except tomllib.TOMLDecodeError as error:
            self.problem(path, f"not valid TOML: {error}", toml_line(str(error)))
        return None, text

    def settings(self) -> SiteSettings:
        path = self.root / "site.toml"
        if not path.exists():
            self.problem(path, "missing: expected [site] with name and federation")
            return SiteSettings("", "")
        data, text = self.toml(path)
        if data is None:
            return SiteSettings("", "")
        check = Checker(text, lambda message, line: self.problem(path, message, line))
        check.table(data, "", TOP_KEYS, "")
        site = data.get("site", {})
        if not isinstance(site, dict):
            self.problem(path, "site: expected a [site] table", key_line(text, "site"))
            site = {}
        check.table(site, "site", tuple(SITE_KEYS), "[site] ")
        values = {key: check.value("site", key, site[key], kind)
                  for key, kind in SITE_KEYS.items() if key in site}
        for key in ("name", "federation"):
            if not values.get(key) and key not in site:
                self.problem(path, f"[site] {key}: missing, expected a text",
                             key_line(text, "site") or 1)
        return SiteSettings(values.get("name") or "", values.get("federation") or "",
                            values.get("base_url") or "", values.get("languages") or ("en",),
                            self.lists(path, text, data.get("lists", []), check),
                            values.get("start"), values.get("end"),
                            self.theme(path, text, data.get("theme", {}), check))

    def theme(self, path, text, table, check) -> SiteTheme:
        """[theme]: `logo`, a file under content/; `accent`, a colour."""
        if not isinstance(table, dict):
            self.problem(path, "theme: expected a [theme] table", key_line(text, "theme"))
            return SiteTheme()
        check.table(table, "theme", tuple(THEME_KEYS), "[theme] ")
        values = {key: check.value("theme", key, table[key], kind)
                  for key, kind in THEME_KEYS.items() if key in table}
        logo = values.get("logo") or ""
        if logo and not (self.root / logo).is_file():
            self.problem(path, f"[theme] logo {logo!r}: no such file under "
                         f"{self.root.name}/", key_line(text, "logo", "theme"))
            logo = ""
        return SiteTheme(logo, values.get("accent") or "")

    def lists(self, path, text, specs, check) -> tuple[ListSpec, ...]:
        if not isinstance(specs, list):
            self.problem(path, "lists: expected [[lists]] tables", key_line(text, "lists"))
            return ()
        out: list[ListSpec] = []
        for index, spec in enumerate(specs):
            line = key_line(text, "game", "lists", index)
            if not isinstance(spec, dict):
                self.problem(path, f"[[lists]] {index + 1}: expected a table", line)
                continue
            check.table(spec, "lists", LIST_KEYS, "[[lists]] ", index)
            game, name = spec.get("game"), spec.get("list")
            if not isinstance(game, str) or not isinstance(name, str) \
                    or name not in LISTS.get(game, ()):
                known = "; ".join(f"{g}: {', '.join(n)}" for g, n in LISTS.items())
                self.problem(path, f"[[lists]] {index + 1}: game {game!r}, list {name!r}: "
                             f"expected one of {known}", line)
            elif ListSpec(game, name) in out:
                self.problem(path, f"[[lists]] {index + 1}: {game} {name} is given twice",
                             line)
            else:
                out.append(ListSpec(game, name))
        return tuple(out)

    def default_start(self, settings, events, ratings) -> None:
        """No `start`: the record starts with the earliest event or dated
        rating of the content (said in the build's output)."""
        site = self.relative(self.root / "site.toml")
        if settings.start is not None or any(f == site for f, _ in self.problems):
            return
        days = [e.tournament.start for e in events if e.tournament.start] + \
            [r.date for rows in ratings.values() for r in rows if r.date]
        if not days:
            self.problem(self.root / "site.toml", "[site] start: missing, and no event or "
                         "dated rating to start from: expected start = YYYY-MM-DD", 1)
            return
        settings.start = min(days)
        self.problem(self.root / "site.toml", f"[site] start not given: the record starts "
                     f"on {settings.start} (the earliest date of the content)", None,
                     "content.default-start", NOTE)

    def after_end(self, settings, ratings) -> None:
        """Rows dated after an `end` given are not used: said, not dropped
        silently."""
        for game, rows in ratings.items():
            late = [r for r in rows if settings.end and r.date and r.date > settings.end]
            if late:
                self.problem(self.root / "players" / f"{game}-ratings.csv",
                             f"{len(late)} rows dated after [site] end {settings.end} are "
                             "not used (the record ends there)", late[0].line,
                             "content.after-end", NOTE)

    # -- players/<game>.csv, players/<game>-ratings.csv ------------------------------
    def registry(self, game: str, settings) -> tuple[dict[str, RegistryPlayer], list]:
        lists = LISTS[game]
        path = self.root / "players" / f"{game}.csv"
        text = self.text(path) if path.exists() else None
        if text is None:
            return {}, []
        players, rows = read_identity(text, path, game, lists, self.report)
        dated = self.root / "players" / f"{game}-ratings.csv"
        if dated.exists():
            more = self.text(dated)
            if more is not None:
                rows += read_ratings(more, dated, lists, players, self.report)
        rows.sort(key=lambda r: (r.date or date.min, r.line))
        _first_rows(players, rows)
        published = {spec.list for spec in settings.lists if spec.game == game}
        self.unknown_games(game, rows, path, dated, published)
        return players, rows

    def stray_players(self) -> None:
        folder = self.root / "players"
        known = {f"{g}{s}.csv" for g in LISTS for s in ("", "-ratings")}
        for path in sorted(folder.iterdir()) if folder.is_dir() else []:
            if path.name not in known and not path.name.startswith("."):
                self.problem(path, f"not a registry file: expected {', '.join(sorted(known))}")

    def unknown_games(self, game, rows, path, dated, published) -> None:
        """A blank games count beside a rating: unknown, and the rules
        assume an established player, as `sitegen check` does (fide-2002
        10.54, fide-rb-2024 7.3.3, fmjd Annex 9 §3.2.3)."""
        for name in [n for n in LISTS[game] if n in published]:
            blank = [r for r in rows if name in r.games and r.games[name] is None]
            if not blank:
                continue
            where = path if blank[0].date is None else dated
            lines = ", ".join(str(r.line) for r in blank[:5]) + (", ..." if len(blank) > 5 else "")
            self.problem(where, f"{len(blank)} {name} ratings without {name}_games (lines "
                         f"{lines}): the count is unknown, so K is that of a player with at "
                         "least 30 rated games, as `sitegen check` assumes",
                         blank[0].line, "content.games-unknown", WARNING)

    # -- events/<game>/* --------------------------------------------------------
    def events(self, players) -> list[Event]:
        events = []
        self.stray_events()
        for game in LISTS:
            folder = self.root / "events" / game
            if folder.exists() and not folder.is_dir():
                self.problem(folder, f"expected a folder of {game} event files, found a file")
                continue
            for path in sorted(folder.rglob("*")) if folder.is_dir() else []:
                event = self.event_file(path, game, players[game])
                if event is not None:
                    events.append(event)
        slugs: dict[str, str] = {}
        for event in events:
            if event.slug in slugs:
                self.problem(self.root / event.path, f"event name {event.slug!r} is used by "
                             f"{slugs[event.slug]} too: file names must differ")
            slugs[event.slug] = event.path
        return events

    def stray_events(self) -> None:
        folder = self.root / "events"
        for path in sorted(folder.iterdir()) if folder.is_dir() else []:
            if path.name not in LISTS and not path.name.startswith("."):
                self.problem(path, "not a game's folder: event files go in events/chess/ "
                             "or events/draughts/")

    def event_file(self, path: Path, game: str, registry) -> Event | None:
        if path.name.startswith(".") or path.is_dir():
            return None
        if path.name.endswith(".meta.toml"):
            if not any(path.with_name(path.name[:-10] + s).exists() for s in EVENT_SUFFIXES
                       if s != ".toml") and not path.with_name(path.name[:-10] + ".toml").exists():
                self.problem(path, "a meta file without its event file (same name without "
                             "'.meta')")
            return None
        if path.suffix.lower() not in EVENT_SUFFIXES:
            self.problem(path, f"not an event file: expected one of "
                         f"{', '.join(EVENT_SUFFIXES)} (or NAME.meta.toml)")
            return None
        if not safe_slug(path.stem):
            self.problem(path, f"file name {path.stem!r}: expected letters, digits, '.', '_' "
                         "or '-' (it names the event's page)")
            return None
        return self.event(path, game, registry)

    def event(self, path: Path, game: str, registry) -> Event | None:
        """The event of the file at `path`, with its problems; kept between
        builds (sitegen.cache) under what it is read from: the file's text
        and its meta file's, by their SHA-256 (`sources`), its place in the
        folder and the game's registry files, which `identify` reads.  The
        problems are kept with paths inside the folder, so that a folder of
        another name (a copy) finds them too and names its own files."""
        text = self.text(path)
        if text is None:
            return None
        inside = self.inside(path)
        meta = meta_file(path)
        meta_text = None
        if meta.exists():                    # as `meta` looks for it
            try:
                meta_text = read_text(meta)
            except SourceError:              # not kept: `meta` reports it, reading it again
                return self._event(path, game, registry, text)
        registry_files = [self.sources.get(f"players/{game}{suffix}.csv")
                          for suffix in ("", "-ratings")]
        key = (inside, game, self.sources[inside], meta_text, registry_files)
        prefix = self.relative(self.root) + os.sep
        made: list[bool] = []

        def load() -> tuple[Event | None, list[tuple[bool, str, Problem]]]:
            made.append(True)
            start = len(self.problems)
            event = self._event(path, game, registry, text)
            return event, [(where.startswith(prefix), where.removeprefix(prefix), problem)
                           for where, problem in self.problems[start:]]
        event, problems = cached("event as loaded", key, load)
        if not made:             # from the cache: its problems said again, its meta's digest
            self.problems += [(prefix + where if inside_root else where, problem)
                              for inside_root, where, problem in problems]
            if meta_text is not None:
                self.sources[self.inside(meta)] = hashlib.sha256(meta_text.encode()).hexdigest()
        return event

    def _event(self, path: Path, game: str, registry, text: str) -> Event | None:
        kind = detect_format(text, path.name)
        t = self.tournament(path, text, kind) if kind else None
        if t is None:
            return None
        meta = self.meta(path, t)
        t.game = game if t.game == "chess" and game == "draughts" else t.game
        for problem in t.problems:
            self.problems.append((self.relative(path), problem))
        self.placed(path, t, game)
        self.byes(path, t)
        self.normalise(t)
        self.identify(path, t, registry)
        return Event(path.stem, game, self.inside(path), t, kind, meta)

    def tournament(self, path: Path, text: str, kind: str) -> Tournament | None:
        """The file read by rules_core; a reader's crash is an error naming
        the file, never a traceback."""
        if kind not in READERS:
            self.problem(path, f"format {kind!r} is not read for content")
            return None
        try:
            # kept between builds under the file's bytes (sitegen.cache)
            return cached("event file", (text, path.name, kind),
                          lambda: read_tournament(text, path.name, kind))
        except Exception as error:  # a reader's bug: named, never a traceback
            self.problem(path, f"could not be read as {kind} ({type(error).__name__}: "
                         f"{str(error)[:200]!r}): a bug of sitegen's reader, please report it")
            return None

    def placed(self, path: Path, t: Tournament, game: str) -> None:
        """In its game's folder, with a start date."""
        if t.game != game:
            self.problem(path, f"a {t.game} tournament in events/{game}/: move it to "
                         f"events/{t.game}/")
        if t.start is None:
            self.problem(path, "no start date: give it in the file or in "
                         f"{path.stem}.meta.toml ([event] start = YYYY-MM-DD)")

    def meta(self, path: Path, t: Tournament) -> dict:
        """NAME.meta.toml: [event] keys the file lacks (start, end,
        time_control, system, rate_of_play, rounds, name, women_only, ...);
        what is computed from the file cannot be given there."""
        meta_path = meta_file(path)
        if not meta_path.exists():
            return {}
        data, text = self.toml(meta_path)
        if data is None:
            return {}
        check = Checker(text, lambda message, line: self.problem(meta_path, message, line))
        check.table(data, "", ("event",), "")
        event = data.get("event", {})
        if not isinstance(event, dict):
            self.problem(meta_path, "event: expected an [event] table", key_line(text, "event"))
            return {}
        for key, value in event.items():
            self.meta_key(meta_path, text, check, t, key, value)
        return data

    def meta_key(self, meta_path, text, check, t, key, value) -> None:
        line = key_line(text, key, "event")
        if key in COMPUTED_KEYS:
            self.problem(meta_path, f"[event] {key}: computed from the event file, it "
                         "cannot be given in a meta file", line)
        elif key not in META_KEYS:
            self.problem(meta_path, f"[event] {key!r}: not an event key, expected one of "
                         f"{', '.join(META_KEYS)}", line)
        else:
            checked = check.value("event", key, value, META_KEYS[key])
            if checked is not None:
                setattr(t, key, checked)

    def byes(self, path: Path, t: Tournament) -> None:
        """A bye placeholder (``spielfrei``, ``BYE``; no id, no rating) is not
        a player: its games become byes of the same score for its opponents
        (what rules_core.normalize does as a file is read, where present)."""
        fake = {p.number for p in t.players if normal.is_placeholder(p)}
        if not fake:
            return
        for p in t.players:
            for i, r in enumerate(p.results):
                if r.opponent in fake:
                    code = "U" if r.score > 0 and r.score >= _win(t) else ("H" if r.score else "Z")
                    p.results[i] = type(r)(r.round, None, None, code, r.score, r.line, r.column)
        for p in [p for p in t.players if p.number in fake]:
            self.problem(path, f"player {p.number} ({p.name!r}) is a bye placeholder: not "
                         "published, its games are byes of its opponents", p.line,
                         "content.bye-placeholder", NOTE)
        t.players = [p for p in t.players if p.number not in fake]

    def normalise(self, t: Tournament) -> None:
        """One reading of sex, federation and names (docs/content-format.md)."""
        for p in t.players:
            p.sex = normal.sex(p.sex) or None
            p.federation = normal.federation(p.federation) or None
            p.name = normal.display_name(p.name)

    def identify(self, path: Path, t: Tournament, registry) -> None:
        """Players are matched to the registry by id, else by normalised
        name with the birth year and federation the file gives; two
        candidates are never chosen between."""
        for p in t.players:
            if p.id and p.id in registry:
                continue
            found = [r for r in self.names(registry).get(normal.match_name(p.name), [])
                     if _agrees(p, r)]
            if len(found) == 1 and not p.id:
                p.id = found[0].id
            elif p.id or p.name:
                self.unmatched(path, t, p, found)

    def unmatched(self, path: Path, t: Tournament, p, found) -> None:
        registry = f"players/{t.game}.csv"
        if len(found) == 1:
            message = (f"player {p.number} ({p.name!r}) has id {p.id!r}, not in {registry}, "
                       f"where the name is id {found[0].id!r}: not taken as the same "
                       "player; correct the id in one file")
            code = "content.id-mismatch"
        elif found:
            message = (f"player {p.number} ({p.name!r}) matches {len(found)} players of "
                       f"{registry} (ids {', '.join(r.id for r in found)}): give the id in "
                       "the file")
            code = "content.ambiguous-player"
        else:
            what = f"id {p.id!r}" if p.id else f"name {p.name!r}"
            message = (f"player {p.number} ({what}) is not in {registry}: the event is "
                       "published, the player is not rated on the lists")
            code = "content.unknown-player"
        self.problem(path, message, p.line, code, WARNING)

    def names(self, registry) -> dict[str, list[RegistryPlayer]]:
        """The registry by normalised name, made once per registry and only
        when a player is not found by id: made for every event, it cost
        seconds an event with a million players (bench/fide_scale.py)."""
        if id(registry) not in self._names:
            by_name: dict[str, list[RegistryPlayer]] = {}
            for player in registry.values():
                by_name.setdefault(normal.match_name(player.name), []).append(player)
            self._names[id(registry)] = by_name
        return self._names[id(registry)]

    # -- worldcup/*.toml, pages/*.md ----------------------------------------------
    def seasons(self, draughts_events: set[str]) -> list[Season]:
        folder = self.root / "worldcup"
        out = []
        for path in sorted(folder.iterdir()) if folder.is_dir() else []:
            if path.name.startswith("."):
                continue
            if path.suffix != ".toml" or not safe_slug(path.stem):
                self.problem(path, "not a World Cup season: expected SEASON.toml "
                             "(letters, digits, '.', '_', '-')")
                continue
            data, text = self.toml(path)
            if data is not None and self.season_events(path, text, data, draughts_events):
                out.append(Season(path.stem, self.relative(path), data))
        return out

    def season_values(self, path: Path, text: str, data: dict) -> bool:
        """Every key known and of its type (settings.SEASON_TABLES/ARRAYS)."""
        errors = len(self.problems)
        check = Checker(text, lambda message, line: self.problem(path, message, line))
        check.table(data, "", (*SEASON_TABLES, *SEASON_ARRAYS), "")
        for name, keys in SEASON_TABLES.items():
            table = data.get(name, {})
            if not isinstance(table, dict):
                self.problem(path, f"{name}: expected a [{name}] table", key_line(text, name))
                continue
            check.table(table, name, tuple(keys), f"[{name}] ")
            for key in [k for k in table if k in keys]:
                check.value(name, key, table[key], keys[key])
        for name, keys in SEASON_ARRAYS.items():
            specs = data.get(name, [])
            if not isinstance(specs, list) or not all(isinstance(x, dict) for x in specs):
                self.problem(path, f"{name}: expected [[{name}]] tables", key_line(text, name))
                continue
            for index, spec in enumerate(specs):
                check.table(spec, name, tuple(keys), f"[[{name}]] ", index)
                for key in [k for k in spec if k in keys]:
                    check.value(name, key, spec[key], keys[key], index)
        return len(self.problems) == errors

    def season_events(self, path: Path, text: str, data: dict, known: set[str]) -> bool:
        """Every [[events]] names a draughts event file and its stars."""
        if not self.season_values(path, text, data):
            return False
        for index, spec in enumerate(data.get("events", [])):
            line = key_line(text, "event", "events", index)
            if spec.get("event") not in known:
                self.problem(path, f"event {spec.get('event')!r} is not a file of "
                             "events/draughts/ (give its name without the ending)", line)
            if spec.get("stars") not in (1, 3, 5, 7, 9) and spec.get("prize_fund") is None:
                self.problem(path, f"event {spec.get('event')!r}: stars "
                             f"{spec.get('stars')!r}: expected 1, 3, 5, 7 or 9, or a "
                             "prize_fund (fmjd Annex 18, Stars)", line)
        return True

    def pages(self) -> dict[str, str]:
        folder = self.root / "pages"
        out = {}
        for path in sorted(folder.iterdir()) if folder.is_dir() else []:
            if path.name.startswith("."):
                continue
            if path.suffix != ".md" or not safe_slug(path.stem) or path.is_dir():
                self.problem(path, "not a page: expected NAME.md (letters, digits, '.', "
                             "'_', '-'), a file")
                continue
            text = self.text(path)
            if text is not None:
                out[path.stem] = text
        return out


def _first_rows(players: dict[str, RegistryPlayer], rows: list[RatingRow]) -> None:
    """Each player's first dated ratings, as the pages of the registry show:
    per list, the earliest row's.  A player with one row shares its
    dictionaries (read only, both: no copy for each of a million players,
    docs/scale.md#memory); an earlier row makes new ones."""
    seen: set[str] = set()
    for row in reversed(rows):
        player = players.get(row.id)
        if player is None or not row.ratings and not row.reached:
            continue
        if row.id not in seen and not player.ratings:
            player.ratings, player.games = row.ratings, row.games
        elif row.ratings:
            player.ratings = {**player.ratings, **row.ratings}
            player.games = {**player.games, **row.games}
        seen.add(row.id)
        player.reached = player.reached or row.reached


def _agrees(p, r: RegistryPlayer) -> bool:
    """What the event file gives of birth year and federation agrees with
    the registry (a blank on either side agrees)."""
    year = p.birth_year or (p.birth.year if p.birth else None)
    if year and r.birth_year and year != r.birth_year:
        return False
    return not (p.federation and r.federation and p.federation != r.federation)


def _win(t: Tournament) -> float:
    return 2.0 if t.game == "draughts" else 1.0
