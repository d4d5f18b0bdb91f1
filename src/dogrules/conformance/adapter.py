"""Another Python implementation of the DOG rules, as the differential checks see it: an
:class:`EngineAdapter` reading and writing states in the ``dogrules.dump`` shape and actions
in the notation of the seat to act, and the comparison of its answers with the reference's.

Nothing here needs pytest or Hypothesis: :func:`differences` can run in any test runner.
The pytest plugin (:mod:`dogrules.conformance.pytest_plugin`) and the Hypothesis strategies
and state machine (:mod:`dogrules.conformance.strategies`) build on it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

from dogrules.conformance.compare import digest_of
from dogrules.formats.states import dump, load
from dogrules.model.actions import Action
from dogrules.model.errors import DogRulesError, NotationError
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import State
from dogrules.testing.near_miss import near_misses
from dogrules.variants import variant as get_variant
from dogrules.variants.facade import Variant

__all__ = [
    "EngineAdapter",
    "ReferenceAdapter",
    "differences",
    "sample_near_misses",
    "vector_differences",
]

StateT = TypeVar("StateT")
Dumped = Mapping[str, JSONValue]


class EngineAdapter(Protocol[StateT]):
    """What another implementation provides to be checked against the reference. Its own
    states are of any type ``StateT``; they cross over in the ``dogrules.dump`` shape."""

    def load(self, position: Dumped) -> StateT:
        """Its state for a position in the dump shape."""
        ...

    def dump(self, state: StateT) -> Dumped:
        """Its state in the dump shape (every key, pieces in board order, as ``dump``)."""
        ...

    def legal(self, state: StateT) -> Sequence[str]:
        """Its legal actions, each distinct outcome once, in the notation of the seat to
        act."""
        ...

    def apply(self, state: StateT, action: str) -> StateT:
        """The state after ``action`` (notation); any exception when it is illegal."""
        ...

    def explain(self, state: StateT, action: str) -> tuple[bool, Sequence[str]]:
        """Whether ``action`` is legal and the clause ids that decide it."""
        ...


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


# An outcome as compared: kind, card, card played through a Copy, digest of the state reached.
Outcome = tuple[str, str | None, str | None, str]


def differences(
    adapter: EngineAdapter[StateT],
    state: State,
    illegal: Sequence[Action] = (),
    check_clauses: bool = True,
) -> list[str]:
    """How ``adapter`` disagrees with the reference on ``state``, one line each (empty when
    it agrees): the dump round trip, its legal actions as a set of distinct outcomes (the
    states they lead to, not their spellings), and its verdicts on ``illegal`` actions."""
    v = get_variant(state.variant)
    position = dump(state, v)
    theirs = adapter.load(position)
    found: list[str] = []
    if dict(adapter.dump(theirs)) != position:
        found.append("dump(load(position)) is not the position")
    ours = Counter(_our_outcome(v, state, a) for a in v.legal_actions(state))
    listed: Counter[Outcome] = Counter()
    for text in adapter.legal(theirs):
        try:
            action = v.parse_action(state, text)
        except NotationError as exc:
            found.append(f"{text}: listed, but the reference cannot read it: {exc}")
            continue
        after = digest_of(adapter.dump(adapter.apply(theirs, text)))
        listed[(str(action.kind), action.card, action.copied, after)] += 1
        if not v.is_legal(state, action):
            ruling = v.explain(state, action)
            found.append(f"{text}: listed, but illegal by {', '.join(ruling.clauses)}")
        elif (str(action.kind), action.card, action.copied, after) not in ours:
            found.append(f"{text}: leads to another state than the reference's")
    for key in ours - listed:
        found.append(f"an outcome of {key[1] or key[0]} (digest {key[3][:12]}) is not listed")
    for key in listed - ours:
        if key in ours:
            found.append(f"an outcome of {key[1] or key[0]} is listed twice")
    for action in illegal:
        found += _verdict_differences(adapter, v, state, theirs, action, check_clauses)
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


def _our_outcome(v: Variant, state: State, action: Action) -> Outcome:
    reached = dump(v.apply(state, action).state, v)
    return str(action.kind), action.card, action.copied, digest_of(reached)


def _verdict_differences(
    adapter: EngineAdapter[StateT],
    v: Variant,
    state: State,
    theirs: StateT,
    action: Action,
    check_clauses: bool,
) -> list[str]:
    text = str(action)
    ruling = v.explain(state, action)
    legal, clauses = adapter.explain(theirs, text)
    if legal != ruling.legal:
        said = "legal" if ruling.legal else f"illegal by {', '.join(ruling.clauses)}"
        return [f"{text}: the engine says {'legal' if legal else 'illegal'}, the reference {said}"]
    if check_clauses and not legal and set(clauses) != set(ruling.clauses):
        return [f"{text}: refused by {sorted(clauses)}, the reference cites {list(ruling.clauses)}"]
    return []


def vector_differences(
    adapter: EngineAdapter[StateT], entry: Mapping[str, JSONValue], check_clauses: bool = True
) -> list[str]:
    """How ``adapter`` disagrees with a shipped vector (a line of a vectors file): its
    outcomes by digest and its verdicts on the vector's near misses."""
    position = entry["position"]
    if not isinstance(position, dict):
        raise ValueError("a vector's position is an object")
    state = load(position)
    v = get_variant(state.variant)
    illegal_entries = entry.get("illegal")
    illegal = []
    for item in illegal_entries if isinstance(illegal_entries, list) else []:
        if isinstance(item, dict):
            try:
                illegal.append(v.parse_action(state, str(item["action"])))
            except DogRulesError:
                continue
    return differences(adapter, state, illegal, check_clauses)
