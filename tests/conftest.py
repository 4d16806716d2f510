"""Fixtures for every test module (see `tests.shared_data` for the paths).

Sites built once per test session: the golden fixture site (tests/golden.py)
and the embedded demo federation (content/).  Tests read them and never
write into them; a test that changes content builds its own site.

The browser tests (tests/test_browser.py: Debian's Chromium through
Playwright, and rules_core's tests inside Pyodide under Node; the large
site's addresses in Chromium in tests/test_scale.py) carry the `browser`
mark, so `python -m pytest -m "not browser"` runs everything else.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shared_data import NO_SHARED, ROOT, THIRD_PARTY
from tests.site_pages import Page, parse_site

# Modules whose every test needs a browser or the Pyodide runtime, and
# single tests elsewhere that drive Chromium.
BROWSER_MODULES = frozenset({"test_browser.py"})
BROWSER_TESTS = frozenset({"test_scale.py::test_player_addresses_and_search_in_a_browser"})


# Under pytest-xdist (`-n 2 --dist loadgroup` in pyproject.toml) a session
# fixture is built once per worker that needs it: the tests of each site
# built for the session go to one worker together, every other test with
# the rest of its module (its module fixtures are built once).
SESSION_SITES = ("demo_site", "demo_pages", "golden_fixture_site")


@pytest.hookimpl(tryfirst=True)     # before xdist reads the groups
def pytest_collection_modifyitems(config, items):
    xdist = config.pluginmanager.hasplugin("xdist")
    for item in items:
        if item.path.name in BROWSER_MODULES or \
                f"{item.path.name}::{item.originalname}" in BROWSER_TESTS:
            item.add_marker(pytest.mark.browser)
        if xdist:
            item.add_marker(pytest.mark.xdist_group(_group(item)))


def _group(item) -> str:
    """The session site the test reads (its own group), else its module."""
    used = [name for name in SESSION_SITES if name in getattr(item, "fixturenames", ())]
    if "golden_fixture_site" in used:
        return "golden_fixture_site"
    return "demo_site" if used else item.path.name


@pytest.fixture
def shared_dir() -> Path:
    if not THIRD_PARTY.exists():
        pytest.skip(NO_SHARED)
    return THIRD_PARTY


@pytest.fixture(scope="session")
def golden_fixture_site(tmp_path_factory) -> Path:
    """The content of tests/site_fixture.py built as tests/golden/site is."""
    from tests.golden import build_fixture_site

    return build_fixture_site(tmp_path_factory.mktemp("golden") / "site")


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory) -> Path:
    """The embedded demo federation (content/) built once for the session."""
    from sitegen.build import build

    site = tmp_path_factory.mktemp("demo") / "site"
    build(ROOT / "content", site, show_progress=False)
    return site


@pytest.fixture(scope="session")
def demo_pages(demo_site) -> dict[str, Page]:
    """Every HTML page of the demo site, parsed once for the session
    (links, link texts, heads: tests/site_pages.py)."""
    return parse_site(demo_site)
