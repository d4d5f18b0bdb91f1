"""The dogrules protocol: every operation of the public API as JSON requests and answers,
independent of the transport (JSON lines on stdio, or HTTP: see :mod:`dogrules.app`).

>>> from dogrules.protocol import Context, handle
>>> answer = handle({"id": 1, "op": "version"}, Context())
>>> answer["id"], answer["protocol"], answer["version"]
(1, 'dogrules', 1)
>>> handle({"id": 2, "op": "fly"}, Context())["error"]["code"]
'unknown_op'

A request is an object with an ``id`` (echoed by the answer) and an ``op``; the other fields
are the operation's (see ``docs/protocol.md`` and the schemas of
:mod:`dogrules.protocol.schemas`). An answer is an object with the same ``id`` and either the
operation's fields or ``error`` (``code``, ``message``, ``clauses``).
"""

from __future__ import annotations

from dogrules.protocol.dispatch import encode, handle, handle_text
from dogrules.protocol.errors import ErrorCode, Failure, ProtocolError
from dogrules.protocol.operations import MAX_REQUEST_BYTES, PROTOCOL, PROTOCOL_VERSION, Context
from dogrules.protocol.schemas import OPERATIONS, schema, schema_names
from dogrules.protocol.sessions import MAX_SESSIONS, Sessions

__all__ = [
    "MAX_REQUEST_BYTES",
    "MAX_SESSIONS",
    "OPERATIONS",
    "PROTOCOL",
    "PROTOCOL_VERSION",
    "Context",
    "ErrorCode",
    "Failure",
    "ProtocolError",
    "Sessions",
    "encode",
    "handle",
    "handle_text",
    "schema",
    "schema_names",
]
