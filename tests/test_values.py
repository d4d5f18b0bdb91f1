"""The values a game makes (Action, State, Event, Transition) are values: equal by value,
hashable, immutable, readable in a repr, and they pickle and deep-copy (issue 29); every
public value (rulings, decisions and observations too) travels, across processes as well
(issue 32)."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import random
from concurrent.futures import ProcessPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dogrules
from budgets import budget
from dogrules import Action, ActionKind, State
from dogrules.model.events import Event
from dogrules.variants import forms
from helpers import random_steps


@pytest.mark.parametrize("name", sorted(dogrules.VARIANTS))
def test_values_pickle_and_deep_copy_to_equal_values(name: str) -> None:
    for state, action, transition in random_steps(dogrules.variant(name), 4, 40):
        for value in (state, action, transition, *transition.events):
            for copied in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value)):
                assert copied == value and hash(copied) == hash(value)
                assert type(copied) is type(value)
        again = pickle.loads(pickle.dumps(action))
        assert str(again) == str(action), "a listed action keeps its notation"


@pytest.mark.parametrize("name", sorted(dogrules.VARIANTS))
def test_values_are_equal_by_value_and_cannot_be_changed(name: str) -> None:
    for state, action, transition in random_steps(dogrules.variant(name), 6, 30):
        assert state == state._replace() and hash(state) == hash(state._replace())
        assert action == action._replace(notation=None), "the notation takes part in no equality"
        assert hash(action) == hash(action._replace(notation=None))
        assert (action != action._replace(notation=None)) is False
        assert action != action._replace(turn="cw" if action.turn != "cw" else "ccw")
        for value, field in ((state, "to_act"), (action, "card"), (transition, "state")):
            with pytest.raises(AttributeError):
                setattr(value, field, None)


def test_an_action_equals_no_plain_tuple_and_its_repr_leaves_out_the_notation() -> None:
    v = dogrules.variant("black-dog")
    state = v.new_game(players=4, seed=1)
    action = v.legal_actions(state)[0]
    assert action != tuple(action) and tuple(action) != action
    assert repr(action).startswith("Action(kind=") and "notation" not in repr(action)
    assert repr(Action(ActionKind.FOLD)) == (
        "Action(kind=<ActionKind.FOLD: 'fold'>, card=None, copied=None, moves=(), "
        "field=None, chosen=None, turn=None)"
    )


def test_an_event_is_built_by_keyword_and_tells_its_fields() -> None:
    event = Event(dogrules.EventKind.DREW, ("R-C7",), seat=2)
    assert event.seat == 2 and event.count is None and event.describe().endswith("[R-C7]")
    assert event == Event(dogrules.EventKind.DREW, ("R-C7",), seat=2)


# --- issue 32: every public value travels, in every variant and form ------------------------

FORMS = [
    (name, players, teams) for name in sorted(dogrules.VARIANTS) for players, teams in forms(name)
]


def _public_values(name: str, players: int, teams: bool, seed: int, steps: int) -> list[object]:
    """Every kind of public value a random game of the form makes: states, actions,
    transitions with events, rulings (of a legal and of a refused action), staged decisions
    and each seat's observation."""
    v = dogrules.variant(name)
    rng = random.Random(seed)
    state = v.new_game(players=players, seed=seed, teams=teams)
    values: list[object] = []
    for _ in range(steps):
        actions = v.legal_actions(state)
        if not actions:
            break
        action = rng.choice(actions)
        transition = v.apply(state, action, events=True)
        refused = v.explain(state, Action(ActionKind.FOLD))
        values += [state, action, transition, *transition.events, v.explain(state, action)]
        values += [refused, v.choices(state), v.observation(state, rng.randrange(players))]
        state = transition.state
    return values


@given(form=st.sampled_from(FORMS), seed=st.integers(0, 2**31), steps=st.integers(1, 60))
@settings(max_examples=budget(12, 60), deadline=None)
def test_every_public_value_pickles_and_deep_copies_to_an_equal_value_in_every_form(
    form: tuple[str, int, bool], seed: int, steps: int
) -> None:
    name, players, teams = form
    for value in _public_values(name, players, teams, seed, steps):
        for copied in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value)):
            assert type(copied) is type(value) and copied == value, type(value).__name__


def _carried_out_elsewhere(name: str, state: State, action: Action) -> tuple[object, ...]:
    """What another process makes of a state and action it was sent."""
    v = dogrules.variant(name)
    return (v.apply(state, action, events=True), v.explain(state, action), v.choices(state))


def test_values_cross_a_process_boundary_and_the_other_process_rules_alike() -> None:
    sent = []
    for name, players, teams in FORMS:
        v = dogrules.variant(name)
        state = v.new_game(players=players, seed=7, teams=teams)
        rng = random.Random(7)
        for _ in range(rng.randrange(5, 40)):
            state = v.apply(state, rng.choice(v.legal_actions(state))).state
        sent.append((name, state, rng.choice(v.legal_actions(state))))
    # spawn: a fresh interpreter, which has nothing but what was pickled.
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        answers = list(pool.map(_carried_out_elsewhere, *zip(*sent, strict=True)))
    for (name, state, action), answer in zip(sent, answers, strict=True):
        assert answer == _carried_out_elsewhere(name, state, action), name
