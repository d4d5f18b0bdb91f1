"""Probes for the live register: every ``@implements``-marked function's own code, compiled
again from its source with one statement first that adds the function's name to a set, and
put back into the same function object (``function.__code__``).

The probe is the marked function running, not a wrapper: every caller, however it holds the
function (a bound method, an entry of a rule table, a reference taken at import), runs the
probed code, and the name enters the set only once the function's own body starts. Unlike
the trace function it replaces (``sys.settrace``, which kept the interpreter in its slow
tracing mode through every clause test, about 2.5 times the cost), a probe costs one
``set.add`` per call of a marked function and nothing elsewhere.

The new code is checked to be the old one's twin (same name, lines, arguments, locals,
cells, flags), or :class:`LookupError` says why a function cannot be probed, so a mark cannot
go unwatched; :meth:`Probes.remove` puts every original code object back.
"""

from __future__ import annotations
import __future__

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import CodeType, FunctionType

# A string constant the probe statement is compiled with, replaced in the compiled code by
# the set itself, so the probe reads no global: LOAD_CONST <set>; .add(<name>).
_PLACEHOLDER = "<live register probe>"
# The compiler flags of the __future__ imports (from __future__ import annotations...).
_FUTURE_FLAGS = [getattr(__future__, name).compiler_flag for name in __future__.all_feature_names]
# What must not change between a function's code and its probed twin.
_SAME = (
    "co_name",
    "co_qualname",
    "co_filename",
    "co_firstlineno",
    "co_argcount",
    "co_posonlyargcount",
    "co_kwonlyargcount",
    "co_varnames",
    "co_cellvars",
    "co_freevars",
    "co_flags",
)


class Hits(set[str]):
    """The names the probes saw: a set that hashes by identity, as a constant of a code
    object must (code objects are hashed by their constants)."""

    def __hash__(self) -> int:  # type: ignore[override]
        return id(self)


def _definition(tree: ast.Module, code: CodeType) -> ast.FunctionDef | ast.AsyncFunctionDef:
    """The ``def`` of ``code`` in its module's tree: its qualified name's path of classes,
    then the function (whose first line, or first decorator's, is the code's first line)."""
    *classes, name = code.co_qualname.split(".")
    body: list[ast.stmt] = tree.body
    for class_name in classes:
        found = [n for n in body if isinstance(n, ast.ClassDef) and n.name == class_name]
        if len(found) != 1:
            raise LookupError(f"{code.co_qualname}: no single class {class_name} holds it")
        body = found[0].body
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name:
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            if first == code.co_firstlineno:
                return node
    raise LookupError(f"{code.co_qualname}: no def at {code.co_filename}:{code.co_firstlineno}")


def _nested(node: ast.stmt, classes: list[str]) -> ast.stmt:
    """``node`` inside classes named as the real ones (private names mangle the same, and
    ``super()`` gets its ``__class__`` cell)."""
    for class_name in reversed(classes):
        node = ast.ClassDef(name=class_name, bases=[], keywords=[], body=[node], decorator_list=[])
        ast.copy_location(node, node.body[0])
    return node


def _codes(code: CodeType) -> Iterator[CodeType]:
    for const in code.co_consts:
        if isinstance(const, CodeType):
            yield const
            yield from _codes(const)


def probed_code(code: CodeType, name: str, hits: Hits) -> CodeType:
    """``code`` compiled again from its source file with ``hits.add(name)`` as its first
    statement (after the docstring); LookupError if the twin cannot be made."""
    if "<locals>" in code.co_qualname:
        raise LookupError(f"{name}: a function defined inside another cannot be probed")
    path = Path(code.co_filename)
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    node = _definition(tree, code)
    probe = ast.parse(f"{_PLACEHOLDER!r}.add({name!r})").body[0]
    first = node.body[0]
    docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
    # The probe shares the line of the statement it precedes, so line numbers stay.
    after = node.body[1] if docstring and len(node.body) > 1 else first
    for part in ast.walk(probe):
        ast.copy_location(part, after)
    node.body.insert(1 if docstring else 0, probe)
    module = ast.Module(body=[_nested(node, code.co_qualname.split(".")[:-1])], type_ignores=[])
    flags = sum(flag for flag in _FUTURE_FLAGS if code.co_flags & flag)
    compiled = compile(module, str(path), "exec", flags=flags, dont_inherit=True)
    [twin] = [
        c
        for c in _codes(compiled)
        if c.co_qualname == code.co_qualname and c.co_firstlineno == code.co_firstlineno
    ]
    twin = twin.replace(
        co_consts=tuple(hits if const == _PLACEHOLDER else const for const in twin.co_consts)
    )
    for attribute in _SAME:
        if getattr(twin, attribute) != getattr(code, attribute):
            raise LookupError(
                f"{name}: its probed code differs in {attribute} ({getattr(twin, attribute)!r}"
                f" for {getattr(code, attribute)!r}); is the source file the one imported?"
            )
    return twin


class Probes:
    """The probes put into the marked functions (qualified name -> function); what they saw
    since the last :meth:`clear` is :attr:`hits`."""

    def __init__(self, functions: Mapping[str, FunctionType]) -> None:
        self.hits = Hits()
        self._original = {name: function.__code__ for name, function in functions.items()}
        self._functions = dict(functions)
        probed = {name: probed_code(code, name, self.hits) for name, code in self._original.items()}
        for name, code in probed.items():
            self._functions[name].__code__ = code

    def remove(self) -> None:
        """Give every function its own code back."""
        for name, code in self._original.items():
            self._functions[name].__code__ = code
