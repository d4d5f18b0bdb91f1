"""Pytest plugin recording the rulebook's illustrations: with ``--record-illustrations``,
every position a clause test sets up with a ``position_builder`` helper, with the action it
plays there or the illegal action it asks about, is written to
``specs/illustrations/VARIANT.json`` (see :mod:`dogrules.app.book.illustrations`).

The helpers in ``tests/helpers.py`` report what they see through :func:`position_made`,
:func:`played` and :func:`refused`; without the option these do nothing. Only the tests
that ran are replaced in the files, so recording one test file keeps the others' entries.
Kept small: at most :data:`PER_TEST` illustrations a test and :data:`PER_CLAUSE` a clause.

Under pytest-xdist each worker hands what its tests drew (with each test's place in the
collection) to the controller in ``workeroutput``, and only the controller writes the files:
in collection order, so the files are the same as a run in one process writes.
"""

from __future__ import annotations

import json
from collections.abc import Generator, Iterable
from pathlib import Path

import pytest

from dogrules import State
from dogrules.app.book.illustrations import (
    Illustration,
    from_json,
    illustrate,
    illustration_file,
    to_json,
)

NAME = "illustrations"
OPTION = "--record-illustrations"
SPECS = Path(__file__).resolve().parent.parent / "specs"
PER_TEST = 2
PER_CLAUSE = 2


class _Test:
    """What one clause test showed: the positions it built and the actions it asked about."""

    def __init__(self, key: str, clauses: tuple[str, ...]) -> None:
        self.key = key
        self.clauses = clauses
        self.positions: list[State] = []
        self.asked: list[tuple[State, str | None, str | None]] = []  # (state, played, illegal)


# What one test item drew: its place in the collection, its test key, its illustrations.
Drawn = tuple[int, str, list[Illustration]]


class Recorder:
    def __init__(self) -> None:
        self.current: _Test | None = None
        self.place: dict[str, int] = {}  # node id -> place in the collection
        self.drawn: list[Drawn] = []
        self.ran: set[str] = set()

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.place = {item.nodeid: index for index, item in enumerate(session.items)}

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, None, None]:
        ids = tuple(str(arg) for marker in item.iter_markers("clause") for arg in marker.args)
        key = f"{item.path.name}::{getattr(item, 'originalname', item.name)}"
        self.current = _Test(key, ids) if ids else None
        try:
            return (yield)
        finally:
            if self.current is not None:
                self.ran.add(key)
                place = self.place.get(item.nodeid, len(self.place))
                self.drawn.append((place, key, _candidates(self.current)))
            self.current = None

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: object, error: object | None) -> None:
        """The controller keeps what a worker's tests drew."""
        sent = getattr(node, "workeroutput", {}).get(NAME)
        if sent is None:
            return
        data = json.loads(sent)
        self.ran.update(data["ran"])
        for place, key, entries in data["drawn"]:
            where = f"{NAME} of {getattr(node, 'gateway', node)}"
            self.drawn.append((place, key, [from_json(entry, where) for entry in entries]))

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if hasattr(session.config, "workerinput"):
            # An xdist worker: the controller merges every worker's share and writes.
            output: dict[str, object] = session.config.workeroutput  # type: ignore[attr-defined]
            shares = [
                (place, key, [to_json(one) for one in made]) for place, key, made in self.drawn
            ]
            output[NAME] = json.dumps({"ran": sorted(self.ran), "drawn": shares})
            return
        if not self.ran:
            return
        by_variant: dict[str, list[Illustration]] = {}
        for made in per_test(self.drawn).values():
            for drawn in made:
                by_variant.setdefault(drawn.variant, []).append(drawn)
        for variant, fresh in sorted(by_variant.items()):
            path = SPECS / illustration_file(variant)
            kept: list[Illustration] = []
            if path.exists():
                old = json.loads(path.read_text(encoding="utf-8"))
                kept = [
                    drawn
                    for index, entry in enumerate(old)
                    if (drawn := from_json(entry, f"{path} #{index + 1}")).test not in self.ran
                ]
            chosen = capped(kept + fresh)
            path.parent.mkdir(parents=True, exist_ok=True)
            # One illustration a line: small, and a re-recording shows as a readable diff.
            lines = [json.dumps(to_json(drawn), ensure_ascii=False) for drawn in chosen]
            path.write_text("[\n" + ",\n".join(lines) + "\n]\n", encoding="utf-8")


def _candidates(test: _Test) -> list[Illustration]:
    """The first PER_TEST different illustrations of what one test item did: the refused
    actions first (the most telling), then plays, then bare positions."""
    asked_about = {id(state) for state, _, _ in test.asked}
    wanted = sorted(test.asked, key=lambda entry: entry[2] is None)
    wanted += [(s, None, None) for s in test.positions if id(s) not in asked_about]
    made: list[Illustration] = []
    for state, play, illegal in wanted:
        if len(made) >= PER_TEST:
            break
        drawn = illustrate(test.key, test.clauses, state, played=play, illegal=illegal)
        if drawn not in made:
            made.append(drawn)
    return made


def per_test(drawn: Iterable[Drawn]) -> dict[str, list[Illustration]]:
    """Test key -> its first PER_TEST different illustrations, its items taken in collection
    order (the parametrisations of a test may have run on different workers)."""
    found: dict[str, list[Illustration]] = {}
    for _, key, candidates in sorted(drawn, key=lambda entry: entry[0]):
        made = found.setdefault(key, [])
        for one in candidates:
            if len(made) < PER_TEST and one not in made:
                made.append(one)
    return found


def capped(illustrations: list[Illustration]) -> list[Illustration]:
    """At most PER_CLAUSE illustrations a clause (refused actions first), in test order;
    every clause with an illustration keeps at least one."""
    ranked = sorted(illustrations, key=lambda d: (d.illegal is None, d.played is None, d.test))
    count: dict[str, int] = {}
    chosen = []
    for drawn in ranked:
        if any(count.get(clause, 0) < PER_CLAUSE for clause in drawn.clauses):
            chosen.append(drawn)
            for clause in drawn.clauses:
                count[clause] = count.get(clause, 0) + 1
    order = {id(drawn): index for index, drawn in enumerate(illustrations)}
    return sorted(chosen, key=lambda d: (d.test, order[id(d)]))


_active: Recorder | None = None


def activate(config: pytest.Config) -> None:
    """Register the recorder when the run asks for it (called from conftest.py)."""
    global _active
    if config.getoption(OPTION):
        _active = Recorder()
        config.pluginmanager.register(_active, NAME)


def _test() -> _Test | None:
    return _active.current if _active is not None else None


def position_made(state: State) -> None:
    """A clause test set up ``state`` (a position_builder helper built it)."""
    if (test := _test()) is not None:
        test.positions.append(state)


def played(state: State, text: str) -> None:
    """A clause test played ``text`` in a position it set up."""
    test = _test()
    if test is not None and any(state is made for made in test.positions):
        test.asked.append((state, text, None))


def refused(state: State, text: str) -> None:
    """A clause test checked that ``text`` is illegal in ``state``."""
    if (test := _test()) is not None:
        test.asked.append((state, None, text))
