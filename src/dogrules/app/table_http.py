"""The tables people play together (:mod:`dogrules.app.table_service`) over HTTP, on the web
table's Starlette application. Every request but the event stream is a JSON POST whose body
carries the seat's token (never the address, which logs and browser histories keep):

- ``POST /table/new``: open a table (``variant``, ``players``, ``teams``, ``seed``,
  ``people``: the seats people play, the first the host's, ``bot``, ``rulings``: house
  rules, ruling id -> reading name, over the server's own ``--rules``): the host's seat;
- ``POST /table/<id>/join`` (``seat`` optional): a free seat for a person, and its token;
- ``POST /table/<id>/view`` (``token``, ``since``): what that seat sees, moves from ``since``;
- ``POST /table/<id>/choose`` (``token``, ``version``, ``path``): the staged choice; a
  complete path plays the move;
- ``POST /table/<id>/explain`` (``token``, ``action``): why a move is not legal;
- ``POST /table/<id>/fill`` (``token``): bots take the seats no person took;
- ``GET /table/<id>/events``: Server-Sent Events, one ``data: <version>`` after every change
  (no secret in it: each page then asks for its own view).

Bounds: every request but the event stream is worked out under the application's one
:class:`~dogrules.app.http_work.Workload` (as ``/api`` is: a few at once, within the time
budget, else 503 ``busy``). At most :data:`MAX_STREAMS_PER_TABLE` event streams are open
per table and :data:`MAX_STREAMS` in all; a new one beyond is refused (503 ``busy``) rather
than the oldest closed, so that a flood of streams cannot push the players' own pages off
(they keep theirs; a refused page looks every few seconds, and streams end after
:data:`STREAM_SECONDS`, freeing their places).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route
from starlette.types import Receive, Scope, Send

from dogrules.app import http_api
from dogrules.app.http_work import Workload
from dogrules.app.table_service import (
    Table,
    TableError,
    TableProblem,
    Tables,
    TableSettings,
)
from dogrules.model.errors import HouseRulesError
from dogrules.model.house_rules import HouseRules
from dogrules.model.jsonvalue import JSONValue
from dogrules.protocol.dispatch import parse_request
from dogrules.protocol.errors import ErrorCode, Failure, ProtocolError

__all__ = [
    "HEARTBEAT_SECONDS",
    "MAX_STREAMS",
    "MAX_STREAMS_PER_TABLE",
    "STATUS",
    "STREAM_SECONDS",
    "Streams",
    "table_routes",
]

STATUS: dict[TableProblem, int] = {
    TableProblem.UNKNOWN_TABLE: 404,
    TableProblem.NOT_SEATED: 403,
    TableProblem.TABLE_FULL: 409,
    TableProblem.NOT_YOUR_TURN: 409,
    TableProblem.STALE: 409,
    TableProblem.BAD_SETTINGS: 400,
    TableProblem.INVALID_REQUEST: 400,
    TableProblem.BOT_FAILED: 500,
}
"""The HTTP status of each refusal."""

HEARTBEAT_SECONDS = 15.0
"""A comment line on a quiet event stream this often, so that proxies keep it open."""
STREAM_SECONDS = 120.0
"""An event stream ends after this long; the browser's EventSource opens it again at once
(so a server being stopped is never held up by a page left open)."""
MAX_STREAMS_PER_TABLE = 16
"""Event streams open at once per table: four seats, a few pages each."""
MAX_STREAMS = 256
"""Event streams open at once in all."""

Fields = dict[str, JSONValue]
Handler = Callable[[Table, Fields], dict[str, JSONValue]]


class Streams:
    """The event streams open at once: at most ``per_table`` a table, ``limit`` in all."""

    def __init__(self, per_table: int = MAX_STREAMS_PER_TABLE, limit: int = MAX_STREAMS) -> None:
        self.per_table = per_table
        self.limit = limit
        self._open: Counter[str] = Counter()

    def admit(self, table: str) -> str | None:
        """Take a place for a stream of ``table`` (None), or say why there is none left."""
        if self._open.total() >= self.limit:
            return f"{self.limit} event streams are open on this server"
        if self._open[table] >= self.per_table:
            return f"{self.per_table} event streams are open at this table"
        self._open[table] += 1
        return None

    def count(self, table: str | None = None) -> int:
        """How many streams are open (at ``table``, or in all)."""
        return self._open.total() if table is None else self._open[table]

    def release(self, table: str) -> None:
        """Give back the place of a stream of ``table`` that ended."""
        self._open[table] -= 1
        if self._open[table] <= 0:
            del self._open[table]


class _StreamResponse(StreamingResponse):
    """An event stream that gives its place back however it ends (finished, the page gone,
    the server stopping), even when it never sent a byte."""

    def __init__(self, table: Table, streams: Streams) -> None:
        headers = {"cache-control": "no-store", "x-accel-buffering": "no"}
        super().__init__(_stream(table), media_type="text/event-stream", headers=headers)
        self._table = table.id
        self._streams = streams

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._streams.release(self._table)


def table_routes(
    tables: Tables,
    workload: Workload,
    max_request_bytes: int,
    house_rules: Mapping[str, Mapping[str, str]] | None = None,
    streams: Streams | None = None,
) -> list[BaseRoute]:
    """The routes of ``tables``, under ``/table``, their work bounded by ``workload``; a
    table opened without ``rulings`` is played by the server's ``house_rules`` (variant name
    -> ruling id -> reading name), which those it names replace ruling by ruling."""
    open_streams = Streams() if streams is None else streams
    defaults = house_rules or {}
    budget = workload.bounds.time_budget

    async def read(request: Request) -> Fields | Response:
        body = await http_api.read_body(request, max_request_bytes, workload.bounds.read_timeout)
        if isinstance(body, Response):
            return body
        try:
            fields = parse_request(body, max_request_bytes) if body else {}
        except ProtocolError as exc:
            return http_api.answer_response(exc.failure.answer(None))
        if not isinstance(fields, dict):
            return _refusal(TableError(TableProblem.INVALID_REQUEST, "a request is a JSON object"))
        return fields

    async def open_table(request: Request) -> Response:
        fields = await read(request)
        if isinstance(fields, Response):
            return fields
        try:
            settings = _settings(fields, defaults)
            opened = await workload.run(lambda: tables.open(settings))
        except TableError as exc:
            return _refusal(exc)
        if opened is None:
            return http_api.busy(budget)
        return JSONResponse({"table": opened.table, "seat": opened.seat, "token": opened.token})

    def at_table(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
        async def route(request: Request) -> Response:
            fields = await read(request)
            if isinstance(fields, Response):
                return fields
            try:
                table = tables.get(str(request.path_params["table"]))
                # The bots answer in the same request: worked out in a worker thread.
                answer = await workload.run(lambda: handler(table, fields))
            except TableError as exc:
                return _refusal(exc)
            if answer is None:
                return http_api.busy(budget)
            return http_api.answer_response(answer)

        return route

    async def events(request: Request) -> Response:
        try:
            table = tables.get(str(request.path_params["table"]))
        except TableError as exc:
            return _refusal(exc)
        refused = open_streams.admit(table.id)
        if refused is not None:
            return _too_many_streams(refused)
        return _StreamResponse(table, open_streams)

    prefix = "/table/{table}/"
    return [
        Route("/table/new", open_table, methods=["POST"]),
        Route(prefix + "join", at_table(_join), methods=["POST"]),
        Route(prefix + "view", at_table(_view), methods=["POST"]),
        Route(prefix + "choose", at_table(_choose), methods=["POST"]),
        Route(prefix + "explain", at_table(_explain), methods=["POST"]),
        Route(prefix + "fill", at_table(_fill), methods=["POST"]),
        Route(prefix + "events", events, methods=["GET"]),
    ]


def _join(table: Table, fields: Fields) -> dict[str, JSONValue]:
    seat = fields.get("seat")
    opened = table.take(None if seat is None else _whole(fields, "seat"))
    return {"table": opened.table, "seat": opened.seat, "token": opened.token}


def _view(table: Table, fields: Fields) -> dict[str, JSONValue]:
    since = _whole(fields, "since") if "since" in fields else 0
    return table.view(_text(fields, "token"), since)


def _choose(table: Table, fields: Fields) -> dict[str, JSONValue]:
    path = fields.get("path", [])
    if not isinstance(path, list):
        raise TableError(TableProblem.INVALID_REQUEST, "path: a list of option labels")
    return table.choose(_text(fields, "token"), _whole(fields, "version"), path)


def _explain(table: Table, fields: Fields) -> dict[str, JSONValue]:
    return table.explain(_text(fields, "token"), _text(fields, "action"))


def _fill(table: Table, fields: Fields) -> dict[str, JSONValue]:
    table.fill(_text(fields, "token"))
    return {"version": table.version}


async def _stream(table: Table) -> AsyncIterator[str]:
    """The table's versions as Server-Sent Events: the current one at once, then each new."""
    loop = asyncio.get_running_loop()
    changes: asyncio.Queue[int] = asyncio.Queue()

    def changed(version: int) -> None:
        loop.call_soon_threadsafe(changes.put_nowait, version)

    stop = table.listen(changed)
    try:
        yield f"retry: 1000\ndata: {table.version}\n\n"
        ends = loop.time() + STREAM_SECONDS
        while loop.time() < ends:
            try:
                version = await asyncio.wait_for(changes.get(), HEARTBEAT_SECONDS)
            except TimeoutError:
                yield ": still here\n\n"
                continue
            yield f"data: {version}\n\n"
    finally:
        stop()


def _settings(fields: Fields, defaults: Mapping[str, Mapping[str, str]]) -> TableSettings:
    people = fields.get("people", [0])
    if not isinstance(people, list) or not all(type(s) is int for s in people):
        raise TableError(TableProblem.INVALID_REQUEST, "people: a list of seat numbers")
    teams = fields.get("teams")
    variant = _text(fields, "variant")
    try:
        given = HouseRules.from_json(fields.get("rulings", {}))
    except HouseRulesError as exc:
        raise TableError(TableProblem.INVALID_REQUEST, f"rulings: {exc}") from None
    rulings = HouseRules.from_json({**defaults.get(variant, {}), **dict(given)})
    return TableSettings(
        variant=variant,
        players=_whole(fields, "players"),
        seed=_whole(fields, "seed") if "seed" in fields else 0,
        teams=None if teams is None else bool(teams),
        people=tuple(int(str(s)) for s in people),
        bot=_text(fields, "bot") if "bot" in fields else "greedy",
        rulings=rulings,
    )


def _text(fields: Fields, name: str) -> str:
    value = fields.get(name)
    if not isinstance(value, str):
        raise TableError(TableProblem.INVALID_REQUEST, f"{name}: a string is needed")
    return value


def _whole(fields: Fields, name: str) -> int:
    value = fields.get(name)
    if type(value) is not int or value < 0:
        raise TableError(TableProblem.INVALID_REQUEST, f"{name}: a whole number is needed")
    return value


def _too_many_streams(why: str) -> Response:
    failure = Failure(
        ErrorCode.BUSY, f"{why}: try again later (a page looks for changes itself meanwhile)"
    )
    return http_api.answer_response(
        failure.answer(None), {"Retry-After": str(round(STREAM_SECONDS))}
    )


def _refusal(exc: TableError) -> Response:
    error: dict[str, JSONValue] = {"code": str(exc.problem), "message": str(exc), "clauses": []}
    return JSONResponse({"error": error}, status_code=STATUS[exc.problem])
