"""The OpenAPI 3.1 document of the protocol over HTTP, built from the same JSON Schemas as
the stdio protocol: each operation is ``POST /api/<op>`` whose body is the operation's
request (``id`` and ``op`` may be left out: the path names the operation), answered by the
operation's answer or by an error answer with the status of its code (see
:data:`HTTP_STATUS`). ``POST /api`` takes any request whole, as a line of stdio does."""

from __future__ import annotations

import copy
from typing import cast

from dogrules.data.version import __version__
from dogrules.model.jsonvalue import JSONValue
from dogrules.protocol.errors import ErrorCode
from dogrules.protocol.examples import example_requests
from dogrules.protocol.schemas import OPERATIONS, messages, schema, schemas_by_id

__all__ = ["API_PREFIX", "HTTP_STATUS", "openapi_document"]

API_PREFIX = "/api"
"""Where the operations live: the rest of the server's paths stay free (static files)."""

HTTP_STATUS: dict[ErrorCode, int] = {
    ErrorCode.PARSE_ERROR: 400,
    ErrorCode.INVALID_REQUEST: 400,
    ErrorCode.UNKNOWN_OP: 404,
    ErrorCode.UNSUPPORTED_VERSION: 400,
    ErrorCode.UNKNOWN_SESSION: 404,
    ErrorCode.TOO_LARGE: 413,
    ErrorCode.INVALID_POSITION: 422,
    ErrorCode.NOTATION_ERROR: 422,
    ErrorCode.ILLEGAL_ACTION: 422,
    ErrorCode.CHOICE_ERROR: 422,
    ErrorCode.METHOD_NOT_ALLOWED: 405,
    ErrorCode.FORBIDDEN_ORIGIN: 403,
    ErrorCode.TIMEOUT: 408,
    ErrorCode.BUSY: 503,
    ErrorCode.INTERNAL_ERROR: 500,
}
"""The HTTP status of an error answer, by its code (an answer that is no error: 200)."""

_COMPONENTS = "#/components/schemas/"


def openapi_document() -> dict[str, JSONValue]:
    """The OpenAPI 3.1 document: every protocol schema a component (their ``$defs`` each a
    component of their own, every ``$ref`` rewritten to point at the components)."""
    by_id = schemas_by_id()
    names = {uri: _component_name(contents) for uri, contents in by_id.items()}
    components: dict[str, JSONValue] = {}
    for uri, contents in by_id.items():
        name = names[uri]
        body = copy.deepcopy(contents)
        definitions = cast(dict[str, JSONValue], body.pop("$defs", {}))
        for key in ("$schema", "$id"):
            body.pop(key, None)
        components[name] = _rewritten(body, name, names)
        for key, definition in definitions.items():
            components[f"{name}.{key}"] = _rewritten(definition, name, names)
    paths: dict[str, JSONValue] = {}
    for op in OPERATIONS:
        request = cast(dict[str, JSONValue], components[f"{op}.request"])
        body = {**request, "required": _without(request.get("required"), ("id", "op"))}
        components[f"{op}.body"] = body
        paths[f"{API_PREFIX}/{op}"] = {"post": _operation(op)}
    paths[API_PREFIX] = {"post": _envelope()}
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "dogrules protocol",
            "version": __version__,
            "description": "The reference rules of Black DOG, Agent DOG and DOG Kids over HTTP: "
            "the operations of `dogrules serve --stdio`, one path each (docs/protocol.md).",
        },
        "paths": paths,
        "components": {"schemas": components},
    }


def _operation(op: str) -> dict[str, JSONValue]:
    request = schema(f"{op}.request")
    return {
        "operationId": op,
        "summary": str(request.get("description", op)),
        # No body is the empty object: enough for hello and version (their body is optional),
        # refused (400) naming the missing fields for the others (theirs is required).
        "requestBody": {
            "required": bool(messages(f"{op}.request", {"id": None, "op": op})),
            "content": {
                "application/json": {
                    "schema": {"$ref": f"{_COMPONENTS}{op}.body"},
                    "example": example_requests()[op],
                }
            },
        },
        "responses": {"200": _json(f"{op}.answer", f"the {op} answer"), **_errors()},
    }


def _envelope() -> dict[str, JSONValue]:
    return {
        "operationId": "request",
        "summary": "Any request whole (with its op), as a line of the stdio protocol.",
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": _one_of("request", "oneOf")}},
        },
        "responses": {
            "200": {
                "description": "the answer of the request's operation",
                "content": {"application/json": {"schema": _one_of("answer", "anyOf")}},
            },
            **_errors(),
        },
    }


def _one_of(direction: str, combinator: str) -> dict[str, JSONValue]:
    """A schema matching the request (or answer) of any operation: requests are told apart
    by their ``op``, so exactly one matches; answers may match more than one."""
    return {combinator: [{"$ref": f"{_COMPONENTS}{op}.{direction}"} for op in OPERATIONS]}


def _errors() -> dict[str, JSONValue]:
    statuses = sorted(set(HTTP_STATUS.values()))
    return {
        str(status): _json("error", ", ".join(c for c, s in HTTP_STATUS.items() if s == status))
        for status in statuses
    }


def _json(component: str, description: str) -> dict[str, JSONValue]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": f"{_COMPONENTS}{component}"}}},
    }


def _component_name(contents: dict[str, JSONValue]) -> str:
    # urn:dogrules:schema:protocol-apply-request:1 -> apply.request; ...:position:1 -> position
    stem = str(contents["$id"]).split(":")[-2].removeprefix("protocol-")
    for end in ("request", "answer"):
        if stem.endswith(f"-{end}"):
            return f"{stem.removesuffix(f'-{end}')}.{end}"
    return stem


def _rewritten(node: JSONValue, name: str, names: dict[str, str]) -> JSONValue:
    """``node`` with each ``$ref`` pointing into the components instead of a schema file."""
    if isinstance(node, list):
        return [_rewritten(item, name, names) for item in node]
    if not isinstance(node, dict):
        return node
    result = {key: _rewritten(value, name, names) for key, value in node.items()}
    ref = node.get("$ref")
    if isinstance(ref, str):
        base, _, pointer = ref.partition("#")
        target = names[base] if base else name
        if pointer.startswith("/$defs/"):
            definition, _, rest = pointer.removeprefix("/$defs/").partition("/")
            result["$ref"] = f"{_COMPONENTS}{target}.{definition}" + (f"/{rest}" if rest else "")
        else:
            result["$ref"] = f"{_COMPONENTS}{target}{pointer}"
    return result


def _without(required: JSONValue, keys: tuple[str, ...]) -> JSONValue:
    listed = required if isinstance(required, list) else []
    return [key for key in listed if key not in keys]
