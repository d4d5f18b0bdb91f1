"""The rotating disc of Black DOG: when it must turn, and what a turn does."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from dogrules.data.register import implements
from dogrules.engine.ruleset import CardRule, Moves, Turn
from dogrules.engine.table import Table
from dogrules.geometry.board import Board, Disc
from dogrules.geometry.cards import CardFamily, CardSpec
from dogrules.model.actions import Action, ActionKind, Direction
from dogrules.model.events import Event, EventKind
from dogrules.model.results import Refusal

DIRECTIONS: Final[tuple[str | None, ...]] = (Direction.CW.value, Direction.CCW.value)
NO_TURN: Final[tuple[str | None, ...]] = (None,)
TURN_CLAUSES: Final = (
    "BD-DISC-TURN",
    "BD-DISC-TURN-LAST",
    "BD-DISC-DIRECTION",
    "BD-SEQUENCE",
    "R-B5",
)
CARRY_CLAUSES: Final = ("BD-DISC-CARRIES", "BD-L-DISC")


def disc_turn_due(disc: Disc, table: Table) -> bool:
    """Whether the play that left ``table`` owes the disc turn (see
    :func:`landings_owe_turn`)."""
    return landings_owe_turn(disc.paws, table.landed)


def turn_directions(disc: Disc, table: Table) -> tuple[str | None, ...]:
    """The directions the disc may turn after the play that left ``table`` (see
    :func:`directions_after`)."""
    return directions_after(disc, table.landed)


@implements("BD-DISC-TURN", "BD-DISC-DIRECTION", "R-B5")
def directions_after(disc: Disc, landings: Iterable[int]) -> tuple[str | None, ...]:
    """The directions the disc may turn after a play whose movements left pieces on
    ``landings``: either, when :func:`landings_owe_turn` says a turn is due; none (None)
    otherwise."""
    return DIRECTIONS if landings_owe_turn(disc.paws, landings) else NO_TURN


@implements("BD-DISC-TURN", "BD-DISC-DIRECTION", "R-B5", "R-C15")
def turn_choices(disc: Disc, table: Table) -> tuple[str | None, ...]:
    """The disc turn's choices after the play that left ``table``, one per board they leave
    (R-C15): the :func:`turn_directions`, or clockwise alone where a quarter turn either way
    leaves the same board (the other direction stays legal)."""
    directions = turn_directions(disc, table)
    if directions is DIRECTIONS and carried_to(table, disc.rotate_cw) == carried_to(
        table, disc.rotate_ccw
    ):
        return DIRECTIONS[:1]
    return directions


@implements(
    "BD-DISC-TURN",
    "BD-DISC-BY-MAGNET",
    "BD-DISC-NOT-BY-SWAP",
    "BD-DISC-CAPTURED-NO-TURN",
    "BD-DOG-NO-DISC-TURN",
    "BD-PARTNER-DISC-ONCE",
    "R-B5",
)
def landings_owe_turn(paws: frozenset[int], landings: Iterable[int]) -> bool:
    """The disc must turn once when, at the end of the action's movements, a piece the actor
    moved by a move, a Partner sub-move or the Magnet still stands where that movement ended,
    on a paw (``landings``: where such pieces stand).

    Only those movements record a landing; a swap, a Black Dog run or a capture after the
    landing leaves no landing on the field, so they never cause a turn.
    """
    return not paws.isdisjoint(landings)


@implements("BD-DISC-TURN", "BD-DOG-NO-DISC-TURN", "R-B5")
def may_owe_turn(paws: frozenset[int], moves: Moves) -> bool:
    """Whether a play can owe a disc turn at all: a landing lies where a movement ends, so a
    play none of whose movements ends on a paw (the Black Dog's run is no movement of the
    seat's) leaves no landing there and owes none (R-B5)."""
    for _, target in moves:  # noqa: SIM110 - docs/dev/representation.md
        if target in paws:
            return True
    return False


def _after(turn: Turn, rule: CardRule, card: CardSpec, action: Action) -> Table:
    """The table a play's movements leave (a scratch copy; nothing recorded)."""
    scratch = turn.table.clone()
    rule.carry_out(scratch, turn, card, action)
    return scratch


def board_disc(turn: Turn) -> Disc:
    """The disc of the board being played on (a ruleset with a disc turn has one)."""
    disc = turn.board.disc
    assert disc is not None, "a ruleset with a disc turn plays on a board with a disc"
    return disc


class DiscTurn:
    """The disc turn a play may owe: which directions a play offers, the check of the turn
    an action names, and the turn itself."""

    def options(
        self, turn: Turn, rule: CardRule, card: CardSpec, moves: Moves
    ) -> tuple[str | None, ...]:
        """The disc choices of a play that may owe a turn (see :func:`may_owe_turn`), as
        :func:`turn_choices` finds them on the table the play leaves (or the mechanic that
        listed the play has already worked them out: ``Turn.known_turns``)."""
        known = turn.known_turns.get((card.notation, moves))
        if known is None:
            probe = Action(ActionKind.PLAY, moves=moves)
            known = turn_choices(board_disc(turn), _after(turn, rule, card, probe))
        return known

    def check_direction(self, action: Action) -> Refusal | None:
        """Whether a disc turn the action names has a direction."""
        if action.turn is not None and action.turn not in DIRECTIONS:
            return Refusal(
                ("BD-DISC-DIRECTION", "R-B5"), "the disc turns 'cw' or 'ccw' by a quarter"
            )
        return None

    def check_landings(
        self, turn: Turn, card: CardSpec, action: Action, after: Table
    ) -> Refusal | None:
        """Whether the action names a disc turn exactly when one is due on ``after``, the
        table its movements leave (``turn``: the turn before them)."""
        due = disc_turn_due(board_disc(turn), after)
        if due == (action.turn is not None):
            return None
        if due:
            return Refusal(
                ("BD-DISC-TURN", "R-B5"),
                "a piece ends on a paw field: the disc must turn (add 'turn cw' or 'turn ccw')",
            )
        return self.refuse_turn(turn, card, action, after)

    def refuse_turn(self, turn: Turn, card: CardSpec, action: Action, after: Table) -> Refusal:
        """Why no turn is due although the action names one (``after``: the table the
        action's movements leave)."""
        paws = board_disc(turn).paws
        ended_on_paw = any(target in paws for _, target in action.moves)
        if ended_on_paw and card.family == CardFamily.SWAP:
            return Refusal(
                ("BD-DISC-NOT-BY-SWAP", "BD-DISC-TURN", "R-B5"),
                "the disc does not turn: a piece put on a paw by Swap turns no disc",
            )
        if ended_on_paw and card.family == CardFamily.BLACK:
            return Refusal(
                ("BD-DISC-CAPTURED-NO-TURN", "BD-DISC-TURN", "R-B5"),
                "the disc does not turn: the piece that landed on the paw is captured by the "
                "Black Dog, so no moved piece is left on a paw",
            )
        if ended_on_paw:
            return Refusal(
                ("BD-DISC-TURN", "BD-DOG-LANDING", "R-B5"),
                "the disc does not turn: no piece the seat moved is left, at the end of the "
                "action, on a paw field where its movement ended",
            )
        if after.dog is not None and after.dog != turn.table.dog and after.dog in paws:
            return Refusal(
                ("BD-DOG-NO-DISC-TURN", "BD-DISC-TURN", "R-B5"),
                "the disc does not turn: the Black Dog ends its run on a paw, and the dog's "
                "landing turns nothing",
            )
        return Refusal(
            ("BD-DISC-TURN", "R-B5"),
            "the disc does not turn: no movement of this action ends on a paw field",
        )


@implements("BD-DISC-TURN-LAST", "BD-DISC-DIRECTION", "BD-DISC-CARRIES", "BD-SEQUENCE", "BD-L-DISC")
def turn_disc(table: Table, seat: int, direction: str) -> None:
    """Turn the disc 90 degrees in the chosen direction, last of all: every piece on it, the
    Black Dog included, moves with it to the same field of the next quadrant."""
    mapping = rotation(table.board, direction)
    occupant = table.occupant
    carried = [(location, owner) for location, owner in occupant.items() if location in mapping]
    table.tell(disc_turned, seat, direction, tuple(carried), table.dog)
    pieces, table.dog = carried_to(table, mapping)
    for location, _ in carried:
        del occupant[location]
    occupant.update(pieces)
    table.landed.clear()


@implements("BD-DISC-CARRIES", "BD-L-DISC")
def turned_places(
    board: Board, places: tuple[tuple[int, ...], ...], dog: int | None, direction: str
) -> tuple[tuple[tuple[int, ...], ...], int | None]:
    """Each seat's piece locations (in order, as a state holds them) and the Black Dog's field
    once the disc has turned a quarter in ``direction``: whatever stands on the disc moves
    to the same field of the next quadrant, and nothing else moves."""
    disc = board.disc
    assert disc is not None, "only a board with a disc has one to turn"
    mapping = rotation(board, direction)
    seats = []
    for locations in places:
        if not disc.fields.isdisjoint(locations):
            locations = tuple(sorted(map(mapping.get, locations, locations)))
        seats.append(locations)
    return tuple(seats), None if dog is None else mapping.get(dog, dog)


def carried_to(table: Table, mapping: Mapping[int, int]) -> tuple[dict[int, int], int | None]:
    """Where a quarter turn of the disc (``mapping``: where it takes each of its fields)
    carries the pieces standing on it (their new fields and owners) and the Black Dog (its
    field, moved only if it stands on the disc)."""
    pieces = {
        mapping[location]: owner
        for location, owner in table.occupant.items()
        if location in mapping
    }
    dog = table.dog
    return pieces, mapping.get(dog, dog) if dog is not None else None


def rotation(board: Board, direction: str) -> Mapping[int, int]:
    """Where a quarter turn of the disc in ``direction`` takes each of its fields."""
    disc = board.disc
    assert disc is not None, "only a board with a disc has one to turn"
    return disc.rotate_cw if direction == Direction.CW else disc.rotate_ccw


def disc_turned(
    seat: int,
    direction: str,
    carried: tuple[tuple[int, int], ...],
    dog: int | None,
    board: Board,
) -> tuple[Event, ...]:
    """Seat ``seat`` turned the disc; the pieces on it (``carried``: location and owner), in
    board order, then the Black Dog (on ``dog``) were carried along."""
    mapping = rotation(board, direction)
    label = board.label
    events = [Event(EventKind.DISC_TURNED, TURN_CLAUSES, seat=seat, direction=direction)]
    for location, owner in sorted(carried):
        src, dst = label(location), label(mapping[location])
        events.append(Event(EventKind.CARRIED, CARRY_CLAUSES, piece=owner, src=src, dst=dst))
    if dog is not None and dog in mapping:
        src, dst = label(dog), label(mapping[dog])
        events.append(Event(EventKind.CARRIED, CARRY_CLAUSES, src=src, dst=dst))
    return tuple(events)
