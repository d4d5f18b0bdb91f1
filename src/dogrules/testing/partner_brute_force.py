"""The outcomes of a Partner play found by brute force, to check the split search
(:mod:`dogrules.rules.splits`) by a route that shares none of its code.

``check_every_outcome_listed`` (:mod:`.outcomes`) enumerates every ordering with the search
it checks (its mode that merges nothing), so a mistake in what the search reuses between
orderings, its nodes or its per-context targets, could hide in both. Here the candidates are
every sequence of forward moves of any piece on the board whose step counts add up to
Partner's points, never the same piece twice in a row, each sub-move carried out on a copy
of the table the earlier ones left; nothing is pruned but by the step count
(:func:`~dogrules.rules.movement.number_distance`). The judge (the one every action a user
spells meets) says which candidates, with each disc direction, are legal, and
each legal one is carried out and its outcome taken as :func:`.outcomes.played_outcome`
defines it. The work grows with the pieces on the board to the power of the points: small
positions only (``limit`` bounds the candidates).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from dogrules.engine.judge import carry_out, judge, legal_actions, written
from dogrules.engine.ruleset import Moves
from dogrules.engine.table import Table
from dogrules.geometry.board import Board
from dogrules.model.actions import Action, ActionKind, Direction
from dogrules.model.errors import violation
from dogrules.model.state import Phase, State
from dogrules.rules.movement import number_distance, walk
from dogrules.rules.partner import PARTNER_POINTS
from dogrules.testing.outcomes import partner_cards, played_outcome
from dogrules.variants.facade import Variant

__all__ = ["brute_force_outcomes", "check_partner_outcomes", "listed_plays", "orderings"]


def orderings(board: Board, table: Table, points: int, last: int | None = None) -> Iterator[Moves]:
    """Every sequence of sub-moves spending exactly ``points`` from ``table``: a piece on the
    board (whoever owns it) moved forward by 1 to the points left, onto any field a number
    move of that count names (the track or its owner's finish), never the piece on ``last``
    (the one just moved); each carried out on a copy of the table for the next. Whether the
    rules allow a sequence is left to the judge."""
    # The fields ahead within the points and every finish field: all a number move of at
    # most the points can name, each then measured by number_distance.
    if points == 0:
        yield ()
        return
    finish = range(board.track, board.field_count)
    for origin, owner in sorted(table.occupant.items()):
        if origin == last:
            continue
        ahead = [(origin + count) % board.track for count in range(1, points + 1)]
        for target in [*ahead, *finish]:
            count = number_distance(board, owner, origin, target)
            if count is None or count > points:
                continue
            after = table.clone()
            walk(after, owner, origin, target, ())
            for rest in orderings(board, after, points - count, target):
                yield ((origin, target), *rest)


def brute_force_outcomes(v: Variant, state: State, limit: int) -> dict[Hashable, Action] | None:
    """The outcome of every legal Partner play in ``state`` (see the module), each with the
    first legal spelling found; None when there are more than ``limit`` candidates."""
    game = v.game(state.players)
    if state.phase != Phase.PLAY:
        return {}
    cards = partner_cards(game, state)
    board = game.board
    candidates: list[Moves] = []
    if cards:
        for moves in orderings(board, Table.of(board, state), PARTNER_POINTS):
            candidates.append(moves)
            if len(candidates) * len(cards) > limit:
                return None
    turns = (None, *(str(d) for d in Direction)) if board.disc is not None else (None,)
    found: dict[Hashable, Action] = {}
    for card, copied in cards:
        for moves in candidates:
            for turn in turns:
                action = Action(ActionKind.PLAY, card, copied, moves, turn=turn)
                if judge(game, state, action) is None:
                    transition = carry_out(game, state, action)
                    found.setdefault(played_outcome(v, state, action, transition), action)
    return found


def listed_plays(v: Variant, state: State) -> list[Action]:
    """The Partner plays (and Copies of one) ``legal_actions`` lists in ``state``."""
    game = v.game(state.players)
    cards = set(partner_cards(game, state)) if state.phase == Phase.PLAY else set()
    return [
        action
        for action in legal_actions(game, state)
        if action.kind == ActionKind.PLAY and (action.card, action.copied) in cards
    ]


def check_partner_outcomes(v: Variant, state: State, limit: int) -> bool:
    """The Partner plays listed in ``state`` are exactly its distinct outcomes found by brute
    force, each once; False when there are more than ``limit`` candidates (nothing checked)."""
    brute = brute_force_outcomes(v, state, limit)
    if brute is None:
        return False
    game = v.game(state.players)
    plays = listed_plays(v, state)
    listed = {played_outcome(v, state, a, carry_out(game, state, a)): a for a in plays}
    if len(listed) != len(plays):
        raise violation("partner_brute_force", "two listed Partner plays share an outcome")
    missing = [written(game, state, a) for key, a in brute.items() if key not in listed]
    extra = [written(game, state, a) for key, a in listed.items() if key not in brute]
    if missing or extra:
        raise violation(
            "partner_brute_force",
            f"{len(missing)} Partner outcome(s) legal but not listed, e.g. {missing[:3]}; "
            f"{len(extra)} listed but not found legal, e.g. {extra[:3]}",
        )
    return True
