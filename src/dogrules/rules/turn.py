"""What a rule function knows while it works out one seat's action."""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from dogrules.board import Board
from dogrules.rules.table import Table

# A candidate play: the movements chosen, and whether it obliges a disc turn (R-B5).
Candidate = tuple[tuple[tuple[int, int], ...], bool]
Candidates = Iterator[Candidate]


@attrs.define
class Turn:
    """The acting ``seat``, the seat whose pieces it moves (``controlled``, R-C8), the board,
    the pieces (``table``) and the protected start fields (``blocked``)."""

    board: Board
    table: Table
    seat: int
    controlled: int
    blocked: frozenset[int]
    partner: int | None

    def with_table(self, table: Table) -> Turn:
        return Turn(self.board, table, self.seat, self.controlled, self.blocked, self.partner)
