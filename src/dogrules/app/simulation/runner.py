"""Running many games: the seeds still to play are cut into tasks for a pool of worker
processes or Ray (:mod:`.backends`), and each game is written to the output as its task
finishes, one JSON line keyed by its seed, so a run stopped half-way resumes where it was."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import IO

from dogrules.app.simulation.backends import Backend
from dogrules.app.simulation.playout import GameResult, Table, play_seeds
from dogrules.model.errors import DogRulesError

# Tasks per worker: enough to keep every worker busy to the end, few enough that sending
# them costs nothing next to playing them.
TASKS_PER_WORKER = 8
MAX_TASK = 25

Progress = Callable[[int], None]


class SimulationError(DogRulesError, ValueError):
    """The output cannot be resumed (another table's games, or a line that is no game)."""


def tasks(seeds: Iterable[int], workers: int) -> list[tuple[int, ...]]:
    """``seeds`` cut into consecutive runs, about ``TASKS_PER_WORKER`` per worker."""
    todo = list(seeds)
    size = max(1, min(MAX_TASK, len(todo) // max(1, workers * TASKS_PER_WORKER)))
    return [tuple(todo[i : i + size]) for i in range(0, len(todo), size)]


def read_done(path: Path, table: Table) -> dict[int, GameResult]:
    """The games already in the output ``path`` (none if it does not exist); SimulationError
    if it holds another table's games. A last line cut short by a crash is ignored."""
    if not path.exists():
        return {}
    done: dict[int, GameResult] = {}
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        try:
            data = json.loads(line)
            if number == 1:
                if data != {"table": table.to_json()}:
                    raise SimulationError(
                        f"{path}: holds games of another table ({line[:120]}); "
                        "choose another output"
                    )
                continue
            result = GameResult.from_json(data)
        except (ValueError, KeyError, TypeError) as exc:
            if isinstance(exc, SimulationError):
                raise
            if number == len(lines):
                break  # written half when the run stopped
            raise SimulationError(f"{path}: line {number} is not a game: {exc}") from None
        done[result.seed] = result
    return done


def simulate(
    table: Table,
    seeds: Iterable[int],
    backend: Backend,
    workers: int,
    output: Path | None = None,
    progress: Progress | None = None,
) -> list[GameResult]:
    """Every game of ``seeds``, by seed: those already in ``output`` read back, the others
    played on ``backend`` (``workers`` wide: how finely the work is cut) and appended to
    ``output`` as they finish. ``progress`` is told how many games are done (first those
    read back, then after each task)."""
    wanted = sorted(set(seeds))
    done = read_done(output, table) if output is not None else {}
    results = {seed: done[seed] for seed in wanted if seed in done}
    if progress is not None:
        progress(len(results))
    todo = [seed for seed in wanted if seed not in results]
    if todo:
        sink = _open_output(output, table) if output is not None else None
        try:
            for finished in backend(partial(play_seeds, table), tasks(todo, workers)):
                for result in finished:
                    results[result.seed] = result
                    if sink is not None:
                        sink.write(json.dumps(result.to_json(), separators=(",", ":")) + "\n")
                if sink is not None:
                    sink.flush()
                if progress is not None:
                    progress(len(results))
        finally:
            if sink is not None:
                sink.close()
    return [results[seed] for seed in wanted]


def _open_output(path: Path, table: Table) -> IO[str]:
    if path.exists():
        _drop_cut_line(path)
    fresh = not path.exists() or path.stat().st_size == 0
    path.parent.mkdir(parents=True, exist_ok=True)
    sink = path.open("a", encoding="utf-8")
    if fresh:
        sink.write(json.dumps({"table": table.to_json()}, separators=(",", ":")) + "\n")
    return sink


def _drop_cut_line(path: Path) -> None:
    """A last line cut short by a crash is dropped, so the next game starts a line."""
    with path.open("rb+") as existing:
        data = existing.read()
        end = data.rfind(b"\n") + 1
        if end != len(data):
            existing.truncate(end)
