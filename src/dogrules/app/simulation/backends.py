"""Where the work of a simulation runs: :class:`Backend` runs one function over a list of
tasks and yields each task's result as it finishes, in whatever order they finish. Here:
in this process, or on a pool of local worker processes; :mod:`.ray_backend` runs on Ray.

The function must be importable by name (a module-level function, or a
``functools.partial`` of one) so that it can be sent to other processes."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Protocol, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


class Backend(Protocol):
    """Runs ``function`` on every item of ``work``; yields the results as they finish.
    Closing the iterator early cancels what has not started."""

    def __call__(
        self, function: Callable[[Item], Result], work: Sequence[Item]
    ) -> Iterator[Result]: ...


def local_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def tune_worker() -> None:
    """Run once in each worker process (never in the caller's): the games make many small
    short-lived objects, and the collector's pauses are pure overhead there, so the
    long-lived imports are frozen out of its view and young collections made rarer."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


def in_process(function: Callable[[Item], Result], work: Sequence[Item]) -> Iterator[Result]:
    """Every task here, one after the other (tests, debugging); the collector is left as the
    caller set it."""
    for item in work:
        yield function(item)


class ProcessPool:
    """``workers`` local processes, each tuned by :func:`tune_worker` as it starts."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def __call__(
        self, function: Callable[[Item], Result], work: Sequence[Item]
    ) -> Iterator[Result]:
        with ProcessPoolExecutor(max_workers=self.workers, initializer=tune_worker) as pool:
            pending: set[Future[Result]] = {pool.submit(function, item) for item in work}
            try:
                while pending:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        yield future.result()
            finally:
                for future in pending:
                    future.cancel()
