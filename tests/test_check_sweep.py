"""``dogrules check --workers``: the invariant sweep, one random game per seed shared out
among processes, stopping at the first counterexample with a record that replays to it."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from dogrules.app.cli import main
from dogrules.app.simulation import backends, setup
from dogrules.formats.replay import final_state
from dogrules.model.actions import Action
from dogrules.model.errors import violation
from dogrules.model.state import State
from dogrules.testing import checking
from dogrules.testing.invariants import Step
from dogrules.testing.sweep import Sweep, sweep_game, sweep_seeds
from dogrules.variants.facade import Variant

KIDS = Sweep("dog-kids", (2,), 30)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def broken_at_sixth_action(
    v: Variant, state: State, step: Step | None, actions: tuple[Action, ...], seen: Sequence[Action]
) -> None:
    """A planted invariant that every game breaks once five actions are played."""
    if len(seen) == 5:
        raise violation("planted", "five actions were played")


@pytest.fixture
def planted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(checking.INVARIANTS, "planted", ("planted", broken_at_sixth_action))


def test_sweeping_sound_games_finds_nothing() -> None:
    assert sweep_game(KIDS, 1) is None
    assert sweep_seeds(KIDS, (1, 2)) == (2, None)


def test_a_broken_invariant_is_caught_with_a_record_that_replays_to_it(planted: None) -> None:
    found = sweep_game(Sweep("black-dog", (3,), 30), 4)
    assert found is not None and found.invariant == "planted" and len(found.actions) == 5
    assert found.players == 3 and found.seed == 4
    record = found.record()
    assert record["actions"] == list(found.actions) and "planted" in str(record["note"])
    state = final_state(record)
    assert state.seed == 4 and state.players == 3


def test_the_sweep_stops_at_the_first_counterexample(planted: None) -> None:
    played, found = sweep_seeds(KIDS, (7, 8, 9))
    assert played == 1 and found is not None and found.seed == 7


def test_check_workers_sweeps_on_processes() -> None:
    code, out = run("check", "dog-kids", "-p", "2", "-j", "2", "--examples", "2", "--steps", "8")
    assert code == 0, out
    assert "every invariant held in 2 games (seeds 0..1" in out


def test_check_workers_writes_the_counterexample(
    planted: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # In this process, where the planted invariant is.
    monkeypatch.setattr(setup, "backend", lambda workers, ray: backends.in_process)
    record = tmp_path / "bad.json"
    code, out = run(
        "check", "dog-kids", "-p", "2", "-j", "2", "--examples", "3", "--seed", "5",
        "--record", str(record), "-q",
    )  # fmt: skip
    assert code == 1, out
    assert "FAIL  planted: five actions were played" in out and "seed 5" in out
    replayed = run("replay", str(record), "--quiet")
    assert replayed[0] == 0 and "5 actions replayed, all legal" in replayed[1]
    assert json.loads(record.read_text())["header"]["seed"] == 5


def test_check_workers_refuses_corrected_data() -> None:
    code, out = run("check", "dog-kids", "-j", "2", "--layout", "x.toml")
    assert code == 2 and out.startswith("error:") and out.count("\n") == 1
