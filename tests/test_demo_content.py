"""The embedded demo federation in content/ (tools/make_demo_content.py).

Regenerating it gives the committed files byte for byte; every event reads
and checks without errors and every player is in the registries; and the
features the demo is there to show exist: newcomers who gain a first rating,
juniors, a player passing 2400, rapid and blitz events from 2024, round
robins, draughts norms and a title through norms, a World Cup season over
more than 24 months with a women-only event.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from collections import defaultdict
from datetime import date
from pathlib import Path

import pytest

from rules_core.check import check_text
from rules_core.fmjd.awards import NormRecord, title_through_norms
from rules_core.fmjd.norms import norms_for_event, norms_reached
from rules_core.fmjd.worldcup import (
    EventResult,
    OpenDeclaration,
    Season,
    WorldCupEvent,
    WorldCupSettings,
    classification,
)
from rules_core.trf import parse_trf
from sitegen.content.folder import load_content

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
GENERATOR = ROOT / "tools" / "make_demo_content.py"
EVENT_SUFFIXES = (".toml", ".trf", ".txt", ".csv")
CHESS_STAR = "Ashworth, Callum"          # tools/demo/people.py
DRAUGHTS_STAR = "Mensah, Kwame"


@pytest.fixture(scope="module")
def content():
    return load_content(CONTENT)


@pytest.fixture(scope="module")
def season_data() -> dict:
    return tomllib.loads((CONTENT / "worldcup" / "2024-2026.toml").read_text("utf-8"))


def _event_files() -> list[Path]:
    return sorted(p for game in ("chess", "draughts")
                  for p in (CONTENT / "events" / game).iterdir()
                  if p.suffix in EVENT_SUFFIXES and not p.name.endswith(".meta.toml"))


def _events(content, game: str, rate: str | None = None) -> list:
    return sorted((e for e in content.events if e.game == game
                   and (rate is None or e.tournament.rate_of_play == rate)),
                  key=lambda e: (e.tournament.start, e.slug))


# -- the generator -------------------------------------------------------------

def test_regenerating_gives_the_committed_files(tmp_path):
    subprocess.run([sys.executable, str(GENERATOR), str(tmp_path)], check=True,
                   cwd=ROOT, capture_output=True)
    written = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert len(written) > 70
    for relative in written:
        assert (CONTENT / relative).read_bytes() == (tmp_path / relative).read_bytes(), \
            f"content/{relative} differs from what the generator writes"
    for game in ("chess", "draughts"):
        ours = sorted(p.name for p in (CONTENT / "events" / game).glob("20*"))
        assert ours == sorted(p.name for p in (tmp_path / "events" / game).glob("20*"))


# -- registries and events ----------------------------------------------------------

def test_registries_hold_at_least_300_players(content):
    assert len(content.players["chess"]) >= 220
    assert len(content.players["draughts"]) >= 100
    assert sum(len(players) for players in content.players.values()) >= 300


def test_the_content_loads_without_problems(content):
    assert content.warnings == []       # unknown players would be warnings
    assert content.settings.start == date(2024, 1, 1)
    assert content.settings.end == date(2026, 10, 31)
    assert len(content.settings.lists) == 5


@pytest.mark.parametrize("path", _event_files(), ids=lambda p: p.name)
def test_every_event_checks_without_errors(path):
    result = check_text(path.read_text("utf-8"), path.name)
    errors = [p for p in result["problems"] if p["severity"] == "error"]
    assert errors == []
    assert result["players"]


def test_the_trf_event_parses_cleanly():
    [path] = sorted((CONTENT / "events" / "chess").glob("*.trf"))
    t = parse_trf(path.read_text("utf-8"))
    assert t.problems == []
    assert t.system == "swiss" and len(t.players) >= 40 and len(t.round_dates) == t.rounds_played


def test_the_draughts_formats_are_all_there(content):
    formats = {e.format for e in content.events if e.game == "draughts"}
    assert {"native-toml", "fmjd-official", "arbiter-pro"} <= formats
    for event in content.events:
        if event.format in ("fmjd-official", "arbiter-pro"):
            assert event.meta["event"]["time_control"] == event.tournament.time_control
            assert event.tournament.start is not None


# -- chess features ---------------------------------------------------------------------

def test_newcomers_gain_a_first_rating(content):
    """Unrated in the registry; 5 games or more against rated opponents in
    standard events of 2024 or later (fide-rb-2024 6.1.4); rated later."""
    registry = content.players["chess"]
    newcomers = {pid for pid, p in registry.items() if "standard" not in p.ratings}
    assert len(newcomers) >= 25
    games, rated_later = defaultdict(int), set()
    for event in _events(content, "chess", "standard"):
        t = event.tournament
        for p in t.players:
            if p.id in newcomers and not p.rated:
                games[p.id] += sum(1 for r in p.results if r.played and t.player(r.opponent).rated)
            elif p.id in newcomers and games[p.id] >= 5:
                rated_later.add(p.id)
    assert len(rated_later) >= 20


def test_juniors_play_with_k_40(content):
    """fide-rb-2024 7.3.3 (fide-2024 for standard play): K 40 for a junior
    under 2300 until the end of the year of his 18th birthday."""
    juniors = [p for p in content.players["chess"].values()
               if p.birth_year and p.birth_year >= 2006 and p.ratings.get("standard", 0) < 2300]
    assert len(juniors) >= 30
    swiss = [e for e in _events(content, "chess", "standard") if e.tournament.system == "swiss"]
    for event in swiss[-3:]:
        path = CONTENT / event.path
        result = check_text(path.read_text("utf-8"), path.name)
        k = [p["k"] for p in result["players"] if any("junior" in n for n in p["notes"])]
        assert k and set(k) == {40}


def test_a_player_passes_2400(content):
    star = next(p for p in content.players["chess"].values() if p.name == CHESS_STAR)
    assert 2350 <= star.ratings["standard"] < 2400 and not star.reached
    ratings = [p.rating for e in _events(content, "chess", "standard")
               for p in e.tournament.players if p.id == star.id]
    assert max(ratings) >= 2400


def test_rapid_and_blitz_events_from_2024(content):
    for rate in ("rapid", "blitz"):
        events = _events(content, "chess", rate)
        assert len(events) >= 5
        assert all(e.tournament.start >= date(2024, 1, 1) for e in events)
    rapid = _events(content, "chess", "rapid")
    assert any(p.standard_rating and not p.rating for e in rapid for p in e.tournament.players)


def test_swiss_events_and_round_robins(content):
    systems = defaultdict(list)
    for event in _events(content, "chess", "standard"):
        systems[event.tournament.system].append(len(event.tournament.players))
    assert len(systems["swiss"]) >= 20 and min(systems["swiss"]) >= 40
    assert 10 in systems["round-robin"] and 6 in systems["double-round-robin"]
    assert any(e.tournament.national_championship for e in _events(content, "chess"))
    assert any(e.tournament.system == "round-robin" for e in _events(content, "draughts"))


# -- draughts features ---------------------------------------------------------------------

def _norms(content) -> dict[str, list[NormRecord]]:
    found = defaultdict(list)
    for event in _events(content, "draughts", "standard"):
        if event.format != "native-toml":
            continue
        reached = norms_reached(norms_for_event(event.tournament))
        for p in event.tournament.players:
            found[p.id] += [NormRecord(n.title, n.kind, n.games, event.slug)
                            for n in reached[p.number]]
    return found


def test_draughts_norms_and_a_title_through_norms(content):
    """fmjd Annex 10 §5: 3 GMI norms, 27 games, a red norm, 2300 reached."""
    norms = _norms(content)
    star = next(p for p in content.players["draughts"].values() if p.name == DRAUGHTS_STAR)
    gmi = [n for n in norms[star.id] if n.title == "GMI"]
    assert len(gmi) >= 3 and any(n.kind == "red" for n in gmi)
    ratings = [p.rating for e in content.events if e.game == "draughts"
               for p in e.tournament.players if p.id == star.id]
    assert title_through_norms("GMI", norms[star.id], ratings).awarded
    others = {pid for pid, found in norms.items() if found and pid != star.id}
    assert others      # norms by other players too


def test_world_cup_season(content, season_data):
    slugs = {e.slug: e for e in content.events if e.game == "draughts"}
    events = [slugs[e["event"]] for e in season_data["events"]]
    assert len(events) >= 5
    ends = sorted(e.tournament.end for e in events)
    assert (ends[-1] - ends[0]).days > 730
    registry = content.players["draughts"]
    women_only = [e for e in events if e.tournament.women_only]
    assert women_only and all(registry[p.id].sex == "w"
                              for e in women_only for p in e.tournament.players)
    mixed = [e for e in events if not e.tournament.women_only]
    assert all(any(registry[p.id].sex == "w" for p in e.tournament.players) for e in mixed)
    assert sum(1 for e in season_data["events"] if e.get("absent_from_closing")) == 1


def test_world_cup_classifications(content, season_data):
    season = _season(content, season_data)
    declared = season_data["declarations"][0]["player"]
    open_2025 = classification(season, date(2025, 12, 31))
    women_2025 = classification(season, date(2025, 12, 31), women=True)
    assert declared in {s.player_id for s in open_2025}
    assert declared not in {s.player_id for s in women_2025} and women_2025
    assert classification(season, date(2026, 10, 31), women=True)


def _season(content, data) -> Season:
    slugs = {e.slug: e for e in content.events}
    settings = WorldCupSettings(tuple(data["settings"]["bonus"]),
                                {int(k): v for k, v in data["settings"]["factors"].items()})
    registry = content.players["draughts"]
    events = [_world_cup_event(slugs[e["event"]], e, registry) for e in data["events"]]
    declarations = [OpenDeclaration(d["player"], d["made_on"], d["year"])
                    for d in data["declarations"]]
    return Season(settings, events, declarations)


def _world_cup_event(event, entry, registry) -> WorldCupEvent:
    """Places by the event's standings (fmjd Annex 18 conditions 1), points,
    games and wins from its results, women from the registry."""
    t = event.tournament
    result = check_text((CONTENT / "events" / "draughts" / f"{event.slug}.toml").read_text(
        "utf-8"), "x.toml") if event.format == "native-toml" else None
    order = ({p["number"]: (p["rank"], p["number"]) for p in result["players"]}
             if result else {p.number: (p.rank, p.number) for p in t.players})
    ranked = sorted(t.players, key=lambda p: order[p.number])
    absent = set(entry.get("absent_from_closing", []))
    results = [EventResult(p.id, place, p.score, sum(1 for r in p.results if r.played),
                           sum(1 for r in p.results if r.played and r.score == 2),
                           registry[p.id].sex == "w", p.id not in absent)
               for place, p in enumerate(ranked, start=1)]
    return WorldCupEvent(event.slug, t.name, t.end, entry["stars"], results=results,
                         first_round=t.start, women_only=t.women_only)


def test_the_demo_registry_is_dated():
    """players/<game>.csv says who, players/<game>-ratings.csv what and
    when (docs/content-format.md): the rated players as the record starts,
    the unrated newcomers with no row."""
    for game in ("chess", "draughts"):
        identity = (CONTENT / "players" / f"{game}.csv").read_text("utf-8").splitlines()
        assert identity[0] == "id,name,federation,sex,birth,title"
        rows = (CONTENT / "players" / f"{game}-ratings.csv").read_text("utf-8").splitlines()
        assert rows[0].startswith("id,date,")
        assert {r.split(",")[1] for r in rows[1:]} == {"2024-01-01"}
        assert len(rows) < len(identity)
