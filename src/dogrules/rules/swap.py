"""The Swap card: two pieces on the track change places."""

from __future__ import annotations

import abc
from collections.abc import Iterator
from typing import Final

from dogrules.data.register import implements
from dogrules.engine.ruleset import Moves, Turn
from dogrules.engine.table import Table
from dogrules.geometry.cards import CardSpec
from dogrules.model.actions import Action
from dogrules.model.events import EventKind
from dogrules.model.results import Refusal
from dogrules.rules.numbers import check_one_move

SWAP_CLAUSES: Final = ("BD-SWAP", "R-B6")


def swap(table: Table, first: int, second: int, clauses: tuple[str, ...] = SWAP_CLAUSES) -> None:
    """Exchange the pieces on two fields; nothing is captured and no landing is recorded."""
    occupant = table.occupant
    occupant[first], occupant[second] = occupant[second], occupant[first]
    table.tell_located(EventKind.SWAPPED, clauses, first, second)


class PairSwap(abc.ABC):
    """A card that swaps a pair of pieces: each allowed pair is one play; a pair not allowed
    is refused with the variant's reason."""

    @abc.abstractmethod
    def pairs(self, turn: Turn) -> list[tuple[int, int]]:
        """The pairs that may change places (the variant's rule)."""

    @abc.abstractmethod
    def refuse_pair(self, turn: Turn, pair: tuple[int, int]) -> Refusal:
        """Why ``pair`` may not change places."""

    def plays(self, turn: Turn, card: CardSpec) -> Iterator[Moves]:
        """Every allowed pair is one choice."""
        for pair in self.pairs(turn):
            yield (pair,)

    def check(self, turn: Turn, card: CardSpec, action: Action) -> Refusal | None:
        refusal = check_one_move(card, action)
        if refusal is not None or action.moves[0] in self.pairs(turn):
            return refusal
        return self.refuse_pair(turn, action.moves[0])


@implements("BD-SWAP", "BD-START-PROTECTED", "BD-DOG-IMMUNE", "BD-FINISH-SAFE", "R-B6")
def opponent_pairs(turn: Turn) -> list[tuple[int, int]]:
    """One unprotected track piece the seat moves with an unprotected track piece of any
    other seat; pieces in a finish and the Black Dog never take part."""
    table, blocked, track = turn.table, turn.blocked, turn.board.track
    own = sorted(loc for loc in table.on_track(turn.controlled) if loc not in blocked)
    others = sorted(
        loc
        for loc, seat in table.occupant.items()
        if seat != turn.controlled and loc < track and loc not in blocked
    )
    return [(mine, theirs) for mine in own for theirs in others]


class OpponentSwap(PairSwap):
    """Black DOG's Swap: one of the actor's pieces with another seat's piece (R-B6)."""

    # The rule is the marked function: mypyc compiles no marked method that overrides one.
    def pairs(self, turn: Turn) -> list[tuple[int, int]]:
        return opponent_pairs(turn)

    def refuse_pair(self, turn: Turn, pair: tuple[int, int]) -> Refusal:
        board, table = turn.board, turn.table
        for field in pair:
            if field == table.dog:
                return Refusal(("BD-DOG-IMMUNE", "BD-SWAP"), "the Black Dog cannot be swapped")
            if field >= board.track:
                return Refusal(
                    ("BD-SWAP", "BD-FINISH-SAFE"), "a piece in a finish cannot be swapped"
                )
            if field in turn.blocked:
                return Refusal(
                    ("BD-START-PROTECTED", "BD-SWAP", "R-C4"),
                    f"the piece on {board.label(field)} is protected on its start field",
                )
            if field not in table.occupant:
                return Refusal(("BD-SWAP",), f"there is no piece on {board.label(field)}")
        return Refusal(
            ("BD-SWAP", "R-B6"),
            "Swap exchanges one piece the seat moves (named first) with another seat's piece",
        )

    def carry_out(self, table: Table, turn: Turn, card: CardSpec, action: Action) -> None:
        ((first, second),) = action.moves
        swap(table, first, second)
