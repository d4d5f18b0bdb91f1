"""Positions of seeded random games, worked out as a recording holds them (:mod:`.recording`):
the forms a recording plays (:class:`Table`), the games, and one position's line: its listing
(every field of every action), the action chosen, the state it leads to and the events it
tells, with the ways of applying that action checked against one another."""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator

import attrs

from dogrules.formats.states import dump
from dogrules.model.actions import Action
from dogrules.model.events import Event
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import Phase, State
from dogrules.testing.jsonlines import digest
from dogrules.variants import form_names, forms, implemented
from dogrules.variants.facade import Variant

__all__ = [
    "PARTS",
    "Line",
    "Table",
    "Worked",
    "action_row",
    "digested",
    "event_row",
    "random_game",
    "tables",
    "work_out",
]

PARTS = ("state", "listing", "next", "events")
"""The parts of a position's line that a recording of digests holds as digests."""

Line = dict[str, JSONValue]


# ---- tables and games ---------------------------------------------------------------------


@attrs.frozen
class Table:
    """A form of a variant whose games a recording holds: ``black-dog-4p``, ``dog-kids-4p-teams``
    (the team flag in the name only where the same count also plays without)."""

    name: str
    variant: str
    players: int
    teams: bool


def tables() -> tuple[Table, ...]:
    """Every form of every registered variant, in a fixed order."""
    found = []
    for name in implemented():
        flags = dict(forms(name))
        for label, players, optional in form_names(name):
            found.append(Table(label, name, players, True if optional else flags[players]))
    return tuple(found)


def random_game(
    v: Variant, players: int, seed: int, teams: bool | None = None, *, final: bool = False
) -> Iterator[State]:
    """The states of a seeded random game (``new_game(players, seed, teams)``, then an action
    chosen uniformly among the legal ones, by a generator seeded with ``seed``), the first
    one included, up to the last before the game is over (``final``: and the game over)."""
    choose = random.Random(seed).choice
    state = v.new_game(players, seed, teams)
    while state.phase != Phase.OVER:
        yield state
        state = v.apply(state, choose(v.legal_actions(state))).state
    if final:
        yield state


# ---- one position ------------------------------------------------------------------------


def action_row(v: Variant, state: State, action: Action) -> list[JSONValue]:
    """One listed action, every field: its text, kind, card, copied card, movements, field,
    chosen colour and disc turn, then what its notation is written against (the seat, the
    paired cards, and whether the board is the game's own)."""
    notation = action.notation
    context: JSONValue = (
        None
        if notation is None
        else [
            notation.seat,
            list[JSONValue](sorted(notation.paired)),
            notation.board is v.board(state.players),
        ]
    )
    moves: list[JSONValue] = [[origin, target] for origin, target in action.moves]
    return [
        str(action),
        str(action.kind),
        action.card,
        action.copied,
        moves,
        action.field,
        action.chosen,
        action.turn,
        context,
    ]


def event_row(event: Event) -> dict[str, JSONValue]:
    """One event, every field and its line of plain English."""
    row: dict[str, JSONValue] = {"text": event.describe()}
    for name in field_names(Event):
        value = getattr(event, name)
        row[name] = list(value) if isinstance(value, tuple) else value
    return row


# ``tools/record.py --engine`` runs this harness on engines older than it, whose model values
# were attrs classes and whose listings were kept in the judge's module cache (before issue
# 29): the three functions below ask each engine in its own terms.


def field_names(cls: type) -> tuple[str, ...]:
    """The fields of a model class: a named tuple's, or an older engine's attrs class's."""
    named: tuple[str, ...] | None = getattr(cls, "_fields", None)
    if named is not None:
        return named
    return tuple(field.name for field in attrs.fields(cls))


def built_anew(action: Action) -> Action:
    """An action equal to ``action`` and not the same object."""
    replace = getattr(action, "_replace", None)
    if replace is not None:
        rebuilt: Action = replace()
        return rebuilt
    return attrs.evolve(action)  # type: ignore[misc]  # an older engine's attrs Action


def forget_listings(v: Variant, players: int) -> None:
    """Clear what the engine remembers of its listings, so the next apply is judged anew."""
    game = v.game(players)
    memo = getattr(game, "memo", None)
    if memo is not None:
        memo.clear()
        return
    judge = importlib.import_module("dogrules.engine.judge")
    judge._listed.cache_clear()


@attrs.frozen
class Worked:
    """A position worked out: its line (parts written out) and the ways of applying its
    action that disagree."""

    line: Line
    next_state: State | None
    disagree: tuple[str, ...]


def work_out(v: Variant, state: State, chosen: int | None, chooser: random.Random) -> Worked:
    """The line of ``state`` with the action at ``chosen`` (None: drawn by ``chooser``)."""
    actions = v.legal_actions(state)
    line: Line = {
        "legal": len(actions),
        "chosen": -1,
        "action": None,
        "state": dump(state, v),
        "listing": [action_row(v, state, action) for action in actions],
        "next": None,
        "events": None,
    }
    if not actions:
        return Worked(line, None, ())
    index = chooser.choice(range(len(actions))) if chosen is None else chosen
    if not 0 <= index < len(actions):
        return Worked(line, None, (f"action {index} of {len(actions)} listed",))
    action = actions[index]
    deferred = v.apply(state, action)
    evented = v.apply(state, action, events=True)
    rebuilt = built_anew(action)
    again = v.apply(state, rebuilt, events=True)
    forget_listings(v, state.players)
    judged = v.apply(state, rebuilt, events=True)
    ways = {
        "apply(events=True)": evented,
        "apply of an equal action": again,
        "apply judged (no listing kept)": judged,
    }
    disagree = tuple(
        f"{part} of {way}"
        for way, transition in ways.items()
        for part, same in (
            ("state", transition.state == deferred.state),
            ("events", transition.events == deferred.events),
        )
        if not same
    )
    line.update(
        chosen=index,
        action=str(action),
        next=dump(deferred.state, v),
        events=[event_row(event) for event in deferred.events],
    )
    return Worked(line, deferred.state, disagree)


def digested(line: Line, chars: int) -> Line:
    """``line`` with each part replaced by its digest."""
    return {key: digest(value, chars) if key in PARTS else value for key, value in line.items()}
