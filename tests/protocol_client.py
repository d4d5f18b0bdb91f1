"""A protocol client for the tests: it numbers requests, checks that each answer carries
the request's id and follows its JSON Schema, and runs the scripted session of every
operation over any transport (a function from a request line to an answer line)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import dogrules
from dogrules.formats.records import state_digest
from dogrules.model.jsonvalue import JSONValue
from dogrules.protocol import OPERATIONS, PROTOCOL_VERSION
from dogrules.protocol.examples import POSITION_ARGUMENTS, example_position
from dogrules.protocol.schemas import messages
from dogrules.render import svg, text_board

# Answers are read back from JSON text: typed as json.loads gives them.
Answer = dict[str, Any]
Transport = Callable[[str], str]

BD = dogrules.variant("black-dog")
# The rule lawyers' position of the README: 13 T5-T18 passes a protected start field (the
# protocol's own example position).
LAWYER_ARGUMENTS = POSITION_ARGUMENTS
LAWYER = example_position()
BOARD = BD.board(4)


def schema_problems(answer: Answer, op: str) -> list[str]:
    """What is wrong with ``answer`` against the schema of its kind (an error answer, or the
    answer of ``op``)."""
    return messages("error" if "error" in answer else f"{op}.answer", answer)


class Client:
    """Sends requests over ``transport``; every answer is checked (id echoed, schema kept)
    and kept in ``log`` with its request."""

    def __init__(self, transport: Transport) -> None:
        self.transport = transport
        self.log: list[tuple[Answer, Answer]] = []

    def call(self, op: str, **fields: JSONValue) -> Answer:
        request: Answer = {"id": len(self.log) + 1, "op": op, **fields}
        line = self.transport(json.dumps(request))
        assert "\n" not in line.rstrip("\n"), f"{op}: an answer is one line, got {line!r:.200}"
        answer = json.loads(line)
        assert isinstance(answer, dict), f"{op}: answer {answer!r:.200} is no object"
        assert answer.get("id") == request["id"], f"{op}: answer {answer!r:.200} has another id"
        problems = schema_problems(answer, op)
        assert not problems, f"{op}: answer breaks its schema: {problems}"
        self.log.append((request, answer))
        return answer

    def ok(self, op: str, **fields: JSONValue) -> Answer:
        answer = self.call(op, **fields)
        assert "error" not in answer, f"{op}: unexpected error {answer['error']}"
        return answer

    def error(self, code: str, op: str, **fields: JSONValue) -> dict[str, Any]:
        answer = self.call(op, **fields)
        error = answer.get("error")
        assert isinstance(error, dict), f"{op}: expected error {code}, got {answer!r:.300}"
        assert error["code"] == code, f"{op}: expected error {code}, got {error}"
        return error


def run_script(client: Client) -> None:
    """The scripted session: every operation, each answer compared with the library's own
    result, and every error code an operation can give."""
    hello = client.ok("hello", protocol=PROTOCOL_VERSION)
    assert hello["protocol"] == "dogrules" and hello["version"] == PROTOCOL_VERSION
    assert hello["operations"] == list(OPERATIONS)
    assert [v["name"] for v in hello["variants"]] == list(dogrules.VARIANTS)
    client.error("unsupported_version", "hello", protocol=PROTOCOL_VERSION + 1)
    assert client.ok("version")["engine_version"] == dogrules.__version__

    start = BD.new_game(players=4, seed=7)
    game = client.ok("new_game", variant="black-dog", players=4, seed=7)
    assert game["state"] == dogrules.dump(start) and game["digest"] == state_digest(start)
    listed = client.ok("legal_actions", state=game["state"])
    expected = BD.legal_actions(start)
    actions = listed["actions"]
    assert isinstance(actions, list)
    assert [a["notation"] for a in actions] == [str(a) for a in expected]
    assert listed["to_act"] == start.to_act and listed["phase"] == "setup"
    assert "outcomes" not in listed
    outcomes = client.ok("legal_actions", state=game["state"], outcomes=True)["outcomes"]
    assert outcomes == [state_digest(BD.apply(start, action).state) for action in expected]

    first = client.ok("choices", state=game["state"])
    assert first["step"] == "card" and first["path"] == []
    assert [o["label"] for o in first["options"]] == [o.label for o in BD.choices(start).options]
    field = BD.choices(start).choose("place").options[0]
    done = client.ok("choices", state=game["state"], path=["place", field.label])
    assert done["step"] == "done" and done["action"] == actions[0]
    by_value = client.ok("choices", state=game["state"], path=["place", field.value])
    assert by_value["action"] == actions[0]
    client.error("choice_error", "choices", state=game["state"], path=["fold"])

    applied = client.ok("apply", state=game["state"], action=actions[0])
    transition = BD.apply(start, expected[0])
    assert applied["state"] == dogrules.dump(transition.state)
    assert applied["action"] == actions[0]
    assert [(e["kind"], e["clauses"]) for e in applied["events"]] == [
        (e.kind, list(e.clauses)) for e in transition.events
    ]
    by_text = client.ok("apply", state=game["state"], action=str(expected[0]))
    assert by_text["state"] == applied["state"]

    lawyer = client.ok("position", **LAWYER_ARGUMENTS)
    assert lawyer["state"] == dogrules.dump(LAWYER)
    again = client.ok("position", state=lawyer["state"])
    assert again["state"] == lawyer["state"]
    ruling = client.ok("explain", state=lawyer["state"], action="13 T5-T18")
    verdict = BD.explain(LAWYER, BD.parse_action(LAWYER, "13 T5-T18"))
    assert ruling["legal"] is False and ruling["clauses"] == list(verdict.clauses)
    assert [c["id"] for c in ruling["cited"]] == list(verdict.clauses)
    assert ruling["text"] == verdict.text
    legal = client.ok("explain", state=lawyer["state"], action="5 T5-T10")
    assert legal["legal"] is True and legal["events"]
    refused = client.error("illegal_action", "apply", state=lawyer["state"], action="13 T5-T18")
    assert refused["clauses"] == list(verdict.clauses)
    client.error("notation_error", "apply", state=lawyer["state"], action="13 T5-X9")
    client.error("notation_error", "explain", state=lawyer["state"], action={"kind": "play"})

    chosen = client.ok("bot", state=lawyer["state"], bot="greedy", seed=1)
    assert chosen["bot"] == "greedy" and chosen["seat"] == LAWYER.to_act
    assert chosen["action"]["notation"] in [str(a) for a in BD.legal_actions(LAWYER)]
    again = client.ok("bot", state=lawyer["state"], bot="greedy", seed=1)
    assert again["action"] == chosen["action"], "a seeded bot chooses alike"
    client.error("invalid_request", "bot", state=lawyer["state"], bot="nobody")

    view = client.ok("observe", state=game["state"], seat=1)
    assert view["view"] == BD.observe(start, 1)
    two = dogrules.dump(BD.new_game(players=2, seed=1))
    client.error("invalid_request", "observe", state=two, seat=3)
    picture = client.ok("render", state=lawyer["state"])
    assert picture == {"id": len(client.log), "format": "svg", "content": svg(BOARD, LAWYER)}
    text = client.ok("render", state=lawyer["state"], format="text")
    assert text["content"] == text_board(BOARD, LAWYER)
    assert client.ok("validate", data=game["state"]) == {
        "id": len(client.log),
        "valid": True,
        "messages": [],
    }
    refused_data = client.ok("validate", data={"format": 1})
    assert refused_data["valid"] is False and refused_data["messages"]
    assert client.ok("dump", state=game["state"])["state"] == game["state"]

    kept = client.ok("new_game", variant="black-dog", players=4, seed=7, keep=True)
    session = kept["session"]
    assert isinstance(session, str)
    step = client.ok("apply", session=session, action=actions[0])
    assert step["session"] == session and step["state"] == applied["state"]
    assert client.ok("dump", session=session)["state"] == applied["state"]
    assert client.ok("legal_actions", session=session)["to_act"] == transition.state.to_act
    assert client.ok("close", session=session)["closed"] is True
    assert client.ok("close", session=session)["closed"] is False
    client.error("unknown_session", "dump", session=session)

    bad = dict(game["state"])
    bad["hands"] = {"0": [], "1": [], "2": [], "3": []}
    problems = client.error("invalid_position", "legal_actions", state=bad)
    assert problems["problems"], problems
    client.error("invalid_request", "apply", state=game["state"])
    client.error("invalid_request", "new_game", variant="chess")
    client.error("unknown_op", "castle")
