"""The Partner search (``rules/splits.py``) works a play's last sub-move out from what
:func:`~dogrules.rules.movement.landing` reports, without carrying it out: where the pieces
stand (``split_places.seated``, as a state holds them) and which moved pieces stand where
their movement ended (``split_places.landed``, the disc turn's landings, R-B5); and a turned
board from the pieces' locations (``disc.turned_places``). Each must say what carrying the
move out (:func:`~dogrules.rules.movement.walk`, :func:`~dogrules.rules.disc.turn_disc`)
leaves on the table: every sub-move of random Black DOG games (captures, the Black Dog,
the disc's fields, finish entries), random boards turned either way."""

from __future__ import annotations

import itertools
import random

import pytest

import dogrules
from dogrules.engine.table import Table
from dogrules.geometry.board import Board
from dogrules.rules.disc import turn_disc, turned_places
from dogrules.rules.movement import landing, number_targets, protected_fields, walk
from dogrules.rules.split_places import landed, seated
from dogrules.testing.positions import random_game

BLACK_DOG = dogrules.variant("black-dog")


def walk_a_few(board: Board, table: Table, rng: random.Random) -> None:
    """Carry out up to three number sub-moves in a row on ``table`` (each of 1 to 4 steps, by
    any piece, chosen by ``rng``), as :func:`walk` goes: they leave landings behind."""
    for _ in range(3):
        blocked = protected_fields(board, table, any_colour=False)
        moves = [
            (owner, origin, target)
            for origin, owner in sorted(table.occupant.items())
            for steps in range(1, 5)
            for target in number_targets(board, table, owner, origin, steps, blocked)
        ]
        if not moves:
            return
        walk(table, *rng.choice(moves), ())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_B5_R_C15_a_sub_move_worked_out_from_its_landing_leaves_what_walk_leaves(
    players: int,
) -> None:
    board = BLACK_DOG.board(players)
    rng = random.Random(players)
    checked = 0
    for state in itertools.islice(random_game(BLACK_DOG, players, seed=players), 0, None, 5):
        table = Table.of(board, state)
        walk_a_few(board, table, rng)
        blocked = protected_fields(board, table, any_colour=False)
        for origin, owner in sorted(table.occupant.items()):
            for steps in range(1, 5):
                for target in number_targets(board, table, owner, origin, steps, blocked):
                    went = landing(board, table, owner, origin, target)
                    after = table.clone()
                    walk(after, owner, origin, target, ())
                    moved = seated(table.pieces(), owner, origin, target, went)
                    assert moved == after.pieces(), (origin, target, went)
                    assert landed(table.landed, origin, target, went) == tuple(after.landed)
                    checked += 1
    assert checked > 100


def test_R_B5_a_quarter_turn_carries_the_pieces_on_the_disc_to_the_next_quadrant() -> None:
    board = BLACK_DOG.board(4)
    assert board.disc is not None
    rng = random.Random(5)
    for _ in range(50):
        fields = rng.sample(range(board.track), 12)
        dog = fields.pop()
        table = Table(board, {field: rng.randrange(4) for field in fields}, [1, 1, 1, 1], dog, None)
        for direction in ("cw", "ccw"):
            turned = table.clone()
            turn_disc(turned, 0, direction)
            places = turned_places(board, table.pieces(), table.dog, direction)
            assert places == (turned.pieces(), turned.dog)
