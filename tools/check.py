"""The whole test suite: ruff, mypy --strict, then pytest (whose summary closes the output).

    python tools/check.py [extra pytest arguments]

pytest runs on every core (pytest-xdist, ``-n auto``) with ``--dist loadgroup``, so the tests
marked ``xdist_group`` share a worker (one Ray instance, say); extra arguments come after
these, so ``python tools/check.py -n 0`` runs it in one process. Exits non-zero if any of the
three fails.
"""

from __future__ import annotations

import subprocess
import sys

# pytest-xdist (the dev extra): one worker a core, the xdist_group marks honoured.
PARALLEL = ["-n", "auto", "--dist", "loadgroup"]


def main() -> int:
    steps = [
        ["ruff", "check", "."],
        ["ruff", "format", "--check", "."],
        [sys.executable, "-m", "mypy", "--strict"],
        [sys.executable, "-m", "pytest", *PARALLEL, *sys.argv[1:]],
    ]
    failed = []
    for command in steps:
        print(f"$ {' '.join(command)}", flush=True)
        if subprocess.call(command) != 0:
            failed.append(command[2] if command[0] == sys.executable else command[0])
    if failed:
        print(f"FAILED: {', '.join(failed)}", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
