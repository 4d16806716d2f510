"""Conditions for FMJD World Cup events that an event's data can show.

fmjd Annex 18 (2024 text): § Stars and Appendix A (the star level from the
prize money), Conditions 1 (tie-break order), 2 (pairing software), 3 and 5
(system by number of players), 6 (chief referee title), 10 and 11 (changing
the level), 13 and 14 (competition fee) and 19 (rules delivered to FMJD).
Every check returns a list of reasons, lower-case, each citing its article;
an empty list means the condition is met.  Conditions about conduct (hotel
prices, visas, logos, payment) are not data and are not checked.

Decisions where the annex is silent or ambiguous:

* Conditions 3 names 18 players twice ("a. 18 or more 9 or 10 rounds",
  "b. 11-18 - 7 rounds"): with exactly 18 players a Swiss of 7, 9 or 10
  rounds is accepted.
* Round robins (3c, 3d) must have their full number of rounds: n - 1 for an
  even n, n for an odd n (a bye each round), twice that for a double.
* Conditions 1 lists four tie-breaks "in this order" for the Swiss: a Swiss
  event's order must begin with those four; further criteria (lots) may
  follow.  Round robins are not held to it.
* Conditions 5 ("other systems are possible, if agreed with FMJD and
  announced 6 months in advance") for events of at least 5 stars: the date of
  that announcement stands for the agreement; 6 months are calendar months
  before the first round, the day itself allowed.  The same counting serves
  conditions 11 (3 months) and 19 (4 months).
* Conditions 13/14: the free entry of a GMI (rating 2300 or more) or GMIF
  (2165 or more) holds whatever hotel the player uses; others may pay 60 €,
  or twice that when an official hotel is defined and they do not use it.
* § Stars: a plain amount reaches a level by its total; a `PrizeFund` with
  the prizes place by place must also meet every Appendix A minimum of the
  level, open and women.  Each level is checked on its own: Appendix A's
  9-star open prize for place V (1100 €) is below the 7-star one (1300 €),
  so a fund can meet 9 stars without meeting 7.  No level below 6000 €:
  one-star events "do not exist anymore since 2021" (updates after the
  General Assembly 2019), so a one-star event must be given its stars.
"""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

from .worldcup_tables import (
    FEE_FREE_TITLES,
    MAXIMUM_FEE,
    OPEN,
    PRIZE_MINIMA,
    REFEREE_TITLES,
    STAR_LEVELS,
    STAR_PRIZE_FUNDS,
    TIEBREAK_ORDER,
    WOMEN,
)

__all__ = ["PrizeFund", "Fee", "EventConditions", "months_before",
           "stars_for_prize_fund", "prize_fund_reasons", "system_reasons",
           "tiebreak_reasons", "software_reasons", "referee_reasons",
           "fee_reasons", "level_reasons", "rules_delivery_reasons",
           "condition_reasons", "ONE_STAR_LAST_YEAR"]

Number = int | Fraction | float | Decimal

# Updates in the FMJD annexes after the General Assembly 2019, Annex 18:
# "One-star events do not exist anymore since 2021".
ONE_STAR_LAST_YEAR = 2020

_ANNEX = "fmjd Annex 18"


@dataclass(frozen=True)
class PrizeFund:
    """The prizes of an event, place by place (euro, net of local tax):
    `open` for places I, II, ... of the open prizes, `women` for the women's
    prizes (fmjd Annex 18 Appendix A)."""

    open: tuple[Number, ...] = ()
    women: tuple[Number, ...] = ()

    @property
    def total(self) -> Number:
        # Number admits a Decimal beside a float, which Python cannot add:
        # a fund is written in one kind of number (a TypeError otherwise)
        return sum(self.open) + sum(self.women)  # type: ignore[operator]


@dataclass(frozen=True)
class Fee:
    """One player's competition fee (euro).  `official_hotel` is None when
    the event defines no official hotel, else whether the player uses it."""

    player_id: str
    amount: Number
    title: str | None = None
    rating: int | None = None
    official_hotel: bool | None = None


@dataclass(frozen=True)
class EventConditions:
    """What an event's data shows about the conditions of fmjd Annex 18.
    A field left None is not known and its condition is not checked."""

    players: int
    system: str
    rounds: int | None = None
    stars: int | None = None
    first_round: date | None = None
    tiebreaks: tuple[str, ...] | None = None
    pairing_software: str | None = None
    chief_referee_title: str | None = None
    fees: tuple[Fee, ...] = ()
    prize_fund: PrizeFund | Number | None = None
    announced_stars: int | None = None
    level_raised_on: date | None = None
    other_system_announced_on: date | None = None
    rules_delivered_on: date | None = None


def months_before(day: date, months: int) -> date:
    """The same day `months` calendar months earlier, or the month's last
    day when it has fewer days (2024-02-29 minus 24 months: 2022-02-28)."""
    index = day.year * 12 + day.month - 1 - months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(day.day, last))


def _euro(amount: Number) -> str:
    value = Fraction(str(amount)) if isinstance(amount, float) else Fraction(amount)
    text = str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
    return f"{text} €"


def _meets_minima(fund: PrizeFund, stars: int) -> bool:
    return not _minima_shortfalls(fund, stars)


def _minima_shortfalls(fund: PrizeFund, stars: int) -> list[str]:
    """fmjd Annex 18 Appendix A: every required prize, place by place."""
    reasons = []
    for kind, given in ((OPEN, fund.open), (WOMEN, fund.women)):
        required = PRIZE_MINIMA[stars][kind]
        for place, minimum in enumerate(required, 1):
            amount = given[place - 1] if place <= len(given) else 0
            if amount < minimum:
                reasons.append(
                    f"{kind} prize for place {place} is {_euro(amount)}, "
                    f"{stars} stars require at least {_euro(minimum)} "
                    f"({_ANNEX} appendix a)")
    return reasons


def stars_for_prize_fund(fund: PrizeFund | Number) -> int | None:
    """The star level an event's prize money reaches (fmjd Annex 18 § Stars:
    3 stars 6000 €, 5 stars 10000 €, 7 stars 20000 €, 9 stars 30000 €;
    Appendix A minima place by place when `fund` is a `PrizeFund`).
    None below 6000 €: there is no one-star level since 2021."""
    total = fund.total if isinstance(fund, PrizeFund) else fund
    reached = [stars for stars in STAR_LEVELS
               if total >= STAR_PRIZE_FUNDS[stars] and (
                   not isinstance(fund, PrizeFund) or _meets_minima(fund, stars))]
    return max(reached, default=None)


def prize_fund_reasons(stars: int, fund: PrizeFund | Number) -> list[str]:
    """Why `fund` does not pay for an event of `stars` stars (fmjd Annex 18
    § Stars and Appendix A); [] for levels without a prize table (1 star)."""
    if stars not in STAR_PRIZE_FUNDS:
        return []
    total = fund.total if isinstance(fund, PrizeFund) else fund
    reasons = []
    if total < STAR_PRIZE_FUNDS[stars]:
        reasons.append(f"prize fund {_euro(total)} is below "
                       f"{_euro(STAR_PRIZE_FUNDS[stars])} for {stars} stars "
                       f"({_ANNEX} § stars)")
    if isinstance(fund, PrizeFund):
        reasons.extend(_minima_shortfalls(fund, stars))
    return reasons


def _required_system(players: int) -> tuple[str, tuple[int, ...], str]:
    """fmjd Annex 18 conditions 3: (system, allowed rounds, sub-article)."""
    if players >= 18:
        rounds = (7, 9, 10) if players == 18 else (9, 10)
        return "swiss", rounds, "3a" if players > 18 else "3a, 3b"
    if players >= 11:
        return "swiss", (7,), "3b"
    full = players - 1 if players % 2 == 0 else players
    if players >= 7:
        return "round-robin", (full,), "3c"
    return "double-round-robin", (2 * full,), "3d"


def _rounds_text(rounds: tuple[int, ...]) -> str:
    if len(rounds) == 1:
        return f"{rounds[0]} rounds"
    return ", ".join(map(str, rounds[:-1])) + f" or {rounds[-1]} rounds"


def system_reasons(players: int, system: str, rounds: int | None = None, *,
                   stars: int | None = None, first_round: date | None = None,
                   other_system_announced_on: date | None = None) -> list[str]:
    """fmjd Annex 18 conditions 3 (system by number of players) and 5
    (other systems for events of at least 5 stars, agreed with FMJD and
    announced 6 months in advance)."""
    if other_system_announced_on is not None:
        return _other_system_reasons(stars, first_round,
                                     other_system_announced_on)
    wanted, allowed, article = _required_system(players)
    where = f"({_ANNEX} conditions {article})"
    if system != wanted:
        return [f"{players} players play a {wanted} of "
                f"{_rounds_text(allowed)}, got {system!r} {where}"]
    if rounds is not None and rounds not in allowed:
        return [f"{players} players play a {wanted} of "
                f"{_rounds_text(allowed)}, got {rounds} rounds {where}"]
    return []


def _other_system_reasons(stars: int | None, first_round: date | None,
                          announced_on: date) -> list[str]:
    reasons = []
    if stars is None or stars < 5:
        reasons.append(f"another system needs an event of at least 5 stars, "
                       f"got {stars!r} ({_ANNEX} conditions 5)")
    if first_round is not None and announced_on > months_before(first_round, 6):
        reasons.append(f"another system announced on {announced_on}, less "
                       f"than 6 months before the first round {first_round} "
                       f"({_ANNEX} conditions 5)")
    return reasons


def tiebreak_reasons(order: Sequence[str]) -> list[str]:
    """fmjd Annex 18 conditions 1: a Swiss breaks ties by a. short truncated
    Solkoff, b. Solkoff plus, c. Solkoff Baliakin, d. full truncated
    Solkoff, in this order (names of `rules_core.fmjd.criteria`)."""
    if tuple(order[:len(TIEBREAK_ORDER)]) == TIEBREAK_ORDER:
        return []
    return [f"tie-breaks must begin {', '.join(TIEBREAK_ORDER)}, got "
            f"{', '.join(map(repr, order)) or 'none'} ({_ANNEX} conditions 1)"]


def software_reasons(software: str) -> list[str]:
    """fmjd Annex 18 conditions 2 and 7: pairing and results with
    FMJD-Draughts Arbiter Pro (DAP)."""
    name = software.strip().lower()
    if name == "dap" or "draughts arbiter pro" in name:
        return []
    return [f"pairing software {software!r} is not draughts arbiter pro "
            f"({_ANNEX} conditions 2)"]


def referee_reasons(title: str | None) -> list[str]:
    """fmjd Annex 18 conditions 6: a chief referee titled FR or IR."""
    if title is not None and title.strip().upper() in REFEREE_TITLES:
        return []
    return [f"chief referee title {title!r} is neither fr (fmjd referee) nor "
            f"ir (international referee) ({_ANNEX} conditions 6)"]


def fee_reasons(fee: Fee) -> list[str]:
    """fmjd Annex 18 conditions 13 (at most 60 €; GMI rated 2300 or more and
    GMIF rated 2165 or more play free) and 14 (doubled for a player who does
    not use the official hotel, where one is defined)."""
    title = (fee.title or "").strip().upper()
    floor = FEE_FREE_TITLES.get(title)
    if floor is not None and fee.rating is not None and fee.rating >= floor:
        if fee.amount > 0:
            return [f"player {fee.player_id!r}: {title.lower()} rated "
                    f"{fee.rating} plays free, charged {_euro(fee.amount)} "
                    f"({_ANNEX} conditions 13)"]
        return []
    cap, article = MAXIMUM_FEE, "13"
    if fee.official_hotel is False:
        cap, article = 2 * MAXIMUM_FEE, "13-14"
    if fee.amount > cap:
        return [f"player {fee.player_id!r}: fee {_euro(fee.amount)} is above "
                f"{_euro(cap)} ({_ANNEX} conditions {article})"]
    return []


def level_reasons(announced: int, stars: int, *, raised_on: date | None = None,
                  first_round: date | None = None) -> list[str]:
    """fmjd Annex 18 conditions 10 (no going down in stars) and 11 (going up
    not later than 3 months before the event)."""
    if stars < announced:
        return [f"going down from {announced} to {stars} stars is impossible "
                f"({_ANNEX} conditions 10)"]
    if (stars > announced and raised_on is not None and first_round is not None
            and raised_on > months_before(first_round, 3)):
        return [f"raised from {announced} to {stars} stars on {raised_on}, "
                f"later than 3 months before the first round {first_round} "
                f"({_ANNEX} conditions 11)"]
    return []


def rules_delivery_reasons(delivered_on: date, first_round: date) -> list[str]:
    """fmjd Annex 18 conditions 19: the event's rules reach FMJD at least 4
    months before the event."""
    if delivered_on <= months_before(first_round, 4):
        return []
    return [f"rules delivered on {delivered_on}, later than 4 months before "
            f"the first round {first_round} ({_ANNEX} conditions 19)"]


def _one_star_reasons(c: EventConditions) -> list[str]:
    if c.stars == 1 and c.first_round and c.first_round.year > ONE_STAR_LAST_YEAR:
        return ["one-star events do not exist since 2021 (fmjd annexes, "
                "updates after general assembly 2019, annex 18)"]
    return []


def condition_reasons(c: EventConditions) -> list[str]:
    """Every reason an event's data gives against the World Cup conditions
    of fmjd Annex 18 (see the module docstring for what is checked)."""
    reasons = system_reasons(
        c.players, c.system, c.rounds, stars=c.stars, first_round=c.first_round,
        other_system_announced_on=c.other_system_announced_on)
    if c.tiebreaks is not None and c.system == "swiss":
        reasons += tiebreak_reasons(c.tiebreaks)
    if c.pairing_software is not None:
        reasons += software_reasons(c.pairing_software)
    if c.chief_referee_title is not None:
        reasons += referee_reasons(c.chief_referee_title)
    for fee in c.fees:
        reasons += fee_reasons(fee)
    if c.stars is not None and c.prize_fund is not None:
        reasons += prize_fund_reasons(c.stars, c.prize_fund)
    if c.stars is not None and c.announced_stars is not None:
        reasons += level_reasons(c.announced_stars, c.stars,
                                 raised_on=c.level_raised_on,
                                 first_round=c.first_round)
    if c.rules_delivered_on is not None and c.first_round is not None:
        reasons += rules_delivery_reasons(c.rules_delivered_on, c.first_round)
    return reasons + _one_star_reasons(c)
