"""Moving a piece by a number of steps: counting, passing, blocking, landing, finishing."""

from __future__ import annotations

from dogrules.board import HOME, Board
from dogrules.clauses import implements
from dogrules.events import ENTERED, FINISHED, MOVED, Event
from dogrules.rules.table import Table

MOVE_CLAUSES = ("BD-MOVE", "BD-PASSING", "R-C4")
CAPTURE_CLAUSES = ("BD-CAPTURE", "BD-ONE-PER-FIELD")
DOG_LANDING_CLAUSES = ("BD-DOG-LANDING", "R-B3")
FINISH_CLAUSES = ("BD-FINISH-ENTRY", "BD-FINISH-SAFE", "R-C6")
ENTER_CLAUSES = ("BD-ENTER", "R-C5")


@implements("BD-START-BLOCKS", "BD-START-PROTECTED", "R-C4")
def protected_fields(board: Board, table: Table) -> frozenset[int]:
    """Start fields held by a piece of their own colour: nobody passes, lands on or swaps them."""
    occupant = table.occupant
    return frozenset(start for seat, start in enumerate(board.start) if occupant.get(start) == seat)


@implements(
    "BD-MOVE",
    "BD-PASSING",
    "BD-FULL-MOVE",
    "BD-FINISH-ENTRY",
    "BD-FINISH-SAFE",
    "AD-FINISH-COLOUR",
    "R-C6",
    "R-A2",
)
def number_targets(
    board: Board, table: Table, owner: int, origin: int, steps: int, blocked: frozenset[int]
) -> list[int]:
    """Where a piece of ``owner`` on ``origin`` can end after exactly ``steps`` steps.

    On the track every field counts, occupied or not, but no protected start field may be
    passed or landed on; when the move passes over the owner's own start field (not starting
    on it) it may turn into the finish instead, where it may pass nothing and must end on a
    free field inside the lane. A piece already in its finish moves on inside it likewise.
    A piece only ever turns into the finish of its own colour, whoever moves it.
    """
    track = board.track
    occupant = table.occupant
    if origin >= track:
        k = board.lane_index(origin)
        if k + steps > board.finish:
            return []
        for location in range(origin + 1, origin + steps + 1):
            if location in occupant:
                return []
        return [origin + steps]
    to_start = (board.start[owner] - origin) % track
    lane_ok = 1 <= to_start < steps and steps - to_start <= board.finish
    track_ok = True
    for field in blocked:
        distance = (field - origin) % track
        if 1 <= distance <= steps:
            track_ok = False
            if distance <= to_start:
                lane_ok = False
    targets = []
    if track_ok:
        targets.append((origin + steps) % track)
    if lane_ok:
        first = board.lane(owner, 1)
        last = first + steps - to_start - 1
        if all(location not in occupant for location in range(first, last + 1)):
            targets.append(last)
    return targets


def number_distance(board: Board, owner: int, origin: int, target: int) -> int | None:
    """The step count of a number move from ``origin`` to ``target``, or None if none fits."""
    track = board.track
    if origin == HOME or target == HOME:
        return None
    if origin >= track:
        if target < track or board.lane_owner(target) != board.lane_owner(origin):
            return None
        return target - origin if target > origin else None
    if target < track:
        distance = (target - origin) % track
        return distance or None
    if board.lane_owner(target) != owner:
        return None
    to_start = (board.start[owner] - origin) % track
    return (to_start or track) + board.lane_index(target)


def number_path(board: Board, owner: int, origin: int, target: int) -> tuple[int, ...]:
    """Every field a number move from ``origin`` to ``target`` steps on, in order."""
    track = board.track
    if origin >= track:
        return tuple(range(origin + 1, target + 1))
    if target < track:
        steps = (target - origin) % track
        return tuple((origin + i) % track for i in range(1, steps + 1))
    start = board.start[owner]
    to_start = (start - origin) % track or track
    on_track = tuple((origin + i) % track for i in range(1, to_start + 1))
    return on_track + tuple(range(board.lane(owner, 1), target + 1))


def walk(table: Table, owner: int, origin: int, target: int, clauses: tuple[str, ...]) -> None:
    """Carry out a number move already known to be possible (see :func:`number_targets`).

    A piece on the target field is captured; a target holding the Black Dog captures the
    moving piece instead (R-B3). The landing is remembered for the disc turn (R-B5).
    """
    board = table.board
    occupant = table.occupant
    del occupant[origin]
    table.landed.pop(origin, None)
    if table.events is not None:
        path = number_path(board, owner, origin, target)
        table.record(
            Event(
                MOVED,
                clauses,
                piece=owner,
                src=board.label(origin),
                dst=board.label(target),
                path=tuple(board.label(f) for f in path),
                count=len(path),
            )
        )
        if target >= board.track and origin < board.track:
            table.record(Event(FINISHED, FINISH_CLAUSES, piece=owner, dst=board.label(target)))
    land(table, owner, target)


@implements("BD-CAPTURE", "BD-ONE-PER-FIELD", "BD-DOG-LANDING", "R-B3")
def land(table: Table, owner: int, target: int) -> None:
    """A moving piece ends on ``target``: whatever piece stands there is captured, even an
    own one; if the Black Dog stands there the moving piece itself is captured."""
    if target == table.dog:
        table.occupant[target] = owner
        table.send_home(target, DOG_LANDING_CLAUSES)
        return
    if target in table.occupant:
        table.send_home(target, CAPTURE_CLAUSES)
    table.occupant[target] = owner
    table.landed[target] = None


@implements("BD-ENTER", "R-C5")
def can_enter(board: Board, table: Table, owner: int) -> bool:
    """A start card brings a home piece of ``owner`` onto its start field, unless a piece of
    the same colour stands there."""
    return table.home[owner] > 0 and table.occupant.get(board.start[owner]) != owner


def enter(table: Table, owner: int) -> None:
    """Carry out an entry known to be possible: a piece of another colour there is captured."""
    board = table.board
    start = board.start[owner]
    table.home[owner] -= 1
    table.record(Event(ENTERED, ENTER_CLAUSES, piece=owner, src="H", dst=board.label(start)))
    if start in table.occupant:
        table.send_home(start, ("R-C5", "BD-CAPTURE"))
    table.occupant[start] = owner
