"""Issue 14: ``dogrules serve --stdio`` as another program meets it: a real subprocess that
answers the scripted session of every operation line by line (each answer flushed before
the next request is written), survives malformed lines, and exits 0 when its input ends."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import dogrules
from dogrules.app.cli import main
from dogrules.app.commands.serve import HTTP_API, NEEDS_SERVE_EXTRA
from protocol_client import Client, run_script

SOURCE = str(Path(dogrules.__file__).resolve().parents[1])
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([SOURCE, os.environ.get("PYTHONPATH", "")])}
SERVE = [sys.executable, "-m", "dogrules", "serve", "--stdio"]


@pytest.fixture
def server() -> Iterator[subprocess.Popen[bytes]]:
    process = subprocess.Popen(
        SERVE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV
    )
    yield process
    if process.poll() is None:
        process.kill()
    process.wait(timeout=10)
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()


def talk(process: subprocess.Popen[bytes]) -> Client:
    """A client that writes each request as a line and reads its answer line."""
    assert process.stdin is not None and process.stdout is not None
    stdin, stdout = process.stdin, process.stdout

    def transport(line: str) -> str:
        stdin.write(line.encode() + b"\n")
        stdin.flush()
        answer = stdout.readline()
        assert answer, f"the server ended without answering {line[:80]!r}"
        return answer.decode()

    return Client(transport)


def test_the_subprocess_answers_the_scripted_session_of_every_operation(
    server: subprocess.Popen[bytes],
) -> None:
    run_script(talk(server))
    assert server.stdin is not None
    server.stdin.close()
    assert server.wait(timeout=30) == 0
    assert server.stderr is not None and server.stderr.read() == b""


def test_the_subprocess_survives_malformed_lines_and_ends_with_its_input() -> None:
    state = dogrules.dump(dogrules.variant("dog-kids").new_game(players=2, seed=4))
    lines = [
        b"garbage",
        b'{"id": 1, "op": "legal_actions"}',
        b"\xc3\x28",
        b"[" * 300 + b"]" * 300,
        b'{"id": 2, "op": "explain", "state": {}, "action": 5}',
        b'"just a string"',
        b'{"id": 3, "op": "validate", "data": "' + b"x" * 3000 + b'"}',
        json.dumps({"id": 4, "op": "legal_actions", "state": state}).encode(),
    ]
    result = subprocess.run(
        [*SERVE, "--max-request-bytes", "2048"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        env=ENV,
        timeout=60,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, b"")
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    codes = [a["error"]["code"] if "error" in a else None for a in answers]
    assert codes == [
        "parse_error",
        "invalid_request",
        "parse_error",
        "parse_error",
        "invalid_request",
        "invalid_request",
        "too_large",
        None,
    ]
    assert [a["id"] for a in answers] == [None, 1, None, None, 2, None, None, 4]
    variant = dogrules.variant("dog-kids")
    expected = variant.legal_actions(dogrules.load(state))
    assert [a["notation"] for a in answers[-1]["actions"]] == [str(a) for a in expected]


def test_serve_stdio_in_process_answers_through_the_command() -> None:
    lines = '{"id": 1, "op": "version"}\n{"id": 2, "op": "nope"}\n'
    result = CliRunner().invoke(main, ["serve", "--stdio"], input=lines)
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.exit_code == 0, result.output
    assert answers[0]["engine_version"] == dogrules.__version__
    assert answers[1]["error"]["code"] == "unknown_op"


def test_serve_without_a_transport_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 2 and "--stdio or --http" in result.output


def test_serve_http_without_the_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # None in sys.modules makes an import fail as if the module were not installed: every
    # module of Starlette and uvicorn already imported (by other tests) is hidden too.
    hidden = [name for name in sys.modules if name.split(".")[0] in ("starlette", "uvicorn")]
    for name in {"starlette", "uvicorn", *hidden}:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, HTTP_API, raising=False)
    result = CliRunner().invoke(main, ["serve", "--http", "--port", "0"])
    assert (result.exit_code, result.output.strip()) == (2, f"error: {NEEDS_SERVE_EXTRA}")
