"""The Swap card: two pieces on the track change places."""

from __future__ import annotations

from collections.abc import Iterable

from dogrules.clauses import implements
from dogrules.events import SWAPPED, Event
from dogrules.rules.table import Table
from dogrules.rules.turn import Candidates

SWAP_CLAUSES = ("BD-SWAP", "R-B6")


@implements("BD-SWAP", "BD-DOG-IMMUNE", "BD-START-PROTECTED", "R-B6")
def swaps(pairs: Iterable[tuple[int, int]]) -> Candidates:
    """Every allowed pair is one choice; a swap never turns the disc."""
    for first, second in pairs:
        yield ((first, second),), False


def swap(table: Table, first: int, second: int, clauses: tuple[str, ...] = SWAP_CLAUSES) -> None:
    """Exchange the pieces on two fields; nothing is captured and no landing is recorded."""
    occupant = table.occupant
    occupant[first], occupant[second] = occupant[second], occupant[first]
    board = table.board
    table.record(Event(SWAPPED, clauses, src=board.label(first), dst=board.label(second)))
