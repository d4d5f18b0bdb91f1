"""Staged choices: one decision asked one step at a time, as a frontend or a person at the
table takes it.

The steps of a card play are the card (as written first in its notation: ``5``,
``partner``, ``copy=5``, ``blue/red=red``, ``blue x2``), then the piece (the ``from`` of the
first move, ``H`` for a piece entering from home), then its target (the ``to``), then the next
sub-move's piece and target and so on, then the disc direction when the action turns the
disc. Decisions that are no card play are options of the first step too: ``give 5`` and
``discard 5`` (complete at once), ``fold``, ``redraw``, and ``place``, which is followed by
a step asking for the field the Black Dog is placed on.

The choices are a trie over :func:`~dogrules.engine.judge.legal_actions`, used as a black
box: every option leads to at least one listed action, options appear in the order of their
first action in the listing, and each listed action is the end of exactly one path (the
very object the listing holds). A node's options are computed when the node is reached, by
grouping the actions still possible on their next step; the whole trie is never built.

Should one action's path end where another's goes on (no listing of the variants does this
today), the node offers a ``done`` option (:attr:`StepKind.DONE`) that ends it there.
"""

from __future__ import annotations

import enum

import attrs

from dogrules.engine import judge
from dogrules.engine.ruleset import GameRules
from dogrules.model.actions import Action, ActionKind, Notation
from dogrules.model.errors import ChoiceError
from dogrules.model.state import State


class StepKind(enum.StrEnum):
    """What a step of a decision asks; compares equal to its string value."""

    CARD = "card"
    """The first step: the card played (``5``, ``partner``, ``copy=5``) or another decision
    (``give 5``, ``discard 5``, ``fold``, ``redraw``, ``place``)."""
    FIELD = "field"
    """The field the Black Dog is placed on (after ``place``)."""
    PIECE = "piece"
    """The location a (sub-)move starts from: the piece moved (``H``: one entering)."""
    TARGET = "target"
    """The location the (sub-)move ends on (for Swap and Dog Swap: the other piece)."""
    TURN = "turn"
    """The disc direction, ``cw`` or ``ccw``."""
    DONE = "done"
    """No step is left: the decision is complete (as an option: end the action here)."""


@attrs.frozen
class Option:
    """One answer to a step. ``kind`` is the step it answers; ``value`` a location (an int,
    HOME = -1) for pieces, targets and fields, else text (``"5"``, ``"give 5"``, ``"cw"``);
    ``label`` how the acting seat's notation writes it (``T3``, ``H``, ``F2``, ``cw``,
    ``partner``)."""

    kind: StepKind
    value: str | int
    label: str

    def __str__(self) -> str:
        return self.label


@attrs.frozen(eq=False)
class Decision:
    """Where a staged decision stands: the options of the step asked now (``kind``) and the
    path ``chosen`` so far. When ``action`` is set the decision is complete: it is the
    action of ``legal_actions`` the path names, ``kind`` is :attr:`StepKind.DONE` and
    ``options`` is empty. A game that is over has neither options nor an action (and
    ``kind`` is DONE too).

    Two decisions are equal when they are on the same state with the same path."""

    state: State
    kind: StepKind
    options: tuple[Option, ...]
    chosen: tuple[Option, ...]
    action: Action | None
    _notation: Notation = attrs.field(repr=False)
    _candidates: tuple[Action, ...] = attrs.field(repr=False)
    _parent: Decision | None = attrs.field(repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return (self.state, self.chosen) == (other.state, other.chosen)

    def __hash__(self) -> int:
        return hash((self.state, self.chosen))

    @property
    def complete(self) -> bool:
        """Whether the path names an action (then ``action`` is it)."""
        return self.action is not None

    @property
    def actions(self) -> tuple[Action, ...]:
        """The listed actions the path so far can still end in, in the listing's order."""
        return self._candidates

    def option(self, choice: Option | str) -> Option:
        """The option of this step that ``choice`` names: an Option of ``options``, or its
        label (an exact match first, then ignoring case). ChoiceError (a DogRulesError and
        ValueError) naming the step and the valid options if there is none; TypeError if
        ``choice`` is neither an Option nor a str."""
        if isinstance(choice, Option):
            if choice in self.options:
                return choice
            wanted = f"option {choice.label!r} ({choice.kind})"
        elif isinstance(choice, str):
            text = choice.strip()
            for option in self.options:
                if option.label == text:
                    return option
            for option in self.options:
                if option.label.casefold() == text.casefold():
                    return option
            wanted = f"{choice!r}"
        else:
            raise TypeError(f"choice must be an Option or a str, got {type(choice).__name__}")
        if not self.options:
            done = "complete" if self.complete else "over: nothing is left to decide"
            raise ChoiceError(f"{wanted}: the decision is {done}", self.kind, ())
        labels = tuple(option.label for option in self.options)
        raise ChoiceError(
            f"{wanted} is not an option of the {self.kind} step; choose one of: "
            + ", ".join(labels),
            self.kind,
            labels,
        )

    def choose(self, choice: Option | str) -> Decision:
        """The decision one step further, ``choice`` taken (see :meth:`option` for what it
        may be and the errors)."""
        option = self.option(choice)
        depth = len(self.chosen)
        notation = self._notation
        if option == DONE:
            ending = (a for a in self._candidates if _length(a) == depth)
            candidates: tuple[Action, ...] = (next(ending),)
        else:
            candidates = tuple(
                action for action in self._candidates if _at(notation, action, depth) == option
            )
        return _node(self.state, notation, candidates, (*self.chosen, option), self)

    def back(self) -> Decision:
        """The decision one step up (the last option un-chosen); at the first step, this
        same decision (there is nothing to undo)."""
        return self if self._parent is None else self._parent

    def path(self) -> str:
        """The options chosen so far, as written (``partner T3 T4``)."""
        return " ".join(option.label for option in self.chosen)


def staged(game: GameRules, state: State) -> Decision:
    """The first step of the decision pending in ``state``: its options are the cards and
    other decisions of ``legal_actions`` (none when the game is over)."""
    return decide(state, game.notation(state.to_act), judge.legal_actions(game, state))


def decide(state: State, notation: Notation, actions: tuple[Action, ...]) -> Decision:
    """The first step of the staged choices over ``actions`` (any duplicate-free listing,
    written for ``notation.seat``); :func:`staged` gives it ``legal_actions``."""
    return _node(state, notation, actions, (), None)


def path_of(notation: Notation, action: Action) -> tuple[Option, ...]:
    """The steps that name ``action`` when no other action's path goes on where it ends
    (written for ``notation.seat``)."""
    steps = (_at(notation, action, depth) for depth in range(_length(action)))
    return tuple(step for step in steps if step is not None)


DONE = Option(StepKind.DONE, "done", "done")
"""The option that ends an action whose path stops where another's goes on."""


def _first(action: Action) -> Option:
    # The first step: the card as the notation writes it first, or the other decision.
    if action.kind == ActionKind.PLACE:
        text = "place"
    elif action.kind in (ActionKind.GIVE, ActionKind.DISCARD):
        text = f"{action.kind} {action.chosen}"
    elif action.kind != ActionKind.PLAY:
        text = str(action.kind)
    else:
        text = str(action.card if action.copied is None else f"copy={action.copied}")
        if action.chosen is not None:
            text = f"{text}={action.chosen}"
    return Option(StepKind.CARD, text, text)


def _length(action: Action) -> int:
    # How many steps ``path_of`` gives, without writing them.
    if action.kind == ActionKind.PLACE:
        return 2
    if action.kind != ActionKind.PLAY:
        return 1
    return 1 + 2 * len(action.moves) + (action.turn is not None)


def _at(notation: Notation, action: Action, depth: int) -> Option | None:
    # The step ``depth`` of an action's path (None past its end), without writing the others:
    # a node of a listing of many thousand actions asks this of each of them.
    if depth >= _length(action):
        return None
    if depth == 0:
        return _first(action)
    if action.kind == ActionKind.PLACE:
        field = -1 if action.field is None else action.field
        return Option(StepKind.FIELD, field, notation.board.label(field))
    if depth > 2 * len(action.moves):
        return Option(StepKind.TURN, str(action.turn), str(action.turn))
    move, end = divmod(depth - 1, 2)
    location = action.moves[move][end]
    label = notation.board.label(location, notation.seat)
    return Option(StepKind.TARGET if end else StepKind.PIECE, location, label)


def _node(
    state: State,
    notation: Notation,
    candidates: tuple[Action, ...],
    chosen: tuple[Option, ...],
    parent: Decision | None,
) -> Decision:
    # One node of the trie: complete when one action is left and its path is taken (or DONE
    # was chosen), else the next steps of the actions left, in first-appearance order.
    depth = len(chosen)
    ended = bool(chosen) and chosen[-1] == DONE
    if len(candidates) == 1 and (ended or _length(candidates[0]) == depth):
        return Decision(
            state, StepKind.DONE, (), chosen, candidates[0], notation, candidates, parent
        )
    options: dict[Option, None] = {}
    going_on = any(_length(action) > depth for action in candidates)
    for action in candidates:
        step = _at(notation, action, depth)
        if step is not None:
            options.setdefault(step)
        elif going_on:
            options.setdefault(DONE)
    listed = tuple(options)
    kind = listed[0].kind if listed else StepKind.DONE
    return Decision(state, kind, listed, chosen, None, notation, candidates, parent)
