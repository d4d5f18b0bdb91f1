"""The rulebook's illustrations (specs/illustrations/VARIANT.json) are up to date: every
recorded position still loads and the engine still gives the recorded legal moves and
verdict, and every rule whose clause test sets up a position has one.

Re-record after a rule change with ``pytest tests/test_clauses_*.py --record-illustrations``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import attrs
import pytest

import dogrules
from dogrules.app.book.illustrations import again, read_illustrations
from dogrules.data.register import ClauseKind
from illustrations import PER_CLAUSE, capped

TESTS = Path(__file__).parent
RECORD = "re-record: pytest tests/test_clauses_*.py --record-illustrations"


def _tests_setting_up_positions(variant: str) -> dict[str, list[str]]:
    """Clause id -> clause tests of ``variant`` that set up a position with a ``pos(...)``
    helper (``position_builder``, which records what it builds), other than one expected to
    be refused."""
    found: dict[str, list[str]] = {}
    for path in sorted(TESTS.glob(f"test_clauses_{variant.replace('-', '_')}*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            cited = [
                arg.value
                for decorator in node.decorator_list
                if isinstance(decorator, ast.Call)
                and isinstance(decorator.func, ast.Attribute)
                and decorator.func.attr == "clause"
                for arg in decorator.args
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            ]
            # A pos(...) expected to raise (inside ``with pytest.raises``) sets up nothing.
            refused = {
                id(inner)
                for block in ast.walk(node)
                if isinstance(block, ast.With) and "raises" in ast.unparse(block.items[0])
                for inner in ast.walk(block)
            }
            builds = any(
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and call.func.id == "pos"
                and id(call) not in refused
                for call in ast.walk(node)
            )
            if builds:
                for clause in cited:
                    found.setdefault(clause, []).append(f"{path.name}::{node.name}")
    return found


@pytest.mark.parametrize("variant", dogrules.VARIANTS)
def test_every_recorded_position_gets_the_same_answer_from_the_engine(variant: str) -> None:
    shipped = read_illustrations(variant)
    assert shipped, f"specs/illustrations/{variant}.json is missing or empty; {RECORD}"
    for drawn in shipped:
        assert drawn.variant == variant, f"{drawn.test}: a {drawn.variant} position"
        now = again(drawn)
        assert now.legal == drawn.legal, (
            f"{drawn.test} ({', '.join(drawn.clauses)}): the legal moves of {drawn.card} "
            f"changed from {drawn.legal} to {now.legal}; {RECORD}"
        )
        assert now.illegal == drawn.illegal, (
            f"{drawn.test} ({', '.join(drawn.clauses)}): the verdict changed from "
            f"{drawn.illegal} to {now.illegal}; {RECORD}"
        )
        if drawn.played is not None:
            legal = dogrules.variant(variant).explain(
                drawn.position, dogrules.variant(variant).parse_action(drawn.position, drawn.played)
            )
            assert legal.legal, f"{drawn.test}: {drawn.played} is no longer legal; {RECORD}"


@pytest.mark.parametrize("variant", dogrules.VARIANTS)
def test_every_rule_with_a_position_test_has_an_illustration(variant: str) -> None:
    illustrated = {clause for drawn in read_illustrations(variant) for clause in drawn.clauses}
    with_position = _tests_setting_up_positions(variant)
    assert with_position, f"no clause test of {variant} calls pos(...): the scan is broken"
    missing = [
        f"{clause.id} ({with_position[clause.id][0]})"
        for clause in dogrules.variant(variant).clauses
        if clause.kind is ClauseKind.RULE
        and clause.id in with_position
        and clause.id not in illustrated
    ]
    assert not missing, f"rules with a position test but no illustration: {missing}; {RECORD}"


def test_a_changed_answer_is_seen() -> None:
    # The check compares with the engine: an illustration whose recorded moves differ from
    # today's answer is not equal to its recomputation.
    drawn = read_illustrations("black-dog")[0]
    tampered = type(drawn)(
        drawn.test, drawn.clauses, drawn.position, drawn.card, (*drawn.legal, "5 T0-T5")
    )
    assert again(tampered).legal != tampered.legal


def test_recording_keeps_a_few_illustrations_a_clause_and_one_for_every_clause() -> None:
    drawn = read_illustrations("black-dog")[0]
    many = [attrs.evolve(drawn, test=f"t.py::test_{n}", clauses=("BD-MOVE",)) for n in range(5)] + [
        attrs.evolve(drawn, test="t.py::test_z", clauses=("BD-MOVE", "BD-CAPTURE"))
    ]
    kept = [d.test for d in capped(many)]
    # PER_CLAUSE of BD-MOVE, then the one of BD-CAPTURE (it cites BD-MOVE too), in test order.
    assert kept == [*(f"t.py::test_{n}" for n in range(PER_CLAUSE)), "t.py::test_z"], kept
