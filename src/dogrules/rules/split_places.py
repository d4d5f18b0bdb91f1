"""Where the pieces of a split (:mod:`dogrules.rules.splits`) stand: by owner, as a state
holds them (:func:`seated`), or followed as individuals: after a sub-move, as
:func:`~dogrules.rules.movement.walk` says it went, and once the aftermath has moved
pieces."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Hashable

from dogrules.engine.table import Table
from dogrules.geometry.board import HOME
from dogrules.rules.disc import DiscPieces
from dogrules.rules.movement import Landing

# Where each followed piece stands, by its number (its rank among the starting fields):
# HOME once captured.
Where = tuple[int, ...]

# The locations of each seat's pieces (HOME for a piece at home), each seat's in order: what a
# state holds of them, so that pieces of one colour are not told apart (R-C15).
Seated = tuple[tuple[int, ...], ...]

# A state's pieces in two parts: each seat's off the disc (as :data:`Seated`), and who stands
# on each field of the disc (:data:`~dogrules.rules.disc.DiscPieces`; none without a disc
# turn), so that a quarter turn of the disc changes the second part alone (R-B5). The two
# parts tell states apart as the whole does.
Parts = tuple[Seated, DiscPieces]


def parted(pieces: Seated, disc: tuple[int, ...]) -> Parts:
    """``pieces`` in their two parts, ``disc`` the disc's fields in board order."""
    owners = {location: seat for seat, locations in enumerate(pieces) for location in locations}
    off = tuple(tuple(location for location in seat if location not in disc) for seat in pieces)
    return off, tuple(owners.get(field) for field in disc)


def seated(
    where: Parts, disc: tuple[int, ...], owner: int, origin: int, target: int, done: Landing
) -> Parts:
    """``where`` (``disc``: the disc's fields in board order) after a sub-move of a piece of
    ``owner`` from ``origin`` to ``target`` that goes as ``done`` says: the piece it captures
    is home, and so is the moving piece if the Black Dog takes it; otherwise the moving piece
    stands on ``target``."""
    seats, on_disc = list(where[0]), list(where[1])
    if done.taken_by_dog:
        _relocate(seats, on_disc, disc, owner, origin, HOME)
    else:
        if done.captured is not None:
            _relocate(seats, on_disc, disc, done.captured, target, HOME)
        _relocate(seats, on_disc, disc, owner, origin, target)
    return tuple(seats), tuple(on_disc)


def _relocate(
    seats: list[tuple[int, ...]],
    on_disc: list[int | None],
    disc: tuple[int, ...],
    seat: int,
    old: int,
    new: int,
) -> None:
    """Put the piece of ``seat`` on ``old`` on ``new``: each seat's locations off the disc in
    order (``seats``), who stands on each field of the disc (``on_disc``)."""
    locations = list(seats[seat])
    if old in disc:
        on_disc[disc.index(old)] = None
    else:
        locations.remove(old)
    if new in disc:
        on_disc[disc.index(new)] = seat
    else:
        bisect.insort(locations, new)
    seats[seat] = tuple(locations)


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


def as_seen(where: Where, owners: tuple[int, ...], hidden: tuple[int, ...]) -> Hashable:
    """``where`` as a seat tells it apart that knows the owners (``owners``, by piece number)
    of all pieces but ``hidden`` (face down when it looked, R-A9): those followed as
    individuals, the others only as a seat's pieces on fields, as a state holds them (R-C15)."""
    unknown = frozenset(hidden)
    known = sorted(
        (owners[piece], location) for piece, location in enumerate(where) if piece not in unknown
    )
    return tuple(known), tuple(where[piece] for piece in hidden)
