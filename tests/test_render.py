"""Board pictures: the SVG drawing and the plain-text board (dogrules.render).

Each test cites the layout clause its picture shows: the disc band and paws (BD-L-DISC,
BD-L-PAWS), the holes and 007 meeting places (AD-L-HOLES, AD-L-MEETINGS), the coloured track,
bones and dog houses (KD-L-FIELD-COLOURS, KD-L-BONES, KD-L-HOUSES), and ruling R-A9: a
face-down piece shows no one its colour, so neither picture may reveal it.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Mapping, Sequence

import pytest

import dogrules
from dogrules import State
from dogrules.geometry.board import HOME, Board
from dogrules.geometry.features import (
    bones,
    card_colours,
    disc_fields,
    field_colours,
    holes,
    house_colours,
)
from dogrules.render import COLOURS, svg, text_board

SVG_NS = "{http://www.w3.org/2000/svg}"
BD = dogrules.variant("black-dog")
AD = dogrules.variant("agent-dog")
KD = dogrules.variant("dog-kids")


# ---------------------------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------------------------


def played(variant: dogrules.Variant, players: int, seed: int, steps: int) -> State:
    """A game after ``steps`` random legal actions (fewer if it ends first)."""
    state = variant.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        actions = variant.legal_actions(state)
        if not actions:
            break
        state = variant.apply(state, rng.choice(actions)).state
    return state


def agents(pieces: Mapping[int, Sequence[str]]) -> State:
    """An Agent DOG play position for 4 players (every seat holds a card)."""
    return AD.position(players=4, pieces=pieces, hands={s: ["2"] for s in range(4)})


ON_HOLES = agents(
    {
        0: ["T4", "T20", "F2", "H"],
        1: ["T8", "T16", "T30", "H"],
        2: ["T40", "T33", "H", "H"],
        3: ["T60", "F4", "T9", "H"],
    }
)


def kids_teams() -> State:
    return KD.new_game(players=4, seed=3, teams=True)


def kids_played() -> State:
    state = kids_teams()
    rng = random.Random(5)
    for _ in range(120):
        actions = KD.legal_actions(state)
        if not actions:
            break
        state = KD.apply(state, rng.choice(actions)).state
    return state


SAMPLES: list[Callable[[], tuple[dogrules.Variant, State]]] = [
    lambda: (BD, played(BD, 4, 3, 200)),
    lambda: (BD, played(BD, 2, 4, 150)),
    lambda: (BD, played(BD, 3, 1, 0)),
    lambda: (AD, ON_HOLES),
    lambda: (AD, played(AD, 4, 2, 200)),
    lambda: (KD, kids_played()),
    lambda: (KD, played(KD, 3, 6, 60)),
]


def sample(index: int) -> tuple[dogrules.Variant, State]:
    """The sample position ``index``, played out afresh (only that one of them)."""
    return SAMPLES[index]()


def samples() -> list[tuple[dogrules.Variant, State]]:
    return [sample(index) for index in range(len(SAMPLES))]


# ---------------------------------------------------------------------------------------------
# Reading the SVG
# ---------------------------------------------------------------------------------------------


def drawing(variant: dogrules.Variant, state: State) -> tuple[Board, ET.Element]:
    board = variant.board(state.players)
    return board, ET.fromstring(svg(board, state))


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def having(root: ET.Element, name: str) -> Iterator[ET.Element]:
    """Every element whose class list contains ``name``, in document order."""
    return (e for e in root.iter() if name in classes(e))


def tag(element: ET.Element) -> str:
    return element.tag.removeprefix(SVG_NS)


def track_fields(root: ET.Element) -> dict[int, ET.Element]:
    return {
        int(e.get("data-field", "T-1")[1:]): e
        for e in root.iter()
        if {"field", "track"} <= classes(e)
    }


def fields_marked(root: ET.Element, name: str) -> set[str]:
    """The fields of the ``name`` marks on the board (the legend's samples name no field)."""
    return {e.get("data-field", "") for e in having(root, name)} - {""}


def on_board(state: State) -> int:
    return sum(len(locations) for locations in state.pieces)


# ---------------------------------------------------------------------------------------------
# SVG
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-L-TRACK", "AD-L-TRACK", "KD-L-TRACK")
@pytest.mark.parametrize("index", range(len(SAMPLES)))
def test_svg_parses_and_draws_every_track_field_once(index: int) -> None:
    variant, state = sample(index)
    board, root = drawing(variant, state)
    assert tag(root) == "svg"
    assert sorted(track_fields(root)) == list(range(board.track))
    labels = [e.text for e in having(root, "label")]
    assert labels == [str(n) for n in range(board.track)]


@pytest.mark.clause("BD-L-TRACK", "AD-L-TRACK", "KD-L-TRACK")
@pytest.mark.parametrize("index", range(len(SAMPLES)))
def test_svg_and_text_are_deterministic(index: int) -> None:
    variant, state = sample(index)
    board = variant.board(state.players)
    again_variant, again_state = sample(index)
    again = again_variant.board(again_state.players)
    assert svg(board, state) == svg(again, again_state)
    assert text_board(board, state) == text_board(again, again_state)


@pytest.mark.clause("BD-L-PIECES", "AD-L-PIECES", "KD-L-DOGS")
@pytest.mark.parametrize("index", range(len(SAMPLES)))
def test_one_piece_element_per_piece(index: int) -> None:
    variant, state = sample(index)
    board, root = drawing(variant, state)
    pieces = list(having(root, "piece"))
    assert len(pieces) == on_board(state)
    for seat in board.seats:
        shown = [p for p in pieces if f"seat-{seat}" in classes(p)]
        visible = [loc for loc in state.pieces[seat] if loc not in holes(board)]
        assert len(shown) == len(visible)
        assert sorted(p.get("data-field", "") for p in shown) == sorted(
            board.label(loc, seat) for loc in visible
        )
        at_home = sum(1 for loc in state.pieces[seat] if loc == HOME)
        assert sum(1 for p in shown if "home" in classes(p)) == at_home


@pytest.mark.clause("BD-L-PIECES", "AD-L-PIECES", "KD-L-DOGS")
@pytest.mark.parametrize("index", range(len(SAMPLES)))
def test_fields_and_pieces_carry_the_location_numbers_choices_name(index: int) -> None:
    # The web table maps a click to a staged choice's option by data-loc: it must be the
    # number the option's value gives (HOME -1 for a home), on every field and piece.
    variant, state = sample(index)
    board, root = drawing(variant, state)
    for element in having(root, "field"):
        # A lane field's data-field names its owner (F2@1), so the seat parsing is moot.
        named = board.parse(element.get("data-field", ""), 0)
        assert element.get("data-loc") == str(named), element.attrib
    for seat in board.seats:
        shown = [p for p in having(root, "piece") if f"seat-{seat}" in classes(p)]
        visible = [loc for loc in state.pieces[seat] if loc not in holes(board)]
        assert sorted(int(p.get("data-loc", "")) for p in shown) == sorted(visible)
    for flipped in having(root, "face-down"):
        assert flipped.get("data-field") == f"T{flipped.get('data-loc')}"
    homes = [e for e in having(root, "home") if tag(e) == "rect"]
    assert {e.get("data-loc") for e in homes} == {str(HOME)}


@pytest.mark.clause("BD-L-TRACK", "BD-L-FINISH", "AD-L-TRACK", "AD-L-FINISH", "KD-L-HOUSES")
@pytest.mark.parametrize("index", range(len(SAMPLES)))
def test_the_board_counts_the_fields_the_picture_draws(index: int) -> None:
    # Board.field_count sizes the action ids, the shape check of actions and the outcome
    # labels; the picture draws the track and each seat's lane by itself.
    variant, state = sample(index)
    board, root = drawing(variant, state)
    drawn = sorted(int(e.get("data-loc", "")) for e in having(root, "field"))
    assert drawn == list(range(board.field_count))


@pytest.mark.clause("BD-L-FINISH", "AD-L-FINISH", "KD-L-HOUSES")
@pytest.mark.parametrize("index", range(len(SAMPLES)))
def test_every_seat_has_a_start_field_finish_lane_and_home(index: int) -> None:
    variant, state = sample(index)
    board, root = drawing(variant, state)
    fields = track_fields(root)
    for seat in board.seats:
        start = fields[board.start[seat]]
        assert {"start", f"seat-{seat}"} <= classes(start)
        assert start.get("stroke") == COLOURS[board.colour(seat)]
        lane = [e.get("data-field") for e in having(root, "lane") if f"seat-{seat}" in classes(e)]
        assert lane == [f"F{k}@{seat}" for k in range(1, board.finish + 1)]
        homes = [e for e in having(root, "home") if tag(e) == "rect"]
        home = [e for e in homes if f"seat-{seat}" in classes(e)]
        assert [e.get("data-home") for e in home] == [
            str(sum(1 for loc in state.pieces[seat] if loc == HOME))
        ]


@pytest.mark.clause("BD-L-SEATS")
def test_unused_quadrants_keep_plain_start_fields() -> None:
    state = played(BD, 2, 4, 30)
    _, root = drawing(BD, state)
    fields = track_fields(root)
    for field in (16, 48):
        assert "start" in classes(fields[field])
        assert not any(c.startswith("seat-") for c in classes(fields[field]))
        assert fields[field].get("data-seat") is None
    assert {e.get("data-field") for e in having(root, "lane")} == {
        f"F{k}@{s}" for s in (0, 1) for k in range(1, 5)
    }


@pytest.mark.clause("BD-L-PIECES")
def test_black_dog_is_a_distinct_black_piece_with_a_white_b() -> None:
    state = played(BD, 4, 3, 200)
    assert state.black_dog is not None
    board, root = drawing(BD, state)
    dogs = list(having(root, "black-dog"))
    assert len(dogs) == 1
    (dog,) = dogs
    assert "piece" not in classes(dog)
    assert dog.get("data-field") == board.label(state.black_dog)
    fills = [e.get("fill") for e in dog.iter() if tag(e) == "circle"]
    assert "#000000" in fills
    marks = [e for e in dog.iter() if tag(e) == "text"]
    assert [(e.text, e.get("fill")) for e in marks] == [("B", "#ffffff")]
    assert f"Black Dog: {board.label(state.black_dog)}" in text_board(board, state)


@pytest.mark.clause("BD-PLACE-BLACK-DOG")
def test_no_black_dog_before_it_is_placed() -> None:
    state = BD.new_game(players=4, seed=7)
    assert state.black_dog is None
    board, root = drawing(BD, state)
    assert list(having(root, "black-dog")) == []
    assert "Black Dog: not on the board" in text_board(board, state)


@pytest.mark.clause("BD-L-DISC")
def test_disc_fields_lie_on_shaded_bands() -> None:
    board, root = drawing(BD, played(BD, 4, 3, 40))
    bands = [e.get("data-fields") for e in having(root, "disc")]
    assert bands == [f"T{16 * q + 7}-T{16 * q + 9}" for q in range(4)]
    on_disc = {n for n, e in track_fields(root).items() if "on-disc" in classes(e)}
    assert on_disc == set(disc_fields(board)) == {16 * q + j for q in range(4) for j in (7, 8, 9)}


@pytest.mark.clause("BD-L-PAWS")
def test_black_paws_on_field_7_and_white_paws_on_field_9() -> None:
    board, root = drawing(BD, played(BD, 4, 3, 40))
    assert fields_marked(root, "paw-black") == {f"T{16 * q + 7}" for q in range(4)}
    assert fields_marked(root, "paw-white") == {f"T{16 * q + 9}" for q in range(4)}
    text = text_board(board, played(BD, 4, 3, 0))
    for q in range(4):
        assert f"T{16 * q + 7}(bp)" in text
        assert f"T{16 * q + 9}(wp)" in text


@pytest.mark.clause("AD-L-HOLES")
def test_holes_are_drawn_as_dark_rings() -> None:
    board, root = drawing(AD, ON_HOLES)
    drawn = {n for n, e in track_fields(root).items() if "hole" in classes(e)}
    assert drawn == set(holes(board)) == {16 * q + j for q in range(4) for j in (4, 8, 12)}
    for field in drawn:
        element = track_fields(root)[field]
        assert element.get("stroke") == "#1a1a1a"
        assert float(element.get("stroke-width", "0")) >= 3


@pytest.mark.clause("AD-L-MEETINGS")
def test_the_four_007_meeting_places_are_marked() -> None:
    board = AD.board(4)
    picture = svg(board, ON_HOLES)
    root = ET.fromstring(picture)
    assert picture.count("007") == 4
    assert [e.text for e in root.iter() if e.text == "007"] == ["007"] * 4
    marked = {g.get("data-field") for g in having(root, "meeting") if g.get("data-field")}
    assert marked == {f"T{16 * q + 9}" for q in range(4)}


@pytest.mark.clause("R-A9", "AD-L-HOLES")
def test_a_face_down_piece_shows_no_colour() -> None:
    board, root = drawing(AD, ON_HOLES)
    face_down = list(having(root, "face-down"))
    on_holes = sorted(loc for locs in ON_HOLES.pieces for loc in locs if loc in holes(board))
    assert [e.get("data-field") for e in face_down] == [f"T{loc}" for loc in on_holes]
    seat_fills = {COLOURS[board.colour(s)] for s in board.seats}
    for piece in face_down:
        assert "piece" in classes(piece)
        assert piece.get("data-seat") is None
        for element in piece.iter():
            assert not any(c.startswith("seat-") for c in classes(element))
            assert element.get("fill") not in seat_fills
            assert element.get("stroke") not in seat_fills
        assert [e.text for e in piece.iter() if tag(e) == "text"] == ["?"]
    # No face-up piece stands on a hole.
    hole_names = {f"T{h}" for h in holes(board)}
    assert not [
        p for p in having(root, "piece") if p.get("data-seat") and p.get("data-field") in hole_names
    ]


@pytest.mark.clause("R-A9")
def test_who_owns_a_face_down_piece_cannot_be_read_from_either_picture() -> None:
    """Two positions that differ only in whose pieces stand on the holes look the same."""
    one = agents(
        {0: ["T4", "T33", "H", "H"], 1: ["T8", "T17", "H", "H"], 2: ["H"] * 4, 3: ["H"] * 4}
    )
    two = agents(
        {0: ["T8", "T33", "H", "H"], 1: ["T4", "T17", "H", "H"], 2: ["H"] * 4, 3: ["H"] * 4}
    )
    assert one.pieces != two.pieces
    board = AD.board(4)
    assert svg(board, one) == svg(board, two)
    assert text_board(board, one) == text_board(board, two)
    assert "T4(h)[?]" in text_board(board, one)
    assert "T8(h)[?]" in text_board(board, one)


@pytest.mark.clause("KD-L-FIELD-COLOURS")
def test_kids_track_fields_carry_their_colours() -> None:
    board, root = drawing(KD, kids_teams())
    fields = track_fields(root)
    for n in range(board.track):
        colours = fields[n].get("data-colours", "").split("+")
        assert set(colours) == set(field_colours(board)[n])
        if n % 10 == 0:
            quadrant = n // 10
            cycle = card_colours(board)
            assert colours == [cycle[quadrant], cycle[(quadrant + 1) % 4]]
        else:
            assert fields[n].get("fill") not in (None, "none", "#ffffff")
    # Same colour, same fill; different colours, different fills.
    fills = {fields[n].get("data-colours"): fields[n].get("fill") for n in range(1, 10)}
    assert len(set(fills.values())) == 4
    text = text_board(board, kids_teams())
    assert "T0(b+r,S:wh)" in text
    assert "T3(g)" in text


@pytest.mark.clause("KD-L-FIELD-COLOURS")
def test_kids_start_field_is_split_in_its_two_colours() -> None:
    board, root = drawing(KD, kids_teams())
    fields = track_fields(root)
    fill_of = {fields[n].get("data-colours"): fields[n].get("fill") for n in range(1, 5)}
    halves = list(having(root, "half"))
    assert len(halves) == 8
    for q in range(4):
        field = f"T{10 * q}"
        mine = [
            (h.get("data-colour"), h.get("fill")) for h in halves if h.get("data-field") == field
        ]
        colours = [card_colours(board)[q], card_colours(board)[(q + 1) % 4]]
        assert mine == [(c, fill_of[c]) for c in colours]


@pytest.mark.clause("KD-L-BONES")
def test_kids_bone_fields_are_marked() -> None:
    board, root = drawing(KD, kids_teams())
    assert fields_marked(root, "bone") == {"T5", "T15", "T25", "T35"}
    bone_fields = {n for n, e in track_fields(root).items() if "bone-field" in classes(e)}
    assert bone_fields == set(bones(board))
    text = text_board(board, kids_teams())
    assert "T5(b,bone)" in text
    assert "T35(y,bone)" in text


@pytest.mark.clause("KD-L-HOUSES")
def test_kids_dog_houses_are_coloured() -> None:
    board, root = drawing(KD, kids_teams())
    for seat in board.seats:
        lane = [e for e in having(root, "lane") if f"seat-{seat}" in classes(e)]
        assert [e.get("data-colours") for e in lane] == list(house_colours(board)[seat])
    assert [e.get("data-colours") for e in having(root, "lane")][:3] == ["red", "green", "yellow"]


@pytest.mark.clause("KD-L-DOGS", "KD-L-SEATS")
def test_kids_dogs_are_drawn_in_their_colours_with_outlines() -> None:
    state = kids_played()
    board, root = drawing(KD, state)
    assert [board.colour(s) for s in board.seats] == ["white", "grey", "brown", "black"]
    for piece in having(root, "piece"):
        seat = int(piece.get("data-seat", "-1"))
        discs = [e for e in piece.iter() if tag(e) == "circle" and e.get("stroke")]
        assert [d.get("fill") for d in discs] == [COLOURS[board.colour(seat)]]
        assert discs[0].get("stroke") == "#1a1a1a"


@pytest.mark.clause("BD-L-SEATS", "KD-L-SEATS")
def test_legend_names_the_seats_whose_turn_and_phase() -> None:
    for variant, state in samples():
        board, root = drawing(variant, state)
        words = " ".join(e.text or "" for e in root.iter() if tag(e) == "text")
        assert f"phase: {state.phase.value}" in words
        assert f"to act: seat {state.to_act} ({board.colour(state.to_act)})" in words
        for seat in board.seats:
            assert f"seat {seat} {board.colour(seat)}" in words


# ---------------------------------------------------------------------------------------------
# Plain text
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-L-TRACK", "AD-L-TRACK", "KD-L-TRACK")
@pytest.mark.parametrize("index", range(len(SAMPLES)))
def test_text_board_mentions_every_occupied_field(index: int) -> None:
    variant, state = sample(index)
    board = variant.board(state.players)
    text = text_board(board, state)
    tokens = set(re.findall(r"T\d+(?:\([^)]*\))?\[[^\]]*\]", text))
    occupied = {int(re.sub(r"^T(\d+).*$", r"\1", t)) for t in tokens}
    expected = {loc for locs in state.pieces for loc in locs if board.is_track(loc)}
    if state.black_dog is not None:
        expected.add(state.black_dog)
    assert occupied == expected
    for seat in board.seats:
        finish = [board.lane_index(loc) for loc in state.pieces[seat] if board.is_lane(loc)]
        for k in finish:
            assert re.search(rf"seat {seat} .*F{k}\[", text)
        home = sum(1 for loc in state.pieces[seat] if loc == HOME)
        assert f"home {home}/{board.pieces_per_seat}" in text
    assert max(len(line) for line in text.splitlines()) <= 100


@pytest.mark.clause("R-A9", "AD-L-HOLES")
def test_text_board_shows_face_down_pieces_as_question_marks() -> None:
    board = AD.board(4)
    text = text_board(board, ON_HOLES)
    for hole in (4, 8, 20, 40, 60):
        assert f"T{hole}(h)[?]" in text
    assert "Face down (colour hidden): T4, T8, T20, T40, T60" in text
    assert "T9(007)[y]" in text
    assert "T16(S:b)[b]" in text


def test_every_location_is_labelled_as_it_is_read_back() -> None:
    """Layout notation (layouts.md): each field and home, labelled for any seat, reads back as
    that location for the seat; another seat's finish field names its owner (F2@1)."""
    for name in sorted(dogrules.VARIANTS):
        v = dogrules.variant(name)
        for players in (2, 3, 4):
            board = v.board(players)
            for location in (HOME, *range(board.field_count)):
                assert board.label(location) == board.label(location, None)
                for seat in board.seats:
                    text = board.label(location, seat)
                    assert board.parse(text, seat) == location, (name, players, location, text)
                    owner = board.lane_owner(location) if board.is_lane(location) else seat
                    assert ("@" in text) == (location != HOME and owner != seat), text
