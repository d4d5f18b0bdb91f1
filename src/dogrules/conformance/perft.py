"""Perft counts, as chess engines count them: how many sequences of legal actions of a given
length lead on from a position (each listed action being one distinct outcome, so an
engine that lists an outcome twice, or misses one, counts differently).

The positions are fixed states (hands dealt and the deck in its order, so nothing is left to
chance): for each form, the first position of seeded random game 1 where a card is to be
played, and the same game eight actions later.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from dogrules.conformance.vectors import Form, all_forms
from dogrules.formats.records import state_digest
from dogrules.formats.states import dump
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import State
from dogrules.testing.positions import random_game
from dogrules.variants.facade import Variant

__all__ = ["PERFT_DEPTH", "divide", "perft", "perft_positions", "perft_table"]

PERFT_DEPTH = 5
"""The depth the shipped counts go to (with a divide at every depth from 2)."""
LATER = 8
"""The second perft position of a form is this many random actions after the first."""


def perft(v: Variant, state: State, depth: int) -> int:
    """The number of sequences of ``depth`` legal actions from ``state`` (1 at depth 0; a
    game over ends a sequence early, counted once)."""
    if depth == 0:
        return 1
    listed = v.legal_actions(state)
    if depth == 1:
        return len(listed)
    return sum(perft(v, v.apply(state, action).state, depth - 1) for action in listed)


def divide(v: Variant, state: State, depth: int) -> dict[str, int]:
    """For each listed action of ``state`` (its notation), the number of sequences of
    ``depth`` legal actions that start with it: where two engines' counts part, this names
    the first move below which they differ."""
    return {
        str(action): perft(v, v.apply(state, action).state, depth - 1)
        for action in v.legal_actions(state)
    }


def perft_positions(form: Form) -> Iterator[tuple[str, State]]:
    """The perft positions of ``form``, each with its name (``black-dog-4p-teams/a``)."""
    v = form.played()
    first = None
    for ply, state in enumerate(random_game(v, form.players, 1, form.teams)):
        if first is None and any(a.kind.value == "play" for a in v.legal_actions(state)):
            first = ply
            yield f"{form.name}/a", state
        elif first is not None and ply == first + LATER:
            yield f"{form.name}/b", state
            return


def perft_table(chosen: Sequence[Form] | None = None) -> list[JSONValue]:
    """Every perft position of the ``chosen`` forms (default: all) with its counts at
    depths 1..:data:`PERFT_DEPTH` and its divide at each depth from 2
    (``{"2": {move: count}, ...}``)."""
    table: list[JSONValue] = []
    for form in all_forms() if chosen is None else chosen:
        v = form.played()
        for name, state in perft_positions(form):
            counts: list[JSONValue] = [perft(v, state, d) for d in range(1, PERFT_DEPTH + 1)]
            divides: dict[str, JSONValue] = {
                str(d): dict(divide(v, state, d).items()) for d in range(2, PERFT_DEPTH + 1)
            }
            table.append(
                {
                    "id": name,
                    "position": dump(state, v),
                    "digest": state_digest(state),
                    "perft": counts,
                    "divide": divides,
                }
            )
    return table
