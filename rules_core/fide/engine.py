"""Rating one event under one FIDE edition.

One pass: decide which games count (`games.py`), rate the unrated players
first (their event ratings feed round robins), then every rated player.
The edition object supplies every number that differs between editions;
this module holds the method, article by article.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from fractions import Fraction

from ..contract import FideRules
from ..model import Player, RoundResult, Tournament
from ..numbers import round_half_up
from ..results import EventRating, GameFigure, PlayerRating
from .games import CountedGames, count_games

__all__ = ["rate_event", "counted_games", "planned_games", "p_percent", "unrated_event_rating",
           "performance_rating", "hypothetical_rating"]

# A FIDE-scale period rates a million games (bench/fide_scale.py): building
# a Fraction for every game's score and P_D, and adding Fractions game by
# game, was most of the engine's time.  The figures below are the same
# Fractions, made once (they are immutable) or summed in integers first.
_FRACTIONS: dict[tuple[float, int], Fraction] = {}


def _fraction(value: float, denominator: int = 1) -> Fraction:
    """Fraction(value, denominator), kept: scores are 0, 1/2 and 1, P_D a
    whole number of hundredths."""
    key = (value, denominator)
    exact = _FRACTIONS.get(key)
    if exact is None:
        exact = _FRACTIONS[key] = Fraction(value) / denominator
    return exact


def p_percent(score: Fraction, games: int) -> int:
    """p = W / n in hundredths, rounded half up (docs/interpretations.md#i1)."""
    exact = score if type(score) is Fraction else Fraction(score)
    n, d = exact.numerator, exact.denominator
    # round_half_up(100 W / n) = floor(100 W / n + 1/2), in integers
    return (200 * n + d * games) // (2 * d * games)


def performance_rating(edition: FideRules, average: Fraction, score: Fraction,
                       games: int) -> int | None:
    """Rp = Ra + dp (the table 10.1a, fide-2002 10.24 and Form 4); None where
    the edition prints no dp (0 or 100 % before 2009)."""
    dp = edition.dp(p_percent(score, games))
    return None if dp is None else round_half_up(average + dp)


def unrated_event_rating(edition: FideRules, rc: Fraction, score: Fraction,
                         games: int, round_robin: bool) -> Fraction | None:
    """Ru of a previously unrated player (fide-2002 10.22-10.25, fide-2009
    8.22-8.25): Rc at 50 %, + bonus per half point above, + dp (x n/(n+1) in
    a round robin) below."""
    if edition.half_point_bonus is None:
        raise ValueError(f"{edition.id} rates unrated players against two "
                         f"hypothetical opponents ({edition.cite('ru')}): use "
                         "hypothetical_rating")
    excess = score - Fraction(games, 2)
    if excess >= 0:
        return rc + edition.half_point_bonus * 2 * excess
    dp = edition.dp(p_percent(score, games))
    if dp is None:
        return None
    return rc + (Fraction(dp * games, games + 1) if round_robin else dp)


def hypothetical_rating(edition: FideRules, ratings: Sequence[int | Fraction],
                        score: Fraction) -> Fraction:
    """fide-rb-2024 7.2.3-7.2.4: Ra over the rated opponents plus two
    hypothetical 1800 opponents drawn with; Ru = Ra + dp."""
    extra = edition.hypothetical_opponents
    n = len(ratings) + extra
    ra = Fraction(sum(ratings) + extra * edition.hypothetical_rating, n)
    dp = edition.dp(p_percent(score + Fraction(extra, 2), n))
    assert dp is not None, f"{edition.id}: dp at every score ({edition.cite('tables')})"
    return ra + dp


def rate_event(tournament: Tournament, edition: FideRules,
               k_given: dict[int, int] | None = None,
               counted: CountedGames | None = None) -> EventRating:
    """Rate every player of `tournament` under `edition`.  `counted`: its
    games as `counted_games(tournament, edition)` gave them, if counted
    already (the K x n count of a period, fide-rb-2024 7.3.3), else counted
    here; `rate_event` fills its `unrated_ratings`, so one count rates once."""
    tournament, standard = _standard_ratings(tournament, edition)
    counted = count_games(tournament, edition) if counted is None else counted
    initial = _unrated_players(tournament, edition, counted)
    results = {n: r for n, r in initial.items()}
    for player in tournament.players:
        if player.rated and player.number not in counted.disregarded:
            results[player.number] = _rated_player(
                tournament, edition, counted, player, initial,
                (k_given or {}).get(player.number))
    for player in tournament.players:
        results.setdefault(player.number, PlayerRating(player.number, player.rating))
        results[player.number].notes[:0] = (standard.get(player.number, [])
                                            + counted.notes.get(player.number, []))
    ordered = [results[p.number] for p in tournament.players]
    return EventRating(edition, counted.system, counted.rateable, ordered,
                       counted.event_notes)


def counted_games(tournament: Tournament, edition: FideRules) -> CountedGames:
    """The games that count (`games.count_games`), as `rate_event` counts
    them: after a rapid or blitz event's standard ratings (fide-rb-2024
    7.2.1)."""
    return count_games(_standard_ratings(tournament, edition)[0], edition)


def planned_games(tournament: Tournament, edition: FideRules,
                  counted: CountedGames | None = None) -> dict[int, tuple[int, int | None]]:
    """Before rating: each player's rated games in the event and the K it
    gives him (capped by the event's own games), by number, as `rate_event`
    finds them.  fide-rb-2024 7.3.3 caps K x n at 700 with n the games of
    the rating period: a period's events counted first, K capped by the
    period's n can be given to `rate_event` and each event rated once.
    `counted`: the games as `counted_games` gave them (then given to
    `rate_event` too: counted once), else counted here."""
    tournament, _ = _standard_ratings(tournament, edition)
    counted = count_games(tournament, edition) if counted is None else counted
    out: dict[int, tuple[int, int | None]] = {}
    disregarded, games, rateable = counted.disregarded, counted.games, counted.rateable
    for player in tournament.players:
        n = 0 if player.number in disregarded else len(games[player.number])
        rating = player.rating              # `player.rated`: a rating other than 0
        if not rating and not rateable:
            n = 0                                   # no first rating from it
        k = _k(edition, tournament, player, rating, None, n)[0] \
            if rating and n and rateable else None
        out[player.number] = (n, k)
    return out


def _standard_ratings(t: Tournament, edition: FideRules
                      ) -> tuple[Tournament, dict[int, list[str]]]:
    """fide-rb-2024 7.2.1: a player without a rapid (blitz) rating who has a
    standard rating at the start is rated with it, as a rated player."""
    if not edition.standard_rating_counts:
        return t, {}
    notes: dict[int, list[str]] = {}
    players: list[Player] = []
    for p in t.players:
        if not p.rated and p.standard_rating:
            p = replace(p, rating=p.standard_rating)
            notes[p.number] = [f"no {'/'.join(edition.rates)} rating: rated with the "
                               f"standard rating {p.rating} ({edition.cite('standard_rating')})"]
        players.append(p)
    return (replace(t, players=players) if notes else t), notes


# -- unrated players ---------------------------------------------------------

def _unrated_players(t: Tournament, edition: FideRules,
                     counted: CountedGames) -> dict[int, PlayerRating]:
    unrated = [p for p in t.players if not p.rated
               and p.number not in counted.disregarded and counted.games[p.number]]
    if not unrated or not counted.rateable:
        return {}
    if counted.round_robin_average is not None:
        return _round_robin_unrated(t, edition, counted, unrated)
    return {p.number: _swiss_unrated(t, edition, counted, p) for p in unrated}


def _swiss_unrated(t: Tournament, edition: FideRules, counted: CountedGames,
                   player: Player) -> PlayerRating:
    """fide-2002 10.21a / fide-2009 8.21a: Rc is the plain average of the
    rated opponents (docs/interpretations.md#i8: no 350-point rule)."""
    games = counted.games[player.number]
    ratings = [_published(t, g.opponent) for g in games]
    score = _score(games)
    result = _base(edition, player, games, ratings, score)
    ru: Fraction | None
    if edition.hypothetical_opponents:
        ru = hypothetical_rating(edition, ratings, score)
    else:
        assert result.opponents_average is not None   # games were counted
        ru = unrated_event_rating(edition, result.opponents_average, score,
                                  len(games), round_robin=False)
    _set_initial(edition, result, ru)
    _olympiad(t, edition, player, result)
    return result


def _round_robin_unrated(t: Tournament, edition: FideRules, counted: CountedGames,
                         unrated: list[Player]) -> dict[int, PlayerRating]:
    """Ru of unrated players in a round robin, in two steps as the worked
    examples print them: first Ru from Rc = Ra (fide-2002 10.21b-10.25,
    fide-2009 8.21b-8.25); then Rc(new) with every opponent brought within
    the cap of the first Ru, unrated opponents at their first Ru, and Ru(new)
    from it (fide-2002 10.57 "new" columns, interpretation 8; fide-2009 8.58,
    which calls this an iteration and prints one step: docs/interpretations.md#i3 finds only its K figures wrong, so one step is what it gives)."""
    ra = counted.round_robin_average
    assert ra is not None                 # a round robin's Ra (games.py)
    scores = {p.number: _score(counted.games[p.number]) for p in unrated}
    first = {n: unrated_event_rating(edition, ra, s, len(counted.games[n]), True)
             for n, s in scores.items()}
    rcs = {n: _adjusted_average(t, edition, counted.games[n], ra, first[n], first)
           for n in first}
    new = {n: unrated_event_rating(edition, rcs[n], scores[n], len(counted.games[n]), True)
           for n in first}
    results: dict[int, PlayerRating] = {}
    for p in unrated:
        games = counted.games[p.number]
        ratings = [_opponent_rating(t, g.opponent, first) for g in games]
        r = _base(edition, p, games, ratings, scores[p.number])
        r.competition_average = rcs[p.number]
        _set_initial(edition, r, new[p.number])
        r.notes.append(f"round robin: Rc = Ra = {ra}, first Ru {_show(first[p.number])}; "
                       f"Rc with the {edition.rating_difference_cap}-point rule "
                       f"{_show(rcs[p.number])} ({edition.cite('ru')})")
        results[p.number] = r
    # Unrated players count for their opponents at the first Ru in fide-2002
    # (10.57, interpretation 8) and at Ru(new) in fide-2009 (8.58: "Ru
    # (nuovo) come se fosse un rating stabilizzato").
    counted.unrated_ratings = new if edition.per_game else first
    return results


def _score(games: Iterable[RoundResult]) -> Fraction:
    twice = 0                        # scores are halves: add them in integers
    for g in games:
        doubled = 2 * g.score
        if doubled != int(doubled):
            return sum((Fraction(g.score) for g in games), Fraction(0))
        twice += int(doubled)
    return Fraction(twice, 2)


def _adjusted_average(t: Tournament, edition: FideRules, games: list[RoundResult],
                      base: Fraction, own: Fraction | int | None,
                      provisional: dict[int, Fraction | None]) -> Fraction:
    """Rc(new) = Rc + sum of the adjustments / n: each opponent more than the
    cap away from `own` counts as own +/- cap (fide-2002 10.57 "counts as",
    interpretation 2; fide-2009 8.58 with 400)."""
    if own is None:
        return base
    cap = edition.rating_difference_cap
    if type(own) is int:        # whole ratings: the shift in integers, one Fraction
        whole = 0
        for g in games:
            r = _opponent_rating(t, g.opponent, provisional)
            whole += min(max(r, own - cap), own + cap) - r
        return base + Fraction(whole, len(games))
    shift = Fraction(0)
    for g in games:
        r = _opponent_rating(t, g.opponent, provisional)
        shift += min(max(r, own - cap), own + cap) - r
    return base + shift / len(games)


def _opponent_rating(t: Tournament, number: int | None,
                     provisional: dict[int, Fraction | None]) -> int:
    """The rating of an opponent as counted: published, else the event's Ru
    rounded half up (as the examples print it)."""
    p = _player(t, number)
    if p.rating:
        return p.rating
    ru = provisional.get(p.number)
    return round_half_up(ru) if ru is not None else 0


def _opponent_ratings(t: Tournament, counted: CountedGames,
                      games: list[RoundResult]) -> list[int]:
    """`_opponent_rating` of each game's opponent, a rated one looked up in
    `counted.players` (the same figure without a call a game)."""
    players, provisional = counted.players, counted.unrated_ratings
    out = []
    for g in games:
        rating = players[g.opponent].rating if g.opponent in players else None
        out.append(rating if rating else _opponent_rating(t, g.opponent, provisional))
    return out


def _player(t: Tournament, number: int | None) -> Player:
    """The opponent of a counted game: games.py counts only games against a
    player of the event."""
    player = t.player(number) if number is not None else None
    assert player is not None, f"a counted game against {number!r}, not in the event"
    return player


def _published(t: Tournament, number: int | None) -> int:
    """The published rating of a rated opponent (fide-2002 10.21a)."""
    rating = _player(t, number).rating
    assert rating is not None, f"player {number}: counted as rated, without a rating"
    return rating


def _set_initial(edition: FideRules, result: PlayerRating, ru: Fraction | None) -> None:
    """initial_rating is the event's own Ru (interpretation 11); new_rating
    what the list would publish from this event alone."""
    if ru is None:
        result.notes.append("no dp for this score: Ru indeterminate "
                            f"({edition.cite('tables')})")
        return
    result.initial_rating_exact = ru
    value = round_half_up(ru)
    if edition.max_initial_rating is not None and value > edition.max_initial_rating:
        result.notes.append(f"Ru {value} capped at {edition.max_initial_rating} "
                            f"({edition.cite('ru')})")
        value = edition.max_initial_rating
    result.initial_rating = value
    _publish_initial(edition, result, value)


def _publish_initial(edition: FideRules, result: PlayerRating, value: int) -> None:
    minimum = edition.first_rating_minimum_games
    if result.rated_games < minimum:
        result.notes.append(
            f"{result.rated_games} games: a first rating is published from "
            f"{minimum} ({edition.cite('first_minimum')}); results are pooled "
            f"over {edition.first_rating_window}")
        return
    if value < edition.floor:
        result.notes.append(f"Ru {value} is below {edition.floor}: not "
                            f"published ({edition.cite('floor')})")
        return
    result.new_rating = (edition.round_initial(value) if edition.max_initial_rating
                         is None else value)


def _olympiad(t: Tournament, edition: FideRules, player: Player,
              result: PlayerRating) -> None:
    """fide-2003web 10.4: at the Olympiad an unrated player with 50 % from
    half the rounds or more enters at 2200 (2050 women's Olympiad)."""
    floor = edition.olympiad_rating
    if not (t.olympiad and floor):
        return
    played = sum(1 for r in player.results if r.played)
    if 2 * played < max(t.rounds or 0, t.rounds_played) or 2 * player.score < played:
        return
    women = edition.olympiad_women_rating
    level = women if t.women_only and women is not None else floor
    if result.new_rating is None or result.new_rating < level:
        result.new_rating = level
        result.notes.append(f"Olympiad: entered at {level} ({edition.cite('olympiad')})")


# -- rated players -----------------------------------------------------------

def _base(edition: FideRules, player: Player, games: list[RoundResult],
          ratings: list[int], score: Fraction) -> PlayerRating:
    n = len(games)
    average = Fraction(sum(ratings), n) if n else None
    result = PlayerRating(player.number, player.rating, rated_games=n,
                          score=score, opponents_average=average)
    if average is not None:
        result.performance = performance_rating(edition, average, score, n)
    return result


def _k(edition: FideRules, t: Tournament, player: Player, rating: int,
       given: int | None, games: int) -> tuple[int, list[str]]:
    notes: list[str] = []
    if given is not None:
        k = given
    elif player.k is not None:
        k = player.k
    else:
        year = t.start.year if t.start else None
        birth = player.birth_year or (player.birth.year if player.birth else None)
        k, notes = edition.k_factor(rating, player.games_before,
                                    player.reached_2400, year, birth)
    k, capped = edition.cap_k(k, games)
    return k, notes + capped


def _rated_player(t: Tournament, edition: FideRules, counted: CountedGames,
                  player: Player, initial: dict[int, PlayerRating],
                  given: int | None) -> PlayerRating:
    games = counted.games[player.number]
    provisional = counted.unrated_ratings
    ratings = _opponent_ratings(t, counted, games)
    score = _score(games)
    result = _base(edition, player, games, ratings, score)
    rating = player.rating
    if not games or not counted.rateable or rating is None:
        return result
    k, notes = _k(edition, t, player, rating, given, len(games))
    result.k = k
    result.notes.extend(notes)
    if edition.per_game:
        expected = _per_game(edition, rating, games, ratings, result)
    else:
        expected = _per_tournament(t, edition, counted, rating, games, provisional, result)
    result.expected = expected
    result.change = k * (score - expected)
    result.new_rating = edition.new_rating(rating, result.change)
    _floor(edition, result)
    return result


def _per_game(edition: FideRules, rating: int, games: list[RoundResult],
              ratings: list[int], result: PlayerRating) -> Fraction:
    """fide-2009 8.51-8.55, fide-rb-2024 7.3.1-7.3.2: D per game, capped at
    400; dR = score - P_D; change = K x sum dR.  The expected score."""
    capped = _capped_games(edition, rating, ratings, result)
    hundredths = 0                   # sum P_D in hundredths, one Fraction at the end
    figures = result.games
    table = _PD.setdefault(type(edition), {})
    exact_scores = _EXACT_SCORES       # `_fraction` of a game's points, without a call a game
    for i, (g, r) in enumerate(zip(games, ratings, strict=True)):
        d = rating - r
        if capped and i in capped:
            d = max(-capped[i], min(capped[i], d))
        pd, expected = table.get(d) or _pd_entry(edition, table, d)
        hundredths += pd
        points = g.score
        exact = exact_scores.get(points)
        if exact is None:
            exact = exact_scores[points] = _fraction(points)
        opponent = g.opponent       # `_opponent` inlined: every counted game has one
        assert opponent is not None, f"round {g.round}: a counted game without opponent"
        figures.append(GameFigure(g.round, opponent, r, d, expected, exact))
    return Fraction(hundredths, 100)


# a game's points as an exact Fraction (`_fraction(points)`), by its points
_EXACT_SCORES: dict[float, Fraction] = {}


# P_D and P_D / 100 by edition class and D: `FideRules.pd` depends on D
# alone (the printed table 10.1(b)), and scanning its bands for each of a
# million games cost more than the rest of a game's figures.
_PD: dict[type, dict[int, tuple[int, Fraction]]] = {}


def _pd_entry(edition: FideRules, table: dict[int, tuple[int, Fraction]],
              difference: int) -> tuple[int, Fraction]:
    pd = edition.pd(difference)
    entry = table[difference] = (pd, _fraction(pd, 100))
    return entry


def _pd(edition: FideRules, difference: int) -> int:
    """`edition.pd(difference)`, kept by edition class and difference."""
    table = _PD.setdefault(type(edition), {})
    return (table.get(difference) or _pd_entry(edition, table, difference))[0]


def _opponent(game: RoundResult) -> int:
    """The opponent of a counted game (games.py counts only games with one)."""
    assert game.opponent is not None, f"round {game.round}: a counted game without opponent"
    return game.opponent


def _capped_games(edition: FideRules, rating: int, ratings: list[int],
                  result: PlayerRating) -> dict[int, int]:
    """The games whose difference is capped, and the cap: every game
    (fide-2009 8.54); only the one with the greatest difference over the
    cap (fide-2022 8.3.1: "only one upgrade ... for the game in which the
    rating difference is greatest"); none for a player rated 2650 and above
    (fide-2025 8.3.1)."""
    cap = edition.difference_cap(rating)
    if cap is None:
        if any(abs(rating - r) > edition.rating_difference_cap for r in ratings):
            result.notes.append(f"rated {rating}: the full rating difference "
                                f"counts, no {edition.rating_difference_cap}-point "
                                f"rule ({edition.cite('rc')})")
        return {}
    if not edition.cap_once_per_event:
        return dict.fromkeys(range(len(ratings)), cap)
    over = [(abs(rating - r), i) for i, r in enumerate(ratings)
            if abs(rating - r) > cap]
    if len(over) > 1:
        result.notes.append(f"{len(over)} games over {cap} points apart: the "
                            f"{cap}-point rule counts once, for the greatest "
                            f"difference ({edition.cite('rc')})")
    return {max(over)[1]: cap} if over else {}


def _per_tournament(t: Tournament, edition: FideRules, counted: CountedGames,
                    rating: int, games: list[RoundResult],
                    provisional: dict[int, Fraction | None],
                    result: PlayerRating) -> Fraction:
    """fide-2002 10.51-10.54: Rc (round robin: (Ra(n+1) - R) / n when
    unrated players compete), each opponent within 350 points
    (interpretation 2), D = R - Rc, We = P_D x n, dR = K (W - We).  The
    expected score We."""
    n = len({g.opponent for g in games})
    if counted.round_robin_average is not None:
        base = Fraction(counted.round_robin_average * (n + 1) - rating, n)
    else:
        assert result.opponents_average is not None   # games were counted
        base = result.opponents_average
    rc = _adjusted_average(t, edition, games, base, rating, provisional)
    result.competition_average = rc
    result.difference = rating - round_half_up(rc)
    pd = Fraction(_pd(edition, result.difference), 100)
    for g in games:
        r = _opponent_rating(t, g.opponent, provisional)
        result.games.append(GameFigure(g.round, _opponent(g), r, None, None, _fraction(g.score)))
    return pd * len(games)


def _floor(edition: FideRules, result: PlayerRating) -> None:
    """fide-2002 9.21 (1801), fide-2009 7.21 (floor), fide-rb-2024 6.2.1
    (1400): below the floor a player is delisted, shown as unrated."""
    if result.new_rating is not None and result.new_rating < edition.floor:
        result.notes.append(f"new rating {result.new_rating} is below "
                            f"{edition.floor}: delisted ({edition.cite('floor')})")
        result.new_rating = None


def _show(value: Fraction | None) -> str:
    return "-" if value is None else str(round_half_up(value))
