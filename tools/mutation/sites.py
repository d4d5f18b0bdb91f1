"""Where a mutant stands, named by code rather than by line number, and the table of
equivalent mutants (``equivalents.toml``) matched that way. Standard library only: the test
suite checks the table without the ``mutate`` extra.

A *site* is a rule module, the function (or class) the mutated line lies in, the text of that
line (stripped), which line of the function reads that text (``occurrence``, from 1; almost
always 1) and the Cosmic Ray operator (without its ``core/`` prefix). Moving code, or editing
another function, leaves a site as it is; editing the mutated line itself or renaming its
function changes it, and then the row that names it must be read again.
"""

from __future__ import annotations

import ast
import difflib
import io
import re
import tokenize
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "src" / "dogrules" / "rules"
TABLE = Path(__file__).resolve().parent / "equivalents.toml"
MODULE_LEVEL = "<module>"
# How alike (difflib's ratio) a line must be to a row's lost code to be offered in its place.
LIKE = 0.6

# The modules that matter most, mutated first when time is short; every other rule module
# follows in name order (a new rule module is mutated without being named here).
FIRST = (
    "movement", "blackdog", "disc", "magnet", "partner", "swap", "copy", "numbers", "play",
    "round", "agents", "kids_cards", "kids_round", "colours", "secrecy", "splits",
)  # fmt: skip


def modules(rules: Path = RULES) -> tuple[str, ...]:
    """Every rule module (``src/dogrules/rules/*.py``), the most important first."""
    present = sorted(path.stem for path in rules.glob("*.py") if path.stem != "__init__")
    return tuple(name for name in FIRST if name in present) + tuple(
        name for name in present if name not in FIRST
    )


@dataclass(frozen=True)
class Site:
    """Where a mutant stands: module, function, the line's code and its occurrence, operator."""

    module: str
    function: str
    code: str
    occurrence: int
    operator: str

    def __str__(self) -> str:
        nth = f" (occurrence {self.occurrence})" if self.occurrence != 1 else ""
        return f"{self.module}.{self.function} `{self.code}`{nth} {self.operator}"


# ---- the lines of a module ------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """A module's source: its stripped lines and, for each line, the function or class whose
    body holds it (innermost; ``<module>`` for none)."""

    lines: tuple[str, ...]
    scopes: tuple[str, ...]  # index 0 is line 1
    text: str

    @classmethod
    def of(cls, text: str) -> Source:
        lines = tuple(line.strip() for line in text.splitlines())
        scopes = [MODULE_LEVEL] * len(lines)
        for name, first, last in _scopes(ast.parse(text), ""):
            for line in range(first, last + 1):
                scopes[line - 1] = name
        return cls(lines, tuple(scopes), text)

    @classmethod
    def read(cls, module: str, rules: Path = RULES) -> Source:
        return cls.of((rules / f"{module}.py").read_text(encoding="utf-8"))

    def site(self, module: str, line: int, operator: str) -> Site:
        """The site of a mutant of ``operator`` on ``line`` (from 1)."""
        scope, code = self.scopes[line - 1], self.lines[line - 1]
        occurrence = sum(
            1
            for number in range(1, line + 1)
            if self.scopes[number - 1] == scope and self.lines[number - 1] == code
        )
        return Site(module, scope, code, occurrence, operator.removeprefix("core/"))

    def line_of(self, site: Site) -> int | None:
        """The line (from 1) that ``site`` names, None when no line of its function reads its
        code that many times."""
        found = [
            number
            for number, (scope, code) in enumerate(zip(self.scopes, self.lines, strict=True), 1)
            if scope == site.function and code == site.code
        ]
        return found[site.occurrence - 1] if 0 < site.occurrence <= len(found) else None


def _scopes(node: ast.AST, prefix: str) -> Iterator[tuple[str, int, int]]:
    """(qualified name, first line, last line) of the body of every function and class in
    ``node``, the outer ones before those inside them."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            name = f"{prefix}{child.name}"
            yield name, child.body[0].lineno, child.end_lineno or child.lineno
            yield from _scopes(child, f"{name}.")
        else:
            yield from _scopes(child, prefix)


# ---- which operators a line offers ----------------------------------------------------------

# The tokens each operator of tools/mutation mutates (one of them on the line is needed).
TOKENS: dict[str, frozenset[str]] = {
    "ReplaceBinaryOperator_Add_Sub": frozenset({"+"}),
    "ReplaceBinaryOperator_Sub_Add": frozenset({"-"}),
    "ReplaceBinaryOperator_Mul_Add": frozenset({"*"}),
    "ReplaceBinaryOperator_FloorDiv_Mul": frozenset({"//"}),
    "ReplaceBinaryOperator_Mod_FloorDiv": frozenset({"%"}),
    "ReplaceComparisonOperator_Eq_NotEq": frozenset({"=="}),
    "ReplaceComparisonOperator_NotEq_Eq": frozenset({"!="}),
    "ReplaceComparisonOperator_Lt_LtE": frozenset({"<"}),
    "ReplaceComparisonOperator_LtE_Lt": frozenset({"<="}),
    "ReplaceComparisonOperator_Gt_GtE": frozenset({">"}),
    "ReplaceComparisonOperator_GtE_Gt": frozenset({">="}),
    "ReplaceComparisonOperator_Is_IsNot": frozenset({"is"}),
    "ReplaceComparisonOperator_IsNot_Is": frozenset({"is not"}),
    "ReplaceUnaryOperator_USub_UAdd": frozenset({"-"}),
    "ReplaceUnaryOperator_Delete_Not": frozenset({"not"}),
    "AddNot": frozenset({"if", "elif", "while", "assert"}),
    "ReplaceTrueWithFalse": frozenset({"True"}),
    "ReplaceFalseWithTrue": frozenset({"False"}),
    "ReplaceAndWithOr": frozenset({"and"}),
    "ReplaceOrWithAnd": frozenset({"or"}),
    "ReplaceBreakWithContinue": frozenset({"break"}),
    "ReplaceContinueWithBreak": frozenset({"continue"}),
    "NumberReplacer": frozenset({"<number>"}),
    "ZeroIterationForLoop": frozenset({"for"}),
}


def tokens_on(text: str, line: int) -> set[str]:
    """The operator and keyword tokens of ``line`` (``is not`` as one, ``<number>`` for any
    number), read with the module's tokenizer so that strings and comments hold none; the
    fields of an f-string are read too."""
    found: set[str] = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.start[0] > line:
            break
        if token.start[0] == line:
            if token.type == tokenize.STRING and "f" in token.string.split("'")[0].lower():
                for field in re.findall(r"\{([^{}]*)\}", token.string):
                    found |= _tokens(field)
            else:
                found |= _tokens(token.string, token.type)
    return _with_is_not(text.splitlines()[line - 1], found)


def _tokens(text: str, kind: int | None = None) -> set[str]:
    if kind is None:  # an expression: each of its tokens
        try:
            read = list(tokenize.generate_tokens(io.StringIO(text).readline))
        except (tokenize.TokenError, SyntaxError):
            return set()
        return {t for token in read for t in _tokens(token.string, token.type)}
    if kind == tokenize.NUMBER:
        return {"<number>"}
    return {text} if kind in (tokenize.OP, tokenize.NAME) else set()


def _with_is_not(line: str, found: set[str]) -> set[str]:
    return found | {"is not"} if re.search(r"\bis\s+not\b", line) else found


# ---- the table of equivalent mutants --------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One row of the table: the site of an equivalent mutant, the mutation in words, why."""

    number: int  # from 1, in the table's order
    site: Site
    mutation: str
    why: str

    def __str__(self) -> str:
        return f"{TABLE.name} row {self.number} ({self.site})"


def rows(table: Path = TABLE) -> list[Row]:
    """The rows of the table; ValueError naming the first that lacks a field."""
    data = tomllib.loads(table.read_text(encoding="utf-8"))
    found = []
    for number, entry in enumerate(data.get("mutant", []), 1):
        try:
            site = Site(
                str(entry["module"]),
                str(entry["function"]),
                str(entry["code"]),
                int(entry.get("occurrence", 1)),
                str(entry["operator"]),
            )
            found.append(Row(number, site, str(entry["mutation"]), str(entry["why"])))
        except KeyError as exc:
            raise ValueError(f"{table.name} row {number}: no {exc.args[0]}") from exc
    return found


def stale(table: Path = TABLE, rules: Path = RULES) -> list[str]:
    """Why each row no longer names a site of the current code, one line a row: its module,
    function or line is gone, or the line no longer holds what its operator mutates."""
    problems = []
    sources: dict[str, Source] = {}
    for row in rows(table):
        site = row.site
        if site.operator not in TOKENS:
            problems.append(f"{row}: no operator {site.operator} in tools/mutation")
            continue
        if not (rules / f"{site.module}.py").exists():
            problems.append(f"{row}: no rule module {site.module}")
            continue
        source = sources.get(site.module) or sources.setdefault(
            site.module, Source.read(site.module, rules)
        )
        line = source.line_of(site)
        if line is None:
            if site.function not in source.scopes:
                gone = f"{site.module} has no function {site.function}"
            else:
                gone = f"{site.function} has no line `{site.code}` any more"
            problems.append(f"{row}: {gone}{nearest(source, site)}")
        elif not TOKENS[site.operator] & tokens_on(source.text, line):
            problems.append(f"{row}: line {line} holds nothing {site.operator} mutates")
    return problems


def nearest(source: Source, site: Site) -> str:
    """The line most like a row's lost code that its operator can mutate (in its function
    first), as a hint for whoever reads the row again; empty when none is much alike."""
    wanted = TOKENS[site.operator]
    best: tuple[bool, float, int] | None = None
    for number, (scope, code) in enumerate(zip(source.scopes, source.lines, strict=True), 1):
        likeness = difflib.SequenceMatcher(None, site.code, code).ratio()
        if likeness >= LIKE and wanted & tokens_on(source.text, number):
            candidate = (scope == site.function, likeness, -number)
            best = candidate if best is None or candidate > best else best
    if best is None:
        return ""
    number = -best[2]
    return f" (the nearest now: `{source.lines[number - 1]}` in {source.scopes[number - 1]})"
