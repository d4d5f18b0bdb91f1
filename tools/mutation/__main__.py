"""Mutation testing of the rule modules: how many small wrong versions of each rule module
does the test suite catch?

    nice -n 19 python -m tools.mutation [--modules movement disc ...] [--json out.json]
                                        [--markdown out.md] [--list] [--limit N]
    python -m tools.mutation --check-table   # every equivalent row names a mutant of today's code

Not part of CI (it runs the tests once per mutant); needs the ``mutate`` extra. The mutants
are made by Cosmic Ray's operators (a curated set, ``run.OPERATORS``); the runner is our own
and works in memory, so the source tree is never written (docs/dev/mutation.md says why):

1. the selected test files are collected once, in this process, which imports dogrules and
   the tests; a forked child then runs them under coverage, recording which test reaches
   which line of the rule modules and how long each test takes;
2. for each mutant, a forked child compiles the mutated module, swaps the code of the changed
   function into the live function object (``__code__``), clears the caches, and runs the
   tests that reach the mutated statement, fastest first, with ``-x``; the parent kills it
   past a timeout. A mutant outside any function (a module constant) runs in a fresh
   ``python -m pytest`` on a temporary copy of ``src``. A mutant no selected test reaches
   survives without a run.

A test run that fails kills the mutant; one that passes lets it survive. A survivor whose
site (module, function, line of code, operator: :mod:`.sites`) a row of ``equivalents.toml``
names is counted apart, as equivalent. The score of a module is killed / (mutants -
equivalent). Run it from the root of the work tree with ``PYTHONPATH=src``, under ``nice``;
it uses one worker.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from .run import (
    KILLS,
    PYTEST_ARGS,
    TESTS,
    Mutant,
    Outcome,
    Result,
    equivalent_sites,
    load_reach,
    measure_reach,
    mutants_of,
    run_mutant,
    unmatched,
    with_equivalents,
)
from .sites import ROOT, Site, modules, rows


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
    """The results, a survivor with the fields of its row in equivalents.toml."""
    found = [
        {
            "module": r.mutant.module,
            "function": r.mutant.site.function,
            "code": r.mutant.site.code,
            "occurrence": r.mutant.site.occurrence,
            "operator": r.mutant.site.operator,
            "line": r.mutant.line,
            "after": r.mutant.after if r.outcome not in KILLS else "",
            "outcome": r.outcome.value,
            "tests": r.tests,
            "seconds": round(r.seconds, 2),
        }
        for r in results
    ]
    return json.dumps(
        {"seconds": round(seconds), "summary": summary(results), "mutants": found}, indent=1
    )


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    every = modules()
    parser = argparse.ArgumentParser(
        prog="python -m tools.mutation",
        description="Mutation testing of the rule modules (src/dogrules/rules): the share of "
        "mutants the tests kill, per module, and the survivors.",
    )
    parser.add_argument(
        "--modules", nargs="+", choices=every, default=list(every), metavar="MODULE",
        help=f"rule modules to mutate, in this order (default: all: {' '.join(every)})",
    )  # fmt: skip
    parser.add_argument(
        "--tests", nargs="+", default=list(TESTS), metavar="PATH",
        help="test files (or node ids) the mutants are run against (default: the fast "
        "clause tests and the golden games; never tests/test_state_machines.py)",
    )  # fmt: skip
    parser.add_argument("--limit", type=int, default=0, help="at most N mutants a module")
    parser.add_argument("--lines", type=str, default="", help="only lines A-B (with one module)")
    parser.add_argument(
        "--function", type=str, default="", help="only mutants in this function (qualname)"
    )
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
    parser.add_argument(
        "--check-table", action="store_true",
        help="check that every row of equivalents.toml names a mutant of the current code",
    )  # fmt: skip
    parser.add_argument("--json", type=Path, help="write the full results as JSON here")
    parser.add_argument("--markdown", type=Path, help="write the report as markdown here")
    return parser.parse_args(argv)


class Driver:
    """A pytest plugin that replaces the test loop by the mutation loop.

    Collection happens once, in this process; the tests run only in forked children.
    """

    def __init__(
        self, mutants: Sequence[Mutant], args: argparse.Namespace, known: set[Site], scratch: Path
    ) -> None:
        self.mutants = mutants
        self.factor: float = args.factor
        self.max_test_seconds: float = args.max_test_seconds
        self.reach_file: Path | None = args.reach
        self.known = known
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
        print(f"\n{len(self.mutants)} mutants; tests timed in {time.monotonic() - started:.0f} s")
        for index, mutant in enumerate(self.mutants, 1):
            result = run_mutant(mutant, session, reach, copy, self.factor)
            result = with_equivalents(result, self.known)
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


def chosen_mutants(args: argparse.Namespace) -> list[Mutant]:
    chosen: list[Mutant] = []
    for module in args.modules:
        mine = list(mutants_of(module))
        if args.lines:
            low, _, high = args.lines.partition("-")
            mine = [m for m in mine if int(low) <= m.line <= int(high or low)]
        if args.function:
            mine = [m for m in mine if m.site.function == args.function]
        chosen += mine[: args.limit] if args.limit else mine
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    os.chdir(ROOT)
    if args.check_table:
        stale = unmatched(rows(), args.modules)
        for row in stale:
            print(f"{row}: names no mutant of the current code")
        print(f"{len(stale)} rows name no mutant" if stale else "every row names a mutant")
        return 1 if stale else 0
    chosen = chosen_mutants(args)
    if args.list:
        for m in chosen:
            print(f"{m.module}:{m.line}: {m.label}")
        print(f"{len(chosen)} mutants")
        return 0
    known = equivalent_sites(args.modules)
    started = time.monotonic()
    # A plain kill ends the run like Ctrl-C: the running child is killed, the scratch copy
    # removed (nothing here ever writes to the work tree).
    signal.signal(signal.SIGTERM, _interrupt)
    with tempfile.TemporaryDirectory(prefix="mutate-") as scratch:
        driver = Driver(chosen, args, known, Path(scratch))
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
