"""/check/norm/ for chess: rules_core.fide.norm_form gives the figures of
`sitegen check --norms` (FIDE B.01 (2024), the cases of test_fide_norms)."""

from __future__ import annotations

import json

from rules_core.check import CheckOptions, check_text
from rules_core.fide.norm_form import check_norm_form
from sitegen.browser.worker import handle
from tests.test_fide_norms import GM_FIELD, GM_SCORES, gm_round_robin_toml

_RESULT = {1: "1", "1/2": "=", 0: "0"}


def payload(results, system="round-robin"):
    return {"event": {"game": "chess", "system": system, "rounds": "9",
                      "time_control": "90+30", "federation": "NSF"},
            "player": {"name": "Candidate", "rating": "2450", "title": "IM",
                       "federation": "NSF", "sex": "m"},
            "games": [{"name": f"Opponent {i}", "rating": str(r), "title": t or "",
                       "federation": f, "sex": "m", "result": res}
                      for i, ((r, t, f), res)
                      in enumerate(zip(GM_FIELD, results, strict=True), start=1)]}


def test_same_figures_as_the_cli():
    answer = check_norm_form(payload([_RESULT[s] for s in GM_SCORES]))
    (gm,) = answer["norms"]
    cli = check_text(gm_round_robin_toml(), "rr.toml", CheckOptions(norms=True))
    (expected,) = cli["players"][0]["norms"]
    keys = ("title", "valid", "required", "achieved", "games", "opponents_average",
            "performance", "counted_games", "reasons")
    assert {k: gm[k] for k in keys} == {k: expected[k] for k in keys}
    assert (gm["valid"], gm["opponents_average"], gm["performance"]) == (True, 2417, 2637)
    assert answer["remaining"] == 0 and answer["achieved"] == 7


def test_games_left_forecast_with_the_opponents_typed():
    """Seven games played (5.5 points), two to play: Ra 2417 over nine
    games needs 7 (B.01 (2024) 1.4.8): 1.5 from the last two."""
    results = [_RESULT[s] for s in GM_SCORES[:7]] + ["", ""]
    for system in ("round-robin", "swiss"):
        (gm,) = check_norm_form(payload(results, system))["norms"]
        forecast = gm["forecast"]
        assert forecast["opponents_known"] and forecast["remaining_rounds"] == 2
        assert (forecast["required"], forecast["needed"], forecast["possible"]) == (7, 1.5, True)
        assert not gm["valid"] and "games" in [r["name"] for r in gm["requirements"]
                                               if r["met"] is False]


def test_bad_input_says_what_is_wrong():
    bad = payload([_RESULT[s] for s in GM_SCORES])
    bad["games"][2]["result"] = "x"
    assert check_norm_form(bad) == {"error": "game 3: result 'x': expected 1, =, 0 or empty"}
    bad = payload([_RESULT[s] for s in GM_SCORES])
    bad["games"][0]["rating"] = "24o0"
    assert check_norm_form(bad)["error"] == ("game 1: the opponent's rating '24o0': "
                                             "expected a whole number")
    assert check_norm_form({"event": {"game": "chess"}})["error"].startswith("no games")


def test_the_worker_answers_chess_through_the_form():
    data = payload([_RESULT[s] for s in GM_SCORES])
    assert json.loads(handle("norm", json.dumps(data))) == json.loads(
        json.dumps(check_norm_form(data)))


def test_check_page_lines_for_chess_norms():
    """/check/ with norms: a chess norm achieved in words, with its figures."""
    from sitegen.browser.worker import check
    answer = check({"text": gm_round_robin_toml(), "filename": "rr.toml",
                    "options": {"norms": True}})
    row = next(r for r in answer["table"]["rows"] if r["number"] == 1)
    assert row["norms"] == ["GM norm: Rp 2637, Ra 2417, 7 of 9 (required 7)"]
