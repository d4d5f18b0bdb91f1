"""A new variant is one module and its register: "tally-dog", Black DOG without the Black Dog
and with a part of the state of its own (a tally of the cards played, TD-TALLY in
``tests/tally-dog.toml``), defined here from the mechanics, registered at run time without
touching the package, and played through every public surface: the Python API, the command
line, the protocol, the book and the RL environments (docs/adding-a-variant.md walks through
the same example)."""

from __future__ import annotations

import ast
import dataclasses
import json
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
from click.testing import CliRunner

import dogrules
from dogrules.app.book.build import write_book
from dogrules.app.book.illustrations import illustrate
from dogrules.app.book.pictures import picture
from dogrules.app.cli import main
from dogrules.engine.parts import VariantPart, is_int
from dogrules.engine.ruleset import GameRules, Ruleset
from dogrules.geometry.board import Board
from dogrules.geometry.cards import BlackCards, CardCatalogue, CardFamily
from dogrules.model.actions import Action, ActionKind
from dogrules.model.errors import InvalidPosition, Problem, violation
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.results import Refusal, Step, Transition
from dogrules.model.state import Phase, State
from dogrules.protocol.dispatch import handle_text
from dogrules.protocol.operations import Context
from dogrules.render.text import text_board
from dogrules.rules.disc import DiscTurn
from dogrules.rules.play import RoundPlay
from dogrules.rules.round import RoundOpening
from dogrules.testing.decisions import check_decisions
from dogrules.testing.invariants import check_state, variant_invariants
from dogrules.variants import VARIANTS, register, unregister
from dogrules.variants.black_dog import BLACK_DOG
from dogrules.variants.black_dog_invariants import check_disc_turns_iff_paw_landing

NAME = "tally-dog"
REGISTER = Path(__file__).with_name("tally-dog.toml")
SRC = Path(dogrules.__file__).parent


# ---- the variant ---------------------------------------------------------------------------


@attrs.frozen
class Tally:
    """The tally's part of a state: how many cards have been played in the game (TD-TALLY)."""

    played: int = 0


def tally_of(state: State) -> Tally:
    """The tally of ``state`` (an empty one for a state of another game)."""
    return state.extra if isinstance(state.extra, Tally) else Tally()


class TallyPart:
    """The tally as the part of a state tally-dog keeps: one JSON key, ``"played"``."""

    blank: Mapping[str, JSONValue] = {"played": 0}
    missing = "keeps no tally"

    def kind(self, teams: bool) -> type[Tally]:
        return Tally

    def start(self, board: Board, teams: bool) -> Tally:
        return Tally()

    def position(
        self,
        board: Board,
        pieces: Sequence[Sequence[int]],
        teams: bool,
        given: Mapping[str, object],
    ) -> Tally:
        return Tally()

    def problems(self, board: Board, state: State) -> list[Problem]:
        """The tally counts cards played: a whole number, never below zero (TD-TALLY)."""
        played = tally_of(state).played
        if not is_int(played) or played < 0:
            return [Problem("played", f"{played!r} is no number of cards played")]
        return []

    def dump(self, board: Board, state: State) -> dict[str, JSONValue]:
        return {"played": tally_of(state).played}

    def load(
        self, board: Board, data: Mapping[str, object], teams: bool
    ) -> tuple[Tally, list[Problem]]:
        played = data["played"]
        if not isinstance(played, int) or isinstance(played, bool):
            raise InvalidPosition(f"played: expected an integer, got {played!r:.40}")
        return Tally(played), []

    def observe(self, board: Board, state: State, seat: int) -> dict[str, JSONValue]:
        """The tally is kept in plain view (TD-TALLY)."""
        return self.dump(board, state)

    def seen(self, board: Board, state: State, seat: int) -> Tally:
        return tally_of(state)

    def describe(self, board: Board, state: State) -> tuple[str, ...]:
        return (f"Cards played: {tally_of(state).played}",)


@dataclasses.dataclass(frozen=True)
class TalliedPlay:
    """Black DOG's play phase (without its black cards), and each card played adds one to
    the tally (TD-TALLY)."""

    play: RoundPlay

    def actions(self, game: GameRules, state: State) -> Iterable[Action]:
        return self.play.actions(game, state)

    def check(self, game: GameRules, state: State, action: Action) -> Refusal | None:
        return self.play.check(game, state, action)

    def carry_out(
        self, game: GameRules, state: State, action: Action, record: bool = True
    ) -> Transition:
        done = self.play.carry_out(game, state, action, record)
        if action.kind != ActionKind.PLAY:
            return done
        counted = done.state._replace(extra=Tally(tally_of(state).played + 1))
        return Transition(counted, done.events)


def the_tally_counts_each_card_played(game: GameRules, state: State, step: Step | None) -> None:
    """A new game's tally is 0; an action adds one exactly when it plays a card (TD-TALLY)."""
    before = 0 if step is None else tally_of(step.before).played
    played = step is not None and step.action.kind == ActionKind.PLAY
    if tally_of(state).played != before + played:
        raise violation("tally", f"the tally went from {before} to {tally_of(state).played}")


def disc_turns_only_after_paw_landings(game: GameRules, state: State, step: Step | None) -> None:
    if step is not None:
        check_disc_turns_iff_paw_landing(game, step)


def without_black_cards(layout: dict[str, Any]) -> dict[str, Any]:
    """Black DOG's board and deck data with the 14 black cards taken out of the deck."""
    datums = []
    for datum in layout["datum"]:
        if "deck" in datum:
            deck = {card: n for card, n in datum["deck"].items() if not card.startswith("black")}
            datum = {**datum, "deck": deck, "deck_total": sum(deck.values())}
        datums.append(datum)
    return {**layout, "datum": datums}


# Black DOG's own parts, less what belongs to the Black Dog: its black cards (the last kind of
# its catalogue, and their rule) and its setup (placing the dog); and the tally of its own.
BLACK_DOG_PLAY = BLACK_DOG.phases[Phase.PLAY]
assert isinstance(BLACK_DOG_PLAY, RoundPlay)
TALLY_DOG = Ruleset(
    name=NAME,
    title="Tally DOG",
    clause_files=(*BLACK_DOG.clause_files, str(REGISTER)),
    layout_file=BLACK_DOG.layout_file,
    layout=without_black_cards(BLACK_DOG.layout_data),
    source="Black DOG's layout without black cards",
    catalogue=CardCatalogue(
        tuple(kind for kind in BLACK_DOG.catalogue.kinds if not isinstance(kind, BlackCards))
    ),
    phases={
        Phase.EXCHANGE: BLACK_DOG.phases[Phase.EXCHANGE],
        Phase.PLAY: TalliedPlay(
            RoundPlay(
                cards={f: r for f, r in BLACK_DOG_PLAY.cards.items() if f != CardFamily.BLACK},
                disc=DiscTurn(),
            )
        ),
        Phase.OVER: BLACK_DOG.phases[Phase.OVER],
    },
    opening=RoundOpening(first_phase=Phase.EXCHANGE),
    teams_for=BLACK_DOG.teams_for,
    starter=BLACK_DOG.starter,
    complete_sides=BLACK_DOG.complete_sides,
    part=TallyPart(),
    invariants=(the_tally_counts_each_card_played, disc_turns_only_after_paw_landings),
)


@pytest.fixture(scope="module")
def tally_dog() -> Iterator[dogrules.Variant]:
    variant = register(TALLY_DOG)
    try:
        yield variant
    finally:
        unregister(NAME)


def played_to(variant: dogrules.Variant, state: State, plays: int, seed: int = 0) -> State:
    """``state`` after random actions until ``plays`` cards have been played."""
    rng = random.Random(seed)
    while tally_of(state).played < plays and state.phase != Phase.OVER:
        state = variant.apply(state, rng.choice(variant.legal_actions(state))).state
    return state


# ---- the Python API ------------------------------------------------------------------------


def test_the_variant_meets_the_part_protocol() -> None:
    part: VariantPart = TallyPart()
    assert part.kind(True) is Tally


@pytest.mark.clause("BD-DECK", "R-C12")
def test_a_variant_defined_at_run_time_is_found_by_name_and_plays_its_own_deck(
    tally_dog: dogrules.Variant,
) -> None:
    assert dogrules.variant(NAME) is tally_dog
    assert tally_dog.deck.total == 110 - 14
    assert not any(card.startswith("black") for card in tally_dog.deck.notations)
    state = tally_dog.new_game(players=4, seed=3)
    assert state.phase == "exchange" and state.black_dog is None
    assert state.extra == Tally(0)
    with pytest.raises(ValueError, match="unknown card"):
        tally_dog.parse_action(state, "black:1-7 T0-T3")


def test_its_part_is_written_read_shown_and_checked_as_it_says(
    tally_dog: dogrules.Variant,
) -> None:
    state = played_to(tally_dog, tally_dog.new_game(players=2, seed=5), 3)
    data = dogrules.dump(state)
    assert data["played"] == 3
    assert data["black_dog"] is None and data["exchanging"] == [], "format 1 keys, blank"
    assert list(data)[-1] == "played", "a run-time part's keys come after format 1's"
    assert dogrules.load(json.loads(json.dumps(data))) == state
    assert tally_dog.observe(state, 1)["played"] == 3
    assert tally_dog.observation(state, 1).extra == Tally(3)
    assert "Cards played: 3" in text_board(tally_dog.board(2), state)
    with pytest.raises(InvalidPosition, match="played"):
        dogrules.load({**data, "played": -1})
    with pytest.raises(InvalidPosition, match="missing key"):
        dogrules.load({key: value for key, value in data.items() if key != "played"})
    built_in = dogrules.dump(dogrules.variant("black-dog").new_game(players=2, seed=5))
    assert "played" not in built_in, "a run-time part writes its keys to its own states only"
    with pytest.raises(InvalidPosition, match="unknown key"):
        dogrules.load({**built_in, "played": 0})


@pytest.mark.clause("BD-PLACE-BLACK-DOG", "R-C12")
def test_a_new_variant_refuses_what_it_does_not_have(tally_dog: dogrules.Variant) -> None:
    state = tally_dog.position(
        players=2,
        pieces={0: ["T5", "H", "H", "H", "H"], 1: ["T40", "H", "H", "H", "H"]},
        hands={0: ["5"]},
    )
    assert state.extra == Tally(0)
    with pytest.raises(dogrules.InvalidPosition, match="no Black Dog"):
        tally_dog.position(
            players=2, pieces={0: ["H"] * 5, 1: ["H"] * 5}, hands={0: ["5"]}, black_dog="T8"
        )
    ruling = tally_dog.explain(state, dogrules.Action(dogrules.ActionKind.PLACE, field=8))
    assert not ruling.legal and "no Black Dog" in ruling.text
    with pytest.raises(InvalidPosition, match="has no Black Dog"):
        dogrules.load({**dogrules.dump(state), "black_dog": "T8"})


# Every state of the games keeps every invariant (check_state), the tally's among them; the
# decisions are checked (check_decisions: the listed actions applied and checked, variations
# of them refused) at every DECISIONS_EVERY-th state, some 600 states of the three games.
DECISIONS_EVERY = 4


@pytest.mark.slow
@pytest.mark.clause("BD-DISC-TURN", "R-B5", "R-C11")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_of_a_new_variant_keep_every_invariant(
    tally_dog: dogrules.Variant, players: int
) -> None:
    rng = random.Random(players)
    state = tally_dog.new_game(players=players, seed=players)
    check_state(tally_dog, state, None, variant_invariants)
    steps = 0
    while state.phase != "over":
        if steps % DECISIONS_EVERY == 0:
            actions, transitions = check_decisions(tally_dog, state, variant_invariants, breadth=8)
        else:
            actions, transitions = tally_dog.legal_actions(state), {}
        action = rng.choice(actions)
        transition = transitions.get(action) or tally_dog.apply(state, action)
        check_state(
            tally_dog, transition.state, Step(state, action, transition), variant_invariants
        )
        state = transition.state
        steps += 1
        assert steps < 5000, "a game of the new variant does not end"
    assert state.winner and tally_of(state).played > 0


def test_a_name_is_registered_once() -> None:
    with pytest.raises(ValueError, match="already registered"):
        register(BLACK_DOG)
    with pytest.raises(ValueError, match="built in"):
        unregister("black-dog")


# ---- the command line, the protocol, the book ----------------------------------------------


def test_the_command_line_plays_validates_and_draws_it(
    tally_dog: dogrules.Variant, tmp_path: Path
) -> None:
    runner = CliRunner()
    played = runner.invoke(
        main, ["play", NAME, "-p", "2", "-s", "4", "--bots", "random", "--record", "-"]
    )
    assert played.exit_code == 0, played.output
    record = json.loads(played.stdout[played.stdout.index("{") :])
    assert record["header"]["variant"] == NAME
    position = tmp_path / "position.json"
    state = played_to(tally_dog, tally_dog.new_game(players=2, seed=4), 2)
    position.write_text(json.dumps(dogrules.dump(state)), encoding="utf-8")
    checked = runner.invoke(main, ["validate", str(position)])
    assert checked.exit_code == 0, checked.output
    drawn = runner.invoke(main, ["render", str(position), "--text"])
    assert drawn.exit_code == 0 and "Cards played: 2" in drawn.output


def test_the_protocol_serves_it(tally_dog: dogrules.Variant) -> None:
    context = Context()
    hello: Any = handle_text('{"id": 1, "op": "hello"}', context)
    assert NAME in [v["name"] for v in hello["variants"]]
    started = handle_text(
        json.dumps({"id": 2, "op": "new_game", "variant": NAME, "players": 2, "seed": 1}),
        context,
    )
    state: Any = started["state"]
    assert state["played"] == 0
    while state["phase"] == "exchange" or state["played"] == 0:
        actions: Any = handle_text(
            json.dumps({"id": 3, "op": "legal_actions", "state": state}), context
        )
        applied: Any = handle_text(
            json.dumps({"id": 4, "op": "apply", "state": state, "action": actions["actions"][0]}),
            context,
        )
        state = applied["state"]
    assert state["played"] == 1
    seen: Any = handle_text(
        json.dumps({"id": 5, "op": "observe", "state": state, "seat": 0}), context
    )
    assert seen["view"]["played"] == 1
    valid: Any = handle_text(json.dumps({"id": 6, "op": "validate", "data": state}), context)
    assert valid["valid"], valid


def test_the_book_writes_its_page_and_draws_its_positions(
    tally_dog: dogrules.Variant, tmp_path: Path
) -> None:
    written = write_book(tmp_path, variants=(NAME,))
    page = (tmp_path / f"{NAME}.html").read_text(encoding="utf-8")
    assert "TD-TALLY" in page and "Tally DOG" in page
    assert written.clauses[NAME] == len(tally_dog.clauses)
    state = tally_dog.position(
        players=2, pieces={0: ["T5", "H", "H", "H", "H"], 1: ["T40"] + ["H"] * 4}, hands={0: ["5"]}
    )
    drawn = picture(illustrate("test_the_book", ("TD-TALLY",), state, played="5 T5-T10"))
    assert "<svg" in drawn and "Tally DOG" in drawn and "Cards played: 0" in drawn


# ---- the RL environments -------------------------------------------------------------------


def test_pettingzoo_plays_it(tally_dog: dogrules.Variant) -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed")
    from pettingzoo.test import api_test

    from dogrules.envs.zoo import env

    api_test(env(variant=NAME, players=2), num_cycles=60)


def test_openspiel_plays_it(tally_dog: dogrules.Variant) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed")
    from dogrules.envs.spiel import register_game, short_name

    register_game(NAME)
    game = pyspiel.load_game(short_name(NAME), {"players": 2, "max_steps": 120})
    pyspiel.random_sim_test(game, 1, False, False)


# ---- nothing outside the registry is keyed by a variant's name -----------------------------


def code_strings(path: Path) -> Iterator[tuple[int, str]]:
    """The string constants of a Python file's code (docstrings left out), with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield node.lineno, node.value


# The Black Dog's figure on a drawn board has the CSS class "black-dog": a name of the figure
# that the web page's script selects, not of the variant.
NOT_A_VARIANT = {("render/pieces.py", "black-dog"), ("app/web/board.js", "black-dog")}


def test_no_table_outside_the_registry_names_a_built_in_variant() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        relative = path.relative_to(SRC).as_posix()
        if relative.startswith("variants/"):
            continue
        for line, text in code_strings(path):
            if text in VARIANTS and (relative, text) not in NOT_A_VARIANT:
                found.append(f"src/dogrules/{relative}:{line}: {text!r}")
    for path in sorted((SRC / "app" / "web").glob("*.js")):
        relative = path.relative_to(SRC).as_posix()
        script = path.read_text(encoding="utf-8")
        found += [
            f"src/dogrules/{relative}: {name!r}"
            for name in VARIANTS
            if f'"{name}"' in script and (relative, name) not in NOT_A_VARIANT
        ]
    assert not found, "read these from dogrules.variants:\n" + "\n".join(found)
