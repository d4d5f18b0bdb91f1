"""Bounded memory (issue 9): the legal-actions cache holds at most its budget of actions."""

from __future__ import annotations

import random

import attrs

import dogrules
from dogrules.engine import judge
from dogrules.engine.judge import ListingCache
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


def test_the_cache_never_holds_more_actions_than_its_budget() -> None:
    cache = ListingCache(action_budget=20, entry_budget=1000)
    largest = 0
    for name in sorted(dogrules.VARIANTS):
        for v, state in _states(name, 80):
            listing = cache(v.game(state.players), state)
            largest = max(largest, len(listing[0]))
            assert cache.actions <= 20
            assert cache.actions == sum(len(listing[0]) for *_, listing in cache._entries.values())
    assert largest > 20, "some listing should have been too large to keep"
    assert len(cache) > 1, "smaller listings are kept"


def test_a_listing_larger_than_the_budget_is_not_kept() -> None:
    cache = ListingCache(action_budget=0, entry_budget=10)
    v, state = _states("black-dog", 0)[0]
    assert cache(v.game(4), state)[0] == v.legal_actions(state)
    assert len(cache) == 0 and cache.actions == 0


def test_the_number_of_entries_is_bounded_too() -> None:
    cache = ListingCache(action_budget=10**9, entry_budget=5)
    for v, state in _states("dog-kids", 30):
        cache(v.game(state.players), state)
        assert len(cache) <= 5


def test_apply_after_legal_actions_finds_the_listing() -> None:
    v, state = _states("agent-dog", 20)[-1]
    game = v.game(state.players)
    listed = v.legal_actions(state)
    assert judge._listed(game, state)[0] is listed, "the listing is kept, not listed again"
    judge._listed.cache_clear()
    assert len(judge._listed) == 0 and judge._listed.actions == 0


def test_apply_on_a_state_not_listed_lately_asks_the_judge_and_lists_nothing() -> None:
    v, state = _states("black-dog", 30)[-1]
    again = attrs.evolve(state)  # equal, but another object: not found by identity
    action = v.legal_actions(state)[0]
    judge._listed.cache_clear()
    assert v.apply(again, action).state == v.apply(state, action).state
    assert len(judge._listed) == 0, "applying to a state nobody listed lists nothing"
    assert judge._listed.kept(v.game(state.players), again) is None


def test_the_judge_keeps_only_its_last_verdict_for_the_very_same_objects() -> None:
    """is_legal, apply and explain of one near miss judge it once; an equal action built
    anew, or another state, is judged again; the tracer's cache_clear forgets the verdict."""
    v, state = _states("black-dog", 12)[-1]
    game = v.game(state.players)
    wrong = dogrules.Action(dogrules.ActionKind.PLAY, card="5", moves=((0, 5),))
    first = judge.judge(game, state, wrong)
    assert first is not None, "the made-up play must be refused for this test to say anything"
    assert judge.judge(game, state, wrong) is first
    again = attrs.evolve(wrong)
    assert again == wrong and judge.judge(game, state, again) is not first
    assert judge.judge(game, state, again) == first
    judge._last_verdict.cache_clear()
    assert judge.judge(game, state, again) is not first
    other = v.apply(state, v.legal_actions(state)[0]).state
    assert judge.judge(game, other, wrong) is not first
