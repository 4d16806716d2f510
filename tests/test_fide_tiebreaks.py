"""FIDE tie-breaks (rules_core/fide/tiebreaks.py) against the regulation's
worked examples.

Source of every figure below: IA Mario Held, "Exercises in tie-breaking",
FIDE TEC, rev. 2403220900, on C.07 (2023) (the file
docs/tie-breaks/Tiebreak_exercises-TEC-2023.pdf of the public repository
Sharly-Chess/sharly-chess), transcribed by hand.  The crosstables are its
section 2.1 (a 16-player, 5-round Swiss) and 2.2 (a 6-player round robin).
"""

from __future__ import annotations

import re
from datetime import date
from typing import NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.fide import tiebreaks as tb
from rules_core.model import Player, RoundResult, Tournament
from tests.shared_data import third_party

# Exercises 2.1: number -> (name, rating, rounds).  "+B10" a win with Black
# against 10; "=BYE" a requested half-point bye (H); "+BYE" the pairing-
# allocated bye (U); "+F9" / "-F11" forfeits; "--" a round not played (Z:
# Paul's zero-point bye, Nick's withdrawal).
SWISS = {
    1: ("Alyx", 2200, "+W9 =B13 =W2 +B15 =W4"),
    2: ("Bruno", 2150, "+B10 +W7 =B1 +W16 =B3"),
    3: ("Charline", 2100, "=W11 +B6 +W8 =B4 =W2"),
    4: ("David", 2050, "+B12 =BYE +W13 =W3 =B1"),
    5: ("Helene", 2000, "-W13 -B15 +W11 =B7 +W10"),
    6: ("Franck", 1950, "-B14 -W3 +BYE +W10 +B8"),
    7: ("Genevieve", 1900, "+W15 -B2 -B16 =W5 -B11"),
    8: ("Irina", 1850, "=B16 +W14 -B3 +W13 -W6"),
    9: ("Jessica", 1800, "-B1 -W10 =BYE -F11 +BYE"),
    10: ("Lais", 1750, "-W2 +B9 -W15 -B6 -B5"),
    11: ("Maria", 1700, "=B3 -W16 -B5 +F9 +W7"),
    12: ("Nick", 1650, "-W4 +BYE +F14 -- --"),
    13: ("Opal", 1600, "+B5 =W1 -B4 -B8 -W14"),
    14: ("Paul", 1550, "+W6 -B8 -F12 -- +B13"),
    15: ("Reine", 1500, "-B7 +W5 +B10 -W1 -B16"),
    16: ("Stephan", 1450, "=W8 +B11 +W7 -B2 +W15"),
}

# Exercises 2.2, in its "Swiss" form (forfeit 5-6 of round 4 written as
# a forfeit, which counts as a game in a round robin).
ROUND_ROBIN = {
    1: ("Alyx", 2200, "=W5 +W2 +B3 -W4 +B6"),
    2: ("Bruno", 2150, "+W6 -B1 +W5 =W3 +B4"),
    3: ("Charline", 2100, "+W4 +B6 -W1 =B2 +W5"),
    4: ("David", 2050, "-B3 -B5 =W6 +B1 -W2"),
    5: ("Franck", 1950, "=B1 +W4 -B2 -FW6 -B3"),
    6: ("Helene", 2000, "-B2 -W3 =B4 +FB5 -W1"),
}

_CODES = {"+": ("1", 1.0), "=": ("=", 0.5), "-": ("0", 0.0)}


def _round(k: int, cell: str) -> RoundResult:
    if cell == "--":
        return RoundResult(k, None, None, "Z", 0.0)
    if cell.endswith("BYE"):
        return RoundResult(k, None, None, "U" if cell[0] == "+" else "H",
                           1.0 if cell[0] == "+" else 0.5)
    sign, rest = cell[0], cell[1:]
    if rest.startswith("F"):
        colour = rest[1].lower() if rest[1] in "WB" else None
        number = rest[2:] if colour else rest[1:]
        return RoundResult(k, int(number), colour, sign, 1.0 if sign == "+" else 0.0)
    code, score = _CODES[sign]
    return RoundResult(k, int(rest[1:]), rest[0].lower(), code, score)


def crosstable(table: dict, system: str = "swiss", start=date(2024, 6, 1),
               order: list[int] | None = None) -> Tournament:
    players = []
    for number in order or list(table):
        name, rating, cells = table[number]
        results = [_round(k, c) for k, c in enumerate(cells.split(), start=1)]
        players.append(Player(number, name, rating=rating, results=results))
    return Tournament(name="exercises", start=start, system=system, players=players)


def values(table, spec, system="swiss", **kw):
    return tb.compute(crosstable(table, system, **kw), tb.parse_tiebreaks(spec))


# Exercises 1-9 (BH), 5-8 (BH-C1), 12 (SB), 13 (SB-C1), 17 (ARO), 18
# (ARO-C1; #12 has none left: "undefined"), 20 (TPR), 27 (WIN), 28 (WON),
# 29 (BPG), 30 (BWG), 31 (GE), 32 (PS), 33 (PS-C1): player -> value.
SWISS_EXPECTED = {
    "buchholz": {2: 13.0, 3: 15.5, 4: 15.0, 1: 12.5, 16: 12.5, 6: 12.0, 8: 13.5, 11: 13.5,
                 5: 8.5, 15: 12.0, 12: 11.5, 14: 11.0, 7: 14.5, 13: 14.0, 9: 9.0, 10: 13.0},
    "buchholz_cut1": {2: 12.0, 3: 13.0, 4: 11.5, 1: 11.0, 16: 11.0, 6: 11.0, 8: 12.0,
                      11: 12.0, 5: 7.5, 15: 11.0, 12: 9.5, 14: 9.0, 7: 12.5, 13: 12.0,
                      9: 7.5, 10: 11.5},
    "sonneborn_berger": {2: 9.5, 3: 10.5, 4: 9.75, 1: 8.0, 16: 7.25, 6: 6.5, 11: 5.75,
                         8: 5.25, 5: 4.25, 14: 4.5, 12: 4.0, 15: 3.5, 13: 4.25, 7: 3.25,
                         9: 2.25, 10: 1.5},
    "sonneborn_berger_cut1": {2: 8.5, 3: 9.25, 4: 8.0, 1: 7.25, 16: 5.75, 6: 5.5, 11: 4.25,
                              8: 3.75, 5: 3.25, 12: 4.0, 14: 3.0, 15: 2.5, 13: 4.25,
                              7: 1.25, 9: 2.25, 10: 0.0},
    "aro": {2: 1880, 3: 1940, 4: 1888, 1: 1820, 16: 1820, 6: 1813, 11: 1863, 8: 1730,
            5: 1690, 12: 2050, 15: 1860, 13: 1930, 7: 1760, 9: 1975, 10: 1880, 14: 1800},
    "aro_cut1": {2: 1988, 3: 2000, 4: 1983, 1: 1900, 16: 1900, 6: 1900, 11: 2000, 8: 1800,
                 5: 1738, 15: 1963, 14: 1900, 12: None, 9: 2200, 13: 2025, 7: 1838,
                 10: 1975},
    "tpr": {2: 2120, 3: 2089, 4: 2081, 1: 1969, 16: 1969, 6: 1813, 11: 1776, 8: 1730,
            5: 1690, 14: 1925, 15: 1788, 12: 1250, 13: 1781, 7: 1611, 9: 1175, 10: 1640},
    "wins": {2: 3, 16: 3, 1: 2, 3: 2, 4: 2, 6: 3, 5: 2, 8: 2, 11: 2, 12: 2, 14: 2, 15: 2,
             7: 1, 9: 1, 13: 1, 10: 1},
    "games_won": {2: 3, 16: 3, 1: 2, 3: 2, 4: 2, 6: 2, 5: 2, 8: 2, 11: 1, 14: 2, 15: 2,
                  12: 0, 7: 1, 13: 1, 9: 0, 10: 1},
    "black_games": {2: 3, 1: 2, 3: 2, 4: 2, 16: 2, 6: 2, 5: 2, 8: 2, 11: 2, 15: 3, 14: 2,
                    12: 0, 7: 3, 13: 3, 9: 1, 10: 3},
    "black_wins": {2: 1, 1: 1, 3: 1, 4: 1, 16: 1, 6: 1, 5: 0, 8: 0, 11: 0, 12: 0, 14: 1,
                   15: 1, 7: 0, 9: 0, 13: 1, 10: 1},
    "games_elected": {2: 5, 4: 4, 1: 5, 3: 5, 16: 5, 6: 5, 8: 5, 11: 5, 5: 5, 12: 3, 15: 5,
                      14: 3, 13: 5, 7: 5, 9: 3, 10: 5},
    "progressive": {2: 13.0, 4: 11.5, 1: 11.0, 3: 11.0, 16: 10.5, 6: 6.0, 8: 8.5, 11: 5.5,
                    5: 5.0, 12: 7.0, 15: 7.0, 14: 6.0, 13: 7.0, 7: 6.0, 9: 2.5, 10: 4.0},
    "progressive_cut1": {2: 12.0, 4: 10.5, 1: 10.0, 3: 10.5, 16: 10.0, 6: 6.0, 8: 8.0,
                         11: 5.0, 5: 5.0, 12: 7.0, 15: 7.0, 14: 5.0, 13: 6.0, 7: 5.0,
                         9: 2.5, 10: 4.0},
}
SPEC = "BH,BH/C1,SB,SB/C1,ARO,ARO/C1,TPR,WIN,WON,BPG,BWG,GE,PS,PS/C1"


@pytest.mark.parametrize("key", sorted(SWISS_EXPECTED))
def test_swiss_exercises(key):
    got = values(SWISS, SPEC)
    assert {n: got[n][key] for n in SWISS} == SWISS_EXPECTED[key]


# Exercise 21 (APRO of the players on 3.5 points) and exercise 9 (AOB,
# "to two decimal places").
def test_apro_and_aob():
    got = values(SWISS, "APRO,AOB")
    assert {n: got[n]["apro"] for n in (3, 4, 1, 16)} == {3: 1904, 4: 1772, 1: 1789, 16: 1805}
    expected_aob = {2: 13.60, 3: 13.40, 4: 13.38, 16: 13.30, 1: 12.60, 6: 13.25, 5: 13.40,
                    8: 13.00, 11: 12.75, 12: 15.00, 14: 13.17, 15: 12.20, 9: 12.75,
                    13: 12.10, 7: 11.90, 10: 10.90}
    assert {n: got[n]["average_opponents_buchholz"] for n in SWISS} == expected_aob


# Exercise 10: Fore Buchholz, every game of the last round a draw.
FORE = {2: 13.5, 3: 15.0, 4: 15.5, 1: 13.5, 16: 13.5, 8: 12.5, 6: 12.0, 15: 12.0, 5: 10.0,
        11: 12.5, 12: 11.5, 14: 10.5, 7: 13.5, 9: 9.5, 13: 13.5, 10: 12.5}


def test_fore_buchholz():
    got = values(SWISS, "FB")
    assert {n: got[n]["fore_buchholz"] for n in SWISS} == FORE


# Exercise 22 (PTP of #3: 2112) and the summary table after it (PTP and
# APPO of every player).
PTP = {2: 2216, 3: 2112, 4: 2168, 1: 2029, 16: 2013, 6: 1810, 11: 1763, 8: 1715, 5: 1689,
       12: 1250, 15: 1768, 14: 1942, 9: 950, 13: 1744, 7: 1531, 10: 1575}
APPO = {2: 1852, 3: 1934, 4: 1784, 1: 1769, 16: 1799, 6: 1836, 11: 1836, 8: 1924, 5: 1676,
        12: 2168, 15: 1767, 14: 1756, 9: 1802, 13: 1909, 7: 1890, 10: 1687}


def test_perfect_performance_and_its_average():
    got = values(SWISS, "PTP,APPO")
    assert {n: got[n]["ptp"] for n in SWISS} == PTP
    assert {n: got[n]["appo"] for n in SWISS} == APPO


# Exercises 14 (SB), 15 (SB-C1), 16 (KS) on the round robin.
RR_EXPECTED = {
    "sonneborn_berger": {1: 9.25, 2: 6.25, 3: 6.25, 4: 4.25, 5: 3.25, 6: 2.25},
    "sonneborn_berger_cut1": {1: 9.25, 2: 4.75, 3: 4.75, 4: 4.25, 5: 3.25, 6: 1.5},
    "koya": {1: 2.0, 2: 0.5, 3: 0.5, 4: 1.0, 5: 0.5, 6: 0.0},
}


@pytest.mark.parametrize("key", sorted(RR_EXPECTED))
def test_round_robin_exercises(key):
    got = values(ROUND_ROBIN, "SB,SB/C1,KS", system="round-robin")
    assert {n: got[n][key] for n in ROUND_ROBIN} == RR_EXPECTED[key]


def _order(table, spec, system="swiss"):
    standings = tb.rank(crosstable(table, system), tb.parse_tiebreaks(spec))
    return [(s.number, s.rank) for s in standings]


# Exercise 26: the round robin by direct encounter: Alyx first of the 3.5
# group, Bruno and Charline still tied; Helene, Franck, David in that
# order (the forfeit counts as a game, 15.2).
def test_direct_encounter_round_robin():
    assert _order(ROUND_ROBIN, "DE", "round-robin") == [
        (1, 1), (2, 2), (3, 2), (6, 4), (5, 5), (4, 6)]


# Exercise 3: #8 and #11 tied on BH 13.5, #5 after them; exercise 4:
# 3.5 points: #3 (15.5), #4 (15.0), #1 and #16 tied (12.5).
def test_buchholz_ranking_leaves_ties_shared():
    ranks = dict(_order(SWISS, "BH"))
    assert (ranks[3], ranks[4], ranks[1], ranks[16]) == (2, 3, 4, 4)
    assert (ranks[8], ranks[11], ranks[5]) == (7, 7, 9)


# As in exercise 25: of Genevieve, Irina and Stephan (tied), Stephan beat
# Genevieve and drew with Irina, who never met Genevieve: Irina could still
# reach Stephan's 1.5, so no one is first and the group stays tied (6.2).
def test_direct_encounter_incomplete_group_stays_tied():
    table = {7: ("G", None, "-B16 --"), 8: ("I", None, "=W16 --"),
             16: ("S", None, "+W7 =B8")}
    xt = tb._build(crosstable(table), None)
    assert tb.direct_encounter_groups(xt, [7, 8, 16]) == [[7, 8, 16]]


def test_direct_encounter_incomplete_group_with_a_sure_leader():
    table = {7: ("G", None, "-B16 --"), 8: ("I", None, "-W16 --"),
             16: ("S", None, "+W7 +B8")}
    xt = tb._build(crosstable(table), None)
    assert tb.direct_encounter_groups(xt, [7, 8, 16]) == [[16], [7, 8]]


# -- UzChess Cup Masters 2025 (real games; scalachess's snapshot of its tie-breaks) ----------

UZCHESS = "scalachess_uzchesscup2025.pgn"
_SCORES = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}
_LETTER = {1.0: "1", 0.5: "=", 0.0: "0"}


def _pgn_headers(text: str) -> list[dict[str, str]]:
    """Test-local: the tag pairs of each game (a game starts at its Round
    tag in this file).  Not a PGN reader: rules_core.pgn is another
    module's work."""
    games: list[dict[str, str]] = []
    for line in text.splitlines():
        match = re.match(r'\[(\w+) "([^"]*)"\]', line)
        if match:
            if match[1] == "Round":
                games.append({})
            if games:
                games[-1][match[1]] = match[2]
    return games


def _uzchess_tournament(text: str) -> Tournament:
    games = _pgn_headers(text)
    ids = sorted({g[k] for g in games for k in ("WhiteFideId", "BlackFideId")}, key=int)
    number = {fide_id: n for n, fide_id in enumerate(ids, start=1)}
    players = {n: Player(n, fide_id, id=fide_id) for fide_id, n in number.items()}
    for g in games:
        round_ = int(g["Round"].split(".")[0])
        white, black = number[g["WhiteFideId"]], number[g["BlackFideId"]]
        players[white].rating = int(g["WhiteElo"])
        players[black].rating = int(g["BlackElo"])
        w, b = _SCORES[g["Result"]]
        players[white].results.append(RoundResult(round_, black, "w", _LETTER[w], w))
        players[black].results.append(RoundResult(round_, white, "b", _LETTER[b], b))
    return Tournament(name="UzChess Cup Masters 2025", start=date(2025, 6, 18),
                      system="round-robin", players=list(players.values()))


def _snapshot(text: str) -> dict[str, tuple[float, list[float]]]:
    """scalachess's expected values: FIDE id -> (points, [DE, SB, WIN, BWG,
    KS]); its DE is the place inside the group on equal points (0 alone)."""
    out = {}
    for fide_id, points, values in re.findall(
            r"Player\((\d+),Some\(\d+\)\),([\d.]+),List\(([^)]*)\)", text):
        out[fide_id] = (float(points), [float(v) for v in values.split(",")])
    return out


def test_uzchess_cup_2025_matches_the_scalachess_snapshot():
    pgn = third_party("chess", UZCHESS).read_text(encoding="utf-8")
    expected = _snapshot(third_party("chess", "scalachess_uzchesscup2025_tiebreaks"
                                     ".expected.txt").read_text(encoding="utf-8"))
    t = _uzchess_tournament(pgn)
    order = tb.parse_tiebreaks("DE,SB,WIN,BWG,KS")
    standings = {s.number: s for s in tb.rank(t, order)}
    places = _direct_encounter_places(t)
    for p in t.players:
        s = standings[p.number]
        points, (de, sb, wins, black_wins, koya) = expected[p.id]
        assert (s.points, places[p.number], s.tiebreaks["sonneborn_berger"], s.tiebreaks["wins"],
                s.tiebreaks["black_wins"], s.tiebreaks["koya"]) == \
            (points, de, sb, wins, black_wins, koya), p.id


def _direct_encounter_places(t: Tournament) -> dict[int, int]:
    """The place each player takes by direct encounter inside his group on
    equal points (1 = first), 0 for a player alone on his points."""
    xt = tb._build(t, None)
    places = {}
    for points in {p.score for p in t.players}:
        group = sorted(p.number for p in t.players if p.score == points)
        ahead = 0
        for sub in tb.direct_encounter_groups(xt, group):
            for n in sub:
                places[n] = 0 if len(group) == 1 else ahead + 1
            ahead += len(sub)
    return places


# -- properties ------------------------------------------------------------------------------

def _random_swiss(seed: int, players: int, rounds: int) -> Tournament:
    """A Swiss-like event: random pairings, results, forfeits, requested
    byes (H, Z) and a pairing-allocated bye (U) for the odd player out."""
    import random
    rng = random.Random(seed)
    field = [Player(n, f"P{n}", rating=rng.choice([None, 1500 + 10 * n])) for n in
             range(1, players + 1)]
    for k in range(1, rounds + 1):
        present = [p for p in field if rng.random() > 0.1 or not _bye(p, k, rng)]
        rng.shuffle(present)
        if len(present) % 2:
            present.pop().results.append(RoundResult(k, None, None, "U", 1.0))
        for white, black in zip(present[::2], present[1::2], strict=True):
            _game(white, black, k, rng)
    return Tournament(name="random", start=date(2024, 6, 1), system="swiss", players=field)


def _bye(p: Player, k: int, rng) -> bool:
    code = rng.choice("HZ")
    p.results.append(RoundResult(k, None, None, code, 0.5 if code == "H" else 0.0))
    return True


def _game(white: Player, black: Player, k: int, rng) -> None:
    kind = rng.choice(["1", "=", "0", "1", "=", "0", "+", "-"])
    reply = {"1": "0", "=": "=", "0": "1", "+": "-", "-": "+"}[kind]
    score = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}
    white.results.append(RoundResult(k, black.number, "w", kind, score[kind]))
    black.results.append(RoundResult(k, white.number, "b", reply, score[reply]))


EVENTS = st.builds(_random_swiss, st.integers(0, 10 ** 9), st.integers(2, 12),
                   st.integers(1, 7))
EVERY = ("BH,BH/C1,BH/C2,BH/M1,FB,FB/C1,SB,SB/C1,DE,WIN,WON,BPG,BWG,GE,ARO,ARO/C1,TPR,APRO,PTP,APPO,"
         "PS,PS/C1,KS,AOB")


@settings(max_examples=60, deadline=None)
@given(EVENTS, st.randoms(use_true_random=False))
def test_tiebreaks_do_not_depend_on_the_order_of_players_in_the_file(t, rng):
    order = tb.parse_tiebreaks(EVERY)
    before = {(s.number, s.rank, tuple(sorted(s.tiebreaks.items()))) for s in tb.rank(t, order)}
    rng.shuffle(t.players)
    after = {(s.number, s.rank, tuple(sorted(s.tiebreaks.items()))) for s in tb.rank(t, order)}
    assert before == after


def _for_opponents(p: Player, rounds: int) -> float:
    """FIDE C.07 (2023) 16.3, written out again: a requested bye or absence
    with no later round in which the player was available counts 0.5."""
    by_round = {r.round: r for r in p.results}
    codes = [by_round[k].code if k in by_round else "Z" for k in range(1, rounds + 1)]
    total = 0.0
    for k, code in enumerate(codes):
        later_unavailable = all(c in "HFZ-" for c in codes[k + 1:])
        requested = code in "HFZ"
        total += 0.5 if requested and later_unavailable else (
            by_round[k + 1].score if k + 1 in by_round else 0.0)
    return total


@settings(max_examples=60, deadline=None)
@given(EVENTS)
def test_buchholz_is_the_sum_of_the_opponents_scores(t):
    rounds = t.rounds_played
    numbers = {p.number: p for p in t.players}
    got = tb.compute(t, tb.parse_tiebreaks("BH"), tb.get_rules("fide-c07-2023"))
    for p in t.players:
        by_round = {r.round: r for r in p.results}
        expected = 0.0
        for k in range(1, rounds + 1):
            r = by_round.get(k)
            if r is not None and r.code in "1=0":
                expected += _for_opponents(numbers[r.opponent], rounds)
            else:
                expected += p.score           # the dummy opponent, 16.4
        assert got[p.number]["buchholz"] == pytest.approx(expected)


@settings(max_examples=60, deadline=None)
@given(EVENTS)
def test_adding_a_round_changes_no_earlier_progressive_score(t):
    rounds = t.rounds_played
    order = tb.parse_tiebreaks("PS")
    previous = {p.number: 0.0 for p in t.players}
    for k in range(1, rounds + 1):
        cut = Tournament(name="cut", start=t.start, system="swiss", players=[
            Player(p.number, p.name, results=[r for r in p.results if r.round <= k])
            for p in t.players])
        cut_rounds = {p.number: p for p in cut.players}
        got = tb.compute(cut, order)
        for n, values in got.items():
            assert values["progressive"] == pytest.approx(previous[n] + cut_rounds[n].score)
            previous[n] = values["progressive"]


# -- the rules by date -----------------------------------------------------------------------

# FIDE C.02 (2009), the virtual opponent, the examples of the 80th FIDE
# Congress minutes (Kallithea 2009): in a 9-round Swiss, A (6 points) won
# by default in round 3 with 2 points after round 2: his own contribution
# for round 3 is 2 + 0 + 6 x 0.5 = 5, his value for his opponents 5.5.  B
# (6 points) was absent in round 7 with 4 points after round 6: 4 + 1 + 2 x
# 0.5 = 6, and 6.5 for his opponents.
VIRTUAL = {
    1: ("A", None, "+W3 +B4 +F5 =W6 +B7 -W8 +B9 -W10 =B11"),
    2: ("B", None, "+W13 +B14 +W15 -B16 +W17 -B18 -F19 +W20 +B21"),
}


def _virtual_event() -> Tournament:
    t = crosstable(VIRTUAL, start=date(2015, 1, 1))
    opponents = {}
    for p in t.players:
        for r in p.results:
            if r.opponent:
                other = opponents.setdefault(r.opponent, Player(r.opponent, f"O{r.opponent}"))
                reply = {"1": ("0", 0.0), "0": ("1", 1.0), "=": ("=", 0.5),
                         "+": ("-", 0.0), "-": ("+", 1.0)}[r.code]
                other.results.append(RoundResult(r.round, p.number, None, *reply))
    t.players.extend(opponents.values())
    return t


def test_virtual_opponent_of_2009():
    t = _virtual_event()
    xt = tb._build(t, None)
    assert xt.rules.id == "fide-c02-2009"
    a, b = t.player(1), t.player(2)
    assert (a.score, b.score) == (6.0, 6.0)
    assert xt.entries(1, False).values[2] == 5.0
    assert xt.entries(2, False).values[6] == 6.0
    assert (xt.opponent_value[1], xt.opponent_value[2]) == (5.5, 6.5)


def test_rules_by_date():
    assert tb.rules_for(date(2005, 7, 28))[0].id == "before-2009"
    assert tb.rules_for(date(2015, 1, 1)) == (tb.get_rules("fide-c02-2009"), None)
    assert tb.rules_for(date(2023, 9, 1)) == (tb.get_rules("fide-c07-2023"), None)
    rules, note = tb.rules_for(date(2025, 6, 18))
    assert rules.id == "fide-c07-2023" and "2024-08-01" in note
    assert "no start date" in tb.rules_for(None)[1]
    with pytest.raises(ValueError, match="'fide-1990'"):
        tb.get_rules("fide-1990")


# Before 2009 (docs/tiebreaks.md): a forfeit counts as a draw for the other
# players' Buchholz and as a game for the two players involved.
def test_forfeits_before_2009():
    table = {1: ("A", None, "+F2 +W3"), 2: ("B", None, "-F1 +B4"),
             3: ("C", None, "+W4 -B1"), 4: ("D", None, "-B3 -W2")}
    got = values(table, "BH,SB", start=date(2005, 1, 1))
    # A: B (1 point, his forfeit against A at face) + C (1): BH 2, SB 2
    # C: D (0) + A (1 + the forfeit win as a draw for C: 1.5) = 1.5
    assert got[1] == {"buchholz": 2.0, "sonneborn_berger": 2.0}
    assert got[3]["buchholz"] == 1.5
    assert got[4]["buchholz"] == 1.0 + 1.5     # C 1; B: the forfeit as a draw, 0.5 + 1


# -- the list ----------------------------------------------------------------------------------

PARSED = [("BH/C1", "buchholz_cut1", "BH-C1"), ("bh-m1", "buchholz_median1", "BH-M1"),
          ("sonneborn_berger_cut1", "sonneborn_berger_cut1", "SB-C1"),
          ("ARO:C2", "aro_cut2", "ARO-C2"), ("KS", "koya", "KS"), ("DE", "direct_encounter", "DE")]


@pytest.mark.parametrize("text, key, label", PARSED)
def test_parse_tiebreaks(text, key, label):
    (parsed,) = tb.parse_tiebreaks(text)
    assert (parsed.key, parsed.label) == (key, label)


def test_parse_tiebreaks_names_every_bad_entry():
    with pytest.raises(tb.UnknownTiebreak, match="'XX', 'SB/M1', 'DE/C1'"):
        tb.parse_tiebreaks("BH, XX, SB/M1, DE/C1")


def test_default_orders():
    assert [t.label for t in tb.default_tiebreaks("round-robin")] == ["DE", "WIN", "SB", "KS"]
    assert [t.label for t in tb.default_tiebreaks("swiss")] == [
        "BH-C1", "BH", "SB", "PS", "DE", "WIN", "BWG"]


# Koya in a round robin of five (a bye each round): the maximum is 4
# points, the limit 2 (FIDE C.07 (2023) 9.2).
def test_koya_with_a_bye_each_round():
    table = {1: ("A", None, "+W2 +B3 =W4 +B5 --"), 2: ("B", None, "-B1 +W4 +B5 -- =W3"),
             3: ("C", None, "=W5 -W1 -- +W4 =B2"), 4: ("D", None, "-- -B2 =B1 -B3 -B5"),
             5: ("E", None, "=B3 -- -W2 -W1 +W4")}
    got = values(table, "KS", system="round-robin")
    scores = {1: 3.5, 2: 2.5, 3: 2.0, 4: 0.5, 5: 1.5}
    assert {n: crosstable(table).player(n).score for n in table} == scores
    # A: B (2.5) 1 + C (2.0) 1; B: A 0 + C ½; C: B ½ + A 0; D: A ½; E: C ½ + A 0 + B 0
    assert {n: got[n]["koya"] for n in table} == {1: 2.0, 2: 0.5, 3: 0.5, 4: 0.5, 5: 0.5}


# Exercise 25: the Swiss of 2.1 played to nine rounds, ranked by direct
# encounter.  On 6 points Franck is first (2 points among the four),
# Alyx and David stay tied (1.5 each, and drew), Bruno last; the 4.5, 4 and
# 3 point groups stay tied.  (The exercise's side table for 4 points shows
# Helene beating Paul; its crosstable, transcribed here, has Paul beating
# Helene in round 6: the group stays tied either way.)
SWISS_9 = {
    3: ("Charline", 2100, "=W11 +B6 +W8 =B4 -W2 +B16 =W1 +W14 +B10"),
    1: ("Alyx", 2200, "+W9 =B13 =W2 +B15 =W4 =B6 =B3 =W16 +B8"),
    2: ("Bruno", 2150, "+B10 +W7 =B1 +W16 +B3 =W4 -W6 =B15 =W5"),
    4: ("David", 2050, "+B12 =BYE +W13 =W3 =B1 =B2 =W16 =B6 +W15"),
    6: ("Franck", 1950, "-B14 -W3 +BYE +W10 +B8 =W1 +B2 =W4 +B16"),
    7: ("Genevieve", 1900, "+W15 -B2 -B16 =W5 -B11 -B10 +W13 +W9 +B14"),
    8: ("Irina", 1850, "=B16 +W14 -B3 +W13 -W6 =B11 =W15 +B5 -W1"),
    16: ("Stephan", 1450, "=W8 +B11 +W7 -B2 +W15 -W3 =B4 =B1 -W6"),
    5: ("Helene", 2000, "-W13 -B15 +W11 =B7 +W10 -B14 +B9 -W8 =B2"),
    10: ("Lais", 1750, "-W2 +B9 -W15 -B6 -B5 +W7 +B12 +W11 -W3"),
    14: ("Paul", 1550, "+W6 -B8 -F12 -- +B13 +W5 +W11 -B3 -W7"),
    15: ("Reine", 1500, "-B7 +W5 +B10 -W1 -B16 +W12 =B8 =W2 -B4"),
    11: ("Maria", 1700, "=B3 -W16 -B5 +F9 +W7 =W8 -B14 -B10 =W13"),
    9: ("Jessica", 1800, "-B1 -W10 =BYE -F11 +BYE +B13 -W5 -B7 =W12"),
    12: ("Nick", 1650, "-W4 +BYE +F14 -- -- -B15 -W10 =B13 =B9"),
    13: ("Opal", 1600, "+B5 =W1 -B4 -B8 -W14 -W9 -B7 =W12 =B11"),
}
SWISS_9_POINTS = {3: 6.5, 1: 6.0, 2: 6.0, 4: 6.0, 6: 6.0, 7: 4.5, 8: 4.5, 16: 4.5, 5: 4.0,
                  10: 4.0, 14: 4.0, 15: 4.0, 11: 3.5, 9: 3.0, 12: 3.0, 13: 2.5}


def test_direct_encounter_swiss_exercise_25():
    t = crosstable(SWISS_9)
    assert {p.number: p.score for p in t.players} == SWISS_9_POINTS
    xt = tb._build(t, None)
    assert tb.direct_encounter_groups(xt, [1, 2, 4, 6]) == [[6], [1, 4], [2]]
    assert tb.direct_encounter_groups(xt, [7, 8, 16]) == [[7, 8, 16]]
    assert tb.direct_encounter_groups(xt, [5, 10, 14, 15]) == [[5, 10, 14, 15]]
    assert tb.direct_encounter_groups(xt, [9, 12]) == [[9, 12]]
    ranks = dict(_order(SWISS_9, "DE"))
    assert (ranks[6], ranks[1], ranks[4], ranks[2]) == (2, 3, 3, 5)


def _cut_statement(entries: list, cut: int, median: int) -> list:
    """What `_cut` does, written as FIDE C.07 (2023) 14.1, 14.2 and 16.5
    read (the form it had before session 13): remove the least significant
    entry (lowest value, then smallest contribution; a VUR whose
    contribution is not below it first) `cut` times, then the highest
    `median` times, the first of equal entries each time."""
    kept = list(entries)
    for _ in range(min(cut + median, len(kept))):
        if cut:
            cut -= 1
            least = min(kept, key=lambda e: (e.value, e.contribution))
            vurs = [e for e in kept if e.vur]
            if vurs:
                vur = min(vurs, key=lambda e: e.contribution)
                if vur.contribution >= least.contribution:
                    least = vur
            kept.remove(least)
        else:
            median -= 1
            kept.remove(max(kept, key=lambda e: (e.value, e.contribution)))
    return kept


_HALVES = st.integers(0, 8).map(lambda n: n / 2)


class _Round(NamedTuple):
    """One entry as the statement reads it (`_cut_statement`)."""

    value: float
    contribution: float
    vur: bool


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(_HALVES, _HALVES, st.booleans()), max_size=11),
       st.integers(0, 3), st.integers(0, 2))
def test_cut_removes_what_the_articles_remove(raw, cut, median):
    """`_cut` (indices found in one pass) removes the same entries, in the
    same order, as the statement of 14.1, 14.2 and 16.5, ties and VURs
    included."""
    named = [_Round(*r) for r in raw]
    entries = tb._Entries([r.value for r in named], [r.contribution for r in named],
                          [r.vur for r in named])
    assert tb._cut(entries, cut, median) == [
        r.contribution for r in _cut_statement(named, cut, median)]
    if named:     # the one entry each removes is the statement's, value and VUR too
        for found, (c, m) in ((tb._least(*entries), (1, 0)), (tb._most(*entries[:2]), (0, 1))):
            kept = _cut_statement(named, c, m)
            # kept is one shorter: the first place they differ, else the last
            removed = next((i for i, (a, b) in enumerate(zip(named, kept, strict=False))
                            if a != b), len(kept))
            assert named[found] == named[removed]
