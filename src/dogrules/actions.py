"""Actions: one decision of one seat, complete with every choice it makes (R-C12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from dogrules.board import Board

PLACE = "place"
GIVE = "give"
DISCARD = "discard"
FOLD = "fold"
PLAY = "play"
REDRAW = "redraw"
KINDS = (PLACE, GIVE, DISCARD, FOLD, PLAY, REDRAW)


@attrs.frozen(cache_hash=True)
class Action:
    """A decision.

    ``kind`` is one of place, give, discard, fold, play. ``card`` is the card played (None
    unless kind is play); ``copied`` the card a Copy plays as. ``moves`` are the movements
    the player chooses, in order, as (from, to) locations: ``from`` is HOME (-1) when a piece
    enters; for Swap the pair names the two fields exchanged. ``field`` is where the Black Dog
    is placed; ``chosen`` the card given or discarded, or the colour chosen from a two-colour
    card (DOG Kids); ``turn`` the disc direction ("cw",
    "ccw") when the action turns the disc. ``board`` and ``seat`` are the context ``str()``
    writes the notation in; they take part in no comparison, so an action parsed from text
    equals the listed one.
    """

    kind: str
    card: str | None = None
    copied: str | None = None
    moves: tuple[tuple[int, int], ...] = ()
    field: int | None = None
    chosen: str | None = None
    turn: str | None = None
    board: Board | None = attrs.field(default=None, eq=False, repr=False)
    seat: int | None = attrs.field(default=None, eq=False, repr=False)

    def __str__(self) -> str:
        if self.board is None or self.seat is None:
            return f"<{self.kind} {self.card or self.chosen or ''} {self.moves}>"
        from dogrules.notation import format_action

        return format_action(self.board, self.seat, self)

    def seen_by(self, board: Board, seat: int) -> Action:
        """This action with the context its notation is written in (``seat`` acting)."""
        return attrs.evolve(self, board=board, seat=seat)

    @property
    def plays_as(self) -> str | None:
        """The card whose rules this play follows (the copied card for a Copy)."""
        return self.copied or self.card
