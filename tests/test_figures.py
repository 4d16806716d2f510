"""sitegen.site.figures: the labels of the tie-break columns, one table for
the event pages and the browser's /check/ page (docs/check-contract.md#tiebreak-keys)."""

from rules_core.fide.tiebreak_tables import CODES
from rules_core.fmjd.standings import SYSTEMS
from sitegen.browser import worker
from sitegen.site import event_views
from sitegen.site.figures import TIEBREAK_LABELS


def test_every_tiebreak_key_rules_core_reports_has_a_label():
    chess = set(CODES.values())
    draughts = {key for system in SYSTEMS.values() for key in system.criteria}
    assert (chess | draughts) - set(TIEBREAK_LABELS) == set()


def test_the_event_pages_and_the_browser_read_the_same_labels():
    assert event_views.TIEBREAK_LABELS is TIEBREAK_LABELS
    assert worker.TIEBREAK_LABELS is TIEBREAK_LABELS
