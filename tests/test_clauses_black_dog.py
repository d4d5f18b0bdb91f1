"""Black DOG, clause by clause: the table, setup, the round, movement, the finish, team play
and the win, the 2/3-player rules and the layout data (BD-L-*).

The cards, the Black Dog and the disc are in test_clauses_black_dog_cards.py.

Every test cites the clauses it checks with ``@pytest.mark.clause(...)`` and reads like the
manual: a position, what the manual says must happen, and the engine's answer.

Field numbering (layouts.md): 64 track fields T0..T63; with 4 players seat q starts on
T(16q) (T0, T16, T32, T48); with 2 players seat 1 starts on T32; the disc holds T(16q+7..9)
and its paws are T(16q+7) and T(16q+9).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import dogrules
from dogrules.model.actions import Action, ActionKind
from helpers import (
    AD,
    BD,
    act,
    action,
    assert_illegal,
    at,
    at_home,
    cards_in_play,
    cites,
    dog,
    edited,
    events,
    kinds,
    next_round,
    notations,
    origins,
    position_builder,
    refusal,
    through_exchange,
    variant_of,
    with_next_card,
)

DISC_FIELDS = tuple(16 * q + j for q in range(4) for j in (7, 8, 9))
PAWS = tuple(16 * q + j for q in range(4) for j in (7, 9))

# A play position: seats not listed keep every piece at home, listed seats are filled up with
# home pieces (4 pieces a seat with 4 players, 5 with 2 or 3); the Black Dog stands on T44.
pos = position_builder(BD, black_dog="T44")

# ---------------------------------------------------------------------------------------------
# Players, pieces, deck, goal, secrecy
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-PLAYERS")
def test_BD_PLAYERS_two_to_four_players_opposite_seats_are_partners() -> None:
    for players in (2, 3, 4):
        assert BD.new_game(players=players, seed=1).players == players
    for players in (1, 5):
        with pytest.raises(ValueError):
            BD.new_game(players=players, seed=1)
    # With 4 players seat 1's partner is seat 3 (opposite): Partner reaches seat 3's piece,
    # never those of seats 0 and 2.
    s = pos({0: ["T4"], 1: ["T20"], 2: ["T36"], 3: ["T50"]}, {1: ["partner"]}, to_act=1)
    assert origins(s) == {"T20", "T50"}
    assert "partner T50-T54" in notations(s)


@pytest.mark.clause("BD-PLAYERS", "BD-2P3P-INDIVIDUAL")
def test_BD_PLAYERS_teams_are_always_played_with_four_and_never_with_fewer() -> None:
    assert BD.new_game(players=4, seed=1, teams=True).teams
    assert not BD.new_game(players=2, seed=1, teams=False).teams
    with pytest.raises(ValueError, match="teams are always played with 4 players"):
        BD.new_game(players=4, seed=1, teams=False)
    with pytest.raises(ValueError, match="teams are never played with 3 players"):
        BD.new_game(players=3, seed=1, teams=True)


@pytest.mark.clause("BD-PLAYER-COUNT", "BD-PLAYERS")
@pytest.mark.parametrize("players", [5, 6])
def test_BD_PLAYER_COUNT_the_product_sheets_five_or_six_players_are_refused(players: int) -> None:
    # seed 000's product sheet says 2 to 6 players; the manual says 2 to 4, and we follow it
    with pytest.raises(ValueError, match="black-dog is played by 2, 3, 4 players"):
        BD.new_game(players=players, seed=1)


@pytest.mark.clause("BD-PIECES", "BD-L-PIECES")
def test_BD_PIECES_four_pieces_each_with_four_players_five_with_fewer_and_one_black_dog() -> None:
    for players, per_seat in ((4, 4), (3, 5), (2, 5)):
        s = BD.new_game(players=players, seed=2)
        assert all(len(s.pieces[seat]) == per_seat for seat in range(players))
        assert s.black_dog is None  # not yet placed
    with pytest.raises(dogrules.InvalidPosition):
        BD.position(
            players=4,
            pieces={0: ["H"] * 5, 1: ["H"] * 4, 2: ["H"] * 4, 3: ["H"] * 4},
            hands={0: ["5"]},
            black_dog="T8",
        )
    with pytest.raises(dogrules.InvalidPosition):
        BD.position(
            players=2, pieces={0: ["H"] * 4, 1: ["H"] * 4}, hands={0: ["5"]}, black_dog="T8"
        )
    # one Black Dog, on the board once placed and belonging to no seat
    placed = act(BD.new_game(players=4, seed=2), "place T8").state
    assert dog(placed) == "T8"
    assert all("T8" not in at(placed, seat) for seat in range(4))
    assert all(len(placed.pieces[seat]) == 4 for seat in range(4))


@pytest.mark.clause("BD-DECK", "BD-L-DECK")
def test_BD_DECK_one_deck_of_110_cards_with_the_layout_split() -> None:
    expected = {
        **{str(n): 6 for n in (2, 3, 4, 5, 6, 7, 8, 9, 10, 12)},
        "1/11": 8,
        "13": 8,
        "swap": 5,
        "magnet": 5,
        "copy": 5,
        "partner": 5,
        "black:1-7": 6,
        "black:3": 4,
        "black:5": 4,
    }
    for players in (2, 3, 4):
        s = BD.new_game(players=players, seed=5)
        counted = cards_in_play(s)
        assert sum(counted.values()) == 110
        assert dict(counted) == expected


@pytest.mark.clause("BD-GOAL")
def test_BD_GOAL_with_four_players_nobody_wins_alone() -> None:
    # Seat 0 brings its last piece in (T62 -> T63, T0, F1) while partner seat 2 still has
    # pieces out: the game goes on.
    s = pos({0: ["T62", "F2", "F3", "F4"], 2: ["T40"]}, {0: ["3"], 1: ["2"]}, black_dog="T20")
    t = act(s, "3 T62-F1")
    assert at(t.state, 0) == ["F1", "F2", "F3", "F4"]
    assert "won" not in kinds(t)
    assert t.state.phase == "play"
    assert t.state.winner == ()


@pytest.mark.clause("BD-SECRECY")
def test_BD_SECRECY_each_seat_sees_only_its_own_hand() -> None:
    s = act(BD.new_game(players=4, seed=11), "place T8").state
    seen = BD.observe(s, 1)
    assert seen["hand"] == list(s.hands[1])
    assert "hands" not in seen
    assert seen["hand_sizes"] == {"0": 5, "1": 5, "2": 5, "3": 5}
    # a card set aside for the exchange is known to its giver only
    giving = BD.legal_actions(s)[0]
    assert s.to_act == 1 and giving.chosen is not None
    after = BD.apply(s, giving).state
    own_view = BD.observe(after, 1)
    assert isinstance(own_view["exchange"], dict)
    assert own_view["exchange"]["1"] == giving.chosen
    for seat in (0, 2, 3):
        view = BD.observe(after, seat)
        assert isinstance(view["exchange"], dict)
        shown = view["exchange"]["1"]
        assert shown not in BD.deck.notations  # set aside, but not shown
        assert view["hand"] == list(after.hands[seat])
    # Black DOG has no face-down pieces: every event is seen as it is
    t = BD.apply(s, giving)
    assert BD.observe_events(s, t.events, 2) == t.events
    with pytest.raises(ValueError, match=r"seat -1 is not in this game \(0\.\.3\)"):
        BD.observe(s, -1)


# ---------------------------------------------------------------------------------------------
# Setup, deal, dealer, exchange
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-DEAL", "R-C2")
def test_BD_DEAL_every_round_begins_with_five_cards_to_each_seat() -> None:
    s = BD.new_game(players=4, seed=21)
    assert [len(hand) for hand in s.hands] == [5, 5, 5, 5]
    assert len(s.deck) == 110 - 20
    # a shuffled deck: the same seed gives the same game, different seeds different deals
    assert BD.new_game(players=4, seed=21) == s
    assert len({BD.new_game(players=4, seed=seed).hands for seed in range(5)}) > 1
    # the next round deals 5 each again
    s = pos(
        {0: ["T2"], 1: ["T18"], 2: ["T34"], 3: ["T50"]},
        {0: ["2"], 1: ["2"], 2: ["2"], 3: ["2"]},
        to_act=1,
    )
    for text in ("2 T18-T20", "2 T34-T36", "2 T50-T52"):
        s = act(s, text).state
    t = act(s, "2 T2-T4")
    (dealt,) = events(t, "dealt")
    assert dealt.count == 5 and cites(dealt, "BD-DEAL")
    assert [len(hand) for hand in t.state.hands] == [5, 5, 5, 5]
    assert len(t.state.deck) == 110 - 4 - 20


@pytest.mark.clause("BD-DEALER-ROTATES", "R-C1")
def test_BD_DEALER_ROTATES_dealer_and_starter_move_one_seat_clockwise_each_round() -> None:
    s = act(BD.new_game(players=4, seed=4), "place T8").state
    seen: list[tuple[int, int]] = []
    for _ in range(5):
        s = through_exchange(s)
        assert s.phase == "play"
        seen.append((s.dealer, s.to_act))
        s = next_round(s)
    # seat 0 deals first, dealer+1 starts, both move clockwise every round
    assert seen == [(0, 1), (1, 2), (2, 3), (3, 0), (0, 1)]


@pytest.mark.clause("BD-FREE-START", "R-C1")
def test_BD_FREE_START_one_piece_on_each_start_at_the_beginning_only() -> None:
    s = BD.new_game(players=4, seed=8)
    for seat in range(4):
        assert at(s, seat) == [f"T{16 * seat}"]
        assert at_home(s, seat) == 3
    # a later round brings no free piece out
    s = pos(
        {0: ["T2"], 1: ["T18"], 2: ["T34"], 3: ["T50"]},
        {0: ["2"], 1: ["2"], 2: ["2"], 3: ["2"]},
        to_act=1,
    )
    for text in ("2 T18-T20", "2 T34-T36", "2 T50-T52", "2 T2-T4"):
        s = act(s, text).state
    assert s.round == 2
    assert [at(s, seat) for seat in range(4)] == [["T4"], ["T20"], ["T36"], ["T52"]]


@pytest.mark.clause("R-C1", "BD-2P3P-PIECES", "BD-L-SEATS")
def test_R_C1_setup_two_and_three_players_four_home_one_on_start() -> None:
    two = BD.new_game(players=2, seed=3)
    assert at(two, 0) == ["T0"] and at(two, 1) == ["T32"]
    assert at_home(two, 0) == at_home(two, 1) == 4
    three = BD.new_game(players=3, seed=3)
    assert [at(three, seat) for seat in range(3)] == [["T0"], ["T16"], ["T32"]]
    assert all(at_home(three, seat) == 4 for seat in range(3))
    assert two.dealer == three.dealer == 0


@pytest.mark.clause("BD-PLACE-BLACK-DOG", "R-B1")
def test_BD_PLACE_BLACK_DOG_dealer_right_of_starter_places_the_dog_on_a_disc_field() -> None:
    for players in (2, 3, 4):
        s = BD.new_game(players=players, seed=6)
        assert s.phase == "setup"
        assert s.to_act == 0  # seat 0 deals; seat 1 starts; seat 0 sits to its right
        assert notations(s) == {f"place T{field}" for field in DISC_FIELDS}
    t = act(BD.new_game(players=4, seed=6), "place T41")
    assert dog(t.state) == "T41"
    (placed,) = events(t, "dog_placed")
    assert placed.seat == 0 and cites(placed, "BD-PLACE-BLACK-DOG")
    assert t.state.phase == "exchange"
    assert_illegal(BD.new_game(players=4, seed=6), "place T10", "BD-PLACE-BLACK-DOG", "R-B1")


@pytest.mark.clause("BD-PLACE-BLACK-DOG", "R-B1")
def test_R_B1_the_game_begins_with_the_placement_and_it_names_only_a_field() -> None:
    s = BD.new_game(players=4, seed=1)
    assert all(text.startswith("place ") for text in notations(s))
    placing = action(s, sorted(notations(s))[0])
    for wrong, why in (
        (Action(ActionKind.FOLD), "begins with the dealer placing"),
        (placing._replace(turn="cw"), "names its field and nothing else"),
    ):
        ruling = BD.explain(s, wrong)
        assert not ruling.legal and ruling.clauses == ("BD-PLACE-BLACK-DOG", "R-B1")
        assert why in ruling.text
    assert BD.explain(s, placing).legal


@pytest.mark.clause("BD-DISC-SETUP", "BD-L-DISC")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_BD_DISC_SETUP_the_disc_starts_with_its_fields_in_line_with_the_track(
    players: int,
) -> None:
    # bones showing: the disc's 12 fields are fields 7, 8 and 9 of every quadrant, and the
    # Black Dog can be put on exactly those
    s = BD.new_game(players=players, seed=4)
    assert s.phase == "setup"
    assert notations(s) == {f"place T{16 * q + j}" for q in range(4) for j in (7, 8, 9)}
    # every quarter turn leaves the disc in such a position: its fields stay the same 12
    disc = BD.board(players).disc
    assert disc is not None
    assert set(disc.rotate_cw.values()) == set(disc.rotate_ccw.values()) == set(disc.fields)


@pytest.mark.clause("BD-EXCHANGE", "R-C3")
def test_R_C3_seats_set_their_cards_aside_clockwise_and_only_give() -> None:
    s = BD.new_game(players=4, seed=1)
    s = act(s, sorted(notations(s))[0]).state  # the Black Dog is placed
    giving = action(s, sorted(notations(s))[0])
    for wrong, why in (
        (Action(ActionKind.FOLD), "first every seat sets a card aside for the exchange"),
        (giving._replace(turn="cw"), "giving a card names the card and nothing else"),
        (Action(ActionKind.GIVE, chosen="zzz"), "seat 1 does not hold 'zzz' to give"),
    ):
        ruling = BD.explain(s, wrong)
        assert not ruling.legal and ruling.clauses == ("BD-EXCHANGE", "R-C3")
        assert why in ruling.text
    assert BD.explain(s, giving).legal
    order = []
    while s.phase == dogrules.Phase.EXCHANGE:
        order.append(s.to_act)
        s = act(s, sorted(notations(s))[0]).state
    assert order == [1, 2, 3, 0]  # from the seat left of the dealer, clockwise


@pytest.mark.clause("BD-EXCHANGE", "R-C3")
def test_BD_EXCHANGE_partners_pass_one_card_face_down_simultaneously() -> None:
    s = act(BD.new_game(players=4, seed=9), "place T8").state
    before = s.hands
    given: dict[int, str] = {}
    # before the first card is played, every seat's only choices are the cards to give
    while s.phase == "exchange":
        assert all(a.kind == "give" for a in BD.legal_actions(s))
        chooser = s.to_act
        chosen = BD.legal_actions(s)[-1]
        assert chosen.chosen is not None
        given[chooser] = chosen.chosen
        t = BD.apply(s, chosen)
        s = t.state
        if s.phase == "exchange":
            # nobody receives anything until every seat has handed over its own card
            for seat in range(4):
                expected = Counter(before[seat])
                if seat in given:
                    expected -= Counter([given[seat]])
                assert Counter(s.hands[seat]) == expected
    assert set(given) == {0, 1, 2, 3}
    assert "exchanged" in kinds(t)
    for seat in range(4):
        partner = (seat + 2) % 4
        expected = Counter(before[seat]) - Counter([given[seat]]) + Counter([given[partner]])
        assert Counter(s.hands[seat]) == expected
    assert s.phase == "play"


@pytest.mark.clause("R-C3", "R-C8")
def test_R_C3_a_seat_with_no_card_gives_nothing_and_a_finished_seat_still_exchanges() -> None:
    s = act(BD.new_game(players=4, seed=3), "place T8").state

    def change(data: dict[str, Any]) -> None:
        data["discard"] = data["hands"]["2"]
        data["hands"]["2"] = []
        data["pieces"]["0"] = ["F1", "F2", "F3", "F4"]

    s = edited(s, change)
    hands = s.hands
    given: dict[int, str] = {}
    while s.phase == "exchange":
        assert s.to_act != 2  # nothing to give, nothing to decide
        a = BD.legal_actions(s)[0]
        assert a.chosen is not None
        given[s.to_act] = a.chosen
        s = BD.apply(s, a).state
    assert set(given) == {0, 1, 3}  # seat 0, all pieces in its finish, still exchanges
    assert Counter(s.hands[0]) == Counter(hands[0]) - Counter([given[0]])
    assert list(s.hands[2]) == [given[0]]


@pytest.mark.clause("BD-2P3P-EXCHANGE", "R-C3")
@pytest.mark.parametrize("players", [2, 3])
def test_BD_2P3P_EXCHANGE_each_seat_passes_one_card_to_its_left_neighbour(players: int) -> None:
    s = act(BD.new_game(players=players, seed=12), "place T8").state
    before = s.hands
    given: dict[int, str] = {}
    while s.phase == "exchange":
        a = BD.legal_actions(s)[-1]
        assert a.chosen is not None
        given[s.to_act] = a.chosen
        s = BD.apply(s, a).state
    for seat in range(players):
        right = (seat - 1) % players  # the seat whose left neighbour this seat is
        expected = Counter(before[seat]) - Counter([given[seat]]) + Counter([given[right]])
        assert Counter(s.hands[seat]) == expected


# ---------------------------------------------------------------------------------------------
# Turns, folding, the end of a round, reshuffling
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-TURN")
def test_BD_TURN_play_one_card_draw_none_next_seat_clockwise() -> None:
    s = pos({0: ["T2"], 1: ["T18"]}, {0: ["5", "3"], 1: ["4"], 2: ["2"], 3: ["6"]})
    t = act(s, "3 T2-T5")
    assert list(t.state.hands[0]) == ["5"]
    assert len(t.state.deck) == len(s.deck)
    assert t.state.discard[-1] == "3"
    assert t.state.to_act == 1
    assert at(t.state, 0) == ["T5"]
    (played,) = events(t, "played")
    assert played.card == "3" and cites(played, "BD-TURN")


@pytest.mark.clause("BD-FOLD", "R-B11", "R-C7")
def test_BD_FOLD_a_seat_that_cannot_move_shows_and_discards_its_hand() -> None:
    # Seat 2 has every piece at home and holds no start card: its only action is to fold.
    s = pos({1: ["T18"], 3: ["T50"]}, {1: ["3", "4"], 2: ["5", "7"], 3: ["2", "6"]}, to_act=1)
    s = act(s, "3 T18-T21").state
    assert s.to_act == 2
    assert notations(s) == {"fold"}
    t = act(s, "fold")
    assert "folded" in kinds(t) and "out_of_round" in kinds(t)
    assert all(cites(e, "BD-FOLD") for e in events(t, "folded"))
    assert t.state.hands[2] == ()
    assert Counter(t.state.discard) == Counter(["3", "5", "7"])
    # seat 2 takes no further part in the round
    s = t.state
    assert s.to_act == 3
    s = act(s, "2 T50-T52").state
    assert s.to_act == 1  # seat 0 holds no card; seat 1 plays its 4
    s = act(s, "4 T21-T25 turn cw").state
    assert s.to_act == 3  # seat 2 is passed over


@pytest.mark.clause("BD-FOLD", "BD-2P3P-REDRAW", "R-C7", "R-C12")
def test_R_C7_a_stuck_seat_folds_in_the_team_game_and_discards_a_held_card_with_fewer() -> None:
    def refused(state: dogrules.State, wrong: Action) -> tuple[tuple[str, ...], str]:
        ruling = BD.explain(state, wrong)
        assert not ruling.legal, wrong
        return ruling.clauses, ruling.text.splitlines()[-1]

    s = pos({}, {0: ["5"], 1: ["2"]})
    assert notations(s) == {"fold"}
    assert BD.explain(s, Action(ActionKind.FOLD)).legal
    assert refused(s, Action(ActionKind.DISCARD, chosen="5"))[0] == ("BD-FOLD", "R-C7")
    assert refused(s, Action(ActionKind.FOLD, chosen="5"))[0] == ("R-C7", "R-C12")
    clauses, why = refused(s, Action(ActionKind.PLACE, field=7))
    assert clauses == ("BD-PLACE-BLACK-DOG", "R-B1") and "once, at setup" in why
    s = pos({}, {0: ["5", "7"], 1: ["2"]}, players=2)
    assert notations(s) == {"discard 5", "discard 7"}
    assert BD.explain(s, Action(ActionKind.DISCARD, chosen="7")).legal
    assert refused(s, Action(ActionKind.FOLD))[0] == ("BD-2P3P-REDRAW", "R-C7")
    assert refused(s, Action(ActionKind.DISCARD, chosen="9")) == (
        ("BD-2P3P-REDRAW",),
        "- seat 0 does not hold '9'",
    )
    assert refused(s, Action(ActionKind.DISCARD, chosen="5", turn="cw"))[0] == ("R-C7", "R-C12")
    # a game without a Black Dog says so
    s = position_builder(AD)({}, {0: ["5"], 1: ["2"]})
    ruling = AD.explain(s, Action(ActionKind.PLACE, field=7))
    assert ruling.clauses == ("R-C12",) and "agent-dog has no Black Dog to place" in ruling.text


@pytest.mark.clause("BD-FOLD")
def test_BD_FOLD_folded_cards_go_underneath_the_discard_pile() -> None:
    s = pos({1: ["T18"], 3: ["T50"]}, {1: ["3", "4"], 2: ["5", "7"], 3: ["2", "6"]}, to_act=1)
    s = act(s, "3 T18-T21").state
    t = act(s, "fold")
    # the 3 just played stays on top of the pile (the pile lists bottom to top)
    assert t.state.discard[-1] == "3"
    assert BD.observe(t.state, 0)["discard_top"] == "3"


@pytest.mark.clause("R-C7", "BD-FULL-MOVE")
def test_R_C7_a_card_is_playable_only_in_full_and_a_playable_card_must_be_played() -> None:
    # Partner needs 4 points; the only piece that could move stands on F1 with 3 fields left.
    s = pos({0: ["F1"]}, {0: ["partner"], 1: ["2"]})
    assert notations(s) == {"fold"}
    # a 7 from T10 would have to pass seat 1's protected piece on T16: unplayable
    s = pos({0: ["T10"], 1: ["T16"]}, {0: ["7"], 1: ["2"]})
    assert notations(s) == {"fold"}
    # holding a playable card, folding is not an option
    s = pos({0: ["T10"], 1: ["T16"]}, {0: ["7", "3"], 1: ["2"]})
    assert notations(s) == {"3 T10-T13"}
    assert_illegal(s, "fold", "R-C7", "BD-FOLD", "BD-TURN")


@pytest.mark.clause("BD-ROUND-END")
def test_BD_ROUND_END_the_round_ends_when_every_hand_is_empty() -> None:
    s = pos(
        {0: ["T2"], 1: ["T18"], 2: ["T34"], 3: ["T50"]},
        {0: ["2"], 1: ["2", "3"], 2: ["2"], 3: ["2"]},
        to_act=1,
    )
    for text in ("2 T18-T20", "2 T34-T36", "2 T50-T52", "2 T2-T4"):
        t = act(s, text)
        s = t.state
        assert s.round == 1 and "dealt" not in kinds(t)  # seat 1 still holds its 3
    t = act(s, "3 T20-T23 turn cw")
    assert "dealt" in kinds(t) and "round_started" in kinds(t)
    assert t.state.round == 2
    assert t.state.last_played is None


@pytest.mark.clause("BD-RESHUFFLE", "R-C2")
def test_BD_RESHUFFLE_a_short_deck_is_shuffled_together_with_the_discard_pile() -> None:
    s = pos(
        {0: ["T2"], 1: ["T18"], 2: ["T34"], 3: ["T50"]},
        {0: ["2"], 1: ["2"], 2: ["2"], 3: ["2"]},
        to_act=1,
    )
    for text in ("2 T18-T20", "2 T34-T36", "2 T50-T52"):
        s = act(s, text).state

    def short_deck(data: dict[str, Any]) -> None:
        # only 7 cards left in the deck, too few for a deal of 20
        data["discard"] = data["discard"] + data["deck"][:-7]
        data["deck"] = data["deck"][-7:]

    s = edited(s, short_deck)
    assert len(s.deck) == 7
    t = act(s, "2 T2-T4")
    assert "reshuffled" in kinds(t)
    assert kinds(t).index("reshuffled") < kinds(t).index("dealt")
    after = t.state
    assert [len(hand) for hand in after.hands] == [5, 5, 5, 5]
    # every card is kept: the rest of the deck and the whole discard pile form the new deck
    assert after.discard == ()
    assert len(after.deck) == 110 - 20
    assert sum(cards_in_play(after).values()) == 110


@pytest.mark.clause("R-C2", "BD-2P3P-REDRAW")
def test_R_C2_a_draw_from_an_empty_deck_reshuffles_the_discard_pile() -> None:
    s = pos({1: ["T40"]}, {0: ["5", "2"], 1: ["3", "4"]}, players=2)

    def empty_deck(data: dict[str, Any]) -> None:
        data["discard"] = data["deck"]
        data["deck"] = []

    s = edited(s, empty_deck)
    t = act(s, "discard 5")
    assert "reshuffled" in kinds(t) and "drew" in kinds(t)
    assert len(t.state.hands[0]) == 2
    assert sum(cards_in_play(t.state).values()) == 110


# ---------------------------------------------------------------------------------------------
# 2 and 3 players: no move -> discard, draw, play or discard again
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-2P3P-REDRAW", "R-C7", "R-B11")
def test_BD_2P3P_REDRAW_discard_draw_and_play_the_drawn_start_card() -> None:
    s = with_next_card(pos({1: ["T40"]}, {0: ["5", "2"], 1: ["3", "4"]}, players=2), "13")
    assert notations(s) == {"discard 5", "discard 2"}
    t = act(s, "discard 5")
    assert kinds(t) == ["discarded", "drew"]
    assert all(cites(e, "BD-2P3P-REDRAW") for e in t.events)
    s = t.state
    assert s.to_act == 0 and Counter(s.hands[0]) == Counter(["2", "13"])
    # the drawn 13 can enter a piece, so it must be played: no second discard
    assert notations(s) == {"13 H-T0"}
    assert act(s, "13 H-T0").state.to_act == 1


@pytest.mark.clause("BD-2P3P-REDRAW", "R-C7", "R-B11")
def test_BD_2P3P_REDRAW_still_stuck_after_the_draw_discard_again_and_stay_in_the_round() -> None:
    s = with_next_card(pos({1: ["T40"]}, {0: ["5", "2"], 1: ["3", "4"]}, players=2), "7")
    s = act(s, "discard 5").state
    assert notations(s) == {"discard 2", "discard 7"}
    t = act(s, "discard 7")
    assert "drew" not in kinds(t)
    s = t.state
    assert list(s.hands[0]) == ["2"]
    assert s.to_act == 1
    s = act(s, "3 T40-T43").state
    assert len(s.hands[0]) == len(s.hands[1]) == 1  # equal hand sizes
    assert s.to_act == 0  # still in the round
    assert notations(s) == {"discard 2"}


@pytest.mark.clause("BD-2P3P-REDRAW", "R-C7")
def test_BD_2P3P_REDRAW_three_players_discard_instead_of_fold() -> None:
    s = pos({1: ["T20"]}, {0: ["5"], 1: ["3"], 2: ["4"]}, players=3)
    assert notations(s) == {"discard 5"}
    assert "fold" not in notations(s)


# ---------------------------------------------------------------------------------------------
# Entering, start fields, movement, passing, capture
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-ENTER")
def test_BD_ENTER_only_a_start_card_brings_a_piece_onto_its_own_start_field() -> None:
    s = pos({}, {0: ["13", "5"], 1: ["2"]})
    assert notations(s) == {"13 H-T0"}
    t = act(s, "13 H-T0")
    assert at(t.state, 0) == ["T0"]
    (entered,) = events(t, "entered")
    assert entered.dst == "T0" and cites(entered, "BD-ENTER")
    assert_illegal(s, "5 H-T0", "BD-ENTER")
    # seat 1 enters on its own start field, T16
    s = pos({}, {1: ["1/11"]}, to_act=1)
    assert "1/11 H-T16" in notations(s)
    assert_illegal(s, "1/11 H-T0", "BD-ENTER", "R-C5")


@pytest.mark.clause("R-C5")
def test_R_C5_entering_captures_another_colour_but_not_its_own() -> None:
    # seat 3's piece standing on T0 (seat 0's start) is an ordinary piece: entering takes it
    s = pos({0: ["T5"], 3: ["T0"]}, {0: ["1/11"], 3: ["2"]})
    t = act(s, "1/11 H-T0")
    assert at(t.state, 0) == ["T0", "T5"]
    assert at(t.state, 3) == []
    (captured,) = events(t, "captured")
    assert captured.seat == 3 and captured.src == "T0"
    # seat 0's own piece already on T0: entering is illegal
    s = pos({0: ["T0"]}, {0: ["1/11", "13"], 1: ["2"]})
    assert not any(n.endswith("H-T0") for n in notations(s))
    assert_illegal(s, "13 H-T0", "R-C5", "BD-START-PROTECTED", "BD-ONE-PER-FIELD")


@pytest.mark.clause("BD-START-BLOCKS")
def test_BD_START_BLOCKS_own_start_piece_bars_everyone_even_after_a_lap() -> None:
    # seat 1's piece on T16 (its own start) bars seat 0 and seat 1 alike
    s = pos({0: ["T14"], 1: ["T16", "T12"]}, {0: ["5", "2"], 1: ["5"]})
    assert_illegal(s, "5 T14-T19", "BD-START-BLOCKS", "BD-START-PROTECTED", "BD-PASSING")
    # the very next field counts too: T15 is one step from T16
    s = pos({0: ["T15"], 1: ["T16"]}, {0: ["5"], 1: ["5"]})
    assert refusal(s, "5 T15-T20")[0] == ("BD-START-PROTECTED", "BD-START-BLOCKS", "R-C4")
    s1 = pos({0: ["T14"], 1: ["T16", "T12"]}, {1: ["5", "2"]}, to_act=1)
    assert_illegal(s1, "5 T12-T17", "BD-START-BLOCKS", "BD-START-PROTECTED", "BD-PASSING")
    # a piece that reaches its start field at the end of a lap blocks just the same
    s = pos({0: ["T13"], 1: ["T10"]}, {0: ["5", "2"], 1: ["6"]}, to_act=1)
    s = act(s, "6 T10-T16").state
    assert at(s, 1) == ["T16"] and s.to_act == 0
    assert_illegal(s, "5 T13-T18", "BD-START-BLOCKS", "BD-START-PROTECTED", "BD-PASSING")
    assert notations(s) == {"2 T13-T15"}
    # it even bars its owner's way into the goal
    s = pos({0: ["T62", "T0"]}, {0: ["3"], 1: ["2"]})
    assert notations(s) == {"3 T0-T3"}
    assert_illegal(s, "3 T62-F1", "BD-START-BLOCKS", "BD-START-PROTECTED", "BD-PASSING")


@pytest.mark.clause("BD-START-PROTECTED", "R-C4")
def test_BD_START_PROTECTED_cannot_be_passed_captured_or_swapped() -> None:
    s = pos({0: ["T12", "T14"], 1: ["T16"], 3: ["T30"]}, {0: ["2", "4", "swap"], 1: ["3"]})
    # landing on it would capture it: not allowed, for nobody
    assert_illegal(s, "2 T14-T16", "BD-START-PROTECTED", "R-C4", "BD-CAPTURE")
    assert_illegal(s, "4 T12-T16", "BD-START-PROTECTED", "R-C4", "BD-CAPTURE")
    # passing it is not allowed either
    assert_illegal(s, "4 T14-T18", "BD-START-PROTECTED", "R-C4", "BD-START-BLOCKS")
    # Swap may take seat 3's piece on T30, never the protected one
    assert not any("T16" in n for n in notations(s) if n.startswith("swap"))
    assert_illegal(s, "swap T14<>T16", "BD-START-PROTECTED", "BD-SWAP", "R-B6")
    # the owner cannot land on its own start piece either
    s = pos({1: ["T16", "T13"]}, {1: ["3"]}, to_act=1)
    assert_illegal(s, "3 T13-T16", "BD-START-PROTECTED", "R-C4", "BD-CAPTURE")


@pytest.mark.clause("R-C4")
def test_R_C4_every_field_counts_and_another_colour_on_a_start_field_is_ordinary() -> None:
    # occupied fields count as steps: T10 + 5 = T15 over pieces on T11 and T12
    s = pos({0: ["T10", "T11"], 1: ["T12"]}, {0: ["5"], 1: ["2"]})
    assert "5 T10-T15" in notations(s)
    # seat 0's piece on T16 (seat 1's start) is not protected: it can be passed,
    # captured and swapped
    s = pos({0: ["T16"], 3: ["T14", "T12"]}, {3: ["5", "4", "swap"]}, to_act=3)
    assert "5 T14-T19" in notations(s)
    t = act(s, "4 T12-T16")
    assert at(t.state, 0) == [] and at(t.state, 3) == ["T14", "T16"]
    assert "swap T14<>T16" in notations(s)


STRICT = dogrules.variant("black-dog", rulings={"R-C4": "strict"})


@pytest.mark.clause("R-C4", "BD-START-BLOCKS", "BD-START-PROTECTED")
def test_R_C4_strict_any_piece_on_a_start_field_blocks_and_is_protected() -> None:
    # the alternative reading: seat 0's piece on T16 (seat 1's start) cannot be passed,
    # captured or swapped by seat 3, which the reference allows (the test above)
    s = pos({0: ["T16"], 3: ["T14", "T12"]}, {3: ["5", "4", "swap"]}, to_act=3)
    listed = notations(s, STRICT)
    assert not {"5 T14-T19", "4 T12-T16", "swap T14<>T16"} & listed
    for text in ("5 T14-T19", "4 T12-T16", "swap T14<>T16"):
        ruling = STRICT.explain(s, action(s, text, STRICT))
        assert not ruling.legal and "R-C4" in ruling.clauses, text
        assert ruling.readings == (("R-C4", "strict"),), text
        assert "R-C4 (strict)" in ruling.text
        with pytest.raises(dogrules.IllegalAction):
            STRICT.apply(s, action(s, text, STRICT))
    # nor can seat 1 enter onto its start field there: the piece on it is protected (R-C5)
    s = pos({0: ["T16"], 1: ["T20"]}, {1: ["13"], 2: ["2"]}, to_act=1)
    assert "13 H-T16" in notations(s)
    assert "13 H-T16" not in notations(s, STRICT)
    assert not STRICT.explain(s, action(s, "13 H-T16", STRICT)).legal
    # a Partner sub-move may not pass a piece an earlier sub-move put on a start field
    s = pos({0: ["T14", "T15"]}, {0: ["partner"], 1: ["2"]})
    assert variant_of(s).explain(s, action(s, "partner T14-T16 T15-T17")).legal
    assert not STRICT.explain(s, action(s, "partner T14-T16 T15-T17", STRICT)).legal
    assert STRICT.explain(s, action(s, "partner T15-T17 T14-T16", STRICT)).legal


@pytest.mark.clause("BD-MOVE")
def test_BD_MOVE_a_number_moves_one_own_piece_clockwise_exactly() -> None:
    s = pos({0: ["T3"]}, {0: ["5"], 1: ["2"]})
    assert notations(s) == {"5 T3-T8"}
    t = act(s, "5 T3-T8")
    assert at(t.state, 0) == ["T8"]
    (moved,) = events(t, "moved")
    assert moved.count == 5 and moved.path == ("T4", "T5", "T6", "T7", "T8")
    assert_illegal(s, "5 T3-T7", "BD-MOVE", "BD-FULL-MOVE")
    assert_illegal(s, "5 T3-T9 turn cw", "BD-MOVE", "BD-FULL-MOVE")
    assert_illegal(s, "5 T3-T62", "BD-MOVE", "BD-FULL-MOVE", "BD-CLOCKWISE-DOG")


@pytest.mark.clause("BD-PASSING")
def test_BD_PASSING_pieces_may_be_jumped_but_not_an_occupied_goal_field() -> None:
    # jumping own and opposing pieces is fine, and they stay where they are
    s = pos({0: ["T10", "T11"], 1: ["T13"]}, {0: ["5"], 1: ["2"]})
    t = act(s, "5 T10-T15")
    assert at(t.state, 0) == ["T11", "T15"] and at(t.state, 1) == ["T13"]
    # an occupied goal field may not be jumped: T62 -> T63, T0, F1 (taken), F2
    s = pos({0: ["T62", "F1"]}, {0: ["4"], 1: ["2"]})
    assert notations(s) == {"4 T62-T2"}
    assert_illegal(s, "4 T62-F2", "BD-PASSING", "BD-FINISH-SAFE", "R-C6")


@pytest.mark.clause("BD-ONE-PER-FIELD")
def test_BD_ONE_PER_FIELD_no_field_holds_two_pieces() -> None:
    with pytest.raises(dogrules.InvalidPosition):
        pos({0: ["T5"], 1: ["T5"]}, {0: ["2"]})
    with pytest.raises(dogrules.InvalidPosition):
        pos({0: ["T10"]}, {0: ["2"]}, black_dog="T10")
    s = pos({0: ["T3"], 2: ["T8"]}, {0: ["5"], 1: ["2"]})
    t = act(s, "5 T3-T8")
    assert at(t.state, 0) == ["T8"] and at(t.state, 2) == []


@pytest.mark.clause("BD-CAPTURE")
def test_BD_CAPTURE_landing_sends_the_piece_home_even_an_own_one() -> None:
    s = pos({0: ["T3", "T6"], 1: ["T20"]}, {0: ["3", "5"], 1: ["2"]})
    t = act(s, "3 T3-T6")
    assert at(t.state, 0) == ["T6"] and at_home(t.state, 0) == 3
    (captured,) = events(t, "captured")
    assert captured.seat == 0 and captured.src == "T6" and cites(captured, "BD-CAPTURE")
    s = pos({0: ["T15"], 1: ["T20"]}, {0: ["5"], 1: ["2"]})
    t = act(s, "5 T15-T20")
    assert at(t.state, 1) == [] and at_home(t.state, 1) == 4
    assert [e.seat for e in events(t, "captured")] == [1]


@pytest.mark.clause("BD-FULL-MOVE")
def test_BD_FULL_MOVE_points_cannot_be_thrown_away_so_a_piece_may_lap_again() -> None:
    # T62 can reach its goal with 2..6; a 12 must run past it and round again
    s = pos({0: ["T62"]}, {0: ["12"], 1: ["2"]})
    assert notations(s) == {"12 T62-T10"}
    # a 7 from T63 overshoots F4 (T0, F1..F4 is 5 steps) and stays on the track
    s = pos({0: ["T63"]}, {0: ["7"], 1: ["2"]})
    assert notations(s) == {"7 T63-T6"}
    assert_illegal(s, "7 T63-F4", "BD-FULL-MOVE", "BD-MOVE", "R-C6")


@pytest.mark.clause("BD-OWN-PIECES")
def test_BD_OWN_PIECES_a_player_moves_only_pieces_of_their_own_colour() -> None:
    s = pos({0: ["T3"], 1: ["T20"], 2: ["T35"]}, {0: ["5"], 1: ["2"]})
    assert origins(s) == {"T3"}
    assert_illegal(s, "5 T35-T40", "BD-OWN-PIECES", "R-C8", "BD-MOVE")
    assert_illegal(s, "5 T20-T25 turn cw", "BD-OWN-PIECES", "R-C8", "BD-MOVE")


# ---------------------------------------------------------------------------------------------
# The finish (goal)
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-FINISH-ENTRY", "R-C6")
def test_BD_FINISH_ENTRY_only_over_the_own_start_field_never_from_it() -> None:
    # T62 + 3: T63, T0 (one step), F1. Turning in is a choice.
    s = pos({0: ["T62"]}, {0: ["3"], 1: ["2"]})
    assert notations(s) == {"3 T62-F1", "3 T62-T1"}
    t = act(s, "3 T62-F1")
    assert at(t.state, 0) == ["F1"]
    assert "finished" in kinds(t)
    assert act(s, "3 T62-T1").state.pieces != t.state.pieces
    # T63 + 1 ends on the start field itself, not in the goal
    s = pos({0: ["T63"]}, {0: ["1/11"], 1: ["2"]})
    assert "1/11 T63-T0" in notations(s)
    assert not any("F" in n for n in notations(s))
    # a move that begins on the own start field cannot turn in, it must lap again
    s = pos({0: ["T0"]}, {0: ["3"], 1: ["2"]})
    assert notations(s) == {"3 T0-T3"}
    # seat 1 turns in over T16 only
    s = pos({1: ["T14"]}, {1: ["4"]}, to_act=1)
    assert notations(s) == {"4 T14-F2", "4 T14-T18"}


@pytest.mark.clause("BD-FINISH-ENTRY", "R-C6")
def test_BD_FINISH_ENTRY_explains_why_a_move_from_the_start_field_cannot_turn_in() -> None:
    # T0 -> F1, F2, F3 would be 3 steps; the clause that forbids it is the finish entry rule
    s = pos({0: ["T0"]}, {0: ["3"], 1: ["2"]})
    assert_illegal(s, "3 T0-F3", "BD-FINISH-ENTRY", "R-C6")


@pytest.mark.clause("BD-FINISH-SAFE", "R-C6")
def test_BD_FINISH_SAFE_no_capture_and_no_jumping_inside_the_goal() -> None:
    # inside the goal a piece moves on with a number, exactly and onto a free field
    s = pos({0: ["F1", "F3"]}, {0: ["1/11", "3", "2"], 1: ["2"]})
    assert "1/11 F1-F2" in notations(s)
    assert "1/11 F3-F4" in notations(s)
    assert_illegal(s, "3 F1-F4", "BD-FINISH-SAFE", "BD-PASSING", "R-C6")  # jumps F3
    assert_illegal(s, "2 F1-F3", "BD-FINISH-SAFE", "BD-CAPTURE", "R-C6")  # would capture
    assert_illegal(s, "2 F3-F1", "BD-FINISH-SAFE", "BD-MOVE", "R-C6", "BD-FULL-MOVE")
    # from the track: landing on an occupied goal field captures nothing, it is illegal
    s = pos({0: ["T63", "F1"]}, {0: ["2"], 1: ["2"]})
    assert notations(s) == {"2 T63-T1", "2 F1-F3"}
    assert_illegal(s, "2 T63-F1", "BD-FINISH-SAFE", "BD-CAPTURE", "R-C6")


@pytest.mark.clause("R-C6")
def test_R_C6_the_start_field_counts_as_one_step_then_F1_to_F4() -> None:
    for steps, goal in ((2, "F1"), (3, "F2"), (4, "F3"), (5, "F4")):
        s = pos({0: ["T63"]}, {0: [str(steps)], 1: ["2"]})
        assert f"{steps} T63-{goal}" in notations(s)
        assert f"{steps} T63-T{steps - 1}" in notations(s)
    # beyond F4 there is no field: a piece on F2 cannot use a 3
    s = pos({0: ["F2", "T30"]}, {0: ["3"], 1: ["2"]})
    assert notations(s) == {"3 T30-T33"}


@pytest.mark.clause("BD-MOVE", "R-C6")
def test_BD_MOVE_the_move_event_names_every_field_stepped_on_round_T0_and_in_the_finish() -> None:
    def path(state: dogrules.State, text: str) -> tuple[tuple[str, ...], int | None]:
        (moved,) = events(act(state, text), "moved")
        return moved.path, moved.count

    s = pos({0: ["T62"]}, {0: ["4"], 1: ["2"]})
    assert path(s, "4 T62-T2") == (("T63", "T0", "T1", "T2"), 4)
    assert path(s, "4 T62-F2") == (("T63", "T0", "F1", "F2"), 4)  # the start field is a step
    s = pos({0: ["T62"]}, {0: ["3"], 1: ["2"]})
    assert path(s, "3 T62-F1") == (("T63", "T0", "F1"), 3)
    s = pos({1: ["T14"]}, {1: ["4"]}, to_act=1)
    assert path(s, "4 T14-F2") == (("T15", "T16", "F1", "F2"), 4)
    s = pos({0: ["F1"]}, {0: ["2"], 1: ["2"]})
    assert path(s, "2 F1-F3") == (("F2", "F3"), 2)


@pytest.mark.clause("BD-FINISH-SAFE", "R-C6")
def test_BD_FINISH_SAFE_a_finish_piece_neither_leaves_the_finish_nor_stays_put() -> None:
    s = pos({0: ["F1", "F3"]}, {0: ["2", "3"], 1: ["2"]})
    for text in ("2 F1-T2", "2 F1-F1"):
        clauses, why = refusal(s, text)
        assert clauses == ("BD-FINISH-SAFE", "R-C6") and "only forward" in why, text
    clauses, why = refusal(s, "3 F1-F4")  # over F3
    assert clauses == ("BD-FINISH-SAFE", "R-C6") and "no piece may be passed" in why
    # turning in over an own piece on F2: the finish rule refuses it, not seat 1's protected
    # start field T16, which the move never reaches
    s = pos({0: ["T62", "F2"], 1: ["T16"]}, {0: ["5"], 1: ["2"]})
    assert refusal(s, "5 T62-F3")[0] == ("BD-FINISH-SAFE", "R-C6")


@pytest.mark.clause("BD-FINISH-ENTRY", "R-C6")
def test_BD_FINISH_ENTRY_a_piece_on_its_start_field_cannot_step_straight_to_F1() -> None:
    s = pos({0: ["T0"]}, {0: ["1/11"], 1: ["2"]})
    clauses, why = refusal(s, "1/11 T0-F1")
    assert clauses == ("BD-FINISH-ENTRY", "R-C6") and "straight from its start field" in why


@pytest.mark.clause("BD-ENTER", "R-C5")
def test_BD_ENTER_a_refused_entry_says_whether_the_field_or_the_home_is_wrong() -> None:
    s = pos({}, {1: ["1/11"]}, to_act=1)
    assert "onto its own start field T16" in refusal(s, "1/11 H-T0")[1]
    s = pos({0: ["T0"]}, {0: ["13"], 1: ["2"]})
    assert "already holds one of its pieces" in refusal(s, "13 H-T0")[1]


@pytest.mark.clause("BD-FULL-MOVE", "BD-MOVE")
def test_BD_FULL_MOVE_a_refused_count_names_the_card_and_its_numbers() -> None:
    s = pos({0: ["T3"]}, {0: ["5", "1/11"], 1: ["2"]})
    clauses, why = refusal(s, "5 T3-T7")
    assert clauses == ("BD-FULL-MOVE", "BD-MOVE") and why.endswith(
        "is 4 steps; a 5 moves exactly 5"
    )
    assert refusal(s, "1/11 T3-T5")[1].endswith("a 1/11 moves exactly 1 or 11")
    # a play names its card, movements and disc turn, nothing else
    named = Action(ActionKind.PLAY, card="5", moves=((3, 8),), field=7)
    assert BD.explain(s, named).clauses == ("R-C12",)


@pytest.mark.clause("BD-OWN-PIECES", "BD-TEAM-PLAY", "R-C8")
def test_R_C8_a_refused_mover_names_the_rule_that_applies() -> None:
    s = pos({0: ["T3"], 1: ["T20"]}, {0: ["5"], 1: ["2"]})
    assert refusal(s, "5 T20-T25")[0] == ("BD-OWN-PIECES", "R-C8")
    assert refusal(s, "5 T7-T12")[0] == ("BD-MOVE",)
    assert refusal(s, "5 T3-H") == (
        ("BD-MOVE",),
        "5 T3-H: not legal.\n- T3 to H is no forward move",
    )
    s = pos(
        {0: ["F1", "F2", "F3", "F4"], 1: ["T20"], 2: ["T34"]},
        {0: ["5"], 1: ["2"]},
        black_dog="T60",
    )
    assert refusal(s, "5 T20-T25")[0] == ("BD-TEAM-PLAY", "R-C8")


# ---------------------------------------------------------------------------------------------
# Team play and the win
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-TEAM-PLAY", "R-C8")
def test_BD_TEAM_PLAY_a_finished_seat_moves_its_partners_pieces_with_every_card() -> None:
    s = pos(
        {0: ["F1", "F2", "F3", "F4"], 1: ["T20"], 2: ["T34"]},
        {0: ["5", "1/11"], 1: ["2"]},
        black_dog="T60",
    )
    assert origins(s) == {"T34", "H"}
    assert "5 T34-T39 turn cw" in notations(s)
    # start cards included: seat 0 enters a piece of seat 2 onto T32
    t = act(s, "1/11 H-T32")
    assert at(t.state, 2) == ["T32", "T34"]
    assert at(t.state, 0) == ["F1", "F2", "F3", "F4"]
    assert_illegal(s, "5 T20-T25 turn cw", "BD-TEAM-PLAY", "R-C8", "BD-OWN-PIECES")


@pytest.mark.clause("BD-TEAM-PLAY", "R-C8")
def test_BD_TEAM_PLAY_a_finished_seat_is_still_dealt_cards() -> None:
    s = pos(
        {0: ["F1", "F2", "F3", "F4"], 1: ["T18"], 2: ["T34"], 3: ["T50"]},
        {0: ["2"], 1: ["2"], 2: ["2"], 3: ["2"]},
        to_act=1,
    )
    for text in ("2 T18-T20", "2 T34-T36", "2 T50-T52"):
        s = act(s, text).state
    t = act(s, "2 T36-T38")  # seat 0's 2 moves seat 2's piece
    assert at(t.state, 2) == ["T38"]
    assert "dealt" in kinds(t)
    assert len(t.state.hands[0]) == 5


@pytest.mark.clause("BD-WIN", "R-C11", "BD-GOAL")
def test_BD_WIN_a_team_wins_the_instant_its_eighth_piece_gets_in_mid_round() -> None:
    s = pos(
        {0: ["F1", "F2", "F3", "F4"], 2: ["T31", "F2", "F3", "F4"], 1: ["T20"]},
        {2: ["2", "5"], 3: ["4"], 0: ["3"], 1: ["6"]},
        to_act=2,
    )
    t = act(s, "2 T31-F1")
    (won,) = events(t, "won")
    assert won.winners == (0, 2) and cites(won, "R-C11")
    assert t.state.phase == "over"
    assert t.state.winner == (0, 2)
    assert BD.legal_actions(t.state) == ()
    assert t.state.hands[3] == ("4",)  # mid-round: cards are still held


@pytest.mark.clause("BD-WIN", "BD-2P3P-WIN")
def test_BD_WIN_the_won_event_cites_the_manual_win_rule() -> None:
    s = pos(
        {0: ["F1", "F2", "F3", "F4"], 2: ["T31", "F2", "F3", "F4"]}, {2: ["2"], 1: ["6"]}, to_act=2
    )
    (won,) = events(act(s, "2 T31-F1"), "won")
    assert won.clauses == ("BD-WIN", "BD-GOAL", "R-C11")  # one side done: no R-C13
    s = pos({0: ["T54", "F2", "F3", "F4"]}, {0: ["1/11"], 1: ["2"]}, players=2, black_dog="T20")
    (won,) = events(act(s, "1/11 T54-F1"), "won")
    assert won.clauses == ("BD-2P3P-WIN", "R-C11")


@pytest.mark.clause("BD-WIN", "R-C11", "R-C8")
def test_BD_WIN_the_finished_partner_may_bring_the_last_piece_in() -> None:
    # seat 0 is done and plays for seat 2: 1/11 as 11 takes T22 over T32 into F1
    s = pos(
        {0: ["F1", "F2", "F3", "F4"], 2: ["T22", "F2", "F3", "F4"]},
        {0: ["1/11"], 1: ["2"]},
        black_dog="T60",
    )
    t = act(s, "1/11 T22-F1@2")
    assert t.state.winner == (0, 2)
    assert t.state.phase == "over"


@pytest.mark.clause("BD-WIN")
def test_BD_WIN_the_last_piece_needs_exact_points_and_may_lap_again() -> None:
    # only a 12 in hand: the last piece on T62 cannot get in and must lap again
    s = pos(
        {0: ["F1", "F2", "F3", "F4"], 2: ["T30", "F2", "F3", "F4"]}, {2: ["12"], 1: ["2"]}, to_act=2
    )
    t = act(s, "12 T30-T42")
    assert t.state.phase == "play" and t.state.winner == ()


# ---------------------------------------------------------------------------------------------
# 2 and 3 players
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-2P3P-INDIVIDUAL")
def test_BD_2P3P_INDIVIDUAL_no_teams_everyone_plays_alone() -> None:
    assert BD.new_game(players=4, seed=1).teams
    assert not BD.new_game(players=2, seed=1).teams
    assert not BD.new_game(players=3, seed=1).teams
    # nobody else's pieces move with a number card, not even the seat across the board
    s = pos({0: ["T3"], 1: ["T20"]}, {0: ["5"], 1: ["2"]}, players=2)
    assert origins(s) == {"T3"}
    # a single seat wins on its own
    s = pos(
        {1: ["T6", "F2", "F3", "F4"]}, {1: ["1/11"], 0: ["2"]}, to_act=1, players=3, black_dog="T60"
    )
    t = act(s, "1/11 T6-F1")
    assert t.state.winner == (1,)


@pytest.mark.clause("BD-2P3P-WIN", "R-B9", "R-C11")
@pytest.mark.parametrize("players", [2, 3])
def test_BD_2P3P_WIN_first_to_four_pieces_in_the_goal_wins(players: int) -> None:
    # seat 0: three in the goal, the fourth 11 steps away (T54 .. T63, T0, F1), the fifth home
    s = pos(
        {0: ["T54", "F2", "F3", "F4"]}, {0: ["1/11"], 1: ["2"]}, players=players, black_dog="T20"
    )
    t = act(s, "1/11 T54-F1")
    (won,) = events(t, "won")
    assert won.winners == (0,)
    assert t.state.winner == (0,) and t.state.phase == "over"
    assert at_home(t.state, 0) == 1


@pytest.mark.clause("BD-2P3P-PIECES", "R-B9")
def test_BD_2P3P_PIECES_five_pieces_four_home_one_on_start() -> None:
    for players in (2, 3):
        s = BD.new_game(players=players, seed=14)
        for seat in range(players):
            assert len(s.pieces[seat]) == 5
            assert at_home(s, seat) == 4
            assert len(at(s, seat)) == 1


@pytest.mark.clause("BD-2P3P-FIFTH", "R-B9")
def test_BD_2P3P_FIFTH_all_five_pieces_captured_go_home_and_play_on() -> None:
    s = pos({0: ["T15"], 1: ["T20"]}, {0: ["5"], 1: ["1/11"]}, players=2)
    t = act(s, "5 T15-T20")
    assert at(t.state, 1) == [] and at_home(t.state, 1) == 5
    # a home holds any number: seat 1 enters from its five as usual
    s = t.state
    assert s.to_act == 1
    t = act(s, "1/11 H-T32")
    assert at(t.state, 1) == ["T32"] and at_home(t.state, 1) == 4


# ---------------------------------------------------------------------------------------------
# Common rulings not covered above
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("R-C12")
def test_R_C12_every_choice_of_one_play_is_one_action_legal_as_a_whole() -> None:
    s = pos({0: ["T2", "T62"]}, {0: ["5", "3", "partner"], 1: ["2"]})
    # the disc direction belongs to the action: without it, or on a move with no turn due,
    # the action is illegal as a whole
    assert {"5 T2-T7 turn cw", "5 T2-T7 turn ccw"} <= notations(s)
    assert_illegal(s, "5 T2-T7", "BD-DISC-TURN", "R-C12", "R-B5")
    assert_illegal(s, "3 T2-T5 turn cw", "BD-DISC-TURN", "R-C12", "R-B5")
    # finish or track is part of the action
    assert {"3 T62-F1", "3 T62-T1"} <= notations(s)
    # a Partner split is legal or illegal as a whole (here 5 points)
    assert_illegal(s, "partner T2-T4 T62-F1", "BD-PARTNER", "R-C10", "R-C12", "BD-FULL-MOVE")
    assert "partner T2-T3 T62-F1" in notations(s)


@pytest.mark.clause("R-C13", "BD-2P3P-WIN")
def test_R_C13_two_sides_complete_at_once_the_side_home_first_in_sub_move_order_wins() -> None:
    # three players; seat 0's Partner brings in the last pieces of seats 2 and 1, in that
    # order: seat 2 is home first, so seat 2 wins (not seat 1, the first clockwise)
    s = pos(
        {0: ["T40"], 1: ["T15", "F2", "F3", "F4"], 2: ["T31", "F2", "F3", "F4"]},
        {0: ["partner"], 1: ["2"]},
        players=3,
        black_dog="T60",
    )
    # the two orders lead to different winners: two outcomes, both listed
    assert {"partner T31-F1@2 T15-F1@1", "partner T15-F1@1 T31-F1@2"} <= notations(s)
    t = act(s, "partner T31-F1@2 T15-F1@1")
    assert t.state.winner == (2,)
    assert "R-C13" in events(t, "won")[0].clauses
    # the other order of the same sub-moves: seat 1 is home first and wins
    t = act(s, "partner T15-F1@1 T31-F1@2")
    assert t.state.winner == (1,)
    # the card is carried out in full: both pieces are in their finishes
    assert "F1" in at(t.state, 1) and "F1" in at(t.state, 2)
    # the acting seat's side has no precedence: the order of the sub-moves decides
    s = pos(
        {0: ["T63", "F2", "F3", "F4"], 2: ["T31", "F2", "F3", "F4"]},
        {0: ["partner"], 1: ["2"]},
        players=3,
        black_dog="T60",
    )
    assert act(s, "partner T31-F1@2 T63-F1").state.winner == (2,)
    assert act(s, "partner T63-F1 T31-F1@2").state.winner == (0,)


ACTING_SIDE_FIRST = dogrules.variant("black-dog", rulings={"R-C13": "acting-side-first"})


@pytest.mark.clause("R-C13", "BD-2P3P-WIN")
def test_R_C13_acting_side_first_the_acting_side_then_clockwise_wins() -> None:
    # the alternative reading: the order of the sub-moves does not matter; the acting
    # seat's side wins if it is complete, else the first complete side clockwise from it
    s = pos(
        {0: ["T63", "F2", "F3", "F4"], 2: ["T31", "F2", "F3", "F4"]},
        {0: ["partner"], 1: ["2"]},
        players=3,
        black_dog="T60",
    )
    t = act(s, "partner T31-F1@2 T63-F1", ACTING_SIDE_FIRST)
    assert t.state.winner == (0,)
    ruling = ACTING_SIDE_FIRST.explain(s, action(s, "partner T31-F1@2 T63-F1"))
    assert ruling.readings == (("R-C13", "acting-side-first"),)
    # the reference gives the same play to seat 2, home first; compare shows both verdicts
    compared = {
        c.reading: c.verdict
        for c in dogrules.variant("black-dog").compare(s, action(s, "partner T31-F1@2 T63-F1"))
        if c.ruling == "R-C13"
    }
    assert [e.winners for e in compared["sub-move-order"].events if e.kind == "won"] == [(2,)]
    assert [e.winners for e in compared["acting-side-first"].events if e.kind == "won"] == [(0,)]
    # neither side is the acting seat's: seat 1, the first clockwise, wins in either order,
    # so the two orders are one outcome and listed once
    s = pos(
        {0: ["T40"], 1: ["T15", "F2", "F3", "F4"], 2: ["T31", "F2", "F3", "F4"]},
        {0: ["partner"], 1: ["2"]},
        players=3,
        black_dog="T60",
    )
    assert act(s, "partner T31-F1@2 T15-F1@1", ACTING_SIDE_FIRST).state.winner == (1,)
    both = {"partner T31-F1@2 T15-F1@1", "partner T15-F1@1 T31-F1@2"}
    assert len(both & notations(s, ACTING_SIDE_FIRST)) == 1


# ---------------------------------------------------------------------------------------------
# Layout data (BD-L-*)
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("BD-L-TRACK")
def test_BD_L_TRACK_64_fields_in_four_quadrants_starts_on_T16q() -> None:
    # T63 is the last field: a 12 from T60 of seat 1 wraps over T0 to T8
    s = pos({1: ["T60"]}, {1: ["12"]}, to_act=1)
    assert notations(s) == {"12 T60-T8"}
    with pytest.raises(dogrules.InvalidPosition):
        pos({0: ["T64"]}, {0: ["2"]})
    starts = BD.new_game(players=4, seed=1)
    assert [at(starts, seat) for seat in range(4)] == [["T0"], ["T16"], ["T32"], ["T48"]]


@pytest.mark.clause("BD-L-SEATS")
def test_BD_L_SEATS_two_players_use_quadrants_zero_and_two() -> None:
    # seat 1 of a two-player game enters on T32 and turns into its goal over T32
    s = pos({1: ["T30"]}, {1: ["3", "13"]}, to_act=1, players=2)
    assert notations(s) == {"3 T30-F1", "3 T30-T33", "13 H-T32", "13 T30-T43"}
    s = pos({}, {2: ["13"]}, to_act=2, players=3)
    assert notations(s) == {"13 H-T32"}


@pytest.mark.clause("BD-L-FINISH")
def test_BD_L_FINISH_four_goal_fields() -> None:
    s = pos({0: ["T63"]}, {0: ["5", "6"], 1: ["2"]})
    assert "5 T63-F4" in notations(s)
    assert not any(n.startswith("6") and "F" in n for n in notations(s))
    with pytest.raises(dogrules.InvalidPosition):
        pos({0: ["F5"]}, {0: ["2"]})


@pytest.mark.clause("BD-L-DISC")
@pytest.mark.parametrize("field", [f for f in DISC_FIELDS if f != 7])
def test_BD_L_DISC_a_quarter_turn_carries_disc_field_j_to_the_next_quadrant(field: int) -> None:
    # seat 0 lands on paw T7 (carried to T23 or T55) and turns the disc; a piece of seat 1
    # stands on the disc field under test
    s = pos({0: ["T2"], 1: [f"T{field}"]}, {0: ["5"], 1: ["2"]})
    cw = act(s, "5 T2-T7 turn cw").state
    ccw = act(s, "5 T2-T7 turn ccw").state
    assert at(cw, 1) == [f"T{(field + 16) % 64}"]
    assert at(ccw, 1) == [f"T{(field - 16) % 64}"]
    assert at(cw, 0) == ["T23"] and at(ccw, 0) == ["T55"]


@pytest.mark.clause("BD-L-DISC")
def test_BD_L_DISC_fields_next_to_the_disc_stay_put() -> None:
    s = pos({0: ["T2"], 1: ["T6", "T10", "T22", "T26"]}, {0: ["5"], 1: ["2"]})
    t = act(s, "5 T2-T7 turn cw")
    assert at(t.state, 1) == ["T6", "T10", "T22", "T26"]


@pytest.mark.clause("BD-L-PAWS")
@pytest.mark.parametrize("paw", PAWS)
def test_BD_L_PAWS_fields_7_and_9_of_every_quadrant_are_paws(paw: int) -> None:
    s = pos({0: [f"T{paw - 2}"]}, {0: ["2"], 1: ["2"]})
    assert notations(s) == {f"2 T{paw - 2}-T{paw} turn cw", f"2 T{paw - 2}-T{paw} turn ccw"}


@pytest.mark.clause("BD-L-PAWS")
@pytest.mark.parametrize("field", [8, 24, 40, 56])
def test_BD_L_PAWS_the_middle_disc_field_is_no_paw(field: int) -> None:
    s = pos({0: [f"T{field - 2}"]}, {0: ["2"], 1: ["2"]})
    assert notations(s) == {f"2 T{field - 2}-T{field}"}
