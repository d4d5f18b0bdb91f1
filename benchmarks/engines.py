"""The engines a benchmark measures and the child interpreters that run them.

An engine is a checkout's ``src/`` folder (a path), or a git ref of this repository, which
is checked out in a temporary ``git worktree add --detach`` and removed afterwards. Each
engine runs in a child interpreter of its own whose PYTHONPATH is that folder alone (so it
imports that dogrules, never the installed one: the child says which it imported and the
parent checks), kept for the whole run and given one JSON job a line; the benchmark's code
in the child is this checkout's (``benchmarks/child.py``), so both engines run the same
measuring code. Rounds alternate the engine going first, so both meet the same load.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Json = dict[str, Any]

ROOT = Path(__file__).resolve().parent.parent
THIS = ROOT / "src"


class UsageError(Exception):
    """An option names no engine; the command prints it as a usage error."""


@dataclass(frozen=True)
class Source:
    """An engine: what the user named and the ``src`` folder it resolved to."""

    given: str
    path: Path


@dataclass(frozen=True)
class Collector:
    """The garbage collector's settings in the children (Python's own by default)."""

    freeze: bool = False
    threshold: int | None = None

    def as_json(self) -> Json:
        return {"freeze": self.freeze, "threshold": self.threshold}


def resolve(given: str, stack: ExitStack) -> Source:
    """The engine ``given`` names: a folder holding the dogrules package (a checkout's src),
    a checkout (its src), or a git ref checked out for as long as ``stack`` is open."""
    path = Path(given)
    for folder in (path, path / "src"):
        if (folder / "dogrules" / "__init__.py").is_file():
            return Source(given, folder.resolve())
    if path.exists():
        raise UsageError(f"{given}: no dogrules package there (give a checkout's src/)")
    found = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", f"{given}^{{commit}}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if found.returncode != 0:
        raise UsageError(f"{given}: neither a checkout's src/ nor a git ref of {ROOT}")
    commit = found.stdout.strip()
    folder = Path(tempfile.mkdtemp(prefix="dogrules-bench-"))
    subprocess.run(
        ["git", "worktree", "add", "--detach", "--quiet", str(folder), commit],
        cwd=ROOT,
        check=True,
    )
    stack.callback(remove_worktree, folder)
    return Source(f"{given} ({commit[:10]})", folder / "src")


def remove_worktree(folder: Path) -> None:
    subprocess.run(["git", "worktree", "remove", "--force", str(folder)], cwd=ROOT, check=False)
    shutil.rmtree(folder, ignore_errors=True)
    subprocess.run(["git", "worktree", "prune"], cwd=ROOT, check=False)


def child_command(benchmark: str) -> list[str]:
    return [sys.executable, "-m", "benchmarks.child", benchmark]


def child_env(source: Source, **more: str) -> dict[str, str]:
    # The children start in ROOT (``-m`` puts the working folder first on the path), which
    # holds no dogrules package: PYTHONPATH's engine is the only one found before the
    # installed one, and the child checks it was found.
    return {**os.environ, "PYTHONPATH": str(source.path), **more}


def checked(source: Source, hello: Json) -> Json:
    """The child's first answer, after checking it imported the engine asked for."""
    imported = Path(str(hello["engine"]))
    if not imported.is_relative_to(source.path):
        raise SystemExit(f"asked for the engine under {source.path}, the child imported {imported}")
    return hello


class Child:
    """One engine in a child interpreter, answering one JSON job a line."""

    def __init__(self, source: Source, benchmark: str, collector: Collector) -> None:
        self.source = source
        self.process = subprocess.Popen(
            child_command(benchmark),
            cwd=ROOT,
            env=child_env(source),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.hello = checked(source, self.answer(collector.as_json()))

    def answer(self, job: Json) -> Json:
        """The child's answer to ``job``; the run stops (its error above) if it died."""
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(json.dumps(job) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            pass
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the engine under {self.source.given} failed (its error above)")
        answer: Json = json.loads(line)
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


class Children:
    """A child for each engine (by role), closed when ``stack`` closes."""

    def __init__(
        self,
        sources: Mapping[str, Source],
        benchmark: str,
        collector: Collector,
        stack: ExitStack,
    ) -> None:
        self.by_role: dict[str, Child] = {}
        for role, source in sources.items():
            self.by_role[role] = Child(source, benchmark, collector)
            stack.callback(self.by_role[role].close)

    def in_turn(self, turn: int) -> list[tuple[str, Child]]:
        """Every engine, the one going first alternating with ``turn``."""
        pairs = list(self.by_role.items())
        return pairs if turn % 2 == 0 else pairs[::-1]

    def rounds(
        self,
        jobs: Sequence[Json],
        rounds: int,
        figures: Callable[[Json], Mapping[str, float]],
    ) -> list[dict[str, dict[str, list[float]]]]:
        """Per job, per figure (``figures`` reads them off an answer), per role: the value
        of every round. The engines take turns job by job, the first alternating."""
        samples: list[dict[str, dict[str, list[float]]]] = [{} for _ in jobs]
        turn = 0
        for number in range(rounds):
            for index, job in enumerate(jobs):
                for role, child in self.in_turn(turn):
                    for key, value in figures(child.answer(job)).items():
                        samples[index].setdefault(key, {}).setdefault(role, []).append(value)
                turn += 1
            progress(f"round {number + 1}/{rounds} done")
        return samples


COUNT = re.compile(r"I\s+refs:\s+([\d,]+)")


def counted(source: Source, benchmark: str, collector: Collector, job: Json) -> tuple[int, Json]:
    """The instructions a fresh child executes (Valgrind) to start and answer ``job``, and
    its answer; Python's hash seed fixed, so two runs differ by little more than noise."""
    if shutil.which("valgrind") is None:
        raise UsageError("valgrind is not installed (apt-get install valgrind)")
    lines = "".join(json.dumps(line) + "\n" for line in (collector.as_json(), job))
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            *child_command(benchmark),
        ],
        cwd=ROOT,
        env=child_env(source, PYTHONHASHSEED="0"),
        input=lines,
        capture_output=True,
        text=True,
        check=False,
    )
    found = COUNT.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"the engine under {source.given} failed:\n{done.stderr[-2000:]}")
    hello, answer = (json.loads(line) for line in done.stdout.splitlines()[-2:])
    checked(source, hello)
    return int(found.group(1).replace(",", "")), answer


def progress(line: str) -> None:
    """A progress line on stderr (the report goes to stdout)."""
    print(line, file=sys.stderr, flush=True)
