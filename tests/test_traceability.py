"""Every clause is implemented and tested; every citation resolves (cf. the Rust Reference)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import dogrules
from dogrules.data.register import check_references, implementers
from dogrules.testing.trace import matrix, problems
from dogrules.variants import implemented, rulesets
from live_records import Outcome, judge, registered_clauses
from live_register import recorder

TESTS = Path(__file__).parent
# The tests reading every test module's citations share a pytest-xdist worker (tools/check.py:
# --dist loadgroup), so the test files are scanned once (a second or two), not once a worker.
CITATIONS = pytest.mark.xdist_group("citations")


@pytest.mark.parametrize("variant", implemented())
def test_every_rule_and_ruling_has_a_rule_function(variant: str) -> None:
    missing = [row.clause.id for row in matrix(variant) if row.needs_function and not row.functions]
    assert missing == [], f"clauses with no implementing function: {missing}"


@CITATIONS
@pytest.mark.parametrize("variant", implemented())
def test_every_clause_has_a_test_citing_it(variant: str) -> None:
    untested = [row.clause.id for row in matrix(variant, TESTS) if not row.tests]
    assert untested == [], f"clauses no test cites: {untested}"


@CITATIONS
def test_no_citation_points_at_a_missing_clause() -> None:
    dangling = [p for p in problems(implemented(), TESTS) if "unknown clause" in p]
    assert dangling == []


@pytest.mark.parametrize("variant", implemented())
def test_register_entries_are_complete(variant: str) -> None:
    clauses = dogrules.variant(variant).clauses
    assert len({c.id for c in clauses}) == len(clauses)
    for clause in clauses:
        assert clause.kind in ("rule", "ruling", "assumption"), clause.id
        assert clause.text and clause.document and clause.section, clause.id
        if clause.kind == "ruling":
            assert clause.rationale, f"ruling {clause.id} gives no rationale"


def test_interprets_and_same_as_name_registered_clauses() -> None:
    check_references(ruleset.register for ruleset in rulesets())


def test_the_register_holds_every_mark_of_the_source_under_its_function() -> None:
    # The compiled engine makes the marks of its compiled modules after their last line, not
    # by the decorator (tools/build_compiled.py: marked_after): the same marks either way.
    package = Path(dogrules.__file__).parent
    written: dict[str, set[str]] = {}
    for path in sorted(package.rglob("*.py")):
        module = ".".join(path.relative_to(package.parent).with_suffix("").parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        nodes = [(node, "") for node in tree.body] + [
            (method, f"{node.name}.")
            for node in tree.body
            if isinstance(node, ast.ClassDef)
            for method in node.body
        ]
        for node, holder in nodes:
            for decorator in getattr(node, "decorator_list", ()):
                if isinstance(decorator, ast.Call) and ast.unparse(decorator.func) == "implements":
                    importlib.import_module(module)
                    for clause_id in decorator.args:
                        assert isinstance(clause_id, ast.Constant), ast.unparse(decorator)
                        name = f"{module}.{holder}{getattr(node, 'name', '')}"
                        written.setdefault(str(clause_id.value), set()).add(name)
    assert {key: set(names) for key, names in implementers().items()} == written


@pytest.mark.runs_last
@pytest.mark.skipif(
    dogrules.compiled(),
    reason="compiled engine: the live register probes no compiled function (live_probes)",
)
def test_every_marked_function_runs_under_its_clause_tests(request: pytest.FixtureRequest) -> None:
    """(a) every marked function runs under some clause test; (b) for every rule and ruling
    (and every clause with marked functions) some citing test runs one of its functions.
    Under pytest-xdist the controller judges the records of every worker instead
    (tests/live_register.py), with the same :func:`live_records.judge`."""
    live = recorder(request.config)
    if live is None:
        pytest.skip("the live_register plugin is turned off")
    verdict = judge(live.records(), registered_clauses())
    if verdict.outcome is Outcome.SKIPPED:
        pytest.skip(verdict.message)
    if verdict.message:
        print(verdict.message)
    assert verdict.outcome is Outcome.PASSED, verdict.message
