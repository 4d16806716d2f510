"""What an importer reads: players with their ratings on one date."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

__all__ = ["Imported", "ImportedList", "ImportError_"]


class ImportError_(ValueError):
    """A file that cannot be imported; `lines` are `FILE:LINE: message`."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        super().__init__("\n".join(lines))


@dataclass
class Imported:
    """One player as the file gives them (ratings by list; games None:
    not given, unknown)."""

    id: str
    name: str
    federation: str = ""
    sex: str = ""
    birth_year: int | None = None
    birth: date | None = None
    title: str = ""
    ratings: dict[str, int] = field(default_factory=dict)
    line: int = 0


@dataclass
class ImportedList:
    """The players of one file, as of `date`, for `game`."""

    source: str
    game: str
    date: date | None
    players: list[Imported]
    problems: list[str] = field(default_factory=list)
    new_only: bool = False      # ratings written for new players only (an event file)
