"""Why a DOG Kids action is illegal: the clauses that forbid it, in plain English."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dogrules.actions import GIVE, PLAY, REDRAW, Action
from dogrules.board import HOME
from dogrules.cards import BONE, COLOUR, DOGSWAP, DOUBLE, TWO_COLOUR, card_spec
from dogrules.rules.colours import (
    bone_target,
    can_enter_kids,
    colour_target,
    double_target,
)
from dogrules.rules.round import controlled_seat
from dogrules.rules.table import Table
from dogrules.state import Phase, State

if TYPE_CHECKING:
    from dogrules.variants.dog_kids import DogKids

Verdict = tuple[tuple[str, ...], tuple[str, ...]]


def diagnose_kids(variant: DogKids, state: State, action: Action) -> Verdict:
    """The clauses and reason that make ``action`` illegal in ``state``."""
    reason, clauses = _why(variant, state, action)
    return clauses, (reason,)


def _why(variant: DogKids, state: State, action: Action) -> tuple[str, tuple[str, ...]]:
    seat = state.to_act
    board = variant.board(state.players)
    label = board.label
    if state.phase == Phase.OVER:
        return f"the game is over; seat(s) {list(state.winner)} won", ("KD-WIN", "KD-TEAM-WIN")
    if state.phase == Phase.EXCHANGE:
        if action.kind != GIVE:
            return (
                f"the partners swap a card first; seat {seat} gives one now",
                ("KD-TEAM-EXCHANGE", "R-K9"),
            )
        return f"seat {seat} does not hold {action.chosen!r}", ("KD-TEAM-EXCHANGE", "R-K9")
    if action.kind == GIVE:
        return (
            "partners swap cards only at the start of a team game and after a redraw",
            ("KD-TEAM-EXCHANGE", "KD-TEAM-REDRAW-EXCHANGE", "R-K9"),
        )
    if action.kind not in (PLAY, REDRAW):
        return (
            "a seat that cannot or will not move discards its whole hand and draws 3: 'redraw'",
            ("KD-REDRAW", "R-K2"),
        )
    card = action.card
    if card is None or card not in state.hands[seat]:
        return f"seat {seat} does not hold {card!r}", ("KD-MOVE-CLOCKWISE", "R-K2")
    spec = card_spec(card)
    table = Table.of(board, state)
    owner = controlled_seat(table, seat, state.teams)
    if len(action.moves) != 1:
        return f"a {card} card moves exactly one dog", ("KD-MOVE-CLOCKWISE", "R-K2")
    origin, target = action.moves[0]
    if origin == HOME:
        if spec.family not in (COLOUR, DOUBLE, TWO_COLOUR):
            return "only a card showing a colour brings a dog onto the start field", (
                "KD-ENTER",
                "R-K3",
                "R-K6",
            )
        if target != board.start[owner] or not can_enter_kids(board, table, owner, spec.colours):
            colours = " or ".join(sorted(board.colours_at(board.start[owner])))
            return (
                f"a dog of seat {owner} enters onto {label(board.start[owner])} with a {colours} "
                "card, if a dog waits at home and no own dog stands there",
                ("KD-ENTER", "KD-ENTER-AGAIN", "R-K3"),
            )
    if table.occupant.get(origin) != owner:
        if owner != seat:
            return (
                f"seat {seat} has all its dogs home and now moves seat {owner}'s dogs",
                ("KD-TEAM-HELP", "R-K9"),
            )
        return f"seat {seat} has no dog on {label(origin)}", ("KD-MOVE-CLOCKWISE",)
    if spec.family == DOGSWAP:
        return (
            "the dog swap exchanges one of the seat's dogs on the track with another player's "
            "dog on the track (never at home or in a dog house)",
            ("KD-DOGSWAP", "R-K7"),
        )
    if spec.family == BONE:
        where = bone_target(board, table, owner, origin)
        if where is None:
            return "no free bone field lies ahead of this dog", ("KD-BONE", "R-K6")
        return f"the bone card takes this dog to {label(where)}, the next free bone field", (
            "KD-BONE",
            "R-K6",
        )
    if spec.family == TWO_COLOUR and action.chosen is None:
        return (
            f"name the colour taken from the two-colour card, e.g. '{card}={spec.colours[0]}'",
            ("KD-TWO-COLOUR",),
        )
    colour = action.chosen or spec.colours[0]
    if spec.family == DOUBLE:
        where = double_target(board, table, owner, origin, colour)
        if where is None:
            return f"fewer than two free {colour} fields lie ahead", ("KD-DOUBLE", "R-K5")
        return f"the double step goes to {label(where)}, the second free {colour} field", (
            "KD-DOUBLE",
            "R-K5",
        )
    where = colour_target(board, table, owner, origin, colour)
    if where is None:
        return f"no {colour} field lies ahead of this dog on its path", ("KD-HOUSE-ENTRY", "R-K8")
    if where != target:
        return (
            f"with {colour} the dog goes to {label(where)}: the next {colour} field, jumping on "
            "past own dogs, dogs on bones and dogs in its house",
            ("KD-COLOUR", "KD-JUMP-OWN", "KD-BONE-SAFE", "R-K4"),
        )
    return (
        "the partner's dog there cannot be pushed on: no field of that colour lies ahead of it",
        ("KD-TEAM-PUSH", "R-K10"),
    )
