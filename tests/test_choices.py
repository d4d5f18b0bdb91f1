"""Staged choices (``Variant.choices``): every complete path is one action of
``legal_actions`` and every listed action is reached by exactly one path; each option leads
somewhere; options are chosen by label or by Option; a bad one names the step."""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import dogrules
from dogrules import Action, ChoiceError, Decision, Option, State, StepKind
from dogrules.engine.choices import DONE, decide
from dogrules.model.actions import ActionKind
from strategies import Position, positions

BD = dogrules.variant("black-dog")
AD = dogrules.variant("agent-dog")
KD = dogrules.variant("dog-kids")

# A walk visits every node; listings larger than this are walked in the tests that ask for
# them only (a crowded Partner position lists many thousand actions).
WALK_LIMIT = 4000


def walk(decision: Decision) -> Iterator[tuple[tuple[Option, ...], Action]]:
    """Every complete path below ``decision`` and the action it names; asserts on the way
    that every option leads to at least one action and that options are distinct."""
    if decision.action is not None:
        assert decision.options == () and decision.kind == StepKind.DONE
        assert decision.action in decision.actions
        yield decision.chosen, decision.action
        return
    assert len(set(decision.options)) == len(decision.options)
    assert len({o.label for o in decision.options}) == len(decision.options)
    for option in decision.options:
        below = list(walk(decision.choose(option)))
        assert below, f"option {option} after {decision.path()!r} leads to no action"
        yield from below


def assert_paths_are_the_listing(variant: dogrules.Variant, state: State) -> int:
    listed = variant.legal_actions(state)
    reached = list(walk(variant.choices(state)))
    actions = [action for _, action in reached]
    assert len(actions) == len(listed)
    assert set(actions) == set(listed)
    # The very objects of the listing, each reached once.
    assert {id(action) for action in actions} == {id(action) for action in listed}
    assert len({path for path, _ in reached}) == len(reached)
    return len(listed)


def games(
    variant: dogrules.Variant, players: int, seed: int, steps: int, teams: bool | None = None
) -> Iterator[State]:
    """The states of a seeded random game (setup and exchange phases included)."""
    state = variant.new_game(players=players, seed=seed, teams=teams)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.phase == "over":
            return
        yield state
        state = variant.apply(state, rng.choice(variant.legal_actions(state))).state
    yield state


GAMES = [
    (variant, players, teams)
    for variant in (BD, AD, KD)
    for players in (2, 3, 4)
    for teams in ((None, True) if variant is KD and players == 4 else (None,))
]


@pytest.mark.parametrize(
    ("variant", "players", "teams"), GAMES, ids=lambda x: getattr(x, "name", str(x))
)
def test_every_path_of_random_games_is_the_listing(
    variant: dogrules.Variant, players: int, teams: bool | None
) -> None:
    phases = set()
    for seed in (1, 2):
        for state in games(variant, players, seed, 120, teams):
            assert_paths_are_the_listing(variant, state)
            phases.add(str(state.phase))
    assert "play" in phases
    if variant is BD:
        assert {"setup", "exchange"} <= phases


def test_a_finished_game_has_no_options_and_no_action() -> None:
    state = BD.position(
        players=2,
        pieces={0: ["F2", "F3", "F4", "T62", "H"], 1: ["T32", "H", "H", "H", "H"]},
        hands={0: ["3"]},
        black_dog="T24",
    )
    won = BD.apply(state, BD.parse_action(state, "3 T62-F1")).state
    assert won.phase == "over"
    decision = BD.choices(won)
    assert (decision.options, decision.action, decision.kind) == ((), None, "done")
    with pytest.raises(ChoiceError, match="the decision is over"):
        decision.choose("3")


CROWDED = {
    0: ["T5", "T20", "T30", "H"],
    1: ["T16", "T40", "H", "H"],
    2: ["T32", "T8", "H", "H"],
    3: ["T48", "T50", "H", "H"],
}

PARTNER_POSITIONS = [
    pytest.param(
        BD,
        dict(players=4, pieces=CROWDED, hands={0: ["partner", "black:1-7", "swap", "magnet"]}),
        id="black-dog-partner-black-swap-magnet",
    ),
    pytest.param(
        BD,
        dict(players=4, pieces=CROWDED, hands={0: ["copy", "13"]}, last_played="partner"),
        id="black-dog-copy-of-partner",
    ),
    pytest.param(
        BD,
        dict(
            players=2,
            pieces={0: ["T5", "T9", "T60", "F1", "H"], 1: ["T16", "T20", "T33", "H", "H"]},
            hands={0: ["partner", "black:3", "black:5", "7"]},
        ),
        id="black-dog-2p-partner-into-finish",
    ),
    pytest.param(
        AD,
        dict(players=4, pieces=CROWDED, hands={0: ["partner", "copy"]}, last_played="partner"),
        id="agent-dog-partner-and-copy",
    ),
    pytest.param(
        AD,
        dict(
            players=3,
            pieces={
                0: ["T0", "T7", "H", "H"],
                1: ["T21", "T30", "H", "H"],
                2: ["T42", "H", "H", "H"],
            },
            hands={0: ["partner", "swap", "1/11"]},
        ),
        id="agent-dog-3p-partner",
    ),
    pytest.param(
        KD,
        dict(
            players=4,
            pieces={
                0: ["T3", "T12", "H"],
                1: ["T10", "H", "H"],
                2: ["T20", "H", "H"],
                3: ["T33", "H", "H"],
            },
            hands={0: ["blue/red", "blue x2", "dogswap"]},
            teams=True,
        ),
        id="dog-kids-teams-two-colour-double-dogswap",
    ),
]


@pytest.mark.parametrize(("variant", "kwargs"), PARTNER_POSITIONS)
def test_every_path_of_partner_heavy_positions_is_the_listing(
    variant: dogrules.Variant, kwargs: dict[str, object]
) -> None:
    extra = {"black_dog": "T24"} if variant is BD else {}
    state = variant.position(**kwargs, **extra)  # type: ignore[arg-type]
    assert assert_paths_are_the_listing(variant, state) > 1


@settings(max_examples=15)
@given(st.data())
def test_every_path_of_random_positions_is_the_listing(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(dogrules.VARIANTS), label="variant")
    drawn: Position = data.draw(positions(name, (2, 3, 4), name == "black-dog"))
    variant = dogrules.variant(name)
    assume(len(variant.legal_actions(drawn.state)) <= WALK_LIMIT)
    assert_paths_are_the_listing(variant, drawn.state)


def partner_state() -> State:
    return BD.position(players=4, pieces=CROWDED, hands={0: ["partner", "5"]}, black_dog="T24")


def test_a_partner_play_is_chosen_step_by_step_by_label_and_by_option() -> None:
    state = partner_state()
    decision = BD.choices(state)
    assert decision.kind == StepKind.CARD and decision.chosen == ()
    assert [o.label for o in decision.options] == ["5", "partner"]
    decision = decision.choose("partner")
    assert decision.kind == StepKind.PIECE
    assert "T5" in [o.label for o in decision.options]
    piece = next(o for o in decision.options if o.label == "T5")
    assert piece == Option(StepKind.PIECE, 5, "T5")
    decision = decision.choose(piece).choose("T6")
    assert decision.kind == StepKind.PIECE and decision.path() == "partner T5 T6"
    while decision.action is None:
        decision = decision.choose(decision.options[0])
    listed = BD.legal_actions(state)
    assert any(decision.action is action for action in listed)
    assert str(decision.action).startswith("partner T5-T6 ")
    assert decision.path() == str(decision.action).replace("-", " ")


def test_labels_are_matched_exactly_then_ignoring_case() -> None:
    decision = BD.choices(partner_state()).choose("PARTNER")
    assert decision.chosen == (Option(StepKind.CARD, "partner", "partner"),)
    assert decision.choose(" t5 ").path() == "partner T5"


def test_a_bad_option_names_the_step_and_the_valid_options() -> None:
    decision = BD.choices(partner_state()).choose("partner")
    with pytest.raises(ChoiceError, match=r"'T99' is not an option of the piece step") as info:
        decision.choose("T99")
    assert isinstance(info.value, dogrules.DogRulesError) and isinstance(info.value, ValueError)
    assert info.value.step == "piece" and "T5" in info.value.options
    assert "choose one of: T5" in str(info.value)
    with pytest.raises(ChoiceError, match="not an option of the piece step"):
        decision.choose(Option(StepKind.CARD, "5", "5"))
    with pytest.raises(TypeError, match="Option or a str, got int"):
        decision.choose(5)  # type: ignore[arg-type]
    complete = BD.choices(partner_state()).choose("5").choose("T5").choose("T10")
    assert complete.action is not None
    with pytest.raises(ChoiceError, match="the decision is complete"):
        complete.choose("T5")


def test_back_undoes_one_step_and_stays_at_the_first() -> None:
    root = BD.choices(partner_state())
    assert root.back() is root
    card = root.choose("partner")
    piece = card.choose("T5")
    assert piece.back() is card and piece.back().back() is root
    assert piece.back() == root.choose("partner") and hash(card) == hash(root.choose("partner"))


def test_non_card_decisions_are_options_of_the_first_step() -> None:
    state = BD.new_game(players=4, seed=7)
    assert state.phase == "setup"
    root = BD.choices(state)
    assert [o.label for o in root.options] == ["place"]
    fields = root.choose("place")
    assert fields.kind == StepKind.FIELD and fields.options[0] == Option(StepKind.FIELD, 7, "T7")
    placed = fields.choose("T7")
    assert placed.action is BD.legal_actions(state)[0] and str(placed.action) == "place T7"
    exchange = BD.apply(state, placed.action).state
    assert exchange.phase == "exchange"
    root = BD.choices(exchange)
    assert all(o.label.startswith("give ") for o in root.options)
    given_card = root.choose(root.options[0])
    assert given_card.action is not None and given_card.action.kind == ActionKind.GIVE


def test_a_folding_seat_is_offered_fold() -> None:
    state = BD.position(
        players=4,
        pieces={0: ["H", "H", "H", "H"], 1: ["T16", "H", "H", "H"], 2: ["H"] * 4, 3: ["H"] * 4},
        hands={0: ["5", "7"]},
        black_dog="T24",
    )
    root = BD.choices(state)
    assert [o.label for o in root.options] == ["fold"]
    assert root.choose("fold").action == Action(ActionKind.FOLD)


def test_a_path_ending_where_another_goes_on_is_ended_by_done() -> None:
    # No variant lists such actions today; the trie works on any listing all the same.
    state = partner_state()
    notation = BD.game(4).notation(0)
    short = Action(ActionKind.PLAY, card="5", moves=((5, 10),), notation=notation)
    longer = Action(ActionKind.PLAY, card="5", moves=((5, 10), (20, 21)), notation=notation)
    turned = Action(ActionKind.PLAY, card="5", moves=((5, 10),), turn="cw", notation=notation)
    root = decide(state, notation, (short, longer, turned))
    middle = root.choose("5").choose("T5").choose("T10")
    assert [o.label for o in middle.options] == ["done", "T20", "cw"]
    assert middle.kind == StepKind.DONE and middle.options[0] is DONE
    assert middle.choose("done").action is short
    assert middle.choose("cw").action is turned
    assert middle.choose("T20").choose("T21").action is longer
    assert [action for _, action in walk(root)] == [short, longer, turned]


def test_the_frontends_guide_example_runs_and_prints_what_it_says() -> None:
    guide = Path(__file__).parent.parent / "docs" / "guides" / "frontends.md"
    section = guide.read_text(encoding="utf-8").split("## Choices one step at a time")[1]
    code = section.split("```python")[1].split("```")[0]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        # The guide's earlier blocks made v, the variant its game loop plays.
        exec(compile(code, "frontends.md", "exec"), {"v": dogrules.variant("black-dog")})
    promised = [line.split("# ")[-1] for line in code.splitlines() if "print(" in line]
    assert printed.getvalue().splitlines() == promised
