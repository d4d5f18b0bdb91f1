"""Traceability: which functions implement each clause, which tests verify it, and which
citations point nowhere (the Rust Reference's rule ids, applied to the DOG manuals)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

import attrs

from dogrules.data.register import Clause, implementers
from dogrules.variants import rulesets
from dogrules.variants import variant as get_variant

CLAUSE_ID = re.compile(r"^(?:[A-Z]{2}-[A-Z0-9]+(?:-[A-Z0-9]+)*|R-[A-Z]\d+)$")
_SOURCE_ROOT = Path(__file__).resolve().parent.parent


@attrs.frozen
class TraceRow:
    """One clause with the functions and tests that cite it."""

    clause: Clause
    functions: tuple[str, ...]
    tests: tuple[str, ...]

    @property
    def needs_function(self) -> bool:
        return self.clause.kind in ("rule", "ruling")


def test_citations(test_dir: Path) -> dict[str, list[str]]:
    """Clause id -> tests whose ``pytest.mark.clause(...)`` marker cites it."""
    cited: dict[str, list[str]] = {}
    for path in sorted(test_dir.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.ClassDef):
                continue
            for decorator in node.decorator_list:
                for clause_id in _marker_ids(decorator):
                    cited.setdefault(clause_id, []).append(f"{path.name}::{node.name}")
    return cited


def _marker_ids(decorator: ast.expr) -> Iterable[str]:
    if not isinstance(decorator, ast.Call):
        return ()
    func = decorator.func
    if not (isinstance(func, ast.Attribute) and func.attr == "clause"):
        return ()
    return [
        arg.value
        for arg in decorator.args
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
    ]


def source_citations(root: Path = _SOURCE_ROOT) -> dict[str, list[str]]:
    """Clause id -> the source files whose string literals cite it."""
    cited: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and CLAUSE_ID.match(node.value)
            ):
                cited.setdefault(node.value, []).append(str(path.relative_to(root)))
    return cited


def matrix(variant: str, test_dir: Path | None = None) -> tuple[TraceRow, ...]:
    """The traceability matrix of ``variant``."""
    functions = implementers()
    tests = test_citations(test_dir) if test_dir is not None and test_dir.is_dir() else {}
    rows = []
    for clause in get_variant(variant).clauses:
        # A clause stating the same mechanic as another variant's (same_as) is implemented
        # by the shared rule function of that mechanic.
        implementing = set(functions.get(clause.id, ()))
        for other in clause.same_as:
            implementing.update(functions.get(other, ()))
        rows.append(
            TraceRow(
                clause, tuple(sorted(implementing)), tuple(sorted(set(tests.get(clause.id, ()))))
            )
        )
    return tuple(rows)


def problems(variants: Iterable[str], test_dir: Path | None) -> list[str]:
    """Every traceability failure: rules without code, clauses without tests, dangling ids."""
    found: list[str] = []
    known = all_clause_ids()
    for variant in variants:
        for row in matrix(variant, test_dir):
            if row.needs_function and not row.functions:
                found.append(f"{variant}: {row.clause.kind} {row.clause.id} has no rule function")
            if test_dir is not None and not row.tests:
                found.append(f"{variant}: {row.clause.id} has no test citing it")
    for clause_id in sorted(implementers()):
        if clause_id not in known:
            found.append(f"code implements unknown clause {clause_id}")
    for clause_id, files in sorted(source_citations().items()):
        if clause_id not in known:
            found.append(f"{', '.join(sorted(set(files)))} cites unknown clause {clause_id}")
    if test_dir is not None:
        for clause_id, names in sorted(test_citations(test_dir).items()):
            if clause_id not in known:
                found.append(f"{names[0]} cites unknown clause {clause_id}")
    return found


def all_clause_ids() -> frozenset[str]:
    """Every id registered by any registered variant."""
    return frozenset(c.id for ruleset in rulesets() for c in ruleset.register)
