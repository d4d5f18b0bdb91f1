"""Agent DOG, clause by clause: the cards. Blue cards move a piece by their number; the red
cards are the start cards 1/11 and 13, Swap (two face-down pieces change places), Copy and
Partner.

Field numbering as in test_clauses_agent_dog.py: seat q of 4 starts on T(16q); holes (a piece
there is face down) are T(16q+4), T(16q+8), T(16q+12); meeting places are T(16q+9).
"""

from __future__ import annotations

from itertools import pairwise

import pytest

import dogrules
from helpers import (
    AD,
    assert_another_spelling,
    assert_illegal,
    at,
    cites,
    events,
    face_down,
    kinds,
    origins,
    position_builder,
    refusal,
    spent,
    visible,
)
from helpers import act as play
from helpers import notations as legal

pos = position_builder(AD)  # as in test_clauses_agent_dog.py


# ---------------------------------------------------------------------------------------------
# Blue cards and red cards
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-BLUE")
@pytest.mark.parametrize("value", [2, 3, 5, 6, 8, 9, 10, 12])
def test_AD_BLUE_a_blue_card_moves_a_piece_forward_by_its_number(value: int) -> None:
    s = pos({0: ["T26"]}, {0: [str(value)], 1: ["2"]})
    target = f"T{26 + value}"
    assert legal(s) == {f"{value} T26-{target}"}
    t = play(s, f"{value} T26-{target}")
    assert at(t.state, 0) == [target]
    (moved,) = events(t, "moved")
    assert moved.count == value
    (played,) = events(t, "played")
    assert cites(played, "AD-BLUE")


@pytest.mark.clause("AD-RED")
@pytest.mark.parametrize(
    ("card", "clause", "last"),
    [
        ("1/11", "AD-CARD-1-11", None),
        ("13", "AD-CARD-13", None),
        ("swap", "AD-SWAP", None),
        ("copy", "AD-COPY", "5"),
        ("partner", "AD-PARTNER", None),
    ],
)
def test_AD_RED_every_red_card_is_a_special_card_with_its_own_function(
    card: str, clause: str, last: str | None
) -> None:
    s = pos({0: ["T1"], 1: ["T20"], 2: ["T36"]}, {0: [card], 1: ["2"]}, last_played=last)
    plays = legal(s)
    assert plays and all(n.split()[0].split("=")[0] == card for n in plays)
    t = play(s, sorted(plays)[0])
    (played,) = events(t, "played")
    assert played.card == card and cites(played, clause)
    # what each does beyond a blue card's plain move
    special = {
        "1/11": "1/11 H-T0",
        "13": "13 H-T0",
        "swap": "swap T20<>T36",
        "copy": "copy=5 T1-T6",
        "partner": "partner T1-T3 T20-T22",
    }
    assert special[card] in plays


@pytest.mark.clause("AD-CARD-1-11")
def test_AD_CARD_1_11_move_1_or_11_or_enter() -> None:
    s = pos({0: ["T18"]}, {0: ["1/11"], 1: ["2"]})
    assert legal(s) == {"1/11 H-T0", "1/11 T18-T19", "1/11 T18-T29"}
    assert at(play(s, "1/11 H-T0").state, 0) == ["T0", "T18"]
    assert at(play(s, "1/11 T18-T19").state, 0) == ["T19"]
    assert at(play(s, "1/11 T18-T29").state, 0) == ["T29"]
    (played,) = events(play(s, "1/11 T18-T19"), "played")
    assert cites(played, "AD-CARD-1-11")
    assert_illegal(s, "1/11 T18-T28", "AD-CARD-1-11", "AD-MOVE", "AD-FULL-MOVE")


@pytest.mark.clause("AD-CARD-13")
def test_AD_CARD_13_move_13_or_enter() -> None:
    s = pos({0: ["T18"]}, {0: ["13"], 1: ["2"]})
    assert legal(s) == {"13 H-T0", "13 T18-T31"}
    assert at(play(s, "13 H-T0").state, 0) == ["T0", "T18"]
    assert at(play(s, "13 T18-T31").state, 0) == ["T31"]
    (played,) = events(play(s, "13 H-T0"), "played")
    assert cites(played, "AD-CARD-13")
    assert_illegal(s, "13 T18-T19", "AD-CARD-13", "AD-MOVE", "AD-FULL-MOVE")


# ---------------------------------------------------------------------------------------------
# Swap
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-SWAP", "R-A5")
def test_AD_SWAP_two_face_down_pieces_change_places_and_stay_face_down() -> None:
    # seat 0 protected on T0 and face up on T3; face down: seat 1 T20, seat 2 T40, seat 3 T60
    s = pos({0: ["T0", "T3"], 1: ["T20"], 2: ["T40"], 3: ["T60"]}, {0: ["swap"], 1: ["2"]})
    assert legal(s) == {"swap T20<>T40", "swap T20<>T60", "swap T40<>T60"}
    t = play(s, "swap T20<>T40")
    assert at(t.state, 1) == ["T40"] and at(t.state, 2) == ["T20"]
    assert at(t.state, 0) == ["T0", "T3"] and at(t.state, 3) == ["T60"]
    (swapped,) = events(t, "swapped")
    assert {"AD-SWAP", "R-A5"} & set(swapped.clauses)
    assert not any(c.startswith("BD-") for c in swapped.clauses)
    assert "flipped" not in kinds(t) and "captured" not in kinds(t)
    assert face_down(t.state) == ["T20", "T40", "T60"]
    # no own piece is needed, and a face-up piece never takes part
    assert_illegal(s, "swap T3<>T20", "AD-SWAP", "R-A5")
    assert_illegal(s, "swap T0<>T20", "AD-SWAP", "R-A5", "AD-START-PROTECTED")


@pytest.mark.clause("AD-SWAP-BLIND", "AD-SWAP", "R-A5")
def test_AD_SWAP_BLIND_swaps_of_same_coloured_face_down_pieces_are_each_a_choice() -> None:
    # seat 1's pieces on T20 and T24 and seat 2's on T40 lie face down: swapping T20 with
    # T24 leaves the board as it was, yet it is a choice of its own (the pieces changed
    # places, and a seat does not know their colours), as is every other pair
    s = pos({1: ["T20", "T24"], 2: ["T40"]}, {0: ["swap"], 1: ["2"]})
    assert legal(s) == {"swap T20<>T24", "swap T20<>T40", "swap T24<>T40"}
    assert play(s, "swap T20<>T24").state.pieces == s.pieces


@pytest.mark.clause("AD-SWAP", "R-A5")
def test_AD_SWAP_the_two_fields_may_be_named_in_either_order() -> None:
    s = pos({1: ["T20"], 2: ["T40"]}, {0: ["swap"], 1: ["2"]})
    assert legal(s) == {"swap T20<>T40"}
    assert play(s, "swap T40<>T20").state == play(s, "swap T20<>T40").state


@pytest.mark.clause("AD-SWAP", "R-A5", "AD-PASS-TURN")
def test_AD_SWAP_unplayable_with_fewer_than_two_face_down_pieces() -> None:
    s = pos({0: ["T3"], 1: ["T20"]}, {0: ["swap"], 1: ["2"]})
    assert legal(s) == {"fold"}
    assert_illegal(s, "swap T3<>T20", "AD-SWAP", "R-A5")
    s = pos({0: ["T3"], 1: ["T21"]}, {0: ["swap"], 1: ["2"]})
    assert legal(s) == {"fold"}
    # pieces in a finish are face up: they never count
    s = pos({0: ["F1"], 1: ["T20", "F1"]}, {0: ["swap"], 1: ["2"]})
    assert legal(s) == {"fold"}


@pytest.mark.clause("AD-SWAP", "R-A5")
def test_AD_SWAP_with_an_empty_hole_is_refused_citing_the_swap_clause() -> None:
    # T24 is a hole with no piece on it: only two face-down pieces can change places
    s = pos({1: ["T20"], 2: ["T40"]}, {0: ["swap"], 1: ["2"]})
    assert_illegal(s, "swap T20<>T24", "AD-SWAP", "R-A5")
    assert refusal(s, "swap T20<>T24")[1].endswith("there is no piece on T24")


@pytest.mark.clause("AD-SWAP", "R-A5")
def test_AD_SWAP_a_refused_pair_names_the_piece_that_is_not_face_down() -> None:
    s = pos({0: ["T0", "T3"], 1: ["T20"], 2: ["T40"]}, {0: ["swap"], 1: ["2"]})
    for text, field in (("swap T3<>T20", "T3"), ("swap T20<>T3", "T3"), ("swap T0<>T20", "T0")):
        assert refusal(s, text) == (
            ("AD-SWAP", "R-A5"),
            f"{text}: not legal.\n- the piece on {field} is not face down (Swap takes two "
            "pieces on holes)",
        )
    assert refusal(s, "swap T20<>T20")[1].endswith(
        "Swap exchanges two face-down pieces (pieces standing on holes)"
    )


@pytest.mark.clause("AD-SWAP", "R-C7", "AD-MUST-PLAY")
def test_AD_SWAP_is_obligatory_when_it_can_be_carried_out() -> None:
    # seat 0's own piece on T60 is about to finish; a Swap is its only card: it must play it
    s = pos({0: ["T60"], 1: ["T20"]}, {0: ["swap"], 1: ["2"]})
    assert legal(s) == {"swap T20<>T60"}
    assert_illegal(s, "fold", "AD-MUST-PLAY", "R-C7", "AD-FULL-MOVE")
    t = play(s, "swap T20<>T60")
    assert at(t.state, 0) == ["T20"] and at(t.state, 1) == ["T60"]


@pytest.mark.clause("AD-SWAP-BLIND", "R-A9", "R-A5")
def test_AD_SWAP_BLIND_a_swap_shows_nobody_whose_pieces_moved() -> None:
    s = pos({0: ["T1", "T44"], 1: ["T20"], 2: ["T40"], 3: ["T50"]}, {0: ["swap"], 1: ["2"]})
    # the choice offered does not depend on whose pieces they are
    assert legal(s) == {"swap T20<>T40", "swap T20<>T44", "swap T40<>T44"}
    t = play(s, "swap T20<>T44")
    assert at(t.state, 0) == ["T1", "T20"] and at(t.state, 1) == ["T44"]
    for seat in range(4):
        assert face_down(t.state, seat) == face_down(s, seat) == ["T20", "T40", "T44"]
        for owner in range(4):
            assert visible(t.state, seat, owner) == visible(s, seat, owner)
    (swapped,) = events(t, "swapped")
    assert swapped.piece is None and swapped.seat is None  # no owner named


# ---------------------------------------------------------------------------------------------
# Copy
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-COPY", "R-C9")
def test_AD_COPY_plays_as_the_card_most_recently_played() -> None:
    s = pos({1: ["T18"], 2: ["T34"]}, {1: ["5"], 2: ["copy"], 3: ["2"]}, to_act=1)
    s = play(s, "5 T18-T23").state
    assert s.to_act == 2
    assert legal(s) == {"copy=5 T34-T39"}
    t = play(s, "copy=5 T34-T39")
    assert at(t.state, 2) == ["T39"]
    (played,) = events(t, "played")
    assert played.card == "copy" and cites(played, "AD-COPY")
    assert t.state.last_played == "5"
    assert_illegal(s, "copy=3 T34-T37", "AD-COPY", "R-C9")


@pytest.mark.clause("AD-COPY", "R-C9", "AD-FOLD")
def test_AD_COPY_a_folded_hand_is_no_played_card() -> None:
    s = pos({1: ["T18"], 3: ["T49"]}, {1: ["5"], 2: ["6", "8"], 3: ["copy"]}, to_act=1)
    s = play(s, "5 T18-T23").state
    s = play(s, "fold").state
    assert s.to_act == 3
    assert legal(s) == {"copy=5 T49-T54"}


@pytest.mark.clause("AD-COPY-ANY-OPTION", "R-C9")
def test_AD_COPY_ANY_OPTION_every_use_of_the_copied_card_is_open() -> None:
    # seat 1 uses its 1/11 to move 11; seat 2's Copy may move 1, move 11 or enter
    s = pos({1: ["T18"], 2: ["T34"]}, {1: ["1/11"], 2: ["copy"], 3: ["2"]}, to_act=1)
    s = play(s, "1/11 T18-T29").state
    assert legal(s) == {"copy=1/11 H-T32", "copy=1/11 T34-T35", "copy=1/11 T34-T45"}
    t = play(s, "copy=1/11 H-T32")
    assert at(t.state, 2) == ["T32", "T34"]
    (played,) = events(t, "played")
    assert cites(played, "AD-COPY-ANY-OPTION")
    assert t.state.last_played == "1/11"


@pytest.mark.clause("AD-COPY-ROUND", "R-C9")
def test_AD_COPY_ROUND_copy_is_never_the_first_card_of_a_round() -> None:
    s = pos({0: ["T3"]}, {0: ["copy"], 1: ["2"]}, last_played=None)
    assert legal(s) == {"fold"}
    assert_illegal(s, "copy=5 T3-T8", "AD-COPY-ROUND", "R-C9", "AD-COPY")
    # a new deal forgets the last round's cards
    s = pos(
        {0: ["T2"], 1: ["T18"], 2: ["T34"], 3: ["T50"]},
        {0: ["3"], 1: ["3"], 2: ["3"], 3: ["3"]},
        to_act=1,
    )
    for text in ("3 T18-T21", "3 T34-T37", "3 T50-T53", "3 T2-T5"):
        s = play(s, text).state
    assert s.round == 2 and s.last_played is None


@pytest.mark.clause("AD-COPY-CHAIN", "R-C9")
def test_AD_COPY_CHAIN_a_copy_of_a_copy_stands_for_the_same_card() -> None:
    s = pos(
        {0: ["T2"], 1: ["T18"], 2: ["T34"]},
        {0: ["copy"], 1: ["copy"], 2: ["copy"]},
        last_played="5",
    )
    assert legal(s) == {"copy=5 T2-T7"}
    s = play(s, "copy=5 T2-T7").state
    assert s.last_played == "5" and s.to_act == 1
    assert legal(s) == {"copy=5 T18-T23"}
    s = play(s, "copy=5 T18-T23").state
    assert legal(s) == {"copy=5 T34-T39"}


@pytest.mark.clause("R-A1", "AD-COPY", "AD-START-NO-FLIPPED")
def test_R_A1_a_copy_follows_the_card_it_stands_for() -> None:
    # seat 0 on its own start field; face down: seat 1 on T20, seat 2 on T36
    pieces = {0: ["T0"], 1: ["T20"], 2: ["T36"]}
    # a Copy of a number (blue, or a start card's number) may not move face-down pieces
    for last, barred in (("5", "copy=5 T20-T25"), ("1/11", "copy=1/11 T20-T21")):
        s = pos(pieces, {0: ["copy"], 1: ["2"]}, last_played=last)
        assert {n.split()[1].split("-")[0] for n in legal(s)} <= {"T0", "H"}
        assert_illegal(s, barred, "AD-START-NO-FLIPPED", "R-A1")
    # a Copy of Swap or Partner may
    s = pos(pieces, {0: ["copy"], 1: ["2"]}, last_played="swap")
    assert legal(s) == {"copy=swap T20<>T36"}
    s = pos(pieces, {0: ["copy"], 1: ["2"]}, last_played="partner")
    assert origins(s) == {"T0", "T20", "T36"}


# ---------------------------------------------------------------------------------------------
# Partner
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-PARTNER", "R-C10", "R-A6")
def test_AD_PARTNER_four_points_over_own_partner_and_face_down_pieces() -> None:
    # own T1, partner face up on T34, opponents face up on T18 and face down on T52
    s = pos({0: ["T1"], 1: ["T18"], 2: ["T34"], 3: ["T52"]}, {0: ["partner"], 1: ["2"]})
    plays = legal(s)
    for text in plays:
        steps = spent(text)
        assert sum(steps) == 4 and all(k >= 1 for k in steps), text
        moves = [word.split("-") for word in text.split()[1:]]
        for (_, before), (after, _) in pairwise(moves):
            assert before != after, f"{text}: the same piece twice in a row"
    assert origins(s) == {"T1", "T34", "T52"}
    assert {
        "partner T1-T5",
        "partner T34-T38",
        "partner T52-T56",
        "partner T1-T2 T34-T35 T52-T54",
    } <= plays
    assert_illegal(s, "partner T18-T22", "AD-PARTNER", "AD-PARTNER-ANY", "R-A6")
    assert_illegal(s, "partner T1-T6", "AD-PARTNER", "AD-FULL-MOVE", "R-C10")
    assert_illegal(s, "partner T1-T3 T3-T5", "AD-PARTNER", "R-C10")
    t = play(s, "partner T1-T2 T34-T35 T52-T54")
    assert at(t.state, 0) == ["T2"] and at(t.state, 2) == ["T35"] and at(t.state, 3) == ["T54"]
    (played,) = events(t, "played")
    assert cites(played, "AD-PARTNER")
    assert all(cites(e, "AD-PARTNER") for e in events(t, "moved"))


@pytest.mark.clause("R-A6", "AD-PARTNER", "AD-START-NO-FLIPPED")
def test_R_A6_partner_points_reach_face_down_pieces_even_from_the_start_field() -> None:
    # seat 0 stands on T0, so its numbers cannot move face-down pieces; Partner can
    s = pos({0: ["T0"], 1: ["T21"], 2: ["T34"], 3: ["T52"]}, {0: ["partner"], 1: ["2"]})
    assert origins(s) == {"T0", "T34", "T52"}
    t = play(s, "partner T52-T56")
    assert at(t.state, 3) == ["T56"]


@pytest.mark.clause("R-C10", "AD-PARTNER", "AD-ENTER")
def test_R_C10_sub_moves_land_capture_and_finish_but_never_enter() -> None:
    s = pos({0: ["T2", "T62"], 1: ["T5"]}, {0: ["partner"], 1: ["2"]})
    assert "partner T62-F2" in legal(s)
    t = play(s, "partner T2-T5 T62-T63")
    assert at(t.state, 1) == [] and at(t.state, 0) == ["T5", "T63"]
    assert [e.seat for e in events(t, "captured")] == [1]
    assert "H" not in origins(s)
    assert_illegal(s, "partner H-T0 T2-T5", "R-C10", "AD-PARTNER", "AD-ENTER")


@pytest.mark.clause("R-C10", "AD-PARTNER", "AD-MEETING", "R-A4")
def test_R_C10_two_meeting_places_reached_in_either_order_are_two_plays() -> None:
    """Summons follow the order the meeting places were reached, so two sub-moves onto
    meeting places are listed in both orders when the orders end differently."""
    # seat 1's face-down piece on the hole T24 and seat 0's T56 both step onto a meeting place
    s = pos({0: ["T56", "T11"], 1: ["T24"]}, {0: ["partner"], 1: ["2"]})
    first_t25, first_t57 = "partner T11-T13 T24-T25 T56-T57", "partner T11-T13 T56-T57 T24-T25"
    assert {first_t25, first_t57} <= legal(s)
    assert at(play(s, first_t25).state, 0) != at(play(s, first_t57).state, 0)


@pytest.mark.clause("R-C10", "AD-PARTNER", "AD-MEETING", "R-A4")
def test_R_C10_plays_that_end_alike_once_summoned_are_listed_once() -> None:
    """Two spellings whose tables differ only until the 007 summons have moved a piece are
    one outcome, listed once."""
    s = pos({0: ["T19", "T24"], 1: ["T20"]}, {0: ["partner"], 1: ["2"]})
    # T24-T25 summons the piece behind it to the hole T24: whether that piece came from T21
    # or from T22, seat 0 ends on T24 and T25 with seat 1's piece captured
    ends = {"partner T19-T20 T24-T25 T20-T22", "partner T20-T21 T19-T21 T24-T25"}
    for text in ends:
        t = play(s, text)
        assert at(t.state, 0) == ["T24", "T25"] and at(t.state, 1) == []
        assert "summoned" in kinds(t)
    assert len(ends & legal(s)) == 1


@pytest.mark.clause("R-C10", "AD-PARTNER", "AD-MEETING")
def test_R_C10_the_listed_spelling_of_an_outcome_is_the_first_in_board_order() -> None:
    """Of two orders of the last sub-moves that end alike, the one listed moves the piece
    first in board order first (a track piece before a finish piece)."""
    s = pos({0: ["T56", "T22", "F3"], 1: ["T8"]}, {0: ["partner"], 1: ["2"]})
    canonical = "partner T22-T23 T56-T57 T8-T9 F3-F4"
    other = "partner T22-T23 T56-T57 F3-F4 T8-T9"
    assert canonical in legal(s) and other not in legal(s)
    assert at(play(s, other).state, 0) == at(play(s, canonical).state, 0)
    assert at(play(s, other).state, 1) == at(play(s, canonical).state, 1)


@pytest.mark.clause("R-C10", "AD-PARTNER", "AD-MEETING", "R-A4")
def test_R_C10_the_first_spelling_is_listed_when_its_first_sub_moves_reach_a_table_again() -> None:
    """A play whose first sub-moves reach a table that an earlier ordering reached (T26-T27
    T39-T40 before T39-T40 T26-T27) is listed in its own spelling when it is the first of its
    outcome: once the piece moved last there moves on, any piece may move after it."""
    # T39-T40 captures the own piece on T40; T41 summons the piece on T26 or T27 to the hole
    # T40, then T25 summons T41's piece to the hole T24: both spellings end alike
    s = pos({0: ["T24", "T26", "T39", "T40"]}, {0: ["partner"], 1: ["2"]})
    canonical = "partner T39-T40 T26-T27 T40-T41 T24-T25"
    assert_another_spelling(s, "partner T40-T41 T39-T41 T24-T25", canonical)


@pytest.mark.clause("R-C10", "AD-PARTNER", "AD-MEETING", "R-A4")
def test_R_C10_summons_order_tells_plays_apart_also_when_a_piece_finishes() -> None:
    """A play that also takes a piece into its finish is told apart from another by where
    the summons leave the pieces, as any other play."""
    # T9 first calls T5 to T8 and T25 then calls T9's piece to T24; T25 first calls T9's
    # piece away and T9 calls nobody; T63-F1 ends both
    s = pos({0: ["T8", "T24", "T63"], 1: ["T5"]}, {0: ["partner"], 1: ["2"]})
    first_t9, first_t25 = "partner T8-T9 T24-T25 T63-F1", "partner T24-T25 T8-T9 T63-F1"
    assert {first_t9, first_t25} <= legal(s)
    assert at(play(s, first_t9).state, 1) != at(play(s, first_t25).state, 1)


@pytest.mark.clause("AD-PARTNER-ANY", "R-A6")
def test_AD_PARTNER_ANY_once_one_of_the_team_is_finished_any_piece_may_move() -> None:
    # seat 0 is finished; its partner seat 2 may now give points to opponents' pieces too
    s = pos(
        {0: ["F1", "F2", "F3", "F4"], 1: ["T21"], 2: ["T34"], 3: ["T50"]},
        {2: ["partner"], 1: ["2"]},
        to_act=2,
    )
    assert origins(s) == {"T21", "T34", "T50"}
    t = play(s, "partner T21-T25")
    assert at(t.state, 1) == ["T25"]
    # the finished seat itself likewise
    s = pos(
        {0: ["F1", "F2", "F3", "F4"], 1: ["T21"], 2: ["T34"], 3: ["T50"]},
        {0: ["partner"], 1: ["2"]},
    )
    assert origins(s) == {"T21", "T34", "T50"}
    # before anyone of the team is finished, opponents' face-up pieces are out of reach
    before = pos(
        {0: ["F1", "F2", "F3"], 1: ["T21"], 2: ["T34"], 3: ["T50"]},
        {2: ["partner"], 1: ["2"]},
        to_act=2,
    )
    assert {"T21", "T50"}.isdisjoint(origins(before))
    assert_illegal(before, "partner T21-T25", "AD-PARTNER-ANY", "AD-PARTNER", "R-A6")


@pytest.mark.clause("R-C14", "AD-PARTNER-ANY")
def test_R_C14_partner_targets_are_judged_before_each_sub_move_as_in_black_dog() -> None:
    # seat 0 brings its last piece home with the first sub-move; the rest of the card may
    # move seat 1's face-up piece on T21 (R-C14 per-sub-move, the reference reading)
    s = pos({0: ["F2", "F3", "F4", "T63"], 1: ["T21"]}, {0: ["partner"], 1: ["2"]})
    assert "partner T63-F1 T21-T23" in legal(s)
    assert at(play(s, "partner T63-F1 T21-T23").state, 1) == ["T23"]
    # read at the start of the card (the alternative), seat 1's piece stays out of reach
    start_of_card = dogrules.variant("agent-dog", rulings={"R-C14": "start-of-card"})
    assert not any("T21" in text for text in legal(s, start_of_card))
    ruling = start_of_card.explain(s, start_of_card.parse_action(s, "partner T63-F1 T21-T23"))
    assert not ruling.legal and ruling.readings == (("R-C14", "start-of-card"),)


@pytest.mark.clause("AD-2P3P-PARTNER", "R-A6")
@pytest.mark.parametrize("players", [2, 3])
def test_AD_2P3P_PARTNER_points_may_go_to_any_colour(players: int) -> None:
    s = pos({0: ["T2"], 1: ["T42"]}, {0: ["partner"], 1: ["2"]}, players=players)
    assert origins(s) == {"T2", "T42"}
    t = play(s, "partner T42-T46")
    assert at(t.state, 1) == ["T46"]
