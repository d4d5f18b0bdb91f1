"""Invariant state machines: random legal play, every invariant checked after every step.

Two machines share every rule and every check and differ only in where they start:

* :class:`FromNewGame` starts from ``v.new_game(players, seed)``;
* :class:`FromPosition` starts from a random valid position (``tests/strategies.py``).

Each example plays by a random combination of the readings of the variant's open rulings
(house rules, issue 36: each ruling with alternatives read by its default or an
alternative), so every invariant holds under every reading.

Both are run once per variant of :data:`VARIANT_SPECS`. Adding a variant is one line there:
its player counts, its variant-specific invariants and whether it has a Black Dog.

At every state the machines reach they check the state (``check_state``) and its decisions
(``check_decisions``): the listed actions are applied (all of them, or a sample of BREADTH
when there are more) and each resulting transition and state is checked too, not only the
one the machine goes on with; actions from earlier states and small variations of listed
actions that are not listed must be refused. Each check is a function named after what it
protects, and its assertion message starts with that name in brackets.

How deep the machines go depends on the Hypothesis profile (MACHINE_BUDGETS):

* ``default`` (the everyday suite): each machine runs 5 examples of up to 30 steps;
* ``ci``: 10 examples of up to 60 steps. ``.ci/run`` runs the machines (marked
  ``machine``) once more with it after the README's test command:
  ``HYPOTHESIS_PROFILE=ci python -m pytest -n auto --dist loadgroup -m "machine or deep"``
  (with the tests marked ``deep``, tests/budgets.py);
* ``thorough``: 200 examples of up to 200 steps, applying up to 300 listed actions per
  state (``HYPOTHESIS_PROFILE=thorough python tools/check.py``).

The checks themselves live in :mod:`dogrules.testing.invariants` and
:mod:`dogrules.testing.decisions`, shared with ``dogrules check``.

``test_every_game_ends`` plays whole random games, and the test after it (last in this file)
checks that the longest of them ended well inside the cap.
"""

from __future__ import annotations

import functools
import random
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

import hypothesis
import pytest
from hypothesis import note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    precondition,
    rule,
)

import dogrules
from budgets import DEEP, PROFILE, budget
from dogrules import Action, State, Transition, Variant
from dogrules.testing.decisions import (
    check_decisions,
    check_explain_agrees_with_apply,
    check_given_state_unchanged,
    check_listed_action_applies,
    check_no_legal_action_iff_over,
    check_staged_choices_agree,
    check_unlisted_action_refused,
)
from dogrules.testing.invariants import (
    VariantInvariants,
    check_dump_load_round_trip,
    check_state,
    variant_invariants,
    violation,
)
from dogrules.testing.outcomes import check_every_outcome_listed, spelled_several_ways
from dogrules.variants import forms, implemented
from dogrules.variants.black_dog_part import DOG_PART
from strategies import positions

# How many listed actions of each state reached are applied and checked (all of them when
# there are no more): scales with the Hypothesis profile (90 by default, 300 when thorough).
BREADTH = min(3 * settings().max_examples, 300)
# Positions with at most this many spellings of their card plays (every Partner ordering,
# both disc directions, each colour of a two-colour card) are checked against all of them:
# every outcome reachable is listed once, in its canonical spelling.
SPELLINGS = min(4 * settings().max_examples, 2000)


# ---- the variants ---------------------------------------------------------------------------


@dataclass(frozen=True)
class VariantSpec:
    """What the machines need to know about a variant beyond its public API."""

    players: tuple[int, ...]
    invariants: VariantInvariants
    black_dog: bool = False  # positions place a Black Dog
    team_variant: bool = False  # 4 players may also play the optional team variant


# Adding a variant is one line here (its own invariants live in dogrules.testing).
def spec_of(name: str) -> VariantSpec:
    """What the machines need to know of a registered variant, read from its ruleset."""
    played = forms(name)
    return VariantSpec(
        tuple(sorted({players for players, _ in played})),
        variant_invariants,
        black_dog=dogrules.variant(name).ruleset.part is DOG_PART,
        team_variant=any(teams and (players, False) in played for players, teams in played),
    )


VARIANT_SPECS: dict[str, VariantSpec] = {name: spec_of(name) for name in implemented()}


def house_rules(name: str) -> st.SearchStrategy[dict[str, str]]:
    """A random combination of readings of the open rulings of the variant ``name``: each
    ruling with alternatives read by its default or by one of its alternatives."""
    return st.fixed_dictionaries(
        {
            clause.id: st.sampled_from([reading.name for reading in clause.readings])
            for clause in dogrules.variant(name).clauses
            if clause.readings
        }
    )


# ---- the machines ---------------------------------------------------------------------------

REMEMBERED_STATES = 8  # how many earlier states' legal actions are kept to try again later
RUN_LENGTH = 12  # the most actions one play_random_run step plays
# Event kinds whose coverage the statistics report (pytest --hypothesis-show-statistics).
RARE_EVENTS = frozenset(
    {"reshuffled", "won", "folded", "drew", "disc_turned", "dog_moved", "swapped", "jumped"}
)


class PlayMachine(RuleBasedStateMachine):
    """Plays random legal actions of one variant and checks every invariant at every step."""

    VARIANT: ClassVar[str] = ""

    def __init__(self) -> None:
        super().__init__()
        self.v = dogrules.variant(self.VARIANT)
        self.spec = VARIANT_SPECS[self.VARIANT]
        self.state: State | None = None
        self.legal: dict[str, Action] = {}
        self.transitions: dict[Action, Transition] = {}  # of the listed actions tried
        self.earlier: deque[dict[str, Action]] = deque(maxlen=REMEMBERED_STATES)
        self.played = 0
        self.seen: set[str] = set()  # event kinds of the actions played

    # -- helpers --
    def _play_by(self, data: st.DataObject) -> None:
        """Play by a random combination of readings of the variant's open rulings."""
        rulings = data.draw(house_rules(self.VARIANT), label="house rules")
        self.v = dogrules.variant(self.VARIANT, rulings=rulings)

    def _start(self, state: State) -> None:
        """Check the starting ``state`` and all its decisions, then make it the current one."""
        check_state(self.v, state, None, self.spec.invariants)
        self._arrive(state)

    def _arrive(self, state: State) -> None:
        """Check all the decisions of ``state`` (checked itself already), then make it the
        current state."""
        if self.state is not None and self.legal:
            self.earlier.append(self.legal)
        actions, self.transitions = check_decisions(
            self.v, state, self.spec.invariants, breadth=BREADTH
        )
        if any(spelled_several_ways(self.v, action) for action in actions):
            check_every_outcome_listed(self.v, state, SPELLINGS)
        check_staged_choices_agree(self.v, state, SPELLINGS)
        self.legal = {str(a): a for a in actions}
        self.state = state

    def _current(self) -> State:
        assert self.state is not None
        return self.state

    def _play(self, action: Action) -> None:
        state = self._current()
        dumped = dogrules.dump(state, self.v)
        checked = self.transitions.get(action)
        # Either way the state reached is checked with the step (check_state, but for the
        # dump/load round trip, checked here): once is enough for pure checks.
        if checked is None:  # not among the listed actions check_decisions applied
            transition = check_listed_action_applies(self.v, state, action, self.spec.invariants)
        else:  # its transition and the state reached checked there
            transition = self.v.apply(state, action)
            if transition != checked:
                raise violation("apply_is_deterministic", f"{action} gave two transitions")
        check_explain_agrees_with_apply(self.v, state, action, transition)
        check_given_state_unchanged(self.v, state, dumped, str(action))
        check_dump_load_round_trip(self.v, transition.state)
        self.played += 1
        self.seen.update(e.kind for e in transition.events)
        self._arrive(transition.state)

    def _foreign(self) -> list[Action]:
        """Actions listed in earlier states but not legal now."""
        legal = set(self.legal.values())
        seen: dict[Action, None] = {}
        for actions in self.earlier:
            for action in actions.values():
                if action not in legal:
                    seen.setdefault(action, None)
        return list(seen)

    def _grouped(self) -> dict[str, list[str]]:
        """The legal actions by card played (or kind of decision), so each card is as likely
        to be chosen as any other however many ways it can be played."""
        groups: dict[str, list[str]] = {}
        for text, action in self.legal.items():
            groups.setdefault(action.card or action.kind, []).append(text)
        return groups

    def _not_over(self) -> bool:
        return self.state is not None and self.state.phase != "over"

    # -- rules --
    @precondition(lambda self: self._not_over())
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """Play one legal action: a card (or decision kind) first, then one way to play it."""
        groups = self._grouped()
        group = data.draw(st.sampled_from(sorted(groups)), label="card")
        text = data.draw(st.sampled_from(groups[group]), label="action")
        self._play(self.legal[text])

    @precondition(lambda self: self._not_over())
    @rule(seed=st.integers(0, 2**32 - 1), count=st.integers(1, RUN_LENGTH))
    def play_random_run(self, seed: int, count: int) -> None:
        """Play up to ``count`` actions chosen by a seeded generator (to reach deeper into a
        game within the step budget), checking everything after each; between them, try an
        action from an earlier state that is not legal now."""
        rng = random.Random(seed)
        for _ in range(count):
            if not self._not_over():
                return
            groups = self._grouped()
            text = rng.choice(groups[rng.choice(sorted(groups))])
            note(f"run plays {text}")
            self._play(self.legal[text])
            foreign = self._foreign()
            if foreign:
                check_unlisted_action_refused(self.v, self._current(), rng.choice(foreign))

    @precondition(lambda self: bool(self.earlier))
    @rule(data=st.data())
    def try_unlisted_action(self, data: st.DataObject) -> None:
        """An action remembered from an earlier state, not legal now, is refused."""
        foreign = self._foreign()
        if self.state is None or not foreign:
            return
        action = data.draw(st.sampled_from(foreign), label="unlisted action")
        note(f"unlisted action: {action}")
        check_unlisted_action_refused(self.v, self.state, action)

    def teardown(self) -> None:
        if self.state is not None:
            note(f"{self.played} actions played; phase {self.state.phase!s}")
            bucket = next(b for b in (0, 10, 50, 100, 200, 10**9) if self.played <= b)
            hypothesis.event(f"actions played <= {bucket}")
            rounds = min(self.state.round, 5)
            hypothesis.event(f"ends in phase {self.state.phase!s}, round {rounds}+")
            for kind in sorted(self.seen & RARE_EVENTS):
                hypothesis.event(f"saw {kind}")


class FromNewGame(PlayMachine):
    """Starts from ``v.new_game(players, seed)``."""

    @initialize(data=st.data())
    def new_game(self, data: st.DataObject) -> None:
        self._play_by(data)
        players = data.draw(st.sampled_from(self.spec.players), label="players")
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
        # The DOG Kids team variant is a game of its own (4 players only).
        teams = self.spec.team_variant and players == 4 and data.draw(st.booleans(), label="teams")
        state = self.v.new_game(players=players, seed=seed, teams=teams or None)
        again = self.v.new_game(players=players, seed=seed, teams=teams or None)
        if again != state:
            raise violation("same_seed_same_game", f"new_game({players}, {seed}) differs twice")
        self._start(state)


class FromPosition(PlayMachine):
    """Starts from a random valid position built with ``v.position(...)``."""

    @initialize(data=st.data())
    def position(self, data: st.DataObject) -> None:
        self._play_by(data)
        drawn = data.draw(
            positions(self.VARIANT, self.spec.players, self.spec.black_dog), label="position"
        )
        if drawn.state.phase != "play":
            raise violation("position_phase", f"a built position is in phase {drawn.state.phase!s}")
        self._start(drawn.state)


@functools.cache
def machine_for(base: type[PlayMachine], variant_name: str) -> type[PlayMachine]:
    """``base`` playing ``variant_name`` (a subclass, so Hypothesis prints which)."""
    name = f"{base.__name__}_{variant_name.replace('-', '_')}"
    return type(name, (base,), {"VARIANT": variant_name})


# How many examples each machine runs, of how many steps, by Hypothesis profile. The
# machines are the suite's heaviest tests (each example plays up to that many steps, a step
# up to RUN_LENGTH actions, and checks every decision of every state it reaches):
# - default (the everyday suite, issue 12's budget of 60 s on 2 cores): 5 examples of up to
#   30 steps, 5 random games or positions a machine, 250 to 400 states, every check at every
#   one (a smoke run: the deep run is ci's);
# - ci (.ci/run runs the machines again with it, after the README's test command, `-m
#   machine`): 10 examples of up to 60 steps, four times the default's steps;
# - thorough (or any other profile): the profile's own max_examples and stateful_step_count
#   (200 of up to 200 steps).
# test_every_game_ends plays whole games to their end under every profile.
MACHINE_BUDGETS = {"default": (5, 30), "ci": (10, 60)}
MACHINE_EXAMPLES, MACHINE_STEPS = MACHINE_BUDGETS.get(
    PROFILE, (settings().max_examples, settings().stateful_step_count)
)

# The state machines are slow: first in the run, so pytest-xdist spreads them at once.
pytestmark = pytest.mark.slow

# One unittest TestCase per machine and variant (TestFromNewGame_black_dog, ...), run with the
# loaded Hypothesis profile, MACHINE_EXAMPLES examples of up to MACHINE_STEPS steps.
for _variant_name in VARIANT_SPECS:
    for _base in (FromNewGame, FromPosition):
        _machine = machine_for(_base, _variant_name)
        # The mark decorator, not an attribute store: Hypothesis's TestCase type declares no
        # pytestmark, and pytest reads the marks the decorator records on the class.
        _case = pytest.mark.machine(_machine.TestCase)
        _case.settings = settings(max_examples=MACHINE_EXAMPLES, stateful_step_count=MACHINE_STEPS)
        globals()[f"Test{_machine.__name__}"] = _case
del _variant_name, _base, _machine, _case


@pytest.mark.parametrize("variant_name", list(VARIANT_SPECS))
def test_variant_spec_player_counts(variant_name: str) -> None:
    """The player counts listed for a variant are those its board accepts."""
    v = dogrules.variant(variant_name)
    accepted = []
    for players in range(1, 9):
        try:
            v.board(players)
        except (ValueError, dogrules.InvalidPosition):
            continue
        accepted.append(players)
    assert tuple(accepted) == VARIANT_SPECS[variant_name].players


# ---- every game ends ------------------------------------------------------------------------

GAME_CAP = 20_000  # actions; a game still running after this many is taken not to end
# Games per variant and player count: 3 a day, 5 under the ci profile (.ci/run, marked deep),
# more when thorough.
GAME_SEEDS = budget(3, max(4, settings().max_examples // 6))
LONGEST: dict[str, tuple[int, str]] = {}  # variant -> (actions, which game)


def _cases() -> Iterable[tuple[str, int]]:
    for name, spec in VARIANT_SPECS.items():
        for players in spec.players:
            yield name, players


def play_to_the_end(v: Variant, players: int, seed: int) -> tuple[int, State]:
    """Play random legal actions from ``new_game(players, seed)`` until the game is over or
    the cap is reached; even seeds pick uniformly among actions, odd seeds a card first."""
    rng = random.Random(f"game:{seed}")
    state = v.new_game(players=players, seed=seed)
    for played in range(GAME_CAP):
        actions = v.legal_actions(state)
        check_no_legal_action_iff_over(state, actions)
        if not actions:
            return played, state
        if seed % 2:
            groups: dict[str, list[Action]] = {}
            for action in actions:
                groups.setdefault(action.card or action.kind, []).append(action)
            action = rng.choice(groups[rng.choice(sorted(groups))])
        else:
            action = rng.choice(actions)
        state = v.apply(state, action).state
    return GAME_CAP, state


# The test of the longest game reads what test_every_game_ends saw in this process: under
# pytest-xdist (tools/check.py: --dist loadgroup) they share a worker.
EVERY_GAME_ENDS = pytest.mark.xdist_group("every_game_ends")


@EVERY_GAME_ENDS
@DEEP
@pytest.mark.parametrize(("variant_name", "players"), list(_cases()))
def test_every_game_ends(variant_name: str, players: int) -> None:
    v = dogrules.variant(variant_name)
    for seed in range(GAME_SEEDS):
        played, state = play_to_the_end(v, players, seed)
        assert state.phase == "over", (
            f"[every_game_ends] {variant_name}, {players} players, seed {seed}: still "
            f"{state.phase!s} after {GAME_CAP} actions (round {state.round})"
        )
        game = f"{players} players, seed {seed}, round {state.round}, winner {state.winner}"
        if played > LONGEST.get(variant_name, (0, ""))[0]:
            LONGEST[variant_name] = (played, game)


@EVERY_GAME_ENDS
@DEEP
def test_the_longest_game_ends_well_inside_the_cap() -> None:
    """The games test_every_game_ends played (run after it: last in file) ended in at most
    half of GAME_CAP, so a game the cap cuts off is one that does not end, not one that is
    merely long (the longest were some 2,200 actions of Black DOG, 1,600 of Agent DOG)."""
    if not LONGEST:
        pytest.skip("test_every_game_ends did not run")
    long = [
        f"{name}: {played} actions ({game})"
        for name, (played, game) in sorted(LONGEST.items())
        if played > GAME_CAP // 2
    ]
    assert long == [], f"[every_game_ends] games near the cap of {GAME_CAP} actions: {long}"
