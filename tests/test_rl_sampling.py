"""Determinization (dogrules.spaces.sample_state): a sampled state is a valid state, the seat
it was sampled for cannot tell it from the true one, and every hidden deal consistent with
what the seat saw turns up."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rl_extra import require

require("numpy")

import dogrules  # noqa: E402
from dogrules.engine.problems import problems  # noqa: E402
from dogrules.spaces import observe, sample_state  # noqa: E402
from test_observation import reached  # noqa: E402
from test_rl_spaces import TABLES, states  # noqa: E402


@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 150),
    data=st.data(),
)
def test_a_sampled_state_is_valid_and_looks_the_same_to_its_seat(
    table: tuple[str, int, bool | None], seed: int, steps: int, data: st.DataObject
) -> None:
    name, players, teams = table
    *_, state = states(name, players, teams, seed, steps + 1)
    seat = data.draw(st.integers(0, players - 1))
    seen = observe(state, seat)
    v = dogrules.variant(name)
    for n in range(3):
        sample = sample_state(seen, random.Random(seed * 10 + n))
        assert problems(v.ruleset, sample) == (), f"sampled from seat {seat} of {state}"
        assert observe(sample, seat) == seen
        assert v.observe(sample, seat) == v.observe(state, seat)
        assert sample.hands[seat] == state.hands[seat]
        if sample.phase != "over":
            assert v.legal_actions(sample), "the seat to act has no action in the sample"


def test_the_true_deal_is_one_of_the_samples_in_a_small_position() -> None:
    # Seat 1 holds one card: every kind of card seat 0 has not seen can be it.
    v = dogrules.variant("black-dog")
    state = v.position(
        players=2,
        pieces={0: ["T5", "H", "H", "H", "H"], 1: ["T40", "H", "H", "H", "H"]},
        hands={0: ["5", "2"], 1: ["7"]},
        black_dog="T20",
    )
    seen = observe(state, 0)
    rng = random.Random(1)
    drawn = Counter(sample_state(seen, rng).hands[1] for _ in range(600))
    unseen = Counter(v.deck.cards()) - Counter(["5", "2"])
    assert set(drawn) == {(card,) for card in unseen}, "a possible hand of seat 1 never came"


def test_every_owner_of_the_face_down_pieces_turns_up() -> None:
    # Two face-down pieces of each seat on four holes: C(4, 2) = 6 ways to own them.
    v = dogrules.variant("agent-dog")
    state = v.position(
        players=2,
        pieces={0: ["T4", "T8", "H", "H"], 1: ["T36", "T40", "H", "H"]},
        hands={0: ["5"]},
    )
    seen = observe(state, 0)
    assert seen.flipped == (4, 8, 36, 40)
    rng = random.Random(2)
    owned = Counter(sample_state(seen, rng).pieces[0] for _ in range(300))
    assert len(owned) == 6, f"the owners seen: {sorted(owned)}"
    assert state.pieces[0] in owned


def test_known_cards_stay_where_the_seat_knows_they_are() -> None:
    state = reached("black-dog", 4, seed=4, steps=0)
    seen = observe(state, 0)
    given_card = state.hands[2][0]
    rng = random.Random(3)
    for _ in range(20):
        assert given_card in sample_state(seen, rng, known={2: [given_card]}).hands[2]


def test_an_observation_no_deal_fits_is_refused() -> None:
    state = reached("dog-kids", 2, seed=1, steps=3)
    seen = observe(state, 0)
    with pytest.raises(ValueError, match="more of bone than the deck has"):
        sample_state(seen, random.Random(0), known={1: ["bone"] * 7})


@pytest.mark.clause("R-K9")
def test_R_K9_a_seat_that_declined_the_swap_is_sampled_keeping_its_cards() -> None:
    # A seat declines the team swap; the next seat sees only that it has chosen, but it holds
    # a card more than a seat that gave: every sample keeps the deck whole and valid.
    v = dogrules.variant("dog-kids")
    state = v.new_game(players=4, seed=5, teams=True)
    decliner, seat = state.to_act, (state.to_act + 1) % 4
    decline = next(a for a in v.legal_actions(state) if a.kind == "decline")
    seen = observe(v.apply(state, decline).state, seat)
    for n in range(20):
        sample = sample_state(seen, random.Random(n))
        assert problems(v.ruleset, sample) == ()
        assert observe(sample, seat) == seen
        assert sample.exchange[decliner] is None
