"""Where the pieces a split search follows (:mod:`dogrules.rules.splits`) stand after a
sub-move, and which landings it leaves, worked out without carrying the sub-move out; and
where they stand once the aftermath has moved pieces."""

from __future__ import annotations

from collections.abc import Callable

from dogrules.engine.table import Table
from dogrules.geometry.board import HOME, Board

# Where each followed piece stands, by its number (its rank among the starting fields):
# HOME once captured.
Where = tuple[int, ...]


def placed(where: Where, origin: int, target: int, moved: int, captures: bool) -> Where:
    """``where`` after a sub-move from ``origin`` to ``target`` that left its piece on
    ``moved`` (HOME if the Black Dog took it): a piece it captured (if ``captures``: a piece
    stood on ``target``) is home."""
    places = list(where)
    if captures:
        places[places.index(target)] = HOME
    places[places.index(origin)] = moved
    return tuple(places)


def landings_after(table: Table, origin: int, target: int, moved: int) -> tuple[int, ...]:
    """The landings left after a sub-move from ``origin`` to ``target`` on ``table``, in the
    order reached: every earlier one but those it moved off or captured, then its own
    (``moved``: where its piece stands, HOME if the Black Dog took it, leaving none)."""
    landed = table.landed
    kept = list(landed)
    # Plain list operations: this runs for every sub-move tried (a comprehension is slower).
    if origin in landed:
        kept.remove(origin)
    if target in landed:
        kept.remove(target)
    if moved != HOME:
        kept.append(target)
    return tuple(kept)


def settled(
    settle: Callable[[Table], None], table: Table, where: Where, landings: tuple[int, ...]
) -> Where:
    """``where`` once the aftermath has moved pieces (``landings``: those that set it
    moving). It moves pieces the same way whoever owns them, so it runs on a scratch table
    holding the pieces' numbers for their owners."""
    followed = {location: piece for piece, location in enumerate(where) if location != HOME}
    numbered = Table(table.board, followed, [], table.dog, None)
    numbered.landed = dict.fromkeys(landings)
    settle(numbered)
    places = [HOME] * len(where)
    for location, piece in numbered.occupant.items():
        places[piece] = location
    return tuple(places)


def stuck(board: Board, occupant: dict[int, int], location: int) -> bool:
    """Whether the piece on ``location`` stands in a finish with every field ahead of it
    taken: no sub-move of a split can move it (R-C6: it passes nothing there), and none frees
    a field ahead (the pieces on them are stuck too, and nothing lands on a taken finish
    field)."""
    if location < board.track:
        return False
    last = location + board.finish - board.lane_index(location)
    return all(field in occupant for field in range(location + 1, last + 1))
