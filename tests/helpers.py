"""Helpers for the clause tests: build a position, find an action by its notation, play it,
read the events, and check that an action is refused for the right reasons.

A state knows its variant, so the helpers that take a state work for every variant; only
``position_builder`` is told the variant, and makes the ``pos`` helper of each test file.

With ``pytest --record-illustrations``, ``pos``, ``act`` and ``assert_illegal`` also report
the positions they build, the actions played there and the actions refused to
``tests/illustrations.py``, which writes the rulebook's pictures (``dogrules book``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Protocol

import pytest

import dogrules
import illustrations
from dogrules import Action, Event, State, Transition

BD = dogrules.variant("black-dog")
AD = dogrules.variant("agent-dog")
KD = dogrules.variant("dog-kids")

# What an explanation may cite besides the ids asked for, by variant: Agent DOG never cites a
# Black DOG id, DOG Kids only its own ids (KD-*) and rulings (R-K*); Black DOG is not checked.
MAY_CITE: dict[str, Callable[[str], bool]] = {
    AD.name: lambda clause: not clause.startswith("BD-"),
    KD.name: lambda clause: clause.startswith(("KD-", "R-K")),
}

# How many first legal actions ``run`` takes before it gives up, by variant.
STEP_LIMIT = {BD.name: 400, AD.name: 600}


def variant_of(state: State) -> dogrules.Variant:
    return dogrules.variant(state.variant)


# ---------------------------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------------------------


class PositionBuilder(Protocol):
    def __call__(
        self,
        pieces: Mapping[int, Sequence[str]],
        hands: Mapping[int, Sequence[str]],
        *,
        to_act: int = ...,
        players: int = ...,
        black_dog: str | None = ...,
        last_played: str | None = ...,
        teams: bool | None = ...,
    ) -> State: ...


def position_builder(
    variant: dogrules.Variant, *, black_dog: str | None = None, teams: bool | None = None
) -> PositionBuilder:
    """The ``pos`` helper of ``variant``: a play position in which seats not listed keep every
    piece at home and listed seats are filled up with home pieces (as many pieces a seat as
    the variant's board has for that number of players). ``black_dog`` and ``teams`` are the
    defaults of the keywords of the same name."""
    default_dog, default_teams = black_dog, teams

    def pos(
        pieces: Mapping[int, Sequence[str]],
        hands: Mapping[int, Sequence[str]],
        *,
        to_act: int = 0,
        players: int = 4,
        black_dog: str | None = default_dog,
        last_played: str | None = None,
        teams: bool | None = default_teams,
    ) -> State:
        per_seat = variant.board(players).pieces_per_seat
        full = {
            seat: [*pieces.get(seat, ()), *["H"] * (per_seat - len(pieces.get(seat, ())))]
            for seat in range(players)
        }
        state = variant.position(
            players=players,
            pieces=full,
            hands=hands,
            to_act=to_act,
            black_dog=black_dog,
            last_played=last_played,
            teams=teams,
        )
        illustrations.position_made(state)
        return state

    return pos


def at(state: State, seat: int) -> list[str]:
    """Where ``seat``'s pieces stand off home, in board order (track, then finish or dog house),
    whatever any seat can see of them."""
    board = variant_of(state).board(state.players)
    return [
        label for label in (board.label(loc, seat) for loc in state.pieces[seat]) if label != "H"
    ]


def at_home(state: State, seat: int) -> int:
    board = variant_of(state).board(state.players)
    return sum(1 for loc in state.pieces[seat] if board.label(loc) == "H")


def dog(state: State) -> str:
    """The field of the Black Dog."""
    assert state.black_dog is not None
    return variant_of(state).board(state.players).label(state.black_dog)


def face_down(state: State, seat: int = 0) -> list[str]:
    """The fields of the face-down pieces, as ``seat`` sees them."""
    seen = variant_of(state).observe(state, seat)["flipped"]
    assert isinstance(seen, list)
    return [str(field) for field in seen]


def visible(state: State, seat: int, owner: int) -> list[str]:
    """The pieces of ``owner`` that ``seat`` sees (home pieces included, as "H")."""
    seen = variant_of(state).observe(state, seat)["pieces"]
    assert isinstance(seen, dict)
    listed = seen[str(owner)]
    assert isinstance(listed, list)
    return [str(field) for field in listed]


def cards_in_play(state: State) -> Counter[str]:
    counted: Counter[str] = Counter(state.deck)
    counted.update(state.discard)
    for hand in state.hands:
        counted.update(hand)
    counted.update(card for card in state.exchange if card is not None)
    return counted


def edited(state: State, change: Callable[[dict[str, Any]], None]) -> State:
    """``state`` rebuilt through dump/load after ``change`` edits its JSON form."""
    data: dict[str, Any] = dogrules.dump(state)
    change(data)
    return dogrules.load(data)


def with_next_card(state: State, card: str) -> State:
    """``state`` with one ``card`` moved to the top of the deck (drawn next)."""

    def put_on_top(data: dict[str, Any]) -> None:
        deck: list[str] = data["deck"]
        deck.remove(card)
        deck.append(card)  # the next card drawn is the last

    return edited(state, put_on_top)


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------


def notations(state: State, variant: dogrules.Variant | None = None) -> set[str]:
    """The notations of every legal action in ``state`` (``variant``: the state's own)."""
    variant = variant_of(state) if variant is None else variant
    return {str(action) for action in variant.legal_actions(state)}


def act(state: State, text: str, variant: dogrules.Variant | None = None) -> Transition:
    """Apply the action written ``text`` (raises IllegalAction if it is not legal)."""
    variant = variant_of(state) if variant is None else variant
    transition = variant.apply(state, variant.parse_action(state, text))
    illustrations.played(state, text)
    return transition


def action(state: State, text: str, variant: dogrules.Variant | None = None) -> Action:
    variant = variant_of(state) if variant is None else variant
    return variant.parse_action(state, text)


def assert_another_spelling(state: State, other: str, listed: str) -> None:
    """``other`` spells the outcome listed as ``listed`` another way (R-C10): it is not
    listed itself, but apply and explain accept it and it leads to the same state."""
    listed_now = notations(state)
    assert listed in listed_now, f"{listed} should be listed"
    assert other not in listed_now, f"{other} should not be listed (it spells {listed})"
    assert variant_of(state).explain(state, action(state, other)).legal, other
    assert act(state, other).state == act(state, listed).state


def origins(state: State) -> set[str]:
    """Every field a legal play takes a piece from (H for entering); a Partner sub-move
    continuing a piece moved earlier in the same play counts the piece's first field only."""
    variant = variant_of(state)
    board = variant.board(state.players)
    found: set[str] = set()
    for a in variant.legal_actions(state):
        reached: set[int] = set()
        for origin, target in a.moves:
            if origin not in reached:
                found.add(board.label(origin, state.to_act))
            reached.add(target)
    return found


def spent(text: str) -> list[int]:
    """The step count of every sub-move of a play written ``text`` on the 64 track fields."""
    steps = []
    for word in text.split()[1:]:
        if "-" not in word:
            continue
        origin, target = word.split("-")
        steps.append((int(target[1:]) - int(origin[1:])) % 64)
    return steps


def assert_illegal(state: State, text: str, *sensible: str) -> None:
    """``text`` is not listed, apply refuses it, and explain says so citing one of
    ``sensible``, and nothing the state's variant may not cite (``MAY_CITE``)."""
    variant = variant_of(state)
    assert text not in notations(state)
    chosen = action(state, text)
    ruling = variant.explain(state, chosen)
    assert ruling.legal is False
    assert set(sensible) & set(ruling.clauses), (text, ruling.clauses, ruling.text)
    may_cite = MAY_CITE.get(state.variant)
    if may_cite is not None:
        assert all(may_cite(clause) for clause in ruling.clauses), ruling.clauses
    with pytest.raises(dogrules.IllegalAction) as refused:
        variant.apply(state, chosen)
    assert set(sensible) & set(refused.value.clauses)
    illustrations.refused(state, text)


def refusal(state: State, text: str) -> tuple[tuple[str, ...], str]:
    """The clauses and the text of explain's refusal of ``text`` (which must be illegal): for
    tests that pin which of several refusals a rule gives."""
    ruling = variant_of(state).explain(state, action(state, text))
    assert ruling.legal is False, f"{text} should be illegal"
    return ruling.clauses, ruling.text


# ---------------------------------------------------------------------------------------------
# Events
# ---------------------------------------------------------------------------------------------


def kinds(transition: Transition) -> list[str]:
    return [event.kind for event in transition.events]


def events(transition: Transition, kind: str) -> list[Event]:
    return [event for event in transition.events if event.kind == kind]


def cites(event: Event, *clauses: str) -> bool:
    return all(clause in event.clauses for clause in clauses)


# ---------------------------------------------------------------------------------------------
# Whole games: the first legal action, again and again
# ---------------------------------------------------------------------------------------------


def first_legal(state: State) -> Transition:
    variant = variant_of(state)
    return variant.apply(state, variant.legal_actions(state)[0])


def run(state: State, until: Callable[[State], bool], limit: int | None = None) -> State:
    """Take the first legal action until ``until`` holds (at most ``limit`` actions, by default
    the variant's ``STEP_LIMIT``)."""
    steps = STEP_LIMIT.get(state.variant, 400) if limit is None else limit
    for _ in range(steps):
        if until(state):
            return state
        state = first_legal(state).state
    raise AssertionError("the game did not reach the expected point")


def through_exchange(state: State) -> State:
    return run(state, lambda s: s.phase != "exchange")


def next_round(state: State) -> State:
    """Play on until this round is over (a new round has begun or the game is over)."""
    current = state.round
    return run(state, lambda s: s.round != current or s.phase == "over")


def round_openings(state: State, rounds: int) -> Iterator[State]:
    """The state at the start of each of the next ``rounds`` rounds' play phase (after the
    exchange), playing the first legal action throughout."""
    for _ in range(rounds):
        state = through_exchange(state)
        if state.phase == "over":
            return
        yield state
        state = next_round(state)


def random_steps(
    variant: dogrules.Variant, seed: int, steps: int, players: int = 4
) -> Iterator[tuple[State, Action, Transition]]:
    """The first ``steps`` steps (fewer if it ends) of the random game of ``seed``: each state,
    the action chosen there (uniformly by ``random.Random(seed)``) and its transition."""
    rng = random.Random(seed)
    state = variant.new_game(players=players, seed=seed)
    for _ in range(steps):
        actions = variant.legal_actions(state)
        if not actions:
            return
        action = rng.choice(actions)
        transition = variant.apply(state, action)
        yield state, action, transition
        state = transition.state
