"""static/search.js on a site of ordinary size: the header's search box finds
players as one types, and Enter on a single match opens the player's page.
(The large site's split index: tests/test_scale.py, with the same script.)"""

from __future__ import annotations

import pytest

from tests.test_layout import origin  # noqa: F401  (a fixture; `chromium`: tests/conftest.py)

pytestmark = pytest.mark.browser


def test_search_box_finds_players_and_enter_opens_the_only_match(chromium, origin):  # noqa: F811
    page = chromium.new_page()
    try:
        page.goto(f"{origin}/")
        page.fill("#search-q", "okafor femi")
        results = page.locator("#search-results")
        results.get_by_text("Okafor, Femi").wait_for()
        assert "1 player found" in results.inner_text()
        page.press("#search-q", "Enter")
        page.wait_for_url(f"{origin}/players/4400682/")
        page.goto(f"{origin}/")
        page.fill("#search-q", "zzzz")
        results.get_by_text("0 players found").wait_for()
    finally:
        page.close()
