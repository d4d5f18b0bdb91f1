"""Small drawings used on the board and in its legend: a piece, a paw, a bone and a
meeting-place badge."""

from __future__ import annotations

from dogrules.render.style import _INK, _attrs, _circle, _el, _text


def _piece(
    x: float, y: float, r: float, fill: str, classes: str, seat: int, field: str, loc: int
) -> str:
    """A face-up piece: a white halo (so dark pieces show on dark fields) and the disc.
    ``loc`` is its location's number (-1 at home), the ``data-loc`` a page clicks by."""
    pairs = (("class", classes), ("data-seat", seat), ("data-field", field), ("data-loc", loc))
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
