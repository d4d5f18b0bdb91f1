"""One example request of each operation, on one position (the rule lawyers' position of the
README: seat 0 holds a 5 and a 13, and 13 T5-T18 would pass a protected start field). The
OpenAPI document shows them, and its examples are what an HTTP test sends first."""

from __future__ import annotations

import functools
from typing import cast

from dogrules.formats.states import dump
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import State
from dogrules.variants import variant as get_variant
from dogrules.variants.black_dog import BLACK_DOG

__all__ = ["POSITION_ARGUMENTS", "example_position", "example_requests"]

POSITION_ARGUMENTS: dict[str, JSONValue] = {
    "variant": BLACK_DOG.name,
    "players": 4,
    "pieces": {
        "0": ["T5", "H", "H", "H"],
        "1": ["T16", "H", "H", "H"],
        "2": ["T32", "H", "H", "H"],
        "3": ["T48", "H", "H", "H"],
    },
    "hands": {"0": ["5", "13"]},
    "to_act": 0,
    "black_dog": "T24",
}
"""The example position, as the arguments of ``variant.position`` (seat keys as text)."""


@functools.cache
def example_position() -> State:
    """The example position (:data:`POSITION_ARGUMENTS` set up)."""
    pieces = cast(dict[str, list[str]], POSITION_ARGUMENTS["pieces"])
    hands = cast(dict[str, list[str]], POSITION_ARGUMENTS["hands"])
    return get_variant(BLACK_DOG.name).position(
        players=4,
        pieces={int(seat): fields for seat, fields in pieces.items()},
        hands={int(seat): cards for seat, cards in hands.items()},
        to_act=0,
        black_dog="T24",
    )


@functools.cache
def example_requests() -> dict[str, dict[str, JSONValue]]:
    """An example request body of each operation (without ``id`` and ``op``)."""
    state = dump(example_position())
    return {
        "hello": {"protocol": 1},
        "version": {},
        "new_game": {"variant": BLACK_DOG.name, "players": 4, "seed": 7},
        "position": POSITION_ARGUMENTS,
        "legal_actions": {"state": state},
        "choices": {"state": state, "path": ["5", "T5"]},
        "apply": {"state": state, "action": "5 T5-T10"},
        "explain": {"state": state, "action": "13 T5-T18"},
        "bot": {"state": state, "bot": "greedy", "seed": 1},
        "observe": {"state": state, "seat": 1},
        "render": {"state": state, "format": "text"},
        "validate": {"data": state},
        "dump": {"state": state},
        "close": {"session": "a-session-id"},
    }
