"""The benchmark command (``python -m benchmarks NAME``, docs/dev/benchmarks.md) cannot rot:
each benchmark's smoke run (``--quick``) on the smallest table, end to end, its JSON report
read back. No figure is asserted (timings are the machine's business), only that every
table was measured by every engine asked for.

The instruction counts need Valgrind: without it that test skips, except under CI (the CI
environment variable set), where it fails: CI installs it (.ci/run)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
# The shortest game there is: DOG Kids for two, a couple of hundred actions.
SMALL = ["--variant", "dog-kids", "--players", "2"]


def benchmark(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "benchmarks", *arguments],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(SRC)},
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def report(tmp_path: Path, name: str, *arguments: str) -> dict[str, Any]:
    """The JSON report of a smoke run of ``name``, after checking it ran and printed it."""
    out = tmp_path / f"{name}.json"
    done = benchmark(name, "--quick", *arguments, "--json", str(out))
    assert done.returncode == 0, done.stderr[-3000:]
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    assert data["benchmark"] == name
    for row in data["rows"]:
        assert row["label"] in done.stdout
    return data


def measured_by(data: dict[str, Any], *roles: str) -> None:
    """Every row has a positive median for each engine, and a speed-up when there are two."""
    assert data["rows"]
    for row in data["rows"]:
        for role in roles:
            assert row[role]["median"] > 0, row
        assert (row["speed_up"] is not None) == (len(roles) == 2), row


@pytest.mark.parametrize("name", ["playouts", "positions", "protocol"])
def test_a_benchmark_measures_this_engine_against_another(tmp_path: Path, name: str) -> None:
    data = report(tmp_path, name, *SMALL, "--against", str(SRC))
    measured_by(data, "this", "against")
    labels = [row["label"] for row in data["rows"]]
    if name == "protocol":
        assert labels == ["dog-kids 2p legal_actions", "dog-kids 2p apply"]
    else:
        assert labels == ["dog-kids 2p"]


def test_playouts_of_one_engine_against_itself_play_the_same_games(tmp_path: Path) -> None:
    data = report(tmp_path, "playouts", *SMALL, "--against", str(SRC))
    assert [row["extra"]["games"] for row in data["rows"]] == ["the same"]


def test_playouts_list_dog_kids_four_player_game_with_and_without_teams(tmp_path: Path) -> None:
    data = report(tmp_path, "playouts", "--variant", "dog-kids", "--players", "4", "--gc-freeze")
    measured_by(data, "this")
    assert [row["label"] for row in data["rows"]] == ["dog-kids 4p", "dog-kids 4p teams"]
    assert data["settings"]["gc"] == {"freeze": True, "threshold": None}


def git_checkout() -> bool:
    found = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", "HEAD"], cwd=ROOT, capture_output=True
    )
    return found.returncode == 0


def temporary_worktrees() -> list[str]:
    """The worktrees the benchmark command checked out (engines/resolve names them)."""
    listed = subprocess.run(
        ["git", "worktree", "list"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return [line for line in listed.stdout.splitlines() if "dogrules-bench-" in line]


@pytest.mark.skipif(not git_checkout(), reason="not a git checkout (an sdist, say)")
def test_a_git_ref_is_checked_out_for_the_run_and_removed_after(tmp_path: Path) -> None:
    before = temporary_worktrees()
    data = report(tmp_path, "playouts", *SMALL, "--against", "HEAD")
    measured_by(data, "this", "against")
    assert data["engines"]["against"].startswith("HEAD (")
    assert temporary_worktrees() == before


def test_an_engine_that_is_neither_a_source_folder_nor_a_git_ref_is_a_usage_error() -> None:
    done = benchmark("playouts", "--quick", "--against", str(ROOT / "tests"))
    assert done.returncode == 2
    assert "no dogrules package there" in done.stderr


def test_scaling_measures_each_worker_count(tmp_path: Path) -> None:
    data = report(tmp_path, "scaling", *SMALL, "--workers", "1", "--workers", "2")
    measured_by(data, "this")
    assert [row["label"] for row in data["rows"]] == [
        "dog-kids 2p 1 worker",
        "dog-kids 2p 2 workers",
    ]
    assert data["rows"][0]["extra"]["scaling"] == "1.00"


def test_worst_case_saves_its_positions_and_measures_them_again(tmp_path: Path) -> None:
    out = tmp_path / "positions"
    searched = report(tmp_path, "worst-case", *SMALL, "--seconds", "0.5", "--out", str(out))
    measured_by(searched, "this")
    saved = sorted(path.name for path in out.glob("*.json"))
    assert saved == ["dog-kids-2p-1.json"]
    again = report(tmp_path, "worst-case", *SMALL, "--positions", str(out))
    measured_by(again, "this")
    assert again["rows"][0]["extra"]["worst position"] == str(out / saved[0])


@pytest.mark.slow
def test_instructions_are_counted(tmp_path: Path) -> None:
    if shutil.which("valgrind") is None:
        if os.environ.get("CI"):
            pytest.fail("the instruction counts must run in CI: install valgrind (.ci/run)")
        pytest.skip("valgrind is not installed")
    data = report(tmp_path, "instructions", *SMALL)
    measured_by(data, "this")
