"""Which games of an event count for rating under a FIDE edition.

Never forfeits or byes (fide-2002 5.1); not games played after a match was
decided (6.5); not games played faster than the edition's minimum (1.1);
an unrated player who scores too little or meets too few rated opponents
is disregarded with his opponents' games against him (6.1, 6.42, fide-2009
8.21); games against unrated players count only where the edition says
(round robins before 2024: fide-2002 10.21b, fide-2009 8.52).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from ..contract import FideRules
from ..model import PLAYED_CODES, Player, RoundResult, Tournament
from ..numbers import round_half_up
from ..timecontrol import minutes_for_60
from .tables import NOTIONAL_DP

__all__ = ["CountedGames", "count_games", "infer_system"]

ROUND_ROBINS = ("round-robin", "double-round-robin")


@dataclass
class CountedGames:
    """The games that count, per player, and why others do not."""

    system: str
    games: dict[int, list[RoundResult]]
    disregarded: set[int] = field(default_factory=set)
    rateable: bool = True
    round_robin_average: Fraction | None = None
    unrated_ratings: dict[int, Fraction | None] = field(default_factory=dict)
    notes: dict[int, list[str]] = field(default_factory=dict)
    event_notes: list[str] = field(default_factory=list)
    # the event's players by start number (as `Tournament.player`), for
    # looking up the opponent of each counted game without a call a game
    players: dict[int, Player] = field(default_factory=dict)

    def note(self, number: int, text: str) -> None:
        self.notes.setdefault(number, []).append(text)


def infer_system(t: Tournament) -> str:
    """The declared system, else what the pairings show."""
    if t.system:
        return t.system
    return "match" if len(t.players) == 2 else "swiss"


def count_games(t: Tournament, edition: FideRules) -> CountedGames:
    system = infer_system(t)
    counted = CountedGames(system, {p.number: [] for p in t.players},
                           players={p.number: p for p in t.players})
    played = _played_games(t, edition, counted)
    _match_rules(t, edition, counted, played)
    _scheveningen(t, edition, counted)
    _disregard_unrated(t, edition, counted, played)
    _round_robin(t, edition, counted, played)
    _keep_counted(t, counted, played)
    return counted


def _keep_counted(t: Tournament, counted: CountedGames,
                  played: dict[int, list[RoundResult]]) -> None:
    """Each player's games that count (`_counts`, applied to every game
    with the opponents looked up once: the same games)."""
    by_number = counted.players
    disregarded = counted.disregarded
    vs_unrated = counted.round_robin_average is not None
    for p in t.players:
        if p.number not in disregarded:
            counted.games[p.number] = [
                g for g in played[p.number] if g.opponent not in disregarded
                and (vs_unrated or by_number[g.opponent].rating)]    # type: ignore[index]


# -- played games, rate of play, matches --------------------------------------

def _played_games(t: Tournament, edition: FideRules,
                  counted: CountedGames) -> dict[int, list[RoundResult]]:
    """Games played over the board (fide-2002 5.1: unplayed games are not
    counted), each at a rate the edition accepts (1.1, fide-rb-2024 1.2).

    Each player's minutes for 60 moves are found once, and a game whose
    players have the same minutes, at least the event's minimum, and no
    rating gap rule to apply, is kept without `_fast_enough` and
    `_too_far_apart` (which would keep it: the same games, the same notes)."""
    by_number = counted.players
    ratings = [p.rating for p in t.players if p.rating]
    # the event's minimum depends on the event's ratings only: found once,
    # not once per game (the same figure, without a scan of every rating).
    event_minimum = None if edition.minimum_is_per_game() else edition.minimum_minutes(ratings)
    minutes = {p.number: minutes_for_60(p.time_control or t.time_control) for p in t.players}
    plain = _plain_minutes(edition, event_minimum, ratings)
    played: dict[int, list[RoundResult]] = {}
    for p in t.players:
        kept: list[RoundResult] = []
        played[p.number] = kept
        own = minutes[p.number]
        own_plain = own is not None and plain(own)      # the same for each of his games
        for r in p.results:
            number = r.opponent
            if number is None:
                continue
            opponent = by_number.get(number)
            if opponent is not None and r.code in PLAYED_CODES:     # `r.played`
                if (own_plain and own == minutes[number]) \
                        or (_fast_enough(t, edition, counted, (p, opponent), r, event_minimum)
                            and not _too_far_apart(edition, counted, (p, opponent), r)):
                    kept.append(r)
            elif r.code in "+-":
                counted.note(p.number, f"round {r.round}: forfeit, not rated "
                             f"({edition.cite('unplayed')})")
    return played


def _plain_minutes(edition: FideRules, event_minimum: int | None,
                   ratings: list[int]) -> Callable[[float], bool]:
    """Whether a game of two players with the same `minutes` is fast
    enough for `_fast_enough` with no rating gap rule (`_too_far_apart`)
    to consider: then both would keep it.  Where the minimum is the
    game's (fide-2022 1.1, fide-2024 1.1: by the higher of its two
    ratings), a game is fast enough when its minutes reach the minimum of
    the event's highest rating, which no pair's exceeds (the minimum does
    not fall as a rating rises: tests/test_fide_games.py); a game below
    it goes to `_fast_enough`, which decides by the pair.  Where the
    edition does not rate games between players far apart
    (fide-rb-2024dec, `_too_far_apart`), only an event with a player rated
    above its limit has such a game: in the others no pair is too far
    apart (most of a period's opens)."""
    if edition.unrated_gap is not None and max(ratings, default=0) > edition.unrated_gap[1]:
        return lambda minutes: False
    if edition.rates != ("standard",):
        return lambda minutes: True
    bound = edition.minimum_minutes(ratings) if event_minimum is None else event_minimum
    return lambda minutes: minutes >= bound


def _opponent_of(t: Tournament, game: RoundResult) -> Player:
    """The opponent of a game played over the board (`_played_games` keeps
    only games against a player of the event)."""
    opponent = t.player(game.opponent) if game.opponent is not None else None
    assert opponent is not None, f"round {game.round}: no opponent {game.opponent!r}"
    return opponent


def _fast_enough(t: Tournament, edition: FideRules, counted: CountedGames,
                 pair: tuple[Player, Player], r: RoundResult,
                 event_minimum: int | None) -> bool:
    """The game's rate is at least the edition's minimum: the event's
    (`event_minimum`, fide-2002 1.11-1.13) or, where the edition sets it
    per game, the pair's (fide-2022 1.1)."""
    p, opponent = pair
    own = minutes_for_60(p.time_control or t.time_control)
    other = minutes_for_60(opponent.time_control or t.time_control)
    if own is None or other is None:
        return True
    if own != other and "different_times" in edition.articles:
        counted.note(p.number, f"round {r.round}: the players had different "
                     f"times, not rated ({edition.cite('different_times')})")
        return False
    needed = event_minimum
    if needed is None:
        needed = edition.minimum_minutes([x.rating for x in (p, opponent) if x.rating])
    if edition.rates == ("standard",) and min(own, other) < needed:
        counted.note(p.number, f"round {r.round}: {min(own, other):g} minutes for "
                     f"60 moves, {needed} needed, not rated ({edition.cite('rate')})")
        return False
    return True


def _too_far_apart(edition: FideRules, counted: CountedGames,
                   pair: tuple[Player, Player], r: RoundResult) -> bool:
    """fide-rb-2024dec: a game between players 600 or more points apart is
    not rated if either player is rated above 2600."""
    p, opponent = pair
    own, theirs = p.rating, opponent.rating
    if not (own and theirs and edition.game_not_rated(own, theirs)):
        return False
    assert edition.unrated_gap is not None    # game_not_rated is False without it
    gap, above = edition.unrated_gap
    counted.note(p.number, f"round {r.round}: {own} against {theirs}, "
                 f"{abs(own - theirs)} points apart with a player above "
                 f"{above}: not rated ({edition.cite('gap')})")
    return True


def _match_rules(t: Tournament, edition: FideRules, counted: CountedGames,
                 played: dict[int, list[RoundResult]]) -> None:
    """fide-2002 6.5: games after one player has won a match over a fixed
    number of games are not rated; fide-2009 6.6 / fide-rb-2024 5.1:
    matches with an unrated player are not rated."""
    if counted.system != "match" or len(t.players) != 2:
        return
    if any(not p.rated for p in t.players) and not edition.unrated_may_play_matches:
        counted.rateable = False
        counted.event_notes.append("a match with an unrated player is not rated "
                                   f"({edition.cite('unrated_match')})")
        return
    scheduled = max(t.rounds or 0, t.rounds_played)
    decided = _decided_after(t.players, scheduled)
    if decided is None:
        return
    for p in t.players:
        late = [g for g in played[p.number] if g.round > decided]
        if late:
            played[p.number] = [g for g in played[p.number] if g.round <= decided]
            counted.note(p.number, f"{len(late)} games after the match was decided "
                         f"in round {decided}: not rated ({edition.cite('match')})")


def _decided_after(players: list[Player], scheduled: int) -> int | None:
    totals: dict[int, float] = defaultdict(float)
    for rnd in range(1, scheduled + 1):
        for p in players:
            totals[p.number] += sum(r.score for r in p.results if r.round == rnd)
        if any(2 * s > scheduled for s in totals.values()):
            return rnd
    return None


def _scheveningen(t: Tournament, edition: FideRules, counted: CountedGames) -> None:
    """fide-2002 6.4 (GA 2002): not rated with more than one unrated player;
    fide-2003web 10.67: not rated if unrated players participate."""
    limit = edition.scheveningen_max_unrated
    if counted.system != "scheveningen" or limit is None:
        return
    unrated = sum(1 for p in t.players if not p.rated)
    if unrated > limit:
        counted.rateable = False
        counted.event_notes.append(f"Scheveningen event with {unrated} unrated "
                                   f"players is not rated ({edition.cite('scheveningen')})")


# -- unrated players ------------------------------------------------------------

def _disregard_unrated(t: Tournament, edition: FideRules, counted: CountedGames,
                       played: dict[int, list[RoundResult]]) -> None:
    """fide-2002 6.1/10.20 (less than one point), 6.42 (three rated opponents
    in a Swiss or team event), fide-2009 8.21 (both, in any system),
    fide-rb-2024 7.2.2 (zero).  The score is taken against rated opponents
    (docs/interpretations.md#i7)."""
    swiss = counted.system not in ROUND_ROBINS
    needed = max(edition.unrated_min_rated_opponents_all,
                 edition.unrated_min_rated_opponents_swiss if swiss else 0)
    by_number = counted.players     # every kept game's opponent is in it (`_played_games`)
    for p in t.players:
        if p.rated or not played[p.number]:
            continue
        # `rated` read as the rating itself: every game of every unrated player
        vs_rated = [g for g in played[p.number] if by_number[g.opponent].rating]  # type: ignore[index]
        score = _total(vs_rated)
        reason = None
        if len(vs_rated) < needed:
            reason = (f"met {len(vs_rated)} rated opponents, at least {needed} "
                      f"needed ({edition.cite('unrated_opponents')})")
        elif score < edition.unrated_min_score:
            reason = (f"scored {_points(score)} against rated opponents: "
                      f"disregarded ({edition.cite('unrated_min')})")
        if reason:
            counted.disregarded.add(p.number)
            counted.note(p.number, reason)


def _total(games: list[RoundResult]) -> Fraction:
    """The exact sum of the games' points: counted in half points (chess
    scores are 1, 0.5 and 0) without a Fraction per game, and summed as
    Fractions only when a score is not a multiple of a half."""
    halves = [g.score * 2 for g in games]
    if all(h.is_integer() for h in halves):
        return Fraction(int(sum(halves)), 2)
    return sum((Fraction(g.score) for g in games), Fraction(0))


def _points(score: Fraction) -> str:
    return f"{float(score):g}"


def _counts(t: Tournament, edition: FideRules, counted: CountedGames,
            player: Player, game: RoundResult) -> bool:
    opponent = _opponent_of(t, game)
    if game.opponent in counted.disregarded:
        return False
    if opponent.rated:
        return True
    return counted.round_robin_average is not None


# -- round robins ----------------------------------------------------------------

def _round_robin(t: Tournament, edition: FideRules, counted: CountedGames,
                 played: dict[int, list[RoundResult]]) -> None:
    """A round robin keeps its formulas only when complete (fide-2002 6.43:
    otherwise reported as a Swiss), among the players not disregarded, and
    when its composition allows unrated players to be rated (6.3)."""
    if counted.system not in ROUND_ROBINS or not (
            edition.games_vs_unrated_in_round_robin or edition.round_robin_composition):
        return      # fide-rb-2024: a round robin is rated game by game like any event
    members = [p for p in t.players if p.number not in counted.disregarded]
    meetings = 2 if counted.system == "double-round-robin" else 1
    if not _complete(members, played, meetings):
        counted.event_notes.append("round robin with unplayed games: rated as a "
                                   f"Swiss ({edition.cite('round_robin_unplayed')})")
        counted.system = "swiss"
        return
    if not any(not p.rated for p in members):
        return
    if edition.round_robin_composition and not _composition(t, edition, counted, members):
        counted.rateable = False
        return
    if edition.games_vs_unrated_in_round_robin:
        counted.round_robin_average = _tournament_average(t, edition, counted, played)


def _complete(members: list[Player], played: dict[int, list[RoundResult]],
              meetings: int) -> bool:
    inside = {p.number for p in members}
    for p in members:
        met = Counter(g.opponent for g in played[p.number] if g.opponent in inside)
        if set(met) != inside - {p.number} or set(met.values()) != {meetings}:
            return False
    return True


def _composition(t: Tournament, edition: FideRules, counted: CountedGames,
                 members: list[Player]) -> bool:
    """fide-2002 6.3: a third rated; 6.31: under 10 players, 4 rated; 6.32:
    double round robin with unrated players, 6 players of whom 4 rated;
    6.33: national championships need 3 rated men (2 women)."""
    rated = sum(1 for p in members if p.rated)
    n = len(members)
    if t.national_championship:
        needed, why = (2 if t.women_only else 3), "6.33"
    elif counted.system == "double-round-robin":
        needed, why = (4 if n >= 6 else n + 1), "6.32"
    elif n < 10:
        needed, why = 4, "6.31"
    else:
        needed, why = -(-n // 3), "6.3"
    if rated >= needed:
        return True
    counted.event_notes.append(
        f"round robin of {n} players with {rated} rated: at least {needed} "
        f"rated needed, not rated ({edition.doc} {why})")
    return False


def _dp_or_notional(edition: FideRules, counted: CountedGames, player: Player,
                    score: Fraction, games: int) -> int:
    """dp of a rated player for Ra; at 0 or 100 % the 2002 table has none,
    and the notional 800 of the later tables is used, with a note."""
    percent = round_half_up(score * 100 / games)
    dp = edition.dp(percent)
    if dp is None:
        dp = NOTIONAL_DP[percent]
        counted.event_notes.append(
            f"player {player.number} scored {percent} %: dp is indeterminate "
            f"({edition.cite('tables')}); {dp} (the notional value of fide-2009 "
            "8.1a) used for dpa")
    return dp


def _tournament_average(t: Tournament, edition: FideRules, counted: CountedGames,
                        played: dict[int, list[RoundResult]]) -> Fraction:
    """fide-2002 10.21b, fide-2009 8.21b: Ra = Rar - dpa x n/(n+1), rounded
    half up as the worked examples print it (10.57: "Ra = 2348")."""
    members = [p for p in t.players if p.number not in counted.disregarded]
    rated = [p for p in members if p.rated]
    n = len(members) - 1
    rar = Fraction(sum(p.rating or 0 for p in rated), len(rated))
    dps = []
    for p in rated:
        games = [g for g in played[p.number] if g.opponent not in counted.disregarded]
        score = _total(games)
        dps.append(_dp_or_notional(edition, counted, p, score, len(games)))
    dpa = Fraction(sum(dps), len(dps))
    counted.event_notes.append(
        f"round robin: Rar {float(rar):.2f}, dpa {float(dpa):.2f}, "
        f"Ra = Rar - dpa x {n}/{n + 1} = {round_half_up(rar - dpa * n / (n + 1))} "
        f"({edition.cite('ru')})")
    return Fraction(round_half_up(rar - dpa * n / (n + 1)))
