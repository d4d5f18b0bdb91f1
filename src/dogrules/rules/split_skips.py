"""Which last sub-moves of a split (:mod:`dogrules.rules.splits`) need not be tried: those
whose play has an earlier spelling, in the search's stable order, that is legal too and
reaches the same outcome (R-C10), so that outcome is already listed. Two kinds are known:
the last two sub-moves swapped (they commute), and a piece's two sub-moves around another
one made as one (the piece moved once by their sum)."""

from __future__ import annotations

from dogrules.engine.table import Table
from dogrules.geometry.board import HOME, Board

# The sub-move before a last one, where the piece moved before it stands (HOME if none), and
# the start field whose protection it changes (HOME if none).
Swap = tuple[int, int, int, int]

# The sub-move between a piece's two (where the other piece stood and landed), the start
# field it unprotects (HOME if none), the field the piece stands on and its own start field,
# and whether the other piece's landing is ordered.
Merged = tuple[int, int, int, int, int, bool]


class Skips:
    """The rules that pass a last sub-move over, on one board with the Black Dog where it
    stands (it never moves during a split) and the landings whose order matters (``ordered``;
    None: every landing, with no phase rule's word)."""

    __slots__ = ("dog", "ordered", "starts", "track")

    def __init__(self, board: Board, dog: int | None, ordered: frozenset[int] | None) -> None:
        self.track = board.track
        self.starts = board.start
        self.dog = dog
        self.ordered = ordered

    def swappable(self, table: Table, done: tuple[tuple[int, int], ...]) -> Swap | None:
        """The last sub-move of ``done``, where the piece moved before it stands (HOME if
        none) and the start field it protects or unprotects (R-C4: its piece reaches or
        leaves its own colour's start field; HOME if none) when a last sub-move after it may
        commute with it (see :meth:`uncommuted`): on the track, or inside a finish (no
        finish entered: the finish order stays), and not onto the Black Dog. Two last
        sub-moves that commute are tried in board order only."""
        if not done:
            return None
        before, landed = done[-1]
        track = self.track
        if (before >= track) != (landed >= track) or landed == self.dog:
            return None
        start = self.starts[table.occupant[landed]]
        previous = done[-2][1] if len(done) > 1 else HOME
        return before, landed, previous, start if start in done[-1] else HOME

    def uncommuted(self, swap: Swap, origin: int, owner: int, targets: list[int]) -> list[int]:
        """The last sub-moves from ``origin`` (a piece of ``owner``) to ``targets`` that do
        not commute with the sub-move ``swap`` before them (see :meth:`swappable`), so that
        the other order is a legal spelling met earlier with the same outcome. Only a piece
        placed before the earlier one, on the track and not the one moved just before it, is
        passed over, and a sub-move only when it stays on the track, lands on neither of the
        earlier one's fields nor the Black Dog, not both landings are ordered, and neither
        passes a start field the other protects or unprotects (R-C4: the other order would
        find it protected). Neither then changes the fields the other may pass, where it
        lands or what it captures."""
        before, landed, previous, guarded = swap
        track, ordered = self.track, self.ordered
        if origin >= before or origin in (landed, previous) or origin >= track or ordered is None:
            return targets
        start, dog, ordered_landing = self.starts[owner], self.dog, landed in ordered
        kept = []
        for target in targets:
            if (
                target >= track
                or target == dog
                or target == before
                or target == landed
                or (guarded != HOME and _passes(origin, target, guarded, track))
                # Its piece protecting its own start field first would block the earlier one.
                or (target == start and before < track and _passes(before, landed, start, track))
                or (ordered_landing and target in ordered)
            ):
                kept.append(target)
        return kept

    def mergeable(
        self, table: Table, done: tuple[tuple[int, int], ...], again: int
    ) -> Merged | None:
        """The sub-move between two of the piece on ``again`` when a last sub-move of it may
        make one with its sub-move before (see :meth:`unmerged`): ``again`` is where the
        sub-move before the last of ``done`` landed, capturing nothing (HOME if none did),
        the other piece is still on the board, and the order of landings is the phase rule's
        to say."""
        if again == HOME or self.ordered is None:
            return None
        origin, landed = done[-1]
        occupant = table.occupant
        owner = occupant.get(landed)
        if owner is None:
            return None
        starts, ordered = self.starts, self.ordered
        guarded = origin if starts[owner] == origin else HOME
        return origin, landed, guarded, again, starts[occupant[again]], landed in ordered

    def unmerged(self, merged: Merged, targets: list[int]) -> list[int]:
        """The last sub-moves to ``targets`` of the piece moved two sub-moves before that do
        not make one with that earlier sub-move: moving the piece once by their sum, then the
        other piece's sub-move, is a legal spelling with the same outcome (met earlier:
        longer sub-moves come first) when the piece stays on the track (so it went along the
        track all the way: no finish entered, R-C6), lands on neither of the other's fields,
        not on its own start field (R-C4: protected, it would block the other), does not pass
        the other's own start field the other left (protected until then), and not both
        landings are ordered. The first sub-move captured nothing (see :meth:`mergeable`) and
        passed no protected start field, and the other piece's sub-move reads nothing the
        piece changes (only protection does, and it loses none). With Partner's 4 points
        only the capture, the other's fields and the order of landings ever decide: the
        other cases need 5."""
        origin, landed, guarded, standing, start, ordered_landing = merged
        track, ordered = self.track, self.ordered
        kept = []
        for target in targets:
            if (
                target >= track
                or target in (origin, landed, start)
                or (guarded != HOME and _passes(standing, target, guarded, track))
                or (ordered_landing and ordered is not None and target in ordered)
            ):
                kept.append(target)
        return kept


def _passes(origin: int, target: int, field: int, track: int) -> bool:
    """Whether a move along the track from ``origin`` to ``target`` passes or ends on
    ``field``."""
    return 0 < (field - origin) % track <= (target - origin) % track
