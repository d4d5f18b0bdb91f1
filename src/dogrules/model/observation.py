"""What one seat may see, typed: the frozen :class:`Observation` of ``Variant.observation``
(made straight from the state by ``dogrules.rules.secrecy.seen_by``, the one home of what a
seat may see), and the JSON view of ``Variant.observe`` written from it (:func:`to_json`).

Locations are ints here, names in the JSON view. The observation holds four public facts the
JSON view leaves out because no frontend needed them: whether the seat to act has
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
from dogrules.model.state import Extra, Phase


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


def to_json(
    board: Board, seen: Observation, parts: Mapping[str, JSONValue]
) -> dict[str, JSONValue]:
    """The JSON view of ``seen`` on ``board`` (``Variant.observe``): locations by their
    names, a card another seat has set aside as "hidden"; ``parts`` are the keys of the
    variants' own parts of a state as the seat sees them. The public facts are left out."""
    seat, seats = seen.seat, range(seen.players)
    return {
        "variant": seen.variant,
        "players": seen.players,
        "teams": seen.teams,
        "seat": seat,
        "phase": seen.phase.value,
        "to_act": seen.to_act,
        "round": seen.round,
        "dealer": seen.dealer,
        "hand": list(seen.hand),
        "hand_sizes": {str(s): seen.hand_sizes[s] for s in seats},
        "deck_size": seen.deck_size,
        "discard_size": seen.discard_size,
        "discard_top": seen.discard_top,
        "last_played": seen.last_played,
        "exchange": {
            str(s): seen.own_exchange if s == seat else "hidden" if seen.setting_aside[s] else None
            for s in seats
        },
        "pieces": {str(s): [board.label(loc) for loc in seen.pieces[s]] for s in seats},
        "flipped": [board.label(loc) for loc in seen.flipped],
        **parts,
        "winner": list(seen.winner),
    }
