"""The invariants of Agent DOG alone: face-down pieces stand exactly on holes and show no
seat their colour; capturing one's own side ends one's round."""

from __future__ import annotations

from dogrules.engine.ruleset import GameRules
from dogrules.geometry.board import side_of
from dogrules.geometry.features import holes
from dogrules.model.errors import violation
from dogrules.model.results import Step
from dogrules.model.state import State
from dogrules.rules.secrecy import observation


def check_agent_dog_invariants(game: GameRules, state: State, step: Step | None) -> None:
    """A piece is face down exactly on a hole (the events say so when it changes, and what a
    seat sees never shows a face-down piece's colour); a seat that captured a piece of its own
    side has no cards left after the action."""
    board = game.board
    hole_names = {board.label(h) for h in holes(board)}
    on_holes = sorted(loc for locs in state.pieces for loc in locs if loc in holes(board))
    for seat in range(state.players):
        view = observation(board, state, seat, {})
        pieces = view["pieces"]
        assert isinstance(pieces, dict)
        shown = [f for fields in pieces.values() if isinstance(fields, list) for f in fields]
        if hole_names & {str(f) for f in shown}:
            raise violation("face_down_hidden", f"seat {seat} sees the owner of a piece on a hole")
        if view["flipped"] != [board.label(loc) for loc in on_holes]:
            raise violation(
                "face_down_hidden", f"seat {seat} sees face-down pieces {view['flipped']}"
            )
    if step is None:
        return
    for event in step.transition.events:
        face_down = event.direction == "face down"
        if event.kind == "flipped" and face_down != (event.dst in hole_names):
            raise violation(
                "face_down_iff_on_hole",
                f"{step.action}: a piece turns {event.direction} on {event.dst}",
            )
    actor = step.before.to_act
    side = set(side_of(actor, state.players, step.before.teams))
    own_captured = (
        any(e.kind == "captured" and e.seat in side for e in step.transition.events)
        and step.action.kind == "play"
    )
    if (
        own_captured
        and state.phase != "over"
        and state.hands[actor]
        and state.round == (step.before.round)
    ):
        raise violation(
            "own_capture_ends_round",
            f"{step.action}: seat {actor} captured its own side and still holds cards",
        )
