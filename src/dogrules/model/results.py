"""What the judge, ``apply`` and ``explain`` return."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from dogrules.model.actions import Action
from dogrules.model.events import Event
from dogrules.model.state import State


@attrs.frozen
class Refusal:
    """Why an action is not legal: the clauses that decide it and the reason in plain words.

    Every check of a mechanic returns one of these (or None when the action passes it); the
    first refusal met is the verdict a rule lawyer reads."""

    clauses: tuple[str, ...]
    reason: str


@attrs.frozen(eq=False, repr=False)
class Transition:
    """The new state after an action, and the events that led there, in order.

    ``Transition(state, events)`` holds both. The engine builds ``Transition(state,
    tell=tell)``: carrying the action out once, it records what happened, and ``tell()``
    writes those records out as events (field labels, paths, the game's clause ids) each time
    ``events`` is read, so a playout that reads only the state writes none. Immutable;
    compared and hashed by state and events; pickled and copied as both."""

    state: State
    _events: tuple[Event, ...] = attrs.field(default=(), alias="events")
    _tell: Callable[[], tuple[Event, ...]] | None = attrs.field(default=None, alias="tell")

    @property
    def events(self) -> tuple[Event, ...]:
        return self._events if self._tell is None else self._tell()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Transition):
            return NotImplemented
        return self.state == other.state and self.events == other.events

    def __hash__(self) -> int:
        return hash((self.state, self.events))

    def __repr__(self) -> str:
        return f"Transition(state={self.state!r}, events={self.events!r})"

    def __reduce__(self) -> tuple[type[Transition], tuple[State, tuple[Event, ...]]]:
        return Transition, (self.state, self.events)


@attrs.frozen
class Ruling:
    """A verdict on an action: legal or not, the clauses involved (each once), the events it
    would cause (none when illegal) and plain English, one line per step, clause ids cited.
    ``readings`` names, for each ruling involved that the game reads by house rules, the
    reading chosen (ruling id, reading name); empty under the reference readings."""

    legal: bool
    clauses: tuple[str, ...]
    events: tuple[Event, ...]
    text: str
    readings: tuple[tuple[str, str], ...] = ()


@attrs.frozen
class ReadingVerdict:
    """The verdict on an action under one reading of a ruling (a rule lawyer's comparison):
    the ``ruling`` id, the ``reading``'s name, whether it is the reference reading
    (``default``) and the one the game plays by (``chosen``), and the ``verdict`` with only
    that ruling read so (the game's other house rules kept)."""

    ruling: str
    reading: str
    default: bool
    chosen: bool
    verdict: Ruling


@attrs.frozen
class Step:
    """How a state was reached: ``action`` applied to ``before`` gave ``transition``."""

    before: State
    action: Action
    transition: Transition
