"""``dogrules simulate --ray``: the same seeds give the same report on Ray as on one core.

Ray no longer has a local mode, so the test starts a private one-CPU Ray instance (about 15
seconds); it is skipped when Ray is not installed, except in CI (env CI set), where the
extra dogrules[ray] must be installed and the test fails without it."""

from __future__ import annotations

import os

import pytest

from dogrules.app.simulation.backends import in_process
from dogrules.app.simulation.playout import Table
from dogrules.app.simulation.report import summarize
from dogrules.app.simulation.runner import simulate
from dogrules.app.simulation.setup import optional

KIDS = Table("dog-kids", 2, False, ("random", "greedy"))


def test_same_seeds_give_the_same_report_on_ray() -> None:
    if optional("dogrules.app.simulation.ray_backend", "ray") is None:
        if os.environ.get("CI"):
            pytest.fail("CI must install the extra dogrules[ray]")
        pytest.skip("ray is not installed (pip install 'dogrules[ray]')")
    ray_backend = optional("dogrules.app.simulation.ray_backend", "ray")
    assert ray_backend is not None
    on_ray = simulate(KIDS, range(1, 5), ray_backend.RayCluster("", 1), 1)
    assert summarize(KIDS, on_ray) == summarize(KIDS, simulate(KIDS, range(1, 5), in_process, 1))
