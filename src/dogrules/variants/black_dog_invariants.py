"""The invariants of Black DOG alone: the Black Dog always stands on a track field that is
no start field and is never captured, and the disc turns exactly when a piece lands on a
paw."""

from __future__ import annotations

from collections.abc import Sequence

from dogrules.engine.ruleset import GameRules
from dogrules.geometry.features import paws
from dogrules.model.errors import violation
from dogrules.model.events import Event
from dogrules.model.results import Step
from dogrules.model.state import State


def check_black_dog_invariants(game: GameRules, state: State, step: Step | None) -> None:
    """The Black Dog is placed at setup and then always stands on a track field that is no
    start field; it is never captured (never leaves the board), and it moves only by running,
    by a disc turn or by being placed."""
    board = game.board
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
    action = step.action  # formatted only in a violation's message
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
    check_disc_turns_iff_paw_landing(game, step)
    if dog != step.before.black_dog and not any(
        e.kind in ("dog_moved", "disc_turned", "dog_placed") for e in events
    ):
        raise violation(
            "black_dog_never_captured",
            f"{action}: the Black Dog went from {step.before.black_dog} to {dog} with no run, "
            f"disc turn or placement",
        )


def check_disc_turns_iff_paw_landing(game: GameRules, step: Step) -> None:
    """The disc turns (once, last) exactly when, after the action's movements, a piece the
    actor moved (a move, a Partner sub-move, the Magnet) still stands where a movement ended
    and that field is a paw (R-B5); a capture, a later movement or a swap undoes a landing."""
    board = game.board
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
    action = step.action  # formatted only in a violation's message
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
