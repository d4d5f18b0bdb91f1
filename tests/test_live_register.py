"""The live register's judgement (dogrules.testing.trace.live_problems) on a small fake
register, and the pieces of the plugin that records the runs, so the live check cannot
silently pass; under pytest-xdist, the controller's judgement of the workers' records."""

from __future__ import annotations

from pathlib import Path
from types import CodeType, FunctionType

import attrs
import pytest

import dogrules
from dogrules.data.register import Clause, ClauseKind, implementers
from dogrules.engine.cardtable import CardTable
from dogrules.rules.play import RoundPlay
from dogrules.testing.trace import (
    NEVER_RUNS,
    NOT_EXERCISED,
    UNEXERCISED_PAIR,
    ClauseRun,
    LiveProblem,
    implementing_functions,
    live_problems,
    marked_functions,
)
from live_probes import Hits, Probes, probed_code
from live_records import Records, from_json, judge, to_json
from live_register import NAME, LiveRegister, handover


def clause(ident: str, kind: str = "rule", same_as: tuple[str, ...] = ()) -> Clause:
    return Clause(ident, ClauseKind(kind), "manual", "section", "text", same_as=same_as)


def run(test: str, clauses: set[str], ran: set[str]) -> ClauseRun:
    return ClauseRun(test, frozenset(clauses), frozenset(ran))


def kinds(found: list[LiveProblem]) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    return [(p.kind, p.clauses, p.functions) for p in found]


def test_a_marked_function_no_clause_test_runs_is_a_problem() -> None:
    marked = {"X-A": ["m.alive", "m.dead"], "X-B": ["m.dead"]}
    found = live_problems([clause("X-A"), clause("X-B")], marked, [run("t", {"X-A"}, {"m.alive"})])
    assert kinds(found) == [
        (NEVER_RUNS, ("X-A", "X-B"), ("m.dead",)),
        (NOT_EXERCISED, ("X-B",), ("m.dead",)),  # X-B is cited by no test that ran
        (UNEXERCISED_PAIR, ("X-A",), ("m.dead",)),
        (UNEXERCISED_PAIR, ("X-B",), ("m.dead",)),
    ]
    assert str(found[0]) == ("X-A, X-B: marked function m.dead never runs under any clause test")
    assert [p.fails for p in found] == [True, True, False, False]


def test_a_clause_whose_citing_tests_run_none_of_its_functions_is_a_problem() -> None:
    # m.f runs, but only under a test that does not cite X-A: not (a), but (b) for X-A
    marked = {"X-A": ["m.f"], "X-B": ["m.g"]}
    runs = [run("t1", {"X-A"}, {"m.g"}), run("t2", {"X-B"}, {"m.f", "m.g"})]
    found = live_problems([clause("X-A"), clause("X-B")], marked, runs)
    assert kinds(found) == [
        (NOT_EXERCISED, ("X-A",), ("m.f",)),
        (UNEXERCISED_PAIR, ("X-A",), ("m.f",)),
    ]
    assert str(found[0]) == (
        "X-A: none of its citing tests (t1) runs any of its marked functions (m.f)"
    )
    assert str(found[1]) == "X-A: marked function m.f never runs under its citing tests (t1)"


def test_one_function_of_a_clause_running_is_enough_and_the_others_are_information() -> None:
    marked = {"X-A": ["m.f", "m.g"]}
    runs = [run("t1", {"X-A"}, {"m.f"}), run("t2", {"X-B"}, {"m.g"})]
    found = live_problems([clause("X-A"), clause("X-B", "assumption")], marked, runs)
    assert kinds(found) == [(UNEXERCISED_PAIR, ("X-A",), ("m.g",))]
    assert not found[0].fails


def test_same_as_lends_the_functions_of_the_other_clause() -> None:
    marked = {"BD-X": ["m.shared"], "AD-X": ["m.own"]}
    ad = clause("AD-X", same_as=("BD-X",))
    assert implementing_functions(ad, marked) == {"m.shared", "m.own"}
    runs = [run("t_ad", {"AD-X"}, {"m.shared"}), run("t_bd", {"BD-X"}, {"m.shared", "m.own"})]
    found = live_problems([ad, clause("BD-X")], marked, runs)
    # AD-X is live through BD-X's function; its own function is only an unexercised pair
    assert kinds(found) == [(UNEXERCISED_PAIR, ("AD-X",), ("m.own",))]
    # the same_as runs one way only: a test citing BD-X does not exercise AD-X
    found = live_problems([ad], marked, [run("t_bd", {"BD-X"}, {"m.shared", "m.own"})])
    assert [p.kind for p in found if p.fails] == [NOT_EXERCISED]


def test_assumptions_without_functions_are_exempt_but_rules_and_marked_ones_are_not() -> None:
    marked = {"X-MARKED": ["m.f"]}
    clauses = [
        clause("X-ASSUMED", "assumption"),
        clause("X-MARKED", "assumption"),
        clause("X-RULE"),
        clause("X-RULING", "ruling"),
    ]
    runs = [
        run("t1", {"X-ASSUMED", "X-MARKED", "X-RULE", "X-RULING"}, set()),
        run("t2", set(), {"m.f"}),
    ]
    found = live_problems(clauses, marked, runs)
    assert [(p.kind, p.clauses) for p in found if p.fails] == [
        (NOT_EXERCISED, ("X-MARKED",)),
        (NOT_EXERCISED, ("X-RULE",)),
        (NOT_EXERCISED, ("X-RULING",)),
    ]
    assert "(none)" in str(found[1])


def test_a_live_register_has_no_problem_and_a_clause_given_twice_is_checked_once() -> None:
    marked = {"X-A": ["m.f"], "R-X1": ["m.f"]}
    clauses = [clause("X-A"), clause("R-X1", "ruling"), clause("R-X1", "ruling")]
    assert live_problems(clauses, marked, [run("t", {"X-A", "R-X1"}, {"m.f"})]) == []


@pytest.mark.skipif(
    dogrules.compiled(), reason="compiled engine: a compiled function has no Python code object"
)
def test_every_marked_function_resolves_to_its_function() -> None:
    marked = implementers()
    functions = marked_functions(marked)
    assert set(functions) == {name for names in marked.values() for name in names}
    # a classmethod, a method and a module function
    shuffled_deck = vars(CardTable)["shuffled_deck"].__func__
    assert functions["dogrules.engine.cardtable.CardTable.shuffled_deck"] is shuffled_deck
    assert (
        functions["dogrules.rules.play.RoundPlay.no_play_actions"]
        is vars(RoundPlay)["no_play_actions"]
    )
    assert all(isinstance(function, FunctionType) for function in functions.values())
    with pytest.raises(LookupError, match="nowhere"):
        marked_functions({"X-A": ["dogrules.rules.round.nowhere"]})
    with pytest.raises(LookupError, match="no imported module"):
        marked_functions({"X-A": ["nomodule.f"]})


def marked_example() -> int:
    """A docstring: the probe goes after it."""
    return 1


def unmarked_example() -> int:
    return marked_example()


class Base:
    def value(self) -> int:
        return 2


class Example(Base):
    __secret = 3  # a private name, mangled inside the class

    def value(self) -> int:
        return super().value() + self.__secret

    @classmethod
    def made(cls) -> Example:
        return cls()


def enclosing() -> int:
    def inner() -> int:
        return 4

    return inner()


def test_a_probe_records_each_call_of_the_marked_function_itself_until_removed() -> None:
    held = marked_example  # a reference taken before the probe goes in runs it too
    original = marked_example.__code__
    names = [f"{__name__}.{name}" for name in ("marked_example", "Example.value", "Example.made")]
    probes = Probes(marked_functions({"X-A": names}))
    try:
        assert probes.hits == set()
        hash(marked_example.__code__)  # as a code object must be, holding the set
        assert unmarked_example() == 1 and held() == 1
        assert probes.hits == {names[0]}
        probes.hits.clear()
        # super(), a private name and a classmethod behave as before the probe
        assert Example.made().value() == 5
        assert probes.hits == {names[1], names[2]}
        assert marked_example.__code__ is not original
        assert marked_example.__doc__ == "A docstring: the probe goes after it."
    finally:
        probes.remove()
    assert marked_example.__code__ is original
    probes.hits.clear()
    unmarked_example()
    assert probes.hits == set()


@pytest.mark.skipif(
    dogrules.compiled(), reason="compiled engine: a compiled function has no code to probe"
)
def test_every_marked_function_can_be_probed_and_a_nested_one_cannot() -> None:
    functions = marked_functions(implementers())
    probes = Probes(functions)
    probes.remove()
    [inner] = [c for c in enclosing.__code__.co_consts if isinstance(c, CodeType)]
    with pytest.raises(LookupError, match="defined inside another"):
        probed_code(inner, "m.inner", Hits())


# ---- the check across pytest-xdist workers ----------------------------------------------------

FAKE_TESTS = """
import pytest

@pytest.mark.clause("X-A")
def test_a():
    pass

@pytest.mark.clause("X-B")
def test_b():
    pass
"""
CHECK_NAME = "test_every_marked_function_runs_under_its_clause_tests"
CHECK = f"tests/test_traceability.py::{CHECK_NAME}"
LOCATION = ("tests/test_traceability.py", 50, CHECK_NAME)
BOTH = frozenset({"test_fake.py::test_a", "test_fake.py::test_b"})
MARKED = {"X-A": frozenset({"m.f"}), "X-B": frozenset({"m.g"})}


def worker(passed: str, ran: str, spoilt: frozenset[str] = frozenset()) -> Records:
    """The records of a worker that collected both fake tests and ran one of them."""
    key = f"test_fake.py::{passed}"
    clause_id = {"test_a": "X-A", "test_b": "X-B"}[passed]
    return Records(
        clauses={key: frozenset({clause_id})},
        ran={key: frozenset({ran})},
        collected=BOTH,
        passed=frozenset() if spoilt else frozenset({key}),
        spoilt=spoilt,
        marked=MARKED,
    )


class Node:
    """What the controller sees of a worker that is down (xdist's WorkerController)."""

    def __init__(self, records: Records) -> None:
        self.workeroutput = {NAME: handover(records, [(CHECK, LOCATION)])}


def controller_reports(tmp_path: Path, *workers: Records) -> list[pytest.TestReport]:
    (tmp_path / "test_fake.py").write_text(FAKE_TESTS, encoding="utf-8")
    controller = LiveRegister()
    for records in workers:
        controller.pytest_testnodedown(Node(records), None)
    clauses = [clause("X-A"), clause("X-B")]
    verdict = judge(controller.workers_records(), clauses, tmp_path)
    return controller.deferred_reports(verdict)


def test_records_travel_as_json_unchanged() -> None:
    records = worker("test_a", "m.f")
    assert from_json(to_json(records)) == records


def test_under_xdist_the_controller_passes_the_check_on_the_union_of_the_workers(
    tmp_path: Path,
) -> None:
    [report] = controller_reports(tmp_path, worker("test_a", "m.f"), worker("test_b", "m.g"))
    assert (report.nodeid, report.outcome, report.when) == (CHECK, "passed", "call")


def test_under_xdist_the_check_fails_when_a_worker_handed_no_run_of_a_clause_test(
    tmp_path: Path,
) -> None:
    # gw1 died (sent nothing): test_b was collected, but no passing run of it is known
    [report] = controller_reports(tmp_path, worker("test_a", "m.f"))
    assert report.outcome == "failed"
    assert "1 clause tests were collected but no passing run" in str(report.longrepr)
    assert "test_fake.py::test_b" in str(report.longrepr)


def test_under_xdist_the_check_fails_when_a_clause_test_failed_on_a_worker(
    tmp_path: Path,
) -> None:
    failed = worker("test_b", "m.g", spoilt=frozenset({"test_fake.py::test_b"}))
    [report] = controller_reports(tmp_path, worker("test_a", "m.f"), failed)
    assert report.outcome == "failed"
    assert "1 clause tests failed or were skipped" in str(report.longrepr)


def test_under_xdist_the_check_fails_when_the_union_leaves_a_function_dead(
    tmp_path: Path,
) -> None:
    # both tests passed, but test_b's worker never ran m.g: X-B is not live
    [report] = controller_reports(tmp_path, worker("test_a", "m.f"), worker("test_b", "m.f"))
    assert report.outcome == "failed"
    assert "m.g never runs under any clause test" in str(report.longrepr)


def test_under_xdist_the_check_skips_when_the_session_left_clause_tests_out(
    tmp_path: Path,
) -> None:
    subset = attrs.evolve(worker("test_a", "m.f"), collected=frozenset({"test_fake.py::test_a"}))
    [report] = controller_reports(tmp_path, subset)
    assert report.outcome == "skipped"
    assert isinstance(report.longrepr, tuple)
    assert "1 were not collected, e.g. test_fake.py::test_b" in report.longrepr[2]
