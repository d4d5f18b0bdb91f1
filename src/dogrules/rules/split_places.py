"""Where the pieces of a split (:mod:`dogrules.rules.splits`) stand: by owner, as a state
holds them (:func:`occupancy`), or followed as individuals: after a sub-move, as
:func:`~dogrules.rules.movement.walk` says it went, and once the aftermath has moved
pieces."""

from __future__ import annotations

from collections.abc import Callable

from dogrules.engine.table import Table
from dogrules.geometry.board import HOME
from dogrules.rules.movement import Landing

# Where each followed piece stands, by its number (its rank among the starting fields):
# HOME once captured.
Where = tuple[int, ...]

# Every piece on the board by its field, with its owner, in board order.
Occupancy = tuple[tuple[int, int], ...]


def occupancy(table: Table) -> Occupancy:
    """Where the pieces on ``table`` stand, by owner: all a state holds of them besides the
    pieces at home, whose number follows (R-C15: pieces of one colour are not told apart)."""
    return tuple(sorted(table.occupant.items()))


def placed(where: Where, origin: int, target: int, done: Landing) -> Where:
    """``where`` after a sub-move from ``origin`` to ``target`` that goes as ``done`` says:
    the piece it captures is home, and so is the moving piece if the Black Dog takes it;
    otherwise the moving piece stands on ``target``."""
    places = list(where)
    if done.taken_by_dog:
        places[places.index(origin)] = HOME
        return tuple(places)
    if done.captured is not None:
        places[places.index(target)] = HOME
    places[places.index(origin)] = target
    return tuple(places)


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
