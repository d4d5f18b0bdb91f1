"""The mutants (Cosmic Ray's operators on the rule modules) and running the tests against each:
which tests reach which line (measured once, under coverage), and each mutant run in a forked
child with its function's code swapped in memory, or on a copy of ``src`` for a mutant outside
any function. Needs the ``mutate`` extra (Cosmic Ray and coverage)."""

from __future__ import annotations

import ast
import difflib
import enum
import functools
import gc
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import CodeType, FunctionType, ModuleType

import attrs
import cosmic_ray.plugins
import coverage
import pytest
from cosmic_ray.ast import ast_nodes, get_ast
from cosmic_ray.mutating import MutationVisitor

from .sites import ROOT, RULES, Row, Site, Source, rows

# One replacement per operator rather than every pair (a "sufficient" set): the full
# Cosmic Ray set makes 3,800 mutants of the rule modules, most of them redundant.
OPERATORS = (
    "core/ReplaceBinaryOperator_Add_Sub",
    "core/ReplaceBinaryOperator_Sub_Add",
    "core/ReplaceBinaryOperator_Mul_Add",
    "core/ReplaceBinaryOperator_FloorDiv_Mul",
    "core/ReplaceBinaryOperator_Mod_FloorDiv",
    "core/ReplaceComparisonOperator_Eq_NotEq",
    "core/ReplaceComparisonOperator_NotEq_Eq",
    "core/ReplaceComparisonOperator_Lt_LtE",
    "core/ReplaceComparisonOperator_LtE_Lt",
    "core/ReplaceComparisonOperator_Gt_GtE",
    "core/ReplaceComparisonOperator_GtE_Gt",
    "core/ReplaceComparisonOperator_Is_IsNot",
    "core/ReplaceComparisonOperator_IsNot_Is",
    "core/ReplaceUnaryOperator_USub_UAdd",
    "core/ReplaceUnaryOperator_Delete_Not",
    "core/AddNot",
    "core/ReplaceTrueWithFalse",
    "core/ReplaceFalseWithTrue",
    "core/ReplaceAndWithOr",
    "core/ReplaceOrWithAnd",
    "core/ReplaceBreakWithContinue",
    "core/ReplaceContinueWithBreak",
    "core/NumberReplacer",
    "core/ZeroIterationForLoop",
)

# The fast tests that pin the rules. Left out: tests/test_state_machines.py and the other
# Hypothesis-driven files (test_choices, test_observation, test_problems, test_cli,
# test_error_family), which take minutes, and the exhaustive Partner sweeps of
# tests/test_distinct_outcomes.py (up to 45 s a test). Within these files a test slower than
# --max-test-seconds unmutated (the random-game wins, some golden games) is left out too.
TESTS = (
    "tests/test_clauses_black_dog.py",
    "tests/test_clauses_black_dog_cards.py",
    "tests/test_clauses_agent_dog.py",
    "tests/test_clauses_agent_dog_cards.py",
    "tests/test_clauses_dog_kids.py",
    "tests/test_golden.py",
)

PYTEST_ARGS = ("-x", "-q", "-p", "no:cacheprovider", "-p", "no:live_register", "-W", "ignore")


class Outcome(enum.Enum):
    KILLED = "killed"
    TIMEOUT = "timeout"  # counted as killed
    SURVIVED = "survived"
    UNCOVERED = "uncovered"  # no selected test reaches it: survived without a run
    EQUIVALENT = "equivalent"  # survived, and equivalents.toml explains why that is right
    ERROR = "error"  # the mutant could not be run (counted apart, as neither)


KILLS = (Outcome.KILLED, Outcome.TIMEOUT)


@attrs.frozen
class Mutant:
    """One mutation of a rule module: Cosmic Ray's ``operator`` at its ``occurrence``."""

    module: str
    operator: str
    occurrence: int
    line: int
    site: Site
    original: str = attrs.field(repr=False)  # the module's source, unmutated

    @property
    def before(self) -> str:
        return self.site.code

    @property
    def source(self) -> str:
        """The mutated module (worked out on demand: parsing is the slow part)."""
        operator = cosmic_ray.plugins.get_operator(self.operator)()
        mutated = MutationVisitor.mutate_code(self.original, operator, self.occurrence)
        assert isinstance(mutated, str), f"{self} makes no mutation"
        return mutated

    @property
    def after(self) -> str:
        """The changed lines, as the mutant has them."""
        new = self.source.splitlines()
        opcodes = difflib.SequenceMatcher(a=self.original.splitlines(), b=new).get_opcodes()
        changed = [new[j] for tag, _, _, j1, j2 in opcodes if tag != "equal" for j in range(j1, j2)]
        return " / ".join(text.strip() for text in changed)

    @property
    def label(self) -> str:
        return f"{self.site.function}: {self.site.operator}: `{self.before}` -> `{self.after}`"


@attrs.frozen
class Result:
    mutant: Mutant
    outcome: Outcome
    tests: int
    seconds: float


# ---- making the mutants ----------------------------------------------------------------------


def _not_code(tree: ast.Module) -> set[tuple[int, int]]:
    """The (line, column) spans of annotations and docstrings, where a mutant means nothing."""
    spans: set[tuple[int, int]] = set()

    def add(node: ast.AST | None) -> None:
        if node is not None:
            for inner in ast.walk(node):
                if isinstance(inner, ast.expr | ast.stmt):
                    spans.add((inner.lineno, inner.col_offset))

    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            add(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            add(node.returns)
        elif isinstance(node, ast.AnnAssign):
            add(node.annotation)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                add(first)
    return spans


def mutants_of(module: str) -> Iterator[Mutant]:
    """Every mutant of ``dogrules.rules.<module>`` the operators make, in operator order."""
    text = (RULES / f"{module}.py").read_text(encoding="utf-8")
    source = Source.of(text)
    skip = _not_code(ast.parse(text))
    for name in OPERATORS:
        operator = cosmic_ray.plugins.get_operator(name)()
        positions = [
            start
            for node in ast_nodes(get_ast(text))
            for start, _ in operator.mutation_positions(node)
        ]
        for occurrence, (line, column) in enumerate(positions):
            if (line, column) not in skip:
                site = source.site(module, line, name)
                yield Mutant(module, name, occurrence, line, site, text)


def unmatched(table: Sequence[Row], modules: Sequence[str]) -> list[Row]:
    """The rows of ``modules`` that name no mutant the operators make (Cosmic Ray's exact
    view; tests/test_mutation_table.py checks the lines without it)."""
    sites = {mutant.site for module in modules for mutant in mutants_of(module)}
    return [row for row in table if row.site.module in modules and row.site not in sites]


def statement_lines(tree: ast.Module, line: int) -> range:
    """The lines of the innermost statement (or compound statement header) holding ``line``."""
    spans = [range(line, line + 1)]
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt):
            body = getattr(node, "body", None)
            compound = isinstance(body, list) and body and line < body[0].lineno
            end = body[0].lineno - 1 if compound and body else (node.end_lineno or node.lineno)
            if node.lineno <= line <= end:
                spans.append(range(node.lineno, end + 1))
    return max(spans[1:] or spans, key=lambda span: span.start)


def in_function(tree: ast.Module, line: int) -> bool:
    """Whether ``line`` lies in the body of a function, whose code object can be swapped.
    A signature (default values) or a decorator is run when the module is imported."""
    return any(
        isinstance(node, ast.FunctionDef)
        and node.body[0].lineno <= line <= (node.end_lineno or node.lineno)
        for node in ast.walk(tree)
    )


# ---- which test reaches which line (one run under coverage, in a forked child) ---------------


@attrs.frozen
class Reach:
    """For each rule module, line -> the tests that run it; for each test, its seconds."""

    lines: dict[str, dict[int, list[str]]]
    seconds: dict[str, float]

    def tests_for(self, module: str, span: range) -> list[str]:
        found = {test for line in span for test in self.lines.get(module, {}).get(line, [])}
        return sorted(found, key=lambda test: (self.seconds.get(test, 0.0), test))

    def tests_of(self, module: str) -> list[str]:
        found = {test for tests in self.lines.get(module, {}).values() for test in tests}
        return sorted(found, key=lambda test: (self.seconds.get(test, 0.0), test))

    def budget(self, tests: Sequence[str]) -> float:
        return sum(self.seconds.get(test, 0.0) for test in tests)

    def only(self, tests: set[str]) -> Reach:
        """The same, for ``tests`` alone."""
        lines = {
            module: {line: [t for t in found if t in tests] for line, found in by_line.items()}
            for module, by_line in self.lines.items()
        }
        return Reach(lines, {test: self.seconds[test] for test in tests if test in self.seconds})


def _quiet() -> None:
    """Set up a forked child: no output, and a plain SIGTERM kills it."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)


def _run_items(session: pytest.Session, items: Sequence[pytest.Item]) -> int:
    """Run ``items`` as pytest's own loop does, stopping at the first failure: 1 if one failed."""
    for index, item in enumerate(items):
        following = items[index + 1] if index + 1 < len(items) else None
        item.config.hook.pytest_runtest_protocol(item=item, nextitem=following)
        if session.testsfailed:
            return 1
    return 0


def measure_reach(session: pytest.Session, out: Path) -> Reach:
    """Run every collected test once under coverage in a child: what it reaches, how long."""
    pid = os.fork()
    if pid == 0:  # the child: run, write, leave without running the parent's clean-ups
        code = 3
        try:
            _quiet()
            cov = coverage.Coverage(data_file=None, include=[str(RULES / "*.py")])
            seconds: dict[str, float] = {}
            cov.start()
            caches = _caches()
            for index, item in enumerate(session.items):
                # Cold caches: a test is told every line it needs, not only those that an
                # earlier test did not already leave in a cache.
                _clear_caches(caches)
                cov.switch_context(item.nodeid)
                started = time.perf_counter()
                following = session.items[index + 1] if index + 1 < len(session.items) else None
                item.config.hook.pytest_runtest_protocol(item=item, nextitem=following)
                seconds[item.nodeid] = time.perf_counter() - started
            cov.stop()
            data = cov.get_data()
            lines = {
                Path(filename).stem: {
                    line: [test for test in names if test]
                    for line, names in data.contexts_by_lineno(filename).items()
                }
                for filename in data.measured_files()
            }
            out.write_text(json.dumps({"lines": lines, "seconds": seconds}), encoding="utf-8")
            code = 1 if session.testsfailed else 0
        finally:
            os._exit(code)
    exit_code = _wait(pid, 24 * 3600.0)
    if exit_code != 0:
        raise SystemExit(f"the tests do not pass unmutated (exit {exit_code}); fix them first")
    return load_reach(out)


def load_reach(out: Path) -> Reach:
    payload = json.loads(out.read_text(encoding="utf-8"))
    lines = {
        module: {int(line): tests for line, tests in by_line.items()}
        for module, by_line in payload["lines"].items()
    }
    return Reach(lines, payload["seconds"])


# ---- running one mutant ------------------------------------------------------------------------


def _codes(code: CodeType) -> Iterator[CodeType]:
    for constant in code.co_consts:
        if isinstance(constant, CodeType):
            yield constant
            yield from _codes(constant)


def _functions(module: ModuleType) -> Iterator[FunctionType]:
    """The module's own functions and methods, seen through caches and static methods."""
    for value in vars(module).values():
        members = vars(value).values() if isinstance(value, type) else [value]
        for member in members:
            inner = getattr(member, "__func__", getattr(member, "__wrapped__", member))
            if isinstance(inner, FunctionType) and inner.__module__ == module.__name__:
                yield inner


def patch(mutant: Mutant) -> None:
    """Put the mutated code into the live functions of the module (in this process only)."""
    module = sys.modules[f"dogrules.rules.{mutant.module}"]
    compiled = compile(mutant.source, str(RULES / f"{mutant.module}.py"), "exec")
    new = {code.co_qualname: code for code in _codes(compiled)}
    changed = 0
    for function in _functions(module):
        code = new.get(function.__code__.co_qualname)
        if code is not None and code != function.__code__:
            function.__code__ = code
            changed += 1
    if changed == 0:
        raise RuntimeError(f"no function of {mutant.module} changed")
    _clear_caches()


def _caches() -> list[Callable[[], None]]:
    """How to empty each functools cache and each game's memo."""
    found: list[Callable[[], None]] = []
    for thing in gc.get_objects():
        if isinstance(thing, functools._lru_cache_wrapper):
            found.append(thing.cache_clear)
        elif type(thing).__name__ == "Memo":
            found.append(thing.clear)
    return found


def _clear_caches(caches: Sequence[Callable[[], None]] | None = None) -> None:
    """Empty the caches: a result kept from an earlier run of the code must not stand in for
    the code now in place."""
    for clear in _caches() if caches is None else caches:
        clear()


def _wait(pid: int, timeout: float) -> int | None:
    """The exit code of child ``pid``, or None if it ran past ``timeout`` (then killed)."""
    deadline = time.monotonic() + timeout
    done = 0
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return os.waitstatus_to_exitcode(status)
            if time.monotonic() > deadline:
                break
            time.sleep(0.02)
    finally:  # past the timeout, or interrupted: the child goes too
        if not done:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    return None


def _run_in_memory(
    mutant: Mutant, session: pytest.Session, tests: Sequence[str], timeout: float
) -> int | None:
    pid = os.fork()
    if pid == 0:
        code = 4
        try:
            _quiet()
            patch(mutant)
            by_id = {item.nodeid: item for item in session.items}
            code = _run_items(session, [by_id[test] for test in tests])
        finally:
            os._exit(code)
    return _wait(pid, timeout)


def _run_on_copy(mutant: Mutant, tests: Sequence[str], timeout: float, copy: Path) -> int | None:
    """Run a module-level mutant on a copy of src (the work tree is never written)."""
    target = copy / "dogrules" / "rules" / f"{mutant.module}.py"
    original = target.read_text(encoding="utf-8")
    target.write_text(mutant.source, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", *PYTEST_ARGS, *tests],
            cwd=ROOT,
            env=env,
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return None
    finally:
        target.write_text(original, encoding="utf-8")
    if done.returncode not in (0, 1):
        tail = (done.stdout + done.stderr).decode(errors="replace").strip().splitlines()[-3:]
        print(f"  exit {done.returncode}: {' | '.join(tail)}", flush=True)
    return done.returncode


def run_mutant(
    mutant: Mutant, session: pytest.Session, reach: Reach, copy: Path, factor: float
) -> Result:
    tree = ast.parse(mutant.original)  # the mutant keeps the lines where they are
    inside = in_function(tree, mutant.line)
    if inside:
        tests = reach.tests_for(mutant.module, statement_lines(tree, mutant.line))
    else:  # module level: every selected test that reaches the module at all
        tests = reach.tests_of(mutant.module)
    if not tests:
        return Result(mutant, Outcome.UNCOVERED, 0, 0.0)
    timeout = 20.0 + factor * reach.budget(tests) + (0.0 if inside else 20.0)
    started = time.monotonic()
    if inside:
        code = _run_in_memory(mutant, session, tests, timeout)
    else:
        code = _run_on_copy(mutant, tests, timeout, copy)
    seconds = time.monotonic() - started
    outcome = {None: Outcome.TIMEOUT, 0: Outcome.SURVIVED, 1: Outcome.KILLED}.get(
        code, Outcome.ERROR
    )
    return Result(mutant, outcome, len(tests), seconds)


def with_equivalents(result: Result, equivalent: set[Site]) -> Result:
    """``result``, counted as equivalent when it survived and a row of the table names its
    site."""
    if result.outcome in (Outcome.SURVIVED, Outcome.UNCOVERED) and result.mutant.site in equivalent:
        return attrs.evolve(result, outcome=Outcome.EQUIVALENT)
    return result


def equivalent_sites(modules: Sequence[str]) -> set[Site]:
    """The sites the table names, once every row of ``modules`` is known to name a mutant
    (SystemExit naming those that do not: read them again first)."""
    table = rows()
    stale = unmatched(table, modules)
    if stale:
        raise SystemExit(
            f"{len(stale)} rows of the equivalent-mutant table name no mutant of the current "
            "code (read each again: the code it was written about has changed):\n"
            + "\n".join(str(row) for row in stale)
        )
    return {row.site for row in table}
