"""Cards: what a card notation means in one game (its catalogue), and a game's deck.

Cards travel through states as their notation strings (``"5"``, ``"1/11"``, ``"swap"``,
``"black:1-7"``, ``"blue x2"``). A notation means something only in a game: each variant
has a :class:`CardCatalogue` built from the kinds of card it knows, and its deck (layout
data) may hold only cards its catalogue reads.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Mapping, Sequence
from typing import Protocol

from dogrules.data.register import implements


class CardFamily(enum.StrEnum):
    """The kinds of card; each has one rule module (its mechanic)."""

    NUMBER = "number"
    START = "start"
    SWAP = "swap"
    MAGNET = "magnet"
    COPY = "copy"
    PARTNER = "partner"
    BLACK = "black"
    COLOUR = "colour"
    DOUBLE = "double"
    TWO_COLOUR = "two-colour"
    BONE = "bone"
    DOGSWAP = "dogswap"


# The cards' classes are frozen dataclasses, not attrs classes, as the board's: the compiled
# build makes them native classes (a catalogue's ``spec``, asked for every card listed, is a
# C call, and a spec's fields C struct fields).


@dataclasses.dataclass(frozen=True, slots=True)
class CardSpec:
    """What a card notation means: its family, the step counts it offers, the colours it
    shows, and the clauses that state its rule (cited when it is played)."""

    notation: str
    family: CardFamily
    steps: tuple[int, ...] = ()
    colours: tuple[str, ...] = ()
    clauses: tuple[str, ...] = ()


class CardKind(Protocol):
    """One kind of card a catalogue knows: reads the notations of that kind."""

    def read(self, notation: str) -> CardSpec | None: ...


@dataclasses.dataclass(frozen=True, slots=True)
class NumberCards:
    """Plain numbers ``2``, ``3``...: move one piece exactly that many steps."""

    clauses: tuple[str, ...]

    def read(self, notation: str) -> CardSpec | None:
        if notation.isdigit() and not notation.startswith("0"):
            return CardSpec(notation, CardFamily.NUMBER, (int(notation),), clauses=self.clauses)
        return None


@dataclasses.dataclass(frozen=True, slots=True)
class NamedCards:
    """Cards known by name (``swap``, ``1/11``...), each with its family, steps and clauses."""

    cards: Mapping[str, tuple[CardFamily, tuple[int, ...], tuple[str, ...]]]

    def read(self, notation: str) -> CardSpec | None:
        known = self.cards.get(notation)
        if known is None:
            return None
        family, steps, clauses = known
        return CardSpec(notation, family, steps, clauses=clauses)


_BLACK = re.compile(r"^black:(?:(?P<low>\d+)-(?P<high>\d+)|(?P<value>\d+))$")


@dataclasses.dataclass(frozen=True, slots=True)
class BlackCards:
    """Black cards: ``black:1-7`` (a value chosen from the range) or ``black:3`` (printed)."""

    chosen: tuple[str, ...]
    printed: tuple[str, ...]

    def read(self, notation: str) -> CardSpec | None:
        match = _BLACK.match(notation)
        if match is None:
            return None
        if match["value"] is not None:
            return CardSpec(
                notation, CardFamily.BLACK, (int(match["value"]),), clauses=self.printed
            )
        low, high = int(match["low"]), int(match["high"])
        if not 1 <= low <= high:
            return None
        return CardSpec(
            notation, CardFamily.BLACK, tuple(range(low, high + 1)), clauses=self.chosen
        )


_COLOUR_WORD = re.compile(r"^[a-z]+$")


@dataclasses.dataclass(frozen=True, slots=True)
class ColourCards:
    """DOG Kids colour cards: ``blue`` (colour move), ``blue x2`` (double step) and
    ``blue/red`` (two colours, one chosen), each with the clauses of its kind."""

    colour: tuple[str, ...]
    double: tuple[str, ...]
    two_colour: tuple[str, ...]

    def read(self, notation: str) -> CardSpec | None:
        if notation.endswith(" x2") and _COLOUR_WORD.match(notation[:-3]):
            return CardSpec(
                notation, CardFamily.DOUBLE, colours=(notation[:-3],), clauses=self.double
            )
        first, slash, second = notation.partition("/")
        if slash:
            if _COLOUR_WORD.match(first) and _COLOUR_WORD.match(second) and first != second:
                return CardSpec(
                    notation,
                    CardFamily.TWO_COLOUR,
                    colours=(first, second),
                    clauses=self.two_colour,
                )
            return None
        if _COLOUR_WORD.match(notation):
            return CardSpec(notation, CardFamily.COLOUR, colours=(notation,), clauses=self.colour)
        return None


@dataclasses.dataclass(frozen=True, eq=False, slots=True)
class CardCatalogue:
    """What each card notation means in one game: the first kind that reads it decides."""

    kinds: tuple[CardKind, ...]
    # Notations read so far (a catalogue is asked about the same few cards all game long).
    _read: dict[str, CardSpec | None] = dataclasses.field(
        default_factory=dict, init=False, repr=False
    )

    def spec(self, notation: str) -> CardSpec:
        """The meaning of ``notation``; ValueError naming it when this game has no such card."""
        try:
            spec = self._read[notation]
        except (KeyError, TypeError):
            spec = self._lookup(notation)
        if spec is None:
            raise ValueError(f"unknown card notation {notation!r}")
        return spec

    def knows(self, notation: str) -> bool:
        return isinstance(notation, str) and self._lookup(notation) is not None

    def _lookup(self, notation: object) -> CardSpec | None:
        if not isinstance(notation, str):
            return None
        found = self._read.get(notation, _UNREAD)
        if found is _UNREAD:
            found = next((s for k in self.kinds if (s := k.read(notation)) is not None), None)
            self._read[notation] = found
        return found if isinstance(found, CardSpec) else None


_UNREAD = object()


def distinct(hand: Sequence[str]) -> list[str]:
    """The different cards of a hand, in the hand's order (each a separate choice)."""
    return list(dict.fromkeys(hand))


@dataclasses.dataclass(frozen=True, slots=True)
class Deck:
    """The composition of a variant's deck: notation -> count, in a fixed order."""

    counts: tuple[tuple[str, int], ...]
    # Each card kind's position in the canonical order, worked out once: sorting a hand is
    # on every action's path.
    _index: dict[str, int] = dataclasses.field(init=False, repr=False, compare=False)
    # The card kinds, gathered once: every state checked and every action read asks.
    _notations: frozenset[str] = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = {card: position for position, (card, _) in enumerate(self.counts)}
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_notations", frozenset(index))

    @property
    def total(self) -> int:
        return sum(count for _, count in self.counts)

    @property
    def notations(self) -> frozenset[str]:
        return self._notations

    def cards(self) -> tuple[str, ...]:
        """Every card of the deck, in the canonical (unshuffled) order."""
        return tuple(card for card, count in self.counts for _ in range(count))

    def order(self, card: str) -> int:
        """Position of a card kind in the canonical order (for sorting hands)."""
        return self._index[card]

    def in_order(self, cards: Sequence[str]) -> tuple[str, ...]:
        """``cards`` sorted in the canonical order."""
        return tuple(sorted(cards, key=self._index.__getitem__))


@implements("BD-L-DECK", "BD-DECK", "AD-L-DECK", "KD-L-DECK", "KD-DECK")
def build_deck(values: Mapping[str, object], catalogue: CardCatalogue, where: str) -> Deck:
    """The deck of a layout's values: every notation a card of this game, counts positive,
    total as declared."""
    raw = values.get("deck")
    if not isinstance(raw, dict) or not raw:
        raise ValueError(f"{where}: 'deck' must map card notations to counts")
    counts: list[tuple[str, int]] = []
    colours = values.get("card_colours")
    for notation, count in raw.items():
        try:
            spec = catalogue.spec(notation)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc} in this game") from None
        if spec.colours and (
            not isinstance(colours, list) or not set(spec.colours) <= set(colours)
        ):
            raise ValueError(f"{where}: card {notation!r} shows a colour that is not a card colour")
        if not isinstance(count, int) or isinstance(count, bool) or count <= 0:
            raise ValueError(f"{where}: card {notation!r} has count {count!r}; must be positive")
        counts.append((notation, count))
    deck = Deck(tuple(counts))
    declared = values.get("deck_total")
    if declared is not None and declared != deck.total:
        raise ValueError(f"{where}: the deck counts add up to {deck.total}, not {declared}")
    return deck
