"""Hypothesis strategies and a state machine for checking another Python implementation
against the reference (needs the optional extra ``check``: ``pip install 'dogrules[check]'``).

* :func:`reachable_states`: states of random games (a seed, then random legal actions);
* :func:`positions`: the positions of the shipped test vectors;
* :func:`near_miss_actions`: illegal actions close to legal ones in a state;
* :func:`differential_machine`: a ``RuleBasedStateMachine`` class that plays random games in
  both engines at once, through an :class:`~dogrules.conformance.adapter.EngineAdapter`,
  checking at every state that they agree (:func:`~dogrules.conformance.adapter.differences`)
  and that the states the other engine reaches keep the reference's invariants.
"""

from __future__ import annotations

from collections.abc import Sequence

from dogrules.model.extras import missing_extra

try:
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra("check", "dogrules.conformance.strategies", exc) from exc

from dogrules.conformance.adapter import EngineAdapter, differences, sample_near_misses
from dogrules.conformance.engines import StateT
from dogrules.conformance.store import read_form, shipped_dir
from dogrules.conformance.vectors import all_forms
from dogrules.formats.states import dump, load
from dogrules.model.actions import Action
from dogrules.model.state import Phase, State
from dogrules.testing.invariants import (
    check_cards_conserved,
    check_one_piece_per_field,
    check_pieces_stand_on_own_fields,
    variant_invariants,
)
from dogrules.variants import forms
from dogrules.variants import variant as get_variant

__all__ = ["differential_machine", "near_miss_actions", "positions", "reachable_states"]


@st.composite
def reachable_states(
    draw: st.DrawFn, variant: str, players: int | None = None, max_plies: int = 200
) -> State:
    """A state of ``variant`` reached by random legal actions from a new game of ``players``
    (any player count when None), at most ``max_plies`` actions in."""
    v = get_variant(variant)
    counts = sorted({p for p, _teams in forms(variant)})
    seats = players if players is not None else draw(st.sampled_from(counts))
    state = v.new_game(seats, draw(st.integers(0, 2**32 - 1)))
    for _ in range(draw(st.integers(0, max_plies))):
        listed = v.legal_actions(state)
        if not listed:
            break
        state = v.apply(state, listed[draw(st.integers(0, len(listed) - 1))]).state
    return state


def positions(variant: str | None = None) -> st.SearchStrategy[State]:
    """A position of the shipped test vectors (of ``variant``, or of any variant)."""
    found = [
        entry["position"]
        for form in all_forms()
        if variant is None or form.variant == variant
        for entry in read_form(shipped_dir(), form)[1]
    ]
    return st.sampled_from([load(p) for p in found if isinstance(p, dict)])


def near_miss_actions(state: State) -> st.SearchStrategy[Action]:
    """An illegal near miss of one of ``state``'s listed plays (nothing when it has none)."""
    found = sample_near_misses(get_variant(state.variant), state, None)
    return st.sampled_from(found) if found else st.nothing()


def differential_machine(
    adapter: EngineAdapter[StateT],
    variant: str,
    players: int,
    check_clauses: bool = True,
    near_miss_sample: int = 3,
) -> type[RuleBasedStateMachine]:
    """A state machine class playing random games of ``variant`` for ``players`` in the
    reference and in ``adapter`` at once: each step is an action the reference lists, done
    in both; at every state the two must agree (outcomes, a few near misses' verdicts) and
    the other engine's state must keep the reference's invariants. Run it with
    ``TestMine = differential_machine(...).TestCase``."""
    v = get_variant(variant)

    class DifferentialMachine(RuleBasedStateMachine):
        ours: State
        theirs: StateT

        @initialize(seed=st.integers(0, 2**32 - 1))
        def new_game(self, seed: int) -> None:
            self.ours = v.new_game(players, seed)
            self.theirs = adapter.load(dump(self.ours, v))

        @precondition(lambda self: self.ours.phase != Phase.OVER)
        @rule(data=st.data())
        def act(self, data: st.DataObject) -> None:
            listed = v.legal_actions(self.ours)
            action = data.draw(st.sampled_from(listed), label="action")
            self.ours = v.apply(self.ours, action).state
            self.theirs = adapter.apply(self.theirs, str(action))

        @invariant()
        def engines_agree(self) -> None:
            wrong = differences(adapter, self.ours, self._near_misses(), check_clauses)
            assert not wrong, "\n".join(wrong)

        @invariant()
        def reached_state_keeps_the_invariants(self) -> None:
            reached = load(adapter.dump(self.theirs))
            check_one_piece_per_field(v, reached)
            check_pieces_stand_on_own_fields(v, reached)
            check_cards_conserved(v, reached)
            variant_invariants(v, reached, None)
            assert reached == self.ours, "the engine reached another state than the reference"

        def _near_misses(self) -> Sequence[Action]:
            return sample_near_misses(v, self.ours, near_miss_sample)

    DifferentialMachine.__name__ = f"Differential_{variant.replace('-', '_')}_{players}p"
    return DifferentialMachine
