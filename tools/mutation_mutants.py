"""The mutants of tools/mutate.py: which rule modules, which Cosmic Ray operators, and
each mutation found in a module's source with where it stands (its statement, its
function)."""

from __future__ import annotations

import ast
import difflib
import enum
from collections.abc import Iterator
from pathlib import Path

import attrs
import cosmic_ray.plugins
from cosmic_ray.ast import ast_nodes, get_ast
from cosmic_ray.mutating import MutationVisitor

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "src" / "dogrules" / "rules"

# The modules in the order they matter most (run first when time is short).
MODULES = (
    "movement", "blackdog", "disc", "magnet", "partner", "swap", "copy", "numbers", "play",
    "round", "agents", "kids_cards", "kids_round", "colours", "secrecy", "splits",
    "split_places", "split_skips",
)  # fmt: skip

# One replacement per operator rather than every pair (a "sufficient" set): the full
# Cosmic Ray set makes 3,800 mutants of the rule modules, most of them redundant.
OPERATORS = (
    "core/ReplaceBinaryOperator_Add_Sub",
    "core/ReplaceBinaryOperator_Sub_Add",
    "core/ReplaceBinaryOperator_Mul_Add",
    "core/ReplaceBinaryOperator_FloorDiv_Mul",
    "core/ReplaceBinaryOperator_Mod_FloorDiv",
    "core/ReplaceComparisonOperator_Eq_NotEq",
    "core/ReplaceComparisonOperator_NotEq_Eq",
    "core/ReplaceComparisonOperator_Lt_LtE",
    "core/ReplaceComparisonOperator_LtE_Lt",
    "core/ReplaceComparisonOperator_Gt_GtE",
    "core/ReplaceComparisonOperator_GtE_Gt",
    "core/ReplaceComparisonOperator_Is_IsNot",
    "core/ReplaceComparisonOperator_IsNot_Is",
    "core/ReplaceUnaryOperator_USub_UAdd",
    "core/ReplaceUnaryOperator_Delete_Not",
    "core/AddNot",
    "core/ReplaceTrueWithFalse",
    "core/ReplaceFalseWithTrue",
    "core/ReplaceAndWithOr",
    "core/ReplaceOrWithAnd",
    "core/ReplaceBreakWithContinue",
    "core/ReplaceContinueWithBreak",
    "core/NumberReplacer",
    "core/ZeroIterationForLoop",
)


class Outcome(enum.Enum):
    KILLED = "killed"
    TIMEOUT = "timeout"  # counted as killed
    SURVIVED = "survived"
    UNCOVERED = "uncovered"  # no selected test reaches it: survived without a run
    EQUIVALENT = "equivalent"  # survived, and tools/mutants.md explains why that is right
    ERROR = "error"  # the mutant could not be run (counted apart, as neither)


KILLS = (Outcome.KILLED, Outcome.TIMEOUT)


@attrs.frozen
class Mutant:
    """One mutation of a rule module: Cosmic Ray's ``operator`` at its ``occurrence``."""

    module: str
    operator: str
    occurrence: int
    line: int
    original: str = attrs.field(repr=False)  # the module's source, unmutated

    @property
    def before(self) -> str:
        return self.original.splitlines()[self.line - 1].strip()

    @property
    def source(self) -> str:
        """The mutated module (worked out on demand: parsing is the slow part)."""
        operator = cosmic_ray.plugins.get_operator(self.operator)()
        mutated = MutationVisitor.mutate_code(self.original, operator, self.occurrence)
        assert isinstance(mutated, str), f"{self} makes no mutation"
        return mutated

    @property
    def after(self) -> str:
        """The changed lines, as the mutant has them."""
        new = self.source.splitlines()
        opcodes = difflib.SequenceMatcher(a=self.original.splitlines(), b=new).get_opcodes()
        changed = [new[j] for tag, _, _, j1, j2 in opcodes if tag != "equal" for j in range(j1, j2)]
        return " / ".join(text.strip() for text in changed)

    @property
    def label(self) -> str:
        return f"{self.operator.removeprefix('core/')}: `{self.before}` -> `{self.after}`"


@attrs.frozen
class Result:
    mutant: Mutant
    outcome: Outcome
    tests: int
    seconds: float


# ---------------------------------------------------------------------------------------------
# Making the mutants
# ---------------------------------------------------------------------------------------------


def _not_code_lines(tree: ast.Module) -> set[tuple[int, int]]:
    """The (line, column) spans of annotations and docstrings, where a mutant means nothing."""
    spans: set[tuple[int, int]] = set()

    def add(node: ast.AST | None) -> None:
        if node is not None:
            for inner in ast.walk(node):
                if isinstance(inner, ast.expr | ast.stmt):
                    spans.add((inner.lineno, inner.col_offset))

    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            add(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            add(node.returns)
        elif isinstance(node, ast.AnnAssign):
            add(node.annotation)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                add(first)
    return spans


def mutants_of(module: str) -> Iterator[Mutant]:
    """Every mutant of ``dogrules.rules.<module>`` the operators make, in source order."""
    source = (RULES / f"{module}.py").read_text(encoding="utf-8")
    skip = _not_code_lines(ast.parse(source))
    for name in OPERATORS:
        operator = cosmic_ray.plugins.get_operator(name)()
        positions = [
            start
            for node in ast_nodes(get_ast(source))
            for start, _ in operator.mutation_positions(node)
        ]
        for occurrence, (line, column) in enumerate(positions):
            if (line, column) not in skip:
                yield Mutant(module, name, occurrence, line, source)


def statement_lines(tree: ast.Module, line: int) -> range:
    """The lines of the innermost statement (or compound statement header) holding ``line``."""
    spans = [range(line, line + 1)]
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt):
            body = getattr(node, "body", None)
            compound = isinstance(body, list) and body and line < body[0].lineno
            end = body[0].lineno - 1 if compound and body else (node.end_lineno or node.lineno)
            if node.lineno <= line <= end:
                spans.append(range(node.lineno, end + 1))
    return max(spans[1:] or spans, key=lambda span: span.start)


def enclosing_function(tree: ast.Module, line: int) -> bool:
    """Whether ``line`` lies in the body of a function, whose code object can be swapped.
    A signature (default values) or a decorator is run when the module is imported."""
    return any(
        isinstance(node, ast.FunctionDef)
        and node.body[0].lineno <= line <= (node.end_lineno or node.lineno)
        for node in ast.walk(tree)
    )


# ---------------------------------------------------------------------------------------------
# Which test reaches which line (one run under coverage, in a forked child)
# ---------------------------------------------------------------------------------------------
