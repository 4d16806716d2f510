"""Make the embedded demo content: the Northshire Chess and Draughts Federation.

    python tools/make_demo_content.py content/ [--seed 2024]

Writes, into the folder given (README, "The content folder"):

* ``site.toml``: the federation (code NSF), its record from 2024-01-01 to
  2026-10-31 and its lists (chess standard, rapid, blitz; draughts standard,
  rapid-blitz);
* ``players/chess.csv`` (240 players, 32 of them unrated newcomers, juniors,
  titled players, one FM of about 2370 who passes 2400) and
  ``players/draughts.csv`` (113 players, women and foreign titleholders,
  some unrated): who they are; ``players/<game>-ratings.csv``: the rated
  players' ratings and games as they stood when the record starts, dated;
* ``events/chess/``: monthly standard Swiss opens (one of them a FIDE TRF16),
  national championships and invitationals (round robins of 10), a double
  round robin of 6, rapid and blitz events from 2024;
* ``events/draughts/``: Swiss opens, national championships (one in the FMJD
  official format), masters round robins of 12 where norms are made, rapid
  events, and six World Cup events (one a Draughts Arbiter Pro export, two
  for women only), with ``NAME.meta.toml`` beside the files that need one;
* ``worldcup/2024-2026.toml`` (the World Cup season) and ``pages/*.md``.

How the events come about: entrants are drawn from the registry (newcomers
from their debut on), paired (Swiss: by score groups, no one meets twice;
round robins: Berger tables) and their games drawn from hidden playing
strengths (the Elo expectation, with draws more frequent among strong
players).  The ratings written in an event are those of the list in force
on its first day: every event is rated with rules_core (`check_text`) as it
is made, and the lists are published as the regulations say (FIDE: monthly,
the 1 March 2024 adjustment, first ratings pooled over 5 games; FMJD:
quarterly, `rate_period`).  A masters round robin is played again with the
next seed until its target player makes the norm it is meant to show.

The pieces are in ``tools/demo/`` (names, people, schedule, play, lists,
formats, pages); this script makes the events and writes the files.

Deterministic: every random choice comes from `random.Random` seeded with
the seed and a name, so a second run writes the same bytes.  Files in
``events/chess/`` and ``events/draughts/`` whose names begin with a year are
the generator's: those it no longer makes are removed.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

from demo import END, LISTS, POINTS, START, pages  # noqa: E402
from demo.formats import arbiter_text, meta_text, native_text, official_text, trf_text  # noqa: E402
from demo.lists import ChessLists, DraughtsLists  # noqa: E402
from demo.people import Person, chess_registry, draughts_registry  # noqa: E402
from demo.play import (  # noqa: E402
    Event,
    Seat,
    choose_entrants,
    play_round_robin,
    play_swiss,
    round_dates,
    seat_players,
)
from demo.schedule import Spec, chess_calendar, draughts_calendar  # noqa: E402

from rules_core.check import check_text  # noqa: E402
from rules_core.fmjd.norms import norms_for_event  # noqa: E402
from rules_core.native import parse_native  # noqa: E402

SEED = 2024


# -- making an event

def make_event(spec: Spec, people: list[Person], lists, seed: int) -> tuple[Event, dict]:
    """Choose, pair and play; again with the next seed until a target is met."""
    for attempt in range(60):
        rng = random.Random(f"{seed}:{spec.slug}:{attempt}")
        entrants = choose_entrants(spec, people, lists, rng)
        event = Event(spec, seat_players(spec, entrants, lists), round_dates(spec))
        (play_swiss if spec.system == "swiss" else play_round_robin)(event, rng)
        if spec.target is None or _target_met(event, *spec.target):
            break
    else:
        raise SystemExit(f"{spec.slug}: {spec.target} not met in 60 attempts")
    result = rate(event)
    _standings(event, result)
    return event, result


def rate(event: Event) -> dict:
    """The event rated by rules_core, its players in the order of the seats."""
    result = check_text(native_text(event), event.spec.slug + ".toml")
    errors = [p for p in result["problems"] if p["severity"] == "error"]
    if errors:
        raise SystemExit(f"{event.spec.slug}: {errors[0]['message']}")
    order = {s.number: i for i, s in enumerate(event.seats)}
    result["players"].sort(key=lambda p: order[p["number"]])
    return result


def _target_met(event: Event, name: str, title: str) -> bool:
    """`name` makes a red norm of `title` (fmjd Annex 10 §4.3-§4.4)."""
    t = parse_native(native_text(event))
    number = next(s.number for s in event.seats if s.person.name == name)
    norms = norms_for_event(t, drop_won_game=False)[number]
    return any(n.valid and n.kind == "red" and n.title == title for n in norms)


def _standings(event: Event, result: dict) -> None:
    """Points in the game's own units; places without a shared one."""
    scale = 2 if event.spec.game == "draughts" else 1
    for seat in event.seats:
        seat.points = scale * sum(POINTS[r.split()[-1]] for r in seat.results)
    lines = {p["number"]: p for p in result["players"]}
    if event.spec.game == "draughts":
        for seat in event.seats:
            seat.ssolk = lines[seat.number]["tiebreaks"].get("short_truncated_solkoff", 0)
        ordered = sorted(event.seats, key=lambda s: (lines[s.number]["rank"], s.number))
    else:
        ordered = sorted(event.seats, key=lambda s: (-s.points, -_buchholz(event, s),
                                                     s.number))
    for place, seat in enumerate(ordered, start=1):
        seat.rank = place


def _buchholz(event: Event, seat: Seat) -> float:
    points = {s.number: s.points for s in event.seats}
    return sum(points[int(r.split()[0])] for r in seat.results if len(r.split()) == 3)


def make_events(specs: list[Spec], people: list[Person], lists, seed: int) -> list[Event]:
    events = []
    for spec in specs:
        lists.publish(spec.start)
        event, result = make_event(spec, people, lists, seed)
        lists.record(event, result)
        events.append(event)
    return events


# ---------------------------------------------------------------- writing

@dataclass
class Demo:
    chess: list[Person]
    draughts: list[Person]
    chess_events: list[Event]
    draughts_events: list[Event]


def build(seed: int = SEED) -> Demo:
    chess, draughts = chess_registry(seed), draughts_registry(seed)
    return Demo(chess, draughts,
                make_events(chess_calendar(), chess, ChessLists(chess), seed),
                make_events(draughts_calendar(), draughts, DraughtsLists(draughts), seed))


def event_files(event: Event) -> dict[str, str]:
    """File name -> text of an event (with its meta file where needed)."""
    slug, fmt = event.spec.slug, event.spec.format
    if fmt == "trf":
        return {f"{slug}.trf": trf_text(event)}
    if fmt == "official":
        return {f"{slug}.txt": official_text(event),
                f"{slug}.meta.toml": meta_text(event, ("time_control", "rate_of_play",
                                                       "rounds", "round_dates"))}
    if fmt == "arbiter":
        return {f"{slug}.csv": arbiter_text(event),
                f"{slug}.meta.toml": meta_text(event, (
                    "name", "city", "federation", "start", "end", "time_control",
                    "rate_of_play", "rounds", "round_dates"))}
    return {f"{slug}.toml": native_text(event)}


def registry_csv(game: str, people: list[Person]) -> str:
    """players/<game>.csv: who the players are (docs/content-format.md)."""
    rows = ["id,name,federation,sex,birth,title"]
    for p in people:
        rows.append(",".join([p.id, _csv_cell(p.name), p.federation, p.sex,
                              p.birth.isoformat(), p.title]))
    return "\n".join(rows) + "\n"


def ratings_csv(game: str, people: list[Person]) -> str:
    """players/<game>-ratings.csv: the rated players' ratings and games as
    the record starts (START), a row each; unrated newcomers have none and
    enter the lists with their first rating."""
    lists = LISTS[game]
    header = ["id", "date", *lists, *(f"{n}_games" for n in lists), "reached", "title"]
    rows = [",".join(header)]
    for p in people:
        if not p.ratings:
            continue
        cells = [p.id, START.isoformat(), *(str(p.ratings.get(n, "")) for n in lists),
                 *(str(p.games[n]) if n in p.ratings else "" for n in lists),
                 "yes" if p.reached else "", ""]
        rows.append(",".join(cells))
    return "\n".join(rows) + "\n"


def _csv_cell(text: str) -> str:
    return f'"{text}"' if "," in text or '"' in text else text


def all_files(demo: Demo) -> dict[str, str]:
    """Path under the content folder -> text."""
    files = {"site.toml": pages.site_toml(START, END),
             "players/chess.csv": registry_csv("chess", _by_id(demo.chess)),
             "players/draughts.csv": registry_csv("draughts", _by_id(demo.draughts)),
             "players/chess-ratings.csv": ratings_csv("chess", _by_id(demo.chess)),
             "players/draughts-ratings.csv": ratings_csv("draughts", _by_id(demo.draughts)),
             "worldcup/2024-2026.toml": pages.season_toml(demo.draughts_events),
             "pages/about.md": pages.about_md(demo),
             "pages/contact.md": pages.contact_md()}
    for game, events in (("chess", demo.chess_events), ("draughts", demo.draughts_events)):
        for event in events:
            for name, text in event_files(event).items():
                files[f"events/{game}/{name}"] = text
    return files


def _by_id(people: list[Person]) -> list[Person]:
    return sorted(people, key=lambda p: int(p.id))


def write(folder: Path, files: dict[str, str]) -> None:
    for game in LISTS:
        stale = folder / "events" / game
        for path in sorted(stale.glob("20*")) if stale.is_dir() else []:
            if f"events/{game}/{path.name}" not in files:
                path.unlink()
    for relative, text in files.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))


def check_files(files: dict[str, str]) -> list[str]:
    """Every problem of severity error in the event files written."""
    found = []
    for relative, text in files.items():
        if relative.startswith("events/") and not relative.endswith(".meta.toml"):
            for problem in check_text(text, relative)["problems"]:
                if problem["severity"] == "error":
                    found.append(f"{relative}:{problem['line']}: {problem['message']}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the content folder to write into")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    files = all_files(build(args.seed))
    problems = check_files(files)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    write(args.folder, files)
    print(f"wrote {len(files)} files into {args.folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
