"""Action notation: how an action is written, and reading it back.

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
  (discard the whole hand and draw a new one).
"""

from __future__ import annotations

from collections.abc import Collection

from dogrules.actions import DISCARD, FOLD, GIVE, PLACE, PLAY, REDRAW, Action
from dogrules.board import HOME, Board
from dogrules.cards import DOGSWAP, SWAP, card_spec

DIRECTIONS = ("cw", "ccw")


def format_action(board: Board, seat: int, action: Action) -> str:
    """The canonical text of ``action`` taken by ``seat``."""
    if action.kind in (FOLD, REDRAW):
        return action.kind
    if action.kind == PLACE:
        assert action.field is not None
        return f"place {board.label(action.field)}"
    if action.kind in (GIVE, DISCARD):
        return f"{action.kind} {action.chosen}"
    card = action.card if action.copied is None else f"copy={action.copied}"
    if action.chosen is not None:
        card = f"{card}={action.chosen}"
    parts = [str(card)]
    label = board.label
    if action.plays_as is not None and card_spec(action.plays_as).family in (SWAP, DOGSWAP):
        parts.extend(f"{label(a, seat)}<>{label(b, seat)}" for a, b in action.moves)
    else:
        parts.extend(f"{label(a, seat)}-{label(b, seat)}" for a, b in action.moves)
    if action.turn is not None:
        parts.append(f"turn {action.turn}")
    return " ".join(parts)


def parse_action_text(board: Board, seat: int, text: str, cards: Collection[str]) -> Action:
    """The action written ``text`` for ``seat``; ValueError naming what cannot be read.

    ``cards`` are the card notations of the variant. The action may still be illegal:
    reading it says nothing about that.
    """
    words = text.split()
    if not words:
        raise ValueError("empty action notation")
    if words[0] in (GIVE, DISCARD):
        given = " ".join(words[1:])
        if given not in cards:
            raise ValueError(f"{text!r}: expected '{words[0]} <card>' with a card of this game")
        return _finish(board, seat, Action(words[0], chosen=given))
    if len(words) >= 2 and f"{words[0]} {words[1].split('=')[0]}" in cards:
        # A card notation of two words ("blue x2").
        words = [f"{words[0]} {words[1]}", *words[2:]]
    head, rest = words[0], words[1:]
    if head in (FOLD, REDRAW) and not rest:
        return _finish(board, seat, Action(head))
    if head == PLACE:
        if len(rest) != 1:
            raise ValueError(f"{text!r}: expected 'place <field>'")
        return _finish(board, seat, Action(PLACE, field=board.parse(rest[0], seat)))
    copied: str | None = None
    chosen: str | None = None
    card = head
    if head.startswith("copy="):
        card, copied = "copy", head[len("copy=") :]
        if copied not in cards or copied == "copy":
            raise ValueError(f"{text!r}: {copied!r} is not a card a Copy can play as")
    elif "=" in head:
        card, chosen = head.split("=", 1)
        if card in cards and chosen not in card_spec(card).colours:
            raise ValueError(f"{text!r}: {card!r} shows no colour {chosen!r}")
    if card not in cards:
        raise ValueError(f"{text!r}: unknown card {card!r}; cards are {', '.join(sorted(cards))}")
    turn: str | None = None
    if len(rest) >= 2 and rest[-2] == "turn":
        if rest[-1] not in DIRECTIONS:
            raise ValueError(f"{text!r}: a disc turn is 'turn cw' or 'turn ccw'")
        turn, rest = rest[-1], rest[:-2]
    if not rest:
        raise ValueError(f"{text!r}: a played card needs its movement, e.g. '{card} T3-T8'")
    moves = tuple(_parse_move(board, seat, word, text) for word in rest)
    return _finish(
        board, seat, Action(PLAY, card=card, copied=copied, moves=moves, chosen=chosen, turn=turn)
    )


def _parse_move(board: Board, seat: int, word: str, text: str) -> tuple[int, int]:
    separator = "<>" if "<>" in word else "-"
    if word.count(separator) != 1:
        raise ValueError(f"{text!r}: cannot read movement {word!r}; expected FROM-TO or A<>B")
    origin, target = word.split(separator)
    return (_location(board, seat, origin, text), _location(board, seat, target, text))


def _location(board: Board, seat: int, word: str, text: str) -> int:
    try:
        return board.parse(word, seat)
    except ValueError as exc:
        raise ValueError(f"{text!r}: {exc}") from None


def _finish(board: Board, seat: int, action: Action) -> Action:
    from attrs import evolve

    return evolve(action, board=board, seat=seat)


__all__ = ["HOME", "format_action", "parse_action_text"]
