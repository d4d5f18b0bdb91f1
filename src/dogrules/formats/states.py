"""JSON-ready states: :func:`dump` and its exact inverse :func:`load`.

The shape (all keys always present)::

    {"format": 1, "variant": "black-dog", "players": 4, "teams": true, "phase": "play",
     "to_act": 1, "pieces": {"0": ["H", "H", "T5", "F2"], ...}, "hands": {"0": ["5"], ...},
     "deck": [...], "discard": [...], "exchange": {"0": null, ...}, "black_dog": "T8",
     "winner": [], "dealer": 0, "round": 1, "last_played": null, "redrawn": false,
     "seed": 7, "shuffles": 1, "exchanging": [], "resume": null}

Locations are layout notation, each seat's list in board order (home, track, finish); the
deck lists its cards bottom to top (the next card drawn is the last). ``black_dog``,
``exchanging`` and ``resume`` are the keys of the built-in variants' own parts of a state
(see ``dogrules.engine.parts``), written for every state, blank where it keeps none; a part
of a variant registered at run time adds its keys after these, to its own states only.
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable, Mapping
from typing import TypeVar

from dogrules.engine.parts import VariantPart, read_seats
from dogrules.engine.problems import problems
from dogrules.geometry.board import Board
from dogrules.model.errors import InvalidPosition, Problem
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import Extra, Phase, State
from dogrules.variants import variant as get_variant
from dogrules.variants.built_in import parts_written
from dogrules.variants.facade import Variant

__all__ = ["FORMAT", "KEYS", "JSONValue", "dump", "load"]

FORMAT = 1
T = TypeVar("T")
KEYS = (
    "format",
    "variant",
    "players",
    "teams",
    "phase",
    "to_act",
    "pieces",
    "hands",
    "deck",
    "discard",
    "exchange",
    "black_dog",
    "winner",
    "dealer",
    "round",
    "last_played",
    "redrawn",
    "seed",
    "shuffles",
    "exchanging",
    "resume",
)


def _game(name: str, given: Variant | None) -> Variant:
    if given is None:
        return get_variant(name)
    if given.name != name:
        raise InvalidPosition(f"variant: a {name} state given to {given.name}")
    return given


def dump(state: State, variant: Variant | None = None) -> dict[str, JSONValue]:
    """The state as plain JSON data (dicts, lists, strings, numbers, booleans, null).

    ``variant`` is needed only for a variant played on other board data (``with_data``)."""
    if not isinstance(state, State):
        raise TypeError(f"state must be a dogrules State, got {type(state).__name__}")
    game = _game(state.variant, variant)
    board = game.board(state.players)
    seats = range(state.players)
    parts: dict[str, JSONValue] = {}
    for part in parts_written(game.ruleset):
        parts.update(part.dump(board, state))
    fields: dict[str, JSONValue] = {
        "format": FORMAT,
        "variant": state.variant,
        "players": state.players,
        "teams": state.teams,
        "phase": state.phase.value,
        "to_act": state.to_act,
        "pieces": {str(s): [board.label(loc) for loc in state.pieces[s]] for s in seats},
        "hands": {str(s): list(state.hands[s]) for s in seats},
        "deck": list(state.deck),
        "discard": list(state.discard),
        "exchange": {str(s): state.exchange[s] for s in seats},
        "winner": list(state.winner),
        "dealer": state.dealer,
        "round": state.round,
        "last_played": state.last_played,
        "redrawn": state.redrawn,
        "seed": state.seed,
        "shuffles": state.shuffles,
        **parts,
    }
    return {key: fields[key] for key in _ordered(fields)}


def _ordered(keys: Iterable[str]) -> list[str]:
    """``keys`` in the order format 1 writes them: :data:`KEYS`, then a run-time part's."""
    listed = set(keys)
    return [key for key in KEYS if key in listed] + [key for key in keys if key not in KEYS]


def load(data: Mapping[str, object], variant: Variant | None = None) -> State:
    """The state ``data`` describes; InvalidPosition listing every problem (see
    :func:`~dogrules.engine.problems.problems`), or naming the field of malformed data.

    ``variant`` is needed only for a variant played on other board data (``with_data``)."""
    try:
        game, state, found = _read(data, variant)
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as exc:
        if isinstance(exc, InvalidPosition):
            raise
        # Malformed data of a kind the parsing did not foresee: still the caller's data at
        # fault, so it is refused as a position, never as a crash.
        raise InvalidPosition(f"state: malformed data ({type(exc).__name__})") from None
    found += problems(game.ruleset, state)
    if found:
        raise InvalidPosition(tuple(found))
    return state


def _read(
    data: Mapping[str, object], variant: Variant | None
) -> tuple[Variant, State, list[Problem]]:
    """The state as written (types checked, values not) and the problems only the data shows."""
    if not isinstance(data, Mapping):
        raise InvalidPosition("state: a dumped state is a JSON object")
    missing = [key for key in KEYS if key not in data]
    if missing:
        raise InvalidPosition(f"state: missing key(s): {', '.join(missing)}")
    if data["format"] != FORMAT:
        raise InvalidPosition(f"format: expected {FORMAT}, got {_short(data['format'])}")
    name = _typed(data, "variant", str)
    try:
        game = _game(name, variant)
    except ValueError as exc:
        raise InvalidPosition(f"variant: {exc}") from None
    parts = parts_written(game.ruleset)
    keys = _ordered([*KEYS, *(key for part in parts for key in part.blank)])
    missing = [key for key in keys if key not in data]
    if missing:
        raise InvalidPosition(f"state: missing key(s): {', '.join(missing)}")
    optional = {key for part in parts for key in optional_keys(part)}
    unknown = sorted(set(data) - set(keys) - optional)
    if unknown:
        raise InvalidPosition(f"state: unknown key(s): {', '.join(map(repr, unknown))[:80]}")
    players = _typed(data, "players", int)
    try:
        board = game.board(players)
    except ValueError as exc:
        raise InvalidPosition(f"players: {exc}") from None
    try:
        phase = Phase(_typed(data, "phase", str))
    except ValueError:
        raise InvalidPosition(
            f"phase: {_short(data['phase'])} is not one of {[p.value for p in Phase]}"
        ) from None
    found: list[Problem] = []
    pieces = _locations(board, _seat_map(data, "pieces", players))
    known = game.deck.notations
    raw_hands = _seat_map(data, "hands", players)
    hands = tuple(
        game.deck.in_order(_cards(raw_hands[str(s)], f"hands.{s}", known)) for s in range(players)
    )
    exchange_raw = _seat_map(data, "exchange", players)
    exchange: list[str | None] = []
    for seat in range(players):
        card = exchange_raw[str(seat)]
        if card is not None and (not isinstance(card, str) or card not in known):
            raise InvalidPosition(f"exchange.{seat}: unknown card {_short(card)}")
        exchange.append(card)
    last = data["last_played"]
    if last is not None and not isinstance(last, str):
        raise InvalidPosition(f"last_played: expected a card or null, got {_short(last)}")
    teams = _typed(data, "teams", bool)
    extra: Extra | None = None
    for part in parts:
        if part is game.ruleset.part and part.kind(teams) is not None:
            extra, more = part.load(board, data, teams)
            found += more
        else:
            found += _blank(game, part, data)
    state = State(
        variant=name,
        players=players,
        phase=phase,
        to_act=_typed(data, "to_act", int),
        pieces=pieces,
        hands=hands,
        deck=tuple(_cards(data["deck"], "deck", known)),
        discard=tuple(_cards(data["discard"], "discard", known)),
        exchange=tuple(exchange),
        dealer=_typed(data, "dealer", int),
        round=_typed(data, "round", int),
        last_played=last,
        redrawn=_typed(data, "redrawn", bool),
        seed=_typed(data, "seed", int),
        shuffles=_typed(data, "shuffles", int),
        winner=tuple(read_seats(data, "winner")),
        teams=teams,
        extra=extra,
    )
    return game, state, found


def _locations(board: Board, raw: dict[str, object]) -> tuple[tuple[int, ...], ...]:
    """Each seat's locations, in board order; whether they are possible is left to problems()."""
    result = []
    for seat in board.seats:
        names = raw[str(seat)]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise InvalidPosition(f"pieces.{seat}: expected a list of location names")
        try:
            result.append(tuple(sorted(board.parse(n, seat) for n in names)))
        except ValueError as exc:
            raise InvalidPosition(f"pieces.{seat}: {str(exc)[:80]}") from None
    return tuple(result)


def _short(value: object) -> str:
    """A short repr of bad input, safe for deeply nested data: a message quotes a prefix."""
    return reprlib.repr(value)


def optional_keys(part: VariantPart) -> Mapping[str, object]:
    """The keys ``part`` writes only where they are not blank, with their blank values (the
    DOG Kids swap's ``declined``): added to format 1 after it was fixed, so a dump may leave
    them out, and a part that names none (``optional``, not part of the protocol) has none."""
    found = getattr(part, "optional", None)
    return found if isinstance(found, Mapping) else {}


def _blank(game: Variant, part: VariantPart, data: Mapping[str, object]) -> list[Problem]:
    """A part the state's variant (or its form) does not keep is written blank."""
    filled = [key for key, blank in part.blank.items() if data[key] != blank]
    filled += [key for key, blank in optional_keys(part).items() if data.get(key, blank) != blank]
    return [Problem(filled[0], f"{game.name} {part.missing}")] if filled else []


def _typed(data: Mapping[str, object], key: str, kind: type[T]) -> T:
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidPosition(f"{key}: expected {kind.__name__}, got {_short(value)}")
    return value


def _seat_map(data: Mapping[str, object], key: str, players: int) -> dict[str, object]:
    value = data[key]
    expected = {str(s) for s in range(players)}
    if not isinstance(value, dict) or set(value) != expected:
        raise InvalidPosition(f"{key}: expected an object with keys {sorted(expected)}")
    return value


def _cards(value: object, where: str, known: frozenset[str]) -> list[str]:
    if not isinstance(value, list):
        raise InvalidPosition(f"{where}: expected a list of card notations")
    for card in value:
        if not isinstance(card, str) or card not in known:
            raise InvalidPosition(f"{where}: unknown card {_short(card)}")
    return list(value)
