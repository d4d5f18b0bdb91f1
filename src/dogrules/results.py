"""What ``apply`` and ``explain`` return."""

from __future__ import annotations

import attrs

from dogrules.events import Event
from dogrules.state import State


@attrs.frozen
class Transition:
    """The new state after an action, and the events that led there, in order."""

    state: State
    events: tuple[Event, ...]


@attrs.frozen
class Ruling:
    """A verdict on an action: legal or not, the clauses involved, the events it would cause
    (none when illegal) and plain English, one line per step, clause ids cited."""

    legal: bool
    clauses: tuple[str, ...]
    events: tuple[Event, ...]
    text: str
