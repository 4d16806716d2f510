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

import os
import shutil
import sys
from pathlib import Path

import pytest

from tests.shared_data import NO_SHARED, ROOT, THIRD_PARTY
from tests.site_pages import Page, parse_site

# Modules whose every test needs a browser or the Pyodide runtime, and
# single tests elsewhere that drive Chromium.
BROWSER_MODULES = frozenset({"test_browser.py"})
BROWSER_TESTS = frozenset({"test_scale.py::test_player_addresses_and_search_in_a_browser"})


# Under pytest-xdist (`-n 2 --dist loadgroup --no-loadscope-reorder` in
# pyproject.toml) each group of tests runs on one worker, the groups handed
# out in collection order as workers free up.  A group is a module (its
# module fixtures are built once), but:
# - the sites built for the session are built once for both workers
#   (`_built_once`), so their tests need not share a worker;
# - the demo site's parsed pages (`demo_pages`, some 8 s of CPU) are kept
#   in one worker's memory: the tests that read them are one group;
# - the modules of `SPLIT` give each test its own group (independent
#   browser checks that would otherwise all wait on one worker).
# The groups are handed out longest first (`HEAVY`: seconds on one worker of
# a quiet run's `--durations`, approximate), so that the two workers end
# together, but the demo's parsed pages go first: that worker builds the
# demo (some 15 s) that a dozen groups read, while the other starts on the
# longest group that needs no demo (the browser checks read the small
# golden fixture site), and no worker waits on the demo's lock.  Each worker asks for more
# when two tests or fewer are left of what it holds, so the many short
# tests handed out last fill the end.
PARSED_GROUP = "demo_pages"
SPLIT = frozenset({"test_a11y.py"})
HEAVY = {PARSED_GROUP: 1000, "test_browser.py": 75, "test_incremental.py": 60,
         "test_layout.py": 13, "test_bundle.py": 20, "test_named_mutations.py": 19,
         "test_i18n.py": 18, "test_render.py": 16, "test_validator.py": 14,
         "test_deploy.py": 13, "test_theme.py": 12, "test_fide_properties.py": 12,
         "test_scale.py": 12, "test_lint.py": 10, "test_norm_register.py": 5,
         "test_a11y.py": 4}


def pytest_configure(config):
    """No hypothesis deadline: tests never assert on time (CONTRIBUTING.md),
    and on the shared 2-core machine, loaded, a correct property took 280 ms
    of its 200 (fide-2011's unrated rating, test_fide_properties.py) and
    failed the suite.  (Here, not at import: tests/pyodide_runner.py imports
    this module under a stand-in hypothesis.)

    Compiled modules kept between runs even where PYTHONDONTWRITEBYTECODE
    is set (as on the project's shared machine): beside the sources, in the
    `__pycache__` folders git ignores, as Python writes them by default, and
    not when the cache is turned off (`-p no:cacheprovider`, as
    tools/named_mutations.py runs its tests).  Without them each worker and
    each Python the tests start compiles the project's modules again, and
    pytest rewrites the assertions of every test module (some 4 s of each
    worker's start).  They were kept in pytest's cache folder instead
    (`sys.pycache_prefix`) until session 8, but Python then looks there for
    every module, the installed packages' too, whose compiled files pip
    wrote beside them: a fresh clone's workers compiled some 1,500 modules
    each before the first test (13 s of wall time against 3.5)."""
    from hypothesis import settings

    settings.register_profile("suite", deadline=None)
    settings.load_profile("suite")
    if sys.dont_write_bytecode and not config.pluginmanager.is_blocked("cacheprovider"):
        sys.dont_write_bytecode = False
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    if os.environ.get("SUITE_CPU_PROFILE"):
        from tests.cpu_profile import CpuProfile

        config.pluginmanager.register(CpuProfile(os.environ["SUITE_CPU_PROFILE"], config), "cpu_profile")


@pytest.hookimpl(tryfirst=True)     # before xdist reads the groups
def pytest_collection_modifyitems(config, items):
    xdist = config.pluginmanager.hasplugin("xdist")
    for item in items:
        if item.path.name in BROWSER_MODULES or \
                f"{item.path.name}::{item.originalname}" in BROWSER_TESTS:
            item.add_marker(pytest.mark.browser)
        if xdist:
            item.add_marker(pytest.mark.xdist_group(_group(item)))
    if xdist:
        weight = {item: HEAVY.get(_group(item), HEAVY.get(item.path.name, 0)) for item in items}
        items.sort(key=lambda item: -weight[item])      # stable: collection order kept


def _group(item) -> str:
    """The test's group of tests run on one worker (see above)."""
    if "demo_pages" in getattr(item, "fixturenames", ()):
        return PARSED_GROUP
    return item.nodeid if item.path.name in SPLIT else item.path.name


def _built_once(tmp_path_factory, name: str, make) -> Path:
    """`make(folder)`'s result, made once for the session: under
    pytest-xdist by the first worker that asks, in the session's shared
    temporary folder under a file lock, and read by the others (the
    pytest-xdist documentation's recipe, "Making session-scoped fixtures
    execute only once")."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return make(tmp_path_factory.mktemp(name))
    from filelock import FileLock

    shared = tmp_path_factory.getbasetemp().parent      # one per session, every worker's
    folder, done = shared / name, shared / f"{name}.done"
    with FileLock(str(shared / f"{name}.lock")):
        if not done.is_file():
            shutil.rmtree(folder, ignore_errors=True)      # a failed attempt's remains
            folder.mkdir()
            done.write_text(str(make(folder)), encoding="utf-8")
    return Path(done.read_text(encoding="utf-8"))


CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--no-first-run", "--disable-sync"]


@pytest.fixture(scope="session")
def chromium():
    """Debian's Chromium through Playwright, launched once a session (under
    pytest-xdist once a worker) for every browser test: a launch costs some
    2 s of CPU, and Playwright's synchronous API allows one instance in a
    thread at a time, so no test or module launches its own.  Tests open
    their own pages or contexts and close them.  Without Chromium or the
    playwright package the tests skip, saying why (never `playwright
    install`: Debian's chromium is used); under CI (variable CI set) they
    fail instead."""
    reason = None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        reason = "the playwright package is not installed (pip install playwright)"
    if reason is None and not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing (apt-get install chromium)"
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"{reason} (CI is set: the browser tests must run, not skip)")
        pytest.skip(reason)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def shared_dir() -> Path:
    if not THIRD_PARTY.exists():
        pytest.skip(NO_SHARED)
    return THIRD_PARTY


@pytest.fixture(scope="session")
def golden_fixture_site(tmp_path_factory) -> Path:
    """The content of tests/site_fixture.py built as tests/golden/site is."""
    from tests.golden import build_fixture_site

    return _built_once(tmp_path_factory, "golden", lambda folder: build_fixture_site(
        folder / "site"))


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory) -> Path:
    """The embedded demo federation (content/) built once for the session,
    in the building process alone (SITEGEN_WORKERS=1): the other worker
    keeps the second core busy, and two rendering processes cost the demo
    some 4 s more CPU (forks, views pickled) for the same bytes
    (tests/test_render.py, tests/test_period_events.py compare them; the
    golden and two-language sites are built with the default processes)."""
    def make(folder: Path) -> Path:
        from sitegen.workers import WORKERS_ENV

        before = os.environ.get(WORKERS_ENV)
        os.environ[WORKERS_ENV] = "1"
        try:
            return build_site(ROOT / "content", folder / "site")
        finally:
            if before is None:
                del os.environ[WORKERS_ENV]
            else:
                os.environ[WORKERS_ENV] = before
    return _built_once(tmp_path_factory, "demo", make)


@pytest.fixture(scope="session")
def bilingual_fixture_site(tmp_path_factory) -> Path:
    """The content of tests/site_fixture.py (every kind of page: the golden
    site's) with the demo's regulation texts and languages = ["en", "it"],
    built once for the session: tests/test_i18n.py reads both sites,
    tests/test_browser.py checks the Italian checker offline and
    tests/test_deploy.py serves it with nginx at the root (each of the three
    built its own, some 4 s of CPU a build)."""
    return _built_once(tmp_path_factory, "bilingual", _bilingual)


def _bilingual(folder: Path) -> Path:
    from tests.site_fixture import write_content

    content = write_content(folder / "content")
    shutil.copytree(ROOT / "content" / "regulations", content / "regulations")
    toml = content / "site.toml"
    text = toml.read_text(encoding="utf-8")
    assert "[site]\n" in text and "languages" not in text
    toml.write_text(text.replace("[site]\n", '[site]\nlanguages = ["en", "it"]\n', 1),
                    encoding="utf-8")
    return build_site(content, folder / "site")


def build_site(content: Path, site: Path) -> Path:
    """`content` built into `site` (quietly): the folder `site`."""
    from sitegen.build import build

    build(content, site, show_progress=False)
    return site


@pytest.fixture(scope="session")
def demo_pages(demo_site) -> dict[str, Page]:
    """Every HTML page of the demo site, parsed once for the session by the
    worker that runs the tests reading it (links, link texts, heads:
    tests/site_pages.py)."""
    return parse_site(demo_site)
