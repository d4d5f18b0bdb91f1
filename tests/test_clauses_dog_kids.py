"""DOG Kids, clause by clause: players, dogs, deck and deal; the turn (play and draw, the
redraw, the reshuffle); entering; colour, double-step, two-colour, bone and dog-swap cards;
occupied fields (bones, own dogs, throwing out); the dog house and the win; the team variant;
the layout data (KD-L-*).

Every test cites the clauses it checks with ``@pytest.mark.clause(...)`` and reads like the
manual: a position, what the manual (and the R-K rulings) say must happen, and the engine's
answer. Every action played through ``play`` also checks that its events cite DOG Kids ids
only (KD-* or R-K*), never a Black DOG or common id.

Field numbering (layouts.md): 40 track fields T0..T39; the start field of quadrant q is
T(10q) and shows C[q] and C[q+1] (C = blue, red, green, yellow); every other field, from T1
on, cycles blue, red, green, yellow; bones on T5, T15, T25, T35. The track spelled out:

    T0 blue+red   T1 blue  T2 red    T3 green  T4 yellow T5 blue(bone) T6 red  T7 green ...
    T10 red+green T11 red  T12 green T13 yellow T14 blue T15 red(bone)  T16 green ...
    T20 green+yellow T21 green T22 yellow T23 blue T24 red T25 green(bone) T26 yellow ...
    T30 yellow+blue  T31 yellow T32 blue T33 red T34 green T35 yellow(bone) T36 blue ...

Dog houses F1..F3: seat in quadrant 0 red, green, yellow; 1 green, yellow, blue; 2 yellow,
blue, red; 3 blue, red, green. A dog walks from its start field once round to the field
before it, then into its house; with 2 players seat 1 sits in quadrant 2 (start T20).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import dogrules
from dogrules import State, Transition
from dogrules.model.actions import Action, ActionKind
from dogrules.model.state import TeamSwapFacts
from helpers import (
    KD,
    act,
    action,
    assert_another_spelling,
    assert_illegal,
    at,
    at_home,
    cards_in_play,
    cites,
    edited,
    events,
    kinds,
    position_builder,
    refusal,
)
from helpers import notations as names

C = ("blue", "red", "green", "yellow")
BONES = (5, 15, 25, 35)
FULL_DECK = {
    **{colour: 12 for colour in C},
    **{f"{colour} x2": 4 for colour in C},
    **{pair: 2 for pair in ("blue/red", "blue/green", "blue/yellow", "red/green",
                            "red/yellow", "green/yellow")},
    "bone": 6,
    "dogswap": 6,
}  # fmt: skip


# The track table of layouts.md, T0..T39 (a start field shows two colours).
TRACK = (
    "blue+red", "blue", "red", "green", "yellow", "blue", "red", "green", "yellow", "blue",
    "red+green", "red", "green", "yellow", "blue", "red", "green", "yellow", "blue", "red",
    "green+yellow", "green", "yellow", "blue", "red", "green", "yellow", "blue", "red", "green",
    "yellow+blue", "yellow", "blue", "red", "green", "yellow", "blue", "red", "green", "yellow",
)  # fmt: skip


def field_colours(field: int) -> set[str]:
    """The colours of a track field (KD-L-FIELD-COLOURS)."""
    return set(TRACK[field].split("+"))


# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------

# A play position: seats not listed keep every dog at home, listed seats are filled up with
# dogs at home (3 a seat); not the team game unless ``teams=True``.
pos = position_builder(KD, teams=False)


def moves_from(state: State, origin: str) -> set[str]:
    """The notations of the legal plays moving the dog on ``origin`` (H: entering)."""
    return {n for n in names(state) if f" {origin}-" in n or f" {origin}<>" in n}


def own_ids(transition: Transition) -> None:
    """Every event cites at least one clause, and only DOG Kids ids (KD-*, R-K*)."""
    for event in transition.events:
        assert event.clauses, event
        foreign = [c for c in event.clauses if not c.startswith(("KD-", "R-K"))]
        assert foreign == [], (event.kind, event.clauses)


def play(state: State, text: str) -> Transition:
    """Apply the action written ``text`` (IllegalAction if it is not legal); check the ids."""
    t = act(state, text)
    own_ids(t)
    return t


def captured(transition: Transition) -> list[tuple[int | None, str | None]]:
    return [(e.seat, e.src) for e in events(transition, "captured")]


# ---------------------------------------------------------------------------------------------
# The idea, players, dogs, deck, deal, first player
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("KD-GOAL")
def test_KD_GOAL_three_dogs_into_the_dog_house_and_thrown_out_dogs_start_over() -> None:
    # two dogs in the house are not enough; the third one getting in wins
    s = pos({0: ["F1", "F3", "T39"], 1: ["T12"]}, {0: ["green", "blue"], 1: ["red"]})
    assert s.phase == "play" and s.winner == ()
    t = play(s, "green T39-F2")
    assert at(t.state, 0) == ["F1", "F2", "F3"]
    assert t.state.winner == (0,) and t.state.phase == "over"
    # a thrown-out dog is back at home and has to come in over its start field again
    s = pos({0: ["T8"], 1: ["T10"]}, {0: ["red"], 1: ["blue", "red", "bone"]})
    t = play(s, "red T8-T10")
    assert at(t.state, 1) == [] and at_home(t.state, 1) == 3
    assert t.state.to_act == 1
    assert names(t.state) == {"red H-T10", "redraw"}


@pytest.mark.clause("KD-PLAYERS", "KD-L-SEATS")
def test_KD_PLAYERS_two_to_four_players_one_colour_each() -> None:
    for players in (2, 3, 4):
        s = KD.new_game(players=players, seed=1)
        assert s.players == players
        assert len(s.pieces) == players and len(s.hands) == players
    for players in (1, 5):
        with pytest.raises(ValueError):
            KD.new_game(players=players, seed=1)
        with pytest.raises(ValueError):
            KD.position(players=players, pieces={s: ["H"] * 3 for s in range(players)})
    # the deck shows exactly four card colours, one per possible player
    colours = {colour for card in KD.deck.notations for colour in C if colour in card}
    assert colours == set(C)


@pytest.mark.clause("KD-DECK", "KD-L-DECK")
def test_KD_DECK_88_cards_48_single_16_double_12_two_colour_6_bone_6_dogswap() -> None:
    for players in (2, 3, 4):
        counted = cards_in_play(KD.new_game(players=players, seed=5))
        assert sum(counted.values()) == 88
        assert dict(counted) == FULL_DECK
        single = sum(counted[c] for c in C)
        double = sum(counted[f"{c} x2"] for c in C)
        two = sum(n for card, n in counted.items() if "/" in card)
        assert (single, double, two, counted["bone"], counted["dogswap"]) == (48, 16, 12, 6, 6)
    # the team game uses the same deck
    assert dict(cards_in_play(KD.new_game(players=4, seed=5, teams=True))) == FULL_DECK


@pytest.mark.clause("KD-DOGS", "KD-L-DOGS", "R-K1")
def test_KD_DOGS_three_dogs_per_seat_all_start_on_the_paw_fields() -> None:
    for players in (2, 3, 4):
        for teams in (False, True) if players == 4 else (False,):
            s = KD.new_game(players=players, seed=7, teams=teams)
            for seat in range(players):
                assert len(s.pieces[seat]) == 3
                assert at_home(s, seat) == 3 and at(s, seat) == []
    for count in (2, 4):
        with pytest.raises(dogrules.InvalidPosition):
            KD.position(
                players=4,
                pieces={0: ["H"] * count, 1: ["H"] * 3, 2: ["H"] * 3, 3: ["H"] * 3},
                hands={0: ["blue"]},
            )
    with pytest.raises(dogrules.InvalidPosition):
        KD.position(players=2, pieces={0: ["H"] * 4, 1: ["H"] * 4}, hands={0: ["blue"]})


@pytest.mark.clause("KD-DEAL", "R-K1")
def test_KD_DEAL_three_cards_each_the_rest_is_the_draw_pile() -> None:
    for players in (2, 3, 4):
        s = KD.new_game(players=players, seed=21)
        assert [len(hand) for hand in s.hands] == [3] * players
        assert len(s.deck) == 88 - 3 * players
        assert s.discard == ()
        assert sum(cards_in_play(s).values()) == 88
    # shuffled: the same seed gives the same game, different seeds different deals
    assert KD.new_game(players=4, seed=21) == KD.new_game(players=4, seed=21)
    assert len({KD.new_game(players=4, seed=seed).hands for seed in range(6)}) > 1
    # hands are at most 3 cards when a position is set up
    with pytest.raises(dogrules.InvalidPosition):
        pos({}, {0: ["blue", "red", "green", "yellow"]})


@pytest.mark.clause("KD-FIRST-PLAYER", "R-K1")
def test_KD_FIRST_PLAYER_seat_0_takes_the_first_turn() -> None:
    for players in (2, 3, 4):
        for seed in range(4):
            s = KD.new_game(players=players, seed=seed)
            assert s.to_act == 0 and s.phase == "play"
    # in the team game seat 0 also plays first, once the opening swap is made
    s = KD.new_game(players=4, seed=2, teams=True)
    assert s.phase == "exchange"
    while s.phase == "exchange":
        s = KD.apply(s, KD.legal_actions(s)[0]).state
    assert s.phase == "play" and s.to_act == 0


# ---------------------------------------------------------------------------------------------
# The turn: play and draw, the next player, the redraw, the reshuffle
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("KD-DISCARD-PILE")
def test_KD_DISCARD_PILE_played_and_thrown_in_cards_go_face_up_on_the_pile() -> None:
    s = pos({0: ["T3"]}, {0: ["blue", "red", "green"], 1: ["yellow", "bone", "dogswap"]})
    t = play(s, "blue T3-T5")
    assert t.state.discard == ("blue",)
    assert KD.observe(t.state, 2)["discard_top"] == "blue"
    assert KD.observe(t.state, 2)["discard_size"] == 1
    (played,) = events(t, "played")
    # the play cites the card's own rule; the pile itself is what this clause is about
    assert played.card == "blue" and cites(played, "KD-COLOUR")
    # a redraw puts the whole hand on the pile, on top of the blue
    t = play(t.state, "redraw")
    assert t.state.discard[0] == "blue"
    assert Counter(t.state.discard[1:]) == Counter(["yellow", "bone", "dogswap"])


@pytest.mark.clause("KD-DRAW", "R-K2", "R-K1")
def test_KD_DRAW_after_playing_draw_one_card_back_to_three() -> None:
    s = pos({0: ["T3"]}, {0: ["blue", "red", "green"]})
    top = s.deck[-1]  # the deck is drawn from its end
    t = play(s, "red T3-T6")
    assert Counter(t.state.hands[0]) == Counter(["blue", "green", top])
    assert len(t.state.deck) == len(s.deck) - 1
    (drew,) = events(t, "drew")
    assert drew.seat == 0 and cites(drew, "KD-DRAW")
    assert kinds(t).index("played") < kinds(t).index("drew")
    assert t.state.round == 1  # no rounds in DOG Kids (R-K1)


@pytest.mark.clause("KD-NEXT-PLAYER")
def test_KD_NEXT_PLAYER_the_turn_passes_clockwise() -> None:
    for players in (2, 3, 4):
        s = KD.new_game(players=players, seed=3)
        order = []
        for _ in range(players + 1):
            order.append(s.to_act)
            s = play(s, "redraw").state
        assert order == [*range(players), 0]
    # after a played card as well: seat 2 of 3 plays, seat 0 is next
    s = pos({2: ["T23"]}, {2: ["blue"]}, to_act=2, players=3)
    assert play(s, "blue T23-T27").state.to_act == 0


@pytest.mark.clause("KD-REDRAW", "R-K2", "KD-TEAM-EXCHANGE")
def test_R_K2_in_play_a_seat_moves_or_redraws_and_a_redraw_names_nothing() -> None:
    s = pos({0: ["T1"]}, {0: ["blue"]})
    assert KD.explain(s, Action(ActionKind.REDRAW)).legal
    for wrong, clauses, why in (
        (Action(ActionKind.REDRAW, card="blue"), ("KD-REDRAW", "R-K2"), "names no card"),
        (Action(ActionKind.FOLD), ("KD-REDRAW", "R-K2"), "discards its whole hand"),
        (
            Action(ActionKind.GIVE, chosen="blue"),
            ("KD-TEAM-EXCHANGE", "KD-TEAM-REDRAW-EXCHANGE", "R-K9"),
            "only at the start of a team game",
        ),
    ):
        ruling = KD.explain(s, wrong)
        assert not ruling.legal and ruling.clauses == clauses and why in ruling.text, wrong
    played = Action(ActionKind.PLAY, card="blue", moves=((1, 5),), field=3)
    assert KD.explain(s, played).clauses == ("R-K2",)


@pytest.mark.clause("KD-TEAM-EXCHANGE", "KD-DEAL", "R-K9")
def test_KD_TEAM_EXCHANGE_the_seats_give_in_order_from_seat_0_after_seat_3_dealt() -> None:
    s = KD.new_game(players=4, seed=3, teams=True)
    assert s.dealer == 3 and s.to_act == 0
    order = []
    while s.phase == "exchange":
        order.append(s.to_act)
        s = act(s, sorted(names(s))[0]).state
    assert order == [0, 1, 2, 3]


@pytest.mark.clause("KD-COLOUR", "KD-TWO-COLOUR", "R-K10")
def test_KD_COLOUR_a_dog_that_cannot_move_does_not_hide_the_next_ones() -> None:
    # T12 cannot push the partner's dog on T16 with green, T21 still goes to T25
    s = pos({0: ["T12", "T21"], 2: ["T16"]}, {0: ["green"]}, teams=True)
    assert names(s) == {"green T21-T25", "redraw"}
    # T7 reaches T10 with red and with green (one choice); T20 still has both colours
    s = pos({0: ["T7", "T20"]}, {0: ["red/green"]})
    assert names(s) == {
        "red/green H-T0",
        "red/green=red T7-T10",
        "red/green=red T20-T24",
        "red/green=green T20-T21",
        "redraw",
    }


@pytest.mark.clause("KD-TEAM-EXCHANGE", "R-K9")
def test_KD_TEAM_EXCHANGE_a_state_saved_without_the_seat_to_resume_starts_with_seat_0() -> None:
    def forget_resume(data: dict[str, Any]) -> None:
        data["resume"] = None

    s = edited(KD.new_game(players=4, seed=3, teams=True), forget_resume)
    assert s.resume is None and s.phase == "exchange"
    while s.phase == "exchange":
        s = act(s, sorted(names(s))[0]).state
    assert s.phase == "play" and s.to_act == 0


@pytest.mark.clause("KD-REDRAW", "R-K2")
def test_KD_REDRAW_throw_in_the_whole_hand_and_draw_three_always_allowed() -> None:
    # a seat with a playable card may still redraw
    s = pos({0: ["T3"]}, {0: ["blue", "red", "bone"]})
    assert "blue T3-T5" in names(s) and "redraw" in names(s)
    drawn = s.deck[-3:]
    t = play(s, "redraw")
    assert Counter(t.state.discard) == Counter(["blue", "red", "bone"])
    assert Counter(t.state.hands[0]) == Counter(drawn)
    assert at(t.state, 0) == ["T3"]  # no dog moved
    assert t.state.to_act == 1 and t.state.phase == "play"
    (redrew,) = events(t, "redrew")
    assert redrew.seat == 0 and cites(redrew, "KD-REDRAW")
    assert len(events(t, "drew")) == 3
    # a seat that cannot move has the redraw as its only turn
    s = pos({}, {0: ["green", "yellow x2", "bone"]})
    assert names(s) == {"redraw"}
    # every turn is a card play or the redraw (R-K2)
    s = pos({0: ["T3"], 1: ["T25"]}, {0: ["blue/green", "dogswap", "green x2"]})
    assert all(a.kind in ("play", "redraw") for a in KD.legal_actions(s))


@pytest.mark.clause("KD-RESHUFFLE")
def test_KD_RESHUFFLE_an_empty_draw_pile_is_replaced_by_the_shuffled_discard_pile() -> None:
    s = pos({0: ["T3"]}, {0: ["blue", "red", "green"]})

    def empty_deck(data: dict[str, Any]) -> None:
        data["discard"] = data["deck"]
        data["deck"] = []

    s = edited(s, empty_deck)
    assert s.deck == () and len(s.discard) == 85
    t = play(s, "blue T3-T5")
    (reshuffled,) = events(t, "reshuffled")
    assert cites(reshuffled, "KD-RESHUFFLE")
    assert kinds(t).index("reshuffled") < kinds(t).index("drew")
    after = t.state
    assert len(after.hands[0]) == 3
    # every played or thrown-in card, the blue just played included, forms the new pile
    assert after.discard == ()
    assert len(after.deck) == 88 - 3
    assert dict(cards_in_play(after)) == FULL_DECK


@pytest.mark.clause("KD-RESHUFFLE", "KD-REDRAW")
def test_KD_RESHUFFLE_a_redraw_that_empties_the_pile_reshuffles_midway() -> None:
    s = pos({0: ["T3"]}, {0: ["blue", "red", "green"]})

    def one_card_left(data: dict[str, Any]) -> None:
        data["discard"] = data["deck"][:-1]
        data["deck"] = data["deck"][-1:]

    s = edited(s, one_card_left)
    last = s.deck[0]
    t = play(s, "redraw")
    assert kinds(t) == ["redrew", "drew", "reshuffled", "drew", "drew"]
    assert last in t.state.hands[0] and len(t.state.hands[0]) == 3
    assert dict(cards_in_play(t.state)) == FULL_DECK


@pytest.mark.clause("KD-DRAW-FORGOTTEN", "R-K1", "R-K2", "KD-DRAW", "KD-RESHUFFLE")
@pytest.mark.parametrize(("players", "teams"), [(2, False), (3, False), (4, False), (4, True)])
def test_KD_DRAW_FORGOTTEN_every_hand_holds_three_cards_after_every_turn(
    players: int, teams: bool
) -> None:
    rng = random.Random(f"kids:{players}:{teams}")
    for seed in range(3):
        s = KD.new_game(players=players, seed=seed, teams=teams)
        for _ in range(400):
            if s.phase == "over":
                break
            legal = KD.legal_actions(s)
            if s.phase == "play":
                assert "redraw" in {str(a) for a in legal}  # always available (R-K2)
            t = KD.apply(s, rng.choice(legal))
            own_ids(t)
            assert "dealt" not in kinds(t) and "round_started" not in kinds(t)
            s = t.state
            assert s.round == 1
            assert sum(cards_in_play(s).values()) == 88
            if s.phase != "exchange":
                assert [len(hand) for hand in s.hands] == [3] * players


# ---------------------------------------------------------------------------------------------
# Entering
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("KD-ENTER", "R-K3")
def test_KD_ENTER_a_card_of_either_start_colour_brings_a_dog_onto_the_start_field() -> None:
    # seat 0's start T0 is blue and red: single, double-step and two-colour cards all do
    s = pos({}, {0: ["blue", "red x2", "green"]})
    assert names(s) == {"blue H-T0", "red x2 H-T0", "redraw"}
    t = play(s, "red x2 H-T0")
    assert at(t.state, 0) == ["T0"] and at_home(t.state, 0) == 2
    (entered,) = events(t, "entered")
    assert entered.dst == "T0" and cites(entered, "KD-ENTER")
    s = pos({}, {0: ["blue/green", "green/yellow", "bone"]})
    assert names(s) == {"blue/green H-T0", "redraw"}
    assert at(play(s, "blue/green H-T0").state, 0) == ["T0"]
    # cards without either colour, and cards with no colour at all, bring nobody in
    assert_illegal(s, "green/yellow H-T0", "KD-ENTER", "R-K3")
    assert_illegal(s, "bone H-T0", "KD-ENTER", "R-K3", "R-K6")
    s = pos({}, {0: ["dogswap", "green", "yellow x2"]})
    assert names(s) == {"redraw"}
    assert_illegal(s, "dogswap H-T0", "KD-ENTER", "R-K3")
    assert_illegal(s, "green H-T0", "KD-ENTER", "R-K3")
    # seat 1's start T10 is red and green
    s = pos({}, {1: ["red", "green", "blue"]}, to_act=1)
    assert names(s) == {"red H-T10", "green H-T10", "redraw"}
    assert_illegal(s, "blue H-T10", "KD-ENTER", "R-K3")
    assert_illegal(s, "red H-T0", "KD-ENTER", "R-K3")


@pytest.mark.clause("KD-ENTER", "KD-ENTER-AGAIN", "KD-START-RISK", "R-K3")
def test_R_K3_a_refused_entry_names_what_is_missing() -> None:
    s = pos({}, {0: ["green/yellow", "bone", "blue"]})
    for text, clauses, why in (
        ("green/yellow H-T0", ("KD-ENTER", "KD-START-RISK", "R-K3"), "needs a blue or red card"),
        ("bone H-T0", ("KD-ENTER", "R-K3"), "only a card showing a colour"),
        ("blue H-T10", ("KD-ENTER", "R-K3"), "enters onto its start field T0"),
    ):
        refused, given = refusal(s, text)
        assert refused == clauses and why in given, text
    s = pos({0: ["T0"]}, {0: ["blue"]})
    assert refusal(s, "blue H-T0")[0] == ("KD-ENTER-AGAIN", "R-K3")
    s = pos({0: ["T1", "T3", "T6"]}, {0: ["blue"]})
    refused, given = refusal(s, "blue H-T0")
    assert refused == ("KD-ENTER", "R-K3") and "no dog waiting at home" in given
    s = pos({0: ["T1", "T3"]}, {0: ["blue"]})  # the last dog at home still comes in
    assert "blue H-T0" in names(s)
    # a two-colour card enters as it is: naming a colour is refused
    s = pos({}, {0: ["blue/red"]})
    named = action(s, "blue/red H-T0")._replace(chosen="blue")
    ruling = KD.explain(s, named)
    assert not ruling.legal and ruling.clauses == ("KD-ENTER", "R-K3", "KD-TWO-COLOUR")


@pytest.mark.clause("KD-COLOUR", "R-K4", "R-K8")
def test_KD_COLOUR_the_move_event_names_every_field_on_the_way() -> None:
    s = pos({0: ["T1", "T38"]}, {0: ["blue", "red"]})
    (moved,) = events(play(s, "blue T1-T5"), "moved")
    assert (moved.path, moved.count) == (("T2", "T3", "T4", "T5"), 4)
    (moved,) = events(play(s, "red T38-F1"), "moved")
    assert (moved.path, moved.count) == (("T39", "F1"), 2)


@pytest.mark.clause("KD-COLOUR", "KD-JUMP-OWN", "KD-HOUSE-ENTRY", "R-K4", "R-K8")
def test_R_K4_a_refused_colour_move_names_why_the_dog_goes_further() -> None:
    s = pos({0: ["T0", "T4"]}, {0: ["yellow"]})
    clauses, why = refusal(s, "yellow T0-T4")
    assert clauses == ("KD-COLOUR", "R-K4", "KD-JUMP-OWN") and why.endswith(
        "goes to T8, the first yellow field ahead it may take"
    )
    s = pos({0: ["T38"]}, {0: ["red"]})
    assert refusal(s, "red T38-F2")[0] == ("KD-COLOUR", "R-K4", "KD-HOUSE-ENTRY", "R-K8")


@pytest.mark.clause("KD-TEAM-HELP", "R-K9")
def test_KD_TEAM_HELP_is_cited_by_every_refusal_of_a_move_for_the_partner() -> None:
    s = pos({0: ["F1", "F2", "F3"], 1: ["T24"], 2: ["T23"]}, {0: ["blue", "green", "bone"]},
            teams=True)  # fmt: skip
    assert refusal(s, "blue H-T20")[0] == ("KD-ENTER", "KD-START-RISK", "R-K3", "KD-TEAM-HELP")
    assert refusal(s, "blue H-T0")[0] == ("KD-ENTER", "R-K3", "KD-TEAM-HELP")
    assert refusal(s, "bone H-T20")[0] == ("KD-ENTER", "R-K3", "KD-TEAM-HELP")
    assert refusal(s, "blue T23-T24")[0] == ("KD-COLOUR", "R-K4", "KD-TEAM-HELP")
    # the seat's own dogs: no help cited
    s = pos({0: ["T1"]}, {0: ["blue", "bone"]})
    assert refusal(s, "blue T1-T2")[0] == ("KD-COLOUR", "R-K4")
    assert refusal(s, "bone H-T0")[0] == ("KD-ENTER", "R-K3")


@pytest.mark.clause("KD-ENTER-AGAIN", "R-K3", "KD-THROW-OUT")
def test_KD_ENTER_AGAIN_not_onto_an_own_dog_another_players_dog_is_thrown_out() -> None:
    # an own dog on the start field bars the entry (it is not pushed or jumped)
    s = pos({0: ["T0"]}, {0: ["blue", "red x2", "blue/red"]})
    assert moves_from(s, "H") == set()
    assert_illegal(s, "blue H-T0", "KD-ENTER-AGAIN", "R-K3")
    assert_illegal(s, "blue/red H-T0", "KD-ENTER-AGAIN", "R-K3")
    # two players: seat 1 (start T20) has a dog on T0; seat 0 enters and throws it out
    s = pos({1: ["T0", "T25"]}, {0: ["red"], 1: ["yellow", "blue", "bone"]}, players=2)
    t = play(s, "red H-T0")
    assert at(t.state, 0) == ["T0"]
    assert at(t.state, 1) == ["T25"] and at_home(t.state, 1) == 2
    assert captured(t) == [(1, "T0")]
    assert all(cites(e, "KD-ENTER-AGAIN") for e in events(t, "captured"))
    # the thrown-out dog comes back just as at the beginning: a start colour of T20
    assert moves_from(t.state, "H") == {"yellow H-T20"}
    back = play(t.state, "yellow H-T20")
    assert at(back.state, 1) == ["T20", "T25"]


@pytest.mark.clause("R-K11", "KD-ENTER-AGAIN", "KD-TEAM-PUSH")
def test_R_K11_entering_throws_out_even_the_partners_dog_never_pushes_it() -> None:
    s = pos({2: ["T0", "T26"]}, {0: ["red", "green", "bone"]}, teams=True)
    t = play(s, "red H-T0")
    assert at(t.state, 0) == ["T0"]
    assert at(t.state, 2) == ["T26"] and at_home(t.state, 2) == 2
    assert captured(t) == [(2, "T0")]
    assert events(t, "pushed") == []
    (thrown,) = events(t, "captured")
    assert cites(thrown, "R-K11")


# ---------------------------------------------------------------------------------------------
# Colour moves
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("KD-MOVE-CLOCKWISE", "R-K2")
def test_KD_MOVE_CLOCKWISE_any_card_moves_a_dog_on_the_track_forward() -> None:
    s = pos({0: ["T3"], 2: ["T23"]}, {0: ["blue", "blue x2", "blue/red"]})
    assert moves_from(s, "T3") == {
        "blue T3-T5", "blue x2 T3-T9", "blue/red=blue T3-T5", "blue/red=red T3-T6",
    }  # fmt: skip
    s = pos({0: ["T3"], 2: ["T23"]}, {0: ["bone", "dogswap", "yellow"]})
    assert moves_from(s, "T3") == {"bone T3-T5", "dogswap T3<>T23", "yellow T3-T4"}
    # never backwards, and never another player's dog
    assert_illegal(s, "yellow T3-T39", "KD-COLOUR", "KD-MOVE-CLOCKWISE", "R-K4")
    assert_illegal(s, "yellow T23-T26", "KD-MOVE-CLOCKWISE")
    # a dog that has just entered moves on at the seat's next turn
    s = pos({1: ["T30"]}, {0: ["blue", "red"], 1: ["yellow"]}, players=2)
    s = play(s, "blue H-T0").state
    s = play(s, "yellow T30-T31").state
    assert s.to_act == 0
    assert moves_from(s, "T0") >= {"red T0-T2"}


@pytest.mark.clause("KD-COLOUR", "R-K4")
def test_KD_COLOUR_a_single_colour_card_goes_to_the_next_field_of_its_colour() -> None:
    s = pos({0: ["T3"]}, {0: ["blue", "red", "green"]})
    assert moves_from(s, "T3") == {"blue T3-T5", "red T3-T6", "green T3-T7"}
    s2 = pos({0: ["T3"]}, {0: ["yellow"]})
    assert moves_from(s2, "T3") == {"yellow T3-T4"}
    t = play(s, "red T3-T6")
    assert at(t.state, 0) == ["T6"]
    (moved,) = events(t, "moved")
    assert (moved.src, moved.dst) == ("T3", "T6") and cites(moved, "KD-COLOUR")
    # not the field after the next one of that colour
    assert_illegal(s, "blue T3-T9", "KD-COLOUR", "R-K4")
    # a start field counts as each of its colours: T10 is the next red and the next green
    s = pos({0: ["T8"]}, {0: ["red", "green", "yellow"]})
    assert moves_from(s, "T8") == {"red T8-T10", "green T8-T10", "yellow T8-T13"}


@pytest.mark.clause("KD-OTHER-COLOURS-SKIPPED", "R-K4")
def test_KD_OTHER_COLOURS_SKIPPED_dogs_on_fields_of_other_colours_are_passed() -> None:
    s = pos({0: ["T1", "T2"], 1: ["T3"], 2: ["T4"]}, {0: ["blue"]})
    t = play(s, "blue T1-T5")
    assert at(t.state, 0) == ["T2", "T5"]
    assert at(t.state, 1) == ["T3"] and at(t.state, 2) == ["T4"]
    assert captured(t) == []
    (moved,) = events(t, "moved")
    assert cites(moved, "KD-OTHER-COLOURS-SKIPPED")


@pytest.mark.clause("KD-JUMP-OWN", "R-K4")
def test_KD_JUMP_OWN_an_own_dog_on_the_target_makes_the_dog_jump_on() -> None:
    # yellow from T0: T4 and T8 hold own dogs, so the dog jumps on to T13
    s = pos({0: ["T0", "T4", "T8"]}, {0: ["yellow"]})
    assert moves_from(s, "T0") == {"yellow T0-T13"}
    t = play(s, "yellow T0-T13")
    assert at(t.state, 0) == ["T4", "T8", "T13"]
    assert captured(t) == []
    assert_illegal(s, "yellow T0-T4", "KD-JUMP-OWN", "R-K4")
    assert_illegal(s, "yellow T0-T8", "KD-JUMP-OWN", "R-K4")
    # the jump ends on the next field of the colour, throwing out another player's dog there
    s = pos({0: ["T0", "T4"], 1: ["T8"]}, {0: ["yellow"]})
    t = play(s, "yellow T0-T8")
    assert captured(t) == [(1, "T8")]
    assert at(t.state, 0) == ["T4", "T8"]


@pytest.mark.clause("KD-BONE-FIELD", "KD-BONE-SAFE", "R-K4")
def test_KD_BONE_FIELD_a_dog_on_a_bone_is_passed_and_stays() -> None:
    # T5 (blue bone) holds seat 1's dog: blue from T1 goes past it to T9
    s = pos({0: ["T1"], 1: ["T5"]}, {0: ["blue"]})
    assert moves_from(s, "T1") == {"blue T1-T9"}
    t = play(s, "blue T1-T9")
    assert at(t.state, 1) == ["T5"] and captured(t) == []
    assert_illegal(s, "blue T1-T5", "KD-BONE-SAFE", "KD-BONE-FIELD", "R-K4")
    # past the bone it stops on the next blue field, throwing out a dog there
    s = pos({0: ["T1"], 1: ["T5"], 2: ["T9"]}, {0: ["blue"]})
    t = play(s, "blue T1-T9")
    assert captured(t) == [(2, "T9")] and at(t.state, 1) == ["T5"]
    # the same for an own dog on the bone
    s = pos({0: ["T1", "T5"]}, {0: ["blue"]})
    assert moves_from(s, "T1") == {"blue T1-T9"}


@pytest.mark.clause("KD-BONE-SAFE", "R-K4", "R-K6")
def test_KD_BONE_SAFE_no_card_throws_out_a_dog_on_a_bone() -> None:
    s = pos({0: ["T1", "T13"], 1: ["T15"]}, {0: ["red", "red x2", "blue/red"]})
    for a in KD.legal_actions(s):
        t = KD.apply(s, a)
        assert captured(t) == [], str(a)
        assert "T15" in at(t.state, 1)
    assert moves_from(s, "T13") >= {"red T13-T19", "red x2 T13-T24"}
    # a bone card goes past an occupied bone field
    s = pos({0: ["T11"], 1: ["T15"]}, {0: ["bone"]})
    assert moves_from(s, "T11") == {"bone T11-T25"}


@pytest.mark.clause("KD-THROW-OUT", "R-K4")
def test_KD_THROW_OUT_the_dog_of_another_player_on_the_target_goes_home() -> None:
    s = pos({0: ["T3"], 1: ["T6", "T22"]}, {0: ["red"], 1: ["green"]})
    t = play(s, "red T3-T6")
    assert at(t.state, 0) == ["T6"]
    assert at(t.state, 1) == ["T22"] and at_home(t.state, 1) == 2
    (thrown,) = events(t, "captured")
    assert thrown.seat == 1 and thrown.src == "T6" and cites(thrown, "KD-THROW-OUT")
    # with four players playing alone, opposite seats throw each other out too
    s = pos({0: ["T3"], 2: ["T6"]}, {0: ["red"]})
    t = play(s, "red T3-T6")
    assert captured(t) == [(2, "T6")] and events(t, "pushed") == []


@pytest.mark.clause("KD-HOUSE-SAFE", "KD-THROW-OUT", "R-K4")
def test_KD_HOUSE_SAFE_a_dog_on_its_own_start_field_is_not_protected() -> None:
    s = pos({0: ["T8"], 1: ["T10"]}, {0: ["red", "green"]})
    t = play(s, "green T8-T10")
    assert captured(t) == [(1, "T10")]
    assert at(t.state, 0) == ["T10"] and at_home(t.state, 1) == 3
    # a dog in its house cannot be reached: not swapped, and only its owner ever gets there
    s = pos({0: ["T8"], 1: ["F1", "T12"]}, {0: ["dogswap"]})
    assert moves_from(s, "T8") == {"dogswap T8<>T12"}


@pytest.mark.clause("KD-START-RISK", "R-K4")
def test_KD_START_RISK_a_dog_on_a_start_field_can_be_hit_with_two_colours() -> None:
    # seat 2's dog on seat 1's start T10 (red and green)
    s = pos({0: ["T8"], 2: ["T10"]}, {0: ["red", "green", "blue"]})
    assert {"red T8-T10", "green T8-T10"} <= moves_from(s, "T8")
    for colour in ("red", "green"):
        t = play(s, f"{colour} T8-T10")
        assert captured(t) == [(2, "T10")]
    # the start fields count for every dog's path: seat 1 on T38 reaches T0 with blue or red
    s = pos({1: ["T38"]}, {1: ["blue", "red", "yellow"]}, to_act=1)
    assert moves_from(s, "T38") == {"blue T38-T0", "red T38-T0", "yellow T38-T39"}


# ---------------------------------------------------------------------------------------------
# Double steps, two-colour cards, bones, the dog swap
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("KD-DOUBLE", "R-K5")
def test_KD_DOUBLE_to_the_second_free_field_of_the_colour_never_throwing_out() -> None:
    s = pos({0: ["T3"]}, {0: ["blue x2"]})
    assert moves_from(s, "T3") == {"blue x2 T3-T9"}
    # an occupied field of the colour does not count: seat 1 on T9 -> T5 and T14 are free
    s = pos({0: ["T3"], 1: ["T9"]}, {0: ["blue x2"]})
    assert moves_from(s, "T3") == {"blue x2 T3-T14"}
    t = play(s, "blue x2 T3-T14")
    assert captured(t) == [] and at(t.state, 1) == ["T9"]
    (moved,) = events(t, "moved")
    assert cites(moved, "KD-DOUBLE")
    assert_illegal(s, "blue x2 T3-T9", "KD-DOUBLE", "R-K5")
    # own dog on T5 and seat 1 on T9: the free blue fields are T14 and T18
    s = pos({0: ["T3", "T5"], 1: ["T9"]}, {0: ["blue x2"]})
    assert moves_from(s, "T3") == {"blue x2 T3-T18"}
    # with only one free field of the colour ahead, the card cannot move this dog
    s = pos({0: ["T32"]}, {0: ["blue x2"]})
    assert moves_from(s, "T32") == set()
    assert_illegal(s, "blue x2 T32-T36", "KD-DOUBLE", "R-K5")


@pytest.mark.clause("KD-TWO-COLOUR", "R-K4")
def test_KD_TWO_COLOUR_the_player_picks_either_colour() -> None:
    s = pos({0: ["T3"]}, {0: ["blue/red"]})
    assert moves_from(s, "T3") == {"blue/red=blue T3-T5", "blue/red=red T3-T6"}
    t = play(s, "blue/red=red T3-T6")
    assert at(t.state, 0) == ["T6"]
    (moved,) = events(t, "moved")
    assert cites(moved, "KD-TWO-COLOUR")
    # the colour is part of the action, and only a colour the card shows can be chosen
    assert_illegal(s, "blue/red T3-T6", "KD-TWO-COLOUR")
    assert refusal(s, "blue/red T3-T6")[1].endswith("e.g. 'blue/red=blue'")
    foreign = action(s, "blue/red=red T3-T6")._replace(chosen="green")
    ruling = KD.explain(s, foreign)
    assert not ruling.legal and ruling.clauses == ("KD-TWO-COLOUR",), ruling.text
    s = pos({0: ["T3"]}, {0: ["green/yellow"]})
    assert moves_from(s, "T3") == {"green/yellow=green T3-T7", "green/yellow=yellow T3-T4"}
    # the chosen colour moves like a single-colour card: jumping an own dog, throwing out
    s = pos({0: ["T3", "T4"], 1: ["T8"]}, {0: ["green/yellow"]})
    t = play(s, "green/yellow=yellow T3-T8")
    assert captured(t) == [(1, "T8")]


@pytest.mark.clause("KD-TWO-COLOUR", "R-K4", "R-K10")
def test_KD_TWO_COLOUR_both_colours_to_the_same_field_are_one_choice_unless_pushes_differ() -> None:
    # T10 is red and green: from T7 both colours of red/green end there, one outcome,
    # listed with the card's first colour; the other colour is accepted all the same
    s = pos({0: ["T7"]}, {0: ["red/green"]})
    assert moves_from(s, "T7") == {"red/green=red T7-T10"}
    assert_another_spelling(s, "red/green=green T7-T10", "red/green=red T7-T10")
    # in the team game the partner's dog on T10 is pushed on with the colour chosen: to
    # T11 (red) or T12 (green), two outcomes
    s = pos({0: ["T7"], 2: ["T10"]}, {0: ["red/green"]}, teams=True)
    assert moves_from(s, "T7") == {"red/green=red T7-T10", "red/green=green T7-T10"}
    assert at(play(s, "red/green=red T7-T10").state, 2) == ["T11"]
    assert at(play(s, "red/green=green T7-T10").state, 2) == ["T12"]


@pytest.mark.clause("KD-BONE", "R-K6")
def test_KD_BONE_to_the_next_free_bone_field_ahead() -> None:
    s = pos({0: ["T3"]}, {0: ["bone"]})
    assert moves_from(s, "T3") == {"bone T3-T5"}
    t = play(s, "bone T3-T5")
    assert at(t.state, 0) == ["T5"]
    (moved,) = events(t, "moved")
    assert cites(moved, "KD-BONE")
    # an occupied bone is passed (KD-BONE-SAFE): T5 held -> T15
    s = pos({0: ["T3"], 2: ["T5"]}, {0: ["bone"]})
    assert moves_from(s, "T3") == {"bone T3-T15"}
    assert_illegal(s, "bone T3-T5", "KD-BONE", "R-K6")
    # no free bone field ahead on the dog's path: the card cannot move that dog
    s = pos({0: ["T36", "T4"]}, {0: ["bone"]})
    assert moves_from(s, "T36") == set()
    assert moves_from(s, "T4") == {"bone T4-T5"}
    assert_illegal(s, "bone T36-T5", "KD-BONE", "R-K6")
    s = pos({0: ["T26"], 1: ["T35"]}, {0: ["bone"]})
    assert names(s) == {"redraw"}
    # seat 1's path goes on past T39, so its dog on T36 does reach T5
    s = pos({1: ["T36"]}, {1: ["bone"]}, to_act=1)
    assert moves_from(s, "T36") == {"bone T36-T5"}


@pytest.mark.clause("R-K6", "KD-BONE", "KD-HOUSE-ENTRY")
def test_R_K6_a_bone_card_never_enters_a_dog_and_never_moves_in_the_house() -> None:
    s = pos({}, {0: ["bone"]})
    assert names(s) == {"redraw"}
    assert_illegal(s, "bone H-T0", "KD-ENTER", "R-K3", "R-K6")
    s = pos({0: ["F1", "T38"]}, {0: ["bone"]})
    assert names(s) == {"redraw"}
    assert_illegal(s, "bone F1-F2", "KD-BONE", "R-K6")
    assert_illegal(s, "bone T38-F1", "KD-BONE", "R-K6")


@pytest.mark.clause("KD-DOGSWAP", "R-K7")
def test_KD_DOGSWAP_own_track_dog_with_another_players_track_dog() -> None:
    # seat 1 has a dog on a bone and one in its house, seat 2 one on its own start field,
    # seat 3 all at home; seat 0 has one in its house
    s = pos({0: ["T3", "F2"], 1: ["T15", "F1"], 2: ["T20"]}, {0: ["dogswap"]})
    assert moves_from(s, "T3") == {"dogswap T3<>T15", "dogswap T3<>T20"}
    assert {n for n in names(s) if n.startswith("dogswap")} == moves_from(s, "T3")
    t = play(s, "dogswap T3<>T20")
    assert at(t.state, 0) == ["T20", "F2"] and at(t.state, 2) == ["T3"]
    assert captured(t) == []
    (swapped,) = events(t, "swapped")
    assert cites(swapped, "KD-DOGSWAP")
    t = play(s, "dogswap T3<>T15")
    assert at(t.state, 0) == ["T15", "F2"] and at(t.state, 1) == ["T3", "F1"]
    # not from or with a dog in a dog house, not with an own dog
    assert_illegal(s, "dogswap F2<>T15", "KD-DOGSWAP", "R-K7")
    assert_illegal(s, "dogswap T3<>F1@1", "KD-DOGSWAP", "R-K7")
    s = pos({0: ["T3", "T7"], 1: ["F1"]}, {0: ["dogswap"]})
    assert names(s) == {"redraw"}
    assert_illegal(s, "dogswap T3<>T7", "KD-DOGSWAP", "R-K7")
    # in the team game the partner is another player too
    s = pos({0: ["T3"], 2: ["T23"]}, {0: ["dogswap"]}, teams=True)
    assert moves_from(s, "T3") == {"dogswap T3<>T23"}


# ---------------------------------------------------------------------------------------------
# The dog house, no lapping, the win
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("KD-HOUSE-ENTRY", "R-K8", "KD-HOUSE-SAFE")
def test_KD_HOUSE_ENTRY_only_a_colour_move_whose_target_lies_in_the_house() -> None:
    # seat 0's house: F1 red, F2 green, F3 yellow; T39 is its last track field
    s = pos({0: ["T39"]}, {0: ["red", "green", "blue"]})
    assert moves_from(s, "T39") == {"red T39-F1", "green T39-F2"}
    t = play(s, "green T39-F2")
    assert at(t.state, 0) == ["F2"]
    assert_illegal(s, "blue T39-F1", "KD-HOUSE-ENTRY", "R-K8")
    # double step and two-colour card in: T36 red x2 -> T37, F1
    s = pos({0: ["T36"]}, {0: ["red x2", "red/green"]})
    assert moves_from(s, "T36") == {
        "red x2 T36-F1", "red/green=red T36-T37", "red/green=green T36-T38",
    }  # fmt: skip
    assert at(play(s, "red x2 T36-F1").state, 0) == ["F1"]
    # the double step counts free fields only: with F1 taken, T37 is the only free red one
    s = pos({0: ["T33", "F1"]}, {0: ["red x2"]})
    assert moves_from(s, "T33") == set()
    # own dogs in the house are passed; a colour only the occupied field shows is no move
    s = pos({0: ["T39", "F1"]}, {0: ["red", "green", "yellow"]})
    assert moves_from(s, "T39") == {"green T39-F2", "yellow T39-F3"}
    assert moves_from(s, "F1") == {"green F1-F2", "yellow F1-F3"}
    assert_illegal(s, "red T39-F1", "KD-HOUSE-ENTRY", "KD-JUMP-OWN", "R-K8")
    s = pos({0: ["T39", "F2"]}, {0: ["green", "yellow"]})
    assert moves_from(s, "T39") == {"yellow T39-F3"}
    t = play(s, "yellow T39-F3")
    assert at(t.state, 0) == ["F2", "F3"] and captured(t) == []


@pytest.mark.clause("R-K8", "KD-HOUSE-ENTRY", "KD-COLOUR")
def test_R_K8_a_dog_never_laps_a_colour_no_longer_ahead_cannot_move_it() -> None:
    # T37 for seat 0: ahead only T38 green, T39 yellow, F1 red, F2 green, F3 yellow
    s = pos({0: ["T37"]}, {0: ["blue", "blue x2", "blue/yellow"]})
    assert moves_from(s, "T37") == {"blue/yellow=yellow T37-T39"}
    assert_illegal(s, "blue T37-T1", "R-K8", "KD-HOUSE-ENTRY")
    assert_illegal(s, "blue/yellow=blue T37-T1", "R-K8", "KD-HOUSE-ENTRY")
    # seat 1 (house green, yellow, blue) on T9 never gets back onto its own start with red
    s = pos({1: ["T9"]}, {1: ["red", "blue", "green"]}, to_act=1)
    assert moves_from(s, "T9") == {"blue T9-F3", "green T9-F1"}
    assert_illegal(s, "red T9-T10", "R-K8", "KD-HOUSE-ENTRY")
    # in the house a dog moves on only towards F3
    s = pos({0: ["F2"]}, {0: ["red", "green", "yellow"]})
    assert moves_from(s, "F2") == {"yellow F2-F3"}


@pytest.mark.clause("KD-WIN")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_KD_WIN_the_first_player_with_three_dogs_in_the_house_wins(players: int) -> None:
    s = pos({0: ["F1", "F3", "T39"]}, {0: ["green"], 1: ["red"]}, players=players)
    t = play(s, "green T39-F2")
    (won,) = events(t, "won")
    assert won.winners == (0,) and cites(won, "KD-WIN")
    assert t.state.winner == (0,) and t.state.phase == "over"
    assert KD.legal_actions(t.state) == ()
    assert_illegal(t.state, "redraw", "KD-WIN")


@pytest.mark.clause("KD-WIN", "KD-L-SEATS", "KD-L-HOUSES")
def test_KD_WIN_seat_1_of_two_players_fills_its_house_yellow_blue_red() -> None:
    s = pos({1: ["F1", "F2", "T19"]}, {1: ["red"], 0: ["blue"]}, to_act=1, players=2)
    assert moves_from(s, "T19") == {"red T19-F3"}
    t = play(s, "red T19-F3")
    assert t.state.winner == (1,)
    # two dogs home are not a win
    s = pos({1: ["F1", "T16", "T19"]}, {1: ["red"], 0: ["blue"]}, to_act=1, players=2)
    t = play(s, "red T19-F3")
    assert t.state.winner == () and t.state.phase == "play" and t.state.to_act == 0


# ---------------------------------------------------------------------------------------------
# The team variant
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("KD-TEAM", "R-K9")
def test_KD_TEAM_four_players_in_two_teams_seats_0_2_and_1_3() -> None:
    assert KD.new_game(players=4, seed=1, teams=True).teams
    assert not KD.new_game(players=4, seed=1).teams
    for players in (2, 3):
        with pytest.raises(ValueError):
            KD.new_game(players=players, seed=1, teams=True)
        with pytest.raises(ValueError):
            pos({}, {0: ["blue"]}, players=players, teams=True)
    # partners sit opposite: seat 0's dog pushes seat 2's, but throws out seat 1's and 3's
    for other, pushes in ((1, False), (2, True), (3, False)):
        s = pos({0: ["T3"], other: ["T6"]}, {0: ["red"]}, teams=True)
        t = play(s, "red T3-T6")
        assert bool(events(t, "pushed")) == pushes
        assert (captured(t) == []) == pushes
    s = pos({1: ["T13"], 3: ["T17"]}, {1: ["yellow"]}, to_act=1, teams=True)
    t = play(s, "yellow T13-T17")
    assert at(t.state, 3) == ["T20"] and captured(t) == []  # T20 shows green and yellow


@pytest.mark.clause("KD-TEAM-SECRECY")
def test_KD_TEAM_SECRECY_each_seat_sees_only_its_own_hand() -> None:
    s = KD.new_game(players=4, seed=11, teams=True)
    seen = KD.observe(s, 1)
    assert seen["hand"] == list(s.hands[1])
    assert "hands" not in seen
    assert seen["hand_sizes"] == {"0": 3, "1": 3, "2": 3, "3": 3}
    # the card set aside for the swap is known only to its giver, the partner included
    giving = KD.legal_actions(s)[0]
    assert s.to_act == 0 and giving.chosen is not None
    after = KD.apply(s, giving).state
    own_view = KD.observe(after, 0)
    assert isinstance(own_view["exchange"], dict)
    assert own_view["exchange"]["0"] == giving.chosen
    for seat in (1, 2, 3):
        view = KD.observe(after, seat)
        assert isinstance(view["exchange"], dict)
        assert view["exchange"]["0"] == "hidden"
        assert view["hand"] == list(after.hands[seat])


@pytest.mark.clause("KD-TEAM-EXCHANGE", "R-K9")
def test_KD_TEAM_EXCHANGE_all_four_give_one_card_received_only_after_all_gave() -> None:
    s = KD.new_game(players=4, seed=9, teams=True)
    assert s.phase == "exchange"
    before = s.hands
    given: dict[int, str] = {}
    order: list[int] = []
    # nothing but giving a card (or declining, R-K9) before the swap is done
    assert_illegal(s, "redraw", "KD-TEAM-EXCHANGE", "R-K9")
    while s.phase == "exchange":
        assert {a.kind for a in KD.legal_actions(s)} == {"give", "decline"}
        chooser = s.to_act
        order.append(chooser)
        chosen = [a for a in KD.legal_actions(s) if a.kind == "give"][-1]
        assert chosen.chosen is not None
        given[chooser] = chosen.chosen
        t = KD.apply(s, chosen)
        own_ids(t)
        assert all(cites(e, "KD-TEAM-EXCHANGE") for e in events(t, "gave"))
        s = t.state
        if s.phase == "exchange":
            for seat in range(4):
                expected = Counter(before[seat])
                if seat in given:
                    expected -= Counter([given[seat]])
                assert Counter(s.hands[seat]) == expected
    assert sorted(order) == [0, 1, 2, 3]
    (exchanged,) = events(t, "exchanged")
    assert cites(exchanged, "KD-TEAM-EXCHANGE")
    for seat in range(4):
        partner = (seat + 2) % 4
        expected = Counter(before[seat]) - Counter([given[seat]]) + Counter([given[partner]])
        assert Counter(s.hands[seat]) == expected
    assert s.phase == "play" and s.to_act == 0


@pytest.mark.clause("KD-TEAM-EXCHANGE", "R-K9")
def test_KD_TEAM_EXCHANGE_any_card_of_the_hand_can_be_given_by_its_notation() -> None:
    # a double-step card is a card like any other: "give blue x2" names it
    s = KD.new_game(players=4, seed=9, teams=True)

    def hand_of_seat_0(data: dict[str, Any]) -> None:
        hand: list[str] = data["hands"]["0"]
        data["deck"] = data["deck"] + hand
        data["deck"].remove("blue x2")
        data["hands"]["0"] = ["blue x2", *data["deck"][-2:]]
        data["deck"] = data["deck"][:-2]

    s = edited(s, hand_of_seat_0)
    assert sum(cards_in_play(s).values()) == 88
    assert "give blue x2" in names(s)
    for a in KD.legal_actions(s):
        assert KD.parse_action(s, str(a)) == a, str(a)
    t = play(s, "give blue x2")
    assert "blue x2" not in t.state.hands[0]


@pytest.mark.clause("KD-TEAM-REDRAW-EXCHANGE", "R-K9", "R-K2")
def test_KD_TEAM_REDRAW_EXCHANGE_after_a_redraw_that_seat_and_its_partner_swap() -> None:
    hands = {
        0: ["blue", "blue", "blue"],
        1: ["red", "red", "red"],
        2: ["green", "green", "green"],
        3: ["yellow", "yellow", "yellow"],
    }
    s = pos({0: ["T3"], 1: ["T13"], 2: ["T23"], 3: ["T33"]}, hands, to_act=1, teams=True)
    t = play(s, "redraw")
    s = t.state
    assert s.phase == "exchange" and s.to_act == 1
    drawn = s.hands[1]
    assert len(drawn) == 3
    assert {a.kind for a in KD.legal_actions(s)} == {"give", "decline"}
    giving = KD.legal_actions(s)[0]
    first = giving.chosen
    assert first is not None
    t = KD.apply(s, giving)
    own_ids(t)
    s = t.state
    assert s.phase == "exchange" and s.to_act == 3  # seats 0 and 2 take no part
    assert Counter(s.hands[3]) == Counter(hands[3])  # nothing received yet
    t = play(s, "give yellow")
    s = t.state
    assert "exchanged" in kinds(t)
    assert s.phase == "play" and s.to_act == 2  # then the seat after the redrawer plays
    assert Counter(s.hands[1]) == Counter(drawn) - Counter([first]) + Counter(["yellow"])
    assert Counter(s.hands[3]) == Counter(["yellow", "yellow", first])
    assert s.hands[0] == ("blue",) * 3 and s.hands[2] == ("green",) * 3
    # playing alone, a redraw is followed by no swap
    s = pos({0: ["T3"]}, {0: ["blue", "red", "green"], 1: ["red"]})
    t = play(s, "redraw")
    assert t.state.phase == "play" and t.state.to_act == 1 and "gave" not in kinds(t)


COMPULSORY = dogrules.variant("dog-kids", rulings={"R-K9": "compulsory"})


@pytest.mark.clause("KD-TEAM-EXCHANGE", "KD-TEAM-SECRECY", "R-K9")
def test_R_K9_a_partner_may_decline_and_then_both_keep_their_hands() -> None:
    start = KD.new_game(players=4, seed=9, teams=True)
    before = start.hands
    assert "decline" in names(start)
    t = play(start, "decline")
    assert kinds(t) == ["declined"] and cites(events(t, "declined")[0], "R-K9")
    s = t.state
    assert s.phase == "exchange" and s.to_act == 1 and s.declined == (0,)
    # its partner chooses without knowing: others see seat 0 as having chosen, as if it
    # had set a card aside (its view, its events, its typed observation)
    for seat in (1, 2, 3):
        assert KD.observation(s, seat).setting_aside[0]
        assert [e.kind for e in KD.observe_events(start, t.events, seat)] == ["gave"]
        assert KD.observation(s, seat).extra == TeamSwapFacts((0, 1, 2, 3), 0)
    assert KD.observation(s, 0).extra == s.extra
    # seat 0 itself knows it declined and set no card aside
    exchange = KD.observe(s, 0)["exchange"]
    assert not KD.observation(s, 0).setting_aside[0]
    assert isinstance(exchange, dict) and exchange["0"] is None
    # the decline is kept in a dump and read back
    assert dogrules.dump(s)["declined"] == [0]
    assert dogrules.load(dogrules.dump(s)) == s
    given: dict[int, str] = {}
    while s.phase == "exchange":
        giving = next(a for a in KD.legal_actions(s) if a.kind == "give")
        given[s.to_act] = str(giving.chosen)
        t = KD.apply(s, giving)
        s = t.state
    # seats 0 and 2 keep their hands (seat 2's card comes back); seats 1 and 3 swap
    assert [e.seat for e in events(t, "kept")] == [0, 2]
    assert Counter(s.hands[0]) == Counter(before[0])
    assert Counter(s.hands[2]) == Counter(before[2])
    expected = Counter(before[1]) - Counter([given[1]]) + Counter([given[3]])
    assert Counter(s.hands[1]) == expected
    assert s.phase == "play" and s.declined == ()


@pytest.mark.clause("KD-TEAM-REDRAW-EXCHANGE", "R-K9")
def test_R_K9_after_a_redraw_the_swap_may_be_declined_too() -> None:
    hands = {0: ["blue"] * 3, 1: ["red"] * 3, 2: ["green"] * 3, 3: ["yellow"] * 3}
    s = pos({0: ["T3"], 1: ["T13"], 2: ["T23"], 3: ["T33"]}, hands, to_act=1, teams=True)
    s = play(s, "redraw").state
    drawn = s.hands[1]
    s = play(s, f"give {drawn[0]}").state
    assert s.to_act == 3 and "decline" in names(s)
    t = play(s, "decline")
    assert "exchanged" not in kinds(t) and [e.seat for e in events(t, "kept")] == [1, 3]
    assert Counter(t.state.hands[1]) == Counter(drawn)
    assert t.state.hands[3] == ("yellow",) * 3
    assert t.state.phase == "play" and t.state.to_act == 2


@pytest.mark.clause("KD-TEAM-EXCHANGE", "KD-TEAM-REDRAW-EXCHANGE", "R-K9")
def test_R_K9_compulsory_the_swap_cannot_be_declined() -> None:
    s = KD.new_game(players=4, seed=9, teams=True)
    assert {a.kind for a in COMPULSORY.legal_actions(s)} == {"give"}
    ruling = COMPULSORY.explain(s, action(s, "decline"))
    assert not ruling.legal and "R-K9" in ruling.clauses
    assert ruling.readings == (("R-K9", "compulsory"),)
    with pytest.raises(dogrules.IllegalAction):
        COMPULSORY.apply(s, action(s, "decline"))
    # the reference reading accepts the same action; compare shows both verdicts
    compared = {c.reading: c.verdict.legal for c in KD.compare(s, action(s, "decline"))}
    assert compared == {"optional": True, "compulsory": False}


@pytest.mark.clause("KD-TEAM-EXCHANGE", "R-K9")
def test_R_K9_a_dump_whose_decline_is_not_a_seat_of_the_swap_is_refused() -> None:
    s = play(KD.new_game(players=4, seed=9, teams=True), "decline").state
    data = dogrules.dump(s)
    data["declined"] = [5]
    with pytest.raises(dogrules.InvalidPosition, match="declined"):
        dogrules.load(data)
    # a game without a swap under way writes no "declined" at all
    assert "declined" not in dogrules.dump(KD.new_game(players=4, seed=9))


@pytest.mark.clause("KD-TEAM-PUSH", "R-K4")
def test_KD_TEAM_PUSH_the_partners_dog_jumps_on_to_its_next_field_of_that_colour() -> None:
    s = pos({0: ["T3"], 2: ["T6"]}, {0: ["red"]}, teams=True)
    t = play(s, "red T3-T6")
    assert at(t.state, 0) == ["T6"] and at(t.state, 2) == ["T10"]
    assert captured(t) == []
    (pushed,) = events(t, "pushed")
    assert (pushed.src, pushed.dst) == ("T6", "T10") and cites(pushed, "KD-TEAM-PUSH")
    # the pushed dog moves like a colour move of its own: it jumps its own dogs ...
    s = pos({0: ["T3"], 2: ["T6", "T10"]}, {0: ["red"]}, teams=True)
    t = play(s, "red T3-T6")
    assert at(t.state, 2) == ["T10", "T11"]
    # ... and throws out an opponent where it lands
    s = pos({0: ["T3"], 2: ["T6"], 1: ["T10"]}, {0: ["red"]}, teams=True)
    t = play(s, "red T3-T6")
    assert at(t.state, 2) == ["T10"] and captured(t) == [(1, "T10")]
    # ... and pushes on a dog of its own partner (the mover) in turn
    s = pos({0: ["T3", "T10"], 2: ["T6"]}, {0: ["red"]}, teams=True)
    t = play(s, "red T3-T6")
    assert at(t.state, 0) == ["T6", "T11"] and at(t.state, 2) == ["T10"]
    # into its own dog house, if that is where its next field of the colour lies
    s = pos({0: ["T16"], 2: ["T19"]}, {0: ["red"]}, teams=True)
    t = play(s, "red T16-T19")
    assert at(t.state, 2) == ["F3"]
    # a double step ends on a free field and pushes nobody (R-K5)
    s = pos({0: ["T3"], 2: ["T6"]}, {0: ["red x2"]}, teams=True)
    assert moves_from(s, "T3") == {"red x2 T3-T11"}
    t = play(s, "red x2 T3-T11")
    assert at(t.state, 2) == ["T6"] and events(t, "pushed") == []


@pytest.mark.clause("R-K10", "KD-TEAM-PUSH")
def test_R_K10_a_move_whose_push_cannot_happen_is_not_legal() -> None:
    # seat 2's dog on T16 (green): its path goes on T17..T19, then yellow, blue, red: no green
    s = pos({0: ["T12"], 2: ["T16"]}, {0: ["green"]}, teams=True)
    assert moves_from(s, "T12") == set()
    assert_illegal(s, "green T12-T16", "R-K10", "KD-TEAM-PUSH")
    # nor does the mover jump on past the partner's dog instead
    assert_illegal(s, "green T12-T20", "KD-COLOUR", "R-K4", "R-K10", "KD-TEAM-PUSH")
    # seat 2's dog on T19 can be pushed with red only into F3; an own dog there prevents it
    s = pos({0: ["T16"], 2: ["T19", "F3"]}, {0: ["red"]}, teams=True)
    assert moves_from(s, "T16") == set()
    assert_illegal(s, "red T16-T19", "R-K10", "KD-TEAM-PUSH")
    # a chain: seat 2's dog (T31) pushed past the bone T35 onto seat 0's dog on T39, which
    # has no yellow field left (F3 taken): the whole move is refused
    s = pos({0: ["T30", "T39", "F3"], 1: ["T35"], 2: ["T31"]}, {0: ["yellow"]}, teams=True)
    assert names(s) == {"redraw"}
    assert_illegal(s, "yellow T30-T31", "R-K10", "KD-TEAM-PUSH")
    # the refusal names the dog at the end of the chain that cannot go on, not the mover's
    assert refusal(s, "yellow T30-T31")[1].endswith(
        "the dog of seat 0 on T39 would be pushed on but has no yellow field it may take ahead"
    )
    # with F3 free the chain goes through: T39 -> F3, T31 -> T39
    s = pos({0: ["T30", "T39", "F2"], 1: ["T35"], 2: ["T31"]}, {0: ["yellow"]}, teams=True)
    t = play(s, "yellow T30-T31")
    assert at(t.state, 0) == ["T31", "F2", "F3"] and at(t.state, 2) == ["T39"]
    assert len(events(t, "pushed")) == 2 and captured(t) == []


@pytest.mark.clause("KD-TEAM-HELP", "R-K9")
def test_KD_TEAM_HELP_with_all_own_dogs_home_a_seat_moves_its_partners_dogs() -> None:
    s = pos({0: ["F1", "F2", "F3"], 1: ["T24"], 2: ["T23"]}, {0: ["blue", "green", "bone"]},
            teams=True)  # fmt: skip
    assert s.phase == "play" and s.winner == ()
    # seat 2's dogs, with every kind of card, entering onto seat 2's start T20 included
    assert names(s) == {
        "blue T23-T27", "green T23-T25", "bone T23-T25", "green H-T20", "redraw",
    }  # fmt: skip
    t = play(s, "green H-T20")
    assert at(t.state, 2) == ["T20", "T23"] and at(t.state, 0) == ["F1", "F2", "F3"]
    assert_illegal(s, "blue T24-T27", "KD-TEAM-HELP", "R-K9")
    assert_illegal(s, "blue H-T0", "KD-TEAM-HELP", "KD-ENTER", "R-K9")
    # while a seat still has a dog out, it moves its own dogs only
    s = pos({0: ["F1", "F2", "T30"], 2: ["T23"]}, {0: ["blue"]}, teams=True)
    assert names(s) == {"blue T30-T32", "redraw"}


@pytest.mark.clause("KD-TEAM-WIN", "R-K9")
def test_KD_TEAM_WIN_partners_win_together_once_all_six_dogs_are_home() -> None:
    # seat 0 is done and brings seat 2's last dog (T19, yellow) into seat 2's F1
    s = pos({0: ["F1", "F2", "F3"], 2: ["F2", "F3", "T19"]}, {0: ["yellow"]}, teams=True)
    assert moves_from(s, "T19") == {"yellow T19-F1@2"}
    t = play(s, "yellow T19-F1@2")
    (won,) = events(t, "won")
    assert won.winners == (0, 2) and cites(won, "KD-TEAM-WIN")
    assert t.state.winner == (0, 2) and t.state.phase == "over"
    assert KD.legal_actions(t.state) == ()
    # seat 2 finishing it itself wins for both as well
    s = pos({0: ["F1", "F2", "F3"], 2: ["F2", "F3", "T19"]}, {2: ["yellow"]}, to_act=2,
            teams=True)  # fmt: skip
    assert play(s, "yellow T19-F1").state.winner == (0, 2)


@pytest.mark.clause("KD-TEAM-WIN", "KD-TEAM", "KD-WIN")
def test_KD_TEAM_WIN_three_dogs_home_alone_is_no_win_in_the_team_game() -> None:
    s = pos({0: ["F1", "F3", "T39"], 2: ["T25"]}, {0: ["green"], 1: ["blue"]}, teams=True)
    t = play(s, "green T39-F2")
    assert "won" not in kinds(t)
    assert t.state.winner == () and t.state.phase == "play" and t.state.to_act == 1


# ---------------------------------------------------------------------------------------------
# Layout data (KD-L-*)
# ---------------------------------------------------------------------------------------------


@pytest.mark.clause("KD-L-TRACK")
@pytest.mark.parametrize("q", range(4))
def test_KD_L_TRACK_40_fields_start_fields_on_T10q(q: int) -> None:
    s = pos({}, {q: [C[q]]}, to_act=q)
    assert names(s) == {f"{C[q]} H-T{10 * q}", "redraw"}
    with pytest.raises(dogrules.InvalidPosition):
        pos({0: ["T40"]}, {0: ["blue"]})
    # T39 is the last field: seat 1's dog there goes on to T0
    s = pos({1: ["T39"]}, {1: ["blue"]}, to_act=1)
    assert moves_from(s, "T39") == {"blue T39-T0"}


@pytest.mark.clause("KD-L-SEATS", "KD-PLAYERS")
def test_KD_L_SEATS_two_players_use_quadrants_0_and_2_three_players_0_1_2() -> None:
    s = pos({}, {1: ["green", "yellow", "red"]}, to_act=1, players=2)
    assert names(s) == {"green H-T20", "yellow H-T20", "redraw"}
    s = pos({}, {1: ["red"]}, to_act=1, players=3)
    assert names(s) == {"red H-T10", "redraw"}
    s = pos({}, {2: ["yellow"]}, to_act=2, players=3)
    assert names(s) == {"yellow H-T20", "redraw"}
    # the board is the same: with 2 players T10 still shows red and green
    s = pos({0: ["T8"]}, {0: ["red", "green"]}, players=2)
    assert moves_from(s, "T8") == {"red T8-T10", "green T8-T10"}
    # and seat 1 of two players walks T20 .. T19, then its house (yellow, blue, red)
    s = pos({1: ["T19"]}, {1: ["yellow", "blue", "red"]}, to_act=1, players=2)
    assert moves_from(s, "T19") == {"yellow T19-F1", "blue T19-F2", "red T19-F3"}


@pytest.mark.clause("KD-L-FIELD-COLOURS")
@pytest.mark.parametrize("field", range(40))
def test_KD_L_FIELD_COLOURS_every_track_field_has_its_layout_colours(field: int) -> None:
    # a dog right behind the field reaches it with exactly the field's colours
    seat = 1 if field == 0 else 0  # T0 lies ahead of T39 on seat 1's path only
    behind = f"T{(field - 1) % 40}"
    for colour in C:
        s = pos({seat: [behind]}, {seat: [colour]}, to_act=seat)
        reaches = f"{colour} {behind}-T{field}" in moves_from(s, behind)
        assert reaches == (colour in field_colours(field)), (field, colour)


@pytest.mark.clause("KD-L-BONES", "KD-BONE")
@pytest.mark.parametrize("bone", BONES)
def test_KD_L_BONES_bone_fields_are_field_5_of_every_quadrant(bone: int) -> None:
    origin = f"T{bone - 4}"
    s = pos({0: [origin]}, {0: ["bone"]})
    assert moves_from(s, origin) == {f"bone {origin}-T{bone}"}
    # the bone keeps its colour and protects its dog from a colour move
    colour = next(iter(field_colours(bone)))
    s = pos({0: [origin], 1: [f"T{bone}"]}, {0: [colour]})
    t = play(s, f"{colour} {origin}-T{bone + 4}")
    assert captured(t) == [] and at(t.state, 1) == [f"T{bone}"]


@pytest.mark.clause("KD-L-HOUSES", "KD-HOUSE-ENTRY")
@pytest.mark.parametrize("q", range(4))
def test_KD_L_HOUSES_house_fields_coloured_C_q_plus_1_2_3(q: int) -> None:
    last = f"T{(10 * q - 1) % 40}"  # the field before the seat's own start: its last
    colours = [C[(q + k) % 4] for k in (1, 2, 3)]
    s = pos({q: [last]}, {q: colours}, to_act=q)
    assert moves_from(s, last) == {f"{colours[k - 1]} {last}-F{k}" for k in (1, 2, 3)}
    # the seat's own first colour lies nowhere ahead any more
    s = pos({q: [last]}, {q: [C[q]]}, to_act=q)
    assert moves_from(s, last) == set()


@pytest.mark.clause("R-K12", "KD-HOUSE-ENTRY")
def test_R_K12_a_dog_in_its_house_moves_on_inside_it_past_own_dogs() -> None:
    # seat 0's house is F1 red, F2 green, F3 yellow: a dog on F1 goes on with yellow,
    # jumping the own dog on F2; a bone card never moves it inside the house
    s = pos({0: ["F1", "F2", "T20"]}, {0: ["yellow", "bone", "blue"]})
    t = play(s, "yellow F1-F3")
    assert sorted(at(t.state, 0)) == ["F2", "F3", "T20"]
    assert "bone F1-F3" not in names(s) and "bone F1-F2" not in names(s)


@pytest.mark.clause("R-K12", "KD-DOUBLE", "R-K5", "KD-HOUSE-ENTRY")
def test_R_K12_a_double_step_may_end_in_the_dog_house() -> None:
    # seat 0's house is F1 red, F2 green, F3 yellow; from T36 the free yellow fields ahead are
    # T39 and F3, so a yellow double step ends in the house
    s = pos({0: ["T36"]}, {0: ["yellow x2"]})
    assert moves_from(s, "T36") == {"yellow x2 T36-F3"}
    t = play(s, "yellow x2 T36-F3")
    assert at(t.state, 0) == ["F3"]
    # green: T38 and F2, passing the seat's own dog on F1 in the house
    s = pos({0: ["T36", "F1"]}, {0: ["green x2"]})
    assert moves_from(s, "T36") == {"green x2 T36-F2"}
    assert sorted(at(play(s, "green x2 T36-F2").state, 0)) == ["F1", "F2"]
    # an own dog on F3 leaves only one free yellow field (T39): no double step
    s = pos({0: ["T36", "F3"]}, {0: ["yellow x2"]})
    assert moves_from(s, "T36") == set()


@pytest.mark.clause("R-K13", "KD-RESHUFFLE", "KD-REDRAW")
def test_R_K13_a_redraw_on_an_empty_deck_reshuffles_the_thrown_in_hand_too() -> None:
    s = pos({0: ["T3"]}, {0: ["blue", "red", "green"]})
    data = dogrules.dump(s)
    data["discard"] = data["deck"]
    data["deck"] = []
    s = dogrules.load(data)
    t = play(s, "redraw")
    assert kinds(t).index("reshuffled") < kinds(t).index("drew")
    assert len(t.state.hands[0]) == 3 and t.state.discard == ()
    assert sum(map(len, (t.state.deck, *t.state.hands))) == 88
