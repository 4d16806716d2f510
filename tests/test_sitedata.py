"""sitegen/compute/sitedata.py: the records kept once per player, list entry
or history row are slotted (docs/scale.md#memory): no per-instance
`__dict__`, so a misspelt attribute is an error rather than a silent new one."""

from __future__ import annotations

from datetime import date

import pytest

from sitegen.compute import sitedata
from sitegen.compute.pipeline import _Player
from sitegen.site.views import ListRow

# every record of the module, and the per-player and per-row records elsewhere
RECORDS = [getattr(sitedata, name) for name in sitedata.__all__] + [_Player, ListRow]


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.__name__)
def test_record_is_slotted(record):
    assert "__slots__" in vars(record)
    assert "__dict__" not in vars(record)


def test_a_new_attribute_is_refused():
    row = sitedata.HistoryRow(date(2025, 2, 1), 2000, 5, 9, [])
    with pytest.raises(AttributeError):
        row.ratng = 2001        # type: ignore[attr-defined]


def test_published_list_key_still_works_slotted():
    pl = sitedata.PublishedList("chess", "standard", date(2025, 2, 1), "fide-2024", [], [])
    assert pl.key == "2025-02"
