"""One listed action per distinct outcome (issue 10, R-C15): on crowded positions, where
Partner orderings, captures on the way, the Black Dog, the disc, the 007 summons and double
completions meet, ``legal_actions`` lists every outcome some legal spelling reaches, once,
in its canonical spelling (checked against every spelling, applied one by one).

An outcome is the state a play leads to (R-C15); in Agent DOG, whose face-down pieces the
acting seat cannot tell apart, the state with the pieces that lay face down followed as
individuals (``dogrules.testing.outcomes``)."""

from __future__ import annotations

import random

import pytest

import dogrules
from budgets import DEEP, budget
from dogrules import State, Variant
from dogrules.geometry.board import Board
from dogrules.model.actions import ActionKind
from dogrules.testing.outcomes import (
    check_every_outcome_listed,
    check_outcomes_distinct,
    outcome,
    spellings,
)
from dogrules.testing.positions import random_game
from helpers import AD, BD, KD, act, assert_another_spelling, notations, position_builder

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
    pieces = scattered(board, players, rng, fields, rng.choice(densities))
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


def scattered(
    board: Board, players: int, rng: random.Random, fields: list[int], density: float
) -> dict[int, list[str]]:
    """Each seat's pieces drawn at random: on the track (a field taken from ``fields``) with
    probability ``density``, else in the finish one time in five, else at home."""
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
    return pieces


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


def clustered(v: Variant, players: int, rng: random.Random) -> State | None:
    """A random position where the seat to act has two or more pieces (and another seat up to
    two, and the Black Dog) within 14 fields of the track, and four cards that move one
    piece by a number; None if the draw is not a valid position. Plays of one card meet in
    one state there now and then (own pieces captured, the dog's landing and run, paws)."""
    board = v.board(players)
    per_seat = board.pieces_per_seat
    first = rng.randrange(board.track)
    window = [(first + step) % board.track for step in range(14)]
    rng.shuffle(window)
    own = rng.randint(2, per_seat)
    pieces = {seat: ["H"] * per_seat for seat in range(players)}
    pieces[0] = [board.label(window.pop()) for _ in range(own)] + ["H"] * (per_seat - own)
    other = rng.randrange(1, players)
    near = [board.label(window.pop()) for _ in range(rng.randint(0, 2))]
    pieces[other] = near + ["H"] * (per_seat - len(near))
    dog = board.label(window.pop()) if v.name == "black-dog" else None
    cards = [card for card, _ in v.deck.counts if card not in ("partner", "copy", "swap", "magnet")]
    try:
        return v.position(
            players=players, pieces=pieces, hands={0: rng.sample(cards, 4), 1: ["2"]}, black_dog=dog
        )
    except dogrules.DogRulesError:
        return None


@pytest.mark.clause("R-C15")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", ["black-dog", "agent-dog"])
def test_R_C15_one_move_cards_list_every_outcome_once_in_its_first_spelling(
    name: str, players: int
) -> None:
    """Every movement of a card that moves one piece, with each disc turn, applied: every
    state reached is listed once, in the first movement (and direction) that reaches it."""
    v = dogrules.variant(name)
    rng = random.Random(f"{name}-{players}-one-move")
    checked = 0
    while checked < 20 * POSITIONS:
        state = clustered(v, players, rng)
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


# ---- R-C15: one listed action per resulting state -------------------------------------------

pos = position_builder(BD, black_dog="T44")


@pytest.mark.clause("R-C15", "R-C10", "BD-PARTNER")
def test_R_C15_partner_orderings_that_leave_the_same_board_are_one_listed_action() -> None:
    """Two of seat 0's pieces trading places along the way leave the board as one longer
    sub-move does: one state, one listed action; the other spelling stays legal."""
    s = pos({0: ["T9", "T25", "T26"]}, {0: ["partner"], 1: ["2"]})
    assert_another_spelling(s, "partner T9-T11 T26-T27 T25-T26", "partner T9-T11 T25-T27")


@pytest.mark.clause("R-C15", "R-B5", "BD-DISC-DIRECTION")
def test_R_C15_a_disc_turned_either_way_to_the_same_board_is_listed_once() -> None:
    """A piece lands on a paw (T7) facing a piece of its own colour across the disc (T39): a
    quarter turn either way leaves the same board, so one direction is listed (clockwise,
    the first) and the other stays legal."""
    s = pos({0: ["T3", "T39"]}, {0: ["4"], 1: ["2"]})
    assert_another_spelling(s, "4 T3-T7 turn ccw", "4 T3-T7 turn cw")


@pytest.mark.clause("R-C15", "R-B5")
def test_R_C15_a_disc_turn_that_leaves_different_boards_keeps_both_directions() -> None:
    s = pos({0: ["T3"], 1: ["T39"]}, {0: ["4"], 1: ["2"]})
    assert {"4 T3-T7 turn cw", "4 T3-T7 turn ccw"} <= notations(s)


agent = position_builder(AD)


@pytest.mark.clause("R-C15", "R-C10", "AD-PARTNER")
def test_R_C15_agent_dog_face_up_pieces_of_one_colour_trading_places_are_one_listed_action() -> (
    None
):
    """Agent DOG: two of seat 0's face-up pieces trading places along the way leave the board
    as one longer sub-move does, and the seat sees both: one listed action."""
    s = agent({0: ["T9", "T25", "T26"]}, {0: ["partner"], 1: ["2"]})
    assert_another_spelling(s, "partner T9-T11 T26-T27 T25-T26", "partner T9-T11 T25-T27")


@pytest.mark.clause("R-C15", "R-A9", "AD-FLIPPED", "AD-PARTNER")
def test_R_C15_agent_dog_plays_differing_in_which_face_down_piece_went_where_stay_apart() -> None:
    """The piece face down on the hole T24 is seat 0's, but seat 0 cannot see that: moving the
    face-up piece on T22 to T26, or the face-down one to T26 and the face-up one onto the
    hole, leave the same state only if the face-down piece is seat 0's, so both are listed
    (merging them would tell its colour)."""
    s = agent({0: ["T22", "T24"]}, {0: ["partner"], 1: ["2"]})
    both = ("partner T22-T26", "partner T22-T23 T24-T26 T23-T24")
    assert set(both) <= notations(s)
    assert act(s, both[0]).state == act(s, both[1]).state


def listed_states_differ(v: Variant, state: State) -> None:
    """No two card plays ``legal_actions`` lists in ``state`` spend the same card and lead to
    states the acting seat could tell equal (R-C15): equal states, with the pieces that lay
    face down (Agent DOG) in the same places, followed as individuals."""
    seen: dict[tuple[object, ...], str] = {}
    for action in v.legal_actions(state):
        if action.kind != ActionKind.PLAY:
            continue
        key = (action.card, action.copied, outcome(v, state, v.apply(state, action)))
        assert key not in seen, f"{seen[key]} and {action} lead to the same state (R-C15)"
        seen[key] = str(action)


@pytest.mark.clause("R-C15")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", ["black-dog", "agent-dog", "dog-kids"])
def test_R_C15_no_two_listed_plays_lead_to_one_state_in_random_games(
    name: str, players: int
) -> None:
    v = dogrules.variant(name)
    for state in random_game(v, players, seed=players):
        listed_states_differ(v, state)


def kids_crowded(players: int, rng: random.Random) -> State | None:
    """A random DOG Kids position with most dogs out and three cards of the deck in the hand
    of the seat to act; None if the draw is not a valid position."""
    board = KD.board(players)
    fields = list(range(board.track))
    rng.shuffle(fields)
    pieces = scattered(board, players, rng, fields, 0.7)
    hand = rng.sample([card for card, _ in KD.deck.counts], 3)
    try:
        return KD.position(players=players, pieces=pieces, hands={0: hand})
    except dogrules.DogRulesError:
        return None


@pytest.mark.clause("R-C15")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_C15_no_two_listed_plays_lead_to_one_state_in_crowded_positions(players: int) -> None:
    """Black DOG and Agent DOG (Partner and a Copy of it among crowded pieces, face-down ones
    among them in Agent DOG) and DOG Kids (dogs of every colour out, any cards)."""
    rng = random.Random(f"R-C15-{players}")
    for v in (BD, AD):
        checked = 0
        while checked < 4:
            state = crowded(v, players, rng, (0.5, 0.8))
            if state is not None:
                listed_states_differ(v, state)
                checked += 1
    checked = 0
    while checked < 20:
        state = kids_crowded(players, rng)
        if state is not None:
            listed_states_differ(KD, state)
            checked += 1
