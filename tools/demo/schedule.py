"""The events of the demo: what, where, when, and how their field is chosen.

`chess_calendar`: a standard Swiss open most months (the June 2025 one
written as a FIDE TRF16), rapid events quarterly and blitz events three
times a year from January 2024 (the rapid and blitz regulations apply from
then), each year a national championship (round robin of 10) and an
invitational (round robin of 10, half from abroad), in 2024 and 2025 a
double round robin of 6.  `draughts_calendar`: each year a national
championship (2025 in the FMJD official format), a rapid Swiss, a masters
round robin of 12 where the draughts star is to make a red GMI norm, an
autumn Swiss; and six FMJD World Cup events from April 2024 to May 2026,
two for women only, the first written as a Draughts Arbiter Pro export.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from . import END, START, add_months, names
from .people import CHESS_STAR, DECLARED_WOMAN, DRAUGHTS_STAR

__all__ = ["Spec", "chess_calendar", "draughts_calendar", "STANDARD_DRAUGHTS"]

STANDARD_DRAUGHTS = "80'+1'"       # FMJD's usual: 80 minutes + 1 minute a move
# Nine rounds in eight days, two games on one day only (fmjd Annex 10 §4.2.6).
SWISS_DAYS = (1, 1, 1, 1, 2, 1, 1, 1)


@dataclass
class Spec:
    """An event to make: what it is, when, and how its field is chosen."""

    game: str
    name: str
    city: str
    start: date
    system: str
    rounds: int
    time_control: str
    rate: str
    per_day: tuple[int, ...]
    entry: str                       # open, national, invitational, masters, women
    size: int
    format: str = "native"           # native, trf, official, arbiter
    national_championship: bool = False
    women_only: bool = False
    target: tuple[str, str] | None = None   # (name, title): a red norm to show
    stars: int = 0                   # World Cup events
    forced: tuple[str, ...] = ()     # names who always enter
    arbiter: str = ""
    export_title: str = ""
    comment: str = ""

    @property
    def slug(self) -> str:
        return f"{self.start:%Y-%m}-" + re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")

    @property
    def rate_list(self) -> str:
        if self.game == "chess":
            return self.rate
        return "standard" if self.rate == "standard" else "rapid-blitz"


def _weekday_on_or_after(day: date, weekday: int) -> date:
    return day + timedelta(days=(weekday - day.weekday()) % 7)


def _months() -> list[date]:
    count = (END.year - START.year) * 12 + END.month - START.month + 1
    return [add_months(START, i) for i in range(count)]


SEASONS = {1: "New Year", 2: "Winter", 3: "Spring", 4: "Easter", 5: "May", 6: "Summer",
           9: "September", 10: "Autumn", 11: "November"}


def chess_calendar() -> list[Spec]:
    specs = []
    for index, month in enumerate(_months()):
        if month.month not in (7, 8, 12):
            specs.append(_chess_open(month, index))
        if month.month in (1, 4, 7, 10):
            specs.append(_chess_rapid(month, index))
        if month.month in (2, 6, 10):
            specs.append(_chess_blitz(month, index))
    for year in (2024, 2025, 2026):
        specs += _chess_round_robins(year)
    return sorted(specs, key=lambda s: (s.start, s.name))


def _chess_open(month: date, index: int) -> Spec:
    town = names.TOWNS[index % len(names.TOWNS)]
    rounds = 9 if index % 3 == 0 else 7
    per_day = (1, 2, 2, 2, 2) if rounds == 9 else (1, 2, 2, 2)
    start = _weekday_on_or_after(month.replace(day=8), 4)
    spec = Spec("chess", f"{town} {SEASONS[month.month]} Open {month.year}", town, start,
                "swiss", rounds, "90+30", "standard", per_day, "open", 40 + index * 7 % 41,
                arbiter=names.ARBITERS[index % len(names.ARBITERS)])
    spec.comment = f"A {rounds}-round Swiss open, standard play (90 minutes + 30 seconds a move)."
    if month == date(2025, 6, 1):
        spec.format = "trf"
    return spec


def _chess_rapid(month: date, index: int) -> Spec:
    town = names.TOWNS[(index + 3) % len(names.TOWNS)]
    start = _weekday_on_or_after(month.replace(day=20), 5)
    if month == date(2025, 10, 1):
        spec = Spec("chess", f"Northshire Rapid Masters {month.year}", town, start,
                    "round-robin", 9, "15+10", "rapid", (9,), "masters", 10)
    else:
        spec = Spec("chess", f"{town} Rapid {month.year}", town, start, "swiss", 7,
                    "15+10", "rapid", (7,), "open", 30 + index * 5 % 31)
    spec.arbiter = names.ARBITERS[(index + 1) % len(names.ARBITERS)]
    spec.comment = f"A rapid {spec.system} (15 minutes + 10 seconds a move), rated from 2024."
    return spec


def _chess_blitz(month: date, index: int) -> Spec:
    town = names.TOWNS[(index + 6) % len(names.TOWNS)]
    start = _weekday_on_or_after(month.replace(day=22), 6)
    spec = Spec("chess", f"{town} Blitz {month.year}", town, start, "swiss", 11, "3+2",
                "blitz", (11,), "open", 24 + index * 3 % 25,
                arbiter=names.ARBITERS[(index + 2) % len(names.ARBITERS)])
    spec.comment = "A blitz Swiss (3 minutes + 2 seconds a move), rated from 2024."
    return spec


def _chess_round_robins(year: int) -> list[Spec]:
    specs = [_chess_round_robin(f"Northshire Championship {year}", "Harbourtown",
                                _weekday_on_or_after(date(year, 5, 2), 5), "national", 10,
                                "The national championship: a round robin of the ten best.")]
    specs[0].national_championship = True
    invitational = date(2026, 7, 4) if year == 2026 else date(year, 8, 3)
    specs.append(_chess_round_robin(f"Kingsbridge Invitational {year}", "Kingsbridge",
                                    _weekday_on_or_after(invitational, 5), "invitational",
                                    10, "A round robin of ten, five of them from abroad."))
    if year < 2026:
        specs.append(_chess_round_robin(f"Northshire Masters {year}", "Eastcliff",
                                        _weekday_on_or_after(date(year, 12, 1), 5),
                                        "masters", 6, "A double round robin of six: each "
                                        "pair meets twice."))
    return specs


def _chess_round_robin(name: str, city: str, start: date, entry: str, size: int,
                       comment: str) -> Spec:
    system = "double-round-robin" if size == 6 else "round-robin"
    rounds = 2 * (size - 1) if size == 6 else size - 1
    return Spec("chess", name, city, start, system, rounds, "90+30", "standard",
                (1,) * rounds, entry, size, forced=(CHESS_STAR,), comment=comment,
                arbiter=names.ARBITERS[start.year % len(names.ARBITERS)])


def draughts_calendar() -> list[Spec]:
    specs = []
    for year in (2024, 2025, 2026):
        specs += _draughts_year(year)
    specs += _world_cup_events()
    return sorted(specs, key=lambda s: (s.start, s.name))


def _draughts_year(year: int) -> list[Spec]:
    specs = [_draughts_championship(year), _draughts_masters(year),
             Spec("draughts", f"Northshire Draughts Rapid {year}", "Saltmarsh",
                  _weekday_on_or_after(date(year, 6, 10), 5), "swiss", 7, "15+5", "rapid",
                  (4, 3), "open", 28, comment="A rapid Swiss (15 minutes + 5 seconds a "
                  "move): the rapid-blitz list.")]
    if year < 2026:
        specs.append(Spec("draughts", f"Autumn Draughts Swiss {year}", "Westerby",
                          _weekday_on_or_after(date(year, 11, 5), 5), "swiss", 9,
                          STANDARD_DRAUGHTS, "standard", SWISS_DAYS, "open", 32,
                          comment="A nine-round Swiss open."))
    for spec in specs:
        spec.arbiter = names.DRAUGHTS_REFEREES[year % 2]
    return specs


def _draughts_championship(year: int) -> Spec:
    return Spec("draughts", f"NSF Draughts Championship {year}", "Millford",
                _weekday_on_or_after(date(year, 2, 7), 5), "round-robin", 9,
                STANDARD_DRAUGHTS, "standard", (1,) * 9, "national", 10,
                national_championship=True, forced=(DRAUGHTS_STAR,),
                format="official" if year == 2025 else "native",
                comment="The national draughts championship, a round robin of ten.")


def _draughts_masters(year: int) -> Spec:
    return Spec("draughts", f"Northshire Draughts Masters {year}", "Ravensholme",
                _weekday_on_or_after(date(year, 8, 1), 5), "round-robin", 11,
                STANDARD_DRAUGHTS, "standard", (1,) * 11, "masters", 12,
                target=(DRAUGHTS_STAR, "GMI"), forced=(DRAUGHTS_STAR,),
                comment="A round robin of twelve with foreign grandmasters: title norms.")


def _world_cup_events() -> list[Spec]:
    """Six World Cup events over more than 24 months (fmjd Annex 18)."""
    day = _weekday_on_or_after
    return [
        _world_cup("Northshire World Cup 2024", "Kingsbridge", date(2024, 4, 6), 5, 40,
                   format="arbiter", export_title="FMJD WORLD CUP***** Northshire 2024"),
        _world_cup("Northshire Ladies World Cup 2024", "Thornwick", day(date(2024, 9, 14), 5),
                   3, 10, entry="women", system="round-robin", women_only=True),
        _world_cup("Harbourtown World Cup 2025", "Harbourtown", day(date(2025, 4, 5), 5),
                   3, 36),
        _world_cup("Northshire World Cup 2025", "Eastcliff", day(date(2025, 10, 4), 5),
                   7, 44),
        _world_cup("Harbourtown Ladies World Cup 2026", "Harbourtown",
                   day(date(2026, 3, 7), 5), 3, 12, entry="women", women_only=True,
                   rounds=7),
        _world_cup("Northshire World Cup 2026", "Kingsbridge", day(date(2026, 5, 2), 5),
                   5, 42),
    ]


def _world_cup(name, city, start, stars, size, entry="open", system="swiss", rounds=9,
               **more) -> Spec:
    """A World Cup event: a Swiss of 9 rounds from 18 players, of 7 from 11,
    a round robin from 7 to 10 (fmjd Annex 18, conditions 3)."""
    rounds = size - 1 if system == "round-robin" else rounds
    per_day = (1,) * rounds if rounds < 9 else SWISS_DAYS
    women = "women" if entry == "women" else "men and women"
    return Spec("draughts", name, city, start, system, rounds, STANDARD_DRAUGHTS,
                "standard", per_day, entry, size, stars=stars,
                forced=(DECLARED_WOMAN,) if entry == "open" else (),
                arbiter=names.DRAUGHTS_REFEREES[stars % 2],
                comment=f"An FMJD World Cup event ({stars} stars) for {women}.", **more)
