"""One listed action per distinct outcome (issue 10): on crowded positions, where Partner
orderings, captures on the way, the Black Dog, the disc, the 007 summons and double
completions meet, ``legal_actions`` lists every outcome some legal spelling reaches, once,
in its canonical spelling (checked against every spelling, applied one by one)."""

from __future__ import annotations

import random

import pytest

import dogrules
from budgets import DEEP, budget
from dogrules import State, Variant
from dogrules.testing.outcomes import (
    check_every_outcome_listed,
    check_outcomes_distinct,
    spellings,
)

# Positions with more spellings than this are checked for distinct listed outcomes only.
SPELLINGS = 1500
# Positions checked against every spelling per variant and player count: 10 under the ci
# profile (.ci/run, marked deep), 5 a day.
POSITIONS = budget(5, 10)


def crowded(
    v: Variant, players: int, rng: random.Random, densities: tuple[float, ...] = (0.3, 0.5, 0.8)
) -> State | None:
    """A random position with most pieces on the track, some in their finish, and a hand
    of Partner, a Copy of it and one more card; None if the draw is not a valid position."""
    board = v.board(players)
    fields = list(range(board.track))
    rng.shuffle(fields)
    density = rng.choice(densities)
    pieces: dict[int, list[str]] = {}
    for seat in range(players):
        lane = list(range(1, board.finish + 1))
        rng.shuffle(lane)
        pieces[seat] = []
        for _ in range(board.pieces_per_seat):
            draw = rng.random()
            if draw < density:
                pieces[seat].append(board.label(fields.pop()))
            elif draw < density + 0.2 and lane:
                pieces[seat].append(f"F{lane.pop()}")
            else:
                pieces[seat].append("H")
    dog = board.label(fields.pop()) if v.name == "black-dog" else None
    hand = ["partner", "copy", rng.choice(["5", "swap", "7"])]
    try:
        return v.position(
            players=players,
            pieces=pieces,
            hands={0: hand, 1: ["2"]},
            black_dog=dog,
            last_played="partner",
        )
    except dogrules.DogRulesError:
        return None


@DEEP
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", ["black-dog", "agent-dog"])
def test_partner_lists_every_outcome_once_in_its_canonical_spelling(
    name: str, players: int
) -> None:
    v = dogrules.variant(name)
    rng = random.Random(f"{name}-{players}")
    checked = 0
    while checked < POSITIONS:
        state = crowded(v, players, rng, (0.25, 0.4, 0.55))
        if state is not None and check_every_outcome_listed(v, state, SPELLINGS):
            checked += 1


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", ["black-dog", "agent-dog"])
def test_no_two_listed_actions_share_an_outcome_in_a_crowded_position(
    name: str, players: int
) -> None:
    v = dogrules.variant(name)
    state = None
    rng = random.Random(f"{name}-{players}-crowded")
    while state is None:
        state = crowded(v, players, rng, (0.8,))
    actions = v.legal_actions(state)
    check_outcomes_distinct(v, state, {a: v.apply(state, a) for a in actions[:600]})


def test_a_copy_of_a_partner_lists_the_same_outcomes_as_the_partner() -> None:
    v = dogrules.variant("black-dog")
    state = crowded(v, 3, random.Random(3))
    assert state is not None
    actions = v.legal_actions(state)
    partner = [(a.moves, a.turn) for a in actions if a.card == "partner"]
    copied = [(a.moves, a.turn) for a in actions if a.copied == "partner"]
    assert partner and partner == copied


def test_every_spelling_of_a_listed_outcome_is_accepted_with_the_same_state() -> None:
    v = dogrules.variant("agent-dog")
    rng = random.Random(7)
    state = None
    while state is None:
        state = crowded(v, 4, rng, (0.3,))
    every = spellings(v, state, 3000)
    assert every is not None
    listed = set(v.legal_actions(state))
    others = [a for a in every if a not in listed]
    assert others, "the position should have spellings that are not listed"
    states = {v.apply(state, a).state for a in listed}
    for action in others[:200]:
        assert v.explain(state, action).legal
        assert v.apply(state, action).state in states
