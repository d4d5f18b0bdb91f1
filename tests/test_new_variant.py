"""A new variant is one composition: Black DOG without the Black Dog, defined here in a few
lines from the mechanics, registered at run time and played through the public API with the
invariants on (docs/adding-a-variant.md walks through the same example)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import dogrules
from dogrules.engine.ruleset import Game, Ruleset
from dogrules.geometry.cards import BlackCards, CardCatalogue, CardFamily
from dogrules.model.results import Step
from dogrules.model.state import Phase, State
from dogrules.rules.disc import DiscTurn
from dogrules.rules.play import RoundPlay
from dogrules.rules.round import (
    RoundOpening,
)
from dogrules.testing.decisions import check_decisions
from dogrules.testing.invariants import check_state, variant_invariants
from dogrules.variants import register, unregister
from dogrules.variants.black_dog import BLACK_DOG
from dogrules.variants.black_dog_invariants import check_disc_turns_iff_paw_landing

NAME = "plain-dog"


def without_black_cards(layout: dict[str, Any]) -> dict[str, Any]:
    """Black DOG's board and deck data with the 14 black cards taken out of the deck."""
    datums = []
    for datum in layout["datum"]:
        if "deck" in datum:
            deck = {card: n for card, n in datum["deck"].items() if not card.startswith("black")}
            datum = {**datum, "deck": deck, "deck_total": sum(deck.values())}
        datums.append(datum)
    return {**layout, "datum": datums}


def disc_turns_only_after_paw_landings(game: Game, state: State, step: Step | None) -> None:
    if step is not None:
        check_disc_turns_iff_paw_landing(game, step)


# Black DOG's own parts, less what belongs to the Black Dog: its black cards (the last kind of
# its catalogue, and their rule) and its setup (placing the dog).
BLACK_DOG_PLAY = BLACK_DOG.phases[Phase.PLAY]
assert isinstance(BLACK_DOG_PLAY, RoundPlay)
PLAIN_DOG = Ruleset(
    name=NAME,
    title="Black DOG without the Black Dog",
    clause_files=BLACK_DOG.clause_files,
    layout_file=BLACK_DOG.layout_file,
    layout=without_black_cards(BLACK_DOG.layout_data),
    source="Black DOG's layout without black cards",
    catalogue=CardCatalogue(
        tuple(kind for kind in BLACK_DOG.catalogue.kinds if not isinstance(kind, BlackCards))
    ),
    phases={
        Phase.EXCHANGE: BLACK_DOG.phases[Phase.EXCHANGE],
        Phase.PLAY: RoundPlay(
            cards={f: rule for f, rule in BLACK_DOG_PLAY.cards.items() if f != CardFamily.BLACK},
            disc=DiscTurn(),
        ),
        Phase.OVER: BLACK_DOG.phases[Phase.OVER],
    },
    opening=RoundOpening(first_phase=Phase.EXCHANGE),
    teams_for=BLACK_DOG.teams_for,
    starter=BLACK_DOG.starter,
    complete_sides=BLACK_DOG.complete_sides,
    invariants=(disc_turns_only_after_paw_landings,),
)


@pytest.fixture
def plain_dog() -> Iterator[dogrules.Variant]:
    variant = register(PLAIN_DOG)
    try:
        yield variant
    finally:
        unregister(NAME)


@pytest.mark.clause("BD-DECK", "R-C12")
def test_a_variant_defined_at_run_time_is_found_by_name_and_plays_its_own_deck(
    plain_dog: dogrules.Variant,
) -> None:
    assert dogrules.variant(NAME) is plain_dog
    assert plain_dog.deck.total == 110 - 14
    assert not any(card.startswith("black") for card in plain_dog.deck.notations)
    state = plain_dog.new_game(players=4, seed=3)
    assert state.phase == "exchange" and state.black_dog is None
    assert dogrules.load(dogrules.dump(state)) == state
    # Its own catalogue: a black card is no card of this game.
    with pytest.raises(ValueError, match="unknown card"):
        plain_dog.parse_action(state, "black:1-7 T0-T3")


# Every state of the games keeps every invariant (check_state); the decisions are checked
# (check_decisions: the listed actions applied and checked, variations of them refused) at
# every DECISIONS_EVERY-th state, some 600 states of the three games: the decisions are
# those of Black DOG's rule objects, which the state machines check at every state they
# reach (tests/test_state_machines.py).
DECISIONS_EVERY = 4


@pytest.mark.slow
@pytest.mark.clause("BD-DISC-TURN", "R-B5", "R-C11")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_of_a_new_variant_keep_every_invariant(
    plain_dog: dogrules.Variant, players: int
) -> None:
    rng = random.Random(players)
    state = plain_dog.new_game(players=players, seed=players)
    check_state(plain_dog, state, None, variant_invariants)
    steps = 0
    while state.phase != "over":
        if steps % DECISIONS_EVERY == 0:
            actions, transitions = check_decisions(plain_dog, state, variant_invariants, breadth=8)
        else:
            actions, transitions = plain_dog.legal_actions(state), {}
        action = rng.choice(actions)
        transition = transitions.get(action) or plain_dog.apply(state, action)
        check_state(
            plain_dog, transition.state, Step(state, action, transition), variant_invariants
        )
        state = transition.state
        steps += 1
        assert steps < 5000, "a game of the new variant does not end"
    assert state.winner


@pytest.mark.clause("BD-PLACE-BLACK-DOG", "R-C12")
def test_a_new_variant_refuses_what_it_does_not_have(plain_dog: dogrules.Variant) -> None:
    state = plain_dog.position(
        players=2,
        pieces={0: ["T5", "H", "H", "H", "H"], 1: ["T40", "H", "H", "H", "H"]},
        hands={0: ["5"]},
    )
    with pytest.raises(dogrules.InvalidPosition, match="no Black Dog"):
        plain_dog.position(
            players=2, pieces={0: ["H"] * 5, 1: ["H"] * 5}, hands={0: ["5"]}, black_dog="T8"
        )
    ruling = plain_dog.explain(state, dogrules.Action(dogrules.ActionKind.PLACE, field=8))
    assert not ruling.legal and "no Black Dog" in ruling.text


def test_a_name_is_registered_once() -> None:
    with pytest.raises(ValueError, match="already registered"):
        register(BLACK_DOG)
    with pytest.raises(ValueError, match="built in"):
        unregister("black-dog")
