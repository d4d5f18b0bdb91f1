"""The bounds ``dogrules serve --http`` puts on its work (enforced by
:mod:`dogrules.app.http_work`): plain values, readable without the extra ``serve``."""

from __future__ import annotations

import attrs

__all__ = ["READ_TIMEOUT", "TIME_BUDGET", "WORKERS", "Bounds"]

TIME_BUDGET = 10.0
"""Seconds a request may take, waiting for a worker included, before it is answered busy."""
READ_TIMEOUT = 10.0
"""Seconds a request's body may take to arrive."""
WORKERS = 2
"""Requests worked out at once (each in a thread; the rules hold the interpreter anyway)."""


@attrs.frozen
class Bounds:
    """The server's bounds on work: seconds per request, seconds to read a body, and how
    many requests are worked out at once."""

    time_budget: float = TIME_BUDGET
    read_timeout: float = READ_TIMEOUT
    workers: int = WORKERS
