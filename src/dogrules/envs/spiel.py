"""The variants as OpenSpiel Python games (``dogrules[rl]`` with ``open_spiel``; docs/rl.md).

Importing this module registers every registered variant with ``pyspiel``
(``python_dogrules_black_dog``, ``python_dogrules_agent_dog``, ``python_dogrules_dog_kids``;
:func:`register_game` one registered later); load one with
``pyspiel.load_game("python_dogrules_black_dog", {"players": 3})``. Parameters: ``players``
(2..4), ``teams`` (the team game: honoured, or refused when the variant has no such form;
its default, the variant's four-player form, stands for the usual form of any player count,
and the game's parameters report the form played), ``seeds`` (how many deals the chance
node chooses from, at least 1) and ``max_steps`` (a game longer than that many moves ends in
a draw; random games end long before). A parameter out of range is refused when the game is
loaded, naming it.

Chance is explicit: the first node of every game is a chance node choosing the game's seed,
uniformly among ``seeds`` values. dogrules draws every shuffle (the deal and each reshuffle
when the deck runs out) from the seed, so that one node holds all the chance of the game: a
game is one of ``seeds`` equally likely deals. No player observes the seed.

Moves are the tokens of :class:`~dogrules.spaces.steps.StepSpace` (the card, the piece, its
target..., the disc turn), so a seat makes several moves in a row for one action. Returns
are +1 for each winning seat and -1 for the others at the end, 0 for all on a draw: a game of
two sides (two players, or two teams) is declared zero-sum, the others general-sum.

Observation (string and tensor) is what the seat may see now
(:func:`dogrules.spaces.observe`) and the tokens chosen so far in the pending action when the
seat is acting. The information state string is perfect recall in constant size: the
observation now and a SHA-256 chain over every observation the seat had before, so two
histories the seat could tell apart never share an information state. The information
state tensor is the observation tensor followed by the 256 bits of that chain.

States pickle, deep-copy and serialise (``pyspiel.serialize_game_and_state``), and
``resample_from_infostate`` deals a state the seat cannot tell from the true one
(:func:`dogrules.spaces.sample_state`), so OpenSpiel's IS-MCTS bot plays the games.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, ClassVar

import attrs

from dogrules.model.extras import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra("rl", "dogrules.envs.spiel", exc) from exc

from dogrules.engine.choices import Decision
from dogrules.model.errors import ChoiceError
from dogrules.model.state import Phase, State
from dogrules.spaces.observing import observe
from dogrules.spaces.sampling import sample_state
from dogrules.spaces.steps import StepSpace
from dogrules.spaces.tensor import Layout, layout, tensor
from dogrules.variants import forms, implemented
from dogrules.variants import variant as variant_named
from dogrules.variants.facade import Variant

DEFAULT_SEEDS = 1 << 16
DEFAULT_MAX_STEPS = 30_000
# The information state tensor ends with the recall chain's SHA-256 digest, bit by bit.
RECALL_BITS = 256
_USUAL_PLAYERS = 4


def short_name(variant: str) -> str:
    """The name a variant is registered under in pyspiel."""
    return "python_dogrules_" + variant.replace("-", "_")


def game_type(variant: str, zero_sum: bool = False) -> Any:
    """The pyspiel GameType of ``variant`` (zero-sum at a table of two sides)."""
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(variant),
        long_name=f"dogrules {variant_named(variant).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": 4,
            "teams": variant_named(variant).teams_for(_USUAL_PLAYERS, None),
            "seeds": DEFAULT_SEEDS,
            "max_steps": DEFAULT_MAX_STEPS,
        },
    )


class DogGame(pyspiel.Game):
    """One variant at a table of ``players`` (see the module docstring for the parameters);
    each variant's subclass names it."""

    variant: ClassVar[str]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        variant = self.variant
        given = {**game_type(variant).parameter_specification, **(params or {})}
        table = Table.of(variant, given)
        seeds = _at_least(given, "seeds", 1)
        info = pyspiel.GameInfo(
            num_distinct_actions=table.steps.size,
            max_chance_outcomes=seeds,
            num_players=table.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if table.sides == 2 else None,
            max_game_length=table.max_steps,
        )
        # pyspiel's Game keeps the attributes set after its own __init__ only.
        reported = {**given, "teams": table.teams}
        super().__init__(game_type(variant, table.sides == 2), info, reported)
        self.players = table.players
        self.seeds = seeds
        self.table = table

    def new_initial_state(self) -> DogState:
        return DogState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> DogObserver:
        recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return DogObserver(self, recall)


@attrs.frozen
class Table:
    """What a game's states share: the variant's rules at this table and its parameters.
    A deep copy is this same object (pyspiel deep-copies a state's attributes to clone it)."""

    rules: Variant
    players: int
    teams: bool
    max_steps: int
    steps: StepSpace
    layout: Layout

    @classmethod
    def of(cls, variant: str, given: dict[str, Any]) -> Table:
        """The table the parameters ``given`` describe; ValueError naming a parameter out of
        range (players the variant has no board for, a team game it cannot be)."""
        rules = variant_named(variant)
        players = int(given["players"])
        counts = sorted({count for count, _ in forms(variant)})
        if players not in counts:
            raise ValueError(f"players={players}: {variant} is played by {counts} players")
        wanted = bool(given["teams"])
        # pyspiel fills in a parameter left out, so the default cannot be told from a value
        # given: the default, where the table has no such form, is the usual form.
        usual = wanted == rules.teams_for(_USUAL_PLAYERS, None)
        no_such_form = (players, wanted) not in forms(variant)
        teams = rules.teams_for(players, None if usual and no_such_form else wanted)
        steps = StepSpace.for_variant(variant, players, teams)
        max_steps = _at_least(given, "max_steps", 1)
        return cls(rules, players, teams, max_steps, steps, layout(variant, players))

    @property
    def sides(self) -> int:
        """How many sides play against each other: the teams, or every seat."""
        return 2 if self.teams else self.players

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, int, bool, int]]:
        # Pickled as what it is made of: the rules are rebuilt from the variant's name.
        return (_table, (self.rules.name, self.players, self.teams, self.max_steps))


def _table(variant: str, players: int, teams: bool, max_steps: int) -> Table:
    return Table.of(variant, {"players": players, "teams": teams, "max_steps": max_steps})


def _at_least(given: dict[str, Any], name: str, least: int) -> int:
    value = int(given[name])
    if value < least:
        raise ValueError(f"{name}={value}: it must be at least {least}")
    return value


@attrs.frozen
class Now:
    """Where a game stands: the dogrules state (None before the deal), the staged decision
    pending in it, the moves made and each seat's recall chain. Never changed, only
    replaced, so a deep copy is this same object."""

    state: State | None = None
    decision: Decision | None = None
    taken: int = 0
    recall: tuple[str, ...] = ()

    def __deepcopy__(self, memo: dict[int, object]) -> Now:
        return self


class DogState(pyspiel.State):
    """A game in progress: before the deal (a chance node), then the dogrules state and the
    staged decision pending in it."""

    def __init__(self, game: DogGame) -> None:
        super().__init__(game)
        self.table = game.table
        self.seeds = game.seeds
        self.now = Now(recall=("",) * game.players)

    @property
    def state(self) -> State | None:
        return self.now.state

    @property
    def decision(self) -> Decision | None:
        return self.now.decision

    def current_player(self) -> int:
        if self.now.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.now.state.to_act

    def is_terminal(self) -> bool:
        state = self.now.state
        return state is not None and (
            state.phase == Phase.OVER or self.now.taken >= self.table.max_steps
        )

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(seed, 1.0 / self.seeds) for seed in range(self.seeds)]

    def _legal_actions(self, player: int) -> list[int]:
        state, decision = self.now.state, self.now.decision
        if decision is None or state is None or player != state.to_act:
            return []
        return [int(token) for token in np.flatnonzero(self.table.steps.mask(decision))]

    def _apply_action(self, action: int) -> None:
        table, now = self.table, self.now
        taken = now.taken
        if now.state is None or now.decision is None:
            state = table.rules.new_game(table.players, int(action), table.teams)
            decision = table.rules.choices(state)
        else:
            option = table.steps.option_of(int(action), now.decision)
            state, decision = now.state, now.decision.choose(option)
            if decision.action is not None:
                state = table.rules.apply(state, decision.action).state
                decision = table.rules.choices(state)
            taken += 1
        after = Now(state, decision, taken, now.recall)
        recall = tuple(
            hashlib.sha256((chain + seen_text(table, after, seat)).encode("utf-8")).hexdigest()
            for seat, chain in enumerate(now.recall)
        )
        self.now = attrs.evolve(after, recall=recall)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> DogState:
        """A state ``player_id`` cannot tell from this one, its hidden part (the others'
        hands, the deck, the seed...) dealt anew with ``probability_sampler`` (a function
        giving numbers in [0, 1)); the path of the pending decision is kept when it can be."""
        now = self.now
        resampled: DogState = self.clone()
        if now.state is None:
            return resampled
        rng = random.Random(int(probability_sampler() * 2**53))
        state = sample_state(observe(now.state, player_id), rng)
        decision = self.table.rules.choices(state)
        try:
            for option in now.decision.chosen if now.decision is not None else ():
                decision = decision.choose(option.label)
        except ChoiceError:
            decision = self.table.rules.choices(state)  # another seat's path, not seen
        resampled.now = attrs.evolve(now, state=state, decision=decision)
        return resampled

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self.table.steps.describe(int(action))

    def returns(self) -> list[float]:
        state = self.now.state
        if state is None or state.phase != Phase.OVER or not state.winner:
            return [0.0] * self.table.players
        return [1.0 if seat in state.winner else -1.0 for seat in range(state.players)]

    def __str__(self) -> str:
        state, decision = self.now.state, self.now.decision
        if state is None:
            return "before the deal"
        path = "" if decision is None else decision.path()
        return f"{state.variant} round {state.round}, seat {state.to_act}: {path}"


def seen_text(table: Table, now: Now, seat: int) -> str:
    """What ``seat`` sees now, as text: the JSON view (and public facts), and its pending
    path when it is acting."""
    state, decision = now.state, now.decision
    if state is None:
        return "before the deal"
    acting = decision is not None and seat == state.to_act and state.phase != Phase.OVER
    path = decision.path() if acting and decision is not None else ""
    view = table.rules.observe(state, seat)
    # The public facts the JSON view leaves out, as the typed observation adds them.
    public = [state.redrawn, list(state.exchanging), state.resume, state.shuffles]
    return json.dumps([view, public, path], sort_keys=True)


class DogObserver:
    """The PyObserver of a dogrules game: the observation tensor and string, or (perfect
    recall) the information state string."""

    def __init__(self, game: DogGame, perfect_recall: bool) -> None:
        self.table = game.table
        self.perfect_recall = perfect_recall
        steps = game.table.steps
        width = game.table.layout.size + steps.path_rows * steps.size
        width += RECALL_BITS if perfect_recall else 0
        self.tensor: npt.NDArray[np.float32] = np.zeros(width, dtype=np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {"observation": self.tensor}

    def set_from(self, game_state: DogState, player: int) -> None:
        now = game_state.now
        self.tensor.fill(0.0)
        if self.perfect_recall:
            digest = bytes.fromhex(now.recall[player]) if now.recall[player] else bytes(32)
            bits = np.unpackbits(np.frombuffer(digest, dtype=np.uint8))
            self.tensor[-RECALL_BITS:] = bits
        state = now.state
        if state is None:
            return
        seen = tensor(observe(state, player), self.table.layout)
        acting = player == state.to_act and state.phase != Phase.OVER
        path = self.table.steps.path(now.decision if acting else None)
        self.tensor[: len(seen) + len(path)] = np.concatenate([seen, path])

    def string_from(self, game_state: DogState, player: int) -> str:
        now = game_state.now
        text = seen_text(self.table, now, player)
        return f"{text}\nrecall {now.recall[player]}" if self.perfect_recall else text


def register_game(variant: str) -> type[DogGame]:
    """Register the variant called ``variant`` with pyspiel, as :func:`short_name` says, and
    give its game class (importing this module registers every variant registered then; one
    registered later is registered with pyspiel by this call)."""
    title = variant_named(variant).title
    game_class = type(
        f"{title.title().replace(' ', '')}Game",
        (DogGame,),
        {"variant": variant, "__doc__": f"{title} as an OpenSpiel game."},
    )
    pyspiel.register_game(game_type(variant), game_class)
    return game_class


# pyspiel is given classes (a closure registered instead crashes the interpreter at exit).
for _name in implemented():
    register_game(_name)
