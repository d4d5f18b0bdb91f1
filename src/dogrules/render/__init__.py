"""Pictures of a position: an SVG drawing of the board and a plain-text board for terminals.

Both are pure functions of ``(board, state)``: the same input gives byte-identical output
(no timestamps, no random ids, every set is walked in sorted order).

The geometry follows the layout data (see ``specs/layouts``): the track is drawn as a ring,
``T0`` at the bottom and numbers rising clockwise, so with 4 players seat 0 sits at the
bottom, seat 1 on the left, seat 2 at the top and seat 3 on the right. Each seat's finish
lane runs from its start field toward the centre and its home sits outside the ring beside
the start field.

A face-down piece (Agent DOG, a piece standing on a hole) is drawn grey with a ``?`` and
without any trace of its owner: no colour, no seat class, and it is written after every
face-up piece in field order, so not even the document order tells whose it is (ruling
R-A9: a flipped piece shows no seat its colour).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

from dogrules.geometry.board import HOME, Board
from dogrules.geometry.features import (
    bones,
    card_colours,
    disc_fields,
    field_colours,
    holes,
    house_colours,
    meetings,
    paws,
)
from dogrules.model.state import State

__all__ = ["COLOURS", "svg", "text_board"]

#: Fill of every colour name the layouts use (piece colours and DOG Kids card colours).
COLOURS: dict[str, str] = {
    "red": "#d62828",
    "blue": "#1f5fbf",
    "green": "#2a9d3a",
    "yellow": "#f2c200",
    "white": "#ffffff",
    "grey": "#9a9a9a",
    "brown": "#8b5a2b",
    "black": "#1c1c1c",
}
#: Lighter fills for DOG Kids' coloured track and dog-house fields (by card colour).
_FIELD_FILLS: dict[str, str] = {
    "blue": "#6fa8e8",
    "red": "#ec7a7a",
    "green": "#72c472",
    "yellow": "#f7dc5c",
}
#: Tints of a seat colour for its start field and finish lane (Black DOG, Agent DOG).
_TINTS: dict[str, str] = {
    "red": "#f7d4d4",
    "blue": "#d3e0f5",
    "green": "#d3efd6",
    "yellow": "#fbf0bf",
    "white": "#ffffff",
    "grey": "#e4e4e4",
    "brown": "#ead9c6",
    "black": "#cfcfcf",
}
_CODES: dict[str, str] = {
    "red": "r",
    "blue": "b",
    "green": "g",
    "yellow": "y",
    "white": "wh",
    "grey": "gy",
    "brown": "br",
    "black": "bk",
}
_NAMES = {"black-dog": "Black DOG", "agent-dog": "Agent DOG", "dog-kids": "DOG Kids"}

_WIDTH = 980
_HEIGHT = 800
_CX = 400.0
_CY = 400.0
_RING = 300.0
_INK = "#1a1a1a"
_PAPER = "#fbf8f0"
_FACE_DOWN = "#6e6e6e"
_DISC_SHADE = "#d8d2e6"
_HOLE_FILL = "#d4d4d4"
_LEGEND_X = 792.0


# ---------------------------------------------------------------------------------------------
# Shared helpers
# ---------------------------------------------------------------------------------------------


def _name(variant: str) -> str:
    return _NAMES.get(variant, variant)


def _code(colour: str) -> str:
    return _CODES.get(colour, colour[:2])


def _seat_colour(board: Board, seat: int) -> str:
    return COLOURS.get(board.colour(seat), "#777777")


def _seat_line(board: Board, seat: int) -> str:
    """A seat's colour for outlines and lines: a white seat's lines are drawn grey."""
    fill = _seat_colour(board, seat)
    return "#8a8a8a" if fill == "#ffffff" else fill


def _start_seat(board: Board, field: int) -> int | None:
    return board.start_owner(field)


def _paw_kind(board: Board, field: int) -> str:
    """``"black"`` or ``"white"``: the first paw of a quadrant is the black one (BD-L-PAWS)."""
    size = board.quadrant_size
    first = min(f % size for f in paws(board))
    return "black" if field % size == first else "white"


def _ordered_colours(board: Board, field: int) -> tuple[str, ...]:
    """A track field's colours in printed order: a start field of quadrant q shows C[q] first,
    then C[q+1] (KD-L-FIELD-COLOURS)."""
    colours = field_colours(board)[field]
    order = card_colours(board)
    if not order:
        return tuple(sorted(colours))
    quadrant = field // board.quadrant_size
    return tuple(
        sorted(colours, key=lambda c: ((order.index(c) - quadrant) % len(order), c))
        if all(c in order for c in colours)
        else sorted(colours)
    )


def _face_down(board: Board, location: int) -> bool:
    return location in holes(board)


def _occupants(board: Board, state: State) -> dict[int, list[int]]:
    """Location -> the seats with a piece there (homes left out), in seat order."""
    found: dict[int, list[int]] = {}
    for seat, locations in enumerate(state.pieces):
        for location in locations:
            if location != HOME:
                found.setdefault(location, []).append(seat)
    return found


def _partners(board: Board, state: State) -> str | None:
    if board.players != 4 or (board.variant == "dog-kids" and not state.teams):
        return None
    return "partners: seats 0+2 and 1+3"


# ---------------------------------------------------------------------------------------------
# SVG
# ---------------------------------------------------------------------------------------------


def _num(value: float) -> str:
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


def _attrs(pairs: Iterable[tuple[str, object]]) -> str:
    parts = []
    for key, value in pairs:
        text = _num(value) if isinstance(value, float) else str(value)
        parts.append(f"{key}={quoteattr(text)}")
    return " ".join(parts)


def _el(tag: str, *pairs: tuple[str, object], text: str | None = None) -> str:
    head = f"<{tag} {_attrs(pairs)}" if pairs else f"<{tag}"
    if text is None:
        return head + "/>"
    return f"{head}>{escape(text)}</{tag}>"


def _circle(x: float, y: float, r: float, *pairs: tuple[str, object]) -> str:
    return _el("circle", ("cx", x), ("cy", y), ("r", r), *pairs)


def _text(x: float, y: float, content: str, size: float, *pairs: tuple[str, object]) -> str:
    return _el(
        "text",
        ("x", x),
        ("y", y),
        ("font-size", size),
        ("text-anchor", "middle"),
        ("dominant-baseline", "central"),
        *pairs,
        text=content,
    )


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


def _piece(x: float, y: float, r: float, fill: str, classes: str, seat: int, field: str) -> str:
    """A face-up piece: a white halo (so dark pieces show on dark fields) and the disc."""
    pairs = (("class", classes), ("data-seat", seat), ("data-field", field))
    halo = _circle(x, y, r + 2.0, ("fill", "#ffffff"))
    disc = _circle(x, y, r, ("fill", fill), ("stroke", _INK), ("stroke-width", "1.8"))
    return f"<g {_attrs(pairs)}>{halo}{disc}</g>"


def _where(field: int | None) -> tuple[tuple[str, object], ...]:
    return () if field is None else (("data-field", f"T{field}"),)


def _paw(x: float, y: float, size: float, kind: str, field: int | None) -> str:
    fill = _INK if kind == "black" else "#ffffff"
    style = (("fill", fill), ("stroke", _INK), ("stroke-width", "1"))
    parts = [
        _el(
            "ellipse",
            ("cx", x),
            ("cy", y + size * 0.3),
            ("rx", size * 0.5),
            ("ry", size * 0.4),
            *style,
        )
    ]
    for dx, dy in ((-0.62, -0.22), (-0.23, -0.62), (0.23, -0.62), (0.62, -0.22)):
        parts.append(_circle(x + dx * size, y + dy * size, size * 0.21, *style))
    pairs = (("class", f"paw paw-{kind}"), *_where(field))
    return f"<g {_attrs(pairs)}>{''.join(parts)}</g>"


def _bone(x: float, y: float, size: float, field: int | None) -> str:
    style = (("fill", "#fffdf5"), ("stroke", _INK), ("stroke-width", "1"))
    w, h, k = size * 1.1, size * 0.34, size * 0.28
    parts = [
        _circle(x - w / 2, y - k * 0.8, k, *style),
        _circle(x - w / 2, y + k * 0.8, k, *style),
        _circle(x + w / 2, y - k * 0.8, k, *style),
        _circle(x + w / 2, y + k * 0.8, k, *style),
        _el("rect", ("x", x - w / 2), ("y", y - h / 2), ("width", w), ("height", h), *style),
        _el(
            "rect",
            ("x", x - w / 2 - 0.5),
            ("y", y - h / 2 + 1),
            ("width", w + 1),
            ("height", h - 2),
            ("fill", "#fffdf5"),
        ),
    ]
    pairs = (("class", "bone"), *_where(field))
    return f"<g {_attrs(pairs)}>{''.join(parts)}</g>"


def _meeting(x: float, y: float, field: int | None) -> str:
    """A meeting-place badge; the legend's copy (``field`` None) leaves out the "007" text so
    the picture names the four meeting places only."""
    pairs = (("class", "meeting"), *_where(field))
    label = field is not None
    half = 13.0 if label else 8.0
    box = _el(
        "rect",
        ("x", x - half),
        ("y", y - 7.0),
        ("width", 2 * half),
        ("height", 14.0),
        ("rx", 3.0),
        ("fill", _INK),
    )
    text = _text(x, y, "007", 9.0, ("fill", "#ffffff"), ("font-weight", "bold")) if label else ""
    return f"<g {_attrs(pairs)}>{box}{text}</g>"


def _band(geo: _Geometry, first: int, last: int) -> str:
    """An annular sector behind track fields ``first..last`` (the Black DOG disc)."""
    inner, outer = _RING - geo.field_r - 5, _RING + geo.field_r + 5
    a0, a1 = first - 0.5, last + 0.5
    (x0, y0), (x1, y1) = geo.at(a0, outer), geo.at(a1, outer)
    (x2, y2), (x3, y3) = geo.at(a1, inner), geo.at(a0, inner)
    path = (
        f"M{_num(x0)},{_num(y0)} A{_num(outer)},{_num(outer)} 0 0 1 {_num(x1)},{_num(y1)} "
        f"L{_num(x2)},{_num(y2)} A{_num(inner)},{_num(inner)} 0 0 0 {_num(x3)},{_num(y3)} Z"
    )
    return _el(
        "path",
        ("class", "disc"),
        ("d", path),
        ("fill", _DISC_SHADE),
        ("stroke", "#8c7fb0"),
        ("stroke-width", "1.2"),
        ("data-fields", f"T{first}-T{last}"),
    )


def _split_field(geo: _Geometry, field: int, r: float, colours: Sequence[str]) -> str:
    """A two-coloured DOG Kids start field: first colour on the counter-clockwise half."""
    x, y = geo.at(field)
    (ux, uy), _ = geo.frame(field)
    ax, ay, bx, by = x + ux * r, y + uy * r, x - ux * r, y - uy * r
    halves = []
    for colour, sweep in zip(colours, (0, 1), strict=False):
        d = f"M{_num(ax)},{_num(ay)} A{_num(r)},{_num(r)} 0 0 {sweep} {_num(bx)},{_num(by)} Z"
        pairs = (("class", "half"), ("data-field", f"T{field}"), ("data-colour", colour))
        halves.append(_el("path", *pairs, ("d", d), ("fill", _FIELD_FILLS.get(colour, "#ffffff"))))
    return "".join(halves)


def _track_field(geo: _Geometry, board: Board, field: int) -> str:
    x, y = geo.at(field)
    r = geo.field_r
    seat = _start_seat(board, field)
    printed_start = field in board.printed_starts
    classes = ["field", "track"]
    pairs: list[tuple[str, object]] = [("data-field", f"T{field}")]
    fill, stroke, width = "#ffffff", "#555555", "1.2"
    extra = ""
    kids = bool(field_colours(board))
    if kids:
        colours = _ordered_colours(board, field)
        pairs.append(("data-colours", "+".join(colours)))
        fill = _FIELD_FILLS.get(colours[0], "#ffffff")
        if len(colours) > 1:
            extra = _split_field(geo, field, r, colours)
            fill = "none"
    if printed_start:
        classes.append("start")
        r += 2.5
        if seat is None:
            stroke, width = "#555555", "3"
        else:
            classes.append(f"seat-{seat}")
            pairs.append(("data-seat", seat))
            stroke, width = _seat_colour(board, seat), "4"
            if not kids:
                fill = _TINTS.get(board.colour(seat), "#ffffff")
    if field in disc_fields(board):
        classes.append("on-disc")
    if field in holes(board):
        classes.append("hole")
        fill, stroke, width = _HOLE_FILL, _INK, "4.5"
    if field in bones(board):
        classes.append("bone-field")
        stroke, width = _INK, "2.5"
    parts = []
    if printed_start and seat is not None and kids:
        # A white dog's start ring must show on white paper: outline it in ink first.
        parts.append(_circle(x, y, r + 2.8, ("fill", _INK)))
    body = _circle(
        x,
        y,
        r,
        ("class", " ".join(classes)),
        *pairs,
        ("fill", fill),
        ("stroke", stroke),
        ("stroke-width", width),
    )
    if extra:
        # Split fill first, then the ring on top.
        parts.append(_circle(x, y, r, ("fill", "#ffffff")))
        parts.append(extra)
    parts.append(body)
    if field in holes(board):
        parts.append(
            _circle(
                x, y, r * 0.45, ("fill", "none"), ("stroke", "#555555"), ("stroke-width", "1.5")
            )
        )
    return "".join(parts)


def _lanes(geo: _Geometry, board: Board) -> list[str]:
    out = []
    r = geo.field_r
    for seat in board.seats:
        start = board.start[seat]
        sx, sy = geo.at(start, _RING - r)
        ex, ey = geo.at(start, _RING - board.finish * geo.lane_step)
        colour = _seat_line(board, seat)
        out.append(
            _el(
                "line",
                ("x1", sx),
                ("y1", sy),
                ("x2", ex),
                ("y2", ey),
                ("stroke", colour),
                ("stroke-width", "5"),
                ("stroke-linecap", "round"),
                ("opacity", "0.55"),
            )
        )
        (_, _), (tx, ty) = geo.frame(start)
        for k in range(1, board.finish + 1):
            location = board.lane(seat, k)
            x, y = geo.location(location)
            pairs: list[tuple[str, object]] = [
                ("class", f"field lane seat-{seat}"),
                ("data-field", f"F{k}@{seat}"),
            ]
            if house_colours(board):
                house = house_colours(board)[seat][k - 1]
                pairs.append(("data-colours", house))
                fill = _FIELD_FILLS.get(house, "#ffffff")
            else:
                fill = _TINTS.get(board.colour(seat), "#ffffff")
            out.append(
                _circle(
                    x, y, r, *pairs, ("fill", fill), ("stroke", colour), ("stroke-width", "2.5")
                )
            )
            lx, ly = x + tx * (r + 10), y + ty * (r + 10)
            out.append(_text(lx, ly, f"F{k}", 8.0, ("fill", "#444444")))
    return out


def _homes(geo: _Geometry, board: Board, state: State) -> list[str]:
    out = []
    for seat in board.seats:
        slots = geo.home_slots(seat)
        colour = _seat_line(board, seat)
        home = sum(1 for loc in state.pieces[seat] if loc == HOME)
        xs = [x for x, _ in slots]
        ys = [y for _, y in slots]
        pad = geo.piece_r + 5
        out.append(
            _el(
                "rect",
                ("class", f"home seat-{seat}"),
                ("x", min(xs) - pad),
                ("y", min(ys) - pad),
                ("width", max(xs) - min(xs) + 2 * pad),
                ("height", max(ys) - min(ys) + 2 * pad),
                ("rx", 8.0),
                ("fill", _TINTS.get(board.colour(seat), "#ffffff")),
                ("stroke", colour),
                ("stroke-width", "2"),
                ("data-home", home),
            )
        )
        for index, (x, y) in enumerate(slots):
            if index < home:
                fill = _seat_colour(board, seat)
                out.append(_piece(x, y, geo.piece_r, fill, f"piece seat-{seat} home", seat, "H"))
            else:
                out.append(
                    _circle(
                        x,
                        y,
                        geo.piece_r,
                        ("fill", "none"),
                        ("stroke", "#888888"),
                        ("stroke-width", "1"),
                        ("stroke-dasharray", "2 2"),
                    )
                )
        # The count, beyond the row's clockwise end.
        start = board.start[seat]
        _, (tx, ty) = geo.frame(start)
        ex, ey = slots[-1]
        out.append(
            _text(
                ex + tx * (geo.piece_r + 30),
                ey + ty * (geo.piece_r + 30),
                f"home {home}",
                10.0,
                ("fill", _INK),
                ("class", f"home-count seat-{seat}"),
            )
        )
    return out


def _offsets(count: int, spread: float) -> list[float]:
    return [(i - (count - 1) / 2) * spread for i in range(count)]


def _pieces(geo: _Geometry, board: Board, state: State) -> list[str]:
    out: list[str] = []
    occupants = _occupants(board, state)
    if state.black_dog is not None:
        occupants.setdefault(state.black_dog, [])
    face_down: list[tuple[float, float, int]] = []
    dog: tuple[float, float] | None = None
    r = geo.piece_r
    for location in sorted(occupants):
        seats = occupants[location]
        everyone: list[int | None] = list(seats)
        if location == state.black_dog:
            everyone.append(None)
        if board.is_track(location):
            _, (tx, ty) = geo.frame(location)
        else:
            _, (tx, ty) = geo.frame(board.start[board.lane_owner(location)])
        x0, y0 = geo.location(location)
        for who, shift in zip(everyone, _offsets(len(everyone), r * 0.9), strict=True):
            x, y = x0 + tx * shift, y0 + ty * shift
            if who is None:
                dog = (x, y)
            elif _face_down(board, location):
                face_down.append((x, y, location))
            else:
                label = board.label(location, who)
                fill = _seat_colour(board, who)
                out.append(_piece(x, y, r, fill, f"piece seat-{who}", who, label))
    for x, y, location in face_down:
        pairs = (("class", "piece face-down"), ("data-field", f"T{location}"))
        halo = _circle(x, y, r + 2.0, ("fill", "#ffffff"))
        disc = _circle(x, y, r, ("fill", _FACE_DOWN), ("stroke", _INK), ("stroke-width", "1.8"))
        mark = _text(x, y + r * 0.1, "?", r * 1.5, ("fill", "#ffffff"), ("font-weight", "bold"))
        out.append(f"<g {_attrs(pairs)}>{halo}{disc}{mark}</g>")
    if dog is not None and state.black_dog is not None:
        x, y = dog
        pairs = (("class", "black-dog"), ("data-field", board.label(state.black_dog)))
        ring = _circle(
            x, y, r + 2.5, ("fill", "#ffffff"), ("stroke", "#000000"), ("stroke-width", "1.5")
        )
        disc = _circle(x, y, r + 0.5, ("fill", "#000000"))
        mark = _text(x, y + r * 0.1, "B", r * 1.35, ("fill", "#ffffff"), ("font-weight", "bold"))
        out.append(f"<g {_attrs(pairs)}>{ring}{disc}{mark}</g>")
    return out


def _marks(geo: _Geometry, board: Board) -> list[str]:
    """Glyphs just inside the ring: paws, 007 meeting places, bones."""
    out = []
    size = geo.field_r * 0.85
    for field in sorted(paws(board)):
        x, y = geo.at(field, geo.mark_radius)
        out.append(_paw(x, y, size, _paw_kind(board, field), field))
    for field in sorted(meetings(board)):
        x, y = geo.at(field, geo.mark_radius - 6)
        out.append(_meeting(x, y, field))
    for field in sorted(bones(board)):
        x, y = geo.at(field, geo.mark_radius - 4)
        out.append(_bone(x, y, size * 1.2, field))
    return out


def _legend(board: Board, state: State) -> list[str]:
    x = _LEGEND_X
    out = [
        _el(
            "rect",
            ("class", "legend"),
            ("x", x - 10),
            ("y", 14.0),
            ("width", 184.0),
            ("height", _HEIGHT - 28.0),
            ("rx", 8.0),
            ("fill", "#ffffff"),
            ("stroke", "#bbbbbb"),
        )
    ]
    y = 38.0

    def line(content: str, size: float = 11.0, dx: float = 0.0, bold: bool = False) -> None:
        nonlocal y
        pairs: list[tuple[str, object]] = [
            ("x", x + dx),
            ("y", y),
            ("font-size", size),
            ("fill", _INK),
            ("dominant-baseline", "central"),
        ]
        if bold:
            pairs.append(("font-weight", "bold"))
        out.append(_el("text", *pairs, text=content))
        y += size + 6

    line(_name(board.variant), 16.0, bold=True)
    line(f"{board.players} players{', teams' if state.teams else ''}, round {state.round}")
    line(f"phase: {state.phase.value}")
    to_act = state.to_act
    line(f"to act: seat {to_act} ({board.colour(to_act)})", bold=True)
    if state.winner:
        line("winner: " + ", ".join(f"seat {s}" for s in state.winner), bold=True)
    partners = _partners(board, state)
    if partners:
        line(partners, 10.0)
    y += 6
    line("Seats", 12.0, bold=True)
    for seat in board.seats:
        colour = board.colour(seat)
        locations = state.pieces[seat]
        home = sum(1 for loc in locations if loc == HOME)
        done = sum(1 for loc in locations if board.is_lane(loc))
        marker = "> " if seat == to_act else ""
        out.append(
            _circle(
                x + 7,
                y,
                7.0,
                ("fill", COLOURS.get(colour, "#777777")),
                ("stroke", _INK),
                ("stroke-width", "1.5"),
                ("class", f"swatch seat-{seat}"),
            )
        )
        line(f"{marker}seat {seat} {colour}", 11.0, dx=20.0, bold=seat == to_act)
        line(f"home {home}, finish {done}/{board.finish}", 9.5, dx=20.0)
    y += 6
    line("Key", 12.0, bold=True)
    if board.variant == "black-dog":
        where = "not placed" if state.black_dog is None else board.label(state.black_dog)
        out.append(
            _el(
                "rect",
                ("x", x),
                ("y", y - 7),
                ("width", 16.0),
                ("height", 14.0),
                ("fill", _DISC_SHADE),
                ("stroke", "#8c7fb0"),
            )
        )
        line("disc fields (turn 90 deg)", 10.0, dx=22.0)
        out.append(_paw(x + 8, y, 8.0, "black", None))
        line("black paw", 10.0, dx=22.0)
        out.append(_paw(x + 8, y, 8.0, "white", None))
        line("white paw", 10.0, dx=22.0)
        out.append(_circle(x + 8, y, 7.5, ("fill", "#000000"), ("stroke", "#ffffff")))
        out.append(_text(x + 8, y + 0.5, "B", 10.0, ("fill", "#ffffff"), ("font-weight", "bold")))
        line(f"Black Dog: {where}", 10.0, dx=22.0)
    if holes(board):
        out.append(
            _circle(x + 8, y, 7.0, ("fill", _HOLE_FILL), ("stroke", _INK), ("stroke-width", "3"))
        )
        line("hole (piece turns face down)", 10.0, dx=22.0)
        out.append(_circle(x + 8, y, 7.0, ("fill", _FACE_DOWN), ("stroke", _INK)))
        out.append(_text(x + 8, y + 0.5, "?", 10.0, ("fill", "#ffffff"), ("font-weight", "bold")))
        hidden = sum(1 for locs in state.pieces for loc in locs if loc in holes(board))
        line(f"face-down piece ({hidden} now)", 10.0, dx=22.0)
    if meetings(board):
        out.append(_meeting(x + 8, y, None))
        line("agents' meeting place", 10.0, dx=22.0)
    if bones(board):
        out.append(_bone(x + 8, y, 11.0, None))
        line("bone field (ink outline)", 10.0, dx=22.0)
    if field_colours(board):
        for colour in card_colours(board):
            out.append(
                _circle(
                    x + 8,
                    y,
                    7.0,
                    ("fill", _FIELD_FILLS.get(colour, "#ffffff")),
                    ("stroke", "#555555"),
                )
            )
            line(f"{colour} field", 10.0, dx=22.0)
    out.append(
        _circle(x + 8, y, 7.0, ("fill", "#ffffff"), ("stroke", "#555555"), ("stroke-width", "3.5"))
    )
    line("start field (ring: its seat)", 10.0, dx=22.0)
    lane = "dog house" if house_colours(board) else "finish lane"
    line(f"F1..F{board.finish}: {lane}, toward centre", 10.0)
    return out


def svg(board: Board, state: State) -> str:
    """An SVG drawing of ``state`` on ``board`` (deterministic: same input, same bytes).

    Track fields are circles labelled with their numbers; start fields ringed in their
    seat's colour; finish lanes run toward the centre; homes sit outside the ring beside
    each start field. Every piece of every seat is one ``<g class="piece ...">`` element:
    face-up pieces carry ``seat-<n>`` and ``data-seat``; face-down ones are
    ``class="piece face-down"`` with no colour or owner; the Black Dog is
    ``class="black-dog"``.
    """
    geo = _Geometry(board)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        _el_open(
            "svg",
            ("xmlns", "http://www.w3.org/2000/svg"),
            ("width", _WIDTH),
            ("height", _HEIGHT),
            ("viewBox", f"0 0 {_WIDTH} {_HEIGHT}"),
            ("font-family", "DejaVu Sans, Helvetica, Arial, sans-serif"),
            ("class", "board"),
            ("data-variant", board.variant),
        ),
        _el(
            "title",
            text=f"{_name(board.variant)}, {board.players} players, phase {state.phase.value}",
        ),
        _el("rect", ("x", 0), ("y", 0), ("width", _WIDTH), ("height", _HEIGHT), ("fill", _PAPER)),
        _circle(
            _CX,
            _CY,
            _RING + geo.field_r + 14,
            ("fill", "#f1ead8"),
            ("stroke", "#c9bd9c"),
            ("stroke-width", "2"),
        ),
        _circle(_CX, _CY, _RING, ("fill", "none"), ("stroke", "#9a9a9a"), ("stroke-width", "3")),
    ]
    if disc_fields(board):
        size = board.quadrant_size
        for quadrant in range(board.quadrants):
            fields = sorted(f for f in disc_fields(board) if f // size == quadrant)
            if fields:
                out.append(_band(geo, fields[0], fields[-1]))
    out.extend(_lanes(geo, board))
    for field in range(board.track):
        out.append(_track_field(geo, board, field))
        # Clear a start field's thicker ring (DOG Kids adds an ink ring round it).
        extra = (9.0 if field_colours(board) else 4.0) if field in board.printed_starts else 0.0
        lx, ly = geo.at(field, geo.label_radius + extra)
        out.append(_text(lx, ly, str(field), 9.0, ("fill", "#333333"), ("class", "label")))
    out.extend(_marks(geo, board))
    out.append(
        _text(
            _CX, _CY - 14, _name(board.variant), 26.0, ("fill", "#555555"), ("font-weight", "bold")
        )
    )
    out.append(
        _text(
            _CX,
            _CY + 16,
            f"seat {state.to_act} ({board.colour(state.to_act)}) to act",
            13.0,
            ("fill", "#555555"),
        )
    )
    out.extend(_homes(geo, board, state))
    out.extend(_pieces(geo, board, state))
    out.extend(_legend(board, state))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _el_open(tag: str, *pairs: tuple[str, object]) -> str:
    return f"<{tag} {_attrs(pairs)}>"


# ---------------------------------------------------------------------------------------------
# Plain text
# ---------------------------------------------------------------------------------------------


def _field_token(board: Board, state: State, field: int, occupants: Sequence[int]) -> str:
    marks: list[str] = []
    if field_colours(board):
        marks.append("+".join(_code(c) for c in _ordered_colours(board, field)))
    if field in board.printed_starts:
        seat = _start_seat(board, field)
        marks.append("S" if seat is None else f"S:{_code(board.colour(seat))}")
    if field in paws(board):
        marks.append("bp" if _paw_kind(board, field) == "black" else "wp")
    elif field in disc_fields(board):
        marks.append("d")
    if field in holes(board):
        marks.append("h")
    if field in meetings(board):
        marks.append("007")
    if field in bones(board):
        marks.append("bone")
    contents = (
        ["?"] * len(occupants)
        if field in holes(board)
        else [_code(board.colour(seat)) for seat in occupants]
    )
    if state.black_dog == field:
        contents.append("B")
    if not marks and not contents:
        return "."
    token = f"T{field}"
    if marks:
        token += f"({','.join(marks)})"
    if contents:
        token += f"[{','.join(contents)}]"
    return token


def _key(board: Board) -> list[str]:
    codes = ", ".join(f"{_code(c)} {c}" for c in (board.colour(s) for s in board.seats))
    lines = [f"Key: [x] piece ({codes}); S:x start of x; . empty field"]
    if disc_fields(board):
        lines.append("     (d) disc field, (bp)/(wp) black/white paw (on the disc); [B] Black Dog")
    if holes(board) or meetings(board):
        lines.append("     (h) hole, a piece on it is face down [?]; (007) meeting place")
    if field_colours(board):
        cards = ", ".join(f"{_code(c)} {c}" for c in card_colours(board))
        lines.append(f"     (x) field colour ({cards}); (bone) bone field")
    return lines


def _track_lines(tokens: Sequence[str], board: Board) -> list[str]:
    """Rows of field tokens in fixed columns, as many per row (a divisor of the quadrant size)
    as fit in 100 columns; a header gives each column's offset from the row's first field."""
    longest = max(len(t) for t in tokens)
    width = longest + 1
    prefix_width = len(f"T{board.track - 1}:") + 1
    size = board.quadrant_size
    per_row = 1
    for candidate in range(size, 0, -1):
        if size % candidate == 0 and prefix_width + (candidate - 1) * width + longest <= 100:
            per_row = candidate
            break
    header = " " * prefix_width + "".join(f"+{i}".ljust(width) for i in range(per_row))
    lines = [header.rstrip()]
    for first in range(0, board.track, per_row):
        row = tokens[first : first + per_row]
        prefix = f"T{first}:".ljust(prefix_width)
        lines.append((prefix + "".join(t.ljust(width) for t in row)).rstrip())
    return lines


def text_board(board: Board, state: State) -> str:
    """A plain-text board, at most 100 columns wide.

    The track is printed as rows of field tokens: ``T12[r]`` is a red piece on T12,
    ``T7(bp)`` an empty Black DOG black-paw field, ``.`` an empty plain field; a face-down
    piece (Agent DOG) shows as ``[?]`` whatever its colour. Then each seat's home and
    finish, the Black Dog and the face-down pieces.
    """
    occupants = _occupants(board, state)
    to_act = state.to_act
    head = (
        f"{_name(board.variant)}: {board.players} players"
        f"{', teams' if state.teams else ''}, round {state.round}, phase {state.phase.value},"
        f" seat {to_act} ({board.colour(to_act)}) to act"
    )
    lines = [head]
    if state.winner:
        lines.append("Winner: " + ", ".join(f"seat {s}" for s in state.winner))
    partners = _partners(board, state)
    if partners:
        lines.append(partners[0].upper() + partners[1:])
    lines.extend(_key(board))
    lines.append(f"Track T0..T{board.track - 1}, clockwise:")
    tokens = [
        _field_token(board, state, field, occupants.get(field, ())) for field in range(board.track)
    ]
    lines.extend(_track_lines(tokens, board))
    lane_name = "house" if house_colours(board) else "finish"
    lines.append("Seats:")
    for seat in board.seats:
        colour = board.colour(seat)
        locations = state.pieces[seat]
        home = sum(1 for loc in locations if loc == HOME)
        lane = []
        for k in range(1, board.finish + 1):
            here = occupants.get(board.lane(seat, k), [])
            lane.append(
                f"F{k}" + (f"[{','.join(_code(board.colour(s)) for s in here)}]" if here else ".")
            )
        done = sum(1 for loc in locations if board.is_lane(loc))
        colours = (
            f" ({'/'.join(_code(c) for c in house_colours(board)[seat])})"
            if house_colours(board)
            else ""
        )
        marker = ">" if seat == to_act else " "
        lines.append(
            f" {marker} seat {seat} {colour:<6} ({_code(colour)}) start T{board.start[seat]:<3}"
            f" home {home}/{board.pieces_per_seat}  {lane_name}{colours} {done}/{board.finish}: "
            + " ".join(lane)
        )
    if disc_fields(board):
        where = "not on the board" if state.black_dog is None else board.label(state.black_dog)
        lines.append(f"Black Dog: {where}")
    if holes(board):
        hidden = sorted(loc for loc in occupants if loc in holes(board))
        named = ", ".join(f"T{loc}" for loc in hidden) if hidden else "none"
        lines.append(f"Face down (colour hidden): {named}")
    return "\n".join(lines) + "\n"
