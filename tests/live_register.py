"""Pytest plugin recording the live register: for each test carrying ``pytest.mark.clause``,
which ``@implements``-marked functions ran while it ran (set-up, call and tear-down).

``tests/test_traceability.py`` judges the records with :func:`dogrules.testing.trace.live_problems`;
the plugin moves tests marked ``runs_last`` to the end of the run so they see every record.
Registered by ``tests/conftest.py`` under the name ``live_register``; ``-p no:live_register``
turns it off (the check then skips).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import pytest

from dogrules.data.register import implementers
from dogrules.data.specs import read_toml
from dogrules.testing.trace import ClauseRun, marked_code, test_citations

NAME = "live_register"
TESTS = Path(__file__).parent

TraceFunction = Callable[[FrameType, str, Any], Any]


def recorder(config: pytest.Config) -> LiveRegister | None:
    """The plugin of this session, or None when it was turned off."""
    plugin = config.pluginmanager.get_plugin(NAME)
    return plugin if isinstance(plugin, LiveRegister) else None


def _test_key(item: pytest.Item) -> str:
    # The name test_citations gives a test: file::function, one for all its parametrisations.
    return f"{item.path.name}::{getattr(item, 'originalname', item.name)}"


def _dogrules_caches() -> list[Callable[[], None]]:
    # Module-level functools caches of the engine (boards, decks, legal actions...), except
    # the parsed spec files: no marked function runs under read_toml, and parsing them again
    # under the tracer for every test would double the cost of the clause tests.
    return [
        value.cache_clear
        for name, module in list(sys.modules.items())
        if name == "dogrules" or name.startswith("dogrules.")
        for value in vars(module).values()
        if callable(getattr(value, "cache_clear", None))
        and getattr(value, "__module__", None) == name
        and value is not read_toml
    ]


def _tracer(codes: dict[CodeType, str], hits: set[CodeType], previous: Any) -> TraceFunction:
    # A global trace function sees only 'call' events; returning None asks for no line
    # events, so the cost is one cheap call per Python function call.
    add = hits.add
    if previous is None:

        def trace(frame: FrameType, event: str, arg: Any) -> None:
            code = frame.f_code
            if code in codes:
                add(code)

        return trace

    def chained(frame: FrameType, event: str, arg: Any) -> Any:
        # Another tracer (coverage, a debugger) keeps seeing every call and its lines.
        code = frame.f_code
        if code in codes:
            add(code)
        return previous(frame, event, arg)

    return chained


class LiveRegister:
    """Records, per clause test, the clause ids it cites and the marked functions it ran."""

    def __init__(self) -> None:
        self._codes: dict[CodeType, str] | None = None
        self._caches: list[Callable[[], None]] = []
        self._clauses: dict[str, set[str]] = {}
        self._ran: dict[str, set[CodeType]] = {}
        self._key_of: dict[str, str] = {}  # nodeid -> test key, for the reports
        self._passed: set[str] = set()
        self._spoilt: set[str] = set()  # tests with an item that failed or was skipped

    def runs(self) -> list[ClauseRun]:
        """One record per clause test that ran (parametrisations merged)."""
        codes = self._codes or {}
        return [
            ClauseRun(key, frozenset(ids), frozenset(codes[code] for code in self._ran[key]))
            for key, ids in sorted(self._clauses.items())
        ]

    def incomplete(self) -> str:
        """Why the records do not cover every clause test of ``tests/``; "" when they do."""
        expected = {name for names in test_citations(TESTS).values() for name in names}
        missing = sorted(expected - self._passed)
        spoilt = sorted(self._spoilt)
        if spoilt:
            return f"{len(spoilt)} clause tests failed or were skipped, e.g. {spoilt[0]}"
        if missing:
            return f"{len(missing)} clause tests did not run in this session, e.g. {missing[0]}"
        return ""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        # The check reads what the other tests recorded, so it goes last (stable order).
        items.sort(key=lambda item: item.get_closest_marker("runs_last") is not None)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Generator[None, None, None]:
        if item.get_closest_marker("clause") is not None:
            self._start(item)
        with self._tracing(item):
            return (yield)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, None, None]:
        with self._tracing(item):
            return (yield)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_teardown(self, item: pytest.Item) -> Generator[None, None, None]:
        with self._tracing(item):
            return (yield)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        key = self._key_of.get(report.nodeid)
        if key is None:
            return
        if report.failed or report.skipped:
            self._spoilt.add(key)
        elif report.when == "call":
            self._passed.add(key)

    def _start(self, item: pytest.Item) -> None:
        if self._codes is None:
            # The test modules have imported the engine by now, so every mark is registered.
            self._codes = marked_code(implementers())
            self._caches = _dogrules_caches()
        # A cached result computed by an earlier test would hide the marked functions that
        # compute it (a board built once per process, legal actions of a position seen
        # before): each clause test starts cold, as it would run alone.
        for clear in self._caches:
            clear()
        key = _test_key(item)
        self._key_of[item.nodeid] = key
        ids = self._clauses.setdefault(key, set())
        for marker in item.iter_markers("clause"):
            ids.update(str(arg) for arg in marker.args)
        self._ran.setdefault(key, set())

    @contextmanager
    def _tracing(self, item: pytest.Item) -> Iterator[None]:
        key = self._key_of.get(item.nodeid)
        if key is None or self._codes is None:
            yield
            return
        previous = sys.gettrace()
        sys.settrace(_tracer(self._codes, self._ran[key], previous))
        try:
            yield
        finally:
            sys.settrace(previous)
