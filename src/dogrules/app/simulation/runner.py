"""Running many games: the seeds still to play are cut into tasks for a pool of worker
processes or Ray (:mod:`.backends`), and each game is written to the output as its task
finishes, one JSON line keyed by its seed, so a run stopped half-way resumes where it was."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import IO

import attrs

from dogrules.app.simulation.backends import Backend
from dogrules.app.simulation.playout import GameResult, Table, play_seeds
from dogrules.formats.files import check_writable
from dogrules.model.errors import DogRulesError, short

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


@attrs.frozen
class Done:
    """What an output file holds: its games by seed, how many of its bytes are sound (the
    header and whole games), and the number of a damaged last line left out (None if none)."""

    games: dict[int, GameResult]
    sound: int
    damaged: int | None = None


def read_done(path: Path, table: Table) -> Done:
    """The games already in the output ``path`` (none if it does not exist); SimulationError
    if it holds another table's games or a damaged line before its last. A last line cut
    short by a crash is left out; so is a complete last line that is no game, said so in
    ``damaged`` (it would break the next resume once more games follow it)."""
    if not path.exists():
        return Done({}, 0)
    data = path.read_bytes()
    lines = data[: data.rfind(b"\n") + 1].splitlines(keepends=True)
    games: dict[int, GameResult] = {}
    sound = 0
    for number, line in enumerate(lines, start=1):
        try:
            if number == 1:
                if json.loads(line) != {"table": table.to_json()}:
                    header = short(line.decode("utf-8", "replace"))
                    raise SimulationError(
                        f"{path}: holds games of another table ({header}); choose another output"
                    )
            else:
                result = GameResult.from_json(json.loads(line))
                games[result.seed] = result
        except (ValueError, KeyError, TypeError, RecursionError) as exc:
            if isinstance(exc, SimulationError):
                raise
            if number == len(lines):
                return Done(games, sound, number)
            raise SimulationError(f"{path}: line {number} is not a game: {short(exc)}") from None
        sound += len(line)
    return Done(games, sound)


def simulate(
    table: Table,
    seeds: Iterable[int],
    backend: Backend,
    workers: int,
    output: Path | None = None,
    progress: Progress | None = None,
    warn: Callable[[str], None] | None = None,
) -> list[GameResult]:
    """Every game of ``seeds``, by seed: those already in ``output`` read back, the others
    played on ``backend`` (``workers`` wide: how finely the work is cut) and appended to
    ``output`` as they finish. ``progress`` is told how many games are done (first those
    read back, then after each task); ``warn`` is told of a damaged last line dropped from
    ``output``."""
    wanted = sorted(set(seeds))
    done = read_done(output, table) if output is not None else Done({}, 0)
    if output is not None and done.damaged is not None and warn is not None:
        dropped = f"line {done.damaged} is not a game; dropped (any game it held is played again)"
        warn(f"{output}: {dropped}")
    results = {seed: done.games[seed] for seed in wanted if seed in done.games}
    if progress is not None:
        progress(len(results))
    todo = [seed for seed in wanted if seed not in results]
    if todo:
        sink = _open_output(output, table, done.sound) if output is not None else None
        try:
            for finished in backend(partial(play_seeds, table), tasks(todo, workers)):
                results.update((result.seed, result) for result in finished)
                if sink is not None and output is not None:
                    _append(sink, output, finished)
                if progress is not None:
                    progress(len(results))
        finally:
            if sink is not None:
                with contextlib.suppress(OSError):  # said already by _append
                    sink.close()
    return [results[seed] for seed in wanted]


def _append(sink: IO[str], path: Path, finished: Iterable[GameResult]) -> None:
    """The ``finished`` games written to the output ``path`` and flushed; SimulationError
    when they cannot be (a full disk): the games written before stay, for a resume."""
    lines = [json.dumps(result.to_json(), separators=(",", ":")) + "\n" for result in finished]
    try:
        sink.writelines(lines)
        sink.flush()
    except OSError as exc:
        raise SimulationError(
            f"{path}: cannot write: {exc.strerror or exc}; the games written before are kept "
            "(run again to resume)"
        ) from None


def _open_output(path: Path, table: Table, sound: int) -> IO[str]:
    """``path`` opened to append games after its first ``sound`` bytes (what follows them, a
    damaged last line, is dropped), with the table's header line if it has none. Like every
    file written, never through a symbolic link (FileProblem; see ``check_writable``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    check_writable(path)
    if path.exists() and path.stat().st_size > sound:
        os.truncate(path, sound)
    sink = path.open("a", encoding="utf-8")
    if sound == 0:
        sink.write(json.dumps({"table": table.to_json()}, separators=(",", ":")) + "\n")
    return sink
