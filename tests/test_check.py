"""`check_text`: the check contract, on real files and on our own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_core.check import CheckOptions, UnknownEdition, check_text, detect_format
from tests.shared_data import ROOT, third_party

SAMPLE = ROOT / "tests" / "data" / "2025-riverside-spring-invitational.toml"
KARL_MALA = "sharly_example_trf16_KarlMala2005.trf"
CONTRACT_KEYS = {"number", "id", "name", "rating", "k", "rated_games", "score",
                 "opponents_average", "expected", "change", "new_rating",
                 "initial_rating", "performance", "rank", "tiebreaks", "notes"}


def check_file(path: Path, **options) -> dict:
    return check_text(path.read_text(encoding="utf-8"), path.name, CheckOptions(**options))


@pytest.fixture(scope="module", params=["fide-standard-2002", "fide-rapid-blitz-2024"])
def karl_mala(request):
    return request.param, check_file(third_party("chess", KARL_MALA), rules=request.param)


def test_karl_mala_lists_every_player(karl_mala):
    edition, result = karl_mala
    assert result["edition"] == edition
    # 284 lines 001, the last 'spielfrei' (Swiss-Manager's bye placeholder,
    # rules_core.normalize): 283 players
    assert len(result["players"]) == 283
    assert "spielfrei" not in {p["name"] for p in result["players"]}
    assert all(CONTRACT_KEYS <= set(p) for p in result["players"])
    assert not [p for p in result["problems"] if p["severity"] == "error"]


def test_karl_mala_rated_players_have_their_figures(karl_mala):
    _, result = karl_mala
    rated = [p for p in result["players"] if p["rating"]]
    assert len(rated) == 146
    for p in rated:
        assert p["rated_games"] is not None and p["score"] is not None
        if p["rated_games"]:
            assert p["expected"] is not None and p["opponents_average"] is not None
        else:  # no game against a rated opponent: nothing to average
            assert p["opponents_average"] is None and p["expected"] is None


def test_karl_mala_unrated_players_who_qualify_get_a_rating(karl_mala):
    edition, result = karl_mala
    unrated = [p for p in result["players"] if not p["rating"] and p["rated_games"]]
    assert unrated
    for p in unrated:
        assert p["initial_rating"] is not None, p
    if edition == "fide-standard-2002":
        # fide-2002 6.42: three rated opponents; 6.1: at least one point
        assert all(p["rated_games"] >= 3 and p["score"] >= 1 for p in unrated)


def test_karl_mala_first_player_2002():
    """Vasquez 2558, 6/7: every opponent below 2208 counts as 2208
    (350-point rule), K 10 at 2400+."""
    result = check_file(third_party("chess", KARL_MALA), rules="fide-standard-2002")
    first = result["players"][0]
    assert (first["name"], first["rating"], first["k"], first["rated_games"]) == \
        ("Vasquez, Rodrigo", 2558, 10, 7)  # normalised: Vasquez,Rodrigo
    assert first["score"] == 6.0
    assert first["expected"] == pytest.approx(7 * 0.86)
    assert first["change"] == pytest.approx(10 * (6 - 6.02))
    assert first["new_rating"] == 2558


def test_karl_mala_rapid_blitz_warns_that_the_rate_is_standard():
    result = check_file(third_party("chess", KARL_MALA), rules="fide-rapid-blitz-2024")
    codes = [p["code"] for p in result["problems"]]
    assert "check.rate-mismatch" in codes


def test_edition_chosen_by_date_and_rate():
    result = check_file(third_party("chess", KARL_MALA))
    assert result["edition"] == "fide-standard-2003web"
    assert result["event"]["rate_of_play"] == "standard"


REAL_TRFS = ["bbp_dutch_2025_C9.input.trf", "bbp_issue_7_CR_line_endings.input.trf",
             "echecs_javafo_sample2_Gros2010.trf", "echecs_trf26_team_minimal.trf",
             KARL_MALA, "sharly_example_trf26_GrandmommysCup_TEC.trf",
             "sharly_lichess_swiss_2020_06.trf"]


def test_the_list_of_real_trfs_is_complete(shared_dir):
    assert sorted(REAL_TRFS) == sorted(p.name for p in shared_dir.glob("chess/*.trf"))


@pytest.mark.parametrize("name", REAL_TRFS)
def test_every_real_trf_is_checked_without_errors(name):
    result = check_file(third_party("chess", name))
    json.dumps(result)  # the contract is plain JSON
    assert not [p for p in result["problems"] if p["severity"] == "error"]
    assert result["players"]


def test_sample_content_round_robin():
    result = check_file(SAMPLE)
    assert result["edition"] == "fide-standard-2024"
    assert result["event"]["system"] == "round-robin"
    by_number = {p["number"]: p for p in result["players"]}
    # fide-rb-2024 7.3.1: games against the two unrated players do not count
    assert by_number[1]["rated_games"] == 5
    assert by_number[7]["initial_rating"] is not None
    assert by_number[5]["k"] == 40  # junior (born 2009) under 2300


def test_k_given_by_number_and_by_id():
    result = check_file(SAMPLE, k={"2": 10, "1700234": 40})
    by_number = {p["number"]: p for p in result["players"]}
    assert by_number[2]["k"] == 10
    assert by_number[4]["k"] == 40


def test_unknown_edition_is_a_usage_error():
    with pytest.raises(UnknownEdition, match="unknown edition: 'fide-1999'"):
        check_file(SAMPLE, rules="fide-1999")


def test_errors_leave_no_figures():
    text = "012 Broken\n001    1      A                                 2000\n" \
           "001    2      B                                 2000                             1.0    1     1 w 1\n"
    result = check_text(text, "broken.trf")
    assert result["players"] == []
    assert any(p["severity"] == "error" for p in result["problems"])


@pytest.mark.parametrize("name, text, kind", [
    ("x.toml", "", "native-toml"), ("x.json", "", "native-json"), ("x.trf", "", "trf"),
    ("x", '{"event": {}}', "native-json"), ("x", "[event]\nname='a'", "native-toml"),
    ("x", "012 Open\n", "trf")])
def test_detect_format(name, text, kind):
    assert detect_format(text, name) == kind
