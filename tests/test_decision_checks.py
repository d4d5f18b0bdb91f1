"""The decision checks catch a broken engine: a variant whose apply, explain or is_legal
changes the state it is given, accepts an action it does not list, or refuses one naming no
clause fails ``check_decisions`` (and ``check_unlisted_action_refused``) with the invariant
it breaks, and a changed state is reported naming the call that changed it."""

from __future__ import annotations

import pytest

import dogrules
from dogrules import Action, IllegalAction, State, Transition
from dogrules.model.errors import InvariantViolation
from dogrules.model.results import Ruling
from dogrules.model.state import DogFacts
from dogrules.testing.decisions import (
    check_decisions,
    check_unlisted_action_refused,
    variations,
)
from dogrules.testing.invariants import variant_invariants
from dogrules.variants.facade import Variant

VARIANT = dogrules.variant("black-dog")


def _touch(state: State) -> None:
    """What a broken engine does: it changes a state it was given (behind its frozen face:
    a state is a named tuple, but the Black Dog's part of it is a frozen attrs class)."""
    facts = state.extra
    assert isinstance(facts, DogFacts) and facts.black_dog is not None, "a state of play"
    object.__setattr__(facts, "black_dog", (facts.black_dog + 1) % VARIANT.board(4).track)


class ChangesStateOnApply(Variant):
    __slots__ = ()

    def apply(self, state: State, action: Action, *, events: bool = False) -> Transition:
        transition = super().apply(state, action, events=events)
        _touch(state)
        return transition


class ChangesStateOnRefusal(Variant):
    __slots__ = ()

    def apply(self, state: State, action: Action, *, events: bool = False) -> Transition:
        if not super().is_legal(state, action):
            _touch(state)
        return super().apply(state, action, events=events)


class ChangesStateOnExplain(Variant):
    __slots__ = ()

    def explain(self, state: State, action: Action) -> Ruling:
        _touch(state)
        return super().explain(state, action)


class ChangesStateOnListing(Variant):
    __slots__ = ()

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        listed = super().legal_actions(state)
        _touch(state)
        return listed


class AcceptsAnything(Variant):
    __slots__ = ()

    def apply(self, state: State, action: Action, *, events: bool = False) -> Transition:
        if super().is_legal(state, action):
            return super().apply(state, action, events=events)
        return Transition(state, ())


class ExplainsAnythingLegal(Variant):
    __slots__ = ()

    def explain(self, state: State, action: Action) -> Ruling:
        ruling = super().explain(state, action)
        return Ruling(True, ruling.clauses, ruling.events, ruling.text)


class RefusesNamingNoClause(Variant):
    __slots__ = ()

    def apply(self, state: State, action: Action, *, events: bool = False) -> Transition:
        if not super().is_legal(state, action):
            raise IllegalAction("no", clauses=())
        return super().apply(state, action, events=events)


def _state() -> State:
    """A state of the play phase (after the Black Dog is placed)."""
    state = VARIANT.new_game(players=4, seed=3)
    while state.phase != "play":
        state = VARIANT.apply(state, VARIANT.legal_actions(state)[0]).state
    return state


def _broken(kind: type[Variant]) -> Variant:
    return kind(VARIANT.ruleset)


def _unlisted(v: Variant, state: State) -> Action:
    """A variation of a listed action that is not listed."""
    listed = VARIANT.legal_actions(state)
    return next(a for a in variations(v, state, listed[0]) if a not in set(listed))


def _violation(v: Variant, state: State) -> InvariantViolation:
    with pytest.raises(InvariantViolation) as caught:
        check_decisions(v, state, variant_invariants)
    return caught.value


def test_the_reference_engine_passes_the_checks_the_broken_ones_fail() -> None:
    state = _state()
    actions, transitions = check_decisions(VARIANT, state, variant_invariants)
    assert actions and set(transitions) <= set(actions)
    check_unlisted_action_refused(VARIANT, state, _unlisted(VARIANT, state))


def test_an_apply_that_changes_its_state_is_named() -> None:
    state = _state()
    first = VARIANT.legal_actions(state)[0]
    caught = _violation(_broken(ChangesStateOnApply), state)
    assert caught.invariant == "given_state_unchanged"
    assert f"apply(state, {first})" in str(caught)


@pytest.mark.parametrize(
    ("kind", "method"), [(ChangesStateOnRefusal, "apply"), (ChangesStateOnExplain, "explain")]
)
def test_refusing_an_action_must_leave_the_state_unchanged(
    kind: type[Variant], method: str
) -> None:
    v = _broken(kind)
    caught = _violation(v, _state())
    assert caught.invariant == "given_state_unchanged"
    assert f"in {method}(state, " in str(caught)
    state = _state()
    unlisted = _unlisted(v, state)
    with pytest.raises(InvariantViolation, match=f"{method}\\(state, {unlisted}\\)"):
        check_unlisted_action_refused(v, state, unlisted)


def test_a_change_no_single_call_repeats_is_still_caught() -> None:
    caught = _violation(_broken(ChangesStateOnListing), _state())
    assert caught.invariant == "given_state_unchanged"
    assert "decisions were checked" in str(caught)


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        (AcceptsAnything, "is not listed but apply accepts it"),
        (ExplainsAnythingLegal, "explain calls unlisted"),
        (RefusesNamingNoClause, "names no clause"),
    ],
)
def test_an_unlisted_action_must_be_refused_naming_clauses(kind: type[Variant], says: str) -> None:
    caught = _violation(_broken(kind), _state())
    assert caught.invariant == "unlisted_action_refused"
    assert says in str(caught)
