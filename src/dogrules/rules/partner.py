"""The Partner card: 4 points split into ordered sub-moves over several pieces."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Final, Protocol

from dogrules.data.register import implements
from dogrules.engine.ruleset import Moves, Turn
from dogrules.engine.table import Table
from dogrules.geometry.board import HOME, Board
from dogrules.geometry.cards import CardSpec
from dogrules.model.actions import Action
from dogrules.model.results import Refusal
from dogrules.rules.movement import (
    any_colour_protects,
    check_number_move,
    number_distance,
    protected_fields,
    walk,
)
from dogrules.rules.splits import Movable, Spellings, splits

PARTNER_POINTS: Final = 4
PARTNER_CLAUSES: Final = ("BD-PARTNER", "R-C10")


class Targets(Protocol):
    """Whose pieces Partner points may move (a variant's choice: R-B8, R-A6)."""

    @property
    def rule(self) -> str:
        """The rule in plain words, for refusals."""
        ...

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clauses that state whose pieces may be moved."""
        ...

    def movable(self, turn: Turn, table: Table) -> Movable:
        """Whether a sub-move may move a seat's piece on a field, the team's finished seats
        judged on ``table`` (see :func:`eligibility`)."""
        ...


@implements("BD-PARTNER-ANY", "AD-PARTNER-ANY", "R-C14")
def eligibility(turn: Turn, targets: Targets) -> Callable[[Table], Movable]:
    """Whose pieces a sub-move may move, asked before each sub-move of the table the earlier
    ones left: judged on that table (R-C14 per-sub-move, so a seat of the team that brings
    its last piece home with part of the card opens other pieces to the rest of it), or on
    the table the card was played on (R-C14 start-of-card)."""
    if turn.game.house_rules.chose("R-C14", "start-of-card"):
        settled = targets.movable(turn, turn.table)
        return lambda table: settled
    return lambda table: targets.movable(turn, table)


@dataclasses.dataclass(frozen=True, slots=True)
class PartnerCard:
    """Partner: ordered lists of sub-moves (piece, k >= 1) whose counts add up to 4, never
    the same piece twice in a row, each a full number move on the board as the earlier
    sub-moves left it (R-C10).

    Many orderings lead to the same result (two pieces moved 2 each, in either order), and
    a person chooses a result, not an ordering: :meth:`plays` lists each distinct outcome
    once, in its canonical spelling, and :meth:`check` accepts every spelling. Two plays are
    one outcome when they lead to the same state as the acting seat tells it apart (R-C15):
    with ``face_down`` (the fields whose pieces show no colour: Agent DOG's face-down pieces),
    the pieces on them are followed as individuals, so the listing leaks nothing."""

    targets: Targets
    face_down: Callable[[Board], frozenset[int]] | None = None

    @implements("BD-PARTNER", "BD-FULL-MOVE", "R-C10", "R-C14", "R-C15")
    def plays(self, turn: Turn, card: CardSpec) -> Iterator[Moves]:
        """Each distinct outcome once, spelled canonically: the first of its spellings in the
        order pieces in board order, longer sub-moves first, track before finish. Orderings
        that reach the same table are explored once, so the work follows the number of
        outcomes, not of orderings."""
        whose = eligibility(turn, self.targets)
        spellings, unseen = Spellings.STATES, frozenset[int]()
        if self.face_down is not None:
            spellings, unseen = Spellings.PIECES, self.face_down(turn.board)
        return splits(
            turn, card.notation, whose, PARTNER_POINTS, PARTNER_CLAUSES, spellings, unseen
        )

    def spellings(self, turn: Turn, card: CardSpec) -> Iterator[Moves]:
        """Every legal spelling, in the same order (for tests that check :meth:`plays`
        against all of them; their number grows with the orderings)."""
        whose = eligibility(turn, self.targets)
        return splits(turn, card.notation, whose, PARTNER_POINTS, PARTNER_CLAUSES, Spellings.EVERY)

    def check(self, turn: Turn, card: CardSpec, action: Action) -> Refusal | None:
        board = turn.board
        table = turn.table.clone()
        whose = eligibility(turn, self.targets)
        any_colour = any_colour_protects(turn.game)
        total = 0
        last: int | None = None
        for origin, target in action.moves:
            if origin == HOME:
                return Refusal(("R-C10",), "Partner points cannot bring a piece out of its home")
            if origin == table.dog:
                return Refusal(
                    ("BD-PARTNER-ANY", "BD-2P3P-PARTNER", "BD-DOG-IMMUNE", "R-B8"),
                    "Partner points never move the Black Dog",
                )
            owner = table.occupant.get(origin)
            if owner is None:
                return Refusal(
                    ("BD-PARTNER",), f"there is no piece on {board.label(origin, turn.seat)}"
                )
            if not whose(table)(origin, owner):
                return Refusal(
                    (*self.targets.clauses, "R-C14"),
                    f"Partner points may not move the piece on {board.label(origin)} (seat "
                    f"{owner}'s): {self.targets.rule}",
                )
            if origin == last:
                return Refusal(("R-C10",), "two sub-moves in a row may not move the same piece")
            probe = turn.on(table, protected_fields(board, table, any_colour))
            steps = tuple(range(1, PARTNER_POINTS + 1))
            refusal = check_number_move(probe, origin, target, steps, "a sub-move")
            if refusal is not None:
                return refusal
            walk(table, owner, origin, target, ())
            total += number_distance(board, owner, origin, target) or 0
            last = target
        if total != PARTNER_POINTS:
            return Refusal(
                ("BD-PARTNER", "BD-FULL-MOVE", "R-C10"),
                f"the sub-moves add up to {total}; Partner's {PARTNER_POINTS} points must all be "
                "used",
            )
        return None

    def carry_out(self, table: Table, turn: Turn, card: CardSpec, action: Action) -> None:
        for origin, target in action.moves:
            walk(table, table.occupant[origin], origin, target, PARTNER_CLAUSES)


class PartnerTargets:
    """Black DOG: own and partner pieces; any seat's pieces with 2 or 3 players or once a
    seat of the acting team has all its pieces in its finish; never the Black Dog (R-B8)."""

    rule = "only own and partner pieces until a seat of the team has all its pieces home"
    clauses: tuple[str, ...] = ("BD-PARTNER", "BD-PARTNER-ANY", "R-B8")

    @implements("BD-PARTNER", "BD-PARTNER-ANY", "BD-2P3P-PARTNER", "R-B8")
    def movable(self, turn: Turn, table: Table) -> Movable:
        """Own and partner pieces, or any seat's once a seat of the team has all its pieces
        home on ``table``; asked of each piece a sub-move may move."""
        partner = turn.partner
        if partner is None or table.all_in_finish(turn.seat) or table.all_in_finish(partner):
            return lambda location, owner: True
        side = {turn.seat, partner}
        return lambda location, owner: owner in side
