"""What ``simulate``, ``tournament`` and ``check --workers`` share: where the games run (a
local process pool or Ray), the optional progress bar and plots, each loaded only when used
so that the core does without the extras."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType

from dogrules.app.simulation.backends import Backend, ProcessPool
from dogrules.model.extras import MissingExtra


def optional(module: str, package: str) -> ModuleType | None:
    """``module`` of dogrules, or None when the third-party ``package`` it needs is missing."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] != package:
            raise
        return None


def backend(workers: int, ray_address: str | None) -> Backend:
    """Ray at ``ray_address`` ("" for a private local instance of ``workers`` CPUs) when it
    is given, else a pool of ``workers`` local processes; MissingExtra without Ray."""
    if ray_address is None:
        return ProcessPool(workers)
    module = optional("dogrules.app.simulation.ray_backend", "ray")
    if module is None:
        raise MissingExtra("--ray needs the optional extra: pip install 'dogrules[ray]'")
    ray_backend: Backend = module.RayCluster(ray_address, workers)
    return ray_backend


@contextmanager
def progress(total: int, description: str, show: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar when asked for and rich is installed; otherwise nothing is drawn."""
    module = optional("dogrules.app.simulation.progress", "rich") if show else None
    if module is None:
        yield None
        return
    with module.progress_bar(total, description) as advance:
        yield advance


def plots() -> ModuleType | None:
    """The plotting module, or None without matplotlib."""
    return optional("dogrules.app.simulation.plots", "matplotlib")
