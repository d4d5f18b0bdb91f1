"""Reading an action back from its text (see :mod:`dogrules.model.actions` for the forms)."""

from __future__ import annotations

from collections.abc import Collection

from dogrules.geometry.cards import CardCatalogue
from dogrules.model.actions import Action, ActionKind, Direction, Notation
from dogrules.model.errors import NotationError

_CARDLESS = (ActionKind.FOLD, ActionKind.REDRAW, ActionKind.DECLINE)


def parse_action_text(
    notation: Notation, text: str, cards: Collection[str], catalogue: CardCatalogue
) -> Action:
    """The action written ``text`` for ``notation.seat``; NotationError naming what cannot be
    read. ``cards`` are the card notations of the game. The action may still be illegal:
    reading it says nothing about that."""
    if not isinstance(text, str):
        raise NotationError(f"an action is written as text, got {type(text).__name__}")
    words = text.split()
    if not words:
        raise NotationError("empty action notation")
    if words[0] in (ActionKind.GIVE, ActionKind.DISCARD):
        given = " ".join(words[1:])
        if given not in cards:
            raise NotationError(f"{text!r}: expected '{words[0]} <card>' with a card of this game")
        return Action(ActionKind(words[0]), chosen=given, notation=notation)
    if len(words) >= 2 and f"{words[0]} {words[1].split('=')[0]}" in cards:
        # A card notation of two words ("blue x2").
        words = [f"{words[0]} {words[1]}", *words[2:]]
    head, rest = words[0], words[1:]
    if head in _CARDLESS and not rest:
        return Action(ActionKind(head), notation=notation)
    if head == ActionKind.PLACE:
        if len(rest) != 1:
            raise NotationError(f"{text!r}: expected 'place <field>'")
        field = _location(notation, rest[0], text)
        return Action(ActionKind.PLACE, field=field, notation=notation)
    copied: str | None = None
    chosen: str | None = None
    card = head
    if head.startswith("copy="):
        card, copied = "copy", head[len("copy=") :]
        if copied not in cards or copied == "copy":
            raise NotationError(f"{text!r}: {copied!r} is not a card a Copy can play as")
    elif "=" in head:
        card, chosen = head.split("=", 1)
        if card in cards and chosen not in catalogue.spec(card).colours:
            raise NotationError(f"{text!r}: {card!r} shows no colour {chosen!r}")
    if card not in cards:
        raise NotationError(
            f"{text!r}: unknown card {card!r}; cards are {', '.join(sorted(cards))}"
        )
    turn: str | None = None
    if len(rest) >= 2 and rest[-2] == "turn":
        if rest[-1] not in Direction.__members__.values():
            raise NotationError(f"{text!r}: a disc turn is 'turn cw' or 'turn ccw'")
        turn, rest = rest[-1], rest[:-2]
    if not rest:
        raise NotationError(f"{text!r}: a played card needs its movement, e.g. '{card} T3-T8'")
    moves = tuple(_parse_move(notation, word, text) for word in rest)
    return Action(ActionKind.PLAY, card, copied, moves, None, chosen, turn, notation)


def _parse_move(notation: Notation, word: str, text: str) -> tuple[int, int]:
    separator = "<>" if "<>" in word else "-"
    if word.count(separator) != 1:
        raise NotationError(f"{text!r}: cannot read movement {word!r}; expected FROM-TO or A<>B")
    origin, target = word.split(separator)
    return (_location(notation, origin, text), _location(notation, target, text))


def _location(notation: Notation, word: str, text: str) -> int:
    try:
        return notation.board.parse(word, notation.seat)
    except ValueError as exc:
        raise NotationError(f"{text!r}: {exc}") from None
