"""``apply`` carries an action out once and records its events in that same carrying out: the
events are those ``explain`` tells, the state the one a second carrying out would build, and
the phase rule is asked to carry out once an ``apply``."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

import dogrules
from dogrules.engine import judge
from dogrules.engine.ruleset import GameRules
from dogrules.engine.table import Table
from dogrules.model.actions import Action
from dogrules.model.results import Transition
from dogrules.model.state import State
from dogrules.rules.play import Moved, RoundPlay
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
def test_the_events_of_apply_are_those_explain_tells(
    name: str, players: int, teams: bool | None
) -> None:
    for step, (variant, state, action) in enumerate(walk(name, players, teams, 7, 300)):
        game = variant.game(state.players)
        applied = variant.apply(state, action)
        again = judge.carry_out(game, state, action)
        ruling = variant.explain(state, action)
        assert applied.state == again.state, f"step {step}: {action} carried out differs"
        assert applied.events == again.events == ruling.events, f"step {step}: events differ"
        assert applied == again and hash(applied) == hash(again)
        assert variant.apply(state, action, events=True) == applied


@pytest.mark.skipif(dogrules.compiled(), reason="a compiled phase rule cannot be wrapped")
def test_apply_carries_the_action_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once, listed or not: the disc turn of an action no listing holds is judged on the
    movements its carrying out goes on from (Black DOG, R-B5)."""
    carried: list[Action] = []
    original = RoundPlay.movements

    def counted(
        self: RoundPlay, game: GameRules, state: State, action: Action, record: bool
    ) -> Moved:
        carried.append(action)
        return original(self, game, state, action, record)

    monkeypatch.setattr(RoundPlay, "movements", counted)
    variant = dogrules.variant("black-dog")
    plays = 0
    for _, state, action in walk("black-dog", 4, None, 5, 160):
        if action.kind != "play":
            continue
        plays += 1
        for given, judged in ((state, action), (state._replace(), action._replace())):
            carried.clear()
            variant.apply(given, judged)
            assert carried == [action], f"{action} was carried out {len(carried)} times"
        fresh, same = state._replace(), action._replace()
        carried.clear()
        assert variant.is_legal(fresh, same)
        variant.apply(fresh, same)
        assert carried == [action], "is_legal then apply carry the action out once in all"
    assert plays > 50


def test_a_transition_is_a_value() -> None:
    variant = dogrules.variant("black-dog")
    state = variant.new_game(players=4, seed=3)
    transition = variant.apply(state, variant.legal_actions(state)[0])
    with pytest.raises(AttributeError):
        transition.state = state  # type: ignore[misc]
    assert transition == Transition(transition.state, transition.events)
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
    kept_some = False
    # The table of a state carrying out has just built copies the pieces the game's memo
    # kept of it (Table.describe): they must be the pieces of the state read afresh.
    for step, (variant, state, _) in enumerate(walk(name, players, teams, 11, 200)):
        game = variant.game(state.players)
        if game.memo.pieces(state) is None:
            continue  # a card was given or discarded: the pieces were not rebuilt
        kept_some = True
        kept = game.table(state)
        read = Table.of(game.board, state._replace())
        assert (kept.occupant, kept.home, kept.dog) == (read.occupant, read.home, read.dog), (
            f"step {step}: the kept table differs from the state's pieces"
        )
    assert kept_some, "some state's pieces must be kept for this test to say anything"
