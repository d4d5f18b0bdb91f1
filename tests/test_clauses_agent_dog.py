"""Agent DOG, clause by clause: the table, setup, the round, movement, the finish, face-down
pieces, the capture penalty, the 007 meeting places, team play and the win, the 2/3-player
rules and the layout data (AD-L-*).

The cards (blue cards, start cards, Swap, Copy, Partner) are in
test_clauses_agent_dog_cards.py.

Every test cites the clauses it checks with ``@pytest.mark.clause(...)`` and reads like the
manual: a position, what the manual (or a ruling R-A*) says must happen, and the engine's
answer.

Field numbering (layouts.md): 64 track fields T0..T63; with 4 players seat q starts on
T(16q) (T0, T16, T32, T48); with 2 players seat 1 starts on T32. Holes are T(16q+4),
T(16q+8) and T(16q+12): a piece standing on one is face down. The 007 meeting places are
T(16q+9); the field behind each, T(16q+8), is a hole. Fields used below as "ordinary" are
none of these: T(16q + 1, 2, 3, 5, 6, 7, 10, 11, 13, 14, 15).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import dogrules
from helpers import (
    AD,
    act,
    assert_another_spelling,
    assert_illegal,
    at,
    at_home,
    cards_in_play,
    cites,
    edited,
    events,
    face_down,
    kinds,
    origins,
    position_builder,
    round_openings,
    run,
    visible,
    with_next_card,
)
from helpers import act as play
from helpers import notations as legal

HOLES = tuple(16 * q + j for q in range(4) for j in (4, 8, 12))
MEETINGS = tuple(16 * q + 9 for q in range(4))
STARTS = (0, 16, 32, 48)

# A play position: seats not listed keep every piece at home, listed seats are filled up with
# home pieces (4 pieces a seat whatever the number of players).
pos = position_builder(AD)


# ---------------------------------------------------------------------------------------------
# Players, pieces, deck, teams, goal, secrecy
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-PLAYERS")
def test_AD_PLAYERS_two_three_or_four_players() -> None:
    for players in (2, 3, 4):
        s = AD.new_game(players=players, seed=1)
        assert s.players == players
        assert len(s.hands) == len(s.pieces) == players
    for players in (1, 5):
        with pytest.raises(ValueError):
            AD.new_game(players=players, seed=1)
    # the 4-player game is the team game; 2 and 3 players play alone (AD-2P3P-*)
    assert AD.new_game(players=4, seed=1).teams
    assert not AD.new_game(players=3, seed=1).teams


@pytest.mark.clause("AD-PIECES", "AD-L-PIECES", "R-A7")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_AD_PIECES_four_pieces_a_colour_whatever_the_number_of_players(players: int) -> None:
    s = AD.new_game(players=players, seed=2)
    assert [len(pieces) for pieces in s.pieces] == [4] * players
    assert AD.board(players).pieces_per_seat == 4
    for wrong in (3, 5):
        with pytest.raises(dogrules.InvalidPosition):
            AD.position(
                players=players,
                pieces={seat: ["H"] * (wrong if seat == 0 else 4) for seat in range(players)},
                hands={0: ["5"]},
            )


@pytest.mark.clause("AD-DECK", "AD-L-DECK")
def test_AD_DECK_one_deck_of_110_cards_with_the_layout_split() -> None:
    expected = {
        **{str(n): 9 for n in (2, 3, 5, 6, 8, 9, 10, 12)},
        "1/11": 9,
        "13": 9,
        "swap": 6,
        "copy": 6,
        "partner": 8,
    }
    for players in (2, 3, 4):
        s = AD.new_game(players=players, seed=5)
        counted = cards_in_play(s)
        assert sum(counted.values()) == 110
        assert dict(counted) == expected
    assert AD.deck.total == 110
    # no 4, no 7, no Magnet and no black cards in Agent DOG
    for foreign in ("4", "7", "magnet", "black:3"):
        with pytest.raises(dogrules.InvalidPosition):
            pos({0: ["T1"]}, {0: [foreign]})
    with pytest.raises(dogrules.InvalidPosition):
        pos({0: ["T1"]}, {0: ["5"] * 5, 1: ["5"] * 5})  # nine 5s in the deck: never ten


@pytest.mark.clause("AD-TEAMS")
def test_AD_TEAMS_opposite_colours_are_partners() -> None:
    board = AD.board(4)
    assert [board.colour(seat) for seat in range(4)] == ["red", "blue", "green", "yellow"]
    # red (0) partners green (2), blue (1) partners yellow (3): seat 1's Partner reaches seat
    # 3's face-up piece but not the face-up pieces of seats 0 and 2
    s = pos({0: ["T2"], 1: ["T18"], 2: ["T34"], 3: ["T50"]}, {1: ["partner"]}, to_act=1)
    assert origins(s) == {"T18", "T50"}
    # capturing the partner's piece is penalised, an opponent's is not
    s = pos({1: ["T18"], 3: ["T21"], 0: ["T23"]}, {1: ["3", "5"], 2: ["2"]}, to_act=1)
    assert "penalised" in kinds(play(s, "3 T18-T21"))
    assert "penalised" not in kinds(play(s, "5 T18-T23"))


@pytest.mark.clause("AD-GOAL")
def test_AD_GOAL_nobody_wins_alone() -> None:
    # seat 0 brings its last piece in (T62 -> T63, T0, F1) while partner seat 2 still has
    # pieces out: the game goes on
    s = pos({0: ["T62", "F2", "F3", "F4"], 2: ["T34"]}, {0: ["3"], 1: ["2"]})
    t = play(s, "3 T62-F1")
    assert at(t.state, 0) == ["F1", "F2", "F3", "F4"]
    assert "won" not in kinds(t)
    assert t.state.phase == "play" and t.state.winner == ()


@pytest.mark.clause("AD-SECRECY")
def test_AD_SECRECY_each_seat_sees_only_its_own_hand() -> None:
    s = AD.new_game(players=4, seed=11)
    seen = AD.observe(s, 1)
    assert seen["hand"] == list(s.hands[1])
    assert "hands" not in seen and "deck" not in seen
    assert seen["hand_sizes"] == {"0": 5, "1": 5, "2": 5, "3": 5}
    # the card seat 0 sets aside for its partner is known to seat 0 alone
    giving = AD.legal_actions(s)[0]
    after = AD.apply(s, giving).state
    own = AD.observe(after, 0)["exchange"]
    assert isinstance(own, dict) and own["0"] == giving.chosen
    for seat in (1, 2, 3):
        view = AD.observe(after, seat)
        assert isinstance(view["exchange"], dict)
        assert view["exchange"]["0"] not in AD.deck.notations
        assert view["hand"] == list(after.hands[seat])


# ---------------------------------------------------------------------------------------------
# Setup, the first dealer, the deal, the exchange, who starts
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-SETUP", "R-A13", "R-A7")
@pytest.mark.parametrize(
    ("players", "starts"),
    [(4, ["T0", "T16", "T32", "T48"]), (3, ["T0", "T16", "T32"]), (2, ["T0", "T32"])],
)
def test_AD_SETUP_three_home_one_on_the_start_field_colour_side_up(
    players: int, starts: list[str]
) -> None:
    s = AD.new_game(players=players, seed=8)
    for seat in range(players):
        assert at(s, seat) == [starts[seat]]
        assert at_home(s, seat) == 3
        # colour side up: every seat sees the piece on the start field as the owner's
        assert starts[seat] in visible(s, (seat + 1) % players, seat)
    assert face_down(s) == []


@pytest.mark.clause("AD-FIRST-DEALER", "R-A8", "R-A13")
def test_AD_FIRST_DEALER_seat_0_holds_the_deck_deals_and_gives_first() -> None:
    for players in (2, 3, 4):
        s = AD.new_game(players=players, seed=9)
        assert s.dealer == 0 and s.round == 1
        assert s.phase == "exchange" and s.to_act == 0
        assert len(s.deck) == 110 - 5 * players
        assert s.discard == ()
        # the same seed shuffles the same deck; others shuffle differently
        assert AD.new_game(players=players, seed=9) == s
    assert len({AD.new_game(players=4, seed=seed).hands for seed in range(5)}) > 1


@pytest.mark.clause("AD-DEAL", "R-C2")
def test_AD_DEAL_five_cards_to_every_seat_in_every_round() -> None:
    s = AD.new_game(players=4, seed=21)
    assert [len(hand) for hand in s.hands] == [5, 5, 5, 5]
    # the original DOG deals 6, 5, 4, ...: Agent DOG deals 5 every round
    rounds = 0
    for state in round_openings(s, 6):
        rounds += 1
        assert [len(hand) for hand in state.hands] == [5, 5, 5, 5]
    assert rounds == 6
    # the deal at a round's end cites the Agent DOG clause
    s = pos(
        {0: ["T2"], 1: ["T18"], 2: ["T34"], 3: ["T50"]},
        {0: ["3"], 1: ["3"], 2: ["3"], 3: ["3"]},
        to_act=1,
    )
    for text in ("3 T18-T21", "3 T34-T37", "3 T50-T53"):
        s = play(s, text).state
    t = play(s, "3 T2-T5")
    (dealt,) = events(t, "dealt")
    assert dealt.count == 5 and cites(dealt, "AD-DEAL")
    assert [len(hand) for hand in t.state.hands] == [5, 5, 5, 5]


@pytest.mark.clause("AD-EXCHANGE", "R-C3")
def test_AD_EXCHANGE_partners_pass_one_card_face_down_at_the_same_time() -> None:
    s = AD.new_game(players=4, seed=12)
    before = [Counter(hand) for hand in s.hands]
    # any card may be given: the advice to help the partner limits nothing
    assert legal(s) == {f"give {card}" for card in s.hands[0]}
    gifts: dict[int, str] = {}
    while s.phase == "exchange":
        seat = s.to_act
        card = s.hands[seat][-1]
        gifts[seat] = card
        t = play(s, f"give {card}")
        if seat == 0:
            # the partner receives nothing until every seat has chosen
            assert t.state.hands[2] == s.hands[2] and t.state.exchange[0] == card
        s = t.state
    assert sorted(gifts) == [0, 1, 2, 3]
    (exchanged,) = events(t, "exchanged")
    assert cites(exchanged, "AD-EXCHANGE")
    for seat in range(4):
        partner = (seat + 2) % 4
        expected = before[seat] - Counter([gifts[seat]]) + Counter([gifts[partner]])
        assert Counter(s.hands[seat]) == expected


def _openings(players: int, rounds: int) -> list[tuple[int, int, int]]:
    return [
        (s.round, s.dealer, s.to_act)
        for s in round_openings(AD.new_game(players=players, seed=4), rounds)
    ]


@pytest.mark.clause("AD-DEALER-STARTS", "R-A8")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_AD_DEALER_STARTS_the_seat_holding_the_deck_plays_first(players: int) -> None:
    seen = _openings(players, 5)
    assert len(seen) == 5
    assert all(dealer == to_act for _, dealer, to_act in seen)
    # the exchange too opens with the dealer
    s = AD.new_game(players=players, seed=4)
    s = run(s, lambda x: x.round == 2)
    assert s.phase == "exchange" and s.to_act == s.dealer == 1


@pytest.mark.clause("AD-DEALER-ROTATES", "R-A8")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_AD_DEALER_ROTATES_the_deck_passes_one_seat_clockwise_each_round(players: int) -> None:
    seen = _openings(players, 6)
    assert seen == [(r + 1, r % players, r % players) for r in range(6)]


@pytest.mark.clause("AD-DEALER-ROTATES", "AD-DEALER-STARTS", "R-A8")
def test_AD_DEALER_ROTATES_the_next_dealer_opens_the_next_round() -> None:
    # seat 1 dealt and started this round (the builder makes the seat to act the dealer)
    s = pos(
        {0: ["T2"], 1: ["T18"], 2: ["T34"], 3: ["T50"]},
        {0: ["3"], 1: ["3"], 2: ["3"], 3: ["3"]},
        to_act=1,
    )
    assert s.dealer == 1
    for text in ("3 T18-T21", "3 T34-T37", "3 T50-T53"):
        s = play(s, text).state
    t = play(s, "3 T2-T5")
    (started,) = events(t, "round_started")
    assert started.seat == 2 and cites(started, "AD-DEALER-ROTATES")
    assert t.state.dealer == 2 and t.state.to_act == 2 and t.state.phase == "exchange"


# ---------------------------------------------------------------------------------------------
# Turns, passing, the end of a round, reshuffling
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-TURN")
def test_AD_TURN_play_one_card_face_up_draw_none_next_seat_clockwise() -> None:
    s = pos({0: ["T2"], 1: ["T18"]}, {0: ["5", "3"], 1: ["6"], 2: ["2"], 3: ["6"]})
    t = play(s, "3 T2-T5")
    assert list(t.state.hands[0]) == ["5"]
    assert len(t.state.deck) == len(s.deck)
    assert t.state.discard[-1] == "3"
    assert AD.observe(t.state, 2)["discard_top"] == "3"
    assert t.state.to_act == 1
    assert at(t.state, 0) == ["T5"]
    (played,) = events(t, "played")
    assert played.card == "3" and played.seat == 0 and cites(played, "AD-TURN")


@pytest.mark.clause("AD-PASS-TURN", "R-C7")
def test_AD_PASS_TURN_a_seat_with_no_playable_card_must_pass() -> None:
    # seat 0: nothing on the board, no start card, no face-down piece to move
    s = pos({1: ["T18"]}, {0: ["5", "swap", "copy"], 1: ["2"]})
    assert legal(s) == {"fold"}
    # with 2 or 3 players passing means discarding (AD-2P3P-REDRAW)
    for players in (2, 3):
        s = pos({1: ["T42"]}, {0: ["5", "2"], 1: ["2"]}, players=players)
        assert legal(s) == {"discard 5", "discard 2"}


@pytest.mark.clause("AD-FOLD", "R-C7")
def test_AD_FOLD_the_hand_goes_under_the_discard_pile_and_the_seat_is_out() -> None:
    # seat 2 has every piece at home, no start card and no face-down piece to move
    s = pos({1: ["T18"], 3: ["T49"]}, {1: ["3", "5"], 2: ["5", "6"], 3: ["2", "3"]}, to_act=1)
    s = play(s, "3 T18-T21").state
    assert s.to_act == 2
    assert legal(s) == {"fold"}
    t = play(s, "fold")
    (folded,) = events(t, "folded")
    assert folded.seat == 2 and folded.count == 2 and cites(folded, "AD-FOLD")
    assert [e.seat for e in events(t, "out_of_round")] == [2]
    assert all(cites(e, "AD-FOLD") for e in events(t, "out_of_round"))
    assert t.state.hands[2] == ()
    # under the pile: the 3 just played stays on top
    assert Counter(t.state.discard) == Counter(["3", "5", "6"])
    assert t.state.discard[-1] == "3"
    s = t.state
    assert s.to_act == 3
    s = play(s, "2 T49-T51").state
    assert s.to_act == 1  # seat 0 holds nothing, seat 2 is out
    s = play(s, "5 T21-T26").state
    assert s.to_act == 3  # seat 2 is passed over again
    t = play(s, "3 T51-T54")
    # the next round seat 2 is dealt in and plays normally
    assert "dealt" in kinds(t)
    assert len(t.state.hands[2]) == 5


@pytest.mark.clause("AD-MUST-PLAY", "R-C7")
def test_AD_MUST_PLAY_a_playable_card_must_be_played_even_to_ones_harm() -> None:
    # the piece on T62 is 3 fields from F1; with only a 12 and a 9 it has to run past
    s = pos({0: ["T62"]}, {0: ["12", "9"], 1: ["2"]})
    assert legal(s) == {"12 T62-T10", "9 T62-T7"}
    assert_illegal(s, "fold", "AD-MUST-PLAY", "R-C7", "AD-FULL-MOVE")
    t = play(s, "12 T62-T10")
    assert at(t.state, 0) == ["T10"]


@pytest.mark.clause("AD-FULL-MOVE", "R-C7")
def test_AD_FULL_MOVE_no_point_may_be_left_over() -> None:
    # T63 + 5: T0 (a step), F1..F4; a 6 cannot end in the finish and stays on the track
    s = pos({0: ["T63"]}, {0: ["6"], 1: ["2"]})
    assert legal(s) == {"6 T63-T5"}
    assert_illegal(s, "6 T63-F4", "AD-FULL-MOVE", "AD-MOVE", "R-C6")
    s = pos({0: ["T63"]}, {0: ["5"], 1: ["2"]})
    assert "5 T63-F4" in legal(s)
    # Partner needs all 4 points: a lone piece on F1 has only 3 fields left
    s = pos({0: ["F1"]}, {0: ["partner"], 1: ["2"]})
    assert legal(s) == {"fold"}
    assert_illegal(s, "partner F1-F4", "AD-FULL-MOVE", "AD-PARTNER", "R-C10")


@pytest.mark.clause("AD-ROUND-END")
def test_AD_ROUND_END_the_round_ends_once_every_card_is_used() -> None:
    s = pos(
        {0: ["T2"], 1: ["T18"], 2: ["T34"], 3: ["T50"]},
        {0: ["3"], 1: ["3", "2"], 2: ["3"], 3: ["3"]},
        to_act=1,
    )
    for text in ("3 T18-T21", "3 T34-T37", "3 T50-T53", "3 T2-T5"):
        t = play(s, text)
        s = t.state
        assert s.round == 1 and "dealt" not in kinds(t)  # seat 1 still holds its 2
    t = play(s, "2 T21-T23")
    assert "dealt" in kinds(t) and "round_started" in kinds(t)
    assert t.state.round == 2 and t.state.phase == "exchange"
    assert t.state.last_played is None


@pytest.mark.clause("AD-RESHUFFLE", "R-C2")
def test_AD_RESHUFFLE_the_discard_pile_becomes_the_new_deck() -> None:
    s = pos(
        {0: ["T2"], 1: ["T18"], 2: ["T34"], 3: ["T50"]},
        {0: ["3"], 1: ["3"], 2: ["3"], 3: ["3"]},
        to_act=1,
    )
    for text in ("3 T18-T21", "3 T34-T37", "3 T50-T53"):
        s = play(s, text).state

    def short_deck(data: dict[str, Any]) -> None:
        data["discard"] = data["discard"] + data["deck"][:-7]
        data["deck"] = data["deck"][-7:]

    s = edited(s, short_deck)
    t = play(s, "3 T2-T5")
    (reshuffled,) = events(t, "reshuffled")
    assert cites(reshuffled, "AD-RESHUFFLE")
    assert kinds(t).index("reshuffled") < kinds(t).index("dealt")
    assert [len(hand) for hand in t.state.hands] == [5, 5, 5, 5]
    assert t.state.discard == ()
    assert sum(cards_in_play(t.state).values()) == 110


# ---------------------------------------------------------------------------------------------
# Entering, moving, passing, capturing
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-ENTER", "R-C5")
def test_AD_ENTER_a_start_card_puts_a_home_piece_on_its_start_field() -> None:
    s = pos({}, {0: ["13", "5"], 1: ["2"]})
    assert legal(s) == {"13 H-T0"}
    t = play(s, "13 H-T0")
    assert at(t.state, 0) == ["T0"] and at_home(t.state, 0) == 3
    (entered,) = events(t, "entered")
    assert entered.dst == "T0" and cites(entered, "AD-ENTER")
    assert_illegal(s, "5 H-T0", "AD-ENTER", "R-C5")
    # seat 1 enters on its own start field, T16, and nowhere else
    s = pos({}, {1: ["1/11"]}, to_act=1)
    assert legal(s) == {"1/11 H-T16"}
    assert_illegal(s, "1/11 H-T0", "AD-ENTER", "R-C5")
    # a piece of another colour on the start field is captured; an own one bars entering
    s = pos({0: ["T5"], 3: ["T0"]}, {0: ["1/11"], 3: ["2"]})
    t = play(s, "1/11 H-T0")
    assert at(t.state, 0) == ["T0", "T5"] and at(t.state, 3) == []
    assert [e.seat for e in events(t, "captured")] == [3]
    s = pos({0: ["T0"]}, {0: ["13"], 1: ["2"]})
    assert_illegal(s, "13 H-T0", "R-C5", "AD-ENTER", "AD-START-PROTECTED")


@pytest.mark.clause("AD-START-CARD-CHOICE", "AD-CARD-1-11", "AD-CARD-13")
def test_AD_START_CARD_CHOICE_enter_or_move_never_both() -> None:
    s = pos({0: ["T21"]}, {0: ["13"], 1: ["2"]})
    assert legal(s) == {"13 H-T0", "13 T21-T34"}
    t = play(s, "13 H-T0")
    assert at(t.state, 0) == ["T0", "T21"]  # entered, and no steps from the 13
    assert_illegal(s, "13 H-T13", "AD-ENTER", "R-C5", "AD-START-CARD-CHOICE")
    s = pos({0: ["T21"]}, {0: ["1/11"], 1: ["2"]})
    assert_illegal(s, "1/11 H-T1", "AD-ENTER", "R-C5", "AD-START-CARD-CHOICE")
    assert_illegal(s, "1/11 H-T11", "AD-ENTER", "R-C5", "AD-START-CARD-CHOICE")


@pytest.mark.clause("AD-MOVE")
def test_AD_MOVE_a_number_carries_a_piece_clockwise_by_exactly_that_many_fields() -> None:
    s = pos({0: ["T1"]}, {0: ["5"], 1: ["2"]})
    assert legal(s) == {"5 T1-T6"}
    t = play(s, "5 T1-T6")
    assert at(t.state, 0) == ["T6"]
    (moved,) = events(t, "moved")
    assert moved.count == 5 and moved.path == ("T2", "T3", "T4", "T5", "T6")
    assert cites(moved, "AD-MOVE")
    assert_illegal(s, "5 T1-T5", "AD-MOVE", "AD-FULL-MOVE")
    assert_illegal(s, "5 T1-T7", "AD-MOVE", "AD-FULL-MOVE")
    assert_illegal(s, "5 T1-T60", "AD-MOVE", "AD-FULL-MOVE")


@pytest.mark.clause("AD-OWN-PIECES", "R-A1")
def test_AD_OWN_PIECES_own_pieces_and_face_down_ones_nothing_else() -> None:
    # seat 1 face up on T21, partner seat 2 face up on T35, seat 3 face down on T52
    s = pos({0: ["T1"], 1: ["T21"], 2: ["T35"], 3: ["T52"]}, {0: ["5"], 1: ["2"]})
    assert origins(s) == {"T1", "T52"}
    assert_illegal(s, "5 T35-T40", "AD-OWN-PIECES", "R-A1", "R-C8")
    assert_illegal(s, "5 T21-T26", "AD-OWN-PIECES", "R-A1", "R-C8")


@pytest.mark.clause("AD-PASSING")
def test_AD_PASSING_pieces_on_the_way_are_passed_and_count_as_steps() -> None:
    # over seat 1 (T2), partner seat 2 (T3) and a face-down piece of seat 3 (T4)
    s = pos({0: ["T1"], 1: ["T2"], 2: ["T3"], 3: ["T4"]}, {0: ["5"], 1: ["2"]})
    assert "5 T1-T6" in legal(s)
    t = play(s, "5 T1-T6")
    assert at(t.state, 0) == ["T6"]
    assert at(t.state, 1) == ["T2"] and at(t.state, 2) == ["T3"] and at(t.state, 3) == ["T4"]
    assert "captured" not in kinds(t)
    # the exceptions: a piece on its own start field and pieces in a finish
    s = pos({0: ["T14"], 1: ["T16"]}, {0: ["5"], 1: ["2"]})
    assert_illegal(s, "5 T14-T19", "AD-START-BLOCKS", "AD-START-PROTECTED", "AD-PASSING")
    s = pos({0: ["T62", "F1"]}, {0: ["5"], 1: ["2"]})
    assert_illegal(s, "5 T62-F3", "AD-FINISH-SAFE", "AD-PASSING", "R-C6")


@pytest.mark.clause("AD-START-BLOCKS", "R-C4")
def test_AD_START_BLOCKS_a_piece_on_its_own_start_bars_every_piece() -> None:
    # seat 1 on T16 bars seat 0, seat 1 itself, and a face-down piece moved by anyone
    s = pos({0: ["T14"], 1: ["T16", "T13"], 3: ["T12"]}, {0: ["5", "6"], 1: ["5"]})
    assert_illegal(s, "5 T14-T19", "AD-START-BLOCKS", "AD-START-PROTECTED", "R-C4")
    assert_illegal(s, "6 T12-T18", "AD-START-BLOCKS", "AD-START-PROTECTED", "R-C4")
    s1 = pos({1: ["T16", "T13"]}, {1: ["5"]}, to_act=1)
    assert_illegal(s1, "5 T13-T18", "AD-START-BLOCKS", "AD-START-PROTECTED", "R-C4")
    # it even bars its owner's way into the finish
    s = pos({0: ["T62", "T0"]}, {0: ["3"], 1: ["2"]})
    assert legal(s) == {"3 T0-T3"}
    assert_illegal(s, "3 T62-F1", "AD-START-BLOCKS", "AD-START-PROTECTED", "R-C4")


@pytest.mark.clause("AD-START-PROTECTED", "R-C4")
def test_AD_START_PROTECTED_neither_passed_nor_captured_even_by_its_owner() -> None:
    s = pos({0: ["T14", "T13"], 1: ["T16"]}, {0: ["2", "3", "5"], 1: ["3"]})
    assert_illegal(s, "2 T14-T16", "AD-START-PROTECTED", "R-C4", "AD-CAPTURE")
    assert_illegal(s, "3 T13-T16", "AD-START-PROTECTED", "R-C4", "AD-CAPTURE")
    assert_illegal(s, "5 T13-T18", "AD-START-PROTECTED", "AD-START-BLOCKS", "R-C4")
    s = pos({1: ["T16", "T13"]}, {1: ["3"]}, to_act=1)
    assert_illegal(s, "3 T13-T16", "AD-START-PROTECTED", "R-C4", "AD-CAPTURE")
    # a piece of another colour on a start field is an ordinary piece
    s = pos({0: ["T16"], 3: ["T14", "T13"]}, {3: ["5", "3"]}, to_act=3)
    assert "5 T14-T19" in legal(s)
    t = play(s, "3 T13-T16")
    assert at(t.state, 0) == [] and at(t.state, 3) == ["T14", "T16"]


@pytest.mark.clause("AD-START-MOVE-ONLY", "R-A4")
def test_AD_START_MOVE_ONLY_a_start_piece_leaves_by_its_own_move_or_a_summons() -> None:
    s = pos({0: ["T0", "T6"], 1: ["T60"]}, {0: ["3", "5", "swap"], 1: ["2"]})
    # its own ordinary move
    assert "5 T0-T5" in legal(s)
    # nothing lands on it, and no Swap takes it (it stands face up)
    assert not any("T0<>" in n or "<>T0" in n for n in legal(s))
    # the one exception: a summons to a 007 meeting place
    t = play(s, "3 T6-T9")
    (summoned,) = events(t, "summoned")
    assert summoned.src == "T0" and summoned.dst == "T8"
    assert at(t.state, 0) == ["T8", "T9"]


@pytest.mark.clause("AD-ONE-PER-FIELD")
def test_AD_ONE_PER_FIELD_a_field_holds_one_piece() -> None:
    with pytest.raises(dogrules.InvalidPosition):
        pos({0: ["T5"], 1: ["T5"]}, {0: ["2"]})
    with pytest.raises(dogrules.InvalidPosition):
        pos({0: ["T4"], 2: ["T4"]}, {0: ["2"]})  # a hole too
    s = pos({0: ["T3"], 2: ["T6"], 3: ["T4"]}, {0: ["3"], 1: ["2"]})
    t = play(s, "3 T3-T6")
    assert at(t.state, 0) == ["T6"] and at(t.state, 2) == []
    (captured,) = events(t, "captured")
    assert cites(captured, "AD-ONE-PER-FIELD")


@pytest.mark.clause("AD-CAPTURE")
@pytest.mark.parametrize(("victim", "field"), [(1, 5), (1, 4), (3, 4)])
def test_AD_CAPTURE_the_piece_landed_on_goes_home_to_its_own_colour(
    victim: int, field: int
) -> None:
    s = pos({0: [f"T{field - 3}"], victim: [f"T{field}", "T50"]}, {0: ["3"], 1: ["2"]})
    t = play(s, f"3 T{field - 3}-T{field}")
    assert at(t.state, 0) == [f"T{field}"]
    assert f"T{field}" not in at(t.state, victim)
    assert at_home(t.state, victim) == 3
    (captured,) = events(t, "captured")
    assert captured.seat == victim and captured.src == f"T{field}"
    assert cites(captured, "AD-CAPTURE")
    assert "penalised" not in kinds(t)  # an opponent's piece


@pytest.mark.clause("R-C15", "AD-CAPTURE", "AD-OWN-CAPTURE-PENALTY")
def test_R_C15_capturing_either_of_two_face_up_own_pieces_is_one_listed_action() -> None:
    """Seat 0's face-up pieces on T22, T23 and T33: 1/11 T22-T23 and T22-T33 each send one
    of them home and leave one on T23 and one on T33, which the seat sees: one listed
    action, the other spelling legal."""
    s = pos({0: ["T22", "T23", "T33"]}, {0: ["1/11"], 1: ["2"]})
    assert_another_spelling(s, "1/11 T22-T33", "1/11 T22-T23")


@pytest.mark.clause("R-C15", "AD-CAPTURE", "AD-FLIPPED", "R-A9")
def test_R_C15_capturing_a_face_down_piece_or_a_face_up_one_stays_two_listed_actions() -> None:
    """Seat 0's piece on the hole T20 lies face down: 1/11 T19-T20 captures it, T19-T30 the
    face-up T30. The states are equal only because the face-down piece is seat 0's, which the
    seat cannot see, so both stay listed (merging them would tell its colour)."""
    s = pos({0: ["T19", "T20", "T30"]}, {0: ["1/11"], 1: ["2"]})
    both = ("1/11 T19-T20", "1/11 T19-T30")
    assert set(both) <= legal(s)
    assert play(s, both[0]).state == play(s, both[1]).state


# ---------------------------------------------------------------------------------------------
# The finish
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-FINISH-ENTRY", "R-C6")
def test_AD_FINISH_ENTRY_only_over_the_own_start_field_never_from_it() -> None:
    s = pos({0: ["T62"]}, {0: ["3"], 1: ["2"]})
    assert legal(s) == {"3 T62-F1", "3 T62-T1"}
    t = play(s, "3 T62-F1")
    assert at(t.state, 0) == ["F1"]
    (finished,) = events(t, "finished")
    assert cites(finished, "AD-FINISH-ENTRY")
    # a move ending on the own start field stays on the track: another full lap
    s = pos({0: ["T63"]}, {0: ["1/11"], 1: ["2"]})
    assert "1/11 T63-T0" in legal(s)
    assert not any("F" in n for n in legal(s))
    # a move beginning on the own start field cannot turn in
    s = pos({0: ["T0"]}, {0: ["3"], 1: ["2"]})
    assert legal(s) == {"3 T0-T3"}
    assert_illegal(s, "3 T0-F3", "AD-FINISH-ENTRY", "R-C6")
    # seat 1 turns in over T16 only
    s = pos({1: ["T14"]}, {1: ["5"]}, to_act=1)
    assert legal(s) == {"5 T14-F3", "5 T14-T19"}


@pytest.mark.clause("AD-FINISH-SAFE", "R-C6")
def test_AD_FINISH_SAFE_nothing_in_a_finish_is_passed_or_captured() -> None:
    s = pos({0: ["F1", "F3"]}, {0: ["1/11", "3", "2"], 1: ["2"]})
    assert {"1/11 F1-F2", "1/11 F3-F4"} <= legal(s)
    assert_illegal(s, "3 F1-F4", "AD-FINISH-SAFE", "AD-PASSING", "R-C6")
    assert_illegal(s, "2 F1-F3", "AD-FINISH-SAFE", "AD-CAPTURE", "R-C6")
    s = pos({0: ["T63", "F1"]}, {0: ["2", "3"], 1: ["2"]})
    assert_illegal(s, "2 T63-F1", "AD-FINISH-SAFE", "AD-CAPTURE", "R-C6")
    assert_illegal(s, "3 T63-F2", "AD-FINISH-SAFE", "AD-PASSING", "R-C6")
    assert "2 F1-F3" in legal(s)


@pytest.mark.clause("AD-FINISH-COLOUR", "R-A2")
def test_AD_FINISH_COLOUR_a_face_down_piece_never_enters_the_movers_finish() -> None:
    # seat 0 moves seat 1's face-down piece over T0: it stays on the track
    s = pos({1: ["T60"]}, {0: ["5", "2"], 1: ["2"]})
    assert legal(s) == {"5 T60-T1", "2 T60-T62"}
    assert_illegal(s, "5 T60-F1", "AD-FINISH-COLOUR", "R-A2", "AD-FINISH-ENTRY", "R-C6")
    t = play(s, "5 T60-T1")
    assert at(t.state, 1) == ["T1"] and at(t.state, 0) == []


@pytest.mark.clause("AD-FINISH-COLOUR", "R-A2", "AD-FLIPPED-MOVABLE")
def test_AD_FINISH_COLOUR_another_seat_may_bring_a_face_down_piece_into_its_own_finish() -> None:
    # seat 1's face-down piece on T12: over T16 it may turn into seat 1's finish
    s = pos({1: ["T12"]}, {0: ["6"], 1: ["2"]})
    assert legal(s) == {"6 T12-F2@1", "6 T12-T18"}
    t = play(s, "6 T12-F2@1")
    assert at(t.state, 1) == ["F2"]
    (finished,) = events(t, "finished")
    assert finished.piece == 1


@pytest.mark.clause("R-A2", "AD-FLIPPED")
@pytest.mark.parametrize("mover", [0, 2])
def test_R_A2_a_piece_turns_into_its_finish_whoever_moves_it_and_shows_its_colour(
    mover: int,
) -> None:
    # seat 0's own face-down piece on T60, moved by seat 0 or by its partner seat 2
    s = pos({0: ["T60"], 2: ["T35"]}, {mover: ["5"], 1: ["2"]}, to_act=mover)
    target = "F1" if mover == 0 else "F1@0"
    assert f"5 T60-{target}" in legal(s)
    t = play(s, f"5 T60-{target}")
    assert at(t.state, 0) == ["F1"]
    (turned,) = events(t, "flipped")
    assert turned.direction == "face up" and cites(turned, "AD-FLIPPED")
    for seat in range(4):
        assert "F1" in visible(t.state, seat, 0)
        assert face_down(t.state, seat) == []


# ---------------------------------------------------------------------------------------------
# Face-down pieces
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-FLIPPED", "AD-L-HOLES")
def test_AD_FLIPPED_a_piece_ending_on_a_hole_turns_face_down() -> None:
    s = pos({0: ["T1"]}, {0: ["3"], 1: ["2"]})
    t = play(s, "3 T1-T4")
    (turned,) = events(t, "flipped")
    assert turned.dst == "T4" and turned.direction == "face down" and cites(turned, "AD-FLIPPED")
    assert kinds(t).index("moved") < kinds(t).index("flipped")
    assert face_down(t.state) == ["T4"]
    assert visible(t.state, 0, 0) == ["H", "H", "H"]  # even its owner sees no colour


@pytest.mark.clause("AD-FLIPPED")
def test_AD_FLIPPED_a_piece_ending_on_a_normal_field_turns_face_up() -> None:
    s = pos({1: ["T4"]}, {0: ["6"], 1: ["2"]})
    t = play(s, "6 T4-T10")
    (turned,) = events(t, "flipped")
    assert turned.dst == "T10" and turned.direction == "face up"
    assert face_down(t.state) == []
    assert "T10" in visible(t.state, 0, 1)


@pytest.mark.clause("AD-FLIPPED")
def test_AD_FLIPPED_crossing_fields_turns_nothing() -> None:
    # T12 -> T20: from a hole over normal fields to another hole, face down throughout
    s = pos({0: ["T12"]}, {0: ["8"], 1: ["2"]})
    t = play(s, "8 T12-T20")
    assert "flipped" not in kinds(t)
    assert face_down(t.state) == ["T20"]
    # T1 -> T6 crosses the hole T4 and stays face up
    s = pos({0: ["T1"]}, {0: ["5"], 1: ["2"]})
    t = play(s, "5 T1-T6")
    assert "flipped" not in kinds(t)
    assert face_down(t.state) == []


@pytest.mark.clause("AD-FLIPPED-MOVABLE", "R-A1")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_AD_FLIPPED_MOVABLE_any_seat_moves_any_face_down_piece(seat: int) -> None:
    # every other seat has a piece face down on T(16q+4); the acting seat one face up
    pieces = {q: [f"T{16 * q + (1 if q == seat else 4)}"] for q in range(4)}
    s = pos(pieces, {seat: ["2"]}, to_act=seat)
    assert origins(s) == {f"T{16 * q + (1 if q == seat else 4)}" for q in range(4)}
    other = (seat + 1) % 4
    t = play(s, f"2 T{16 * other + 4}-T{16 * other + 6}")
    assert at(t.state, other) == [f"T{16 * other + 6}"]  # the piece keeps its owner


@pytest.mark.clause("AD-START-NO-FLIPPED", "R-A1")
def test_AD_START_NO_FLIPPED_number_moves_cannot_move_face_down_pieces() -> None:
    # seat 0 stands on its own start field T0; seat 1's T20 and seat 2's T36 are face down
    s = pos({0: ["T0"], 1: ["T20"], 2: ["T36"]}, {0: ["5", "1/11", "swap", "partner"], 1: ["2"]})
    number_origins = {n.split()[1].split("-")[0] for n in legal(s) if n.split()[0] in ("5", "1/11")}
    assert number_origins == {"T0"}
    assert not {"T20", "T36"} & number_origins
    assert_illegal(s, "5 T20-T25", "AD-START-NO-FLIPPED", "R-A1")
    assert_illegal(s, "1/11 T36-T37", "AD-START-NO-FLIPPED", "R-A1")
    assert_illegal(s, "1/11 T20-T31", "AD-START-NO-FLIPPED", "R-A1")
    # the special functions of red cards still may: Swap and Partner
    assert "swap T20<>T36" in legal(s)
    assert "partner T20-T24" in legal(s)
    # once the own piece has left its start field the face-down pieces are free again
    s = pos({0: ["T5"], 1: ["T20"], 2: ["T36"]}, {0: ["5"], 1: ["2"]})
    assert origins(s) == {"T5", "T20", "T36"}


@pytest.mark.clause("AD-START-NO-FLIPPED", "R-A1", "R-A9")
def test_AD_START_NO_FLIPPED_even_an_own_face_down_piece_is_barred() -> None:
    # seat 0 on T0 and one of its own pieces face down on T4: a number may move neither the
    # face-down piece of seat 1 nor its own (nobody can see which face-down piece is whose)
    s = pos({0: ["T0", "T4"], 1: ["T20"]}, {0: ["5"], 1: ["2"]})
    assert legal(s) == {"5 T0-T5"}
    assert_illegal(s, "5 T4-T9", "AD-START-NO-FLIPPED", "R-A1")


@pytest.mark.clause("AD-START-NO-FLIPPED", "R-A1")
def test_AD_START_NO_FLIPPED_only_the_acting_seats_own_start_piece_counts() -> None:
    # partner seat 2 and opponent seat 1 on their start fields do not bar seat 0
    s = pos({0: ["T1"], 1: ["T16"], 2: ["T32"], 3: ["T52"]}, {0: ["5"], 1: ["2"]})
    assert origins(s) == {"T1", "T52"}
    # a piece of seat 0 on another seat's start field is not on its own start field
    s = pos({0: ["T48"], 3: ["T52"]}, {0: ["5"], 1: ["2"]})
    assert origins(s) == {"T48", "T52"}


@pytest.mark.clause("R-A9", "AD-SECRECY", "AD-PIECES")
def test_R_A9_a_face_down_piece_shows_no_seat_its_colour_or_identity() -> None:
    s = pos({0: ["T4", "T1"], 1: ["T20"], 2: ["T40"], 3: ["T50"]}, {0: ["5"], 1: ["2"]})
    for seat in range(4):
        assert face_down(s, seat) == ["T4", "T20", "T40"]
        # the owner included: nobody's piece list names a hole
        assert visible(s, seat, 0) == ["H", "H", "T1"]
        assert visible(s, seat, 1) == ["H", "H", "H"]
        assert visible(s, seat, 2) == ["H", "H", "H"]
        assert visible(s, seat, 3) == ["H", "H", "H", "T50"]
    # the engine knows the true owners all the same
    assert at(s, 0) == ["T1", "T4"] and at(s, 1) == ["T20"] and at(s, 2) == ["T40"]


@pytest.mark.clause("R-A9", "AD-SECRECY")
def test_R_A9_a_piece_moving_from_hole_to_hole_is_not_named_to_the_table() -> None:
    s = pos({0: ["T4", "T1"], 1: ["T30"]}, {0: ["8", "2", "3"], 1: ["2"]})
    t = play(s, "8 T4-T12")
    (moved,) = events(t, "moved")
    assert moved.piece == 0  # the engine knows
    seen = [e for e in AD.observe_events(s, t.events, 1) if e.kind == moved.kind]
    assert [(e.piece, e.src, e.dst) for e in seen] == [(None, "T4", "T12")]
    # a piece that comes up from or goes down into a hole was seen: it is named
    t = play(s, "2 T4-T6")
    seen = [e for e in AD.observe_events(s, t.events, 1) if e.kind == moved.kind]
    assert [(e.piece, e.src, e.dst) for e in seen] == [(0, "T4", "T6")]
    with pytest.raises(ValueError, match="seat 4 is not in this game"):
        AD.observe(s, 4)


# ---------------------------------------------------------------------------------------------
# Capturing one's own side
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-OWN-CAPTURE-PENALTY", "R-A3")
@pytest.mark.parametrize(
    ("victim", "field"),
    [(0, 5), (0, 4), (2, 5), (2, 4), (1, 5), (1, 4), (3, 5), (3, 4)],
    ids=[
        "own-up",
        "own-down",
        "partner-up",
        "partner-down",
        "opp1-up",
        "opp1-down",
        "opp3-up",
        "opp3-down",
    ],
)
def test_AD_OWN_CAPTURE_PENALTY_capturing_ones_own_side_ends_the_round(
    victim: int, field: int
) -> None:
    pieces: dict[int, list[str]] = {0: [f"T{field - 3}"]}
    pieces.setdefault(victim, []).append(f"T{field}")
    s = pos(pieces, {0: ["3", "5", "9"], 1: ["2"], 2: ["2"], 3: ["2"]})
    t = play(s, f"3 T{field - 3}-T{field}")
    # the play stands: the piece goes home, whatever its colour turns out to be
    (captured,) = events(t, "captured")
    assert captured.seat == victim
    assert at(t.state, 0).count(f"T{field}") == 1
    penalised = victim in (0, 2)
    if penalised:
        (penalty,) = events(t, "penalised")
        assert penalty.seat == 0 and penalty.count == 2
        assert penalty.clauses == ("AD-OWN-CAPTURE-PENALTY", "R-A3")  # R-A7 is for 2/3 seats
        (out,) = events(t, "out_of_round")
        assert out.seat == 0 and cites(out, "AD-OWN-CAPTURE-PENALTY")
        assert t.state.hands[0] == ()
        assert Counter(t.state.discard) == Counter(["3", "5", "9"])
        assert t.state.discard[-1] == "3"  # the rest goes under the pile
    else:
        assert "penalised" not in kinds(t) and "out_of_round" not in kinds(t)
        assert t.state.hands[0] == ("5", "9")
    assert t.state.to_act == 1


@pytest.mark.clause("AD-OWN-CAPTURE-PENALTY", "R-A3")
def test_AD_OWN_CAPTURE_PENALTY_the_seat_sits_out_until_the_next_deal() -> None:
    s = pos(
        {0: ["T1"], 1: ["T18"], 2: ["T4", "T34"], 3: ["T49"]},
        {0: ["3", "5"], 1: ["3", "2"], 2: ["3"], 3: ["2"]},
    )
    s = play(s, "3 T1-T4").state  # seat 2's face-down piece: the partner's
    assert s.hands[0] == ()
    for text in ("3 T18-T21", "3 T34-T37", "2 T49-T51"):
        s = play(s, text).state
    assert s.to_act == 1  # seat 0 is passed over
    t = play(s, "2 T21-T23")
    assert "dealt" in kinds(t)
    assert len(t.state.hands[0]) == 5  # back in for the next round


@pytest.mark.clause("R-A3", "AD-OWN-CAPTURE-PENALTY", "AD-PARTNER")
def test_R_A3_the_penalty_follows_the_whole_action() -> None:
    # Partner: the first sub-move takes the partner's face-down piece, the second still runs
    s = pos({0: ["T2", "T30"], 2: ["T4"]}, {0: ["partner", "5"], 1: ["2"]})
    t = play(s, "partner T2-T4 T30-T32")
    assert at(t.state, 0) == ["T4", "T32"] and at(t.state, 2) == []
    order = kinds(t)
    assert order.index("penalised") > max(i for i, k in enumerate(order) if k == "moved")
    assert t.state.hands[0] == ()
    assert t.state.discard[-1] == "partner"


@pytest.mark.clause("R-A3", "R-C5", "AD-OWN-CAPTURE-PENALTY")
def test_R_A3_entering_onto_the_partners_piece_is_penalised_too() -> None:
    s = pos({2: ["T0", "T34"]}, {0: ["13", "5"], 1: ["2"]})
    t = play(s, "13 H-T0")
    assert [e.seat for e in events(t, "captured")] == [2]
    assert "penalised" in kinds(t)
    assert t.state.hands[0] == ()


@pytest.mark.clause("R-A7", "AD-OWN-CAPTURE-PENALTY")
@pytest.mark.parametrize("players", [2, 3])
def test_R_A7_with_two_or_three_players_only_the_own_colour_is_penalised(players: int) -> None:
    # own piece, face down on T4: penalised
    s = pos({0: ["T1", "T4"], 1: ["T42"]}, {0: ["3", "5"], 1: ["2"]}, players=players)
    t = play(s, "3 T1-T4")
    assert "penalised" in kinds(t) and t.state.hands[0] == ()
    (penalty,) = events(t, "penalised")
    assert penalty.clauses == ("AD-OWN-CAPTURE-PENALTY", "R-A3", "R-A7")
    # any other colour, seat 2 included with 3 players: no teams, no penalty
    others = range(1, players)
    for victim in others:
        s = pos({0: ["T1"], victim: ["T4"]}, {0: ["3", "5"], 1: ["2"]}, players=players)
        t = play(s, "3 T1-T4")
        assert [e.seat for e in events(t, "captured")] == [victim]
        assert "penalised" not in kinds(t) and t.state.hands[0] == ("5",)


# ---------------------------------------------------------------------------------------------
# 007 meeting places
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-MEETING", "R-A4")
def test_AD_MEETING_ending_on_a_meeting_place_summons_the_first_piece_behind() -> None:
    s = pos({0: ["T6"], 1: ["T2"]}, {0: ["3", "5"], 1: ["2"]})
    t = play(s, "3 T6-T9")
    (summoned,) = events(t, "summoned")
    assert summoned.piece == 1 and summoned.src == "T2" and summoned.dst == "T8"
    assert cites(summoned, "AD-MEETING", "R-A4")
    assert at(t.state, 0) == ["T9"] and at(t.state, 1) == ["T8"]
    # T8 is a hole: the summoned piece turns face down at once
    (turned,) = events(t, "flipped")
    assert turned.dst == "T8" and turned.direction == "face down"
    assert kinds(t).index("summoned") < kinds(t).index("flipped")
    assert face_down(t.state) == ["T8"]
    # passing a meeting place summons nothing
    t = play(s, "5 T6-T11")
    assert "summoned" not in kinds(t)
    assert at(t.state, 1) == ["T2"]
    # whoever moves the piece, and whatever piece it is: seat 0 moves seat 3's face-down
    # piece from T4 onto T9
    s = pos({3: ["T4"], 1: ["T2"]}, {0: ["5"], 1: ["2"]})
    t = play(s, "5 T4-T9")
    (summoned,) = events(t, "summoned")
    assert summoned.src == "T2" and summoned.dst == "T8"
    assert at(t.state, 3) == ["T9"] and at(t.state, 1) == ["T8"]


@pytest.mark.clause("AD-MEETING-ANY", "R-A4")
@pytest.mark.parametrize(
    ("behind", "owner"),
    [("T0", 0), ("T56", 3), ("T52", 2), ("T61", 1), ("T48", 3)],
    ids=[
        "own-on-own-start",
        "face-down",
        "partner-face-down",
        "opponent-face-up",
        "opponent-protected",
    ],
)
def test_AD_MEETING_ANY_whatever_the_first_piece_behind_is(behind: str, owner: int) -> None:
    pieces: dict[int, list[str]] = {0: ["T6"]}
    pieces.setdefault(owner, []).append(behind)
    s = pos(pieces, {0: ["3"], 1: ["2"]})
    t = play(s, "3 T6-T9")
    (summoned,) = events(t, "summoned")
    assert summoned.src == behind and summoned.dst == "T8" and summoned.piece == owner
    assert "T8" in at(t.state, owner) and behind not in at(t.state, owner)
    assert "captured" not in kinds(t) and "penalised" not in kinds(t)


@pytest.mark.clause("AD-MEETING", "R-A4", "AD-PARTNER")
def test_R_A4_a_meeting_place_emptied_by_an_earlier_summons_does_not_stop_the_later_ones() -> None:
    # Partner lands on T41, T25 and T9 in that order. T41 summons the piece on T25 to T40;
    # T25 then holds nobody and summons nothing; T9 still summons T41's piece to T8.
    s = pos({0: ["T39", "T24", "T8"]}, {0: ["partner"], 1: ["2"]})
    t = play(s, "partner T39-T41 T24-T25 T8-T9")
    assert [(e.src, e.dst) for e in events(t, "summoned")] == [("T25", "T40"), ("T41", "T8")]
    assert at(t.state, 0) == ["T8", "T9", "T40"]


@pytest.mark.clause("AD-MEETING-ANY", "R-A4")
def test_AD_MEETING_ANY_a_summons_can_carry_a_piece_past_its_finish_entry() -> None:
    # seat 1's piece on T14 is 2 fields short of its start T16; seat 0 lands on T25
    s = pos({0: ["T20"], 1: ["T14"]}, {0: ["5"], 1: ["2"]})
    t = play(s, "5 T20-T25")
    assert at(t.state, 1) == ["T24"]  # beyond T16: another full lap
    s = t.state
    assert s.to_act == 1
    assert not any("F" in n for n in legal(s))


@pytest.mark.clause("R-A4")
def test_R_A4_summons_resolve_after_all_movement() -> None:
    # Partner: T7 -> T9 (meeting place), then T5 -> T7; the summons comes after both and
    # takes the piece that is then nearest behind (now on T7)
    s = pos({0: ["T7", "T5"], 1: ["T50"]}, {0: ["partner"], 1: ["2"]})
    t = play(s, "partner T7-T9 T5-T7")
    (summoned,) = events(t, "summoned")
    assert summoned.src == "T7"
    assert at(t.state, 0) == ["T8", "T9"] and at(t.state, 1) == ["T50"]
    assert kinds(t).index("summoned") > max(i for i, k in enumerate(kinds(t)) if k == "moved")


@pytest.mark.clause("R-A4")
def test_R_A4_summons_resolve_in_the_order_the_meeting_places_were_reached() -> None:
    s = pos({0: ["T7", "T23"], 1: ["T2"]}, {0: ["partner"], 1: ["2"]})
    # T9 first: it summons T2 to T8; then T25 summons the piece on T9 to T24
    t = play(s, "partner T7-T9 T23-T25")
    assert [(e.src, e.dst) for e in events(t, "summoned")] == [("T2", "T8"), ("T9", "T24")]
    assert at(t.state, 0) == ["T24", "T25"] and at(t.state, 1) == ["T8"]
    # T25 first: it summons the piece on T9 away, so T9 no longer summons anything
    t = play(s, "partner T23-T25 T7-T9")
    assert [(e.src, e.dst) for e in events(t, "summoned")] == [("T9", "T24")]
    assert at(t.state, 0) == ["T24", "T25"] and at(t.state, 1) == ["T2"]


@pytest.mark.clause("R-A4")
def test_R_A4_a_piece_that_moves_on_from_a_meeting_place_summons_nothing() -> None:
    s = pos({0: ["T7", "T30"], 1: ["T2"]}, {0: ["partner"], 1: ["2"]})
    t = play(s, "partner T7-T9 T30-T31 T9-T10")
    assert "summoned" not in kinds(t)
    assert at(t.state, 1) == ["T2"]


@pytest.mark.clause("R-A4")
def test_R_A4_nothing_happens_with_the_piece_already_behind_or_no_other_piece() -> None:
    # the first piece behind T9 already stands on T8
    s = pos({0: ["T6"], 1: ["T8", "T2"]}, {0: ["3"], 1: ["2"]})
    t = play(s, "3 T6-T9")
    assert "summoned" not in kinds(t)
    assert at(t.state, 1) == ["T2", "T8"]
    # no other piece on the track (pieces in a finish do not count)
    s = pos({0: ["T6", "F4"], 1: ["F1", "F2"]}, {0: ["3"], 1: ["2"]})
    t = play(s, "3 T6-T9")
    assert "summoned" not in kinds(t)


@pytest.mark.clause("R-A4", "AD-MEETING")
def test_R_A4_a_summons_is_no_move_it_neither_passes_nor_captures() -> None:
    # the first piece behind T25 is on T10; the summons lifts it over the pieces and start
    # fields between (none nearer, by definition) onto the free hole T24
    s = pos({0: ["T20"], 1: ["T10"], 3: ["T50"]}, {0: ["5"], 1: ["2"]})
    t = play(s, "5 T20-T25")
    (summoned,) = events(t, "summoned")
    assert summoned.src == "T10" and summoned.dst == "T24"
    assert summoned.path == () and summoned.count is None
    assert [e.src for e in events(t, "moved")] == ["T20"]
    assert "captured" not in kinds(t) and "finished" not in kinds(t)


# ---------------------------------------------------------------------------------------------
# Team play and the win
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-TEAM-PLAY", "R-C8", "R-A1")
def test_AD_TEAM_PLAY_a_finished_seat_moves_its_partners_pieces() -> None:
    s = pos(
        {0: ["F1", "F2", "F3", "F4"], 1: ["T21"], 2: ["T34"], 3: ["T52"]},
        {0: ["5", "1/11"], 1: ["2"]},
    )
    # the partner's pieces, its home (start card) and, as ever, face-down pieces
    assert origins(s) == {"T34", "H", "T52"}
    t = play(s, "1/11 H-T32")
    assert at(t.state, 2) == ["T32", "T34"]
    assert at(t.state, 0) == ["F1", "F2", "F3", "F4"]
    assert_illegal(s, "5 T21-T26", "AD-TEAM-PLAY", "R-C8", "AD-OWN-PIECES")


@pytest.mark.clause("AD-TEAM-PLAY", "R-C8")
def test_AD_TEAM_PLAY_a_finished_seat_is_still_dealt_cards() -> None:
    s = pos(
        {0: ["F1", "F2", "F3", "F4"], 1: ["T18"], 2: ["T34"], 3: ["T50"]},
        {0: ["3"], 1: ["3"], 2: ["3"], 3: ["3"]},
        to_act=1,
    )
    for text in ("3 T18-T21", "3 T34-T37", "3 T50-T53"):
        s = play(s, text).state
    t = play(s, "3 T37-T40")  # seat 0's card moves seat 2's piece
    assert at(t.state, 2) == ["T40"]
    assert "dealt" in kinds(t)
    assert len(t.state.hands[0]) == 5


@pytest.mark.clause("AD-WIN", "R-C11", "AD-GOAL")
def test_AD_WIN_the_team_wins_the_moment_its_eighth_piece_is_in() -> None:
    s = pos(
        {0: ["F1", "F2", "F3", "F4"], 2: ["T31", "F2", "F3", "F4"], 1: ["T21"]},
        {2: ["2", "5"], 3: ["5"], 0: ["3"], 1: ["6"]},
        to_act=2,
    )
    t = play(s, "2 T31-F1")
    (won,) = events(t, "won")
    assert won.winners == (0, 2) and cites(won, "AD-WIN")
    assert not any(c.startswith("BD-") for c in won.clauses)
    assert t.state.phase == "over" and t.state.winner == (0, 2)
    assert AD.legal_actions(t.state) == ()
    assert t.state.hands[3] == ("5",)  # mid-round


@pytest.mark.clause("AD-WIN", "R-C8", "AD-TEAM-PLAY")
def test_AD_WIN_the_finished_partner_may_bring_the_last_piece_in() -> None:
    # seat 0 is done and plays for seat 2: 1/11 as 11 takes T22 over T32 into F1
    s = pos({0: ["F1", "F2", "F3", "F4"], 2: ["T22", "F2", "F3", "F4"]}, {0: ["1/11"], 1: ["2"]})
    t = play(s, "1/11 T22-F1@2")
    assert t.state.winner == (0, 2) and t.state.phase == "over"


@pytest.mark.clause("AD-WIN", "AD-GOAL", "AD-2P3P-WIN", "AD-TURN")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_AD_WIN_random_games_end_in_a_win_citing_only_agent_dog_ids(players: int) -> None:
    """Whole games: every event and every refusal cites clauses of the Agent DOG register
    (AD-*, R-A*, R-C*), never a Black DOG id, and the game ends in a win."""
    register = {clause.id for clause in AD.clauses}
    rng = random.Random(players)
    s = AD.new_game(players=players, seed=players)
    tried: list[str] = []
    for _ in range(5000):
        if s.phase == "over":
            break
        options = AD.legal_actions(s)
        assert options
        tried.extend(str(a) for a in options[:3])
        for text in rng.sample(tried, min(3, len(tried))):
            try:
                other = AD.parse_action(s, text)
            except ValueError:
                continue
            ruling = AD.explain(s, other)
            assert set(ruling.clauses) <= register, ruling.clauses
            assert ruling.legal or ruling.clauses, ruling.text
        t = AD.apply(s, rng.choice(options))
        for event in t.events:
            assert event.clauses, event
            assert set(event.clauses) <= register, event
        s = t.state
    assert s.phase == "over"
    assert len(s.winner) == (2 if players == 4 else 1)


# ---------------------------------------------------------------------------------------------
# 2 and 3 players
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-2P3P-INDIVIDUAL")
@pytest.mark.parametrize("players", [2, 3])
def test_AD_2P3P_INDIVIDUAL_no_teams_everyone_plays_alone(players: int) -> None:
    assert not AD.new_game(players=players, seed=1).teams
    # nobody's face-up pieces but one's own move with a number: T35 would be the partner's
    # with 4 players; the face-down piece on T40 moves as ever
    others = {1: ["T42", "T40"]} if players == 2 else {1: ["T40"], 2: ["T35"]}
    s = pos({0: ["T1"], **others}, {0: ["5"], 1: ["2"]}, players=players)
    assert origins(s) == {"T1", "T40"}
    # a single seat wins on its own (seat 1 starts on T16 with 3 players, T32 with 2)
    origin = "T6" if players == 3 else "T22"
    s = pos({1: [origin, "F2", "F3", "F4"]}, {1: ["1/11"], 0: ["2"]}, to_act=1, players=players)
    text = f"1/11 {origin}-F1"
    t = play(s, text)
    assert t.state.winner == (1,)


@pytest.mark.clause("AD-2P3P-REDRAW", "R-C7", "R-A7")
def test_AD_2P3P_REDRAW_discard_draw_and_play_the_drawn_card() -> None:
    s = with_next_card(pos({1: ["T42"]}, {0: ["5", "2"], 1: ["3", "5"]}, players=2), "13")
    assert legal(s) == {"discard 5", "discard 2"}
    t = play(s, "discard 5")
    assert kinds(t) == ["discarded", "drew"]
    assert all(cites(e, "AD-2P3P-REDRAW") for e in t.events)
    s = t.state
    assert s.to_act == 0 and Counter(s.hands[0]) == Counter(["2", "13"])
    assert legal(s) == {"13 H-T0"}  # playable now: it must be played
    assert play(s, "13 H-T0").state.to_act == 1


@pytest.mark.clause("AD-2P3P-REDRAW", "R-C7", "R-A7")
def test_AD_2P3P_REDRAW_still_stuck_discard_again_and_stay_in_the_round() -> None:
    s = with_next_card(pos({1: ["T42"]}, {0: ["5", "2"], 1: ["3", "5"]}, players=2), "9")
    s = play(s, "discard 5").state
    assert legal(s) == {"discard 2", "discard 9"}
    t = play(s, "discard 9")
    assert "drew" not in kinds(t) and "out_of_round" not in kinds(t)
    s = t.state
    assert list(s.hands[0]) == ["2"] and s.to_act == 1
    s = play(s, "3 T42-T45").state
    assert s.to_act == 0  # still in the round
    assert legal(s) == {"discard 2"}


@pytest.mark.clause("AD-2P3P-REDRAW", "R-C7")
@pytest.mark.parametrize("players", [2, 3])
def test_AD_2P3P_REDRAW_no_fold_with_two_or_three_players(players: int) -> None:
    s = pos({1: ["T42"]}, {0: ["5"], 1: ["3"]}, players=players)
    assert legal(s) == {"discard 5"}
    assert_illegal(s, "fold", "AD-2P3P-REDRAW", "R-C7")


@pytest.mark.clause("AD-2P3P-EXCHANGE", "R-C3")
@pytest.mark.parametrize("players", [2, 3])
def test_AD_2P3P_EXCHANGE_each_passes_a_card_to_the_left(players: int) -> None:
    s = AD.new_game(players=players, seed=5)
    before = [Counter(hand) for hand in s.hands]
    gifts: dict[int, str] = {}
    while s.phase == "exchange":
        card = s.hands[s.to_act][0]
        gifts[s.to_act] = card
        s = play(s, f"give {card}").state
    assert sorted(gifts) == list(range(players))
    for seat in range(players):
        right = (seat - 1) % players  # the seat whose left neighbour ``seat`` is
        expected = before[seat] - Counter([gifts[seat]]) + Counter([gifts[right]])
        assert Counter(s.hands[seat]) == expected
    assert s.to_act == 0  # the dealer plays first


@pytest.mark.clause("AD-2P3P-WIN", "R-C11")
@pytest.mark.parametrize("players", [2, 3])
def test_AD_2P3P_WIN_the_first_seat_with_four_pieces_in_wins(players: int) -> None:
    # T54 .. T63, T0, F1 is 11 steps
    s = pos({0: ["T54", "F2", "F3", "F4"]}, {0: ["1/11"], 1: ["2"]}, players=players)
    t = play(s, "1/11 T54-F1")
    (won,) = events(t, "won")
    assert won.winners == (0,) and cites(won, "AD-2P3P-WIN")
    assert t.state.winner == (0,) and t.state.phase == "over"


@pytest.mark.clause("R-C13", "AD-2P3P-WIN", "AD-PARTNER")
def test_R_C13_two_sides_complete_at_once_the_side_home_first_in_sub_move_order_wins() -> None:
    # three players; seat 0's Partner brings in the last pieces of seats 1 and 2: the order
    # of the two sub-moves decides which side is home first, and so the winner
    s = pos(
        {0: ["T40"], 1: ["T15", "F2", "F3", "F4"], 2: ["T31", "F2", "F3", "F4"]},
        {0: ["partner"], 1: ["2"]},
        players=3,
    )
    t = play(s, "partner T31-F1@2 T15-F1@1")
    (won,) = events(t, "won")
    assert t.state.winner == (2,) and cites(won, "R-C13")
    # the other order of the same sub-moves: seat 1 is home first and wins
    assert play(s, "partner T15-F1@1 T31-F1@2").state.winner == (1,)


# ---------------------------------------------------------------------------------------------
# Common rulings as Agent DOG applies them
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("R-C12", "AD-TURN")
def test_R_C12_an_action_is_judged_whole_and_agent_dog_has_no_disc_to_turn() -> None:
    s = pos({0: ["T2", "T62"]}, {0: ["5", "3"], 1: ["2"]})
    # finish or track is a choice within the one action
    assert {"3 T62-F1", "3 T62-T1"} <= legal(s)
    assert act(s, "3 T62-F1", AD).state != act(s, "3 T62-T1", AD).state
    # there is no disc in Agent DOG: a play with a disc turn is no Agent DOG action; the
    # refusal still names the clause that decides it
    assert_illegal(s, "5 T2-T7 turn cw", "R-C12", "AD-TURN", "AD-MOVE")


# ---------------------------------------------------------------------------------------------
# Layout data (AD-L-*)
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("AD-L-TRACK")
def test_AD_L_TRACK_64_fields_in_four_quadrants_starts_on_T16q() -> None:
    s = pos({1: ["T58"]}, {1: ["12"]}, to_act=1)
    assert legal(s) == {"12 T58-T6"}  # T63 is followed by T0
    with pytest.raises(dogrules.InvalidPosition):
        pos({0: ["T64"]}, {0: ["2"]})
    starts = AD.new_game(players=4, seed=1)
    assert [at(starts, seat) for seat in range(4)] == [["T0"], ["T16"], ["T32"], ["T48"]]
    assert AD.board(4).track == 64


@pytest.mark.clause("AD-L-SEATS")
def test_AD_L_SEATS_two_players_use_quadrants_zero_and_two() -> None:
    s = pos({1: ["T30"]}, {1: ["3", "13"]}, to_act=1, players=2)
    assert legal(s) == {"3 T30-F1", "3 T30-T33", "13 H-T32", "13 T30-T43"}
    s = pos({}, {2: ["13"]}, to_act=2, players=3)
    assert legal(s) == {"13 H-T32"}
    # with 2 players T16 is nobody's start field: a piece there is an ordinary piece
    s = pos({0: ["T13"], 1: ["T16"]}, {0: ["3"], 1: ["2"]}, players=2)
    t = play(s, "3 T13-T16")
    assert at(t.state, 1) == []
    board = AD.board(4)
    assert [board.colour(seat) for seat in range(4)] == ["red", "blue", "green", "yellow"]
    assert [AD.board(2).colour(seat) for seat in range(2)] == ["red", "green"]


@pytest.mark.clause("AD-L-FINISH")
def test_AD_L_FINISH_four_finish_fields_per_colour() -> None:
    s = pos({0: ["T63"]}, {0: ["5", "6"], 1: ["2"]})
    assert "5 T63-F4" in legal(s)
    assert not any(n.startswith("6") and "F" in n for n in legal(s))
    with pytest.raises(dogrules.InvalidPosition):
        pos({0: ["F5"]}, {0: ["2"]})
    with pytest.raises(dogrules.InvalidPosition):
        pos({0: ["F1@1"]}, {0: ["2"]})  # only a seat's own finish


@pytest.mark.clause("AD-L-PIECES", "R-A7")
def test_AD_L_PIECES_four_pieces_a_seat_for_two_three_and_four_players() -> None:
    for players in (2, 3, 4):
        assert AD.board(players).pieces_per_seat == 4
        assert all(len(p) == 4 for p in AD.new_game(players=players, seed=3).pieces)


@pytest.mark.clause("AD-L-HOLES", "AD-FLIPPED")
@pytest.mark.parametrize("field", range(64))
def test_AD_L_HOLES_fields_4_8_and_12_of_every_quadrant_are_holes(field: int) -> None:
    s = pos({0: [f"T{field}"]}, {0: ["2"], 1: ["2"]})
    is_hole = field % 16 in (4, 8, 12)
    assert (field in HOLES) == is_hole
    for seat in range(4):
        assert face_down(s, seat) == ([f"T{field}"] if is_hole else [])
        assert (f"T{field}" in visible(s, seat, 0)) == (not is_hole)


@pytest.mark.clause("AD-L-MEETINGS", "AD-MEETING")
@pytest.mark.parametrize("field", range(64))
def test_AD_L_MEETINGS_field_9_of_every_quadrant_is_a_meeting_place(field: int) -> None:
    # seat 0 moves 2 fields onto ``field``; seat 1's piece waits 12 fields behind it
    origin, waiting = (field - 2) % 64, (field - 12) % 64
    s = pos({0: [f"T{origin}"], 1: [f"T{waiting}"]}, {0: ["2"], 1: ["2"]})
    t = play(s, f"2 T{origin}-T{field}")
    if field % 16 == 9:
        assert field in MEETINGS
        (summoned,) = events(t, "summoned")
        assert summoned.src == f"T{waiting}" and summoned.dst == f"T{field - 1}"
        assert (field - 1) in HOLES
        assert at(t.state, 1) == [f"T{field - 1}"]
    else:
        assert "summoned" not in kinds(t)
        assert at(t.state, 1) == [f"T{waiting}"]


@pytest.mark.clause("AD-L-DECK", "AD-RED", "AD-BLUE")
def test_AD_L_DECK_blue_numbers_nine_each_and_the_red_cards() -> None:
    counts = dict(AD.deck.counts)
    red = {"1/11": 9, "13": 9, "swap": 6, "copy": 6, "partner": 8}
    assert {card: n for card, n in counts.items() if card in red} == red
    assert {card: n for card, n in counts.items() if card not in red} == {
        str(v): 9 for v in (2, 3, 5, 6, 8, 9, 10, 12)
    }
    assert sum(counts.values()) == 110


@pytest.mark.clause("R-A10", "AD-START-NO-FLIPPED", "AD-TEAM-PLAY")
def test_R_A10_a_seat_moving_its_partners_pieces_is_not_barred_by_the_partners_start() -> None:
    # seat 0 is all home and moves seat 2's pieces; seat 2 stands on its own start T32, yet
    # seat 0 (with none of its own on T0) may still move the face-down piece on T4
    s = pos({0: ["F1", "F2", "F3", "F4"], 1: ["T4"], 2: ["T32", "T40"]}, {0: ["5"]})
    assert legal(s) == {"5 T4-T9", "5 T32-T37", "5 T40-T45"}
    # the bar does hold for a seat with a piece of its own on its own start field
    s = pos({0: ["T0"], 1: ["T4"]}, {0: ["5"]})
    assert "5 T4-T9" not in legal(s)


@pytest.mark.clause("R-A11", "AD-MEETING", "R-A4")
def test_R_A11_summons_follow_the_last_arrival_and_an_emptied_meeting_place_summons_nothing() -> (
    None
):
    # T8 -> T9 reaches meeting place T9 first, T24 -> T25 reaches T25, then T7 -> T9 arrives at
    # T9 again (capturing): T25 is resolved first and pulls seat 0's piece off T9, so T9
    # summons nothing
    s = pos({0: ["T7"], 1: ["T8", "T24"], 3: ["T2"]}, {0: ["partner"]})
    t = play(s, "partner T8-T9 T24-T25 T7-T9")
    summoned = events(t, "summoned")
    assert [(e.src, e.dst) for e in summoned] == [("T9", "T24")]
    assert cites(summoned[0], "R-A11")
    assert at(t.state, 0) == ["T24"] and at(t.state, 1) == ["T25"] and at(t.state, 3) == ["T2"]


@pytest.mark.clause("R-A12", "AD-FINISH-COLOUR", "R-A2")
def test_R_A12_a_face_down_piece_may_be_turned_into_its_own_colours_finish_by_anyone() -> None:
    # the face-down piece on T12 is seat 1's: seat 0 may take it past T16 into seat 1's
    # finish, never into its own
    s = pos({0: ["T30"], 1: ["T12"]}, {0: ["6"]})
    assert legal(s) == {"6 T12-T18", "6 T12-F2@1", "6 T30-T36"}
    t = play(s, "6 T12-F2@1")
    assert at(t.state, 1) == ["F2"]
    view = AD.observe(s, 0)
    shown = view["pieces"]
    assert view["flipped"] == ["T12"]
    assert isinstance(shown, dict) and shown["1"] == ["H", "H", "H"]
