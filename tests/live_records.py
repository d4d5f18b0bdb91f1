"""What the live register recorded in one test process, and the judgement of the
``runs_last`` traceability check on it.

A session under pytest-xdist has one record per worker: each worker hands its record to the
controller as JSON (:func:`to_json`), the controller merges them (:func:`merged`) and judges
the union (:func:`judge`), exactly as one process judges its own record without xdist.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Mapping
from pathlib import Path

import attrs

from dogrules.data.register import Clause
from dogrules.testing.trace import ClauseRun, live_problems, test_citations
from dogrules.variants import implemented
from dogrules.variants import variant as get_variant

TESTS = Path(__file__).parent


@attrs.frozen
class Records:
    """The clause tests of one process (or the union of several), keyed ``file::function``
    (one key for all parametrisations of a test)."""

    clauses: Mapping[str, frozenset[str]] = attrs.field(factory=dict)  # key -> clause ids cited
    ran: Mapping[str, frozenset[str]] = attrs.field(factory=dict)  # key -> marked functions run
    collected: frozenset[str] = frozenset()  # clause tests in the session (after deselection)
    passed: frozenset[str] = frozenset()  # clause tests with an item whose call passed
    spoilt: frozenset[str] = frozenset()  # clause tests with an item that failed or skipped
    marked: Mapping[str, frozenset[str]] = attrs.field(factory=dict)  # clause -> functions

    def runs(self) -> list[ClauseRun]:
        """One record per clause test that ran (parametrisations merged)."""
        return [
            ClauseRun(key, ids, self.ran.get(key, frozenset()))
            for key, ids in sorted(self.clauses.items())
        ]


Table = Mapping[str, frozenset[str]]


def _union(a: Table, b: Table) -> dict[str, frozenset[str]]:
    return {key: a.get(key, frozenset()) | b.get(key, frozenset()) for key in {*a, *b}}


def merged(records: Iterable[Records]) -> Records:
    """The union of the records of several workers (a test's parametrisations may have run
    on different workers: their clause ids and functions are pooled, as in one process)."""
    total = Records()
    for one in records:
        total = Records(
            clauses=_union(total.clauses, one.clauses),
            ran=_union(total.ran, one.ran),
            collected=total.collected | one.collected,
            passed=total.passed | one.passed,
            spoilt=total.spoilt | one.spoilt,
            marked=_union(total.marked, one.marked),
        )
    return total


def to_json(records: Records) -> str:
    """``records`` as JSON text (what a worker puts in xdist's ``workeroutput``)."""

    def table(mapping: Mapping[str, frozenset[str]]) -> dict[str, list[str]]:
        return {key: sorted(values) for key, values in sorted(mapping.items())}

    return json.dumps(
        {
            "clauses": table(records.clauses),
            "ran": table(records.ran),
            "collected": sorted(records.collected),
            "passed": sorted(records.passed),
            "spoilt": sorted(records.spoilt),
            "marked": table(records.marked),
        }
    )


def from_json(text: str) -> Records:
    """The records :func:`to_json` wrote."""
    data = json.loads(text)

    def table(name: str) -> dict[str, frozenset[str]]:
        return {str(key): frozenset(map(str, values)) for key, values in data[name].items()}

    return Records(
        clauses=table("clauses"),
        ran=table("ran"),
        collected=frozenset(map(str, data["collected"])),
        passed=frozenset(map(str, data["passed"])),
        spoilt=frozenset(map(str, data["spoilt"])),
        marked=table("marked"),
    )


class Outcome(enum.Enum):
    PASSED = "passed"
    FAILED = "failed"
    SKIPPED = "skipped"


@attrs.frozen
class Verdict:
    """The check's outcome; ``message`` says why it failed or skipped, and for information
    which (clause, function) pairs the citing tests do not exercise."""

    outcome: Outcome
    message: str


def registered_clauses() -> list[Clause]:
    """Every clause of every implemented variant (the live check's subject)."""
    return [clause for name in implemented() for clause in get_variant(name).clauses]


def judge(records: Records, clauses: Iterable[Clause], tests: Path = TESTS) -> Verdict:
    """(a) every marked function runs under some clause test; (b) for every rule and ruling
    (and every clause with marked functions) some citing test runs one of its functions.

    Skipped only when the session did not collect every clause test of ``tests`` (a subset
    was asked for). Fails when a collected clause test failed, was skipped, or reported no
    passing run (under xdist: no worker handed its run over)."""
    expected = {name for names in test_citations(tests).values() for name in names}
    if absent := sorted(expected - records.collected):
        return Verdict(
            Outcome.SKIPPED,
            f"not every clause test ran in this session: {len(absent)} were not collected, "
            f"e.g. {absent[0]}",
        )
    if spoilt := sorted(records.spoilt & expected):
        return Verdict(
            Outcome.FAILED,
            f"{len(spoilt)} clause tests failed or were skipped, so the live register cannot "
            f"be judged, e.g. {spoilt[0]}",
        )
    if missing := sorted(expected - records.passed):
        return Verdict(
            Outcome.FAILED,
            f"{len(missing)} clause tests were collected but no passing run of them was "
            f"recorded (a worker lost?), e.g. {missing[0]}",
        )
    marked = {key: tuple(sorted(names)) for key, names in records.marked.items()}
    found = live_problems(clauses, marked, records.runs())
    failures = [problem for problem in found if problem.fails]
    pairs = [str(problem) for problem in found if not problem.fails]
    message = "\n".join(
        [
            f"{len(failures)} marked functions or clauses are not live:",
            *(str(problem) for problem in failures),
            f"for information, {len(pairs)} (clause, function) pairs whose function the "
            "clause's citing tests do not run:",
            *pairs,
        ]
    )
    # Information only: a clause may borrow another game's function through same_as.
    if failures:
        return Verdict(Outcome.FAILED, message)
    return Verdict(Outcome.PASSED, message if pairs else "")
