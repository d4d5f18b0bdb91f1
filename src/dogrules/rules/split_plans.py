"""The sub-moves the split search (:mod:`~dogrules.rules.splits`) works out for a piece,
kept from one search to the next.

A piece's sub-moves on a board, for up to a number of points, follow from its place, its
owner, the protected start fields and the fields of its owner's finish taken, and from
nothing else (a piece only ever enters its own colour's finish; the other pieces it lands
on are captured, not in its way). A playout meets the same few of these contexts again and
again, so the plans worked out in one are kept for every later search on that board. So are
the finish fields taken that a search starts from (they change seldom over a game).
"""

from __future__ import annotations

from dogrules.geometry.board import Board

# A piece's sub-moves: the targets for each count (by count, up to all the points); empty if
# it has none.
Plan = list[list[int]]

# The sub-moves worked out for each seat's pieces, by a piece's place, on tables with the same
# protected start fields and the same fields of the seat's finish taken.
SeatPlans = list[dict[int, Plan]]

# How many tables' contexts one board and number of points keeps. A seat's contexts are few
# (the sets of protected start fields, times the seats, times the sets of a finish's fields
# taken: 1,446 after 400 Agent DOG 4p games), but the tables' combine every seat's finish and
# keep growing over a long run (400 Black DOG 4p games meet some 9,400): past this many they
# are forgotten, and found again as met. The same bound holds the finishes kept.
TABLES_KEPT = 4096

# Each seat's finish fields taken, and the pieces in a finish that cannot move (see
# :func:`~dogrules.rules.split_places.stuck`).
Finishes = tuple[tuple[frozenset[int], ...], frozenset[int]]


class Kept:
    """The plans worked out on one board for one number of points: each seat's by its
    context (the protected start fields, the seat, the fields of its finish taken) and every
    seat's by the table's (the protected start fields, each seat's finish fields taken).

    Also, by the finish fields a table's pieces take (in order), each seat's finish fields
    taken and the pieces stuck there (``finishes``, for a search's first node: some 85% of
    the searches of a Black DOG or Agent DOG 4p playout find them kept)."""

    __slots__ = ("finishes", "seats", "tables")

    def __init__(self) -> None:
        self.seats: dict[tuple[frozenset[int], int, frozenset[int]], dict[int, Plan]] = {}
        self.tables: dict[tuple[frozenset[int], tuple[frozenset[int], ...]], SeatPlans] = {}
        self.finishes: dict[tuple[int, ...], Finishes] = {}

    def plans(self, blocked: frozenset[int], lanes: tuple[frozenset[int], ...]) -> SeatPlans:
        """The sub-moves of each seat's pieces worked out so far on tables with these
        protected start fields (``blocked``) and these fields of each seat's finish taken."""
        plans = self.tables.get((blocked, lanes))
        if plans is None:
            seats = self.seats
            if len(self.tables) >= TABLES_KEPT:
                self.tables.clear()
            plans = self.tables[blocked, lanes] = []
            for seat, lane in enumerate(lanes):
                own = seats.get((blocked, seat, lane))
                if own is None:
                    own = seats[blocked, seat, lane] = {}
                plans.append(own)
        return plans


# By board and points (boards are built once per game and kept, so these are few).
_kept: dict[tuple[Board, int], Kept] = {}


def kept_plans(board: Board, points: int) -> Kept:
    """The plans kept for searches on ``board`` splitting ``points``."""
    kept = _kept.get((board, points))
    if kept is None:
        kept = _kept[board, points] = Kept()
    return kept
