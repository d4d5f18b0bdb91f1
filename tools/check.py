"""The whole test suite: ruff, mypy --strict, then pytest (whose summary closes the output).

    python tools/check.py [extra pytest arguments]

pytest runs on every core (pytest-xdist, ``-n auto``) with ``--dist loadgroup``, so the tests
marked ``xdist_group`` share a worker (one Ray instance, say); extra arguments come after
these, so ``python tools/check.py -n 0`` runs it in one process. Exits non-zero if any of the
three fails.

Python's bytecode is cached as Python does by default, whatever ``PYTHONDONTWRITEBYTECODE``
says: without it every process the run starts compiles each module it imports anew (each
pytest worker its test modules, with pytest's assertion rewriting, and each ``python -m
dogrules`` a test starts the package): some 3.3 of each worker's 5.7 CPU-seconds of collection
and 0.3 of the 0.7 a ``dogrules`` command takes to start. While ruff and mypy run, a ``pytest
--collect-only`` of the whole suite in the background writes that cache (a spare core's
work), so the run's workers start on it.
"""

from __future__ import annotations

import os
import subprocess
import sys

# pytest-xdist (the dev extra): one worker a core, the xdist_group marks honoured.
PARALLEL = ["-n", "auto", "--dist", "loadgroup"]
# Collects the whole suite in one process (each cache file written once) and so writes the
# bytecode of the package and the rewritten test modules; runs no test.
WARM = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]


def main() -> int:
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    warming = subprocess.Popen(
        WARM,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    steps = [
        ["ruff", "check", "."],
        ["ruff", "format", "--check", "."],
        [sys.executable, "-m", "mypy", "--strict"],
        [sys.executable, "-m", "pytest", *PARALLEL, *sys.argv[1:]],
    ]
    failed = []
    for command in steps:
        if command[2:3] == ["pytest"]:
            # A collection error shows in the run itself; the warm-up only saves it time.
            warming.wait()
        print(f"$ {' '.join(command)}", flush=True)
        if subprocess.call(command, env=env) != 0:
            failed.append(command[2] if command[0] == sys.executable else command[0])
    if failed:
        print(f"FAILED: {', '.join(failed)}", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
