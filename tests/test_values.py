"""The values a game makes (Action, State, Event, Transition) are values: equal by value,
hashable, immutable, readable in a repr, and they pickle and deep-copy (issue 29)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import dogrules
from dogrules import Action, ActionKind, State, Transition
from dogrules.model.events import Event


def _played(name: str, seed: int, steps: int) -> list[tuple[State, Action, Transition]]:
    v = dogrules.variant(name)
    rng = random.Random(seed)
    state = v.new_game(players=4, seed=seed)
    seen = []
    for _ in range(steps):
        actions = v.legal_actions(state)
        if not actions:
            break
        action = rng.choice(actions)
        transition = v.apply(state, action)
        seen.append((state, action, transition))
        state = transition.state
    return seen


@pytest.mark.parametrize("name", sorted(dogrules.VARIANTS))
def test_values_pickle_and_deep_copy_to_equal_values(name: str) -> None:
    for state, action, transition in _played(name, 4, 40):
        for value in (state, action, transition, *transition.events):
            for copied in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value)):
                assert copied == value and hash(copied) == hash(value)
                assert type(copied) is type(value)
        again = pickle.loads(pickle.dumps(action))
        assert str(again) == str(action), "a listed action keeps its notation"


@pytest.mark.parametrize("name", sorted(dogrules.VARIANTS))
def test_values_are_equal_by_value_and_cannot_be_changed(name: str) -> None:
    for state, action, transition in _played(name, 6, 30):
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
