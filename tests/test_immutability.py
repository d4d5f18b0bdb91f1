"""Nothing shared is writable (issue 9): ``variant(...)`` objects, their boards and everything
reachable from public results are read-only, so no caller can change a later game."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

import attrs
import pytest

import dogrules
from dogrules import Action, Ruling, State, Transition, Variant
from helpers import random_steps

# What a value may be made of: immutable leaves, tuples and frozensets of them, read-only
# mappings, and frozen attrs classes or dataclasses (the board's and the rules' classes are
# dataclasses, which the compiled build makes native).
LEAVES = (str, int, float, bool, type(None))


def _field_names(kind: type) -> list[str]:
    """The fields of a frozen attrs class or dataclass, in order (none for anything else)."""
    if attrs.has(kind):
        return [field.name for field in attrs.fields(kind)]
    if dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return [field.name for field in dataclasses.fields(kind)]
    return []


Played = list[tuple[State, Action, tuple[Ruling, Transition]]]


def _played(v: Variant, seed: int, steps: int = 40) -> Played:
    """The steps of a random game, each with the judge's explanation of the action played."""
    return [
        (state, action, (v.explain(state, action), transition))
        for state, action, transition in random_steps(v, seed, steps)
    ]


def _parts(value: object, path: str) -> Iterator[tuple[str, object]]:
    """Every value reachable from ``value`` (public fields, items), with its path."""
    yield path, value
    if isinstance(value, LEAVES):
        return
    if isinstance(value, (tuple, frozenset)):
        for i, item in enumerate(value):
            yield from _parts(item, f"{path}[{i}]")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _parts(item, f"{path}[{key!r}]")
    else:
        for name in _field_names(type(value)):
            if not name.startswith("_"):  # private caches are no part of the value
                yield from _parts(getattr(value, name), f"{path}.{name}")


def _assert_frozen(value: object, path: str) -> None:
    for where, part in _parts(value, path):
        if isinstance(part, (*LEAVES, tuple, frozenset, MappingProxyType)):
            continue
        kind: Any = type(part)
        names = _field_names(kind)
        assert names, f"{where} is a {kind.__name__}, which can change"
        with pytest.raises(AttributeError):
            setattr(part, names[0], getattr(part, names[0]))


@pytest.mark.parametrize("name", sorted(dogrules.VARIANTS))
def test_everything_reachable_from_public_results_is_frozen(name: str) -> None:
    v = dogrules.variant(name)
    for state, action, results in _played(v, seed=3):
        _assert_frozen(state, "state")
        _assert_frozen(action, "action")
        _assert_frozen(action.notation, "action.notation")
        _assert_frozen(results, "results")
        # A transition's events are told when read (a property, not a field): walked here.
        _assert_frozen(results[1].events, "results[1].events")
    _assert_frozen(v.board(4), "board")
    _assert_frozen(v.deck, "deck")
    _assert_frozen(v.clauses, "clauses")
    _assert_frozen(tuple(v.ruleset.catalogue.spec(card) for card in v.deck.notations), "specs")


def _attempts(v: Variant) -> Iterator[tuple[str, object]]:
    """Each attempt to change something shared, with what it should raise."""
    board = v.board(4)
    action = v.legal_actions(v.new_game(players=4, seed=5))[0]
    shared = action.notation.board if action.notation is not None else board
    yield "v.ruleset = None", lambda: setattr(v, "ruleset", None)
    yield "v.anything = 1", lambda: setattr(v, "anything", 1)
    yield "del v.ruleset", lambda: delattr(v, "ruleset")
    yield "board.track = 1", lambda: setattr(shared, "track", 1)
    yield "board.start = ()", lambda: setattr(shared, "start", ())
    phases: Any = v.ruleset.phases
    yield "v.ruleset.phases.clear()", lambda: phases.clear()
    yield "v.deck.counts = ()", lambda: setattr(v.deck, "counts", ())
    if board.disc is not None:
        disc = board.disc
        rotation: Any = disc.rotate_cw
        yield "disc.rotate_cw[...] = 0", lambda: rotation.__setitem__(min(disc.fields), 0)
        yield "disc.paws = frozenset()", lambda: setattr(disc, "paws", frozenset())
    if board.holes is not None:
        holes = board.holes
        yield "holes.holes = frozenset()", lambda: setattr(holes, "holes", frozenset())
    if board.colour_track is not None:
        track = board.colour_track
        yield "colour_track.bones = frozenset()", lambda: setattr(track, "bones", frozenset())


@pytest.mark.parametrize("name", sorted(dogrules.VARIANTS))
def test_changing_anything_shared_raises_and_later_games_are_unchanged(name: str) -> None:
    v = dogrules.variant(name)
    before = [(s, a) for s, a, _ in _played(v, seed=11)]
    for what, attempt in _attempts(v):
        with pytest.raises((AttributeError, TypeError)):
            attempt()  # type: ignore[operator]
        assert [(s, a) for s, a, _ in _played(v, seed=11)] == before, f"{what} changed a game"
    assert dogrules.variant(name) is v


def test_a_variant_says_why_it_cannot_be_changed() -> None:
    v = dogrules.variant("black-dog")
    with pytest.raises(AttributeError, match="read-only"):
        v.ruleset = v.ruleset
