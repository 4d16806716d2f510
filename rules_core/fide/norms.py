"""FIDE title norms of one chess event: GM, IM, WGM and WIM.

FIDE Handbook B.01, Title Regulations effective from 1 January 2024
(https://handbook.fide.com/chapter/B012024), cited ``B.01 (2024)``; the
figures are in `rules_core.fide.norm_tables`.  For each player, each norm
title above the one he holds is judged requirement by requirement, each
with its figure and article.  The readings chosen here are in docs/norms.md
and pinned by tests/test_fide_norms.py:

* Games (1.4.1, 1.4.2): games played over the board and rated (TRF 1 = 0);
  forfeits, byes, and games not rated (W D L) are not counted (1.4.2 c);
  in a round robin, games against an unrated opponent who scored nothing
  against rated opponents are not counted (1.4.2 b).  Nine games (1.4.1 a),
  seven in a team championship (1.4.1 b, `min_games=7`); in a 9-round event
  eight games and one forfeit win or pairing-allocated bye count as nine
  (1.4.1 c).
* Opponents (1.4.3-1.4.5): counted game by game; in a double round robin
  by distinct opponent (1.4.5 f).  FID is not a federation (1.4.2 a).
  An exemption of 1.4.3 a)-d) waives 1.4.3 and 1.4.4 both (1.4.3 e calls
  them together "the normal foreigner requirement").  A national
  championship (the event's flag) exempts the players of the event's
  federation (1.4.3 a); a Swiss meeting 1.4.3 d) exempts every player.
* Ra (1.4.6, 1.4.7): unrated opponents at 1400; the lowest opponent, one
  only, raised to the title's floor; the average rounded half up.  Rp is
  Ra + dp, dp from table 1.4.9 at the percentage rounded half up (1.4.8).
* A norm missed with all games is looked for among the subsets B.01 allows:
  the games of the last rounds dropped (1.4.1 e, not in round robins, whose
  pairings are predetermined) and games against opponents the player beat
  dropped (1.4.1 f; in a round robin only when all the games meet the
  opponents' mix).  Among the subsets that give the norm, the one counting
  the most games (1.4.1 d: games plus full points above the requirement)
  is reported, with the rounds dropped.
* A last-round forfeit win may count as a game lost (1.4.2 c), when that
  gives the norm the games without it miss.
* The time control (120 minutes a player for 60 moves) and two rounds a day
  (1.1.3), and a standard rate of play, are checked where the file says
  them; what it does not say is noted, not refused.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from itertools import combinations
from typing import Any, NamedTuple

from ..model import Player, Tournament
from ..numbers import round_half_up
from ..timecontrol import minutes_for_60
from . import norm_tables as T

__all__ = ["Requirement", "ChessNorm", "NormError", "EXEMPTIONS", "cite", "norm_titles",
           "opponents_average", "performance", "required_score", "norms_for_event",
           "IN_FORCE"]

IN_FORCE = date(2024, 1, 1)            # B.01 (2024): "Applied from 1 January, 2024"
EXEMPTIONS = ("national-championship", "national-team-championship", "zonal")
_ROUND_ROBINS = frozenset({"round-robin", "double-round-robin"})
_EXEMPTION_ARTICLE = {"national-championship": "1.4.3 a)",
                      "national-team-championship": "1.4.3 b)", "zonal": "1.4.3 c)",
                      "swiss": "1.4.3 d)"}
_SEARCH_LIMIT = 4096                    # subsets tried per player and title


class NormError(ValueError):
    """A request the norm rules cannot answer (bad title, no opponents)."""


def cite(article: str) -> str:
    return f"B.01 (2024) {article}"


@dataclass
class Requirement:
    """One requirement of one norm: what is needed, what the games give,
    met or not (None: not checked, the file does not say), and why."""

    name: str
    article: str
    required: object
    actual: object
    met: bool | None
    text: str

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "article": self.article, "required": self.required,
                "actual": self.actual, "met": self.met, "text": self.text}


@dataclass
class ChessNorm:
    """One norm of one player, as the check contract shows it: `required`
    and `achieved` are points (the score the norm needs with these
    opponents, and the score made), `valid` whether every requirement is
    met; `requirements` each with its article."""

    title: str
    required: float | None
    achieved: float
    valid: bool
    games: int
    counted_games: int
    opponents_average: int | None
    performance: int | None
    requirements: list[Requirement] = field(default_factory=list)
    dropped_rounds: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    forecast: dict[str, Any] | None = None

    @property
    def reasons(self) -> list[str]:
        return [r.text for r in self.requirements if r.met is False]

    def as_dict(self) -> dict[str, Any]:
        """The contract's keys (as for draughts), then the chess figures."""
        return {"title": self.title, "kind": None, "category": None,
                "required": self.required, "achieved": self.achieved,
                "valid": self.valid, "reasons": self.reasons,
                "games": self.games, "counted_games": self.counted_games,
                "opponents_average": self.opponents_average,
                "performance": self.performance,
                "minimum_performance": T.MINIMUM_PERFORMANCE[self.title],
                "minimum_average": T.MINIMUM_AVERAGE[self.title],
                "dropped_rounds": list(self.dropped_rounds),
                "requirements": [r.as_dict() for r in self.requirements],
                "notes": list(self.notes), "forecast": self.forecast,
                "regulation": T.SOURCE}


class _Game(NamedTuple):
    round: int
    opponent: Player
    halves: int             # the score in half points: 2 won, 1 drawn, 0 lost


# (games kept, later rounds dropped, won games dropped): see `_subsets`.
_Subset = tuple[list[_Game], list[_Game], list[_Game]]


def _score(games: Sequence[_Game]) -> Fraction:
    return Fraction(sum(g.halves for g in games), 2)


# --- The arithmetic of 1.4.6-1.4.9 ---------------------------------------------

def _norm_rating(p: Player) -> int:
    """B.01 (2024) 1.4.6 d): an unrated opponent counts as 1400."""
    return p.rating if p.rating else T.UNRATED_RATING


def opponents_average(opponents: Sequence[Player], title: str) -> tuple[int, Player | None]:
    """Ra of B.01 (2024) 1.4.6-1.4.7: the lowest opponent (one only) raised
    to the title's adjusted rating floor, the average rounded half up; and
    the opponent raised (None: nobody below the floor)."""
    if not opponents:
        raise NormError("no opponents to average")
    ratings = [_norm_rating(p) for p in opponents]
    low = min(range(len(ratings)), key=lambda i: ratings[i])
    raised = None
    if ratings[low] < T.RATING_FLOOR[title]:
        ratings[low], raised = T.RATING_FLOOR[title], opponents[low]
    return round_half_up(Fraction(sum(ratings), len(ratings))), raised


def performance(average: int, score: Fraction | float, games: int) -> int:
    """Rp = Ra + dp, dp from table 1.4.9 at the percentage score rounded to
    the nearest whole number, 0.5 % up (B.01 (2024) 1.4.8, 1.4.9)."""
    if games < 1:
        raise NormError(f"games must be at least 1, got {games!r}")
    score = Fraction(score)
    # round_half_up(score * 100 / games), in integers (called for every subset)
    num, den = score.numerator * 100, score.denominator * games
    return average + T.NORM_DP[(2 * num + den) // (2 * den)]


def required_score(average: int, games: int, title: str) -> Fraction | None:
    """The least score, in half points, that gives the title's performance
    and 35 % in `games` games against opponents of average `average`
    (B.01 (2024) 1.4.8, 1.4.8 b); None when even a full score does not.

    The percentage of h half points rounds to P or more exactly when
    100 h + games >= 2 games P; 35 % is 10 h >= 7 games."""
    if games < 1:
        raise NormError(f"games must be at least 1, got {games!r}")
    need = T.MINIMUM_PERFORMANCE[title] - average
    percent = next((p for p in range(101) if T.NORM_DP[p] >= need), None)
    if percent is None:
        return None
    halves = max(-(-(2 * games * percent - games) // 100), -(-7 * games // 10), 0)
    return Fraction(halves, 2) if halves <= 2 * games else None


# --- The event -----------------------------------------------------------------

@dataclass(frozen=True)
class _Context:
    """What every norm of the event shares."""

    system: str | None
    rounds: int
    host: str
    min_games: int
    exemption: str | None
    swiss_exempt: bool
    remaining: int
    event_requirements: tuple[Requirement, ...]
    notes: tuple[str, ...]

    @property
    def double_round_robin(self) -> bool:
        return self.system == "double-round-robin"

    @property
    def predetermined(self) -> bool:
        return self.system in _ROUND_ROBINS


def _event_requirements(t: Tournament) -> tuple[list[Requirement], list[str]]:
    """B.01 (2024) 0.3.1, 1.1.3: standard chess, 120 minutes a player for
    60 moves, two rounds a day; checked where the file says them."""
    out: list[Requirement] = []
    notes: list[str] = []
    if t.rate_of_play and t.rate_of_play != "standard":
        out.append(Requirement("rate_of_play", cite("0.3.1"), "standard", t.rate_of_play,
                               False, f"a {t.rate_of_play} event: norms are for standard "
                               f"chess ({cite('0.3.1')})"))
    minutes = minutes_for_60(t.time_control)
    if minutes is None:
        notes.append(f"time control {t.time_control or 'not given'}: a norm needs "
                     f"{T.MINIMUM_MINUTES_FOR_60} minutes a player for 60 moves "
                     f"({cite('1.1.3')}); not checked")
    else:
        out.append(Requirement("time_control", cite("1.1.3"), T.MINIMUM_MINUTES_FOR_60,
                               minutes, minutes >= T.MINIMUM_MINUTES_FOR_60,
                               f"{minutes:g} minutes a player for 60 moves "
                               f"({t.time_control}): at least {T.MINIMUM_MINUTES_FOR_60} "
                               f"needed ({cite('1.1.3')})"))
    out.extend(_rounds_per_day(t, notes))
    return out, notes


def _rounds_per_day(t: Tournament, notes: list[str]) -> list[Requirement]:
    if t.round_dates:
        most = max(Counter(t.round_dates).values())
        where = "the round dates"
    elif t.start and t.end and t.rounds:
        days = (t.end - t.start).days + 1
        most = math.ceil(Fraction(t.rounds, days))
        where = f"{t.rounds} rounds in {days} days, at the least"
    else:
        notes.append(f"round dates not given: at most {T.MAXIMUM_ROUNDS_PER_DAY} rounds a "
                     f"day ({cite('1.1.3')}) not checked")
        return []
    return [Requirement("rounds_per_day", cite("1.1.3"), T.MAXIMUM_ROUNDS_PER_DAY, most,
                        most <= T.MAXIMUM_ROUNDS_PER_DAY,
                        f"{most} round{'s' if most != 1 else ''} on the busiest day "
                        f"({where}): at most "
                        f"{T.MAXIMUM_ROUNDS_PER_DAY} ({cite('1.1.3')})")]


def _swiss_exempt(t: Tournament) -> bool:
    """B.01 (2024) 1.4.3 d): a Swiss with 20 rated players not of the host
    federation, from 3 federations, 10 of them GM, IM, WGM or WIM, counting
    the players who miss at most one round (a pairing-allocated bye is not
    missed)."""
    host = (t.federation or "").upper()
    if t.system != "swiss" or not host:
        return False
    rounds = _last_paired_round(t)
    rule = T.SWISS_EXEMPTION
    foreign = [p for p in t.players
               if p.rated and (p.federation or "").upper() not in ("", host, T.NOT_A_FEDERATION)
               and rounds - _rounds_present(p) <= rule["missed_rounds"]]
    titled = [p for p in foreign if (p.title or "").upper() in rule["titles"]]
    federations = {(p.federation or "").upper() for p in foreign}
    return (len(foreign) >= rule["players"] and len(federations) >= rule["federations"]
            and len(titled) >= rule["titled"])


def _rounds_present(p: Player) -> int:
    return sum(1 for r in p.results if r.played or r.code in T.BYE_ROUNDS)


def _context(t: Tournament, min_games: int | None, exemption: str | None) -> _Context:
    if exemption is not None and exemption not in EXEMPTIONS:
        raise NormError(f"unknown exemption: {exemption!r}: expected one of "
                        + ", ".join(EXEMPTIONS))
    if exemption is None and t.national_championship:
        exemption = "national-championship"
    requirements, notes = _event_requirements(t)
    if t.start and t.start < IN_FORCE:
        notes.append(f"the event starts {t.start.isoformat()}, before the Title Regulations "
                     f"of 1 January 2024: judged by them (earlier editions are not "
                     f"implemented)")
    if t.start and t.end and (t.end - t.start).days + 1 > T.LONG_EVENT_DAYS:
        notes.append(f"the event lasts over {T.LONG_EVENT_DAYS} days: ratings and titles "
                     f"should be those of each game's date ({cite('1.1.4')}); the file's "
                     "are used")
    return _Context(t.system, t.rounds or t.rounds_played, (t.federation or "").upper(),
                    min_games or T.MINIMUM_GAMES, exemption, _swiss_exempt(t),
                    _remaining_rounds(t), tuple(requirements), tuple(notes))


# --- One player's games --------------------------------------------------------

def _counted_games(t: Tournament, player: Player, ctx: _Context) -> tuple[list[_Game], list[str]]:
    """B.01 (2024) 1.4.2: games played over the board and rated; in a round
    robin not those against an unrated opponent who scored nothing against
    rated opponents (1.4.2 b)."""
    games, notes = [], []
    for r in player.results:
        opponent = t.player(r.opponent) if r.opponent is not None else None
        if opponent is None:
            continue
        if not r.played:
            if r.code in ("W", "D", "L"):
                notes.append(f"round {r.round}: game reported as not rated ({r.code}): "
                             f"not counted ({cite('1.4.2 c)')})")
            continue
        if ctx.predetermined and _scoreless_unrated(t, opponent):
            notes.append(f"round {r.round}: {opponent.name} is unrated and scored nothing "
                         f"against rated opponents: not counted ({cite('1.4.2 b)')})")
            continue
        games.append(_Game(r.round, opponent, round(2 * r.score)))
    return games, notes


def _scoreless_unrated(t: Tournament, p: Player) -> bool:
    if p.rated:
        return False
    against_rated = [r for r in p.results if r.played and r.opponent is not None
                     and (t.player(r.opponent) or p).rated]
    return bool(against_rated) and all(r.score == 0 for r in against_rated)


def _bye_counts_as_game(player: Player, games: Sequence[_Game], ctx: _Context) -> bool:
    """B.01 (2024) 1.4.1 c): in a 9-round event, 8 games and a forfeit win
    or a pairing-allocated bye count as 9."""
    byes = sum(1 for r in player.results if r.code in T.BYE_ROUNDS)
    return (ctx.rounds == T.MINIMUM_GAMES == ctx.min_games and len(games) == 8
            and byes == 1)


# --- One norm ------------------------------------------------------------------

def _opponents(games: Sequence[_Game], ctx: _Context) -> list[Player]:
    """Game by game; by distinct opponent in a double round robin (1.4.5 f)."""
    if ctx.double_round_robin:
        return list({g.opponent.number: g.opponent for g in games}.values())
    return [g.opponent for g in games]


def _evaluate(player: Player, games: Sequence[_Game], title: str, ctx: _Context,
              bye_game: bool) -> ChessNorm:
    score = _score(games)
    n = len(games)
    norm = ChessNorm(title, None, _points(score), False, n, n, None, None)
    norm.requirements.append(_games_requirement(n, ctx, bye_game))
    if n:
        opponents = _opponents(games, ctx)
        norm.requirements.extend(_federation_requirements(player, opponents, ctx))
        norm.requirements.extend(_title_requirements(opponents, title, ctx))
        norm.requirements.extend(_rating_requirements(norm, games, score, title))
    norm.requirements.extend(ctx.event_requirements)
    norm.valid = all(r.met is not False for r in norm.requirements)
    if norm.valid:
        norm.counted_games = _counted_for_title(norm, n, bye_game, ctx)
    return norm


def _games_requirement(n: int, ctx: _Context, bye_game: bool) -> Requirement:
    article = cite("1.4.1 a)") if ctx.min_games == T.MINIMUM_GAMES else cite("1.4.1 b)")
    if bye_game:
        return Requirement("games", cite("1.4.1 c)"), ctx.min_games, n + 1, True,
                           f"{n} games and a forfeit win or pairing-allocated bye in a "
                           f"{ctx.rounds}-round event count as {n + 1} ({cite('1.4.1 c)')})")
    return Requirement("games", article, ctx.min_games, n, n >= ctx.min_games,
                       f"{n} games counted: at least {ctx.min_games} needed ({article})")


def _federation_requirements(player: Player, opponents: list[Player],
                             ctx: _Context) -> list[Requirement]:
    """B.01 (2024) 1.4.3-1.4.4, or the exemption that waives both."""
    exempt = _exemption(player, ctx)
    if exempt:
        article = cite(_EXEMPTION_ARTICLE[exempt])
        return [Requirement("federations", article, None, None, True,
                            f"federations of the opponents not required ({article})")]
    own = (player.federation or "").upper()
    if not own or own == T.NOT_A_FEDERATION:
        return [Requirement("federations", cite("1.4.3"), None, None, None,
                            f"the player's federation is {own or 'not given'}: "
                            f"{cite('1.4.3')}-1.4.4 not checked")]
    feds = Counter((p.federation or "").upper() for p in opponents)
    feds.pop("", None)
    feds.pop(T.NOT_A_FEDERATION, None)
    return [_foreign(own, feds), _own_federation(own, feds, len(opponents)),
            _one_federation(feds, len(opponents))]


def _exemption(player: Player, ctx: _Context) -> str | None:
    if ctx.swiss_exempt:
        return "swiss"
    if ctx.exemption in ("national-championship", "national-team-championship"):
        own = (player.federation or "").upper()
        return ctx.exemption if not ctx.host or own == ctx.host else None
    return ctx.exemption


def _foreign(own: str, feds: Counter[str]) -> Requirement:
    others = sorted(f for f in feds if f != own)
    article = cite("1.4.3")
    return Requirement("foreign_federations", article, T.FOREIGN_FEDERATIONS, len(others),
                       len(others) >= T.FOREIGN_FEDERATIONS,
                       f"{len(others)} federations other than {own} among the opponents"
                       f"{' (' + ', '.join(others) + ')' if others else ''}: at least "
                       f"{T.FOREIGN_FEDERATIONS} needed ({article})")


def _own_federation(own: str, feds: Counter[str], n: int) -> Requirement:
    most = math.floor(T.OWN_FEDERATION_MAXIMUM * n)
    article = cite("1.4.4")
    return Requirement("own_federation", article, most, feds[own], feds[own] <= most,
                       f"{feds[own]} of {n} opponents from {own}: at most 3/5, {most} "
                       f"({article})")


def _one_federation(feds: Counter[str], n: int) -> Requirement:
    most = math.floor(T.ONE_FEDERATION_MAXIMUM * n)
    top, count = max(feds.items(), key=lambda kv: (kv[1], kv[0]), default=("", 0))
    article = cite("1.4.4")
    return Requirement("one_federation", article, most, count, count <= most,
                       f"{count} of {n} opponents from {top or 'one federation'}: at most "
                       f"2/3, {most} ({article})")


def _title_requirements(opponents: list[Player], title: str,
                        ctx: _Context) -> list[Requirement]:
    """B.01 (2024) 1.4.5 a) title-holders; b)-e) holders of the norm's title
    (f: half, in a double round robin)."""
    n = len(opponents)
    titles = [(p.title or "").upper() for p in opponents]
    holders = sum(1 for x in titles if x in T.TITLE_HOLDERS)
    least = math.ceil(T.TITLE_HOLDER_SHARE * n)
    out = [Requirement("title_holders", cite("1.4.5 a)"), least, holders, holders >= least,
                       f"{holders} of {n} opponents title-holders (CM and WCM not "
                       f"counted): at least half, {least} ({cite('1.4.5 a)')})")]
    wanted = T.NORM_TITLE_HOLDERS[title]
    count = sum(1 for x in titles if x in wanted)
    if ctx.double_round_robin:
        need, article, rule = math.ceil(T.DOUBLE_ROUND_ROBIN_SHARE * n), "1.4.5 f)", "half"
    else:
        need = max(T.NORM_TITLE_MINIMUM, math.ceil(T.NORM_TITLE_SHARE * n))
        article, rule = _TITLE_ARTICLE[title], "one third, at least 3"
    names = ", ".join(sorted(wanted, key=("GM", "IM", "WGM", "WIM").index))
    out.append(Requirement("norm_title_holders", cite(article), need, count, count >= need,
                           f"{count} of {n} opponents {names}: {rule}, {need} "
                           f"({cite(article)})"))
    return out


_TITLE_ARTICLE = {"GM": "1.4.5 b)", "IM": "1.4.5 c)", "WGM": "1.4.5 d)", "WIM": "1.4.5 e)"}


def _rating_requirements(norm: ChessNorm, games: Sequence[_Game], score: Fraction,
                         title: str) -> list[Requirement]:
    """B.01 (2024) 1.4.6-1.4.8: Ra, 35 %, Rp."""
    n = len(games)
    average, raised = opponents_average([g.opponent for g in games], title)
    norm.opponents_average = average
    norm.performance = performance(average, score, n)
    norm.required = _maybe_points(required_score(average, n, title))
    if raised is not None:
        norm.notes.append(f"{raised.name} ({raised.rating or 'unrated, 1400'}) raised to the "
                          f"{title} floor of {T.RATING_FLOOR[title]} ({cite('1.4.6 b)')}, "
                          f"{cite('1.4.6 c)')})")
    floor = T.MINIMUM_AVERAGE[title]
    least = T.MINIMUM_SCORE * n
    minimum = T.MINIMUM_PERFORMANCE[title]
    return [
        Requirement("opponents_average", cite("1.4.8 a)"), floor, average, average >= floor,
                    f"Ra {average}: at least {floor} for {_an(title)} norm ({cite('1.4.7')}, "
                    f"{cite('1.4.8 a)')})"),
        Requirement("score", cite("1.4.8 b)"), _points(least), _points(score), score >= least,
                    f"{_points(score)} of {n}: at least 35 %, {_points(least)} "
                    f"({cite('1.4.8 b)')})"),
        Requirement("performance", cite("1.4.8"), minimum, norm.performance,
                    norm.performance >= minimum,
                    f"Rp {norm.performance} (Ra {average} + dp "
                    f"{norm.performance - average}): at least {minimum} ({cite('1.4.8')}, "
                    f"table {cite('1.4.9')})")]


def _counted_for_title(norm: ChessNorm, n: int, bye_game: bool, ctx: _Context) -> int:
    """B.01 (2024) 1.4.1 d): each full point above the requirement counts as
    one more game; 1.7: an event of more than 13 rounds counts 13 at most."""
    extra = int(Fraction(norm.achieved) - Fraction(norm.required or 0))
    counted = n + (1 if bye_game else 0) + max(0, extra)
    if ctx.rounds > T.COUNTED_GAMES_LIMIT:
        counted = min(counted, T.COUNTED_GAMES_LIMIT)
    return counted


def _an(title: str) -> str:
    return f"an {title}" if title == "IM" else f"a {title}"


def _points(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _maybe_points(value: Fraction | None) -> int | float | None:
    return None if value is None else _points(value)


# --- 1.4.1 e), f): the best subset of the games --------------------------------

def _best_norm(player: Player, games: list[_Game], title: str, ctx: _Context,
               bye_game: bool, drop: bool) -> ChessNorm:
    """All the games; if they give no norm, the subset B.01 allows that
    gives one and counts the most games (decision in the module docstring)."""
    full = _evaluate(player, games, title, ctx, bye_game)
    if full.valid or not drop or not _worth_searching(full, games, ctx):
        return full
    best = None
    for subset, later, beaten in _subsets(games, ctx):
        trial = _evaluate(player, subset, title, ctx, False)
        if trial.valid and (best is None or _better(trial, later + beaten, best)):
            best = (trial, later, beaten)
    if best is None:
        return full
    return _with_dropped(best[0], best[1], best[2], full)


def _worth_searching(full: ChessNorm, games: list[_Game], ctx: _Context) -> bool:
    """A subset can help only with games to spare, when the event itself
    qualifies and no bound rules it out; in a round robin all the games
    must meet the mix (1.4.1 f)."""
    if len(games) <= ctx.min_games or any(r.met is False for r in ctx.event_requirements):
        return False
    if not _within_bounds(games, full.title, ctx):
        return False
    if ctx.predetermined:
        mix = {"foreign_federations", "own_federation", "one_federation", "title_holders",
               "norm_title_holders"}
        return all(r.met is not False for r in full.requirements if r.name in mix)
    return True


def _within_bounds(games: list[_Game], title: str, ctx: _Context,
                   least: int | None = None) -> bool:
    """Necessary for any subset of nine games or more: enough holders of the
    norm's title and title-holders among all the games (counts only fall
    when games are left out), and a performance within reach: the strongest
    opponents' average (each at least the floor) plus dp of all the points
    made, at best."""
    titles = [(g.opponent.title or "").upper() for g in games]
    if not ctx.double_round_robin and (   # there: distinct opponents, half (1.4.5 f)
            sum(1 for x in titles if x in T.NORM_TITLE_HOLDERS[title]) < T.NORM_TITLE_MINIMUM
            or sum(1 for x in titles if x in T.TITLE_HOLDERS)
            < math.ceil(T.TITLE_HOLDER_SHARE * ctx.min_games)):
        return False
    ratings = sorted((max(_norm_rating(g.opponent), T.RATING_FLOOR[title]) for g in games),
                     reverse=True)
    score = _score(games)
    for m in range(least or ctx.min_games, len(games) + 1):
        average = (2 * sum(ratings[:m]) + m) // (2 * m)  # round_half_up(sum / m), in integers
        if (average >= T.MINIMUM_AVERAGE[title]
                and performance(average, score if score <= m else m, m)
                >= T.MINIMUM_PERFORMANCE[title]):
            return True
    return False


def _subsets(games: list[_Game], ctx: _Context) -> Iterator[_Subset]:
    """(games kept, later rounds dropped, won games dropped): the last rounds dropped (1.4.1 e, not in
    a round robin), then won games dropped from each (1.4.1 f), fewest
    first; at most `_SEARCH_LIMIT` subsets."""
    tried = 0
    for base in _prefixes(games, ctx):
        later = [g for g in games if g not in base]
        if later:
            yield base, later, []
            tried += 1
        wins = [g for g in base if g.halves == 2]
        for size in range(1, len(base) - ctx.min_games + 1):
            for beaten in combinations(wins, size):
                if tried >= _SEARCH_LIMIT:
                    return
                tried += 1
                yield [g for g in base if g not in beaten], later, list(beaten)


def _prefixes(games: list[_Game], ctx: _Context) -> list[list[_Game]]:
    if ctx.predetermined:
        return [games]
    rounds = sorted({g.round for g in games}, reverse=True)
    prefixes = [[g for g in games if g.round <= last] for last in rounds]
    return [p for p in prefixes if len(p) >= ctx.min_games]


def _better(trial: ChessNorm, dropped: list[_Game],
            best: tuple[ChessNorm, list[_Game], list[_Game]]) -> bool:
    return ((trial.counted_games, -len(dropped))
            > (best[0].counted_games, -len(best[1]) - len(best[2])))


def _with_dropped(norm: ChessNorm, later: list[_Game], beaten: list[_Game],
                  full: ChessNorm) -> ChessNorm:
    norm.dropped_rounds = sorted(g.round for g in later + beaten)
    articles = [a for a, games in (("1.4.1 e)", later), ("1.4.1 f)", beaten)) if games]
    rounds = ", ".join(str(r) for r in norm.dropped_rounds)
    norm.notes.insert(0, f"norm with round{'s' if len(norm.dropped_rounds) > 1 else ''} "
                         f"{rounds} left out ({', '.join(cite(a) for a in articles)}); "
                         f"with all {full.games} games: {'; '.join(full.reasons)}")
    return norm


# --- The players ---------------------------------------------------------------

def norm_titles(player: Player, *, all_titles: bool = False) -> list[str]:
    """The norm titles above the ones the player holds, each category apart
    (B.01 (2024) 0.6.2); the women's titles for women only, and not for a
    holder of IM or GM, titles above them."""
    held = (player.title or "").upper()
    female = (player.sex or "").lower() in ("w", "f")
    out: list[str] = []
    for category, order in T.TITLE_ORDER.items():
        if category == "women" and not female:
            continue
        rank = order.index(held) if held in order else -1
        if category == "women" and held in ("IM", "GM"):
            rank = len(order)
        out.extend(t for t in order if t in T.NORM_TITLES
                   and (all_titles or order.index(t) > rank))
    return sorted(out, key=T.NORM_TITLES.index)


def norms_for_event(t: Tournament, *, min_games: int | None = None,
                    exemption: str | None = None, drop_games: bool = True,
                    all_titles: bool = False,
                    future: Mapping[int, Sequence[int]] | None = None,
                    achieved_only: bool = False) -> dict[int, list[ChessNorm]]:
    """Every player's GM, IM, WGM and WIM norms (B.01 (2024) 1.4), above
    the titles held; with a forecast while rounds remain.

    `min_games`: 7 for a team championship of 1.4.1 b).  `exemption`: one
    of `EXEMPTIONS` (1.4.3 a-c); a national championship flagged in the file
    is 1.4.3 a).  `drop_games`: look for the subset of 1.4.1 e)-f).
    `future`: by start number, the opponents (start numbers) still to play,
    where they are known (a round robin's are found without it).
    `achieved_only`: the norms achieved only, players who cannot reach one
    passed over by a bound (the site's pipeline, for thousands of opens).
    """
    if t.game != "chess":
        raise NormError(f"fide norms are for chess events, got game {t.game!r}")
    ctx = _context(t, min_games, exemption)
    future = future or {}
    if achieved_only and any(r.met is False for r in ctx.event_requirements):
        return {p.number: [] for p in t.players}     # nobody may achieve (`_may_achieve`)
    holders = _holders(t) if achieved_only and not ctx.double_round_robin else None
    return {p.number: [] if holders is not None and not _may_meet_the_titles(p, holders, ctx)
            else _player_norms(t, p, ctx, drop_games, all_titles, future.get(p.number),
                               achieved_only)
            for p in t.players}


# Every title that holders of a norm's title may hold (B.01 (2024) 1.4.5
# b)-e)), whichever the norm: the weakest of the norms' conditions.
_NORM_HOLDERS = frozenset().union(*T.NORM_TITLE_HOLDERS.values())


def _holders(t: Tournament) -> tuple[frozenset[int], frozenset[int]]:
    """The start numbers of the event's holders of a norm title (GM, IM,
    WGM, WIM: 1.4.5 b-e) and of the title-holders of 1.4.5 a) (with FM,
    WFM)."""
    titles = [(p.number, (p.title or "").upper()) for p in t.players]
    return (frozenset(n for n, title in titles if title in _NORM_HOLDERS),
            frozenset(n for n, title in titles if title in T.TITLE_HOLDERS))


def _may_meet_the_titles(player: Player, holders: tuple[frozenset[int], frozenset[int]],
                         ctx: _Context) -> bool:
    """Necessary, outside a double round robin, for `_within_bounds` with
    any of the player's games, a last-round forfeit among them (1.4.2 c):
    rounds against at least 3 holders of a norm title (1.4.5 b-e) and
    against title-holders for half of the games required (1.4.5 a); counted
    over every round with an opponent, which no judgement counts more of.
    The site's pipeline (`achieved_only`) passes over the others without
    looking at their games (docs/scale.md#compute-session-8)."""
    norm_holders, title_holders = holders
    against = [r.opponent for r in player.results if r.opponent is not None]
    return (sum(1 for o in against if o in norm_holders) >= T.NORM_TITLE_MINIMUM
            and sum(1 for o in against if o in title_holders)
            >= math.ceil(T.TITLE_HOLDER_SHARE * ctx.min_games))


def _player_norms(t: Tournament, player: Player, ctx: _Context, drop: bool,
                  all_titles: bool, future: Sequence[int] | None = None,
                  achieved_only: bool = False) -> list[ChessNorm]:
    games, notes = _counted_games(t, player, ctx)
    bye_game = _bye_counts_as_game(player, games, ctx)
    remaining = max(ctx.remaining, len(future or ()))
    out = []
    for title in norm_titles(player, all_titles=all_titles):
        if achieved_only and not _may_achieve(games, title, ctx, bye_game):
            last = _last_round_forfeit(t, player, ctx)
            if last is None or not _may_achieve(games + [last], title, ctx, False):
                continue
        norm = _best_norm(player, games, title, ctx, bye_game, drop)
        if not norm.valid:
            norm = _with_last_round_forfeit(t, player, games, title, ctx, drop, norm)
        if achieved_only and not norm.valid:
            continue
        norm.notes.extend(notes + list(ctx.notes))
        if remaining:
            norm.forecast = _forecast(t, player, games, title, ctx, remaining, future)
        out.append(norm)
    return out


def _with_last_round_forfeit(t: Tournament, player: Player, games: list[_Game], title: str,
                             ctx: _Context, drop: bool, missed: ChessNorm) -> ChessNorm:
    """B.01 (2024) 1.4.2 c): a forfeit win in the last round, which the
    player had to play for the number of games and could afford to lose,
    counted as a game lost; `missed` when that gives no norm either."""
    last = _last_round_forfeit(t, player, ctx)
    if last is None:
        return missed
    norm = _best_norm(player, games + [last], title, ctx, False, drop)
    if not norm.valid:
        return missed
    norm.notes.insert(0, f"the forfeit win of the last round (round {last.round}) counted as "
                         f"a game lost ({cite('1.4.2 c)')}); without it: "
                         f"{'; '.join(missed.reasons)}")
    return norm


def _last_round_forfeit(t: Tournament, player: Player, ctx: _Context) -> _Game | None:
    """The last round's forfeit win, as a game lost (1.4.2 c); None if none."""
    for r in player.results:
        if r.round == ctx.rounds and r.code == "+" and r.opponent is not None:
            opponent = t.player(r.opponent)
            if opponent is not None:
                return _Game(r.round, opponent, 0)
    return None


def _may_achieve(games: list[_Game], title: str, ctx: _Context, bye_game: bool) -> bool:
    """Necessary for a norm with these games or a subset (`_within_bounds`;
    the 8 games of 1.4.1 c) included)."""
    if any(r.met is False for r in ctx.event_requirements):
        return False
    if bye_game:
        return _within_bounds(games, title, ctx, least=len(games))
    return len(games) >= ctx.min_games and _within_bounds(games, title, ctx)


# --- The forecast --------------------------------------------------------------

def _last_paired_round(t: Tournament) -> int:
    """The last round with a game (or a forfeit) or a pairing-allocated bye;
    byes asked for in advance (H, F, Z in later rounds) do not make a round
    played."""
    return max((r.round for p in t.players for r in p.results
                if r.opponent is not None or r.code == "U"), default=0)


def _remaining_rounds(t: Tournament) -> int:
    """Rounds scheduled after the last one paired."""
    return max(0, (t.rounds or 0) - _last_paired_round(t))


def _future_opponents(t: Tournament, player: Player, games: list[_Game],
                      ctx: _Context) -> list[Player] | None:
    """The opponents still to meet in a round robin (once, or twice in a
    double round robin); None in other systems, where they are not known."""
    if not ctx.predetermined:
        return None
    times = 2 if ctx.double_round_robin else 1
    met = Counter(r.opponent for r in player.results if r.opponent is not None)
    return [p for p in t.players if p.number != player.number
            for _ in range(times - met[p.number])]


def _forecast(t: Tournament, player: Player, games: list[_Game], title: str,
              ctx: _Context, remaining: int, given: Sequence[int] | None) -> dict[str, Any]:
    """What the rounds left must bring for the norm (as Sharly Chess's norm
    forecast): with the opponents still to meet where they are known (given,
    or a round robin's), else with opponents assumed as strong as those met
    so far (said in `assumption`)."""
    score = _score(games)
    future: list[Player] | None
    if given:
        future = [p for p in (t.player(n) for n in given) if p is not None]
    else:
        future = _future_opponents(t, player, games, ctx)
    if future is not None:
        return _known_forecast(player, games, future, title, ctx, score, remaining)
    return _assumed_forecast(games, title, ctx, score, remaining)


def _known_forecast(player: Player, games: list[_Game], future: list[Player], title: str,
                    ctx: _Context, score: Fraction, remaining: int) -> dict[str, Any]:
    planned = games + [_Game(0, p, 0) for p in future]
    trial = _evaluate(player, planned, title, ctx, False)
    blocking = [r.text for r in trial.requirements
                if r.met is False and r.name not in ("score", "performance")]
    average = trial.opponents_average
    required = (required_score(average, len(planned), title)
                if planned and average is not None else None)
    return _forecast_dict(remaining, True, required, score, len(future), blocking,
                          trial.opponents_average, len(planned), None)


def _assumed_forecast(games: list[_Game], title: str, ctx: _Context, score: Fraction,
                      remaining: int) -> dict[str, Any]:
    total = len(games) + remaining
    if not games:
        return _forecast_dict(remaining, False, None, score, remaining, [], None, total,
                              "no game played yet: the opponents' average is not known")
    average, _raised = opponents_average([g.opponent for g in games], title)
    blocking: list[str] = []
    if total < ctx.min_games:
        blocking.append(f"{total} games at most: at least {ctx.min_games} needed "
                        f"({cite('1.4.1 a)')})")
    if average < T.MINIMUM_AVERAGE[title]:
        blocking.append(f"Ra {average} so far: {_an(title)} norm needs {T.MINIMUM_AVERAGE[title]}"
                        f" ({cite('1.4.8 a)')}), only against stronger opponents than so far")
    return _forecast_dict(remaining, False, required_score(average, total, title), score,
                          remaining, blocking, average, total,
                          f"the opponents of the {remaining} rounds left are not known: "
                          f"assumed to average Ra {average}, as so far; the opponents' "
                          f"titles and federations must still meet {cite('1.4.3')}-1.4.5")


def _forecast_dict(remaining: int, known: bool, required: Fraction | None, score: Fraction,
                   games_left: int, blocking: list[str], average: int | None,
                   total: int, assumption: str | None) -> dict[str, Any]:
    needed = None if required is None else max(Fraction(0), required - score)
    possible = needed is not None and needed <= games_left and not blocking
    if required is None and average is not None:
        blocking = blocking + [f"even {total} points of {total} do not give the performance"]
    return {"remaining_rounds": remaining, "opponents_known": known,
            "games": total, "opponents_average": average,
            "required": _maybe_points(required), "needed": _maybe_points(needed),
            "possible": possible, "reasons": blocking, "assumption": assumption}
