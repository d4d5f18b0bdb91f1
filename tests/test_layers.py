"""The layers of the package are visible and kept: imports only go down, no module imports
itself round a cycle, no import hides inside a function, and each module says its one idea
(architecture.md)."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

import dogrules

ROOT = Path(dogrules.__file__).parent
# Each layer may import the layers before it in this list (and itself), never one after.
LAYERS = (
    "data",
    "geometry",
    "model",
    "engine",
    "rules",
    "variants",
    "formats",
    "render",
    "testing",
    "spaces",
    "envs",
    "protocol",
    "conformance",
    "app",
)
# The package's front door re-exports the public names; nothing inside imports it.
FACADE = "dogrules"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> int | None:
    parts = module.split(".")
    if len(parts) < 2:
        return None
    return LAYERS.index(parts[1]) if parts[1] in LAYERS else None


def modules() -> list[str]:
    return [module_name(path) for path in sorted(ROOT.rglob("*.py"))]


@functools.cache
def sources() -> tuple[tuple[str, ast.Module], ...]:
    """Every module of the package and its syntax tree (parsed once for the tests here)."""
    return tuple(
        (module_name(path), ast.parse(path.read_text(encoding="utf-8"), str(path)))
        for path in sorted(ROOT.rglob("*.py"))
    )


def imported(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The dogrules modules an import statement names (``from x import y`` names ``x.y`` when
    ``y`` is a module of the package, else ``x``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name.startswith("dogrules")]
    if node.module is None or not node.module.startswith("dogrules"):
        return []
    names = []
    for alias in node.names:
        candidate = f"{node.module}.{alias.name}"
        is_module = (ROOT.parent / Path(*candidate.split("."))).with_suffix(".py").exists() or (
            ROOT.parent / Path(*candidate.split("."))
        ).is_dir()
        names.append(candidate if is_module else node.module)
    return names


@functools.cache
def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for module, tree in sources():
        targets = edges.setdefault(module, set())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                targets.update(t for t in imported(module, node) if t != module)
    return edges


def test_every_subpackage_is_a_known_layer() -> None:
    packages = {p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()}
    assert packages == set(LAYERS), f"sub-packages not in LAYERS: {packages ^ set(LAYERS)}"


# The tests reading every module's syntax tree share a pytest-xdist worker (tools/check.py:
# --dist loadgroup), so the package is parsed once (seconds), not once a worker.
SOURCES = pytest.mark.xdist_group("layers")


@SOURCES
def test_imports_only_go_down_a_layer() -> None:
    upward = []
    for module, targets in graph().items():
        own = layer_of(module)
        for target in targets:
            if target == FACADE and module != FACADE:
                upward.append(f"{module} imports the package facade")
                continue
            theirs = layer_of(target)
            if own is not None and theirs is not None and theirs > own:
                upward.append(f"{module} ({LAYERS[own]}) imports {target} ({LAYERS[theirs]})")
    assert upward == []


@SOURCES
def test_no_import_cycle() -> None:
    edges = graph()
    # Importing a package runs its __init__, so a module also depends on its parents.
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        stack.append(module)
        for target in sorted(edges.get(module, ())):
            if target not in edges:
                continue
            if state.get(target) == 1:
                cycles.append(" -> ".join([*stack[stack.index(target) :], target]))
            elif target not in state:
                visit(target)
        stack.pop()
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module)
    assert cycles == []


@SOURCES
def test_no_function_local_import() -> None:
    hidden = []
    for module, tree in sources():
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    hidden.append(f"{module}.{function.name} (line {node.lineno})")
    assert hidden == []


# What a module-level name bound to one of these holds can change between calls.
MUTABLE_CALLS = frozenset({"dict", "list", "set", "OrderedDict", "defaultdict", "deque"})
# Layers whose modules hold constants only: what is remembered lives in the game's memo.
STATELESS = ("engine", "rules")


def _mutable_value(node: ast.expr) -> bool:
    """Whether ``node`` builds something that can change: a dict, list or set display or
    comprehension, a call of one of MUTABLE_CALLS, or an instance of a cache class (a class
    whose name ends in Cache or Memo)."""
    if isinstance(node, ast.Dict | ast.List | ast.Set | ast.DictComp | ast.ListComp | ast.SetComp):
        return True
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = (
        func.id
        if isinstance(func, ast.Name)
        else func.attr
        if isinstance(func, ast.Attribute)
        else ""
    )
    return name in MUTABLE_CALLS or name.endswith(("Cache", "Memo"))


def module_state(module: str, tree: ast.Module) -> list[str]:
    """The mutable module-level state of a module: names bound at module level to a mutable
    value, and names a function rebinds with ``global``."""
    found = []
    for node in tree.body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        if targets and _mutable_value(value):
            for target in targets:
                if (
                    isinstance(target, ast.Name)
                    and target.id != "__all__"  # the module's public names, read by tools
                ):
                    found.append(f"{module}.{target.id} (line {node.lineno})")
    for statement in ast.walk(tree):
        if isinstance(statement, ast.Global):
            found += [
                f"{module}: global {name} (line {statement.lineno})" for name in statement.names
            ]
    return found


@SOURCES
def test_engine_and_rules_hold_no_mutable_module_state() -> None:
    """One cache with an owner (issue 29): the engine and the rules keep nothing between calls
    in module globals; what is remembered lives in the game's memo (engine/memo.py).
    Memoised pure functions of frozen values (``functools.cache``) hold derived constants."""
    found = [
        where
        for module, tree in sources()
        if layer_of(module) in {LAYERS.index(layer) for layer in STATELESS}
        for where in module_state(module, tree)
    ]
    assert found == []


def test_the_module_state_check_finds_each_kind_of_state() -> None:
    source = """
import collections
_latest = None
CONSTANT: tuple[int, ...] = (1, 2)
_a = {}
_b: list[int] = []
_c = set()
_d = collections.OrderedDict()
_e = ListingCache(10)
_f = {k: k for k in CONSTANT}

def remember(value):
    global _latest
    _latest = value
"""
    found = module_state("dogrules.rules.example", ast.parse(source))
    names = [where.split(" (")[0] for where in found]
    assert names == [
        "dogrules.rules.example._a",
        "dogrules.rules.example._b",
        "dogrules.rules.example._c",
        "dogrules.rules.example._d",
        "dogrules.rules.example._e",
        "dogrules.rules.example._f",
        "dogrules.rules.example: global _latest",
    ]


# One idea per module: the module's docstring opens with one sentence that names it (a
# reader who cannot say a module's idea in one sentence of about two lines has found two
# modules). The length of a module is no measure of its ideas: CEILING only guards against a
# file nobody can read through, far above any module's size.
HEADLINE = 200
CEILING = 600


def headline(docstring: str) -> str:
    """The first sentence of a docstring, its lines joined."""
    paragraph = " ".join(docstring.split("\n\n")[0].split())
    return re.split(r"(?<=[.:;!?])\s", paragraph)[0]


@pytest.mark.parametrize("module", sorted(modules()))
def test_each_module_opens_by_naming_its_one_idea(module: str) -> None:
    tree = dict(sources())[module]
    if not tree.body:
        return  # an empty package marker holds no idea of its own
    docstring = ast.get_docstring(tree)
    assert docstring, f"{module}: open it with a docstring naming its one idea"
    first = headline(docstring)
    assert len(first) <= HEADLINE, (
        f"{module}: its docstring opens with {len(first)} characters before the first "
        f"sentence ends; name the module's one idea in one sentence (or split it by idea)"
    )


@pytest.mark.parametrize("module", sorted(modules()))
def test_no_module_grows_past_the_ceiling(module: str) -> None:
    path = ROOT.parent / Path(*module.split("."))
    file = path.with_suffix(".py") if path.with_suffix(".py").exists() else path / "__init__.py"
    lines = len(file.read_text(encoding="utf-8").splitlines())
    assert lines <= CEILING, f"{module} has {lines} lines: split it by idea"
