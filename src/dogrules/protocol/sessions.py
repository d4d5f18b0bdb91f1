"""States kept server-side between requests, for clients that would rather not send the
state each time: a bounded store, the least recently used session forgotten first."""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping

from dogrules.model.state import State

__all__ = ["MAX_SESSIONS", "Sessions"]

MAX_SESSIONS = 256
"""How many sessions a server keeps by default: a state is a few kilobytes, so a full store
stays small however many clients forget to close theirs."""


class Sessions:
    """Session id -> state, at most ``limit`` of them (the one least recently used is
    forgotten to make room), each with the house rules its game is played by (ruling id ->
    reading name, kept for the session's life). The one mutable object of the protocol: the
    operations stay pure and read or store through it. Safe to share between threads."""

    def __init__(self, limit: int = MAX_SESSIONS) -> None:
        if limit < 1:
            raise ValueError(f"a session store holds at least one session, not {limit}")
        self.limit = limit
        self._states: OrderedDict[str, State] = OrderedDict()
        self._rulings: dict[str, Mapping[str, str]] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._states)

    def open(self, state: State, rulings: Mapping[str, str] | None = None) -> str:
        """A new session holding ``state``, played by the house ``rulings`` (none: the
        reference readings); its id (unguessable, URL-safe)."""
        session = secrets.token_urlsafe(12)
        with self._lock:
            self._rulings[session] = dict(rulings or {})
        self.store(session, state)
        return session

    def rulings(self, session: str) -> Mapping[str, str]:
        """The house rules ``session`` is played by (empty: the reference readings)."""
        with self._lock:
            return dict(self._rulings.get(session, {}))

    def get(self, session: str) -> State | None:
        """The state of ``session``, or None when there is no such session."""
        with self._lock:
            state = self._states.get(session)
            if state is not None:
                self._states.move_to_end(session)
            return state

    def store(self, session: str, state: State) -> None:
        """Keep ``state`` as the state of ``session`` (made if new)."""
        with self._lock:
            self._states[session] = state
            self._states.move_to_end(session)
            while len(self._states) > self.limit:
                forgotten, _state = self._states.popitem(last=False)
                self._rulings.pop(forgotten, None)

    def close(self, session: str) -> bool:
        """Forget ``session``; whether it existed."""
        with self._lock:
            self._rulings.pop(session, None)
            return self._states.pop(session, None) is not None
