"""Which last sub-moves of a split (:mod:`dogrules.rules.splits`) need not be tried: those
whose play has an earlier spelling, in the search's stable order, that is legal too and
reaches the same outcome (R-C10), so that outcome is already listed.

Both rules ask what the sub-moves did (:func:`~dogrules.rules.movement.landing`), and whether
the last protects a start field (:func:`~dogrules.rules.movement.protects_start`), not the
move rules again: they pass a sub-move over only where the sub-move put first stays on the
track, neither lands on a field of the other, the other changes no start field's
protection and the one put first protects none (R-C4). A number move along the track reads
only the protected start fields and its target, and the other reads nothing the first
changes (a move into or inside a finish reads its own finish besides), so either order is
legal and leaves the same pieces in the same places, with the same finish order (one entry
at most); only the order of their landings differs, which the phase rule reads for
``ordered`` fields alone.
"""

from __future__ import annotations

from typing import NamedTuple

from dogrules.engine.table import Table
from dogrules.geometry.board import Board
from dogrules.rules.movement import Landing, protects_start


class Arrival(NamedTuple):
    """A sub-move of a play: from ``origin`` to ``target``, going as ``went`` says, after the
    sub-moves that ``before`` ended with (None for the first)."""

    origin: int
    target: int
    went: Landing
    before: Arrival | None


def may_repeat(last: Arrival) -> bool:
    """Whether a last sub-move after ``last`` may have an earlier spelling with the same
    outcome at all (see :func:`repeats_earlier`): ``last`` changes the protection of no
    start field (R-C4: in another order it would find its fields protected differently)."""
    return not (last.went.protects or last.went.unprotects)


def repeats_earlier(
    board: Board, table: Table, ordered: frozenset[int], last: Arrival, origin: int, target: int
) -> bool:
    """Whether the play that ends with ``last`` (one that :func:`may_repeat`) and then a last
    sub-move from ``origin`` to ``target`` on ``table`` has an earlier spelling with the same
    outcome: the two last sub-moves swapped (:func:`commutes`), or the piece's two sub-moves
    around ``last`` made one (:func:`merges`)."""
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
    of ``last`` (:func:`apart`: on the track, so the first was too). Where the first left
    or reached the piece's own start field, ``last`` finds that field unprotected in the
    earlier spelling, which only lets it pass more (R-C4)."""
    first = last.before
    if first is None or origin != first.target:
        return False
    return first.went.captured is None and apart(board, table, ordered, last, origin, target)


def apart(
    board: Board, table: Table, ordered: frozenset[int], last: Arrival, origin: int, target: int
) -> bool:
    """Whether the sub-move from ``origin`` to ``target`` on ``table`` and ``last`` (which
    changes the protection of no start field: :func:`may_repeat`) keep clear of each other:
    the sub-move stays on the track (``last`` may move in or into a finish: with one finish
    entry at most between them, the finish order is the same), lands on neither field of
    ``last``, not both landings are ordered, and the sub-move protects no start field (R-C4:
    one it leaves unprotected only lets ``last`` pass more)."""
    if (
        not board.is_track(max(origin, target))
        or target in (last.origin, last.target)
        or (target in ordered and last.target in ordered)
    ):
        return False
    return not protects_start(board, table, table.occupant[origin], target)
