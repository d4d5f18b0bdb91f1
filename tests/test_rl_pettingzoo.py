"""The PettingZoo environment (dogrules.envs.zoo, the optional extra dogrules[rl]): PettingZoo's
own API and seed tests per variant, rewards at the end, masks, truncation and rendering."""

from __future__ import annotations

import random

import pytest

from rl_extra import require

require("numpy", "gymnasium", "pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import dogrules  # noqa: E402
from dogrules.envs.zoo import RASTER_MISSING, DogEnv, env  # noqa: E402
from dogrules.model.errors import ChoiceError  # noqa: E402
from dogrules.render.text import text_board  # noqa: E402
from test_rl_spaces import TABLES  # noqa: E402


@pytest.mark.parametrize(("name", "players", "teams"), TABLES)
def test_pettingzoo_api_test_passes(name: str, players: int, teams: bool | None) -> None:
    api_test(env(variant=name, players=players, teams=teams), num_cycles=60)


@pytest.mark.parametrize("name", ["black-dog", "agent-dog", "dog-kids"])
def test_pettingzoo_seed_test_passes(name: str) -> None:
    seed_test(lambda: env(variant=name, players=3), num_cycles=40)


def play_out(game: DogEnv, seed: int) -> dict[str, float]:
    """Masked random tokens until the game ends; the rewards each agent was last given."""
    rng = random.Random(seed)
    last: dict[str, float] = {}
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        last[agent] = reward
        if terminated or truncated:
            game.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.sum() > 0, f"{agent} is to act with nothing to choose"
        game.step(rng.choice(np.flatnonzero(mask).tolist()))
    return last


@pytest.mark.parametrize(("players", "teams"), [(2, None), (4, True)])
def test_the_winners_get_one_and_the_others_minus_one(players: int, teams: bool | None) -> None:
    game = DogEnv("dog-kids", players, teams)
    game.reset(seed=3)
    rewards = play_out(game, seed=3)
    winners = {f"seat_{seat}" for seat in game.state.winner}
    assert winners, "a random DOG Kids game ended without a winner"
    assert rewards == {agent: 1 if agent in winners else -1 for agent in game.possible_agents}
    assert len(winners) == (2 if teams else 1)
    assert game.agents == [], "every agent leaves once the game is over"


def test_rewards_are_zero_until_the_end() -> None:
    game = DogEnv("black-dog", 4)
    game.reset(seed=1)
    rng = random.Random(1)
    for _ in range(200):
        observation, reward, terminated, _, _ = game.last()
        assert reward == 0
        assert not terminated
        game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))


def test_only_the_seat_to_act_has_a_mask_and_it_sees_its_path() -> None:
    game = DogEnv("black-dog", 4)
    game.reset(seed=2)
    game.step(int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0]))
    acting = game.agent_selection
    for agent in game.possible_agents:
        mask = game.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == acting), f"{agent}'s mask"
    observation = game.observe(acting)["observation"]
    path = observation[game.layout.size :].reshape(-1, game.steps.size)
    assert path.sum() == len(game.decision.chosen)


def test_an_illegal_token_ends_the_game_as_in_pettingzoos_classic_games() -> None:
    # The classic environments' convention: -1 for the seat that chose it, 0 for the others,
    # every agent terminated; the rules' state is left as it was.
    game = env(variant="dog-kids", players=3)
    game.reset(seed=4)
    offender = game.agent_selection
    before = game.unwrapped.state
    observation, *_ = game.last()
    game.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert all(game.terminations.values()) and game.unwrapped.state == before
    rewards: dict[str, float] = {}
    for agent in game.agent_iter():
        rewards[agent] = game.last()[1]
        game.step(None)
    assert rewards == {a: -1 if a == offender else 0 for a in game.possible_agents}


def test_a_token_that_is_no_option_is_refused_by_the_bare_env_and_changes_nothing() -> None:
    game = DogEnv("dog-kids", 2)
    game.reset(seed=4)
    before = (game.state, game.decision)
    mask = game.observe(game.agent_selection)["action_mask"]
    with pytest.raises(ChoiceError, match="is not an option"):
        game.step(int(np.flatnonzero(mask == 0)[0]))
    assert (game.state, game.decision) == before


def test_max_steps_truncates_the_game() -> None:
    game = DogEnv("agent-dog", 2, max_steps=5)
    game.reset(seed=5)
    rng = random.Random(5)
    for _ in range(5):
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(rng.choice(np.flatnonzero(mask).tolist()))
    assert all(game.truncations.values())


def test_a_given_state_starts_the_game() -> None:
    v = dogrules.variant("dog-kids")
    state = v.new_game(players=2, seed=9)
    game = DogEnv("dog-kids", 2)
    game.reset(options={"state": state})
    assert game.state == state


def test_ansi_renders_the_text_board() -> None:
    game = DogEnv("black-dog", 4, render_mode="ansi")
    game.reset(seed=6)
    assert game.render() == text_board(dogrules.variant("black-dog").board(4), game.state)


def test_rgb_array_renders_the_svg_board_or_says_why_not() -> None:
    if RASTER_MISSING is not None:
        with pytest.raises(ValueError, match="cairosvg"):
            DogEnv("black-dog", 4, render_mode="rgb_array")
        pytest.skip(RASTER_MISSING)
    game = DogEnv("black-dog", 4, render_mode="rgb_array")
    game.reset(seed=6)
    image = game.render()
    assert isinstance(image, np.ndarray)
    assert image.dtype == np.uint8
    assert image.ndim == 3
    assert image.shape[2] == 3
    assert image.std() > 0, "the board drawn is one flat colour"
