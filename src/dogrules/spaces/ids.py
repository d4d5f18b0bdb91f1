"""Integer ids for actions: a fixed, exact numbering of every action a variant's rules can
produce at a table of a given size (docs/rl.md gives the scheme and the sizes).

The id space is cut into one block per :class:`~dogrules.spaces.heads.Head`, in the heads'
fixed order. Inside a head's block an action is numbered by its body and its disc turn::

    id = block_offset + body * turns + turn

``turn`` is 0 for none, 1 for ``cw``, 2 for ``ccw`` (``turns`` is 3 on a board with a disc
for card plays, else 1). The body of ``place`` is the field; of ``give``, ``discard``,
``fold`` and ``redraw``, 0; of a card play, its moves: with ``L`` the board's locations
(``H`` first, then every field: ``L = 1 + Board.field_count``) a move ``(a, b)`` is the
pair number ``(a + 1) * L + (b + 1)``, and a sequence of ``m`` moves is ``P**0 + ... +
P**(m-1)`` (the sequences shorter than it, ``P = L * L``) plus its pairs read as the digits of
a base-``P`` number, first move first. A head allows up to ``Head.moves`` moves (4 for
Partner: one per point).

The numbering is a bijection between ``range(size)`` and the actions of that shape, whether
legal or not, so every listed action has exactly one id and every id names one action.
Partner splits make the space large (about 10**16 ids for 4-player Black DOG; every id fits
a signed 64-bit integer) while a state's legal ids are at most thousands: masks over these ids
are sparse (:meth:`ActionSpace.legal_ids`); :mod:`dogrules.spaces.steps` gives the small dense
space the environments use.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable

import attrs

from dogrules.engine.ruleset import GameRules
from dogrules.geometry.board import HOME, Board
from dogrules.model.actions import Action, ActionKind, Direction
from dogrules.model.errors import ActionIdError
from dogrules.model.state import State
from dogrules.spaces.heads import Head, head_key, heads
from dogrules.variants import variant as variant_named
from dogrules.variants.facade import Variant

_TURNS: tuple[str | None, ...] = (None, Direction.CW.value, Direction.CCW.value)


@attrs.frozen
class Block:
    """The ids of one head: ``offset`` the first, ``bodies`` how many bodies, ``turns`` how
    many disc turns (3 or 1) per body; ``size`` ids in all."""

    head: Head
    offset: int
    bodies: int
    turns: int

    @property
    def size(self) -> int:
        return self.bodies * self.turns


@attrs.frozen(eq=False)
class ActionSpace:
    """The action ids of one variant at a table of ``players`` (``teams`` for the DOG Kids
    team game; the numbering does not depend on it). Build with :meth:`for_variant`."""

    variant: str
    players: int
    teams: bool
    game: GameRules = attrs.field(repr=False)
    blocks: tuple[Block, ...] = attrs.field(repr=False)
    _by_key: dict[tuple[ActionKind, str | None, str | None, str | None], Block] = attrs.field(
        repr=False
    )
    _offsets: tuple[int, ...] = attrs.field(repr=False)

    @classmethod
    def for_variant(cls, name: str, players: int, teams: bool | None = None) -> ActionSpace:
        """The action space of variant ``name`` at a table of ``players``; ValueError (from
        the variant) if it has no such table."""
        found = variant_named(name)
        game = found.game(players)
        is_team = found.teams_for(players, teams)
        listed = heads(found.deck, found.ruleset.catalogue)
        locations = locations_of(game.board)
        blocks: list[Block] = []
        offset = 0
        for head in listed:
            bodies, turns = _shape(head, game.board, locations)
            blocks.append(Block(head, offset, bodies, turns))
            offset += bodies * turns
        return cls(
            name,
            players,
            is_team,
            game,
            tuple(blocks),
            {block.head.key: block for block in blocks},
            tuple(block.offset for block in blocks),
        )

    @property
    def size(self) -> int:
        """How many ids there are: every id is in ``range(size)``."""
        last = self.blocks[-1]
        return last.offset + last.size

    @property
    def rules(self) -> Variant:
        """The variant whose actions these are."""
        return variant_named(self.variant)

    @property
    def locations(self) -> int:
        """How many locations a move names (``H`` and every field)."""
        return locations_of(self.game.board)

    def id_of(self, action: Action) -> int:
        """The id of ``action``; ActionIdError if its head, a location, its number of moves
        or its turn is not one of this space."""
        block = self._by_key.get(head_key(action))
        if block is None:
            raise ActionIdError(f"{action!s}: no action of {self.variant} starts this way")
        head = block.head
        if action.turn not in _TURNS[: block.turns]:
            raise ActionIdError(f"{action!s}: turn {action.turn!r} is not one of this board")
        turn = _TURNS.index(action.turn)
        if head.kind == ActionKind.PLACE:
            if action.field is None or action.moves:
                raise ActionIdError(f"{action!s}: a placing names its field and no move")
            body = self._field_index(action.field)
        elif head.kind != ActionKind.PLAY:
            if action.moves or action.field is not None:
                raise ActionIdError(f"{action!s}: names a move or field it cannot have")
            body = 0
        else:
            if action.field is not None or len(action.moves) > head.moves:
                raise ActionIdError(
                    f"{action!s}: a play of {head.text} names at most {head.moves} move(s)"
                )
            body = self._moves_index(action.moves)
        return block.offset + body * block.turns + turn

    def action_of(self, action_id: int, state: State | None = None) -> Action:
        """The action numbered ``action_id`` (written for the seat to act in ``state`` when
        one is given: only ``str()`` uses it); ActionIdError if it is out of range."""
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            raise TypeError(f"an action id is an int, got {type(action_id).__name__}")
        if not 0 <= action_id < self.size:
            raise ActionIdError(f"action id {action_id} is not in range({self.size})")
        block = self.blocks[bisect.bisect_right(self._offsets, action_id) - 1]
        body, turn = divmod(action_id - block.offset, block.turns)
        head = block.head
        notation = None if state is None else self.game.notation(state.to_act)
        action = Action(head.kind, head.card, head.copied, chosen=head.chosen, turn=_TURNS[turn])
        if head.kind == ActionKind.PLACE:
            action = action._replace(field=body)
        elif head.kind == ActionKind.PLAY:
            action = action._replace(moves=self._moves_of(body))
        return action._replace(notation=notation)

    def ids_of(self, actions: Iterable[Action]) -> tuple[int, ...]:
        """The ids of ``actions``, in their order."""
        return tuple(self.id_of(action) for action in actions)

    def legal_ids(self, state: State) -> tuple[int, ...]:
        """The ids of the legal actions in ``state``, ascending: the sparse action mask."""
        self._check(state)
        return tuple(sorted(self.ids_of(self.rules.legal_actions(state))))

    def block_of(self, action_id: int) -> Block:
        """The block (head) ``action_id`` lies in."""
        if not 0 <= action_id < self.size:
            raise ActionIdError(f"action id {action_id} is not in range({self.size})")
        return self.blocks[bisect.bisect_right(self._offsets, action_id) - 1]

    def _check(self, state: State) -> None:
        if (state.variant, state.players) != (self.variant, self.players):
            raise ValueError(
                f"a {state.players}-player {state.variant} state given to the action space"
                f" of {self.players}-player {self.variant}"
            )

    def _field_index(self, field: int) -> int:
        if not isinstance(field, int) or not 0 <= field < self.game.board.track:
            raise ActionIdError(f"field {field!r} is no track field of this board")
        return field

    def _moves_index(self, moves: tuple[tuple[int, int], ...]) -> int:
        pairs = self.locations**2
        index = _sequences(pairs, len(moves))
        number = 0
        for origin, target in moves:
            number = number * pairs + self._location(origin) * self.locations
            number += self._location(target)
        return index + number

    def _moves_of(self, body: int) -> tuple[tuple[int, int], ...]:
        pairs = self.locations**2
        count = 0
        while body >= (shorter := _power(pairs, count)):
            body -= shorter
            count += 1
        digits: list[tuple[int, int]] = []
        for _ in range(count):
            body, pair = divmod(body, pairs)
            origin, target = divmod(pair, self.locations)
            digits.append((origin - 1, target - 1))
        return tuple(reversed(digits))

    def _location(self, location: int) -> int:
        last = self.locations - 2
        if isinstance(location, bool) or not isinstance(location, int):
            raise ActionIdError(f"location {location!r} is not an int")
        if not HOME <= location <= last:
            raise ActionIdError(f"location {location!r} is not on this board (H, 0..{last})")
        return location + 1


def locations_of(board: Board) -> int:
    """How many locations a move can name on ``board``: home and every field."""
    return 1 + board.field_count


def _shape(head: Head, board: Board, locations: int) -> tuple[int, int]:
    """The number of bodies and of turns of a head's block."""
    if head.kind == ActionKind.PLACE:
        return board.track, 1
    if head.kind != ActionKind.PLAY:
        return 1, 1
    pairs = locations * locations
    bodies = _sequences(pairs, head.moves + 1)
    return bodies, 3 if board.disc is not None else 1


def _power(base: int, exponent: int) -> int:
    """``base ** exponent`` for a natural ``exponent``, typed as the int it is."""
    return int(base**exponent)


def _sequences(pairs: int, length: int) -> int:
    """How many sequences of fewer than ``length`` moves there are over ``pairs`` pairs."""
    return sum(_power(pairs, m) for m in range(length))
