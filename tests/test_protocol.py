"""Issue 14: the JSON protocol in process. The scripted session of every operation answers
as the library does, through the dispatcher and through the stdio loop; every answer follows
its schema; a stream of malformed lines (fuzzed) gets one error answer each and the server
then still answers correctly; sessions are bounded."""

from __future__ import annotations

import doctest
import io
import json
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dogrules
import dogrules.protocol
from dogrules.app.server_bots import ServerBots
from dogrules.app.stdio import serve_lines
from dogrules.protocol import (
    OPERATIONS,
    Context,
    ErrorCode,
    Sessions,
    encode,
    handle,
    handle_text,
    schema,
    schema_names,
)
from dogrules.protocol.examples import example_requests
from dogrules.protocol.openapi import HTTP_STATUS, openapi_document
from dogrules.protocol.schemas import messages, schemas_by_id
from protocol_client import BD, LAWYER, Client, run_script, schema_problems


def schema_of(name: str) -> dict[str, Any]:
    """The schema ``name`` as plain JSON data, to be read without type narrowing."""
    found: dict[str, Any] = json.loads(json.dumps(schema(name)))
    return found


def ask(request: object, context: Context | None = None) -> dict[str, Any]:
    """The answer to ``request`` as a client reads it (encoded, then parsed)."""
    answer = json.loads(encode(handle(request, context or Context())))
    assert isinstance(answer, dict)
    return answer


def in_process() -> Client:
    context = Context(bots=ServerBots())
    return Client(lambda line: encode(handle_text(line, context)))


def test_scripted_session_of_every_operation_in_process() -> None:
    client = in_process()
    run_script(client)
    used = {request["op"] for request, _answer in client.log}
    assert used >= set(OPERATIONS), f"the script skips {set(OPERATIONS) - used}"


def test_every_error_code_is_answered_by_the_script_or_below() -> None:
    client = in_process()
    run_script(client)
    codes = {answer["error"]["code"] for _request, answer in client.log if "error" in answer}
    # parse_error and too_large come from lines (test_stdio_loop_answers_...); an internal
    # error from a bug only; the HTTP-only codes from the server (tests/test_http_api.py).
    http_only = {"method_not_allowed", "forbidden_origin", "timeout", "busy"}
    unscripted = {"parse_error", "too_large", "internal_error", *http_only}
    assert codes == {str(c) for c in ErrorCode} - unscripted


def stdio(lines: list[bytes], context: Context | None = None) -> list[dict[str, Any]]:
    sink = io.BytesIO()
    serve_lines(io.BytesIO(b"\n".join(lines) + b"\n"), sink, context or Context())
    # Strict UTF-8: json.loads of bytes would let an encoded lone surrogate through.
    return [json.loads(line.decode("utf-8")) for line in sink.getvalue().splitlines()]


def test_a_lone_surrogate_in_an_id_or_a_key_is_echoed_as_an_escape_and_the_server_goes_on() -> None:
    answers = stdio(
        [
            b'{"id":"\\ud800","op":"version"}',
            b'{"id":1,"op":"new_game","\\udfff":1}',
            b'{"id":2,"op":"version"}',
        ]
    )
    assert answers[0]["id"] == "\ud800" and answers[0]["protocol"] == "dogrules"
    assert answers[1]["error"]["code"] == "invalid_request"
    assert "\udfff" in answers[1]["error"]["message"]
    assert answers[2] == {**answers[0], "id": 2}


def test_stdio_loop_answers_each_line_in_order_and_skips_blank_ones() -> None:
    state = dogrules.dump(LAWYER)
    answers = stdio(
        [
            b'{"id": 1, "op": "version"}',
            b"",
            b"   ",
            b"{not json",
            b"\xff\xfe",
            b"[" * 5000,
            json.dumps({"id": "x", "op": "legal_actions", "state": state}).encode(),
        ]
    )
    assert [a["id"] for a in answers] == [1, None, None, None, "x"]
    codes = [a["error"]["code"] for a in answers[1:4]]
    assert codes == ["parse_error"] * 3
    notations = [a["notation"] for a in answers[4]["actions"]]
    assert notations == [str(a) for a in BD.legal_actions(LAWYER)]


def test_a_line_over_the_limit_is_answered_too_large_and_the_next_line_still_works() -> None:
    context = Context(max_request_bytes=2048)
    long_line = json.dumps({"id": 1, "op": "validate", "data": "x" * 10_000}).encode()
    answers = stdio([long_line, b'{"id": 2, "op": "version"}'], context)
    assert answers[0]["id"] is None
    assert answers[0]["error"]["code"] == "too_large"
    assert answers[1]["id"] == 2 and answers[1]["version"] == 1


def test_a_stdio_session_runs_the_script_through_the_loop() -> None:
    # serve_lines reads a whole stream, so the script's requests go one stream each, on a
    # shared context: the sessions persist from one stream to the next.
    context = Context(bots=ServerBots())

    def transport(line: str) -> str:
        sink = io.BytesIO()
        assert serve_lines(io.BytesIO(line.encode() + b"\n"), sink, context) == 1
        return sink.getvalue().decode()

    run_script(Client(transport))


# --- fuzzed malformed lines ----------------------------------------------------------------


def any_text(size: int) -> st.SearchStrategy[str]:
    """Text of any code point, lone surrogates included (JSON writes them as ``\\ud800``)."""
    return st.text(st.characters(exclude_categories=()), max_size=size)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | any_text(20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(any_text(8), inner, max_size=4),
    max_leaves=12,
)
fields = st.dictionaries(
    st.sampled_from(["state", "session", "action", "seat", "path", "variant", "players", "seed"])
    | any_text(8),
    json_values,
    max_size=4,
)
requests = st.builds(
    lambda op, ident, extra: {**extra, "id": ident, "op": op},
    st.sampled_from(OPERATIONS) | any_text(10),
    st.none() | st.integers() | any_text(10) | st.floats() | st.booleans(),
    fields,
)
no_newline = st.binary(max_size=60).map(lambda b: b.replace(b"\n", b" "))
malformed_lines = st.lists(
    no_newline
    | json_values.map(lambda v: json.dumps(v).encode())
    | requests.map(lambda r: json.dumps(r).encode()),
    min_size=1,
    max_size=12,
)


@given(malformed_lines)
def test_a_fuzzed_stream_of_malformed_lines_gets_an_answer_each_then_the_server_still_works(
    lines: list[bytes],
) -> None:
    last = {"id": "last", "op": "legal_actions", "state": dogrules.dump(LAWYER)}
    answers = stdio([*lines, json.dumps(last).encode()])
    sent = [line for line in lines if line.strip()]
    assert len(answers) == len(sent) + 1, "every non-blank line gets exactly one answer"
    for line, answer in zip(sent, answers, strict=False):
        error = answer.get("error")
        assert not (isinstance(error, dict) and error["code"] == "internal_error"), (line, error)
        request = json.loads(line) if "error" not in answer else {}
        op = str(request.get("op", "")) if isinstance(request, dict) else ""
        assert not schema_problems(answer, op), (line, answer)
    notations = [a["notation"] for a in answers[-1]["actions"]]
    assert answers[-1]["id"] == "last"
    assert notations == [str(a) for a in BD.legal_actions(LAWYER)]


# --- the operations' finer points ----------------------------------------------------------


def test_a_structured_action_is_read_as_its_notation_is() -> None:
    context = Context()
    state = dogrules.dump(LAWYER)
    listed = ask({"id": 1, "op": "legal_actions", "state": state}, context)
    for action in listed["actions"]:
        by_json = ask({"id": 2, "op": "apply", "state": state, "action": action}, context)
        text = action["notation"]
        by_text = ask({"id": 3, "op": "apply", "state": state, "action": text}, context)
        assert by_json["state"] == by_text["state"] and by_json["action"] == action


def test_a_whole_number_written_with_a_fraction_is_read_as_the_integer_it_is() -> None:
    # JSON Schema counts 11091501816.0 as an integer (Schemathesis sent it as a seed).
    context = Context()
    as_float = ask({"id": 1, "op": "new_game", "variant": "black-dog", "seed": 7.0}, context)
    as_int = ask({"id": 2, "op": "new_game", "variant": "black-dog", "seed": 7}, context)
    assert as_float["state"] == as_int["state"]
    half = ask({"id": 3, "op": "new_game", "variant": "black-dog", "seed": 7.5}, context)
    assert half["error"]["code"] == "invalid_request"


def test_apply_with_a_seat_gives_the_events_that_seat_may_see() -> None:
    agent = dogrules.variant("agent-dog")
    start = agent.new_game(players=4, seed=3)
    action = agent.legal_actions(start)[0]
    answer = ask(
        {"id": 1, "op": "apply", "state": dogrules.dump(start), "action": str(action), "seat": 2},
        Context(),
    )
    seen = agent.observe_events(start, agent.apply(start, action).events, 2)
    assert [e["text"] for e in answer["events"]] == [e.describe() for e in seen]


def test_a_server_without_bots_refuses_the_bot_operation_and_a_bot_sees_only_its_seat() -> None:
    state = dogrules.dump(LAWYER)
    refused = ask({"id": 1, "op": "bot", "state": state})
    assert (
        refused["error"]["code"] == "invalid_request" and "no bots" in refused["error"]["message"]
    )
    with_bots = Context(bots=ServerBots())
    dealt = dogrules.variant("dog-kids").new_game(players=3, seed=5)
    dealt_state: dict[str, Any] = json.loads(json.dumps(dogrules.dump(dealt)))
    assert dealt.to_act == 0 and dealt.hands[1] != dealt.hands[2]
    hands = dealt_state["hands"]
    hidden = {**dealt_state, "hands": {**hands, "1": hands["2"], "2": hands["1"]}}
    for seed in range(4):
        asked = ask({"id": 1, "op": "bot", "state": dealt_state, "seed": seed}, with_bots)
        other_hands = ask({"id": 1, "op": "bot", "state": hidden, "seed": seed}, with_bots)
        assert asked["action"] == other_hands["action"], "another seat's cards change nothing"


def test_sessions_are_bounded_the_least_recently_used_forgotten_first() -> None:
    context = Context(Sessions(limit=2))
    made = [
        ask({"id": n, "op": "new_game", "variant": "dog-kids", "keep": True}, context)["session"]
        for n in range(3)
    ]
    assert len(context.sessions) == 2
    oldest = ask({"id": 9, "op": "dump", "session": made[0]}, context)
    assert oldest["error"]["code"] == "unknown_session"
    assert "state" in ask({"id": 10, "op": "dump", "session": made[2]}, context)


@pytest.mark.parametrize(
    ("request_", "code", "field"),
    [
        ({"op": "version"}, "invalid_request", "id"),
        ({"id": 1}, "invalid_request", "op"),
        ({"id": 1, "op": 7}, "invalid_request", "op"),
        ({"id": 1, "op": "version", "extra": 1}, "invalid_request", "extra"),
        ({"id": 1, "op": "legal_actions"}, "invalid_request", "state"),
        ({"id": 1, "op": "legal_actions", "state": {}, "session": "a"}, "invalid_request", "state"),
        ({"id": 1, "op": "legal_actions", "state": {"format": 1}}, "invalid_position", None),
        (
            {"id": 1, "op": "new_game", "variant": "black-dog", "players": 5},
            "invalid_request",
            "players",
        ),
        (
            {"id": 1, "op": "new_game", "variant": "black-dog", "seed": -1},
            "invalid_request",
            "seed",
        ),
        ({"id": 1, "op": "position", "variant": "black-dog"}, "invalid_request", None),
        ({"id": 1, "op": "render", "state": {}, "format": "png"}, "invalid_request", None),
        ({"id": 1, "op": "close", "session": "no spaces"}, "invalid_request", "session"),
        ({"id": [1], "op": "version"}, "invalid_request", "id"),
    ],
)
def test_a_malformed_request_gets_an_error_answer_naming_the_field(
    request_: dict[str, object], code: str, field: str | None
) -> None:
    answer = ask(request_, Context())
    assert not schema_problems(answer, ""), answer
    error = answer["error"]
    assert isinstance(error, dict) and error["code"] == code, answer
    if field is not None:
        named = [p["field"] for p in error.get("problems", [])]
        assert any(str(n).startswith(field) for n in named), (field, error)


def test_a_position_from_arguments_that_break_the_rules_is_an_invalid_position() -> None:
    answer = ask(
        {
            "id": 1,
            "op": "position",
            "variant": "black-dog",
            "players": 2,
            "pieces": {"0": ["T5", "T5", "H", "H"], "1": ["H", "H", "H", "H"]},
        },
        Context(),
    )
    assert answer["error"]["code"] == "invalid_position", answer


def test_an_answer_that_cannot_be_strict_json_is_an_internal_error_not_a_crash() -> None:
    line = encode({"id": 1, "value": float("nan")})
    assert json.loads(line)["error"]["code"] == "internal_error"


# --- the schemas --------------------------------------------------------------------------


@pytest.mark.parametrize("name", schema_names())
def test_every_shipped_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schema(name))


def test_there_is_a_request_and_an_answer_schema_for_every_operation() -> None:
    for op in OPERATIONS:
        assert schema_of(f"{op}.request")["properties"]["op"] == {"const": op}
        assert "id" in schema_of(f"{op}.answer")["required"]
    assert set(schemas_by_id()) >= {"urn:dogrules:schema:position:1"}


def test_the_error_schema_lists_every_error_code_and_http_maps_each() -> None:
    codes = schema_of("error")["properties"]["error"]["properties"]["code"]["enum"]
    assert codes == [str(code) for code in ErrorCode]
    assert set(HTTP_STATUS) == set(ErrorCode)


def test_the_openapi_document_has_every_operation_and_only_component_references() -> None:
    document: dict[str, Any] = json.loads(json.dumps(openapi_document()))
    paths = document["paths"]
    assert isinstance(paths, dict)
    assert {f"/api/{op}" for op in OPERATIONS} <= set(paths)
    text = json.dumps(document)
    refs = [part.split('"')[0] for part in text.split('"$ref": "')[1:]]
    assert refs and all(ref.startswith("#/components/schemas/") for ref in refs), refs[:5]
    components = document["components"]["schemas"]
    for ref in refs:
        name = ref.removeprefix("#/components/schemas/").split("/")[0]
        assert name in components, f"{ref} points at no component"


def test_messages_name_the_field_of_a_request() -> None:
    found = messages("observe.request", {"id": 1, "op": "observe", "session": "a", "seat": 9})
    assert found == ["seat: 9 is not a seat (0..3)"]


def test_every_example_request_of_the_openapi_document_is_answered_without_error() -> None:
    for op, body in example_requests().items():
        answer = ask({"id": op, "op": op, **body}, Context(bots=ServerBots()))
        assert "error" not in answer or op == "close", (op, answer)
        assert not schema_problems(answer, op), (op, answer)


def test_the_package_docstring_example_runs() -> None:
    result = doctest.testmod(dogrules.protocol, raise_on_error=False)
    assert result.attempted and not result.failed, result
