"""Shrinking a position where two engines disagree: pieces sent home and cards moved from
the hands to the bottom of the deck, one at a time, as long as the disagreement persists, so
the report can show the smallest position that still shows it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from dogrules.formats.states import dump, load
from dogrules.model.errors import DogRulesError
from dogrules.model.jsonvalue import JSONValue
from dogrules.variants.facade import Variant

__all__ = ["shrink", "simpler"]

Position = dict[str, JSONValue]
HOME = "H"


def simpler(v: Variant, position: Position) -> Iterator[Position]:
    """Every position one step simpler than ``position`` that is still a valid position:
    one piece on the board sent home, or one card of a hand put at the bottom of the deck."""
    pieces, hands, deck = position.get("pieces"), position.get("hands"), position.get("deck")
    if isinstance(pieces, dict):
        for seat, labels in pieces.items():
            for index, label in enumerate(labels if isinstance(labels, list) else []):
                if label != HOME and isinstance(labels, list):
                    sent = [*labels[:index], HOME, *labels[index + 1 :]]
                    yield from _valid(v, {**position, "pieces": {**pieces, seat: sent}})
    if isinstance(hands, dict) and isinstance(deck, list):
        for seat, cards in hands.items():
            for index, card in enumerate(cards if isinstance(cards, list) else []):
                if isinstance(cards, list):
                    kept = [*cards[:index], *cards[index + 1 :]]
                    moved = {**position, "hands": {**hands, seat: kept}, "deck": [*deck, card]}
                    yield from _valid(v, moved)


def _valid(v: Variant, candidate: Position) -> Iterator[Position]:
    try:
        yield dump(load(candidate, v), v)
    except (DogRulesError, ValueError, TypeError, KeyError):
        return


def shrink(
    v: Variant, position: Position, persists: Callable[[Position], bool], budget: int = 40
) -> Position | None:
    """The simplest position reached from ``position`` by steps of :func:`simpler` where
    ``persists`` holds, trying at most ``budget`` candidates; None when no step kept it."""
    current, tries, shrunk = position, 0, False
    progress = True
    while progress and tries < budget:
        progress = False
        for candidate in simpler(v, current):
            tries += 1
            if tries > budget:
                break
            if persists(candidate):
                current, shrunk, progress = candidate, True, True
                break
    return current if shrunk else None
