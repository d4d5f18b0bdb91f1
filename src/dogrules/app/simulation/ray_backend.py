"""Running tasks on a Ray cluster (the optional extra ``dogrules[ray]``).

``address`` is that of a running cluster ("auto" finds one); an empty address starts a
private local Ray instance, as the tests do (Ray has no local mode any more). Each worker
process is tuned as the local workers are."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from dogrules.model.extras import missing_extra

try:
    import ray
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra("ray", "dogrules.app.simulation.ray_backend", exc) from exc

from dogrules.app.simulation.backends import tune_worker
from dogrules.model.errors import DogRulesError

Item = TypeVar("Item")
Result = TypeVar("Result")

# Ray keeps its worker processes between tasks: each is tuned once.
_tuned = False


def _call(function: Callable[[Item], Result], item: Item) -> Result:
    global _tuned
    if not _tuned:
        tune_worker()
        _tuned = True
    return function(item)


_remote_call: Any = ray.remote(_call)  # Ray's remote functions are untyped


class ClusterError(DogRulesError, RuntimeError):
    """The Ray cluster cannot be reached (or a local one started)."""


class RayCluster:
    """The Ray cluster at ``address`` (a private local one of ``workers`` CPUs when
    ``address`` is empty), started on first use and shut down afterwards if this backend
    started it."""

    def __init__(self, address: str, workers: int | None = None) -> None:
        self.address = address
        self.workers = workers

    def __call__(
        self, function: Callable[[Item], Result], work: Sequence[Item]
    ) -> Iterator[Result]:
        started = not ray.is_initialized()
        if started:
            try:
                if self.address:
                    ray.init(address=self.address, log_to_driver=False)
                else:
                    ray.init(num_cpus=self.workers, include_dashboard=False, log_to_driver=False)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                where = self.address or "a local instance"
                raise ClusterError(f"Ray at {where} cannot be started or reached: {exc}") from None
        try:
            pending = [_remote_call.remote(function, item) for item in work]
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    result: Result = ray.get(ref)
                    yield result
            pending = []
        finally:
            for ref in pending:
                ray.cancel(ref)
            if started:
                ray.shutdown()
