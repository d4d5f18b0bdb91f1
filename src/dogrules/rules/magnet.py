"""The Magnet card: a piece is drawn to the field right behind the nearest piece ahead."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from dogrules.data.register import implements
from dogrules.engine.ruleset import Moves, Turn
from dogrules.engine.table import Table
from dogrules.geometry.cards import CardSpec
from dogrules.model.actions import Action
from dogrules.model.events import EventKind
from dogrules.model.results import Refusal
from dogrules.rules.numbers import check_one_move

MAGNET_CLAUSES: Final = ("BD-MAGNET", "BD-MAGNET-LIMITS", "R-B7")


@implements("BD-MAGNET", "BD-MAGNET-LIMITS", "R-B7", "R-B12")
def magnet_target(table: Table, origin: int) -> int | None:
    """The field directly behind the nearest piece (or the Black Dog) clockwise ahead of
    ``origin`` on the track; None when no other piece is on the track or the piece already
    stands directly behind it. Fields are counted as the track shows them, start fields
    included, even when the piece ahead is the Black Dog (R-B12)."""
    track = table.board.track
    occupant = table.occupant
    dog = table.dog
    for distance in range(1, track):
        field = (origin + distance) % track
        if field in occupant or field == dog:
            return None if distance == 1 else (field - 1) % track
    return None


def jump(table: Table, origin: int, target: int) -> None:
    """Carry out a magnet jump: the fields between are empty, so nothing is passed or captured."""
    owner = table.occupant.pop(origin)
    table.landed.pop(origin, None)
    table.occupant[target] = owner
    table.landed[target] = None
    table.tell_located(EventKind.JUMPED, MAGNET_CLAUSES, origin, target, piece=owner)


class MagnetCard:
    """One of the actor's pieces on the track jumps to the field behind the next piece."""

    def plays(self, turn: Turn, card: CardSpec) -> Iterator[Moves]:
        """Each piece of the seat on the track that the magnet can draw is one choice."""
        for origin in sorted(turn.table.on_track(turn.controlled)):
            target = magnet_target(turn.table, origin)
            if target is not None:
                yield ((origin, target),)

    def check(self, turn: Turn, card: CardSpec, action: Action) -> Refusal | None:
        refusal = check_one_move(card, action)
        if refusal is not None:
            return refusal
        board, table = turn.board, turn.table
        ((origin, target),) = action.moves
        if not 0 <= origin < board.track or table.occupant.get(origin) != turn.controlled:
            return Refusal(
                ("BD-MAGNET-LIMITS", "R-B7"),
                "the Magnet draws one of the seat's own pieces on the track",
            )
        where = magnet_target(table, origin)
        if where == target:
            return None
        if target >= board.track:
            return Refusal(
                ("BD-MAGNET-LIMITS", "R-B7"), "the Magnet never takes a piece into a finish"
            )
        if where is None:
            return Refusal(
                ("BD-MAGNET-LIMITS", "R-B7"),
                "the piece already stands right behind the next piece, or no other piece is on "
                "the track",
            )
        return Refusal(
            ("BD-MAGNET", "R-B7"),
            f"the Magnet takes the piece exactly to {board.label(where)}, right behind the "
            "nearest piece ahead",
        )

    def carry_out(self, table: Table, turn: Turn, card: CardSpec, action: Action) -> None:
        ((origin, target),) = action.moves
        jump(table, origin, target)
