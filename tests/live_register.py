"""Pytest plugin recording the live register: for each test carrying ``pytest.mark.clause``,
which ``@implements``-marked functions ran while it ran (set-up, call and tear-down), as the
probes compiled into the marked functions' own code tell (:mod:`live_probes`).

``tests/test_traceability.py`` judges the records with :func:`live_records.judge`; the plugin
moves tests marked ``runs_last`` to the end of the run so they see every record.
Registered by ``tests/conftest.py`` under the name ``live_register``; ``-p no:live_register``
turns it off (the check then skips).

Under pytest-xdist a worker sees only its share of the clause tests, so the workers leave the
``runs_last`` tests to the controller (deselected there, handed over by node id): each worker
sends its records in ``workeroutput``, and once every worker is down the controller judges
the union and reports the outcome under the test's own node id, as if it had run there.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from dogrules.data.register import implementers
from dogrules.testing.trace import marked_functions
from live_probes import Probes
from live_records import (
    Outcome,
    Records,
    Verdict,
    from_json,
    judge,
    merged,
    registered_clauses,
    to_json,
)

NAME = "live_register"
TESTS = Path(__file__).parent

Location = tuple[str, int | None, str]  # a test item's (path, 0-based line, name)


def recorder(config: pytest.Config) -> LiveRegister | None:
    """The plugin of this session, or None when it was turned off."""
    plugin = config.pluginmanager.get_plugin(NAME)
    return plugin if isinstance(plugin, LiveRegister) else None


def is_worker(config: pytest.Config) -> bool:
    """Whether this process is a pytest-xdist worker."""
    return hasattr(config, "workerinput")


def handover(records: Records, deferred: list[tuple[str, Location]]) -> str:
    """What a worker sends the controller: its records and the runs_last tests it left."""
    return json.dumps({"records": to_json(records), "deferred": deferred})


def _test_key(item: pytest.Item) -> str:
    # The name test_citations gives a test: file::function, one for all its parametrisations.
    return f"{item.path.name}::{getattr(item, 'originalname', item.name)}"


# Modules whose caches no marked function runs under, so a clause test may find them warm:
# the data layer (the bottom one, it imports no code that could hold a mark: the spec files
# and the clause register it reads) and the traceability tools' parses of source files.
# Reading them again before each clause test cost the suite seconds.
_WARM = ("dogrules.data", "dogrules.testing.trace")


def _dogrules_caches() -> list[Callable[[], None]]:
    # Module-level functools caches of the engine (boards, decks, legal actions...), but
    # those of the _WARM modules.
    return [
        value.cache_clear
        for name, module in list(sys.modules.items())
        if name == "dogrules" or name.startswith("dogrules.")
        if not any(name == warm or name.startswith(f"{warm}.") for warm in _WARM)
        for value in vars(module).values()
        if callable(getattr(value, "cache_clear", None))
        and getattr(value, "__module__", None) == name
    ]


class LiveRegister:
    """Records, per clause test, the clause ids it cites and the marked functions it ran.

    Under pytest-xdist each worker records its share and hands it to the controller in
    ``workeroutput``; the worker leaves the ``runs_last`` check to the controller, which
    merges every worker's records and reports the check under the test's own name
    (:mod:`live_register_xdist`).
    """

    def __init__(self) -> None:
        self._probes: Probes | None = None
        self._caches: list[Callable[[], None]] = []
        self._clauses: dict[str, set[str]] = {}
        self._ran: dict[str, set[str]] = {}
        self._key_of: dict[str, str] = {}  # nodeid -> test key, for the reports
        self._collected: set[str] = set()  # clause tests collected (after deselection)
        self._passed: set[str] = set()
        self._spoilt: set[str] = set()  # tests with an item that failed or was skipped
        # Under xdist: a worker's runs_last tests, left to the controller (node id, location);
        # the controller's records from the workers that are down and the tests they left.
        self._deferred: list[tuple[str, Location]] = []
        self._from_workers: list[Records] = []

    def records(self) -> Records:
        """What this process recorded, by function name (the form workers hand over)."""
        return Records(
            clauses={key: frozenset(ids) for key, ids in self._clauses.items()},
            ran={key: frozenset(ran) for key, ran in self._ran.items()},
            collected=frozenset(self._collected),
            passed=frozenset(self._passed),
            spoilt=frozenset(self._spoilt),
            marked={key: frozenset(names) for key, names in implementers().items()},
        )

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(
        self, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        # The check reads what the other tests recorded, so it goes last (stable order).
        items.sort(key=lambda item: item.get_closest_marker("runs_last") is not None)
        self._collected = {
            _test_key(item) for item in items if item.get_closest_marker("clause") is not None
        }
        if is_worker(config):
            # A worker sees only its share of the records: the controller runs the check.
            last = [item for item in items if item.get_closest_marker("runs_last") is not None]
            if last:
                items[:] = [item for item in items if item not in last]
                config.hook.pytest_deselected(items=last)
                self._deferred = [(item.nodeid, item.location) for item in last]

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self._probes is not None:
            self._probes.remove()
        if is_worker(session.config):
            output: dict[str, Any] = session.config.workeroutput  # type: ignore[attr-defined]
            output[NAME] = handover(self.records(), self._deferred)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: object | None) -> None:
        """The controller keeps what a worker recorded (a worker that died sent nothing,
        and its clause tests then count as not run)."""
        sent = getattr(node, "workeroutput", {}).get(NAME)
        if sent is None:
            return
        data = json.loads(sent)
        self._from_workers.append(from_json(data["records"]))
        for nodeid, (path, line, domain) in data["deferred"]:
            if nodeid not in {known for known, _ in self._deferred}:
                self._deferred.append((nodeid, (path, line, domain)))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtestloop(self, session: pytest.Session) -> Generator[None, object, object]:
        result = yield
        if not is_worker(session.config) and self._deferred and not session.shouldstop:
            verdict = judge(self.workers_records(), registered_clauses())
            for report in self.deferred_reports(verdict):
                session.config.hook.pytest_runtest_logreport(report=report)
        return result

    def workers_records(self) -> Records:
        """On the controller: the union of the records of the workers that are down."""
        return merged(self._from_workers)

    def deferred_reports(self, verdict: Verdict) -> list[pytest.TestReport]:
        """On the controller: the reports of the runs_last tests the workers left to it."""
        reports = []
        for nodeid, location in self._deferred:
            longrepr: object = None
            if verdict.outcome is Outcome.FAILED:
                longrepr = verdict.message
            elif verdict.outcome is Outcome.SKIPPED:
                longrepr = (location[0], (location[1] or 0) + 1, f"Skipped: {verdict.message}")
            sections = []
            if verdict.outcome is Outcome.PASSED and verdict.message:
                sections.append(("Captured stdout call", verdict.message))
            reports.append(
                pytest.TestReport(
                    nodeid,
                    location,
                    {},
                    verdict.outcome.value,
                    longrepr,  # type: ignore[arg-type]
                    "call",
                    sections,
                )
            )
        return reports

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Generator[None, None, None]:
        if item.get_closest_marker("clause") is not None:
            self._start(item)
        with self._recording(item):
            return (yield)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, None, None]:
        with self._recording(item):
            return (yield)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_teardown(self, item: pytest.Item) -> Generator[None, None, None]:
        with self._recording(item):
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
        if self._probes is None:
            # The test modules have imported the engine by now, so every mark is registered.
            self._probes = Probes(marked_functions(implementers()))
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
    def _recording(self, item: pytest.Item) -> Iterator[None]:
        # What the probes saw while this clause test's set-up, call or tear-down ran.
        key = self._key_of.get(item.nodeid)
        if key is None or self._probes is None:
            yield
            return
        hits = self._probes.hits
        hits.clear()
        try:
            yield
        finally:
            self._ran[key].update(hits)
