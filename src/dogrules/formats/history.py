"""A game with a history: :class:`Game` keeps the start state and every step played on top
of the pure functions (``legal_actions``, ``apply``), so a program can undo, redo, jump to
any move and write the game record.

>>> from dogrules.formats.history import Game
>>> game = Game("black-dog", players=4, seed=7)
>>> first = game.play(game.legal_actions()[0])
>>> game.move, game.undo() is game.start, game.move
(1, True, 0)
"""

from __future__ import annotations

from collections.abc import Mapping

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


class Game:
    """One game from its start: the steps played so far (each the state before, the action
    and its transition), the current move, and the steps undone that ``redo`` replays.

    Every state is an immutable value, so undo and redo only move along the history; playing
    an action after an undo drops the undone steps (as an editor does)."""

    def __init__(
        self,
        variant: str | Variant,
        players: int = 4,
        seed: int = 0,
        teams: bool | None = None,
    ) -> None:
        self.variant = get_variant(variant) if isinstance(variant, str) else variant
        self.start: State = self.variant.new_game(players=players, seed=seed, teams=teams)
        self._steps: list[Step] = []
        self._move = 0

    @classmethod
    def from_record(cls, record: Record | Mapping[str, object]) -> Game:
        """The game a record holds, at its last move (RecordError if it does not replay)."""
        rec = record if isinstance(record, Record) else Record.from_json(record)
        game = cls(rec.variant, players=rec.players, seed=rec.seed, teams=rec.teams)
        game._steps = [Step(before, action, t) for _, before, action, t in replay(rec)]
        game._move = len(game._steps)
        return game

    # --- where the game stands -----------------------------------------------------------

    @property
    def state(self) -> State:
        """The state at the current move."""
        return self._steps[self._move - 1].transition.state if self._move else self.start

    @property
    def move(self) -> int:
        """How many actions lead from the start to the current state."""
        return self._move

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps from the start to the current move."""
        return tuple(self._steps[: self._move])

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(step.action for step in self._steps[: self._move])

    @property
    def transitions(self) -> tuple[Transition, ...]:
        return tuple(step.transition for step in self._steps[: self._move])

    @property
    def length(self) -> int:
        """How many moves the history holds, undone ones included (``goto`` reaches each)."""
        return len(self._steps)

    def legal_actions(self) -> tuple[Action, ...]:
        return self.variant.legal_actions(self.state)

    # --- changing it ---------------------------------------------------------------------

    def play(self, action: Action | str) -> Transition:
        """Play ``action`` (an Action or its notation) at the current move; the steps undone
        before are dropped. IllegalAction (or NotationError for a text) leaves the game as
        it was."""
        state = self.state
        chosen = self.variant.parse_action(state, action) if isinstance(action, str) else action
        transition = self.variant.apply(state, chosen)
        del self._steps[self._move :]
        self._steps.append(Step(state, chosen, transition))
        self._move += 1
        return transition

    def undo(self) -> State:
        """Take back the last action; the state before it. HistoryError at the start."""
        if self._move == 0:
            raise HistoryError("nothing to undo: the game is at its start")
        self._move -= 1
        return self.state

    def redo(self) -> State:
        """Play again the action last undone; the state after it. HistoryError if none is."""
        if self._move == len(self._steps):
            raise HistoryError("nothing to redo: no action has been undone since the last play")
        self._move += 1
        return self.state

    def goto(self, move: int) -> State:
        """Jump to move ``move`` (0 is the start) of the history; the state there.
        HistoryError if the history has no such move."""
        if isinstance(move, bool) or not isinstance(move, int):
            raise TypeError(f"move must be an int, got {type(move).__name__}")
        if move not in range(len(self._steps) + 1):
            raise HistoryError(f"no move {move}: this game has moves 0..{len(self._steps)}")
        self._move = move
        return self.state

    # --- writing it ----------------------------------------------------------------------

    def record(self, *, steps: bool = False, note: str | None = None) -> dict[str, JSONValue]:
        """The game record (JSON data, :mod:`dogrules.formats.records`) of the actions up to
        the current move; with ``steps`` a golden record (digests of every step)."""
        start = self.start
        return record_game(
            self.variant.name,
            start.players,
            start.seed,
            start.teams,
            self.actions,
            steps=steps,
            note=note,
        )

    def __repr__(self) -> str:
        start = self.start
        return (
            f"Game({self.variant.name!r}, players={start.players}, seed={start.seed}, "
            f"move {self._move} of {len(self._steps)})"
        )
