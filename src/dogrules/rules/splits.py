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


def splits(
    turn: Turn, card: str, movers: Pieces, points: int, clauses: tuple[str, ...], merge: bool
) -> Iterator[Moves]:
    """Every way to spend ``points`` of ``card`` in sub-moves of the pieces ``movers`` offers
    (never the same piece twice in a row, each a full number move), depth first in the stable
    order; with ``merge`` only the first spelling of each distinct outcome (and whether the
    disc must turn after it is noted in ``turn.known_turns``)."""
    search = _Search(turn, card, movers, clauses, merge)
    root = search.node(turn.table, search.first_ident(), tuple(search.starts), points)
    return search.explore(root, HOME, ())


class _Node:
    """A table the search has reached, with its pieces followed, and the pieces already
    explored from it."""

    __slots__ = (
        "blocked",
        "expanded",
        "finished",
        "ident",
        "landings",
        "pieces",
        "points",
        "table",
        "where",
    )

    def __init__(
        self,
        table: Table,
        ident: dict[int, int],
        where: Where,
        points: int,
        landings: tuple[int, ...],
        pieces: list[int],
    ) -> None:
        self.table = table
        self.ident = ident
        self.where = where
        self.points = points
        self.landings = landings
        self.finished = tuple(table.finished)
        self.blocked = protected_fields(table.board, table)
        self.pieces = pieces
        self.expanded: set[int] = set()


class _Search:
    def __init__(
        self, turn: Turn, card: str, movers: Pieces, clauses: tuple[str, ...], merge: bool
    ) -> None:
        self.turn = turn
        self.card = card
        self.movers = movers
        self.clauses = clauses
        self.merge = merge
        self.judged = turn.outcome
        # The landings whose order matters (None: every landing, with no phase rule's word).
        self.ordered = None if self.judged is None else self.judged.ordered
        self.starts = sorted(turn.table.occupant)
        # Fields a sub-move changes more than its own piece's place on: where protection
        # starts or ends, and the Black Dog (which never moves during a split).
        dog = turn.table.dog
        self.dog = dog
        self.starts_and_dog = frozenset((*turn.board.start, *(() if dog is None else (dog,))))
        self.nodes: dict[Hashable, _Node] = {}
        self.listed: set[Hashable] = set()

    def first_ident(self) -> dict[int, int]:
        return {location: piece for piece, location in enumerate(self.starts)}

    def node(self, table: Table, ident: dict[int, int], where: Where, points: int) -> _Node:
        """A node for ``table`` (a new one: see :meth:`child` for the look-up)."""
        landings = self.ordered_landings(tuple(table.landed))
        node = _Node(table, ident, where, points, landings, self.movers(table))
        if self.merge:
            self.nodes[(where, landings, node.finished, points)] = node
        return node

    def ordered_landings(self, landed: tuple[int, ...]) -> tuple[int, ...]:
        ordered = self.ordered
        if ordered is None:
            return landed
        if not ordered:
            return ()
        return tuple(location for location in landed if location in ordered)

    def explore(self, node: _Node, last: int, done: Moves) -> Iterator[Moves]:
        """The spellings that continue ``done`` from ``node`` (``last``: where the piece just
        moved stands, held back)."""
        pieces = [origin for origin in node.pieces if origin != last]
        if self.merge:
            pieces = [origin for origin in pieces if origin not in node.expanded]
            node.expanded.update(pieces)
        table, board, points = node.table, self.turn.board, node.points
        for origin in pieces:
            owner = table.occupant[origin]
            for count in range(points, 0, -1):
                targets = number_targets(board, table, owner, origin, count, node.blocked)
                if count == points:
                    if targets:
                        yield from self.last_sub_moves(node, done, origin, targets)
                    continue
                for target in targets:
                    moves = (*done, (origin, target))
                    child, moved = self.child(node, owner, origin, target, points - count)
                    yield from self.explore(child, moved, moves)

    def child(
        self, node: _Node, owner: int, origin: int, target: int, points: int
    ) -> tuple[_Node, int]:
        """The node a sub-move from ``origin`` to ``target`` leads to, and where its piece
        stands (HOME if the Black Dog took it). Merging, a node already reached is found by
        where the pieces stand, its ordered landings and finish order, worked out without
        carrying the sub-move out: a piece it lands on is captured, the mover too if the
        Black Dog stands there, and a landing is left where it ends."""
        moved = HOME if target == self.dog else target
        where = _placed(node.where, node.ident, origin, target, moved)
        if self.merge:
            landings = self.ordered_landings(_landings(node.table, origin, target, moved))
            entered = target >= self.turn.board.track > origin
            finished = (*node.finished, owner) if entered else node.finished
            found = self.nodes.get((where, landings, finished, points))
            if found is not None:
                return found, moved
        after = node.table.clone()
        walk(after, owner, origin, target, self.clauses)
        return self.node(after, _follow(node.ident, origin, target, after), where, points), moved

    def last_sub_moves(
        self, node: _Node, done: Moves, origin: int, targets: list[int]
    ) -> Iterator[Moves]:
        """The plays ending with a sub-move from ``origin`` to one of ``targets``; merging,
        only those whose outcome is new. An outcome is worked out on the spot where no
        finish is entered (the aftermath's moves, the 007 summons, run on the pieces
        followed), else on a scratch copy (:meth:`outcome`)."""
        if not self.merge:
            for target in targets:
                yield (*done, (origin, target))
            return
        judged, table = self.judged, node.table
        track, dog = self.turn.board.track, self.dog
        quick = judged is not None and not node.finished
        ordered = self.ordered or frozenset()
        turn_due = None if judged is None else judged.turn_due
        settle = None if judged is None else judged.settle
        swapped = self.swapped_before(done, origin)
        for target in targets:
            if swapped is not None and self.commutes(swapped, target):
                continue
            if quick and not target >= track > origin:
                moved = HOME if target == dog else target
                where = _placed(node.where, node.ident, origin, target, moved)
                landings = _landings(table, origin, target, moved)
                if settle is not None and not ordered.isdisjoint(landings):
                    followed = {f: piece for piece, f in enumerate(where) if f != HOME}
                    where = _settled(settle, table, followed, landings, len(where))
                due = turn_due is not None and turn_due(landings)
                key: Outcome = (where, due, ())
            else:
                key = self.outcome(node, origin, target)
            if key in self.listed:
                continue
            self.listed.add(key)
            moves = (*done, (origin, target))
            if judged is not None:
                self.turn.known_turns[self.card, moves] = bool(key[1])
            yield moves

    def swapped_before(self, done: Moves, origin: int) -> tuple[int, int] | None:
        """The sub-move before a last one from ``origin`` when the two, the other way round,
        form a spelling met earlier (if they commute: see :meth:`commutes`): the earlier one
        moves a piece placed after ``origin``, both on the track, off no start field or the
        Black Dog's, and ``origin``'s piece was not the one moved just before it."""
        if not done:
            return None
        before, landed = done[-1]
        if origin >= before or landed == origin or (len(done) > 1 and done[-2][1] == origin):
            return None
        track = self.turn.board.track
        if (
            before >= track
            or landed >= track
            or not self.starts_and_dog.isdisjoint((before, landed, origin))
        ):
            return None
        return before, landed

    def commutes(self, swapped: tuple[int, int], target: int) -> bool:
        """Whether a last sub-move to ``target`` commutes with the sub-move ``swapped``
        before it: on the track, landing on neither of its fields nor a start field or the
        Black Dog, and not two ordered landings."""
        before, landed = swapped
        if target >= self.turn.board.track or target in self.starts_and_dog:
            return False
        if target in (before, landed):
            return False
        ordered = self.ordered
        return ordered is not None and not (landed in ordered and target in ordered)

    def outcome(self, node: _Node, origin: int, target: int) -> Outcome:
        """The outcome of the play ending with a last sub-move from ``origin`` to ``target``
        on ``node``, worked out on a scratch copy: where each piece ends once the aftermath
        has moved pieces, whether the disc must turn, and who has won."""
        judged, table = self.judged, node.table
        after = table.clone()
        walk(after, table.occupant[origin], origin, target, self.clauses)
        now = _follow(node.ident, origin, target, after)
        pieces = len(node.where)
        if judged is None:
            return _where(now, pieces), tuple(after.landed), tuple(after.finished)
        where = _where(now, pieces)
        if judged.settle is not None and self.ordered_landings(tuple(after.landed)):
            where = _settled(judged.settle, after, now, tuple(after.landed), pieces)
        due = judged.turn_due is not None and judged.turn_due(after.landed)
        won: tuple[int, ...] = ()
        if after.finished and judged.winners is not None:
            won = judged.winners(after, self.turn.seat, self.turn.state.teams)
        return where, due, won


def _where(ident: dict[int, int], pieces: int) -> Where:
    placed = [HOME] * pieces
    for location, piece in ident.items():
        placed[piece] = location
    return tuple(placed)


def _placed(where: Where, ident: dict[int, int], origin: int, target: int, moved: int) -> Where:
    """``where`` after a sub-move from ``origin`` to ``target`` that left its piece on
    ``moved`` (HOME if the Black Dog took it): a piece it captured is home."""
    placed = list(where)
    victim = ident.get(target)
    if victim is not None:
        placed[victim] = HOME
    placed[ident[origin]] = moved
    return tuple(placed)


def _landings(table: Table, origin: int, target: int, moved: int) -> tuple[int, ...]:
    """The landings left after a sub-move from ``origin`` to ``target`` on ``table``, in the
    order reached: every earlier one but those it moved off or captured, then its own
    (``moved``: where its piece stands, HOME if the Black Dog took it, leaving none)."""
    kept = tuple(f for f in table.landed if f != origin and f != target)
    return kept if moved == HOME else (*kept, target)


def _settled(
    settle: Callable[[Table], None],
    table: Table,
    followed: dict[int, int],
    landings: tuple[int, ...],
    pieces: int,
) -> Where:
    """Where the followed pieces stand once the aftermath has moved pieces (``landings``:
    those that set it moving). It moves pieces the same way whoever owns them, so it runs
    on a scratch table holding the pieces' numbers for their owners."""
    numbered = Table(table.board, dict(followed), [], table.dog, None)
    numbered.landed = dict.fromkeys(landings)
    settle(numbered)
    return _where(numbered.occupant, pieces)


def _follow(followed: dict[int, int], origin: int, target: int, after: Table) -> dict[int, int]:
    """The pieces followed after a sub-move from ``origin`` to ``target`` (``after``: the
    table it left): a piece it captured is home, and so is the mover if the Black Dog took
    it."""
    now = dict(followed)
    piece = now.pop(origin)
    now.pop(target, None)
    if target in after.occupant:
        now[target] = piece
    return now
