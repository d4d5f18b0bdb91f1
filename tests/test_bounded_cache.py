"""Bounded memory (issue 9) and one owned cache (issue 29): a game's memo holds at most its
budget of listed actions, forgets everything on ``clear()``, and keeps a verdict or a listing
only for the very objects it was given."""

from __future__ import annotations

import random

import dogrules
from dogrules.engine import judge
from dogrules.engine.memo import Memo
from dogrules.model.state import State


def _states(name: str, steps: int) -> list[tuple[dogrules.Variant, State]]:
    v = dogrules.variant(name)
    rng = random.Random(1)
    state = v.new_game(players=4, seed=1)
    seen = [(v, state)]
    for _ in range(steps):
        actions = v.legal_actions(state)
        if not actions:
            break
        state = v.apply(state, rng.choice(actions)).state
        seen.append((v, state))
    return seen


def test_the_memo_never_holds_more_actions_than_its_budget() -> None:
    memo = Memo(action_budget=20, entry_budget=1000)
    largest = 0
    kept: dict[int, int] = {}
    for name in sorted(dogrules.VARIANTS):
        for v, state in _states(name, 80):
            actions = v.legal_actions(state)
            memo.keep_listing(state, actions)
            largest = max(largest, len(actions))
            kept[id(state)] = len(actions)
            assert memo.actions <= 20
    assert largest > 20, "some listing should have been too large to keep"
    assert memo.listings > 1, "smaller listings are kept"


def test_a_listing_larger_than_the_budget_is_not_kept() -> None:
    memo = Memo(action_budget=0, entry_budget=10)
    v, state = _states("black-dog", 0)[0]
    assert memo.keep_listing(state, v.legal_actions(state)).actions == v.legal_actions(state)
    assert memo.listings == 0 and memo.actions == 0 and memo.listing(state) is None


def test_the_number_of_listings_is_bounded_too() -> None:
    memo = Memo(action_budget=10**9, entry_budget=5)
    for v, state in _states("dog-kids", 30):
        memo.keep_listing(state, v.legal_actions(state))
        assert memo.listings <= 5


def test_apply_after_legal_actions_finds_the_listing_and_clear_forgets_it() -> None:
    v, state = _states("agent-dog", 20)[-1]
    game = v.game(state.players)
    listed = v.legal_actions(state)
    assert judge.legal_actions(game, state) is listed, "the listing is kept, not listed again"
    game.memo.clear()
    assert game.memo.listings == 0 and game.memo.actions == 0
    assert game.memo.listing(state) is None


def test_apply_on_a_state_not_listed_lately_asks_the_judge_and_lists_nothing() -> None:
    v, state = _states("black-dog", 30)[-1]
    game = v.game(state.players)
    again = state._replace()  # equal, but another object: not found by identity
    action = v.legal_actions(state)[0]
    game.memo.clear()
    assert v.apply(again, action).state == v.apply(state, action).state
    assert game.memo.listings == 0, "applying to a state nobody listed lists nothing"
    assert game.memo.listing(again) is None


def test_the_judge_keeps_only_its_last_verdict_for_the_very_same_objects() -> None:
    """is_legal, apply and explain of one near miss judge it once; an equal action built
    anew, or another state, is judged again; the memo's clear() forgets the verdict."""
    v, state = _states("black-dog", 12)[-1]
    game = v.game(state.players)
    wrong = dogrules.Action(dogrules.ActionKind.PLAY, card="5", moves=((0, 5),))
    first = judge.judge(game, state, wrong)
    assert first is not None, "the made-up play must be refused for this test to say anything"
    assert judge.judge(game, state, wrong) is first
    again = wrong._replace()
    assert again == wrong and judge.judge(game, state, again) is not first
    assert judge.judge(game, state, again) == first
    game.memo.clear()
    assert judge.judge(game, state, again) is not first
    other = v.apply(state, v.legal_actions(state)[0]).state
    assert judge.judge(game, other, wrong) is not first


def test_each_game_owns_its_memo() -> None:
    black, kids = dogrules.variant("black-dog"), dogrules.variant("dog-kids")
    assert black.game(4).memo is black.game(4).memo, "a game keeps its memo"
    assert black.game(4).memo is not black.game(3).memo
    assert black.game(4).memo is not kids.game(4).memo


def test_the_split_plans_kept_are_bounded_the_oldest_first_out_and_cleared() -> None:
    memo = Memo(plans_budget=2)
    made = [memo.plans(context, dict) for context in range(3)]
    assert memo.contexts == 2
    assert memo.plans(2, dict) is made[2]
    assert memo.plans(0, dict) is not made[0]
    memo.clear()
    assert memo.contexts == 0


def test_a_partner_search_keeps_its_plans_in_the_game_memo() -> None:
    v = dogrules.variant("black-dog")
    state = v.position(
        players=4,
        pieces={0: ["T1", "T9", "H", "H"], 1: ["T20", "H", "H", "H"], 2: ["H"] * 4, 3: ["H"] * 4},
        hands={0: ["partner"], 1: ["2"]},
        black_dog="T40",
    )
    game = v.game(4)
    game.memo.clear()
    listed = v.legal_actions(state)
    assert game.memo.contexts > 0
    game.memo.clear()
    assert v.legal_actions(state) == listed
