"""``dogrules check``: the invariants run against the installed engine, one at a time, on
random games Hypothesis explores and, on failure, shrinks to a small counterexample."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from dogrules.model.extras import missing_extra

try:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra("check", "dogrules.testing.checking", exc) from exc

from dogrules.formats.states import dump
from dogrules.geometry.board import Board
from dogrules.model.actions import Action, ActionKind
from dogrules.model.errors import DogRulesError
from dogrules.model.results import Transition
from dogrules.model.state import State
from dogrules.testing.decisions import (
    check_action_notation_round_trip,
    check_given_state_unchanged,
    check_legal_actions_listed_once,
    check_no_legal_action_iff_over,
    check_staged_choices_agree,
    check_unlisted_action_refused,
)
from dogrules.testing.invariants import (
    InvariantViolation,
    Step,
    check_cards_conserved,
    check_dump_load_round_trip,
    check_one_piece_per_field,
    check_piece_counts_conserved,
    check_pieces_stand_on_own_fields,
    check_protected_start_pieces_never_passed_or_captured,
    variant_invariants,
)
from dogrules.testing.outcomes import (
    check_every_outcome_listed,
    check_outcomes_distinct,
    spelled_several_ways,
)
from dogrules.variants.facade import Variant

# Positions with at most this many spellings of their card plays (or listed actions, for
# the staged choices) are checked against all of them.
SPELLINGS = 150

# What one invariant check looks at: the variant, the state reached, the step that reached
# it (None at the start), the legal actions there and actions seen at earlier states.
Check = Callable[[Variant, State, Step | None, tuple[Action, ...], Sequence[Action]], None]


def _state(check: Callable[[Variant, State], None]) -> Check:
    return lambda v, state, step, actions, seen: check(v, state)


def _step(check: Callable[[Variant, Step], None]) -> Check:
    return lambda v, state, step, actions, seen: None if step is None else check(v, step)


def _counts(
    v: Variant, state: State, step: Step | None, actions: tuple[Action, ...], seen: Sequence[Action]
) -> None:
    check_piece_counts_conserved(v, state, None if step is None else step.before)


def _listed(
    v: Variant, state: State, step: Step | None, actions: tuple[Action, ...], seen: Sequence[Action]
) -> None:
    check_legal_actions_listed_once(v, state, actions)
    check_action_notation_round_trip(v, state, actions[:200])


def _over(
    v: Variant, state: State, step: Step | None, actions: tuple[Action, ...], seen: Sequence[Action]
) -> None:
    check_no_legal_action_iff_over(state, actions)


def _refused(
    v: Variant, state: State, step: Step | None, actions: tuple[Action, ...], seen: Sequence[Action]
) -> None:
    listed = set(actions)
    for action in seen[-12:]:
        if action not in listed:
            check_unlisted_action_refused(v, state, action)


def _distinct(
    v: Variant, state: State, step: Step | None, actions: tuple[Action, ...], seen: Sequence[Action]
) -> None:
    plays = [action for action in actions if action.kind == ActionKind.PLAY][:200]
    check_outcomes_distinct(v, state, {action: v.apply(state, action) for action in plays})
    if any(spelled_several_ways(v, action) for action in plays):
        check_every_outcome_listed(v, state, SPELLINGS)


def _staged(
    v: Variant, state: State, step: Step | None, actions: tuple[Action, ...], seen: Sequence[Action]
) -> None:
    check_staged_choices_agree(v, state, SPELLINGS)


def _variant_specific(
    v: Variant, state: State, step: Step | None, actions: tuple[Action, ...], seen: Sequence[Action]
) -> None:
    variant_invariants(v, state, step)


INVARIANTS: dict[str, tuple[str, Check]] = {
    "one_piece_per_field": (
        "no two pieces (nor the Black Dog) share a field",
        _state(check_one_piece_per_field),
    ),
    "pieces_stand_on_own_fields": (
        "every piece is home, on the track or in its own finish",
        _state(check_pieces_stand_on_own_fields),
    ),
    "piece_counts_conserved": ("every seat keeps all its pieces", _counts),
    "cards_conserved": (
        "every card is in exactly one of deck, discard, hands, exchange",
        _state(check_cards_conserved),
    ),
    "dump_load_round_trip": ("load(dump(s)) == s", _state(check_dump_load_round_trip)),
    "protected_start_pieces": (
        "a piece on its own start field is never passed or captured",
        _step(check_protected_start_pieces_never_passed_or_captured),
    ),
    "legal_actions_listed_once": (
        "legal actions are listed once and read back from notation",
        _listed,
    ),
    "no_legal_action_iff_over": ("no legal action exactly when the game is over", _over),
    "listed_outcomes_distinct": (
        "each outcome of a card play is listed once, in its canonical spelling",
        _distinct,
    ),
    "staged_choices_agree": ("the staged choices lead to exactly the legal actions", _staged),
    "unlisted_action_refused": ("apply refuses, naming clauses, what is not listed", _refused),
    "variant_invariants": (
        "the variant's own invariants (Black Dog, face-down pieces, hands)",
        _variant_specific,
    ),
}


@attrs.frozen
class Outcome:
    """One invariant's result: held in every example, or the smallest counterexample found."""

    invariant: str
    description: str
    passed: bool
    counterexample: str = ""


def house_rules_of(v: Variant) -> st.SearchStrategy[Variant]:
    """``v`` played by a random combination of readings of its open rulings (each read by
    its default or one of its alternatives, the defaults first when shrinking); ``v`` itself
    when it has house rules already (a table that chose its readings is checked by them)."""
    if v.house_rules:
        return st.just(v)
    choices = {
        clause.id: st.sampled_from([reading.name for reading in clause.readings])
        for clause in v.clauses
        if clause.readings
    }
    return st.fixed_dictionaries(choices).map(v.with_house_rules)


def check_invariant(
    v: Variant, name: str, examples: int, steps: int, players: Sequence[int]
) -> Outcome:
    """Run invariant ``name`` on ``examples`` random games of at most ``steps`` actions, each
    by a random combination of readings of the open rulings (:func:`house_rules_of`)."""
    description, check = INVARIANTS[name]

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    @given(
        ruled=house_rules_of(v),
        seat_count=st.sampled_from(list(players)),
        seed=st.integers(0, 2**31),
        data=st.data(),
    )
    def explore(ruled: Variant, seat_count: int, seed: int, data: st.DataObject) -> None:
        v = ruled
        state = v.new_game(players=seat_count, seed=seed)
        trace: list[str] = []
        seen: list[Action] = []
        step: Step | None = None
        try:
            for _ in range(steps):
                actions = v.legal_actions(state)
                check(v, state, step, actions, seen)
                if not actions:
                    return
                action = actions[data.draw(st.integers(0, len(actions) - 1))]
                before = dump(state, v)
                transition: Transition = v.apply(state, action, events=True)
                check_given_state_unchanged(v, state, before, str(action))
                trace.append(str(action))
                seen.append(action)
                step = Step(state, action, transition)
                state = transition.state
        except (DogRulesError, AssertionError, ValueError) as exc:
            detail = exc.detail if isinstance(exc, InvariantViolation) else repr(exc)
            raise InvariantViolation(
                name,
                f"{detail}\n    game: new_game(players={seat_count}, seed={seed}) by "
                f"{v.house_rules}; actions: {trace}",
            ) from exc

    try:
        explore()
    except InvariantViolation as exc:
        return Outcome(name, description, False, str(exc))
    return Outcome(name, description, True)


def check_all(
    v: Variant, examples: int, steps: int, players: Sequence[int] | None = None
) -> list[Outcome]:
    """Every invariant, each on its own run."""
    counts = players or playable_counts(v)
    return [check_invariant(v, name, examples, steps, counts) for name in INVARIANTS]


def playable_counts(v: Variant) -> list[int]:
    """The player counts (2, 3, 4) the variant has a board for."""
    return [p for p in (2, 3, 4) if _playable(v, p)]


def _playable(v: Variant, players: int) -> bool:
    try:
        board: Board = v.board(players)
    except ValueError:
        return False
    return board.players == players
