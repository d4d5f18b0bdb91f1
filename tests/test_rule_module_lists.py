"""The tools that name the rule modules one by one leave none out: the compiled build
(tools/build_compiled.py, issue 12) and mutation testing (tools/mutation_mutants.py). A rule
module the build leaves as Python still gives the same games, and one mutation testing skips
only goes untested, so only these tests notice one forgotten."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_MODULES = sorted(
    path.stem for path in (ROOT / "src/dogrules/rules").glob("*.py") if path.stem != "__init__"
)


def _named(tool: str, constant: str) -> set[str]:
    # Read from the source, not imported: mutation testing needs an extra the suite lacks.
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


def test_every_rule_module_is_open_to_mutation_testing() -> None:
    mutated = _named("mutation_mutants", "MODULES")
    left_out = [name for name in RULE_MODULES if name not in mutated]
    assert not left_out, f"rule modules mutation testing leaves out: {left_out}"
