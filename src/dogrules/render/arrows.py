"""Moves drawn on the SVG board: an arrow from each origin to each target, styled by what the
move is (legal, the one played, the illegal one a test asks about).

``svg(board, state, arrows=...)`` draws them above the pieces; the rulebook
(``dogrules book``) uses them to show the legal moves of one card in a position."""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable

import attrs

from dogrules.geometry.board import HOME, Board
from dogrules.render.geometry import _Geometry
from dogrules.render.style import _CX, _CY, _el, _num


class ArrowKind(enum.StrEnum):
    """What a drawn move is; each kind has its own colour and line."""

    LEGAL = "legal"
    PLAYED = "played"
    ILLEGAL = "illegal"


@attrs.frozen(order=True)
class Arrow:
    """One move from ``origin`` to ``target`` (board locations; HOME is the home of
    ``seat``)."""

    origin: int
    target: int
    kind: ArrowKind
    seat: int = 0


# Colour, line width and dash pattern of each kind: legal moves green, the move played blue,
# the illegal move red and dashed (so it reads as refused without colour too).
_STYLE: dict[ArrowKind, tuple[str, str, str]] = {
    ArrowKind.LEGAL: ("#1b8a3a", "3", ""),
    ArrowKind.PLAYED: ("#1f5fbf", "4.5", ""),
    ArrowKind.ILLEGAL: ("#c81e1e", "4", "9 6"),
}


def _marker(kind: ArrowKind) -> str:
    colour = _STYLE[kind][0]
    return (
        f'<marker id="arrow-{kind.value}" viewBox="0 0 10 10" refX="8" refY="5" '
        f'markerWidth="5" markerHeight="5" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>'
    )


def _point(geo: _Geometry, board: Board, location: int, seat: int) -> tuple[float, float]:
    if location == HOME:
        slots = geo.home_slots(seat)
        xs, ys = [x for x, _ in slots], [y for _, y in slots]
        return sum(xs) / len(xs), sum(ys) / len(ys)
    return geo.location(location)


def _path(geo: _Geometry, board: Board, arrow: Arrow) -> str | None:
    x0, y0 = _point(geo, board, arrow.origin, arrow.seat)
    x1, y1 = _point(geo, board, arrow.target, arrow.seat)
    if math.hypot(x1 - x0, y1 - y0) < 1:
        return None
    # Bend toward the centre of the board, so that a move along the ring clears the fields
    # it passes and two opposite moves between the same fields do not overlap.
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    cx, cy = mx + (_CX - mx) * 0.3, my + (_CY - my) * 0.3
    # Stop short of both centres so the arrowhead does not hide the piece or field.
    gap = geo.field_r + 2

    def pulled(x: float, y: float) -> tuple[float, float]:
        d = math.hypot(cx - x, cy - y) or 1.0
        return x + (cx - x) / d * gap, y + (cy - y) / d * gap

    (sx, sy), (ex, ey) = pulled(x0, y0), pulled(x1, y1)
    colour, width, dash = _STYLE[arrow.kind]
    pairs: list[tuple[str, object]] = [
        ("class", f"move {arrow.kind.value}"),
        ("data-move", f"{board.label(arrow.origin, arrow.seat)}-{board.label(arrow.target)}"),
        ("d", f"M{_num(sx)},{_num(sy)} Q{_num(cx)},{_num(cy)} {_num(ex)},{_num(ey)}"),
        ("fill", "none"),
        ("stroke", colour),
        ("stroke-width", width),
        ("stroke-linecap", "round"),
        ("marker-end", f"url(#arrow-{arrow.kind.value})"),
    ]
    if dash:
        pairs.append(("stroke-dasharray", dash))
    return _el("path", *pairs)


def arrows_layer(board: Board, arrows: Iterable[Arrow]) -> list[str]:
    """The SVG elements drawing ``arrows`` on ``board``: the arrowhead markers, then one path
    per distinct arrow (legal first, the illegal one last, so it is drawn on top)."""
    drawn = sorted(set(arrows), key=lambda a: (list(ArrowKind).index(a.kind), a))
    if not drawn:
        return []
    kinds = sorted({arrow.kind for arrow in drawn}, key=list(ArrowKind).index)
    out = ["<defs>" + "".join(_marker(kind) for kind in kinds) + "</defs>", '<g class="moves">']
    geo = _Geometry(board)
    out.extend(path for arrow in drawn if (path := _path(geo, board, arrow)))
    out.append("</g>")
    return out
