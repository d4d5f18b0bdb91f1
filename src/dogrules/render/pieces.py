"""The pieces on the SVG board: each seat's home with its pieces, the pieces on the track
and in the finish lanes, the face-down pieces and the Black Dog.

A face-down piece (Agent DOG, a piece standing on a hole) is drawn grey with a ``?`` and
without any trace of its owner: no colour, no seat class, and it is written after every
face-up piece in field order, so not even the document order tells whose it is (ruling
R-A9: a flipped piece shows no seat its colour).
"""

from __future__ import annotations

from dogrules.geometry.board import HOME, Board
from dogrules.model.state import State
from dogrules.render.geometry import _Geometry
from dogrules.render.glyphs import _piece
from dogrules.render.style import (
    _FACE_DOWN,
    _INK,
    _TINTS,
    _attrs,
    _circle,
    _el,
    _face_down,
    _occupants,
    _seat_colour,
    _seat_line,
    _text,
)


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
                ("data-loc", HOME),
            )
        )
        for index, (x, y) in enumerate(slots):
            if index < home:
                fill = _seat_colour(board, seat)
                out.append(
                    _piece(x, y, geo.piece_r, fill, f"piece seat-{seat} home", seat, "H", HOME)
                )
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
                out.append(_piece(x, y, r, fill, f"piece seat-{who}", who, label, location))
    for x, y, location in face_down:
        pairs = (
            ("class", "piece face-down"),
            ("data-field", f"T{location}"),
            ("data-loc", location),
        )
        halo = _circle(x, y, r + 2.0, ("fill", "#ffffff"))
        disc = _circle(x, y, r, ("fill", _FACE_DOWN), ("stroke", _INK), ("stroke-width", "1.8"))
        mark = _text(x, y + r * 0.1, "?", r * 1.5, ("fill", "#ffffff"), ("font-weight", "bold"))
        out.append(f"<g {_attrs(pairs)}>{halo}{disc}{mark}</g>")
    if dog is not None and state.black_dog is not None:
        x, y = dog
        pairs = (
            ("class", "black-dog"),
            ("data-field", board.label(state.black_dog)),
            ("data-loc", state.black_dog),
        )
        ring = _circle(
            x, y, r + 2.5, ("fill", "#ffffff"), ("stroke", "#000000"), ("stroke-width", "1.5")
        )
        disc = _circle(x, y, r + 0.5, ("fill", "#000000"))
        mark = _text(x, y + r * 0.1, "B", r * 1.35, ("fill", "#ffffff"), ("font-weight", "bold"))
        out.append(f"<g {_attrs(pairs)}>{ring}{disc}{mark}</g>")
    return out
