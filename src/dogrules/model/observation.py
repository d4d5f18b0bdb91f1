"""A typed view of what one seat may see, beside the JSON one of ``Variant.observe``.

``Variant.observation`` reads the JSON view (the one source of what a seat may see) into a
frozen :class:`Observation` with locations as ints (:func:`from_json`), and adds four public
facts the JSON view leaves out because no frontend needed them: whether the seat to act has
already discarded and drawn this turn (``redrawn``), the seats of a DOG Kids team card swap
under way and the seat that plays after it (``exchanging``, ``resume``), and how many
shuffles were made. Every seat at the table sees all four happen. ``extra`` is the variant's
own part of the state as the seat sees it (``VariantPart.seen``), what a state sampled from
the observation keeps.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from dogrules.geometry.board import Board
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import Extra, Phase, State


@attrs.frozen
class Observation:
    """What ``seat`` may see: the JSON view's keys, typed.

    ``hand`` is the seat's own hand in canonical order; ``hand_sizes`` every seat's number
    of cards; ``own_exchange`` the card this seat has set aside (None when none);
    ``setting_aside[s]`` whether seat ``s`` has set a card aside. ``pieces[s]`` the sorted
    locations of seat ``s``'s face-up pieces (HOME = -1 for each at home); ``flipped`` the
    sorted fields of the face-down pieces (Agent DOG), whose owners are not shown.
    ``black_dog`` the Black Dog's field (None when not on the board). The last four fields are
    the public facts the JSON view leaves out (see the module docstring)."""

    variant: str
    players: int
    teams: bool
    seat: int
    phase: Phase
    to_act: int
    round: int
    dealer: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    discard_size: int
    discard_top: str | None
    last_played: str | None
    own_exchange: str | None
    setting_aside: tuple[bool, ...]
    pieces: tuple[tuple[int, ...], ...]
    flipped: tuple[int, ...]
    black_dog: int | None
    winner: tuple[int, ...]
    redrawn: bool = False
    exchanging: tuple[int, ...] = ()
    resume: int | None = None
    shuffles: int = 1
    extra: Extra | None = None


@attrs.frozen
class PublicFacts:
    """The public facts of a state the JSON view leaves out (see the module docstring)."""

    redrawn: bool
    exchanging: tuple[int, ...]
    resume: int | None
    shuffles: int
    extra: Extra | None = None

    @classmethod
    def of(cls, state: State, seen: Extra | None = None) -> PublicFacts:
        """The public facts of ``state``, with ``seen``, its variant's own part as the seat
        sees it."""
        return cls(state.redrawn, state.exchanging, state.resume, state.shuffles, seen)


def from_json(view: Mapping[str, JSONValue], board: Board, public: PublicFacts) -> Observation:
    """The typed form of a JSON view of ``Variant.observe`` on ``board``."""
    players = _int(view, "players")
    seat = _int(view, "seat")
    seats = range(players)
    exchange = _mapping(view, "exchange")
    pieces = _mapping(view, "pieces")
    mine = exchange.get(str(seat))
    return Observation(
        variant=_str(view, "variant"),
        players=players,
        teams=bool(view["teams"]),
        seat=seat,
        phase=Phase(_str(view, "phase")),
        to_act=_int(view, "to_act"),
        round=_int(view, "round"),
        dealer=_int(view, "dealer"),
        hand=tuple(_texts(view["hand"])),
        hand_sizes=tuple(_int(_mapping(view, "hand_sizes"), str(s)) for s in seats),
        deck_size=_int(view, "deck_size"),
        discard_size=_int(view, "discard_size"),
        discard_top=_optional(view, "discard_top"),
        last_played=_optional(view, "last_played"),
        own_exchange=mine if isinstance(mine, str) else None,
        setting_aside=tuple(exchange.get(str(s)) is not None for s in seats),
        pieces=tuple(
            tuple(sorted(board.parse(label, s) for label in _texts(pieces[str(s)]))) for s in seats
        ),
        flipped=tuple(sorted(board.parse(label, seat) for label in _texts(view["flipped"]))),
        black_dog=None if view["black_dog"] is None else board.parse(_str(view, "black_dog"), 0),
        winner=tuple(_ints(view["winner"])),
        redrawn=public.redrawn,
        exchanging=public.exchanging,
        resume=public.resume,
        shuffles=public.shuffles,
        extra=public.extra,
    )


def _int(view: Mapping[str, JSONValue], key: str) -> int:
    value = view[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"observation key {key!r}: expected an integer, got {value!r}")
    return value


def _str(view: Mapping[str, JSONValue], key: str) -> str:
    value = view[key]
    if not isinstance(value, str):
        raise ValueError(f"observation key {key!r}: expected text, got {value!r}")
    return value


def _optional(view: Mapping[str, JSONValue], key: str) -> str | None:
    return None if view[key] is None else _str(view, key)


def _mapping(view: Mapping[str, JSONValue], key: str) -> dict[str, JSONValue]:
    value = view[key]
    if not isinstance(value, dict):
        raise ValueError(f"observation key {key!r}: expected an object, got {value!r}")
    return value


def _texts(value: JSONValue) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"expected a list of text, got {value!r}")
    return [str(item) for item in value]


def _ints(value: JSONValue) -> list[int]:
    items = value if isinstance(value, list) else None
    numbers = [n for n in items or () if isinstance(n, int) and not isinstance(n, bool)]
    if items is None or len(numbers) != len(items):
        raise ValueError(f"expected a list of integers, got {value!r}")
    return numbers
