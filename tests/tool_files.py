"""The repository's tools (tools/, no package) as modules for the tests, loaded from their
files."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def load_tool(relative: str, name: str) -> ModuleType:
    """``tools/RELATIVE`` as the module ``name``, registered before it runs (a dataclass looks
    its own module up while it is defined)."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
