"""sitegen.content.normal: the one reading of sex, federation, names and byes,
rules_core.normalize's, in the forms sitegen stores."""

from __future__ import annotations

import pytest

from sitegen.content import normal

# (input, sex): m/M a man, w/W/f/F a woman, anything else unknown
SEX = [("m", "m"), ("M", "m"), ("w", "w"), ("W", "w"), ("f", "w"), ("F", "w"), ("", ""),
       (None, ""), ("x", "")]
FEDERATION = [("ned", "NED"), ("NED", "NED"), ("", "")]
NAMES = [("Vasquez,Rodrigo", "Vasquez, Rodrigo"),
         ("  Abdusattorov ,  Nodirbek ", "Abdusattorov, Nodirbek"),
         ("Mirzoev Azer", "Mirzoev Azer")]
BYES = [("spielfrei", True), ("BYE", True), ("Dummy", True), ("Bye", True),
        ("Byers, Tom", False), ("Frei, Anna", False)]
MATCH = [("Vasquez,Rodrigo", "Vásquez, Rodrigo"), ("ABLE,Ann", "Able, Ann")]


@pytest.mark.parametrize("text, expected", SEX)
def test_sex(text, expected):
    assert normal.sex(text) == expected


@pytest.mark.parametrize("text, expected", FEDERATION)
def test_federation(text, expected):
    assert normal.federation(text) == expected


@pytest.mark.parametrize("text, expected", NAMES)
def test_display_name(text, expected):
    assert normal.display_name(text) == expected


@pytest.mark.parametrize("text, expected", BYES)
def test_bye_placeholders(text, expected):
    assert normal.is_bye(text) is expected


@pytest.mark.parametrize("one, other", MATCH)
def test_names_meet_without_accents_case_or_punctuation(one, other):
    assert normal.match_name(one) == normal.match_name(other)
