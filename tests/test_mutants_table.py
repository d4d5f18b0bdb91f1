"""The equivalent-mutant table of tools/mutants.md names lines that still read the code its
rows quote, so that ``tools/mutate.py`` (matching a survivor on module, line and operator)
counts as equivalent only the mutants the rows were written about; and the tool that keeps
it so (``tools/mutants_table.py``) moves a row to its code, never onto other code."""

from __future__ import annotations

import functools
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
HEADER = "| module | line | code | mutation | why it is equivalent |\n|---|---:|---|---|---|\n"


@functools.cache
def _tool() -> ModuleType:
    """tools/mutants_table.py, loaded from its file (tools/ is no package)."""
    path = ROOT / "tools" / "mutants_table.py"
    spec = importlib.util.spec_from_file_location("mutants_table", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered first: its dataclass looks its own module up while it is being defined.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_equivalent_mutant_row_reads_its_code_at_its_line() -> None:
    tool = _tool()
    rows = tool.rows()
    assert len(rows) > 30, "the table of tools/mutants.md is read"
    moved = [
        f"{row.module}:{row.line} {row.operator} `{row.code}`: "
        + ("gone from the module" if now is None else f"now on line {now}")
        for row, now in tool.moved()
    ]
    assert not moved, "run python tools/mutants_table.py --renumber:\n" + "\n".join(moved)


def test_renumbering_moves_a_row_to_its_code_and_reports_code_that_is_gone(
    tmp_path: Path,
) -> None:
    tool = _tool()
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "m.py").write_text(
        "x = 1\nif a | b:\n    pass\nreturn None\ny = 2\nz = 3\nreturn None\n", encoding="utf-8"
    )
    table = tmp_path / "mutants.md"
    table.write_text(
        "Intro.\n\n"
        + HEADER
        + "| m | 1 | `if a \\| b:` | AddNot: `a` | moved down by one |\n"
        + "| m | 6 | `return None` | ZeroIterationForLoop: `x` | twice: the nearer is 7 |\n"
        + "| m | 3 | `while True:` | AddNot: `True` | gone |\n"
        + "| m | 3 | `pass` | AddNot: `pass` | in place |\n",
        encoding="utf-8",
    )
    assert [(row.line, now) for row, now in tool.moved(table, rules)] == [(1, 2), (6, 7), (3, None)]
    problems = tool.renumber(table, rules)
    assert problems == ["m:3 AddNot: `while True:` is no longer in the module"]
    assert tool.keys(table) == {
        ("m", 2, "AddNot"),
        ("m", 7, "ZeroIterationForLoop"),
        ("m", 3, "AddNot"),
    }
    codes = [row.code for row in tool.rows(table)]
    assert codes == ["if a | b:", "return None", "while True:", "pass"]
    # Only the rows' line numbers changed; the row whose code is gone is left for a person.
    assert table.read_text(encoding="utf-8").splitlines()[5] == (
        "| m | 7 | `return None` | ZeroIterationForLoop: `x` | twice: the nearer is 7 |"
    )
    assert [(row.line, now) for row, now in tool.moved(table, rules)] == [(3, None)]


def test_a_row_without_its_code_is_refused_naming_its_line(tmp_path: Path) -> None:
    tool = _tool()
    table = tmp_path / "mutants.md"
    # A row of the table before it quoted code: read, it would match any line 84 forever.
    table.write_text(HEADER + "| m | 84 | AddNot: `a` | why |\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"mutants.md:3: not a row"):
        tool.rows(table)
