"""A game with a history: :class:`Game` holds the start state and every step played, on top
of the pure functions (``legal_actions``, ``apply``), so a program can undo, redo, jump to
any move and write the game record.

>>> from dogrules.formats.history import Game
>>> game = Game.new("black-dog", players=4, seed=7)
>>> later = game.play(game.legal_actions()[0])
>>> later.move, later.undo().state == game.state, game.move
(1, True, 0)
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from dogrules.formats.records import Record
from dogrules.formats.replay import record_game, replay
from dogrules.formats.states import JSONValue
from dogrules.model.actions import Action
from dogrules.model.errors import DogRulesError
from dogrules.model.results import Step, Transition
from dogrules.model.state import State
from dogrules.variants import variant as get_variant
from dogrules.variants.facade import Variant

__all__ = ["Game", "HistoryError"]


class HistoryError(DogRulesError, ValueError):
    """A move through a game's history that cannot be made: undo at the start, redo with
    nothing undone, a jump to a move the game does not have."""


@attrs.frozen
class Game:
    """One game from its ``start``: the ``history`` of steps played (each the state before,
    the action and its transition) and the current ``move`` in it (0 is the start; the steps
    after it are the ones undone, which ``redo`` plays again).

    A Game is an immutable value like a State: ``play``, ``undo``, ``redo`` and ``goto``
    return a new Game and leave this one as it was. Playing an action after an undo drops
    the undone steps (as an editor does). Start one with :meth:`new` or
    :meth:`from_record`."""

    variant: Variant = attrs.field(eq=False, repr=lambda v: repr(v.name))
    start: State = attrs.field(repr=False)
    history: tuple[Step, ...] = attrs.field(default=(), repr=False)
    move: int = 0

    def __attrs_post_init__(self) -> None:
        if self.move not in range(len(self.history) + 1):
            raise HistoryError(f"no move {self.move}: this game has moves 0..{len(self.history)}")

    @classmethod
    def new(
        cls,
        variant: str | Variant,
        players: int = 4,
        seed: int = 0,
        teams: bool | None = None,
    ) -> Game:
        """A game at the start of ``variant.new_game(players, seed, teams)``."""
        rules = get_variant(variant) if isinstance(variant, str) else variant
        return cls(rules, rules.new_game(players=players, seed=seed, teams=teams))

    @classmethod
    def from_record(cls, record: Record | Mapping[str, object]) -> Game:
        """The game a record holds, at its last move, by the house rules it carries
        (RecordError if it does not replay)."""
        rec = record if isinstance(record, Record) else Record.from_json(record)
        steps = tuple(Step(before, action, t) for _, before, action, t in replay(rec))
        rules = get_variant(rec.variant, rulings=dict(rec.rulings))
        game = cls.new(rules, players=rec.players, seed=rec.seed, teams=rec.teams)
        return attrs.evolve(game, history=steps, move=len(steps))

    # --- where the game stands -----------------------------------------------------------

    @property
    def state(self) -> State:
        """The state at the current move."""
        return self.history[self.move - 1].transition.state if self.move else self.start

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps from the start to the current move."""
        return self.history[: self.move]

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(step.action for step in self.steps)

    @property
    def transitions(self) -> tuple[Transition, ...]:
        return tuple(step.transition for step in self.steps)

    @property
    def last(self) -> Transition | None:
        """The transition that led to the current state (None at the start)."""
        return self.history[self.move - 1].transition if self.move else None

    def legal_actions(self) -> tuple[Action, ...]:
        return self.variant.legal_actions(self.state)

    # --- moving along it -----------------------------------------------------------------

    def play(self, action: Action | str) -> Game:
        """The game after ``action`` (an Action or its notation) at the current move, the
        steps undone before dropped. IllegalAction (NotationError for a text that cannot
        be read) if it cannot be played."""
        state = self.state
        chosen = self.variant.parse_action(state, action) if isinstance(action, str) else action
        step = Step(state, chosen, self.variant.apply(state, chosen))
        return attrs.evolve(self, history=(*self.steps, step), move=self.move + 1)

    def undo(self) -> Game:
        """The game with its last action taken back; HistoryError at the start."""
        if self.move == 0:
            raise HistoryError("nothing to undo: the game is at its start")
        return attrs.evolve(self, move=self.move - 1)

    def redo(self) -> Game:
        """The game with the action last undone played again; HistoryError if none is."""
        if self.move == len(self.history):
            raise HistoryError("nothing to redo: no action has been undone since the last play")
        return attrs.evolve(self, move=self.move + 1)

    def goto(self, move: int) -> Game:
        """The game at move ``move`` (0 is the start) of its history; HistoryError if the
        history has no such move."""
        if isinstance(move, bool) or not isinstance(move, int):
            raise TypeError(f"move must be an int, got {type(move).__name__}")
        return attrs.evolve(self, move=move)

    # --- writing it ----------------------------------------------------------------------

    def record(self, *, steps: bool = False, note: str | None = None) -> dict[str, JSONValue]:
        """The game record (JSON data, :mod:`dogrules.formats.records`) of the actions up to
        the current move, carrying the game's house rules; with ``steps`` a golden record
        (digests of every step)."""
        start = self.start
        return record_game(
            self.variant.name,
            start.players,
            start.seed,
            start.teams,
            self.actions,
            steps=steps,
            note=note,
            rulings=self.variant.house_rules,
        )
