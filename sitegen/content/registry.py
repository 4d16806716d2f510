"""The dated player registry: who a player is, and what was known when.

Two files per game (docs/content-format.md, "The registry"):

* ``players/<game>.csv``: identity, a row a player: ``id, name,
  federation, sex, birth, title``;
* ``players/<game>-ratings.csv``: a row per player per date: the published
  ratings, the rated games to date, ``reached`` (2400 chess, 2300
  draughts) and the title as of that date.

The short form of earlier versions, ratings in the identity file, is still
read: those ratings are as the record starts.  A blank games count beside a
rating is unknown (None), never 0: the rules then assume what `sitegen
check` assumes (fide-2002 10.54 / fide-rb-2024 7.3.3 / fmjd Annex 9 §3.2.3:
an established player), and the build says so.
"""

from __future__ import annotations

import csv
import functools
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date

from rules_core.problems import WARNING
from sitegen.content import normal
from sitegen.content.settings import safe_slug

__all__ = ["RegistryPlayer", "RatingRow", "read_identity", "read_ratings",
           "IDENTITY_COLUMNS", "rating_columns"]

IDENTITY_COLUMNS = ("id", "name", "federation", "sex", "birth", "title")
MAX_RATING = 3500


def rating_columns(lists: tuple[str, ...]) -> tuple[str, ...]:
    return (*lists, *(f"{n}_games" for n in lists), "reached")


@dataclass(slots=True)
class RegistryPlayer:
    """A player's identity.  `ratings`, `games` and `reached` are those of
    the player's first dated row (kept for the pages that show them)."""

    game: str
    id: str
    name: str
    federation: str = ""
    sex: str = ""
    birth: date | None = None
    birth_year: int | None = None
    title: str = ""
    ratings: dict[str, int] = field(default_factory=dict)
    games: dict[str, int | None] = field(default_factory=dict)
    reached: bool = False
    line: int = 0


@dataclass(slots=True)
class RatingRow:
    """What was published about a player on `date` (None: as the record
    starts, the short form).  `games[list]` is None when the count is
    blank: unknown."""

    id: str
    date: date | None
    ratings: dict[str, int] = field(default_factory=dict)
    games: dict[str, int | None] = field(default_factory=dict)
    reached: bool = False
    title: str = ""
    line: int = 0


class _Table:
    """One CSV file's rows, every problem reported with its line.  The rows
    are read as they are used (`rows`), one dictionary at a time: a
    registry of a million players is never held twice, once as text rows
    and once as players."""

    def __init__(self, text: str, path, report):
        self.path, self.report = path, report
        self.columns: tuple[str, ...] = ()
        self._reader = csv.reader(io.StringIO(text))
        try:
            self.columns = tuple(c.strip() for c in next(self._reader, ()))
        except csv.Error as error:
            report(path, f"not valid CSV: {error}", self._reader.line_num or 1)

    def rows(self) -> Iterator[tuple[dict[str, str], int]]:
        """(cells by column, line) for each row that is not empty; a row
        shorter than the header padded with blanks."""
        reader, columns, width = self._reader, self.columns, len(self.columns)
        try:
            for cells in reader:
                if cells:
                    row = dict(zip(columns, cells, strict=False))
                    if len(cells) < width:
                        row.update((c, "") for c in columns[len(cells):])
                    yield row, reader.line_num
        except csv.Error as error:
            self.report(self.path, f"not valid CSV: {error}", reader.line_num or 1)

    def check_columns(self, required, known) -> bool:
        missing = [c for c in required if c not in self.columns]
        unknown = [c for c in self.columns if c not in known]
        for c in unknown:
            self.report(self.path, f"column {c!r}: unknown, expected {', '.join(known)}", 1)
        if missing:
            self.report(self.path, f"missing column {', '.join(map(repr, missing))}: "
                        f"the first line names the columns ({', '.join(known)})", 1)
        return not missing and not unknown


def read_identity(text: str, path, game: str, lists, report) -> tuple[dict, list[RatingRow]]:
    """players/<game>.csv: the players by id and, in the short form, their
    ratings as the record starts."""
    table = _Table(text, path, report)
    known = IDENTITY_COLUMNS + rating_columns(lists)
    if not table.check_columns(("id", "name"), known):
        return {}, []
    players: dict[str, RegistryPlayer] = {}
    rows = []
    for row, line in table.rows():
        player = _identity(row, line, game, path, report)
        if player is None:
            continue
        if player.id in players:
            report(path, f"player id {player.id!r} appears twice (first on line "
                   f"{players[player.id].line})", line)
            continue
        players[player.id] = player
        dated = _rating_row(row, line, player.id, None, lists, path, report)
        if dated.ratings or dated.reached:
            rows.append(dated)
    return players, rows


def _identity(row, line, game, path, report) -> RegistryPlayer | None:
    pid, name = row.get("id", "").strip(), row.get("name", "").strip()
    if not pid or not name:
        missing = [c for c, text in (("id", pid), ("name", name)) if not text]
        report(path, f"missing {', '.join(missing)}: every player needs an id and a name",
               line)
        return None
    if not safe_slug(pid):
        report(path, f"id {pid!r}: expected letters, digits, '.', '_' or '-' (it names "
               "the player's page), no '..', no separator", line)
        return None
    sex_text = row.get("sex", "").strip()
    player = RegistryPlayer(game, pid, normal.display_name(name),
                            _federation(row.get("federation")), _sex(sex_text),
                            title=row.get("title", "").strip(), line=line)
    if sex_text and not player.sex:
        report(path, f"sex {sex_text!r}: expected m, w (or f), or blank", line)
    birth = row.get("birth", "").strip()
    if birth:
        player.birth, player.birth_year = _birth(birth, path, line, report)
    return player


@functools.lru_cache(maxsize=4096)
def _federation(text: str | None) -> str:
    """`normal.federation`, found once for each spelling (a registry of a
    million players has a few hundred)."""
    return normal.federation(text)


@functools.lru_cache(maxsize=64)
def _sex(text: str) -> str:
    """`normal.sex`, found once for each spelling."""
    return normal.sex(text)


def _digits(text: str) -> bool:
    """ASCII digits, at most 9 ('²' is a digit to str.isdigit, not to int)."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def _birth(text, path, line, report):
    if _digits(text) and len(text) == 4:
        return None, int(text)
    try:
        day = date.fromisoformat(text)
        return day, day.year
    except ValueError:
        report(path, f"birth {text!r}: expected YYYY-MM-DD or a year", line)
        return None, None


def read_ratings(text: str, path, lists, players: dict, report) -> list[RatingRow]:
    """players/<game>-ratings.csv: ``id, date``, then per list the rating
    and the rated games to date, ``reached`` and ``title``."""
    table = _Table(text, path, report)
    known = ("id", "date", *rating_columns(lists), "title")
    if not table.check_columns(("id", "date"), known):
        return []
    out: list[RatingRow] = []
    seen: dict[tuple[str, date], int] = {}
    for row, line in table.rows():
        pid, day = row.get("id", "").strip(), _day(row.get("date", ""), path, line, report)
        if pid not in players:
            report(path, f"player id {pid!r} is not in the identity file "
                   f"(players/{path.name.split('-ratings')[0]}.csv)", line)
            continue
        if day is None:
            continue
        if (pid, day) in seen:
            report(path, f"player {pid!r} on {day}: given twice (first on line "
                   f"{seen[pid, day]})", line)
            continue
        seen[pid, day] = line
        out.append(_rating_row(row, line, pid, day, lists, path, report))
    return out


def _day(text, path, line, report) -> date | None:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        report(path, f"date {text.strip()!r}: expected YYYY-MM-DD", line)
        return None


def _rating_row(row, line, pid, day, lists, path, report) -> RatingRow:
    dated = RatingRow(pid, day, line=line, title=row.get("title", "").strip())
    for name in lists:
        if not row.get(name) and not row.get(f"{name}_games"):
            continue            # both blank: no rating, no count (most rows of most lists)
        rating = _number(row, name, path, line, report, MAX_RATING)
        games = _number(row, f"{name}_games", path, line, report, 1_000_000)
        if rating is not None:
            dated.ratings[name] = rating
            dated.games[name] = games
        elif games is not None:
            report(path, f"{name}_games {games}: given without a {name} rating (the "
                   "count goes with the rating it was published with)", line, WARNING)
    reached = row.get("reached", "").strip().lower()
    if reached not in ("", "yes", "no", "true", "false", "1", "0"):
        report(path, f"reached {reached!r}: expected yes, no or blank", line)
    dated.reached = reached in ("yes", "true", "1")
    return dated


def _number(row, column, path, line, report, highest) -> int | None:
    text = row.get(column, "").strip()
    if not text:
        return None
    if not _digits(text) or int(text) > highest:
        report(path, f"{column} {text!r}: expected a whole number from 0 to {highest}", line)
        return None
    return int(text)
