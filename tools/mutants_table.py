"""The table of equivalent mutants in tools/mutants.md: read, checked against the rule modules,
renumbered.

    python tools/mutants_table.py            # exit 1 naming each row whose line has moved
    python tools/mutants_table.py --renumber # move each such row to where its code now is

A row names a rule module, a line, the code of that line (stripped, in backticks, a ``|``
written ``\\|``), the mutation (``Operator: ...``) and why the mutant is equivalent.
``tools/mutate.py`` counts a survivor as equivalent when a row names its module, line and
operator, so a row must name the line its mutant is on now: an edit of the module above it
moves it. The code the row quotes finds the line again (``--renumber``, the occurrence
nearest the old number), and a row whose code is gone from its module is reported, never
matched to another line. ``tests/test_mutants_table.py`` checks every row in the everyday
suite. Standard library only: the suite imports it without the ``mutate`` extra.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "tools" / "mutants.md"
RULES = ROOT / "src" / "dogrules" / "rules"

# The first line of the table (the line after it is its alignment row).
HEADER = "| module | line | code | mutation | why it is equivalent |"
# A cell boundary: a pipe not escaped with a backslash.
_CELL = re.compile(r"(?<!\\)\|")
_OPERATOR = re.compile(r"^(\w+)\s*:")


@dataclass(frozen=True)
class Row:
    """One row of the table: where its mutant is, and the text of its line in the file."""

    index: int  # the row's line in the table (0-based)
    module: str
    line: int
    code: str
    operator: str


def _cells(text: str) -> list[str]:
    return [cell.strip() for cell in _CELL.split(text.strip())[1:-1]]


def rows(table: Path = TABLE) -> list[Row]:
    """The rows of the equivalent-mutant table: the table under :data:`HEADER`, every line of
    it a row (ValueError naming the first that is not)."""
    found: list[Row] = []
    lines = table.read_text(encoding="utf-8").splitlines() if table.exists() else []
    if HEADER not in lines:
        return found
    start = lines.index(HEADER) + 2  # the header, then the line under it
    for index in range(start, len(lines)):
        text = lines[index]
        if not text.startswith("|"):
            break
        cells = _cells(text)
        operator = _OPERATOR.match(cells[3]) if len(cells) == 5 else None
        code = cells[2] if len(cells) == 5 else ""
        if not (operator and cells[1].isdigit() and len(code) > 1 and code[0] == code[-1] == "`"):
            raise ValueError(
                f"{table.name}:{index + 1}: not a row `| module | line | `code` | Operator: "
                "... | why |`"
            )
        found.append(
            Row(index, cells[0], int(cells[1]), code[1:-1].replace("\\|", "|"), operator[1])
        )
    return found


def keys(table: Path = TABLE) -> set[tuple[str, int, str]]:
    """(module, line, operator) of every row: what ``tools/mutate.py`` matches a survivor on."""
    return {(row.module, row.line, row.operator) for row in rows(table)}


def _source(module: str, rules: Path) -> list[str]:
    return [line.strip() for line in (rules / f"{module}.py").read_text("utf-8").splitlines()]


def moved(table: Path = TABLE, rules: Path = RULES) -> list[tuple[Row, int | None]]:
    """Each row whose line no longer reads its code, with the line that does now (the one
    nearest the row's old number; None when the module holds the code nowhere)."""
    found: list[tuple[Row, int | None]] = []
    # Each module read once: the table holds some 95 rows of 14 modules.
    sources: dict[str, list[str]] = {}
    for row in rows(table):
        source = sources.get(row.module)
        if source is None:
            source = sources[row.module] = _source(row.module, rules)
        if 0 < row.line <= len(source) and source[row.line - 1] == row.code:
            continue
        at = [number for number, text in enumerate(source, 1) if text == row.code]
        found.append((row, min(at, key=lambda n: abs(n - row.line)) if at else None))
    return found


def renumber(table: Path = TABLE, rules: Path = RULES) -> list[str]:
    """Move each row whose line has moved to where its code is now (rewriting the table);
    the problems left: rows whose code is gone, to be looked at again by hand."""
    lines = table.read_text(encoding="utf-8").splitlines(keepends=True)
    problems: list[str] = []
    for row, now in moved(table, rules):
        if now is None:
            problems.append(_gone(row))
            continue
        cells = _CELL.split(lines[row.index])
        cells[2] = f" {now} "
        lines[row.index] = "|".join(cells)
    table.write_text("".join(lines), encoding="utf-8")
    return problems


def _gone(row: Row) -> str:
    return f"{row.module}:{row.line} {row.operator}: `{row.code}` is no longer in the module"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--renumber", action="store_true", help="rewrite moved rows' lines")
    args = parser.parse_args(argv)
    if args.renumber:
        problems = renumber()
    else:
        problems = [
            _gone(row) if now is None else f"{row.module}:{row.line} {row.operator} is now {now}"
            for row, now in moved()
        ]
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
