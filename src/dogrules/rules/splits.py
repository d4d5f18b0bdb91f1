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
first, the track before the finish). Many orderings lead to the same result:

- two orderings that reach the same table (the same pieces on the same fields, with the same
  landings, finish order and points left) reach one node, whose sub-moves are explored once;
  a later ordering reaching it explores only the piece the earlier ones held back (the piece
  just moved);
- a last sub-move is not tried where an earlier spelling reaches the same outcome (see
  :mod:`~dogrules.rules.split_skips`).

Two complete plays are one outcome when they lead to the same state (R-C15): the same seats'
pieces on the same fields once the aftermath has moved pieces, the same disc choices
(the phase rule's :class:`~dogrules.engine.ruleset.Outcomes`) and the same winners. Where
the acting seat cannot see that two states are equal (Agent DOG's face-down pieces:
:attr:`Spellings.PIECES`), the state is told as the seat would tell it apart: the pieces
that lay face down when the play began followed as individuals (the seat does not know
their colours), the others by owner. The first spelling found of each
outcome is its canonical one (the first in the stable order), so the work follows the number
of outcomes, not of orderings.
"""

from __future__ import annotations

import bisect
import dataclasses
import enum
from collections.abc import Callable, Hashable, Iterator
from typing import Final

from dogrules.engine.memo import SplitPlans
from dogrules.engine.ruleset import Moves, Outcomes, Turn
from dogrules.engine.table import Table
from dogrules.geometry.board import Board
from dogrules.rules.movement import (
    Landing,
    any_colour_protects,
    landing,
    number_targets,
    protected_fields,
    walk,
)
from dogrules.rules.split_places import (
    Seated,
    Where,
    as_seen,
    followed,
    landed,
    placed,
    seated,
    settled,
)
from dogrules.rules.split_skips import Arrival, may_repeat, repeats_earlier

# The disc turn's choices where none is due (or no phase rule said).
NO_TURN: Final[tuple[str | None, ...]] = (None,)

# Whether a sub-move may move the piece of a seat (the second number) standing on a field (the
# first), asked of each table a split reaches (R-C14: ``Eligibility`` gives it for a table).
Movable = Callable[[int, int], bool]
Eligibility = Callable[[Table], Movable]


# Where the pieces end (by owner with the Black Dog's field; or followed as individuals,
# with the disc turn's direction; or, with no phase rule's judgement, with every landing in
# order) and who has won (or the finish order).
Outcome = tuple[Hashable, ...]


class Spellings(enum.Enum):
    """Which spellings of a split :func:`splits` lists."""

    EVERY = "every"
    """Every legal spelling (for tests that check the listing against all of them)."""
    STATES = "states"
    """The first spelling of each state the plays lead to (R-C15)."""
    PIECES = "pieces"
    """The first spelling of each state as the acting seat tells it apart, where some pieces
    show it no colour (R-C15, Agent DOG's face-down pieces): those followed as individuals,
    the others by owner."""


def splits(
    turn: Turn,
    card: str,
    whose: Eligibility,
    points: int,
    clauses: tuple[str, ...],
    spellings: Spellings,
    unseen: frozenset[int] = frozenset(),
) -> Iterator[Moves]:
    """Every way to spend ``points`` of ``card`` in sub-moves of the pieces ``whose`` allows
    on the table before each sub-move (never the same piece twice in a row, each a full
    number move), depth first in the stable order; all of them, or only the first spelling
    of each distinct outcome (see :class:`Spellings`; the disc turn's choices after it noted
    in ``turn.known_turns``). ``unseen``: the fields whose pieces show the acting seat no
    colour (:attr:`Spellings.PIECES`)."""
    search = _Search(turn, card, whose, points, clauses, spellings, unseen)
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
    """A table the search has reached, with its pieces by seat (``seats``, when outcomes are
    told apart by state) or followed as individuals (``where``), the points left, its
    protected start fields, the finish fields taken, the plans of that context, whose pieces
    may move there (``movable``, R-C14) and those pieces (in board order), the sub-move that
    led to it, whether that sub-move opened pieces to the rest of the card (``opened``) and
    the piece not yet explored from it (``held``: the one just moved, until another ordering
    reaches it)."""

    table: Table
    seats: Seated
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
        spellings: Spellings,
        unseen: frozenset[int],
    ) -> None:
        self.turn = turn
        self.board = turn.board
        self.card = card
        self.whose = whose
        self.clauses = clauses
        self.merge = spellings is not Spellings.EVERY
        self.by_state = spellings is Spellings.STATES
        self.judged: Outcomes | None = turn.outcome
        self.ordered = frozenset[int]() if self.judged is None else self.judged.ordered
        self.nodes: dict[Hashable, _Node] = {}
        self.listed: set[Outcome] = set()
        self.known = turn.known_turns if self.merge and self.judged is not None else None
        self.memo = turn.game.memo
        self.points = points
        self.any_colour = any_colour_protects(turn.game)
        self.unseen = unseen
        self.owners: tuple[int, ...] = ()
        self.hidden: tuple[int, ...] = ()

    def root(self) -> _Node:
        """The node of the table as the turn found it, with all the points to split."""
        points = self.points
        table = self.turn.table.clone()
        locations = sorted(table.occupant)
        movable = self.whose(table)
        pieces = [location for location in locations if movable(location, table.occupant[location])]
        in_finish = frozenset(filter(self.board.is_lane, locations))
        blocked = protected_fields(self.board, table, self.any_colour)
        plans = self.context(table, blocked, in_finish)
        seats: Seated = ()
        where: Where = ()
        if self.by_state:
            seats = table.pieces()
        else:
            where, self.owners, self.hidden = followed(table.occupant, self.unseen)
        node = _Node(
            table=table,
            seats=seats,
            where=where,
            points=points,
            blocked=blocked,
            in_finish=in_finish,
            plans=plans,
            movable=movable,
            pieces=pieces,
            arrival=None,
            opened=False,
            held=None,
        )
        self.nodes[self.key(table, seats, where, points)] = node
        return node

    def key(self, table: Table, seats: Seated, where: Where, points: int) -> Hashable:
        """What tells a table reached apart: the pieces by seat and where moved pieces
        landed (by state), or the pieces followed as individuals (whose landings they
        imply), with the ordered landings, the finish order and the points left."""
        landings = self.ordered_landings(tuple(table.landed))
        finished = tuple(table.finished)
        if self.by_state:
            return seats, frozenset(table.landed), landings, finished, points
        return where, landings, finished, points

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
        must turn after it noted), and no last sub-move whose play has an earlier spelling
        with the same outcome (see :mod:`~dogrules.rules.split_skips`)."""
        points, occupant, plans, table = node.points, node.table.occupant, node.plans, node.table
        last, board, ordered = self.skipping(node), self.board, self.ordered
        for origin in pieces:
            for count, target in plans[origin, occupant[origin]]:
                if count < points:
                    self.go_on(node, origin, target, points - count, done, found)
                elif count == points and (
                    last is None or not repeats_earlier(board, table, ordered, last, origin, target)
                ):
                    self.finish(node, origin, target, done, found)

    def skipping(self, node: _Node) -> Arrival | None:
        """The sub-move that led to ``node`` where a last sub-move after it may repeat an
        earlier spelling (see :func:`~dogrules.rules.split_skips.may_repeat`): merging, with
        a phase rule's word on the outcomes; None where none is passed over."""
        arrival = node.arrival
        # A piece opened by the last sub-move (R-C14) could not have moved before it, and
        # the skips know only a start field's own colour protecting it (R-C4 own-colour).
        if (
            not self.merge
            or self.judged is None
            or arrival is None
            or node.opened
            or self.any_colour
            or not may_repeat(arrival)
        ):
            return None
        return arrival

    def finish(
        self, node: _Node, origin: int, target: int, done: Moves, found: list[Moves]
    ) -> None:
        """List the play that ends ``done`` with a last sub-move from ``origin`` to ``target``
        on ``node``; merging, only if its outcome is new."""
        if not self.merge:
            found.append((*done, (origin, target)))
            return
        moves = (*done, (origin, target))
        listed, turns = self.listed, []
        for outcome, direction in self.outcomes(node, origin, target):
            if outcome not in listed:
                listed.add(outcome)
                turns.append(direction)
        if not turns:
            return
        if self.known is not None:
            self.known[self.card, moves] = tuple(turns)
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
        seats, where = node.seats, node.where
        if self.by_state:
            seats = seated(seats, owner, origin, target, went)
        else:
            where = placed(where, origin, target, went)
        key = self.key(table, seats, where, points)
        first: list[int] | None = None
        reached = self.nodes.get(key) if self.merge else None
        if reached is not None:
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
            table=table,
            seats=seats,
            where=where,
            points=points,
            blocked=blocked,
            in_finish=in_finish,
            plans=plans,
            movable=movable,
            pieces=pieces,
            arrival=arrival,
            opened=opened,
            held=held,
        )
        self.nodes.setdefault(key, after)
        self.explore(after, left if first is None else first, (*done, (origin, target)), found)

    def outcomes(self, node: _Node, origin: int, target: int) -> list[tuple[Outcome, str | None]]:
        """The outcomes of the play ending with a last sub-move from ``origin`` to ``target``
        on ``node``, one for each direction the disc may turn after it (with that
        direction): where the pieces end once the aftermath has moved pieces and the disc
        has turned, and who has won. Its :class:`~dogrules.rules.movement.Landing` decides
        them without carrying the sub-move out where no piece has entered a finish lane (no
        win to judge)."""
        table, judged = node.table, self.judged
        if judged is None or table.finished or self.board.is_lane(target):
            return self.carried_out(node, origin, target)
        owner = table.occupant[origin]
        went = landing(self.board, table, owner, origin, target)
        landings = landed(table.landed, origin, target, went)
        return self.judge(judged, node, owner, origin, target, went, landings, table, ())

    def carried_out(
        self, node: _Node, origin: int, target: int
    ) -> list[tuple[Outcome, str | None]]:
        """:meth:`outcomes`, the last sub-move carried out on a copy of the table."""
        after = node.table.clone()
        owner = after.occupant[origin]
        went = walk(after, owner, origin, target, self.clauses)
        judged = self.judged
        if judged is None:
            ended: Hashable
            if self.by_state:
                ended = seated(node.seats, owner, origin, target, went)
            else:
                ended = self.seen(placed(node.where, origin, target, went))
            return [((ended, tuple(after.landed), tuple(after.finished)), None)]
        won: tuple[int, ...] = ()
        if after.finished and judged.winners is not None:
            won = judged.winners(after, self.turn.seat, self.turn.state.teams)
        landings = tuple(after.landed)
        return self.judge(judged, node, owner, origin, target, went, landings, after, won)

    def judge(
        self,
        judged: Outcomes,
        node: _Node,
        owner: int,
        origin: int,
        target: int,
        went: Landing,
        landings: tuple[int, ...],
        after: Table,
        won: tuple[int, ...],
    ) -> list[tuple[Outcome, str | None]]:
        """The outcomes of the play ending with a last sub-move of a piece of ``owner`` from
        ``origin`` to ``target`` on ``node`` that went as ``went`` says, leaving pieces on
        ``landings`` and ``won`` the winners, on ``after`` (the table it leaves, or one with
        its board and Black Dog). Where pieces told apart by state are moved by an aftermath,
        it moves them on the table the play leaves."""
        turns = NO_TURN if judged.turns is None else judged.turns(landings)
        settle = judged.settle if self.ordered_landings(landings) else None
        if not self.by_state:
            where = placed(node.where, origin, target, went)
            if settle is not None:
                where = settled(settle, after, where, landings)
            return [((self.seen(where), direction, won), direction) for direction in turns]
        if settle is not None:
            assert None in turns, "no phase rule has both an aftermath and a disc turn"
            settled_table = node.table.clone()
            walk(settled_table, owner, origin, target, self.clauses)
            settle(settled_table)
            return [((settled_table.pieces(), settled_table.dog, won), None)]
        seats = seated(node.seats, owner, origin, target, went)
        turned = judged.turned
        if turned is None or None in turns:
            return [((seats, after.dog, won), None)]
        return [
            ((*turned(seats, after.dog, direction), won), direction)
            for direction in turns
            if direction is not None
        ]

    def seen(self, where: Where) -> Hashable:
        """``where`` as the acting seat tells it apart: the pieces it saw face down when the
        play began followed as individuals, the others by owner."""
        return as_seen(where, self.owners, self.hidden)
