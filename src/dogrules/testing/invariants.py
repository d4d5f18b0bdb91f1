"""The invariants every variant keeps, as functions a test or a user's check can call.

Each check is named after what it protects and raises :class:`InvariantViolation` whose
``invariant`` is that name. ``check_state`` checks one state (and the step that reached it);
``check_decisions`` checks that ``apply`` accepts exactly what ``legal_actions`` lists there.
The state machines of the test suite and ``dogrules check`` both run these. Each variant's
own invariants are part of its ruleset (``Ruleset.invariants``, run by
:func:`variant_invariants`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

from dogrules.engine.problems import problems
from dogrules.formats.states import dump, load
from dogrules.geometry.board import HOME
from dogrules.model.errors import InvariantViolation, violation
from dogrules.model.results import Step
from dogrules.model.state import State
from dogrules.variants.facade import Variant

# A variant's own invariants: given the variant, a state it reached and (unless the state is
# a starting one) the step that reached it. Raise AssertionError naming the invariant.
VariantInvariants = Callable[[Variant, State, Step | None], None]


def variant_invariants(v: Variant, state: State, step: Step | None) -> None:
    """Every invariant the variant's ruleset declares of its own, at ``state``."""
    game = v.game(state.players)
    for invariant in v.ruleset.invariants:
        invariant(game, state, step)


# ---- generic checks -------------------------------------------------------------------------


def check_one_piece_per_field(v: Variant, state: State) -> None:
    """No two pieces share a field (home excepted), and none shares the Black Dog's field."""
    seen: dict[int, int] = {}
    board = v.board(state.players)
    for seat, locations in enumerate(state.pieces):
        for location in locations:
            if location == HOME:
                continue
            if location in seen:
                raise violation(
                    "one_piece_per_field",
                    f"pieces of seats {seen[location]} and {seat} both on "
                    f"{board.label(location)}: {dump(state, v)['pieces']}",
                )
            seen[location] = seat
    if state.black_dog is not None and state.black_dog in seen:
        raise violation(
            "one_piece_per_field",
            f"a piece of seat {seen[state.black_dog]} shares the Black Dog's field "
            f"{board.label(state.black_dog)}",
        )


def check_pieces_stand_on_own_fields(v: Variant, state: State) -> None:
    """Every piece is home, on a real track field or in its own seat's finish."""
    board = v.board(state.players)
    for seat, locations in enumerate(state.pieces):
        for location in locations:
            if location == HOME or board.is_track(location):
                continue
            if not board.is_lane(location) or board.lane_owner(location) != seat:
                raise violation(
                    "pieces_stand_on_own_fields",
                    f"seat {seat} has a piece on {board.label(location, seat)} (location "
                    f"{location}), which is not its own finish",
                )
            if not 1 <= board.lane_index(location) <= board.finish:
                raise violation(
                    "pieces_stand_on_own_fields", f"location {location} is off the board"
                )


def check_piece_counts_conserved(v: Variant, state: State, before: State | None) -> None:
    """Every seat keeps its pieces: the board's count, the same as before the action."""
    board = v.board(state.players)
    if len(state.pieces) != state.players:
        raise violation("piece_counts_conserved", f"{len(state.pieces)} seats of pieces")
    for seat, locations in enumerate(state.pieces):
        if len(locations) != board.pieces_per_seat:
            raise violation(
                "piece_counts_conserved",
                f"seat {seat} has {len(locations)} pieces, not {board.pieces_per_seat}",
            )
        if before is not None and len(before.pieces[seat]) != len(locations):
            raise violation("piece_counts_conserved", f"seat {seat} changed its number of pieces")


def check_cards_conserved(v: Variant, state: State) -> None:
    """Every card of the deck is in exactly one of deck, discard, a hand or the exchange."""
    expected = Counter(dict(v.deck.counts))
    total = sum(expected.values())
    held: Counter[str] = Counter(state.deck)
    held.update(state.discard)
    for hand in state.hands:
        held.update(hand)
    held.update(card for card in state.exchange if card is not None)
    count = sum(held.values())
    if count != total:
        raise violation(
            "cards_conserved",
            f"{count} cards in play, the deck has {total}: deck {len(state.deck)}, discard "
            f"{len(state.discard)}, hands {[len(h) for h in state.hands]}, "
            f"exchange {state.exchange}",
        )
    if held != expected:
        raise violation(
            "cards_conserved",
            f"card kinds differ from the deck: extra {dict(held - expected)}, "
            f"missing {dict(expected - held)}",
        )


DUMP_KEYS = (
    "variant",
    "players",
    "phase",
    "to_act",
    "pieces",
    "hands",
    "deck",
    "discard",
    "black_dog",
    "winner",
    "exchange",
)


def check_no_problems(v: Variant, state: State) -> None:
    """The one validator finds nothing wrong with a state the rules reached."""
    found = problems(v.ruleset, state)
    if found:
        raise violation("no_problems", "; ".join(str(problem) for problem in found))


def check_dump_load_round_trip(v: Variant, state: State) -> None:
    """``load(dump(s)) == s``, also through JSON text, and the dump is JSON-serialisable."""
    data = dump(state, v)
    missing = [key for key in DUMP_KEYS if key not in data]
    if missing:
        raise violation("dump_load_round_trip", f"dump lacks {missing}")
    if not isinstance(data["phase"], str) or type(data["phase"]) is not str:
        raise violation("dump_load_round_trip", f"phase dumps as {data['phase']!r}, not a str")
    try:
        text = json.dumps(data)
    except (TypeError, ValueError) as exc:
        raise violation("dump_load_round_trip", f"dump is not JSON-serialisable: {exc}") from exc
    loaded = load(data, v)
    if loaded != state:
        raise violation("dump_load_round_trip", f"load(dump(s)) != s for {data}")
    reloaded = load(json.loads(text), v)
    if reloaded != state or hash(reloaded) != hash(state):
        raise violation("dump_load_round_trip", f"load(json(dump(s))) != s for {text}")


def check_state(
    v: Variant, state: State, step: Step | None, extra: VariantInvariants, dump: bool = True
) -> None:
    """Every invariant of a single state (and of the step that reached it, if any); the
    dump/load round trip is left out (``dump=False``) for the states merely looked at."""
    check_one_piece_per_field(v, state)
    check_pieces_stand_on_own_fields(v, state)
    check_piece_counts_conserved(v, state, None if step is None else step.before)
    check_cards_conserved(v, state)
    check_no_problems(v, state)
    if dump:
        check_dump_load_round_trip(v, state)
    if step is not None:
        check_protected_start_pieces_never_passed_or_captured(v, step)
    extra(v, state, step)


def check_protected_start_pieces_never_passed_or_captured(v: Variant, step: Step) -> None:
    """A piece on its own start field is protected: no move passes or lands on its field, it
    is never captured and never swapped.

    The protected fields are those held by a piece of their own colour before the action,
    followed through the action's events: a protecting piece that moves away (an earlier
    Partner sub-move) frees its field; a piece that reaches its own start (entering, landing
    there) protects it from then on.
    """
    if not v.start_protection:
        return
    board = v.board(step.before.players)
    own_start = {seat: f"T{board.start[seat]}" for seat in board.seats}
    protected = {
        own_start[seat] for seat in board.seats if board.start[seat] in step.before.pieces[seat]
    }
    action = step.action  # formatted only in a violation's message
    for event in step.transition.events:
        if event.kind == "moved":
            if not event.path or event.path[-1] != event.dst:
                raise violation(
                    "protected_start_pieces",
                    f"{action}: a move's path {event.path} does not end at its "
                    f"destination {event.dst}",
                )
            passed = [field for field in event.path if field in protected]
            if passed:
                raise violation(
                    "protected_start_pieces",
                    f"{action}: the piece of seat {event.piece} moving {event.src}->{event.dst} "
                    f"passes or lands on protected start field(s) {passed} (path {event.path})",
                )
        if event.kind == "jumped" and event.dst in protected:
            raise violation(
                "protected_start_pieces", f"{action}: a magnet jump lands on protected {event.dst}"
            )
        if (
            event.kind == "captured"
            and event.seat is not None
            and event.src == own_start.get(event.seat)
        ):
            raise violation(
                "protected_start_pieces",
                f"{action}: the piece of seat {event.seat} on its own start field {event.src} "
                f"is captured",
            )
        if event.kind == "swapped" and (event.src in protected or event.dst in protected):
            raise violation(
                "protected_start_pieces",
                f"{action}: a swap of {event.src} and {event.dst} moves a protected piece",
            )
        if event.kind in ("moved", "jumped"):
            protected.discard(event.src or "")
            if event.piece is not None and event.dst == own_start.get(event.piece):
                protected.add(own_start[event.piece])
        if event.kind == "entered" and event.piece is not None:
            protected.add(own_start[event.piece])


__all__ = ["InvariantViolation", "Step", "violation"]
