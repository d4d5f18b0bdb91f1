"""The plain-text board for terminals: ``text_board(board, state)``, at most 100 columns
wide and deterministic."""

from __future__ import annotations

from collections.abc import Sequence

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
from dogrules.render.style import (
    _code,
    _occupants,
    _ordered_colours,
    _partners,
    _paw_kind,
    _start_seat,
    described,
)
from dogrules.variants import title as variant_title


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
        f"{variant_title(board.variant)}: {board.players} players"
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
    lines += described(board, state)
    if holes(board):
        hidden = sorted(loc for loc in occupants if loc in holes(board))
        named = ", ".join(f"T{loc}" for loc in hidden) if hidden else "none"
        lines.append(f"Face down (colour hidden): {named}")
    return "\n".join(lines) + "\n"
