"""The web table that ``dogrules serve --http`` serves beside the protocol: a page (static
files shipped in ``dogrules/app/web/``, plain ES modules, no build step) where people play
any variant together at a table the server holds, bots in the empty seats
(:mod:`dogrules.app.table_http`), with the rulebook at ``/book/``
(:mod:`dogrules.app.table_book`); and the older routes for a page that holds the state
itself: ``POST /table/bot`` (a bot's move, :func:`dogrules.app.table_bot.bot_move`) and
``GET /table/bots`` (the bots' names). Needs the optional extra ``serve`` (Starlette)."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources

from dogrules.model.extras import missing_extra

try:
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import BaseRoute, Mount, Route
    from starlette.staticfiles import StaticFiles
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra("serve", "dogrules.app.web_table", exc) from exc

from dogrules.app import http_api, table_http
from dogrules.app.http_bounds import Bounds
from dogrules.app.http_work import Workload
from dogrules.app.table_book import book_routes
from dogrules.app.table_bot import DEFAULT_BOT, bot_move, bot_names
from dogrules.app.table_service import Tables
from dogrules.protocol import Context
from dogrules.protocol.dispatch import parse_request
from dogrules.protocol.errors import ProtocolError

__all__ = ["TABLE_PREFIX", "create_app", "table_routes", "web_directory"]

TABLE_PREFIX = "/table"


def create_app(
    context: Context | None = None,
    cors_origins: Sequence[str] = (),
    tables: Tables | None = None,
    bounds: Bounds | None = None,
    streams: table_http.Streams | None = None,
) -> Starlette:
    """The protocol's ASGI application (:func:`dogrules.app.http_api.create_app`) with the
    web table: its page at ``/``, its routes and the tables people play together
    (:mod:`dogrules.app.table_http`) under ``/table``, their event streams counted by
    ``streams``; all their work under one bound."""
    shared = Context() if context is None else context
    # One bound on the work of the whole application: the protocol's and the tables'.
    workload = Workload(bounds or Bounds())
    together = table_http.table_routes(
        Tables() if tables is None else tables,
        workload,
        shared.max_request_bytes,
        shared.house_rules,
        streams,
    )
    routes = [*together, *book_routes(workload), *table_routes(shared)]
    return http_api.create_app(shared, cors_origins, extra_routes=routes, workload=workload)


def web_directory() -> str:
    """Where the page's static files are (a directory inside the installed package)."""
    return str(resources.files("dogrules.app") / "web")


def table_routes(context: Context) -> list[BaseRoute]:
    """The table's routes, ending with the static files mounted at ``/``."""

    async def bots(request: Request) -> Response:
        return JSONResponse({"bots": bot_names(), "default": DEFAULT_BOT})

    async def bot(request: Request) -> Response:
        body = await http_api.read_body(request, context.max_request_bytes)
        if isinstance(body, Response):
            return body
        try:
            given = parse_request(body, context.max_request_bytes)
        except ProtocolError as exc:
            return http_api.answer_response(exc.failure.answer(None))
        # A greedy bot tries every action: worked out in a worker thread, as /api does.
        return http_api.answer_response(await run_in_threadpool(bot_move, given, context))

    return [
        Route(TABLE_PREFIX + "/bots", bots, methods=["GET"]),
        Route(TABLE_PREFIX + "/bot", bot, methods=["POST"]),
        Mount("/", StaticFiles(directory=web_directory(), html=True), name="web"),
    ]
