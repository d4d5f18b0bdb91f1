"""Building the values a game makes at every decision: the actions of a listing and the new
state of an ``apply``.

``Action`` and ``State`` are named tuples (``docs/dev/representation.md``). A named tuple's
own constructor is a Python ``__new__`` that Python reaches through the type's call (and
compiled code through a generic call of a Python class, its arguments boxed); all it does is
``tuple.__new__(cls, fields)``. The builders here make that one call themselves: the same
object, equal, hashed and pickled as one its constructor builds, for fewer machine
instructions (measured in ``docs/dev/representation.md``). They take every field by
position, in the class's order, and check nothing: they are for the engine's hot callers,
whose fields are the engine's own. Everything else (users, tests, rare paths) builds values
by their constructors.
"""

from __future__ import annotations

from collections.abc import Iterable

from dogrules.model.actions import Action, ActionKind, Notation
from dogrules.model.state import Extra, Phase, State


def card_plays(
    plays: Iterable[
        tuple[str, str | None, Iterable[tuple[tuple[tuple[int, int], ...], str | None]]]
    ],
    notation: Notation,
) -> list[Action]:
    """The plays of each card (played as ``copied``, None for itself) for each of its ways,
    movements and disc turn, written in ``notation``: ``Action(ActionKind.PLAY, card, copied,
    moves, None, None, turn, notation)`` for each, card by card (a listing builds them all in
    one list)."""
    play = ActionKind.PLAY
    return [
        tuple.__new__(Action, (play, card, copied, moves, None, None, turn, notation))
        for card, copied, ways in plays
        for moves, turn in ways
    ]


def card_choices(kind: ActionKind, cards: Iterable[str], notation: Notation) -> list[Action]:
    """One decision of ``kind`` naming each of ``cards`` (a give, a discard), written in
    ``notation``: ``Action(kind, chosen=card, notation=notation)`` for each."""
    return [
        tuple.__new__(Action, (kind, None, None, (), None, card, None, notation)) for card in cards
    ]


def new_state(
    variant: str,
    players: int,
    phase: Phase,
    to_act: int,
    pieces: tuple[tuple[int, ...], ...],
    hands: tuple[tuple[str, ...], ...],
    deck: tuple[str, ...],
    discard: tuple[str, ...],
    exchange: tuple[str | None, ...],
    dealer: int,
    round: int,
    last_played: str | None,
    redrawn: bool,
    seed: int,
    shuffles: int,
    winner: tuple[int, ...],
    teams: bool,
    extra: Extra | None,
) -> State:
    """``State(...)`` of these fields, every one given in the class's order."""
    return tuple.__new__(
        State,
        (
            variant,
            players,
            phase,
            to_act,
            pieces,
            hands,
            deck,
            discard,
            exchange,
            dealer,
            round,
            last_played,
            redrawn,
            seed,
            shuffles,
            winner,
            teams,
            extra,
        ),
    )
