"""The Magnet card: a piece is drawn to the field right behind the nearest piece ahead."""

from __future__ import annotations

from collections.abc import Iterable

from dogrules.clauses import implements
from dogrules.events import JUMPED, Event
from dogrules.rules.table import Table
from dogrules.rules.turn import Candidates, Turn

MAGNET_CLAUSES = ("BD-MAGNET", "BD-MAGNET-LIMITS", "R-B7")


@implements("BD-MAGNET", "BD-MAGNET-LIMITS", "R-B7")
def magnet_target(table: Table, origin: int) -> int | None:
    """The field directly behind the nearest piece (or the Black Dog) clockwise ahead of
    ``origin`` on the track; None when no other piece is on the track or the piece already
    stands directly behind it."""
    track = table.board.track
    occupant = table.occupant
    dog = table.dog
    for distance in range(1, track):
        field = (origin + distance) % track
        if field in occupant or field == dog:
            return None if distance == 1 else (field - 1) % track
    return None


def magnet_moves(turn: Turn, movers: Iterable[int]) -> Candidates:
    """Each piece on the track among ``movers`` that the magnet can draw is one choice."""
    paws = turn.board.paws
    for origin in movers:
        target = magnet_target(turn.table, origin)
        if target is not None:
            yield ((origin, target),), target in paws


def jump(table: Table, origin: int, target: int) -> None:
    """Carry out a magnet jump: the fields between are empty, so nothing is passed or captured."""
    owner = table.occupant.pop(origin)
    table.landed.pop(origin, None)
    table.occupant[target] = owner
    table.landed[target] = None
    board = table.board
    table.record(
        Event(JUMPED, MAGNET_CLAUSES, piece=owner, src=board.label(origin), dst=board.label(target))
    )
