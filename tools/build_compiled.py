"""Build the opt-in compiled engine: the same source, its hot modules compiled with mypyc.

    python tools/build_compiled.py [--out build/compiled] [--check]
    PYTHONPATH=build/compiled python benchmarks/playouts.py --against src

The package is copied to ``OUT/dogrules`` (with the shipped data in ``dogrules/specs``, as a
wheel has it) and the modules named in ``HOT`` are compiled there with mypyc (which comes
with mypy, a development dependency; a C compiler is needed). Nothing in ``src`` changes:
the pure-Python package stays the default and the fallback, and a compiled module is used
only by a process whose PYTHONPATH puts ``OUT`` first. The frozen attrs model (``model``)
stays uncompiled. ``--check`` then replays the golden playthroughs (tests/test_golden.py)
and the deferred-events test against the compiled tree: identical games, identical events.

``dogrules.compiled()`` tells a process which engine it runs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "dogrules"
SPECS = ROOT / "specs"

# The modules a random playout spends its time in (benchmarks/playouts.py, profiled).
HOT = (
    "engine/table.py",
    "engine/cardtable.py",
    "engine/judge.py",
    "rules/movement.py",
    "rules/numbers.py",
    "rules/splits.py",
    "rules/partner.py",
    "rules/play.py",
    "rules/round.py",
    "rules/disc.py",
    "rules/blackdog.py",
    "rules/magnet.py",
    "rules/colours.py",
    "rules/kids_cards.py",
    "rules/kids_round.py",
)
# Not compiled: rules/swap.py and rules/agents.py, where mypyc (2.4) crashes on a method
# marked with ``@implements`` that a subclass overrides (PairSwap.pairs, FaceDownSwap.pairs);
# they run as pure Python, calling into the compiled modules.

# What the check replays against the compiled tree.
CHECKS = ("tests/test_golden.py", "tests/test_transitions.py")


def build(out: Path) -> None:
    """Copy the package and its data to ``out`` and compile the hot modules in place."""
    target = out / "dogrules"
    if target.exists():
        shutil.rmtree(target)
    out.mkdir(parents=True, exist_ok=True)
    shutil.copytree(SOURCE, target, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copytree(SPECS, target / "specs")
    modules = [str(Path("dogrules") / module) for module in HOT]
    subprocess.run([sys.executable, "-m", "mypyc", *modules], cwd=out, check=True)
    missing = [m for m in HOT if not list((target / m).parent.glob(f"{Path(m).stem}.*.so"))]
    if missing:
        raise SystemExit(f"mypyc left these modules uncompiled: {', '.join(missing)}")


def check(out: Path) -> int:
    """Replay the golden playthroughs against the compiled tree; pytest's exit status."""
    env = {**os.environ, "PYTHONPATH": str(out), "DOGRULES_EXPECT_COMPILED": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *CHECKS],
        cwd=ROOT,
        env=env,
    )
    return done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "compiled")
    parser.add_argument("--check", action="store_true", help="replay the golden games after")
    parser.add_argument("--no-build", action="store_true", help="check an existing build only")
    options = parser.parse_args()
    out = options.out.resolve()
    if not options.no_build:
        build(out)
        print(f"compiled engine in {out}: PYTHONPATH={out} python ...")
    if options.check:
        raise SystemExit(check(out))


if __name__ == "__main__":
    main()
