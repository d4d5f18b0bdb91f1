"""How much work ``dogrules serve --http`` takes on at once: a bound on the requests worked
out together, a time budget per request, and a read timeout for bodies, so that a flood of
heavy requests neither starves a light one (``version``) nor grows the server's memory
without end. Needs the optional extra ``serve`` (AnyIO comes with Starlette)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

from dogrules.model.extras import missing_extra

try:
    import anyio
    from anyio import to_thread
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra("serve", "dogrules.app.http_work", exc) from exc

from dogrules.app.http_bounds import Bounds

__all__ = ["Workload"]

T = TypeVar("T")

# Threads that may wait for a worker, per worker: more requests wait without a thread.
_WAITING_PER_WORKER = 4


class Workload:
    """Runs requests' work in worker threads, at most ``bounds.workers`` at once, each
    within ``bounds.time_budget`` seconds of its arrival.

    A work item still waiting when its budget ends never starts; one already running when
    it ends is left to finish in its thread (Python cannot stop a thread) and keeps its
    worker until then, so the work under way stays bounded however many requests come."""

    def __init__(self, bounds: Bounds) -> None:
        self.bounds = bounds
        self._workers = threading.BoundedSemaphore(bounds.workers)
        self._threads = anyio.CapacityLimiter(bounds.workers * (1 + _WAITING_PER_WORKER))

    async def run(self, work: Callable[[], T]) -> T | None:
        """``work()``'s result, or None when the budget ended first."""
        deadline = time.monotonic() + self.bounds.time_budget
        with anyio.move_on_after(self.bounds.time_budget):
            return await to_thread.run_sync(
                self._work_when_free, work, deadline, abandon_on_cancel=True, limiter=self._threads
            )
        return None

    def _work_when_free(self, work: Callable[[], T], deadline: float) -> T | None:
        if not self._workers.acquire(timeout=max(0.0, deadline - time.monotonic())):
            return None
        try:
            return work()
        finally:
            self._workers.release()
