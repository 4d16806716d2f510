"""`check` on draughts files: standings with tie-breaks and Annex 9 figures."""

from __future__ import annotations

import pytest

from rules_core.check import CheckOptions, check_text
from rules_core.fmjd.official import write_official
from tests.shared_data import third_party

CROSSTABLES = ["clpippel_1960-Wereldkampioenschap_KNDB.csv", "clpippel_1970-open-nk-KNDB.csv",
               "clpippel_2021-coppa-cita-di-Verona-Italie-rapid.csv",
               "clpippel_2022-Ouagadougou-Open.csv", "clpippel_2023-Zomerrapid_020.csv"]
FIGURES = ("rated_games", "score", "opponents_average", "expected", "performance", "change")


def check_file(name: str) -> dict:
    path = third_party("draughts", name)
    return check_text(path.read_text(encoding="utf-8"), path.name)


@pytest.mark.parametrize("name", CROSSTABLES)
def test_crosstables_give_standings_with_tiebreaks(name):
    result = check_file(name)
    assert result["edition"] == "fmjd-2024"
    assert not [p for p in result["problems"] if p["severity"] == "error"]
    ranks = [p["rank"] for p in result["players"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    assert all(p["tiebreaks"] for p in result["players"])


@pytest.mark.parametrize("name", CROSSTABLES)
def test_rated_players_have_every_figure(name):
    for player in check_file(name)["players"]:
        if player["rating"] and player["rated_games"]:
            assert all(player[key] is not None for key in FIGURES), player


def test_ouagadougou_places_and_published_solkoff():
    """The published Place and SSolk (short truncated Solkoff, Annex 5 §5.2)."""
    path = third_party("draughts", "clpippel_2022-Ouagadougou-Open.csv")
    rows = [line.split(";") for line in path.read_text(encoding="utf-8").splitlines()[3:]]
    published = {int(r[1]): (int(r[0]), float(r[-1])) for r in rows if r and r[0].isdigit()}
    result = check_file("clpippel_2022-Ouagadougou-Open.csv")
    assert len(result["players"]) == 68
    for p in result["players"]:
        assert (p["rank"], p["tiebreaks"]["short_truncated_solkoff"]) == published[p["number"]]


def test_kndb_team_table_is_refused_precisely():
    path = third_party("draughts", "kndb_tm2ppt_ronde1.CSV")
    result = check_text(path.read_text(encoding="utf-8"), path.name)
    messages = [p["message"] for p in result["problems"] if p["severity"] == "error"]
    assert result["players"] == [] and any("team standings table" in m for m in messages)


OWN_EVENT = """
[event]
name = "Annex 9 example"
game = "draughts"
start = 2024-06-01
end = 2024-06-07
system = "swiss"
time_control = "80'+1'"
"""
OWN_OPPONENTS = [2000, 2100, 2050, 2050, 1950, 2150, 2050]
OWN_RESULTS = ["1", "1", "=", "=", "=", "1", "0"]


def own_event() -> str:
    """The worked example of fmjd Annex 9 §3.1-3.2 as a native draughts file:
    rating 2150, opponents 2050 on average, 9 points from 7 games."""
    reply = {"1": "0", "=": "=", "0": "1"}
    rounds = [f'"{n + 2} w {code}"' for n, code in enumerate(OWN_RESULTS)]
    text = OWN_EVENT + '\n[[players]]\nnumber = 1\nname = "Example"\nrating = 2150\nk = 15\n'
    text += f"results = [{', '.join(rounds)}]\n"
    for n, (rating, code) in enumerate(zip(OWN_OPPONENTS, OWN_RESULTS, strict=True)):
        cells = ['"-"'] * 7
        cells[n] = f'"1 b {reply[code]}"'
        text += (f'\n[[players]]\nnumber = {n + 2}\nname = "Opponent {n + 1}"\n'
                 f"rating = {rating}\nresults = [{', '.join(cells)}]\n")
    return text


def test_own_native_draughts_file():
    result = check_text(own_event(), "example.toml")
    me = next(p for p in result["players"] if p["number"] == 1)
    assert result["edition"] == "fmjd-2024" and result["event"]["rating_list"] == "standard"
    assert (me["rated_games"], me["score"], me["opponents_average"]) == (7, 9.0, 2050.0)
    assert me["expected"] == pytest.approx(8.92) and me["performance"] == 2155
    assert me["change"] == pytest.approx(0.63)
    assert me["rank"] == 1 and "short_truncated_solkoff" in me["tiebreaks"]


def test_own_file_through_the_official_format():
    """Written in the FMJD official format (Annex 9 §11), which has no
    ratings: standings and scores survive, rating figures need the list."""
    from rules_core.native import parse_native
    text = write_official(parse_native(own_event()))
    result = check_text(text, "example.txt")
    assert result["event"]["format"] == "fmjd-official"
    me = next(p for p in result["players"] if p["number"] == 1)
    assert (me["rank"], me["points"]) == (1, 9.0) and me["rated_games"] == 0


def test_norms_considered_for_every_player():
    """fmjd Annex 10 §4: `--norms` reports each norm considered, with its
    category, required and achieved points, kind, validity and reasons."""
    path = third_party("draughts", "clpippel_2022-Ouagadougou-Open.csv")
    result = check_text(path.read_text(encoding="utf-8"), path.name, CheckOptions(norms=True))
    norms = [n for p in result["players"] for n in p["norms"]]
    assert norms
    keys = {"title", "kind", "category", "required", "achieved", "valid", "reasons"}
    assert all(keys <= set(n) for n in norms)
    assert {n["kind"] for n in norms} == {"red", "black"}
    assert any(n["valid"] for n in norms) and any(not n["valid"] and n["reasons"] for n in norms)
    nga = next(p for p in result["players"] if p["name"] == "Nga, Landry")
    mi = next(n for n in nga["norms"] if n["title"] == "MI" and n["kind"] == "black")
    assert (mi["category"], mi["required"], mi["achieved"], mi["valid"]) == ("XI", 10, 13, True)


def test_norms_only_when_asked():
    assert all(p["norms"] == [] for p in check_file("clpippel_2022-Ouagadougou-Open.csv")["players"])
