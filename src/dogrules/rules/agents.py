"""Agent DOG's secret agents: face-down pieces on holes (who may move them, the Swap of two
of them, Partner points on them), the 007 summons and the penalty for capturing one's own
side."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from dogrules.data.register import implements
from dogrules.engine.cardtable import CardTable
from dogrules.engine.ruleset import Turn
from dogrules.engine.table import Record, Table, written
from dogrules.geometry.board import Board
from dogrules.geometry.cards import CardSpec
from dogrules.model.actions import Action
from dogrules.model.events import Event, EventKind
from dogrules.model.results import Refusal
from dogrules.rules.movement import refuse_mover
from dogrules.rules.splits import Movable
from dogrules.rules.swap import PairSwap, swap

SUMMON_CLAUSES: Final = ("AD-MEETING", "AD-MEETING-ANY", "R-A4", "R-A11")
FLIP_CLAUSES: Final = ("AD-FLIPPED",)
SWAP_CLAUSES: Final = ("AD-SWAP", "R-A5")
MOVING_EVENTS: Final = frozenset(
    {EventKind.MOVED, EventKind.SUMMONED, EventKind.ENTERED, EventKind.CAPTURED}
)


@implements("AD-FLIPPED", "AD-L-HOLES")
def face_down_fields(board: Board) -> frozenset[int]:
    """A piece is face down exactly while it stands on a hole; flipping is never stored."""
    return frozenset() if board.holes is None else board.holes.holes


def is_flipped(board: Board, location: int) -> bool:
    """Whether a piece on ``location`` lies face down (see :func:`face_down_fields`)."""
    return location in face_down_fields(board)


@implements("AD-FLIPPED-MOVABLE", "AD-START-NO-FLIPPED", "R-A1", "R-A10", "R-A12")
def movable_flipped(board: Board, table: Table, seat: int, by_number: bool) -> list[int]:
    """The face-down pieces ``seat`` may move: any of them, except with a number move while
    one of its own pieces stands on its own start field."""
    if by_number and table.occupant.get(board.start[seat]) == seat:
        return []
    down = face_down_fields(board)
    return [loc for loc in table.occupant if loc in down]


class OwnOrFaceDown:
    """A number moves one of the seat's face-up pieces or any face-down piece (unless one of
    the seat's own pieces stands on its own start field, R-A1)."""

    @implements("AD-OWN-PIECES", "AD-FLIPPED-MOVABLE", "AD-START-NO-FLIPPED", "R-A1")
    def movers(self, turn: Turn) -> list[int]:
        board, table = turn.board, turn.table
        down = face_down_fields(board)
        controlled = turn.controlled
        face_up = [
            loc for loc, seat in table.occupant.items() if seat == controlled and loc not in down
        ]
        flipped = movable_flipped(board, table, turn.seat, by_number=True)
        return sorted({*face_up, *flipped})

    def check(self, turn: Turn, origin: int) -> Refusal | None:
        if origin in self.movers(turn):
            return None
        if turn.table.occupant.get(origin) is not None and is_flipped(turn.board, origin):
            return Refusal(
                ("AD-START-NO-FLIPPED", "R-A1"),
                f"seat {turn.seat} has a piece on its own start field, so its number moves may "
                "not move face-down pieces",
            )
        return refuse_mover(turn, origin)


@implements("AD-SWAP", "AD-SWAP-BLIND", "R-A5")
def face_down_pairs(turn: Turn) -> list[tuple[int, int]]:
    """Any two face-down pieces the seat may move, whoever's they are."""
    flipped = sorted(movable_flipped(turn.board, turn.table, turn.seat, by_number=False))
    return [(a, b) for i, a in enumerate(flipped) for b in flipped[i + 1 :]]


class FaceDownSwap(PairSwap):
    """Agent DOG's Swap exchanges two face-down pieces, whoever's they are (R-A5)."""

    # The rule is the marked function: mypyc compiles no marked method that overrides one.
    def pairs(self, turn: Turn) -> list[tuple[int, int]]:
        return face_down_pairs(turn)

    def refuse_pair(self, turn: Turn, pair: tuple[int, int]) -> Refusal:
        board = turn.board
        for field in pair:
            if not is_flipped(board, field):
                return Refusal(
                    SWAP_CLAUSES,
                    f"the piece on {board.label(field)} is not face down (Swap takes two pieces "
                    "on holes)",
                )
            if field not in turn.table.occupant:
                return Refusal(SWAP_CLAUSES, f"there is no piece on {board.label(field)}")
        return Refusal(
            SWAP_CLAUSES, "Swap exchanges two face-down pieces (pieces standing on holes)"
        )

    def carry_out(self, table: Table, turn: Turn, card: CardSpec, action: Action) -> None:
        ((first, second),) = action.moves
        swap(table, first, second, SWAP_CLAUSES)


class AgentPartnerTargets:
    """Partner moves own, partner and face-down pieces; any piece with 2 or 3 players or
    once a seat of the acting team has all its pieces in its finish (R-A6)."""

    rule = "only own, partner and face-down pieces until a seat of the team has all its pieces home"
    clauses: tuple[str, ...] = ("AD-PARTNER", "AD-PARTNER-ANY", "R-A6")

    @implements("AD-PARTNER", "AD-PARTNER-ANY", "AD-2P3P-PARTNER", "R-A6")
    def movable(self, turn: Turn, table: Table) -> Movable:
        """Own, partner and face-down pieces (a piece's face is where it stands), or any piece
        once a seat of the team has all its pieces home on ``table``."""
        partner, board = turn.partner, turn.board
        if partner is None or table.all_in_finish(turn.seat) or table.all_in_finish(partner):
            return lambda location, owner: True
        side = {turn.seat, partner}
        down = face_down_fields(board)
        return lambda location, owner: owner in side or location in down


@implements("AD-MEETING", "AD-MEETING-ANY", "AD-START-MOVE-ONLY", "R-A4", "R-A11")
def summon(table: Table) -> None:
    """For every meeting place a movement of this action ended on (in the order reached) whose
    piece is still there, the nearest piece behind it on the track, whatever its colour, face
    or field, is put directly behind the meeting place, onto a hole; it passes and captures
    nothing, and nothing happens if it already stands there or no other piece is on the track."""
    board = table.board
    if board.holes is None:
        return
    meetings = board.holes.meetings
    track = board.track
    for meeting in [loc for loc in table.landed if loc in meetings]:
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
                    table.tell_located(
                        EventKind.SUMMONED, SUMMON_CLAUSES, field, behind, piece=owner
                    )
                break


def with_flips(records: Sequence[Record], board: Board) -> tuple[Event, ...]:
    """The events of ``records``, each movement followed by the face-up / face-down change it
    caused: a piece turns face down on arriving on a hole and face up on leaving one (a
    captured piece is revealed as it goes home); a swap of two face-down pieces leaves both
    face down."""
    events = written(board, records)
    if board.holes is None:
        return events
    holes = {board.label(h) for h in board.holes.holes}
    flipped: list[Event] = []
    for event in events:
        flipped.append(event)
        if event.kind not in MOVING_EVENTS:
            continue
        target = event.dst or "H"
        was_down, is_down = event.src in holes, target in holes
        if was_down != is_down:
            direction = "face down" if is_down else "face up"
            flipped.append(
                Event(
                    EventKind.FLIPPED,
                    FLIP_CLAUSES,
                    piece=event.piece,
                    dst=target,
                    direction=direction,
                )
            )
    return tuple(flipped)


@implements("AD-OWN-CAPTURE-PENALTY", "R-A3", "R-A7")
def capture_penalty(captured: Iterable[int], seat: int, partner: int | None) -> bool:
    """Capturing a piece of one's own colour, or (team game) of the partner's, true colour
    counting even for a face-down piece, ends the actor's round after the action."""
    side = {seat} if partner is None else {seat, partner}
    return any(owner in side for owner in captured)


class AgentAftermath:
    """What follows the movement of an Agent DOG play: the 007 summons, the face changes
    told after the movements that caused them, then the penalty for capturing one's own
    side."""

    def triggers(self, board: Board) -> frozenset[int]:
        """The meeting places (R-A4)."""
        return frozenset() if board.holes is None else board.holes.meetings

    def settle(self, table: Table) -> None:
        """The 007 summons."""
        summon(table)

    def carry_out(self, table: Table, cards: CardTable, turn: Turn) -> None:
        self.settle(table)
        events = table.events
        if events is not None:
            # The face changes are told with the movements that caused them, when read.
            told = tuple(events)
            events.clear()
            table.tell(with_flips, told)
        if capture_penalty(table.captures, turn.seat, turn.partner):
            hand = cards.bury_hand(turn.seat)
            clauses: tuple[str, ...] = ("AD-OWN-CAPTURE-PENALTY", "R-A3")
            if turn.partner is None:
                clauses = (*clauses, "R-A7")
            if cards.events is not None:
                cards.record(Event(EventKind.PENALISED, clauses, seat=turn.seat, count=len(hand)))
                cards.record(Event(EventKind.OUT_OF_ROUND, clauses, seat=turn.seat))
