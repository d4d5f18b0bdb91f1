"""Plain-text narration of a game: each decision, its events with their clause ids, the
round and the standings, then the result."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from dogrules.model.actions import Action
from dogrules.model.events import Event, EventKind
from dogrules.model.results import Transition
from dogrules.model.state import Phase, State
from dogrules.variants.facade import Variant

Printer = Callable[[str], None]


class Player(Protocol):
    """A seat at the table as the narrator drives it: a bot (through
    :class:`~dogrules.app.bots.BotSeat`, which hides what the seat may not see) or a person."""

    def choose(self, variant: Variant, state: State, actions: tuple[Action, ...]) -> Action: ...

    def notice(
        self, variant: Variant, before: State, action: Action, transition: Transition
    ) -> None: ...


# Already said by the action line itself, or too small to narrate.
QUIET_EVENTS = frozenset({EventKind.GAVE, EventKind.PLAYED, EventKind.DREW})


def seat_name(variant: Variant, state: State, seat: int) -> str:
    return f"seat {seat} ({variant.board(state.players).colour(seat)})"


def standings(variant: Variant, state: State) -> str:
    board = variant.board(state.players)
    parts = []
    for seat, locations in enumerate(state.pieces):
        finished = sum(1 for loc in locations if loc >= board.track)
        on_track = sum(1 for loc in locations if 0 <= loc < board.track)
        goal = board.pieces_to_finish()
        parts.append(f"{board.colour(seat)} {finished}/{goal} in goal ({on_track} on track)")
    return "standings: " + "; ".join(parts)


def describe_events(events: Sequence[Event]) -> list[str]:
    return [f"    {event.describe()}" for event in events if event.kind not in QUIET_EVENTS]


def play_game(
    variant: Variant,
    state: State,
    seats: Sequence[Player],
    say: Printer,
    max_actions: int = 100_000,
    before: Callable[[State, Action], None] | None = None,
    after: Callable[[State, Action, Transition], None] | None = None,
) -> tuple[State, int]:
    """Play ``state`` to the end with one player per seat, narrating through ``say``;
    ``before`` is told each action before it is carried out, ``after`` each transition (with
    the state and action it came from) once it is narrated and every seat has noticed it."""
    count = 0
    say(f"{variant.name}, {state.players} players, seed {state.seed}")
    if variant.plays_in_rounds:
        say(f"round {state.round}: seat {state.dealer} deals")
    while state.phase != Phase.OVER and count < max_actions:
        actions = variant.legal_actions(state)
        seat = state.to_act
        action = seats[seat].choose(variant, state, actions)
        if before is not None:
            before(state, action)
        transition = variant.apply(state, action, events=True)
        count += 1
        if action.kind == "give":
            say(f"  {seat_name(variant, state, seat)} sets a card aside for the exchange")
        else:
            played = [e for e in transition.events if e.kind == EventKind.PLAYED]
            cited = f" [{', '.join(played[0].clauses)}]" if played else ""
            say(f"  {seat_name(variant, state, seat)}: {action}{cited}")
        for line in describe_events(transition.events):
            say(line)
        for event in transition.events:
            if event.kind == EventKind.EXCHANGED:
                say(f"  {standings(variant, transition.state)}")
            elif event.kind == EventKind.FINISHED and not variant.plays_in_rounds:
                # No rounds to report at: the standings follow every arrival in a house.
                say(f"  {standings(variant, transition.state)}")
            elif event.kind == EventKind.ROUND_STARTED:
                say(f"round {transition.state.round}: {standings(variant, transition.state)}")
            elif event.kind == EventKind.WON:
                names = " and ".join(seat_name(variant, transition.state, s) for s in event.winners)
                when = f", round {state.round}" if variant.plays_in_rounds else ""
                say(f"result: {names} won after {count} actions{when}")
        for player in seats:
            player.notice(variant, state, action, transition)
        if after is not None:
            after(state, action, transition)
        state = transition.state
    if state.phase != Phase.OVER:
        say(f"stopped after {count} actions without a winner")
    return state, count
