"""What the tests of ``dogrules serve --http`` share: the optional extra's modules (a skip
saying which is missing, a failure in CI) and a way to run an async scenario apart."""

from __future__ import annotations

import importlib
import os
import threading
from types import ModuleType
from typing import Any

import pytest


def needed(module: str) -> ModuleType:
    """``module``, or a skip saying which extra is missing (a failure in CI)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip(
            f"{module} is not installed: pip install 'dogrules[serve]' (and the dev tools) "
            "to test the HTTP server",
            allow_module_level=True,
        )


def run_apart(function: Any, *arguments: Any) -> None:
    """``anyio.run(function, *arguments)`` in a thread of its own: a test before may have left
    an event loop running in this one (the browser tests' Playwright does)."""
    anyio = needed("anyio")
    failures: list[BaseException] = []

    def run() -> None:
        try:
            anyio.run(function, *arguments)
        except BaseException as exc:  # handed to the test's thread
            failures.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the scenario did not end within a minute"
    if failures:
        raise failures[0]
