"""``dogrules serve``: the protocol for programs in any language, as JSON lines on standard
input and output (``--stdio``) or over HTTP (``--http``, the optional extra ``serve``)."""

from __future__ import annotations

import importlib
import os
import socket
import sys
from pathlib import Path
from types import ModuleType

import click

from dogrules.app.cli_files import fail, house_rules_of, rules_files_option
from dogrules.app.http_bounds import READ_TIMEOUT, TIME_BUDGET, WORKERS, Bounds
from dogrules.app.server_bots import ServerBots
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
@click.option(
    "--time-budget",
    type=click.FloatRange(0.1, 3600),
    default=TIME_BUDGET,
    show_default=True,
    help="HTTP: seconds a request may take before it is answered busy (503).",
)
@click.option(
    "--read-timeout",
    type=click.FloatRange(0.1, 3600),
    default=READ_TIMEOUT,
    show_default=True,
    help="HTTP: seconds a request's body may take to arrive (else 408).",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=WORKERS,
    show_default=True,
    help="HTTP: requests worked out at once; hello and version never wait for them.",
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
    time_budget: float,
    read_timeout: float,
    workers: int,
    rules_paths: tuple[Path, ...],
) -> None:
    """Answer protocol requests (docs/protocol.md): JSON lines on standard input and output
    with --stdio, until the input ends; or HTTP with --http (POST /api/<op>, the OpenAPI
    document at /openapi.json), until interrupted."""
    if transport is None:
        raise click.UsageError("choose a transport: --stdio or --http")
    context = Context(
        Sessions(max_sessions), max_request_bytes, ServerBots(), house_rules_of(rules_paths)
    )
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
    app = api.create_app(context, cors_origins, bounds=Bounds(time_budget, read_timeout, workers))
    listening = _listening_socket(host, port)
    port = listening.getsockname()[1]
    click.echo(f"dogrules: serving the protocol on http://{host}:{port}/api", err=True)
    click.echo(f"dogrules: the web table is at http://{host}:{port}/", err=True)
    # A table's event stream stays open while its page does: a stop waits for none of them
    # (the pages reconnect, or say the server is gone).
    config = uvicorn.Config(
        app, log_level="warning", timeout_keep_alive=5, timeout_graceful_shutdown=2
    )
    server = uvicorn.Server(config)
    server.run(sockets=[listening])


def _listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port``, made before the server starts so that a busy
    port or an unknown host is a usage error (exit 2), said in one line."""
    try:
        address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        return socket.create_server(address[4][:2], family=address[0])
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise click.UsageError(f"cannot listen on {host}:{port}: {reason}") from None


def _http_modules() -> tuple[ModuleType, ModuleType]:
    """The HTTP application's module and uvicorn, loaded only for --http: without the
    extra ``serve``, exit 2 with one line saying what to install."""
    try:
        return importlib.import_module(HTTP_API), importlib.import_module("uvicorn")
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in _SERVE_MODULES:
            raise
        fail(NEEDS_SERVE_EXTRA)
