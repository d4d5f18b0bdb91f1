"""Where the work of a simulation runs: :class:`Backend` runs one function over a list of
tasks and yields each task's result as it finishes, in whatever order they finish. Here:
in this process, or on a pool of local worker processes; :mod:`.ray_backend` runs on Ray.

The function must be importable by name (a module-level function, or a
``functools.partial`` of one) so that it can be sent to other processes."""

from __future__ import annotations

import gc
import os
import threading
import time
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


# How often a worker looks whether the process that started it is still there (seconds).
PARENT_CHECK = 1.0


def tune_worker() -> None:
    """Run once in each worker process (never in the caller's): the games make many small
    short-lived objects, and the collector's pauses are pure overhead there, so the
    long-lived imports are frozen out of its view and young collections made rarer."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


def start_pool_worker(parent: int) -> None:
    """Run once in each local pool worker as it starts: tuned (:func:`tune_worker`), and
    bound to end with ``parent``, the process that started it (:func:`end_with_parent`)."""
    tune_worker()
    end_with_parent(parent)


def end_with_parent(parent: int) -> None:
    """End this process as soon as ``parent``, the one that started it, is gone (killed with
    -9, say, which gives it no time to stop its workers): a watch thread sees this process
    become another's child. ``parent`` is given, not looked up here: it may be gone already.
    A worker left behind would play on for nobody, for ever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(1)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def in_process(function: Callable[[Item], Result], work: Sequence[Item]) -> Iterator[Result]:
    """Every task here, one after the other (tests, debugging); the collector is left as the
    caller set it."""
    for item in work:
        yield function(item)


class ProcessPool:
    """``workers`` local processes, each started by :func:`start_pool_worker`."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def __call__(
        self, function: Callable[[Item], Result], work: Sequence[Item]
    ) -> Iterator[Result]:
        with ProcessPoolExecutor(
            max_workers=self.workers, initializer=start_pool_worker, initargs=(os.getpid(),)
        ) as pool:
            pending: set[Future[Result]] = {pool.submit(function, item) for item in work}
            try:
                while pending:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        yield future.result()
            finally:
                for future in pending:
                    future.cancel()
