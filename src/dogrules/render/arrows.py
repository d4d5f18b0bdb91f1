"""Moves drawn on the SVG board: an arrow from each origin to each target, styled by what the
move is (legal, the one played, the illegal one a test asks about). An arrow that knows the
fields its piece steps on follows them along the track; one that does not (an illegal move,
a swap) bends toward the centre.

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
    CAPTURED = "captured"


@attrs.frozen(order=True)
class Arrow:
    """One move from ``origin`` to ``target`` (board locations; HOME is the home of
    ``seat``); ``via``: the locations stepped on after the origin, the target last (an
    event's path), when known."""

    origin: int
    target: int
    kind: ArrowKind
    seat: int = 0
    via: tuple[int, ...] = ()


# Colour, line width and dash pattern of each kind: legal moves green, the move played blue,
# the illegal move red and dashed (so it reads as refused without colour too), a piece sent
# home grey and dotted.
_STYLE: dict[ArrowKind, tuple[str, str, str]] = {
    ArrowKind.LEGAL: ("#1b8a3a", "3", ""),
    ArrowKind.PLAYED: ("#1f5fbf", "4.5", ""),
    ArrowKind.ILLEGAL: ("#c81e1e", "4", "9 6"),
    ArrowKind.CAPTURED: ("#555555", "3", "4 5"),
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
    stops = [(x0, y0), *(_point(geo, board, v, arrow.seat) for v in arrow.via)]
    gap = geo.field_r + 2  # the arrow's ends leave the pieces and fields seen
    d = _along(stops, gap) if arrow.via else _bent((x0, y0), (x1, y1), gap)
    colour, width, dash = _STYLE[arrow.kind]
    pairs: list[tuple[str, object]] = [
        ("class", f"move {arrow.kind.value}"),
        ("data-move", f"{board.label(arrow.origin, arrow.seat)}-{board.label(arrow.target)}"),
        ("d", d),
        ("fill", "none"),
        ("stroke", colour),
        ("stroke-width", width),
        ("stroke-linecap", "round"),
        ("stroke-linejoin", "round"),
        ("marker-end", f"url(#arrow-{arrow.kind.value})"),
    ]
    if dash:
        pairs.append(("stroke-dasharray", dash))
    return _el("path", *pairs)


Point = tuple[float, float]


def _toward(point: Point, other: Point, gap: float) -> Point:
    """``point`` moved ``gap`` toward ``other`` (so an arrow's ends leave the pieces seen)."""
    (x, y), (ox, oy) = point, other
    d = math.hypot(ox - x, oy - y) or 1.0
    return x + (ox - x) / d * min(gap, d / 2), y + (oy - y) / d * min(gap, d / 2)


def _along(stops: list[Point], gap: float) -> str:
    """A path through the centres of the fields a piece steps on, stopping short at both
    ends: a move along the ring follows the ring."""
    points = [_toward(stops[0], stops[1], gap), *stops[1:-1], _toward(stops[-1], stops[-2], gap)]
    first, *rest = points
    return f"M{_num(first[0])},{_num(first[1])}" + "".join(
        f" L{_num(x)},{_num(y)}" for x, y in rest
    )


def _bent(start: Point, end: Point, gap: float) -> str:
    """A curve from ``start`` to ``end`` bent toward the centre of the board, so that a move
    whose path is not known clears the fields between and two opposite moves do not overlap."""
    (x0, y0), (x1, y1) = start, end
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    control = (mx + (_CX - mx) * 0.3, my + (_CY - my) * 0.3)
    (sx, sy), (ex, ey) = _toward(start, control, gap), _toward(end, control, gap)
    cx, cy = control
    return f"M{_num(sx)},{_num(sy)} Q{_num(cx)},{_num(cy)} {_num(ex)},{_num(ey)}"


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
