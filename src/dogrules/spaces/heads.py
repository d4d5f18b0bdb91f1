"""The heads of a variant's actions: everything an action says before its moves and disc turn
(its kind, the card, the card a Copy plays as, the colour chosen from a two-colour card).

The heads are listed from the variant's deck data alone, in a fixed order, so that the ids
built on them change only when the deck changes:

1. the decisions that are no card play: ``place``, ``fold``, ``redraw``, then ``give c`` and
   ``discard c`` for every card ``c`` in deck order;
2. the plays of one move: every card in deck order (a Copy as ``copy=c`` for every other
   card ``c``; a two-colour card without a colour, then with each of its colours);
3. the plays of several moves (those that play as a card splitting its points, Partner), in
   the same order;
4. ``decline`` (a DOG Kids team swap, R-K9): added after the others, so that their ids
   stay as they were.

A head is listed whether or not the variant or player count ever takes it (DOG Kids never
places a Black Dog): unused heads cost a few ids and keep the scheme the same everywhere.
"""

from __future__ import annotations

import attrs

from dogrules.geometry.cards import CardCatalogue, CardFamily, Deck
from dogrules.model.actions import Action, ActionKind


@attrs.frozen
class Head:
    """What an action says before its moves: ``kind``, ``card``, ``copied``, ``chosen`` as in
    :class:`~dogrules.model.actions.Action`. ``moves`` is the most moves an action with this
    head can name (0: none; 1 for most plays; a Partner's points for a split)."""

    kind: ActionKind
    card: str | None = None
    copied: str | None = None
    chosen: str | None = None
    moves: int = 0

    @property
    def key(self) -> tuple[ActionKind, str | None, str | None, str | None]:
        """The fields an action shares with its head (what :func:`head_key` reads)."""
        return (self.kind, self.card, self.copied, self.chosen)

    @property
    def text(self) -> str:
        """The head as the first step of a staged decision writes it (``give 5``,
        ``copy=5``, ``blue/red=red``, ``partner``)."""
        if self.kind in (ActionKind.GIVE, ActionKind.DISCARD):
            return f"{self.kind} {self.chosen}"
        if self.kind != ActionKind.PLAY:
            return str(self.kind)
        text = str(self.card if self.copied is None else f"copy={self.copied}")
        return text if self.chosen is None else f"{text}={self.chosen}"


def head_key(action: Action) -> tuple[ActionKind, str | None, str | None, str | None]:
    """The key of the head ``action`` has (compare :attr:`Head.key`)."""
    return (action.kind, action.card, action.copied, action.chosen)


def heads(deck: Deck, catalogue: CardCatalogue) -> tuple[Head, ...]:
    """Every head of a variant with this deck, in the fixed order of the module docstring."""
    cards = [card for card, _ in deck.counts]
    others: list[Head] = [
        Head(ActionKind.PLACE),
        Head(ActionKind.FOLD),
        Head(ActionKind.REDRAW),
    ]
    others += [Head(ActionKind.GIVE, chosen=card) for card in cards]
    others += [Head(ActionKind.DISCARD, chosen=card) for card in cards]
    plays = [head for card in cards for head in _plays(card, cards, catalogue)]
    single = [head for head in plays if head.moves == 1]
    several = [head for head in plays if head.moves > 1]
    return (*others, *single, *several, Head(ActionKind.DECLINE))


def _plays(card: str, cards: list[str], catalogue: CardCatalogue) -> list[Head]:
    """The heads of playing ``card``: as itself, or a Copy as each other card."""
    if catalogue.spec(card).family == CardFamily.COPY:
        copied = [other for other in cards if catalogue.spec(other).family != CardFamily.COPY]
        return [head for other in copied for head in _as(card, other, catalogue)]
    return _as(card, None, catalogue)


def _as(card: str, copied: str | None, catalogue: CardCatalogue) -> list[Head]:
    """The heads of ``card`` played as ``copied`` (itself when None): one per colour that can
    be chosen, besides the one choosing none."""
    spec = catalogue.spec(copied or card)
    moves = max(spec.steps) if spec.family == CardFamily.PARTNER else 1
    colours = spec.colours if spec.family == CardFamily.TWO_COLOUR else ()
    return [Head(ActionKind.PLAY, card, copied, chosen, moves) for chosen in (None, *colours)]
