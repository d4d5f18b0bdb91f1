"""The Partner card: 4 points split into ordered sub-moves over several pieces."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from dogrules.board import HOME
from dogrules.clauses import implements
from dogrules.rules.movement import number_targets, protected_fields, walk
from dogrules.rules.table import Table
from dogrules.rules.turn import Candidates, Turn

PARTNER_POINTS = 4
PARTNER_CLAUSES = ("BD-PARTNER", "R-C10")

Movers = Callable[[Table], list[int]]


@implements("BD-PARTNER", "BD-PARTNER-ANY", "BD-2P3P-PARTNER", "BD-FULL-MOVE", "R-C10", "R-B8")
def partner_moves(turn: Turn, movers: Movers, points: int = PARTNER_POINTS) -> Candidates:
    """Every ordered list of sub-moves (piece, k >= 1) whose counts add up to ``points``,
    never the same piece twice in a row, each a full number move on the board as the earlier
    sub-moves left it. ``movers`` lists the pieces that may be moved on a given table."""
    yield from _split(turn, turn.table, movers, points, None, ())


def _split(
    turn: Turn,
    table: Table,
    movers: Movers,
    points: int,
    last: int | None,
    done: tuple[tuple[int, int], ...],
) -> Iterator[tuple[tuple[tuple[int, int], ...], bool]]:
    board = turn.board
    blocked_now = protected_fields(board, table)
    paws = board.paws
    dog = table.dog
    # Landings on paws made by earlier sub-moves (a last sub-move may keep or undo them).
    paw_landings = [loc for loc in table.landed if loc in paws]
    for origin in movers(table):
        if origin == last:
            continue
        owner = table.occupant[origin]
        for count in range(points, 0, -1):
            for target in number_targets(board, table, owner, origin, count, blocked_now):
                moves = (*done, (origin, target))
                if count == points:
                    # The last sub-move: whether the disc turns follows without playing it out.
                    due = (target in paws and target != dog) or any(
                        loc != origin and loc != target for loc in paw_landings
                    )
                    yield moves, due
                    continue
                after = table.clone()
                walk(after, owner, origin, target, PARTNER_CLAUSES)
                if after.occupant.get(target) == owner and target in after.landed:
                    yield from _split(turn, after, movers, points - count, target, moves)
                else:
                    # The piece fell to the Black Dog: it is home and cannot be moved again.
                    yield from _split(turn, after, movers, points - count, HOME, moves)
