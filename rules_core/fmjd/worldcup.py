"""FMJD World Cup points, classification and global reserve list.

fmjd Annex 18 (2024 text): World Cup points of each event (§ Getting World
Cup points), the open and women's classifications as of any date
(§ Classification, § Criteria, § The winners), women in mixed events
(conditions 4b), the closing ceremony (Code of behaviour 9b); fmjd Annex 17
Appendix C: the global reserve list.  The bonus table and the star factors
are settings of a season (docs/interpretations.md#i5); the tables are in
`worldcup_tables`, the event conditions in `worldcup_conditions`.

Decisions where the annexes are silent or ambiguous (each is tested):

1. TP "not more than 2 per each game": points above 2 a game are an error
   (the event is in another counting and must be converted), not capped.
2. An event's results list every player, places 1 to n without a gap or a
   shared place (conditions 1 give every World Cup event tie-breaks), so that
   the players a classification leaves out can be counted.
3. Bonus places are counted within the classification: for the open one the
   women of a mixed event are left out unless they declared for the open
   classification (conditions 4b ii); for the women's one women are "ranked
   among women", leaving out the declared ones.  The place in the
   classification is also the place of criteria 2-4.
4. Absence from the closing ceremony (Code of behaviour 9b) makes that
   result worth 0 and gives it no place and no wins for criteria 2-4 and 6;
   the player keeps his place in the event, so nobody moves up into his
   bonus place.
5. The 24 months: an event counts as of D when its last round falls after
   the same day 24 months earlier and on or before D; on December 31 that is
   exactly the two calendar years.  An event that ends after D does not count.
6. Criteria 2-4 and 6 are counted over the 4 results that make up the score.
   Where results of equal points compete for the last counted slot, the one
   kept is the better for criteria 2, 3, 4 and 6 (a 1st place, 2nd, 3rd,
   more wins), then the more recent.
7. Criterion 5, "better result in last tournament": each player's own most
   recent event in the window (counted or not), compared by its World Cup
   points; of two events ending the same day, the better one.
8. Players equal on all six criteria share the rank (1, 2, 2, 4) and are
   listed by player id.  `decided_by` names the criterion that puts a player
   below the one listed just above.
9. A woman's declaration for the open classification holds for the calendar
   year it names (of the events' last rounds) when made strictly before the
   first round of her first World Cup event of that year, and not after
   that year.  Each result belongs to one classification, fixed when the
   event is played; a woman whose declaration is in force on D (made on or
   before D, for D's year) is not listed in the women's classification of D
   at all ("it excludes her from women's classification").
10. A women-only event (conditions 4a) counts for the women's classification
    only; a declared woman's result there counts for neither.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from fractions import Fraction

from .worldcup_conditions import PrizeFund, months_before, stars_for_prize_fund
from .worldcup_tables import (
    COUNTED_RESULTS,
    DEFAULT_BONUS,
    DEFAULT_FACTORS,
    POINTS_PER_GAME,
    RESERVE_MINIMUM_GAMES,
    WINDOW_MONTHS,
)

__all__ = ["WorldCupError", "WorldCupSettings", "EventResult",
           "WorldCupEvent", "OpenDeclaration", "Season", "EventScore",
           "Standing", "Winners", "RatedPlayer", "ReserveEntry",
           "world_cup_points", "event_stars", "window_start",
           "valid_declarations", "declaration_reasons", "event_points",
           "classification", "classifications", "winners", "renumbered_rating_list",
           "reserve_list", "CRITERIA"]

Number = int | Fraction

# fmjd Annex 18 § Criteria 1-6, in order.
CRITERIA = ("sum of world cup points", "number of 1st places",
            "number of 2nd places", "number of 3rd places",
            "better result in last tournament", "number of winning games")

_WORLD_CUP, _RATING = "world-cup", "rating"


class WorldCupError(ValueError):
    """Settings, events or declarations that cannot be used; `reasons`
    holds every problem found, the message one line each."""

    def __init__(self, reasons: Sequence[str]) -> None:
        self.reasons = list(reasons)
        super().__init__("\n".join(self.reasons))


def _exact(value: object, what: str, problems: list[str]) -> Number | None:
    """A number as an exact int or Fraction, or a problem appended."""
    if isinstance(value, bool) or not isinstance(
            value, (int, Fraction, float, Decimal)):
        problems.append(f"{what}: expected a number, got {value!r}")
        return None
    try:
        return _plain(Fraction(repr(value)) if isinstance(value, float) else value)
    except (ValueError, ArithmeticError):
        problems.append(f"{what}: expected a finite number, got {value!r}")
        return None


def _plain(value: Fraction | int | Decimal) -> Number:
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else value


def _number(value: object) -> Number:
    problems: list[str] = []
    result = _exact(value, "value", problems)
    if result is None:      # `_exact` said why
        raise WorldCupError(problems)
    return result


@dataclass(frozen=True)
class WorldCupSettings:
    """The settings of a World Cup season (docs/interpretations.md#i5).

    `bonus[i]` is the bonus for place i + 1 (fmjd Annex 18 § Getting World
    Cup points: "bonus points for best 10 players"); `factors` maps stars to
    the competition factor (1★ 1, 3★ 3, 5★ 5, 7★ 10 by default; 9★ is not
    stated and must be set); `counted_results` and `window_months` are the
    "best 4 results from the previous 24 months" of § Classification.
    """

    bonus: tuple[int, ...] = DEFAULT_BONUS
    factors: Mapping[int, int | Fraction] = field(
        default_factory=lambda: dict(DEFAULT_FACTORS))
    counted_results: int = COUNTED_RESULTS
    window_months: int = WINDOW_MONTHS

    def __post_init__(self) -> None:
        problems: list[str] = []
        for place, value in enumerate(self.bonus, 1):
            b = _exact(value, f"bonus for place {place}", problems)
            if b is not None and b < 0:
                problems.append(f"bonus for place {place}: negative, got {value!r}")
        for stars, factor in self.factors.items():
            if isinstance(stars, bool) or not isinstance(stars, int) or stars < 1:
                problems.append(f"factor: stars must be a positive whole "
                                f"number, got {stars!r}")
            f = _exact(factor, f"factor for {stars} stars", problems)
            if f is not None and f < 0:
                problems.append(f"factor for {stars} stars: negative, got {factor!r}")
        for name, count in (("counted results", self.counted_results),
                            ("window months", self.window_months)):
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                problems.append(f"{name}: expected a "
                                f"positive whole number, got {count!r}")
        if problems:
            raise WorldCupError(problems)

    def factor(self, stars: int) -> Number:
        """The competition factor of a `stars`-star event (fmjd Annex 18
        § Getting World Cup points); an error when the season sets none."""
        if stars not in self.factors:
            stated = ", ".join(f"{s}★ {self.factors[s]}" for s in sorted(self.factors))
            raise WorldCupError([
                f"no factor for {stars}-star events in the season's settings "
                f"(set: {stated or 'none'}); fmjd Annex 18 states factors for "
                f"1, 3, 5 and 7 stars only: set the {stars}-star factor"])
        return _number(self.factors[stars])

    def bonus_for(self, place: int) -> Number:
        """The bonus of a place in the classification, 0 past the table."""
        return _number(self.bonus[place - 1]) if 1 <= place <= len(self.bonus) else 0


@dataclass(frozen=True)
class EventResult:
    """One player's result in a World Cup event.

    `points` are the tournament points TP (2 a win, 1 a draw); `games` the
    games they were scored over; `wins` the games won (criterion 6);
    `women` whether the player is a woman; `at_closing_ceremony` whether
    she or he attended it (Code of behaviour 9b).
    """

    player_id: str
    place: int
    points: int | Fraction | float
    games: int
    wins: int = 0
    women: bool = False
    at_closing_ceremony: bool = True


@dataclass
class WorldCupEvent:
    """A World Cup event: its stars, given or reached by its prize fund
    (fmjd Annex 18 § Stars, Appendix A), and its results.  `first_round`
    (default: the last round) dates the women's declarations; `women_only`
    marks a separate women's tournament (conditions 4a)."""

    id: str
    name: str
    last_round: date
    stars: int | None = None
    prize_fund: PrizeFund | int | Fraction | None = None
    results: list[EventResult] = field(default_factory=list)
    first_round: date | None = None
    women_only: bool = False

    @property
    def start(self) -> date:
        return self.first_round or self.last_round


@dataclass(frozen=True)
class OpenDeclaration:
    """A woman's declaration to be counted in the open classification for
    `year` (default: the year it is made), fmjd Annex 18, introduction."""

    player_id: str
    made_on: date
    year: int | None = None

    @property
    def for_year(self) -> int:
        return self.made_on.year if self.year is None else self.year


@dataclass
class Season:
    """The events and women's declarations the World Cup is computed from,
    with the season's settings.  Checked when made (`validate`)."""

    settings: WorldCupSettings = field(default_factory=WorldCupSettings)
    events: list[WorldCupEvent] = field(default_factory=list)
    declarations: list[OpenDeclaration] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """Raise `WorldCupError` with every problem of every event."""
        problems: list[str] = []
        seen: set[str] = set()
        for event in self.events:
            if event.id in seen:
                problems.append(f"event {event.id!r}: the id is used twice")
            seen.add(event.id)
            problems += _event_problems(event, self.settings)
        if problems:
            raise WorldCupError(problems)

    def event(self, event_id: str) -> WorldCupEvent:
        for event in self.events:
            if event.id == event_id:
                return event
        raise WorldCupError([f"unknown event: {event_id!r}"])


def event_stars(event: WorldCupEvent) -> int:
    """The event's stars: as given, else the level its prize fund reaches
    (fmjd Annex 18 § Stars, Appendix A)."""
    if event.stars is not None:
        return event.stars
    if event.prize_fund is None:
        raise WorldCupError([f"event {event.id!r}: neither stars nor a "
                             f"prize fund given (fmjd Annex 18 § stars)"])
    stars = stars_for_prize_fund(event.prize_fund)
    if stars is None:
        raise WorldCupError([f"event {event.id!r}: the prize fund reaches no "
                             f"star level, 3 stars need 6000 € (fmjd Annex 18 "
                             f"§ stars); give a one-star event its stars"])
    return stars


def _event_problems(event: WorldCupEvent, settings: WorldCupSettings) -> list[str]:
    where = f"event {event.id!r}"
    problems: list[str] = []
    try:
        settings.factor(event_stars(event))
    except WorldCupError as error:
        problems += [r if r.startswith("event") else f"{where}: {r}"
                     for r in error.reasons]
    if event.first_round and event.first_round > event.last_round:
        problems.append(f"{where}: first round {event.first_round} after the "
                        f"last round {event.last_round}")
    players = [r.player_id for r in event.results]
    for pid in sorted({p for p in players if players.count(p) > 1}):
        problems.append(f"{where}: player {pid!r} has two results")
    places = sorted(r.place for r in event.results)
    if places != list(range(1, len(places) + 1)):
        problems.append(f"{where}: places must be 1 to {len(places)}, each "
                        f"once, got {places}")
    for r in event.results:
        problems += [f"{where}, player {r.player_id!r}: {p}"
                     for p in _result_problems(r, event.women_only)]
    return problems


def _result_problems(r: EventResult, women_only: bool) -> list[str]:
    problems: list[str] = []
    points = _exact(r.points, "points", problems)
    if not isinstance(r.games, int) or r.games < 0:
        problems.append(f"games: expected a whole number, got {r.games!r}")
    elif not isinstance(r.wins, int) or not 0 <= r.wins <= r.games:
        problems.append(f"wins: expected 0 to {r.games}, got {r.wins!r}")
    elif points is not None:
        if not 0 <= points <= POINTS_PER_GAME * r.games:
            problems.append(f"points {r.points!r} are not 0 to "
                            f"{POINTS_PER_GAME * r.games} for {r.games} games "
                            f"(fmjd Annex 18: tp not more than 2 per game)")
        elif points < POINTS_PER_GAME * r.wins:
            problems.append(f"points {r.points!r} are fewer than 2 for each "
                            f"of {r.wins} wins")
    if women_only and not r.women:
        problems.append("not a woman in a women's tournament "
                        "(fmjd Annex 18 conditions 4a)")
    return problems


def world_cup_points(points: Number | float, place: int, factor: Number,
                     settings: WorldCupSettings | None = None) -> Number:
    """WCP = bonus + factor × TP (fmjd Annex 18 § Getting World Cup points),
    with the bonus of `place` in the classification."""
    settings = settings or WorldCupSettings()
    return _plain(settings.bonus_for(place) + _number(factor) * _number(points))


def window_start(as_of: date, months: int = WINDOW_MONTHS) -> date:
    """The day before the window of fmjd Annex 18 § Classification: events
    whose last round is after this day and on or before `as_of` count."""
    return months_before(as_of, months)


def valid_declarations(season: Season,
                       declarations: Iterable[OpenDeclaration] | None = None,
                       ) -> dict[str, dict[int, date]]:
    """player id -> {year: date made} of the declarations that hold (fmjd
    Annex 18 introduction: "clearly declared before her first tournament of
    the year"; decision 9 of the module)."""
    valid: dict[str, dict[int, date]] = {}
    for d in _declarations(season, declarations):
        if _declaration_problem(season, d) is None:
            years = valid.setdefault(d.player_id, {})
            years[d.for_year] = min(d.made_on, years.get(d.for_year, d.made_on))
    return valid


def declaration_reasons(season: Season,
                        declarations: Iterable[OpenDeclaration] | None = None,
                        ) -> list[str]:
    """Why declarations do not hold (made too late), one reason each."""
    found = (_declaration_problem(season, d)
             for d in _declarations(season, declarations))
    return [reason for reason in found if reason]


def _declarations(season: Season, declarations: Iterable[OpenDeclaration] | None,
                  ) -> list[OpenDeclaration]:
    return list(season.declarations if declarations is None else declarations)


def _declaration_problem(season: Season, d: OpenDeclaration) -> str | None:
    year = d.for_year
    who = f"declaration of {d.player_id!r} for {year}"
    if d.made_on.year > year:
        return f"{who}: made on {d.made_on}, after that year (fmjd Annex 18)"
    starts = [e.start for e in season.events if e.last_round.year == year
              and any(r.player_id == d.player_id for r in e.results)]
    if starts and d.made_on >= min(starts):
        return (f"{who}: made on {d.made_on}, not before her first tournament "
                f"of the year ({min(starts)}) (fmjd Annex 18)")
    return None


def _in_classification(event: WorldCupEvent, r: EventResult, women: bool,
                       declared: Mapping[str, Mapping[int, date]]) -> bool:
    """Decisions 3, 9 and 10: which classification a result belongs to."""
    is_declared = event.last_round.year in declared.get(r.player_id, {})
    if women:
        return r.women and not is_declared
    return not event.women_only and (not r.women or is_declared)


def _event_scores(event: WorldCupEvent, settings: WorldCupSettings,
                  women: bool, declared: Mapping[str, Mapping[int, date]],
                  ) -> list[EventScore]:
    stars = event_stars(event)
    factor = settings.factor(stars)
    members = sorted((r for r in event.results
                      if _in_classification(event, r, women, declared)),
                     key=lambda r: r.place)
    scores = []
    for place, r in enumerate(members, 1):
        points = _number(r.points)
        bonus = settings.bonus_for(place)
        wcp = _plain(bonus + factor * points) if r.at_closing_ceremony else 0
        scores.append(EventScore(
            event_id=event.id, last_round=event.last_round, stars=stars,
            player_id=r.player_id, place=r.place, classification_place=place,
            points=points, factor=factor, bonus=bonus, wcp=wcp, wins=r.wins,
            at_closing_ceremony=r.at_closing_ceremony))
    return scores


@dataclass(frozen=True)
class EventScore:
    """A player's World Cup points from one event in one classification.

    `place` is the place in the event, `classification_place` the place
    among the players of the classification (bonus and criteria 2-4);
    `wcp` is `bonus` + `factor` × `points`, or 0 when the player missed the
    closing ceremony.  `counted`: among the best results of a standing.
    """

    event_id: str
    last_round: date
    stars: int
    player_id: str
    place: int
    classification_place: int
    points: Number
    factor: Number
    bonus: Number
    wcp: Number
    wins: int
    at_closing_ceremony: bool = True
    counted: bool = False

    @property
    def criteria_place(self) -> int | None:
        """The place criteria 2-4 count; none for an absent player."""
        return self.classification_place if self.at_closing_ceremony else None

    @property
    def criteria_wins(self) -> int:
        return self.wins if self.at_closing_ceremony else 0


def event_points(season: Season, event_id: str, women: bool = False,
                 declarations: Iterable[OpenDeclaration] | None = None,
                 ) -> list[EventScore]:
    """The World Cup points of every player of one event in the open (or
    women's) classification, by place (fmjd Annex 18 § Getting World Cup
    points, conditions 4b ii, Code of behaviour 9b)."""
    declared = valid_declarations(season, declarations)
    return _event_scores(season.event(event_id), season.settings, women, declared)


@dataclass(frozen=True)
class Standing:
    """A player's row of a World Cup classification: rank, the six criteria
    of fmjd Annex 18 § Criteria, and every result of the window, newest
    first, those making up the score marked `counted`."""

    rank: int
    player_id: str
    score: Number
    firsts: int
    seconds: int
    thirds: int
    last_result: Number
    wins: int
    results: tuple[EventScore, ...]
    decided_by: int | None = None

    @property
    def criteria(self) -> tuple[Number, int, int, int, Number, int]:
        return (self.score, self.firsts, self.seconds, self.thirds,
                self.last_result, self.wins)

    @property
    def counted(self) -> tuple[EventScore, ...]:
        return tuple(r for r in self.results if r.counted)


def _selection_key(s: EventScore) -> tuple[Number, int, int, int]:
    """Decision 6: more points, then a 1st, 2nd, 3rd place, more wins, newer."""
    place = s.criteria_place
    bucket = place if place is not None and place <= 3 else 4
    return (-s.wcp, bucket, -s.criteria_wins, -s.last_round.toordinal())


def _standing(player_id: str, scores: list[EventScore],
              settings: WorldCupSettings) -> Standing:
    best = sorted(scores, key=_selection_key)[:settings.counted_results]
    chosen = {id(s) for s in best}
    results = tuple(replace(s, counted=id(s) in chosen) for s in
                    sorted(scores, key=lambda s: s.last_round, reverse=True))
    places = [s.criteria_place for s in best]
    last_day = results[0].last_round
    return Standing(
        rank=0, player_id=player_id, score=_plain(sum(s.wcp for s in best)),
        firsts=places.count(1), seconds=places.count(2), thirds=places.count(3),
        last_result=max(s.wcp for s in results if s.last_round == last_day),
        wins=sum(s.criteria_wins for s in best), results=results)


def _ranked(rows: list[Standing]) -> list[Standing]:
    """Order by criteria 1-6; share a rank only when all six are equal."""
    rows = sorted(rows, key=lambda s: s.player_id)
    rows.sort(key=lambda s: s.criteria, reverse=True)
    ranked: list[Standing] = []
    for i, row in enumerate(rows):
        if not ranked:
            ranked.append(replace(row, rank=1))
            continue
        above = ranked[-1]
        differs = [n for n, (a, b) in enumerate(zip(above.criteria, row.criteria, strict=True), 1)
                   if a != b]
        if differs:
            ranked.append(replace(row, rank=i + 1, decided_by=differs[0]))
        else:
            ranked.append(replace(row, rank=above.rank))
    return ranked


def classification(season: Season, as_of: date, women: bool = False,
                   declarations: Iterable[OpenDeclaration] | None = None,
                   ) -> list[Standing]:
    """The open (or women's) World Cup classification on `as_of`: the best
    4 results of the previous 24 months by the day of the last round (fmjd
    Annex 18 § Classification), ranked by criteria 1-6 (§ Criteria).
    `declarations` replace the season's (decisions 5-10 of the module)."""
    return classifications(season, [as_of], women, declarations)[as_of]


def classifications(season: Season, days: Iterable[date], women: bool = False,
                    declarations: Iterable[OpenDeclaration] | None = None,
                    ) -> dict[date, list[Standing]]:
    """`classification` on each of `days`: the season checked once and each
    event's points made once (they do not depend on the day; only the
    window of 24 months does)."""
    season.validate()
    declared = valid_declarations(season, declarations)
    scores = [(event, _event_scores(event, season.settings, women, declared))
              for event in season.events]
    out: dict[date, list[Standing]] = {}
    for as_of in days:
        start = window_start(as_of, season.settings.window_months)
        by_player: dict[str, list[EventScore]] = {}
        for event, of_event in scores:
            if start < event.last_round <= as_of:
                for s in of_event:
                    by_player.setdefault(s.player_id, []).append(s)
        if women:
            for pid in _declared_on(declared, as_of):
                by_player.pop(pid, None)
        out[as_of] = _ranked([_standing(pid, scores_of, season.settings)
                              for pid, scores_of in by_player.items()])
    return out


def _declared_on(declared: Mapping[str, Mapping[int, date]], as_of: date) -> list[str]:
    """Women whose declaration is in force on `as_of` (decision 9)."""
    return [pid for pid, years in declared.items()
            if as_of.year in years and years[as_of.year] <= as_of]


@dataclass(frozen=True)
class Winners:
    """The World Cup winners of a year, open and women (a tuple: a first
    place can be shared)."""

    year: int
    open: tuple[Standing, ...]
    women: tuple[Standing, ...]


def winners(season: Season, year: int,
            declarations: Iterable[OpenDeclaration] | None = None) -> Winners:
    """fmjd Annex 18 § The winners: the standing on December 31st."""
    day = date(year, 12, 31)
    firsts = [tuple(s for s in classification(season, day, women, declarations)
                    if s.rank == 1) for women in (False, True)]
    return Winners(year=year, open=firsts[0], women=firsts[1])


@dataclass(frozen=True)
class RatedPlayer:
    """A player of the FMJD rating list: `rated_games` is the number of
    rating games played in the previous 3 years."""

    player_id: str
    rating: int
    rated_games: int
    women: bool = False


@dataclass(frozen=True)
class ReserveEntry:
    """A place on the global reserve list; `source` is "world-cup" or
    "rating", `rank` the player's rank there (the rating list renumbered)."""

    position: int
    player_id: str
    source: str
    rank: int


def renumbered_rating_list(rating_list: Sequence[RatedPlayer],
                           women: bool = False) -> list[tuple[int, RatedPlayer]]:
    """fmjd Annex 17 Appendix C remark 1: the rating list (women's list for
    `women`) without the players with fewer than 50 rating games in the
    previous 3 years, renumbered 1, 2, ... by rating; equal ratings keep the
    order of the list."""
    kept = [p for p in rating_list if p.rated_games >= RESERVE_MINIMUM_GAMES
            and (p.women or not women)]
    kept.sort(key=lambda p: p.rating, reverse=True)
    return list(enumerate(kept, 1))


def reserve_list(world_cup: Sequence[Standing], rating_list: Sequence[RatedPlayer],
                 qualified: Iterable[str] = (), women: bool = False,
                 length: int | None = None) -> list[ReserveEntry]:
    """The global reserve list of fmjd Annex 17 Appendix C: in turn the
    highest ranked player not yet qualified of the World Cup classification
    and of the renumbered rating list (remark 1), without federation limit
    (remark 2); open and women's lists are separate (remark 4): pass the
    matching classification and set `women` for the women's rating list.

    Decisions: a player already on the reserve list is skipped like a
    qualified one; when one source runs out the other goes on alone; players
    sharing a World Cup rank keep the classification's order.
    """
    taken = set(qualified)
    sources = [[(s.rank, s.player_id) for s in world_cup],
               [(n, p.player_id) for n, p in renumbered_rating_list(rating_list, women)]]
    cursors = [0, 0]
    entries: list[ReserveEntry] = []
    turn = 0
    while length is None or len(entries) < length:
        turn, pick = _next_turn(sources, cursors, turn, taken)
        if pick is None:
            break
        taken.add(pick[1])
        entries.append(ReserveEntry(len(entries) + 1, pick[1],
                                    (_WORLD_CUP, _RATING)[turn], pick[0]))
        turn = 1 - turn
    return entries


def _next_turn(sources: list[list[tuple[int, str]]], cursors: list[int], turn: int,
               taken: set[str]) -> tuple[int, tuple[int, str] | None]:
    """The source whose turn it is, or the other one when it has run out,
    and its next free player (None when both have run out)."""
    for source in (turn, 1 - turn):
        pick = _next_free(sources[source], cursors, source, taken)
        if pick is not None:
            return source, pick
    return turn, None


def _next_free(source: list[tuple[int, str]], cursors: list[int], turn: int,
               taken: set[str]) -> tuple[int, str] | None:
    """The next player of one source not yet qualified nor listed."""
    while cursors[turn] < len(source):
        rank, pid = source[cursors[turn]]
        cursors[turn] += 1
        if pid not in taken:
            return rank, pid
    return None
