"""The one validator (``engine.problems``): one test per kind of problem, each a real dump
changed in one field, and a property that mutates dumps of reachable states of every variant
and form one field at a time: ``load`` either refuses with InvalidPosition and nothing else, or
gives a state that keeps every invariant and has a legal action unless the game is over. A
second property (issue 33) changes up to three fields or moves a card, and follows legal
moves from every state ``load`` accepts: each leads to a state the validator accepts too."""

from __future__ import annotations

import collections
import copy
import random
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dogrules
from budgets import DEEP, budget
from dogrules import InvalidPosition, State
from dogrules.engine.problems import problems
from dogrules.formats.validation import validate
from dogrules.model.errors import Problem
from dogrules.testing.invariants import check_state, variant_invariants

BD = dogrules.variant("black-dog")
AD = dogrules.variant("agent-dog")
KD = dogrules.variant("dog-kids")
VARIANTS = (BD, AD, KD)
T = TypeVar("T")


def play(v: dogrules.Variant, players: int, teams: bool | None, seed: int, steps: int) -> State:
    """A state reached by ``steps`` random legal actions from a new game (fewer if it ends)."""
    state = v.new_game(players, seed, teams)
    chooser = random.Random(seed)
    for _ in range(steps):
        actions = v.legal_actions(state)
        if not actions:
            break
        state = v.apply(state, chooser.choice(actions)).state
    return state


def refused(data: dict[str, Any], field: str) -> InvalidPosition:
    """``load`` refuses ``data``, naming ``field`` among its problems."""
    with pytest.raises(InvalidPosition) as caught:
        dogrules.load(data)
    fields = [problem.field for problem in caught.value.problems]
    assert any(f == field or f.startswith(field + ".") for f in fields), (field, fields)
    return caught.value


def dumped(v: dogrules.Variant = BD, players: int = 4, steps: int = 3, **kw: Any) -> dict[str, Any]:
    return dogrules.dump(play(v, players, kw.get("teams"), kw.get("seed", 1), steps))


# ---- one test per kind of problem -----------------------------------------------------------


def test_a_real_state_has_no_problem() -> None:
    for v in VARIANTS:
        state = play(v, 4, None, 2, 10)
        assert problems(v.ruleset, state) == ()


def test_piece_count() -> None:
    data = dumped()
    data["pieces"]["0"].pop()
    refused(data, "pieces.0")


def test_piece_in_another_seats_finish() -> None:
    data = dumped()
    data["pieces"]["0"][0] = "F1@1"
    refused(data, "pieces.0")


def test_two_pieces_on_one_field() -> None:
    data = dumped()
    data["pieces"]["0"][0] = "T20"
    data["pieces"]["1"][0] = "T20"
    refused(data, "pieces.1")


def test_black_dog_on_a_start_field_or_piece() -> None:
    data = dumped()
    board = BD.board(4)
    data["black_dog"] = board.label(min(board.printed_starts))
    refused(data, "black_dog")
    data = dumped()
    taken = next(loc for locs in data["pieces"].values() for loc in locs if loc.startswith("T"))
    data["black_dog"] = taken
    refused(data, "black_dog")


def test_black_dog_missing_after_setup_and_none_in_other_variants() -> None:
    data = dumped()
    assert data["phase"] != "setup"
    data["black_dog"] = None
    refused(data, "black_dog")
    for v in (AD, KD):
        data = dumped(v)
        data["black_dog"] = "T7"
        refused(data, "black_dog")


def test_cards_conserved() -> None:
    data = dumped()
    data["deck"].pop()
    error = refused(data, "cards")
    assert "missing" in str(error)


def test_hand_too_large() -> None:
    data = dumped()
    data["hands"]["1"] += [data["deck"].pop() for _ in range(6)]
    refused(data, "hands.1")


def test_phase_the_variant_has_not() -> None:
    for v in (AD, KD):
        data = dumped(v)
        data["phase"] = "setup"
        refused(data, "phase")


def test_winner_iff_over_and_consistent() -> None:
    data = dumped()
    data["phase"] = "over"
    refused(data, "winner")
    data = dumped()
    data["winner"] = [0]
    refused(data, "winner")
    data = dumped()
    data["phase"] = "over"
    data["winner"] = [0, 2]
    refused(data, "winner")  # seats 0 and 2 have not finished


def test_teams_flag() -> None:
    data = dumped(players=3)
    data["teams"] = True
    refused(data, "teams")


@pytest.mark.parametrize("value", [-1, 4, True, 1.0, "0", None])
def test_seats_in_range_and_int(value: object) -> None:
    for key in ("to_act", "dealer"):
        data = dumped()
        data[key] = value
        refused(data, key)


def test_seat_to_act_must_hold_a_card() -> None:
    data = dumped(AD, steps=8)
    seat = data["to_act"]
    data["deck"] += data["hands"][str(seat)]
    data["hands"][str(seat)] = []
    refused(data, "to_act")


@pytest.mark.parametrize(("key", "value"), [("round", 0), ("shuffles", 0), ("seed", 2**64)])
def test_counters(key: str, value: int) -> None:
    data = dumped()
    data[key] = value
    refused(data, key)


def test_team_swap_only_in_the_kids_team_game() -> None:
    for v, players in ((BD, 4), (AD, 4), (KD, 3)):
        data = dumped(v, players)
        data["exchanging"] = [0]
        refused(data, "exchanging")


def test_last_played() -> None:
    data = dumped()
    data["last_played"] = "copy"
    refused(data, "last_played")
    if "copy" not in KD.deck.notations:
        data = dumped(KD)
        data["last_played"] = next(iter(KD.deck.notations))
        refused(data, "last_played")


def test_exchange_slot_outside_an_exchange() -> None:
    data = dumped(steps=12)
    assert data["phase"] == "play"
    seat = data["to_act"]
    data["exchange"][str(seat)] = data["hands"][str(seat)].pop()
    refused(data, "exchange")


@pytest.mark.parametrize(
    ("key", "value"),
    [("hands", {"0": None}), ("black_dog", "X"), ("deck", [["5"]]), ("winner", "0")],
)
def test_malformed_fields_are_invalid_positions(key: str, value: object) -> None:
    data = dumped()
    data[key] = value
    with pytest.raises(InvalidPosition, match=key):
        dogrules.load(data)


def test_every_problem_is_listed_and_validate_reports_each() -> None:
    data = dumped()
    data["round"] = 0
    data["shuffles"] = 0
    data["deck"].pop()
    error = refused(data, "round")
    assert {p.field for p in error.problems} >= {"round", "shuffles", "cards"}
    assert len(str(error).splitlines()) == len(error.problems)
    assert len(validate(data)) == len(error.problems)


def test_position_refuses_bool_float_seats_and_odd_seeds() -> None:
    for kw in ({"to_act": True}, {"to_act": 1.0}, {"dealer": False}, {"seed": 1.5}):
        with pytest.raises(InvalidPosition):
            AD.position(4, {s: ["H"] * 4 for s in range(4)}, {0: ["5"]}, **kw)


def _out_of_order(state: State, key: str, seat: int) -> State:
    """``state`` with ``seat``'s hand or pieces (``key``) reversed, as a hand-built state."""
    if key == "hands":
        return state._replace(hands=_reversed_at(state.hands, seat))
    return state._replace(pieces=_reversed_at(state.pieces, seat))


def _reversed_at(rows: tuple[tuple[T, ...], ...], seat: int) -> tuple[tuple[T, ...], ...]:
    return tuple(tuple(reversed(row)) if at == seat else row for at, row in enumerate(rows))


def test_a_hand_out_of_the_deck_order_is_named_with_its_seat() -> None:
    state = BD.position(
        players=4,
        pieces={seat: ["H"] * 4 for seat in range(4)},
        hands={0: ["5"], 2: ["partner", "2", "13", "7"]},
        black_dog="T24",
    )
    found = problems(BD.ruleset, _out_of_order(state, "hands", 2))
    assert [p.field for p in found] == ["hands.2"]
    message = found[0].message
    assert message.startswith("seat 2's hand ['partner', '13', '7', '2'] is out of order")
    assert message.endswith("the order of the unshuffled deck, ['2', '7', '13', 'partner']")


def test_pieces_out_of_location_order_are_named_with_their_seat() -> None:
    state = AD.position(
        players=3,
        pieces={0: ["H"] * 4, 1: ["F2", "T33", "H", "T3"], 2: ["H"] * 4},
        hands={0: ["5"], 1: ["2"], 2: ["3"]},
    )
    found = problems(AD.ruleset, _out_of_order(state, "pieces", 1))
    assert [p.field for p in found] == ["pieces.1"]
    message = found[0].message
    assert message.startswith("seat 1's pieces ['F2', 'T33', 'T3', 'H'] are out of order")
    assert message.endswith(
        "(home first, then the track from T0, then the finish from F1), ['H', 'T3', 'T33', 'F2']"
    )


@given(
    variant=st.sampled_from(VARIANTS),
    players=st.sampled_from((2, 3, 4)),
    seed=st.integers(0, 2**16),
    steps=st.integers(0, 300),
    shuffle=st.randoms(use_true_random=False),
)
def test_load_and_position_give_hands_and_pieces_in_order_whatever_order_they_are_given(
    variant: dogrules.Variant, players: int, seed: int, steps: int, shuffle: random.Random
) -> None:
    state = play(variant, players, None, seed, steps)
    data: dict[str, Any] = dogrules.dump(state)
    for key in ("pieces", "hands"):
        for names in data[key].values():
            shuffle.shuffle(names)
    loaded = dogrules.load(data)
    assert loaded == state
    assert problems(variant.ruleset, loaded) == ()
    if state.phase != "play":
        return
    positioned = variant.position(
        players=players,
        pieces={int(seat): names for seat, names in data["pieces"].items()},
        hands={int(seat): cards for seat, cards in data["hands"].items()},
        to_act=state.to_act,
        black_dog=data["black_dog"],
        teams=state.teams,
    )
    assert positioned.pieces == state.pieces and positioned.hands == state.hands
    assert problems(variant.ruleset, positioned) == ()


# ---- the gaps of issue 33: each let a legal move lead to a state the engine refuses ---------


def exchanging(v: dogrules.Variant, players: int = 4, teams: bool | None = None) -> dict[str, Any]:
    """The dump of a new game in its exchange phase after its first seat set a card aside."""
    state = v.new_game(players, 3, teams)
    while state.phase != "exchange":
        state = v.apply(state, v.legal_actions(state)[0]).state
    state = v.apply(state, v.legal_actions(state)[0]).state
    data: dict[str, Any] = dogrules.dump(state)
    assert data["phase"] == "exchange" and any(data["exchange"].values())
    return data


@pytest.mark.clause("R-C3")
def test_a_seat_sets_its_card_aside_once() -> None:
    for v, teams in ((BD, None), (AD, None), (KD, True)):
        data = exchanging(v, teams=teams)
        data["to_act"] = next(int(s) for s, card in data["exchange"].items() if card)
        error = refused(data, "to_act")
        assert "already set its card aside" in str(error)


@pytest.mark.clause("R-C3")
def test_a_hand_and_the_card_set_aside_hold_no_more_than_a_hand() -> None:
    data = exchanging(AD)
    giver = next(s for s, card in data["exchange"].items() if card)
    data["hands"][giver].append(data["deck"].pop())
    error = refused(data, f"hands.{giver}")
    assert "and 1 set aside" in str(error)


@pytest.mark.clause("KD-TEAM-EXCHANGE")
def test_the_kids_exchange_phase_is_a_team_swap_under_way() -> None:
    data = exchanging(KD, teams=True)
    data["exchanging"] = []
    refused(data, "exchanging")
    data = dumped(KD, players=3, steps=4)
    data["phase"] = "exchange"
    error = refused(data, "exchanging")
    assert "without teams" in str(error)
    swapped = KD.new_game(4, 3, True)
    for _ in range(4):
        swapped = KD.apply(swapped, KD.legal_actions(swapped)[0]).state
    data = dogrules.dump(swapped)
    assert data["phase"] == "play"
    data["exchanging"] = [0, 2]
    data["resume"] = 1
    refused(data, "exchanging")


@pytest.mark.clause("KD-TEAM-REDRAW-EXCHANGE")
def test_a_kids_team_swap_is_between_partners_and_its_seats_act() -> None:
    data = exchanging(KD, teams=True)
    data["exchanging"] = [0, 1]
    refused(data, "exchanging")
    data = exchanging(KD, teams=True)
    data["exchanging"] = [1, 3]
    data["to_act"] = 0
    refused(data, "to_act")


@pytest.mark.clause("R-C13")
def test_a_winner_is_named_once() -> None:
    data = dumped(players=3, steps=12)
    data["pieces"]["0"] = ["H", "F1", "F2", "F3", "F4"]
    data["phase"] = "over"
    data["winner"] = [0]
    assert dogrules.load(copy.deepcopy(data)).winner == (0,)
    data["winner"] = [0, 0]
    refused(data, "winner")


@pytest.mark.clause("BD-PLACE-BLACK-DOG")
def test_black_dog_setup_comes_before_anything_moves() -> None:
    data: dict[str, Any] = dogrules.dump(BD.new_game(4, 5))
    assert data["phase"] == "setup"
    assert dogrules.load(copy.deepcopy(data)).phase == "setup"
    moved = copy.deepcopy(data)
    moved["pieces"]["0"][-1] = "T5"
    refused(moved, "pieces")
    played = copy.deepcopy(data)
    played["discard"].append(played["hands"]["1"].pop())
    refused(played, "discard")
    late = copy.deepcopy(data)
    late["to_act"] = 2
    refused(late, "to_act")


# How many mutated states the successor property (at the end) tried, by verdict, and how many
# legal moves from accepted ones: accepted ones must be met, or the property went untried.
TRIED: collections.Counter[str] = collections.Counter()
# The property and the test reading TRIED share a pytest-xdist worker (tools/check.py).
PROPERTY = pytest.mark.xdist_group("problems_successors")


def moved_card(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``data`` with one card moved from one place to another (a hand, the deck, the discard
    pile, a seat's exchange slot): every card is still there, only possibly misplaced."""
    changed = copy.deepcopy(data)
    places = [("deck", None), ("discard", None)]
    places += [("hands", seat) for seat in changed["hands"]]
    sources = [(k, s) for k, s in places if (changed[k][s] if s else changed[k])]
    sources += [("exchange", s) for s, card in changed["exchange"].items() if card]
    if not sources:
        return changed
    key, seat = rng.choice(sources)
    if key == "exchange":
        card = changed["exchange"][seat]
        changed["exchange"][seat] = None
    else:
        pile = changed[key][seat] if seat else changed[key]
        card = pile.pop(rng.randrange(len(pile)))
    key, seat = rng.choice([*places, *(("exchange", s) for s in changed["exchange"])])
    if key == "exchange":
        if changed["exchange"][seat] is not None:
            return moved_card(data, rng)
        changed["exchange"][seat] = card
    else:
        (changed[key][seat] if seat else changed[key]).append(card)
    return changed


def mutate(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``data`` with a card moved, or not, and up to three fields changed to plausible wrong
    values (at least one change)."""
    moved = rng.random() < 0.4
    changed = moved_card(data, rng) if moved else copy.deepcopy(data)
    for _ in range(rng.choice((0, 1, 1, 2, 3) if moved else (1, 1, 2, 3))):
        key = rng.choice(sorted(data))
        changed[key] = copy.deepcopy(rng.choice(wrong_values(data, key, rng)))
    return changed


def test_problem_is_a_small_value() -> None:
    assert Problem("a", "b") == Problem("a", "b")
    assert str(Problem("round", "too small")) == "round: too small"


# ---- the property ---------------------------------------------------------------------------

# How many mutations of one dump each example tries.
MUTATIONS = 40


def wrong_values(data: dict[str, Any], key: str, rng: random.Random) -> list[object]:
    """Plausible wrong values of ``key`` in ``data``."""
    players = data["players"]
    seats = [str(s) for s in range(players)]
    value = data[key]
    common: list[object] = [None, True, 1.5, "x", [], {}, -1, 2**70]
    if key in ("pieces", "hands", "exchange"):
        seat = rng.choice(seats)
        cards = list(data["deck"]) or ["5"]
        options: list[object] = []
        for entry in (
            ["H", "T0", "T1", "F1", "F4", f"F1@{(int(seat) + 1) % players}", "T999"]
            if key == "pieces"
            else [rng.choice(cards), "copy", "bogus", None, 5]
        ):
            changed = copy.deepcopy(value)
            if key == "exchange":
                changed[seat] = entry
            elif changed[seat]:
                changed[seat][rng.randrange(len(changed[seat]))] = entry
            else:
                changed[seat] = [entry]
            options.append(changed)
        grown = copy.deepcopy(value)
        if key != "exchange":
            grown[seat] = [*grown[seat], grown[seat][0] if grown[seat] else "H"]
            options.append(grown)
            shrunk = copy.deepcopy(value)
            shrunk[seat] = shrunk[seat][1:]
            options.append(shrunk)
        return [*options, {**value, seat: None}, {**value, "9": []}, common[0]]
    if key in ("deck", "discard"):
        moved = copy.deepcopy(data)
        if moved["deck"]:
            moved["discard"].append(moved["deck"].pop())
        return [value[1:], [*value, "5"], [*value, "bogus"], moved[key], "5", None]
    if key in ("to_act", "dealer", "resume"):
        return [*range(-1, players + 1), *common]
    if key in ("winner", "exchanging"):
        return [[0], [1], [0, 2], [players], [0, 0], "0", [True], *common]
    if key == "black_dog":
        return ["T0", "T1", "T5", "T16", "T40", "F1", "H", "X", None, 3]
    if key == "phase":
        return ["setup", "exchange", "play", "over", "bogus", 1]
    if key == "last_played":
        return [
            "copy",
            "5",
            "bogus",
            None,
            3,
            *sorted(dogrules.variant(data["variant"]).deck.notations)[:3],
        ]
    if key in ("round", "shuffles", "seed"):
        return [0, 1, 2, 10**30, -(2**63), *common]
    if key in ("teams", "redrawn"):
        return [not value, None, 1, "true"]
    if key == "players":
        return [players - 1, players + 1, 0, "4", True]
    if key == "variant":
        return ["black-dog", "agent-dog", "dog-kids", "chess", None]
    if key == "format":
        return [2, "1", None]
    return common


@st.composite
def reached_dumps(draw: st.DrawFn) -> dict[str, Any]:
    """The dump of a state reached by random play in any variant, form and phase."""
    variant = draw(st.sampled_from(VARIANTS))
    players = draw(st.sampled_from((2, 3, 4)))
    teams = draw(st.sampled_from((None, True, False)))
    try:
        variant.teams_for(players, teams)
    except ValueError:
        teams = None
    seed, steps = draw(st.integers(0, 2**16)), draw(st.integers(0, 300))
    return dogrules.dump(play(variant, players, teams, seed, steps))


@given(data=reached_dumps(), choices=st.randoms(use_true_random=False))
def test_mutated_dumps_are_refused_or_sound(data: dict[str, Any], choices: random.Random) -> None:
    keys = sorted(data)
    for _ in range(MUTATIONS):
        key = choices.choice(keys)
        mutated: dict[str, Any] = copy.deepcopy(data)
        mutated[key] = choices.choice(wrong_values(data, key, choices))
        try:
            loaded = dogrules.load(mutated)
        except InvalidPosition:
            continue
        v = dogrules.variant(loaded.variant)
        check_state(v, loaded, None, variant_invariants)
        assert loaded.phase == "over" or v.legal_actions(loaded), mutated


@PROPERTY
@DEEP
@settings(max_examples=budget(60, 1000))
@given(data=reached_dumps(), choices=st.randoms(use_true_random=False))
def test_no_accepted_state_leads_by_a_legal_move_to_a_refused_one(
    data: dict[str, Any], choices: random.Random
) -> None:
    """The validator's promise to ``apply``: a state it accepts is one the rules can go on
    from, so every state a legal action leads to is accepted too (issue 33: otherwise the
    protocol answers one request and refuses the state it gave in the next)."""
    for _ in range(MUTATIONS):
        try:
            state = dogrules.load(mutate(data, choices))
        except InvalidPosition:
            TRIED["refused"] += 1
            continue
        TRIED["accepted"] += 1
        v = dogrules.variant(state.variant)
        actions = v.legal_actions(state)
        for action in choices.sample(actions, min(6, len(actions))):
            following = v.apply(state, action).state
            TRIED["moves"] += 1
            assert problems(v.ruleset, following) == (), (dogrules.dump(state), str(action))


@PROPERTY
@DEEP
def test_the_successor_property_met_accepted_states() -> None:
    """Runs after it (file order, same worker): some mutated states were accepted and moved
    from, so the property did not pass by refusing everything."""
    if not TRIED:
        pytest.skip("the successor property did not run in this process")
    assert TRIED["accepted"] and TRIED["moves"] and TRIED["refused"], TRIED
