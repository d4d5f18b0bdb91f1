"""A PettingZoo AEC environment per variant (``dogrules[rl]``; docs/rl.md).

Agents are ``seat_0``, ``seat_1``... The action space is the variant's
:class:`~dogrules.spaces.steps.StepSpace`: a seat takes its action one token at a time (the
card, then the piece, its target..., then the disc turn), so the same agent may be selected
several times in a row. The observation is a dict: ``observation``, the seat's tensor
(:func:`dogrules.spaces.tensor`) followed by the tokens chosen so far in the pending action
(one-hot rows, zero for a seat not acting), and ``action_mask``, 1 for the options of the
step asked now (all 0 for a seat not acting). :func:`env` follows PettingZoo's classic
games: a token the mask excludes ends the game, -1 for the seat that chose it and 0 for the
others; the bare :class:`DogEnv` raises ChoiceError (a DogRulesError and ValueError) instead
and leaves the game as it was. A seat's tensor is made once per state it sees.

Rewards are 0 until the game ends; then +1 for each seat in the winner (the winning team's
seats in a team game) and -1 for every other seat. ``max_steps`` truncates a game after that
many tokens (None: play to the end; every game ends).

``render_mode``: ``"ansi"`` returns the text board; ``"rgb_array"`` the SVG board rasterised
by cairosvg, offered only when cairosvg (and the cairo library it needs) is installed.
"""

from __future__ import annotations

import io
import random
from typing import Any, ClassVar

from dogrules.model.extras import missing_extra

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra("rl", "dogrules.envs.zoo", exc) from exc

from dogrules.engine.choices import Decision
from dogrules.model.state import Phase, State
from dogrules.render.svg import svg
from dogrules.render.text import text_board
from dogrules.spaces.ids import ActionSpace
from dogrules.spaces.observing import observe
from dogrules.spaces.steps import StepSpace
from dogrules.spaces.tensor import Layout, layout, tensor
from dogrules.variants import VARIANTS
from dogrules.variants import variant as variant_named

try:
    import cairosvg
    from PIL import Image
except (ImportError, OSError) as missing:  # OSError: cairosvg is there, the cairo library not
    cairosvg = None
    RASTER_MISSING: str | None = f"rgb_array needs cairosvg and its cairo library: {missing}"
else:
    RASTER_MISSING = None

RENDER_MODES = ("ansi",) if RASTER_MISSING else ("ansi", "rgb_array")

Observation = dict[str, npt.NDArray[Any]]


class DogEnv(AECEnv):
    """One game of ``variant`` at a table of ``players`` (``teams`` for the DOG Kids team
    game) as a PettingZoo AEC environment; see the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "dogrules_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str = VARIANTS[0],
        players: int = 4,
        teams: bool | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            reason = f" ({RASTER_MISSING})" if render_mode == "rgb_array" else ""
            raise ValueError(f"render_mode {render_mode!r} is not one of {RENDER_MODES}{reason}")
        self.rules = variant_named(variant)
        self.players = players
        self.teams = self.rules.teams_for(players, teams)
        self.steps = StepSpace.for_variant(variant, players, self.teams)
        self.layout: Layout = layout(variant, players)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = [f"seat_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        width = self.layout.size + self.steps.path_rows * self.steps.size
        self._action_space = spaces.Discrete(self.steps.size)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, np.inf, (width,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.steps.size,), np.int8),
            }
        )
        self._seeds = random.Random()
        self.state: State = self.rules.new_game(players, 0, self.teams)
        self.decision: Decision = self.rules.choices(self.state)
        self._taken = 0
        # Each seat's tensor of the state it was made for: a seat's several steps of one
        # action, and the other seats' looks, share the state.
        self._seen: tuple[State, dict[int, npt.NDArray[np.float32]]] = (self.state, {})

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    @property
    def action_ids(self) -> ActionSpace:
        """The integer ids of whole actions (a bot may read ``decision.actions`` by them)."""
        return self.steps.actions

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game dealt from ``seed`` (a random one when None), or the state given as
        ``options={"state": state}``."""
        given = (options or {}).get("state")
        if isinstance(given, State):
            self.state = given
        else:
            if seed is not None:
                self._seeds.seed(seed)
            self.state = self.rules.new_game(self.players, self._seeds.randrange(2**62), self.teams)
        self.decision = self.rules.choices(self.state)
        self._taken = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.to_act]
        if self.state.phase == Phase.OVER:
            self._finish()

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        seen = self._seen_by(seat)
        acting = agent == self.agent_selection and self.state.phase != Phase.OVER
        path = self.steps.path(self.decision if acting else None)
        mask = self.steps.mask(self.decision) if acting else np.zeros(self.steps.size, np.int8)
        return {"observation": np.concatenate([seen, path]), "action_mask": mask}

    def _seen_by(self, seat: int) -> npt.NDArray[np.float32]:
        """The tensor of what ``seat`` sees of the state now (made once per state)."""
        state, tensors = self._seen
        if state is not self.state:
            state, tensors = self.state, {}
            self._seen = (state, tensors)
        if seat not in tensors:
            tensors[seat] = tensor(observe(state, seat), self.layout)
        return tensors[seat]

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is no action")
        option = self.steps.option_of(int(action), self.decision)
        self.decision = self.decision.choose(option)
        self._taken += 1
        if self.decision.action is not None:
            self.state = self.rules.apply(self.state, self.decision.action).state
            self.decision = self.rules.choices(self.state)
        if self.state.phase == Phase.OVER:
            self._finish()
        elif self.max_steps is not None and self._taken >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.state.to_act]

    def _finish(self) -> None:
        """The rewards of a game over: +1 for the winning seats, -1 for the others (0 for all
        when nobody won)."""
        winners = set(self.state.winner)
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = 0 if not winners else 1 if seat in winners else -1
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        board = self.rules.board(self.players)
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        if self.render_mode == "ansi":
            return text_board(board, self.state)
        png = cairosvg.svg2png(bytestring=svg(board, self.state).encode("utf-8"))
        image = Image.open(io.BytesIO(png)).convert("RGB")
        return np.asarray(image, dtype=np.uint8)

    def close(self) -> None:
        """Nothing to release: the environment holds no window or file."""


def env(
    variant: str = VARIANTS[0],
    players: int = 4,
    teams: bool | None = None,
    render_mode: str | None = None,
    max_steps: int | None = None,
) -> AECEnv:
    """The environment (arguments as :class:`DogEnv`) wrapped as PettingZoo's classic games
    are: an illegal token (one the action mask excludes) ends the game with -1 for the seat
    that chose it and 0 for the others (``TerminateIllegalWrapper``), a token outside the
    action space is refused, and steps, observations and renders come only after ``reset``."""
    game = DogEnv(variant, players, teams, render_mode, max_steps)
    illegal_ends_the_game = wrappers.TerminateIllegalWrapper(game, illegal_reward=-1)
    checked = wrappers.AssertOutOfBoundsWrapper(illegal_ends_the_game)
    return wrappers.OrderEnforcingWrapper(checked)
