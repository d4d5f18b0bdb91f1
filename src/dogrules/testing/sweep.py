"""The invariant sweep of ``dogrules check --workers``: every invariant of
:mod:`dogrules.testing.checking`, checked at every step of many random games, one game per
seed, so that the games can be shared out among processes and any one replayed alone.

Unlike the Hypothesis run of ``check_all`` nothing is shrunk: the first counterexample is
reported as found, with the game record (:mod:`dogrules.formats.records`) of the actions
that reached it, which ``dogrules replay`` plays back."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from dogrules.formats.replay import record_game
from dogrules.formats.states import JSONValue, dump
from dogrules.model.actions import Action
from dogrules.model.errors import DogRulesError
from dogrules.model.state import Phase
from dogrules.testing.checking import INVARIANTS
from dogrules.testing.decisions import check_given_state_unchanged
from dogrules.testing.invariants import InvariantViolation, Step
from dogrules.variants import variant as get_variant


@attrs.frozen
class Sweep:
    """What to sweep: a variant (by name, so it travels to other processes), the player
    counts (game ``seed`` has ``players[seed % len(players)]`` seats), the most actions
    played per game, and the house rules played by (ruling id, reading name)."""

    variant: str
    players: tuple[int, ...]
    steps: int
    rulings: tuple[tuple[str, str], ...] = ()

    def players_for(self, seed: int) -> int:
        return self.players[seed % len(self.players)]


@attrs.frozen
class Counterexample:
    """An invariant broken in game ``seed`` after ``actions`` (their notations)."""

    invariant: str
    detail: str
    variant: str
    players: int
    seed: int
    teams: bool
    actions: tuple[str, ...]
    rulings: tuple[tuple[str, str], ...] = ()

    def record(self) -> dict[str, JSONValue]:
        """The game record of the actions that reached the broken invariant (with the house
        rules of the sweep)."""
        note = f"invariant {self.invariant} broken: {self.detail}"[:500]
        return record_game(
            self.variant,
            self.players,
            self.seed,
            self.teams,
            self.actions,
            note=note,
            rulings=dict(self.rulings),
        )


def sweep_game(sweep: Sweep, seed: int) -> Counterexample | None:
    """Play game ``seed`` (actions chosen by ``random.Random(seed)``), checking every
    invariant at every step; the first one broken, or None."""
    v = get_variant(sweep.variant, rulings=dict(sweep.rulings))
    players = sweep.players_for(seed)
    state = v.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    trace: list[str] = []
    seen: list[Action] = []
    step: Step | None = None
    name = "apply"
    try:
        for _ in range(sweep.steps):
            actions = v.legal_actions(state)
            for name in INVARIANTS:
                INVARIANTS[name][1](v, state, step, actions, seen)
            if not actions or state.phase == Phase.OVER:
                return None
            name = "given_state_unchanged"
            action = rng.choice(actions)
            before = dump(state, v)
            transition = v.apply(state, action, events=True)
            check_given_state_unchanged(v, state, before, str(action))
            trace.append(str(action))
            seen.append(action)
            step = Step(state, action, transition)
            state = transition.state
    except (DogRulesError, AssertionError, ValueError) as exc:
        invariant = exc.invariant if isinstance(exc, InvariantViolation) else name
        detail = exc.detail if isinstance(exc, InvariantViolation) else repr(exc)
        return Counterexample(
            invariant,
            detail,
            sweep.variant,
            players,
            seed,
            state.teams,
            tuple(trace),
            sweep.rulings,
        )
    return None


def sweep_seeds(sweep: Sweep, seeds: Sequence[int]) -> tuple[int, Counterexample | None]:
    """Sweep the games of ``seeds`` in order, stopping at the first counterexample; how many
    games were played, and the counterexample if any."""
    for played, seed in enumerate(seeds, start=1):
        found = sweep_game(sweep, seed)
        if found is not None:
            return played, found
    return len(seeds), None
