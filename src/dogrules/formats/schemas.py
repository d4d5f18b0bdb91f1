"""The JSON Schemas of game records and of positions, and what data that breaks them is told.

The schemas (draft 2020-12; a position is what ``dogrules.dump`` writes) are shipped as data
in ``dogrules/formats/schemas/``; a problem is told in one line naming the field."""

from __future__ import annotations

import functools
import json
import reprlib
from collections.abc import Iterable, Sequence
from importlib import resources
from typing import Literal, Protocol, cast

from dogrules.formats.schema_validator import validator
from dogrules.formats.states import JSONValue
from dogrules.variants import implemented
from dogrules.variants import variant as get_variant
from dogrules.variants.built_in import STANDARD_PARTS

SchemaName = Literal["record", "position"]

__all__ = ["SchemaName", "schema", "schema_messages"]


class _SchemaError(Protocol):
    """The parts of a ``jsonschema.ValidationError`` read here."""

    message: str
    validator: object
    validator_value: object
    instance: object
    schema: object
    absolute_path: Sequence[str | int]


class _Validator(Protocol):
    def iter_errors(self, instance: object) -> Iterable[_SchemaError]: ...


def schema(name: SchemaName) -> dict[str, JSONValue]:
    """The JSON Schema (draft 2020-12) of a ``"record"`` or a ``"position"``; the variant
    names it accepts are those of the registry of variants, and a position may carry the
    keys of the own part of a state of a variant registered at run time."""
    return _schema(name, implemented())


@functools.cache
def _schema(name: SchemaName, variants: tuple[str, ...]) -> dict[str, JSONValue]:
    path = resources.files("dogrules.formats") / "schemas" / f"{name}.schema.json"
    found = cast(dict[str, JSONValue], _registered(json.loads(path.read_text("utf-8")), variants))
    properties = found.get("properties")
    if name == "position" and isinstance(properties, dict):
        for key in _run_time_keys(variants):
            properties.setdefault(key, {"description": "a key of a run-time variant's part"})
    return found


def _run_time_keys(variants: tuple[str, ...]) -> list[str]:
    """The JSON keys of the parts of a state of the ``variants`` format 1 does not always
    carry (those of a variant registered at run time)."""
    written = {key for part in STANDARD_PARTS for key in part.blank}
    keys = []
    for name in variants:
        part = get_variant(name).ruleset.part
        keys += [key for key in (part.blank if part else ()) if key not in written]
    return keys


def _registered(node: JSONValue, variants: tuple[str, ...]) -> JSONValue:
    """``node`` with every "variant name" enum replaced by the registered names."""
    if isinstance(node, list):
        return [_registered(item, variants) for item in node]
    if not isinstance(node, dict):
        return node
    copy = {key: _registered(value, variants) for key, value in node.items()}
    if copy.get("title") == "variant name" and "enum" in copy:
        copy["enum"] = list(variants)
    return copy


def _validator(name: SchemaName) -> _Validator:
    return _validator_for(name, implemented())


@functools.cache
def _validator_for(name: SchemaName, variants: tuple[str, ...]) -> _Validator:
    return cast(_Validator, validator(_schema(name, variants)))


def _schema_messages(name: SchemaName, data: object) -> list[str]:
    return schema_messages(_validator(name), data)


def schema_messages(validator: object, data: object) -> list[str]:
    """One line per distinct problem of ``data`` that ``validator`` (a jsonschema validator)
    finds, each naming the field (``hands.2[1]: 'bogus' is not a card notation``)."""
    errors = cast(_Validator, validator).iter_errors(data)
    messages = [_message(error) for error in errors]
    return sorted(set(messages), key=messages.index)


_short = reprlib.Repr()
_short.maxstring = 40
_short.maxother = 40
_short.maxlist = 4
_short.maxdict = 4


def _field(path: Iterable[str | int]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _message(error: _SchemaError) -> str:
    field = _field(error.absolute_path)
    where = field or "(top level)"
    kind = error.validator
    value = error.validator_value
    instance = error.instance
    title = error.schema.get("title") if isinstance(error.schema, dict) else None
    if kind == "required" and isinstance(value, list) and isinstance(instance, dict):
        missing = [key for key in value if key not in instance]
        names = [f"{field}.{key}" if field else str(key) for key in missing]
        return f"{', '.join(names)}: missing"
    if kind == "additionalProperties" and isinstance(instance, dict):
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        extra = [key for key in instance if key not in known]
        names = [f"{field}.{key}" if field else str(key) for key in extra]
        return f"{', '.join(names)}: unknown key"
    if kind == "propertyNames" or (isinstance(title, str) and title.startswith("seat of")):
        return f"{where}: key {_short.repr(instance)} is not a {title or 'valid key'}"
    if kind == "const":
        return f"{where}: expected {value!r}, got {_short.repr(instance)}"
    if kind in ("enum", "pattern", "minimum", "maximum") and isinstance(title, str):
        article = "an" if title[0] in "aeiou" else "a"
        return f"{where}: {_short.repr(instance)} is not {article} {title}"
    if kind == "type":
        expected = " or ".join(value) if isinstance(value, list) else str(value)
        return f"{where}: {_short.repr(instance)} is not of type {expected}"
    return f"{where}: {' '.join(error.message.split())}"
