"""The OpenSpiel games (dogrules.envs.spiel, with open_spiel installed): pyspiel's random
simulation test for every variant and table, the chance node, returns at the end and the
observation and information state."""

from __future__ import annotations

import pickle
import random
import sys

import pytest

from rl_extra import require

# open_spiel ships wheels for Linux and macOS only (the rl extra installs it there).
if sys.platform in ("linux", "darwin"):
    require("numpy", "pyspiel")
else:
    pytest.skip("open_spiel has no wheel for this platform", allow_module_level=True)

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import dogrules
from dogrules.envs.spiel import short_name
from dogrules.spaces import layout, observe, tensor
from test_rl_spaces import TABLES


def load(name: str, players: int, teams: bool | None = None, **more: int) -> pyspiel.Game:
    # teams left out (None): the variant's usual form at that many players.
    chosen: dict[str, int | bool] = {} if teams is None else {"teams": teams}
    return pyspiel.load_game(short_name(name), {"players": players, **chosen, **more})


@pytest.mark.parametrize(("name", "players", "teams"), TABLES)
def test_pyspiel_random_simulation_test_passes(name: str, players: int, teams: bool | None) -> None:
    # Cut short (a draw after 80 moves) to keep the test fast; the next test plays to the end.
    pyspiel.random_sim_test(load(name, players, teams, max_steps=80), 1, False, False)


def test_a_whole_game_passes_the_random_simulation_test() -> None:
    pyspiel.random_sim_test(load("dog-kids", 2), 1, False, False)


def test_the_deal_is_one_chance_node_choosing_the_seed() -> None:
    game = load("black-dog", 3, seeds=8)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [seed for seed, _ in outcomes] == list(range(8))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(5)
    assert state.state == dogrules.variant("black-dog").new_game(players=3, seed=5)
    assert not state.is_chance_node()
    assert state.current_player() == state.state.to_act


def test_a_finished_game_returns_one_to_the_winners_and_minus_one_to_the_others() -> None:
    game = load("dog-kids", 4, teams=True)
    state = game.new_initial_state()
    rng = random.Random(2)
    state.apply_action(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    winners = set(state.state.winner)
    assert len(winners) == 2
    assert state.returns() == [1.0 if seat in winners else -1.0 for seat in range(4)]


def test_a_game_cut_short_is_a_draw() -> None:
    state = load("agent-dog", 2, max_steps=10).new_initial_state()
    state.apply_action(0)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == [0.0, 0.0]


def test_the_information_state_remembers_what_the_observation_forgets() -> None:
    game = load("black-dog", 4)
    state = game.new_initial_state()
    state.apply_action(1)
    first = state.information_state_string(1)
    assert first.startswith(state.observation_string(1))
    rng = random.Random(4)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    later = state.information_state_string(1)
    assert later != first
    assert len(later) < 2 * len(first) + 200, "the recall chain stays the same size"
    assert len(state.observation_tensor(1)) == game.observation_tensor_size()


# --- issue 32: OpenSpiel at full depth -------------------------------------------------------


@pytest.mark.parametrize("name", sorted(dogrules.VARIANTS))
def test_the_random_simulation_test_with_serialisation_passes(name: str) -> None:
    pyspiel.random_sim_test(load(name, 2, max_steps=60), 1, True, False)


def test_a_game_and_state_serialise_and_pickle_to_the_same_state() -> None:
    game = load("black-dog", 4, True)
    state = game.new_initial_state()
    state.apply_action(3)
    rng = random.Random(1)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    again_game, again = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert again_game == game and again.history() == state.history()
    assert again.state == state.state and str(again) == str(state)
    copied = pickle.loads(pickle.dumps(state))
    assert copied.state == state.state and copied.legal_actions() == state.legal_actions()


def test_the_teams_parameter_is_honoured_or_refused_never_ignored() -> None:
    assert load("dog-kids", 4, False).get_parameters()["teams"] is False
    assert load("dog-kids", 4, True).new_initial_state().child(0).state.teams
    assert not load("dog-kids", 4, False).new_initial_state().child(0).state.teams
    with pytest.raises(Exception) as refused:
        load("black-dog", 4, False)
    assert "teams are always played with 4 players" in str(refused.value)
    with pytest.raises(Exception, match="team variant is for 4 players"):
        load("dog-kids", 3, True)
    two = load("black-dog", 2)
    assert two.get_parameters()["teams"] is False, "the game reports the form it plays"


@pytest.mark.parametrize(
    ("params", "named"),
    [({"seeds": 0}, "seeds=0"), ({"players": 5}, "players=5"), ({"max_steps": 0}, "max_steps=0")],
)
def test_a_parameter_out_of_range_is_refused_naming_it(params: dict[str, int], named: str) -> None:
    with pytest.raises(Exception, match=named):
        pyspiel.load_game(short_name("agent-dog"), params)


@pytest.mark.parametrize(
    ("name", "players", "teams", "zero_sum"),
    [
        ("black-dog", 2, False, True),
        ("black-dog", 3, False, False),
        ("black-dog", 4, True, True),
        ("dog-kids", 4, False, False),
        ("dog-kids", 4, True, True),
    ],
)
def test_a_game_of_two_sides_is_declared_zero_sum_and_its_returns_sum_to_zero(
    name: str, players: int, teams: bool, zero_sum: bool
) -> None:
    game = load(name, players, teams)
    utility = pyspiel.GameType.Utility
    assert game.get_type().utility == (utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM)
    state = game.new_initial_state()
    state.apply_action(4)
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert (sum(state.returns()) == 0) or not zero_sum


def test_the_information_state_tensor_tells_apart_histories_the_observation_does_not() -> None:
    game = load("black-dog", 4)
    state = game.new_initial_state()
    state.apply_action(1)
    before = state.information_state_tensor(1)
    assert len(before) == game.information_state_tensor_size()
    assert before[: len(state.observation_tensor(1))] == state.observation_tensor(1)
    rng = random.Random(4)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.information_state_tensor(1) != before


@pytest.mark.parametrize("name", sorted(dogrules.VARIANTS))
def test_both_openspiel_tensors_begin_with_the_seat_tensor_of_dogrules_spaces(name: str) -> None:
    # One builder of what a seat may see (rules.secrecy.seen_by, then spaces.tensor) for
    # OpenSpiel's observation and information state tensors and for PettingZoo.
    game, shape = load(name, 3), layout(name, 3)
    state = game.new_initial_state()
    state.apply_action(1)
    rng = random.Random(3)
    for _ in range(40):
        for seat in range(3):
            seen = tensor(observe(state.state, seat), shape)
            assert np.array_equal(state.observation_tensor(seat)[: shape.size], seen)
            assert np.array_equal(state.information_state_tensor(seat)[: shape.size], seen)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_resampled_state_is_one_the_seat_cannot_tell_from_the_true_one() -> None:
    game = load("agent-dog", 4)
    state = game.new_initial_state()
    state.apply_action(9)
    rng = random.Random(9)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differing = 0
    for _ in range(25):
        seat = state.current_player()
        resampled = state.resample_from_infostate(seat, sampler)
        assert resampled.observation_string(seat) == state.observation_string(seat)
        assert resampled.information_state_string(seat) == state.information_state_string(seat)
        assert resampled.legal_actions() == state.legal_actions()
        differing += resampled.state != state.state
        state.apply_action(rng.choice(state.legal_actions()))
    assert differing > 0, "the hidden cards are dealt anew"


def test_openspiels_is_mcts_bot_plays_a_game_against_random_play() -> None:
    # OpenSpiel's Python IS-MCTS (its C++ ISMCTSBot crashes on every Python game, its own
    # python_kuhn_poker too), sampling worlds through resample_from_infostate.
    game = load("dog-kids", 2, max_steps=40)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(7))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(7))
    state = game.new_initial_state()
    rng = random.Random(7)
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(game.max_chance_outcomes()))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert searched > 0
