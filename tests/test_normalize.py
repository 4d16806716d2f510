"""rules_core.normalize and its table rules_core.federations."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.federations import FEDERATIONS, FIDE_TO_ISO, ISO_TO_FIDE
from rules_core.model import Player, RoundResult, Tournament
from rules_core.normalize import (
    federation_name,
    is_bye_placeholder,
    normalise_federation,
    normalise_name,
    normalise_sex,
    normalise_tournament,
)

# issue 9 item 5: m a man; w, f (any case) a woman; anything else reported
SEX_CASES = [("m", "m"), ("M", "m"), ("w", "w"), ("W", "w"), ("f", "w"), ("F", "w"),
             (" w ", "w"), ("", None), (None, None)]
SEX_REPORTED = ["x", "*", "c", "male", "mw"]

# FIDE's codes (ratings.fide.com/top_federations.phtml) against ISO 3166-1
FEDERATION_CASES = [("GER", "GER"), ("ger", "GER"), ("DE", "GER"), ("de", "GER"),
                    ("NL", "NED"), ("nl", "NED"), ("GB-ENG", "ENG"), ("gb-sct", "SCO"),
                    ("GB-WLS", "WLS"), ("CH", "SUI"), ("HR", "CRO"), ("ZA", "RSA"),
                    ("IT", "ITA"), ("CM", "CMR"), ("CMR", "CMR"), ("NSF", "NSF"),
                    ("", None), (None, None)]
FEDERATION_REPORTED = ["GB", "Germany", "12", "QQ", "G-E"]
# Where FIDE's code and the ISO code differ (federations.py header)
FIDE_ISO = [("GER", "DE"), ("NED", "NL"), ("ENG", "GB-ENG"), ("SCO", "GB-SCT"),
            ("WLS", "GB-WLS"), ("SUI", "CH"), ("CRO", "HR"), ("RSA", "ZA"), ("POR", "PT"),
            ("DEN", "DK"), ("IRI", "IR"), ("KSA", "SA"), ("TPE", "TW"), ("KOS", "XK")]

# FIDE's "Surname, Given"; a name without a comma is kept as written
NAME_CASES = [("Vasquez,Rodrigo", "Vasquez, Rodrigo"),
              ("Abdusattorov, Nodirbek", "Abdusattorov, Nodirbek"),
              ("Mirzoev Azer", "Mirzoev Azer"),
              ("  Nguyen,Ha  Nhat Minh ", "Nguyen, Ha Nhat Minh"),
              ("Smith ,John", "Smith, John"), ("Smith,", "Smith"),
              ("von Zimmermann,Lara", "von Zimmermann, Lara"),
              ("Aravindh, Chithambaram VR.", "Aravindh, Chithambaram VR."), ("", "")]

PLACEHOLDERS = ["spielfrei", "Spielfrei", "BYE", "Bye", "bye", "Dummy", "free", "frei",
                "Freilos", "-- BYE --", "Pairing bye", "vrij", "exempt"]
NOT_PLACEHOLDERS = ["Byers, Tom", "Freitag, Anna", "Free, Ann", "Dummett, Joe", "", None]


@pytest.mark.parametrize("value, expected", SEX_CASES)
def test_sex(value, expected):
    assert normalise_sex(value) == (expected, None)


@pytest.mark.parametrize("value", SEX_REPORTED)
def test_sex_reported(value):
    sex, warning = normalise_sex(value)
    assert sex is None and repr(value) in warning and "taken as unknown" in warning


@pytest.mark.parametrize("value, expected", FEDERATION_CASES)
def test_federation(value, expected):
    assert normalise_federation(value) == (expected, None)


@pytest.mark.parametrize("value", FEDERATION_REPORTED)
def test_federation_reported(value):
    code, warning = normalise_federation(value)
    assert code == value and repr(value) in warning and "kept as written" in warning


@pytest.mark.parametrize("fide, iso", FIDE_ISO)
def test_fide_and_iso_differ(fide, iso):
    assert FIDE_TO_ISO[fide] == iso and ISO_TO_FIDE[iso] == fide


def test_federation_table_shape():
    assert len(FEDERATIONS) > 190
    assert all(len(code) == 3 and code.isupper() for code in FEDERATIONS)
    isos = [iso for _, iso in FEDERATIONS.values() if iso]
    assert len(isos) == len(set(isos)), "an ISO code names two federations"
    assert "GB" not in ISO_TO_FIDE           # England, Scotland, Wales: not one
    assert federation_name("GER") == "Germany" and federation_name("NSF") is None


@pytest.mark.parametrize("value, expected", NAME_CASES)
def test_name(value, expected):
    assert normalise_name(value) == expected


@pytest.mark.parametrize("name", PLACEHOLDERS)
def test_placeholder(name):
    assert is_bye_placeholder(name)


@pytest.mark.parametrize("name", NOT_PLACEHOLDERS)
def test_not_placeholder(name):
    assert not is_bye_placeholder(name)


@given(st.text())
def test_name_is_idempotent(text):
    once = normalise_name(text)
    assert normalise_name(once) == once
    assert ",," not in once.replace(" ", "") or ",," in text.replace(" ", "")


@given(st.text(max_size=12))
def test_single_values_never_raise(text):
    assert normalise_sex(text)[0] in ("m", "w", None)
    code, warning = normalise_federation(text)
    assert warning is None or code == text.strip()
    is_bye_placeholder(text)


# -- a whole tournament -----------------------------------------------------------

def tournament() -> Tournament:
    players = [Player(1, "Adams,Ann", sex="F", federation="de", line=3),
               Player(2, "Brown, Bob", sex="x", federation="Germany", line=4),
               Player(3, "BYE", line=5),
               Player(4, "Dummy", id="123", line=6)]          # a FIDE id: a person
    players[0].results = [RoundResult(1, 3, "w", "1", 1.0, 3), RoundResult(2, 2, "b", "=", 0.5, 3)]
    players[1].results = [RoundResult(1, 3, "b", "=", 0.5, 4), RoundResult(2, 1, "w", "=", 0.5, 4)]
    players[2].results = [RoundResult(1, 1, "b", "0", 0.0, 5)]
    return Tournament(players=players, federation="nl")


def test_tournament_normalised():
    t = normalise_tournament(tournament())
    assert [(p.number, p.name, p.source_name, p.sex, p.federation) for p in t.players] == \
        [(1, "Adams, Ann", "Adams,Ann", "w", "GER"),
         (2, "Brown, Bob", "Brown, Bob", None, "Germany"),
         (4, "Dummy", "Dummy", None, None)]
    assert t.federation == "NED"
    assert [(p.code, p.line) for p in t.problems] == [("normalize.sex", 4),
                                                      ("normalize.federation", 4)]


def test_tournament_placeholder_games_become_byes():
    t = normalise_tournament(tournament())
    ann, bob = t.player(1), t.player(2)
    assert [(r.round, r.opponent, r.code, r.score) for r in ann.results] == \
        [(1, None, "U", 1.0), (2, 2, "=", 0.5)]
    assert (bob.results[0].opponent, bob.results[0].code, bob.results[0].score) == \
        (None, "H", 0.5)
    assert any("'BYE', number 3 (line 5), is a bye placeholder" in n for n in t.notes)
    assert any("DE -> GER" in n and "NL -> NED" in n for n in t.notes)


def test_draughts_bye_points():
    t = tournament()
    t.game = "draughts"
    t.players[0].results[0] = RoundResult(1, 3, "w", "1", 2.0, 3)
    assert normalise_tournament(t).player(1).results[0].code == "U"


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 8), st.data())
def test_placeholders_leave_every_players_points(count, data):
    """Conservation: removing bye placeholders changes no real player's
    points, and no result names a player that is gone."""
    names = [data.draw(st.sampled_from(["Adams, Ann", "BYE", "spielfrei", "Dunn, Di"]))
             for _ in range(count)]
    players = [Player(i + 1, name, line=i + 1) for i, name in enumerate(names)]
    for round_, (a, b) in enumerate(zip(players[::2], players[1::2], strict=False), start=1):
        score = data.draw(st.sampled_from([0.0, 0.5, 1.0]))
        a.results.append(RoundResult(round_, b.number, "w", "1", score))
        b.results.append(RoundResult(round_, a.number, "b", "0", 1.0 - score))
    kept = {p.number: p.score for p in players if not is_bye_placeholder(p.name)}
    t = normalise_tournament(Tournament(players=players))
    assert {p.number: p.score for p in t.players} == kept
    numbers = {p.number for p in t.players}
    assert all(r.opponent in numbers for p in t.players for r in p.results
               if r.opponent is not None)
