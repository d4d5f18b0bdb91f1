"""The JSON Schemas (draft 2020-12) of every request and answer of the protocol, shipped as
data in ``dogrules/protocol/schemas/``: ``<op>.request.schema.json``,
``<op>.answer.schema.json``, ``error.schema.json`` and the definitions they share,
``common.schema.json``. A state is the position schema of :mod:`dogrules.formats.schemas`,
referred to by its ``$id``."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Literal, cast

from dogrules.formats.schema_validator import validator
from dogrules.formats.schemas import schema as format_schema
from dogrules.formats.schemas import schema_messages
from dogrules.model.jsonvalue import JSONValue
from dogrules.variants import implemented

__all__ = ["OPERATIONS", "Direction", "schema", "schema_names", "schemas_by_id"]

OPERATIONS = (
    "hello",
    "version",
    "new_game",
    "position",
    "legal_actions",
    "choices",
    "apply",
    "explain",
    "bot",
    "observe",
    "render",
    "validate",
    "dump",
    "close",
)
"""Every operation of the protocol, in the order the documentation presents them."""

Direction = Literal["request", "answer"]


def schema_names() -> tuple[str, ...]:
    """The names of the shipped schemas: ``common``, ``error``, ``<op>.request`` and
    ``<op>.answer`` for every operation."""
    ops = tuple(f"{op}.{end}" for op in OPERATIONS for end in ("request", "answer"))
    return ("common", "error", *ops)


def schema(name: str) -> dict[str, JSONValue]:
    """The shipped schema called ``name`` (see :func:`schema_names`); ValueError if none."""
    if name not in schema_names():
        raise ValueError(f"no protocol schema {name!r}; expected one of {schema_names()}")
    return _read(name)


def schemas_by_id() -> dict[str, dict[str, JSONValue]]:
    """Every schema a protocol schema refers to, by ``$id``: the shipped ones and the
    position schema (its variant names those registered)."""
    found = {name: _read(name) for name in schema_names()}
    found["position"] = format_schema("position")
    return {str(item["$id"]): item for item in found.values()}


@functools.cache
def _read(name: str) -> dict[str, JSONValue]:
    path = resources.files("dogrules.protocol") / "schemas" / f"{name}.schema.json"
    return cast(dict[str, JSONValue], json.loads(path.read_text("utf-8")))


def messages(name: str, data: object) -> list[str]:
    """One line per problem of ``data`` against the schema ``name``, naming the field."""
    return schema_messages(_validator(name, implemented()), data)


@functools.cache
def _validator(name: str, variants: tuple[str, ...]) -> object:
    # variants: a variant registered later gets a validator of its own (as in formats).
    del variants
    return validator(schema(name), schemas_by_id())
