"""The Partner search (``rules/splits.py``) works a play's last sub-move out from what
:func:`~dogrules.rules.movement.landing` reports, without carrying it out: where the pieces
stand (``split_places.seated``, each seat's pieces off the disc and who stands on each disc
field) and which moved pieces stand where their movement ended (``split_places.landed``,
the disc turn's landings, R-B5). Both must say what :func:`~dogrules.rules.movement.walk`
leaves on the table, for every sub-move of random Black DOG games (captures, the Black Dog,
the disc's fields, finish entries)."""

from __future__ import annotations

import itertools
import random

import pytest

import dogrules
from dogrules.engine.table import Table
from dogrules.geometry.board import Board
from dogrules.rules.disc import disc_fields, turned_places
from dogrules.rules.movement import landing, number_targets, protected_fields, walk
from dogrules.rules.split_places import landed, parted, seated
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
    assert board.disc is not None
    disc = {field: place for place, field in enumerate(disc_fields(board.disc))}
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
                    moved = seated(parted(table, disc), disc, owner, origin, target, went)
                    assert moved == parted(after, disc), (origin, target, went)
                    assert landed(table.landed, origin, target, went) == tuple(after.landed)
                    checked += 1
    assert checked > 100


def test_R_B5_a_quarter_turn_carries_who_stands_on_each_disc_field_to_the_next_quadrant() -> None:
    board = BLACK_DOG.board(4)
    assert board.disc is not None
    fields = disc_fields(board.disc)
    rng = random.Random(5)
    for _ in range(50):
        pieces = tuple(rng.choice((None, 0, 1, 2, 3)) for _ in fields)
        dog = rng.choice((None, *fields, 0))
        for direction, mapping in (("cw", board.disc.rotate_cw), ("ccw", board.disc.rotate_ccw)):
            turned, turned_dog = turned_places(board, pieces, dog, direction)
            carried = dict(zip(fields, pieces, strict=True))
            moved_to = {mapping[old]: seat for old, seat in carried.items()}
            assert turned == tuple(moved_to[field] for field in fields)
            assert turned_dog == (None if dog is None else mapping.get(dog, dog))
