"""Why a DOG Kids action is illegal: the clauses that forbid it, in plain English."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dogrules.actions import GIVE, PLAY, REDRAW, Action
from dogrules.board import HOME, Board
from dogrules.cards import BONE, COLOUR, DOGSWAP, DOUBLE, TWO_COLOUR, CardSpec, card_spec
from dogrules.rules.colours import (
    blocked_push,
    bone_target,
    colour_target,
    double_target,
    fields_ahead,
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
        won = ("KD-TEAM-WIN", "R-K9") if state.teams else ("KD-WIN",)
        return f"the game is over; seat(s) {list(state.winner)} won", won
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
    helping = ("KD-TEAM-HELP",) if owner != seat else ()
    if spec.family == DOGSWAP and HOME in (origin, target):
        return (
            "dogs still at home cannot be swapped, and only a colour card brings a dog onto its "
            "start field",
            ("KD-DOGSWAP", "R-K7", "KD-ENTER", "R-K3"),
        )
    if origin == HOME:
        return _why_not_enter(board, table, owner, target, spec, helping)
    if spec.family != TWO_COLOUR and action.chosen is not None:
        return f"only a two-colour card takes a colour choice, not {card}", ("KD-TWO-COLOUR",)
    if spec.family == TWO_COLOUR and action.chosen is None:
        return (
            f"name the colour taken from the two-colour card, e.g. '{card}={spec.colours[0]}'",
            ("KD-TWO-COLOUR",),
        )
    if table.occupant.get(origin) != owner:
        if owner != seat:
            return (
                f"seat {seat} has all its dogs home and now moves seat {owner}'s dogs",
                ("KD-TEAM-HELP", "R-K9"),
            )
        return f"seat {seat} has no dog on {label(origin, seat)}", ("KD-MOVE-CLOCKWISE",)
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
        return f"the bone card takes this dog to {label(where, seat)}, the next free bone field", (
            "KD-BONE",
            "R-K6",
        )
    colour = action.chosen or spec.colours[0]
    if spec.family == DOUBLE:
        where = double_target(board, table, owner, origin, colour)
        if where is None:
            return f"fewer than two free {colour} fields lie ahead", ("KD-DOUBLE", "R-K5")
        return f"the double step goes to {label(where, seat)}, the second free {colour} field", (
            "KD-DOUBLE",
            "R-K5",
        )
    where = colour_target(board, table, owner, origin, colour)
    ahead = [f for f in fields_ahead(board, owner, origin) if colour in board.colours_at(f)]
    if where is None:
        if not ahead:
            return f"no {colour} field lies ahead of this dog on its path (it never laps)", (
                "KD-HOUSE-ENTRY",
                "R-K8",
            )
        return (
            f"every {colour} field ahead holds one of its own dogs or a dog on a bone field, "
            "so the dog cannot go on",
            ("KD-JUMP-OWN", "KD-BONE-FIELD", "R-K4"),
        )
    if where != target:
        skipped = ahead[: ahead.index(where)]
        clauses = ["KD-COLOUR", "R-K4"]
        if any(table.occupant.get(f) == owner for f in skipped):
            clauses.append("KD-JUMP-OWN")
        if any(f in board.bones and f in table.occupant for f in skipped):
            clauses.append("KD-BONE-FIELD")
        if where >= board.track:
            clauses += ["KD-HOUSE-ENTRY", "R-K8"]
        return (
            f"with {colour} the dog goes to {label(where, seat)}, the first {colour} field "
            "ahead it may take",
            (*clauses, *helping),
        )
    shift = state.players // 2 if state.teams else 0
    stuck = blocked_push(table, owner, origin, target, colour, shift)
    if stuck is not None:
        holder, field = stuck
        return (
            f"the dog of seat {holder} on {label(field, seat)} would be pushed on but has no "
            f"{colour} field it may take ahead",
            ("KD-TEAM-PUSH", "R-K10"),
        )
    return "no legal action matches this one as a whole", ("R-K2",)


def _why_not_enter(
    board: Board,
    table: Table,
    owner: int,
    target: int,
    spec: CardSpec,
    helping: tuple[str, ...],
) -> tuple[str, tuple[str, ...]]:
    start = board.start[owner]
    colours = " or ".join(sorted(board.colours_at(start)))
    if spec.family not in (COLOUR, DOUBLE, TWO_COLOUR):
        return "only a card showing a colour brings a dog onto the start field", (
            "KD-ENTER",
            "R-K3",
            *helping,
        )
    if target != start:
        return f"a dog of seat {owner} enters onto its start field {board.label(start)}", (
            "KD-ENTER",
            "R-K3",
            *helping,
        )
    if table.home[owner] == 0:
        return f"seat {owner} has no dog waiting at home", ("KD-ENTER", "R-K3", *helping)
    if table.occupant.get(start) == owner:
        return f"one of seat {owner}'s own dogs already stands on {board.label(start)}", (
            "KD-ENTER-AGAIN",
            "R-K3",
            *helping,
        )
    return f"entering onto {board.label(start)} needs a {colours} card", (
        "KD-ENTER",
        "KD-START-RISK",
        "R-K3",
        *helping,
    )
