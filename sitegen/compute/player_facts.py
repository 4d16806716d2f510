"""What a player's page adds to the published figures: peak rating, rank on
the latest list (overall and within the federation), and the record against
each opponent met in the site's events.

Nothing here rates anything: it reads the lists and the check contract of
each event (`EventReport.result`) that the pipeline already computed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from rules_core.model import PLAYED_CODES
from sitegen.compute.sitedata import PlayerRecord, PublishedList, SiteData

__all__ = ["ListStanding", "HeadToHead", "Facts"]

# the points of a won game in each game (draughts: 2, fmjd Annex 9 §2)
WIN_POINTS = {"chess": 1.0, "draughts": 2.0}


@dataclass
class ListStanding:
    """A player on one list: now, at best, and his place on the latest list."""

    list_name: str
    rating: int | None
    peak: int | None
    peak_date: date | None
    rank: int | None
    federation_rank: int | None
    federation_size: int


@dataclass
class HeadToHead:
    """A player's games against one opponent in the published events."""

    game: str
    opponent_id: str | None
    opponent: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float


class Facts:
    """Ranks and opponents, computed once per list and per event, on demand
    (a site of a million players renders no per-player page)."""

    def __init__(self, data: SiteData):
        self.data = data
        self._events = {r.slug: r for r in data.events}
        self._ranks: dict[tuple[str, str], dict[str, tuple[int, int, int]]] = {}
        self._seats: dict[str, dict[int, dict]] = {}

    def standings(self, p: PlayerRecord, lists: list[str]) -> list[ListStanding]:
        return [self._standing(p, name) for name in lists]

    def _standing(self, p: PlayerRecord, name: str) -> ListStanding:
        rated = [r for r in p.history.get(name, []) if r.rating is not None]
        best = max(rated, key=lambda r: (r.rating, -r.date.toordinal()), default=None)
        rank, fed_rank, size = self._ranks_of(p.game, name).get(p.id, (None, None, 0))
        return ListStanding(name, p.ratings.get(name), best.rating if best else None,
                            best.date if best else None, rank, fed_rank, size)

    def _ranks_of(self, game: str, name: str) -> dict[str, tuple[int, int, int]]:
        key = (game, name)
        if key not in self._ranks:
            published = self.data.lists.get(key) or []
            self._ranks[key] = _ranks(published[-1]) if published else {}
        return self._ranks[key]

    def head_to_head(self, p: PlayerRecord) -> list[HeadToHead]:
        """Played games only (forfeits and byes are not games), by opponent."""
        records: dict[tuple[str | None, str], HeadToHead] = {}
        for slug in p.events:
            seats = self._seats_of(slug)
            me = next((s for s in seats.values() if s.get("id") == p.id), None)
            if me is None:
                continue
            for game in me.get("rounds", []):
                opponent = seats.get(game["opponent"]) if game["opponent"] else None
                if opponent is None or game["code"] not in PLAYED_CODES:
                    continue
                key = (opponent.get("id"), opponent["name"])
                line = records.setdefault(key, HeadToHead(p.game, key[0], key[1], 0, 0, 0, 0, 0))
                _add(line, float(game["score"]), WIN_POINTS.get(p.game, 1.0))
        return sorted(records.values(), key=lambda h: (-h.games, h.opponent))

    def _seats_of(self, slug: str) -> dict[int, dict]:
        if slug not in self._seats:
            report = self._events.get(slug)
            players = report.result.get("players", []) if report else []
            self._seats[slug] = {s["number"]: s for s in players}
        return self._seats[slug]


def _add(line: HeadToHead, score: float, win: float) -> None:
    line.games += 1
    line.score += score
    if score >= win:
        line.wins += 1
    elif score <= 0:
        line.losses += 1
    else:
        line.draws += 1


def _ranks(pl: PublishedList) -> dict[str, tuple[int, int, int]]:
    """id -> (rank, rank within the federation, players of the federation),
    ties sharing a place as on the list itself. Linear in the entries (they
    are in rating order)."""
    within: dict[str, tuple[str, int, int]] = {}          # id -> (fed, rank, fed place)
    places: dict[str, tuple[int, int | None, int]] = {}   # fed -> (seen, last rating, place)
    for entry in pl.entries:
        seen, last, place = places.get(entry.federation, (0, None, 0))
        seen += 1
        if entry.rating != last:
            place = seen
        places[entry.federation] = (seen, entry.rating, place)
        within[entry.id] = (entry.federation, entry.rank, place)
    return {pid: (rank, place, places[fed][0]) for pid, (fed, rank, place) in within.items()}
