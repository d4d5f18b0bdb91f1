"""The table the Partner split search (:mod:`dogrules.rules.splits`) carries its sub-moves
out on, each taken back once explored (no copy per node), with its pieces followed as
individuals: where they all stand is one number (a :data:`Where`), which a sub-move changes
by two products and which is worked out without carrying the sub-move out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from dogrules.engine.ruleset import Turn
from dogrules.engine.table import Table
from dogrules.geometry.board import HOME
from dogrules.rules.movement import walk

# Where each followed piece stands, by its number (its rank among the starting fields), as
# one number: a fixed-width digit each (the field's distance from HOME, so 0 once captured).
# Two tables have the same number exactly when every piece stands in the same place, and a
# sub-move changes it by two products (its piece's, and a captured piece's), not a copy.
Where = int

# A piece lifted off its field for a sub-move: where the pieces stand without it (as if it
# were home), the weight of its digit, and the field it left.
Lifted = tuple[Where, int, int]

# What a sub-move carried out changed, to take it back: the owner of the piece on its target,
# the landings, the homes and the pieces' numbers before it, and how many finish entries and
# captures there were.
Undo = tuple[int | None, dict[int, None], list[int], dict[int, int], int, int]


class SplitTable:
    """A copy of the turn's table (``table``) and each piece's number (its rank among the
    fields the pieces stood on at first), by where it stands (``numbers``)."""

    def __init__(self, turn: Turn, clauses: tuple[str, ...]) -> None:
        self.table = table = turn.table.clone()
        self.board, self.track, self.dog = turn.board, turn.board.track, table.dog
        self.clauses = clauses
        board = self.board
        width = (board.track + board.players * board.finish - HOME).bit_length()
        # The weight of each piece's digit in a Where.
        self.digits = [1 << (width * piece) for piece in range(len(table.occupant))]
        self.numbers = {location: piece for piece, location in enumerate(sorted(table.occupant))}

    def where(self) -> Where:
        """Where the pieces stand on the table."""
        return _where(self.numbers, self.digits)

    def step(self, owner: int, origin: int, target: int) -> Undo:
        """Carry a sub-move out on the search's table; what :meth:`back` needs to take it
        back (a number move changes the pieces on its origin and its target only)."""
        table, numbers = self.table, self.numbers
        homes, finished, captures = table.home.copy(), len(table.finished), len(table.captures)
        undo = (table.occupant.get(target), table.landed.copy(), homes, numbers, finished, captures)
        walk(table, owner, origin, target, self.clauses)
        self.numbers = self.followed(origin, target, HOME if target == self.dog else target)
        return undo

    def back(self, owner: int, origin: int, target: int, undo: Undo) -> None:
        """Take back a sub-move :meth:`step` carried out."""
        table, occupant = self.table, self.table.occupant
        victim, table.landed, table.home, self.numbers, finished, captures = undo
        occupant.pop(target, None)
        if victim is not None:
            occupant[target] = victim
        occupant[origin] = owner
        del table.finished[finished:]
        del table.captures[captures:]

    def lift(self, where: Where, origin: int) -> Lifted:
        """The piece on ``origin`` lifted off for a sub-move (see :class:`Lifted`), the
        search's table standing as ``where`` says."""
        digit = self.digits[self.numbers[origin]]
        return where - (origin - HOME) * digit, digit, origin

    def put(self, lifted: Lifted, target: int, moved: int) -> tuple[Where, list[int]]:
        """Where the pieces stand and the landings left, in the order reached, once the
        ``lifted`` piece is put on ``target`` (not carried out): a piece there is captured
        (home, its landing gone), and the mover stands on ``moved``, its landing last (HOME
        if the Black Dog took it: no landing)."""
        where, digit, origin = lifted
        landed = self.table.landed
        kept = list(landed)
        # Plain list operations: this runs for every sub-move tried (a comprehension is slower).
        if origin in landed:
            kept.remove(origin)
        victim = self.numbers.get(target)
        if victim is not None:
            where -= (target - HOME) * self.digits[victim]
            if target in landed:
                kept.remove(target)
        if moved != HOME:
            where += (moved - HOME) * digit
            kept.append(target)
        return where, kept

    def followed(self, origin: int, target: int, moved: int) -> dict[int, int]:
        """The pieces' numbers by where they stand after a sub-move from ``origin`` to
        ``target`` (not carried out) that leaves its piece on ``moved`` (HOME if the Black
        Dog took it): a piece it captures is home."""
        numbers = self.numbers.copy()
        piece = numbers.pop(origin)
        numbers.pop(target, None)
        if moved != HOME:
            numbers[target] = piece
        return numbers

    def settled(
        self, settle: Callable[[Table], None], followed: dict[int, int], landings: Iterable[int]
    ) -> Where:
        """Where the pieces ``followed`` places stand once the aftermath has moved pieces
        (``landings``: those that set it moving). It moves pieces the same way whoever owns
        them, so it runs on a scratch table holding the pieces' numbers for their owners."""
        numbered = Table(self.board, followed, [], self.dog, None)
        numbered.landed = dict.fromkeys(landings)
        settle(numbered)
        return _where(numbered.occupant, self.digits)


def _where(numbers: dict[int, int], digits: list[int]) -> Where:
    """The Where of the pieces ``numbers`` places (by location, each piece's number)."""
    return sum((location - HOME) * digits[piece] for location, piece in numbers.items())
