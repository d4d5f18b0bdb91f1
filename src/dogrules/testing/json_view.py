"""The suite's oracle for what a seat may see: the JSON view made straight from the state, as
it was before issue 32 (:func:`view_of`), and the typed observation read back from it
(:func:`through_json`). ``Variant.observation`` is now made from the state by
``dogrules.rules.secrecy.seen_by`` and ``Variant.observe`` written from that; the suite
checks both against this oracle on random states, every seat, and so their tensors."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from dogrules.geometry.board import Board
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.observation import Observation
from dogrules.model.state import Extra, Phase, State
from dogrules.rules.agents import is_flipped
from dogrules.variants.built_in import parts_written
from dogrules.variants.facade import Variant


def view_of(rules: Variant, state: State, seat: int) -> dict[str, JSONValue]:
    """The JSON view of ``state`` for ``seat``: others' hands by their sizes, a card another
    seat set aside (or a team swap it declined) as "hidden", face-down pieces by their fields
    only, then the keys of the variants' own parts."""
    board = rules.board(state.players)
    seats = range(state.players)
    chosen = [card is not None or s in state.declined for s, card in enumerate(state.exchange)]
    parts: dict[str, JSONValue] = {}
    for part in parts_written(rules.ruleset):
        parts.update(part.observe(board, state, seat))
    return {
        "variant": state.variant,
        "players": state.players,
        "teams": state.teams,
        "seat": seat,
        "phase": state.phase.value,
        "to_act": state.to_act,
        "round": state.round,
        "dealer": state.dealer,
        "hand": list(state.hands[seat]),
        "hand_sizes": {str(s): len(state.hands[s]) for s in seats},
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "discard_top": state.discard[-1] if state.discard else None,
        "last_played": state.last_played,
        "exchange": {
            str(s): state.exchange[s] if s == seat or not chosen[s] else "hidden" for s in seats
        },
        "pieces": {
            str(s): [board.label(loc) for loc in state.pieces[s] if not is_flipped(board, loc)]
            for s in seats
        },
        "flipped": [
            board.label(loc)
            for loc in sorted(
                loc for locs in state.pieces for loc in locs if is_flipped(board, loc)
            )
        ],
        **parts,
        "winner": list(state.winner),
    }


def through_json(rules: Variant, state: State, seat: int) -> Observation:
    """What ``seat`` may see of ``state``, read from :func:`view_of` with the public facts
    the view leaves out."""
    board = rules.board(state.players)
    part = rules.ruleset.part
    seen = None if part is None else part.seen(board, state, seat)
    return from_json(view_of(rules, state, seat), board, PublicFacts.of(state, seen))


@attrs.frozen
class PublicFacts:
    """The public facts of a state the JSON view leaves out (see the module docstring)."""

    redrawn: bool
    exchanging: tuple[int, ...]
    resume: int | None
    shuffles: int
    extra: Extra | None = None

    @classmethod
    def of(cls, state: State, seen: Extra | None = None) -> PublicFacts:
        """The public facts of ``state``, with ``seen``, its variant's own part as the seat
        sees it."""
        return cls(state.redrawn, state.exchanging, state.resume, state.shuffles, seen)


def from_json(view: Mapping[str, JSONValue], board: Board, public: PublicFacts) -> Observation:
    """The typed form of a JSON view of ``Variant.observe`` on ``board``."""
    players = _int(view, "players")
    seat = _int(view, "seat")
    seats = range(players)
    exchange = _mapping(view, "exchange")
    pieces = _mapping(view, "pieces")
    mine = exchange.get(str(seat))
    return Observation(
        variant=_str(view, "variant"),
        players=players,
        teams=bool(view["teams"]),
        seat=seat,
        phase=Phase(_str(view, "phase")),
        to_act=_int(view, "to_act"),
        round=_int(view, "round"),
        dealer=_int(view, "dealer"),
        hand=tuple(_texts(view["hand"])),
        hand_sizes=tuple(_int(_mapping(view, "hand_sizes"), str(s)) for s in seats),
        deck_size=_int(view, "deck_size"),
        discard_size=_int(view, "discard_size"),
        discard_top=_optional(view, "discard_top"),
        last_played=_optional(view, "last_played"),
        own_exchange=mine if isinstance(mine, str) else None,
        setting_aside=tuple(exchange.get(str(s)) is not None for s in seats),
        pieces=tuple(
            tuple(sorted(board.parse(label, s) for label in _texts(pieces[str(s)]))) for s in seats
        ),
        flipped=tuple(sorted(board.parse(label, seat) for label in _texts(view["flipped"]))),
        black_dog=None if view["black_dog"] is None else board.parse(_str(view, "black_dog"), 0),
        winner=tuple(_ints(view["winner"])),
        redrawn=public.redrawn,
        exchanging=public.exchanging,
        resume=public.resume,
        shuffles=public.shuffles,
        extra=public.extra,
    )


def _int(view: Mapping[str, JSONValue], key: str) -> int:
    value = view[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"observation key {key!r}: expected an integer, got {value!r}")
    return value


def _str(view: Mapping[str, JSONValue], key: str) -> str:
    value = view[key]
    if not isinstance(value, str):
        raise ValueError(f"observation key {key!r}: expected text, got {value!r}")
    return value


def _optional(view: Mapping[str, JSONValue], key: str) -> str | None:
    return None if view[key] is None else _str(view, key)


def _mapping(view: Mapping[str, JSONValue], key: str) -> dict[str, JSONValue]:
    value = view[key]
    if not isinstance(value, dict):
        raise ValueError(f"observation key {key!r}: expected an object, got {value!r}")
    return value


def _texts(value: JSONValue) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"expected a list of text, got {value!r}")
    return [str(item) for item in value]


def _ints(value: JSONValue) -> list[int]:
    items = value if isinstance(value, list) else None
    numbers = [n for n in items or () if isinstance(n, int) and not isinstance(n, bool)]
    if items is None or len(numbers) != len(items):
        raise ValueError(f"expected a list of integers, got {value!r}")
    return numbers
