"""What a board shows, feature by feature: empty where the board lacks the feature (the
variant that has a feature is the one that draws or checks it)."""

from __future__ import annotations

from dogrules.geometry.board import Board


def disc_fields(board: Board) -> frozenset[int]:
    return frozenset() if board.disc is None else board.disc.fields


def paws(board: Board) -> frozenset[int]:
    return frozenset() if board.disc is None else board.disc.paws


def holes(board: Board) -> frozenset[int]:
    return frozenset() if board.holes is None else board.holes.holes


def meetings(board: Board) -> frozenset[int]:
    return frozenset() if board.holes is None else board.holes.meetings


def bones(board: Board) -> frozenset[int]:
    return frozenset() if board.colour_track is None else board.colour_track.bones


def field_colours(board: Board) -> tuple[frozenset[str], ...]:
    return () if board.colour_track is None else board.colour_track.field_colours


def house_colours(board: Board) -> tuple[tuple[str, ...], ...]:
    return () if board.colour_track is None else board.colour_track.house_colours


def card_colours(board: Board) -> tuple[str, ...]:
    return () if board.colour_track is None else board.colour_track.card_colours
