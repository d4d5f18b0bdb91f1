"""Card kinds, notation and deck composition.

Cards travel through states as their notation strings (``"5"``, ``"1/11"``, ``"swap"``,
``"black:1-7"``); :func:`card_spec` tells what a notation means.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence

import attrs

from dogrules.board import layout_values
from dogrules.clauses import LAYOUT_FILES, implements
from dogrules.specs import SpecTable, read_toml

_BLACK = re.compile(r"^black:(?:(?P<low>\d+)-(?P<high>\d+)|(?P<value>\d+))$")

# Families of card, each with one module of rule functions.
NUMBER = "number"
START = "start"
SWAP = "swap"
MAGNET = "magnet"
COPY = "copy"
PARTNER = "partner"
BLACK = "black"
# DOG Kids
COLOUR = "colour"
DOUBLE = "double"
TWO_COLOUR = "two-colour"
BONE = "bone"
DOGSWAP = "dogswap"
_COLOUR_WORD = re.compile(r"^[a-z]+$")


@attrs.frozen
class CardSpec:
    """What a card notation means: its family, the step counts it offers, whether it enters."""

    notation: str
    family: str
    steps: tuple[int, ...] = ()
    enters: bool = False
    colours: tuple[str, ...] = ()


START_CARDS: Mapping[str, tuple[int, ...]] = {"1/11": (1, 11), "13": (13,)}
SPECIAL_CARDS = {
    "swap": SWAP,
    "magnet": MAGNET,
    "copy": COPY,
    "partner": PARTNER,
    "bone": BONE,
    "dogswap": DOGSWAP,
}


@functools.cache
def card_spec(notation: str) -> CardSpec:
    """The meaning of a card notation; ValueError naming it when it is not a card."""
    if notation in START_CARDS:
        return CardSpec(notation, START, START_CARDS[notation], enters=True)
    if notation in SPECIAL_CARDS:
        family = SPECIAL_CARDS[notation]
        return CardSpec(notation, family, (4,) if family == PARTNER else ())
    if notation.isdigit() and not notation.startswith("0"):
        return CardSpec(notation, NUMBER, (int(notation),))
    if notation.endswith(" x2") and _COLOUR_WORD.match(notation[:-3]):
        return CardSpec(notation, DOUBLE, colours=(notation[:-3],))
    first, slash, second = notation.partition("/")
    if slash and _COLOUR_WORD.match(first) and _COLOUR_WORD.match(second) and first != second:
        return CardSpec(notation, TWO_COLOUR, colours=(first, second))
    if _COLOUR_WORD.match(notation) and not notation.startswith("black"):
        return CardSpec(notation, COLOUR, colours=(notation,))
    match = _BLACK.match(notation)
    if match is not None:
        if match["value"] is not None:
            return CardSpec(notation, BLACK, (int(match["value"]),))
        low, high = int(match["low"]), int(match["high"])
        if 1 <= low <= high:
            return CardSpec(notation, BLACK, tuple(range(low, high + 1)))
    raise ValueError(f"unknown card notation {notation!r}")


def distinct(hand: Sequence[str]) -> list[str]:
    """The different cards of a hand, in the hand's order (each a separate choice)."""
    return list(dict.fromkeys(hand))


@attrs.frozen
class Deck:
    """The composition of a variant's deck: notation -> count, in a fixed order."""

    counts: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        return sum(count for _, count in self.counts)

    @property
    def notations(self) -> frozenset[str]:
        return frozenset(card for card, _ in self.counts)

    def cards(self) -> tuple[str, ...]:
        """Every card of the deck, in the canonical (unshuffled) order."""
        return tuple(card for card, count in self.counts for _ in range(count))

    def order(self, card: str) -> int:
        """Position of a card kind in the canonical order (for sorting hands)."""
        return _order_index(self.counts)[card]


@functools.cache
def _order_index(counts: tuple[tuple[str, int], ...]) -> dict[str, int]:
    return {card: index for index, (card, _) in enumerate(counts)}


@implements("BD-L-DECK", "BD-DECK", "AD-L-DECK", "KD-L-DECK", "KD-DECK")
def build_deck(layout: SpecTable, where: str) -> Deck:
    """The deck of a layout file: every notation known, counts positive, total as declared."""
    values = layout_values(layout, where)
    raw = values.get("deck")
    if not isinstance(raw, dict) or not raw:
        raise ValueError(f"{where}: 'deck' must map card notations to counts")
    counts: list[tuple[str, int]] = []
    colours = values.get("card_colours")
    for notation, count in raw.items():
        spec = card_spec(notation)
        if spec.colours and (
            not isinstance(colours, list) or not set(spec.colours) <= set(colours)
        ):
            raise ValueError(f"{where}: card {notation!r} shows a colour that is not a card colour")
        if not isinstance(count, int) or count <= 0:
            raise ValueError(f"{where}: card {notation!r} has count {count!r}; must be positive")
        counts.append((notation, count))
    deck = Deck(tuple(counts))
    declared = values.get("deck_total")
    if declared is not None and declared != deck.total:
        raise ValueError(f"{where}: the deck counts add up to {deck.total}, not {declared}")
    return deck


@functools.cache
def deck_for(variant: str) -> Deck:
    """The default deck of ``variant``."""
    relative = LAYOUT_FILES[variant]
    return build_deck(read_toml(relative), f"specs/{relative}")
