"""The protocol's JSON shapes of the engine's values: actions (notation and structured),
events with their clauses, options of a staged step, register clauses, and the reading of
an action a request sends."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dogrules.data.register import Clause
from dogrules.engine.choices import Option
from dogrules.geometry.board import Board
from dogrules.model.actions import Action, ActionKind, Notation, format_action, shape_fault
from dogrules.model.errors import NotationError
from dogrules.model.events import Event
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.results import ReadingVerdict
from dogrules.model.state import State
from dogrules.variants.facade import Variant

__all__ = [
    "action_json",
    "clause_json",
    "event_json",
    "option_json",
    "read_action",
    "reading_verdict_json",
]


def action_json(action: Action, notation: Notation) -> dict[str, JSONValue]:
    """``action`` as the acting seat writes it (``notation``) and as structured JSON, its
    locations in that seat's layout notation."""
    board, seat = notation.board, notation.seat
    return {
        "notation": format_action(notation, action),
        "kind": str(action.kind),
        "card": action.card,
        "copied": action.copied,
        "moves": [[board.label(a, seat), board.label(b, seat)] for a, b in action.moves],
        "field": None if action.field is None else board.label(action.field, seat),
        "chosen": action.chosen,
        "turn": action.turn,
    }


def event_json(event: Event) -> dict[str, JSONValue]:
    """``event`` with its clause ids and its line of plain English."""
    return {
        "kind": str(event.kind),
        "clauses": list(event.clauses),
        "text": event.describe(),
        "seat": event.seat,
        "piece": event.piece,
        "src": event.src,
        "dst": event.dst,
        "path": list(event.path),
        "card": event.card,
        "count": event.count,
        "direction": event.direction,
        "winners": list(event.winners),
    }


def option_json(option: Option) -> dict[str, JSONValue]:
    return {"kind": str(option.kind), "value": option.value, "label": option.label}


def clause_json(clause: Clause) -> dict[str, JSONValue]:
    return {"id": clause.id, "kind": str(clause.kind), "source": clause.source, "text": clause.text}


def reading_verdict_json(found: ReadingVerdict) -> dict[str, JSONValue]:
    """One reading's verdict as ``explain --compare --json`` and the protocol give it."""
    return {
        "ruling": found.ruling,
        "reading": found.reading,
        "default": found.default,
        "chosen": found.chosen,
        "legal": found.verdict.legal,
        "clauses": list(found.verdict.clauses),
        "text": found.verdict.text,
    }


def read_action(variant: Variant, state: State, given: str | Mapping[str, object]) -> Action:
    """The action a request sends for the seat to act: notation (read by
    ``variant.parse_action``) or the structured JSON of :func:`action_json` (whose
    ``notation`` is ignored). NotationError naming what cannot be read."""
    if isinstance(given, str):
        return variant.parse_action(state, given)
    notation = variant.game(state.players).notation(state.to_act)
    board, seat = notation.board, notation.seat
    try:
        kind = ActionKind(str(given["kind"]))
        moves = tuple(_move(board, seat, move) for move in _sequence(given.get("moves", [])))
        field = given.get("field")
        action = Action(
            kind=kind,
            card=_text(given, "card"),
            copied=_text(given, "copied"),
            moves=moves,
            field=None if field is None else board.parse(str(field), seat),
            chosen=_text(given, "chosen"),
            turn=_text(given, "turn"),
        )
    except (KeyError, ValueError, TypeError) as exc:
        raise NotationError(f"action: {exc}") from None
    fault = shape_fault(action, board) or _missing(action)
    if fault is not None:
        raise NotationError(f"action: {fault}")
    return action.seen_by(notation)


def _sequence(value: object) -> Sequence[object]:
    if not isinstance(value, list):
        raise TypeError(f"moves must be a list of [from, to] pairs, not {value!r:.40}")
    return value


def _move(board: Board, seat: int, move: object) -> tuple[int, int]:
    if not isinstance(move, list) or len(move) != 2:
        raise TypeError(f"a move is a [from, to] pair, not {move!r:.40}")
    origin, target = move
    return board.parse(str(origin), seat), board.parse(str(target), seat)


def _text(given: Mapping[str, object], key: str) -> str | None:
    value = given.get(key)
    if value is not None and not isinstance(value, str):
        raise TypeError(f"{key} must be text or null, not {value!r:.40}")
    return value


# The field each kind of action cannot be written without (its notation names it).
_NEEDED = {
    ActionKind.PLAY: "card",
    ActionKind.PLACE: "field",
    ActionKind.GIVE: "chosen",
    ActionKind.DISCARD: "chosen",
}


def _missing(action: Action) -> str | None:
    needed = _NEEDED.get(action.kind)
    if needed is not None and getattr(action, needed) is None:
        return f"a {action.kind} action names its {needed}"
    return None
