"""The Partner card: 4 points split into ordered sub-moves over several pieces."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Protocol

import attrs

from dogrules.data.register import implements
from dogrules.engine.ruleset import Moves, Turn
from dogrules.engine.table import Table
from dogrules.geometry.board import HOME
from dogrules.geometry.cards import CardSpec
from dogrules.model.actions import Action
from dogrules.model.results import Refusal
from dogrules.rules.movement import (
    check_number_move,
    number_distance,
    number_targets,
    protected_fields,
    walk,
)

PARTNER_POINTS = 4
PARTNER_CLAUSES = ("BD-PARTNER", "R-C10")

# The pieces a sub-move may move, on the table as the earlier sub-moves left it.
Pieces = Callable[[Table], list[int]]


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

    def pieces(self, turn: Turn) -> Pieces:
        """The pieces a sub-move may move on a given table."""
        ...


@attrs.frozen
class PartnerCard:
    """Partner: ordered lists of sub-moves (piece, k >= 1) whose counts add up to 4, never
    the same piece twice in a row, each a full number move on the board as the earlier
    sub-moves left it (R-C10).

    Many orderings lead to the same result (two pieces moved 2 each, in either order), and
    a person chooses a result, not an ordering: :meth:`plays` lists each distinct outcome
    once, in its canonical spelling, and :meth:`check` accepts every spelling."""

    targets: Targets

    @implements("BD-PARTNER", "BD-FULL-MOVE", "R-C10", "R-C14")
    def plays(self, turn: Turn, card: CardSpec) -> Iterator[Moves]:
        """Each distinct outcome once, spelled canonically: the first of its spellings in the
        order pieces in board order, longer sub-moves first, track before finish. Orderings
        that reach the same table are explored once, so the work follows the number of
        outcomes, not of orderings."""
        return _sub_moves(turn, self.targets.pieces(turn), merge=True)

    def spellings(self, turn: Turn) -> Iterator[Moves]:
        """Every legal spelling, in the same order (for tests that check :meth:`plays`
        against all of them; their number grows with the orderings)."""
        return _sub_moves(turn, self.targets.pieces(turn), merge=False)

    def check(self, turn: Turn, card: CardSpec, action: Action) -> Refusal | None:
        board = turn.board
        table = turn.table.clone()
        movable = self.targets.pieces(turn)
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
            if origin not in movable(table):
                return Refusal(
                    self.targets.clauses,
                    f"Partner points may not move the piece on {board.label(origin)} (seat "
                    f"{owner}'s): {self.targets.rule}",
                )
            if origin == last:
                return Refusal(("R-C10",), "two sub-moves in a row may not move the same piece")
            probe = attrs.evolve(turn, table=table, blocked=protected_fields(board, table))
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


def _sub_moves(turn: Turn, movers: Pieces, merge: bool) -> Iterator[Moves]:
    """The spellings of a Partner play, depth first in the stable order; with ``merge`` only
    the first spelling of each outcome (see :meth:`PartnerCard.plays`)."""
    search = _Search(turn, movers, merge)
    start = turn.table
    ident = {location: piece for piece, location in enumerate(search.starts)}
    return search.split(start, ident, tuple(search.starts), PARTNER_POINTS, HOME, ())


class _Search:
    """Sub-moves explored depth first. Pieces are followed as individuals: ``ident`` maps
    where each stands to its number (its rank among the starting fields), ``where`` lists
    where each number stands (HOME once captured).

    Merging, two orderings that leave the same pieces in the same places (and the same
    finish order, and the same ordered landings) are one node: its sub-moves are explored
    once, with only the piece moved last held back until another ordering reaches the node
    having moved a different one. Two complete plays are one outcome when the phase rule's
    :class:`Outcomes` tells them apart by nothing: where each piece ends once the aftermath
    has moved pieces, whether the disc must turn, and who has won."""

    def __init__(self, turn: Turn, movers: Pieces, merge: bool) -> None:
        self.turn = turn
        self.movers = movers
        self.merge = merge
        self.judged = turn.outcome
        self.starts = sorted(turn.table.occupant)
        # Fields a sub-move changes more than its own piece's place on: where protection
        # starts or ends, and the Black Dog (which never moves during a Partner play).
        start = turn.table
        dog = () if start.dog is None else (start.dog,)
        self.starts_and_dog = frozenset((*turn.board.start, *dog))
        self.expanded: dict[Hashable, set[int]] = {}
        self.listed: set[Hashable] = set()

    def split(
        self,
        table: Table,
        ident: dict[int, int],
        where: Where,
        points: int,
        last: int,
        done: Moves,
    ) -> Iterator[Moves]:
        board = self.turn.board
        blocked_now = protected_fields(board, table)
        pieces = [origin for origin in self.movers(table) if origin != last]
        if self.merge:
            node = (where, self.ordered_landings(table), tuple(table.finished), points)
            expanded = self.expanded.setdefault(node, set())
            pieces = [origin for origin in pieces if origin not in expanded]
            expanded.update(pieces)
        for origin in pieces:
            owner = table.occupant[origin]
            for count in range(points, 0, -1):
                for target in number_targets(board, table, owner, origin, count, blocked_now):
                    if count == points:
                        if self.merge and self.explored_swapped(table, done, origin, target):
                            continue
                        moves = (*done, (origin, target))
                        if self.merge and not self.first(table, ident, where, moves):
                            continue
                        yield moves
                        continue
                    moves = (*done, (origin, target))
                    after = table.clone()
                    walk(after, owner, origin, target, PARTNER_CLAUSES)
                    now = _follow(ident, origin, target, after)
                    # A piece that fell to the Black Dog is home and cannot be moved again.
                    moved = target if target in now else HOME
                    placed = _placed(where, ident, origin, target, moved)
                    yield from self.split(after, now, placed, points - count, moved, moves)

    def explored_swapped(self, table: Table, done: Moves, origin: int, target: int) -> bool:
        """Whether the play ending with a last sub-move from ``origin`` to ``target`` was
        already met with its last two sub-moves the other way round: they move two pieces
        on the track without touching each other's fields, a start field, the Black Dog or
        two ordered landings, so they commute, and the earlier-placed piece went first."""
        if not done:
            return False
        before, landed = done[-1]
        if origin >= before or (len(done) > 1 and done[-2][1] == origin):
            return False
        fields = (before, landed, origin, target)
        if max(fields) >= self.turn.board.track or not self.starts_and_dog.isdisjoint(fields):
            return False
        if target in (before, landed) or landed == origin:
            return False
        ordered = self.judged.ordered if self.judged is not None else None
        return ordered is not None and not (landed in ordered and target in ordered)

    def first(self, table: Table, ident: dict[int, int], where: Where, moves: Moves) -> bool:
        """Whether ``moves`` (its last sub-move still to make on ``table``) is the first
        spelling of its outcome; remembers the outcome, and whether the disc must turn."""
        origin, target = moves[-1]
        key = self.outcome(table, ident, where, origin, target)
        if key in self.listed:
            return False
        self.listed.add(key)
        if self.judged is not None:
            self.judged.due[moves] = bool(key[1])
        return True

    def ordered_landings(self, table: Table) -> tuple[int, ...]:
        """The landings whose order matters (every landing when no phase rule said)."""
        judged = self.judged
        if judged is None:
            return tuple(table.landed)
        ordered = judged.ordered
        if not ordered:
            return ()
        return tuple(location for location in table.landed if location in ordered)

    def outcome(
        self, table: Table, ident: dict[int, int], where: Where, origin: int, target: int
    ) -> Outcome:
        """The outcome of the play ending with a last sub-move from ``origin`` to ``target``
        on ``table``: worked out on the spot where nothing but the pieces' places and the
        paws can tell plays apart, else on a scratch copy."""
        judged = self.judged
        track = self.turn.board.track
        if (
            judged is not None
            and not table.finished
            and not target >= track > origin
            and not (judged.ordered and (target in judged.ordered or self.ordered_landings(table)))
        ):
            dog = table.dog
            placed = list(where)
            victim = ident.get(target)
            if victim is not None:
                placed[victim] = HOME
            placed[ident[origin]] = HOME if target == dog else target
            paws = judged.paws
            due = bool(paws) and (
                (target in paws and target != dog)
                or any(
                    landing in paws and landing != origin and landing != target
                    for landing in table.landed
                )
            )
            return tuple(placed), due, ()
        after = table.clone()
        walk(after, table.occupant[origin], origin, target, PARTNER_CLAUSES)
        now = _follow(ident, origin, target, after)
        if judged is None:
            return _where(now, len(where)), tuple(after.landed), tuple(after.finished)
        if judged.settle is not None and self.ordered_landings(after):
            # The aftermath moves pieces the same way whoever owns them: run it on the
            # followed pieces to follow them through it.
            followed = Table(after.board, dict(now), [], after.dog, None)
            followed.landed = dict(after.landed)
            judged.settle(followed)
            now = followed.occupant
        due = not judged.paws.isdisjoint(after.landed)
        won: tuple[int, ...] = ()
        if after.finished and judged.winners is not None:
            won = judged.winners(after, self.turn.seat, self.turn.state.teams)
        return _where(now, len(where)), due, won


# Where each followed piece stands, by its number (HOME once captured).
Where = tuple[int, ...]

# Where each piece ends, whether the disc must turn (or, with no phase rule's judgement,
# every landing in order) and who has won (or the finish order).
Outcome = tuple[Where, bool | tuple[int, ...], tuple[int, ...]]


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


class PartnerTargets:
    """Black DOG: own and partner pieces; any seat's pieces with 2 or 3 players or once a
    seat of the acting team has all its pieces in its finish; never the Black Dog (R-B8)."""

    rule = "only own and partner pieces until a seat of the team has all its pieces home"
    clauses: tuple[str, ...] = ("BD-PARTNER", "BD-PARTNER-ANY", "R-B8")

    @implements("BD-PARTNER", "BD-PARTNER-ANY", "BD-2P3P-PARTNER", "R-B8", "R-C14")
    def pieces(self, turn: Turn) -> Pieces:
        """Settled when the card is played (R-C14), then read on each sub-move's table."""
        partner = turn.partner
        table = turn.table
        if partner is None or table.all_in_finish(turn.seat) or table.all_in_finish(partner):
            return lambda now: sorted(now.occupant)
        side = {turn.seat, partner}
        return lambda now: sorted(loc for loc, s in now.occupant.items() if s in side)
