"""``dogrules serve --http``: the protocol's operations over HTTP, as an ASGI application
(Starlette; the optional extra ``dogrules[serve]``). ``POST /api/<op>`` carries one
operation, ``POST /api`` any request whole, ``GET /openapi.json`` describes them all; every
other path under ``/api`` answers a JSON error (404, or 405 naming the method allowed), and
every path outside it is left free for static files to be mounted at ``/``.

Bounds (:mod:`dogrules.app.http_work`): heavy requests are worked out a few at a time within
a time budget (``hello``, ``version`` and ``close`` at once), bodies are read within a
timeout, and a browser page of another origin is refused unless ``cors_origins`` allows it,
even for the "simple" ``text/plain`` POSTs that browsers send without asking first."""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

import attrs

from dogrules.model.extras import missing_extra

try:
    import anyio
    from starlette.applications import Starlette
    from starlette.datastructures import Headers
    from starlette.middleware import Middleware
    from starlette.middleware.cors import CORSMiddleware
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import BaseRoute, Route
    from starlette.types import ASGIApp, Receive, Scope, Send
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra("serve", "dogrules.app.http_api", exc) from exc

from dogrules.app.http_bounds import READ_TIMEOUT, Bounds
from dogrules.app.http_work import Workload
from dogrules.model.jsonvalue import JSONValue
from dogrules.protocol import Context, encode, handle
from dogrules.protocol.dispatch import parse_request
from dogrules.protocol.errors import ErrorCode, Failure, ProtocolError
from dogrules.protocol.openapi import API_PREFIX, HTTP_STATUS, openapi_document
from dogrules.protocol.schemas import OPERATIONS

__all__ = ["SameOrigin", "answer_response", "busy", "create_app", "read_body", "routes"]

# Answered at once, never queued behind heavy work: they read no state.
_LIGHT_OPERATIONS = frozenset({"hello", "version", "close"})
_API_METHODS = "POST"


def create_app(
    context: Context | None = None,
    cors_origins: Sequence[str] = (),
    extra_routes: Sequence[BaseRoute] = (),
    bounds: Bounds | None = None,
    workload: Workload | None = None,
) -> Starlette:
    """The ASGI application. ``cors_origins`` are the browser origins allowed to call it
    (``*`` for any; none by default: same origin only); ``extra_routes`` come after the
    API's (a static files mount at ``/`` belongs there); ``bounds`` the work it takes on,
    or ``workload`` the one that the ``extra_routes`` share (then its bounds hold)."""
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
    middleware.append(Middleware(SameOrigin, allowed=tuple(cors_origins)))
    return Starlette(
        routes=[*routes(shared, workload or Workload(bounds or Bounds())), *extra_routes],
        middleware=middleware,
    )


def routes(context: Context, workload: Workload | None = None) -> list[BaseRoute]:
    """The API's routes, answering with ``context``'s sessions and limits, the heavy work
    bounded by ``workload``."""
    document = openapi_document()
    bounded = workload or Workload(Bounds())
    read_timeout = bounded.bounds.read_timeout

    async def openapi(request: Request) -> Response:
        return JSONResponse(document)

    async def operation(request: Request) -> Response:
        op = request.path_params.get("op")
        body = await read_body(request, context.max_request_bytes, read_timeout)
        if isinstance(body, Response):
            return body
        request_data = _request_of(body, context, op)
        if isinstance(request_data, _Answered):
            return answer_response(request_data.answer)
        if _is_light(request_data, op):
            return answer_response(handle(request_data, context, op))
        # The rules are worked out in a worker thread, so that one long request (thousands
        # of Partner outcomes) does not hold up the others; the sessions are thread-safe.
        answer = await bounded.run(lambda: handle(request_data, context, op))
        if answer is None:
            return busy(bounded.bounds.time_budget)
        return answer_response(answer)

    return [
        Route("/openapi.json", openapi, methods=["GET"]),
        Route(API_PREFIX, operation, methods=[_API_METHODS]),
        Route(API_PREFIX + "/{op}", operation, methods=[_API_METHODS]),
        # Every other method or path under /api: a JSON answer, never the static files'.
        Route(API_PREFIX, _NotRouted()),
        Route(API_PREFIX + "/{rest:path}", _NotRouted()),
    ]


@attrs.frozen
class _Answered:
    """A body answered before any operation runs (not JSON, an unknown path)."""

    answer: dict[str, JSONValue]


def _request_of(body: bytes, context: Context, op: str | None) -> object:
    """The request in a body sent to ``/api`` (``op`` None: a whole request, as a line of
    stdio) or to ``/api/<op>`` (an empty body is the empty request), or its answer when it
    has none."""
    if op is not None and op not in OPERATIONS:
        return _Answered(Failure(ErrorCode.UNKNOWN_OP, f"no operation {op[:40]!r}").answer(None))
    # No body at all is the empty request; a body of blanks is not JSON (a parse error).
    if op is not None and not body:
        return {}
    try:
        return parse_request(body, context.max_request_bytes)
    except ProtocolError as exc:
        return _Answered(exc.failure.answer(None))


def _is_light(request: object, op: str | None) -> bool:
    """Whether the request is for an operation answered at once (its ``op`` may be any
    JSON value: the dispatcher refuses a wrong one)."""
    named = op if op is not None else request.get("op") if isinstance(request, dict) else None
    return isinstance(named, str) and named in _LIGHT_OPERATIONS


class _NotRouted:
    """The answer to every method and path under /api that no operation takes (an ASGI
    application rather than a function, so that the route takes every method)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await _not_routed(Request(scope)).__call__(scope, receive, send)


def _not_routed(request: Request) -> Response:
    path = request.url.path
    rest = path.removeprefix(API_PREFIX)
    if rest in ("", "/") or (rest.startswith("/") and "/" not in rest[1:]):
        failure = Failure(
            ErrorCode.METHOD_NOT_ALLOWED,
            f"{request.method[:20]} {path[:60]}: the protocol's paths take {_API_METHODS}",
        )
        return answer_response(failure.answer(None), {"Allow": _API_METHODS})
    failure = Failure(
        ErrorCode.UNKNOWN_OP, f"{path[:60]}: no such path; operations are at /api/<op>"
    )
    return answer_response(failure.answer(None))


def busy(budget: float) -> Response:
    """The 503 ``busy`` answer to a request not worked out within the time ``budget``."""
    failure = Failure(
        ErrorCode.BUSY, f"not worked out within the time budget of {budget:g} s; try again later"
    )
    return answer_response(failure.answer(None), {"Retry-After": str(max(1, round(budget)))})


async def read_body(
    request: Request, limit: int, timeout: float = READ_TIMEOUT
) -> bytes | Response:
    """The request's body, or a 413 answer as soon as it is known to exceed ``limit``, or a
    408 answer when it has not arrived within ``timeout`` seconds."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return _too_large(int(declared), limit)
    received = bytearray()
    with anyio.move_on_after(timeout):
        async for chunk in request.stream():
            received += chunk
            if len(received) > limit:
                return _too_large(len(received), limit)
        return bytes(received)
    failure = Failure(ErrorCode.TIMEOUT, f"body not received within {timeout:g} s")
    return answer_response(failure.answer(None), {"Connection": "close"})


def _too_large(size: int, limit: int) -> Response:
    failure = Failure(ErrorCode.TOO_LARGE, f"body of {size}+ bytes; at most {limit} are read")
    return answer_response(failure.answer(None))


def answer_response(
    answer: dict[str, JSONValue], headers: dict[str, str] | None = None
) -> Response:
    """An answer as an HTTP response, its status the error code's (200 for an answer)."""
    error = answer.get("error")
    status = 200
    if isinstance(error, dict):
        status = HTTP_STATUS.get(ErrorCode(str(error["code"])), 500)
    return Response(
        encode(answer), status_code=status, media_type="application/json", headers=headers
    )


class SameOrigin:
    """ASGI middleware refusing (403, ``forbidden_origin``) every request but GET and HEAD
    that a browser sends from a page of another origin than the server's own, unless
    ``allowed`` names that origin (or holds ``*``). Browsers send simple cross-origin POSTs
    (``text/plain``) without asking first, so CORS headers alone would not stop them; a
    client that is no browser sends no ``Origin`` and is not concerned."""

    def __init__(self, app: ASGIApp, allowed: tuple[str, ...] = ()) -> None:
        self.app = app
        self.allowed = frozenset(allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD"):
            headers = Headers(scope=scope)
            origin = headers.get("origin")
            if origin is not None and not self._admits(origin, headers.get("host", "")):
                failure = Failure(
                    ErrorCode.FORBIDDEN_ORIGIN,
                    f"origin {origin[:80]!r} may not call this server (see --cors-origin)",
                )
                await answer_response(failure.answer(None))(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def _admits(self, origin: str, host: str) -> bool:
        if "*" in self.allowed or origin in self.allowed:
            return True
        try:
            return origin != "null" and urlsplit(origin).netloc == host
        except ValueError:  # not a URL at all
            return False
