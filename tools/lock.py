"""The locked dev toolchain: requirements/dev.txt pins, with hashes, every package the test
command installs, so a fresh machine installs what CI tested, today and next year.

    python tools/lock.py verify    # the installed packages are the locked versions (exit 1 if not)
    python tools/lock.py refresh   # re-resolve the lock to the newest releases (uv), then
                                   # install it here and run the whole suite against it
    python tools/lock.py newest    # the suite in a fresh venv on the newest releases of the
                                   # dev extra, unlocked: what next month's lock would meet

The lock is resolved from pyproject.toml's dev extra and requirements/dev.in (the build tools)
by ``uv pip compile --universal --generate-hashes`` for Python 3.11, so one file serves every
platform the project supports; uv itself is in the lock. The library's own runtime
dependencies stay ranges in pyproject.toml: the lock binds the dev toolchain only. An update
is a deliberate step: ``refresh``, read the diff of requirements/dev.txt, commit it with the
suite green. ``newest`` is not part of CI's gate; it warns of a release that will break the
suite before a refresh meets it.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import venv
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path

import attrs
from packaging.markers import Marker

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements" / "dev.txt"
EXTRA_INPUT = ROOT / "requirements" / "dev.in"
# A pinned line of the lock: ``name==version``, then ``; marker`` or a line continuation. A
# universal lock may pin one name twice, each under its own marker (numpy for 3.11 and 3.12).
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)(?:\s*;\s*([^\\]*))?")


@attrs.frozen
class Pin:
    """One pinned line of the lock."""

    name: str  # canonical
    version: str
    marker: str  # empty: every platform

    def applies(self) -> bool:
        """Whether this interpreter and platform install this pin."""
        return not self.marker or Marker(self.marker).evaluate()


def canonical(name: str) -> str:
    """A distribution name as the Python packaging specification compares names."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(text: str) -> list[Pin]:
    """Every pinned line of a lock file's text, in order."""
    found = []
    for line in text.splitlines():
        match = PIN.match(line)
        if match:
            name, version, marker = match.groups()
            found.append(Pin(canonical(name), version, (marker or "").strip()))
    return found


def compile_command(*, upgrade: bool) -> list[str]:
    """The uv command that resolves the lock (``--upgrade``: to the newest releases)."""
    return [
        sys.executable, "-m", "uv", "pip", "compile",
        "pyproject.toml", str(EXTRA_INPUT.relative_to(ROOT)),
        "--extra", "dev", "--generate-hashes", "--universal", "--python-version", "3.11",
        "--quiet", "-o", str(LOCK.relative_to(ROOT)),
        *(["--upgrade"] if upgrade else []),
    ]  # fmt: skip


def install_commands(python: str) -> list[list[str]]:
    """What the README's test command runs before the suite, for the interpreter ``python``:
    the lock (hash-checked), then the package itself with the locked build backend."""
    return [
        [python, "-m", "pip", "install", "--quiet", "-r", str(LOCK)],
        [python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
         "-e", str(ROOT)],
    ]  # fmt: skip


def verify() -> int:
    """Exit 1 naming each locked package this machine should have at another version."""
    wrong = []
    for pin in pins(LOCK.read_text(encoding="utf-8")):
        if not pin.applies():
            continue
        try:
            installed = metadata.version(pin.name)
        except metadata.PackageNotFoundError:
            installed = "nothing"
        if installed != pin.version:
            wrong.append(f"{pin.name}: locked {pin.version}, installed {installed}")
    for line in wrong:
        print(line)
    if wrong:
        print(f"{len(wrong)} package(s) differ from {LOCK.relative_to(ROOT)}: "
              f"install it (README, the test command)")  # fmt: skip
        return 1
    print(f"the installed toolchain is the one {LOCK.relative_to(ROOT)} locks")
    return 0


def refresh() -> int:
    """Re-resolve the lock to the newest releases, install it here, run the suite."""
    if subprocess.call(compile_command(upgrade=True), cwd=ROOT) != 0:
        return 1
    for command in install_commands(sys.executable):
        if subprocess.call(command, cwd=ROOT) != 0:
            return 1
    print(f"refreshed {LOCK.relative_to(ROOT)}; running the suite against it")
    return subprocess.call([sys.executable, "tools/check.py"], cwd=ROOT)


def newest() -> int:
    """The whole suite in a fresh virtual environment on the newest releases, unlocked."""
    with tempfile.TemporaryDirectory(prefix="dogrules-newest-") as folder:
        venv.create(folder, with_pip=True)
        python = str(Path(folder) / "bin" / "python")
        if subprocess.call([python, "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[dev]"]) != 0:
            return 1
        return subprocess.call([python, "tools/check.py"], cwd=ROOT)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("verify", "refresh", "newest"))
    args = parser.parse_args(argv)
    run = {"verify": verify, "refresh": refresh, "newest": newest}[args.command]
    return run()


if __name__ == "__main__":
    sys.exit(main())
