"""``dogrules simulate --ray`` and ``dogrules check --ray``: on Ray, the same seeds give the
same report as on one core, and the sweep finds the same (nothing).

Ray no longer has a local mode, so one private one-CPU Ray instance is started for the
module (about 15 seconds) and shared by its tests; under pytest-xdist the controller starts
it while the workers collect (tests/ray_cluster.py), and the worker only connects. Ray's
daemons and workers take some 10 CPU-seconds to start and keep a few percent of a core busy
after, more than the rest of the simulation tests together, so the everyday suite (the
``default`` profile) leaves these two to the ``ci`` profile, which ``.ci/run`` runs (``-m
deep``), and ``thorough``. They are skipped when Ray is not installed, except in CI (env CI
set), where the extra dogrules[ray] must be installed and they fail without it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import partial
from types import ModuleType

import pytest

import ray_cluster
from budgets import DEEP
from dogrules.app.simulation.backends import in_process
from dogrules.app.simulation.playout import Table
from dogrules.app.simulation.report import summarize
from dogrules.app.simulation.runner import simulate, tasks
from dogrules.app.simulation.setup import optional
from dogrules.testing.sweep import Sweep, sweep_seeds

KIDS = Table("dog-kids", 2, False, ("random", "greedy"))

# Under pytest-xdist (tools/check.py: --dist loadgroup) both tests run on one worker, which
# connects to the one Ray instance; a second connection would cost a second driver start.
pytestmark = [
    pytest.mark.xdist_group("ray"),
    DEEP,
    pytest.mark.skipif(not ray_cluster.PROFILED, reason=ray_cluster.EVERYDAY_SKIP),
]


@pytest.fixture(scope="module")
def ray_backend() -> Iterator[ModuleType]:
    """The Ray backend module, with one local Ray instance running for the module's tests."""
    module = optional("dogrules.app.simulation.ray_backend", "ray")
    if module is None:
        if os.environ.get("CI"):
            pytest.fail("CI must install the extra dogrules[ray] (ray is not installed)")
        pytest.skip("ray is not installed (pip install 'dogrules[ray]')")
    ray = module.ray
    started = ray_cluster.address()  # under pytest-xdist, started while the workers collected
    if started is None:
        ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    else:
        ray.init(address=started, log_to_driver=False)
    try:
        yield module
    finally:
        ray.shutdown()


def test_same_seeds_give_the_same_report_on_ray(ray_backend: ModuleType) -> None:
    on_ray = simulate(KIDS, range(1, 5), ray_backend.RayCluster("", 1), 1)
    assert summarize(KIDS, on_ray) == summarize(KIDS, simulate(KIDS, range(1, 5), in_process, 1))


def test_the_invariant_sweep_runs_on_ray(ray_backend: ModuleType) -> None:
    sweep = Sweep("dog-kids", (2, 3), 12)
    work = tasks(range(3), 1)
    results = list(ray_backend.RayCluster("", 1)(partial(sweep_seeds, sweep), work))
    assert sorted(results, key=str) == sorted(
        in_process(partial(sweep_seeds, sweep), work), key=str
    )
    assert sum(played for played, _ in results) == 3 and all(f is None for _, f in results)
