"""An FMJD World Cup season of the content, classified by rules_core.

A season file (content/worldcup/NAME.toml) names the season's events by
their file names in events/draughts/, with their stars; the standings of
those events (rules_core.check) give each player's place, points, games and
wins; rules_core.fmjd.worldcup does the rest (Annex 18, Annex 17 App. C).

    [season]
    name = "FMJD World Cup 2024-2026"
    [settings]                       # optional: docs/interpretations.md#i5
    bonus = [100, 70, 50, 40, 35, 30, 26, 24, 22, 20]
    factors = { "1" = 1, "3" = 3, "5" = 5, "7" = 10 }
    [[events]]
    event = "2024-05-world-cup-ouagadougou"
    stars = 5
    absent_from_closing = ["16231"]  # FMJD ids
    [[declarations]]                 # a woman playing for the open classification
    player = "17023"
    made_on = 2024-01-10
    year = 2024
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from rules_core.fmjd.worldcup import (
    EventResult,
    OpenDeclaration,
    RatedPlayer,
    Season,
    WorldCupEvent,
    WorldCupSettings,
    classifications,
    reserve_list,
)
from sitegen.compute.sitedata import EventReport, PublishedList, WorldCupView

__all__ = ["world_cup"]


def world_cup(season, reports: list[EventReport], registry, lists: list[PublishedList],
              end: date) -> WorldCupView:
    data = season.data
    by_slug = {r.slug: r for r in reports}
    events = [_event(spec, by_slug[spec["event"]], registry)
              for spec in data.get("events", []) if spec.get("event") in by_slug]
    cup = Season(_settings(data.get("settings", {})), events,
                 [OpenDeclaration(str(d["player"]), d["made_on"], d.get("year"))
                  for d in data.get("declarations", [])])
    dates = sorted({pl.date for pl in lists if pl.date <= end} | {end})
    both = [classifications(cup, dates), classifications(cup, dates, women=True)]
    standings = {day: {"open": _rows(both[0][day], registry),
                       "women": _rows(both[1][day], registry)} for day in dates}
    return WorldCupView(season.slug, data.get("season", {}).get("name", season.slug),
                        standings, [_event_row(e) for e in events],
                        _reserve(both, end, lists, registry))


def _settings(data: dict) -> WorldCupSettings:
    defaults = WorldCupSettings()
    factors = {int(k): Fraction(v) for k, v in data.get("factors", {}).items()}
    return WorldCupSettings(tuple(data.get("bonus", defaults.bonus)),
                            factors or defaults.factors)


def _event(spec: dict, report: EventReport, registry) -> WorldCupEvent:
    """Places from the event's standings, in order (shared places are
    separated as the standings list them: Annex 18 counts bonus by place)."""
    absent = {str(x) for x in spec.get("absent_from_closing", [])}
    results = []
    players = [p for p in report.result["players"] if p.get("id") in registry]
    for place, p in enumerate(players, start=1):
        rounds = [r for r in p.get("rounds", []) if r["opponent"] is not None]
        results.append(EventResult(p["id"], place, Fraction(p["points"]).limit_denominator(),
                                   len(rounds), sum(r["code"] in ("1", "+", "2x0") for r in rounds),
                                   registry[p["id"]].sex == "w", p["id"] not in absent))
    women_only = bool(report.result["event"].get("women_only"))
    day = report.end or report.start
    assert day is not None, f"{report.slug}: a season's event has a date (content/folder.py)"
    return WorldCupEvent(report.slug, report.name, day,
                         spec.get("stars"), spec.get("prize_fund"), results, report.start,
                         women_only)


def _rows(standings, registry) -> list[dict]:
    return [{"rank": s.rank, "id": s.player_id, "name": registry[s.player_id].name,
             "federation": registry[s.player_id].federation, "score": float(s.score),
             "firsts": s.firsts, "seconds": s.seconds, "thirds": s.thirds, "wins": s.wins,
             "decided_by": s.decided_by,
             "results": [{"event": r.event_id, "place": r.place, "points": float(r.points),
                          "bonus": float(r.bonus), "factor": float(r.factor),
                          "wcp": float(r.wcp), "counted": r.counted,
                          "at_closing_ceremony": r.at_closing_ceremony} for r in s.results]}
            for s in standings]


def _event_row(event: WorldCupEvent) -> dict:
    return {"id": event.id, "name": event.name, "stars": event.stars,
            "date": event.last_round, "women_only": event.women_only,
            "players": len(event.results)}


def _reserve(both: list[dict[date, list]], end: date, lists,
             registry) -> dict[str, list[dict]]:
    """fmjd Annex 17 Appendix C from the classification and the latest list."""
    latest = [pl for pl in lists if pl.date <= end]
    entries = latest[-1].entries if latest else []
    rated = [RatedPlayer(e.id, e.rating, e.recent_games, e.sex == "w") for e in entries]
    out = {}
    for key, women in (("open", False), ("women", True)):
        reserve = reserve_list(both[women][end], rated, women=women)
        out[key] = [{"position": r.position, "id": r.player_id,
                     "name": registry[r.player_id].name if r.player_id in registry else r.player_id,
                     "source": r.source, "rank": r.rank} for r in reserve]
    return out
