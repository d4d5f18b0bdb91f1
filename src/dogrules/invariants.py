"""The invariants of every variant, as functions a test or a user's check can call.

Each check is named after what it protects and raises :class:`InvariantViolation` whose
``invariant`` is that name. ``check_state`` checks one state (and the step that reached it);
``check_decisions`` checks that ``apply`` accepts exactly what ``legal_actions`` lists there.
The state machines of the test suite and ``dogrules check`` both run these.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from attrs import evolve

import dogrules
from dogrules.geometry.board import HOME
from dogrules.geometry.features import bones, holes, paws
from dogrules.model.actions import Action
from dogrules.model.errors import IllegalAction
from dogrules.model.events import Event
from dogrules.model.results import Transition
from dogrules.model.state import State
from dogrules.variants.facade import Variant


class InvariantViolation(AssertionError):
    """An invariant does not hold; ``invariant`` names it."""

    def __init__(self, invariant: str, message: str) -> None:
        super().__init__(f"[{invariant}] {message}")
        self.invariant = invariant
        self.detail = message


@dataclass(frozen=True)
class Step:
    """How a state was reached: ``action`` applied to ``before`` gave ``transition``."""

    before: State
    action: Action
    transition: Transition


# A variant's own invariants: given the variant, a state it reached and (unless the state is
# a starting one) the step that reached it. Raise AssertionError naming the invariant.
VariantInvariants = Callable[[Variant, State, Step | None], None]


# How many listed actions of each state are applied and checked by default (all of them when
# there are no more), and how many of those also have their variations checked to be refused.
BREADTH = 90
VARIED = 3

# ---- generic checks -------------------------------------------------------------------------


def violation(invariant: str, message: str) -> InvariantViolation:
    """The error saying that ``invariant`` does not hold."""
    return InvariantViolation(invariant, message)


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
                    f"{board.label(location)}: {dogrules.dump(state, v)['pieces']}",
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


def check_dump_load_round_trip(v: Variant, state: State) -> None:
    """``load(dump(s)) == s``, also through JSON text, and the dump is JSON-serialisable."""
    data = dogrules.dump(state, v)
    missing = [key for key in DUMP_KEYS if key not in data]
    if missing:
        raise violation("dump_load_round_trip", f"dump lacks {missing}")
    if not isinstance(data["phase"], str) or type(data["phase"]) is not str:
        raise violation("dump_load_round_trip", f"phase dumps as {data['phase']!r}, not a str")
    try:
        text = json.dumps(data)
    except (TypeError, ValueError) as exc:
        raise violation("dump_load_round_trip", f"dump is not JSON-serialisable: {exc}") from exc
    loaded = dogrules.load(data, v)
    if loaded != state:
        raise violation("dump_load_round_trip", f"load(dump(s)) != s for {data}")
    reloaded = dogrules.load(json.loads(text), v)
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
    action = str(step.action)
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
    if dogrules.dump(state, v) != dumped:
        raise violation("given_state_unchanged", f"the state changed while applying {action}")


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
    """An action not among the legal ones raises IllegalAction naming clauses, leaves the
    state unchanged, and explain calls it illegal."""
    dumped = dogrules.dump(state, v)
    try:
        v.apply(state, action)
    except IllegalAction as exc:
        if not exc.clauses:
            raise violation(
                "unlisted_action_refused", f"IllegalAction for {action} names no clause: {exc}"
            ) from exc
    else:
        raise violation("unlisted_action_refused", f"{action} is not listed but apply accepts it")
    check_given_state_unchanged(v, state, dumped, f"refused {action}")
    ruling = v.explain(state, action)
    if ruling.legal:
        raise violation("unlisted_action_refused", f"explain calls unlisted {action} legal")
    check_given_state_unchanged(v, state, dumped, f"explain of {action}")


def variations(v: Variant, state: State, action: Action) -> list[Action]:
    """Actions a step away from ``action``: another disc turn (or none), another card, a
    movement dropped or moved one field on, another field or card chosen."""
    out: list[Action] = []
    board = v.board(state.players)
    if action.kind == "play":
        out += [evolve(action, turn=t) for t in (None, "cw", "ccw") if t != action.turn]
        out += [evolve(action, card=c) for c, _ in v.deck.counts if c != action.card][:3]
        if action.moves:
            out.append(evolve(action, moves=action.moves[:-1]))
            (origin, target), rest = action.moves[0], action.moves[1:]
            if board.is_track(target):
                shifted = ((origin, (target + 1) % board.track), *rest)
                out.append(evolve(action, moves=shifted))
    if action.field is not None:
        out.append(evolve(action, field=(action.field + 1) % board.track))
    if action.chosen is not None:
        out += [evolve(action, chosen=c) for c, _ in v.deck.counts if c != action.chosen][:3]
    return out


def check_decisions(
    v: Variant, state: State, extra: VariantInvariants, breadth: int = BREADTH
) -> tuple[tuple[Action, ...], dict[Action, Transition]]:
    """apply accepts exactly what legal_actions lists, at ``state``: the list is
    duplicate-free, readable back from its notation, empty only when over, and the actions
    on it apply to states that keep every invariant.

    All listed actions are applied when there are at most BREADTH of them, else a sample of
    BREADTH (seeded by the state, so a run is reproducible); the machine checks the one it
    plays in full anyway. Returns the listed actions and the transitions of those applied."""
    dumped = dogrules.dump(state, v)
    actions = v.legal_actions(state)
    check_legal_actions_listed_once(v, state, actions)
    check_no_legal_action_iff_over(state, actions)
    sample: Sequence[Action] = actions
    if len(actions) > breadth:
        sample = random.Random(json.dumps(dumped)).sample(actions, breadth)
    check_action_notation_round_trip(v, state, sample)
    transitions = {a: check_listed_action_applies(v, state, a, extra) for a in sample}
    listed = set(actions)
    for action in sample[:VARIED]:
        for varied in variations(v, state, action):
            if varied not in listed:
                check_unlisted_action_refused(v, state, varied)
    check_given_state_unchanged(v, state, dumped, "the listed actions")
    return actions, transitions


# ---- Black DOG ------------------------------------------------------------------------------


def check_black_dog_invariants(v: Variant, state: State, step: Step | None) -> None:
    """The Black Dog is placed at setup and then always stands on a track field that is no
    start field; it is never captured (never leaves the board), and it moves only by running,
    by a disc turn or by being placed."""
    board = v.board(state.players)
    dog = state.black_dog
    if state.phase == "setup":
        if dog is not None:
            raise violation("black_dog_on_track", f"Black Dog on {dog} before it is placed")
    elif not isinstance(dog, int) or isinstance(dog, bool) or not 0 <= dog < board.track:
        raise violation("black_dog_on_track", f"Black Dog at {dog!r}, not on a track field 0..63")
    elif dog in board.printed_starts:
        raise violation("black_dog_on_track", f"Black Dog on start field T{dog}")
    if step is None:
        return
    events = step.transition.events
    action = str(step.action)
    if step.before.black_dog is not None and dog is None:
        raise violation("black_dog_never_captured", f"{action}: the Black Dog left the board")
    for event in events:
        if event.kind == "captured" and event.seat is None:
            raise violation("black_dog_never_captured", f"{action}: capture of no seat's piece")
        if event.kind == "dog_moved":
            starts = [f for f in event.path if int(f[1:]) in board.printed_starts]
            if starts or not event.path or event.path[-1] != event.dst:
                raise violation(
                    "black_dog_on_track",
                    f"{action}: the Black Dog runs {event.path} to {event.dst} (start fields "
                    f"{starts})",
                )
    check_disc_turns_iff_paw_landing(v, step)
    if dog != step.before.black_dog and not any(
        e.kind in ("dog_moved", "disc_turned", "dog_placed") for e in events
    ):
        raise violation(
            "black_dog_never_captured",
            f"{action}: the Black Dog went from {step.before.black_dog} to {dog} with no run, "
            f"disc turn or placement",
        )


def check_disc_turns_iff_paw_landing(v: Variant, step: Step) -> None:
    """The disc turns (once, last) exactly when, after the action's movements, a piece the
    actor moved (a move, a Partner sub-move, the Magnet) still stands where a movement ended
    and that field is a paw (R-B5); a capture, a later movement or a swap undoes a landing."""
    board = v.board(step.before.players)
    paw_names = {f"T{field}" for field in paws(board)}
    landed: set[str] = set()
    events = step.transition.events
    dog = None if step.before.black_dog is None else f"T{step.before.black_dog}"
    turns = [i for i, e in enumerate(events) if e.kind == "disc_turned"]
    end = turns[0] if turns else len(events)
    previous: Event | None = None
    for event in events[:end]:
        if event.kind in ("moved", "jumped"):
            landed.discard(event.src or "")
            if event.dst != dog:  # a piece landing on the Black Dog is captured (R-B3)
                landed.add(event.dst or "")
        elif event.kind == "captured":
            # Right after a piece lands, a capture on its field is of the piece it displaced.
            displaced = (
                previous is not None
                and previous.kind in ("moved", "jumped")
                and previous.dst == event.src
                and event.src != dog
            )
            if not displaced:
                landed.discard(event.src or "")
        elif event.kind == "swapped":
            landed -= {event.src or "", event.dst or ""}
        elif event.kind in ("dog_moved", "dog_placed"):
            dog = event.dst
        previous = event
    due = bool(landed & paw_names)
    action = str(step.action)
    if len(turns) > 1 or (turns and turns[0] != len(events) - 1 - _trailing(events)):
        raise violation(
            "disc_turns_iff_paw_landing", f"{action}: disc turns at {turns} of {events}"
        )
    if due != bool(turns) or (step.action.turn is not None) != bool(turns):
        raise violation(
            "disc_turns_iff_paw_landing",
            f"{action}: landings on paws {sorted(landed & paw_names)}, disc turns {len(turns)} "
            f"time(s), action turn {step.action.turn!r}; events "
            f"{[e.describe() for e in events]}",
        )


def _trailing(events: Sequence[Event]) -> int:
    """How many events after the last movement belong to the end of the turn (the win, the
    next deal), which follow a disc turn."""
    movement = {"moved", "jumped", "captured", "swapped", "entered", "dog_moved", "disc_turned"}
    count = 0
    for event in reversed(events):
        if event.kind in movement:
            break
        count += 1
    return count


# ---- Agent DOG ------------------------------------------------------------------------------


def check_agent_dog_invariants(v: Variant, state: State, step: Step | None) -> None:
    """A piece is face down exactly on a hole (the events say so when it changes, and what a
    seat sees never shows a face-down piece's colour); a seat that captured a piece of its own
    side has no cards left after the action."""
    board = v.board(state.players)
    hole_names = {board.label(h) for h in holes(board)}
    on_holes = sorted(loc for locs in state.pieces for loc in locs if loc in holes(board))
    for seat in range(state.players):
        view = v.observe(state, seat)
        pieces = view["pieces"]
        assert isinstance(pieces, dict)
        shown = [f for fields in pieces.values() if isinstance(fields, list) for f in fields]
        if hole_names & {str(f) for f in shown}:
            raise violation("face_down_hidden", f"seat {seat} sees the owner of a piece on a hole")
        if view["flipped"] != [board.label(loc) for loc in on_holes]:
            raise violation(
                "face_down_hidden", f"seat {seat} sees face-down pieces {view['flipped']}"
            )
    if step is None:
        return
    for event in step.transition.events:
        if event.kind == "flipped" and (event.direction == "face down") != (
            event.dst in hole_names
        ):
            raise violation(
                "face_down_iff_on_hole",
                f"{step.action}: a piece turns {event.direction} on {event.dst}",
            )
    actor = step.before.to_act
    side = {actor}
    if step.before.teams:
        side.add((actor + state.players // 2) % state.players)
    own_captured = (
        any(e.kind == "captured" and e.seat in side for e in step.transition.events)
        and step.action.kind == "play"
    )
    if (
        own_captured
        and state.phase != "over"
        and state.hands[actor]
        and state.round == (step.before.round)
    ):
        raise violation(
            "own_capture_ends_round",
            f"{step.action}: seat {actor} captured its own side and still holds cards",
        )


# ---- DOG Kids -------------------------------------------------------------------------------


def check_dog_kids_invariants(v: Variant, state: State, step: Step | None) -> None:
    """A seat that has just acted holds exactly 3 cards again once play goes on (so from a new
    game every hand holds 3 between turns); nothing is ever thrown out of a bone field or a
    dog house."""
    board = v.board(state.players)
    if step is None:
        return
    actor = step.before.to_act
    if state.phase == "play" and len(state.hands[actor]) != 3:
        raise violation(
            "hands_of_three",
            f"{step.action}: seat {actor} holds {len(state.hands[actor])} cards after its turn",
        )
    safe = {board.label(b) for b in bones(board)}
    for event in step.transition.events:
        if event.kind == "captured" and (event.src in safe or (event.src or "").startswith("F")):
            raise violation(
                "bones_and_houses_safe", f"{step.action}: a dog thrown out of {event.src}"
            )


VARIANT_INVARIANTS: dict[str, VariantInvariants] = {
    "black-dog": check_black_dog_invariants,
    "agent-dog": check_agent_dog_invariants,
    "dog-kids": check_dog_kids_invariants,
}
