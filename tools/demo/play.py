"""Making the games of a demo event: entrants, seats, pairings, results.

`choose_entrants` draws the field (newcomers enter every standard open until
they are rated; round robins take the best by the list in force);
`seat_players` numbers the field by rating, with the ratings, games and
2400/2300 flags of the lists; `play_swiss` pairs round by round (score
groups, top half against bottom half, no one meets twice, colours balanced,
a pairing-allocated bye for an odd number, a requested half-point bye now
and then) and `play_round_robin` by Berger tables.  `game_result` draws a
game from the hidden strengths: the Elo expectation, with more draws between
strong, evenly matched players (more still in draughts).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta

from . import ADJUSTMENT_LIST, POINTS
from .people import Person
from .schedule import Spec

__all__ = ["Seat", "Event", "round_dates", "choose_entrants", "seat_players",
           "game_result", "play_swiss", "play_round_robin", "berger"]


@dataclass(eq=False)
class Seat:
    """A player in an event, with what the event's file says of him."""

    number: int
    person: Person
    rating: int | None
    standard_rating: int | None
    games_before: int
    reached: bool
    results: list[str] = field(default_factory=list)
    points: float = 0.0
    rank: int = 0
    ssolk: float = 0.0
    list_letter: str = "A"


@dataclass
class Event:
    spec: Spec
    seats: list[Seat]
    round_dates: list[date]


def round_dates(spec: Spec) -> list[date]:
    days = []
    for offset, count in enumerate(spec.per_day):
        days += [spec.start + timedelta(days=offset)] * count
    return days[:spec.rounds]


def choose_entrants(spec: Spec, people: list[Person], lists, rng) -> list[Person]:
    here = [p for p in people if p.debut is None or p.debut <= spec.start]
    rating = _rating_of(lists, spec)
    forced = [p for p in here if p.name in spec.forced]
    chooser = {"open": _open_field, "national": _national_field,
               "invitational": _invitational_field, "masters": _masters_field,
               "women": _women_field}[spec.entry]
    chosen = chooser(spec, [p for p in here if p not in forced], rating, rng,
                     spec.size - len(forced))
    return forced + chosen


def _rating_of(lists, spec: Spec):
    def rating(person: Person) -> int:
        own = lists.rating[(person.id, spec.rate_list)]
        return own or lists.rating[(person.id, "standard")] or 0
    return rating


def _open_field(spec, people, rating, rng, size) -> list[Person]:
    """Newcomers without a rating enter every standard open until they have
    one (chess: from March 2024, the 5 games of fide-2024); the others by
    their activity."""
    newcomers = [p for p in people if p.debut and not rating(p)]
    eager = newcomers if _first_ratings(spec) else []
    rest = [p for p in people if not (p.debut and not rating(p))]
    ranked = sorted(rest, key=lambda p: -rng.random() ** (1 / p.activity))
    return eager + ranked[:size - len(eager)]


def _first_ratings(spec: Spec) -> bool:
    return spec.rate == "standard" and (spec.game == "draughts"
                                        or spec.start >= ADJUSTMENT_LIST)


def _national_field(spec, people, rating, rng, size) -> list[Person]:
    home = [p for p in people if p.federation == "NSF" and rating(p)]
    return sorted(home, key=lambda p: -(rating(p) + rng.gauss(0, 30)))[:size]


def _invitational_field(spec, people, rating, rng, size) -> list[Person]:
    home = _national_field(spec, people, rating, rng, size // 2)
    abroad = sorted((p for p in people if p.federation != "NSF"), key=lambda p: -rating(p))
    return home + rng.sample(abroad[:10], size - len(home))


def _masters_field(spec, people, rating, rng, size) -> list[Person]:
    if spec.game == "chess":
        return sorted(people, key=lambda p: -(rating(p) + rng.gauss(0, 40)))[:size]
    foreign = sorted((p for p in people if p.federation != "NSF" and not p.woman),
                     key=lambda p: -rating(p))
    grandmasters = [p for p in foreign if p.title == "GMI" and rating(p) >= 2320]
    chosen = rng.sample(grandmasters[:8], 4)
    chosen += rng.sample([p for p in foreign[:16] if p not in chosen], 4)
    home = [p for p in people if p.federation == "NSF" and p not in chosen]
    return chosen + sorted(home, key=lambda p: -rating(p))[:size - 8]


def _women_field(spec, people, rating, rng, size) -> list[Person]:
    women = [p for p in people if p.woman and rating(p)]
    return sorted(women, key=lambda p: -(rating(p) + rng.gauss(0, 60)))[:size]


def seat_players(spec: Spec, entrants: list[Person], lists) -> list[Seat]:
    seats = []
    for person in entrants:
        key = (person.id, spec.rate_list)
        own = lists.rating[key]
        standard = None
        if spec.game == "chess" and spec.rate != "standard" and not own:
            standard = lists.rating[(person.id, "standard")]
        seats.append(Seat(0, person, own, standard, lists.games[key],
                          lists.reached[person.id] and spec.rate_list == "standard"))
    seats.sort(key=lambda s: (-(s.rating or s.standard_rating or 0), s.person.name))
    for number, seat in enumerate(seats, start=1):
        seat.number = number
        seat.list_letter = "A" if seat.games_before >= 30 else "B"
    return seats


# -- games

def game_result(rng, white: float, black: float, game: str) -> str:
    """White's result: the Elo expectation, draws more likely between strong
    and evenly matched players (more so in draughts)."""
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    level = (white + black) / 2
    if game == "chess":
        share = 0.16 + 0.3 * min(1.0, max(0.0, (level - 1400) / 1100))
    else:
        share = 0.42 + 0.25 * min(1.0, max(0.0, (level - 1800) / 600))
    draw = min(share * (1 - abs(2 * expected - 1)) * 1.4, 2 * min(expected, 1 - expected))
    roll = rng.random()
    return "1" if roll < expected - draw / 2 else "=" if roll < expected + draw / 2 else "0"


_OTHER = {"1": "0", "0": "1", "=": "="}


class Play:
    """The games of one event as they are played, round by round."""

    def __init__(self, event: Event, rng: random.Random):
        self.event, self.rng = event, rng
        self.score = {s.number: 0.0 for s in event.seats}
        self.met: dict[int, set[int]] = {s.number: set() for s in event.seats}
        self.colours: dict[int, list[str]] = {s.number: [] for s in event.seats}

    def strength(self, seat: Seat) -> float:
        spec = self.event.spec
        return seat.person.playing(spec.rate_list, spec.start)

    def game(self, white: Seat, black: Seat) -> None:
        code = game_result(self.rng, self.strength(white), self.strength(black),
                           self.event.spec.game)
        white.results.append(f"{black.number} w {code}")
        black.results.append(f"{white.number} b {_OTHER[code]}")
        self.score[white.number] += POINTS[code]
        self.score[black.number] += POINTS[_OTHER[code]]
        self.met[white.number].add(black.number)
        self.met[black.number].add(white.number)
        self.colours[white.number].append("w")
        self.colours[black.number].append("b")

    def bye(self, seat: Seat, code: str) -> None:
        seat.results.append(code)
        self.score[seat.number] += POINTS[code]


def play_round_robin(event: Event, rng: random.Random) -> None:
    play = Play(event, rng)
    seats = event.seats
    cycle = berger(len(seats))
    if event.spec.system == "double-round-robin":
        cycle += [[(b, a) for a, b in pairs] for pairs in cycle]
    for pairs in cycle:
        for white, black in pairs:
            play.game(seats[white], seats[black])


def berger(n: int) -> list[list[tuple[int, int]]]:
    """The rounds of a round robin of `n` (even) players, 0-based, white
    first: the circle method, colours alternating (Berger tables)."""
    others, rounds = list(range(n - 1)), []
    for r in range(n - 1):
        pairs = [(others[0], n - 1) if r % 2 == 0 else (n - 1, others[0])]
        for i in range(1, n // 2):
            a, b = others[i], others[-i]
            pairs.append((a, b) if i % 2 else (b, a))
        rounds.append(pairs)
        others = others[-1:] + others[:-1]
    return rounds


def play_swiss(event: Event, rng: random.Random) -> None:
    play = Play(event, rng)
    requests = _half_point_byes(event, rng)
    had_bye: set[int] = set()
    for round_ in range(1, event.spec.rounds + 1):
        present = [s for s in event.seats if requests.get(s.number) != round_]
        for seat in event.seats:
            if requests.get(seat.number) == round_:
                play.bye(seat, "H")
        order = sorted(present, key=lambda s: (-play.score[s.number], s.number))
        if len(order) % 2:
            bye = next(s for s in reversed(order) if s.number not in had_bye)
            had_bye.add(bye.number)
            play.bye(bye, "U")
            order.remove(bye)
        for a, b in _match(order, play):
            play.game(*_colours(a, b, play))


def _half_point_byes(event: Event, rng: random.Random) -> dict[int, int]:
    """Chess opens: a player or two ask for a half-point bye in one round."""
    if event.spec.game != "chess" or event.spec.rate != "standard":
        return {}
    askers = rng.sample(event.seats[len(event.seats) // 3:], rng.randint(0, 2))
    return {s.number: rng.randint(2, event.spec.rounds - 1) for s in askers}


def _match(order: list[Seat], play: Play) -> list[tuple[Seat, Seat]] | None:
    """Pairs with no one meeting twice: the first player with the player
    half a score group below him, else the nearest who fits."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for other in _candidates(first, rest, play):
        if other.number in play.met[first.number]:
            continue
        tail = _match([s for s in rest if s is not other], play)
        if tail is not None:
            return [(first, other), *tail]
    return None


def _candidates(first: Seat, rest: list[Seat], play: Play) -> list[Seat]:
    score = play.score[first.number]
    group = [s for s in rest if play.score[s.number] == score]
    half = len(group) // 2
    position = {s.number: i for i, s in enumerate(rest)}

    def key(seat: Seat):
        gap = abs(play.score[seat.number] - score)
        return (gap, abs(position[seat.number] - half) if gap == 0 else position[seat.number])
    return sorted(rest, key=key)


def _colours(a: Seat, b: Seat, play: Play) -> tuple[Seat, Seat]:
    """White to the player with fewer whites, else to who had black last."""
    balance = [play.colours[s.number].count("w") - play.colours[s.number].count("b")
               for s in (a, b)]
    if balance[0] != balance[1]:
        return (a, b) if balance[0] < balance[1] else (b, a)
    last = [(play.colours[s.number] or ["-"])[-1] for s in (a, b)]
    if last[0] != last[1]:
        return (a, b) if last[0] != "w" else (b, a)
    return (a, b) if play.rng.random() < 0.5 else (b, a)
