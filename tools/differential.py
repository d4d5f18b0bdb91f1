"""A differential check of the engine against a recording of itself: a change meant to be
a pure speed-up must list, carry out and tell every recorded position exactly as before.

    python tools/differential.py record /tmp/reference.diff   # before the change
    python tools/differential.py check /tmp/reference.diff    # after it: exit 1 on a difference

``record`` plays seeded random games (``legal_actions`` + ``apply``, as a playout) of every
variant at 2, 3 and 4 players and DOG Kids' team game, keeps every position reached (some
tens of thousands), and writes for each: the listing (every field of every action, its
notation context and its text, in order) and, for the action the game went on with, the
next state and its events, worked out four ways that must agree: ``apply`` (events read
afterwards), ``apply(events=True)``, ``apply`` of an equal action built anew, and of that
action with no listing kept (the judge's own verdict). ``check`` works every recorded
position out again from its stored state (a difference does not spread to the positions
after it) and prints the first differences: variant, position, which part.

The file is a compressed pickle this tool wrote: read only files of your own.
"""

from __future__ import annotations

import argparse
import lzma
import pickle
import random
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

import dogrules
from dogrules.model.actions import Action
from dogrules.model.events import Event
from dogrules.model.state import State

# Each table: variant, players, teams (None: the variant's default).
TABLES: tuple[tuple[str, int, bool | None], ...] = (
    *((name, players, None) for name in dogrules.VARIANTS for players in (2, 3, 4)),
    ("dog-kids", 4, True),
)
# Positions kept per table (whole games are played until there are this many).
POSITIONS = 8000
FORMAT = "dogrules-differential-1"

# One action, every field: kind, card, copied, moves, field, chosen, turn; the notation's
# seat and paired cards (and whether it is on the game's board); the text.
ActionRow = tuple[object, ...]
Listing = tuple[ActionRow, ...]


@attrs.frozen
class Outcome:
    """What one position lists and what the action chosen in it leads to."""

    listing: Listing
    chosen: int  # index in the listing; -1 when the game is over
    state: State | None
    events: tuple[Event, ...]


@attrs.frozen
class Position:
    name: str
    state: State
    outcome: Outcome


def action_row(variant: dogrules.Variant, state: State, action: Action) -> ActionRow:
    notation = action.notation
    context = (
        None
        if notation is None
        else (
            notation.seat,
            tuple(sorted(notation.paired)),
            notation.board is variant.board(state.players),
        )
    )
    fields = (action.kind, action.card, action.copied, action.moves, action.field)
    return (*fields, action.chosen, action.turn, context, str(action))


def table_name(variant: str, players: int, teams: bool | None) -> str:
    return f"{variant}-{players}p{'-teams' if teams else ''}"


def work_out(
    variant: dogrules.Variant, state: State, chosen: int | None, rng: random.Random
) -> tuple[Outcome, list[str]]:
    """The outcome of ``state`` (``chosen``: the action's index, None: drawn by ``rng``) and
    the parts on which the ways of applying it disagree."""
    actions = variant.legal_actions(state)
    listing = tuple(action_row(variant, state, a) for a in actions)
    if not actions:
        return Outcome(listing, -1, None, ()), []
    index = rng.randrange(len(actions)) if chosen is None else chosen
    action = actions[index]
    deferred = variant.apply(state, action)
    evented = variant.apply(state, action, events=True)
    rebuilt = action._replace()
    again = variant.apply(state, rebuilt, events=True)
    variant.game(state.players).memo.clear()
    judged = variant.apply(state, rebuilt, events=True)
    outcome = Outcome(listing, index, deferred.state, deferred.events)
    ways = {
        "apply(events=True)": evented,
        "apply of an equal action": again,
        "apply judged (no listing kept)": judged,
    }
    disagree = [
        f"{part} of {way}"
        for way, transition in ways.items()
        for part, same in (
            ("state", transition.state == outcome.state),
            ("events", transition.events == outcome.events),
        )
        if not same
    ]
    return outcome, disagree


def play(name: str, players: int, teams: bool | None, count: int, seed: int) -> Iterator[Position]:
    """``count`` positions of seeded random games of one table, each worked out."""
    variant = dogrules.variant(name)
    table = table_name(name, players, teams)
    rng = random.Random(seed)
    kept, game = 0, 0
    while kept < count:
        state = variant.new_game(players=players, seed=seed * 1000 + game, teams=teams)
        game += 1
        while kept < count:
            outcome, disagree = work_out(variant, state, None, rng)
            if disagree:
                raise SystemExit(
                    f"{table} position {kept}: the ways of applying disagree: {disagree}"
                )
            yield Position(table, state, outcome)
            kept += 1
            if outcome.state is None:
                break
            state = outcome.state


def differences(reference: Outcome, now: Outcome, disagree: list[str]) -> list[str]:
    """The parts of ``now`` that differ from ``reference``."""
    found = list(disagree)
    if now.listing != reference.listing:
        first = next(
            (
                i
                for i, (a, b) in enumerate(zip(reference.listing, now.listing, strict=False))
                if a != b
            ),
            min(len(reference.listing), len(now.listing)),
        )
        found.append(
            f"listing ({len(reference.listing)} -> {len(now.listing)} actions, first "
            f"difference at action {first})"
        )
    if now.state != reference.state:
        found.append("next state")
    if now.events != reference.events:
        found.append("events")
    return found


def record(out: str, count: int, seed: int) -> int:
    positions: list[Position] = []
    for variant, players, teams in TABLES:
        started = time.process_time()
        table = list(play(variant, players, teams, count, seed))
        positions += table
        took = time.process_time() - started
        print(f"{table_name(variant, players, teams)}: {len(table)} positions, {took:.1f} CPU-s")
    with lzma.open(out, "wb", preset=1) as file:
        pickle.dump((FORMAT, positions), file, protocol=pickle.HIGHEST_PROTOCOL)
    print(f"recorded {len(positions)} positions in {out}")
    return 0


class _Fields:
    """A State or Event pickled when they were attrs classes (before issue 29): attrs gives
    its fields to ``__setstate__`` as a dict; :func:`_current` makes the named tuple."""

    target: type[State] | type[Event]

    def __setstate__(self, fields: dict[str, object]) -> None:
        self.fields = fields


class _Reader(pickle.Unpickler):
    """Reads a recording of either representation of State and Event."""

    def find_class(self, module: str, name: str) -> object:
        found = super().find_class(module, name)
        if found is State or found is Event:
            return type(name, (_Fields,), {"target": found})
        return found


def _current(value: object) -> object:
    if isinstance(value, _Fields):
        fields: dict[str, Any] = {k: _current(v) for k, v in value.fields.items()}
        return value.target(**fields)
    if isinstance(value, tuple) and type(value) is tuple:
        return tuple(_current(v) for v in value)
    return value


def _load(out: str) -> tuple[str, list[Position]]:
    with lzma.open(out, "rb") as file:
        kind, positions = _Reader(file).load()
    return kind, [
        Position(
            p.name,
            _current(p.state),  # type: ignore[arg-type]
            attrs.evolve(
                p.outcome,
                state=_current(p.outcome.state),
                events=_current(p.outcome.events),
            ),
        )
        for p in positions
    ]


def check(out: str, shown: int) -> int:
    kind, positions = _load(out)
    if kind != FORMAT:
        raise SystemExit(f"{out} is no recording of this tool ({FORMAT})")
    started = time.process_time()
    bad = 0
    index: dict[str, int] = {}
    unused = random.Random(0)
    for position in positions:
        i = index[position.name] = index.get(position.name, -1) + 1
        variant = dogrules.variant(position.state.variant)
        reference = position.outcome
        chosen = reference.chosen if reference.chosen >= 0 else None
        now, disagree = work_out(variant, position.state, chosen, unused)
        found = differences(reference, now, disagree)
        if found:
            bad += 1
            if bad <= shown:
                print(f"DIFFERENT {position.name} position {i}: {'; '.join(found)}")
    took = time.process_time() - started
    print(f"checked {len(positions)} positions in {took:.1f} CPU-s: ", end="")
    print("identical" if not bad else f"{bad} differ")
    return 1 if bad else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("mode", choices=("record", "check"))
    parser.add_argument("file", help="the recording written by record, read by check")
    parser.add_argument("--positions", type=int, default=POSITIONS, help="per table (record)")
    parser.add_argument("--seed", type=int, default=1, help="of the games and choices (record)")
    parser.add_argument("--shown", type=int, default=10, help="differences printed (check)")
    args = parser.parse_args(argv)
    if args.mode == "record":
        return record(args.file, args.positions, args.seed)
    return check(args.file, args.shown)


if __name__ == "__main__":
    sys.exit(main())
