"""``apply`` tells its events only when they are read: the deferred events must be exactly
the ones the same action records when carried out recording, and the state the same."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import attrs
import pytest

import dogrules
from dogrules.engine import judge
from dogrules.engine.table import Table
from dogrules.model.actions import Action
from dogrules.model.results import Transition
from dogrules.model.state import State
from dogrules.variants import forms, implemented

FORMS = [(name, players, teams) for name in implemented() for players, teams in forms(name)]


def walk(
    name: str, players: int, teams: bool | None, seed: int, steps: int
) -> Iterator[tuple[dogrules.Variant, State, Action]]:
    """Up to ``steps`` states of a random game of the form, each with the action taken in it
    (the next state is the one ``apply`` builds)."""
    variant = dogrules.variant(name)
    rng = random.Random(seed)
    state = variant.new_game(players=players, seed=seed, teams=teams)
    for _ in range(steps):
        if state.phase == "over":
            return
        action = rng.choice(variant.legal_actions(state))
        yield variant, state, action
        state = variant.apply(state, action).state


@pytest.mark.parametrize(("name", "players", "teams"), FORMS)
def test_deferred_events_are_the_recorded_events(
    name: str, players: int, teams: bool | None
) -> None:
    for step, (variant, state, action) in enumerate(walk(name, players, teams, 7, 300)):
        game = variant.game(state.players)
        recorded = judge.carry_out(game, state, action, record=True)
        silent = judge.carry_out(game, state, action, record=False)
        applied = variant.apply(state, action)
        eager = variant.apply(state, action, events=True)
        assert silent.events == (), f"step {step}: a carrying out that records nothing told events"
        assert silent.state == recorded.state == applied.state, f"step {step}: {action} differs"
        assert applied.events == recorded.events, f"step {step}: events of {action} differ"
        assert applied == recorded and hash(applied) == hash(recorded)
        assert eager == recorded, f"step {step}: apply(events=True) of {action} differs"


def test_a_transition_is_read_only_and_tells_its_events_once() -> None:
    variant = dogrules.variant("black-dog")
    state = variant.new_game(players=4, seed=3)
    told: list[int] = []
    events = variant.apply(state, variant.legal_actions(state)[0]).events

    def tell() -> tuple[dogrules.Event, ...]:
        told.append(1)
        return events

    transition = Transition.deferred(state, tell)
    assert transition.events == events and transition.events == events
    assert told == [1], "the deferred events were worked out more than once"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        transition.state = state  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del transition.state
    assert transition == Transition(state, events)
    assert "events=" in repr(transition)


def test_the_engine_asked_for_runs() -> None:
    # tools/build_compiled.py --check sets DOGRULES_EXPECT_COMPILED=1: the golden games must
    # then be replayed by the compiled modules, not by a pure-Python copy found first.
    expected = os.environ.get("DOGRULES_EXPECT_COMPILED") == "1"
    assert dogrules.compiled() == expected, (
        f"expected the {'compiled' if expected else 'pure-Python'} engine, "
        f"running {'compiled' if dogrules.compiled() else 'pure-Python'} modules"
    )


@pytest.mark.parametrize(("name", "players", "teams"), FORMS)
def test_the_table_a_carried_out_state_keeps_holds_its_pieces(
    name: str, players: int, teams: bool | None
) -> None:
    # Table.of of a state carrying out has just built copies the table it was built from
    # (Table.describe): it must read the same pieces as a state not built so (an equal copy).
    for step, (variant, state, _) in enumerate(walk(name, players, teams, 11, 200)):
        board = variant.game(state.players).board
        kept = Table.of(board, state)
        read = Table.of(board, attrs.evolve(state))
        assert (kept.occupant, kept.home, kept.dog) == (read.occupant, read.home, read.dog), (
            f"step {step}: the kept table differs from the state's pieces"
        )
