"""Where everything goes on the SVG board: the track is a ring, ``T0`` at the bottom and
numbers rising clockwise; each seat's finish lane runs from its start field toward the
centre and its home sits outside the ring beside the start field."""

from __future__ import annotations

import math

from dogrules.geometry.board import Board
from dogrules.render.style import _CX, _CY, _RING


class _Geometry:
    """Where everything goes for one board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        step = 2 * math.pi * _RING / board.track
        self.field_r = min(15.0, step * 0.38)
        self.piece_r = min(self.field_r * 0.72, 9.5)
        self.lane_step = 2 * self.field_r + 6
        self.label_radius = _RING + self.field_r + 10
        self.home_radius = _RING + self.field_r + 42
        self.mark_radius = _RING - self.field_r - 17

    def angle(self, field: float) -> float:
        """Screen angle of a track position (T0 at the bottom, numbers rising clockwise)."""
        return math.pi / 2 + 2 * math.pi * field / self.board.track

    def at(self, field: float, radius: float = _RING) -> tuple[float, float]:
        a = self.angle(field)
        return _CX + radius * math.cos(a), _CY + radius * math.sin(a)

    def frame(self, field: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """Outward and clockwise unit vectors at a track field."""
        a = self.angle(field)
        return (math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))

    def location(self, location: int) -> tuple[float, float]:
        """Centre of a track or finish location."""
        if self.board.is_track(location):
            return self.at(location)
        owner = self.board.lane_owner(location)
        k = self.board.lane_index(location)
        return self.at(self.board.start[owner], _RING - k * self.lane_step)

    def home_slots(self, seat: int) -> list[tuple[float, float]]:
        start = self.board.start[seat]
        (ux, uy), (tx, ty) = self.frame(start)
        bx, by = _CX + ux * self.home_radius, _CY + uy * self.home_radius
        n = self.board.pieces_per_seat
        gap = 2 * self.piece_r + 5
        return [
            (bx + tx * (i - (n - 1) / 2) * gap, by + ty * (i - (n - 1) / 2) * gap) for i in range(n)
        ]
