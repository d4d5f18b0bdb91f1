"""Shared test set-up: Hypothesis profiles, small helpers for building positions, and the
live register plugin (which marked functions each clause test runs)."""

from __future__ import annotations

import collections
import importlib
import os
from collections.abc import Iterator
from importlib.util import find_spec
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

import dogrules
import illustrations
import ray_cluster
from books import WrittenBook, write_book
from browser import CHROMIUM, CHROMIUM_ARGS, cannot_run, missing
from dogrules.app.simulation.backends import tune_worker
from live_register import NAME, LiveRegister

if TYPE_CHECKING:
    from playwright.sync_api import Browser

# The suite names the plugins it uses instead of loading every installed one (pyproject.toml:
# --disable-plugin-autoload, which also spares rewriting the asserts of every module of their
# packages in each process): xdist's and Hypothesis's there; here pytest's pytester
# (tests/test_conformance_plugin.py) and Schemathesis's when it is installed
# (tests/test_http_api.py skips without it, outside CI).
pytest_plugins = (
    "pytester",
    *(["schemathesis.pytest.plugin"] if find_spec("schemathesis") else []),
)

settings.register_profile(
    "default",
    max_examples=30,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# The default profile's settings; the state machines of tests/test_state_machines.py run
# deeper under it (10 examples of up to 60 steps, not 5 of 30: .ci/run's extra step).
settings.register_profile("ci", parent=settings.get_profile("default"))
settings.register_profile(
    "thorough",
    max_examples=200,
    stateful_step_count=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="session")
def written_book(tmp_path_factory: pytest.TempPathFactory) -> WrittenBook:
    """The rulebook the command writes, once a session: tests/test_book.py reads it and
    tests/test_book_browser.py opens it in Chromium (both in the pytest-xdist group
    "browser", so one worker writes it once)."""
    return write_book(tmp_path_factory.mktemp("book") / "out")


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    """Headless Chromium (tests/browser.py), started once a session for the browser tests
    (tests/test_book_browser.py and tests/test_web_table.py, in the pytest-xdist group
    "browser", so one worker starts it once); each test opens its own page. Playwright is
    imported here, when the fixture is first used, not with the conftest."""
    lacking = missing()
    if lacking is not None:
        cannot_run(lacking)
    sync_api = importlib.import_module("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser: Browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        illustrations.OPTION,
        action="store_true",
        help="record the rulebook illustrations into specs/illustrations/",
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # pytest-xdist hands tests out by id: two tests of one id run as one, and the others are
    # silently lost (pytest 9.2.0 gave Schemathesis's 14 generated tests a single id).
    counts = collections.Counter(item.nodeid for item in items)
    repeated = sorted(nodeid for nodeid, count in counts.items() if count > 1)
    if repeated:
        raise pytest.UsageError(
            f"{len(repeated)} test id(s) collected more than once, e.g. {repeated[0]}: "
            "each would run once of its copies under pytest-xdist"
        )
    # The tests marked slow first (a stable sort): pytest-xdist hands tests out in this
    # order, so the long ones start at once and the many short ones fill in behind them,
    # and the workers finish together instead of one waiting on a long test started last.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_collection_finish(session: pytest.Session) -> None:
    # What collecting brought to life (the test modules, their parametrisations) is frozen
    # out of the cycle collector's view too (see pytest_configure).
    tune_worker()


def pytest_configure(config: pytest.Config) -> None:
    # Collecting and running the tests makes many small short-lived objects, as the
    # simulation's workers do: with the collector's defaults it walks the whole heap
    # thousands of times a run (a fifth of a worker's collection, some 4% of the tests'
    # time). As there, what is alive is frozen out of its view and young collections are
    # made rarer, from here on (before collection).
    tune_worker()
    illustrations.activate(config)
    ray_cluster.start(config)  # on a pytest-xdist controller, before it spawns the workers
    # Registered here rather than through pytest_plugins so that ``-p no:live_register``
    # can turn it off (register() refuses a blocked name). Not against the compiled engine
    # (tools/build_compiled.py): its probes go into Python functions only (test_traceability).
    if not dogrules.compiled():
        config.pluginmanager.register(LiveRegister(), NAME)


def pytest_unconfigure() -> None:
    ray_cluster.stop()
