"""The rotating disc of Black DOG: when it must turn, and what a turn does."""

from __future__ import annotations

from dogrules.clauses import implements
from dogrules.events import CARRIED, DISC_TURNED, Event
from dogrules.rules.table import Table

DIRECTIONS = ("cw", "ccw")
TURN_CLAUSES = ("BD-DISC-TURN", "BD-DISC-TURN-LAST", "BD-DISC-DIRECTION", "BD-SEQUENCE", "R-B5")
CARRY_CLAUSES = ("BD-DISC-CARRIES", "BD-L-DISC")


@implements(
    "BD-DISC-TURN",
    "BD-DISC-BY-MAGNET",
    "BD-DISC-NOT-BY-SWAP",
    "BD-DISC-CAPTURED-NO-TURN",
    "BD-DOG-NO-DISC-TURN",
    "BD-PARTNER-DISC-ONCE",
    "R-B5",
)
def disc_turn_due(table: Table) -> bool:
    """The disc must turn once when, at the end of the action, a piece the actor moved by a
    move, a Partner sub-move or the Magnet still stands where that movement ended, on a paw.

    Only those movements record a landing; a swap, a Black Dog run or a capture after the
    landing leaves no landing on the field, so they never cause a turn.
    """
    paws = table.board.paws
    return any(location in paws for location in table.landed)


@implements("BD-DISC-TURN-LAST", "BD-DISC-DIRECTION", "BD-DISC-CARRIES", "BD-SEQUENCE", "BD-L-DISC")
def turn_disc(table: Table, seat: int, direction: str) -> None:
    """Turn the disc 90 degrees in the chosen direction, last of all: every piece on it, the
    Black Dog included, moves with it to the same field of the next quadrant."""
    board = table.board
    mapping = board.rotate_cw if direction == "cw" else board.rotate_ccw
    moved = {mapping[loc]: owner for loc, owner in table.occupant.items() if loc in mapping}
    table.record(Event(DISC_TURNED, TURN_CLAUSES, seat=seat, direction=direction))
    if table.events is not None:
        for location, owner in sorted(table.occupant.items()):
            if location in mapping:
                carried = board.label(mapping[location])
                table.record(
                    Event(
                        CARRIED, CARRY_CLAUSES, piece=owner, src=board.label(location), dst=carried
                    )
                )
        if table.dog is not None and table.dog in mapping:
            carried = board.label(mapping[table.dog])
            table.record(Event(CARRIED, CARRY_CLAUSES, src=board.label(table.dog), dst=carried))
    for location in list(table.occupant):
        if location in mapping:
            del table.occupant[location]
    table.occupant.update(moved)
    if table.dog is not None and table.dog in mapping:
        table.dog = mapping[table.dog]
    table.landed.clear()
