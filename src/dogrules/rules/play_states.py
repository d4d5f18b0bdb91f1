"""The states one-move plays of a card lead to, where two of them can meet (R-C15).

Two different movements of a card that moves one piece lead to the same state only if each
of them sends a piece of the moving piece's colour home, or moves it from a field of the
disc onto a paw:

- Every seat's count of pieces at home, the pieces off the disc, the field of its quadrant
  (7, 8 or 9) that each piece on the disc stands on and the Black Dog's are the same
  whichever way the disc turns, so two plays that meet change them alike.
- A play that sends no piece of its colour home changes them by taking its piece off its
  origin and putting it on its target (capturing, it sends a piece of another colour home;
  a black card's run takes the same pieces home for the same value, and another value
  leaves the Black Dog elsewhere). Another play that changes them alike moves a piece of
  the same colour from a field like its origin to a field like its target, by the same
  value (no card's values differ by the 16 fields between like fields of the disc): from
  the same field, to the same field, unless both origins lie on the disc, a quadrant or two
  apart, and both plays land on a paw.
- A play that lands on no paw leaves the disc as it is, and one whose piece comes from
  another field leaves its origin empty where the other play leaves a piece.

A play that sends a piece of its colour home changes them by taking its piece off its origin
and putting one more of its colour home. Another play does so from the same field (or from a
like field of the disc, both landing on a paw), by another value of the card: the Black
Dog's field tells the value of a black card, so two of its plays meet only from two fields
of the run's path, the run taking both origins' pieces either way.

Agent DOG's summons moves a piece too, onto the hole behind the meeting place reached; a
play meets another by it only if its piece starts on that hole, face down, so the seat cannot
tell the two apart. So the listing works out a state only for the plays :func:`may_meet`
names: one from a field of the disc that may owe the turn
(:func:`~dogrules.rules.disc.may_owe_turn`); one of a card of several values (1/11) whose
Landing (:func:`~dogrules.rules.movement.landing`) captures a piece of its own colour or has
it taken by the Black Dog (R-B3); one of a black card from a field of the run's path whose
piece goes home. Entering captures only another colour (R-C5), and a Swap or the Magnet
sends nobody home. (DOG Kids' dogs never go home by their own side's move, they jump their
own dogs and a push moves the partner's on, and its board has no disc.)

Where the acting seat cannot see that two states are equal (Agent DOG's face-down pieces),
the state is told as the Partner search tells it (:func:`~dogrules.rules.split_places.as_seen`):
the pieces face down when the play began followed as individuals, the others by owner."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Final

from dogrules.data.register import implements
from dogrules.engine.ruleset import CardRule, Moves, Turn
from dogrules.engine.table import Table
from dogrules.geometry.board import HOME, Board
from dogrules.geometry.cards import CardFamily, CardSpec
from dogrules.model.actions import Action, ActionKind
from dogrules.rules.blackdog import dog_path
from dogrules.rules.disc import turned_places
from dogrules.rules.movement import landing, number_distance
from dogrules.rules.split_places import Followed, Where, as_seen, followed, placed, settled

# The card family whose play the Black Dog's run follows (R-B4).
RUNS_THE_DOG: Final = CardFamily.BLACK


@implements("BD-CAPTURE", "BD-DOG-LANDING", "R-B3", "R-B5", "R-C15")
def may_meet(turn: Turn, card: CardSpec, moves: Moves, owes: bool) -> bool:
    """Whether a play of ``card`` can lead to the state of another play of the card (see the
    module): it moves one piece, from a field of the disc when it may owe the turn (``owes``:
    see :func:`~dogrules.rules.disc.may_owe_turn`), or sends a piece of its colour home: with a
    black card from a field of the run's path (:func:`leaves_the_run_alone`); with a card of
    several values, by a Landing that captures one or has it taken by the Black Dog (R-B3)."""
    if len(moves) != 1:
        return False
    ((origin, target),) = moves
    board, table = turn.board, turn.table
    if owes and board.disc is not None and origin in board.disc.fields:
        return True
    if card.family == RUNS_THE_DOG:
        return leaves_the_run_alone(turn, card, origin, target)
    # A card of one value takes a piece from one field to one field (or into its finish,
    # onto nobody); an entry, a swap or the Magnet sends no piece of its colour home.
    if len(card.steps) < 2 or origin == HOME:
        return False
    if target not in table.occupant and target != table.dog:
        return False
    owner = table.occupant[origin]
    went = landing(board, table, owner, origin, target)
    return went.taken_by_dog or went.captured == owner


@implements("BD-DOG-CAPTURES", "BD-SEQUENCE", "R-B2", "R-B4")
def leaves_the_run_alone(turn: Turn, card: CardSpec, origin: int, target: int) -> bool:
    """Whether a black card's move from ``origin`` to ``target`` and the Black Dog's run after
    it (as many fields as the move's steps) leave the board as the run alone would: the piece
    stands on the run's path and goes home, taken by the run or landing on a piece of its own
    colour (every move of one value from the run's path that does so meets the others)."""
    board, table = turn.board, turn.table
    dog = table.dog
    if dog is None or origin not in run_fields(board, dog, max(card.steps)):
        return False
    owner = table.occupant[origin]
    steps = number_distance(board, owner, origin, target)
    if steps is None or origin not in run_fields(board, dog, steps):
        return False
    if target in run_fields(board, dog, steps):
        return True
    went = landing(board, table, owner, origin, target)
    return went.taken_by_dog or went.captured == owner


@functools.cache
def run_fields(board: Board, dog: int, steps: int) -> frozenset[int]:
    """The fields the Black Dog's run of ``steps`` from ``dog`` captures on (its path,
    :func:`~dogrules.rules.blackdog.dog_path`), worked out once a board, field and value."""
    return frozenset(dog_path(board, dog, steps))


class PlayStates:
    """The states the plays of one card listed so far lead to, for the plays that can meet
    another (see the module): ``unseen`` the fields whose pieces show the acting seat no
    colour, ``settle`` and ``triggers`` the aftermath's moves and the landings that set it
    moving (None and empty without one)."""

    __slots__ = ("card", "followed", "rule", "seen", "settle", "triggers", "turn", "unseen")

    def __init__(
        self,
        turn: Turn,
        rule: CardRule,
        card: CardSpec,
        unseen: frozenset[int],
        settle: Callable[[Table], None] | None,
        triggers: frozenset[int],
    ) -> None:
        self.turn = turn
        self.rule = rule
        self.card = card
        self.unseen = unseen
        self.settle = settle
        self.triggers = triggers
        self.seen: set[Hashable] = set()
        # The pieces followed as individuals (their fields, owners and which lie face down),
        # worked out for the first play that needs them.
        self.followed: Followed | None = None

    def after(self, moves: Moves) -> Table:
        """The table the play's movements leave, carried out by the card's own rule on a
        copy (nothing recorded)."""
        table = self.turn.table.clone()
        self.rule.carry_out(table, self.turn, self.card, Action(ActionKind.PLAY, moves=moves))
        return table

    @implements("R-C15")
    def unmet(
        self, moves: Moves, after: Table, directions: tuple[str | None, ...]
    ) -> list[str | None]:
        """Of the disc turn's ``directions`` after a play that can meet another (``after``:
        the table its movements leave), those leading to a state no play listed before
        reached: the first spelling of a state is the one listed (R-C15)."""
        fresh: list[str | None] = []
        for direction in directions:
            state = self.state(moves, after, direction)
            if state not in self.seen:
                self.seen.add(state)
                fresh.append(direction)
        return fresh

    def state(self, moves: Moves, after: Table, direction: str | None) -> Hashable:
        """The state the play leads to (turning the disc in ``direction``), as the acting
        seat tells it apart: once the aftermath has moved pieces, each seat's pieces and the
        Black Dog's field; with pieces face down, those followed as individuals."""
        ordered = not self.triggers.isdisjoint(after.landed)
        if self.unseen:
            assert direction is None, "no phase rule has both face-down pieces and a disc turn"
            where = self.followed_after(moves)
            if self.settle is not None and ordered:
                where = settled(self.settle, after, where, tuple(after.landed))
            _, owners, hidden = self.pieces()
            return as_seen(where, owners, hidden)
        if self.settle is not None and ordered:
            after = after.clone()
            self.settle(after)
        seats, dog = after.pieces(), after.dog
        if direction is None:
            return seats, dog
        return turned_places(self.turn.board, seats, dog, direction)

    def followed_after(self, moves: Moves) -> Where:
        """Where the pieces followed as individuals stand after the play's number move, as
        its Landing says it goes."""
        ((origin, target),) = moves
        table = self.turn.table
        went = landing(table.board, table, table.occupant[origin], origin, target)
        return placed(self.pieces()[0], origin, target, went)

    def pieces(self) -> Followed:
        """The pieces off home in board order, their owners, and the numbers of those lying
        face down (worked out for the first play that needs them)."""
        if self.followed is None:
            self.followed = followed(self.turn.table.occupant, self.unseen)
        return self.followed
