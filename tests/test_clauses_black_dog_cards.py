"""Black DOG, clause by clause: the cards (blue, start cards, Swap, Magnet, Copy, Partner,
black cards), the Black Dog and the rotating disc.

Field numbering (layouts.md): 64 track fields T0..T63, seat q of 4 starts on T(16q); the disc
holds T(16q+7..9), paws are T(16q+7) and T(16q+9); a clockwise quarter turn carries disc field
T(16q+j) to T(16(q+1)+j).
"""

from __future__ import annotations

from itertools import pairwise

import pytest

import dogrules
from dogrules.testing.outcomes import check_every_outcome_listed, spellings
from helpers import (
    BD,
    act,
    action,
    assert_another_spelling,
    assert_illegal,
    at,
    at_home,
    cites,
    dog,
    events,
    kinds,
    notations,
    origins,
    position_builder,
    refusal,
    spent,
)

pos = position_builder(BD, black_dog="T44")  # as in test_clauses_black_dog.py


# ---------------------------------------------------------------------------------------------
# Blue cards and start cards
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-BLUE")
@pytest.mark.parametrize("value", [2, 3, 4, 5, 6, 7, 8, 9, 10, 12])
def test_BD_BLUE_a_blue_card_moves_a_piece_forward_by_its_number(value: int) -> None:
    s = pos({0: ["T26"]}, {0: [str(value)], 1: ["2"]})
    target = f"T{26 + value}"
    assert notations(s) == {f"{value} T26-{target}"}
    t = act(s, f"{value} T26-{target}")
    assert at(t.state, 0) == [target]
    (moved,) = events(t, "moved")
    assert moved.count == value


@pytest.mark.clause("BD-CARD-1-11")
def test_BD_CARD_1_11_enter_or_move_1_or_move_11() -> None:
    s = pos({0: ["T20"]}, {0: ["1/11"], 1: ["2"]})
    assert notations(s) == {"1/11 H-T0", "1/11 T20-T21", "1/11 T20-T31"}
    assert at(act(s, "1/11 H-T0").state, 0) == ["T0", "T20"]
    assert at(act(s, "1/11 T20-T21").state, 0) == ["T21"]
    assert at(act(s, "1/11 T20-T31").state, 0) == ["T31"]
    assert_illegal(s, "1/11 T20-T30", "BD-CARD-1-11", "BD-MOVE", "BD-FULL-MOVE")


@pytest.mark.clause("BD-CARD-13")
def test_BD_CARD_13_enter_or_move_13() -> None:
    s = pos({0: ["T20"]}, {0: ["13"], 1: ["2"]})
    assert notations(s) == {"13 H-T0", "13 T20-T33"}
    assert at(act(s, "13 H-T0").state, 0) == ["T0", "T20"]
    assert at(act(s, "13 T20-T33").state, 0) == ["T33"]
    assert_illegal(s, "13 T20-T21", "BD-CARD-13", "BD-MOVE", "BD-FULL-MOVE")


# ---------------------------------------------------------------------------------------------
# Swap
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-SWAP", "R-B6")
def test_BD_SWAP_own_piece_with_any_other_unprotected_track_piece() -> None:
    # own T0 and seat 1's T16 are protected, seat 2's F1 is in its goal, the dog is excluded
    s = pos(
        {0: ["T0", "T5"], 1: ["T16", "T20"], 2: ["T35", "F1"], 3: ["T50"]},
        {0: ["swap"], 1: ["2"]},
        black_dog="T44",
    )
    assert notations(s) == {"swap T5<>T20", "swap T5<>T35", "swap T5<>T50"}
    t = act(s, "swap T5<>T20")
    assert at(t.state, 0) == ["T0", "T20"]
    assert at(t.state, 1) == ["T5", "T16"]
    (swapped,) = events(t, "swapped")
    assert cites(swapped, "BD-SWAP")
    assert "captured" not in kinds(t)
    assert_illegal(s, "swap T5<>T16", "BD-SWAP", "BD-START-PROTECTED", "R-B6")
    assert_illegal(s, "swap T0<>T20", "BD-SWAP", "BD-START-PROTECTED", "R-B6")
    assert_illegal(s, "swap T5<>T44", "BD-SWAP", "BD-DOG-IMMUNE", "R-B6")


@pytest.mark.clause("BD-SWAP", "R-B6", "R-C7")
def test_BD_SWAP_is_obligatory_even_when_it_hurts() -> None:
    # seat 0 on T60, just before its goal; the only other piece is seat 1's on T20
    s = pos({0: ["T60"], 1: ["T20"]}, {0: ["swap"], 1: ["2"]})
    assert notations(s) == {"swap T60<>T20"}
    t = act(s, "swap T60<>T20")
    assert at(t.state, 0) == ["T20"] and at(t.state, 1) == ["T60"]


@pytest.mark.clause("BD-SWAP", "R-B6")
def test_BD_SWAP_unplayable_with_only_own_and_protected_pieces_on_the_track() -> None:
    s = pos({0: ["T5", "T6"], 1: ["T16"], 2: ["F1"]}, {0: ["swap"], 1: ["2"]})
    assert notations(s) == {"fold"}
    # no own swappable piece: seat 0's only piece stands protected on T0
    s = pos({0: ["T0"], 1: ["T20"]}, {0: ["swap"], 1: ["2"]})
    assert notations(s) == {"fold"}
    assert_illegal(s, "swap T0<>T20", "BD-SWAP", "BD-START-PROTECTED", "R-B6")


@pytest.mark.clause("BD-SWAP", "BD-DOG-IMMUNE", "BD-FINISH-SAFE", "BD-START-PROTECTED", "R-B6")
def test_R_B6_a_refused_swap_names_the_piece_that_may_not_change_places() -> None:
    s = pos(
        {0: ["T5", "T6", "F1", "F2"], 1: ["T16", "T20"], 2: ["T40"]},
        {0: ["swap"], 1: ["2"]},
        black_dog="T30",
    )
    assert notations(s) == {"swap T5<>T20", "swap T5<>T40", "swap T6<>T20", "swap T6<>T40"}
    for text, clauses in (
        ("swap T5<>T30", ("BD-DOG-IMMUNE", "BD-SWAP")),
        ("swap T30<>T5", ("BD-DOG-IMMUNE", "BD-SWAP")),
        ("swap T5<>F2", ("BD-SWAP", "BD-FINISH-SAFE")),
        ("swap T5<>F1", ("BD-SWAP", "BD-FINISH-SAFE")),
        ("swap T5<>T16", ("BD-START-PROTECTED", "BD-SWAP", "R-C4")),
        ("swap T5<>T12", ("BD-SWAP",)),
        ("swap T5<>T6", ("BD-SWAP", "R-B6")),
    ):
        assert refusal(s, text)[0] == clauses, text
    # another seat's piece on field F1 of seat 0 is in a finish, not on the track
    s = pos({0: ["F1"], 1: ["T20"]}, {1: ["swap"], 0: ["2"]}, to_act=1)
    assert notations(s) == {"fold"}


@pytest.mark.clause("BD-DISC-NOT-BY-SWAP", "R-B5")
def test_BD_DISC_NOT_BY_SWAP_a_swap_onto_a_paw_turns_nothing() -> None:
    s = pos({0: ["T5"], 1: ["T23"]}, {0: ["swap"], 1: ["2"]}, black_dog="T24")
    assert notations(s) == {"swap T5<>T23"}
    assert_illegal(s, "swap T5<>T23 turn cw", "BD-DISC-NOT-BY-SWAP", "R-B5", "BD-DISC-TURN")
    t = act(s, "swap T5<>T23")
    assert "disc_turned" not in kinds(t)
    assert at(t.state, 0) == ["T23"] and at(t.state, 1) == ["T5"]
    assert dog(t.state) == "T24"


# ---------------------------------------------------------------------------------------------
# Magnet
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-MAGNET", "R-B7")
def test_BD_MAGNET_jumps_right_behind_the_nearest_piece_ahead() -> None:
    s = pos({0: ["T2"], 1: ["T12"]}, {0: ["magnet"], 1: ["2"]}, black_dog="T44")
    assert notations(s) == {"magnet T2-T11"}
    t = act(s, "magnet T2-T11")
    assert at(t.state, 0) == ["T11"]
    assert "jumped" in kinds(t)
    assert all(cites(e, "BD-MAGNET") for e in events(t, "jumped"))
    # the whole gap is closed: stopping short is illegal
    assert_illegal(s, "magnet T2-T10", "BD-MAGNET", "R-B7")


@pytest.mark.clause("R-B12", "BD-MAGNET", "BD-DOG-START-FIELDS")
def test_R_B12_behind_a_black_dog_past_a_start_field_is_the_start_field() -> None:
    # the Black Dog on T17 skipped seat 1's start field T16: the field directly behind it is
    # T16 as the track counts, not T15 as the dog's own count would have it
    s = pos({0: ["T10"]}, {0: ["magnet"], 1: ["2"]}, black_dog="T17")
    assert notations(s) == {"magnet T10-T16"}
    assert at(act(s, "magnet T10-T16").state, 0) == ["T16"]
    assert_illegal(s, "magnet T10-T15", "BD-MAGNET", "R-B7")
    # a piece just before the start field is not yet directly behind the dog
    s = pos({0: ["T15"]}, {0: ["magnet"], 1: ["2"]}, black_dog="T17")
    assert notations(s) == {"magnet T15-T16"}
    # onto its own start field: seat 0's piece on T60 behind the dog on T1 lands on T0
    s = pos({0: ["T60"]}, {0: ["magnet"], 1: ["2"]}, black_dog="T1")
    assert notations(s) == {"magnet T60-T0"}


@pytest.mark.clause("BD-MAGNET", "R-B7")
def test_BD_MAGNET_the_black_dog_and_own_pieces_count_as_pieces_ahead() -> None:
    s = pos({0: ["T2"], 1: ["T12"]}, {0: ["magnet"], 1: ["2"]}, black_dog="T6")
    assert notations(s) == {"magnet T2-T5"}
    s = pos({0: ["T2", "T12"]}, {0: ["magnet"], 1: ["2"]}, black_dog="T30")
    assert notations(s) == {"magnet T2-T11", "magnet T12-T29"}


@pytest.mark.clause("BD-MAGNET-LIMITS", "R-B7")
def test_BD_MAGNET_LIMITS_no_goal_no_piece_in_a_goal_no_piece_already_behind() -> None:
    # T2 already stands right behind seat 1's T3; F1 is in the goal: Magnet is unplayable
    s = pos({0: ["T2", "F1"], 1: ["T3"]}, {0: ["magnet"], 1: ["2"]})
    assert notations(s) == {"fold"}
    assert_illegal(s, "magnet F1-F2", "BD-MAGNET-LIMITS", "R-B7")
    # T60 is drawn past its own start field to T4, never into its goal
    s = pos({0: ["T60"], 1: ["T5"]}, {0: ["magnet"], 1: ["2"]})
    assert notations(s) == {"magnet T60-T4"}
    assert_illegal(s, "magnet T60-F1", "BD-MAGNET-LIMITS", "R-B7")


@pytest.mark.clause("R-C10", "BD-PARTNER", "BD-START-PROTECTED")
def test_R_C10_a_sub_move_is_one_to_four_steps_and_obeys_the_move_rule() -> None:
    s = pos({0: ["T14"], 1: ["T16"]}, {0: ["partner"], 1: ["2"]})
    assert refusal(s, "partner T14-T18")[0] == ("BD-START-PROTECTED", "BD-START-BLOCKS", "R-C4")
    clauses, why = refusal(s, "partner T14-T19")
    assert clauses == ("BD-FULL-MOVE", "BD-MOVE")
    assert why.endswith("is 5 steps; a sub-move moves exactly 1 or 2 or 3 or 4")


# Small positions where the split search's shortcuts matter: a piece turning into its finish
# and one already on F1, protected start fields and the dog; two sides completed by one card
# (R-C13: the order of the sub-moves decides the winner); Agent DOG's meeting places and holes.
SPLIT_POSITIONS = {
    "finish-and-start-fields": (
        "black-dog",
        4,
        {0: ["T62", "F1", "T5"], 1: ["T16", "T8"]},
        "T10",
    ),
    "two-sides-complete": (
        "black-dog",
        2,
        {0: ["F2", "F3", "F4", "T63", "H"], 1: ["F2", "F3", "F4", "T31", "H"]},
        "T20",
    ),
    "crowded-start": (
        "black-dog",
        4,
        {0: ["T3", "T4", "T6"], 1: ["T5", "T16"], 3: ["T1", "T2"]},
        "T9",
    ),
    "meeting-places": ("agent-dog", 4, {0: ["T6", "T22"], 1: ["T20"]}, None),
    # T31-T33 then T30-T32 is one outcome; the other way round T30-T32 protects seat 1's
    # start first and T31 may no longer pass it, so the order met first is the only one
    "landing-on-a-start-protects-it": ("black-dog", 2, {0: ["T31"], 1: ["T30"]}, "T50"),
    # T8-T9 and T24-T25 both land on meeting places, T63-F1 enters a finish last: the
    # summons follow the landings' order (T9 first calls T5 to T8, then T25 calls T9's piece
    # to T24; T25 first calls T9's piece away and T9 calls nobody), so the two orders are
    # two outcomes, told apart only once the summons are worked out
    "summons-in-landing-order": (
        "agent-dog",
        4,
        {0: ["T8", "T24", "T63"], 1: ["T5"]},
        None,
    ),
    # T7-T8 T23-T25 T8-T9 moves T7 twice around T23-T25: moved once (T7-T9 T23-T25) it would
    # land on the meeting place T9 before T25 is reached, and the summons, which follow the
    # landings' order, would call T5 to T8 (T25 first calls T9's piece away: T5 stays)
    "a-piece-moves-on-onto-a-later-meeting-place": (
        "agent-dog",
        4,
        {0: ["T7", "T23"], 1: ["T5"]},
        None,
    ),
}


@pytest.mark.clause("R-C10", "R-C13", "BD-PARTNER")
@pytest.mark.parametrize("name", sorted(SPLIT_POSITIONS))
def test_R_C10_partner_lists_every_outcome_of_every_spelling_once(name: str) -> None:
    variant, players, pieces, dog_field = SPLIT_POSITIONS[name]
    v = dogrules.variant(variant)
    s = position_builder(v)(
        pieces, {0: ["partner"], 1: ["2"]}, players=players, black_dog=dog_field
    )
    assert check_every_outcome_listed(v, s, 3000), "the position should be small enough"


@pytest.mark.clause("R-C10", "BD-PARTNER", "BD-START-PROTECTED")
def test_R_C10_a_piece_that_cannot_move_leaves_the_points_to_the_others() -> None:
    # T15 stands right behind seat 1's protected start (T16) and has no sub-move at all;
    # T20, further on, takes all 4 points
    s = pos({0: ["T15", "T20"], 1: ["T16"]}, {0: ["partner"], 1: ["2"]})
    assert notations(s) == {"partner T20-T24"}


@pytest.mark.clause("R-C10", "BD-PARTNER", "BD-FINISH-SAFE")
def test_BD_FINISH_SAFE_a_sub_move_up_the_goal_frees_the_field_it_leaves() -> None:
    """A goal field a piece has moved up from may be reached by a later sub-move, though
    nothing may jump a piece in a goal."""
    # T63 cannot reach F1 while the piece stands there (F1-F3 first), nor F2 past it
    s = pos({0: ["F1", "T63"], 1: ["T30"]}, {0: ["partner"], 1: ["2"]})
    assert "partner F1-F3 T63-F1" in notations(s)
    assert_illegal(s, "partner T63-F1 F1-F3", "BD-FINISH-SAFE")
    assert_illegal(s, "partner T63-F2 F1-F3", "BD-FINISH-SAFE")


@pytest.mark.clause("R-C10", "BD-PARTNER", "BD-START-PROTECTED", "R-C4")
def test_BD_START_PROTECTED_a_sub_move_onto_its_own_start_field_stops_later_ones_passing() -> None:
    """A piece reaching its own start field protects it at once: a later sub-move may not
    pass it, so the play that first moves the piece passing it is the only spelling listed."""
    # 2 players: seat 1 starts on T32; T30-T32 protects it before T31 could pass
    s = pos({0: ["T31"], 1: ["T30"]}, {0: ["partner"], 1: ["2"]}, players=2, black_dog="T50")
    assert "partner T31-T33 T30-T32" in notations(s)
    assert "partner T30-T32 T31-T33" not in notations(s)
    assert_illegal(s, "partner T30-T32 T31-T33", "BD-START-PROTECTED", "R-C4")


@pytest.mark.clause("R-C10", "BD-PARTNER", "BD-START-PROTECTED")
def test_BD_START_PROTECTED_a_sub_move_off_the_start_field_lets_later_ones_pass() -> None:
    """A piece on its own start field blocks every piece behind it only until a sub-move
    takes it off."""
    s = pos({0: ["T0", "T63"], 1: ["T30"]}, {0: ["partner"], 1: ["2"]})
    listed = notations(s)
    for play in ("partner T0-T3 T63-T0", "partner T0-T2 T63-T1"):
        assert play in listed
    # Leaves seat 0's pieces where T0-T2 T63-T1 does: one state, listed once (R-C15).
    assert_another_spelling(s, "partner T0-T1 T63-T2", "partner T0-T2 T63-T1")
    assert "partner T0-T2 T63-F1" in listed and "partner T0-T1 T63-F2" in listed
    assert_illegal(s, "partner T63-T3", "BD-START-PROTECTED")
    assert_illegal(s, "partner T63-T2 T0-T1", "BD-START-PROTECTED")


@pytest.mark.clause("R-C10", "BD-PARTNER", "BD-START-PROTECTED")
def test_BD_START_PROTECTED_the_partner_piece_leaves_its_start_before_it_is_passed() -> None:
    """A sub-move that passes a start field comes after the one that takes the partner's
    piece off it, never before: those plays are listed in that order."""
    # seat 2 (the partner) stands on its start T32, right in front of seat 0's T31
    s = pos({0: ["T31"], 2: ["T32"]}, {0: ["partner"], 1: ["2"]})
    listed = notations(s)
    assert {"partner T32-T33 T31-T34", "partner T32-T34 T31-T33"} <= listed
    assert_illegal(s, "partner T31-T34 T32-T33", "BD-START-PROTECTED")
    assert_illegal(s, "partner T31-T33 T32-T34", "BD-START-PROTECTED")


@pytest.mark.clause("R-C10", "BD-PARTNER", "BD-CAPTURE")
def test_R_C10_a_piece_moves_again_once_another_piece_has_moved_between() -> None:
    """Only two consecutive sub-moves may not use the same piece: a piece may capture, let
    another piece move, and then go on."""
    s = pos({0: ["T5", "T10"], 1: ["T12"]}, {0: ["partner"], 1: ["2"]})
    # capturing on T12 and ending on T13 takes the sub-moves T10-T12, T5-T6, T12-T13 in
    # exactly this order: T10-T13 jumps T12 and captures nothing
    listed = notations(s)
    assert "partner T10-T12 T5-T6 T12-T13" in listed
    assert "partner T5-T6 T10-T13" in listed
    t = act(s, "partner T10-T12 T5-T6 T12-T13")
    assert at(t.state, 0) == ["T6", "T13"] and at(t.state, 1) == []
    assert at(act(s, "partner T5-T6 T10-T13").state, 1) == ["T12"]


@pytest.mark.clause("R-C10", "BD-PARTNER", "BD-CAPTURE")
def test_R_C10_a_piece_moving_again_onto_the_move_betweens_fields_keeps_its_spelling() -> None:
    """A piece that moves, lets another move, and goes on onto the field the other left or
    reached is listed in that spelling, the first in the stable order: moving it once by
    the sum first would land before the other piece moves (and be captured by it). The
    other piece is the partner's (seat 2): pieces of one colour ending on the same fields
    would be one state, listed in its first spelling (R-C15)."""
    s = pos({0: ["T10", "T1"], 2: ["T12"], 1: ["T30"]}, {0: ["partner"], 1: ["2"]})
    listed = notations(s)
    assert {"partner T10-T11 T12-T14 T11-T12", "partner T10-T11 T12-T13 T11-T13"} <= listed
    assert not {"partner T12-T14 T10-T12", "partner T12-T13 T10-T13"} & listed
    # the same three sub-moves after a first one of a third piece: the sub-move between is
    # the one just before the last, not the play's second
    s = pos({0: ["T1", "T11"], 2: ["T13"], 1: ["T30"]}, {0: ["partner"], 1: ["2"]})
    listed = notations(s)
    assert "partner T1-T2 T11-T12 T13-T14 T12-T13" in listed
    assert "partner T1-T2 T13-T14 T11-T13" not in listed
    # with one colour, T10-T11 T12-T14 T11-T12 leaves seat 0's pieces where T10-T14 does
    s = pos({0: ["T10", "T12"], 1: ["T30"]}, {0: ["partner"], 1: ["2"]})
    assert_another_spelling(s, "partner T10-T11 T12-T14 T11-T12", "partner T10-T14")


@pytest.mark.clause("R-C10", "BD-PARTNER", "BD-DOG-LANDING", "R-B3")
def test_R_C10_a_sub_move_onto_the_dog_sends_its_piece_home_and_the_others_go_on() -> None:
    """A sub-move ending on the Black Dog captures its own piece; the points left go to the
    other pieces, in one sub-move or more."""
    # T43 steps onto the dog (T44) first in board order, then T50 and T60 share the rest
    s = pos({0: ["T43", "T50", "T60"], 1: ["T30"]}, {0: ["partner"], 1: ["2"]})
    listed = notations(s)
    assert {
        "partner T43-T44 T50-T51 T60-T62",
        "partner T43-T44 T50-T52 T60-T61",
        "partner T43-T44 T50-T53",
        "partner T43-T44 T60-T63",
    } <= listed
    t = act(s, "partner T43-T44 T50-T51 T60-T62")
    assert at(t.state, 0) == ["T51", "T62"] and at_home(t.state, 0) == 2


@pytest.mark.clause("R-C10", "BD-PARTNER")
def test_R_C10_partner_lists_each_outcome_once_but_knows_every_spelling() -> None:
    # T10 and T20 share 4 points: 5 outcomes, 16 orders of sub-moves that reach them
    s = pos({0: ["T10", "T20"], 1: ["T30"]}, {0: ["partner"], 1: ["2"]})
    every = spellings(BD, s, 1000)
    assert every is not None
    spelled = {a.moves for a in every}
    listed = {a.moves for a in BD.legal_actions(s)}
    assert len(listed) == 5 and len(spelled) == 16 and listed < spelled
    assert ((20, 22), (10, 12)) in spelled and ((20, 22), (10, 12)) not in listed


@pytest.mark.clause("R-C7", "BD-FULL-MOVE", "R-C10", "BD-DOG-NO-DISC-TURN", "R-B5")
def test_R_C7_a_refused_fold_names_a_partner_play_that_is_legal() -> None:
    # T13 cannot pass seat 1's piece on its start (T16), so the first split found is T13-T15
    # then T21 onto the Black Dog on the paw T23: that piece goes home and leaves no landing,
    # so no disc turn is due although a sub-move ended on a paw
    s = pos({0: ["T13", "T21"], 1: ["T16"]}, {0: ["partner"], 1: ["2"]}, black_dog="T23")
    clauses, why = refusal(s, "fold")
    assert clauses == ("R-C7", "BD-FULL-MOVE")
    assert "(e.g. partner T13-T15 T21-T23)" in why
    assert "partner T13-T15 T21-T23" in notations(s)


@pytest.mark.clause("BD-MAGNET-LIMITS", "BD-MAGNET", "R-B7")
def test_R_B7_a_refused_magnet_says_which_limit_it_breaks() -> None:
    s = pos({0: ["T0", "T2", "F1"], 1: ["T3", "T20"]}, {0: ["magnet"], 1: ["2"]})
    assert notations(s) == {"magnet T0-T1"}  # a piece on T0 (field 0) is on the track
    assert at(act(s, "magnet T0-T1").state, 0) == ["T1", "T2", "F1"]
    assert BD.explain(s, action(s, "magnet T0-T1")).legal  # judged, not only listed
    for text in ("magnet F1-F2", "magnet T20-T30"):
        clauses, why = refusal(s, text)
        assert clauses == ("BD-MAGNET-LIMITS", "R-B7") and "own pieces on the track" in why
    clauses, why = refusal(s, "magnet T2-T3")
    assert clauses == ("BD-MAGNET-LIMITS", "R-B7") and "already stands right behind" in why
    s = pos({0: ["T60"], 1: ["T5"]}, {0: ["magnet"], 1: ["2"]})
    clauses, why = refusal(s, "magnet T60-F1")
    assert clauses == ("BD-MAGNET-LIMITS", "R-B7") and "never takes a piece into a finish" in why
    clauses, why = refusal(s, "magnet T60-T3")
    assert clauses == ("BD-MAGNET", "R-B7") and "exactly to T4" in why


@pytest.mark.clause("BD-DISC-BY-MAGNET", "R-B5")
def test_BD_DISC_BY_MAGNET_a_magnet_onto_a_paw_turns_the_disc() -> None:
    s = pos({0: ["T2"], 1: ["T8"]}, {0: ["magnet"], 1: ["2"]})
    assert notations(s) == {"magnet T2-T7 turn cw", "magnet T2-T7 turn ccw"}
    t = act(s, "magnet T2-T7 turn cw")
    assert at(t.state, 0) == ["T23"] and at(t.state, 1) == ["T24"]
    (turned,) = events(t, "disc_turned")
    assert turned.direction == "cw"


# ---------------------------------------------------------------------------------------------
# Copy
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-COPY", "R-C9")
def test_BD_COPY_plays_as_the_last_card_with_all_its_options() -> None:
    # seat 1 plays its 1/11 as 11; seat 2's Copy may still use it to enter
    s = pos(
        {1: ["T20"], 2: ["T38"]}, {1: ["1/11"], 2: ["copy"], 3: ["2"]}, to_act=1, black_dog="T60"
    )
    s = act(s, "1/11 T20-T31").state
    assert s.to_act == 2
    assert notations(s) == {
        "copy=1/11 H-T32",
        "copy=1/11 T38-T39 turn cw",
        "copy=1/11 T38-T39 turn ccw",
        "copy=1/11 T38-T49",
    }
    t = act(s, "copy=1/11 H-T32")
    assert at(t.state, 2) == ["T32", "T38"]
    assert t.state.last_played == "1/11"


@pytest.mark.clause("BD-COPY", "R-C9")
def test_BD_COPY_a_folded_hand_is_not_a_played_card() -> None:
    # seat 1 plays a 5, seat 2 folds its 7 and 8, seat 3's Copy plays as the 5
    s = pos({1: ["T18"], 3: ["T49"]}, {1: ["5"], 2: ["7", "8"], 3: ["copy"]}, to_act=1)
    s = act(s, "5 T18-T23 turn cw").state
    s = act(s, "fold").state
    assert s.to_act == 3
    assert notations(s) == {"copy=5 T49-T54"}


@pytest.mark.clause("BD-COPY-ROUND", "R-C9")
def test_BD_COPY_ROUND_copy_cannot_be_the_first_card_of_a_round() -> None:
    s = pos({0: ["T3"]}, {0: ["copy"], 1: ["2"]}, last_played=None)
    assert notations(s) == {"fold"}
    assert_illegal(s, "copy=5 T3-T8", "BD-COPY-ROUND", "R-C9", "BD-COPY")
    # a fold before it plays no card: Copy is still the first card of the round
    s = pos({0: ["T3"]}, {3: ["7"], 0: ["copy", "3"], 1: ["2"]}, to_act=3, last_played=None)
    s = act(s, "fold").state
    assert s.to_act == 0
    assert notations(s) == {"3 T3-T6"}


@pytest.mark.clause("BD-COPY-ROUND", "R-C9")
def test_BD_COPY_ROUND_a_new_deal_forgets_the_last_round() -> None:
    s = pos(
        {0: ["T2"], 1: ["T18"], 2: ["T34"], 3: ["T50"]},
        {0: ["2"], 1: ["2"], 2: ["2"], 3: ["2"]},
        to_act=1,
    )
    for text in ("2 T18-T20", "2 T34-T36", "2 T50-T52", "2 T2-T4"):
        s = act(s, text).state
    assert s.round == 2
    assert s.last_played is None


@pytest.mark.clause("BD-COPY-CHAIN", "R-C9")
def test_BD_COPY_CHAIN_a_copy_of_a_copy_plays_the_original_card() -> None:
    s = pos({0: ["T3"], 1: ["T19"]}, {0: ["copy"], 1: ["copy"]}, last_played="5")
    assert notations(s) == {"copy=5 T3-T8"}
    s = act(s, "copy=5 T3-T8").state
    assert s.last_played == "5"
    assert s.to_act == 1
    assert notations(s) == {"copy=5 T19-T24"}


# ---------------------------------------------------------------------------------------------
# Partner
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-PARTNER", "R-C10")
def test_BD_PARTNER_four_points_over_own_and_partner_pieces_in_ordered_sub_moves() -> None:
    s = pos({0: ["T2", "T10"], 1: ["T20"], 2: ["T40"]}, {0: ["partner"], 1: ["2"]}, black_dog="T60")
    legal = notations(s)
    for text in legal:
        steps = spent(text)
        assert sum(steps) == 4 and all(k >= 1 for k in steps), text
        moves = [word.split("-") for word in text.split()[1:] if "-" in word]
        for (_, before), (after, _) in pairwise(moves):
            assert before != after, f"{text}: the same piece twice in a row"
    assert origins(s) == {"T2", "T10", "T40"}
    assert {"partner T2-T4 T10-T12", "partner T40-T44", "partner T2-T3 T40-T43"} <= legal
    # an ordering that ends with the same pieces in the same places is one choice, listed
    # once in its canonical spelling; every other spelling of it is legal all the same
    assert_another_spelling(s, "partner T2-T3 T10-T11 T3-T4 T11-T12", "partner T2-T4 T10-T12")
    assert_another_spelling(s, "partner T10-T12 T2-T4", "partner T2-T4 T10-T12")
    assert_illegal(s, "partner T2-T3 T3-T6", "BD-PARTNER", "R-C10")
    assert_illegal(s, "partner T2-T5", "BD-PARTNER", "R-C10", "BD-FULL-MOVE")
    assert_illegal(s, "partner T2-T4 T10-T13", "BD-PARTNER", "R-C10", "BD-FULL-MOVE")
    assert_illegal(s, "partner T20-T24", "BD-PARTNER", "R-B8", "BD-OWN-PIECES")
    t = act(s, "partner T2-T3 T40-T43")
    assert at(t.state, 0) == ["T3", "T10"] and at(t.state, 2) == ["T43"]


@pytest.mark.clause("R-C10", "BD-PARTNER", "BD-CAPTURE")
def test_R_C10_each_outcome_of_the_split_is_listed_once_in_its_first_spelling() -> None:
    # seat 0 on T2 and T10, seat 1 on T3. Moving T2 two and T10 two is one outcome however
    # it is ordered (listed pieces in board order, longer sub-moves first); stopping on T3
    # on the way captures seat 1's piece, another outcome, listed in its first spelling
    s = pos({0: ["T2", "T10"], 1: ["T3"]}, {0: ["partner"], 1: ["2"]}, black_dog="T60")
    legal = notations(s)
    assert {"partner T2-T4 T10-T12", "partner T2-T3 T10-T12 T3-T4"} <= legal
    for other in ("partner T10-T12 T2-T4", "partner T10-T11 T2-T4 T11-T12"):
        assert_another_spelling(s, other, "partner T2-T4 T10-T12")
    assert_another_spelling(s, "partner T10-T11 T2-T3 T11-T12 T3-T4", "partner T2-T3 T10-T12 T3-T4")
    assert at(act(s, "partner T2-T3 T10-T12 T3-T4").state, 1) == []
    assert at(act(s, "partner T2-T4 T10-T12").state, 1) == ["T3"]
    # no two listed actions lead to the same state here (no piece is followed anywhere else)
    states = [act(s, text).state for text in legal]
    assert len(set(states)) == len(states)


@pytest.mark.clause("BD-PARTNER", "R-C10")
def test_BD_PARTNER_all_on_the_partner_when_own_pieces_cannot_use_them() -> None:
    s = pos({2: ["T40"]}, {0: ["partner"], 1: ["2"]}, black_dog="T60")
    assert notations(s) == {"partner T40-T44"}
    assert at(act(s, "partner T40-T44").state, 2) == ["T44"]


@pytest.mark.clause("R-C10", "BD-ENTER")
def test_R_C10_sub_moves_are_full_moves_that_capture_and_finish_but_never_enter() -> None:
    s = pos({0: ["T2", "T62"], 1: ["T5"]}, {0: ["partner"], 1: ["2"]})
    assert "partner T62-F2" in notations(s)
    t = act(s, "partner T2-T5 T62-T63")
    assert at(t.state, 1) == [] and at(t.state, 0) == ["T5", "T63"]
    assert [e.seat for e in events(t, "captured")] == [1]
    assert "H" not in origins(s)
    assert_illegal(s, "partner H-T0 T2-T5", "R-C10", "BD-PARTNER", "BD-ENTER")


@pytest.mark.clause("BD-PARTNER-ANY", "R-B8")
def test_BD_PARTNER_ANY_a_finished_team_may_give_points_to_anyone_but_the_dog() -> None:
    # seat 0 has all its pieces home; its partner seat 2 may now move opponents' pieces too
    s = pos(
        {0: ["F1", "F2", "F3", "F4"], 1: ["T20"], 2: ["T40"], 3: ["T50"]},
        {2: ["partner"], 1: ["2"]},
        to_act=2,
        black_dog="T26",
    )
    assert origins(s) == {"T20", "T40", "T50"}
    assert "partner T20-T24" in notations(s)  # all four to an opponent
    t = act(s, "partner T20-T24")
    assert at(t.state, 1) == ["T24"]
    # before anyone of the team is finished, opponents are out of reach
    before = pos(
        {0: ["F1", "F2", "F3"], 1: ["T20"], 2: ["T40"], 3: ["T50"]},
        {2: ["partner"], 1: ["2"]},
        to_act=2,
        black_dog="T26",
    )
    assert "T40" in origins(before)
    assert {"T20", "T50"}.isdisjoint(origins(before))
    # never the Black Dog (on T26)
    assert_illegal(s, "partner T26-T30", "BD-PARTNER-ANY", "R-B8", "BD-DOG-IMMUNE")


@pytest.mark.clause("BD-2P3P-PARTNER", "R-B8")
@pytest.mark.parametrize("players", [2, 3])
def test_BD_2P3P_PARTNER_any_players_pieces_but_never_the_dog(players: int) -> None:
    s = pos({0: ["T2"], 1: ["T40"]}, {0: ["partner"], 1: ["2"]}, players=players, black_dog="T26")
    assert origins(s) == {"T2", "T40"}
    assert "partner T40-T44" in notations(s)
    assert_illegal(s, "partner T26-T30", "BD-2P3P-PARTNER", "R-B8", "BD-DOG-IMMUNE")


@pytest.mark.clause("BD-PARTNER-DISC-ONCE", "R-B5")
def test_BD_PARTNER_DISC_ONCE_two_pieces_on_paws_turn_the_disc_once() -> None:
    s = pos({0: ["T5", "T21"]}, {0: ["partner"], 1: ["2"]})
    assert {"partner T5-T7 T21-T23 turn cw", "partner T5-T7 T21-T23 turn ccw"} <= notations(s)
    t = act(s, "partner T5-T7 T21-T23 turn cw")
    assert len(events(t, "disc_turned")) == 1
    assert at(t.state, 0) == ["T23", "T39"]  # one quarter turn: T7 -> T23, T23 -> T39


# ---------------------------------------------------------------------------------------------
# The disc
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-DISC-TURN", "R-B5")
def test_BD_DISC_TURN_coming_to_rest_on_a_paw_turns_the_disc() -> None:
    s = pos({0: ["T2"]}, {0: ["5"], 1: ["2"]})
    assert notations(s) == {"5 T2-T7 turn cw", "5 T2-T7 turn ccw"}
    assert_illegal(s, "5 T2-T7", "BD-DISC-TURN", "R-B5", "R-C12")
    t = act(s, "5 T2-T7 turn cw")
    (turned,) = events(t, "disc_turned")
    assert turned.seat == 0 and turned.direction == "cw" and cites(turned, "BD-DISC-TURN")
    assert at(t.state, 0) == ["T23"]


@pytest.mark.clause("BD-DISC-TURN", "R-B5")
def test_BD_DISC_TURN_going_past_a_paw_does_not_count() -> None:
    s = pos({0: ["T5"]}, {0: ["5"], 1: ["2"]})
    assert notations(s) == {"5 T5-T10"}
    assert_illegal(s, "5 T5-T10 turn cw", "BD-DISC-TURN", "R-B5", "R-C12")
    assert "disc_turned" not in kinds(act(s, "5 T5-T10"))


@pytest.mark.clause("BD-DISC-DIRECTION", "R-C12")
def test_BD_DISC_DIRECTION_the_chosen_direction_is_part_of_the_play_and_final() -> None:
    s = pos({0: ["T2"], 1: ["T24"]}, {0: ["5"], 1: ["2"]})
    cw = act(s, "5 T2-T7 turn cw")
    ccw = act(s, "5 T2-T7 turn ccw")
    assert at(cw.state, 0) == ["T23"] and at(cw.state, 1) == ["T40"]
    assert at(ccw.state, 0) == ["T55"] and at(ccw.state, 1) == ["T8"]
    assert [e.direction for e in events(ccw, "disc_turned")] == ["ccw"]
    # the turn is done: the next seat is to act and no further turn is on offer
    assert cw.state.to_act == 1
    assert not any("turn" in n for n in notations(cw.state))


@pytest.mark.clause("BD-DISC-CARRIES", "BD-L-DISC")
def test_BD_DISC_CARRIES_pieces_and_the_black_dog_ride_the_disc() -> None:
    # the layouts.md example: pieces on T8 and T41, the Black Dog on T24
    s = pos({0: ["T36"], 1: ["T8", "T10"]}, {0: ["5"], 1: ["2"]}, black_dog="T24")
    cw = act(s, "5 T36-T41 turn cw").state
    assert at(cw, 0) == ["T57"] and at(cw, 1) == ["T10", "T24"] and dog(cw) == "T40"
    ccw = act(s, "5 T36-T41 turn ccw").state
    assert at(ccw, 0) == ["T25"] and at(ccw, 1) == ["T10", "T56"] and dog(ccw) == "T8"
    # each ride is told, the dog's too (no piece), citing the carry rule
    carried = events(act(s, "5 T36-T41 turn cw"), "carried")
    assert [(e.piece, e.src, e.dst) for e in carried] == [
        (1, "T8", "T24"),
        (0, "T41", "T57"),
        (None, "T24", "T40"),
    ]
    assert all(cites(e, "BD-DISC-CARRIES") for e in carried)


@pytest.mark.clause(
    "R-B5", "BD-DISC-NOT-BY-SWAP", "BD-DISC-CAPTURED-NO-TURN", "BD-DOG-NO-DISC-TURN"
)
def test_R_B5_a_refused_disc_turn_says_why_no_turn_is_due() -> None:
    cases = (
        ({0: ["T5"], 1: ["T23"]}, "swap", "T24", "swap T5<>T23", "BD-DISC-NOT-BY-SWAP"),
        ({0: ["T4"]}, "black:3", "T5", "black:3 T4-T7", "BD-DISC-CAPTURED-NO-TURN"),
        ({0: ["T10"]}, "black:3", "T20", "black:3 T10-T13", "BD-DOG-NO-DISC-TURN"),
    )
    for pieces, card, dog_field, play, why in cases:
        s = pos(pieces, {0: [card], 1: ["2"]}, black_dog=dog_field)
        assert refusal(s, f"{play} turn cw")[0] == (why, "BD-DISC-TURN", "R-B5"), play
    s = pos({0: ["T5", "T10"]}, {0: ["partner"], 1: ["2"]})
    clauses = refusal(s, "partner T5-T7 T10-T11 T7-T8 turn cw")[0]
    assert clauses == ("BD-DISC-TURN", "BD-DOG-LANDING", "R-B5")
    s = pos({0: ["T2", "T10"]}, {0: ["5"], 1: ["2"]})
    assert refusal(s, "5 T10-T15 turn cw")[0] == ("BD-DISC-TURN", "R-B5")
    # a Black Dog that did not run does not count, even on a paw
    s_paw = pos({0: ["T10"]}, {0: ["5"], 1: ["2"]}, black_dog="T23")
    assert refusal(s_paw, "5 T10-T15 turn cw")[0] == ("BD-DISC-TURN", "R-B5")
    clauses, why = refusal(s, "5 T2-T7")
    assert clauses == ("BD-DISC-TURN", "R-B5") and "must turn" in why


@pytest.mark.clause("BD-DISC-TURN-LAST", "R-B5")
def test_BD_DISC_TURN_LAST_the_disc_turns_after_every_movement_of_the_card() -> None:
    # Partner: T5 -> T7 (paw), then T6 -> T8; the turn comes after both and carries both
    s = pos({0: ["T5", "T6"]}, {0: ["partner"], 1: ["2"]})
    t = act(s, "partner T5-T7 T6-T8 turn cw")
    assert at(t.state, 0) == ["T23", "T24"]
    assert [k for k in kinds(t) if k != "carried"][-1] == "disc_turned"
    assert kinds(t).count("moved") == 2


@pytest.mark.clause("R-B5")
def test_R_B5_a_piece_that_moves_on_from_its_paw_in_the_same_card_turns_nothing() -> None:
    s = pos({0: ["T5", "T10"]}, {0: ["partner"], 1: ["2"]})
    assert_another_spelling(s, "partner T5-T7 T10-T11 T7-T8", "partner T5-T8 T10-T11")
    assert_illegal(s, "partner T5-T7 T10-T11 T7-T8 turn cw", "BD-DISC-TURN", "R-B5")
    t = act(s, "partner T5-T7 T10-T11 T7-T8")
    assert "disc_turned" not in kinds(t)
    assert at(t.state, 0) == ["T8", "T11"]


# ---------------------------------------------------------------------------------------------
# Black cards
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-BLACK-CHOSEN", "R-B4")
def test_BD_BLACK_CHOSEN_value_1_to_7_moves_a_piece_then_the_dog() -> None:
    s = pos({0: ["T10"]}, {0: ["black:1-7"], 1: ["2"]}, black_dog="T26")
    assert notations(s) == {f"black:1-7 T10-T{10 + v}" for v in range(1, 8)}
    t = act(s, "black:1-7 T10-T14")
    assert at(t.state, 0) == ["T14"]
    assert dog(t.state) == "T30"
    (played,) = events(t, "played")
    assert cites(played, "BD-BLACK-CHOSEN")
    (ran,) = events(t, "dog_moved")
    assert ran.count == 4 and ran.src == "T26" and ran.dst == "T30"
    assert kinds(t).index("moved") < kinds(t).index("dog_moved")
    assert_illegal(s, "black:1-7 T10-T18", "BD-BLACK-CHOSEN", "BD-MOVE", "R-B4")


@pytest.mark.clause("BD-BLACK-CHOSEN", "BD-BLACK-PRINTED", "R-B4")
def test_R_B4_the_move_cites_whether_the_value_was_chosen_or_printed() -> None:
    s = pos({0: ["T10"]}, {0: ["black:1-7", "black:3"], 1: ["2"]}, black_dog="T26")
    (moved,) = events(act(s, "black:1-7 T10-T12"), "moved")
    assert cites(moved, "BD-BLACK-CHOSEN") and not cites(moved, "BD-BLACK-PRINTED")
    (moved,) = events(act(s, "black:3 T10-T13"), "moved")
    assert cites(moved, "BD-BLACK-PRINTED") and not cites(moved, "BD-BLACK-CHOSEN")


@pytest.mark.clause("BD-BLACK-CHOSEN", "BD-BLACK-PRINTED", "BD-ENTER", "R-B4")
def test_R_B4_a_refused_black_play_names_the_values_and_never_enters_a_piece() -> None:
    s = pos({0: ["T10"]}, {0: ["black:1-7", "black:3"], 1: ["2"]}, black_dog="T26")
    assert refusal(s, "black:1-7 T10-T19")[1].endswith(
        "a black card moves exactly 1 or 2 or 3 or 4 or 5 or 6 or 7"
    )
    assert refusal(s, "black:3 T10-T12")[1].endswith(
        "T10 to T12 is 2 steps; a black:3 moves exactly 3"
    )
    for text in ("black:3 H-T0", "black:1-7 H-T0"):
        assert refusal(s, text)[0] == ("BD-ENTER", "R-C5"), text


@pytest.mark.clause("BD-BLACK-CHOSEN", "BD-BLACK-PRINTED", "R-B4")
@pytest.mark.parametrize("card", ["black:1-7", "black:3", "black:5"])
def test_BD_BLACK_unplayable_when_no_own_piece_can_move(card: str) -> None:
    s = pos({1: ["T20"]}, {0: [card], 1: ["2"]}, black_dog="T26")
    assert notations(s) == {"fold"}


@pytest.mark.clause("BD-BLACK-PRINTED", "R-B4")
@pytest.mark.parametrize(("card", "value"), [("black:3", 3), ("black:5", 5)])
def test_BD_BLACK_PRINTED_moves_a_piece_then_the_dog_by_the_printed_value(
    card: str, value: int
) -> None:
    s = pos({0: ["T10"]}, {0: [card], 1: ["2"]}, black_dog="T26")
    assert notations(s) == {f"{card} T10-T{10 + value}"}
    t = act(s, f"{card} T10-T{10 + value}")
    assert at(t.state, 0) == [f"T{10 + value}"]
    assert dog(t.state) == f"T{26 + value}"
    assert kinds(t) == ["played", "moved", "dog_moved"]


@pytest.mark.clause("R-B4", "BD-TEAM-PLAY")
def test_R_B4_a_finished_seat_uses_a_black_card_on_its_partners_piece() -> None:
    s = pos({0: ["F1", "F2", "F3", "F4"], 2: ["T34"]}, {0: ["black:3"], 1: ["2"]}, black_dog="T26")
    assert notations(s) == {"black:3 T34-T37"}
    t = act(s, "black:3 T34-T37")
    assert at(t.state, 2) == ["T37"] and dog(t.state) == "T29"


# ---------------------------------------------------------------------------------------------
# The Black Dog
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-DOG-CAPTURES", "R-B2")
def test_BD_DOG_CAPTURES_every_piece_it_passes_or_lands_on() -> None:
    # the dog runs T26 -> T27..T31 and takes seat 1's T28, seat 0's own T29 and seat 3's T31
    s = pos(
        {0: ["T10", "T29"], 1: ["T28"], 3: ["T31"], 2: ["T33"]},
        {0: ["black:5"], 1: ["2"]},
        black_dog="T26",
    )
    t = act(s, "black:5 T10-T15")
    assert dog(t.state) == "T31"
    assert sorted(e.seat for e in events(t, "captured") if e.seat is not None) == [0, 1, 3]
    assert all(cites(e, "BD-DOG-CAPTURES") for e in events(t, "captured"))
    assert at(t.state, 0) == ["T15"] and at(t.state, 1) == [] and at(t.state, 3) == []
    assert at(t.state, 2) == ["T33"]  # beyond the dog's run


@pytest.mark.clause("BD-DOG-START-FIELDS", "R-B2")
def test_BD_DOG_START_FIELDS_the_dog_skips_start_fields_without_counting_them() -> None:
    # dog T14 + 3: T15, (T16 skipped), T17, T18; seat 1 on its start is untouched,
    # seat 2's piece on T18 is taken
    s = pos({0: ["T2"], 1: ["T16"], 2: ["T18"]}, {0: ["black:3"], 1: ["2"]}, black_dog="T14")
    t = act(s, "black:3 T2-T5")
    assert dog(t.state) == "T18"
    (ran,) = events(t, "dog_moved")
    assert ran.path == ("T15", "T17", "T18")
    assert at(t.state, 1) == ["T16"]
    assert at(t.state, 2) == []


@pytest.mark.clause("BD-DOG-START-FIELDS", "R-B2", "R-C4")
def test_BD_DOG_START_FIELDS_another_colour_on_a_start_field_is_safe_from_the_dog() -> None:
    # seat 3's piece on T32 is an ordinary piece for other pieces, but the dog ignores it
    s = pos({0: ["T2"], 3: ["T32"]}, {0: ["black:3"], 1: ["2"]}, black_dog="T30")
    t = act(s, "black:3 T2-T5")
    assert dog(t.state) == "T34"
    assert at(t.state, 3) == ["T32"]
    assert "captured" not in kinds(t)


@pytest.mark.clause("R-B10", "BD-DOG-START-FIELDS")
def test_R_B10_unused_start_fields_still_do_not_exist_for_the_dog() -> None:
    # two players: T16 is nobody's start, and a piece standing there is not protected ...
    s = pos({0: ["T12"], 1: ["T16"]}, {0: ["4"], 1: ["2"]}, players=2)
    t = act(s, "4 T12-T16")
    assert at(t.state, 1) == []
    # ... yet the dog skips T16 and leaves the piece on it alone
    s = pos({0: ["T2"], 1: ["T16"]}, {0: ["black:3"], 1: ["2"]}, players=2, black_dog="T14")
    t = act(s, "black:3 T2-T5")
    assert dog(t.state) == "T18"
    assert at(t.state, 1) == ["T16"]
    # three players: T48 is nobody's start and the dog still skips it (T47, T49, T50)
    s = pos({0: ["T2"]}, {0: ["black:3"], 1: ["2"]}, players=3, black_dog="T46")
    (ran,) = events(act(s, "black:3 T2-T5"), "dog_moved")
    assert ran.path == ("T47", "T49", "T50")
    assert cites(ran, "R-B10")


@pytest.mark.clause("R-B10", "BD-DOG-START-FIELDS")
def test_R_B10_is_cited_by_the_dogs_run_only_when_seats_are_unused() -> None:
    s = pos({0: ["T2"]}, {0: ["black:3"], 1: ["2"]}, black_dog="T46")
    (ran,) = events(act(s, "black:3 T2-T5"), "dog_moved")
    assert cites(ran, "BD-DOG-START-FIELDS") and not cites(ran, "R-B10")


@pytest.mark.clause("BD-CLOCKWISE-DOG", "R-B2")
def test_BD_CLOCKWISE_DOG_the_dog_runs_clockwise_round_the_track_never_into_a_goal() -> None:
    s = pos({0: ["T10"]}, {0: ["black:5"], 1: ["2"]}, black_dog="T62")
    t = act(s, "black:5 T10-T15")
    # T63, (T0 skipped), T1, T2, T3, T4
    assert dog(t.state) == "T4"
    (ran,) = events(t, "dog_moved")
    assert ran.path == ("T63", "T1", "T2", "T3", "T4")
    s = pos({0: ["T10"]}, {0: ["black:3"], 1: ["2"]}, black_dog="T26")
    assert dog(act(s, "black:3 T10-T13").state) == "T29"


@pytest.mark.clause("BD-DOG-LANDING", "R-B3")
def test_BD_DOG_LANDING_a_move_ending_on_the_dog_captures_the_mover() -> None:
    s = pos({0: ["T10"]}, {0: ["2", "4"], 1: ["2"]}, black_dog="T12")
    assert {"2 T10-T12", "4 T10-T14"} <= notations(s)  # landing is a free choice
    t = act(s, "2 T10-T12")
    assert at(t.state, 0) == [] and at_home(t.state, 0) == 4
    (captured,) = events(t, "captured")
    assert captured.seat == 0 and cites(captured, "BD-DOG-LANDING")
    assert dog(t.state) == "T12"
    # passing over the dog is an ordinary move
    assert at(act(s, "4 T10-T14").state, 0) == ["T14"]
    # a Partner sub-move ending on the dog is lost the same way
    s = pos({0: ["T2", "T20"]}, {0: ["partner"], 1: ["2"]}, black_dog="T6")
    t = act(s, "partner T2-T6")
    assert at(t.state, 0) == ["T20"] and dog(t.state) == "T6"
    # with a black card the piece is lost first, then the dog runs on
    s = pos({0: ["T2"]}, {0: ["black:3"], 1: ["2"]}, black_dog="T5")
    t = act(s, "black:3 T2-T5")
    assert at(t.state, 0) == [] and dog(t.state) == "T8"
    assert kinds(t) == ["played", "moved", "captured", "dog_moved"]


@pytest.mark.clause("R-C15", "BD-DOG-LANDING", "BD-CAPTURE", "R-B3")
def test_R_C15_landing_on_an_own_piece_or_on_the_dog_from_one_field_is_one_listed_action() -> None:
    """Seat 0's pieces on T14 and T15, the Black Dog on T25: 1/11 T14-T15 captures the own
    piece on T15, 1/11 T14-T25 has the mover taken by the dog. Either way one piece stands on
    T15 and one more is home: one state, listed once, in the first movement the card's rule
    finds; the other stays legal."""
    s = pos({0: ["T14", "T15"]}, {0: ["1/11"], 1: ["2"]}, black_dog="T25")
    assert_another_spelling(s, "1/11 T14-T25", "1/11 T14-T15")
    assert at(act(s, "1/11 T14-T15").state, 0) == ["T15"]
    # with another colour on T15 the two plays differ (seat 1's piece goes home, or seat 0's)
    s = pos({0: ["T14"], 1: ["T15"]}, {0: ["1/11"], 1: ["2"]}, black_dog="T25")
    assert {"1/11 T14-T15", "1/11 T14-T25"} <= notations(s)


@pytest.mark.clause("R-C15", "BD-DOG-CAPTURES", "BD-CAPTURE", "R-B4")
def test_R_C15_black_card_moves_that_the_run_makes_alike_are_one_listed_action() -> None:
    """The Black Dog on T30 runs 3 over T31, T33 and T34 (the start field T32 skipped): moving
    T31 to T34 (taken by the run) or T34 onto the own piece on T37 (and T31 taken by the run)
    both leave seat 0 with one piece on T37 and two more home."""
    s = pos({0: ["T31", "T34", "T37"]}, {0: ["black:3"], 1: ["2"]}, black_dog="T30")
    assert_another_spelling(s, "black:3 T34-T37", "black:3 T31-T34")
    assert at(act(s, "black:3 T31-T34").state, 0) == ["T37"]


@pytest.mark.clause("R-C15", "R-B5", "BD-DISC-DIRECTION", "BD-DISC-CARRIES")
def test_R_C15_two_moves_onto_paws_that_turn_to_the_same_board_are_one_listed_action() -> None:
    """Seat 0's pieces face each other across the disc (T7, T39): T7-T9 then a turn either
    way leaves the boards T39-T41 leaves turned the other way, so only the first movement is
    listed, with both directions; the other movement stays legal."""
    s = pos({0: ["T7", "T39"]}, {0: ["2"], 1: ["2"]})
    listed = notations(s)
    assert {"2 T7-T9 turn cw", "2 T7-T9 turn ccw"} <= listed
    assert not {"2 T39-T41 turn cw", "2 T39-T41 turn ccw"} & listed
    assert_another_spelling(s, "2 T39-T41 turn cw", "2 T7-T9 turn ccw")
    assert_another_spelling(s, "2 T39-T41 turn ccw", "2 T7-T9 turn cw")


@pytest.mark.clause("BD-DOG-IMMUNE", "R-B3", "R-B6")
def test_BD_DOG_IMMUNE_the_dog_is_never_captured_nor_swapped() -> None:
    s = pos({0: ["T5"]}, {0: ["swap"], 1: ["2"]}, black_dog="T12")
    assert notations(s) == {"fold"}
    assert_illegal(s, "swap T5<>T12", "BD-DOG-IMMUNE", "BD-SWAP", "R-B6")
    s = pos({0: ["T5"]}, {0: ["7"], 1: ["2"]}, black_dog="T12")
    t = act(s, "7 T5-T12")
    assert dog(t.state) == "T12"
    assert t.state.black_dog is not None


@pytest.mark.clause("BD-DOG-NO-DISC-TURN", "R-B5")
def test_BD_DOG_NO_DISC_TURN_the_dog_ending_on_a_paw_turns_nothing() -> None:
    s = pos({0: ["T10"]}, {0: ["black:3"], 1: ["2"]}, black_dog="T20")
    assert notations(s) == {"black:3 T10-T13"}
    t = act(s, "black:3 T10-T13")
    assert dog(t.state) == "T23"
    assert "disc_turned" not in kinds(t)
    # asked to turn anyway, the judge says why not: the dog's landing turns nothing
    assert_illegal(s, "black:3 T10-T13 turn cw", "BD-DOG-NO-DISC-TURN")


@pytest.mark.clause("BD-DISC-CAPTURED-NO-TURN", "R-B5")
def test_BD_DISC_CAPTURED_NO_TURN_a_piece_the_dog_takes_off_its_paw_turns_nothing() -> None:
    # T4 -> T7 (paw, over the dog on T5); the dog then runs T6, T7, T8 and takes it
    s = pos({0: ["T4"]}, {0: ["black:3"], 1: ["2"]}, black_dog="T5")
    assert notations(s) == {"black:3 T4-T7"}
    t = act(s, "black:3 T4-T7")
    assert at(t.state, 0) == []
    assert dog(t.state) == "T8"
    assert "disc_turned" not in kinds(t)
    assert [e.seat for e in events(t, "captured")] == [0]
    # the same movement by a Partner, in the same hand, leaves its piece on the paw: the
    # disc turns after the Partner, not after the black card
    s = pos({0: ["T3"]}, {0: ["black:1-7", "partner"], 1: ["2"]}, black_dog="T4")
    assert {"black:1-7 T3-T7", "partner T3-T7 turn cw", "partner T3-T7 turn ccw"} <= notations(s)
    assert "black:1-7 T3-T7 turn cw" not in notations(s)


@pytest.mark.clause("BD-SEQUENCE", "R-B5")
def test_BD_SEQUENCE_piece_then_dog_then_disc() -> None:
    # black:5: the piece T2 -> T7 (paw), the dog T20 -> T25, then the turn carries both
    s = pos({0: ["T2"]}, {0: ["black:5"], 1: ["2"]}, black_dog="T20")
    t = act(s, "black:5 T2-T7 turn cw")
    assert [k for k in kinds(t) if k != "carried"] == [
        "played",
        "moved",
        "dog_moved",
        "disc_turned",
    ]
    # what the turn carries is told right after it, citing BD-DISC-CARRIES
    assert all(cites(e, "BD-DISC-CARRIES") for e in events(t, "carried"))
    assert at(t.state, 0) == ["T23"]
    assert dog(t.state) == "T41"  # the dog reached T25 before the disc turned


START_OF_CARD = dogrules.variant("black-dog", rulings={"R-C14": "start-of-card"})


@pytest.mark.clause("R-C14", "BD-PARTNER-ANY")
def test_R_C14_partner_targets_are_judged_before_each_sub_move() -> None:
    # issue 35: seat 0 brings its last piece home with the first sub-move (T63-F1); the rest
    # of the card may then move any player's pieces, seat 1's on T20 included
    s = pos({0: ["F2", "F3", "F4", "T63"], 1: ["T20"]}, {0: ["partner"]})
    assert "partner T63-F1 T20-T22" in notations(s)
    assert at(act(s, "partner T63-F1 T20-T22").state, 1) == ["T22"]
    # before the first sub-move seat 0 still has a piece out: T20 first is refused
    assert_illegal(s, "partner T20-T22 T63-F1", "R-C14", "BD-PARTNER-ANY")


@pytest.mark.clause("R-C14", "BD-PARTNER-ANY")
def test_R_C14_start_of_card_settles_partner_targets_when_the_card_is_played() -> None:
    # the alternative reading: the rest of the card still may not move opponents' pieces
    # (seat 1 on T20), only own and partner pieces (seat 2 on T40)
    s = pos({0: ["T62", "F2", "F3", "F4"], 1: ["T20"], 2: ["T40"], 3: ["T50"]}, {0: ["partner"]})
    partner_splits = notations(s, START_OF_CARD)
    assert "partner T40-T41 T62-F1 turn cw" in partner_splits
    assert not any("T20" in text for text in partner_splits)
    ruling = START_OF_CARD.explain(s, action(s, "partner T62-F1 T20-T21"))
    assert not ruling.legal
    assert ruling.readings == (("R-C14", "start-of-card"),)
    assert "R-C14 (start-of-card)" in ruling.text
    # the reference reading lets the same card move seat 1's piece after T62-F1
    assert "partner T62-F1 T20-T21" in notations(s)
