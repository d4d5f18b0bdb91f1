"""A small, dense action space: one token per option of a staged decision.

An action is taken as the staged choices take it (:meth:`dogrules.Variant.choices`): the
head (``5``, ``partner``, ``give 5``, ``fold``...), then the piece, its target, the next
sub-move's piece and target, then the disc turn. Each of those options is one token:

* ``0 .. H-1``: the heads, in the fixed order of :mod:`dogrules.spaces.heads`;
* ``H .. H+L-1``: the locations (``H`` home first, then every field by its number), whatever
  the step asks of one (the piece, its target, the Black Dog's field);
* ``H+L``, ``H+L+1``: the disc turns ``cw`` and ``ccw``;
* ``H+L+2``: ``done``, ending an action whose path stops where another's goes on.

The mask of a step is exactly its options, and the complete paths are exactly the legal
actions, so a policy choosing masked tokens one at a time takes every legal action and only
those. The price is several tokens per action (at most 2 + 2 * Partner's points); the gain is
a space of a few hundred tokens instead of the 10**16 ids of :mod:`dogrules.spaces.ids`.
"""

from __future__ import annotations

import attrs

from dogrules.model.extras import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra("rl", "dogrules.spaces.steps", exc) from exc

from dogrules.engine.choices import Decision, Option, StepKind, path_of
from dogrules.geometry.board import HOME
from dogrules.model.actions import Action
from dogrules.model.errors import ActionIdError, ChoiceError
from dogrules.model.state import State
from dogrules.spaces.ids import ActionSpace

_LOCATED = (StepKind.FIELD, StepKind.PIECE, StepKind.TARGET)
_TURNS = ("cw", "ccw")


@attrs.frozen(eq=False)
class StepSpace:
    """The tokens of one variant at a table of ``players`` (the heads of ``actions``, the
    board's locations, the two disc turns and ``done``)."""

    actions: ActionSpace
    _heads: dict[str, int] = attrs.field(repr=False)
    path_rows: int = attrs.field(init=False)
    """How many tokens one action takes at most: the head, a piece and a target per move, the
    disc turn and ``done``."""

    @path_rows.default
    def _most_tokens(self) -> int:
        return 3 + 2 * max(block.head.moves for block in self.actions.blocks)

    @classmethod
    def for_variant(cls, name: str, players: int, teams: bool | None = None) -> StepSpace:
        """The step tokens of variant ``name`` at a table of ``players``."""
        space = ActionSpace.for_variant(name, players, teams)
        return cls(space, {block.head.text: n for n, block in enumerate(space.blocks)})

    @property
    def heads(self) -> int:
        """How many head tokens there are (the first tokens)."""
        return len(self._heads)

    @property
    def size(self) -> int:
        """How many tokens there are: every token is in ``range(size)``."""
        return self.heads + self.actions.locations + len(_TURNS) + 1

    @property
    def done(self) -> int:
        """The token of ``done``."""
        return self.size - 1

    def token_of(self, option: Option) -> int:
        """The token of a step's ``option``; ActionIdError if this space has none for it."""
        kind, value = option.kind, option.value
        if kind == StepKind.CARD and isinstance(value, str) and value in self._heads:
            return self._heads[value]
        located = kind in _LOCATED and isinstance(value, int)
        if located and HOME <= int(value) < self.actions.locations - 1:
            return self.heads + int(value) + 1
        if kind == StepKind.TURN and value in _TURNS:
            return self.heads + self.actions.locations + _TURNS.index(str(value))
        if kind == StepKind.DONE:
            return self.done
        raise ActionIdError(f"option {option.label!r} ({kind}) has no token in {self.name}")

    def option_of(self, token: int, decision: Decision) -> Option:
        """The option of ``decision``'s step that ``token`` names; ChoiceError (a
        DogRulesError and ValueError) naming the valid options if it names none."""
        for option in decision.options:
            if self.token_of(option) == token:
                return option
        labels = tuple(option.label for option in decision.options)
        raise ChoiceError(
            f"token {token!r} ({self.describe(token)}) is not an option of the {decision.kind}"
            " step; choose one of: " + ", ".join(labels),
            decision.kind,
            labels,
        )

    def mask(self, decision: Decision) -> npt.NDArray[np.int8]:
        """1 for each token that is an option of ``decision``'s step, 0 elsewhere."""
        mask = np.zeros(self.size, dtype=np.int8)
        for option in decision.options:
            mask[self.token_of(option)] = 1
        return mask

    def path(self, decision: Decision | None) -> npt.NDArray[np.float32]:
        """The tokens chosen so far in ``decision`` (none for None), one one-hot row each,
        ``path_rows`` rows, flattened."""
        rows = np.zeros((self.path_rows, self.size), dtype=np.float32)
        for row, option in enumerate(() if decision is None else decision.chosen):
            rows[row][self.token_of(option)] = 1.0
        return rows.ravel()

    def action_mask(self, state: State) -> npt.NDArray[np.int8]:
        """The mask of the first step of the decision pending in ``state``."""
        return self.mask(self.actions.rules.choices(state))

    def tokens_of(self, action: Action, state: State) -> tuple[int, ...]:
        """The tokens that take ``action`` (one of ``legal_actions(state)``) step by step."""
        notation = self.actions.game.notation(state.to_act)
        return tuple(self.token_of(option) for option in path_of(notation, action))

    def describe(self, token: int) -> str:
        """A token in words: its head text, location label, turn or ``done``."""
        if isinstance(token, bool) or not isinstance(token, int) or not 0 <= token < self.size:
            return "out of range"
        if token < self.heads:
            return self.actions.blocks[token].head.text
        location = token - self.heads - 1
        if location < self.actions.locations - 1:
            board = self.actions.game.board
            if location != HOME and board.is_lane(location):
                return f"F{board.lane_index(location)}@{board.lane_owner(location)}"
            return board.label(location)
        return (*_TURNS, "done")[location - self.actions.locations + 1]

    @property
    def name(self) -> str:
        return f"the step space of {self.actions.players}-player {self.actions.variant}"
