"""Traceability: which functions implement each clause, which tests verify it, and which
citations point nowhere (the Rust Reference's rule ids, applied to the DOG manuals)."""

from __future__ import annotations

import ast
import functools
import inspect
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import FunctionType, ModuleType

import attrs

from dogrules.data.register import Clause, Passage, implementers
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

    def lines(
        self, tests_scanned: bool, passages: Mapping[Passage, str] | None = None
    ) -> list[str]:
        """The row as ``dogrules clauses`` prints it: the clause, its note, the locators of
        the passages it restates (each followed by the passage's words when ``passages``, read
        from the user's copy of the manuals, holds them), the functions and tests citing it,
        and what is missing (a test only when the tests were scanned)."""
        clause = self.clause
        out = [f"{clause.id}  [{clause.kind}]  {clause.source}", f"    {clause.text}"]
        if clause.note:
            out.append(f"    note: {clause.note}")
        for passage in clause.passages:
            out.append(f"    passage: {passage}")
            if passages is not None and passage in passages:
                out.append(f"      | {' '.join(passages[passage].split())}")
        out += [f"    implemented by {function}" for function in self.functions]
        out += [f"    tested by {test}" for test in self.tests]
        if self.needs_function and not self.functions:
            out.append("    !! no rule function")
        if tests_scanned and not self.tests:
            out.append("    !! no test")
        return out


def test_citations(test_dir: Path) -> dict[str, list[str]]:
    """Clause id -> tests whose ``pytest.mark.clause(...)`` marker cites it."""
    cited: dict[str, list[str]] = {}
    for path in sorted(test_dir.glob("test_*.py")):
        for clause_id, test in _test_citations(*_key(path)):
            cited.setdefault(clause_id, []).append(f"{path.name}::{test}")
    return cited


def _key(path: Path) -> tuple[Path, tuple[int, int]]:
    # A file's absolute path (one entry however the folder was named), modification time
    # and size: its parse below is kept until either changes.
    stat = path.stat()
    return path.resolve(), (stat.st_mtime_ns, stat.st_size)


@functools.cache
def _test_citations(path: Path, stamp: tuple[int, int]) -> tuple[tuple[str, str], ...]:
    # (clause id, test) of each clause a test function or class of the file cites.
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return tuple(
        (clause_id, node.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.ClassDef)
        for decorator in node.decorator_list
        for clause_id in _marker_ids(decorator)
    )


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
        for clause_id in _source_citations(*_key(path)):
            cited.setdefault(clause_id, []).append(str(path.relative_to(root)))
    return cited


@functools.cache
def _source_citations(path: Path, stamp: tuple[int, int]) -> tuple[str, ...]:
    # Each string literal of the file that is a clause id, in the order of ast.walk.
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return tuple(
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and CLAUSE_ID.match(node.value)
    )


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


# --- The live register ---------------------------------------------------------------------
# Whether the functions marked for a clause are the code that really runs under the tests
# citing it: tests/live_register.py records, for each test carrying ``pytest.mark.clause``,
# which marked functions ran; :func:`live_problems` judges those records.
# (Kept as one block of new definitions so it can move with this module.)

NEVER_RUNS = "never runs"
NOT_EXERCISED = "not exercised"
UNEXERCISED_PAIR = "unexercised pair"


@attrs.frozen
class ClauseRun:
    """One test carrying ``pytest.mark.clause``: the clause ids it cites and the qualified
    names of the marked functions that ran while it ran."""

    test: str
    clauses: frozenset[str]
    ran: frozenset[str]


@attrs.frozen
class LiveProblem:
    """A marked function that no clause test runs (:data:`NEVER_RUNS`), a clause whose citing
    tests run none of its functions (:data:`NOT_EXERCISED`), or, for information only, one
    function of a clause that its citing tests do not run (:data:`UNEXERCISED_PAIR`)."""

    kind: str
    # The clause ids concerned: for NEVER_RUNS the ids the function is marked with.
    clauses: tuple[str, ...]
    functions: tuple[str, ...]
    tests: tuple[str, ...]

    @property
    def fails(self) -> bool:
        """Whether this problem fails the check (unexercised pairs are information)."""
        return self.kind != UNEXERCISED_PAIR

    def __str__(self) -> str:
        tests = f"({', '.join(self.tests)})" if self.tests else "(no citing test ran)"
        functions = ", ".join(self.functions)
        if self.kind == NEVER_RUNS:
            return (
                f"{', '.join(self.clauses)}: marked function {functions} never runs under any "
                "clause test"
            )
        if self.kind == NOT_EXERCISED:
            return (
                f"{self.clauses[0]}: none of its citing tests {tests} runs any of its marked "
                f"functions ({functions or 'none'})"
            )
        return (
            f"{self.clauses[0]}: marked function {functions} never runs under its citing tests "
            f"{tests}"
        )


def implementing_functions(clause: Clause, marked: Mapping[str, Sequence[str]]) -> frozenset[str]:
    """The functions implementing ``clause``: its own marked functions and those of the
    clauses it is the ``same_as`` of (``marked`` is clause id -> qualified names)."""
    return frozenset(name for key in (clause.id, *clause.same_as) for name in marked.get(key, ()))


def live_problems(
    clauses: Iterable[Clause], marked: Mapping[str, Sequence[str]], runs: Iterable[ClauseRun]
) -> list[LiveProblem]:
    """Judge which marked functions the clause tests ``runs`` really ran.

    ``clauses`` are the register entries to check (of any variants; an id given twice is
    checked once), ``marked`` is clause id -> the qualified names marked for it (as
    :func:`~dogrules.clauses.implementers`). Returns, sorted, every NEVER_RUNS problem (a
    marked function no run ran), every NOT_EXERCISED problem (a rule or ruling, or a clause of
    another kind that has marked functions, whose citing runs ran none of its functions), then
    every UNEXERCISED_PAIR (a function of a clause that none of its citing runs ran).
    """
    runs = tuple(runs)
    ran_anywhere = frozenset(name for run in runs for name in run.ran)
    marked_for: dict[str, set[str]] = {}
    for clause_id, names in marked.items():
        for name in names:
            marked_for.setdefault(name, set()).add(clause_id)
    found = [
        LiveProblem(NEVER_RUNS, tuple(sorted(ids)), (name,), ())
        for name, ids in sorted(marked_for.items())
        if name not in ran_anywhere
    ]
    pairs: list[LiveProblem] = []
    by_id = {clause.id: clause for clause in clauses}
    for clause_id, clause in sorted(by_id.items()):
        functions = implementing_functions(clause, marked)
        citing = [run for run in runs if clause_id in run.clauses]
        tests = tuple(sorted({run.test for run in citing}))
        ran = frozenset(name for run in citing for name in run.ran)
        # Assumptions and layout data without a rule function have no code to run; a rule or
        # ruling without one is a failure here too (and in the static check).
        if (clause.kind in ("rule", "ruling") or functions) and not functions & ran:
            found.append(LiveProblem(NOT_EXERCISED, (clause_id,), tuple(sorted(functions)), tests))
        pairs.extend(
            LiveProblem(UNEXERCISED_PAIR, (clause_id,), (name,), tests)
            for name in sorted(functions - ran)
        )
    return found + pairs


def marked_functions(marked: Mapping[str, Sequence[str]]) -> dict[str, FunctionType]:
    """Qualified name -> the Python function (undecorated) of every name in ``marked``
    (clause id -> qualified names), whose code the live register's probes go into.

    The functions' modules must be imported (they are: marking happens at import). Raises
    LookupError for a name that does not resolve to a function, so a mark cannot go unwatched.
    """
    return {
        name: _function_named(name)
        for name in sorted({name for names in marked.values() for name in names})
    }


def marked_source(name: str) -> tuple[Path, int]:
    """The source file and first line (its first decorator's) of the function ``name``
    (``module.qualname``), read from its module's ``.py`` file: so also a function compiled
    by mypyc (the opt-in compiled build), which has no code object but keeps its ``.py``
    beside it. LookupError when the module is not imported or its file defines no such
    function."""
    module, qualname = _module_of(name)
    loaded = Path(module.__file__ or name)  # movement.py, or movement.cpython-311-....so
    path = loaded.with_name(f"{loaded.name.split('.')[0]}.py")
    nodes = _parsed(path).body
    found: ast.stmt | None = None
    for part in qualname:
        found = next(
            (
                node
                for node in nodes
                if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name == part
            ),
            None,
        )
        if found is None:
            raise LookupError(f"marked function {name}: {part!r} not found in {path.name}")
        nodes = found.body
    if not isinstance(found, ast.FunctionDef):
        raise LookupError(f"marked function {name} is no function of {path.name}")
    return path, min([found.lineno, *(d.lineno for d in found.decorator_list)])


@functools.cache
def _parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _module_of(name: str) -> tuple[ModuleType, list[str]]:
    # The longest imported module prefix of ``name``, and the qualname inside it.
    parts = name.split(".")
    split = next((i for i in range(len(parts) - 1, 0, -1) if ".".join(parts[:i]) in sys.modules), 0)
    if split == 0:
        raise LookupError(f"marked function {name}: no imported module contains it")
    return sys.modules[".".join(parts[:split])], parts[split:]


def _function_named(name: str) -> FunctionType:
    module, qualname = _module_of(name)
    found: object = module
    for part in qualname:
        # vars(), not getattr(): a classmethod or staticmethod must be seen undecorated.
        namespace = vars(found) if hasattr(found, "__dict__") else {}
        if part not in namespace:
            raise LookupError(f"marked function {name}: {part!r} not found")
        found = namespace[part]
    if isinstance(found, classmethod | staticmethod):
        found = found.__func__
    elif isinstance(found, property):
        found = found.fget
    elif isinstance(found, functools.cached_property):
        found = found.func
    if callable(found):
        found = inspect.unwrap(found)
    if not isinstance(found, FunctionType):
        raise LookupError(f"marked function {name} is not a Python function: {found!r}")
    return found
