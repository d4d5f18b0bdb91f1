"""Another Python implementation of the DOG rules, as the differential checks see it: an
:class:`EngineAdapter` reading and writing states in the ``dogrules.dump`` shape and actions
in the notation of the seat to act, and the comparison of its answers with the reference's.

Nothing here needs pytest or Hypothesis: :func:`differences` can run in any test runner.
The pytest plugin (:mod:`dogrules.conformance.pytest_plugin`) and the Hypothesis strategies
and state machine (:mod:`dogrules.conformance.strategies`) build on it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dogrules.conformance.compare import Disagreement, compare_position
from dogrules.conformance.engines import AdapterEngine, EngineAdapter, StateT
from dogrules.conformance.run import vector_check
from dogrules.formats.states import dump, load
from dogrules.model.actions import Action
from dogrules.model.errors import NotationError
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import State
from dogrules.testing.near_miss import near_misses
from dogrules.variants import variant as get_variant
from dogrules.variants.facade import Variant

__all__ = [
    "EngineAdapter",
    "ReferenceAdapter",
    "adapter_disagreements",
    "differences",
    "sample_near_misses",
    "vector_differences",
]

Dumped = Mapping[str, JSONValue]


class ReferenceAdapter:
    """The reference engine as an :class:`EngineAdapter` (its states are ``State``): the
    example adapter of docs/conformance.md, and what a self-check compares against."""

    def load(self, position: Dumped) -> State:
        return load(position)

    def dump(self, state: State) -> Dumped:
        return dump(state)

    def legal(self, state: State) -> Sequence[str]:
        return [str(action) for action in get_variant(state.variant).legal_actions(state)]

    def apply(self, state: State, action: str) -> State:
        v = get_variant(state.variant)
        return v.apply(state, v.parse_action(state, action)).state

    def explain(self, state: State, action: str) -> tuple[bool, Sequence[str]]:
        v = get_variant(state.variant)
        ruling = v.explain(state, v.parse_action(state, action))
        return ruling.legal, ruling.clauses


def adapter_disagreements(
    adapter: EngineAdapter[StateT],
    state: State,
    illegal: Sequence[str] = (),
    check_clauses: bool = True,
    where: str = "position",
) -> list[Disagreement]:
    """How ``adapter`` disagrees with the reference on ``state``: the checks ``dogrules
    conform`` makes (:func:`~dogrules.conformance.compare.compare_position`), in-process."""
    engine = AdapterEngine(adapter)  # type: ignore[arg-type]  # any state type crosses as dumps
    return compare_position(
        engine, get_variant(state.variant), state, where, illegal, check_clauses
    )


def differences(
    adapter: EngineAdapter[StateT],
    state: State,
    illegal: Sequence[Action] = (),
    check_clauses: bool = True,
) -> list[str]:
    """How ``adapter`` disagrees with the reference on ``state``, one line each (empty when
    it agrees): the dump round trip, its legal actions as a set of distinct outcomes, every
    listed action move by move (state, winner, events where reported), and its verdicts on
    ``illegal`` actions."""
    position = dump(state, get_variant(state.variant))
    found: list[str] = []
    if dict(adapter.dump(adapter.load(position))) != position:
        found.append("dump(load(position)) is not the position")
    texts = [str(action) for action in illegal]
    found += [d.line() for d in adapter_disagreements(adapter, state, texts, check_clauses)]
    return found


def sample_near_misses(v: Variant, state: State, limit: int | None) -> list[Action]:
    """Illegal near misses of ``state``'s listed plays whose notation reads back as them,
    spread over the list, at most ``limit`` (all when None)."""
    listed = frozenset(v.legal_actions(state))
    found = []
    for near_miss in near_misses(v, state):
        action = near_miss.variation
        if action in listed:
            continue
        try:
            if v.parse_action(state, str(action)) == action:
                found.append(action)
        except NotationError:
            continue
    if limit is None:
        return found
    return found[:: max(1, len(found) // max(limit, 1))][:limit]


def vector_differences(
    adapter: EngineAdapter[StateT], entry: Mapping[str, JSONValue], check_clauses: bool = True
) -> list[str]:
    """How ``adapter`` disagrees with the reference on a shipped vector (a line of a
    vectors file): the checks ``dogrules conform`` makes on it, one line each."""
    engine = AdapterEngine(adapter)  # type: ignore[arg-type]  # any state type crosses as dumps
    return [d.line() for d in vector_check(engine, entry, check_clauses)]
