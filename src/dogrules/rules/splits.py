"""The distinct outcomes of a split of points over several pieces (the Partner card, R-C10),
found by construction.

A split is an ordered list of sub-moves; many orderings lead to the same result. The search
goes depth first in the stable order (pieces in board order, longer sub-moves first, the
track before the finish) and follows pieces as individuals. Two orderings that leave the
same pieces in the same places (with the same finish order and the same ordered landings)
reach one node, whose sub-moves are explored once: a later ordering reaching it explores
only the piece the earlier ones held back (the piece just moved). Two last sub-moves that
commute are tried in board order only. Two complete plays are one outcome when the phase
rule's :class:`~dogrules.engine.ruleset.Outcomes` tells them apart by nothing: where each
piece ends once the aftermath has moved pieces, whether the disc must turn, and who has won.
The first spelling found of each outcome is its canonical one (the first in the stable
order), so the work follows the number of outcomes, not of orderings.

The search carries the sub-moves out on one scratch table and takes each back once explored
(no copy per node), and asks for a piece's targets once per place, owner and what else they
depend on: the protected start fields and the finish fields taken, which most sub-moves do
not change.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator

from dogrules.engine.ruleset import Moves, Turn
from dogrules.engine.table import Table
from dogrules.geometry.board import HOME
from dogrules.rules.movement import number_targets, protected_fields, walk

# The pieces a sub-move may move, on the table as the earlier sub-moves left it.
Pieces = Callable[[Table], list[int]]

# Where each followed piece stands, by its number (its rank among the starting fields):
# HOME once captured.
Where = tuple[int, ...]

# Where each piece ends, whether the disc must turn (or, with no phase rule's judgement,
# every landing in order) and who has won (or the finish order).
Outcome = tuple[Where, bool | tuple[int, ...], tuple[int, ...]]

# A piece's sub-moves: for each count with a target (longest first), the targets; Plans:
# by a piece's place and owner.
Plan = list[tuple[int, list[int]]]
Plans = dict[tuple[int, int], Plan]

# The sub-move before a last one, and where the piece moved before it stands (HOME if none).
Swap = tuple[int, int, int]

# What a sub-move carried out changed, to take it back: the piece on its target, the
# landings and the homes before it, and how many finish entries and captures there were.
Undo = tuple[int | None, dict[int, None], list[int], int, int]


def splits(
    turn: Turn, card: str, movers: Pieces, points: int, clauses: tuple[str, ...], merge: bool
) -> Iterator[Moves]:
    """Every way to spend ``points`` of ``card`` in sub-moves of the pieces ``movers`` offers
    (never the same piece twice in a row, each a full number move), depth first in the stable
    order; with ``merge`` only the first spelling of each distinct outcome (and whether the
    disc must turn after it is noted in ``turn.known_turns``)."""
    search = _Search(turn, card, movers, clauses, merge)
    root = search.root(points)
    return search.explore(root, search.first_visit(root, HOME), ())


# The protected start fields and the finish fields taken on a table: what a piece's
# sub-moves depend on besides its place and owner.
Context = tuple[frozenset[int], frozenset[int]]


class _Node:
    """A table the search has reached (the search's table stands so while it is explored),
    with its pieces followed, and the piece not yet explored from it (``held``). ``plans``:
    the pieces' sub-moves, shared by the nodes with the same ``context``."""

    __slots__ = ("context", "finished", "held", "pieces", "plans", "points", "where")

    def __init__(
        self,
        where: Where,
        points: int,
        finished: tuple[int, ...],
        context: Context,
        plans: Plans,
        pieces: list[int],
    ) -> None:
        self.where = where
        self.points = points
        self.finished = finished
        self.context = context
        self.plans = plans
        self.pieces = pieces
        self.held: int | None = None


class _Search:
    def __init__(
        self, turn: Turn, card: str, movers: Pieces, clauses: tuple[str, ...], merge: bool
    ) -> None:
        self.turn = turn
        self.card = card
        self.movers = movers
        self.clauses = clauses
        self.merge = merge
        self.judged = judged = turn.outcome
        # The landings whose order matters (None: every landing, with no phase rule's word).
        self.ordered = None if judged is None else judged.ordered
        self.turn_due = None if judged is None else judged.turn_due
        self.settle = None if judged is None else judged.settle
        # The table the sub-moves are carried out on, each taken back once explored.
        self.table = turn.table.clone()
        self.board = turn.board
        self.track = turn.board.track
        # Fields a sub-move changes more than its own piece's place on: where protection
        # starts or ends, and the Black Dog (which never moves during a split).
        self.dog = dog = turn.table.dog
        self.start_fields = frozenset(turn.board.start)
        self.starts_and_dog = frozenset((*turn.board.start, *(() if dog is None else (dog,))))
        self.nodes: dict[Hashable, _Node] = {}
        self.contexts: dict[Context, Plans] = {}
        self.listed: set[Hashable] = set()

    def root(self, points: int) -> _Node:
        table, self.points = self.table, points
        starts = sorted(table.occupant)
        where, finished = tuple(starts), tuple(table.finished)
        context = (protected_fields(self.board, table), self.lanes())
        plans = self.plans(context)
        node = _Node(where, points, finished, context, plans, self.movers(table))
        if self.merge:
            landings = self.ordered_landings(tuple(table.landed))
            self.nodes[(where, landings, finished, points)] = node
        return node

    def lanes(self) -> frozenset[int]:
        """The finish fields taken on the search's table."""
        track = self.track
        return frozenset(location for location in self.table.occupant if location >= track)

    def plans(self, context: Context) -> Plans:
        """The sub-moves worked out so far on tables with this ``context``."""
        plans = self.contexts.get(context)
        if plans is None:
            plans = self.contexts[context] = {}
        return plans

    def ordered_landings(self, landed: tuple[int, ...]) -> tuple[int, ...]:
        ordered = self.ordered
        if ordered is None:
            return landed
        if not ordered:
            return ()
        return tuple(location for location in landed if location in ordered)

    def first_visit(self, node: _Node, last: int) -> list[int]:
        """The pieces to explore from a new node: all but the one just moved (on ``last``)."""
        pieces = node.pieces
        if last in pieces:
            pieces = pieces.copy()
            pieces.remove(last)
            node.held = last
        return pieces

    def revisit(self, node: _Node, last: int) -> list[int]:
        """The pieces to explore from a node reached again: the one held back, unless moved."""
        held = node.held
        if held is None or held == last:
            return []
        node.held = None
        return [held]

    def explore(self, node: _Node, pieces: list[int], done: Moves) -> Iterator[Moves]:
        """The spellings that continue ``done`` from ``node`` with a sub-move of one of
        ``pieces`` (the search's table standing as ``node`` says)."""
        occupant, points, plans = self.table.occupant, node.points, node.plans
        swap = self.swappable(done) if self.merge else None
        for origin in pieces:
            owner = occupant[origin]
            plan = plans.get((origin, owner))
            if plan is None:
                plan = self.plan(node, origin, owner)
            for count, targets in plan:
                if count > points:
                    continue
                if count == points:
                    yield from self.last_sub_moves(node, done, origin, targets, swap)
                    continue
                for target in targets:
                    after = self.child(node, owner, origin, target, points - count)
                    if after is not None:
                        child, left, undo = after
                        yield from self.explore(child, left, (*done, (origin, target)))
                        self.back(owner, origin, target, undo)

    def plan(self, node: _Node, origin: int, owner: int) -> Plan:
        """The sub-moves of the piece on ``origin`` for up to all the points (then kept)."""
        board, table, blocked = self.board, self.table, node.context[0]
        plan: Plan = []
        for count in range(self.points, 0, -1):
            targets = number_targets(board, table, owner, origin, count, blocked)
            if targets:
                plan.append((count, targets))
        node.plans[origin, owner] = plan
        return plan

    def child(
        self, node: _Node, owner: int, origin: int, target: int, points: int
    ) -> tuple[_Node, list[int], Undo] | None:
        """The node a sub-move from ``origin`` to ``target`` leads to, carried out on the
        search's table, and the pieces to explore from it (None, nothing carried out, if
        none). Merging, a node already reached is found by where the pieces stand, its ordered
        landings and finish order, worked out without carrying the sub-move out: a piece it
        lands on is captured, the mover too if the Black Dog stands there, and a landing is
        left where it ends."""
        moved = HOME if target == self.dog else target
        where = _placed(node.where, origin, target, moved)
        finished = (*node.finished, owner) if target >= self.track > origin else node.finished
        key: Hashable = None
        if self.merge:
            landings: tuple[int, ...] = ()
            if self.ordered is None or self.ordered:
                landings = self.ordered_landings(_landings(self.table, origin, target, moved))
            key = (where, landings, finished, points)
            found = self.nodes.get(key)
            if found is not None:
                pieces = self.revisit(found, moved)
                return None if not pieces else (found, pieces, self.step(owner, origin, target))
        undo = self.step(owner, origin, target)
        blocked, lanes = node.context
        if origin in self.start_fields or target in self.start_fields:
            blocked = protected_fields(self.board, self.table)
        if target >= self.track:
            lanes = self.lanes()
        context = (blocked, lanes)
        plans = node.plans if context == node.context else self.plans(context)
        after = _Node(where, points, finished, context, plans, self.movers(self.table))
        if self.merge:
            self.nodes[key] = after
        return after, self.first_visit(after, moved), undo

    def step(self, owner: int, origin: int, target: int) -> Undo:
        """Carry a sub-move out on the search's table; what :meth:`back` needs to take it
        back (a number move changes the pieces on its origin and its target only)."""
        table = self.table
        homes, finished, captures = list(table.home), len(table.finished), len(table.captures)
        undo = (table.occupant.get(target), dict(table.landed), homes, finished, captures)
        walk(table, owner, origin, target, self.clauses)
        return undo

    def back(self, owner: int, origin: int, target: int, undo: Undo) -> None:
        """Take back a sub-move :meth:`step` carried out."""
        table, occupant = self.table, self.table.occupant
        victim, table.landed, table.home, finished, captures = undo
        occupant.pop(target, None)
        if victim is not None:
            occupant[target] = victim
        occupant[origin] = owner
        del table.finished[finished:]
        del table.captures[captures:]

    def last_sub_moves(
        self, node: _Node, done: Moves, origin: int, targets: list[int], swap: Swap | None
    ) -> Iterator[Moves]:
        """The plays ending with a sub-move from ``origin`` to one of ``targets``; merging,
        only those whose outcome is new. An outcome is worked out on the spot where no
        finish is entered (the aftermath's moves, the 007 summons, run on the pieces
        followed), else by carrying the sub-move out (:meth:`outcome`). ``swap``: see
        :meth:`swappable`."""
        if not self.merge:
            for target in targets:
                yield (*done, (origin, target))
            return
        judged, table, track, dog = self.judged, self.table, self.track, self.dog
        quick = judged is not None and not node.finished
        ordered, turn_due, settle, listed = self.ordered, self.turn_due, self.settle, self.listed
        swapped = None if swap is None else self.swapped_before(swap, origin)
        for target in targets:
            if swapped is not None and self.commutes(swapped, target):
                continue
            if quick and not target >= track > origin:
                moved = HOME if target == dog else target
                where = _placed(node.where, origin, target, moved)
                landings = _landings(table, origin, target, moved)
                if settle is not None and ordered and not ordered.isdisjoint(landings):
                    where = _settled(settle, table, where, landings)
                due = turn_due is not None and turn_due(landings)
                key: Outcome = (where, due, ())
            else:
                key = self.outcome(node, origin, target)
            if key in listed:
                continue
            listed.add(key)
            moves = (*done, (origin, target))
            if judged is not None:
                self.turn.known_turns[self.card, moves] = bool(key[1])
            yield moves

    def swappable(self, done: Moves) -> Swap | None:
        """The last sub-move of ``done`` and where the piece moved before it stands (HOME if
        none) when a last sub-move after it may commute with it (see :meth:`swapped_before`):
        both its fields on the track, neither a start field nor the Black Dog's."""
        if not done:
            return None
        before, landed = done[-1]
        track = self.track
        if before >= track or landed >= track or not self.starts_and_dog.isdisjoint(done[-1]):
            return None
        return before, landed, done[-2][1] if len(done) > 1 else HOME

    def swapped_before(self, swap: Swap, origin: int) -> tuple[int, int] | None:
        """The sub-move before a last one from ``origin`` when the two, the other way round,
        form a spelling met earlier (if they commute: see :meth:`commutes`): the earlier one
        (see :meth:`swappable`) moves a piece placed after ``origin``, on no start field or
        the Black Dog's, and ``origin``'s piece was not the one moved just before it."""
        before, landed, previous = swap
        if origin >= before or origin in (landed, previous) or origin in self.starts_and_dog:
            return None
        return before, landed

    def commutes(self, swapped: tuple[int, int], target: int) -> bool:
        """Whether a last sub-move to ``target`` commutes with the sub-move ``swapped``
        before it: on the track, landing on neither of its fields nor a start field or the
        Black Dog, and not two ordered landings."""
        landed = swapped[1]
        if target >= self.track or target in self.starts_and_dog or target in swapped:
            return False
        ordered = self.ordered
        return ordered is not None and not (landed in ordered and target in ordered)

    def outcome(self, node: _Node, origin: int, target: int) -> Outcome:
        """The outcome of the play ending with a last sub-move from ``origin`` to ``target``
        on ``node``, worked out by carrying it out (then taking it back): where each piece
        ends once the aftermath has moved pieces, whether the disc must turn, and who has
        won."""
        judged, after = self.judged, self.table
        owner = after.occupant[origin]
        undo = self.step(owner, origin, target)
        where = _placed(node.where, origin, target, HOME if target == self.dog else target)
        if judged is None:
            key: Outcome = where, tuple(after.landed), tuple(after.finished)
        else:
            if judged.settle is not None and self.ordered_landings(tuple(after.landed)):
                where = _settled(judged.settle, after, where, tuple(after.landed))
            due = judged.turn_due is not None and judged.turn_due(after.landed)
            won: tuple[int, ...] = ()
            if after.finished and judged.winners is not None:
                won = judged.winners(after, self.turn.seat, self.turn.state.teams)
            key = where, due, won
        self.back(owner, origin, target, undo)
        return key


def _placed(where: Where, origin: int, target: int, moved: int) -> Where:
    """``where`` after a sub-move from ``origin`` to ``target`` that left its piece on
    ``moved`` (HOME if the Black Dog took it): a piece it captured is home."""
    placed = list(where)
    if target in placed:
        placed[placed.index(target)] = HOME
    placed[placed.index(origin)] = moved
    return tuple(placed)


def _landings(table: Table, origin: int, target: int, moved: int) -> tuple[int, ...]:
    """The landings left after a sub-move from ``origin`` to ``target`` on ``table``, in the
    order reached: every earlier one but those it moved off or captured, then its own
    (``moved``: where its piece stands, HOME if the Black Dog took it, leaving none)."""
    landed = table.landed
    kept = list(landed)
    # Plain list operations: this runs for every sub-move tried (a comprehension is slower).
    if origin in landed:
        kept.remove(origin)
    if target in landed:
        kept.remove(target)
    if moved != HOME:
        kept.append(target)
    return tuple(kept)


def _settled(
    settle: Callable[[Table], None], table: Table, where: Where, landings: tuple[int, ...]
) -> Where:
    """``where`` once the aftermath has moved pieces (``landings``: those that set it
    moving). It moves pieces the same way whoever owns them, so it runs on a scratch table
    holding the pieces' numbers for their owners."""
    followed = {location: piece for piece, location in enumerate(where) if location != HOME}
    numbered = Table(table.board, followed, [], table.dog, None)
    numbered.landed = dict.fromkeys(landings)
    settle(numbered)
    placed = [HOME] * len(where)
    for location, piece in numbered.occupant.items():
        placed[piece] = location
    return tuple(placed)
