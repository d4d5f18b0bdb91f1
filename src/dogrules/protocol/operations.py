"""The operations of the protocol, one function each: a request (already checked against its
schema) in, the answer's fields out. Each is pure but for the session store it is handed;
errors are raised (the library's own, or :class:`ProtocolError`) and answered by the
dispatcher."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, cast

import attrs

from dogrules.data.version import __version__
from dogrules.formats.records import state_digest
from dogrules.formats.states import dump, load
from dogrules.formats.validation import validate as validate_data
from dogrules.geometry.board import sides
from dogrules.model.actions import Action
from dogrules.model.errors import ChoiceError, DogRulesError, InvalidPosition
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import State
from dogrules.protocol.errors import ErrorCode, ProtocolError
from dogrules.protocol.schemas import OPERATIONS
from dogrules.protocol.sessions import Sessions
from dogrules.protocol.shapes import (
    action_json,
    clause_json,
    event_json,
    option_json,
    read_action,
    reading_verdict_json,
)
from dogrules.render import svg, text_board
from dogrules.variants import forms, implemented
from dogrules.variants import variant as get_variant
from dogrules.variants.facade import Variant

__all__ = ["HANDLERS", "PROTOCOL", "PROTOCOL_VERSION", "Bots", "Context", "Request"]

PROTOCOL = "dogrules"
PROTOCOL_VERSION = 1
"""The protocol's version: raised when a request or answer changes incompatibly."""

MAX_REQUEST_BYTES = 1 << 20
"""The longest request (a line on stdio, a body over HTTP) a server reads by default; a
state is a few kilobytes, a long record a few hundred."""

Request = Mapping[str, JSONValue]
Answer = dict[str, JSONValue]
# What the library may raise on input that its caller got wrong: all of it is bad input.
BAD_INPUT = (DogRulesError, ValueError, TypeError, KeyError, IndexError)


class Bots(Protocol):
    """The bots a server offers to the ``bot`` operation (``dogrules serve`` offers the
    built-in ones and the installed plug-ins: :class:`dogrules.app.server_bots.ServerBots`)."""

    def names(self) -> tuple[str, ...]:
        """The bots' names, the default one first."""
        ...

    def choose(self, name: str, seed: int, variant: Variant, state: State) -> Action:
        """The action bot ``name`` (a name of :meth:`names`) seeded with ``seed`` chooses for
        the seat to act in ``state``, seeing only what that seat may see."""
        ...


@attrs.frozen
class Context:
    """What a server's operations share: its session store, its limits, its bots (none: the
    ``bot`` operation is refused) and the house rules it plays each variant by when a
    request names none (variant name -> ruling id -> reading name; a variant not named: the
    reference readings)."""

    sessions: Sessions = attrs.field(factory=Sessions)
    max_request_bytes: int = MAX_REQUEST_BYTES
    bots: Bots | None = None
    house_rules: Mapping[str, Mapping[str, str]] = attrs.field(factory=dict)


def hello(request: Request, context: Context) -> Answer:
    wanted = request.get("protocol")
    if wanted is not None and wanted != PROTOCOL_VERSION:
        raise ProtocolError(
            ErrorCode.UNSUPPORTED_VERSION,
            f"protocol {wanted} is not spoken here; this server speaks {PROTOCOL_VERSION}",
        )
    variants: list[JSONValue] = []
    for name in implemented():
        found = get_variant(name)
        shapes: list[JSONValue] = [
            {"players": p, "teams": t, "sides": [list(side) for side in sides(p, t)]}
            for p, t in forms(name)
        ]
        played = get_variant(name, rulings=context.house_rules.get(name)).house_rules
        rulings: list[JSONValue] = [
            {
                "id": clause.id,
                "readings": [reading.name for reading in clause.readings],
                "played": played.reading(clause.id) or clause.reading,
            }
            for clause in found.clauses
            if clause.readings
        ]
        variants.append({"name": name, "title": found.title, "forms": shapes, "rulings": rulings})
    operations: list[JSONValue] = list(OPERATIONS)
    limits: dict[str, JSONValue] = {
        "max_request_bytes": context.max_request_bytes,
        "max_sessions": context.sessions.limit,
    }
    return {**_identity(), "variants": variants, "operations": operations, "limits": limits}


def version(request: Request, context: Context) -> Answer:
    return _identity()


def _identity() -> Answer:
    return {
        "protocol": PROTOCOL,
        "version": PROTOCOL_VERSION,
        "engine": "dogrules",
        "engine_version": __version__,
    }


def new_game(request: Request, context: Context) -> Answer:
    variant = ruled_variant(str(request["variant"]), request, context)
    teams = request.get("teams")
    try:
        state = variant.new_game(
            players=_int(request.get("players", 4)),
            seed=_int(request.get("seed", 0)),
            teams=None if teams is None else bool(teams),
        )
    except ValueError as exc:
        raise ProtocolError(ErrorCode.INVALID_REQUEST, str(exc)) from None
    return _kept(request, context, state, variant)


def position(request: Request, context: Context) -> Answer:
    if "state" in request:
        state = load(_object(request["state"]))
        return _kept(request, context, state, ruled_variant(state.variant, request, context))
    variant = ruled_variant(str(request["variant"]), request, context)
    black_dog, last_played = request.get("black_dog"), request.get("last_played")
    dealer, teams = request.get("dealer"), request.get("teams")
    try:
        state = variant.position(
            players=_int(request["players"]),
            pieces=_seat_lists(request["pieces"]),
            hands=_seat_lists(request.get("hands", {})),
            to_act=_int(request.get("to_act", 0)),
            black_dog=None if black_dog is None else str(black_dog),
            last_played=None if last_played is None else str(last_played),
            teams=None if teams is None else bool(teams),
            dealer=None if dealer is None else _int(dealer),
            seed=_int(request.get("seed", 0)),
        )
    except InvalidPosition:
        raise
    except BAD_INPUT as exc:
        raise InvalidPosition(f"position: {exc}") from None
    return _kept(request, context, state, variant)


def legal_actions(request: Request, context: Context) -> Answer:
    state, variant, _session = _given(request, context)
    notation = variant.game(state.players).notation(state.to_act)
    listed = variant.legal_actions(state)
    actions: list[JSONValue] = [action_json(action, notation) for action in listed]
    answer: Answer = {"actions": actions, "to_act": state.to_act, "phase": state.phase.value}
    if request.get("outcomes") is True:
        reached = (variant.apply(state, action).state for action in listed)
        answer["outcomes"] = [state_digest(after) for after in reached]
    return answer


def choices(request: Request, context: Context) -> Answer:
    state, variant, _session = _given(request, context)
    decision = variant.choices(state)
    for step in cast(list[str | int], request.get("path", [])):
        if isinstance(step, int):
            matching = [o for o in decision.options if o.value == step]
            if not matching:
                labels = tuple(o.label for o in decision.options)
                raise ChoiceError(
                    f"no option of the {decision.kind} step has the value {step}",
                    decision.kind,
                    labels,
                )
            decision = decision.choose(matching[0])
        else:
            decision = decision.choose(step)
    notation = variant.game(state.players).notation(state.to_act)
    options: list[JSONValue] = [option_json(option) for option in decision.options]
    path: list[JSONValue] = [option.label for option in decision.chosen]
    return {
        "step": str(decision.kind),
        "options": options,
        "path": path,
        "remaining": len(decision.actions),
        "action": None if decision.action is None else action_json(decision.action, notation),
    }


def apply(request: Request, context: Context) -> Answer:
    state, variant, session = _given(request, context)
    action = read_action(variant, state, _action(request))
    seat = request.get("seat")
    if seat is not None:
        _check_seat(state, seat)
    transition = variant.apply(state, action, events=True)
    events = transition.events
    if seat is not None:
        events = variant.observe_events(state, events, _int(seat))
    if session is not None:
        context.sessions.store(session, transition.state)
    notation = variant.game(state.players).notation(state.to_act)
    return {
        "action": action_json(action, notation),
        "events": [event_json(event) for event in events],
        **_state_fields(transition.state, session),
    }


def explain(request: Request, context: Context) -> Answer:
    state, variant, _session = _given(request, context)
    action = read_action(variant, state, _action(request))
    ruling = variant.explain(state, action)
    index = {clause.id: clause for clause in variant.clauses}
    notation = variant.game(state.players).notation(state.to_act)
    answer: Answer = {
        "action": action_json(action, notation),
        "legal": ruling.legal,
        "clauses": list(ruling.clauses),
        "cited": [clause_json(index[c]) for c in ruling.clauses if c in index],
        "events": [event_json(event) for event in ruling.events],
        "text": ruling.text,
    }
    if ruling.readings:
        answer["readings"] = dict(ruling.readings)
    if request.get("compare") is True:
        compared = variant.compare(state, action)
        answer["compare"] = [reading_verdict_json(found) for found in compared]
    return answer


def bot(request: Request, context: Context) -> Answer:
    state, variant, _session = _given(request, context)
    offered = () if context.bots is None else context.bots.names()
    if context.bots is None or not offered:
        raise ProtocolError(ErrorCode.INVALID_REQUEST, "bot: this server offers no bots")
    name = str(request.get("bot", offered[0]))
    if name not in offered:
        message = f"no bot {name[:40]!r}; bots: {', '.join(offered)}"
        raise ProtocolError(ErrorCode.INVALID_REQUEST, message, problems=(("bot", message),))
    if not variant.legal_actions(state):
        raise ProtocolError(ErrorCode.INVALID_REQUEST, "state: the game is over, no seat acts")
    chosen = context.bots.choose(name, _int(request.get("seed", 0)), variant, state)
    notation = variant.game(state.players).notation(state.to_act)
    return {"bot": name, "seat": state.to_act, "action": action_json(chosen, notation)}


def observe(request: Request, context: Context) -> Answer:
    state, variant, _session = _given(request, context)
    seat = request["seat"]
    _check_seat(state, seat)
    return {"view": variant.observe(state, _int(seat))}


def render(request: Request, context: Context) -> Answer:
    state, variant, _session = _given(request, context)
    board = variant.board(state.players)
    kind = request.get("format", "svg")
    content = svg(board, state) if kind == "svg" else text_board(board, state)
    return {"format": kind, "content": content}


def validate(request: Request, context: Context) -> Answer:
    try:
        found = validate_data(request["data"])
    except (*BAD_INPUT, RecursionError) as exc:
        found = [str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__]
    messages: list[JSONValue] = list(found)
    return {"valid": not found, "messages": messages}


def dump_state(request: Request, context: Context) -> Answer:
    state, _variant, session = _given(request, context)
    return _state_fields(state, session)


def close(request: Request, context: Context) -> Answer:
    return {"closed": context.sessions.close(str(request["session"]))}


HANDLERS: dict[str, Callable[[Request, Context], Answer]] = {
    "hello": hello,
    "version": version,
    "new_game": new_game,
    "position": position,
    "legal_actions": legal_actions,
    "choices": choices,
    "apply": apply,
    "explain": explain,
    "bot": bot,
    "observe": observe,
    "render": render,
    "validate": validate,
    "dump": dump_state,
    "close": close,
}
"""The operation of each ``op`` name (the keys are :data:`OPERATIONS`)."""


def _given(request: Request, context: Context) -> tuple[State, Variant, str | None]:
    """The state a request works on (sent, or kept in its session), its variant, and the
    session id when it came from one."""
    session = request.get("session")
    if session is not None:
        state = context.sessions.get(str(session))
        if state is None:
            raise ProtocolError(
                ErrorCode.UNKNOWN_SESSION,
                f"session {str(session)!r} is not kept here (never made, closed, or the "
                "oldest forgotten to make room)",
            )
        if "rulings" in request:
            raise ProtocolError(
                ErrorCode.INVALID_REQUEST,
                "rulings: a session keeps the house rules its game was made with",
                problems=(("rulings", "not with a session: its game keeps its own"),),
            )
        rulings = context.sessions.rulings(str(session))
        return state, get_variant(state.variant, rulings=rulings), str(session)
    state = load(_object(request["state"]))
    return state, ruled_variant(state.variant, request, context), None


def ruled_variant(name: str, request: Request, context: Context) -> Variant:
    """The variant called ``name`` played by the request's house rules, or by the server's
    own for that variant when the request names none."""
    given = request.get("rulings")
    if given is None:
        return get_variant(name, rulings=context.house_rules.get(name))
    if not isinstance(given, dict):
        raise TypeError(
            f"rulings must be an object of ruling id -> reading name, not {given!r:.40}"
        )
    return get_variant(name, rulings={str(key): str(value) for key, value in given.items()})


def _kept(request: Request, context: Context, state: State, variant: Variant) -> Answer:
    keep = request.get("keep") is True
    rulings = dict(variant.house_rules)
    session = context.sessions.open(state, rulings) if keep else None
    return _state_fields(state, session)


def _state_fields(state: State, session: str | None) -> Answer:
    fields: Answer = {"state": dump(state), "digest": state_digest(state)}
    if session is not None:
        fields["session"] = session
    return fields


def _check_seat(state: State, seat: JSONValue) -> None:
    if not isinstance(seat, int) or seat not in range(state.players):
        raise ProtocolError(
            ErrorCode.INVALID_REQUEST,
            f"seat: {seat!r:.40} is not a seat of this {state.players}-player game",
            problems=(("seat", f"not a seat of this game (0..{state.players - 1})"),),
        )


def _action(request: Request) -> str | Mapping[str, object]:
    given = request["action"]
    if not isinstance(given, str | dict):
        raise TypeError(f"action must be notation or an object, got {type(given).__name__}")
    return given


def _object(value: JSONValue) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise InvalidPosition("state: a dumped state is a JSON object")
    return value


def _int(value: JSONValue) -> int:
    # JSON Schema counts a number with no fractional part (7.0) as an integer, and the
    # request passed its schema, so such a number is read as the integer it is.
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"expected an integer, got {value!r:.40}")
    return value


def _seat_lists(value: JSONValue) -> dict[int, list[str]]:
    if not isinstance(value, dict):
        raise TypeError("expected an object of seat -> list")
    lists = cast(dict[str, list[str]], value)
    return {int(seat): [str(item) for item in items] for seat, items in lists.items()}
