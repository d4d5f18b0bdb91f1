"""The illustrated rulebook (:func:`dogrules.app.book.build.write_book`) served beside the
web table at ``/book/``, so that a card's help and a "why not?" answer link to the entry of
each clause. Written once, into a temporary folder, when it is first asked for (it takes a
few seconds, under the server's bound on work; a server that nobody asks for it never
writes it). The folder is removed when the server's routes are dropped or the process
exits."""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from dogrules.app import http_api
from dogrules.app.book.build import write_book
from dogrules.app.http_work import Workload

__all__ = ["BOOK_PREFIX", "book_routes"]

BOOK_PREFIX = "/book"


class _Book:
    """The book's folder, written on first use (one writer at a time), removed with this
    object or at exit (``TemporaryDirectory`` finalises itself)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._written: tempfile.TemporaryDirectory[str] | None = None

    def folder(self) -> Path:
        with self._lock:
            if self._written is None:
                written = tempfile.TemporaryDirectory(prefix="dogrules-book-")
                try:
                    write_book(Path(written.name))
                except BaseException:
                    written.cleanup()
                    raise
                self._written = written
            return Path(self._written.name)


def book_routes(workload: Workload) -> list[BaseRoute]:
    """``GET /book/<file>``: a file of the rulebook (``/book/`` is its index), written
    under ``workload`` (503 ``busy`` while it cannot be)."""
    book = _Book()

    async def page(request: Request) -> Response:
        written = await workload.run(book.folder)
        if written is None:
            return http_api.busy(workload.bounds.time_budget)
        folder = written.resolve()
        wanted = str(request.path_params.get("file") or "index.html")
        path = (folder / wanted).resolve()
        if not path.is_relative_to(folder) or not path.is_file():
            return PlainTextResponse(f"no page {wanted[:80]!r} in the rulebook", status_code=404)
        return FileResponse(path)

    return [
        Route(BOOK_PREFIX + "/", page, methods=["GET"]),
        Route(BOOK_PREFIX + "/{file:path}", page, methods=["GET"]),
    ]
