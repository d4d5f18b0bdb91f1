"""The compiled build (tools/build_compiled.py, issue 12), which names the rule modules one by
one, leaves none out: a rule module the build leaves as Python still gives the same games, so
only this test notices one forgotten. (Mutation testing finds the rule modules by itself.)"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_MODULES = sorted(
    path.stem for path in (ROOT / "src/dogrules/rules").glob("*.py") if path.stem != "__init__"
)


def _named(tool: str, constant: str) -> set[str]:
    # Read from the source, not imported: the tool is no package.
    tree = ast.parse((ROOT / "tools" / f"{tool}.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == constant for t in targets):
                return set(ast.literal_eval(node.value))
    raise AssertionError(f"tools/{tool}.py defines no {constant}")


def test_every_rule_module_is_in_the_compiled_build() -> None:
    compiled = _named("build_compiled", "COMPILED")
    left_out = [name for name in RULE_MODULES if f"rules/{name}.py" not in compiled]
    assert not left_out, f"rule modules the compiled build leaves as Python: {left_out}"
