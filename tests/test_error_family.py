"""One error family (issue 9): whatever a caller hands the public API, the only errors out of
it are dogrules' own (IllegalAction, NotationError...) or a TypeError naming the argument.

Actions are drawn with every field plausible (a card of the game, a location on the board)
or not (a number for a card, a location off the board, a list for a tuple), on states reached
by random play in every variant; each is explained and applied.
"""

from __future__ import annotations

import collections
import functools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dogrules
from budgets import DEEP, budget
from dogrules import (
    Action,
    ActionKind,
    DogRulesError,
    IllegalAction,
    InvalidArgument,
    InvalidPosition,
    NotationError,
    Ruling,
    State,
    Transition,
)

# Random play from a few seeds; each state on the way is one the fuzzer may start from.
SEEDS = range(3)
STEPS = 60
# What the two fuzzers' inputs came to, in this process: each verdict must be met, or one
# side of the property (apply accepts what explain accepts; a text is read) went untried.
MET: collections.Counter[tuple[str, str]] = collections.Counter()
VERDICTS = {"actions": ("legal", "refused"), "texts": ("read", "refused")}
# The fuzzers and the test reading MET share a pytest-xdist worker (tools/check.py).
FUZZERS = pytest.mark.xdist_group("error_family")
# Examples a fuzzer draws: the everyday suite's smoke run, and CI's deep step's full one
# (tests/budgets.py), where each test runs again.
EXAMPLES = budget(100, 300)


@functools.cache
def _playout(name: str, seed: int) -> tuple[State, ...]:
    v = dogrules.variant(name)
    rng = random.Random(seed)
    state = v.new_game(players=4, seed=seed)
    states = [state]
    for _ in range(STEPS):
        actions = v.legal_actions(state)
        if not actions:
            break
        state = v.apply(state, rng.choice(actions)).state
        states.append(state)
    return tuple(states)


@st.composite
def reached(draw: st.DrawFn) -> tuple[dogrules.Variant, State]:
    name = draw(st.sampled_from(sorted(dogrules.VARIANTS)))
    states = _playout(name, draw(st.sampled_from(SEEDS)))
    return dogrules.variant(name), draw(st.sampled_from(states))


def _odd_values() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(),
        st.integers(-1000, 1000),
        st.booleans(),
        st.text(max_size=6),
        st.lists(st.integers(-3, 3), max_size=2),
        st.tuples(st.integers(-3, 3)),
        st.floats(allow_nan=True),
    )


@functools.cache
def _fields(name: str, players: int) -> dict[str, st.SearchStrategy[Any]]:
    """For each field of an action, values of its type on this board or of any other type.
    Built once per variant and player count: Hypothesis works out each new strategy's
    properties (can it be empty? are its values reusable?) through all of its parts, which
    cost more than the drawing when the strategies were built anew for every example."""
    v = dogrules.variant(name)
    cards = sorted(v.deck.notations)
    size = v.board(players).track + 4 * v.board(players).finish
    location = st.one_of(st.integers(-1, size - 1), st.integers(-(10**6), 10**6), _odd_values())
    move = st.one_of(st.tuples(location, location), st.tuples(location), _odd_values())
    fields: dict[str, st.SearchStrategy[Any]] = {
        "kind": st.one_of(st.sampled_from(list(ActionKind)), st.sampled_from(["jump", "play"])),
        "card": st.one_of(st.none(), st.sampled_from(cards), _odd_values()),
        "copied": st.one_of(st.none(), st.sampled_from(cards), _odd_values()),
        "moves": st.one_of(st.tuples(), st.lists(move, max_size=3).map(tuple), _odd_values()),
        "field": st.one_of(st.none(), location),
        "chosen": st.one_of(st.none(), st.sampled_from(cards), _odd_values()),
        "turn": st.one_of(st.none(), st.sampled_from(["cw", "ccw", "up"]), _odd_values()),
    }
    return fields


@st.composite
def actions(draw: st.DrawFn, v: dogrules.Variant, state: State) -> Action:
    """A listed action with some fields changed, or an action made up field by field."""
    fields = _fields(v.name, state.players)
    listed = v.legal_actions(state)
    altered: bool = draw(st.booleans())
    if listed and altered:
        base = draw(st.sampled_from(listed))
        changed = draw(st.lists(st.sampled_from(sorted(fields)), min_size=1, max_size=2))
        return base._replace(**{name: draw(fields[name]) for name in changed})
    return Action(**{name: draw(strategy) for name, strategy in fields.items()})


@pytest.mark.slow
@FUZZERS
@DEEP
@settings(max_examples=EXAMPLES, deadline=None)
@given(st.data())
def test_any_action_is_judged_and_nothing_else_escapes(data: st.DataObject) -> None:
    v, state = data.draw(reached())
    action = data.draw(actions(v, state))
    ruling = v.explain(state, action)
    MET["actions", "legal" if ruling.legal else "refused"] += 1
    assert isinstance(ruling, Ruling)
    assert isinstance(str(action), str)
    try:
        transition = v.apply(state, action)
    except IllegalAction as exc:
        assert not ruling.legal, f"apply refused what explain accepted: {exc}"
        assert exc.clauses
    else:
        assert isinstance(transition, Transition)
        assert ruling.legal, f"apply accepted what explain refused: {ruling.text}"
    assert v.is_legal(state, action) == ruling.legal


# Words of the notation, so that drawn texts come near real ones (st.text() alone rarely does).
WORDS = ["T3", "T999", "F2", "F9", "F2@1", "F1@9", "H", "-", "<>", "turn", "cw", "up", "x2"]
WORDS += ["place", "give", "discard", "fold", "redraw", "copy=5", "copy=copy", "=red", "5=red"]


@functools.cache
def _words(name: str) -> st.SearchStrategy[str]:
    # Built once per variant, as _fields is.
    return st.sampled_from([*WORDS, *dogrules.variant(name).deck.notations])


@st.composite
def texts(draw: st.DrawFn, v: dogrules.Variant, state: State) -> str:
    """Any text, words of the notation run together, or a listed action's own text (so
    that some texts are read, not all refused)."""
    words = _words(v.name)
    way = draw(st.sampled_from(["any", "words", "listed"]))
    if way == "any":
        return draw(st.text())
    listed = v.legal_actions(state)
    if way == "listed" and listed:
        return str(draw(st.sampled_from(listed)))
    separator = draw(st.sampled_from([" ", ""]))
    return separator.join(draw(st.lists(words, max_size=5)))


@FUZZERS
@DEEP
@settings(max_examples=EXAMPLES, deadline=None)
@given(st.data())
def test_any_text_is_read_or_refused_with_notation_error(data: st.DataObject) -> None:
    v, state = data.draw(reached())
    text = data.draw(texts(v, state))
    try:
        action = v.parse_action(state, text)
    except NotationError:
        MET["texts", "refused"] += 1
        return
    MET["texts", "read"] += 1
    assert isinstance(action, Action)


@pytest.mark.parametrize("value", ["5 T3-T8", None, 5, ("play", "5")])
def test_a_non_action_is_a_type_error_naming_the_argument(value: object) -> None:
    v = dogrules.variant("black-dog")
    state = v.new_game()
    for method in (v.apply, v.explain, v.is_legal):
        with pytest.raises(TypeError, match="action must be a dogrules Action"):
            method(state, value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 5, b"5 T3-T8"])
def test_parse_action_of_no_text_is_a_type_error_naming_the_argument(value: object) -> None:
    v = dogrules.variant("black-dog")
    with pytest.raises(TypeError, match="text must be a str"):
        v.parse_action(v.new_game(), value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "change",
    [
        {"moves": ((999, 3),)},
        {"moves": ((1,),)},
        {"moves": (("T3", 5),)},
        {"moves": [(1, 2)]},
        {"card": 5},
        {"chosen": [1]},
        {"turn": "up"},
        {"kind": "jump"},
        {"field": -7},
    ],
)
def test_an_altered_action_is_refused_citing_r_c12(change: dict[str, Any]) -> None:
    v = dogrules.variant("black-dog")
    state = _playout(v.name, 0)[10]
    action = v.legal_actions(state)[0]._replace(**change)
    ruling = v.explain(state, action)
    assert not ruling.legal and "R-C12" in ruling.clauses, ruling.text
    with pytest.raises(IllegalAction) as refused:
        v.apply(state, action)
    assert "R-C12" in refused.value.clauses
    assert str(action)


@FUZZERS
@DEEP
def test_the_fuzzers_met_every_verdict() -> None:
    """Runs after the two fuzzers (file order, same worker): their inputs reached both sides
    of each property, so neither passed by trying one side alone."""
    ran = {fuzzer for fuzzer, _ in MET}
    if not ran:
        pytest.skip("the fuzzers did not run in this process")
    unmet = [(f, verdict) for f in sorted(ran) for verdict in VERDICTS[f] if not MET[f, verdict]]
    assert unmet == [], f"one error family (issue 9): no input drawn came to {unmet} ({MET})"


@pytest.mark.parametrize("value", [None, 5, b"black-dog", ["black-dog"]])
def test_a_variant_name_that_is_no_text_is_a_type_error_naming_it(value: object) -> None:
    with pytest.raises(TypeError, match="name must be a variant name"):
        dogrules.variant(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state must be a dogrules State"):
        dogrules.dump(value)  # type: ignore[arg-type]


# ---- issue 33: the last errors outside the family --------------------------------------------


def test_an_unknown_variant_is_an_invalid_argument_and_a_value_error() -> None:
    with pytest.raises(InvalidArgument, match="unknown variant 'chess'; valid variants: black-dog"):
        dogrules.variant("chess")
    assert issubclass(InvalidArgument, DogRulesError) and issubclass(InvalidArgument, ValueError)


@pytest.mark.parametrize("seat", [4, -1, "0", 1.0, [0]])
def test_observing_from_a_seat_not_at_the_table_is_an_invalid_argument(seat: Any) -> None:
    v = dogrules.variant("agent-dog")
    with pytest.raises(InvalidArgument, match="is not in this game"):
        v.observe(v.new_game(4), seat)


def test_a_state_of_another_variant_is_an_invalid_argument() -> None:
    state = dogrules.variant("dog-kids").new_game(2)
    with pytest.raises(InvalidArgument, match="this is a 'dog-kids' state, not black-dog"):
        dogrules.variant("black-dog").legal_actions(state)


@pytest.mark.parametrize("teams", [True, False])
def test_teams_a_variant_is_not_played_with_are_an_invalid_argument(teams: bool) -> None:
    v = dogrules.variant("dog-kids" if teams else "agent-dog")
    with pytest.raises(InvalidArgument, match="4 players"):
        v.new_game(3 if teams else 4, teams=teams)


@pytest.mark.parametrize(
    "seed",
    [2**63, -(2**63), 10**5000, 1.5, True],
    ids=["2**63", "-2**63", "10**5000", "1.5", "True"],
)
def test_a_new_game_takes_only_a_seed_its_state_keeps(seed: Any) -> None:
    with pytest.raises(InvalidArgument, match="seed: expected an integer below 2\\*\\*63 in size"):
        dogrules.variant("black-dog").new_game(4, seed)


@pytest.mark.parametrize("seed", [2**63 - 1, -(2**63) + 1, 0])
def test_the_largest_seeds_round_trip(seed: int) -> None:
    for name in dogrules.VARIANTS:
        state = dogrules.variant(name).new_game(4, seed)
        assert dogrules.load(dogrules.dump(state)) == state


def test_a_seed_of_thousands_of_digits_is_an_invalid_position() -> None:
    data = dogrules.dump(dogrules.variant("dog-kids").new_game(2))
    data["seed"] = 10**5000  # past Python's limit on digits to print
    with pytest.raises(InvalidPosition, match=r"seed: expected an integer .*, got <int too large"):
        dogrules.load(data)


# Values of every kind, some nested too deep to print or to hash, for position()'s arguments.
_DEEP: list[Any] = []
for _ in range(3000):
    _DEEP = [_DEEP]
ODD = st.one_of(
    _odd_values(),
    st.sampled_from([[["H"]], {"a": 1}, {0}, (1,), b"T5", object(), 10**5000, 2**63, _DEEP]),
)
# How many calls of position() drew which verdict: both must be met (see below).
POSITIONS: collections.Counter[str] = collections.Counter()


@st.composite
def position_arguments(draw: st.DrawFn) -> tuple[dogrules.Variant, dict[str, Any]]:
    """The arguments of a good position() call, none to three of them (or a seat's pieces or
    hand, or one entry of them) replaced by a value of any kind (none: so that the fuzzer
    meets built positions every run, not only when an odd value happens to be a good one)."""
    v = dogrules.variant(draw(st.sampled_from(sorted(dogrules.VARIANTS))))
    per_seat = len(v.new_game(4).pieces[0])
    kwargs: dict[str, Any] = {
        "players": 4,
        "pieces": {seat: ["H"] * per_seat for seat in range(4)},
        "hands": {0: [sorted(v.deck.notations)[0]]},
        "to_act": 0,
        "black_dog": "T24" if v.name == "black-dog" else None,
    }
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from([*kwargs, "last_played", "teams", "dealer", "seed"]))
        if key in ("pieces", "hands") and isinstance(kwargs[key], dict) and draw(st.booleans()):
            rows = dict(kwargs[key])
            seat = draw(st.sampled_from([*rows, 9, "0"]))
            given = rows.get(seat)
            row: list[Any] = list(given) if isinstance(given, list) else []
            one_entry: bool = draw(st.booleans())
            if row and one_entry:
                row[draw(st.integers(0, len(row) - 1))] = draw(ODD)
                rows[seat] = row
            else:
                rows[seat] = draw(ODD)
            kwargs[key] = rows
        else:
            kwargs[key] = draw(ODD)
    return v, kwargs


@FUZZERS
@DEEP
@settings(max_examples=EXAMPLES, deadline=None)
@given(position_arguments())
def test_position_of_any_arguments_is_a_position_or_an_error_of_the_family(
    drawn: tuple[dogrules.Variant, dict[str, Any]],
) -> None:
    """Issue 33: position() leaked accidental TypeErrors (an unhashable card) and
    RecursionErrors (a message printing a deeply nested value)."""
    v, kwargs = drawn
    try:
        state = v.position(**kwargs)
    except DogRulesError as exc:
        POSITIONS["refused"] += 1
        assert str(exc) and len(str(exc)) < 2000
        return
    POSITIONS["built"] += 1
    assert isinstance(state, State) and dogrules.load(dogrules.dump(state)) == state


@FUZZERS
@DEEP
def test_the_position_fuzzer_met_both_verdicts() -> None:
    if not POSITIONS:
        pytest.skip("the position fuzzer did not run in this process")
    assert POSITIONS["refused"] and POSITIONS["built"], POSITIONS


@pytest.mark.parametrize("teams", [1, "yes", 0.0])
def test_teams_that_is_not_a_bool_is_refused_in_the_family(teams: Any) -> None:
    # A truthy number used to pass for True in pure Python and raise a TypeError compiled.
    v = dogrules.variant("dog-kids")
    with pytest.raises(InvalidArgument, match="teams must be"):
        v.new_game(4, teams=teams)
    with pytest.raises(dogrules.InvalidPosition, match="teams: expected"):
        v.position(players=4, pieces={}, hands={}, teams=teams)
