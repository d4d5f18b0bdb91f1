"""The optional extra ``dogrules[rl]`` in the tests: a test module that needs it calls
:func:`require` before importing it. Where a package is missing the module is skipped with
the reason, except under CI (the environment variable ``CI`` set), where it must be there."""

from __future__ import annotations

import importlib
import os

import pytest

INSTALL = "pip install -e '.[dev,rl]'"


def require(*modules: str) -> None:
    """Skip the calling test module unless every one of ``modules`` imports (fail under CI)."""
    for name in modules:
        if os.environ.get("CI"):
            importlib.import_module(name)
        else:
            pytest.importorskip(name, reason=f"{name} is not installed ({INSTALL})")
