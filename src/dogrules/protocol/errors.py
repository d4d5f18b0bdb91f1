"""The protocol's error answers: a code saying what kind of failure it is and whose fault,
one line of message, and the clause ids that decide (for an illegal action)."""

from __future__ import annotations

import enum

import attrs

from dogrules.model.errors import DogRulesError
from dogrules.model.jsonvalue import JSONValue


class ErrorCode(enum.StrEnum):
    """What went wrong with a request; compares equal to its string value."""

    PARSE_ERROR = "parse_error"
    """The line (or body) is not JSON: malformed, not UTF-8, or nested too deeply."""
    TOO_LARGE = "too_large"
    """The request is longer than the server accepts (see ``hello``'s limits)."""
    INVALID_REQUEST = "invalid_request"
    """JSON, but not a request: not an object, a field missing, unknown or of a wrong type."""
    UNKNOWN_OP = "unknown_op"
    """The ``op`` names no operation of the protocol."""
    UNSUPPORTED_VERSION = "unsupported_version"
    """``hello`` asked for a protocol version this server does not speak."""
    UNKNOWN_SESSION = "unknown_session"
    """The session id names no session kept (never made, closed, or evicted as the oldest)."""
    INVALID_POSITION = "invalid_position"
    """The state (or the position's arguments) breaks the format or an invariant of the game."""
    NOTATION_ERROR = "notation_error"
    """The action cannot be read as an action of this game."""
    ILLEGAL_ACTION = "illegal_action"
    """The action is not legal in the state; ``clauses`` names the clauses that forbid it."""
    CHOICE_ERROR = "choice_error"
    """A step of the staged choices' path is not an option there; ``options`` lists them."""
    METHOD_NOT_ALLOWED = "method_not_allowed"
    """HTTP only: the path takes another method (``Allow`` names it)."""
    FORBIDDEN_ORIGIN = "forbidden_origin"
    """HTTP only: a browser page of another origin, not allowed by ``--cors-origin``."""
    TIMEOUT = "timeout"
    """HTTP only: the body did not arrive within the server's read timeout."""
    BUSY = "busy"
    """HTTP only: the request could not be worked out within the server's time budget (too
    much heavy work at once, or too heavy); try again later."""
    INTERNAL_ERROR = "internal_error"
    """A bug in dogrules (please report it); the server goes on answering."""


class ProtocolError(DogRulesError):
    """A request the server cannot carry out, as the error answer will say it."""

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        clauses: tuple[str, ...] = (),
        problems: tuple[tuple[str, str], ...] = (),
        options: tuple[str, ...] | None = None,
    ) -> None:
        super().__init__(message)
        self.failure = Failure(code, one_line(message), clauses, problems, options)


@attrs.frozen
class Failure:
    """The content of an error answer; ``problems`` are (field, message) pairs."""

    code: ErrorCode
    message: str
    clauses: tuple[str, ...] = ()
    problems: tuple[tuple[str, str], ...] = ()
    options: tuple[str, ...] | None = None

    def answer(self, request_id: JSONValue) -> dict[str, JSONValue]:
        """The error answer to the request ``request_id``."""
        error: dict[str, JSONValue] = {
            "code": str(self.code),
            "message": self.message,
            "clauses": list(self.clauses),
        }
        if self.problems:
            error["problems"] = [{"field": f, "message": m} for f, m in self.problems]
        if self.options is not None:
            error["options"] = list(self.options)
        return {"id": request_id, "error": error}


# A message quotes at most this much: bad input is recognised, never echoed whole.
MESSAGE_LENGTH = 300


def one_line(text: str) -> str:
    """``text`` on one line, cut to a length a message may have."""
    flat = " ".join(text.split())
    return flat if len(flat) <= MESSAGE_LENGTH else flat[: MESSAGE_LENGTH - 3] + "..."
