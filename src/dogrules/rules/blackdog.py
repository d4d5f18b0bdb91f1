"""The Black Dog: its placement, its run, and the black cards that set it running."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Final

from dogrules.data.register import implements
from dogrules.engine.cardtable import scratch, transition
from dogrules.engine.ruleset import GameRules, Moves, Turn
from dogrules.engine.table import Table
from dogrules.geometry.board import Board
from dogrules.geometry.cards import CardSpec
from dogrules.model.actions import Action, ActionKind
from dogrules.model.events import Event, EventKind
from dogrules.model.results import Refusal, Transition
from dogrules.model.state import Phase, State
from dogrules.rules.movement import number_distance, number_targets, walk
from dogrules.rules.numbers import Movers, check_number_play, movers_of

DOG_CLAUSES: Final = ("BD-DOG-CAPTURES", "BD-DOG-START-FIELDS", "BD-CLOCKWISE-DOG", "R-B2")
# With fewer seats than quadrants the dog also skips the unused colours' start fields.
DOG_CLAUSES_UNUSED_STARTS: Final = (*DOG_CLAUSES, "R-B10")
CHOSEN_CLAUSES: Final = ("BD-BLACK-CHOSEN", "BD-SEQUENCE", "R-B4")
PRINTED_CLAUSES: Final = ("BD-BLACK-PRINTED", "BD-SEQUENCE", "R-B4")
PLACE_CLAUSES: Final = ("BD-PLACE-BLACK-DOG", "R-B1")


@implements("BD-PLACE-BLACK-DOG", "R-B1", "BD-DISC-SETUP")
def dog_placements(board: Board, table: Table) -> list[int]:
    """At setup the dealer (right of the first starter) puts the Black Dog on any free disc
    field; the disc stands with its bones showing, its fields in line with the track."""
    if board.disc is None:
        return []
    return sorted(field for field in board.disc.fields if field not in table.occupant)


def check_placement(board: Board, table: Table, field: int | None) -> Refusal | None:
    """Whether the Black Dog may be placed on ``field``: decided by :func:`dog_placements`."""
    if field in dog_placements(board, table):
        return None
    return Refusal(
        (*PLACE_CLAUSES, "BD-L-DISC"),
        "the Black Dog goes on a free disc field "
        f"({', '.join(board.label(f) for f in dog_placements(board, table))})",
    )


def place_dog(table: Table, seat: int, field: int) -> None:
    table.dog = field
    table.tell_located(EventKind.DOG_PLACED, PLACE_CLAUSES, None, field, seat=seat)


@implements("BD-DOG-START-FIELDS", "BD-CLOCKWISE-DOG", "R-B2", "R-B10")
def dog_path(board: Board, origin: int, steps: int) -> list[int]:
    """The fields the Black Dog steps on running ``steps`` clockwise from ``origin``: printed
    start fields (of every quadrant, used or not) are skipped and not counted."""
    path: list[int] = []
    field = origin
    while len(path) < steps:
        field = (field + 1) % board.track
        if field not in board.printed_starts:
            path.append(field)
    return path


def dog_ran(
    clauses: tuple[str, ...], origin: int, path: tuple[int, ...], board: Board
) -> tuple[Event, ...]:
    """The Black Dog ran from ``origin`` along ``path``, one step a field."""
    label = board.label
    return (
        Event(
            EventKind.DOG_MOVED,
            clauses,
            src=label(origin),
            dst=label(path[-1]),
            path=tuple(map(label, path)),
            count=len(path),
        ),
    )


@implements("BD-DOG-CAPTURES", "BD-DOG-IMMUNE", "BD-DOG-START-FIELDS", "R-B2")
def run_dog(table: Table, steps: int) -> None:
    """The Black Dog runs ``steps`` fields and captures every piece on a field it passes over
    or ends on; it is never captured itself and never enters a finish."""
    assert table.dog is not None, "a black card is played only once the Black Dog is placed"
    board = table.board
    path = dog_path(board, table.dog, steps)
    origin = table.dog
    clauses = DOG_CLAUSES if board.players == board.quadrants else DOG_CLAUSES_UNUSED_STARTS
    table.tell(dog_ran, clauses, origin, tuple(path))
    for field in path:
        if field in table.occupant:
            table.send_home(field, ("BD-DOG-CAPTURES", "R-B2"))
    table.dog = path[-1]


@dataclasses.dataclass(frozen=True, slots=True)
class BlackCard:
    """A black card moves one of the seat's pieces by the value (chosen or printed), then the
    Black Dog by the same value; a value no piece can move is not playable (R-B4)."""

    movers: Movers

    @implements("BD-BLACK-CHOSEN", "BD-BLACK-PRINTED", "BD-SEQUENCE", "R-B4")
    def plays(self, turn: Turn, card: CardSpec) -> Iterator[Moves]:
        """For each value, each piece the seat may move that far."""
        board, table = turn.board, turn.table
        movers = movers_of(turn, self.movers)
        for count in card.steps:
            for origin in movers:
                owner = table.occupant[origin]
                for target in number_targets(board, table, owner, origin, count, turn.blocked):
                    yield ((origin, target),)

    def check(self, turn: Turn, card: CardSpec, action: Action) -> Refusal | None:
        what = "a black card" if len(card.steps) > 1 else ""
        return check_number_play(turn, card, action, self.movers, entering=False, what=what)

    def carry_out(self, table: Table, turn: Turn, card: CardSpec, action: Action) -> None:
        ((origin, target),) = action.moves
        owner = table.occupant[origin]
        steps = number_distance(table.board, owner, origin, target)
        assert steps is not None, "a black move is carried out only once judged"
        clauses = CHOSEN_CLAUSES if len(card.steps) > 1 else PRINTED_CLAUSES
        walk(table, owner, origin, target, clauses)
        run_dog(table, steps)


class PlaceDog:
    """Black DOG's setup: the dealer puts the Black Dog on a free disc field (R-B1); then the
    exchange begins with the seat left of the dealer."""

    def actions(self, game: GameRules, state: State) -> Iterator[Action]:
        notation = game.notation(state.to_act)
        for field in dog_placements(game.board, game.table(state)):
            yield Action(ActionKind.PLACE, field=field, notation=notation)

    def check(self, game: GameRules, state: State, action: Action) -> Refusal | None:
        if action.kind != ActionKind.PLACE:
            return Refusal(PLACE_CLAUSES, "the game begins with the dealer placing the Black Dog")
        if action != Action(ActionKind.PLACE, field=action.field):
            return Refusal(PLACE_CLAUSES, "placing the Black Dog names its field and nothing else")
        return check_placement(game.board, game.table(state), action.field)

    def carry_out(
        self, game: GameRules, state: State, action: Action, record: bool = True
    ) -> Transition:
        table, cards = scratch(game, state, record)
        assert action.field is not None, "a placement names its field (checked)"
        place_dog(table, state.to_act, action.field)
        starter = game.ruleset.starter(state.dealer, state.players)
        return transition(state, table, cards, phase=Phase.EXCHANGE, to_act=starter)
