"""Actions: one decision of one seat, complete with every choice it makes (R-C12), and how
an action is written.

Written forms (locations in layout notation; a finish field of another seat than the actor's
is written ``F2@1``):

* ``place T8``: put the Black Dog on T8 (setup);
* ``give 5``: set a 5 aside for the exchange; ``discard 5``; ``fold``;
* ``5 T3-T8``: play a 5 moving the piece on T3 to T8 (``T60-F2`` turns into the finish);
* ``1/11 H-T0``: a start card bringing a piece from home onto T0;
* ``swap T3<>T20``; ``magnet T3-T15``; ``partner T3-T4 T10-T13`` (sub-moves in order);
* ``black:1-7 T3-T6`` (the Black Dog then runs as many steps as the piece moved);
* ``copy=5 T3-T8``: a Copy played as a 5;
* a trailing ``turn cw`` or ``turn ccw`` gives the disc turn's direction;
* DOG Kids: ``blue T3-T9``, ``blue x2 T3-T14``, ``blue/red=red T3-T6`` (the colour chosen
  from a two-colour card), ``blue/red H-T0``, ``bone T3-T5``, ``dogswap T3<>T20``, ``redraw``
  (discard the whole hand and draw a new one), ``decline`` (give no card in a team swap
  that may be declined, R-K9).
"""

from __future__ import annotations

import enum
from typing import Final, NamedTuple

import attrs

from dogrules.geometry.board import HOME, Board


class ActionKind(enum.StrEnum):
    """What sort of decision an action is; compares equal to its string value."""

    PLACE = "place"
    GIVE = "give"
    DISCARD = "discard"
    FOLD = "fold"
    PLAY = "play"
    REDRAW = "redraw"
    DECLINE = "decline"


SECRET_KINDS: Final = frozenset({ActionKind.GIVE, ActionKind.DECLINE})
"""The decisions other seats may not see (only that the seat has chosen): the card set
aside for an exchange, or declining a team swap (R-C3, R-K9)."""


class Direction(enum.StrEnum):
    """A disc turn's direction."""

    CW = "cw"
    CCW = "ccw"


@attrs.frozen
class Notation:
    """What an action's text is written against: the board, the acting seat, and the cards
    whose movement names two fields that change places (written ``A<>B``)."""

    board: Board
    seat: int
    paired: frozenset[str] = frozenset()


class Action(NamedTuple):
    """A decision.

    ``kind`` says which sort. ``card`` is the card played (None unless kind is play);
    ``copied`` the card a Copy plays as. ``moves`` are the movements the player chooses, in
    order, as (from, to) locations: ``from`` is HOME (-1) when a piece enters; for Swap the
    pair names the two fields exchanged. ``field`` is where the Black Dog is placed;
    ``chosen`` the card given or discarded, or the colour chosen from a two-colour card (DOG
    Kids); ``turn`` the disc direction ("cw", "ccw") when the action turns the disc.
    ``notation`` is the context ``str()`` writes the action in; it takes part in no
    comparison and no repr, so an action parsed from text equals the listed one.

    A named tuple (docs/dev/representation.md says why): immutable, built by position or
    keyword, changed with ``action._replace(turn="cw")``; equal only to another Action.
    """

    kind: ActionKind
    card: str | None = None
    copied: str | None = None
    moves: tuple[tuple[int, int], ...] = ()
    field: int | None = None
    chosen: str | None = None
    turn: str | None = None
    notation: Notation | None = None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self[:_DECISION] == other[:_DECISION]
        # Equal to no plain tuple (which would compare the notation too).
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self[:_DECISION] != other[:_DECISION]
        return True if isinstance(other, tuple) else NotImplemented

    def __hash__(self) -> int:
        return hash(self[:_DECISION])

    def __repr__(self) -> str:
        return (
            f"Action(kind={self.kind!r}, card={self.card!r}, copied={self.copied!r}, "
            f"moves={self.moves!r}, field={self.field!r}, chosen={self.chosen!r}, "
            f"turn={self.turn!r})"
        )

    def __str__(self) -> str:
        if self.notation is None or shape_fault(self, self.notation.board) is not None:
            return f"<{self.kind!s} {self.card or self.chosen or ''} {self.moves!r}>"
        return format_action(self.notation, self)

    def seen_by(self, notation: Notation) -> Action:
        """This action written in ``notation``'s context."""
        return self._replace(notation=notation)

    @property
    def plays_as(self) -> str | None:
        """The card whose rules this play follows (the copied card for a Copy)."""
        return self.copied or self.card


# How many leading fields make the decision (all but ``notation``).
_DECISION: Final = 7


def format_action(notation: Notation, action: Action) -> str:
    """The canonical text of ``action`` taken by ``notation.seat``."""
    board, seat = notation.board, notation.seat
    if action.kind in (ActionKind.FOLD, ActionKind.REDRAW, ActionKind.DECLINE):
        return str(action.kind)
    if action.kind == ActionKind.PLACE:
        return f"place {'?' if action.field is None else board.label(action.field)}"
    if action.kind in (ActionKind.GIVE, ActionKind.DISCARD):
        return f"{action.kind} {action.chosen}"
    card = action.card if action.copied is None else f"copy={action.copied}"
    if action.chosen is not None:
        card = f"{card}={action.chosen}"
    parts = [str(card)]
    label = board.label
    separator = "<>" if action.plays_as in notation.paired else "-"
    parts.extend(f"{label(a, seat)}{separator}{label(b, seat)}" for a, b in action.moves)
    if action.turn is not None:
        parts.append(f"turn {action.turn}")
    return " ".join(parts)


def _is_location(value: object, size: int) -> bool:
    # bool is an int that compares equal to 0 and 1, so it names a location like them.
    return isinstance(value, int) and (value == HOME or 0 <= value < size)


def shape_fault(action: Action, board: Board) -> str | None:
    """What makes ``action`` no action of this board at all, in plain words; None when each
    field has its type (kind an ActionKind, card, copied, chosen and turn text or None, moves
    pairs of locations, field a location or None) and every location is on ``board``.

    Actions are built by users too (``Action(...)`` and ``_replace`` check nothing), so the
    judge asks this before any rule reads a field, and ``str()`` before writing one."""
    if not isinstance(action.kind, str) or action.kind not in _KINDS:
        return f"kind {action.kind!r} is not one of {', '.join(sorted(_KINDS))}"
    card, copied, chosen, turn = texts = (action.card, action.copied, action.chosen, action.turn)
    # Every judgement and every str() asks: the usual answer (each text a str or None) first.
    if not (
        (card is None or type(card) is str)
        and (copied is None or type(copied) is str)
        and (chosen is None or type(chosen) is str)
        and (turn is None or type(turn) is str)
    ):
        for name, value in zip(("card", "copied", "chosen", "turn"), texts, strict=True):
            if value is not None and not isinstance(value, str):
                return f"{name} {value!r} is neither a card or colour name nor None"
    if action.turn is not None and action.turn not in _DIRECTIONS:
        return f"turn {action.turn!r} is not a disc direction (cw or ccw)"
    size = board.field_count
    field = action.field
    if field is not None and not (isinstance(field, int) and 0 <= field < board.track):
        return f"field {field!r} is no track field of this board (0..{board.track - 1})"
    if not isinstance(action.moves, tuple):
        return f"moves {action.moves!r} is not a tuple of (from, to) pairs"
    for move in action.moves:
        # The usual move first: two ints on the board (HOME, -1, is just below the first field).
        if (
            type(move) is tuple
            and len(move) == 2
            and type(move[0]) is int
            and type(move[1]) is int
            and HOME <= move[0] < size
            and HOME <= move[1] < size
        ):
            continue
        if not isinstance(move, tuple) or len(move) != 2:
            return f"move {move!r} is not a (from, to) pair"
        for location in move:
            if not _is_location(location, size):
                return (
                    f"location {location!r} is not on this board (T0..T{board.track - 1}, "
                    f"finish locations {board.track}..{size - 1} or home {HOME})"
                )
    return None


# Checked by value so that a kind or turn of another hashable type is refused, not matched.
_KINDS = frozenset(str(kind) for kind in ActionKind)
_DIRECTIONS = frozenset(str(direction) for direction in Direction)
