"""From a request to its answer, whatever the request holds: the transport-independent core
of the protocol. Every failure is an error answer (see :class:`ErrorCode`), never an
exception, so a server loop that calls :func:`handle_text` for each line goes on forever."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from dogrules.formats.files import FileProblem, parse_json_text
from dogrules.model.errors import (
    ChoiceError,
    DogRulesError,
    IllegalAction,
    InvalidPosition,
    NotationError,
)
from dogrules.model.jsonvalue import JSONValue
from dogrules.protocol.errors import ErrorCode, Failure, ProtocolError, one_line
from dogrules.protocol.operations import HANDLERS, Context
from dogrules.protocol.schemas import OPERATIONS, messages

__all__ = ["encode", "failure_of", "handle", "handle_text", "parse_request", "request_id"]

# Operations that work on a state: the state is sent, or kept in a session.
_ON_A_STATE = frozenset(
    {"legal_actions", "choices", "apply", "explain", "observe", "render", "dump"}
)
_POSITION_ARGUMENTS = ("variant", "players", "pieces")
_ID_LENGTH = 200
# A lone surrogate: JSON text may escape one, UTF-8 cannot encode one.
_SURROGATE = re.compile("[\ud800-\udfff]")


def handle_text(text: str | bytes, context: Context) -> dict[str, JSONValue]:
    """The answer to one request given as JSON text (a line of the stdio protocol, a body
    over HTTP): too long, not UTF-8 or not JSON, it is an error answer with id null."""
    try:
        request = parse_request(text, context.max_request_bytes)
    except ProtocolError as exc:
        return exc.failure.answer(None)
    return handle(request, context)


def parse_request(text: str | bytes, limit: int) -> object:
    """The JSON data of a request's text; ProtocolError (too_large, parse_error) when it is
    longer than ``limit`` bytes, not UTF-8, not JSON or nested too deeply."""
    if len(text) > limit:
        raise ProtocolError(
            ErrorCode.TOO_LARGE, f"request of {len(text)} bytes; at most {limit} are read"
        )
    try:
        decoded = text.decode("utf-8") if isinstance(text, bytes) else text
        return parse_json_text(decoded, "request")
    except UnicodeDecodeError as exc:
        message = f"request: not UTF-8 (byte {exc.start})"
        raise ProtocolError(ErrorCode.PARSE_ERROR, message) from None
    except FileProblem as exc:
        raise ProtocolError(ErrorCode.PARSE_ERROR, str(exc)) from None


def handle(request: object, context: Context, op: str | None = None) -> dict[str, JSONValue]:
    """The answer to ``request`` (JSON data): its fields, or an error answer; both carry the
    request's id (null when it has none that can be echoed). ``op`` is the operation when the
    transport names it (an HTTP path): the request may then leave out its ``op`` and ``id``."""
    answer_id = request_id(request)
    try:
        fields = _carry_out(request, context, op)
    except Exception as exc:  # every failure is an answer: the server goes on
        return failure_of(exc).answer(answer_id)
    return {"id": answer_id, **fields}


def request_id(request: object) -> JSONValue:
    """The id an answer to ``request`` echoes: its ``id`` when that is a string (at most 200
    characters), an integer or null; else null."""
    if not isinstance(request, Mapping):
        return None
    given = request.get("id")
    if isinstance(given, bool) or not isinstance(given, str | int):
        return None
    if isinstance(given, str) and len(given) > _ID_LENGTH:
        return None
    return given


def failure_of(exc: BaseException) -> Failure:
    """The error answer's content for an exception an operation raised."""
    if isinstance(exc, ProtocolError):
        return exc.failure
    if isinstance(exc, InvalidPosition):
        problems = tuple((p.field, one_line(p.message)) for p in exc.problems)
        return Failure(ErrorCode.INVALID_POSITION, one_line(str(exc)), problems=problems)
    if isinstance(exc, IllegalAction):
        return Failure(ErrorCode.ILLEGAL_ACTION, one_line(str(exc)), clauses=exc.clauses)
    if isinstance(exc, ChoiceError):
        return Failure(ErrorCode.CHOICE_ERROR, one_line(str(exc)), options=exc.options)
    if isinstance(exc, NotationError):
        return Failure(ErrorCode.NOTATION_ERROR, one_line(str(exc)))
    if isinstance(exc, RecursionError | MemoryError):
        return Failure(ErrorCode.TOO_LARGE, f"request too large to handle ({type(exc).__name__})")
    if isinstance(exc, DogRulesError | ValueError):
        # The library's word for input it cannot take. A TypeError is not among them: the
        # request's types were checked against its schema, so one is a bug.
        return Failure(ErrorCode.INVALID_REQUEST, one_line(str(exc) or type(exc).__name__))
    return Failure(
        ErrorCode.INTERNAL_ERROR,
        f"internal error (please report): {type(exc).__name__}: {one_line(str(exc))}",
    )


def encode(answer: Mapping[str, JSONValue]) -> str:
    """An answer as one line of JSON (no NaN or infinity: strict JSON for every client) that
    is always valid UTF-8: a lone surrogate echoed from a request (legal in JSON text, as
    ``"\\ud800"``) is written as the same escape, never as a character UTF-8 cannot hold."""
    try:
        text = json.dumps(answer, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        if _SURROGATE.search(text) is None:
            return text
        return json.dumps(answer, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
    except (ValueError, TypeError) as exc:
        failed = Failure(ErrorCode.INTERNAL_ERROR, f"answer not encodable: {one_line(str(exc))}")
        return json.dumps(failed.answer(request_id(answer)))


def _carry_out(request: object, context: Context, op: str | None) -> dict[str, JSONValue]:
    if not isinstance(request, dict):
        kind = "an array" if isinstance(request, list) else type(request).__name__
        raise _invalid(f"a request is a JSON object, not {kind}")
    given_op = request.get("op", op)
    if given_op is None:
        raise _invalid("op: missing", ("op", "missing"))
    if not isinstance(given_op, str):
        raise _invalid(f"op: {given_op!r:.40} is not text", ("op", "not text"))
    if op is not None and given_op != op:
        raise _invalid(f"op: {given_op!r:.40} in a request to {op!r}", ("op", "differs"))
    if given_op not in HANDLERS:
        raise ProtocolError(
            ErrorCode.UNKNOWN_OP,
            f"op: {given_op!r:.40} is not an operation; expected one of {', '.join(OPERATIONS)}",
        )
    # A transport that names the operation completes the request: the schema is the same.
    complete = {"id": request_id(request), **request, "op": given_op} if op else request
    _check_shape(given_op, complete)
    return HANDLERS[given_op](complete, context)


def _check_shape(op: str, request: dict[str, JSONValue]) -> None:
    """Refuse a request that does not follow its schema, naming each field at fault; a state
    that does not follow the position schema is an invalid position."""
    if "id" in request and request_id(request) is None and request["id"] is not None:
        raise _invalid("id: a request id is a string (up to 200 characters), an integer or null")
    if op in _ON_A_STATE and ("state" in request) == ("session" in request):
        both = "state" in request
        raise _invalid(
            "state, session: give one of them, not both" if both else "state: missing",
            ("state", "give the state or a session, not both" if both else "missing"),
        )
    if op == "position" and "state" not in request:
        missing = [key for key in _POSITION_ARGUMENTS if key not in request]
        if missing:
            raise _invalid(f"{', '.join(missing)}: missing (or give a state)")
    if op == "position" and "state" in request:
        extra = [key for key in (*_POSITION_ARGUMENTS, "hands") if key in request]
        if extra:
            raise _invalid(f"{', '.join(extra)}: give a state or the position's arguments")
    found = messages(f"{op}.request", request)
    if not found:
        return
    problems = tuple(_problem(message) for message in found)
    on_state = all(field == "state" or field.startswith("state.") for field, _ in problems)
    code = ErrorCode.INVALID_POSITION if on_state else ErrorCode.INVALID_REQUEST
    raise ProtocolError(code, "; ".join(found), problems=problems)


def _problem(message: str) -> tuple[str, str]:
    field, _, rest = message.partition(": ")
    return (field, one_line(rest)) if rest else ("(top level)", one_line(message))


def _invalid(message: str, problem: tuple[str, str] | None = None) -> ProtocolError:
    problems = (problem,) if problem is not None else (_problem(message),)
    return ProtocolError(ErrorCode.INVALID_REQUEST, message, problems=problems)
