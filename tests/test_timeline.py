"""The editions timeline of the /regulations/ index (sitegen/site/timeline.py)."""

from __future__ import annotations

from datetime import date, timedelta
from itertools import pairwise
from pathlib import Path

import pytest

from sitegen.site.regulations import load_regulations
from sitegen.site.timeline import editions_timeline

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def groups():
    docs = load_regulations(ROOT / "content" / "regulations")
    return dict(editions_timeline(date(2024, 6, 1), docs))


def test_three_timelines(groups):
    assert list(groups) == ["Chess, standard", "Chess, rapid and blitz", "Draughts"]


@pytest.mark.parametrize("heading", ["Chess, standard", "Chess, rapid and blitz"])
def test_rows_tile_from_2002_and_the_last_is_in_force(groups, heading):
    rows = groups[heading]
    assert rows[0].start == "2002-01-01" and rows[-1].end is None
    for before, after in pairwise(rows):
        assert date.fromisoformat(after.start) == \
            date.fromisoformat(before.end) + timedelta(days=1)


def test_the_newest_edition_is_shown_whatever_the_last_list(groups):
    """The site's last list is June 2024; the timeline still reaches the
    2025 edition, so the page does not depend on the build's date."""
    assert groups["Chess, standard"][-1].edition == "fide-standard-2025"
    assert groups["Chess, standard"][-1].start == "2025-10-01"


def test_rows_link_the_published_text_or_the_source(groups):
    by_id = {r.edition: r for r in groups["Chess, standard"] if r.gap is None}
    assert by_id["fide-standard-2009-fide"].page == "regulations/fide-2009/"
    assert by_id["fide-standard-2002"].page == "regulations/fide-2002/"
    assert by_id["fide-standard-2025"].page is None
    assert by_id["fide-standard-2025"].url.startswith("https://www.fide.com/")


def test_gaps_say_why(groups):
    gaps = [r for r in groups["Chess, rapid and blitz"] if r.gap]
    assert gaps[0].start == "2002-01-01" and gaps[0].end == "2011-12-31"
    assert "no rapid or blitz games before 1 January 2012" in gaps[0].gap
