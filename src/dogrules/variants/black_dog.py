"""Black DOG: the round game of the family with the Black Dog, its disc, Magnet and black cards.

Reads like the manual's table of contents: setup (free start, the Black Dog placed by the
dealer), the shared round (deal, exchange, turns, folding), the cards (blue numbers, start
cards, Swap, Magnet, Copy, Partner, black cards) and the disc turn.
"""

from __future__ import annotations

from collections.abc import Iterable

from dogrules.actions import PLACE, Action
from dogrules.board import Board
from dogrules.cards import BLACK, MAGNET, CardSpec
from dogrules.clauses import implements
from dogrules.rules.blackdog import (
    CHOSEN_CLAUSES,
    PRINTED_CLAUSES,
    black_moves,
    dog_placements,
    place_dog,
    run_dog,
)
from dogrules.rules.magnet import jump, magnet_moves
from dogrules.rules.movement import number_distance, walk
from dogrules.rules.table import Table
from dogrules.rules.turn import Candidates, Turn
from dogrules.state import Phase, State
from dogrules.variants.classic import ClassicVariant
from dogrules.variants.diagnosis import diagnose_classic

OTHER_VARIANTS = ("AD-", "R-A", "KD-", "R-K")
CARD_CLAUSES = {
    "1/11": ("BD-CARD-1-11",),
    "13": ("BD-CARD-13",),
    "swap": ("BD-SWAP",),
    "magnet": ("BD-MAGNET",),
    "copy": ("BD-COPY",),
    "partner": ("BD-PARTNER",),
    "black:1-7": ("BD-BLACK-CHOSEN",),
}


class BlackDog(ClassicVariant):
    """Black DOG for 2, 3 or 4 players (4: two teams of opposite seats)."""

    name = "black-dog"
    first_phase = Phase.SETUP

    def cite(self, clauses: tuple[str, ...]) -> tuple[str, ...]:
        """Shared refusals may name the Agent DOG counterpart of a rule too; Black DOG cites
        only its own and the common clauses."""
        return tuple(c for c in clauses if not c.startswith(OTHER_VARIANTS))

    def play_clauses(self, action: Action) -> tuple[str, ...]:
        cards = [action.card, action.copied]
        cited = ["BD-TURN"]
        for card in cards:
            if card is not None:
                default = ("BD-BLACK-PRINTED",) if card.startswith("black:") else ("BD-BLUE",)
                cited.extend(CARD_CLAUSES.get(card, default))
        return tuple(cited)

    def setup_actions(self, state: State, board: Board, table: Table) -> list[Action]:
        return [
            Action(PLACE, field=field).seen_by(board, state.to_act)
            for field in dog_placements(board, table)
        ]

    def carry_out_setup(self, table: Table, state: State, action: Action) -> None:
        assert action.field is not None
        place_dog(table, state.to_act, action.field)

    @implements("BD-SWAP", "BD-START-PROTECTED", "BD-DOG-IMMUNE", "BD-FINISH-SAFE", "R-B6")
    def swap_pairs(self, turn: Turn) -> Iterable[tuple[int, int]]:
        """Swap pairs one unprotected track piece the seat moves with an unprotected track
        piece of any other seat; pieces in a finish and the Black Dog never take part."""
        table = turn.table
        blocked = turn.blocked
        track = turn.board.track
        own = sorted(loc for loc in table.on_track(turn.controlled) if loc not in blocked)
        others = sorted(
            loc
            for loc, seat in table.occupant.items()
            if seat != turn.controlled and loc < track and loc not in blocked
        )
        return [(mine, theirs) for mine in own for theirs in others]

    @implements("BD-PARTNER", "BD-PARTNER-ANY", "BD-2P3P-PARTNER", "R-B8", "R-C14")
    def partner_seats(self, turn: Turn) -> frozenset[int] | None:
        """Partner moves own and partner pieces; any seat's pieces with 2 or 3 players or once
        a seat of the acting team has all its pieces in its finish (never the Black Dog)."""
        if turn.partner is None:
            return None
        table = turn.table
        if table.all_in_finish(turn.seat) or table.all_in_finish(turn.partner):
            return None
        return frozenset({turn.seat, turn.partner})

    def family_candidates(self, turn: Turn, spec: CardSpec) -> Candidates:
        if spec.family == MAGNET:
            return magnet_moves(turn, sorted(turn.table.on_track(turn.controlled)))
        if spec.family == BLACK:
            return black_moves(turn, spec.steps, self.number_movers(turn))
        return iter(())

    def carry_out_family(self, table: Table, turn: Turn, spec: CardSpec, action: Action) -> None:
        ((origin, target),) = action.moves
        if spec.family == MAGNET:
            jump(table, origin, target)
            return
        owner = table.occupant[origin]
        steps = number_distance(table.board, owner, origin, target)
        assert steps is not None
        walk(
            table, owner, origin, target, CHOSEN_CLAUSES if len(spec.steps) > 1 else PRINTED_CLAUSES
        )
        run_dog(table, steps)

    def diagnose(self, state: State, action: Action) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return diagnose_classic(self, state, action)
