"""FIDE-scale content, and how long the site of it takes to build.

    python bench/fide_scale.py [FOLDER] [--players N] [--games N] [--seed S]
    python bench/fide_scale.py [FOLDER] --bench [--out SITE] [--keep] [--tracemalloc] [--profile]
                               [--compute-workers N]
    python bench/fide_scale.py [FOLDER] --month [--out FOLDER] [--keep]

The first writes a content folder (default: a new temporary folder) of about
FIDE's size: `players/chess.csv` with 1.2 million chess players (about two
thirds rated, titles by rating, 120 or so federations, juniors, women) and
`events/chess/` with Swiss opens played in January 2025 until one million
games are rated (as fide-2024 rates them: `rated_games`) in one rating
period, the February 2025 list; some players enter several events, so that
fide-rb-2024 7.3.3's K x n <= 700 over the period comes into play.  The
events are FIDE TRF16 files, the format that loads fastest (a fixed-width
line a player, no TOML parser).  `site.toml` publishes one list, chess
standard, from 1 January to 1 February 2025.  About 130 MB.

With `--bench` it then builds the site of that folder (generating it first
if the folder holds no content of the same size and seed) and prints, as
`sitegen build` runs them: load (read and check the content), compute (rate
every event, make the lists; with the number of processes that rated the
events, and of processes asked for, this one among them: `--compute-workers`, default as the
build), render (every page, download and asset) and total seconds, pages per second (HTML pages written / render seconds), the
files and bytes written (also by part of the site: `PARTS`), and the peak memory: the building process's
(`ru_maxrss`) and, sampled from /proc, that of the building process and its
rendering workers together (the sum of their proportional set sizes, PSS:
a page the forked workers still share with it counted once; and the sum
of their resident sets, which counts it in each).  `--tracemalloc` adds
the Python heap's peak and what holds it after compute, by line of code
(it slows the build several times); `--profile` prints the costliest
functions (cProfile) of load and of compute.  Load and compute also print
their CPU seconds (user + system: the building process's, and their
workers', which rate compute's events; and the seconds the building
process waited for its workers), which a shared
machine does not inflate as it does wall time.  The site goes into a temporary folder, removed
afterwards (and so is a temporary content folder) unless `--keep` or
`--out` is given.

With `--month` it measures what a federation of that size does every
month (`month_bench`): it builds the folder with `sitegen build` in a
process of its own (keeping, as it does, a manifest in the site and its
results in `.sitegen-cache/` beside it), then the same content with a
month more (`month_more`: as many February opens, rated on the March
list) over that site, then that content again into an empty folder
without a cache; it prints each build's seconds, CPU, the building
process's peak resident set and files added, modified and unchanged, and
whether the month wrote the same files as the full build (the manifests'
SHA-256 of every file).  `--out` keeps the three in that folder.

Deterministic: every choice comes from `random.Random(seed)` (the month's
events from `seed + 1`), so the same arguments write the same bytes.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import bisect
import itertools
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PLAYERS = 1_200_000
GAMES = 1_000_000
SEED = 2025
START, END = date(2025, 1, 1), date(2025, 2, 1)      # the record: one rating period
STAMP = ".fide_scale.json"        # what the folder was generated with
VERSION = 2                       # of the generator: a folder of another is made again

# Federations (FIDE codes), most populous first: a player's is drawn with
# weight 1/rank (Zipf), so a few have tens of thousands, many a few hundred.
FEDERATIONS = (
    "IND FRA ESP GER RUS ITA POL USA TUR IRI NED BEL CZE ENG HUN AUT SUI BRA ARG "
    "UKR SRB CRO SVK GRE ROU BUL DEN SWE NOR FIN POR ISR CHN KAZ UZB AZE ARM GEO "
    "BLR LTU LAT EST SLO BIH MNE MKD ALB MDA CAN MEX COL PER CHI VEN ECU CUB URU "
    "PAR BOL CRC DOM PUR AUS NZL PHI INA MAS SGP VIE THA BAN SRI NEP PAK MGL KGZ "
    "TJK TKM EGY RSA NGR ZAM ZIM KEN UGA ALG MAR TUN LBA ANG BOT NAM ETH GHA SCO "
    "WLS IRL ISL LUX MLT CYP AND MNC FAI JPN KOR HKG TPE QAT UAE KSA JOR LBN IRQ "
    "SYR YEM KUW BRN OMA AFG").split()
SYLLABLES = ("ka ri mo sa ne lu ta vi do re ba ko mi na pe lo ru si ga te "
             "bo ha je li ma no pa ro su to va ze da fe gi hu ja ke").split()
SURNAME_ENDINGS = ("", "n", "s", "v", "ov", "ez", "er", "sen", "ic", "ski", "escu",
                   "ini", "berg", "ian", "ko")
TIME_CONTROL = "90+30"


# -- the registry --------------------------------------------------------------

def _word(rng: random.Random, parts: int, ending: str = "") -> str:
    return ("".join(rng.choice(SYLLABLES) for _ in range(parts)) + ending).capitalize()


def _names(rng: random.Random) -> tuple[list[str], list[str]]:
    surnames = sorted({_word(rng, rng.randint(2, 3), rng.choice(SURNAME_ENDINGS))
                       for _ in range(6000)})
    given = sorted({_word(rng, rng.randint(2, 3)) for _ in range(1500)})
    return surnames, given


def _federation_picker(rng: random.Random):
    weights = list(itertools.accumulate(1 / rank for rank in range(1, len(FEDERATIONS) + 1)))
    return lambda: FEDERATIONS[bisect.bisect(weights, rng.random() * weights[-1])]


def _title(rng: random.Random, rating: int | None, sex: str) -> str:
    if rating is None:
        return ""
    roll = rng.random()
    if rating >= 2500:
        return "GM" if roll < 0.85 else "IM"
    if rating >= 2400:
        return "IM" if roll < 0.6 else "GM" if roll < 0.7 else "FM"
    if rating >= 2300:
        return "FM" if roll < 0.5 else ("WGM" if sex == "w" and roll < 0.8 else "")
    if rating >= 2200:
        return "CM" if roll < 0.3 else ("WIM" if sex == "w" and roll < 0.6 else "")
    if rating >= 2000 and sex == "w" and roll < 0.2:
        return "WFM"
    return ""


def registry(count: int, rng: random.Random) -> list[dict]:
    """The players as the record starts; ids 10000001, 10000002, ..."""
    surnames, given = _names(rng)
    federation = _federation_picker(rng)
    players = []
    for index in range(count):
        sex = "w" if rng.random() < 0.12 else "m"
        birth = date(min(2018, max(1930, int(rng.gauss(1990, 18)))), 1, 1) + \
            timedelta(days=rng.randrange(365))
        rating = None
        if rng.random() < 0.68:
            rating = min(2830, max(1400, int(rng.gauss(1680, 260))))
        games = 0 if rating is None else int(rng.expovariate(1 / 120)) + 5
        players.append({
            "id": str(10_000_001 + index),
            "name": f"{rng.choice(surnames)}, {rng.choice(given)}",
            "federation": federation(), "sex": sex, "birth": birth,
            "title": _title(rng, rating, sex), "rating": rating, "games": games,
            "reached": rating is not None and (rating >= 2400 or
                                               (rating >= 2300 and rng.random() < 0.3)),
        })
    return players


def registry_csv(players: list[dict]) -> str:
    rows = ["id,name,federation,sex,birth,title,standard,rapid,blitz,"
            "standard_games,rapid_games,blitz_games,reached"]
    for p in players:
        rating = "" if p["rating"] is None else str(p["rating"])
        games = "" if p["rating"] is None else str(p["games"])
        rows.append(f'{p["id"]},"{p["name"]}",{p["federation"]},{p["sex"]},'
                    f'{p["birth"].isoformat()},{p["title"]},{rating},,,{games},,,'
                    f'{"yes" if p["reached"] else ""}')
    return "\n".join(rows) + "\n"


# -- the events --------------------------------------------------------------------

def _expected(a: int, b: int) -> float:
    return 1 / (1 + 10 ** ((b - a) / 400))


def play_swiss(seats: list[dict], rounds: int, rng: random.Random) -> None:
    """Score groups paired top-down, no one meets twice, a pairing-allocated
    bye (U) for the odd one out; results from the Elo expectation of hidden
    strengths (the rating, 1500 for an unrated player), draws 30 %."""
    for seat in seats:
        seat["results"], seat["points"], seat["met"] = [], 0.0, set()
    for _ in range(rounds):
        order = sorted(seats, key=lambda s: (-s["points"], s["number"]))
        waiting = order[:]
        while waiting:
            a = waiting.pop(0)
            b = next((s for s in waiting[:12] if s["number"] not in a["met"]), None)
            if b is None:
                if waiting:
                    b = waiting[0]
                else:
                    a["results"].append((0, "-", "U"))
                    a["points"] += 1
                    continue
            waiting.remove(b)
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            p = _expected(white["strength"], black["strength"])
            roll = rng.random()
            score = 1.0 if roll < p - 0.15 else 0.5 if roll < p + 0.15 else 0.0
            code = {1.0: ("1", "0"), 0.5: ("=", "="), 0.0: ("0", "1")}[score]
            white["results"].append((black["number"], "w", code[0]))
            black["results"].append((white["number"], "b", code[1]))
            white["points"] += score
            black["points"] += 1 - score
            a["met"].add(b["number"])
            b["met"].add(a["number"])


def trf_text(name: str, first: date, rounds: int, seats: list[dict]) -> str:
    """A TRF16 (FIDE Handbook C.04 Annex 2), as tools/demo/formats.py writes it."""
    last = first + timedelta(days=rounds - 1)
    days = [first + timedelta(days=i) for i in range(rounds)]
    lines = [f"012 {name}", "022 Scaleton", "032 FID", f"042 {first:%Y/%m/%d}",
             f"052 {last:%Y/%m/%d}", f"062 {len(seats)}",
             f"072 {sum(1 for s in seats if s['player']['rating'])}",
             "092 Individual: Swiss-System", "102 Arbiter, Bench", f"122 {TIME_CONTROL}",
             ("132" + " " * 88 + "".join(f"{d:%y/%m/%d}  " for d in days)).rstrip()]
    ranked = sorted(seats, key=lambda s: (-s["points"], s["number"]))
    rank = {s["number"]: place for place, s in enumerate(ranked, start=1)}
    for s in seats:
        p = s["player"]
        head = (f"001 {s['number']:>4} {p['sex']:1}{p['title']:>3} {p['name']:<33.33} "
                f"{p['rating'] or '':>4} {p['federation']:<3} {p['id']:>11} "
                f"{p['birth']:%Y/%m/%d} {s['points']:>4.1f} {rank[s['number']]:>4}")
        cells = "  ".join(f"0000 - {code}" if not opponent else f"{opponent:>4} {colour} {code}"
                          for opponent, colour, code in s["results"])
        lines.append((head + "  " + cells).rstrip())
    return "\n".join(lines) + "\n"


def rated_games(seats: list[dict]) -> int:
    """The games that count for rating under fide-2024: between two rated
    players (for both), or between a rated and an unrated player who scored
    against rated opponents (for the unrated one: fide-rb-2024 7.2.2, 7.3.1)."""
    rated = {s["number"] for s in seats if s["player"]["rating"]}
    scored = {s["number"] for s in seats if s["number"] not in rated and any(
        o in rated and code != "0" for o, _, code in s["results"])}
    return sum(1 for s in seats for o, _, _ in s["results"]
               if o and s["number"] < o and (
                   {s["number"], o} <= rated or ({s["number"], o} & rated and
                                                 {s["number"], o} & scored)))


def events(players: list[dict], games: int, rng: random.Random, month: date = START):
    """(file name, TRF text) of Swiss opens of `month` (its first day)
    until `games` rated games are played (`rated_games`), each ended three
    days before the next month's list at the latest (fide-rb-2024 6.1.3).

    Entrants come from an active third of the registry; a few thousand
    "regulars" enter about one event in six, so that some play 40 games
    or more in the period (K x n above 700)."""
    last_day = _next_month(month) - timedelta(days=4)
    active = rng.sample(range(len(players)), len(players) // 3)
    regulars = active[:3000]
    played, number = 0, 0
    while played < games:
        number += 1
        size = min(600, max(16, int(rng.lognormvariate(4.6, 0.6))))
        rounds = rng.choice((5, 7, 7, 9, 9, 9, 9, 11))
        chosen = set(rng.sample(regulars, min(size // 6, len(regulars))))
        chosen.update(active[i] for i in rng.sample(range(len(active)), size - len(chosen)))
        entrants = sorted(chosen, key=lambda i: (-(players[i]["rating"] or 0), i))
        seats = [{"number": n, "player": players[i],
                  "strength": players[i]["rating"] or 1500}
                 for n, i in enumerate(entrants, start=1)]
        play_swiss(seats, rounds, rng)
        first = month + timedelta(days=rng.randrange((last_day - month).days - rounds + 2))
        # the first month's names as they always were: the same content, bytes for bytes
        name = f"Scale Open {'' if month == START else f'{month:%B} '}{number:05d}"
        yield f"{month:%Y-%m}-open-{number:05d}.trf", trf_text(name, first, rounds, seats)
        played += rated_games(seats)


def _next_month(day: date) -> date:
    return date(day.year + day.month // 12, day.month % 12 + 1, 1)


SITE_TOML = f"""# FIDE-scale benchmark content (bench/fide_scale.py): one list, one period.
[site]
name = "FIDE-scale benchmark"
federation = "FID"
start = {START.isoformat()}
end = {END.isoformat()}

[[lists]]
game = "chess"
list = "standard"
"""


def generate(folder: Path, players: int = PLAYERS, games: int = GAMES,
             seed: int = SEED) -> dict:
    """Write the content folder; return what was written (also in STAMP)."""
    started = time.perf_counter()
    rng = random.Random(seed)
    registered = registry(players, rng)
    (folder / "players").mkdir(parents=True, exist_ok=True)
    events_dir = folder / "events" / "chess"
    if events_dir.exists():
        shutil.rmtree(events_dir)
    events_dir.mkdir(parents=True)
    (folder / "site.toml").write_text(SITE_TOML, encoding="utf-8")
    (folder / "players" / "chess.csv").write_text(registry_csv(registered), encoding="utf-8")
    count = total = 0
    for name, text in events(registered, games, rng):
        (events_dir / name).write_text(text, encoding="utf-8")
        count += 1
        total += sum(1 for line in text.splitlines() if line.startswith("001"))
    stamp = {"version": VERSION, "players": players, "games": games, "seed": seed,
             "events": count,
             "seats": total, "seconds": round(time.perf_counter() - started, 1)}
    (folder / STAMP).write_text(json.dumps(stamp) + "\n", encoding="utf-8")
    return stamp


def month_more(folder: Path, into: Path, players: int = PLAYERS, games: int = GAMES,
               seed: int = SEED) -> int:
    """`into`: the content of `folder` and one month more, as a federation's
    folder is the month after: every file of `folder` (hard links where the
    file system allows them), February's opens (the same registry, drawn
    from `random.Random(seed + 1)`, until as many games are rated as in
    January), and `site.toml` publishing the March list too.  Returns the
    events added."""
    shutil.rmtree(into, ignore_errors=True)
    shutil.copytree(folder, into, copy_function=_link_or_copy)
    month = END
    (into / "site.toml").unlink()       # a link to the first month's: not written through
    (into / "site.toml").write_text(
        SITE_TOML.replace("one list, one period", "one list, two periods (a month more)")
        .replace(f"end = {END.isoformat()}", f"end = {_next_month(month).isoformat()}"),
        encoding="utf-8")
    registered = registry(players, random.Random(seed))     # as `generate` drew it
    added = 0
    for name, text in events(registered, games, random.Random(seed + 1), month):
        (into / "events" / "chess" / name).write_text(text, encoding="utf-8")
        added += 1
    return added


def _link_or_copy(source: str, target: str) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


# A build as `sitegen build` runs it, in a process of its own, which prints
# its own peak resident set and CPU seconds (its workers' apart) last.
_BUILD = """
import json, resource, sys, time
from sitegen.cli import main
began = time.perf_counter()
status = main(["build", sys.argv[1], "--out", sys.argv[2]])
own = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"status": status, "seconds": time.perf_counter() - began,
                  "peak": own.ru_maxrss / 1024, "cpu": own.ru_utime + own.ru_stime}))
"""


def _subreaper() -> bool:
    """Make this process the reaper of its orphaned descendants (Linux's
    `prctl(PR_SET_CHILD_SUBREAPER)`); False where it cannot.  A build's
    workers are children of multiprocessing's fork server, not of the
    build, and the fork server outlives the build's last line: only the
    process that reaps them counts their CPU (`RUSAGE_CHILDREN`)."""
    try:
        import ctypes
        return ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _reap_orphans() -> None:
    """Wait for every descendant left to this process (`_subreaper`): the
    fork server and its workers, which end once the build has."""
    while True:
        try:
            os.wait()
        except ChildProcessError:
            return


def _timed_build(content: Path, out: Path, cache: bool = True) -> dict:
    """`sitegen build content --out out` in a process of its own; its
    figures and its summary line (files added, modified, removed, unchanged)."""
    env = dict(os.environ)
    if not cache:
        env["SITEGEN_BUILD_CACHE"] = "off"
    counted = _subreaper()
    before = _children_cpu()
    run = subprocess.run([sys.executable, "-c", _BUILD, str(content), str(out)], cwd=ROOT,
                         env=env, capture_output=True, text=True, check=False)
    if counted:
        _reap_orphans()
    lines = run.stdout.strip().splitlines()
    if run.returncode or not lines:
        raise SystemExit(f"the build of {content} failed:\n{run.stdout}\n{run.stderr}")
    figures = json.loads(lines[-1])
    # every process the build started, less the build's own CPU; None: not counted
    figures["cpu_workers"] = _children_cpu() - before - figures["cpu"] if counted else None
    figures["summary"] = next((line for line in lines if line.startswith("sitegen build:")), "")
    return figures


def _manifest_files(out: Path) -> dict:
    return json.loads((out / ".sitegen-manifest.json").read_text(encoding="utf-8"))["files"]


def month_bench(folder: Path, work: Path, players: int, games: int, seed: int) -> dict:
    """A federation of FIDE's size a month on: `folder` built as a first
    build (its results kept in the build's cache beside the site), then the
    content with a month more (`month_more`) built over that site, then
    the same content built into an empty folder without a cache, which the
    month must equal file for file (the manifests' SHA-256 of every file)."""
    later = work / "content-month"
    figures: dict = {"added_events": month_more(folder, later, players, games, seed)}
    figures["first"] = _timed_build(folder, work / "site")
    figures["month"] = _timed_build(later, work / "site")
    figures["full"] = _timed_build(later, work / "full" / "site", cache=False)
    figures["same"] = _manifest_files(work / "site") == _manifest_files(work / "full" / "site")
    return figures


def month_report(f: dict) -> str:
    def line(label: str, b: dict) -> str:
        workers = ("its workers not counted (no subreaper here)" if b["cpu_workers"] is None
                   else f"{b['cpu_workers']:.1f} s workers")
        return (f"{label}{b['seconds']:7.1f} s, CPU {b['cpu']:.1f} s building process, "
                f"{workers}; peak RSS {b['peak']:,.0f} MiB the "
                f"building process\n          {b['summary']}")
    return "\n".join([
        f"a month more: {f['added_events']:,} events of February added (the March list)",
        line("first:    ", f["first"]),
        line("month:    ", f["month"]),
        line("full:     ", f["full"]),
        f"          the month {f['month']['seconds'] / f['full']['seconds']:.0%} of the full "
        f"build's time; the same files as the full build: {'yes' if f['same'] else 'NO'}"])


# -- the benchmark --------------------------------------------------------------------

def _cpu(sampler: Sampler) -> tuple[float, float]:
    """CPU seconds (user + system) so far: this process's (the memory
    sampler is a process of its own), and its workers' as the sampler
    last read them (`Sampler.workers_cpu`: they are started by the fork
    server, whose children they are, so no rusage of this process counts
    them)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime, sampler.workers_cpu


_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stat_cpu(pid: int) -> tuple[int, float] | None:
    """(start time, CPU seconds: user + system) of a process from
    /proc/PID/stat; None if it is gone."""
    try:      # "pid (name) state ppid ...": the name may hold spaces
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[19]), (int(fields[11]) + int(fields[12])) / _TICK


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024     # KiB on Linux


def _children(pid: int) -> list[int]:
    """The processes `pid` started, and theirs (Linux /proc: the threads'
    `children` files, or, in a kernel without them, every process's parent)."""
    if not Path(f"/proc/{pid}/task/{pid}/children").exists():
        return _descendants_by_parent(pid)
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found += [int(c) for c in task.read_text().split()]
        except OSError:          # the thread ended meanwhile
            continue
    return found + [g for c in found for g in _children(c)]


def _descendants_by_parent(pid: int) -> list[int]:
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:      # "pid (name) state ppid ...": the name may hold spaces
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    found, wanted = [], {pid}
    while True:
        new = [p for p, parent in parents.items() if parent in wanted and p not in found]
        if not new:
            return found
        found += new
        wanted = set(new)


def _kib(pid: int, path: str, key: str) -> int:
    """A `key:  N kB` figure of /proc/PID/<path>, 0 if the process is gone."""
    try:
        for line in Path(f"/proc/{pid}/{path}").read_text().splitlines():
            if line.startswith(key):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def _rollup(pid: int) -> tuple[int, int]:
    """(PSS, the process's own pages: Private_Clean + Private_Dirty) in KiB,
    from one read of /proc/PID/smaps_rollup (it walks the page tables:
    read once for both); (0, 0) if the process is gone."""
    pss = own = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1])
            elif line.startswith(("Private_Clean:", "Private_Dirty:")):
                own += int(line.split()[1])
    except (OSError, ValueError):
        return 0, 0
    return pss, own


class Sampler:
    """The memory of the build and every process it started, sampled by a
    process of its own (`_sampling`): the peak of the summed resident sets
    (RSS: a page shared by forked processes counted in each, so an upper
    bound; every `every` seconds) and of the summed proportional sets
    (PSS: a shared page divided among the processes sharing it, so the
    memory the build really takes; every `pss_every` seconds), and the
    largest number of processes.  Linux only (/proc); elsewhere the
    figures stay 0.

    PSS is read from smaps_rollup, which walks the process's page tables:
    35 ms for a process of 2.5 GB on this machine, so three of them read
    every 0.2 s (as until session 13) took half a core from a build on two
    (the render of FIDE's size took 84 s in the benchmark, 68 s timed
    without the sampler); every 2 s it takes about 5 %.  Until session 26
    the sampler was a thread of the building process, its reading and
    parsing in the building process's CPU: compute of FIDE's size took
    0.7 to 1.5 s longer with it (docs/scale.md#compute-session-26).  Now only the kernel's walk of the
    pages is in the building process's time; `cpu` is the sampling
    process's own, printed with the figures.  At the PSS peak it keeps the
    processes' own pages (Private_*), summed (`own`) and the building
    process's (`own_building`): what of the PSS is not shared with another
    process (docs/scale.md#memory-session-16).  `step(name)` names the
    build's step from then on; `by_step` keeps the PSS peak of each (the
    rating and the rendering workers are forked in different steps,
    docs/scale.md#memory-session-17).  The sampling process is left out
    of every figure."""

    def __init__(self, every: float = 0.2, pss_every: float = 2.0):
        self.every, self.pss_every = every, pss_every
        self.rss, self.pss, self.processes = 0, 0, 0
        # at the PSS peak: every process's own pages summed, and the
        # building process's (the rest of the PSS is pages still shared)
        self.own, self.own_building = 0, 0
        self.by_step: dict[str, int] = {}     # step -> its peak PSS, KiB
        # every process the build started (pid, start time) -> its CPU
        # seconds and its largest resident set (KiB), as last read
        self._workers: dict[tuple[int, int], tuple[float, int]] = {}
        self._step = ""
        self.cpu = 0.0          # the sampling process's own CPU seconds so far
        self._process: subprocess.Popen | None = None

    def __enter__(self) -> Sampler:
        code = ("import sys; sys.path.insert(0, sys.argv[1]); import fide_scale; "
                "fide_scale._sampling(*sys.argv[2:])")
        self._process = subprocess.Popen(
            [sys.executable, "-c", code, str(Path(__file__).resolve().parent),
             str(os.getpid()), str(self.every), str(self.pss_every), self._step],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._read()            # its first sample, taken
        return self

    def __exit__(self, *exc) -> None:
        self._ask("stop")       # the last sample
        assert self._process is not None
        self._process.wait()
        self._process = None

    def step(self, name: str) -> None:
        """The samples read from now on are of step `name`; the last of
        the step before it read first."""
        if self._process is None:
            self._step = name
        else:
            self._ask(f"step {name}")

    def _ask(self, command: str) -> None:
        assert self._process is not None and self._process.stdin is not None
        self._process.stdin.write(command.encode() + b"\n")
        self._process.stdin.flush()
        self._read()

    def _read(self) -> None:
        """The figures as the sampling process last had them."""
        assert self._process is not None and self._process.stdout is not None
        line = self._process.stdout.readline()
        if not line:
            raise RuntimeError("the memory sampler ended: " + str(self._process.wait()))
        figures = json.loads(line)
        self.rss, self.pss, self.processes = figures["rss"], figures["pss"], figures["processes"]
        self.own, self.own_building = figures["own"], figures["own_building"]
        self.by_step, self.cpu = figures["by_step"], figures["cpu"]
        self._workers = {(pid, start): (cpu, rss) for pid, start, cpu, rss in figures["workers"]}

    @property
    def workers_cpu(self) -> float:
        """The CPU seconds of every process the build started (the workers,
        the fork server), as each was last read: up to `every` seconds of
        each are not counted."""
        if self._process is not None:
            self._ask("figures")
        return sum(cpu for cpu, _ in self._workers.values())

    @property
    def largest_worker(self) -> int:
        """The largest resident set (KiB) of a process the build started."""
        return max((rss for _, rss in self._workers.values()), default=0)


class _Samples:
    """The figures `Sampler` reports, as its sampling process reads them
    from /proc for the process `pid` and every process it started, this
    one left out."""

    def __init__(self, pid: int, pss_every: float, step: str):
        self.pid, self.pss_every, self.step = pid, pss_every, step
        self.rss = self.pss = self.processes = self.own = self.own_building = 0
        self.by_step: dict[str, int] = {}
        self.workers: dict[tuple[int, int], tuple[float, int]] = {}
        self._pss_at = 0.0
        self._pss_ok = Path(f"/proc/{pid}/smaps_rollup").exists()

    def sample(self, last: bool = False) -> None:
        pids = [self.pid, *(c for c in _children(self.pid) if c != os.getpid())]
        self.processes = max(self.processes, len(pids))
        sizes = [_kib(p, "status", "VmRSS:") for p in pids]
        self.rss = max(self.rss, sum(sizes))
        for pid, size in zip(pids[1:], sizes[1:], strict=True):
            stat = _stat_cpu(pid)
            if stat is not None:
                held = self.workers.get((pid, stat[0]), (0.0, 0))
                self.workers[pid, stat[0]] = stat[1], max(held[1], size)
        now = time.perf_counter()
        if self._pss_ok and (last or now - self._pss_at >= self.pss_every):
            self._pss_at = now
            rollups = [_rollup(p) for p in pids]
            pss = sum(r[0] for r in rollups)
            self.by_step[self.step] = max(self.by_step.get(self.step, 0), pss)
            if pss > self.pss:
                self.pss, self.own, self.own_building = (
                    pss, sum(r[1] for r in rollups), rollups[0][1])

    def answer(self) -> None:
        """The figures, one line of JSON on standard output."""
        figures = {"rss": self.rss, "pss": self.pss, "processes": self.processes,
                   "own": self.own, "own_building": self.own_building,
                   "by_step": self.by_step, "cpu": time.process_time(),
                   "workers": [[pid, start, cpu, rss] for (pid, start), (cpu, rss)
                               in self.workers.items()]}
        sys.stdout.write(json.dumps(figures) + "\n")
        sys.stdout.flush()


def _sampling(pid: str, every: str, pss_every: str, step: str) -> None:
    """The sampling process (`Sampler`): a sample every `every` seconds
    and one more for each command read on standard input, each command
    answered with the figures (`_Samples.answer`): `step NAME` (the last
    sample of the step, then NAME's), `figures`, `stop` (the last sample;
    so does the end of its input, should the build end first)."""
    import select

    samples = _Samples(int(pid), float(pss_every), step)
    samples.sample(last=True)
    samples.answer()
    commands = sys.stdin.buffer
    while True:
        ready, _, _ = select.select([commands], [], [], float(every))
        if not ready:
            samples.sample()
            continue
        command = commands.readline().decode().strip()
        if command in ("stop", ""):
            samples.sample(last=True)
            samples.answer()
            return
        if command.startswith("step "):
            samples.sample(last=True)
            samples.step = command[len("step "):]
        samples.answer()


def bench(content: Path, out: Path, trace: bool, profile: bool = False,
          workers: int | None = None) -> dict:
    """Time `sitegen build`'s steps on `content`, writing the site to `out`;
    `workers`: the processes that rate events (default: as `sitegen build`,
    $SITEGEN_WORKERS, else one a CPU)."""
    import gc
    import tracemalloc

    from rules_core.collector import collector_paused
    from sitegen.build import _swap_in
    from sitegen.compute import period_events
    from sitegen.compute.pipeline import compute
    from sitegen.content.folder import load_content
    from sitegen.site.regulations import load_regulations
    from sitegen.site.render import render_site
    from sitegen.workers import build_workers

    if trace:
        tracemalloc.start()
    figures = {}
    sampler = Sampler()
    # what earlier code left (the pure-Python datetime classes that
    # _datetime's replace on import are such garbage) is not the build's
    gc.collect()
    sampler.step("load")
    with sampler, collector_paused():       # as sitegen.build.build runs them
        began, cpu = time.perf_counter(), _cpu(sampler)
        loaded = _profiled(load_content, content) if profile else load_content(content)
        figures["load"] = time.perf_counter() - began
        figures["load_cpu"] = _cpu(sampler)[0] - cpu[0]
        figures["peak_load"] = _peak_mib()
        sampler.step("compute")
        mark, cpu = time.perf_counter(), _cpu(sampler)
        used: set[int] = set()
        run = partial(compute, workers=workers, used=used, release=True)   # as sitegen build
        data = _profiled(run, loaded) if profile else run(loaded)
        figures["compute"] = time.perf_counter() - mark
        figures["compute_cpu"], figures["compute_cpu_workers"] = (
            after - before for after, before in zip(_cpu(sampler), cpu, strict=True))
        figures["compute_processes"] = len(used)
        # the building process idle while the workers rated (its own work,
        # the last list's entries, done meanwhile: docs/scale.md#compute-session-8)
        figures["compute_waited"] = sum(period_events.WAITED)
        figures["compute_workers"] = build_workers(workers)
        # as sitegen.build drops the content after compute
        figures["players"] = sum(len(p) for p in loaded.players.values())
        figures["events"] = len(loaded.events)
        del loaded
        figures["peak_compute"] = _peak_mib()
        figures["pss_compute"] = _kib(os.getpid(), "smaps_rollup", "Pss:") / 1024
        if trace:
            figures["lines"] = _heap_lines(tracemalloc.take_snapshot())
        sampler.step("render")
        mark, cpu = time.perf_counter(), _cpu(sampler)
        regulations = load_regulations(content / "regulations")
        # with the content folder, as sitegen build: each event's file is
        # published beside its page (57 MiB of the output at FIDE's size)
        files = _swap_in(out, lambda tmp: render_site(data, tmp, regulations,
                                                       content=content))
        figures["render"] = time.perf_counter() - mark
        figures["render_cpu"], figures["render_cpu_workers"] = (
            after - before for after, before in zip(_cpu(sampler), cpu, strict=True))
        figures["total"] = time.perf_counter() - began
    figures["peak"] = _peak_mib()
    figures["sum_rss"], figures["sum_pss"] = sampler.rss / 1024, sampler.pss / 1024
    figures["own_pss"], figures["own_building"] = sampler.own / 1024, sampler.own_building / 1024
    figures["pss_by_step"] = {step: kib / 1024 for step, kib in sampler.by_step.items()}
    figures["processes"] = sampler.processes
    figures["sampler_cpu"] = sampler.cpu
    # the largest worker, rating or rendering, as sampled
    figures["peak_workers"] = sampler.largest_worker / 1024
    if trace:
        figures["heap"] = tracemalloc.get_traced_memory()[1] / 2 ** 20
        tracemalloc.stop()
    figures["cycles"] = gc.collect()        # what the paused collector left: none
    figures["files"] = len(files)
    figures["pages"] = sum(1 for f in files if f.suffix == ".html")
    figures["player_pages"] = sum(1 for f in files if f.suffix == ".html"
                                  and f.relative_to(out).parts[0] == "players")
    figures["bytes"] = sum(f.stat().st_size for f in files)
    figures["download_bytes"] = sum(f.stat().st_size for f in files
                                    if f.relative_to(out).parts[0] == "downloads")
    figures["by_part"] = _by_part(out, files)
    figures["shard_fetch"] = _largest_fetch(out, files)
    figures["games"], figures["rated"] = _games(data)
    return figures


# The parts of the output reported apart (docs/scale.md#output-size): the
# first of these prefixes a file's site path starts with names its part.
PARTS = ("events/", "players/", "static/players/id/", "static/players/name/", "static/",
         "lists/", "search/", "downloads/", "")


def _by_part(out: Path, files: list[Path]) -> dict[str, tuple[int, int]]:
    """Bytes and files written, by `PARTS` ("" for the rest)."""
    parts: dict[str, tuple[int, int]] = {}
    for f in files:
        path = f.relative_to(out).as_posix()
        part = next(p for p in PARTS if path.startswith(p))
        size, count = parts.get(part, (0, 0))
        parts[part] = (size + f.stat().st_size, count + 1)
    return dict(sorted(parts.items(), key=lambda item: -item[1][0]))


# The players of the checker's largest real file (the 284-player TRF of
# docs/browser.md): at most this many id shards for one check.
CHECKED_PLAYERS = 284


def _largest_fetch(out: Path, files: list[Path]) -> int:
    """The most bytes of the checker's id shards one check of
    CHECKED_PLAYERS players fetches: the largest shards, one a player."""
    sizes = sorted((f.stat().st_size for f in files
                    if f.relative_to(out).as_posix().startswith("static/players/id/")),
                   reverse=True)
    return sum(sizes[:CHECKED_PLAYERS])


def _profiled(step, argument):
    """step(argument) under cProfile (load or compute); the 25 functions of
    most own time printed."""
    import cProfile
    import pstats
    profiler = cProfile.Profile()
    data = profiler.runcall(step, argument)
    pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(25)
    return data


def _heap_lines(snapshot, top: int = 20) -> list[str]:
    """The lines of code holding most of the Python heap after compute."""
    root = str(ROOT) + "/"
    return [f"{s.size / 2 ** 20:8.1f} MiB {s.count:>10,} blocks  "
            f"{s.traceback[0].filename.replace(root, '')}:{s.traceback[0].lineno}"
            for s in snapshot.statistics("lineno")[:top]]


def _games(data) -> tuple[int, int]:
    """Games played over the board in the site's events, and the rated ones,
    from rules_core's figures: a rated player's counted games are listed
    (fide-2024: against rated opponents, for both), an unrated player's only
    counted (against rated opponents, for him alone)."""
    played = rated = 0
    for r in data.events:
        players = r.result.get("players", [])
        played += sum(1 for p in players for x in p["rounds"]
                      if x["opponent"] and x["code"] in ("1", "0", "="))
        rated += len({(g["round"], *sorted((p["number"], g["opponent"])))
                      for p in players if p["rating"] for g in p["games"]})
        rated += sum(p["rated_games"] for p in players if not p["rating"])
    return played // 2, rated


def report(f: dict) -> str:
    lines = [f"content:  {f['players']:,} players, {f['events']:,} events, "
             f"{f['games']:,} games played, {f['rated']:,} rated",
             f"load:     {f['load']:8.1f} s (CPU {f['load_cpu']:.1f} s)",
             f"compute:  {f['compute']:8.1f} s (events rated in {f['compute_processes']} "
             f"processes; {f['compute_workers']} asked for; CPU {f['compute_cpu']:.1f} s "
             f"building process, {f['compute_cpu_workers']:.1f} s workers; the building "
             f"process waited {f['compute_waited']:.1f} s for the workers)",
             f"render:   {f['render']:8.1f} s (CPU {f['render_cpu']:.1f} s building process, "
             f"{f['render_cpu_workers']:.1f} s workers)",
             f"total:    {f['total']:8.1f} s",
             f"pages:    {f['pages']:,} HTML pages ({f['player_pages']:,} of them players'), "
             f"{f['pages'] / f['render']:,.1f} pages/s, {f['players'] / f['render']:,.0f} "
             f"players/s; {f['files']:,} files, {f['bytes'] / 2 ** 20:,.0f} MiB "
             f"(downloads {f['download_bytes'] / 2 ** 20:,.0f} MiB)",
             "by part:  " + "; ".join(
                 f"{part or 'the rest'} {size / 2 ** 20:,.1f} MiB ({count:,})"
                 for part, (size, count) in f["by_part"].items()),
             f"checker:  a {CHECKED_PLAYERS}-player file fetches at most "
             f"{f['shard_fetch'] / 1000:,.0f} kB of id shards (the largest, one a player)",
             f"memory:   peak RSS {f['peak']:,.0f} MiB (after load {f['peak_load']:,.0f}, "
             f"after compute {f['peak_compute']:,.0f}, its PSS then {f['pss_compute']:,.0f}); "
             f"cyclic garbage left by "
             f"the build: {f['cycles']} objects",
             f"          largest worker's peak RSS {f['peak_workers']:,.0f} MiB",
             f"          all processes together ({f['processes']} at most, sampled every "
             f"2 s): peak PSS {f['sum_pss']:,.0f} MiB, peak RSS summed "
             f"{f['sum_rss']:,.0f} MiB (every 0.2 s; shared pages counted in each); "
             f"the sampler's own CPU {f['sampler_cpu']:,.1f} s (a process of its own, not counted)",
             # forked workers share the building process's pages only until
             # a process writes to one, and reading an object writes its
             # reference count (docs/scale.md#memory-session-16)
             f"          at the PSS peak, pages of one process alone "
             f"{f['own_pss']:,.0f} MiB (the building process's "
             f"{f['own_building']:,.0f}, the workers' "
             f"{round(f['own_pss']) - round(f['own_building']):,}), pages still shared "
             f"{round(f['sum_pss']) - round(f['own_pss']):,} MiB"]
    if f.get("pss_by_step"):
        lines.append("          peak PSS by step: " + ", ".join(
            f"{step} {mib:,.0f} MiB" for step, mib in f["pss_by_step"].items()))
    if "heap" in f:
        lines.append(f"          Python heap peak (tracemalloc) {f['heap']:,.0f} MiB; "
                     "held after compute, by line:")
        lines.extend("            " + line for line in f["lines"])
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path,
                        help="the content folder (default: a new temporary folder)")
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--bench", action="store_true", help="then build it, timed")
    parser.add_argument("--out", type=Path, help="the site folder (default: temporary)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary site")
    parser.add_argument("--tracemalloc", action="store_true",
                        help="also measure the Python heap's peak and print what holds "
                        "it after compute, by line (slow)")
    parser.add_argument("--profile", action="store_true",
                        help="profile load and compute (cProfile), print the 25 costliest functions of each "
                        "(the building process's: with workers, not the events rated in them)")
    parser.add_argument("--month", action="store_true",
                        help="instead of --bench: build it as `sitegen build` does, then it "
                        "with a month more over that site, then that into an empty folder "
                        "(about 11 minutes at FIDE's size)")
    parser.add_argument("--compute-workers", type=int, metavar="N",
                        help="the processes that rate a period's events (default: as the "
                        "build, $SITEGEN_WORKERS, else one a CPU)")
    args = parser.parse_args(argv)
    folder = args.folder or Path(tempfile.mkdtemp(prefix="fide-scale-"))
    wanted = {"version": VERSION, "players": args.players, "games": args.games,
              "seed": args.seed}
    stamp = folder / STAMP
    known = json.loads(stamp.read_text()) if stamp.is_file() else {}
    built = args.bench or args.month
    if not built or any(known.get(k) != v for k, v in wanted.items()):
        made = generate(folder, args.players, args.games, args.seed)
        print(f"wrote {folder}: {made['players']:,} players, {made['events']:,} events, "
              f"{made['seats']:,} entries, in {made['seconds']} s", flush=True)
    if not built:
        return 0
    if args.month:
        work = args.out or Path(tempfile.mkdtemp(prefix="fide-scale-month-"))
        made = lambda: month_report(month_bench(folder, work, args.players,  # noqa: E731
                                                args.games, args.seed))
        label, kept, temporary = "sites:   ", work, work
    else:
        out = args.out or Path(tempfile.mkdtemp(prefix="fide-scale-site-")) / "site"
        made = lambda: report(bench(folder, out, args.tracemalloc,  # noqa: E731
                                    args.profile, args.compute_workers))
        label, kept, temporary = "site:    ", out, out.parent
    try:
        print(made())
        print(f"{label} {kept}" + ("" if args.out or args.keep else " (removed)"))
    finally:
        if not (args.out or args.keep):
            shutil.rmtree(temporary, ignore_errors=True)
            if not args.folder:
                shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
