"""Issue 14: ``dogrules serve --http``. The operations over HTTP with the Starlette test
client (status codes, 413 for a body over the limit, CORS for browser clients, sessions),
and Schemathesis against the server's own OpenAPI document: no server error for any
generated request, every answer as documented.

These need the extra ``dogrules[serve]`` (and Schemathesis, a dev tool): without them the
tests skip, saying so, except in CI (the variable CI set), where they must run."""

from __future__ import annotations

import json
import os
import socket
import threading
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, settings

import dogrules
from dogrules.app.cli import main
from dogrules.app.server_bots import ServerBots
from dogrules.protocol import Context, Sessions
from dogrules.protocol.openapi import openapi_document
from protocol_client import BD, LAWYER, Client, run_script, schema_problems
from serving import needed, run_apart

testclient = needed("starlette.testclient")
schemathesis = needed("schemathesis")
http_api = needed("dogrules.app.http_api")
http_bounds = needed("dogrules.app.http_bounds")
http_work = needed("dogrules.app.http_work")
anyio = needed("anyio")
httpx = needed("httpx")
applications = needed("starlette.applications")
LIMIT = 4096
STATE = dogrules.dump(LAWYER)


def make_app(**options: Any) -> Any:
    return http_api.create_app(Context(Sessions(8), LIMIT, ServerBots()), **options)


@pytest.fixture
def client() -> Any:
    with testclient.TestClient(make_app()) as test_client:
        yield test_client


def post(client: Any, path: str, body: object) -> tuple[int, dict[str, Any]]:
    response = client.post(path, content=json.dumps(body))
    assert response.headers["content-type"] == "application/json"
    answer: dict[str, Any] = response.json()
    return response.status_code, answer


def test_the_scripted_session_of_every_operation_over_http(client: Any) -> None:
    def transport(line: str) -> str:
        response = client.post("/api", content=line)
        text: str = response.text
        return text

    run_script(Client(transport))


def test_each_operation_has_its_path_and_the_body_may_leave_out_id_and_op(client: Any) -> None:
    status, answer = post(client, "/api/legal_actions", {"state": STATE})
    assert status == 200 and answer["id"] is None
    assert [a["notation"] for a in answer["actions"]] == [str(a) for a in BD.legal_actions(LAWYER)]
    status, answer = post(client, "/api/version", {"id": "v"})
    assert (status, answer["id"], answer["version"]) == (200, "v", 1)
    status, answer = post(client, "/api/version", {"id": 1, "op": "hello"})
    assert (status, answer["error"]["code"]) == (400, "invalid_request")


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("/api/apply", {"state": STATE, "action": "13 T5-T18"}, 422, "illegal_action"),
        ("/api/apply", {"state": STATE, "action": "13 Q"}, 422, "notation_error"),
        ("/api/dump", {"state": {"format": 1}}, 422, "invalid_position"),
        ("/api/dump", {"session": "gone"}, 404, "unknown_session"),
        ("/api/castle", {}, 404, "unknown_op"),
        ("/api/dump", [], 400, "invalid_request"),
        ("/api", {"id": 1, "op": "fly"}, 404, "unknown_op"),
    ],
)
def test_an_error_answer_has_the_status_of_its_code(
    client: Any, path: str, body: object, status: int, code: str
) -> None:
    got, answer = post(client, path, body)
    assert (got, answer["error"]["code"]) == (status, code), answer
    assert not schema_problems(answer, "")


def test_a_body_that_is_not_json_is_a_parse_error(client: Any) -> None:
    # Blanks alone are not JSON either (Schemathesis sent "\n" as random bytes); no body at
    # all is the empty request.
    for content in (b"{oops", b"\n", b" \t"):
        response = client.post("/api/version", content=content)
        assert response.status_code == 400, content
        assert response.json()["error"]["code"] == "parse_error", content
    assert client.post("/api/version", content=b"").status_code == 200


def test_a_body_over_the_limit_is_refused_with_413_declared_or_streamed(client: Any) -> None:
    big = json.dumps({"data": "x" * (LIMIT * 2)})
    response = client.post("/api/validate", content=big)
    assert response.status_code == 413 and response.json()["error"]["code"] == "too_large"

    def chunks() -> Any:
        # A streamed body declares no length: the limit is kept while it is read.
        yield b'{"data": "'
        for _ in range(10):
            yield b"x" * LIMIT
        yield b'"}'

    response = client.post("/api/validate", content=chunks())
    assert response.status_code == 413 and response.json()["error"]["code"] == "too_large"


def test_sessions_over_http_keep_the_state_server_side(client: Any) -> None:
    _status, made = post(client, "/api/new_game", {"variant": "agent-dog", "seed": 2, "keep": True})
    session = made["session"]
    _status, listed = post(client, "/api/legal_actions", {"session": session})
    first = listed["actions"][0]
    status, applied = post(client, "/api/apply", {"session": session, "action": first})
    assert status == 200 and applied["session"] == session
    _status, dumped = post(client, "/api/dump", {"session": session})
    assert dumped["state"] == applied["state"] != made["state"]


def test_the_openapi_document_is_served_as_built_from_the_schemas(client: Any) -> None:
    response = client.get("/openapi.json")
    assert response.status_code == 200 and response.json() == openapi_document()


def test_cors_lets_a_configured_origin_call_the_api_and_no_other() -> None:
    preflight = {"Origin": "https://table.example", "Access-Control-Request-Method": "POST"}
    with testclient.TestClient(make_app(cors_origins=["https://table.example"])) as client:
        response = client.options("/api/version", headers=preflight)
        assert response.status_code == 200
        assert response.headers["access-control-allow-origin"] == "https://table.example"
        other = client.options("/api/version", headers={**preflight, "Origin": "https://x.test"})
        assert "access-control-allow-origin" not in other.headers
    with testclient.TestClient(make_app()) as client:
        response = client.post("/api/version", content="{}", headers={"Origin": "https://x.test"})
        assert "access-control-allow-origin" not in response.headers


def test_other_paths_are_left_free_for_static_files(client: Any) -> None:
    routing = needed("starlette.routing")
    responses = needed("starlette.responses")

    async def page(request: Any) -> Any:
        return responses.PlainTextResponse("table")

    app = make_app(extra_routes=[routing.Route("/", page)])
    with testclient.TestClient(app) as with_page:
        assert with_page.get("/").text == "table"
        assert with_page.post("/api/version", content="{}").json()["version"] == 1
    assert client.get("/").status_code == 404


# --- Schemathesis: the server against its own OpenAPI document ----------------------------

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
# Positive and negative cases (generation mode "all"): a request the document refuses must
# be refused by the server too. The server's default limits: a generated body is never near
# a megabyte. The examples of the document (a real position, so the rules run) and the
# fuzzing phase (a bounded number of requests per operation); the coverage phase, which walks
# every boundary of the schemas (the position schema has many: about two minutes), only
# under the thorough profile.
api = schemathesis.openapi.from_asgi(
    "/openapi.json",
    http_api.create_app(Context(bots=ServerBots())),
    config=schemathesis.config.SchemathesisConfig.from_dict(
        {"phases": {"coverage": {"enabled": THOROUGH}}, "generation": {"mode": "all"}}
    ),
)


# Schemathesis is imported only when installed, so mypy sees its decorator as untyped.
@api.parametrize()  # type: ignore[untyped-decorator, unused-ignore]
@settings(
    # A few per operation in the everyday run (well under a minute in all); more under the
    # thorough profile (HYPOTHESIS_PROFILE=thorough).
    max_examples=60 if THOROUGH else 8,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_generated_request_gets_a_server_error(case: Any) -> None:
    # Every check Schemathesis has (no 5xx; statuses, content types and bodies as the
    # document says, each answer against its schema) but one: a request that follows the
    # schema may still be refused, and rightly, as a position the rules do not allow (a
    # random state almost never is one), a session never made, or a protocol version not
    # spoken.
    case.call_and_validate(excluded_checks=[schemathesis.checks.positive_data_acceptance])


# --- issue 32: every /api path and method answers JSON -------------------------------------

web_table = needed("dogrules.app.web_table")


@pytest.mark.parametrize("method", ["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "PATCH", "FOO"])
@pytest.mark.parametrize("path", ["/api", "/api/", "/api/version", "/api/castle"])
def test_a_method_no_operation_takes_is_a_json_405_allowing_post_even_beside_the_web_table(
    method: str, path: str
) -> None:
    with testclient.TestClient(web_table.create_app(Context(Sessions(8), LIMIT))) as client:
        response = client.request(method, path)
    assert response.status_code == 405 and response.headers["allow"] == "POST"
    assert response.headers["content-type"] == "application/json"
    if method != "HEAD":
        assert response.json()["error"]["code"] == "method_not_allowed"


def test_a_request_whose_op_is_no_text_is_refused_not_a_server_error(client: Any) -> None:
    # Schemathesis's negative cases found it: the op is read to decide what waits for a worker.
    ops: tuple[object, ...] = ({}, [], 1, None)
    for op in ops:
        status, answer = post(client, "/api", {"id": None, "op": op})
        assert (status, answer["error"]["code"]) == (400, "invalid_request"), op


@pytest.mark.parametrize("method", ["GET", "POST", "OPTIONS"])
def test_a_path_below_an_operation_is_a_json_404(method: str) -> None:
    with testclient.TestClient(web_table.create_app(Context(Sessions(8), LIMIT))) as client:
        response = client.request(method, "/api/version/more")
    assert response.status_code == 404 and response.json()["error"]["code"] == "unknown_op"


def test_the_web_table_keeps_its_files_whose_names_begin_with_api() -> None:
    with testclient.TestClient(web_table.create_app(Context(Sessions(8), LIMIT))) as client:
        response = client.get("/api.js")
    assert response.status_code == 200 and "javascript" in response.headers["content-type"]


# --- issue 33: cross-origin posts, read timeout, time budget, busy port ---------------------


def test_a_simple_text_plain_post_from_another_origin_is_refused_unless_allowed() -> None:
    request = {"id": 1, "op": "new_game", "variant": "black-dog", "keep": True}
    simple = {"Origin": "https://elsewhere.test", "Content-Type": "text/plain"}
    with testclient.TestClient(make_app()) as client:
        response = client.post("/api", content=json.dumps(request), headers=simple)
        assert response.status_code == 403
        assert response.json()["error"]["code"] == "forbidden_origin"
        same = {**simple, "Origin": "http://testserver"}
        assert client.post("/api", content=json.dumps(request), headers=same).status_code == 200
        assert client.post("/api", content=json.dumps(request)).status_code == 200, "no browser"
    with testclient.TestClient(make_app(cors_origins=["https://elsewhere.test"])) as client:
        assert client.post("/api", content=json.dumps(request), headers=simple).status_code == 200


def test_a_body_that_does_not_arrive_within_the_read_timeout_is_answered_408() -> None:
    app = make_app(bounds=http_bounds.Bounds(read_timeout=0.2))
    sent: list[dict[str, Any]] = []
    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/version",
        "raw_path": b"/api/version",
        "query_string": b"",
        "headers": [(b"host", b"testserver"), (b"content-length", b"100")],
        "scheme": "http",
        "server": ("testserver", 80),
        "http_version": "1.1",
        "root_path": "",
    }
    first = True

    async def receive() -> dict[str, Any]:
        nonlocal first
        if first:
            first = False
            return {"type": "http.request", "body": b'{"id":', "more_body": True}
        await anyio.sleep_forever()
        raise AssertionError("unreachable")

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    run_apart(app, scope, receive, send)
    assert sent[0]["status"] == 408
    assert json.loads(sent[1]["body"])["error"]["code"] == "timeout"


def test_light_requests_are_answered_while_the_only_worker_is_busy_and_heavy_ones_wait() -> None:
    workload = http_work.Workload(http_bounds.Bounds(time_budget=0.3, workers=1))
    app = applications.Starlette(routes=http_api.routes(Context(), workload))
    started, release = threading.Event(), threading.Event()

    def hold_the_worker() -> None:
        started.set()
        release.wait(30)

    statuses: dict[str, Any] = {}

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        async with (
            httpx.AsyncClient(transport=transport, base_url="http://testserver") as client,
            anyio.create_task_group() as tasks,
        ):
            tasks.start_soon(workload.run, hold_the_worker)
            await anyio.to_thread.run_sync(started.wait)
            statuses["version"] = (await client.post("/api/version")).status_code
            heavy = await client.post("/api/legal_actions", json={"state": STATE})
            statuses["heavy"] = heavy.status_code, heavy.headers.get("retry-after")
            statuses["heavy code"] = heavy.json()["error"]["code"]
            release.set()
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            statuses["later"] = (
                await client.post("/api/legal_actions", json={"state": STATE})
            ).status_code

    run_apart(scenario)
    assert statuses == {"version": 200, "heavy": (503, "1"), "heavy code": "busy", "later": 200}


def test_a_busy_port_is_a_usage_error_in_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--http", "--port", str(port)])
    assert result.exit_code == 2, result.output
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
    assert "Traceback" not in result.output
