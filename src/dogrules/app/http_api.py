"""``dogrules serve --http``: the protocol's operations over HTTP, as an ASGI application
(Starlette; the optional extra ``dogrules[serve]``). ``POST /api/<op>`` carries one
operation, ``POST /api`` any request whole, ``GET /openapi.json`` describes them all; every
other path is left free for static files to be mounted at ``/``."""

from __future__ import annotations

from collections.abc import Sequence

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from dogrules.model.jsonvalue import JSONValue
from dogrules.protocol import Context, encode, handle
from dogrules.protocol.dispatch import handle_text, parse_request
from dogrules.protocol.errors import ErrorCode, Failure, ProtocolError
from dogrules.protocol.openapi import API_PREFIX, HTTP_STATUS, openapi_document
from dogrules.protocol.schemas import OPERATIONS

__all__ = ["answer_response", "create_app", "read_body", "routes"]


def create_app(
    context: Context | None = None,
    cors_origins: Sequence[str] = (),
    extra_routes: Sequence[BaseRoute] = (),
) -> Starlette:
    """The ASGI application. ``cors_origins`` are the browser origins allowed to call it
    (``*`` for any; none by default: same origin only); ``extra_routes`` come after the
    API's (a static files mount at ``/`` belongs there)."""
    shared = Context() if context is None else context
    middleware = []
    if cors_origins:
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=list(cors_origins),
                allow_methods=["GET", "POST", "OPTIONS"],
                allow_headers=["content-type"],
                max_age=600,
            )
        )
    return Starlette(routes=[*routes(shared), *extra_routes], middleware=middleware)


def routes(context: Context) -> list[BaseRoute]:
    """The API's routes, answering with ``context``'s sessions and limits."""
    document = openapi_document()

    async def openapi(request: Request) -> Response:
        return JSONResponse(document)

    async def operation(request: Request) -> Response:
        op = request.path_params.get("op")
        body = await read_body(request, context.max_request_bytes)
        if isinstance(body, Response):
            return body
        # The rules are worked out in a worker thread, so that one long request (thousands
        # of Partner outcomes) does not hold up the others; the sessions are thread-safe.
        answer = await run_in_threadpool(_answer_body, body, context, op)
        return answer_response(answer)

    return [
        Route("/openapi.json", openapi, methods=["GET"]),
        Route(API_PREFIX, operation, methods=["POST"]),
        Route(API_PREFIX + "/{op}", operation, methods=["POST"]),
    ]


def _answer_body(body: bytes, context: Context, op: str | None) -> dict[str, JSONValue]:
    """The answer to a body sent to ``/api`` (``op`` None: a whole request, as a line of
    stdio) or to ``/api/<op>`` (an empty body is the empty request)."""
    if op is None:
        return handle_text(body, context)
    if op not in OPERATIONS:
        return Failure(ErrorCode.UNKNOWN_OP, f"no operation {op[:40]!r}").answer(None)
    # No body at all is the empty request; a body of blanks is not JSON (a parse error).
    if not body:
        return handle({}, context, op)
    try:
        request = parse_request(body, context.max_request_bytes)
    except ProtocolError as exc:
        return exc.failure.answer(None)
    return handle(request, context, op)


async def read_body(request: Request, limit: int) -> bytes | Response:
    """The request's body, or a 413 answer as soon as it is known to exceed ``limit``."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return _too_large(int(declared), limit)
    received = bytearray()
    async for chunk in request.stream():
        received += chunk
        if len(received) > limit:
            return _too_large(len(received), limit)
    return bytes(received)


def _too_large(size: int, limit: int) -> Response:
    failure = Failure(ErrorCode.TOO_LARGE, f"body of {size}+ bytes; at most {limit} are read")
    return answer_response(failure.answer(None))


def answer_response(answer: dict[str, JSONValue]) -> Response:
    """An answer as an HTTP response, its status the error code's (200 for an answer)."""
    error = answer.get("error")
    status = 200
    if isinstance(error, dict):
        status = HTTP_STATUS.get(ErrorCode(str(error["code"])), 500)
    return Response(encode(answer), status_code=status, media_type="application/json")
