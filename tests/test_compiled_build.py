"""The opt-in compiled build (tools/build_compiled.py, issue 12) leaves no rule module out: a
rule module that stays Python still gives the same games, so only this test notices one
forgotten in the module list."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_rule_module_is_in_the_compiled_build() -> None:
    tool = ROOT / "tools" / "build_compiled.py"
    spec = importlib.util.spec_from_file_location("build_compiled", tool)
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    rules = ROOT / "src/dogrules/rules"
    written = {f"rules/{path.name}" for path in rules.glob("*.py") if path.name != "__init__.py"}
    left_out = sorted(written - set(build.COMPILED))
    assert not left_out, f"rule modules the compiled build leaves as Python: {left_out}"
