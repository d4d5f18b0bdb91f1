"""What the judge, ``apply`` and ``explain`` return."""

from __future__ import annotations

from typing import NamedTuple

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


class Transition(NamedTuple):
    """The new state after an action, and the events that led there, in order: both
    recorded by the one carrying out of the action (a named tuple, as the state)."""

    state: State
    events: tuple[Event, ...]


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
