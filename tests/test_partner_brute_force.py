"""The Partner plays ``legal_actions`` lists against a brute force that shares no code with
the split search (``dogrules.testing.partner_brute_force``): every ordering of sub-moves of
any piece, carried out on copies of the table and judged one by one, must reach exactly the
listed outcomes.

``check_every_outcome_listed`` enumerates the orderings with the search itself, so a wrong
key of the search's per-context target cache hides from it (and from every test of
``test_distinct_outcomes.py``). Of the three wrong keys tried (leaving out the finish fields
taken, the protected start fields or the seat), the positions around a start field find
each, the random games the second. The positions of random games are small on purpose: the
brute force tries every piece for every sub-move. The random crowded positions (most pieces
on the track, some in their finish, the Black Dog on a free field) are where sub-moves meet:
captures, the Black Dog, start fields taken and left; the everyday suite checks a few of
them, the ci profile many more (``budgets.budget``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import dogrules
from budgets import DEEP, budget
from dogrules import InvalidPosition, State, Variant
from dogrules.engine.table import Table
from dogrules.testing.partner_brute_force import check_partner_outcomes, orderings

# Positions with more candidate orderings than this are passed over (the brute force judges
# each with every disc direction).
CANDIDATES = 1500
# Positions checked per table of random games, and per variant around a start field.
PER_GAME_TABLE = 4
AROUND_A_START = 10
TABLES = [(name, players) for name in ("black-dog", "agent-dog") for players in (2, 3, 4)]
# Crowded positions checked per variant (everyday, ci), the share of pieces placed on the
# track (the rest home, but up to two per seat in its finish), and the candidates allowed.
CROWDED = budget(2, 20)
ON_TRACK = 0.75
CROWDED_CANDIDATES = 50_000


def partner_positions(v: Variant, players: int, seed: int) -> list[State]:
    """The first positions of a seeded random game in which the seat to act holds a
    Partner, up to :data:`PER_GAME_TABLE` of them (those small enough to check)."""
    state = v.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    found: list[State] = []
    while state.phase != "over" and len(found) < PER_GAME_TABLE:
        if state.phase == "play" and "partner" in state.hands[state.to_act]:
            found.append(state)
        state = v.apply(state, rng.choice(v.legal_actions(state))).state
    return found


def around_a_start(v: Variant, players: int, rng: random.Random) -> State | None:
    """A position whose pieces stand among the ten fields around one seat's start field
    (and some in their finish), where a sub-move changes what the later ones may do: a
    start field left or taken, a finish field filled (see :func:`random_position`)."""
    board = v.board(players)
    centre = board.start[rng.randrange(players)]
    window = [(centre + offset) % board.track for offset in range(-7, 3)]
    return random_position(v, players, rng, window, 0.5)


def crowded(v: Variant, players: int, rng: random.Random) -> State | None:
    """A random crowded position: most pieces anywhere on the track (see
    :func:`random_position`)."""
    return random_position(v, players, rng, list(range(v.board(players).track)), ON_TRACK)


def random_position(
    v: Variant, players: int, rng: random.Random, fields: list[int], share: float
) -> State | None:
    """Each seat's pieces on random free ``fields`` (each with probability ``share``, else
    home), but up to two in its finish; the Black Dog on a free track field, among
    ``fields`` half the time; the seat to act holds a Partner. None if the draw is no valid
    position."""
    board = v.board(players)
    taken: set[int] = set()
    pieces: dict[int, list[str]] = {}
    for seat in board.seats:
        lane = rng.sample(range(1, board.finish + 1), rng.randint(0, min(2, board.finish)))
        names = [f"F{k}" for k in lane]
        while len(names) < board.pieces_per_seat:
            free = [field for field in fields if field not in taken]
            if free and rng.random() < share:
                field = rng.choice(free)
                taken.add(field)
                names.append(f"T{field}")
            else:
                names.append("H")
        pieces[seat] = names
    dog = None
    if board.disc is not None:
        free = [f for f in range(board.track) if f not in taken and f not in board.printed_starts]
        near = [f for f in free if f in fields]
        dog = f"T{rng.choice(near if near and rng.random() < 0.5 else free)}"
    to_act = rng.randrange(players)
    try:
        return v.position(
            players=players,
            pieces=pieces,
            hands={to_act: ["partner"]},
            to_act=to_act,
            black_dog=dog,
        )
    except InvalidPosition:
        return None


Draw = Callable[[Variant, int, random.Random], State | None]


def check_drawn(name: str, draw: Draw, seed: str, count: int, limit: int) -> int:
    """Check positions of ``draw`` (2 to 4 players) until ``count`` were small enough (at
    most ``limit`` candidates); how many were, giving up after 20 draws a position."""
    v = dogrules.variant(name)
    rng = random.Random(seed)
    checked = 0
    for _ in range(20 * count):
        state = draw(v, rng.choice((2, 3, 4)), rng)
        if state is not None:
            checked += check_partner_outcomes(v, state, limit)
        if checked == count:
            break
    return checked


@DEEP
@pytest.mark.parametrize("name", ["black-dog", "agent-dog"])
def test_the_listed_partner_plays_are_the_brute_force_outcomes_in_random_crowded_positions(
    name: str,
) -> None:
    checked = check_drawn(name, crowded, f"{name}-crowded", CROWDED, CROWDED_CANDIDATES)
    assert checked == CROWDED, "the crowded positions should be small enough to check"


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_listed_partner_plays_are_the_brute_force_outcomes_in_random_games(
    name: str, players: int
) -> None:
    v = dogrules.variant(name)
    checked = 0
    for seed in range(2):
        for state in partner_positions(v, players, seed):
            checked += check_partner_outcomes(v, state, CANDIDATES)
    assert checked >= PER_GAME_TABLE, "the games should give small enough positions"


@pytest.mark.parametrize("name", ["black-dog", "agent-dog"])
def test_the_listed_partner_plays_are_the_brute_force_outcomes_around_a_start_field(
    name: str,
) -> None:
    checked = check_drawn(
        name, around_a_start, f"{name}-around-a-start", AROUND_A_START, CANDIDATES
    )
    assert checked == AROUND_A_START, "the positions around a start should be small enough"


def test_the_brute_force_tries_every_ordering_of_two_pieces() -> None:
    # Two pieces far from every start field: 4 points as 4, 3+1, 2+2, 1+3, 2+1+1, 1+2+1,
    # 1+1+2 and 1+1+1+1, alternating pieces (never one twice in a row), starting with either.
    v = dogrules.variant("black-dog")
    board = v.board(4)
    state = v.position(
        players=4,
        pieces={0: ["T5", "T20", "H", "H"], 1: ["H"] * 4, 2: ["H"] * 4, 3: ["H"] * 4},
        hands={0: ["partner"]},
        black_dog="T40",
    )
    found = list(orderings(board, Table.of(board, state), 4))
    assert len(found) == len(set(found)) == 2 + 2 * 3 + 2 * 3 + 2
    assert ((5, 6), (20, 21), (6, 7), (21, 22)) in found
    assert all(sum(b - a for a, b in moves) == 4 for moves in found)
