"""The Python side of conformance: the adapter comparison, the Hypothesis strategies, the
differential state machine and the pytest plugin, run on the reference's own adapter (it
must agree with itself) and on adapters with a rule broken (they must be caught)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as Stage
from hypothesis import strategies as st

import dogrules
from dogrules.conformance.adapter import ReferenceAdapter, differences, vector_differences
from dogrules.conformance.store import read_form, shipped_dir
from dogrules.conformance.strategies import (
    differential_machine,
    near_miss_actions,
    positions,
    reachable_states,
)
from dogrules.conformance.vectors import Form
from dogrules.model.state import Phase, State

SRC = Path(dogrules.__file__).resolve().parent.parent
LAWYERS = dogrules.variant("black-dog").position(
    players=4,
    pieces={0: ["T5", "H", "H", "H"], 1: ["T16", "H", "H", "H"], 2: ["H"] * 4, 3: ["H"] * 4},
    hands={0: ["5", "13"]},
    black_dog="T24",
)


class ForgetsAnAction(ReferenceAdapter):
    """Lists every legal action but the last."""

    def legal(self, state: State) -> Sequence[str]:
        return list(super().legal(state))[:-1]


class AcceptsAnything(ReferenceAdapter):
    """Calls every action legal."""

    def explain(self, state: State, action: str) -> tuple[bool, Sequence[str]]:
        return True, ()


class CitesNoClause(ReferenceAdapter):
    def explain(self, state: State, action: str) -> tuple[bool, Sequence[str]]:
        legal, _clauses = super().explain(state, action)
        return legal, ()


def test_the_reference_adapter_agrees_with_the_reference() -> None:
    v = dogrules.variant("black-dog")
    illegal = [v.parse_action(LAWYERS, "13 T5-T18")]
    assert differences(ReferenceAdapter(), LAWYERS, illegal) == []


def test_a_missing_outcome_a_wrong_verdict_and_missing_clauses_are_reported() -> None:
    v = dogrules.variant("black-dog")
    illegal = [v.parse_action(LAWYERS, "13 T5-T18")]
    missing = differences(ForgetsAnAction(), LAWYERS)
    assert missing == [
        f"an outcome of 13 (digest {missing[0].split('digest ')[1][:12]}) is not listed"
    ]
    assert differences(AcceptsAnything(), LAWYERS, illegal) == [
        "13 T5-T18: the engine says legal, the reference illegal by "
        "BD-START-PROTECTED, BD-START-BLOCKS, R-C4"
    ]
    assert differences(CitesNoClause(), LAWYERS, illegal) == [
        "13 T5-T18: refused by [], the reference cites "
        "['BD-START-PROTECTED', 'BD-START-BLOCKS', 'R-C4']"
    ]
    assert differences(CitesNoClause(), LAWYERS, illegal, check_clauses=False) == []


def test_every_dog_kids_vector_agrees_with_the_reference_adapter() -> None:
    for form in (Form("dog-kids", 2, False), Form("dog-kids", 4, True)):
        for entry in read_form(shipped_dir(), form)[1]:
            assert vector_differences(ReferenceAdapter(), entry) == [], entry["id"]


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_strategies_draw_reachable_states_vector_positions_and_near_misses(
    data: st.DataObject,
) -> None:
    state = data.draw(reachable_states("black-dog", players=2, max_plies=40))
    v = dogrules.variant("black-dog")
    assert state.players == 2 and dogrules.load(dogrules.dump(state)) == state
    position = data.draw(positions("agent-dog"))
    assert position.variant == "agent-dog"
    if any(a.kind.value == "play" for a in v.legal_actions(state)):
        action = data.draw(near_miss_actions(state))
        assert not v.is_legal(state, action)


TestReferenceAgainstItself = differential_machine(ReferenceAdapter(), "dog-kids", 2).TestCase
TestReferenceAgainstItselfInBlackDog = differential_machine(
    ReferenceAdapter(), "black-dog", 4
).TestCase
if os.environ.get("HYPOTHESIS_PROFILE") != "thorough":
    # A few short games by default; the thorough profile's many long ones otherwise.
    for case in (TestReferenceAgainstItself, TestReferenceAgainstItselfInBlackDog):
        case.settings = settings(
            max_examples=3,
            stateful_step_count=15,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
    del case  # else pytest collects the loop's last value again, as a test class "case"


def test_the_differential_machine_catches_an_adapter_that_forgets_an_action() -> None:
    machine = differential_machine(ForgetsAnAction(), "dog-kids", 2)
    case = machine.TestCase
    case.settings = settings(
        max_examples=5,
        stateful_step_count=5,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
        # That it is caught is the point, not the smallest example: no shrinking.
        phases=[Stage.explicit, Stage.generate],
    )
    with pytest.raises(AssertionError, match="is not listed"):
        case().runTest()


def test_the_pytest_plugin_checks_an_engine_named_on_the_command_line(
    pytester: pytest.Pytester,
) -> None:
    # In this process (pytester keeps its modules, paths and folder apart): the plugin is
    # the subject, not a fresh interpreter.
    pytester.makepyfile(
        my_engine=(
            "from dogrules.conformance.adapter import ReferenceAdapter\n"
            "class Broken(ReferenceAdapter):\n"
            "    def legal(self, state):\n"
            "        return list(super().legal(state))[:-1]\n"
        ),
        test_mine=(
            "from dogrules.conformance.adapter import vector_differences\n"
            "def test_vector(dog_engine, dog_vector):\n"
            "    assert not vector_differences(dog_engine, dog_vector)\n"
        ),
    )
    pytester.syspathinsert()
    plugin = ["-p", "no:dogrules", "-p", "dogrules.conformance.pytest_plugin"]
    base = ["-q", "-p", "no:cacheprovider", "-p", "no:randomly", "-p", "no:benchmark"]
    run = [*base, *plugin, "--dog-variant", "dog-kids", "test_mine.py"]
    agreed = pytester.runpytest_inprocess(*run)
    assert agreed.ret == 0, agreed.stdout.str()[-2000:]
    agreed.assert_outcomes(passed=102)
    broken = pytester.runpytest_inprocess(*run, "--dog-engine", "my_engine:Broken", "-x")
    assert broken.ret == 1, broken.stdout.str()[-2000:]
    assert "is not listed" in broken.stdout.str()
    assert "dog-kids-2p/0001" in broken.stdout.str()


def test_a_finished_game_has_no_near_miss_to_draw() -> None:
    v = dogrules.variant("dog-kids")
    over = [
        e for e in read_form(shipped_dir(), Form("dog-kids", 2, False))[1] if e["phase"] == "over"
    ]
    state = dogrules.load(over[0]["position"])  # type: ignore[arg-type]
    assert state.phase == Phase.OVER and v.legal_actions(state) == ()
    assert near_miss_actions(state).is_empty
