"""The distinct outcomes of a split of points over several pieces (the Partner card, R-C10),
found by construction.

A split is an ordered list of sub-moves, each a full number move on the table the earlier
ones left. The search asks the rule functions of a single move about each of them:
:func:`~dogrules.rules.movement.number_targets` says where a piece may go (R-C4's protected
start fields, R-C6's finish), and :func:`~dogrules.rules.movement.walk` carries it out on a
copy of the table and says what it did there besides
(:class:`~dogrules.rules.movement.Landing`: the piece it captured, the moving piece taken by
the Black Dog, R-B3; a start field's protection gained or lost, R-C4).

The search goes depth first in the stable order (pieces in board order, longer sub-moves
first, the track before the finish) and follows pieces as individuals. Many orderings lead
to the same result:

- two orderings that leave the same pieces in the same places (with the same finish order
  and the same ordered landings) reach one node, whose sub-moves are explored once; a later
  ordering reaching it explores only the piece the earlier ones held back (the piece just
  moved);
- a last sub-move is not tried where an earlier spelling reaches the same outcome (see
  :mod:`~dogrules.rules.split_skips`).

Two complete plays are one outcome when the phase rule's
:class:`~dogrules.engine.ruleset.Outcomes` tells them apart by nothing: where each piece ends
once the aftermath has moved pieces, whether the disc must turn, and who has won. The first
spelling found of each outcome is its canonical one (the first in the stable order), so the
work follows the number of outcomes, not of orderings.
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Callable, Hashable, Iterator

from dogrules.engine.memo import SplitPlans
from dogrules.engine.ruleset import Moves, Outcomes, Turn
from dogrules.engine.table import Table
from dogrules.geometry.board import Board
from dogrules.rules.movement import (
    any_colour_protects,
    number_targets,
    protected_fields,
    walk,
)
from dogrules.rules.split_places import Where, placed, settled
from dogrules.rules.split_skips import Arrival, repeats_earlier

# Whether a sub-move may move the piece of a seat (the second number) standing on a field (the
# first), asked of each table a split reaches (R-C14: ``Eligibility`` gives it for a table).
Movable = Callable[[int, int], bool]
Eligibility = Callable[[Table], Movable]


# Where each piece ends, whether the disc must turn (or, with no phase rule's judgement,
# every landing in order) and who has won (or the finish order).
Outcome = tuple[Where, bool | tuple[int, ...], tuple[int, ...]]


def splits(
    turn: Turn, card: str, whose: Eligibility, points: int, clauses: tuple[str, ...], merge: bool
) -> Iterator[Moves]:
    """Every way to spend ``points`` of ``card`` in sub-moves of the pieces ``whose`` allows
    on the table before each sub-move (never the same piece twice in a row, each a full
    number move), depth first in the stable order; with ``merge`` only the first spelling of
    each distinct outcome (and whether the disc must turn after it is noted in
    ``turn.known_turns``)."""
    search = _Search(turn, card, whose, points, clauses, merge)
    root = search.root()
    found: list[Moves] = []
    search.explore(root, root.pieces, (), found)
    return iter(found)


class Plans(dict[tuple[int, int], list[tuple[int, int]]]):
    """The sub-moves of pieces (count and target, the longest first, the track before the
    finish) for up to all the points, by a piece's place and owner, worked out when first
    asked by :func:`number_targets` on tables with the same protected start fields and the
    same finish fields taken: all it reads (a piece only ever enters its own colour's
    finish; the other pieces it lands on are captured, not in its way). The same for every
    search of the game in that context, so the game's memo keeps them."""

    def __init__(self, board: Board, table: Table, blocked: frozenset[int], points: int) -> None:
        super().__init__()
        self.board = board
        self.table = table
        self.blocked = blocked
        self.points = points

    def __missing__(self, key: tuple[int, int]) -> list[tuple[int, int]]:
        origin, owner = key
        board, table, blocked = self.board, self.table, self.blocked
        moves = [
            (count, target)
            for count in range(self.points, 0, -1)
            for target in number_targets(board, table, owner, origin, count, blocked)
        ]
        self[key] = moves
        return moves


@dataclasses.dataclass
class _Node:
    """A table the search has reached, with its pieces followed (``where``), the points left,
    its protected start fields, the finish fields taken, the plans of that context, whose
    pieces may move there (``movable``, R-C14) and those pieces (in board order), the
    sub-move that led to it, whether that sub-move opened pieces to the rest of the card
    (``opened``) and the piece not yet explored from it (``held``: the one just moved, until
    another ordering reaches it)."""

    table: Table
    where: Where
    points: int
    blocked: frozenset[int]
    in_finish: frozenset[int]
    plans: SplitPlans
    movable: Movable
    pieces: list[int]
    arrival: Arrival | None
    opened: bool
    held: int | None


class _Search:
    """One split of ``points``: the nodes reached (by what tells them apart), the outcomes
    listed, and the plans of each context met, all forgotten once the split is listed."""

    def __init__(
        self,
        turn: Turn,
        card: str,
        whose: Eligibility,
        points: int,
        clauses: tuple[str, ...],
        merge: bool,
    ) -> None:
        self.turn = turn
        self.board = turn.board
        self.card = card
        self.whose = whose
        self.clauses = clauses
        self.merge = merge
        self.judged: Outcomes | None = turn.outcome
        self.nodes: dict[Hashable, _Node] = {}
        self.listed: set[Outcome] = set()
        self.known = turn.known_turns if merge and self.judged is not None else None
        self.memo = turn.game.memo
        self.points = points
        self.any_colour = any_colour_protects(turn.game)

    def root(self) -> _Node:
        """The node of the table as the turn found it, with all the points to split."""
        points = self.points
        table = self.turn.table.clone()
        where = tuple(sorted(table.occupant))
        movable = self.whose(table)
        pieces = [location for location in where if movable(location, table.occupant[location])]
        in_finish = frozenset(filter(self.board.is_lane, where))
        blocked = protected_fields(self.board, table, self.any_colour)
        plans = self.context(table, blocked, in_finish)
        node = _Node(
            table, where, points, blocked, in_finish, plans, movable, pieces, None, False, None
        )
        landings = self.ordered_landings(tuple(table.landed))
        self.nodes[where, landings, tuple(table.finished), points] = node
        return node

    def ordered_landings(self, landed: tuple[int, ...]) -> tuple[int, ...]:
        """The landings whose order the phase rule reads (every landing, with no phase
        rule's word)."""
        if self.judged is None:
            return landed
        ordered = self.judged.ordered
        if not ordered:
            return ()
        return tuple(filter(ordered.__contains__, landed))

    def context(
        self, table: Table, blocked: frozenset[int], in_finish: frozenset[int]
    ) -> SplitPlans:
        """The plans of tables with these protected start fields and these finish fields
        taken (``table`` one of them), as the game's memo keeps them."""
        board, points = self.board, self.points
        return self.memo.plans(
            (board, points, blocked, in_finish), lambda: Plans(board, table, blocked, points)
        )

    def explore(self, node: _Node, pieces: list[int], done: Moves, found: list[Moves]) -> None:
        """Add to ``found`` the spellings that continue ``done`` from ``node`` with a sub-move
        of one of ``pieces``; merging, a play only if its outcome is new (and whether the disc
        must turn after it noted)."""
        points, occupant, plans = node.points, node.table.occupant, node.plans
        for origin in pieces:
            for count, target in plans[origin, occupant[origin]]:
                if count > points:
                    continue
                if count == points:
                    self.finish(node, origin, target, done, found)
                else:
                    self.go_on(node, origin, target, points - count, done, found)

    def finish(
        self, node: _Node, origin: int, target: int, done: Moves, found: list[Moves]
    ) -> None:
        """List the play that ends ``done`` with a last sub-move from ``origin`` to ``target``
        on ``node``; merging, only if its outcome is new."""
        if not self.merge:
            found.append((*done, (origin, target)))
            return
        table, judged, arrival = node.table, self.judged, node.arrival
        # A piece opened by the last sub-move (R-C14) could not have moved before it, and
        # the skips know only a start field's own colour protecting it (R-C4 own-colour).
        if (
            judged is not None
            and arrival is not None
            and not node.opened
            and not self.any_colour
            and repeats_earlier(self.board, table, judged.ordered, arrival, origin, target)
        ):
            return
        outcome = self.outcome(node, origin, target)
        if outcome in self.listed:
            return
        self.listed.add(outcome)
        moves = (*done, (origin, target))
        if self.known is not None:
            self.known[self.card, moves] = bool(outcome[1])
        found.append(moves)

    def go_on(
        self, node: _Node, origin: int, target: int, points: int, done: Moves, found: list[Moves]
    ) -> None:
        """Explore on from the node that the sub-move from ``origin`` to ``target`` after
        ``done`` leads to, with ``points`` left, the sub-move carried out on a copy of the
        table. Merging, a node already reached is explored again only for the piece held back
        there, unless that piece is the one just moved."""
        table = node.table.clone()
        owner = table.occupant[origin]
        went = walk(table, owner, origin, target, self.clauses)
        where = placed(node.where, origin, target, went)
        key = where, self.ordered_landings(tuple(table.landed)), tuple(table.finished), points
        first: list[int] | None = None
        if self.merge and key in self.nodes:
            reached = self.nodes[key]
            if reached.held in (None, target):
                return
            # Only the held piece moves first from here, but every piece may move after it.
            first, reached.held = [reached.held], None
        left = node.pieces.copy()
        left.remove(origin)
        if target in left:
            left.remove(target)
        in_lane = self.board.is_lane(target)
        movable, opened = node.movable, False
        if in_lane:
            # Only a piece reaching its finish can bring a seat of the team home, which may
            # open other pieces to the rest of the card (R-C14).
            movable = self.whose(table)
            eligible = [
                location
                for location, piece in sorted(table.occupant.items())
                if location != target and movable(location, piece)
            ]
            opened, left = eligible != left, eligible
        pieces, held = left, None
        if not went.taken_by_dog and movable(target, owner):
            pieces, held = left.copy(), target
            bisect.insort(pieces, target)
        blocked = node.blocked
        # Under R-C4 strict any piece reaching or leaving a start field changes the protection.
        if went.protects or went.unprotects or self.any_colour:
            blocked = protected_fields(self.board, table, self.any_colour)
        in_finish, plans = node.in_finish, node.plans
        if in_lane:
            in_finish = in_finish - {origin} | {target}
        if blocked is not node.blocked or in_finish is not node.in_finish:
            plans = self.context(table, blocked, in_finish)
        arrival = Arrival(origin, target, went, node.arrival)
        after = _Node(
            table, where, points, blocked, in_finish, plans, movable, pieces, arrival, opened, held
        )
        self.nodes.setdefault(key, after)
        self.explore(after, left if first is None else first, (*done, (origin, target)), found)

    def outcome(self, node: _Node, origin: int, target: int) -> Outcome:
        """The outcome of the play ending with a last sub-move from ``origin`` to ``target``
        on ``node``, carried out on a copy of its table: where each piece ends once the
        aftermath has moved pieces, whether the disc must turn, and who has won."""
        after = node.table.clone()
        went = walk(after, after.occupant[origin], origin, target, self.clauses)
        where = placed(node.where, origin, target, went)
        judged = self.judged
        if judged is None:
            return where, tuple(after.landed), tuple(after.finished)
        if judged.settle is not None and self.ordered_landings(tuple(after.landed)):
            where = settled(judged.settle, after, where, tuple(after.landed))
        due = judged.turn_due is not None and judged.turn_due(after.landed)
        won: tuple[int, ...] = ()
        if after.finished and judged.winners is not None:
            won = judged.winners(after, self.turn.seat, self.turn.state.teams)
        return where, due, won
