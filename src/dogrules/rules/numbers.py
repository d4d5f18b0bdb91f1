"""Number moves: blue cards, the numbers and the entry of the start cards."""

from __future__ import annotations

import dataclasses
from typing import Protocol

from dogrules.data.register import implements
from dogrules.engine.ruleset import Moves, Turn
from dogrules.engine.table import Table
from dogrules.geometry.board import HOME
from dogrules.geometry.cards import CardSpec
from dogrules.model.actions import Action
from dogrules.model.results import Refusal
from dogrules.rules.movement import (
    MOVE_CLAUSES,
    can_enter,
    check_entry,
    check_number_move,
    enter,
    number_targets,
    walk,
)


class Movers(Protocol):
    """Which pieces a seat may move with a number (a variant's choice, e.g. R-A1)."""

    def movers(self, turn: Turn) -> list[int]:
        """The locations of the pieces the actor may move, in board order."""
        ...

    def check(self, turn: Turn, origin: int) -> Refusal | None:
        """Why the piece on ``origin`` may not be moved with a number (None if it may)."""
        ...


def movers_of(turn: Turn, movers: Movers) -> list[int]:
    """``movers.movers(turn)``, worked out once a turn: the number, start and black cards of
    a hand move the same pieces (callers only read the list)."""
    kept = turn.movable
    if kept is not None and kept[0] is movers:
        return kept[1]
    found = movers.movers(turn)
    turn.movable = (movers, found)
    return found


@implements("BD-BLUE", "BD-FULL-MOVE", "R-C7")
def number_plays(turn: Turn, card: CardSpec, movers: list[int]) -> list[Moves]:
    """Each piece in ``movers`` may go exactly one of the card's step counts; every way it can
    end (on the track, or in its finish) is a separate choice."""
    # A list, not a generator: every listing takes all of them, at once.
    board, table = turn.board, turn.table
    occupant = table.occupant
    blocked = turn.blocked
    found: list[Moves] = []
    for origin in movers:
        owner = occupant[origin]
        for count in card.steps:
            for target in number_targets(board, table, owner, origin, count, blocked):
                found.append(((origin, target),))
    return found


def check_one_move(card: CardSpec, action: Action) -> Refusal | None:
    """A card other than Partner carries out exactly one movement."""
    if len(action.moves) == 1:
        return None
    return Refusal(("BD-MOVE", "BD-OWN-PIECES"), f"a {card.notation} moves exactly one piece")


def check_number_play(
    turn: Turn, card: CardSpec, action: Action, movers: Movers, entering: bool, what: str = ""
) -> Refusal | None:
    """A play that moves one piece a number of the card's steps (or, with a start card,
    brings one from home): the movers' rule, then the move rule."""
    refusal = check_one_move(card, action)
    if refusal is not None:
        return refusal
    ((origin, target),) = action.moves
    if origin == HOME:
        if entering:
            return check_entry(turn, target)
        return Refusal(("BD-ENTER", "R-C5"), "only a start card brings a piece out of its home")
    return movers.check(turn, origin) or check_number_move(
        turn, origin, target, card.steps, what or f"a {card.notation}"
    )


@dataclasses.dataclass(frozen=True, slots=True)
class NumberCard:
    """A blue card: one of the seat's pieces moves exactly the card's number."""

    movers: Movers

    def plays(self, turn: Turn, card: CardSpec) -> list[Moves]:
        return number_plays(turn, card, movers_of(turn, self.movers))

    def check(self, turn: Turn, card: CardSpec, action: Action) -> Refusal | None:
        return check_number_play(turn, card, action, self.movers, entering=False)

    def carry_out(self, table: Table, turn: Turn, card: CardSpec, action: Action) -> None:
        ((origin, target),) = action.moves
        walk(table, table.occupant[origin], origin, target, MOVE_CLAUSES)


@dataclasses.dataclass(frozen=True, slots=True)
class StartCard:
    """A start card: a piece comes out of its home onto its start field, or a piece moves
    one of the card's numbers."""

    movers: Movers

    @implements(
        "BD-ENTER",
        "BD-CARD-1-11",
        "BD-CARD-13",
        "BD-TEAM-PLAY",
        "AD-START-CARD-CHOICE",
        "R-C5",
        "R-C8",
    )
    def plays(self, turn: Turn, card: CardSpec) -> list[Moves]:
        """Entering (if a piece of the seat it moves waits at home and its start field does
        not hold one of its pieces), then every number move."""
        owner = turn.controlled
        moves = number_plays(turn, card, movers_of(turn, self.movers))
        if can_enter(turn.board, turn.table, owner, turn.blocked):
            moves.insert(0, ((HOME, turn.board.start[owner]),))
        return moves

    def check(self, turn: Turn, card: CardSpec, action: Action) -> Refusal | None:
        return check_number_play(turn, card, action, self.movers, entering=True)

    def carry_out(self, table: Table, turn: Turn, card: CardSpec, action: Action) -> None:
        ((origin, target),) = action.moves
        if origin == HOME:
            enter(table, turn.controlled)
        else:
            walk(table, table.occupant[origin], origin, target, MOVE_CLAUSES)
