"""The web table's bots: a bot (built in, :mod:`dogrules.app.bots`, or an installed plug-in:
never a ``module:Class`` a request names) chooses the action of the seat to act, seeing
only what that seat may see, and the protocol's ``apply`` answers for it, so the page
animates a bot's move from the same events as a person's. Requests and answers have JSON
Schemas shipped in ``dogrules/app/schemas/`` (``table-bot.request`` and
``table-bot.answer``); an error is the protocol's error answer. Transport-free:
:mod:`dogrules.app.web_table` serves it over HTTP.

>>> from dogrules import dump, variant
>>> from dogrules.protocol import Context
>>> state = dump(variant("dog-kids").new_game(players=2, seed=1))
>>> answer = bot_move({"id": 1, "state": state, "bot": "greedy"}, Context())
>>> answer["bot"], answer["action"]["notation"], [event["kind"] for event in answer["events"]]
('greedy', 'redraw', ['redrew', 'drew', 'drew', 'drew'])
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import cast

from dogrules.app.bots import BUILT_IN, BotSeat
from dogrules.app.plugins import bot_names as installed_bots
from dogrules.app.plugins import make_bot
from dogrules.formats.schema_validator import validator
from dogrules.formats.schemas import schema_messages
from dogrules.formats.states import load
from dogrules.model.jsonvalue import JSONValue
from dogrules.protocol import Context, ErrorCode, ProtocolError
from dogrules.protocol.dispatch import failure_of, request_id
from dogrules.protocol.operations import HANDLERS, ruled_variant
from dogrules.protocol.schemas import schemas_by_id
from dogrules.protocol.shapes import action_json

__all__ = [
    "DEFAULT_BOT",
    "TABLE_SCHEMAS",
    "bot_move",
    "bot_names",
    "table_messages",
    "table_schema",
]

DEFAULT_BOT = "greedy"
TABLE_SCHEMAS = ("table-bot.request", "table-bot.answer")
"""The names of the web table's schemas (files ``<name>.schema.json``)."""


def bot_names() -> list[JSONValue]:
    """The names of the bots a request may ask for: built in first, then installed plug-ins."""
    return list(installed_bots())


def bot_move(request: object, context: Context) -> dict[str, JSONValue]:
    """The answer to a table-bot request (JSON data): the bot's name and the protocol's
    ``apply`` answer for the action it chose, or an error answer (never an exception)."""
    answer_id = request_id(request)
    try:
        fields = _choose_and_apply(request, context)
    except Exception as exc:  # every failure is an answer, as in the protocol
        return failure_of(exc).answer(answer_id)
    return {"id": answer_id, **fields}


def table_schema(name: str) -> dict[str, JSONValue]:
    """The shipped schema ``name`` (one of :data:`TABLE_SCHEMAS`); ValueError if none."""
    if name not in TABLE_SCHEMAS:
        raise ValueError(f"no table schema {name!r}; expected one of {TABLE_SCHEMAS}")
    return _read(name)


def table_messages(name: str, data: object) -> list[str]:
    """One line per problem of ``data`` against the table schema ``name``, naming the field."""
    return schema_messages(_validator(str(table_schema(name)["$id"])), data)


def _choose_and_apply(request: object, context: Context) -> dict[str, JSONValue]:
    if not isinstance(request, dict):
        raise ProtocolError(ErrorCode.INVALID_REQUEST, "a request is a JSON object")
    found = table_messages("table-bot.request", request)
    if found:
        problems = tuple(_problem(message) for message in found)
        # A state sent but broken is an invalid position; a state not sent, a bad request.
        on_state = all(
            field.startswith("state.") or (field == "state" and why != "missing")
            for field, why in problems
        )
        code = ErrorCode.INVALID_POSITION if on_state else ErrorCode.INVALID_REQUEST
        raise ProtocolError(code, "; ".join(found), problems=problems)
    name = str(request.get("bot", DEFAULT_BOT))
    # A built-in name is known without scanning the installed packages' entry points (a
    # scan a move, some 5 ms of each bot's move of the web table).
    names = BUILT_IN.keys() if name in BUILT_IN else installed_bots()
    if name not in names:
        message = f"bot: no bot {name[:40]!r}; bots: {', '.join(names)}"
        raise ProtocolError(ErrorCode.INVALID_REQUEST, message, problems=(("bot", message),))
    state = load(cast(dict[str, object], request["state"]))
    variant = ruled_variant(state.variant, request, context)
    actions = variant.legal_actions(state)
    if not actions:
        message = "state: the game is over, no seat has an action left"
        raise ProtocolError(ErrorCode.INVALID_REQUEST, message)
    seed = request.get("seed", 0)
    bot = make_bot(name, seed if isinstance(seed, int) else 0)
    chosen = BotSeat(bot, state.to_act).choose(variant, state, actions)
    notation = variant.game(state.players).notation(state.to_act)
    applying: dict[str, JSONValue] = {
        "state": request["state"],
        "action": action_json(chosen, notation),
    }
    if "seat" in request:
        applying["seat"] = request["seat"]
    if "rulings" in request:
        applying["rulings"] = request["rulings"]
    return {"bot": name, **HANDLERS["apply"](applying, context)}


def _problem(message: str) -> tuple[str, str]:
    field, _, rest = message.partition(": ")
    return (field, rest) if rest else ("(top level)", message)


@functools.cache
def _read(name: str) -> dict[str, JSONValue]:
    path = resources.files("dogrules.app") / "schemas" / f"{name}.schema.json"
    return cast(dict[str, JSONValue], json.loads(path.read_text("utf-8")))


@functools.cache
def _validator(schema_id: str) -> object:
    known = {**schemas_by_id(), **{str(_read(n)["$id"]): _read(n) for n in TABLE_SCHEMAS}}
    return validator(known[schema_id], known)
