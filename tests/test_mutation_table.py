"""The table of equivalent mutants (tools/mutation/equivalents.toml) names each mutant by
code: its rule module, function, line of code and operator. Moving code never breaks a row;
a row whose function or line is gone, or whose line no longer holds what its operator
mutates, fails here naming the row, so that a mutant is counted equivalent only while the
code its row was written about is there."""

from __future__ import annotations

import functools
import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tool_files import load_tool

ROOT = Path(__file__).resolve().parents[1]
MODULE = "def f(x):\n    if x < 1:\n        return x + 1\n    return -x\n"
ROW = """
[[mutant]]
module = "m"
function = "{function}"
code = "{code}"
operator = "{operator}"
mutation = "a mutation"
why = "a reason"
"""


@functools.cache
def sites() -> ModuleType:
    """tools/mutation/sites.py (standard library only)."""
    return load_tool("mutation/sites.py", "mutation_sites")


def test_every_equivalent_mutant_row_names_a_site_of_the_current_code() -> None:
    assert len(sites().rows()) > 30, "the rows of tools/mutation/equivalents.toml are read"
    stale = sites().stale()
    assert not stale, "read these rows again (docs/dev/mutation.md):\n" + "\n".join(stale)


def table_for(tmp_path: Path, module: str, **row: str) -> tuple[Path, Path]:
    rules = tmp_path / "rules"
    rules.mkdir(exist_ok=True)
    (rules / "m.py").write_text(module, encoding="utf-8")
    table = tmp_path / "equivalents.toml"
    table.write_text(ROW.format(**row), encoding="utf-8")
    return table, rules


def test_a_row_stays_valid_when_its_code_moves(tmp_path: Path) -> None:
    row = {"function": "f", "code": "if x < 1:", "operator": "ReplaceComparisonOperator_Lt_LtE"}
    table, rules = table_for(tmp_path, MODULE, **row)
    assert sites().stale(table, rules) == []
    moved = "import os\n\n\nclass C:\n    pass\n\n\n" + MODULE
    table, rules = table_for(tmp_path, moved, **row)
    assert sites().stale(table, rules) == []


@pytest.mark.parametrize(
    ("function", "code", "operator", "problem"),
    [
        ("g", "if x < 1:", "AddNot", "m has no function g"),
        (
            "f",
            "if x <= 1:",
            "AddNot",
            "no line `if x <= 1:` any more (the nearest now: `if x < 1:` in f)",
        ),
        ("f", "return x + 1", "ReplaceBinaryOperator_Sub_Add", "holds nothing"),
        ("f", "return x + 1", "SwapEverything", "no operator SwapEverything"),
    ],
)
def test_a_row_whose_code_is_gone_fails_naming_the_row(
    tmp_path: Path, function: str, code: str, operator: str, problem: str
) -> None:
    table, rules = table_for(tmp_path, MODULE, function=function, code=code, operator=operator)
    (stale,) = sites().stale(table, rules)
    assert stale.startswith(f"equivalents.toml row 1 (m.{function} `{code}` {operator})")
    assert problem in stale


def test_a_site_names_the_innermost_function_and_which_of_its_equal_lines() -> None:
    text = "class C:\n    def f(self):\n        x = 1\n        x = 1\n        return x\ny = 1\n"
    source = sites().Source.of(text)
    second = source.site("m", 4, "core/NumberReplacer")
    assert (second.function, second.code, second.occurrence) == ("C.f", "x = 1", 2)
    assert source.line_of(second) == 4
    assert source.site("m", 6, "NumberReplacer").function == "<module>"


@pytest.mark.slow
def test_every_row_names_a_mutant_cosmic_ray_makes() -> None:
    pytest.importorskip("cosmic_ray", reason="the mutate extra: pip install -e '.[mutate]'")
    sys.path.insert(0, str(ROOT))
    try:
        run = importlib.import_module("tools.mutation.run")
    finally:
        sys.path.remove(str(ROOT))
    named = sorted({row.site.module for row in sites().rows()})
    stale = run.unmatched(run.rows(), named)
    assert not stale, "rows that name no mutant:\n" + "\n".join(map(str, stale))
