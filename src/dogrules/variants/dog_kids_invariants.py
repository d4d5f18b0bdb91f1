"""The invariants of DOG Kids alone: hands of three between turns, and nothing thrown out
of a bone field or a dog house."""

from __future__ import annotations

from dogrules.engine.ruleset import GameRules
from dogrules.geometry.features import bones
from dogrules.model.errors import violation
from dogrules.model.results import Step
from dogrules.model.state import State


def check_dog_kids_invariants(game: GameRules, state: State, step: Step | None) -> None:
    """A seat that has just acted holds exactly 3 cards again once play goes on (so from a new
    game every hand holds 3 between turns); nothing is ever thrown out of a bone field or a
    dog house."""
    board = game.board
    if step is None:
        return
    actor = step.before.to_act
    if state.phase == "play" and len(state.hands[actor]) != 3:
        raise violation(
            "hands_of_three",
            f"{step.action}: seat {actor} holds {len(state.hands[actor])} cards after its turn",
        )
    safe = {board.label(b) for b in bones(board)}
    for event in step.transition.events:
        if event.kind == "captured" and (event.src in safe or (event.src or "").startswith("F")):
            raise violation(
                "bones_and_houses_safe", f"{step.action}: a dog thrown out of {event.src}"
            )
