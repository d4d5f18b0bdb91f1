"""The whole test suite: ruff, mypy --strict, then pytest (whose summary closes the output).

    python tools/check.py [extra pytest arguments]

Exits non-zero if any of the three fails.
"""

from __future__ import annotations

import subprocess
import sys


def main() -> int:
    steps = [
        ["ruff", "check", "."],
        ["ruff", "format", "--check", "."],
        [sys.executable, "-m", "mypy", "--strict"],
        [sys.executable, "-m", "pytest", *sys.argv[1:]],
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
