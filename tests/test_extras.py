"""Issue 32: importing a module of an optional extra without the extra raises an ImportError
(a ModuleNotFoundError of the library's error family) naming ``pip install 'dogrules[EXTRA]'``,
never a bare ModuleNotFoundError. Each module is imported in a fresh interpreter where the
extra's packages cannot be found."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import dogrules

SOURCE = str(Path(dogrules.__file__).resolve().parents[1])
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([SOURCE, os.environ.get("PYTHONPATH", "")])}

# The module, its extra, and the packages the extra brings that the module imports.
MODULES = [
    ("dogrules.spaces", "rl", ["numpy"]),
    ("dogrules.spaces.steps", "rl", ["numpy"]),
    ("dogrules.envs.zoo", "rl", ["gymnasium", "pettingzoo"]),
    ("dogrules.envs.spiel", "rl", ["pyspiel"]),
    ("dogrules.app.http_api", "serve", ["starlette", "anyio"]),
    ("dogrules.app.http_work", "serve", ["anyio"]),
    ("dogrules.app.web_table", "serve", ["starlette"]),
    ("dogrules.app.simulation.plots", "simulate", ["matplotlib"]),
    ("dogrules.app.simulation.progress", "simulate", ["rich"]),
    ("dogrules.app.simulation.ray_backend", "ray", ["ray"]),
    ("dogrules.conformance.strategies", "check", ["hypothesis"]),
    ("dogrules.conformance.pytest_plugin", "check", ["pytest"]),
    ("dogrules.testing.checking", "check", ["hypothesis"]),
]

# Hides the given packages (as if not installed), imports the module, prints what it raised.
PROBE = """
import json, sys
from importlib.abc import MetaPathFinder
module, hidden = sys.argv[1], set(sys.argv[2:])
class Hide(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in hidden:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, Hide())
try:
    __import__(module)
except ImportError as exc:
    from dogrules import DogRulesError
    print(json.dumps([type(exc).__name__, str(exc), isinstance(exc, DogRulesError)]))
else:
    print(json.dumps(None))
"""


@pytest.mark.parametrize(("module", "extra", "packages"), MODULES)
def test_importing_a_module_without_its_extra_names_the_extra_to_install(
    module: str, extra: str, packages: list[str]
) -> None:
    for package in packages:
        done = subprocess.run(
            [sys.executable, "-c", PROBE, module, package],
            capture_output=True,
            text=True,
            env=ENV,
            timeout=120,
            check=False,
        )
        raised = json.loads(done.stdout.strip().splitlines()[-1]) if done.stdout else done.stderr
        assert isinstance(raised, list), f"{module} without {package} raised no ImportError"
        kind, message, in_family = raised
        assert kind == "MissingExtra" and in_family, (module, package, raised)
        assert f"pip install 'dogrules[{extra}]'" in message and package in message
