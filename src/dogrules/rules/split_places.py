"""Where the pieces of a split (:mod:`dogrules.rules.splits`) stand: by owner, as a state
holds them (:func:`seated`), or followed as individuals: after a sub-move, as
:func:`~dogrules.rules.movement.walk` says it went, and once the aftermath has moved
pieces; and which of them stand where their movement ended (:func:`landed`)."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Hashable, Iterable, Mapping

from dogrules.engine.table import Table
from dogrules.geometry.board import HOME
from dogrules.rules.movement import Landing

# Where each followed piece stands, by its number (its rank among the starting fields):
# HOME once captured.
Where = tuple[int, ...]

# The locations of each seat's pieces (HOME for a piece at home), each seat's in order: what a
# state holds of them, so that pieces of one colour are not told apart (R-C15).
Seated = tuple[tuple[int, ...], ...]


def seated(where: Seated, owner: int, origin: int, target: int, done: Landing) -> Seated:
    """``where`` after a sub-move of a piece of ``owner`` from ``origin`` to ``target`` that
    goes as ``done`` says: the piece it captures is home, and so is the moving piece if the
    Black Dog takes it; otherwise the moving piece stands on ``target``."""
    places = list(where)
    if done.taken_by_dog:
        places[owner] = _relocated(places[owner], origin, HOME)
        return tuple(places)
    if done.captured is not None:
        places[done.captured] = _relocated(places[done.captured], target, HOME)
    places[owner] = _relocated(places[owner], origin, target)
    return tuple(places)


def _relocated(locations: tuple[int, ...], old: int, new: int) -> tuple[int, ...]:
    """A seat's locations, in order, with the piece on ``old`` put on ``new``."""
    moved = list(locations)
    moved.remove(old)
    bisect.insort(moved, new)
    return tuple(moved)


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


def landed(landings: Iterable[int], origin: int, target: int, done: Landing) -> tuple[int, ...]:
    """The fields where pieces the actor moved stand where their movement ended, in the order
    reached, after a sub-move from ``origin`` to ``target`` that goes as ``done`` says
    (``landings``: those before it, as :func:`~dogrules.rules.movement.walk` keeps them):
    the piece on ``origin`` moves on, a piece captured on ``target`` is home, and the moving
    piece ends on ``target`` unless the Black Dog takes it (R-B5)."""
    kept = [location for location in landings if location != origin and location != target]
    if not done.taken_by_dog:
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


# The pieces off home followed as individuals (:data:`Where`), their owners by piece number,
# and the numbers of those lying face down.
Followed = tuple[Where, tuple[int, ...], tuple[int, ...]]


def followed(occupant: Mapping[int, int], unseen: frozenset[int]) -> Followed:
    """The pieces of ``occupant`` numbered in board order: where each stands, its owner, and
    which stand on ``unseen`` fields (face down, showing the acting seat no colour)."""
    where = tuple(sorted(occupant))
    owners = tuple(occupant[location] for location in where)
    hidden = tuple(n for n, location in enumerate(where) if location in unseen)
    return where, owners, hidden


def as_seen(where: Where, owners: tuple[int, ...], hidden: tuple[int, ...]) -> Hashable:
    """``where`` as a seat tells it apart that knows the owners (``owners``, by piece number)
    of all pieces but ``hidden`` (face down when it looked, R-A9): those followed as
    individuals, the others only as a seat's pieces on fields, as a state holds them (R-C15)."""
    unknown = frozenset(hidden)
    known = sorted(
        (owners[piece], location) for piece, location in enumerate(where) if piece not in unknown
    )
    return tuple(known), tuple(where[piece] for piece in hidden)
