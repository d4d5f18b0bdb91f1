"""Pictures of a position: an SVG drawing of the board and a plain-text board for terminals.

Both are pure functions of ``(board, state)``: the same input gives byte-identical output
(no timestamps, no random ids, every set is walked in sorted order).

The geometry follows the layout data (see ``specs/layouts``): the track is drawn as a ring,
``T0`` at the bottom and numbers rising clockwise, so with 4 players seat 0 sits at the
bottom, seat 1 on the left, seat 2 at the top and seat 3 on the right. Each seat's finish
lane runs from its start field toward the centre and its home sits outside the ring beside
the start field.

A face-down piece (Agent DOG, a piece standing on a hole) is drawn grey with a ``?`` and
without any trace of its owner: no colour, no seat class, and it is written after every
face-up piece in field order, so not even the document order tells whose it is (ruling
R-A9: a flipped piece shows no seat its colour).
"""

from __future__ import annotations

from dogrules.render.arrows import Arrow, ArrowKind
from dogrules.render.style import COLOURS
from dogrules.render.svg import svg
from dogrules.render.text import text_board

__all__ = ["COLOURS", "Arrow", "ArrowKind", "svg", "text_board"]
