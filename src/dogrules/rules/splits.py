"""The distinct outcomes of a split of points over several pieces (the Partner card, R-C10),
found by construction.

A split is an ordered list of sub-moves; many orderings lead to the same result. The search
goes depth first in the stable order (pieces in board order, longer sub-moves first, the
track before the finish) and follows pieces as individuals. Two orderings that leave the
same pieces in the same places (with the same finish order and the same ordered landings)
reach one node, whose sub-moves are explored once: a later ordering reaching it explores
only the piece the earlier ones held back (the piece just moved). Two last sub-moves that
commute are tried in board order only, and a piece's last sub-move is not tried where moving
it once by the sum with its sub-move before is the same (see
:mod:`~dogrules.rules.split_skips`). Two complete plays are one outcome when the phase rule's
:class:`~dogrules.engine.ruleset.Outcomes` tells them apart by nothing: where each piece ends
once the aftermath has moved pieces, whether the disc must turn, and who has won.
The first spelling found of each outcome is its canonical one (the first in the stable
order), so the work follows the number of outcomes, not of orderings.

The search carries the sub-moves out on one scratch table and takes each back once explored
(no copy per node), and asks for a piece's targets once per place, owner and what else they
depend on: the protected start fields and the fields taken in the owner's finish, which most
sub-moves do not change (kept from one search to the next: :mod:`~dogrules.rules.split_plans`,
with the finish fields taken that a search starts from).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable, Hashable, Iterator

from dogrules.engine.ruleset import Moves, Turn
from dogrules.geometry.board import HOME
from dogrules.rules.movement import number_targets, protected_fields, walk
from dogrules.rules.split_places import Where, landings_after, placed, settled, stuck
from dogrules.rules.split_plans import TABLES_KEPT, Finishes, Plan, SeatPlans, kept_plans
from dogrules.rules.split_skips import Skips

# Whether a sub-move may move the piece of a seat (the second number) standing on a field (the
# first): settled when the card is played (R-C14), so the same for every table of a split.
Movable = Callable[[int, int], bool]

# Where each piece ends, whether the disc must turn (or, with no phase rule's judgement,
# every landing in order) and who has won (or the finish order).
Outcome = tuple[Where, bool | tuple[int, ...], tuple[int, ...]]

# What a sub-move carried out changed, to take it back: the piece on its target, the
# landings before it, and how many finish entries and captures there were (each capture
# sent one piece of its owner home).
Undo = tuple[int | None, dict[int, None], int, int]


def splits(
    turn: Turn, card: str, movable: Movable, points: int, clauses: tuple[str, ...], merge: bool
) -> Iterator[Moves]:
    """Every way to spend ``points`` of ``card`` in sub-moves of the pieces ``movable`` allows
    (never the same piece twice in a row, each a full number move), depth first in the stable
    order; with ``merge`` only the first spelling of each distinct outcome (and whether the
    disc must turn after it is noted in ``turn.known_turns``)."""
    search = _Search(turn, card, movable, clauses, merge)
    root = search.root(points)
    found: list[Moves] = []
    search.explore(root, root.pieces, (), found)
    return iter(found)


class _Node:
    """A table the search has reached (the search's table stands so while it is explored),
    with its pieces followed, and the piece not yet explored from it (``held``): its protected
    start fields, each seat's finish fields taken (``lanes``), the sub-moves worked out and the
    pieces that may move (in board order; without those stuck for good, see
    :func:`~dogrules.rules.split_places.stuck`; with one point left, only those explored on
    the first visit, as no child reads them)."""

    __slots__ = ("blocked", "finished", "held", "lanes", "pieces", "plans", "points", "where")

    def __init__(
        self,
        where: Where,
        points: int,
        finished: tuple[int, ...],
        blocked: frozenset[int],
        lanes: tuple[frozenset[int], ...],
        plans: SeatPlans,
        pieces: list[int],
        held: int | None,
    ) -> None:
        self.where = where
        self.points = points
        self.finished = finished
        self.blocked = blocked
        self.lanes = lanes
        self.plans = plans
        self.pieces = pieces
        self.held = held


class _Search:
    def __init__(
        self, turn: Turn, card: str, movable: Movable, clauses: tuple[str, ...], merge: bool
    ) -> None:
        self.turn = turn
        self.card = card
        self.movable = movable
        self.clauses = clauses
        self.merge = merge
        self.judged = judged = turn.outcome
        # The landings whose order matters (None: every landing, with no phase rule's word).
        self.ordered = None if judged is None else judged.ordered
        self.turn_due = None if judged is None else judged.turn_due
        self.settle = None if judged is None else judged.settle
        # The table the sub-moves are carried out on, each taken back once explored.
        self.table = turn.table.clone()
        self.board, self.track = turn.board, turn.board.track
        # Fields a sub-move changes more than its own piece's place on: where protection
        # starts or ends, and the Black Dog (which never moves during a split).
        self.dog = turn.table.dog
        self.skips = Skips(turn.board, self.dog, self.ordered)
        self.start_fields = frozenset(turn.board.start)
        self.nodes: dict[Hashable, _Node] = {}
        self.listed: set[Hashable] = set()
        self.known = turn.known_turns if merge and judged is not None else None

    def root(self, points: int) -> _Node:
        """The node of the table as the turn found it, with all ``points`` to split."""
        self.points = points
        self.kept = kept_plans(self.board, points)
        table = self.table
        where, finished = tuple(sorted(table.occupant)), tuple(table.finished)
        blocked = protected_fields(self.board, table)
        # The places in finishes close the sorted ones.
        in_finish = where[bisect_left(where, self.track) :]
        finishes = self.kept.finishes.get(in_finish)
        if finishes is None:
            if len(self.kept.finishes) >= TABLES_KEPT:
                self.kept.finishes.clear()
            finishes = self.kept.finishes[in_finish] = self.finishes()
        lanes, fixed = finishes
        plans = self.kept.plans(blocked, lanes)
        movable, occupant = self.movable, table.occupant
        pieces = sorted(
            [
                location
                for location, owner in occupant.items()
                if location not in fixed and movable(location, owner)
            ]
        )
        node = _Node(where, points, finished, blocked, lanes, plans, pieces, None)
        if self.merge:
            landings = self.ordered_landings(tuple(table.landed))
            self.nodes[(where, landings, finished, points)] = node
        return node

    def finishes(self) -> Finishes:
        """Each seat's finish fields taken on the search's table, and the pieces there that
        :func:`stuck` names."""
        lanes, occupant = self.lanes(), self.table.occupant
        fixed = [field for lane in lanes for field in lane if stuck(self.board, occupant, field)]
        return lanes, frozenset(fixed)

    def lanes(self) -> tuple[frozenset[int], ...]:
        """The fields of each seat's finish taken on the search's table."""
        board, track = self.board, self.track
        taken: list[list[int]] = [[] for _ in range(board.players)]
        for location in self.table.occupant:
            if location >= track:
                taken[board.lane_owner(location)].append(location)
        return tuple(map(frozenset, taken))

    def ordered_landings(self, landed: tuple[int, ...]) -> tuple[int, ...]:
        ordered = self.ordered
        if ordered is None:
            return landed
        if not ordered:
            return ()
        return tuple([location for location in landed if location in ordered])

    def explore(
        self,
        node: _Node,
        pieces: list[int],
        done: Moves,
        found: list[Moves],
        quiet: int = HOME,
        again: int = HOME,
        last: int = HOME,
    ) -> None:
        """Add to ``found`` the spellings that continue ``done`` from ``node`` with a sub-move
        of one of ``pieces`` (the search's table standing as ``node`` says); merging, a play
        only if its outcome is new (and whether the disc must turn after it noted), passing
        over a last sub-move of a play spelled earlier with the same outcome (see
        :class:`~dogrules.rules.split_skips.Skips`). ``quiet`` and ``again``: where the last
        sub-move of ``done`` and the one before it landed if they captured nothing (HOME if
        they did, or there is none); ``last``: where the last sub-move of ``done`` started
        (HOME if there is none)."""
        occupant, points, plans, merge = self.table.occupant, node.points, node.plans, self.merge
        skips, table = self.skips, self.table
        swap = None
        # Only a piece placed before the one moved last (from ``last``) can have its sub-moves
        # swapped: ``before`` is ``last`` once the swap rule has said they may be.
        before = HOME
        # The swap rule is asked once a last sub-move of such a piece is met (in Black DOG
        # playouts nearly half the nodes with a last sub-move have none).
        asked = False
        dog = self.dog
        for origin in pieces:
            owner = occupant[origin]
            plan = plans[owner].get(origin)
            if plan is None:
                plan = self.plan(node, origin, owner)
            if not plan:
                continue
            targets = plan[points]
            if not merge:
                found.extend([(*done, (origin, target)) for target in targets])
            elif targets:
                if origin < last and not asked:
                    asked = True
                    swap = skips.swappable(table, done)
                    if swap is not None:
                        before = swap[0]
                if origin < before and swap is not None:
                    targets = skips.uncommuted(swap, origin, owner, targets)
                # The merge rule is asked of the piece on ``again`` only (one at most).
                if origin == again:
                    merged = skips.mergeable(table, done, again)
                    if merged is not None:
                        targets = skips.unmerged(merged, targets)
                for target in targets:
                    due = self.new_outcome(node, origin, target)
                    if due is None:
                        continue
                    moves = (*done, (origin, target))
                    if self.known is not None:
                        self.known[self.card, moves] = due
                    found.append(moves)
            if points == 1:
                continue
            for count in range(points - 1, 0, -1):
                for target in plan[count]:
                    after = self.child(node, owner, origin, target, points - count)
                    if after is not None:
                        child, left, undo = after
                        landed = target if undo[0] is None and target != dog else HOME
                        if left:
                            moves = (*done, (origin, target))
                            self.explore(child, left, moves, found, landed, quiet, origin)
                        self.back(owner, origin, target, undo)

    def plan(self, node: _Node, origin: int, owner: int) -> Plan:
        """The sub-moves of the piece on ``origin`` for up to all the points (then kept)."""
        board, table, blocked = self.board, self.table, node.blocked
        plan: Plan = [[]]
        for count in range(1, self.points + 1):
            plan.append(number_targets(board, table, owner, origin, count, blocked))
        if not any(plan):
            plan = []
        node.plans[owner][origin] = plan
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
        occupant = self.table.occupant
        where = placed(node.where, origin, target, moved, target in occupant)
        finished = (*node.finished, owner) if target >= self.track > origin else node.finished
        key: Hashable = None
        if self.merge:
            landings: tuple[int, ...] = ()
            if self.ordered is None or self.ordered:
                landings = self.ordered_landings(landings_after(self.table, origin, target, moved))
            key = (where, landings, finished, points)
            found = self.nodes.get(key)
            if found is not None:
                # Reached again: the piece held back is explored now, unless it just moved.
                held = found.held
                if held is None or held == moved:
                    return None
                found.held = None
                return found, [held], self.step(owner, origin, target)
        undo = self.step(owner, origin, target)
        blocked, lanes, plans = node.blocked, node.lanes, node.plans
        if origin in self.start_fields or target in self.start_fields:
            blocked = protected_fields(self.board, self.table)
        if target >= self.track:
            # The piece moved inside its own colour's finish or into it (R-C6).
            taken = set(lanes[owner])
            taken.discard(origin)
            taken.add(target)
            lanes = (*lanes[:owner], frozenset(taken), *lanes[owner + 1 :])
        if blocked != node.blocked or lanes is not node.lanes:
            plans = self.kept.plans(blocked, lanes)
        # The pieces that may move change on the sub-move's two fields only; all are explored
        # from the new node but the one just moved, held back until it is reached again.
        left = node.pieces.copy()
        left.remove(origin)
        if target in left:
            left.remove(target)
        pieces, held = left, None
        if (
            moved != HOME
            and self.movable(target, owner)
            and not (target >= self.track and stuck(self.board, occupant, target))
        ):
            held = target
            if points > 1:
                # Only a node's children read its pieces: one with a point left has none.
                pieces = left.copy()
                insort(pieces, target)
        after = _Node(where, points, finished, blocked, lanes, plans, pieces, held)
        if self.merge:
            self.nodes[key] = after
        return after, left, undo

    def step(self, owner: int, origin: int, target: int) -> Undo:
        """Carry a sub-move out on the search's table; what :meth:`back` needs to take it
        back (a number move changes the pieces on its origin and its target only)."""
        table = self.table
        undo = (
            table.occupant.get(target),
            table.landed.copy(),
            len(table.finished),
            len(table.captures),
        )
        walk(table, owner, origin, target, self.clauses)
        return undo

    def back(self, owner: int, origin: int, target: int, undo: Undo) -> None:
        """Take back a sub-move :meth:`step` carried out."""
        table, occupant = self.table, self.table.occupant
        victim, table.landed, finished, captures = undo
        occupant.pop(target, None)
        if victim is not None:
            occupant[target] = victim
        occupant[origin] = owner
        del table.finished[finished:]
        captured = table.captures
        if len(captured) > captures:
            home = table.home
            for seat in captured[captures:]:
                home[seat] -= 1
            del captured[captures:]

    def new_outcome(self, node: _Node, origin: int, target: int) -> bool | None:
        """Whether the disc must turn after the play ending with a last sub-move from
        ``origin`` to ``target``; None if its outcome was met before. The outcome is worked
        out on the spot where no finish is entered (the aftermath's moves, the 007 summons,
        run on the pieces followed), else by carrying the sub-move out (:meth:`outcome`)."""
        table = self.table
        if self.judged is not None and not node.finished and not target >= self.track > origin:
            moved = HOME if target == self.dog else target
            where = placed(node.where, origin, target, moved, target in table.occupant)
            landings = landings_after(table, origin, target, moved)
            settle, ordered = self.settle, self.ordered
            if settle is not None and ordered and not ordered.isdisjoint(landings):
                where = settled(settle, table, where, landings)
            due = self.turn_due is not None and self.turn_due(landings)
            key: Outcome = (where, due, ())
        else:
            key = self.outcome(node, origin, target)
        # One hash of the key: the set did not grow if it held the key already.
        listed = self.listed
        size = len(listed)
        listed.add(key)
        return None if len(listed) == size else bool(key[1])

    def outcome(self, node: _Node, origin: int, target: int) -> Outcome:
        """The outcome of the play ending with a last sub-move from ``origin`` to ``target``
        on ``node``, worked out by carrying it out (then taking it back): where each piece
        ends once the aftermath has moved pieces, whether the disc must turn, and who has
        won."""
        judged, after = self.judged, self.table
        owner = after.occupant[origin]
        undo = self.step(owner, origin, target)
        moved = HOME if target == self.dog else target
        where = placed(node.where, origin, target, moved, undo[0] is not None)
        if judged is None:
            key: Outcome = where, tuple(after.landed), tuple(after.finished)
        else:
            if judged.settle is not None and self.ordered_landings(tuple(after.landed)):
                where = settled(judged.settle, after, where, tuple(after.landed))
            due = judged.turn_due is not None and judged.turn_due(after.landed)
            won: tuple[int, ...] = ()
            if after.finished and judged.winners is not None:
                won = judged.winners(after, self.turn.seat, self.turn.state.teams)
            key = where, due, won
        self.back(owner, origin, target, undo)
        return key
