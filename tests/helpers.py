"""Helpers for the clause tests: find an action by its notation, play it, read events."""

from __future__ import annotations

import dogrules
from dogrules import Action, State, Transition

BD = dogrules.variant("black-dog")


def notations(state: State, variant: dogrules.Variant = BD) -> set[str]:
    """The notations of every legal action in ``state``."""
    return {str(action) for action in variant.legal_actions(state)}


def act(state: State, text: str, variant: dogrules.Variant = BD) -> Transition:
    """Apply the action written ``text`` (raises IllegalAction if it is not legal)."""
    return variant.apply(state, variant.parse_action(state, text))


def action(state: State, text: str, variant: dogrules.Variant = BD) -> Action:
    return variant.parse_action(state, text)


def kinds(transition: Transition) -> list[str]:
    return [event.kind for event in transition.events]
