"""``dogrules serve``: the protocol for programs in any language, as JSON lines on standard
input and output (``--stdio``) or over HTTP (``--http``, the optional extra ``serve``)."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from types import ModuleType

import click

from dogrules.app.cli_files import fail, house_rules_of, rules_files_option
from dogrules.app.stdio import serve_lines
from dogrules.protocol import MAX_REQUEST_BYTES, MAX_SESSIONS, Context, Sessions

# dogrules.app.http_api needs Starlette and uvicorn, which only the extra "serve" installs;
# dogrules.app.web_table is that application with the web table at /.
HTTP_API = "dogrules.app.web_table"
NEEDS_SERVE_EXTRA = "dogrules serve --http needs the optional extra: pip install 'dogrules[serve]'"
_SERVE_MODULES = ("starlette", "uvicorn", "anyio", "httptools", "h11")


@click.command()
@click.option("--stdio", "transport", flag_value="stdio", help="JSON lines on stdin/stdout.")
@click.option("--http", "transport", flag_value="http", help="HTTP (needs dogrules[serve]).")
@click.option("--host", default="127.0.0.1", show_default=True, help="HTTP: address to bind.")
@click.option(
    "--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="HTTP port."
)
@click.option(
    "--cors-origin",
    "cors_origins",
    multiple=True,
    help="HTTP: a browser origin allowed to call the API ('*': any); repeatable.",
)
@click.option(
    "--max-request-bytes",
    type=click.IntRange(1024, 64 << 20),
    default=MAX_REQUEST_BYTES,
    show_default=True,
    help="Longest request (line or body) read; longer ones are answered too_large (HTTP 413).",
)
@click.option(
    "--max-sessions",
    type=click.IntRange(1, 100_000),
    default=MAX_SESSIONS,
    show_default=True,
    help="Sessions kept server-side; the least recently used is forgotten first.",
)
@rules_files_option(
    "A house-rules file naming its variant: the readings of that variant's games when a "
    "request names none (repeatable, one file per variant)."
)
def serve(
    transport: str | None,
    host: str,
    port: int,
    cors_origins: tuple[str, ...],
    max_request_bytes: int,
    max_sessions: int,
    rules_paths: tuple[Path, ...],
) -> None:
    """Answer protocol requests (docs/protocol.md): JSON lines on standard input and output
    with --stdio, until the input ends; or HTTP with --http (POST /api/<op>, the OpenAPI
    document at /openapi.json), until interrupted."""
    if transport is None:
        raise click.UsageError("choose a transport: --stdio or --http")
    context = Context(Sessions(max_sessions), max_request_bytes, house_rules_of(rules_paths))
    if transport == "stdio":
        try:
            serve_lines(sys.stdin.buffer, sys.stdout.buffer, context)
        except KeyboardInterrupt:
            pass  # the person stopped the server: an ordinary end
        except BrokenPipeError:
            # The client went away: an ordinary end too, without Python's complaint at exit
            # that standard output could not be flushed.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return
    api, uvicorn = _http_modules()
    app = api.create_app(context, cors_origins)
    click.echo(f"dogrules: serving the protocol on http://{host}:{port}/api", err=True)
    click.echo(f"dogrules: the web table is at http://{host}:{port}/", err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")


def _http_modules() -> tuple[ModuleType, ModuleType]:
    """The HTTP application's module and uvicorn, loaded only for --http: without the
    extra ``serve``, exit 2 with one line saying what to install."""
    try:
        return importlib.import_module(HTTP_API), importlib.import_module("uvicorn")
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in _SERVE_MODULES:
            raise
        fail(NEEDS_SERVE_EXTRA)
