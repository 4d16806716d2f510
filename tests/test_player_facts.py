"""sitegen.compute.player_facts: peak, ranks and head-to-head, from what the pipeline
computed (the test content of tests/site_fixture.py) and from small lists
written here."""

from __future__ import annotations

from datetime import date

import pytest

from sitegen.compute.player_facts import Facts, _ranks
from sitegen.compute.sitedata import ListEntry, PublishedList
from tests.site_fixture import write_content


def _entry(pid: str, fed: str, rating: int, rank: int) -> ListEntry:
    return ListEntry(pid, pid, fed, "m", None, "", rating, rank, 0, 0)


# (id, federation, rating, rank on the list) in list order; ties share a place
LIST = [("a", "AAA", 2500, 1), ("b", "BBB", 2400, 2), ("c", "AAA", 2400, 2),
        ("d", "AAA", 2400, 2), ("e", "BBB", 2300, 5), ("f", "AAA", 2200, 6)]
# id -> (rank, rank within the federation, players of the federation)
EXPECTED = {"a": (1, 1, 4), "b": (2, 1, 2), "c": (2, 2, 4), "d": (2, 2, 4),
            "e": (5, 2, 2), "f": (6, 4, 4)}


def test_ranks_overall_and_within_the_federation():
    pl = PublishedList("chess", "standard", date(2025, 1, 1), "x",
                       [_entry(*row) for row in LIST], [])
    assert _ranks(pl) == EXPECTED


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    from sitegen.compute.pipeline import compute
    from sitegen.content.folder import load_content
    return compute(load_content(write_content(tmp_path_factory.mktemp("facts") / "content")))


def test_head_to_head_is_symmetric(data):
    """A's wins against B are B's losses against A, game for game, and the
    scores of both add up to the points of their games."""
    facts = Facts(data)
    lines = {}
    for (game, pid), record in data.players.items():
        for h in facts.head_to_head(record):
            lines[(game, pid, h.opponent_id)] = h
    assert lines
    win = {"chess": 1.0, "draughts": 2.0}
    for (game, pid, other), h in lines.items():
        back = lines[(game, other, pid)]
        assert (h.games, h.wins, h.draws, h.losses) == \
               (back.games, back.losses, back.draws, back.wins)
        assert h.score + back.score == pytest.approx(h.games * win[game])


def test_peak_is_the_best_published_rating(data):
    facts = Facts(data)
    for record in data.players.values():
        for standing in facts.standings(record, sorted(record.ratings)):
            rated = [r.rating for r in record.history.get(standing.list_name, [])
                     if r.rating is not None]
            assert standing.peak == (max(rated) if rated else None)
            if standing.rank is not None:
                assert standing.federation_rank <= standing.rank
