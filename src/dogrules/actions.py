"""Actions: one decision of one seat, complete with every choice it makes (R-C12)."""

from __future__ import annotations

import attrs

PLACE = "place"
GIVE = "give"
DISCARD = "discard"
FOLD = "fold"
PLAY = "play"
KINDS = (PLACE, GIVE, DISCARD, FOLD, PLAY)


@attrs.frozen(cache_hash=True)
class Action:
    """A decision.

    ``kind`` is one of place, give, discard, fold, play. ``card`` is the card played (None
    unless kind is play); ``copied`` the card a Copy plays as. ``moves`` are the movements
    the player chooses, in order, as (from, to) locations: ``from`` is HOME (-1) when a piece
    enters; for Swap the pair names the two fields exchanged. ``field`` is where the Black Dog
    is placed; ``chosen`` the card given or discarded; ``turn`` the disc direction ("cw",
    "ccw") when the action turns the disc. ``notation`` is the text ``str()`` returns; it
    takes part in no comparison, so an action parsed from text equals the listed one.
    """

    kind: str
    card: str | None = None
    copied: str | None = None
    moves: tuple[tuple[int, int], ...] = ()
    field: int | None = None
    chosen: str | None = None
    turn: str | None = None
    notation: str = attrs.field(default="", eq=False, repr=False)

    def __str__(self) -> str:
        return self.notation or f"<{self.kind} {self.card or self.chosen or ''}>"

    @property
    def plays_as(self) -> str | None:
        """The card whose rules this play follows (the copied card for a Copy)."""
        return self.copied or self.card
