"""The invariants of Agent DOG alone: face-down pieces stand exactly on holes and show no
seat their colour; capturing one's own side ends one's round."""

from __future__ import annotations

from dogrules.state import State
from dogrules.testing.invariants import Step, violation
from dogrules.variants.base import Variant


def check_agent_dog_invariants(v: Variant, state: State, step: Step | None) -> None:
    """A piece is face down exactly on a hole (the events say so when it changes, and what a
    seat sees never shows a face-down piece's colour); a seat that captured a piece of its own
    side has no cards left after the action."""
    board = v.board(state.players)
    holes = {board.label(h) for h in board.holes}
    on_holes = sorted(loc for locs in state.pieces for loc in locs if loc in board.holes)
    for seat in range(state.players):
        view = v.observe(state, seat)
        pieces = view["pieces"]
        assert isinstance(pieces, dict)
        shown = [f for fields in pieces.values() if isinstance(fields, list) for f in fields]
        if holes & {str(f) for f in shown}:
            raise violation("face_down_hidden", f"seat {seat} sees the owner of a piece on a hole")
        if view["flipped"] != [board.label(loc) for loc in on_holes]:
            raise violation(
                "face_down_hidden", f"seat {seat} sees face-down pieces {view['flipped']}"
            )
    if step is None:
        return
    for event in step.transition.events:
        if event.kind == "flipped" and (event.direction == "face down") != (event.dst in holes):
            raise violation(
                "face_down_iff_on_hole",
                f"{step.action}: a piece turns {event.direction} on {event.dst}",
            )
    actor = step.before.to_act
    side = {actor}
    if step.before.teams:
        side.add((actor + state.players // 2) % state.players)
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
