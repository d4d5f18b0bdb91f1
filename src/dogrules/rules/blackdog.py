"""The Black Dog: its placement, its run, and the black cards that set it running."""

from __future__ import annotations

from collections.abc import Iterable

from dogrules.board import Board
from dogrules.clauses import implements
from dogrules.events import DOG_MOVED, DOG_PLACED, Event
from dogrules.rules.movement import number_targets
from dogrules.rules.table import Table
from dogrules.rules.turn import Candidates, Turn

DOG_CLAUSES = ("BD-DOG-CAPTURES", "BD-DOG-START-FIELDS", "BD-CLOCKWISE-DOG", "R-B2")
# With fewer seats than quadrants the dog also skips the unused colours' start fields.
DOG_CLAUSES_UNUSED_STARTS = (*DOG_CLAUSES, "R-B10")
CHOSEN_CLAUSES = ("BD-BLACK-CHOSEN", "BD-SEQUENCE", "R-B4")
PRINTED_CLAUSES = ("BD-BLACK-PRINTED", "BD-SEQUENCE", "R-B4")


@implements("BD-PLACE-BLACK-DOG", "R-B1")
def dog_placements(board: Board, table: Table) -> list[int]:
    """At setup the dealer (right of the first starter) puts the Black Dog on any free disc
    field."""
    return sorted(field for field in board.disc if field not in table.occupant)


def place_dog(table: Table, seat: int, field: int) -> None:
    table.dog = field
    table.record(
        Event(DOG_PLACED, ("BD-PLACE-BLACK-DOG", "R-B1"), seat=seat, dst=table.board.label(field))
    )


@implements("BD-DOG-START-FIELDS", "BD-CLOCKWISE-DOG", "R-B2", "R-B10")
def dog_path(board: Board, origin: int, steps: int) -> list[int]:
    """The fields the Black Dog steps on running ``steps`` clockwise from ``origin``: printed
    start fields (of every quadrant, used or not) are skipped and not counted."""
    path: list[int] = []
    field = origin
    while len(path) < steps:
        field = (field + 1) % board.track
        if field not in board.printed_starts:
            path.append(field)
    return path


@implements("BD-DOG-CAPTURES", "BD-DOG-IMMUNE", "BD-DOG-START-FIELDS", "R-B2")
def run_dog(table: Table, steps: int) -> None:
    """The Black Dog runs ``steps`` fields and captures every piece on a field it passes over
    or ends on; it is never captured itself and never enters a finish."""
    assert table.dog is not None
    board = table.board
    path = dog_path(board, table.dog, steps)
    origin = table.dog
    table.record(
        Event(
            DOG_MOVED,
            DOG_CLAUSES if board.players == board.quadrants else DOG_CLAUSES_UNUSED_STARTS,
            src=board.label(origin),
            dst=board.label(path[-1]),
            path=tuple(board.label(f) for f in path),
            count=steps,
        )
    )
    for field in path:
        if field in table.occupant:
            table.send_home(field, ("BD-DOG-CAPTURES", "R-B2"))
    table.dog = path[-1]


@implements("BD-BLACK-CHOSEN", "BD-BLACK-PRINTED", "BD-SEQUENCE", "R-B4")
def black_moves(turn: Turn, steps: Iterable[int], movers: Iterable[int]) -> Candidates:
    """A black card moves one of the seat's pieces by the value (chosen or printed), then the
    Black Dog by the same value; a value no piece can move is not playable."""
    table = turn.table
    board = turn.board
    dog = table.dog
    assert dog is not None
    movers = list(movers)
    for count in steps:
        # The moved piece keeps its landing only if the dog neither stands there nor runs over it.
        hunted = {dog, *dog_path(board, dog, count)}
        for origin in movers:
            owner = table.occupant[origin]
            for target in number_targets(board, table, owner, origin, count, turn.blocked):
                yield ((origin, target),), target in board.paws and target not in hunted
