"""The legend beside the SVG board: the game, the seats with their homes and finishes, and
a key to the marks this board uses."""

from __future__ import annotations

from dogrules.geometry.board import HOME, Board
from dogrules.geometry.features import (
    bones,
    card_colours,
    disc_fields,
    field_colours,
    holes,
    house_colours,
    meetings,
)
from dogrules.model.state import State
from dogrules.render.glyphs import _bone, _meeting, _paw
from dogrules.render.style import (
    _DISC_SHADE,
    _FACE_DOWN,
    _FIELD_FILLS,
    _HEIGHT,
    _HOLE_FILL,
    _INK,
    _LEGEND_X,
    COLOURS,
    _circle,
    _el,
    _partners,
    _text,
    described,
)
from dogrules.variants import title as variant_title


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

    line(variant_title(board.variant), 16.0, bold=True)
    line(f"{board.players} players{', teams' if state.teams else ''}, round {state.round}")
    line(f"phase: {state.phase.value}")
    to_act = state.to_act
    line(f"to act: seat {to_act} ({board.colour(to_act)})", bold=True)
    if state.winner:
        line("winner: " + ", ".join(f"seat {s}" for s in state.winner), bold=True)
    partners = _partners(board, state)
    if partners:
        line(partners, 10.0)
    for told in described(board, state):
        line(told, 10.0)
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
    if disc_fields(board):
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
        line("Black Dog", 10.0, dx=22.0)
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
