"""Playing the tasks of a simulation on a Ray cluster (the optional extra ``dogrules[ray]``).

``address`` is that of a running cluster ("auto" finds one); an empty address starts a
private local Ray instance, as the tests do. Each task runs :func:`play_seeds` in a Ray
worker, tuned as the local workers are."""

from __future__ import annotations

from collections.abc import Iterator

import ray

from dogrules.app.simulation.playout import GameResult, Table, play_seeds, tune_worker
from dogrules.app.simulation.runner import Backend

# Ray keeps its workers between tasks: tune each worker process once.
_tuned = False


def _play(table: Table, seeds: tuple[int, ...]) -> list[GameResult]:
    global _tuned
    if not _tuned:
        tune_worker()
        _tuned = True
    return play_seeds(table, seeds)


_remote_play = ray.remote(_play)


def ray_cluster(address: str, workers: int | None = None) -> Backend:
    """A backend on the Ray cluster at ``address`` (a local one of ``workers`` CPUs when
    ``address`` is empty). Ray is started on first use and shut down afterwards if this
    backend started it."""

    def run(table: Table, work: list[tuple[int, ...]]) -> Iterator[list[GameResult]]:
        started = not ray.is_initialized()
        if started:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        try:
            pending = [_remote_play.remote(table, task) for task in work]
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    result: list[GameResult] = ray.get(ref)
                    yield result
        finally:
            if started:
                ray.shutdown()

    return run
