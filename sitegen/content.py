"""Reading and checking a federation's `content/` folder.

The layout (README, "The content folder")::

    content/
      site.toml                 the site: name, federation, base URL, lists
      players/chess.csv         the player registries: one row a player,
      players/draughts.csv      ratings at the start of the record
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

import csv
import io
import tomllib
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from rules_core.check import READERS, detect_format
from rules_core.model import Tournament
from rules_core.problems import ERROR, WARNING, Problem

from .sources import SourceError, read_text

__all__ = ["ContentError", "SiteSettings", "ListSpec", "RegistryPlayer", "Event",
           "Season", "Content", "load_content", "LISTS"]

# game -> the lists a federation may publish (DESIGN site map)
LISTS = {"chess": ("standard", "rapid", "blitz"), "draughts": ("standard", "rapid-blitz")}
EVENT_SUFFIXES = (".toml", ".json", ".trf", ".txt", ".csv")
REGISTRY_COLUMNS = ("id", "name", "federation", "sex", "birth", "title")


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
    end: date | None = None          # the last list date (default: after the last event)


@dataclass
class RegistryPlayer:
    """A player of the federation's registry, with the ratings and games
    he had when the record starts (`ratings[list]`, `games[list]`)."""

    game: str
    id: str
    name: str
    federation: str = ""
    sex: str = ""
    birth: date | None = None
    birth_year: int | None = None
    title: str = ""
    ratings: dict[str, int] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)
    reached: bool = False            # 2400 (chess) or 2300 (draughts) already reached
    line: int = 0


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


def load_content(root: Path) -> Content:
    """Read everything; raise `ContentError` with every problem at once."""
    reader = _Reader(root)
    content = reader.read()
    if any(p.is_error for _, p in reader.problems):
        raise ContentError(reader.problems)
    return content


class _Reader:
    def __init__(self, root: Path):
        self.root = root
        self.problems: list[tuple[str, Problem]] = []
        self._names: dict[int, dict[str, list[RegistryPlayer]]] = {}   # see names()

    def problem(self, path: Path | str, message: str, line: int | None = None,
                code: str = "content.invalid", severity: str = ERROR) -> None:
        self.problems.append((self.relative(path), Problem(severity, code, message, line)))

    def relative(self, path: Path | str) -> str:
        path = Path(path)
        try:
            return str(path.relative_to(self.root.parent))
        except ValueError:
            return str(path)

    def read(self) -> Content:
        if not self.root.is_dir():
            self.problem(self.root, "no such folder: expected a content folder with site.toml")
            raise ContentError(self.problems)
        settings = self.settings()
        players = {game: self.registry(game) for game in LISTS}
        events = self.events(players)
        seasons = self.seasons({e.slug for e in events if e.game == "draughts"})
        pages = self.pages()
        warnings = [(f, p) for f, p in self.problems if not p.is_error]
        return Content(self.root, settings, players, events, seasons, pages, warnings)

    # -- site.toml ----------------------------------------------------------
    def toml(self, path: Path) -> dict | None:
        try:
            return tomllib.loads(read_text(path))
        except SourceError as error:
            self.problem(path, str(error).split(": ", 1)[-1])
        except tomllib.TOMLDecodeError as error:
            line = _toml_line(str(error))
            self.problem(path, f"not valid TOML: {error}", line)
        return None

    def settings(self) -> SiteSettings:
        path = self.root / "site.toml"
        data = self.toml(path) if path.exists() else None
        if data is None:
            if not path.exists():
                self.problem(path, "missing: expected [site] with name and federation")
            return SiteSettings("", "")
        site = data.get("site", {})
        for key in ("name", "federation"):
            if not isinstance(site.get(key), str) or not site.get(key):
                self.problem(path, f"[site] {key}: expected a text", _key_line(path, key))
        lists = []
        for index, spec in enumerate(data.get("lists", [])):
            game, name = spec.get("game"), spec.get("list")
            if game not in LISTS or name not in LISTS.get(game, ()):
                known = "; ".join(f"{g}: {', '.join(n)}" for g, n in LISTS.items())
                self.problem(path, f"[[lists]] {index + 1}: game {game!r}, list {name!r}: "
                             f"expected one of {known}", _key_line(path, "list", index))
            else:
                lists.append(ListSpec(game, name))
        return SiteSettings(site.get("name", ""), site.get("federation", ""),
                            site.get("base_url", ""), tuple(site.get("languages", ["en"])),
                            tuple(lists), _as_date(site.get("start")), _as_date(site.get("end")))

    # -- players/<game>.csv ---------------------------------------------------
    def registry(self, game: str) -> dict[str, RegistryPlayer]:
        path = self.root / "players" / f"{game}.csv"
        if not path.exists():
            return {}
        rows = list(csv.DictReader(io.StringIO(read_text(path))))
        players: dict[str, RegistryPlayer] = {}
        for line, row in enumerate(rows, start=2):
            player = self.registry_row(path, game, row, line)
            if player is None:
                continue
            if player.id in players:
                self.problem(path, f"player id {player.id!r} appears twice (first on line "
                             f"{players[player.id].line})", line)
                continue
            players[player.id] = player
        return players

    def registry_row(self, path, game, row, line) -> RegistryPlayer | None:
        missing = [c for c in ("id", "name") if not (row.get(c) or "").strip()]
        if missing:
            self.problem(path, f"missing {', '.join(missing)}: every player needs an id and "
                         "a name", line)
            return None
        player = RegistryPlayer(game, row["id"].strip(), row["name"].strip(),
                                (row.get("federation") or "").strip(),
                                (row.get("sex") or "").strip().lower(),
                                title=(row.get("title") or "").strip(), line=line)
        birth = (row.get("birth") or "").strip()
        if birth:
            player.birth, player.birth_year = self.birth(path, birth, line)
        for name in LISTS[game]:
            player.ratings.update(self.number(path, row, name, line, name))
            player.games.update(self.number(path, row, f"{name}_games", line, name))
        player.reached = (row.get("reached") or "").strip().lower() in ("yes", "true", "1")
        return player

    def birth(self, path, text, line):
        if text.isdigit() and len(text) == 4:
            return None, int(text)
        try:
            day = date.fromisoformat(text)
            return day, day.year
        except ValueError:
            self.problem(path, f"birth {text!r}: expected YYYY-MM-DD or a year", line)
            return None, None

    def number(self, path, row, column, line, key) -> dict[str, int]:
        text = (row.get(column) or "").strip()
        if not text:
            return {}
        if not text.isdigit():
            self.problem(path, f"{column} {text!r}: expected a whole number", line)
            return {}
        return {key: int(text)}

    # -- events/<game>/* --------------------------------------------------------
    def events(self, players) -> list[Event]:
        events = []
        for game in LISTS:
            folder = self.root / "events" / game
            if not folder.is_dir():
                continue
            for path in sorted(folder.rglob("*")):
                if path.suffix.lower() in EVENT_SUFFIXES and not path.name.endswith(".meta.toml"):
                    event = self.event(path, game, players[game])
                    if event is not None:
                        events.append(event)
        slugs: dict[str, str] = {}
        for event in events:
            if event.slug in slugs:
                self.problem(event.path, f"event name {event.slug!r} is used by "
                             f"{slugs[event.slug]} too: file names must differ")
            slugs[event.slug] = event.path
        return events

    def event(self, path: Path, game: str, registry) -> Event | None:
        try:
            text = read_text(path)
        except SourceError as error:
            self.problem(path, str(error))
            return None
        kind = detect_format(text, path.name)
        t = READERS[kind](text)
        meta = self.meta(path, t)
        t.game = game if t.game == "chess" and game == "draughts" else t.game
        for problem in t.problems:
            self.problems.append((self.relative(path), problem))
        if t.game != game:
            self.problem(path, f"a {t.game} tournament in events/{game}/: move it to "
                         f"events/{t.game}/")
        if t.start is None:
            self.problem(path, "no start date: give it in the file or in "
                         f"{path.stem}.meta.toml ([event] start = YYYY-MM-DD)")
        self.identify(path, t, registry)
        return Event(path.stem, game, self.relative(path), t, kind, meta)

    def meta(self, path: Path, t: Tournament) -> dict:
        """NAME.meta.toml: [event] keys the file lacks (start, end,
        time_control, system, rate_of_play, rounds, name, women_only, ...)."""
        meta_path = path.with_name(path.stem + ".meta.toml")
        if not meta_path.exists():
            return {}
        data = self.toml(meta_path) or {}
        for key, value in data.get("event", {}).items():
            if key in ("start", "end"):
                value = _as_date(value)
            if hasattr(t, key):
                setattr(t, key, value)
            else:
                self.problem(meta_path, f"[event] {key!r}: not an event key",
                             _key_line(meta_path, key))
        return data

    def identify(self, path: Path, t: Tournament, registry) -> None:
        """Players are matched to the registry by id, else by exact name."""
        for p in t.players:
            if p.id and p.id in registry:
                continue
            found = self.names(registry).get(p.name.casefold(), [])
            if len(found) == 1:
                p.id = found[0].id
            elif p.id or p.name:
                what = f"id {p.id!r}" if p.id else f"name {p.name!r}"
                self.problem(path, f"player {p.number} ({what}) is not in players/"
                             f"{t.game}.csv: the event is published, the player is not "
                             "rated on the lists", p.line, "content.unknown-player", WARNING)

    def names(self, registry) -> dict[str, list[RegistryPlayer]]:
        """The registry by casefolded name, made once per registry and only
        when a player is not found by id: made for every event, it cost
        seconds an event with a million players (bench/fide_scale.py)."""
        if id(registry) not in self._names:
            by_name: dict[str, list[RegistryPlayer]] = {}
            for player in registry.values():
                by_name.setdefault(player.name.casefold(), []).append(player)
            self._names[id(registry)] = by_name
        return self._names[id(registry)]

    # -- worldcup/*.toml, pages/*.md ----------------------------------------------
    def seasons(self, draughts_events: set[str]) -> list[Season]:
        folder = self.root / "worldcup"
        out = []
        for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
            data = self.toml(path)
            if data is not None:
                self.season_events(path, data, draughts_events)
                out.append(Season(path.stem, self.relative(path), data))
        return out

    def season_events(self, path: Path, data: dict, known: set[str]) -> None:
        """Every [[events]] names a draughts event file and its stars."""
        for index, spec in enumerate(data.get("events", [])):
            line = _key_line(path, "event", index)
            if spec.get("event") not in known:
                self.problem(path, f"event {spec.get('event')!r} is not a file of "
                             "events/draughts/ (give its name without the ending)", line)
            if spec.get("stars") not in (1, 3, 5, 7, 9) and spec.get("prize_fund") is None:
                self.problem(path, f"event {spec.get('event')!r}: stars "
                             f"{spec.get('stars')!r}: expected 1, 3, 5, 7 or 9, or a "
                             "prize_fund (fmjd Annex 18, Stars)", line)

    def pages(self) -> dict[str, str]:
        folder = self.root / "pages"
        return {path.stem: read_text(path) for path in sorted(folder.glob("*.md"))} \
            if folder.is_dir() else {}


def _as_date(value) -> date | None:
    if value is None or isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        return None


def _toml_line(message: str) -> int | None:
    import re
    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else None


def _key_line(path: Path, key: str, occurrence: int = 0) -> int | None:
    seen = 0
    for number, line in enumerate(read_text(path).splitlines(), start=1):
        if line.strip().startswith(f"{key} ") or line.strip().startswith(f"{key}="):
            if seen == occurrence:
                return number
            seen += 1
    return None
