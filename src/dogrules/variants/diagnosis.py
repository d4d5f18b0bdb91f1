"""Why an action is illegal: the clauses that forbid it, in plain English.

``apply`` decides legality by membership in ``legal_actions``; this module only explains a
refusal, walking the action with the same rule functions and naming the first clause it
breaks. When it cannot pin one down it says so and cites R-C12 (an action is judged whole).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dogrules.actions import DISCARD, FOLD, GIVE, PLACE, PLAY, Action
from dogrules.board import HOME, Board
from dogrules.cards import BLACK, COPY, MAGNET, NUMBER, PARTNER, START, SWAP, card_spec
from dogrules.rules.magnet import magnet_target
from dogrules.rules.movement import (
    can_enter,
    number_distance,
    number_targets,
    protected_fields,
    walk,
)
from dogrules.rules.partner import PARTNER_POINTS
from dogrules.rules.table import Table
from dogrules.rules.turn import Turn
from dogrules.state import Phase, State

if TYPE_CHECKING:
    from dogrules.variants.classic import ClassicVariant

Verdict = tuple[tuple[str, ...], tuple[str, ...]]


class _Refusal(Exception):
    def __init__(self, clauses: tuple[str, ...], reason: str) -> None:
        super().__init__(reason)
        self.clauses = clauses
        self.reason = reason


def _refuse(reason: str, *clauses: str) -> _Refusal:
    return _Refusal(clauses, reason)


def diagnose_classic(variant: ClassicVariant, state: State, action: Action) -> Verdict:
    """The clauses and reasons that make ``action`` illegal in ``state``."""
    try:
        _check(variant, state, action)
    except _Refusal as refusal:
        return variant.cite(refusal.clauses), (refusal.reason,)
    return ("R-C12",), (
        "no legal action matches this one as a whole (every choice of an action is judged "
        "together)",
    )


def _check(variant: ClassicVariant, state: State, action: Action) -> None:
    seat = state.to_act
    board = variant.board(state.players)
    hand = state.hands[seat]
    if state.phase == Phase.OVER:
        raise _refuse(f"the game is over; seat(s) {list(state.winner)} won", "BD-WIN", "R-C11")
    if state.phase == Phase.SETUP:
        if action.kind != PLACE:
            raise _refuse(
                "the game begins with the dealer placing the Black Dog",
                "BD-PLACE-BLACK-DOG",
                "R-B1",
            )
        raise _refuse(
            f"the Black Dog goes on a free disc field "
            f"({', '.join(board.label(f) for f in sorted(board.disc))})",
            "BD-PLACE-BLACK-DOG",
            "BD-L-DISC",
            "R-B1",
        )
    if action.kind == PLACE:
        if not board.disc:
            raise _refuse(f"{variant.name} has no Black Dog to place", "R-C12")
        raise _refuse("the Black Dog is placed once, at setup", "BD-PLACE-BLACK-DOG", "R-B1")
    if state.phase == Phase.EXCHANGE:
        if action.kind != GIVE:
            raise _refuse(
                f"first every seat sets a card aside for the exchange; seat {seat} gives now",
                "BD-EXCHANGE",
                "R-C3",
            )
        raise _refuse(f"seat {seat} does not hold {action.chosen!r} to give", "BD-EXCHANGE", "R-C3")
    if action.kind == GIVE:
        raise _refuse(
            "cards are exchanged only after the deal, before the round's first play",
            "BD-EXCHANGE",
            "R-C3",
        )
    playable = [a for a in variant.legal_actions(state) if a.kind == PLAY]
    if action.kind in (FOLD, DISCARD):
        if playable:
            raise _refuse(
                f"seat {seat} can play (e.g. {playable[0]}); a seat with a playable card must "
                "play one",
                "R-C7",
                "BD-FULL-MOVE",
            )
        if action.kind == FOLD:
            raise _refuse(
                "with 2 or 3 players a seat that cannot play discards a card instead of folding",
                "BD-2P3P-REDRAW",
                "R-C7",
            )
        if state.teams:
            raise _refuse(
                "in the team game a seat that cannot play folds its whole hand", "BD-FOLD", "R-C7"
            )
        raise _refuse(f"seat {seat} does not hold {action.chosen!r}", "BD-2P3P-REDRAW")
    _check_play(variant, state, board, action, hand)


def _check_play(
    variant: ClassicVariant, state: State, board: Board, action: Action, hand: tuple[str, ...]
) -> None:
    seat = state.to_act
    card = action.card
    if card is None or card not in hand:
        raise _refuse(f"seat {seat} does not hold {card!r}", "BD-TURN")
    spec = card_spec(card)
    if spec.family == COPY:
        if state.last_played is None:
            raise _refuse(
                "no card has been played yet this round, so Copy has nothing to copy",
                "BD-COPY-ROUND",
                "R-C9",
            )
        if action.copied != state.last_played:
            raise _refuse(
                f"a Copy now plays as {state.last_played!r}, the last card played this round",
                "BD-COPY",
                "BD-COPY-CHAIN",
                "R-C9",
            )
        spec = card_spec(state.last_played)
    elif action.copied is not None:
        raise _refuse(f"only a Copy plays as another card; {card!r} is not a Copy", "BD-COPY")
    table = Table.of(board, state)
    turn = variant.turn(board, state, table)
    family = spec.family
    if family in (NUMBER, START, BLACK, MAGNET, SWAP) and len(action.moves) != 1:
        raise _refuse(f"a {spec.notation} moves exactly one piece", "BD-MOVE", "BD-OWN-PIECES")
    if family == SWAP:
        _check_swap(variant, turn, action)
    elif family == MAGNET:
        _check_magnet(turn, action)
    elif family == PARTNER:
        _check_partner(variant, turn, action)
    elif family in (NUMBER, START, BLACK):
        origin, target = action.moves[0]
        if origin == HOME:
            if family != START:
                raise _refuse(
                    "only a start card brings a piece out of its home", "BD-ENTER", "R-C5"
                )
            owner = turn.controlled
            if target != board.start[owner]:
                raise _refuse(
                    f"a piece of seat {owner} enters onto its own start field "
                    f"{board.label(board.start[owner])}",
                    "BD-ENTER",
                    "R-C5",
                )
            if not can_enter(board, table, owner):
                raise _refuse(
                    f"seat {owner} has no piece at home or its start field already holds one of "
                    "its pieces",
                    "BD-ENTER",
                    "R-C5",
                )
        else:
            if origin not in variant.number_movers(turn):
                _refuse_mover(turn, origin)
            _check_number(turn, origin, target, spec.steps, "a " + spec.notation)
    _check_turn(variant, state, action)


def _refuse_mover(turn: Turn, origin: int) -> None:
    board = turn.board
    owner = turn.table.occupant.get(origin)
    if owner is None:
        raise _refuse(f"there is no piece on {board.label(origin, turn.seat)}", "BD-MOVE")
    if origin in board.holes:
        raise _refuse(
            f"seat {turn.seat} has a piece on its own start field, so its number moves may not "
            "move face-down pieces",
            "AD-START-NO-FLIPPED",
            "R-A1",
        )
    if turn.controlled != turn.seat:
        raise _refuse(
            f"seat {turn.seat} has all its pieces home in its finish and now moves only seat "
            f"{turn.controlled}'s pieces",
            "BD-TEAM-PLAY",
            "R-C8",
        )
    raise _refuse(
        f"the piece on {board.label(origin, turn.seat)} is seat {owner}'s; a seat moves "
        "only its own pieces",
        "BD-OWN-PIECES",
        "R-C8",
    )


def _check_number(turn: Turn, origin: int, target: int, steps: tuple[int, ...], what: str) -> None:
    board, table = turn.board, turn.table
    owner = table.occupant[origin]
    label = board.label
    distance = number_distance(board, owner, origin, target)
    if target >= board.track and board.lane_owner(target) != owner:
        raise _refuse(
            f"a piece only ever enters the finish of its own colour, not {label(target, owner)}",
            "BD-FINISH-ENTRY",
            "AD-FINISH-COLOUR",
            "R-C6",
            "R-A2",
        )
    if target >= board.track and origin == board.start[owner]:
        raise _refuse(
            "a piece cannot turn into its finish straight from its start field: it must pass "
            "over the start field during the move",
            "BD-FINISH-ENTRY",
            "R-C6",
        )
    if distance is None:
        if origin >= board.track:
            raise _refuse(
                "a piece in its finish moves only forward inside it", "BD-FINISH-SAFE", "R-C6"
            )
        raise _refuse(
            f"{label(origin)} to {label(target, turn.seat)} is no forward move", "BD-MOVE"
        )
    if distance not in steps:
        allowed = " or ".join(str(s) for s in steps)
        raise _refuse(
            f"{label(origin, turn.seat)} to {label(target, turn.seat)} is {distance} steps; {what} "
            f"moves exactly {allowed}",
            "BD-FULL-MOVE",
            "BD-MOVE",
        )
    if target in number_targets(board, table, owner, origin, distance, turn.blocked):
        return
    if origin < board.track:
        for field in sorted(turn.blocked, key=lambda f: (f - origin) % board.track):
            ahead = (field - origin) % board.track
            reach = (
                distance if target < board.track else (board.start[owner] - origin) % board.track
            )
            if 1 <= ahead <= reach:
                raise _refuse(
                    f"the piece on {label(field)} stands on its own start field: it is protected "
                    "and cannot be passed or landed on",
                    "BD-START-PROTECTED",
                    "BD-START-BLOCKS",
                    "R-C4",
                )
        if target >= board.track:
            to_start = (board.start[owner] - origin) % board.track
            if to_start == 0:
                raise _refuse(
                    "a piece cannot turn into its finish straight from its start field",
                    "BD-FINISH-ENTRY",
                    "R-C6",
                )
            if distance - to_start > board.finish:
                raise _refuse(
                    "the move would run past the last finish field", "BD-FINISH-ENTRY", "R-C6"
                )
    raise _refuse(
        "inside the finish no piece may be passed and the move must end on a free field",
        "BD-FINISH-SAFE",
        "R-C6",
    )


def _check_swap(variant: ClassicVariant, turn: Turn, action: Action) -> None:
    pairs = list(variant.swap_pairs(turn))
    if action.moves[0] in pairs:
        return
    board, table = turn.board, turn.table
    for field in action.moves[0]:
        if board.holes and field not in board.holes:
            raise _refuse(
                f"the piece on {board.label(field)} is not face down (Swap takes two pieces on "
                "holes)",
                "AD-SWAP",
                "R-A5",
            )
        if field == table.dog:
            raise _refuse("the Black Dog cannot be swapped", "BD-DOG-IMMUNE", "BD-SWAP")
        if field >= board.track:
            raise _refuse("a piece in a finish cannot be swapped", "BD-SWAP", "BD-FINISH-SAFE")
        if field in turn.blocked:
            raise _refuse(
                f"the piece on {board.label(field)} is protected on its start field",
                "BD-START-PROTECTED",
                "BD-SWAP",
                "R-C4",
            )
        if field not in table.occupant:
            raise _refuse(f"there is no piece on {board.label(field)}", "BD-SWAP")
    raise _refuse(variant.swap_rule, "BD-SWAP", "R-B6")


def _check_magnet(turn: Turn, action: Action) -> None:
    board, table = turn.board, turn.table
    origin, target = action.moves[0]
    if origin >= board.track or table.occupant.get(origin) != turn.controlled:
        raise _refuse(
            "the Magnet draws one of the seat's own pieces on the track", "BD-MAGNET-LIMITS", "R-B7"
        )
    if target >= board.track:
        raise _refuse("the Magnet never takes a piece into a finish", "BD-MAGNET-LIMITS", "R-B7")
    where = magnet_target(table, origin)
    if where is None:
        raise _refuse(
            "the piece already stands right behind the next piece, or no other piece "
            "is on the track",
            "BD-MAGNET-LIMITS",
            "R-B7",
        )
    if target != where:
        raise _refuse(
            f"the Magnet takes the piece exactly to {board.label(where)}, right behind "
            "the nearest piece ahead",
            "BD-MAGNET",
            "R-B7",
        )


def _check_partner(variant: ClassicVariant, turn: Turn, action: Action) -> None:
    board = turn.board
    table = turn.table.clone()
    movable = variant.partner_pieces(turn)
    total = 0
    last: int | None = None
    for origin, target in action.moves:
        owner = table.occupant.get(origin)
        if origin == HOME:
            raise _refuse("Partner points cannot bring a piece out of its home", "R-C10")
        if origin == table.dog:
            raise _refuse(
                "Partner points never move the Black Dog",
                "BD-PARTNER-ANY",
                "BD-2P3P-PARTNER",
                "BD-DOG-IMMUNE",
                "R-B8",
            )
        if owner is None:
            raise _refuse(f"there is no piece on {board.label(origin, turn.seat)}", "BD-PARTNER")
        if origin not in movable(table):
            raise _refuse(
                f"Partner points may not move the piece on {board.label(origin)} (seat {owner}'s): "
                f"{variant.partner_rule}",
                "BD-PARTNER",
                "BD-PARTNER-ANY",
                "R-B8",
            )
        if origin == last:
            raise _refuse("two sub-moves in a row may not move the same piece", "R-C10")
        probe = Turn(
            board, table, turn.seat, turn.controlled, protected_fields(board, table), turn.partner
        )
        _check_number(probe, origin, target, tuple(range(1, PARTNER_POINTS + 1)), "a sub-move")
        walk(table, owner, origin, target, ())
        total += number_distance(board, owner, origin, target) or 0
        last = target
    if total != PARTNER_POINTS:
        raise _refuse(
            f"the sub-moves add up to {total}; Partner's {PARTNER_POINTS} points must all be used",
            "BD-PARTNER",
            "BD-FULL-MOVE",
            "R-C10",
        )


def _check_turn(variant: ClassicVariant, state: State, action: Action) -> None:
    from attrs import evolve

    if action.turn is not None and not variant.board(state.players).paws:
        raise _refuse(f"{variant.name} has no disc to turn", "R-C12")
    for direction in (None, "cw", "ccw"):
        if direction == action.turn:
            continue
        if variant.is_legal(state, evolve(action, turn=direction)):
            if action.turn is None:
                raise _refuse(
                    "a piece ends on a paw field: the disc must turn (add 'turn cw' or 'turn ccw')",
                    "BD-DISC-TURN",
                    "R-B5",
                )
            family = card_spec(action.plays_as or "").family
            why = {
                SWAP: ("a piece put on a paw by Swap turns no disc", "BD-DISC-NOT-BY-SWAP"),
                BLACK: (
                    "no moved piece is left on a paw: the Black Dog's own landing turns nothing, "
                    "and a piece it captures after landing turns nothing either",
                    "BD-DISC-CAPTURED-NO-TURN",
                ),
            }.get(
                family,
                (
                    "no piece the seat moved is left, at the end of the action, on a paw field "
                    "where its movement ended",
                    "BD-DISC-TURN",
                ),
            )
            raise _refuse(f"the disc does not turn: {why[0]}", why[1], "BD-DISC-TURN", "R-B5")
