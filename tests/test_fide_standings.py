"""rules_core/fide/standings.py: the order's source, the notes, shared places."""

from __future__ import annotations

from datetime import date

from rules_core.fide import tiebreaks as tb
from rules_core.fide.standings import chess_standings, shared_note
from rules_core.model import Player, RoundResult, Tournament


def _all_drawn(players: int) -> Tournament:
    """One round, every game drawn, so every player is level."""
    field = [Player(n, f"P{n}") for n in range(1, players + 1)]
    for white, black in zip(field[::2], field[1::2], strict=True):
        white.results.append(RoundResult(1, black.number, "w", "=", 0.5))
        black.results.append(RoundResult(1, white.number, "b", "=", 0.5))
    return Tournament(name="drawn", start=date(2024, 1, 6), system="swiss", players=field)


def test_a_long_shared_place_names_ten_players():
    line = tb.Standing(1, 1, 0.5, {}, shared=list(range(2, 15)))
    assert shared_note(line) == ("place 1 shared with 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 3 more:"
                                 " points and every tie-break equal (the regulations leave "
                                 "the rest to a drawing of lots, 4.2)")


def test_order_sources_and_notes():
    t = _all_drawn(4)
    assert chess_standings(t).source == "default for a Swiss"
    assert chess_standings(t, "SB").source == "given with --tiebreaks"
    t.tiebreaks = "BH/C1, MPvGP"
    ranked = chess_standings(t)
    assert ranked.source == "the event's list" and [x.key for x in ranked.order] == [
        "buchholz_cut1"]
    assert "'MPvGP'" in ranked.problems[0].message
    assert all(line.rank == 1 for line in ranked.lines)
    t.system = "team"
    assert any("team event" in n for n in chess_standings(t).notes)


def test_unrated_opponents_are_noted_for_rating_tiebreaks():
    t = _all_drawn(2)
    t.players[0].rating = 2000
    notes = chess_standings(t, "ARO,TPR").notes
    assert any("rated opponents" in n for n in notes)
    values = {line.number: line.tiebreaks for line in chess_standings(t, "ARO,TPR").lines}
    assert values[1] == {"aro": None, "tpr": None} and values[2] == {"aro": 2000, "tpr": 2000}


def test_file_ranks_reproduced_or_counted():
    t = _all_drawn(4)
    t.players[0].results[0] = RoundResult(1, 2, "w", "1", 1.0)      # 1 beats 2
    t.players[1].results[0] = RoundResult(1, 1, "b", "0", 0.0)
    for p, rank in zip(t.players, (1, 4, 2, 3), strict=True):                    # 3 and 4 share 2nd
        p.rank = rank
    assert "the ranks printed in the file are reproduced" in chess_standings(t, "WIN").notes
    for p, rank in zip(t.players, (4, 1, 2, 3), strict=True):
        p.rank = rank
    assert any(n.startswith("2 of the 4 players the file ranks stand elsewhere")
               for n in chess_standings(t, "WIN").notes)
