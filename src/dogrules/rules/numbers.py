"""Number moves: blue cards and the numbers of the start cards, and entering."""

from __future__ import annotations

from collections.abc import Iterable

from dogrules.board import HOME
from dogrules.clauses import implements
from dogrules.rules.movement import can_enter, number_targets
from dogrules.rules.turn import Candidates, Turn


@implements("BD-BLUE", "BD-CARD-1-11", "BD-CARD-13", "BD-FULL-MOVE", "R-C7")
def number_moves(turn: Turn, steps: Iterable[int], movers: Iterable[int]) -> Candidates:
    """Each piece in ``movers`` may go exactly one of the card's step counts; every way it can
    end (on the track, or in its finish) is a separate choice."""
    table = turn.table
    occupant = table.occupant
    dog = table.dog
    paws = turn.board.paws
    for origin in movers:
        owner = occupant[origin]
        for count in steps:
            for target in number_targets(turn.board, table, owner, origin, count, turn.blocked):
                yield ((origin, target),), target in paws and target != dog


@implements(
    "BD-ENTER", "BD-CARD-1-11", "BD-CARD-13", "BD-TEAM-PLAY", "AD-START-CARD-CHOICE", "R-C5", "R-C8"
)
def entries(turn: Turn) -> Candidates:
    """A start card may instead bring a home piece of the controlled seat onto its start."""
    owner = turn.controlled
    if can_enter(turn.board, turn.table, owner):
        yield ((HOME, turn.board.start[owner]),), False
