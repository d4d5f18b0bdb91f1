"""Which last sub-moves of a split (:mod:`dogrules.rules.splits`) need not be tried: those
whose play has an earlier spelling, in the search's stable order, that is legal too and
reaches the same outcome (R-C10), so that outcome is already listed.

Both rules ask what the sub-moves did (:func:`~dogrules.rules.movement.landing`), not the
move rules again: they pass a sub-move over only where neither it nor the sub-moves it is
exchanged with touches a field of the other, enters a finish or changes the protection of a
start field (R-C4). Two moves on the track that do none of that read nothing the other
changes (a number move along the track reads only the protected start fields and its
target), so either order is legal and leaves the same pieces in the same places; only the
order of their landings differs, which the phase rule reads for ``ordered`` fields alone.
"""

from __future__ import annotations

from typing import NamedTuple

from dogrules.engine.table import Table
from dogrules.geometry.board import Board
from dogrules.rules.movement import Landing, landing


class Arrival(NamedTuple):
    """A sub-move of a play: from ``origin`` to ``target``, going as ``went`` says, after the
    sub-moves that ``before`` ended with (None for the first)."""

    origin: int
    target: int
    went: Landing
    before: Arrival | None


def repeats_earlier(
    board: Board, table: Table, ordered: frozenset[int], last: Arrival, origin: int, target: int
) -> bool:
    """Whether the play that ends with ``last`` and then a last sub-move from ``origin`` to
    ``target`` on ``table`` has an earlier spelling with the same outcome: the two last
    sub-moves swapped (:func:`commutes`), or the piece's two sub-moves around ``last`` made
    one (:func:`merges`)."""
    return commutes(board, table, ordered, last, origin, target) or merges(
        board, table, ordered, last, origin, target
    )


def commutes(
    board: Board, table: Table, ordered: frozenset[int], last: Arrival, origin: int, target: int
) -> bool:
    """Whether the last sub-move from ``origin`` to ``target`` could come before ``last``:
    its piece is placed before ``last``'s in board order (so it is tried first) and was not
    moved just before ``last`` (that order would move it twice in a row), and the two keep
    clear of each other (:func:`apart`)."""
    if origin >= last.origin or (last.before is not None and origin == last.before.target):
        return False
    return apart(board, table, ordered, last, origin, target)


def merges(
    board: Board, table: Table, ordered: frozenset[int], last: Arrival, origin: int, target: int
) -> bool:
    """Whether the last sub-move from ``origin`` to ``target`` moves the piece that moved just
    before ``last``, so that moving it once by the sum of its two sub-moves and then making
    ``last`` is an earlier spelling (longer sub-moves first) with the same outcome: its first
    sub-move captured nothing (the Black Dog took nothing either), and its second keeps clear
    of ``last`` (:func:`apart`: all on the track, so the first was too). Leaving its own
    start field first changes nothing for ``last``, which finds it left either way; reaching
    it first is ruled out by the second leaving it (:func:`apart`)."""
    first = last.before
    if first is None or origin != first.target:
        return False
    return first.went.captured is None and apart(board, table, ordered, last, origin, target)


def apart(
    board: Board, table: Table, ordered: frozenset[int], last: Arrival, origin: int, target: int
) -> bool:
    """Whether the sub-move from ``origin`` to ``target`` on ``table`` and ``last`` keep clear
    of each other: all four fields on the track, the later one lands on neither field of
    ``last``, not both landings are ordered, and neither changes the protection of a start
    field."""
    fields = (last.origin, last.target)
    if (
        not board.is_track(max(origin, target, *fields))
        or target in fields
        or (target in ordered and last.target in ordered)
        or last.went.protection_changed
    ):
        return False
    return not landing(board, table, table.occupant[origin], origin, target).protection_changed
