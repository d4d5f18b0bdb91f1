"""The engine's own builders of model objects (dogrules.engine.instances) make exactly what
the classes' ``__init__`` makes: the same class, every slot set to the same value, the hash
cache empty; so a field added to a model class and not to its builder fails here."""

from __future__ import annotations

import functools

import attrs
import pytest

from dogrules.engine import instances
from dogrules.model.actions import Action, ActionKind, Direction, Notation
from dogrules.model.events import Event, EventKind
from dogrules.model.results import Transition
from dogrules.model.state import DogFacts, State
from dogrules.variants import variant

# The builders themselves (compiled, the module's names are these), and those the module's
# names are run as Python.
build_action, build_state, build_transition, build_deferring = instances.BUILDERS
python_action, python_state, python_transition, python_deferring = instances.PYTHON_BUILDERS


def _slots(instance: object) -> dict[str, object]:
    names = [n for k in type(instance).__mro__ for n in getattr(k, "__slots__", ())]
    return {n: getattr(instance, n) for n in names if n != "__weakref__"}


def _same(built: object, made: object) -> None:
    assert type(built) is type(made)
    assert _slots(built) == _slots(made)
    assert built == made
    assert hash(built) == hash(made)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.__setattr__("anything", 1)


def test_an_action_built_is_the_action_its_class_makes() -> None:
    game = variant("black-dog").ruleset.game(4)
    notation = Notation(game.board, 1)
    fields = (ActionKind.PLAY, "7", "copy", ((1, 2), (3, 4)), 5, "2", Direction.CW, notation)
    assert len(fields) == len(attrs.fields(Action))
    _same(build_action(*fields), Action(*fields))
    _same(python_action(*fields), Action(*fields))


def test_a_state_built_is_the_state_its_class_makes() -> None:
    start = variant("black-dog").new_game(players=4, seed=3)
    fields = [getattr(start, f.name) for f in attrs.fields(State)]
    fields[attrs.fields(State).index(attrs.fields(State).extra)] = DogFacts(7)
    _same(build_state(*fields), State(*fields))
    _same(python_state(*fields), State(*fields))


def test_a_transition_built_is_the_transition_its_class_makes() -> None:
    start = variant("black-dog").new_game(players=4, seed=3)
    told = (Event(EventKind.DEALT, ("R-C1",), seat=1, count=5),)
    assert len(attrs.fields(Transition)) == 3
    _same(build_transition(start, told), Transition(start, told))
    _same(python_transition(start, told), Transition(start, told))
    tell = functools.partial(tuple, told)
    deferred = build_transition(start, None, tell)
    _same(deferred, Transition.deferred(start, tell))
    assert deferred.events == told
    _same(python_transition(start, None, tell), Transition.deferred(start, tell))


def test_a_transition_deferred_in_place_is_the_deferred_transition() -> None:
    start = variant("black-dog").new_game(players=4, seed=3)
    told = (Event(EventKind.DEALT, ("R-C1",), seat=1, count=5),)
    tell = functools.partial(tuple, told)
    for deferring in (build_deferring, python_deferring):
        made = build_transition(start, ())
        assert deferring(made, tell) is made
        _same(made, Transition.deferred(start, tell))
        assert made.events == told
