"""The engine under test, as every check sees it: the same three questions whether it runs
behind the stdio protocol (``dogrules conform``) or in-process through an
:class:`~dogrules.conformance.adapter.EngineAdapter` (the pytest plugin), so both tools run
the same checks and find the same disagreements.

* ``listing``: its legal actions, each with the kind, card and copied card the reference
  reads in its notation, and the digest of the state it leads to when it gives one;
* ``apply``: the state an action (notation) leads to, with the events when it reports them,
  or its refusal;
* ``explain``: its verdict on an action and the clauses deciding it, or its refusal to judge.

An engine that fails (crash, hang, garbage) raises
:class:`~dogrules.conformance.client.EngineFault`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

import attrs

from dogrules.conformance.client import Answer, EngineFault, EngineProcess, Fault, state_of
from dogrules.formats.states import load
from dogrules.model.errors import DogRulesError
from dogrules.model.jsonvalue import JSONValue
from dogrules.variants import implemented
from dogrules.variants import variant as get_variant

__all__ = [
    "AdapterEngine",
    "Applied",
    "Engine",
    "EngineAdapter",
    "Listed",
    "ProtocolEngine",
    "Refused",
]

Position = dict[str, JSONValue]
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


@attrs.frozen
class Listed:
    """One action an engine lists: its notation, the kind, card and copied card it is, and
    the digest of the state it leads to (None when the engine gives none)."""

    notation: str
    kind: str
    card: str | None
    copied: str | None
    digest: str | None = None


@attrs.frozen
class Applied:
    """The state an action leads to (dumped) and its events (None: not reported)."""

    state: Position
    events: tuple[Mapping[str, JSONValue], ...] | None = None


@attrs.frozen
class Refused:
    """The engine refuses to apply or judge an action: its message."""

    message: str


class Engine(Protocol):
    """An engine under test, answering in the dump shape and in notation."""

    def variants(self) -> frozenset[str]:
        """The variants it plays."""
        ...

    def listing(self, position: Position) -> list[Listed]:
        """Its legal actions in ``position``, with their outcomes' digests where it gives
        them."""
        ...

    def apply(self, position: Position, notation: str) -> Applied | Refused:
        """Where ``notation`` leads from ``position``, or its refusal."""
        ...

    def explain(self, position: Position, notation: str) -> tuple[bool, tuple[str, ...]] | Refused:
        """Its verdict on ``notation`` in ``position`` and the deciding clauses."""
        ...


class ProtocolEngine:
    """An engine behind the stdio protocol (``legal_actions`` with ``outcomes``, ``apply``,
    ``explain``)."""

    def __init__(self, process: EngineProcess) -> None:
        self.process = process

    def variants(self) -> frozenset[str]:
        hello = self.process.request("hello", protocol=1)
        listed = hello.get("variants")
        names = set()
        for item in listed if isinstance(listed, list) else []:
            if isinstance(item, dict) and isinstance(item.get("name"), str):
                names.add(str(item["name"]))
        return frozenset(names)

    def listing(self, position: Position) -> list[Listed]:
        answer = self.process.request("legal_actions", state=position, outcomes=True)
        listed = answer.get("actions")
        if not isinstance(listed, list) or not all(isinstance(a, dict) for a in listed):
            raise EngineFault(Fault.GARBAGE, "legal_actions", "no list of action objects")
        digests = answer.get("outcomes")
        given = isinstance(digests, list) and len(digests) == len(listed)
        found = []
        for index, item in enumerate(listed):
            assert isinstance(item, dict)
            card, copied = item.get("card"), item.get("copied")
            found.append(
                Listed(
                    str(item.get("notation")),
                    str(item.get("kind")),
                    None if card is None else str(card),
                    None if copied is None else str(copied),
                    str(digests[index]) if given and isinstance(digests, list) else None,
                )
            )
        return found

    def _asked(self, op: str, position: Position, notation: str) -> Answer | Refused:
        """The engine's answer to ``op`` on ``notation``, or its error answer as a refusal."""
        try:
            return self.process.request(op, state=position, action=notation)
        except EngineFault as fault:
            if fault.fault is Fault.ERROR:
                return Refused(fault.detail)
            raise

    def apply(self, position: Position, notation: str) -> Applied | Refused:
        answer = self._asked("apply", position, notation)
        if isinstance(answer, Refused):
            return answer
        events = answer.get("events")
        reported = None
        if isinstance(events, list):
            reported = tuple(e for e in events if isinstance(e, dict))
        return Applied(state_of(answer, "apply"), reported)

    def explain(self, position: Position, notation: str) -> tuple[bool, tuple[str, ...]] | Refused:
        answer = self._asked("explain", position, notation)
        if isinstance(answer, Refused):
            return answer
        legal, clauses = answer.get("legal"), answer.get("clauses")
        if not isinstance(legal, bool) or not isinstance(clauses, list):
            raise EngineFault(Fault.GARBAGE, "explain", "no 'legal' boolean or 'clauses' list")
        return legal, tuple(str(c) for c in clauses)


class AdapterEngine:
    """A Python implementation behind an :class:`EngineAdapter`: its notations are read by
    the reference to know their kind and card; an exception from its ``apply`` or
    ``explain`` is its refusal. It reports no events unless its adapter has an ``events``
    method (``events(state, action) -> list of event objects``, as the protocol's)."""

    def __init__(self, adapter: EngineAdapter[object]) -> None:
        self.adapter = adapter

    def variants(self) -> frozenset[str]:
        return frozenset(implemented())

    def listing(self, position: Position) -> list[Listed]:
        state = load(position)
        v = get_variant(state.variant)
        found = []
        for text in self.adapter.legal(self.adapter.load(position)):
            try:
                action = v.parse_action(state, text)
            except DogRulesError:
                found.append(Listed(text, "unreadable", None, None))
                continue
            found.append(Listed(text, str(action.kind), action.card, action.copied))
        return found

    def apply(self, position: Position, notation: str) -> Applied | Refused:
        theirs = self.adapter.load(position)
        try:
            reached = self.adapter.apply(theirs, notation)
        except Exception as exc:
            return Refused(f"{type(exc).__name__}: {exc}")
        events = getattr(self.adapter, "events", None)
        reported: tuple[Mapping[str, JSONValue], ...] | None = None
        if callable(events):
            reported = tuple(events(theirs, notation))
        return Applied(dict(self.adapter.dump(reached)), reported)

    def explain(self, position: Position, notation: str) -> tuple[bool, tuple[str, ...]] | Refused:
        try:
            legal, clauses = self.adapter.explain(self.adapter.load(position), notation)
        except Exception as exc:
            return Refused(f"{type(exc).__name__}: {exc}")
        return legal, tuple(clauses)
