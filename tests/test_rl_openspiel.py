"""The OpenSpiel games (dogrules.envs.spiel, with open_spiel installed): pyspiel's random
simulation test for every variant and table, the chance node, returns at the end and the
observation and information state."""

from __future__ import annotations

import random
import sys

import pytest

from rl_extra import require

# open_spiel ships wheels for Linux and macOS only (the rl extra installs it there).
if sys.platform in ("linux", "darwin"):
    require("numpy", "pyspiel")
else:
    pytest.skip("open_spiel has no wheel for this platform", allow_module_level=True)

import pyspiel

import dogrules
from dogrules.envs.spiel import short_name
from test_rl_spaces import TABLES


def load(name: str, players: int, teams: bool | None = None, **more: int) -> pyspiel.Game:
    params: dict[str, int | bool] = {"players": players, "teams": bool(teams), **more}
    return pyspiel.load_game(short_name(name), params)


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
