"""Build the opt-in compiled engine: the same source, its hot modules compiled with mypyc.

    python tools/build_compiled.py [--out build/compiled] [--check] [--wheel DIR [--manylinux]]
    python -m benchmarks playouts --source build/compiled --against src

The package is copied to ``OUT/dogrules`` (with the shipped data in ``dogrules/specs``, as a
wheel has it) and the modules named in ``COMPILED`` are compiled there with mypyc (which
comes with mypy, a development dependency; setuptools and a C compiler are needed): one
shared library beside the package, ``dogrules_compiled__mypyc``, and a small extension module
beside each compiled module's ``.py`` file, which Python imports in its place. Nothing in
``src`` changes: the pure-Python package stays the default and the fallback, every module not
compiled runs as Python, and the compiled modules are used only by a process whose PYTHONPATH
puts ``OUT`` first (or that installed the compiled wheel). ``dogrules.compiled()`` tells a
process which engine it runs.

mypyc calls a decorated function through its Python object (arguments boxed and parsed
again), so each compiled module is compiled with its ``@implements`` marks moved: the
decorator lines blanked (every other line keeps its number) and the same marks made by calls
after the module's last line, on the same functions, so the register is the same and the
rule functions call one another natively (the marked methods of the plain classes and the
dataclasses too). Once compiled, the ``.py`` file beside the extension module is the
source's again: the one a traceback, the rulebook and the traceability check read.

``--check`` then replays the golden playthroughs (tests/test_golden.py) and the deferred-events
test against the compiled tree: identical games, identical events (CI runs the whole suite
against it too). ``--wheel DIR`` writes an installable platform wheel of the compiled tree to
DIR: the package's pure wheel (same name, version, metadata and data) with the compiled
modules added, tagged for this platform (``linux_x86_64``, which PyPI refuses). With
``--manylinux`` auditwheel (a development dependency) checks which C library symbols the
compiled modules use and retags the wheel for every Linux whose glibc has them (today
``manylinux_2_17_x86_64``): the wheel a release would upload. The modules link nothing but
the C library, so auditwheel copies no library into it.
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "dogrules"
SPECS = ROOT / "specs"

# The modules a game spends its time in (the playouts benchmark, profiled): the board and the
# cards, the scratch tables, the game's memo and the judge, the engine's value builders,
# every rule module, and the ruleset. Their classes are plain classes or frozen dataclasses,
# which mypyc makes native classes: the rule modules read their fields as C struct fields
# and call their methods as C functions (an attrs class stays a Python class, whose
# attributes are read by name). Left as Python: the facade and the variants (compiling them
# gains nothing measurable), and the model (dogrules.model), whose named tuples a compiled
# module builds by the same call as Python does, or natively through the engine's value
# builders (engine/values.py; docs/dev/representation.md).
COMPILED = (
    "geometry/board.py",
    "geometry/cards.py",
    "engine/memo.py",
    "engine/table.py",
    "engine/ruleset.py",
    "engine/cardtable.py",
    "engine/judge.py",
    "engine/values.py",
    "rules/movement.py",
    "rules/numbers.py",
    "rules/splits.py",
    "rules/split_places.py",
    "rules/split_skips.py",
    "rules/partner.py",
    "rules/play.py",
    "rules/play_states.py",
    "rules/round.py",
    "rules/disc.py",
    "rules/blackdog.py",
    "rules/magnet.py",
    "rules/swap.py",
    "rules/agents.py",
    "rules/copy.py",
    "rules/secrecy.py",
    "rules/colours.py",
    "rules/kids_cards.py",
    "rules/kids_round.py",
)
# The shared library of every compiled module, beside the package (mypyc's monolithic layout:
# each module's ``__file__`` is worked out from where the library lies).
GROUP = "dogrules_compiled"
# What an extension module's file name ends in here (.cpython-311-x86_64-linux-gnu.so).
SUFFIX = str(sysconfig.get_config_var("EXT_SUFFIX"))

# C compiler flags added on Linux (GCC and Clang; CFLAGS from the environment come first):
# the compiled functions, which mypyc makes global symbols of one shared library, hidden in
# it, so that they call one another directly, and calls into the Python library made through
# its GOT entry, not a PLT stub (Black DOG 4p random playouts: about 2% fewer instructions
# a decision). The library exports only its modules' init functions, which Python looks up.
CFLAGS = ("-fno-plt", "-fvisibility=hidden") if sys.platform.startswith("linux") else ()

# What the check replays against the compiled tree.
CHECKS = ("tests/test_golden.py", "tests/test_transitions.py")

SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="dogrules-compiled",
    script_args=["build_ext", "--inplace", "--parallel", sys.argv[1]],
    ext_modules=mypycify(sys.argv[2:], group_name={group!r}),
)
"""


def build(out: Path, modules: tuple[str, ...] = COMPILED) -> None:
    """Copy the package and its data to ``out`` and compile ``modules`` in place."""
    target = out / "dogrules"
    # An earlier build's objects go too: setuptools links again an object whose C source is
    # unchanged, whatever the flags now.
    for old in (target, out / "build"):
        if old.exists():
            shutil.rmtree(old)
    out.mkdir(parents=True, exist_ok=True)
    shutil.copytree(SOURCE, target, ignore=shutil.ignore_patterns("__pycache__", f"*{SUFFIX}"))
    shutil.copytree(SPECS, target / "specs")
    paths = [str(Path("dogrules") / module) for module in modules]
    for module in modules:
        (target / module).write_text(marked_after((SOURCE / module).read_text()))
    jobs = str(os.cpu_count() or 1)
    setup = SETUP.format(group=GROUP)
    cflags = " ".join([os.environ.get("CFLAGS", ""), *CFLAGS]).strip()
    env = {**os.environ, "CFLAGS": cflags}
    subprocess.run([sys.executable, "-c", setup, jobs, *paths], cwd=out, env=env, check=True)
    for module in modules:
        shutil.copyfile(SOURCE / module, target / module)
    missing = [m for m in modules if not (target / m).with_suffix(SUFFIX).exists()]
    if missing:
        raise SystemExit(f"mypyc left these modules uncompiled: {', '.join(missing)}")


def marked_after(text: str) -> str:
    """A module's source with the ``@implements`` marks of its functions and of the methods
    of its plain classes and dataclasses (native once compiled) made after its last line
    instead, each line of a decorator left blank; the source unchanged when it marks none."""
    lines = text.splitlines(keepends=True)
    after: list[str] = []

    def unmark(node: ast.FunctionDef, holder: str) -> None:
        for decorator in node.decorator_list:
            if isinstance(decorator, ast.Call) and ast.unparse(decorator.func) == "implements":
                first, last = decorator.lineno, decorator.end_lineno or decorator.lineno
                lines[first - 1 : last] = ["\n"] * (last - first + 1)
                after.append(f"{ast.unparse(decorator)}({holder})\n")

    for node in ast.parse(text).body:
        if isinstance(node, ast.FunctionDef):
            unmark(node, node.name)
        elif isinstance(node, ast.ClassDef) and all(map(_dataclass, node.decorator_list)):
            for method in node.body:
                if isinstance(method, ast.FunctionDef):
                    unmark(method, f"vars({node.name})[{method.name!r}]")
    return "".join(lines + after)


def _dataclass(decorator: ast.expr) -> bool:
    """Whether a class decorator is ``dataclasses.dataclass`` (with arguments or none), the
    one decorator that leaves a class native once compiled."""
    called = decorator.func if isinstance(decorator, ast.Call) else decorator
    return ast.unparse(called) == "dataclasses.dataclass"


def check(out: Path) -> int:
    """Replay the golden playthroughs against the compiled tree; pytest's exit status."""
    env = {**os.environ, "PYTHONPATH": str(out), "DOGRULES_EXPECT_COMPILED": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *CHECKS],
        cwd=ROOT,
        env=env,
    )
    return done.returncode


def wheel(out: Path, dist: Path) -> Path:
    """A platform wheel of the compiled tree in ``dist``: the pure wheel ``pip wheel``
    makes (same name, version, metadata and data), with every extension module of ``out``
    added and the tags of this interpreter and platform; its path."""
    dist.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", scratch, str(ROOT)],
            check=True,
        )
        (pure,) = Path(scratch).glob("dogrules-*-py3-none-any.whl")
        library = out / f"{GROUP}__mypyc{SUFFIX}"
        extensions = [library, *(out / "dogrules").rglob(f"*{SUFFIX}")]
        return _platform_wheel(pure, sorted(extensions), out, dist)


def manylinux(built: Path, dist: Path) -> Path:
    """``built`` retagged by ``auditwheel repair`` for the oldest glibc its symbols allow,
    in ``dist`` in its place; its path."""
    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run(
            [sys.executable, "-m", "auditwheel", "repair", "--wheel-dir", scratch, str(built)],
            check=True,
        )
        (repaired,) = Path(scratch).glob("dogrules-*manylinux*.whl")
        built.unlink()
        return Path(shutil.move(repaired, dist / repaired.name))


def _platform_wheel(pure: Path, extensions: list[Path], out: Path, dist: Path) -> Path:
    version = sys.version_info
    tag = f"cp{version.major}{version.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    name = pure.name.replace("py3-none-any", f"{tag}-{tag}-{platform}")
    built = dist / name
    records: list[str] = []
    with zipfile.ZipFile(pure) as source, zipfile.ZipFile(built, "w", zipfile.ZIP_DEFLATED) as w:

        def add(path: str, data: bytes) -> None:
            w.writestr(path, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            records.append(f"{path},sha256={digest.decode()},{len(data)}")

        record = next(n for n in source.namelist() if n.endswith(".dist-info/RECORD"))
        for item in source.namelist():
            if item == record:
                continue
            data = source.read(item)
            if item.endswith(".dist-info/WHEEL"):
                text = data.decode().replace("Root-Is-Purelib: true", "Root-Is-Purelib: false")
                data = text.replace("Tag: py3-none-any", f"Tag: {tag}-{tag}-{platform}").encode()
            add(item, data)
        for extension in extensions:
            add(extension.relative_to(out).as_posix(), extension.read_bytes())
        w.writestr(record, "\n".join([*records, f"{record},,"]) + "\n")
    return built


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "compiled")
    parser.add_argument("--check", action="store_true", help="replay the golden games after")
    parser.add_argument("--no-build", action="store_true", help="check an existing build only")
    parser.add_argument("--wheel", type=Path, metavar="DIR", help="write a platform wheel")
    parser.add_argument(
        "--manylinux", action="store_true", help="retag the wheel manylinux (auditwheel)"
    )
    options = parser.parse_args()
    if options.manylinux and options.wheel is None:
        parser.error("--manylinux retags the wheel that --wheel DIR writes: give --wheel")
    out = options.out.resolve()
    if not options.no_build:
        build(out)
        print(f"compiled engine in {out}: PYTHONPATH={out} python ...")
    if options.wheel is not None:
        dist = options.wheel.resolve()
        built = wheel(out, dist)
        if options.manylinux:
            built = manylinux(built, dist)
        print(f"compiled wheel: {built}")
    if options.check:
        raise SystemExit(check(out))


if __name__ == "__main__":
    main()
