"""The fast schema validator (dogrules.formats.schema_validator) says what jsonschema's own
Draft202012Validator says: the same messages, in the same order, for the shipped schemas of
positions, records, protocol requests and answers and the table's bot, on real documents and
on documents broken at random in one or two places."""

from __future__ import annotations

import copy
import functools
import json
import random
from typing import Any

import jsonschema
import pytest
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

import dogrules
from budgets import DEEP, budget
from dogrules.formats.history import Game
from dogrules.formats.schema_validator import validator
from dogrules.formats.schemas import SchemaName, schema_messages
from dogrules.formats.schemas import schema as format_schema
from dogrules.protocol import schemas as protocol_schemas
from dogrules.protocol.examples import example_requests

# Values a broken document may hold where another value stood: of every JSON type, cards and
# locations of no game, near misses of real ones.
ODD: list[Any] = [None, True, 0, 1, -1, 2.5, "", "bogus", "T999", "T3", "H", "F2@1", "F9"]
ODD += ["5", "blue x2", "play", [], ["5"], [None], {}, {"0": []}]
MUTATIONS = budget(40, 150)
# The requests whose example is broken at random (every one carries a state or a position but
# validate, whose data may be anything; hello, version and close have an id and op only).
REQUESTS = ("new_game", "position", "apply", "explain", "render")


def _plain(schema: dict[str, Any], known: dict[str, Any]) -> object:
    """jsonschema's validator of ``schema`` as written, its references found in ``known``."""
    registry = Registry().with_resources(
        (uri, Resource.from_contents(contents, default_specification=DRAFT202012))
        for uri, contents in {**known, str(schema["$id"]): schema}.items()
    )
    return jsonschema.Draft202012Validator(schema, registry=registry)


def _states() -> list[dogrules.State]:
    """States of every variant and form along a random game, a few of each."""
    found = []
    for name in sorted(dogrules.VARIANTS):
        v = dogrules.variant(name)
        for players in (2, 3, 4):
            rng = random.Random(players)
            state = v.new_game(players=players, seed=players)
            for ply in range(120):
                if ply % 40 == 0:
                    found.append(state)
                actions = v.legal_actions(state)
                if not actions:
                    break
                state = v.apply(state, rng.choice(actions)).state
            found.append(state)
    return found


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*path, index))
    return found


def _odd(rng: random.Random) -> Any:
    # A copy: a list or object put in one document may be appended to later.
    return copy.deepcopy(rng.choice(ODD))


def _broken(document: Any, rng: random.Random) -> Any:
    """``document`` with one or two places changed: a value replaced, a key dropped or added,
    an item appended."""
    broken = copy.deepcopy(document)
    for _ in range(rng.choice((1, 1, 2))):
        path = rng.choice(_paths(broken)[1:])
        parent = broken
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        how = rng.random()
        if how < 0.6:
            parent[last] = _odd(rng)
        elif how < 0.75 and isinstance(parent, dict):
            del parent[last]
        elif how < 0.9 and isinstance(parent, dict):
            parent["extra"] = _odd(rng)
        elif isinstance(parent[last], list):
            parent[last].append(_odd(rng))
        else:
            parent[last] = _odd(rng)
    return broken


@functools.cache
def _cases() -> dict[str, tuple[dict[str, Any], dict[str, Any], list[Any]]]:
    """By name: the schema, the schemas it refers to by $id, and its documents."""
    states = _states()
    dumps = [dogrules.dump(state) for state in states]
    known = protocol_schemas.schemas_by_id()
    game = Game.new("black-dog", players=4, seed=1)
    for _ in range(30):
        game = game.play(game.legal_actions()[0])
    # The examples are HTTP bodies (the path names the operation); on stdio they carry both.
    requests = {op: {"id": 1, "op": op, **body} for op, body in example_requests().items()}
    with_states = [
        {**request, "state": dump}
        for request in requests.values()
        if "state" in request
        for dump in dumps[::4]
    ]
    context = dogrules.protocol.Context()
    answers = [dogrules.protocol.dispatch.handle(r, context) for r in with_states]
    cases: list[tuple[str, dict[str, Any], dict[str, Any], list[Any]]] = [
        ("position", format_schema("position"), {}, dumps),
        ("record", format_schema("record"), {}, [game.record(), game.record(steps=True)]),
        *[
            (f"{op}.request", protocol_schemas.schema(f"{op}.request"), known, [requests[op]])
            for op in REQUESTS
        ],
        (
            "legal_actions.request",
            protocol_schemas.schema("legal_actions.request"),
            known,
            [r for r in with_states if r["op"] == "legal_actions"],
        ),
        (
            "answers",
            {
                "$id": "urn:test:answers",
                "anyOf": [{"$ref": s} for s in known if "answer" in s or "error" in s],
            },
            known,
            answers,
        ),
    ]
    return {name: (schema, refers_to, documents) for name, schema, refers_to, documents in cases}


# Built when first run, not when collected (every pytest worker collects every module).
NAMES = ["position", "record", *(f"{op}.request" for op in REQUESTS)]
NAMES += ["legal_actions.request", "answers"]


@DEEP
@pytest.mark.parametrize("name", NAMES)
def test_the_fast_validator_says_what_jsonschema_says(name: str) -> None:
    assert list(_cases()) == NAMES, "every case is run, under its name"
    schema, known, documents = _cases()[name]
    fast, plain = validator(schema, known), _plain(schema, known)
    rng = random.Random(name)
    refused = 0
    for document in documents:
        assert schema_messages(fast, document) == schema_messages(plain, document) == [], name
    for _ in range(MUTATIONS):
        broken = _broken(rng.choice(documents), rng)
        expected = schema_messages(plain, broken)
        assert schema_messages(fast, broken) == expected, json.dumps(broken)[:2000]
        refused += bool(expected)
    # The mutations must break documents for the comparison to say anything.
    assert refused > MUTATIONS // 3, f"{name}: only {refused} of {MUTATIONS} broken documents"


@pytest.mark.parametrize("name", ["position", "record"])
def test_the_shipped_schemas_are_checked_with_their_references_inlined(
    name: SchemaName,
) -> None:
    checked = validator(format_schema(name)).schema  # type: ignore[attr-defined]
    assert "$ref" not in json.dumps({k: v for k, v in checked.items() if k != "$defs"})


def test_a_protocol_request_is_checked_with_its_references_inlined() -> None:
    name = "apply.request"
    known = protocol_schemas.schemas_by_id()
    checked = validator(protocol_schemas.schema(name), known).schema  # type: ignore[attr-defined]
    assert "$ref" not in json.dumps({k: v for k, v in checked.items() if k != "$defs"})
