"""The web table that ``dogrules serve --http`` serves beside the protocol: a page (static
files shipped in ``dogrules/app/web/``, plain ES modules, no build step) where people play
any variant together at a table the server holds, bots in the empty seats
(:mod:`dogrules.app.table_http`), with the rulebook at ``/book/``
(:mod:`dogrules.app.table_book`), and ``GET /table/bots``: the bots a table may seat.
Needs the optional extra ``serve`` (Starlette)."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources

from dogrules.model.extras import missing_extra

try:
    from starlette.applications import Starlette
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
from dogrules.app.table_bot import DEFAULT_BOT, bot_names
from dogrules.app.table_service import Tables
from dogrules.protocol import Context

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
    routes = [*together, *book_routes(workload), *table_routes()]
    return http_api.create_app(shared, cors_origins, extra_routes=routes, workload=workload)


def web_directory() -> str:
    """Where the page's static files are (a directory inside the installed package)."""
    return str(resources.files("dogrules.app") / "web")


def table_routes() -> list[BaseRoute]:
    """The bots' names, and the static files mounted at ``/``."""

    async def bots(request: Request) -> Response:
        return JSONResponse({"bots": bot_names(), "default": DEFAULT_BOT})

    return [
        Route(TABLE_PREFIX + "/bots", bots, methods=["GET"]),
        Mount("/", StaticFiles(directory=web_directory(), html=True), name="web"),
    ]
