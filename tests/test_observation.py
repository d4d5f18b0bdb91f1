"""What a seat may see: two states that differ only in what the seat may not see give the
same observation; a change the seat may see changes it."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dogrules
from dogrules import State
from dogrules.geometry.features import holes

VARIANTS = {"black-dog": (2, 3, 4), "agent-dog": (2, 3, 4), "dog-kids": (2, 3, 4)}


def reached(variant: str, players: int, seed: int, steps: int) -> State:
    """A state some random actions into a new game."""
    v = dogrules.variant(variant)
    state = v.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        actions = v.legal_actions(state)
        if not actions:
            break
        state = v.apply(state, rng.choice(actions)).state
    return state


def hidden_from(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with everything ``seat`` may not see changed: the other hands' cards (not
    their sizes), the deck's order and cards, the discard pile below its top card, the cards
    others set aside, and which seat owns each face-down piece."""
    v = dogrules.variant(state.variant)
    others = [s for s in range(state.players) if s != seat]
    pool = [card for s in others for card in state.hands[s]]
    pool += list(state.deck) + list(state.discard[:-1])
    pool += [card for s in others if (card := state.exchange[s]) is not None]
    rng.shuffle(pool)
    hands = list(state.hands)
    exchange = list(state.exchange)
    for s in others:
        hands[s] = v.deck.in_order(pool[: len(state.hands[s])])
        del pool[: len(state.hands[s])]
        if state.exchange[s] is not None:
            exchange[s] = pool.pop()
    discard = (*pool[: len(state.discard) - 1], *state.discard[-1:]) if state.discard else ()
    del pool[: max(0, len(state.discard) - 1)]
    pieces = [list(p) for p in state.pieces]
    board = v.board(state.players)
    face_down = [(s, loc) for s, locs in enumerate(pieces) for loc in locs if loc in holes(board)]
    owners = [s for s, _ in face_down]
    rng.shuffle(owners)
    # Move face-down pieces between seats only where each seat keeps its number of pieces.
    if sorted(owners) == sorted(s for s, _ in face_down):
        for (old, loc), new in zip(face_down, owners, strict=True):
            pieces[old].remove(loc)
            pieces[new].append(loc)
    if any(len(p) != len(q) for p, q in zip(pieces, state.pieces, strict=True)):
        pieces = [list(p) for p in state.pieces]
    return state._replace(
        hands=tuple(hands),
        deck=tuple(pool),
        discard=discard,
        exchange=tuple(exchange),
        pieces=tuple(tuple(sorted(p)) for p in pieces),
    )


@pytest.mark.clause("BD-SECRECY", "AD-SECRECY", "KD-TEAM-SECRECY", "R-A9")
@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    data=st.data(),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 120),
)
def test_what_a_seat_may_not_see_does_not_change_its_observation(
    variant: str, data: st.DataObject, seed: int, steps: int
) -> None:
    players = data.draw(st.sampled_from(VARIANTS[variant]))
    state = reached(variant, players, seed, steps)
    seat = data.draw(st.integers(0, players - 1))
    other = hidden_from(state, seat, random.Random(seed))
    v = dogrules.variant(variant)
    assert other != state  # the deck alone is reshuffled, so something hidden did change
    assert dogrules.load(dogrules.dump(other)) == other  # still a valid state: cards conserved
    seen = v.observe(state, seat)
    assert v.observe(other, seat) == seen
    json.dumps(seen)  # JSON-ready


@pytest.mark.clause("BD-SECRECY", "BD-EXCHANGE")
def test_what_a_seat_may_see_does_change_its_observation() -> None:
    v = dogrules.variant("black-dog")
    state = reached("black-dog", 4, 3, 40)
    seat = state.to_act
    others = [s for s in range(4) if s != seat and state.hands[s]]
    # its own hand, by a card from the deck
    own = list(state.hands[seat])
    own[0], deck_card = state.deck[-1], own[0]
    changed = state._replace(
        hands=tuple(tuple(own) if s == seat else h for s, h in enumerate(state.hands)),
        deck=(*state.deck[:-1], deck_card),
    )
    assert v.observe(changed, seat) != v.observe(state, seat)
    # another seat's hand size
    if others:
        taker = others[0]
        shorter = state._replace(
            hands=tuple(h[1:] if s == taker else h for s, h in enumerate(state.hands)),
            discard=(*state.discard, state.hands[taker][0]),
        )
        assert v.observe(shorter, seat)["hand_sizes"] != v.observe(state, seat)["hand_sizes"]


@pytest.mark.clause("R-A9", "AD-SWAP-BLIND")
def test_events_do_not_name_a_face_down_piece_that_stays_face_down() -> None:
    v = dogrules.variant("agent-dog")
    board = v.board(4)
    hole_names = {board.label(h) for h in holes(board)}
    rng = random.Random(5)
    state = v.new_game(players=4, seed=5)
    hidden = 0
    for _ in range(1500):
        actions = v.legal_actions(state)
        if not actions:
            break
        transition = v.apply(state, rng.choice(actions))
        seen = v.observe_events(state, transition.events, seat=state.to_act)
        assert len(seen) == len(transition.events)
        for event, shown in zip(transition.events, seen, strict=True):
            if event.src in hole_names and event.dst in hole_names and event.piece is not None:
                assert shown.piece is None
                hidden += 1
            else:
                assert shown == event
        state = transition.state
    assert hidden > 0  # the game did move face-down pieces from hole to hole
