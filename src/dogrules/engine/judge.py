"""The judge: one verdict on any action, and the three public operations built on it.

``legal_actions`` lists what the phase rule's mechanics offer (each candidate pruned by the
same checks the judge runs), ``apply`` carries out a listed action at once and judges any
other, and ``explain`` gives the judge's refusal or the events the action causes.
"""

from __future__ import annotations

import gc

from dogrules.engine.memo import Listing
from dogrules.engine.ruleset import GameRules
from dogrules.model.actions import Action, shape_fault
from dogrules.model.errors import IllegalAction
from dogrules.model.events import Event
from dogrules.model.results import Refusal, Ruling, Transition
from dogrules.model.state import State


def judge(game: GameRules, state: State, action: object) -> Refusal | None:
    """Why ``action`` is not legal in ``state``, citing the game's own clauses; None when it
    is legal. The latest verdict is kept (``GameRules.memo``): ``apply`` or ``explain`` right
    after ``is_legal`` of the same objects is judged once."""
    action = as_action(action)
    known = game.memo.verdict(state, action)
    if known is not None:
        return known[0]
    verdict = _verdict(game, state, action)
    game.memo.keep_verdict(state, action, verdict)
    return verdict


def _verdict(game: GameRules, state: State, action: Action) -> Refusal | None:
    fault = shape_fault(action, game.board)
    if fault is not None:
        return Refusal(game.cite(("R-C12", "R-K2")), f"not an action of this game: {fault}")
    rule = game.ruleset.phases.get(state.phase)
    if rule is None:
        return Refusal(
            game.cite(("R-C12", "R-K2")), f"{game.ruleset.name} has no {state.phase} phase"
        )
    refusal = rule.check(game, state, action)
    if refusal is None:
        return None
    return Refusal(game.cite(refusal.clauses), refusal.reason)


def legal_actions(game: GameRules, state: State) -> tuple[Action, ...]:
    """Every legal action, each once, in a stable order; empty only when the game is over."""
    return listing(game, state).actions


def listing(game: GameRules, state: State) -> Listing:
    """The listing of ``state``: kept by the game's memo, or listed now and kept.

    Listing a crowded position allocates tens of thousands of small objects that form no
    reference cycle; the cycle collector, triggered by their count alone, would scan them
    (and the whole heap) again and again for nothing. So it is paused while a phase rule
    lists, the one place the engine does so, and runs as usual afterwards."""
    kept = game.memo.listing(state)
    if kept is not None:
        return kept
    rule = game.ruleset.phases.get(state.phase)
    collecting = gc.isenabled()
    gc.disable()
    try:
        actions = () if rule is None else tuple(rule.actions(game, state))
    finally:
        if collecting:
            gc.enable()
    return game.memo.keep_listing(state, actions)


def is_legal(game: GameRules, state: State, action: object) -> bool:
    """Whether the judge accepts ``action`` (an action of a kept listing is accepted at once)."""
    action = as_action(action)
    kept = game.memo.listing(state)
    if kept is not None and kept.holds(action):
        return True
    return judge(game, state, action) is None


def apply(game: GameRules, state: State, action: object) -> Transition:
    """The state after ``action`` and its events, the action carried out once; IllegalAction
    (state untouched) naming the deciding clauses when the judge refuses it. An action of a
    kept listing (every playout's) is legal already; any other is judged first."""
    action = as_action(action)
    kept = game.memo.listing(state)
    if kept is None or not kept.holds(action):
        refusal = judge(game, state, action)
        if refusal is not None:
            raise IllegalAction(
                f"{written(game, state, action)} is not legal here: {refusal.reason} "
                f"[{', '.join(refusal.clauses)}]",
                refusal.clauses,
                (refusal.reason,),
            )
    return carry_out(game, state, action)


def explain(game: GameRules, state: State, action: object) -> Ruling:
    """The judge's verdict on ``action``: the refusal, or the events it would cause; citing,
    for each ruling involved that the game reads by house rules, the reading chosen."""
    action = as_action(action)
    refusal = judge(game, state, action)
    if refusal is not None:
        lines = [f"{written(game, state, action)}: not legal.", f"- {refusal.reason}"]
        return _ruling(game, False, refusal.clauses, (), lines)
    events = carry_out(game, state, action).events
    cited: dict[str, None] = {}
    for event in events:
        cited.update(dict.fromkeys(event.clauses))
    lines = [f"{written(game, state, action)}: legal."]
    lines += [f"- {e.describe()}" for e in events]
    return _ruling(game, True, tuple(cited), events, lines)


def _ruling(
    game: GameRules,
    legal: bool,
    clauses: tuple[str, ...],
    events: tuple[Event, ...],
    lines: list[str],
) -> Ruling:
    """The verdict, its text ending with the house rules' readings of the rulings cited."""
    house_rules = game.house_rules
    readings = tuple(
        (clause, reading)
        for clause in clauses
        if (reading := house_rules.reading(clause)) is not None
    )
    if readings:
        chosen = ", ".join(f"{clause} ({reading})" for clause, reading in readings)
        lines = [*lines, f"- read by house rules: {chosen}"]
    return Ruling(legal, clauses, events, "\n".join(lines), readings)


def as_action(action: object) -> Action:
    """``action``, an Action; TypeError naming the argument otherwise. The judge's entry points
    take any object and ask this first (compiled, an argument typed ``Action`` would be refused
    by mypyc's own check, in its words, before the function began)."""
    # A wrong type is the caller's mistake, not a move of the game: TypeError, as for state.
    if not isinstance(action, Action):
        raise TypeError(f"action must be a dogrules Action, got {type(action).__name__}")
    return action


def written(game: GameRules, state: State, action: object) -> str:
    """An action as its notation for the seat to act (whatever context it was built in)."""
    if not isinstance(action, Action):
        return repr(action)
    return str(action.seen_by(game.notation(state.to_act)))


def carry_out(game: GameRules, state: State, action: Action) -> Transition:
    """Carry out an action the judge accepts, once, recording its events, which cite the
    game's own clauses."""
    return game.ruleset.phases[state.phase].carry_out(game, state, action, True)
