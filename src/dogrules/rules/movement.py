"""Moving a piece by a number of steps: counting, passing, blocking, landing, finishing,
entering from home, and which pieces a seat may move."""

from __future__ import annotations

from typing import Final, NamedTuple

from dogrules.data.register import implements
from dogrules.engine.ruleset import GameRules, Turn
from dogrules.engine.table import Table
from dogrules.geometry.board import HOME, Board
from dogrules.model.events import Event, EventKind
from dogrules.model.results import Refusal

MOVE_CLAUSES: Final = ("BD-MOVE", "BD-PASSING", "R-C4")
CAPTURE_CLAUSES: Final = ("BD-CAPTURE", "BD-ONE-PER-FIELD")
DOG_LANDING_CLAUSES: Final = ("BD-DOG-LANDING", "R-B3")
FINISH_CLAUSES: Final = ("BD-FINISH-ENTRY", "BD-FINISH-SAFE", "R-C6")
ENTER_CLAUSES: Final = ("BD-ENTER", "R-C5")


@implements("BD-START-BLOCKS", "BD-START-PROTECTED", "R-C4")
def protected_fields(board: Board, table: Table, any_colour: bool) -> frozenset[int]:
    """Start fields held by a piece of their own colour (R-C4 own-colour), or by any piece
    (``any_colour``: R-C4 strict): nobody passes, lands on or swaps them."""
    occupant = table.occupant
    if any_colour:
        return frozenset(start for start in board.start if start in occupant)
    return frozenset(start for seat, start in enumerate(board.start) if occupant.get(start) == seat)


@implements("R-C4")
def any_colour_protects(game: GameRules) -> bool:
    """Whether a piece of any colour on a start field is protected (R-C4 strict), not only
    one of the field's own colour (R-C4 own-colour)."""
    return game.house_rules.chose("R-C4", "strict")


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
    if origin >= track:
        if board.lane_index(origin) + steps > board.finish or not _free(table, origin + 1, steps):
            return []
        return [origin + steps]
    to_start = (board.start[owner] - origin) % track
    onto_track = True
    into_finish = 1 <= to_start < steps and steps - to_start <= board.finish
    for field in blocked:
        distance = (field - origin) % track
        if 1 <= distance <= steps:
            onto_track = False
            if distance <= to_start:
                into_finish = False
    targets = [(origin + steps) % track] if onto_track else []
    if into_finish:
        first = board.lane(owner, 1)
        if _free(table, first, steps - to_start):
            targets.append(first + steps - to_start - 1)
    return targets


def _free(table: Table, first: int, count: int) -> bool:
    """Whether no piece stands on the ``count`` fields of a finish from ``first`` on."""
    return table.occupant.keys().isdisjoint(range(first, first + count))


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


def check_number_move(
    turn: Turn, origin: int, target: int, steps: tuple[int, ...], what: str
) -> Refusal | None:
    """Whether the piece on ``origin`` may go to ``target`` by one of ``steps``: decided by
    :func:`number_targets`; a refusal says which part of the move rule fails."""
    board, table = turn.board, turn.table
    owner = table.occupant[origin]
    distance = number_distance(board, owner, origin, target)
    if distance in steps and target in number_targets(
        board, table, owner, origin, distance, turn.blocked
    ):
        return None
    label = board.label
    if target >= board.track and board.lane_owner(target) != owner:
        return Refusal(
            ("BD-FINISH-ENTRY", "AD-FINISH-COLOUR", "R-C6", "R-A2"),
            f"a piece only ever enters the finish of its own colour, not {label(target, owner)}",
        )
    if target >= board.track and origin == board.start[owner]:
        return Refusal(
            ("BD-FINISH-ENTRY", "R-C6"),
            "a piece cannot turn into its finish straight from its start field: it must pass "
            "over the start field during the move",
        )
    if distance is None:
        if origin >= board.track:
            return Refusal(
                ("BD-FINISH-SAFE", "R-C6"), "a piece in its finish moves only forward inside it"
            )
        return Refusal(
            ("BD-MOVE",), f"{label(origin)} to {label(target, turn.seat)} is no forward move"
        )
    if distance not in steps:
        allowed = " or ".join(str(s) for s in steps)
        return Refusal(
            ("BD-FULL-MOVE", "BD-MOVE"),
            f"{label(origin, turn.seat)} to {label(target, turn.seat)} is {distance} steps; "
            f"{what} moves exactly {allowed}",
        )
    if origin < board.track:
        reach = distance if target < board.track else (board.start[owner] - origin) % board.track
        for field in sorted(turn.blocked, key=lambda f: (f - origin) % board.track):
            if 1 <= (field - origin) % board.track <= reach:
                whose = "its own" if table.occupant.get(field) == board.start_owner(field) else "a"
                return Refusal(
                    ("BD-START-PROTECTED", "BD-START-BLOCKS", "R-C4"),
                    f"the piece on {label(field)} stands on {whose} start field: it is "
                    "protected and cannot be passed or landed on",
                )
    # What is left: a finish field too far cannot be named (its lane index is at most
    # board.finish), and the start field was dealt with above, so a piece is in the way.
    return Refusal(
        ("BD-FINISH-SAFE", "R-C6"),
        "inside the finish no piece may be passed and the move must end on a free field",
    )


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


class Landing(NamedTuple):
    """What a number move does besides taking its piece off its origin: whose piece it
    captures on its target (None if none), whether that is the moving piece itself, taken by
    the Black Dog (R-B3), and whether a start field gains its protection (the piece reaches
    its own start field) or loses it (the piece leaves its own start field, or the piece it
    captures stood on its own) (R-C4)."""

    captured: int | None
    taken_by_dog: bool
    protects: bool
    unprotects: bool


@implements("BD-CAPTURE", "BD-ONE-PER-FIELD", "BD-DOG-LANDING", "R-B3", "R-C4")
def landing(board: Board, table: Table, owner: int, origin: int, target: int) -> Landing:
    """What a piece of ``owner`` moving from ``origin`` to ``target`` does: whatever piece
    stands on the target is captured, even an own one; if the Black Dog stands there the
    moving piece itself is captured. A piece protects its own start field while it stands
    there."""
    leaves_start = origin == board.start[owner]
    if target == table.dog:
        return Landing(owner, True, False, leaves_start)
    captured = table.occupant.get(target)
    captured_on_start = captured is not None and board.start[captured] == target
    protects = protects_start(board, table, owner, target)
    return Landing(captured, False, protects, leaves_start or captured_on_start)


@implements("BD-START-PROTECTED", "R-C4")
def protects_start(board: Board, table: Table, owner: int, target: int) -> bool:
    """Whether a piece of ``owner`` moving onto ``target`` protects a start field: it
    reaches its own start field (and the Black Dog does not stand there to take it)."""
    return target == board.start[owner] and target != table.dog


def walk(table: Table, owner: int, origin: int, target: int, clauses: tuple[str, ...]) -> Landing:
    """Carry out a number move already known to be possible (see :func:`number_targets`), as
    :func:`landing` says it goes; the landing is remembered for the disc turn (R-B5)."""
    done = landing(table.board, table, owner, origin, target)
    table.move_off(owner, origin, target, number_path, clauses, FINISH_CLAUSES)
    land(table, owner, target, done)
    return done


@implements("BD-CAPTURE", "BD-ONE-PER-FIELD", "BD-DOG-LANDING", "R-B3")
def land(table: Table, owner: int, target: int, done: Landing) -> None:
    """Put the moving piece of ``owner`` on ``target`` as ``done`` says: the piece there
    captured first, or the moving piece taken by the Black Dog."""
    if done.taken_by_dog:
        table.occupant[target] = owner
        table.send_home(target, DOG_LANDING_CLAUSES)
        return
    if done.captured is not None:
        table.send_home(target, CAPTURE_CLAUSES)
    table.occupant[target] = owner
    table.landed[target] = None


@implements("BD-ENTER", "R-C5", "R-C4")
def can_enter(board: Board, table: Table, owner: int, blocked: frozenset[int]) -> bool:
    """A start card brings a home piece of ``owner`` onto its start field, unless the piece
    standing there is protected (``blocked``: one of the same colour, R-C5; under R-C4 strict
    any piece)."""
    return table.home[owner] > 0 and board.start[owner] not in blocked


def check_entry(turn: Turn, target: int) -> Refusal | None:
    """Whether the controlled seat may bring a piece from home onto ``target``: decided by
    :func:`can_enter`."""
    board = turn.board
    owner = turn.controlled
    start = board.start[owner]
    if target == start and can_enter(board, turn.table, owner, turn.blocked):
        return None
    if target != start:
        return Refusal(
            ("BD-ENTER", "R-C5"),
            f"a piece of seat {owner} enters onto its own start field {board.label(start)}",
        )
    other = turn.table.occupant.get(start)
    if other is not None and other != owner and turn.table.home[owner] > 0:
        return Refusal(
            ("BD-ENTER", "BD-START-PROTECTED", "R-C5", "R-C4"),
            f"the piece on {board.label(start)} (seat {other}'s) is protected on a start field",
        )
    return Refusal(
        ("BD-ENTER", "R-C5"),
        f"seat {owner} has no piece at home or its start field already holds one of its pieces",
    )


def enter(table: Table, owner: int) -> None:
    """Carry out an entry known to be possible: a piece of another colour there is captured."""
    board = table.board
    start = board.start[owner]
    table.home[owner] -= 1
    if table.events is not None:
        table.record(
            Event(EventKind.ENTERED, ENTER_CLAUSES, piece=owner, src="H", dst=board.label(start))
        )
    if start in table.occupant:
        table.send_home(start, ("R-C5", "BD-CAPTURE"))
    table.occupant[start] = owner


class OwnPieces:
    """A number moves one of the pieces of the seat the actor moves (its own, or per R-C8 its
    partner's)."""

    @implements("BD-OWN-PIECES", "BD-TEAM-PLAY", "R-C8")
    def movers(self, turn: Turn) -> list[int]:
        """The pieces off home of the seat the actor moves."""
        return sorted(
            location for location, seat in turn.table.occupant.items() if seat == turn.controlled
        )

    def check(self, turn: Turn, origin: int) -> Refusal | None:
        if origin in self.movers(turn):
            return None
        return refuse_mover(turn, origin)


def refuse_mover(turn: Turn, origin: int) -> Refusal:
    """Why the piece on ``origin`` is not one the actor may move with a number."""
    board = turn.board
    owner = turn.table.occupant.get(origin)
    if owner is None:
        return Refusal(("BD-MOVE",), f"there is no piece on {board.label(origin, turn.seat)}")
    if turn.controlled != turn.seat:
        return Refusal(
            ("BD-TEAM-PLAY", "R-C8"),
            f"seat {turn.seat} has all its pieces home in its finish and now moves only seat "
            f"{turn.controlled}'s pieces",
        )
    return Refusal(
        ("BD-OWN-PIECES", "R-C8"),
        f"the piece on {board.label(origin, turn.seat)} is seat {owner}'s; a seat moves only its "
        "own pieces",
    )
