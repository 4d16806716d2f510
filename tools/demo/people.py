"""The registries of the demo: who plays, and how well.

`chess_registry` makes 240 chess players (207 rated, among them juniors and
titled players, 32 unrated newcomers with a debut date, and the FM of about
2370 who passes 2400), `draughts_registry` 113 draughts players (home
players, foreign titleholders, women, unrated players).  Each `Person` holds
the registry row (ratings and games when the record starts) and the hidden
truth the games are drawn from: a playing strength, its yearly growth
(juniors rise), an activity (how often he enters an open event).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date

from . import START, add_months, names

__all__ = ["Person", "chess_registry", "draughts_registry", "CHESS_STAR",
           "DRAUGHTS_STAR", "DECLARED_WOMAN"]

CHESS_PLAYERS, CHESS_NEWCOMERS = 207, 32
DRAUGHTS_HOME, DRAUGHTS_FOREIGN, DRAUGHTS_UNRATED = 58, 42, 11
CHESS_STAR = "Ashworth, Callum"
DRAUGHTS_STAR = "Mensah, Kwame"
DECLARED_WOMAN = "Baptiste, Shanice"


@dataclass(eq=False)
class Person:
    """A registry row and the hidden truth behind it."""

    game: str
    id: str
    name: str
    federation: str
    sex: str
    birth: date
    title: str = ""
    ratings: dict[str, int] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)
    reached: bool = False
    strength: float = 0.0          # standard playing strength when the record starts
    offsets: dict[str, float] = field(default_factory=dict)   # rapid, blitz
    growth: float = 0.0            # rating points a year
    activity: float = 0.2
    debut: date | None = None      # newcomers play from this day on

    def playing(self, rate_list: str, day: date) -> float:
        years = (day - START).days / 365.25
        return self.strength + self.offsets.get(rate_list, 0.0) + self.growth * years

    @property
    def woman(self) -> bool:
        return self.sex == "w"


class _Names:
    """Unique "Last, First" names drawn from the cultures of `names`."""

    def __init__(self, rng: random.Random, accents: bool, reserved: tuple[str, ...]):
        self.rng, self.accents, self.used = rng, accents, set(reserved)

    def draw(self, culture: str, sex: str) -> str:
        men, women, families = names.CULTURES[culture]
        firsts = names.split(women if sex == "w" else men)
        while True:
            family, first = self.rng.choice(names.split(families)), self.rng.choice(firsts)
            if self.accents:
                family, first = (names.ACCENTED.get(w, w) for w in (family, first))
            name = f"{family}, {first}"
            if name not in self.used:
                self.used.add(name)
                return name


class _Ids:
    """Unique ids of a number of digits within a range."""

    def __init__(self, rng: random.Random, low: int, high: int):
        self.rng, self.low, self.high, self.used = rng, low, high, set()

    def draw(self, low: int | None = None, high: int | None = None) -> str:
        while True:
            value = self.rng.randint(low or self.low, high or self.high)
            if value not in self.used:
                self.used.add(value)
                return str(value)


def _weighted(rng: random.Random, weights: dict[str, int]) -> str:
    keys = list(weights)
    return rng.choices(keys, [weights[k] for k in keys])[0]


def _birth(rng: random.Random, first: int, last: int) -> date:
    year = rng.randint(first, last)
    return date(year, rng.randint(1, 12), rng.randint(1, 28))


def _federation(rng, home_share: float, foreign: dict[str, str],
                cultures: dict[str, int]) -> tuple[str, str]:
    if rng.random() < home_share:
        return "NSF", _weighted(rng, cultures)
    code = rng.choice(sorted(foreign))
    return code, foreign[code]


# -- chess registry

def chess_registry(seed: int) -> list[Person]:
    rng = random.Random(f"{seed}:chess-registry")
    pool = _Names(rng, accents=True, reserved=(CHESS_STAR,))
    ids = _Ids(rng, 4400000, 4499999)
    people = [_chess_star()]
    people += [_chess_rated(rng, pool, ids) for _ in range(CHESS_PLAYERS)]
    people += [_chess_newcomer(rng, pool, ids, i) for i in range(CHESS_NEWCOMERS)]
    return people


def _chess_star() -> Person:
    """The FM of about 2370 whose results take him past 2400."""
    return Person("chess", "4401844", CHESS_STAR, "NSF", "m", date(2001, 6, 14), "FM",
                  {"standard": 2371, "rapid": 2388, "blitz": 2342},
                  {"standard": 264, "rapid": 96, "blitz": 140}, strength=2450,
                  activity=0.9)


def _chess_rated(rng, pool: _Names, ids: _Ids) -> Person:
    fed, culture = _federation(rng, 0.8, names.CHESS_FOREIGN, names.CHESS_CULTURES)
    sex = "w" if rng.random() < 0.22 else "m"
    junior = rng.random() < 0.2
    birth = _birth(rng, 2006, 2014) if junior else _birth(rng, 1950, 2005)
    rating = _chess_rating(rng, junior)
    pid = ids.draw() if fed == "NSF" else ids.draw(10000000, 39999999)
    person = Person("chess", pid, pool.draw(culture, sex), fed, sex, birth,
                    _chess_title(rng, rating, sex), strength=rating + rng.gauss(0, 35))
    _chess_lists(rng, person, rating, junior)
    person.growth = rng.uniform(40, 110) if junior else (-12 if birth.year < 1962 else 0)
    person.activity = rng.uniform(0.08, 0.5) * (1 if fed == "NSF" else 0.5)
    return person


def _chess_rating(rng, junior: bool) -> int:
    if junior:
        return int(min(2250, max(1400, rng.gauss(1680, 200))))
    if rng.random() < 0.12:
        return rng.randint(2250, 2550)
    return int(min(2250, max(1400, rng.gauss(1820, 230))))


def _chess_title(rng, rating: int, sex: str) -> str:
    ladder = ((2480, "GM", "GM"), (2380, "IM", "WGM"), (2290, "FM", "WIM"),
              (2200, "CM", "WFM"), (2050, "", "WFM"))
    for least, man, woman in ladder:
        if rating >= least:
            earned = rating >= 2300 or rng.random() < 0.8
            return (woman if sex == "w" else man) if earned else ""
    return ""


def _chess_lists(rng, person: Person, rating: int, junior: bool) -> None:
    person.ratings["standard"] = rating
    person.games["standard"] = rng.randint(8, 160) if junior else rng.randint(25, 900)
    for name, share, shift in (("rapid", 0.6, 0), ("blitz", 0.45, -20)):
        person.offsets[name] = rng.gauss(shift, 45)
        if rng.random() < share:
            person.ratings[name] = max(1400, int(rating + person.offsets[name]
                                                 + rng.gauss(0, 30)))
            person.games[name] = rng.randint(5, 300)
    person.reached = rating >= 2400 or (rating >= 2300 and person.birth.year < 1975
                                        and rng.random() < 0.5)


def _chess_newcomer(rng, pool: _Names, ids: _Ids, index: int) -> Person:
    """An unrated player: a first rating comes from his first events."""
    sex = "w" if rng.random() < 0.3 else "m"
    junior = index % 2 == 0
    birth = _birth(rng, 2008, 2014) if junior else _birth(rng, 1960, 2004)
    person = Person("chess", ids.draw(), pool.draw(_weighted(rng, names.CHESS_CULTURES),
                                                   sex), "NSF", sex, birth,
                    strength=rng.uniform(1520, 2050), growth=60 if junior else 0,
                    activity=0.7, offsets={"rapid": rng.gauss(0, 40),
                                           "blitz": rng.gauss(0, 50)})
    months = 2 + index * 26 // CHESS_NEWCOMERS        # from March 2024 to May 2026
    person.debut = add_months(START, months)
    return person


# -- draughts registry

def draughts_registry(seed: int) -> list[Person]:
    rng = random.Random(f"{seed}:draughts-registry")
    pool = _Names(rng, accents=False, reserved=(DRAUGHTS_STAR, DECLARED_WOMAN))
    ids = _Ids(rng, 10000, 99999)
    people = [_draughts_star(), _declared_woman()]
    people += [_draughts_home(rng, pool, ids, i) for i in range(DRAUGHTS_HOME)]
    people += [_draughts_foreign(rng, pool, ids, i) for i in range(DRAUGHTS_FOREIGN)]
    people += [_draughts_unrated(rng, pool, ids, i) for i in range(DRAUGHTS_UNRATED)]
    return people


def _draughts_star() -> Person:
    """The MI who collects GMI norms in the masters round robins."""
    return Person("draughts", "18427", DRAUGHTS_STAR, "NSF", "m", date(1999, 3, 2), "MI",
                  {"standard": 2286, "rapid-blitz": 2301},
                  {"standard": 212, "rapid-blitz": 64}, strength=2420, activity=0.9)


def _declared_woman() -> Person:
    """The woman who declares for the open World Cup classification in 2025."""
    return Person("draughts", "27315", DECLARED_WOMAN, "NSF", "w", date(1996, 11, 20),
                  "MIF", {"standard": 2141, "rapid-blitz": 2150},
                  {"standard": 160, "rapid-blitz": 40}, strength=2150, activity=0.8)


def _draughts_home(rng, pool: _Names, ids: _Ids, index: int) -> Person:
    sex = "w" if index % 4 == 0 else "m"
    junior = rng.random() < 0.15
    birth = _birth(rng, 2006, 2012) if junior else _birth(rng, 1952, 2005)
    rating = int(min(2290, max(1800, rng.gauss(2020 if sex == "m" else 1930, 120))))
    person = Person("draughts", ids.draw(), pool.draw(_weighted(
        rng, names.DRAUGHTS_CULTURES), sex), "NSF", sex, birth,
        _draughts_title(rng, rating, sex), strength=rating + rng.gauss(0, 30))
    _draughts_lists(rng, person, rating)
    person.growth = rng.uniform(30, 80) if junior else 0
    person.activity = rng.uniform(0.2, 0.6)
    return person


def _draughts_foreign(rng, pool: _Names, ids: _Ids, index: int) -> Person:
    fed = sorted(names.DRAUGHTS_FOREIGN)[index % len(names.DRAUGHTS_FOREIGN)]
    sex = "w" if index % 4 == 3 else "m"
    top = 2450 if sex == "m" else 2260
    rating = int(min(top, max(1950, rng.gauss(2290 if sex == "m" else 2120, 80))))
    person = Person("draughts", ids.draw(), pool.draw(names.DRAUGHTS_FOREIGN[fed], sex),
                    fed, sex, _birth(rng, 1965, 2004), _draughts_title(rng, rating, sex),
                    strength=rating + rng.gauss(0, 25))
    _draughts_lists(rng, person, rating)
    person.activity = rng.uniform(0.1, 0.35)
    return person


def _draughts_unrated(rng, pool: _Names, ids: _Ids, index: int) -> Person:
    sex = "w" if index % 3 == 0 else "m"
    culture = _weighted(rng, names.DRAUGHTS_CULTURES)
    person = Person("draughts", ids.draw(), pool.draw(culture, sex), "NSF", sex,
                    _birth(rng, 1990, 2012), strength=rng.uniform(1850, 2100),
                    activity=0.6, offsets={"rapid-blitz": rng.gauss(0, 30)})
    person.debut = add_months(START, 2 + index * 2)
    return person


def _draughts_title(rng, rating: int, sex: str) -> str:
    ladder = ((2330, "GMI", "GMIF"), (2240, "MI", "GMIF"), (2180, "MF", "GMIF"),
              (2120, "CMF", "MIF"), (2000, "", "MFF"))
    for least, man, woman in ladder:
        if rating >= least:
            earned = rating >= 2300 or rng.random() < 0.9
            return (woman if sex == "w" else man) if earned else ""
    return ""


def _draughts_lists(rng, person: Person, rating: int) -> None:
    person.ratings["standard"] = rating
    person.games["standard"] = rng.randint(30, 700)
    person.offsets["rapid-blitz"] = rng.gauss(0, 40)
    if rng.random() < 0.5:
        person.ratings["rapid-blitz"] = int(rating + person.offsets["rapid-blitz"])
        person.games["rapid-blitz"] = rng.randint(10, 200)
    person.reached = rating >= 2300
