"""JSON-ready states: :func:`dump` and its exact inverse :func:`load`.

The shape (all keys always present)::

    {"format": 1, "variant": "black-dog", "players": 4, "teams": true, "phase": "play",
     "to_act": 1, "pieces": {"0": ["H", "H", "T5", "F2"], ...}, "hands": {"0": ["5"], ...},
     "deck": [...], "discard": [...], "exchange": {"0": null, ...}, "black_dog": "T8",
     "winner": [], "dealer": 0, "round": 1, "last_played": null, "redrawn": false,
     "seed": 7, "shuffles": 1, "exchanging": [], "resume": null}

Locations are layout notation, each seat's list in board order (home, track, finish); the
deck lists its cards bottom to top (the next card drawn is the last).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TypeVar

from dogrules.engine.positions import parse_pieces
from dogrules.model.errors import InvalidPosition
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import DogFacts, Phase, State, TeamSwapFacts
from dogrules.variants import variant as get_variant
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
    board = _game(state.variant, variant).board(state.players)
    seats = range(state.players)
    return {
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
        "black_dog": None if state.black_dog is None else board.label(state.black_dog),
        "winner": list(state.winner),
        "dealer": state.dealer,
        "round": state.round,
        "last_played": state.last_played,
        "redrawn": state.redrawn,
        "seed": state.seed,
        "shuffles": state.shuffles,
        "exchanging": list(state.exchanging),
        "resume": state.resume,
    }


def load(data: Mapping[str, object], variant: Variant | None = None) -> State:
    """The state ``data`` describes; InvalidPosition naming the first field that is wrong.

    ``variant`` is needed only for a variant played on other board data (``with_data``)."""
    if not isinstance(data, Mapping):
        raise InvalidPosition("a dumped state is a JSON object")
    missing = [key for key in KEYS if key not in data]
    if missing:
        raise InvalidPosition(f"state is missing key(s): {', '.join(missing)}")
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise InvalidPosition(f"state has unknown key(s): {', '.join(unknown)}")
    if data["format"] != FORMAT:
        raise InvalidPosition(f"format: expected {FORMAT}, got {data['format']!r}")
    name = _typed(data, "variant", str)
    try:
        game = _game(name, variant)
    except ValueError as exc:
        raise InvalidPosition(f"variant: {exc}") from None
    players = _typed(data, "players", int)
    board = game.board(players)
    seats = range(players)
    try:
        phase = Phase(_typed(data, "phase", str))
    except ValueError:
        raise InvalidPosition(
            f"phase: {data['phase']!r} is not one of {[p.value for p in Phase]}"
        ) from None
    raw_pieces = _seat_map(data, "pieces", players)
    pieces = parse_pieces(board, {int(k): v for k, v in raw_pieces.items()})  # type: ignore[misc]
    deck_spec = game.deck
    known = deck_spec.notations
    hands = tuple(
        tuple(sorted(_cards(raw, f"hands.{s}", known), key=deck_spec.order))
        for s, raw in sorted((int(k), v) for k, v in _seat_map(data, "hands", players).items())
    )
    deck = tuple(_cards(data["deck"], "deck", known))
    discard = tuple(_cards(data["discard"], "discard", known))
    exchange_raw = _seat_map(data, "exchange", players)
    exchange: list[str | None] = []
    for seat in seats:
        card = exchange_raw[str(seat)]
        if card is not None and card not in known:
            raise InvalidPosition(f"exchange.{seat}: unknown card {card!r}")
        exchange.append(card if isinstance(card, str) else None)
    in_play: Counter[str] = Counter(deck)
    in_play.update(discard)
    for hand in hands:
        in_play.update(hand)
    in_play.update(card for card in exchange if card is not None)
    expected = Counter(dict(deck_spec.counts))
    if in_play != expected:
        surplus = in_play - expected
        lacking = expected - in_play
        raise InvalidPosition(
            "cards are not conserved: "
            + ", ".join(
                [f"{n} extra {c!r}" for c, n in surplus.items()]
                + [f"{n} missing {c!r}" for c, n in lacking.items()]
            )
        )
    dog_name = data["black_dog"]
    black_dog = None
    if dog_name is not None:
        if not isinstance(dog_name, str):
            raise InvalidPosition("black_dog: a location name or null")
        black_dog = board.parse(dog_name, 0)
        if not board.is_track(black_dog) or any(black_dog in p for p in pieces):
            raise InvalidPosition(f"black_dog: {dog_name} is not a free track field")
    winner = data["winner"]
    if not isinstance(winner, list) or not all(isinstance(w, int) and w in seats for w in winner):
        raise InvalidPosition("winner: a list of seats")
    to_act = _typed(data, "to_act", int)
    dealer = _typed(data, "dealer", int)
    for key, seat in (("to_act", to_act), ("dealer", dealer)):
        if seat not in seats:
            raise InvalidPosition(f"{key}: {seat} is not a seat (0..{players - 1})")
    last = data["last_played"]
    if last is not None and (last not in known or last == "copy"):
        raise InvalidPosition(f"last_played: {last!r} is not a card a Copy can play as")
    teams = _typed(data, "teams", bool)
    cannot_act = phase == Phase.EXCHANGE or (phase == Phase.PLAY and game.acting_needs_cards)
    if cannot_act and not hands[to_act]:
        raise InvalidPosition(
            f"to_act: seat {to_act} holds no card and cannot act in phase {phase.value}"
        )
    exchanging = data["exchanging"]
    if not isinstance(exchanging, list) or not all(
        isinstance(s, int) and s in seats for s in exchanging
    ):
        raise InvalidPosition("exchanging: a list of seats")
    resume = data["resume"]
    if resume is not None and (not isinstance(resume, int) or resume not in seats):
        raise InvalidPosition(f"resume: {resume!r} is not a seat or null")
    extra = _extra(game, black_dog, teams, tuple(exchanging), resume)
    return State(
        variant=name,
        players=players,
        phase=phase,
        to_act=to_act,
        pieces=pieces,
        hands=hands,
        deck=deck,
        discard=discard,
        exchange=tuple(exchange),
        dealer=dealer,
        round=_typed(data, "round", int),
        last_played=last if isinstance(last, str) else None,
        redrawn=_typed(data, "redrawn", bool),
        seed=_typed(data, "seed", int),
        shuffles=_typed(data, "shuffles", int),
        winner=tuple(winner),
        teams=teams,
        extra=extra,
    )


def _extra(
    game: Variant,
    black_dog: int | None,
    teams: bool,
    exchanging: tuple[int, ...],
    resume: int | None,
) -> DogFacts | TeamSwapFacts | None:
    """The typed part of the state only ``game`` has; InvalidPosition for another game's."""
    kind = game.ruleset.extra
    if kind is not DogFacts and black_dog is not None:
        raise InvalidPosition(f"black_dog: {game.name} has no Black Dog")
    if (kind is not TeamSwapFacts or not teams) and (exchanging or resume is not None):
        raise InvalidPosition(f"exchanging, resume: {game.name} has no team card swap here")
    if kind is DogFacts:
        return DogFacts(black_dog)
    if kind is TeamSwapFacts and teams:
        return TeamSwapFacts(exchanging, resume)
    return None


def _typed(data: Mapping[str, object], key: str, kind: type[T]) -> T:
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidPosition(f"{key}: expected {kind.__name__}, got {value!r}")
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
        if card not in known:
            raise InvalidPosition(f"{where}: unknown card {card!r}")
    return list(value)
