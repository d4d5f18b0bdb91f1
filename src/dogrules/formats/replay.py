"""Making and replaying game records (:mod:`dogrules.formats.records`) with the installed
rules: :func:`record_game` plays actions into a new record, :func:`replay` plays a record
step by step, :func:`verify` compares a golden record with what the engine does now.

Steps are numbered from 1 in messages; every error is a
:class:`~dogrules.formats.records.RecordError` naming the file and the step."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence

from dogrules.data.version import __version__
from dogrules.formats.records import Check, Record, RecordError, fingerprint, state_digest
from dogrules.formats.states import JSONValue
from dogrules.model.actions import Action, format_action
from dogrules.model.errors import IllegalAction
from dogrules.model.house_rules import HouseRules
from dogrules.model.results import Transition
from dogrules.model.state import State
from dogrules.variants import variant as get_variant
from dogrules.variants.facade import Variant

__all__ = ["final_state", "record_game", "replay", "verify"]


# --- making records ------------------------------------------------------------------------


def record_game(
    variant: str,
    players: int,
    seed: int,
    teams: bool | None = None,
    actions: Iterable[str | Action] = (),
    *,
    steps: bool = False,
    note: str | None = None,
    rulings: Mapping[str, str] | HouseRules | None = None,
) -> dict[str, JSONValue]:
    """The record (JSON data) of the game ``new_game(players, seed, teams)`` with ``actions``
    (notations or Action objects) played in order, by the house ``rulings`` (ruling id ->
    reading name; None or empty: the reference readings), which the record carries.

    The actions are replayed on the way: RecordError names the first step that does not
    parse, is not legal, or whose notation does not read back as the same action. With
    ``steps`` the record also holds every step's legal action count and state digest and
    the final state's (a golden playthrough).
    """
    try:
        game = get_variant(variant, rulings=rulings)
        state = game.new_game(players=players, seed=seed, teams=teams)
    except ValueError as exc:
        raise RecordError(f"record: header: {exc}") from None
    texts: list[str] = []
    checks: list[Check] = []
    for number, item in enumerate(actions, start=1):
        if isinstance(item, Action):
            text = format_action(game.game(players).notation(state.to_act), item)
            expected: Action | None = item
        else:
            text, expected = item, None
        legal = game.legal_actions(state)
        if steps:
            checks.append(Check(len(legal), state_digest(state)))
        action = _read_action(game, state, text, number, "record")
        if expected is not None and action != expected:
            raise RecordError(
                f"record: step {number}: the action {expected!r} is written {text!r}, "
                f"which reads back as {action!r}",
                step=number,
            )
        state = _apply(game, state, action, text, number, "record").state
        texts.append(text)
    record = Record(
        variant=variant,
        players=players,
        teams=state.teams,
        seed=seed,
        fingerprint=fingerprint(variant),
        library=__version__,
        actions=tuple(texts),
        steps=tuple(checks) if steps else None,
        final=Check(len(game.legal_actions(state)), state_digest(state)) if steps else None,
        note=note,
        rulings=game.house_rules.choices,
    )
    return record.to_json()


# --- replaying -----------------------------------------------------------------------------


def replay(
    record: Record | Mapping[str, object],
) -> Iterator[tuple[int, State, Action, Transition]]:
    """Play the record from ``new_game(players, seed, teams)``: yields (step number from 1,
    state before, action, transition) for every action.

    RecordError if the record was made with another board or deck (fingerprint), if the
    header does not start a game, or at the first action that cannot be read or is not
    legal (naming the step, its notation and the clauses that forbid it).
    """
    rec = _as_record(record)
    game, state = _start(rec)
    for number, text in enumerate(rec.actions, start=1):
        action = _read_action(game, state, text, number, rec.source)
        transition = _apply(game, state, action, text, number, rec.source)
        yield number, state, action, transition
        state = transition.state


def final_state(record: Record | Mapping[str, object]) -> State:
    """The state after the record's last action (the start when it has none)."""
    rec = _as_record(record)
    state = _start(rec)[1]
    for _, _, _, transition in replay(rec):
        state = transition.state
    return state


def verify(record: Record | Mapping[str, object]) -> State:
    """Replay a golden record, comparing every step with what it recorded; the final state.

    RecordError at the first difference, naming the step: ``digest differs`` (the state
    before the step is not the recorded one: the previous action now has another effect),
    ``legal count differs``, an action that is no longer legal, or a difference of the state
    after the last action. A record without ``steps`` and ``final`` is only replayed.
    """
    rec = _as_record(record)
    game, state = _start(rec)
    previous = ""
    for number, text in enumerate(rec.actions, start=1):
        if rec.steps is not None:
            check = rec.steps[number - 1]
            _compare(game.legal_actions(state), state, check, rec.source, number, previous)
        action = _read_action(game, state, text, number, rec.source)
        state = _apply(game, state, action, text, number, rec.source).state
        previous = f"step {number} ({text!r})"
    if rec.final is not None:
        last = len(rec.actions)
        _compare(game.legal_actions(state), state, rec.final, rec.source, last, previous, True)
    return state


def _as_record(record: Record | Mapping[str, object]) -> Record:
    return record if isinstance(record, Record) else Record.from_json(record)


def _start(rec: Record) -> tuple[Variant, State]:
    installed = fingerprint(rec.variant)
    if rec.fingerprint != installed:
        raise RecordError(
            f"{rec.source}: record made with a different board/deck: fingerprint "
            f"{rec.fingerprint}, installed {installed}"
        )
    try:
        game = get_variant(rec.variant, rulings=dict(rec.rulings))
        return game, game.new_game(players=rec.players, seed=rec.seed, teams=rec.teams)
    except ValueError as exc:
        raise RecordError(f"{rec.source}: header: {exc}") from None


def _compare(
    legal: Sequence[Action],
    state: State,
    check: Check,
    where: str,
    number: int,
    previous: str,
    final: bool = False,
) -> None:
    place = f"after the last action (step {number})" if final else f"step {number}"
    digest = state_digest(state)
    if digest != check.digest:
        cause = f"{previous} now has another effect" if previous else "the game starts differently"
        raise RecordError(
            f"{where}: {place}: digest differs (recorded {check.digest[:16]}..., now "
            f"{digest[:16]}...): the state {'after' if final else 'before'} it is not the "
            f"recorded one; {cause}",
            step=number,
        )
    if len(legal) != check.legal:
        raise RecordError(
            f"{where}: {place}: legal count differs (recorded {check.legal}, now {len(legal)})",
            step=number,
        )


def _read_action(game: Variant, state: State, text: str, number: int, where: str) -> Action:
    try:
        return game.parse_action(state, text)
    except ValueError as exc:
        raise RecordError(
            f"{where}: step {number} ({text!r}): cannot read the action: {exc}", step=number
        ) from None


def _apply(
    game: Variant, state: State, action: Action, text: str, number: int, where: str
) -> Transition:
    if state.phase == "over":
        raise RecordError(
            f"{where}: step {number} ({text!r}) is not legal: the game is already over "
            f"(winner {list(state.winner)})",
            step=number,
        )
    try:
        return game.apply(state, action)
    except IllegalAction as exc:
        reasons = "; ".join(exc.reasons) or str(exc)
        raise RecordError(
            f"{where}: step {number} ({text!r}) is not legal: {reasons} "
            f"[clauses: {', '.join(exc.clauses)}]",
            step=number,
            clauses=exc.clauses,
        ) from None
