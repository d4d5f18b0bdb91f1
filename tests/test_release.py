"""A release that installs (issue 9): the packaging metadata checked cheaply, without building.

Building and installing the sdist and the wheel is .ci/run's job; these tests catch the
mistakes that break it (a symlinked specs/, a second version number, a missing LICENSE)
in the ordinary test run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

import dogrules
from dogrules.data import specs

REPO = Path(__file__).resolve().parents[1]
VARIANTS = ("agent-dog", "black-dog", "dog-kids")


def pyproject() -> dict[str, Any]:
    with (REPO / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def test_the_version_is_written_in_one_place() -> None:
    project = pyproject()
    assert "version" not in project["project"], "pyproject.toml must not repeat the version"
    assert "version" in project["project"]["dynamic"]
    path = REPO / project["tool"]["hatch"]["version"]["path"]
    assert path.is_file()
    written = re.search(r'^__version__ = "([^"]+)"$', path.read_text(encoding="utf-8"), re.M)
    assert written is not None
    assert written.group(1) == dogrules.__version__


def test_specs_is_a_real_top_level_folder() -> None:
    # A symlink at the root made hatchling leave the data out of the sdist and the wheel.
    assert not any(entry.is_symlink() for entry in REPO.iterdir())
    folder = REPO / "specs"
    assert folder.is_dir()
    assert not (REPO / "src" / "dogrules" / "specs").exists()
    assert {p.name for p in (folder / "clauses").glob("*.toml")} == {
        "common.toml",
        *(f"{name}.toml" for name in VARIANTS),
    }
    assert {p.name for p in (folder / "layouts").glob("*.toml")} == {
        f"{name}.toml" for name in VARIANTS
    }


@pytest.mark.skipif(
    dogrules.compiled(),
    reason="compiled engine: its tree carries its own copy of specs/, as a wheel does",
)
def test_the_package_reads_the_checkout_specs() -> None:
    assert specs._specs_dir().resolve() == (REPO / "specs").resolve()
    assert specs.read_toml("clauses/common.toml")["clause"]


def test_the_builds_carry_specs_and_license() -> None:
    hatch = pyproject()["tool"]["hatch"]["build"]["targets"]
    assert hatch["wheel"]["force-include"] == {"specs": "dogrules/specs"}
    assert {"specs", "LICENSE", "src/dogrules"} <= set(hatch["sdist"]["include"])


def test_license_and_metadata() -> None:
    text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "2026 the dogrules developers" in text
    project = pyproject()["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    assert "License :: OSI Approved :: MIT License" in project["classifiers"]
    assert "Typing :: Typed" in project["classifiers"]
    assert {"Homepage", "Documentation", "Issues"} <= set(project["urls"])


def test_python_m_dogrules_prints_the_version() -> None:
    # The checkout's src/ first, as in the test command, so this copy answers.
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    done = subprocess.run(
        [sys.executable, "-m", "dogrules", "--version"],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert dogrules.__version__ in done.stdout
