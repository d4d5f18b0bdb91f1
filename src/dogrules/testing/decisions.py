"""The decisions at a state: ``apply`` accepts exactly what ``legal_actions`` lists, each
listed action once and each outcome once (another spelling of a listed outcome is accepted
and leads to the same state), and what the listed actions lead to keeps every invariant.

Each check is named after what it protects and raises :class:`InvariantViolation` whose
``invariant`` is that name; the state machines of the test suite and ``dogrules check``
both run them.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence

from dogrules.formats.states import dump, load
from dogrules.model.actions import Action
from dogrules.model.errors import IllegalAction, InvariantViolation, violation
from dogrules.model.events import Event
from dogrules.model.results import Step, Transition
from dogrules.model.state import State
from dogrules.testing.invariants import VariantInvariants, check_state
from dogrules.testing.outcomes import check_outcomes_distinct, played_outcome
from dogrules.variants.facade import Variant

# How many listed actions of each state are applied and checked by default (all of them when
# there are no more), and how many of those also have their variations checked to be refused.
BREADTH = 90
VARIED = 3


def check_legal_actions_listed_once(v: Variant, state: State, actions: Sequence[Action]) -> None:
    """legal_actions is duplicate-free (as actions and as notations)."""
    if len(set(actions)) != len(actions):
        twice = [str(a) for a, n in Counter(actions).items() if n > 1]
        raise violation("legal_actions_listed_once", f"listed more than once: {twice[:10]}")
    notations = Counter(str(a) for a in actions)
    twice = [text for text, n in notations.items() if n > 1]
    if twice:
        raise violation("legal_actions_listed_once", f"notations written twice: {twice[:10]}")


def check_action_notation_round_trip(v: Variant, state: State, actions: Sequence[Action]) -> None:
    """``parse_action(s, str(a)) == a`` for every listed action."""
    for action in actions:
        parsed = v.parse_action(state, str(action))
        if parsed != action:
            raise violation(
                "action_notation_round_trip",
                f"parse_action(s, {str(action)!r}) gives {parsed!r}, listed {action!r}",
            )


def check_no_legal_action_iff_over(state: State, actions: Sequence[Action]) -> None:
    """No legal action exactly when the game is over (and then, only then, it has a winner)."""
    over = state.phase == "over"
    if over != (not actions):
        raise violation(
            "no_legal_action_iff_over",
            f"phase {state.phase!s} with {len(actions)} legal actions",
        )
    if over != bool(state.winner):
        raise violation(
            "no_legal_action_iff_over", f"phase {state.phase!s} with winner {state.winner}"
        )


def check_given_state_unchanged(v: Variant, state: State, dumped: object, action: str) -> None:
    """apply (and explain) leave the state they are given as it was."""
    if dump(state, v) != dumped:
        raise violation("given_state_unchanged", f"the state changed while applying {action}")


# A call the decision checks make on a state: the method of the variant and the action.
Call = tuple[str, Action]
CALLS: dict[str, Callable[[Variant, State, Action], object]] = {
    "apply": lambda v, state, action: v.apply(state, action),
    "explain": lambda v, state, action: v.explain(state, action),
    "is_legal": lambda v, state, action: v.is_legal(state, action),
}


def check_calls_left_state_unchanged(
    v: Variant, state: State, dumped: Mapping[str, object], calls: Sequence[Call]
) -> None:
    """``calls`` (made on ``state``, whose dump before them was ``dumped``) left it as it was:
    one comparison for them all. When the state changed, each call is made again on a fresh
    copy of the state (loaded from ``dumped``), so the violation names the first that
    changes it."""
    if dump(state, v) == dumped:
        return
    for method, action in calls:
        fresh = load(dumped, v)
        with contextlib.suppress(IllegalAction):
            CALLS[method](v, fresh, action)
        if dump(fresh, v) != dumped:
            raise violation(
                "given_state_unchanged", f"the state changed in {method}(state, {action})"
            )
    raise violation(
        "given_state_unchanged",
        f"the state changed while its {len(calls)} decisions were checked",
    )


def check_listed_action_applies(
    v: Variant, state: State, action: Action, extra: VariantInvariants
) -> Transition:
    """A listed action applies, and what it leads to keeps every invariant."""
    try:
        transition = v.apply(state, action)
    except IllegalAction as exc:
        raise violation("listed_action_applies", f"{action} is listed but refused: {exc}") from exc
    if not isinstance(transition.events, tuple) or not all(
        isinstance(e, Event) for e in transition.events
    ):
        raise violation("listed_action_applies", f"{action}: events are not a tuple of Event")
    check_state(v, transition.state, Step(state, action, transition), extra, dump=False)
    return transition


def check_explain_agrees_with_apply(
    v: Variant, state: State, action: Action, transition: Transition
) -> None:
    """explain calls a listed action legal and names the events apply produces."""
    ruling = v.explain(state, action)
    if not ruling.legal or ruling.events != transition.events:
        raise violation(
            "explain_agrees_with_apply",
            f"{action}: explain says legal={ruling.legal}, events {ruling.events}; "
            f"apply gave {transition.events}",
        )


def check_unlisted_action_refused(v: Variant, state: State, action: Action) -> None:
    """An action not among the listed ones is either another spelling of a listed outcome
    (apply and explain accept it, and it leads to the listed spelling's outcome) or refused:
    apply raises IllegalAction naming clauses and leaves the state unchanged, and explain
    calls it illegal."""
    dumped = dump(state, v)
    with _unchanged(v, state, dumped, _unlisted_calls(action)):
        _check_refused(v, state, action)


def _unlisted_calls(action: Action) -> tuple[Call, ...]:
    """The calls :func:`_check_refused` makes on the state with ``action``."""
    return ("is_legal", action), ("apply", action), ("explain", action)


def _check_refused(v: Variant, state: State, action: Action) -> None:
    """:func:`check_unlisted_action_refused` but for the state left unchanged (checked once
    for a batch of actions by the caller)."""
    if v.is_legal(state, action):
        check_another_spelling(v, state, action)
        return
    try:
        v.apply(state, action)
    except IllegalAction as exc:
        if not exc.clauses:
            raise violation(
                "unlisted_action_refused", f"IllegalAction for {action} names no clause: {exc}"
            ) from exc
    else:
        raise violation("unlisted_action_refused", f"{action} is not listed but apply accepts it")
    if v.explain(state, action).legal:
        raise violation("unlisted_action_refused", f"explain calls unlisted {action} legal")


@contextlib.contextmanager
def _unchanged(
    v: Variant, state: State, dumped: Mapping[str, object], calls: list[Call] | tuple[Call, ...]
) -> Iterator[None]:
    """Checks, once the block has made ``calls`` on ``state``, that they left it unchanged;
    also when the block fails, since a changed state may be what made a later check fail
    (then the changed state is reported, naming the call that changed it)."""
    try:
        yield
    except InvariantViolation:
        check_calls_left_state_unchanged(v, state, dumped, calls)
        raise
    check_calls_left_state_unchanged(v, state, dumped, calls)


def check_another_spelling(v: Variant, state: State, action: Action) -> None:
    """A legal action that is not listed spells a listed outcome another way: explain calls
    it legal and some listed action leads to the same outcome."""
    if not v.explain(state, action).legal:
        raise violation("another_spelling_accepted", f"apply accepts {action}, explain does not")
    reached = played_outcome(v, state, action, v.apply(state, action))
    for listed in v.legal_actions(state):
        # Only a play of the same card can share the outcome: others need not be applied.
        if listed.card == action.card and reached == played_outcome(
            v, state, listed, v.apply(state, listed)
        ):
            return
    raise violation(
        "every_outcome_listed", f"{action} is legal, but no listed action has its outcome"
    )


def variations(v: Variant, state: State, action: Action) -> list[Action]:
    """Actions a step away from ``action``: another disc turn (or none), another card, a
    movement dropped or moved one field on, another field or card chosen."""
    out: list[Action] = []
    board = v.board(state.players)
    if action.kind == "play":
        out += [action._replace(turn=t) for t in (None, "cw", "ccw") if t != action.turn]
        out += [action._replace(card=card) for card in _three_other_cards(v, action.card)]
        if action.moves:
            out.append(action._replace(moves=action.moves[:-1]))
            (origin, target), rest = action.moves[0], action.moves[1:]
            if board.is_track(target):
                shifted = ((origin, (target + 1) % board.track), *rest)
                out.append(action._replace(moves=shifted))
    if action.field is not None:
        out.append(action._replace(field=(action.field + 1) % board.track))
    if action.chosen is not None:
        out += [action._replace(chosen=card) for card in _three_other_cards(v, action.chosen)]
    return out


def _three_other_cards(v: Variant, card: str | None) -> list[str]:
    """The first three cards of the deck's kinds other than ``card``."""
    return [other for other, _ in v.deck.counts if other != card][:3]


def check_staged_choices_agree(v: Variant, state: State, limit: int) -> bool:
    """Walking every path of the staged choices (``v.choices``) yields exactly
    ``legal_actions``, each once; False when there are more than ``limit``
    listed actions (nothing checked)."""
    actions = v.legal_actions(state)
    if len(actions) > limit:
        return False
    reached: list[Action] = []
    pending = [v.choices(state)]
    while pending:
        decision = pending.pop()
        if decision.action is not None:
            reached.append(decision.action)
            continue
        if not decision.options and actions:
            raise violation("staged_choices_agree", f"a dead end after {decision.path()!r}")
        pending.extend(decision.choose(option) for option in reversed(decision.options))
    if len(reached) != len(actions) or set(reached) != set(actions):
        missing = [str(a) for a in actions if a not in reached]
        extra = [str(a) for a in reached if a not in actions]
        raise violation(
            "staged_choices_agree",
            f"the staged choices reach {len(reached)} actions, legal_actions lists "
            f"{len(actions)}; missing {missing[:3]}, not listed {extra[:3]}",
        )
    return True


def check_decisions(
    v: Variant, state: State, extra: VariantInvariants, breadth: int = BREADTH
) -> tuple[tuple[Action, ...], dict[Action, Transition]]:
    """apply accepts exactly what legal_actions lists, at ``state``: the list is
    duplicate-free, readable back from its notation, empty only when over, and the actions
    on it apply to states that keep every invariant.

    All listed actions are applied when there are at most BREADTH of them, else a sample of
    BREADTH (seeded by the state, so a run is reproducible); the machine checks the one it
    plays in full anyway. Returns the listed actions and the transitions of those applied."""
    dumped = dump(state, v)
    actions = v.legal_actions(state)
    check_legal_actions_listed_once(v, state, actions)
    check_no_legal_action_iff_over(state, actions)
    sample: Sequence[Action] = actions
    if len(actions) > breadth:
        sample = random.Random(json.dumps(dumped)).sample(actions, breadth)
    check_action_notation_round_trip(v, state, sample)
    # The calls made on the state, for one check at the end that it is unchanged.
    calls: list[Call] = []
    transitions: dict[Action, Transition] = {}
    with _unchanged(v, state, dumped, calls):
        for action in sample:
            calls.append(("apply", action))
            transitions[action] = check_listed_action_applies(v, state, action, extra)
        check_outcomes_distinct(v, state, transitions)
        listed = set(actions)
        for action in sample[:VARIED]:
            for varied in variations(v, state, action):
                if varied not in listed:
                    calls += _unlisted_calls(varied)
                    _check_refused(v, state, varied)
    return actions, transitions
