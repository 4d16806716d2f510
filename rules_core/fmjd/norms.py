"""Title norms of one draughts event: FMJD Annex 10 §1.2, §2.1.1, §4.2-§4.5.

For each player, the MF, MI and GMI norms (MFF, MIF, GMIF for women; " 64"
on the 64 board, §12), red and black, reached or refused, each refusal with
the articles it rests on; and the norm a player reaches by having one won
game ignored (§4.5.2), which FMJD leaves to the player to ask for.

How a player is judged (decided here, tested in tests/test_fmjd_norms.py):

* The group is the player and the opponents of the games he played over the
  board (§4.4: "the group of his opponents, including himself"); a Swiss
  player is judged as in a round robin of them (§4.2.3, §4.4), a team match
  as a Swiss (§4.5.1).  Games not played (forfeits, referee decisions, byes)
  do not count, neither their points nor their opponent (§4.5.8, and §4.3
  on withdrawals).  In a round robin the category is the one "calculated
  before the start" (§4.5.8): from the ratings at the start, never from the
  results; it changes only through games not played, as §4.5.8 and §4.3 say.
* Rm (§4.3) is the average over the distinct opponents, a player without
  rating at 2100, or 2000 in an exclusively women's event (Annex 9 §5.2,
  §6.5); ``unrated_by_sex=True`` applies Annex 10 §4.3 word for word instead
  (2000 for every unrated woman).  Rm is rounded half up, then X-2 gives the
  category (the female column for women's titles).
* Required points: table X-3 for 7-21 games.  Every printed cell is the
  row's percentage of 2 points a game rounded up, so beyond 21 games that
  rule applies.  A category below a title's column gives no norm (no MF
  norm in category I, no GMI norm below X); a category beyond the end of the
  MF column (XVIII, XIX: only MF stops before XIX) takes the column's last
  row, XVII: a stronger group never asks more.
* Minima by number of players (rows (5)-(9), players = distinct opponents +
  1): the printed cell where there is one, else the fraction of §4.4 rounded
  up (half, half, 80 %, one third, one third plus 3): the print leaves the
  red rows blank for 8 and 9 players, a remnant of the nine rounds removed
  from §4.4.1.1 in 2020.
* Titleholders (§2.1.1, §4.5.3-§4.5.10): `rules_core.fmjd.titleholders`.
* Red norm (§4.4.1): half of the group titleholders (GMI, MI, MF, GMIF, MIF,
  MFF; not CMF, a candidate's title) or rated 2210 (2110 for women's norms,
  remark (5)); half foreign to the largest federation of the group (remark
  (*): the group, not the tournament as §4.4.1.3 has it); 80 % rated; an
  international or FMJD referee (§4.4.1.5; not known: noted, not refused).
  Black norm (§4.4.3): one third foreign; one third plus 3 rated; seven
  rounds.  A player without federation is never counted as foreign.
* Time control (§1.2, §4.4 with Annex 9 §1.2.2.1): red norms need the rate
  for 100 % of K, 120 minutes a player for 60 moves; black norms accept
  60 %, 90 minutes, which is §1.2's "3 hours total for both players" (§1.2
  followed §4.4 in 2022, see the updates list).  Below 90 no norm.  So the
  FMJD default 1 h 20 + 30 s (110 minutes) gives black norms only.  An
  unreadable or missing time control is noted, not refused.
* Minimum 7 games (§1.2) and 7 rounds (§4.2.4; §4.4.3.1 for black norms).
* The event's approval (§4.2.1, §4.2.2, §4.2.5) is checked unless the event
  is an official FMJD competition (§4.2 a), which needs none.
* §4.5.2: when a norm is missed with all games, each won game is ignored in
  turn; the first found with the largest margin (ties: earliest round) is
  reported in `NormResult.dropped_game`, with the figures without it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from ..model import Player, Tournament
from ..numbers import round_half_up
from ..timecontrol import minutes_for_60
from .titleholders import (
    LEVELS,
    NORM_LEVELS,
    NormError,
    Title,
    cite,
    is_female,
    parse_title,
    titleholder_minimum_met,
    titleholder_reason,
    titleholders_met,
)
from .titles import (
    BLACK_NORM_MINUTES,
    MINIMUM_GAMES,
    MINIMUM_ROUNDS,
    RED_NORM_MINUTES,
    RED_NORM_RATING,
    ROMAN,
    UNRATED_RATING,
    X_2,
    X_3,
    X_3_MINIMA,
    X_3_PLAYERS,
)

__all__ = ["NormResult", "RED", "BLACK", "KINDS", "norm_category", "x3_row",
           "required_points", "norm_minimum", "opponents_average",
           "event_approval", "norms_for_event", "norms_reached"]

RED, BLACK = "red", "black"              # fmjd Annex 10 §2.2
KINDS = (RED, BLACK)

_COLUMN = {"MF": 1, "MI": 2, "GMI": 3}   # X_3 row index of each title column
_ROUND_ROBINS = frozenset({"round-robin", "double-round-robin"})

# Remarks (5)-(9) of X-3 as fractions of the group, rounded up (§4.4).
_MINIMA_FRACTIONS = {5: Fraction(1, 2), 6: Fraction(1, 2), 7: Fraction(4, 5),
                     8: Fraction(1, 3), 9: Fraction(1, 3)}
_MINIMA_PLUS = {9: 3}


# --- Tables X-2 and X-3 (§4.3) ------------------------------------------------

def norm_category(rm: int | float | Fraction, *, female: bool = False) -> str:
    """The category (I ... XIX) of an opponent group of average rating `rm`.

    fmjd Annex 10 §4.3, table X-2 (open or female column); Rm is rounded to
    the nearest whole number, 0.5 upwards, first.
    """
    value = round_half_up(rm)
    for category, columns in X_2.items():
        low, high = columns[1 if female else 0]
        if (low is None or value >= low) and (high is None or value <= high):
            return category
    raise NormError(f"no category for rm {rm!r}")  # pragma: no cover


def _base_level(title: str) -> str:
    parsed = parse_title(title)
    if parsed is None or parsed.level not in _COLUMN:
        raise NormError(f"table X-3 has no column for {title!r}: "
                        "expected MF, MI, GMI (or MFF, MIF, GMIF)")
    return parsed.level


def x3_row(category: str, title: str) -> tuple[int, tuple[int, ...], bool] | None:
    """The row of table X-3 for a category in the title's column (fmjd Annex
    10 §4.3): (percentage, points for 7 ... 21 games, beyond), None when the
    category is below the column.  `beyond` is True for a category stronger
    than the column's last row, which then applies (MF in XVIII and XIX)."""
    if category not in ROMAN:
        raise NormError(f"unknown category: {category!r}")
    column = _COLUMN[_base_level(title)]
    rows = [row for row in X_3 if row[column] is not None]
    for row in rows:
        if row[column] == category:
            return row[0], row[4], False
    last = rows[-1]
    if ROMAN.index(category) > ROMAN.index(last[column]):
        return last[0], last[4], True
    return None


def required_points(category: str, title: str, games: int) -> int | None:
    """Points needed for a norm of `title` in `games` games in a group of
    this category (fmjd Annex 10 §4.3, table X-3); None below the column.

    7-21 games: the printed cell.  Otherwise the row's percentage of the 2
    points a game, rounded up, which is how every printed cell is made.
    """
    if games < 1:
        raise NormError(f"games must be at least 1, got {games!r}")
    row = x3_row(category, title)
    if row is None:
        return None
    percent, points, _beyond = row
    if 7 <= games <= 21:
        return points[games - 7]
    return math.ceil(Fraction(percent * 2 * games, 100))


def norm_minimum(remark: int, players: int) -> int:
    """The minimum of remark (5)-(9) below table X-3 for a group of `players`
    (the player and his distinct opponents): (5) titleholders or rated 2210
    (2110), (6) foreigners, (7) rated players, for a red norm; (8)
    foreigners, (9) rated players, for a black norm (fmjd Annex 10 §4.4).
    The printed cell where there is one, else the §4.4 fraction rounded up.
    """
    if remark not in X_3_MINIMA:
        raise NormError(f"no minimum under table X-3 for remark {remark!r}")
    if players < 1:
        raise NormError(f"a group has at least 1 player, got {players!r}")
    if players in X_3_PLAYERS:
        printed = X_3_MINIMA[remark][X_3_PLAYERS.index(players)]
        if printed is not None:
            return printed
    return math.ceil(_MINIMA_FRACTIONS[remark] * players) + _MINIMA_PLUS.get(remark, 0)


def _norm_rating(player: Player, women_event: bool, by_sex: bool) -> int:
    """Annex 9 §5.2/§6.5: 2100 for a player without rating, 2000 in an
    exclusively women's event (or any unrated woman, Annex 10 §4.3 read
    word for word, when `by_sex`)."""
    if player.rating:
        return player.rating
    female = women_event or (by_sex and is_female(player))
    return UNRATED_RATING["female" if female else "open"]


def opponents_average(opponents: Iterable[Player], *, women_event: bool = False,
                      unrated_by_sex: bool = False) -> Fraction:
    """Rm, unrounded: the average rating of the opponents, players without
    rating at 2100 (2000 in a women's event) (fmjd Annex 10 §4.3, Annex 9
    §5.2, §6.5)."""
    ratings = [_norm_rating(p, women_event, unrated_by_sex) for p in opponents]
    if not ratings:
        raise NormError("no opponents to average")
    return Fraction(sum(ratings), len(ratings))


# --- The event (§4.2) -----------------------------------------------------------

def event_approval(t: Tournament, *, official: bool = False) -> tuple[list[str], list[str]]:
    """Why the event cannot be an approved tournament for norms, and what
    could not be checked: (reasons, notes).

    fmjd Annex 10 §4.2.1 (two federations besides the organiser's, one third
    of the players from other federations; not for national championships),
    §4.2.2 (a round robin: one third of the players plus 3 rated), §4.2.5
    (national championships: 3 rated in a round robin, half in a Swiss).
    An official FMJD competition (§4.2 a) needs no approval.
    """
    if official:
        return [], []
    if t.national_championship:
        return _national_approval(t), []
    reasons, notes = _federations_approval(t)
    n, rated = len(t.players), sum(1 for p in t.players if p.rated)
    if t.system in _ROUND_ROBINS and rated < math.ceil(Fraction(n, 3)) + 3:
        reasons.append(f"{rated} of {n} players rated: a round robin needs one third "
                       f"plus 3, {math.ceil(Fraction(n, 3)) + 3} ({cite('4.2.2')})")
    return reasons, notes


def _national_approval(t: Tournament) -> list[str]:
    n, rated = len(t.players), sum(1 for p in t.players if p.rated)
    if t.system in _ROUND_ROBINS:
        needed, form = 3, "a round-robin national championship needs 3"
    else:
        needed, form = math.ceil(Fraction(n, 2)), "a swiss national championship needs half"
    if rated < needed:
        return [f"{rated} of {n} players rated at the start: {form}, {needed} "
                f"({cite('4.2.5')})"]
    return []


def _federations_approval(t: Tournament) -> tuple[list[str], list[str]]:
    organiser = (t.federation or "").upper()
    if not organiser:
        return [], [f"organising federation not given: {cite('4.2.1')} not checked"]
    feds = [(p.federation or "").upper() for p in t.players]
    others = [f for f in feds if f and f != organiser]
    reasons = []
    if len(set(others)) < 2:
        reasons.append(f"{len(set(others))} federations besides the organiser's "
                       f"({organiser}): two needed ({cite('4.2.1')})")
    if 3 * len(others) < len(feds):
        reasons.append(f"{len(others)} of {len(feds)} players from other federations than "
                       f"the organiser's: one third needed ({cite('4.2.1')})")
    return reasons, []


# --- One player's norms (§4.3-§4.5) -------------------------------------------

@dataclass
class NormResult:
    """One norm of one player in one event, as the check contract shows it.

    `achieved` and `required` are draughts points (2/1/0); `category` is the
    Roman numeral of table X-2 (None without games); `dropped_game` the round
    of the won game ignored under §4.5.2 (None: all games counted).
    """

    title: str
    kind: str
    category: str | None
    required: int | None
    achieved: int | float
    valid: bool
    reasons: list[str] = field(default_factory=list)
    dropped_game: int | None = None
    games: int = 0
    opponents_average: int | None = None
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        """The contract's keys, then ours."""
        return {"title": self.title, "kind": self.kind, "category": self.category,
                "required": self.required, "achieved": self.achieved,
                "valid": self.valid, "reasons": list(self.reasons),
                "dropped_game": self.dropped_game, "games": self.games,
                "opponents_average": self.opponents_average, "notes": list(self.notes)}


@dataclass(frozen=True)
class _Context:
    """What every norm of an event shares."""

    women_event: bool
    board: int
    rounds: int
    referee_qualified: bool | None
    unrated_by_sex: bool
    approval: tuple[str, ...]
    approval_notes: tuple[str, ...]


class _Game(NamedTuple):
    round: int
    opponent: Player
    score: float


def _played_games(t: Tournament, player: Player) -> list[_Game]:
    """Games played over the board (§4.5.8: no forfeits, referee decisions
    or byes)."""
    games = []
    for r in player.results:
        opponent = t.player(r.opponent) if r.played and r.opponent is not None else None
        if opponent is not None:
            games.append(_Game(r.round, opponent, r.score))
    return games


def _points(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def _evaluate(player: Player, games: Sequence[_Game], title: Title, kind: str,
              ctx: _Context, minutes: float | None) -> NormResult:
    """One norm with these games: every condition, every reason."""
    opponents = list({g.opponent.number: g.opponent for g in games}.values())
    achieved = _points(sum(g.score for g in games))
    result = NormResult(str(title), kind, None, None, achieved, False, games=len(games))
    result.reasons.extend(ctx.approval)
    result.notes.extend(ctx.approval_notes)
    _check_games(result, kind, ctx)
    _check_time(result, kind, minutes)
    if opponents:
        _check_score(result, opponents, title, ctx)
        _check_titleholders(result, opponents, title)
        _check_group(result, [player, *opponents], title, kind, ctx)
    if kind == RED:
        _check_referee(result, ctx)
    result.valid = not result.reasons
    return result


def _check_games(result: NormResult, kind: str, ctx: _Context) -> None:
    if result.games < MINIMUM_GAMES:
        result.reasons.append(f"only {result.games} games: at least {MINIMUM_GAMES} "
                              f"needed ({cite('1.2')})")
    if ctx.rounds < MINIMUM_ROUNDS:
        article = "4.4.3.1" if kind == BLACK else "4.2.4"
        result.reasons.append(f"the tournament has {ctx.rounds} rounds: at least "
                              f"{MINIMUM_ROUNDS} needed ({cite(article)})")


def _check_time(result: NormResult, kind: str, minutes: float | None) -> None:
    """§1.2 and §4.4 with Annex 9 §1.2.2.1 (decision in the module docstring)."""
    if minutes is None:
        result.notes.append(f"time control not given or not readable: a {kind} norm needs "
                            f"{_least_minutes(kind)} minutes a player for 60 moves "
                            f"({cite('1.2')}, {cite('4.4')}); not checked")
        return
    least = _least_minutes(kind)
    if minutes < least:
        share = "100 %" if kind == RED else "60 %"
        result.reasons.append(f"{minutes:g} minutes a player for 60 moves: a {kind} norm "
                              f"needs {least}, the rate for {share} of the development "
                              f"factor ({cite('1.2')}, {cite('4.4')}, "
                              f"fmjd Annex 9 §1.2.2.1)")


def _least_minutes(kind: str) -> int:
    return RED_NORM_MINUTES if kind == RED else BLACK_NORM_MINUTES


def _check_score(result: NormResult, opponents: list[Player], title: Title,
                 ctx: _Context) -> None:
    """§4.3: Rm, the category (X-2), the points needed (X-3)."""
    rm = opponents_average(opponents, women_event=ctx.women_event,
                           unrated_by_sex=ctx.unrated_by_sex)
    result.opponents_average = round_half_up(rm)
    result.category = norm_category(rm, female=title.female)
    row = x3_row(result.category, str(title))
    if row is None:
        result.reasons.append(f"category {result.category} (Rm {result.opponents_average}): "
                              f"table X-3 has no {title} norm in it ({cite('4.3')})")
        return
    result.required = required = required_points(result.category, str(title), result.games)
    _note_extrapolated(result, title, row)
    if required is not None and result.achieved < required:
        result.reasons.append(f"{result.achieved} points in {result.games} games: "
                              f"category {result.category} needs {result.required} "
                              f"for a {title} norm ({cite('4.3')}, table X-3)")


def _note_extrapolated(result: NormResult, title: Title,
                       row: tuple[int, tuple[int, ...], bool]) -> None:
    percent, _points_row, beyond = row
    if beyond:
        result.notes.append(f"category {result.category} is beyond the {title} column "
                            f"of table X-3: its last row ({percent} %) applies")
    if result.games > 21:
        result.notes.append(f"{result.games} games: outside table X-3, {percent} % of "
                            f"{2 * result.games} points rounded up, as every printed "
                            f"cell is made ({cite('4.3')})")


def _check_titleholders(result: NormResult, opponents: list[Player], title: Title) -> None:
    met = titleholders_met(opponents, female=title.female, board=title.board)
    if not titleholder_minimum_met(title.level, met):
        result.reasons.append(titleholder_reason(title.level, met, title.female,
                                                 title.board))


def _check_group(result: NormResult, group: list[Player], title: Title, kind: str,
                 ctx: _Context) -> None:
    """§4.4.1.2-§4.4.1.4 (red), §4.4.3.2, §4.4.3.4 (black): rows (5)-(9)."""
    n = len(group)
    rated = sum(1 for p in group if p.rated)
    foreign, unknown = _foreigners(group)
    if kind == RED:
        checks = [(5, _classified(group, title), "titleholders or rated "
                   f"{RED_NORM_RATING['female' if title.female else 'open']} or more",
                   "4.4.1.2"),
                  (6, foreign, "foreign to the largest federation of the group", "4.4.1.3"),
                  (7, rated, "rated", "4.4.1.4")]
    else:
        checks = [(8, foreign, "foreign to the largest federation of the group", "4.4.3.2"),
                  (9, rated, "rated", "4.4.3.4")]
    for remark, count, what, article in checks:
        least = norm_minimum(remark, n)
        if count < least:
            result.reasons.append(f"{count} of the {n} players of the group {what}: a "
                                  f"{kind} norm needs {least} ({cite(article)}, "
                                  f"table X-3 remark ({remark}))")
    if unknown:
        result.notes.append(f"federation not given for {unknown} players of the group: "
                            "not counted as foreign")


def _classified(group: list[Player], title: Title) -> int:
    """Remark (5): an international title (MF or higher, either family) or a
    rating of 2210 (2110 for women's norms)."""
    least = RED_NORM_RATING["female" if title.female else "open"]
    return sum(1 for p in group if _international(p.title, title.board)
               or (p.rating or 0) >= least)


def _international(raw: str | None, board: int) -> bool:
    held = parse_title(raw)
    return held is not None and held.board == board and held.level != "CMF"


def _foreigners(group: list[Player]) -> tuple[int, int]:
    """Remarks (*), (**): players foreign to the federation with the most
    players in the group; and how many have no federation."""
    feds = Counter((p.federation or "").upper() for p in group)
    unknown = feds.pop("", 0)
    largest = max(feds.values(), default=0)
    return len(group) - largest - unknown, unknown


def _check_referee(result: NormResult, ctx: _Context) -> None:
    if ctx.referee_qualified is None:
        result.notes.append(f"referee not given: a red norm needs an international or "
                            f"FMJD referee ({cite('4.4.1.5')}); not checked")
    elif not ctx.referee_qualified:
        result.reasons.append(f"the referee is neither international nor FMJD: a red norm "
                              f"needs one ({cite('4.4.1.5')})")


# --- §4.5.2: a won game ignored -----------------------------------------------

def _with_dropped_game(player: Player, games: Sequence[_Game], title: Title, kind: str,
                       ctx: _Context, minutes: float | None,
                       missed: NormResult) -> NormResult:
    """The norm reached when one won game is ignored (§4.5.2), or `missed`:
    of the valid ones the largest margin over the points required, the
    earliest game on a tie.

    O(R log R) for R games and, at worst, an O(R) evaluation for each won
    game with enough points, usually one: what no ignored game can change
    is checked once (`_no_drop_can_pass`), each won game's margin is found
    from the sums of ratings and points alone (`_drop_margins`), the games
    are tried from the largest margin down, the first valid one is the
    answer and a negative margin ends the search (trying every game, each
    in O(R), took 23 s for a round robin of 200 players).
    """
    best = None
    if _no_drop_can_pass(games, title, kind, ctx, minutes):
        return missed
    for negative, index in sorted(_drop_margins(games, title, ctx)):
        if negative > 0:        # fewer points than required: so are the rest
            break
        rest = [g for i, g in enumerate(games) if i != index]
        trial = _evaluate(player, rest, title, kind, ctx, minutes)
        if trial.valid:
            best = (games[index], trial)
            break
    if best is None:
        return missed
    game, trial = best
    trial.dropped_game = game.round
    trial.notes.insert(0, f"the won game of round {game.round} against "
                          f"{game.opponent.name or game.opponent.number} ignored, at the "
                          f"request of the player or his federation ({cite('4.5.2')}); "
                          f"with all games: {'; '.join(missed.reasons)}")
    return trial


def _no_drop_can_pass(games: Sequence[_Game], title: Title, kind: str,
                      ctx: _Context, minutes: float | None) -> bool:
    """True when no game ignored can make the norm: the event's approval,
    its rounds, the rate of play, the referee, one game fewer than the
    minimum, or the titleholders met with every game (one fewer opponent
    never meets more)."""
    stub = NormResult(str(title), kind, None, None, 0, False, games=len(games) - 1)
    stub.reasons.extend(ctx.approval)
    _check_games(stub, kind, ctx)
    _check_time(stub, kind, minutes)
    if kind == RED:
        _check_referee(stub, ctx)
    _check_titleholders(stub, list({g.opponent.number: g.opponent for g in games}.values()),
                        title)
    return bool(stub.reasons)


def _drop_margins(games: Sequence[_Game], title: Title,
                  ctx: _Context) -> list[tuple[float, int]]:
    """(-margin, index) of each won game: the margin `_evaluate` gives
    without that game, from Rm without its opponent (unless he was met
    twice) and the points required for one game fewer (§4.3, X-2, X-3)."""
    met = Counter(g.opponent.number for g in games)
    ratings = {g.opponent.number: _norm_rating(g.opponent, ctx.women_event, ctx.unrated_by_sex)
               for g in games}
    total, count = sum(ratings.values()), len(ratings)
    points = sum(g.score for g in games)
    out = []
    for index, game in enumerate(games):
        if game.score < 2:
            continue
        number = game.opponent.number
        left = (total, count) if met[number] > 1 else (total - ratings[number], count - 1)
        achieved = _points(points - game.score)
        out.append((-(achieved - _required_with(left, title, len(games) - 1)), index))
    return out


def _required_with(ratings: tuple[int, int], title: Title, games: int) -> int:
    """The points `_check_score` requires for these ratings (sum, count):
    0 without opponents or without a norm in the category, as `_margin`."""
    total, count = ratings
    if not count:
        return 0
    category = norm_category(Fraction(total, count), female=title.female)
    if x3_row(category, str(title)) is None:
        return 0
    return required_points(category, str(title), games) or 0


def _margin(result: NormResult) -> float:
    return result.achieved - (result.required or 0)


# --- The event's norms --------------------------------------------------------

def norms_for_event(t: Tournament, *, women_event: bool | None = None, board: int = 100,
                    referee_qualified: bool | None = None, official: bool = False,
                    unrated_by_sex: bool = False, drop_won_game: bool = True,
                    all_titles: bool = False) -> dict[int, list[NormResult]]:
    """Every player's MF, MI and GMI norms, red and black (fmjd Annex 10
    §1.2, §2.1.1, §4.2-§4.5); the decisions are in the module docstring.

    `women_event`: an exclusively women's event (default `t.women_only`):
    women's norms only, unrated players at 2000.  In other events everyone
    is judged for the open titles and women also for the women's titles.
    `board`: 100, or 64 for the 64-board section (§12, titles "GMI 64").
    `referee_qualified`: the event was led by an international or FMJD
    referee (§4.4.1.5); None: not known.  `official`: an official FMJD
    competition (§4.2 a), so no approval criteria.  `drop_won_game`: look
    for a norm reached by ignoring a won game (§4.5.2).  `all_titles`: also
    the titles a player already holds (or lower).
    """
    if board not in (100, 64):
        raise NormError(f"board must be 100 or 64, got {board!r}")
    if t.game != "draughts":
        raise NormError(f"fmjd norms are for draughts events, got game {t.game!r}")
    women = t.women_only if women_event is None else women_event
    ctx = _context(t, women, board, referee_qualified, unrated_by_sex, official)
    return {p.number: _player_norms(t, p, ctx, drop_won_game, all_titles)
            for p in t.players}


def _context(t: Tournament, women: bool, board: int, referee_qualified: bool | None,
             unrated_by_sex: bool, official: bool) -> _Context:
    reasons, notes = event_approval(t, official=official)
    return _Context(women, board, t.rounds or t.rounds_played, referee_qualified,
                    unrated_by_sex, tuple(reasons), tuple(notes))


def _player_norms(t: Tournament, player: Player, ctx: _Context, drop: bool,
                  all_titles: bool) -> list[NormResult]:
    games = _played_games(t, player)
    minutes = minutes_for_60(player.time_control or t.time_control)
    results = []
    for title in _titles_for(player, ctx, all_titles):
        for kind in KINDS:
            result = _evaluate(player, games, title, kind, ctx, minutes)
            if not result.valid and drop:
                result = _with_dropped_game(player, games, title, kind, ctx, minutes,
                                            result)
            results.append(result)
    return results


def _titles_for(player: Player, ctx: _Context, all_titles: bool) -> list[Title]:
    """Open titles unless the event is for women only; women's titles for
    women; not those the player holds already, nor lower ones."""
    families = [True] if ctx.women_event else [False, True] if is_female(player) else [False]
    held = parse_title(player.title)
    titles = []
    for female in families:
        for level in NORM_LEVELS:
            if all_titles or not _holds(held, level, female, ctx.board):
                titles.append(Title(level, female, ctx.board))
    return titles


def _holds(held: Title | None, level: str, female: bool, board: int) -> bool:
    return (held is not None and held.female == female and held.board == board
            and LEVELS.index(held.level) >= LEVELS.index(level))


def norms_reached(norms: Mapping[int, list[NormResult]]) -> dict[int, list[NormResult]]:
    """The valid norms only, one a title: the red one if reached, else the
    black one (a red norm is the stronger, §2.2)."""
    reached = {}
    for number, results in norms.items():
        best: dict[str, NormResult] = {}
        for r in results:
            if r.valid and (r.title not in best or r.kind == RED):
                best[r.title] = r
        reached[number] = list(best.values())
    return reached
