"""DOG Kids movement: moving by colour along a dog's path, double steps, bones, the push.

A dog's path runs from its start field once round the track to the field before it, then
through its dog house F1..F3; it never laps. Moves never count steps: they look ahead along
the path for fields of a colour.
"""

from __future__ import annotations

import functools
from typing import Final

from dogrules.data.register import implements
from dogrules.engine.table import Table
from dogrules.geometry.board import HOME, Board
from dogrules.model.events import EventKind

COLOUR_CLAUSES: Final = ("KD-COLOUR", "KD-OTHER-COLOURS-SKIPPED", "R-K4")
THROW_CLAUSES: Final = ("KD-THROW-OUT", "R-K4")
PUSH_CLAUSES: Final = ("KD-TEAM-PUSH", "R-K4", "R-K9")


def bones_of(board: Board) -> frozenset[int]:
    """The bone fields of a coloured board."""
    return frozenset() if board.colour_track is None else board.colour_track.bones


@functools.cache
def dog_path(board: Board, seat: int) -> tuple[int, ...]:
    """The fields a dog of ``seat`` walks, in order: start field, the track once round, its
    dog house."""
    start = board.start[seat]
    track = tuple((start + i) % board.track for i in range(board.track))
    return track + tuple(board.lane(seat, k) for k in range(1, board.finish + 1))


@functools.cache
def path_index(board: Board, seat: int) -> dict[int, int]:
    return {field: index for index, field in enumerate(dog_path(board, seat))}


def path_between(board: Board, owner: int, origin: int, target: int) -> tuple[int, ...]:
    """The fields a dog of ``owner`` steps on from ``origin`` to ``target``, in order."""
    index = path_index(board, owner)
    return dog_path(board, owner)[index[origin] + 1 : index[target] + 1]


def fields_ahead(board: Board, seat: int, origin: int) -> tuple[int, ...]:
    """The fields ahead of a dog of ``seat`` standing on ``origin``, nearest first."""
    path = dog_path(board, seat)
    return path[path_index(board, seat)[origin] + 1 :]


@implements(
    "KD-COLOUR",
    "KD-TWO-COLOUR",
    "KD-JUMP-OWN",
    "KD-BONE-SAFE",
    "KD-BONE-FIELD",
    "KD-OTHER-COLOURS-SKIPPED",
    "KD-START-RISK",
    "KD-HOUSE-ENTRY",
    "KD-HOUSE-SAFE",
    "KD-MOVE-CLOCKWISE",
    "R-K4",
    "R-K8",
    "R-K12",
)
def colour_target(board: Board, table: Table, owner: int, origin: int, colour: str) -> int | None:
    """Where a dog of ``owner`` on ``origin`` goes with ``colour``: the next field of that
    colour on its path (a start field shows both its colours), going on to the next one when
    the field holds one of its own dogs, any dog on a bone field, or a dog in its house; None
    when no such field lies ahead (the card cannot move this dog)."""
    occupant = table.occupant
    bones = bones_of(board)
    track = board.track
    for field in fields_ahead(board, owner, origin):
        if colour not in board.colours_at(field):
            continue
        holder = occupant.get(field)
        if holder is None:
            return field
        if holder == owner or field in bones or field >= track:
            continue
        return field
    return None


@implements("KD-DOUBLE", "R-K5")
def double_target(board: Board, table: Table, owner: int, origin: int, colour: str) -> int | None:
    """A double step goes to the second free field of the colour ahead; occupied fields do
    not count and nobody is thrown out."""
    seen = 0
    for field in fields_ahead(board, owner, origin):
        if colour in board.colours_at(field) and field not in table.occupant:
            seen += 1
            if seen == 2:
                return field
    return None


@implements("KD-BONE", "KD-BONE-SAFE", "R-K6")
def bone_target(board: Board, table: Table, owner: int, origin: int) -> int | None:
    """A bone card takes a dog on the track to the next free bone field ahead on its path."""
    if origin >= board.track:
        return None
    for field in fields_ahead(board, owner, origin):
        if field in bones_of(board) and field not in table.occupant:
            return field
    return None


@implements("KD-TEAM-PUSH", "R-K4", "R-K9", "R-K10")
def landing_is_possible(
    table: Table,
    owner: int,
    origin: int,
    target: int,
    colour: str,
    teams: bool,
) -> bool:
    """A colour move may end on ``target`` unless it would push the partner's dog there and
    that dog (or one it pushes in turn) has no field of the colour ahead."""
    holder = table.occupant.get(target)
    if holder is None or not teams:
        return True
    if holder != _partner_of(table.board, owner, teams):
        return True
    scratch = table.clone()
    del scratch.occupant[origin]
    return _push(scratch, holder, target, colour, teams)


def _partner_of(board: Board, seat: int, teams: bool) -> int:
    """The dog owner a push of ``seat``'s dog moves on instead of throwing out: the partner
    in the team variant (without teams, only a seat's own dog would be)."""
    return board.partner(seat) if teams else seat


def _push(table: Table, dog_owner: int, field: int, colour: str, teams: bool) -> bool:
    """Push the dog on ``field`` on to its next field of ``colour``; False if it cannot go."""
    board = table.board
    target = colour_target(board, table, dog_owner, field, colour)
    if target is None:
        return False
    del table.occupant[field]
    # Told before the push it causes in turn, so the events read in the order things happen.
    table.tell_located(EventKind.PUSHED, PUSH_CLAUSES, field, target, piece=dog_owner)
    holder = table.occupant.get(target)
    if holder is not None:
        if holder == _partner_of(board, dog_owner, teams):
            if not _push(table, holder, target, colour, teams):
                return False
        else:
            table.send_home(target, THROW_CLAUSES)
    table.occupant[target] = dog_owner
    return True


def blocked_push(
    table: Table, owner: int, origin: int, target: int, colour: str, teams: bool
) -> tuple[int, int] | None:
    """The dog (owner, field) whose push fails when a dog of ``owner`` moves from ``origin``
    to ``target`` with ``colour``, or None if every push goes through."""
    scratch = table.clone()
    del scratch.occupant[origin]
    field = target
    pusher = owner
    while True:
        holder = scratch.occupant.get(field)
        if holder is None or holder != _partner_of(table.board, pusher, teams):
            return None
        onward = colour_target(table.board, scratch, holder, field, colour)
        if onward is None:
            return holder, field
        del scratch.occupant[field]
        scratch.occupant[field] = pusher
        pusher, field = holder, onward


@implements("KD-THROW-OUT", "KD-TEAM-PUSH", "R-K4")
def move_dog(
    table: Table,
    owner: int,
    origin: int,
    target: int,
    colour: str | None,
    teams: bool,
    clauses: tuple[str, ...],
) -> None:
    """Carry out a move known to be possible: a dog of another player on the target is thrown
    out to its home; the partner's dog (team variant) is pushed on instead."""
    board = table.board
    table.move_off(owner, origin, target, path_between, clauses, ("KD-HOUSE-ENTRY", "R-K8"))
    holder = table.occupant.get(target)
    if holder is not None:
        partner = _partner_of(board, owner, teams) if teams else None
        if holder == partner and colour is not None:
            pushed = _push(table, holder, target, colour, teams)
            assert pushed, "a push that cannot happen is never a legal move (R-K10)"
        else:
            table.send_home(target, THROW_CLAUSES)
    table.occupant[target] = owner


@implements("KD-ENTER", "KD-ENTER-AGAIN", "R-K3", "R-K11")
def can_enter_kids(board: Board, table: Table, owner: int, colours: tuple[str, ...]) -> bool:
    """A card showing a colour of the two-coloured start field brings a home dog onto it,
    unless one of the seat's own dogs stands there."""
    start = board.start[owner]
    return (
        table.home[owner] > 0
        and bool(board.colours_at(start) & set(colours))
        and table.occupant.get(start) != owner
    )


def enter_dog(table: Table, owner: int) -> None:
    """Carry out an entry: another player's dog on the start field is thrown out (R-K11)."""
    board = table.board
    start = board.start[owner]
    table.home[owner] -= 1
    table.tell_located(EventKind.ENTERED, ("KD-ENTER", "R-K3"), HOME, start, piece=owner)
    if start in table.occupant:
        table.send_home(start, ("KD-ENTER-AGAIN", "KD-THROW-OUT", "R-K3", "R-K11"))
    table.occupant[start] = owner
