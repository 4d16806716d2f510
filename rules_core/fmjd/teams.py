"""Standings of FMJD team competitions (fmjd Annex 3 §5.10, §5.11.2).

`Tournament` holds players, not teams, so a team event gets a small model of
its own: a `Team` plays one `TeamMatch` a round, with its points board by
board (2 / 1 / 0 a game).  A team's score is its match points (§5.10:
"adding up the points"): the annex gives no values, so 2 for a match won, 1
drawn and 0 lost (the game's own points, the KNDB practice) unless the event
says otherwise.  §5.11.2.2.1 breaks ties in a round robin by the individual
(board) points, then the points on board 1, board 2 ...; §5.11.2.2.2 breaks
them in a Swiss as for individual Swiss events, with each match as one game
between the teams (`rules_core.fmjd.standings`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..model import Player, RoundResult, Tournament
from .criteria import StandingsError
from .standings import Standing, TiebreakSystem, standings

__all__ = ["TeamMatch", "Team", "TeamEvent", "MATCH_POINTS",
           "match_points", "board_points", "board_totals", "as_tournament",
           "team_standings"]

# Match won, drawn, lost (see the module docstring).
MATCH_POINTS = (2.0, 1.0, 0.0)


@dataclass(frozen=True)
class TeamMatch:
    """One round of one team.

    `boards`: this team's points on board 1, 2, ...; `opponent`: the other
    team's number, None for a bye; `match_points`: given where no board
    comparison decides (a bye, a forfeited match, a decision).
    """

    round: int
    opponent: int | None
    boards: tuple[float, ...] = ()
    match_points: float | None = None


@dataclass
class Team:
    number: int
    name: str
    matches: list[TeamMatch] = field(default_factory=list)


@dataclass
class TeamEvent:
    """A team competition: "round-robin", "double-round-robin" or "swiss"."""

    teams: list[Team]
    system: str = "round-robin"
    match_points: tuple[float, float, float] = MATCH_POINTS

    def team(self, number: int) -> Team | None:
        return next((t for t in self.teams if t.number == number), None)


def board_points(team: Team) -> float:
    """The individual points of a team (fmjd Annex 3 §5.11.2.2.1 (1))."""
    return math.fsum(sum(m.boards) for m in team.matches)


def board_totals(team: Team) -> list[float]:
    """Points on board 1, board 2, ... over the event (§5.11.2.2.1 (2))."""
    boards = max((len(m.boards) for m in team.matches), default=0)
    return [math.fsum(m.boards[i] for m in team.matches if i < len(m.boards))
            for i in range(boards)]


def _outcome(event: TeamEvent, team: Team, match: TeamMatch) -> str:
    """"1", "=" or "0": the match as one game between the teams."""
    other = event.team(match.opponent) if match.opponent is not None else None
    theirs = next((m for m in other.matches if m.round == match.round
                   and m.opponent == team.number), None) if other else None
    if theirs is None:
        raise StandingsError(f"team {team.number!r}, round {match.round!r}: no match "
                             f"of team {match.opponent!r} against it and no match points")
    mine, against = math.fsum(match.boards), math.fsum(theirs.boards)
    return "1" if mine > against else "=" if mine == against else "0"


def match_points(event: TeamEvent, team: Team, match: TeamMatch) -> float:
    """The match points of one match: given, or won/drawn/lost on board points."""
    if match.match_points is not None:
        return match.match_points
    win, draw, loss = event.match_points
    return {"1": win, "=": draw, "0": loss}[_outcome(event, team, match)]


def as_tournament(event: TeamEvent) -> Tournament:
    """The teams as players and each match as one game scored in match points
    (for the Swiss tie-breaks of §5.11.2.2.2)."""
    win, draw, _ = event.match_points
    players = []
    for team in event.teams:
        results = []
        for m in team.matches:
            points = match_points(event, team, m)
            if m.opponent is None:
                code = "F" if points >= win else "H" if points >= draw else "Z"
            elif m.match_points is None:
                code = _outcome(event, team, m)
            else:
                code = "+" if points >= win else "=" if points >= draw else "-"
            results.append(RoundResult(m.round, m.opponent, None, code, points))
        players.append(Player(team.number, team.name, results=results))
    return Tournament(name="teams", system=event.system, game="draughts", players=players)


def team_standings(event: TeamEvent,
                   system: str | Sequence[str] | TiebreakSystem | None = None
                   ) -> list[Standing]:
    """The final classification of a team event, by match points.

    fmjd Annex 3 §5.11.2.2.1 (round robins, the default for them): individual
    points, then board 1, board 2 ...; §5.11.2.2.2 (Swiss): `system` as for
    individual Swiss events (default Annex 5 §5.2).  Shared places as §5.11.
    """
    if event.system in ("round-robin", "double-round-robin") and system is None:
        return _round_robin(event)
    return standings(as_tournament(event), system or "5.2")


def _round_robin(event: TeamEvent) -> list[Standing]:
    rows = []
    for team in event.teams:
        points = math.fsum(match_points(event, team, m) for m in team.matches)
        board, boards = board_points(team), board_totals(team)
        tiebreaks: dict[str, object] = {"board_points": board, "boards": boards}
        key = (points, round(board, 9), tuple(round(b, 9) for b in boards))
        rows.append((key, team.number, points, tiebreaks))
    rows.sort(key=lambda row: (tuple(-x for x in row[0][:2]),
                               tuple(-b for b in row[0][2]), row[1]))
    out = []
    for key, number, points, tiebreaks in rows:
        tied = [r for r in rows if r[0] == key]
        rank = rows.index(tied[0]) + 1
        out.append(Standing(number, rank, points, tiebreaks, shared=len(tied) > 1))
    return out
