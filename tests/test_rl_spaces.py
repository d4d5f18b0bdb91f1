"""Action ids, step tokens and masks, typed observations and their tensors
(dogrules.spaces, the optional extra dogrules[rl]): every listed action has an id that reads
back to it, the masks are exactly the legal actions at every step of random games, and an
observation and its tensor show nothing the seat may not see."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rl_extra import require

require("numpy")

import numpy as np  # noqa: E402

import dogrules  # noqa: E402
from dogrules import State  # noqa: E402
from dogrules.engine.choices import Decision  # noqa: E402
from dogrules.model.actions import Action, ActionKind  # noqa: E402
from dogrules.model.errors import ActionIdError, DogRulesError  # noqa: E402
from dogrules.spaces import ActionSpace, StepSpace, layout, observe, tensor  # noqa: E402
from dogrules.testing.json_view import through_json, view_of  # noqa: E402
from test_observation import hidden_from  # noqa: E402

# Each variant and table: (variant, players, teams), teams None for the variant's default.
TABLES = [
    (name, players, None)
    for name in ("black-dog", "agent-dog", "dog-kids")
    for players in (2, 3, 4)
] + [("dog-kids", 4, True)]

# The sizes of the id spaces: a change here changes every id a saved policy relies on, which
# only a change of the rules or of their data (deck, board) may do. (Issue 35 added the
# ``decline`` head of R-K9 last, one id more in each space; every earlier id stays.)
SIZES = {
    ("black-dog", 2): 4_839_668_727_687_411,
    ("black-dog", 3): 7_415_668_495_125_411,
    ("black-dog", 4): 11_119_815_969_319_059,
    ("agent-dog", 2): 1_613_222_909_165_235,
    ("agent-dog", 3): 2_471_889_498_304_035,
    ("agent-dog", 4): 3_706_605_323_027_667,
    ("dog-kids", 2): 61_955,
    ("dog-kids", 3): 70_103,
    ("dog-kids", 4): 78_755,
}


def states(name: str, players: int, teams: bool | None, seed: int, steps: int) -> Iterator[State]:
    """The states of a random game, from its start, at most ``steps`` of them."""
    v = dogrules.variant(name)
    state = v.new_game(players=players, seed=seed, teams=teams)
    rng = random.Random(seed)
    for _ in range(steps):
        yield state
        actions = v.legal_actions(state)
        if not actions:
            return
        state = v.apply(state, rng.choice(actions)).state


def paths(space: StepSpace, decision: Decision) -> Iterator[Action]:
    """Every action reached by choosing masked tokens only, one at a time."""
    if decision.action is not None:
        yield decision.action
        return
    for token in np.flatnonzero(space.mask(decision)):
        yield from paths(space, decision.choose(space.option_of(int(token), decision)))


def test_the_id_space_sizes_are_pinned_and_fit_int64() -> None:
    for (name, players), size in SIZES.items():
        space = ActionSpace.for_variant(name, players)
        assert space.size == size, f"the ids of {players}-player {name} changed"
        assert space.size < 2**63


def test_ids_are_pinned_for_written_actions() -> None:
    v = dogrules.variant("black-dog")
    state = v.position(
        players=4,
        pieces={0: ["T3", "H", "H", "H"], 1: ["T16", "H", "H", "H"],
                2: ["T32", "H", "H", "H"], 3: ["T48", "H", "H", "H"]},
        hands={0: ["5", "partner"]},
        black_dog="T40",
    )  # fmt: skip
    space = ActionSpace.for_variant("black-dog", 4)
    # The block of "5" starts at 59_162; the move (T3, T8) is body 1 + (3 + 1) * 81 + (8 + 1)
    # (81 locations, H first), times 3 disc turns, turn none.
    assert space.id_of(v.parse_action(state, "5 T3-T8")) == 59_162 + 3 * 334
    # Partner's block comes after every block of one move; two moves are body
    # 1 + 81**2 + pair(T3, T4) * 81**2 + pair(T16, T19).
    partner = 5_559_907_984_994_243
    assert space.id_of(v.parse_action(state, "partner T3-T7")) == partner + 3 * 333
    two = 1 + 6561 + (4 * 81 + 5) * 6561 + 17 * 81 + 20
    assert space.id_of(v.parse_action(state, "partner T3-T4 T16-T19")) == partner + 3 * two
    assert str(space.action_of(59_162 + 3 * 334, state)) == "5 T3-T8"


@pytest.mark.parametrize(("name", "players", "teams"), TABLES)
def test_every_listed_action_id_round_trips_in_random_games(
    name: str, players: int, teams: bool | None
) -> None:
    space = ActionSpace.for_variant(name, players, teams)
    v = dogrules.variant(name)
    for seed in range(2):
        for state in states(name, players, teams, seed, 150):
            actions = v.legal_actions(state)
            ids = space.ids_of(actions)
            assert len(set(ids)) == len(ids), f"two listed actions share an id in {state}"
            for action, action_id in zip(actions, ids, strict=True):
                assert 0 <= action_id < space.size
                back = space.action_of(action_id, state)
                assert back == action, f"{action} has id {action_id}, which reads {back}"
                assert str(back) == str(action)
            assert space.legal_ids(state) == tuple(sorted(ids))


@given(data=st.data(), table=st.sampled_from(TABLES))
def test_every_id_names_an_action_whose_id_it_is(
    data: st.DataObject, table: tuple[str, int, bool | None]
) -> None:
    space = ActionSpace.for_variant(table[0], table[1], table[2])
    block = data.draw(st.sampled_from(space.blocks))
    action_id = data.draw(st.integers(block.offset, block.offset + block.size - 1))
    action = space.action_of(action_id)
    assert space.id_of(action) == action_id
    assert space.block_of(action_id) == block


def test_ids_out_of_range_and_actions_outside_the_space_are_refused() -> None:
    space = ActionSpace.for_variant("dog-kids", 2)
    for bad in (-1, space.size):
        with pytest.raises(ActionIdError, match="not in range"):
            space.action_of(bad)
    with pytest.raises(TypeError):
        space.action_of(True)
    unknown = Action(ActionKind.PLAY, "partner", moves=((0, 4),))
    with pytest.raises(ActionIdError, match="no action of dog-kids"):
        space.id_of(unknown)
    twice = Action(ActionKind.PLAY, "blue", moves=((0, 1), (1, 2)))
    with pytest.raises(ActionIdError, match="at most 1 move"):
        space.id_of(twice)
    off_board = Action(ActionKind.PLAY, "blue", moves=((0, 99),))
    with pytest.raises(ActionIdError, match="not on this board"):
        space.id_of(off_board)
    turned = Action(ActionKind.PLAY, "blue", moves=((0, 1),), turn="cw")
    with pytest.raises(ActionIdError, match="turn"):
        space.id_of(turned)
    assert issubclass(ActionIdError, DogRulesError)


@pytest.mark.parametrize(("name", "players", "teams"), TABLES)
def test_the_step_masks_reach_exactly_the_legal_actions(
    name: str, players: int, teams: bool | None
) -> None:
    space = StepSpace.for_variant(name, players, teams)
    v = dogrules.variant(name)
    for state in states(name, players, teams, seed=5, steps=60):
        actions = v.legal_actions(state)
        reached = list(paths(space, v.choices(state)))
        assert len(reached) == len(actions), f"the masks reach {len(reached)} of {state}"
        assert set(reached) == set(actions)
        first = space.action_mask(state)
        assert first.dtype == np.int8
        assert first.shape == (space.size,)
        for action in actions[:50]:
            tokens = space.tokens_of(action, state)
            assert first[tokens[0]] == 1, f"{action}: its first token is masked off"


def test_a_token_that_is_no_option_is_refused_naming_the_options() -> None:
    space = StepSpace.for_variant("black-dog", 4)
    state = dogrules.variant("black-dog").new_game(players=4, seed=1)
    decision = dogrules.variant("black-dog").choices(state)
    with pytest.raises(DogRulesError, match="is not an option of the card step"):
        space.option_of(space.done, decision)
    assert space.describe(space.done) == "done"
    assert space.describe(space.heads) == "H"
    assert space.describe(space.size) == "out of range"


@pytest.mark.parametrize(("name", "players", "teams"), TABLES)
def test_the_typed_observation_reads_the_json_view(
    name: str, players: int, teams: bool | None
) -> None:
    v = dogrules.variant(name)
    board = v.board(players)
    shape = layout(name, players)
    for state in states(name, players, teams, seed=7, steps=80):
        for seat in range(players):
            view = v.observe(state, seat)
            seen = observe(state, seat)
            assert list(seen.hand) == view["hand"]
            assert seen.phase == view["phase"]
            assert [board.label(loc) for loc in seen.flipped] == view["flipped"]
            assert view["pieces"] == {
                str(s): [board.label(loc) for loc in locations]
                for s, locations in enumerate(seen.pieces)
            }
            vector = tensor(seen, shape)
            assert vector.shape == (shape.size,)
            assert vector.dtype == np.float32
            hand = shape.section("hand")
            assert vector[hand.offset : hand.offset + hand.size].sum() == len(seen.hand)


@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10_000), steps=st.integers(0, 150))
def test_the_observation_made_from_the_state_is_the_one_its_json_view_says(
    table: tuple[str, int, bool | None], seed: int, steps: int
) -> None:
    # BD-SECRECY, BD-EXCHANGE, KD-TEAM-SECRECY, R-A9, R-K9: one home (rules.secrecy.seen_by)
    # says what a seat may see; its JSON view and tensor are the ones the view made straight
    # from the state gave before (the oracle, dogrules.testing.json_view).
    name, players, teams = table
    *_, state = states(name, players, teams, seed, steps + 1)
    v, shape = dogrules.variant(name), layout(name, players)
    for seat in range(players):
        seen, oracle = observe(state, seat), through_json(v, state, seat)
        assert seen == oracle, f"seat {seat} of {name} sees otherwise than the oracle"
        assert v.observe(state, seat) == view_of(v, state, seat)
        assert np.array_equal(tensor(seen, shape), tensor(oracle, shape))


def test_the_tensor_sections_tile_it_and_show_the_pieces() -> None:
    shape = layout("black-dog", 4)
    offset = 0
    for section in shape.sections:
        assert section.offset == offset, f"{section.name} does not follow the one before"
        offset += section.size
    assert offset == shape.size
    v = dogrules.variant("black-dog")
    state = v.position(
        players=4,
        pieces={0: ["T3", "H", "H", "H"], 1: ["T16", "H", "H", "H"],
                2: ["T32", "H", "H", "H"], 3: ["T48", "H", "H", "H"]},
        hands={0: ["5"]},
        black_dog="T40",
    )  # fmt: skip
    pieces = shape.section("pieces")
    grid = tensor(observe(state, 1), shape)[pieces.offset : pieces.offset + pieces.size]
    grid = grid.reshape(pieces.shape)
    assert grid[0][1 + 16] == 1.0, "row 0 is the observing seat (1), its piece on T16"
    assert grid[3][1 + 3] == 1.0, "seat 0 is the last row seen from seat 1"
    assert grid[0][0] == 3.0, "three pieces at home"
    dog = shape.section("black_dog")
    assert tensor(observe(state, 1), shape)[dog.offset + 1 + 40] == 1.0


@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 100),
    data=st.data(),
)
def test_what_a_seat_may_not_see_never_changes_its_observation_or_tensor(
    table: tuple[str, int, bool | None], seed: int, steps: int, data: st.DataObject
) -> None:
    name, players, teams = table
    *_, state = states(name, players, teams, seed, steps + 1)
    seat = data.draw(st.integers(0, players - 1))
    other = hidden_from(state, seat, random.Random(seed))
    other = other._replace(seed=seed + 1)
    assert observe(other, seat) == observe(state, seat)
    assert np.array_equal(tensor(observe(other, seat)), tensor(observe(state, seat)))
