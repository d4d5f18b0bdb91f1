"""What the pictures share: colours, sizes and names, the small SVG element helpers, and
what both pictures read off a board and a state (occupants, start seats, paws, colours)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from dogrules.geometry.board import HOME, Board, sides
from dogrules.geometry.features import card_colours, field_colours, holes, paws
from dogrules.model.state import State
from dogrules.variants import implemented
from dogrules.variants import variant as get_variant

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


def described(board: Board, state: State) -> tuple[str, ...]:
    """The lines the variant's own part of ``state`` adds to a drawn or written board (see
    ``VariantPart.describe``); none for a variant without a part, or not registered."""
    part = get_variant(state.variant).ruleset.part if state.variant in implemented() else None
    return () if part is None else part.describe(board, state)


def _partners(board: Board, state: State) -> str | None:
    if not state.teams:
        return None
    pairs = " and ".join("+".join(map(str, side)) for side in sides(board.players, True))
    return f"partners: seats {pairs}"


# ---------------------------------------------------------------------------------------------
# SVG elements
# ---------------------------------------------------------------------------------------------


def _num(value: float) -> str:
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


# What quoteattr changes in an attribute value: a value with none of these (nearly every
# number, colour and class a picture writes) it only puts in double quotes, which costs a
# fraction of its six replacements (a book draws some 530,000 values).
_ESCAPED = re.compile(r'[&<>"\n\r\t]')


def _attrs(pairs: Iterable[tuple[str, object]]) -> str:
    parts = []
    for key, value in pairs:
        text = _num(value) if isinstance(value, float) else str(value)
        if _ESCAPED.search(text) is None:
            parts.append(f'{key}="{text}"')
        else:
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


def _el_open(tag: str, *pairs: tuple[str, object]) -> str:
    return f"<{tag} {_attrs(pairs)}>"
