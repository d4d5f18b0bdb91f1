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

    ``Transition(state, events)`` holds both. ``Transition.deferred(state, told)`` holds the
    state and a function that tells the events (by carrying the action out again, recording,
    on the same code path): a random playout or a search reads only the state, and so never
    pays for the events; whoever reads ``events`` gets them, worked out once and kept.
    Frozen; compared and hashed by state and events."""

    state: State
    _events: tuple[Event, ...] | None = attrs.field(alias="events")
    _told: Callable[[], tuple[Event, ...]] | None = attrs.field(default=None, alias="told")

    @classmethod
    def deferred(cls, state: State, told: Callable[[], tuple[Event, ...]]) -> Transition:
        """``state``, its events told by ``told()`` the first time they are read."""
        return cls(state, None, told)

    @property
    def events(self) -> tuple[Event, ...]:
        events = self._events
        if events is None:
            told = self._told
            assert told is not None, "a transition holds its events or a way to tell them"
            events = told()
            # Kept (the state is the same either way); the teller is dropped with what it held.
            object.__setattr__(self, "_events", events)
            object.__setattr__(self, "_told", None)
        return events

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Transition):
            return NotImplemented
        return self.state == other.state and self.events == other.events

    def __hash__(self) -> int:
        return hash((self.state, self.events))

    def __repr__(self) -> str:
        return f"Transition(state={self.state!r}, events={self.events!r})"


@attrs.frozen
class Ruling:
    """A verdict on an action: legal or not, the clauses involved (each once), the events it
    would cause (none when illegal) and plain English, one line per step, clause ids cited."""

    legal: bool
    clauses: tuple[str, ...]
    events: tuple[Event, ...]
    text: str


@attrs.frozen
class Step:
    """How a state was reached: ``action`` applied to ``before`` gave ``transition``."""

    before: State
    action: Action
    transition: Transition
