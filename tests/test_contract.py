"""The edition contract (rules_core/contract.py): the defaults the base
classes state where a later rule is absent, and the FMJD edition's data
agreeing with the FMJD list calendar (fmjd Annex 9 §4.3, §4.4)."""

from datetime import date

import pytest

from rules_core.contract import FideRules, FmjdRules
from rules_core.editions import get_edition
from rules_core.fide.editions import FIDE_EDITIONS
from rules_core.fmjd.edition import FMJD_EDITIONS
from rules_core.fmjd.lists import CLOSING_DAY, LIST_MONTHS

# (edition, rate, rounds a day): fide-2002 3.1 "three rounds"; fide-rb-2024
# 3.1 "15 rapid, 30 blitz"; fide-2024 3.1 hours only; fide-rb-2012 none.
ROUNDS_PER_DAY = [
    ("fide-standard-2002", "standard", 3),
    ("fide-standard-2009", "standard", 3),
    ("fide-rapid-blitz-2012", "rapid", None),
    ("fide-rapid-blitz-2022", "blitz", 30),
    ("fide-rapid-blitz-2024", "rapid", 15),
    ("fide-standard-2024", "standard", None),
]


@pytest.mark.parametrize(("edition", "rate", "rounds"), ROUNDS_PER_DAY)
def test_rounds_per_day(edition, rate, rounds):
    assert get_edition(edition).rounds_per_day(rate) == rounds


# fide-rb-2024 7.2.3: two hypothetical 1800 opponents; fide-2003web 10.4:
# the Olympiad entry; fide-2024: the one-time rise of 1 March 2024.
LATER_RULES = {
    "hypothetical_opponents": ({"fide-rapid-blitz-2024", "fide-rapid-blitz-2024-12",
                                "fide-standard-2024", "fide-standard-2025"}, 0),
    "olympiad_rating": ({"fide-standard-2003web", "fide-standard-2008-fide"}, None),
    "one_time_adjustment_list": ({"fide-standard-2024", "fide-standard-2025"}, None),
}


@pytest.mark.parametrize("member", sorted(LATER_RULES))
def test_default_where_the_rule_is_absent(member):
    having, default = LATER_RULES[member]
    assert {e.id for e in FIDE_EDITIONS if getattr(e, member) != default} == having


def test_one_time_adjustment_default_keeps_the_rating():
    assert get_edition("fide-standard-2014").one_time_adjustment(1500) == 1500
    assert get_edition("fide-standard-2024").one_time_adjustment_list == date(2024, 3, 1)
    assert get_edition("fide-standard-2024").one_time_adjustment(1500) == 1700


def test_fmjd_calendar_agrees_with_the_lists():
    """§4.3: lists on 1 January, April, July, October; §4.4: closing on the
    15th of the month before each."""
    fmjd = FMJD_EDITIONS[0]
    assert fmjd.list_months == LIST_MONTHS
    assert fmjd.closing_dates == tuple((m - 1 or 12, CLOSING_DAY) for m in
                                       (4, 7, 10, 1))


def test_citations_mean_one_thing():
    """A FIDE edition cites a key of its articles; the FMJD edition a section."""
    assert get_edition("fide-standard-2009").cite("k") == "fide-2009 8.56"
    assert FMJD_EDITIONS[0].cite_section("3.2.3") == "fmjd Annex 9 §3.2.3"


def _public(classes) -> set[str]:
    return {name for cls in classes for klass in cls.__mro__ if klass is not object
            for name in vars(klass) if not name.startswith("_")}


def _declared(protocol) -> set[str]:
    return {name for klass in protocol.__mro__
            if klass.__module__ == "rules_core.contract"
            for name in vars(klass) if not name.startswith("_")}


@pytest.mark.parametrize(("editions", "protocol"), [(FIDE_EDITIONS, FideRules),
                                                    (FMJD_EDITIONS, FmjdRules)])
def test_every_member_of_an_edition_is_declared(editions, protocol):
    """mypy checks that editions have every member of the contract; this,
    that the contract names every constant and hook the editions have, so
    a new one is documented there with its article."""
    assert _public(type(e) for e in editions) == _declared(protocol)
