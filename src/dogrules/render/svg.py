"""The SVG drawing of a position: ``svg(board, state)``, deterministic (the same input gives
byte-identical output: no timestamps, no random ids, every set is walked in sorted order).

The board (track fields, the Black DOG disc, finish lanes, marks, labels) is drawn here;
the pieces and homes come from :mod:`.pieces` and the legend from :mod:`.legend`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from dogrules.geometry.board import Board
from dogrules.geometry.features import (
    bones,
    disc_fields,
    field_colours,
    holes,
    house_colours,
    meetings,
    paws,
)
from dogrules.model.state import State
from dogrules.render.arrows import Arrow, arrows_layer
from dogrules.render.geometry import _Geometry
from dogrules.render.glyphs import _bone, _meeting, _paw
from dogrules.render.legend import _legend
from dogrules.render.pieces import _homes, _pieces
from dogrules.render.style import (
    _CX,
    _CY,
    _DISC_SHADE,
    _FIELD_FILLS,
    _HEIGHT,
    _HOLE_FILL,
    _INK,
    _PAPER,
    _RING,
    _TINTS,
    _WIDTH,
    _circle,
    _el,
    _el_open,
    _num,
    _ordered_colours,
    _paw_kind,
    _seat_colour,
    _seat_line,
    _start_seat,
    _text,
)
from dogrules.variants import title as variant_title


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
        pairs = (
            ("class", "half"),
            ("data-field", f"T{field}"),
            ("data-loc", field),
            ("data-colour", colour),
        )
        halves.append(_el("path", *pairs, ("d", d), ("fill", _FIELD_FILLS.get(colour, "#ffffff"))))
    return "".join(halves)


def _track_field(geo: _Geometry, board: Board, field: int) -> str:
    x, y = geo.at(field)
    r = geo.field_r
    seat = _start_seat(board, field)
    printed_start = field in board.printed_starts
    classes = ["field", "track"]
    pairs: list[tuple[str, object]] = [("data-field", f"T{field}"), ("data-loc", field)]
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
                ("data-loc", location),
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


def svg(board: Board, state: State, arrows: Iterable[Arrow] = ()) -> str:
    """An SVG drawing of ``state`` on ``board`` (deterministic: same input, same bytes).

    Track fields are circles labelled with their numbers; start fields ringed in their
    seat's colour; finish lanes run toward the centre; homes sit outside the ring beside
    each start field. Every piece of every seat is one ``<g class="piece ...">`` element:
    face-up pieces carry ``seat-<n>`` and ``data-seat``; face-down ones are
    ``class="piece face-down"`` with no colour or owner; the Black Dog is
    ``class="black-dog"``. ``arrows`` are moves drawn above the pieces
    (:mod:`.arrows`), each a ``<path class="move legal|played|illegal">``.

    Every field, piece, home and the Black Dog carries ``data-loc``: the number of its
    location (``-1`` for a home), the value a staged choice's option names, so that a page
    can map a click to an option.
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
            text=f"{variant_title(board.variant)}, {board.players} players, "
            f"phase {state.phase.value}",
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
            _CX,
            _CY - 14,
            variant_title(board.variant),
            26.0,
            ("fill", "#555555"),
            ("font-weight", "bold"),
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
    out.extend(arrows_layer(board, arrows))
    out.extend(_legend(board, state))
    out.append("</svg>")
    return "\n".join(out) + "\n"
