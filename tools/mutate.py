"""Mutation testing of the rule modules: how many small wrong versions of each rule module
does the test suite catch?

    nice -n 19 python tools/mutate.py [--modules movement disc ...] [--json out.json]
                                      [--markdown out.md] [--list] [--limit N]

Not part of CI (it runs the tests once per mutant). The mutants are made by Cosmic Ray's
operators (``cosmic_ray.plugins``, a curated set, see ``OPERATORS``); the runner is our own
and works in memory, so the source tree is never written (tools/mutants.md says why):

1. the selected test files are collected once, in this process, which imports dogrules and
   the tests; a forked child then runs them under coverage, recording which test reaches
   which line of the rule modules and how long each test takes;
2. for each mutant, a forked child compiles the mutated module, swaps the code of the changed
   function into the live function object (``__code__``), clears the caches, and runs the
   tests that reach the mutated statement, fastest first, with ``-x``; the parent kills it
   past a timeout. A mutant outside any function (a module constant) runs in a fresh
   ``python -m pytest`` on a temporary copy of ``src``. A mutant no selected test reaches
   survives without a run.

A test run that fails kills the mutant; one that passes lets it survive. Survivors listed in
tools/mutants.md as equivalent (module, line, mutation) are counted apart. The score of a
module is killed / (mutants - equivalent). Run it with ``PYTHONPATH=src`` from the root of
the work tree, under ``nice``; it uses one worker.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import enum
import functools
import gc
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
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

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "src" / "dogrules" / "rules"
EQUIVALENTS = ROOT / "tools" / "mutants.md"

# The modules in the order they matter most (run first when time is short).
MODULES = (
    "movement", "blackdog", "disc", "magnet", "partner", "swap", "copy", "numbers", "play",
    "round", "agents", "kids_cards", "kids_round", "colours", "secrecy", "splits",
)  # fmt: skip

# The fast tests that pin the rules. Left out: tests/test_state_machines.py and the other
# Hypothesis-driven files (test_choices, test_observation, test_problems, test_cli,
# test_error_family), which take minutes, and the exhaustive Partner sweeps of
# tests/test_distinct_outcomes.py (up to 45 s a test). Within these files a test slower than
# --max-test-seconds unmutated (the random-game and golden playthroughs) is left out too.
TESTS = (
    "tests/test_clauses_black_dog.py",
    "tests/test_clauses_black_dog_cards.py",
    "tests/test_clauses_agent_dog.py",
    "tests/test_clauses_agent_dog_cards.py",
    "tests/test_clauses_dog_kids.py",
    "tests/test_golden.py",
)

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

PYTEST_ARGS = ("-x", "-q", "-p", "no:cacheprovider", "-p", "no:live_register", "-W", "ignore")


class Outcome(enum.Enum):
    KILLED = "killed"
    TIMEOUT = "timeout"  # counted as killed
    SURVIVED = "survived"
    UNCOVERED = "uncovered"  # no selected test reaches it: survived without a run
    EQUIVALENT = "equivalent"  # survived, and tools/mutants.md explains why that is right
    ERROR = "error"  # the mutant could not be run (counted apart, as neither)


KILLS = (Outcome.KILLED, Outcome.TIMEOUT)


@attrs.frozen
class Mutant:
    """One mutation of a rule module: Cosmic Ray's ``operator`` at its ``occurrence``."""

    module: str
    operator: str
    occurrence: int
    line: int
    original: str = attrs.field(repr=False)  # the module's source, unmutated

    @property
    def before(self) -> str:
        return self.original.splitlines()[self.line - 1].strip()

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
        return f"{self.operator.removeprefix('core/')}: `{self.before}` -> `{self.after}`"


@attrs.frozen
class Result:
    mutant: Mutant
    outcome: Outcome
    tests: int
    seconds: float


# ---------------------------------------------------------------------------------------------
# Making the mutants
# ---------------------------------------------------------------------------------------------


def _not_code_lines(tree: ast.Module) -> set[tuple[int, int]]:
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
    """Every mutant of ``dogrules.rules.<module>`` the operators make, in source order."""
    source = (RULES / f"{module}.py").read_text(encoding="utf-8")
    skip = _not_code_lines(ast.parse(source))
    for name in OPERATORS:
        operator = cosmic_ray.plugins.get_operator(name)()
        positions = [
            start
            for node in ast_nodes(get_ast(source))
            for start, _ in operator.mutation_positions(node)
        ]
        for occurrence, (line, column) in enumerate(positions):
            if (line, column) not in skip:
                yield Mutant(module, name, occurrence, line, source)


def _statement_lines(tree: ast.Module, line: int) -> range:
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


def _enclosing_function(tree: ast.Module, line: int) -> bool:
    """Whether ``line`` lies in the body of a function, whose code object can be swapped.
    A signature (default values) or a decorator is run when the module is imported."""
    return any(
        isinstance(node, ast.FunctionDef)
        and node.body[0].lineno <= line <= (node.end_lineno or node.lineno)
        for node in ast.walk(tree)
    )


# ---------------------------------------------------------------------------------------------
# Which test reaches which line (one run under coverage, in a forked child)
# ---------------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------------
# Running one mutant
# ---------------------------------------------------------------------------------------------


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


def _patch(mutant: Mutant) -> None:
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
    """How to empty each functools cache and the judge's listing cache."""
    found: list[Callable[[], None]] = []
    for thing in gc.get_objects():
        if isinstance(thing, functools._lru_cache_wrapper):
            found.append(thing.cache_clear)
        elif type(thing).__name__ == "ListingCache":
            found.append(thing._clear)
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
            _patch(mutant)
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
    in_function = _enclosing_function(tree, mutant.line)
    if in_function:
        tests = reach.tests_for(mutant.module, _statement_lines(tree, mutant.line))
    else:  # module level: every selected test that reaches the module at all
        everything = {
            test for tests in reach.lines.get(mutant.module, {}).values() for test in tests
        }
        tests = sorted(everything, key=lambda test: reach.seconds.get(test, 0.0))
    if not tests:
        return Result(mutant, Outcome.UNCOVERED, 0, 0.0)
    timeout = 20.0 + factor * reach.budget(tests) + (0.0 if in_function else 20.0)
    started = time.monotonic()
    if in_function:
        code = _run_in_memory(mutant, session, tests, timeout)
    else:
        code = _run_on_copy(mutant, tests, timeout, copy)
    seconds = time.monotonic() - started
    outcome = {None: Outcome.TIMEOUT, 0: Outcome.SURVIVED, 1: Outcome.KILLED}.get(
        code, Outcome.ERROR
    )
    return Result(mutant, outcome, len(tests), seconds)


# ---------------------------------------------------------------------------------------------
# Equivalent mutants, reports and the command line
# ---------------------------------------------------------------------------------------------


def equivalents(path: Path = EQUIVALENTS) -> set[tuple[str, int, str]]:
    """(module, line, operator) of each row of the equivalent-mutant table in ``path``."""
    rows: set[tuple[str, int, str]] = set()
    if not path.exists():
        return rows
    row = re.compile(r"^\|\s*(\w+)\s*\|\s*(\d+)\s*\|\s*(\w+)\s*:")
    for text in path.read_text(encoding="utf-8").splitlines():
        match = row.match(text)
        if match:
            rows.add((match[1], int(match[2]), match[3]))
    return rows


def _with_equivalents(result: Result, known: set[tuple[str, int, str]]) -> Result:
    m = result.mutant
    key = (m.module, m.line, m.operator.removeprefix("core/"))
    if result.outcome in (Outcome.SURVIVED, Outcome.UNCOVERED) and key in known:
        return attrs.evolve(result, outcome=Outcome.EQUIVALENT)
    return result


def summary(results: Sequence[Result]) -> dict[str, dict[str, float]]:
    """Per module: mutants, killed, survived, equivalent, errors and score (percent)."""
    table: dict[str, dict[str, float]] = {}
    for module in dict.fromkeys(result.mutant.module for result in results):
        mine = [result for result in results if result.mutant.module == module]
        count = {kind: sum(r.outcome is kind for r in mine) for kind in Outcome}
        killed = count[Outcome.KILLED] + count[Outcome.TIMEOUT]
        survived = count[Outcome.SURVIVED] + count[Outcome.UNCOVERED]
        scored = len(mine) - count[Outcome.EQUIVALENT] - count[Outcome.ERROR]
        table[module] = {
            "mutants": len(mine),
            "killed": killed,
            "survived": survived,
            "equivalent": count[Outcome.EQUIVALENT],
            "errors": count[Outcome.ERROR],
            "score": round(100.0 * killed / scored, 1) if scored else 100.0,
        }
    return table


def markdown(results: Sequence[Result], seconds: float) -> str:
    table = summary(results)
    out = [
        f"# Mutation score of the rule modules ({len(results)} mutants, {seconds:.0f} s)",
        "",
        "| module | mutants | killed | survived | equivalent | errors | score |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for module, row in table.items():
        out.append(
            f"| {module} | {row['mutants']:.0f} | {row['killed']:.0f} | {row['survived']:.0f}"
            f" | {row['equivalent']:.0f} | {row['errors']:.0f} | {row['score']}% |"
        )
    out += ["", "## Survivors", "", "| module | line | mutation | outcome |", "|---|---:|---|---|"]
    for result in results:
        if result.outcome in (Outcome.SURVIVED, Outcome.UNCOVERED, Outcome.ERROR):
            m = result.mutant
            label = m.label.replace("|", "\\|")
            out.append(f"| {m.module} | {m.line} | {label} | {result.outcome.value} |")
    return "\n".join(out) + "\n"


def as_json(results: Sequence[Result], seconds: float) -> str:
    rows = [
        {
            "module": r.mutant.module,
            "line": r.mutant.line,
            "operator": r.mutant.operator,
            "occurrence": r.mutant.occurrence,
            "before": r.mutant.before,
            "after": r.mutant.after if r.outcome not in KILLS else "",
            "outcome": r.outcome.value,
            "tests": r.tests,
            "seconds": round(r.seconds, 2),
        }
        for r in results
    ]
    return json.dumps(
        {"seconds": round(seconds), "summary": summary(results), "mutants": rows}, indent=1
    )


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="tools/mutate.py",
        description="Mutation testing of the rule modules (src/dogrules/rules): the share of "
        "mutants the tests kill, per module, and the survivors.",
    )
    parser.add_argument(
        "--modules", nargs="+", choices=MODULES, default=list(MODULES), metavar="MODULE",
        help=f"rule modules to mutate, in this order (default: all: {' '.join(MODULES)})",
    )  # fmt: skip
    parser.add_argument(
        "--tests", nargs="+", default=list(TESTS), metavar="PATH",
        help="test files (or node ids) the mutants are run against (default: the fast "
        "clause, golden and outcome tests; never tests/test_state_machines.py)",
    )  # fmt: skip
    parser.add_argument("--limit", type=int, default=0, help="at most N mutants a module")
    parser.add_argument("--lines", type=str, default="", help="only lines A-B (with one module)")
    parser.add_argument(
        "--factor", type=float, default=3.0,
        help="timeout of a mutant: 20 s + FACTOR x the covered tests' time unmutated",
    )  # fmt: skip
    parser.add_argument(
        "--max-test-seconds", type=float, default=1.5,
        help="leave out tests slower than this unmutated (default 1.5 s, under coverage)",
    )  # fmt: skip
    parser.add_argument(
        "--reach", type=Path,
        help="keep the coverage pass (which test reaches which line) in this JSON file and "
        "reuse it while it exists (delete it when the tests or the rules change)",
    )  # fmt: skip
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--json", type=Path, help="write the full results as JSON here")
    parser.add_argument("--markdown", type=Path, help="write the report as markdown here")
    return parser.parse_args(argv)


class Driver:
    """A pytest plugin that replaces the test loop by the mutation loop.

    Collection happens once, in this process; the tests run only in forked children.
    """

    def __init__(self, mutants: Sequence[Mutant], args: argparse.Namespace, scratch: Path) -> None:
        self.mutants = mutants
        self.factor: float = args.factor
        self.max_test_seconds: float = args.max_test_seconds
        self.reach_file: Path | None = args.reach
        self.scratch = scratch
        self.results: list[Result] = []

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> bool:
        started = time.monotonic()
        # The copy for module-level mutants: src/ beside the specs/ the package reads.
        copy = self.scratch / "tree" / "src"
        shutil.copytree(ROOT / "src", copy)
        (copy.parent / "specs").symlink_to(ROOT / "specs")
        if self.reach_file is not None and self.reach_file.exists():
            reach = load_reach(self.reach_file)
        else:
            reach = measure_reach(session, self.reach_file or self.scratch / "reach.json")
        quick = {
            item.nodeid
            for item in session.items
            if reach.seconds.get(item.nodeid, float("inf")) <= self.max_test_seconds
        }
        reach = reach.only(quick)
        print(f"\n{len(quick)} of {len(session.items)} tests are quick enough to run")
        known = equivalents()
        print(f"\n{len(self.mutants)} mutants; tests timed in {time.monotonic() - started:.0f} s")
        for index, mutant in enumerate(self.mutants, 1):
            result = run_mutant(mutant, session, reach, copy, self.factor)
            result = _with_equivalents(result, known)
            self.results.append(result)
            print(
                f"[{index}/{len(self.mutants)}] {mutant.module}:{mutant.line}"
                f" {result.outcome.value} ({result.tests} tests, {result.seconds:.1f} s)"
                f" {mutant.label}",
                flush=True,
            )
        return True


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # pytest ends the session and our report still gets written


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    os.chdir(ROOT)
    chosen: list[Mutant] = []
    for module in args.modules:
        mine = list(mutants_of(module))
        if args.lines:
            low, _, high = args.lines.partition("-")
            mine = [m for m in mine if int(low) <= m.line <= int(high or low)]
        chosen += mine[: args.limit] if args.limit else mine
    if args.list:
        for m in chosen:
            print(f"{m.module}:{m.line}: {m.label}")
        print(f"{len(chosen)} mutants")
        return 0
    started = time.monotonic()
    # A plain kill ends the run like Ctrl-C: the running child is killed, the scratch copy
    # removed (nothing here ever writes to the work tree).
    signal.signal(signal.SIGTERM, _interrupt)
    with tempfile.TemporaryDirectory(prefix="mutate-") as scratch:
        driver = Driver(chosen, args, Path(scratch))
        pytest.main([*PYTEST_ARGS, "-s", "--no-header", *args.tests], plugins=[driver])
    seconds = time.monotonic() - started
    report = markdown(driver.results, seconds)
    print(report)
    if args.markdown:
        args.markdown.write_text(report, encoding="utf-8")
    if args.json:
        args.json.write_text(as_json(driver.results, seconds), encoding="utf-8")
    return 0 if len(driver.results) == len(chosen) else 2


if __name__ == "__main__":
    sys.exit(main())
