"""Agent DOG's secret agents: face-down pieces on holes, the 007 summons, the capture penalty."""

from __future__ import annotations

from collections.abc import Iterable

from dogrules.board import Board
from dogrules.clauses import implements
from dogrules.events import FLIPPED, SUMMONED, Event
from dogrules.rules.table import Table

SUMMON_CLAUSES = ("AD-MEETING", "AD-MEETING-ANY", "R-A4", "R-A11")
FLIP_CLAUSES = ("AD-FLIPPED",)


@implements("AD-FLIPPED", "AD-L-HOLES")
def is_flipped(board: Board, location: int) -> bool:
    """A piece is face down exactly while it stands on a hole; flipping is never stored."""
    return location in board.holes


@implements("AD-FLIPPED-MOVABLE", "AD-START-NO-FLIPPED", "R-A1", "R-A10", "R-A12")
def movable_flipped(board: Board, table: Table, seat: int, by_number: bool) -> list[int]:
    """The face-down pieces ``seat`` may move: any of them, except with a number move while
    one of its own pieces stands on its own start field."""
    if by_number and table.occupant.get(board.start[seat]) == seat:
        return []
    return [loc for loc in table.occupant if loc in board.holes]


@implements("AD-MEETING", "AD-MEETING-ANY", "AD-START-MOVE-ONLY", "R-A4", "R-A11")
def summon(table: Table) -> None:
    """For every meeting place a movement of this action ended on (in the order reached) whose
    piece is still there, the nearest piece behind it on the track, whatever its colour, face
    or field, is put directly behind the meeting place, onto a hole; it passes and captures
    nothing, and nothing happens if it already stands there or no other piece is on the track."""
    board = table.board
    track = board.track
    for meeting in [loc for loc in table.landed if loc in board.meetings]:
        if meeting not in table.occupant:
            continue
        behind = (meeting - 1) % track
        for distance in range(1, track):
            field = (meeting - distance) % track
            if field in table.occupant:
                if field != behind:
                    owner = table.occupant.pop(field)
                    table.landed.pop(field, None)
                    table.occupant[behind] = owner
                    table.record(
                        Event(
                            SUMMONED,
                            SUMMON_CLAUSES,
                            piece=owner,
                            src=board.label(field),
                            dst=board.label(behind),
                        )
                    )
                break


def flip_events(board: Board, events: Iterable[Event]) -> list[Event]:
    """The face-up / face-down changes the movements among ``events`` caused: a piece turns
    face down on arriving on a hole and face up on leaving one (a captured piece is revealed
    as it goes home); a swap of two face-down pieces leaves both face down."""
    holes = {board.label(h) for h in board.holes}
    changes: list[Event] = []
    for event in events:
        if event.kind not in MOVING_EVENTS:
            continue
        target = event.dst or "H"
        was_down, is_down = event.src in holes, target in holes
        if was_down != is_down:
            direction = "face down" if is_down else "face up"
            changes.append(
                Event(FLIPPED, FLIP_CLAUSES, piece=event.piece, dst=target, direction=direction)
            )
    return changes


MOVING_EVENTS = frozenset({"moved", "summoned", "entered", "captured"})


@implements("AD-OWN-CAPTURE-PENALTY", "R-A3", "R-A7")
def capture_penalty(captured: Iterable[int], seat: int, partner: int | None) -> bool:
    """Capturing a piece of one's own colour, or (team game) of the partner's, true colour
    counting even for a face-down piece, ends the actor's round after the action."""
    side = {seat} if partner is None else {seat, partner}
    return any(owner in side for owner in captured)
