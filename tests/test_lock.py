"""The dev toolchain lock (requirements/dev.txt, tools/lock.py): it pins every package the
project's dev extra names, within the range pyproject.toml allows, each with its hashes."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

from tool_files import load_tool

ROOT = Path(__file__).resolve().parent.parent


lock = load_tool("lock.py", "lock")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def dev_requirements() -> list[Requirement]:
    """The runtime dependencies and every requirement the dev extra names, its own extras
    (``dogrules[check,...]``) followed."""
    project = PYPROJECT["project"]
    extras: dict[str, list[str]] = project["optional-dependencies"]
    found = [Requirement(text) for text in project["dependencies"]]
    pending, seen = ["dev"], set()
    while pending:
        extra = pending.pop()
        if extra in seen:
            continue
        seen.add(extra)
        for text in extras[extra]:
            requirement = Requirement(text)
            if lock.canonical(requirement.name) == "dogrules":
                pending.extend(requirement.extras)
            else:
                found.append(requirement)
    return found


def test_lock_pins_every_dev_requirement_within_its_range() -> None:
    pinned = lock.pins(lock.LOCK.read_text(encoding="utf-8"))
    for requirement in dev_requirements():
        name = lock.canonical(requirement.name)
        versions = [pin.version for pin in pinned if pin.name == name]
        assert versions, f"{requirement} (pyproject.toml) is not in requirements/dev.txt"
        for version in versions:
            assert requirement.specifier.contains(version, prereleases=True), (
                f"requirements/dev.txt locks {name} {version}, outside pyproject's {requirement}"
            )


def test_lock_pins_the_build_tools_the_test_command_uses() -> None:
    pinned = {pin.name for pin in lock.pins(lock.LOCK.read_text(encoding="utf-8"))}
    for line in lock.EXTRA_INPUT.read_text(encoding="utf-8").splitlines():
        text = line.split("#")[0].strip()
        if text:
            name = lock.canonical(Requirement(text).name)
            assert name in pinned, f"requirements/dev.in's {text} is not locked"


def test_every_locked_package_carries_hashes() -> None:
    """Hash-checking mode: pip refuses a file whose bytes differ from what was locked."""
    text = lock.LOCK.read_text(encoding="utf-8")
    for block in re.split(r"\n(?=[A-Za-z0-9])", text):
        match = lock.PIN.match(block)
        if match:
            assert "--hash=sha256:" in block, f"requirements/dev.txt: {match.group(1)} has no hash"


def test_the_readme_test_command_installs_the_lock() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pip install -r requirements/dev.txt" in readme
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "requirements/dev.txt" in ci
