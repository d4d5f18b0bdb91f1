"""A jsonschema validator that says what ``jsonschema.Draft202012Validator`` says, faster.

Every request of the protocol (stdio and HTTP) and every file read is checked against its
shipped schema. Checked as written, a state's 110 cards each go through a ``$ref`` (a look-up
in the ``referencing`` registry, its JSON pointer walked anew) and an ``enum`` tried value by
value: most of what a stateless ``legal_actions`` request cost. Three changes that do not
change a verdict or a message:

* the validator checks a copy of the schema whose references are inlined (once, when it is
  built): a ``$ref`` with no other keyword than annotations becomes the schema it names, one
  with other keywords an ``allOf`` of that schema in its place (2020-12 evaluates ``$ref`` as
  an applicator beside its siblings, as ``allOf``). The errors are those the references gave:
  the same keyword, value, instance and subschema (whose ``title`` the messages read), in the
  same order. A schema that refers to itself is checked as written.
* ``enum`` answers a string instance by one membership test: jsonschema compares a string with
  ``==`` only, so a string is one of the values exactly when ``in`` finds it; any other
  instance, and every miss, goes to jsonschema's own ``enum`` (its message unchanged).
* ``items`` passes at once an array of strs that all meet an item schema saying no more than
  ``type: string``, ``enum`` and ``pattern`` (a state's cards and locations); any other array,
  and one with a miss, goes to jsonschema's own ``items``.

The shipped schemas are not changed: :func:`validator` inlines a copy for checking only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import cast

import jsonschema  # type: ignore[import-untyped, unused-ignore]
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012, SchemaRegistry

from dogrules.model.jsonvalue import JSONValue

__all__ = ["validator"]

# Keywords that never make an error: a ``$ref`` beside only these is the schema it names.
_ANNOTATIONS = frozenset({"title", "description", "$comment", "examples", "default"})
# What a copy of a whole document drops once inlined: its references are resolved already.
_DOCUMENT = frozenset({"$id", "$schema", "$defs"})

# jsonschema's own ``enum`` (its verdict and message for whatever the fast path leaves).
_enum = jsonschema.Draft202012Validator.VALIDATORS["enum"]
_items = jsonschema.Draft202012Validator.VALIDATORS["items"]


def _fast_enum(
    validator: object, enums: list[object], instance: object, schema: object
) -> Iterator[object]:
    # ``type(...) is str``: a str subclass could compare otherwise; jsonschema decides it.
    if type(instance) is str and instance in enums:
        return
    yield from _enum(validator, enums, instance, schema)


# What a schema of plain strings may say: ``_plain`` reads nothing else.
_PLAIN = frozenset({"title", "description", "type", "enum", "pattern"})
# Each array's item schema read by ``_plain``, by identity (the schema kept with its answer,
# so that an id is never another schema's).
_plains: dict[int, tuple[object, Callable[[object], bool] | None]] = {}


def _plain(schema: object) -> Callable[[object], bool] | None:
    """For a schema of strings saying no more than ``type``, ``enum`` and ``pattern``: whether a
    value surely meets it (a str in the enum, matching the pattern, as jsonschema tests them:
    ``==`` and ``re.search``). None for any other schema."""
    kept = _plains.get(id(schema))
    if kept is not None and kept[0] is schema:
        return kept[1]
    check: Callable[[object], bool] | None = None
    if isinstance(schema, dict) and schema.keys() <= _PLAIN and schema.get("type") == "string":
        enum, pattern = schema.get("enum"), schema.get("pattern")
        values = None if not isinstance(enum, list) else {v for v in enum if type(v) is str}
        matches = None if not isinstance(pattern, str) else re.compile(pattern).search

        def check(value: object) -> bool:
            return (
                type(value) is str
                and (values is None or value in values)
                and (matches is None or matches(value) is not None)
            )

    _plains[id(schema)] = (schema, check)
    return check


def _fast_items(
    validator: object, items: object, instance: object, schema: dict[str, object]
) -> Iterator[object]:
    # An array of plain strings that all meet their schema has no error to find (a state's
    # cards and locations); any other array, or one with a miss, goes to jsonschema's own.
    check = _plain(items)
    if (
        check is not None
        and type(instance) is list
        and "prefixItems" not in schema
        and all(map(check, instance))
    ):
        return
    yield from _items(validator, items, instance, schema)


_Checker = jsonschema.validators.extend(  # type: ignore[no-untyped-call, unused-ignore]
    jsonschema.Draft202012Validator, validators={"enum": _fast_enum, "items": _fast_items}
)


class _NotInlined(Exception):
    """A schema whose references are not inlined: it refers to itself, or a ``$ref`` stands
    beside an ``allOf`` (whose errors' order would need more care)."""


def validator(
    schema: Mapping[str, JSONValue], known: Mapping[str, Mapping[str, JSONValue]] | None = None
) -> object:
    """A validator of ``schema`` (whose ``$ref`` may name the schemas ``known`` by ``$id``,
    or its own parts) whose ``iter_errors`` yields what ``Draft202012Validator`` would."""
    documents = dict(known or {})
    if isinstance(schema.get("$id"), str):
        documents[str(schema["$id"])] = schema
    registry: SchemaRegistry = Registry().with_resources(
        (uri, Resource.from_contents(contents, default_specification=DRAFT202012))
        for uri, contents in documents.items()
    )
    base = str(schema.get("$id", ""))
    if base:
        resolver = registry.resolver(base_uri=base)
        try:
            return _Checker(_inlined(schema, resolver, ()))
        except _NotInlined:
            pass
    return _Checker(schema, registry=registry)


def _inlined(node: object, resolver: object, within: tuple[int, ...]) -> JSONValue:
    """``node`` with every reference replaced by what it names (``resolver`` finds them
    from ``node``'s document; ``within``: the schemas being inlined, to catch a cycle)."""
    if isinstance(node, list):
        return [_inlined(item, resolver, within) for item in node]
    if not isinstance(node, dict):
        return cast(JSONValue, node)
    reference = node.get("$ref")
    if not isinstance(reference, str):
        # Definitions are only read through references (inlined where they are made).
        return {
            key: value if key == "$defs" else _inlined(value, resolver, within)
            for key, value in node.items()
        }
    found = resolver.lookup(reference)  # type: ignore[attr-defined]
    if id(found.contents) in within:
        raise _NotInlined(reference)
    target = _inlined(found.contents, found.resolver, (*within, id(found.contents)))
    if isinstance(target, dict):
        target = {key: value for key, value in target.items() if key not in _DOCUMENT}
    if all(key in _ANNOTATIONS for key in node if key != "$ref"):
        return target
    if "allOf" in node:
        raise _NotInlined(reference)  # not met in the shipped schemas
    inlined: dict[str, JSONValue] = {}
    for key, value in node.items():
        if key == "$ref":
            inlined["allOf"] = [target]
        else:
            inlined[key] = _inlined(value, resolver, within)
    return inlined
