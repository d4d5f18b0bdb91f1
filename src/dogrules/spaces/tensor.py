"""The observation tensor: a typed :class:`~dogrules.spaces.observation.Observation` as one
flat float32 vector of a fixed length per variant and player count.

The vector is a concatenation of named sections (:func:`layout` lists them with their
offsets; docs/rl.md explains each). Rows "by seat" are relative to the observing seat: the
first is the seat itself, then the next clockwise, so one policy can play every seat; the
``seat`` section says which seat that is, for the board, whose columns are absolute: column 0
is home, column ``1 + n`` location ``n`` (track fields, then each seat's finish). Cards are
columns in deck order. Counts are raw (not scaled).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from dogrules.model.extras import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra("rl", "dogrules.spaces.tensor", exc) from exc

from dogrules.model.observation import Observation
from dogrules.model.state import Phase
from dogrules.spaces.ids import locations_of
from dogrules.variants import variant as variant_named

_PHASES = tuple(Phase)


@attrs.frozen
class Section:
    """One part of the tensor: ``name``, first index ``offset``, ``shape`` (rows, columns)
    and what it holds."""

    name: str
    offset: int
    shape: tuple[int, int]
    meaning: str

    @property
    def size(self) -> int:
        return self.shape[0] * self.shape[1]


@attrs.frozen
class Layout:
    """The sections of the tensor of one variant at a table of ``players``."""

    variant: str
    players: int
    cards: tuple[str, ...]
    sections: tuple[Section, ...]
    _named: dict[str, Section] = attrs.field(init=False, repr=False, eq=False)
    _card_columns: dict[str, int] = attrs.field(init=False, repr=False, eq=False)

    @_named.default
    def _by_name(self) -> dict[str, Section]:
        return {section.name: section for section in self.sections}

    @_card_columns.default
    def _by_card(self) -> dict[str, int]:
        return {card: n for n, card in enumerate(self.cards)}

    @property
    def size(self) -> int:
        last = self.sections[-1]
        return last.offset + last.size

    def section(self, name: str) -> Section:
        """The section called ``name`` (KeyError if there is none)."""
        return self._named[name]

    def at(self, name: str, row: int = 0, column: int = 0) -> int:
        """The index in the tensor of ``row``, ``column`` of the section called ``name``."""
        part = self._named[name]
        return part.offset + row * part.shape[1] + column

    def card_column(self, card: str) -> int:
        """The column of ``card`` in the card sections."""
        return self._card_columns[card]


def layout(variant: str, players: int) -> Layout:
    """The tensor layout of ``variant`` at a table of ``players``."""
    rules = variant_named(variant)
    board = rules.board(players)
    cards = tuple(card for card, _ in rules.deck.counts)
    places = locations_of(board)
    c, p = len(cards), players
    parts = [
        ("pieces", (p, places), "face-up pieces of each seat (by seat) on each location"),
        ("flipped", (1, places), "1 where a face-down piece lies (owner not shown)"),
        ("black_dog", (1, places), "1 where the Black Dog stands"),
        ("hand", (1, c), "how many of each card the seat holds"),
        ("own_exchange", (1, c), "the card the seat has set aside for the exchange"),
        ("discard_top", (1, c), "the top card of the discard pile"),
        ("last_played", (1, c), "the card a Copy would play now"),
        ("hand_sizes", (1, p), "how many cards each seat holds (by seat)"),
        ("setting_aside", (1, p), "1 for each seat with a card set aside (by seat)"),
        ("counts", (1, 4), "deck size, discard size, round, shuffles"),
        ("phase", (1, len(_PHASES)), "the phase: " + ", ".join(_PHASES)),
        ("to_act", (1, p), "the seat to act (by seat)"),
        ("dealer", (1, p), "the dealer (by seat)"),
        ("seat", (1, p), "the observing seat's number (absolute)"),
        ("winner", (1, p), "the winning seats (by seat)"),
        ("exchanging", (1, p), "seats in a DOG Kids team card swap under way (by seat)"),
        ("resume", (1, p), "the seat that plays after that swap (by seat)"),
        ("flags", (1, 2), "team game; the seat to act has discarded and drawn this turn"),
    ]
    return Layout(variant, players, cards, tuple(_placed(parts)))


def _placed(parts: list[tuple[str, tuple[int, int], str]]) -> Iterator[Section]:
    offset = 0
    for name, shape, meaning in parts:
        yield Section(name, offset, shape, meaning)
        offset += shape[0] * shape[1]


def tensor(observation: Observation, shape: Layout | None = None) -> npt.NDArray[np.float32]:
    """The observation as a flat float32 vector laid out as :func:`layout` says (pass the
    layout to save building it again)."""
    found = shape or layout(observation.variant, observation.players)
    out = np.zeros(found.size, dtype=np.float32)
    players, seat = observation.players, observation.seat

    def by_seat(name: str, seats: Iterable[int]) -> None:
        for s in seats:
            out[found.at(name, 0, (s - seat) % players)] = 1.0

    def card(name: str, which: str | None) -> None:
        if which is not None:
            out[found.at(name, 0, found.card_column(which))] = 1.0

    for s, locations in enumerate(observation.pieces):
        for location in locations:
            out[found.at("pieces", (s - seat) % players, location + 1)] += 1.0
    for location in observation.flipped:
        out[found.at("flipped", 0, location + 1)] = 1.0
    if observation.black_dog is not None:
        out[found.at("black_dog", 0, observation.black_dog + 1)] = 1.0
    for held in observation.hand:
        out[found.at("hand", 0, found.card_column(held))] += 1.0
    card("own_exchange", observation.own_exchange)
    card("discard_top", observation.discard_top)
    card("last_played", observation.last_played)
    for s, size in enumerate(observation.hand_sizes):
        out[found.at("hand_sizes", 0, (s - seat) % players)] = size
    by_seat("setting_aside", (s for s, aside in enumerate(observation.setting_aside) if aside))
    counts = found.at("counts")
    out[counts : counts + 4] = (
        observation.deck_size,
        observation.discard_size,
        observation.round,
        observation.shuffles,
    )
    out[found.at("phase", 0, _PHASES.index(observation.phase))] = 1.0
    by_seat("to_act", [observation.to_act])
    by_seat("dealer", [observation.dealer])
    out[found.at("seat", 0, seat)] = 1.0
    by_seat("winner", observation.winner)
    by_seat("exchanging", observation.exchanging)
    by_seat("resume", [] if observation.resume is None else [observation.resume])
    flags = found.at("flags")
    out[flags : flags + 2] = (float(observation.teams), float(observation.redrawn))
    return out
