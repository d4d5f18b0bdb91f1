"""Built-in players: a random one and a simple greedy one. Both are deterministic given their
seed, so a narrated game is reproducible."""

from __future__ import annotations

import random
from typing import Protocol

from dogrules.geometry.board import HOME, Board
from dogrules.model.actions import Action
from dogrules.model.state import State
from dogrules.variants.facade import Variant


class Bot(Protocol):
    name: str

    def choose(self, variant: Variant, state: State, actions: tuple[Action, ...]) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, variant: Variant, state: State, actions: tuple[Action, ...]) -> Action:
        return self._rng.choice(actions)


def progress(board: Board, seat: int, location: int) -> int:
    """How far a piece of ``seat`` has come: 0 at home, then steps from its start, the finish
    counting most."""
    if location == HOME:
        return 0
    if location >= board.track:
        return board.track + board.lane_index(location) * 4
    return (location - board.start[seat]) % board.track + 1


def standing(board: Board, state: State, seat: int) -> int:
    """The progress of ``seat``'s side minus that of the other seats."""
    side = {seat, (seat + state.players // 2) % state.players} if state.teams else {seat}
    total = 0
    for owner, locations in enumerate(state.pieces):
        score = sum(progress(board, owner, loc) for loc in locations)
        total += score if owner in side else -score // max(1, state.players - len(side))
    return total


class GreedyBot:
    """Tries every legal action and keeps one that leaves its side furthest ahead (ties broken
    at random); wins whenever it can."""

    name = "greedy"

    def __init__(self, seed: int = 0, limit: int = 400) -> None:
        self._rng = random.Random(seed)
        self._limit = limit

    def choose(self, variant: Variant, state: State, actions: tuple[Action, ...]) -> Action:
        if len(actions) == 1:
            return actions[0]
        board = variant.board(state.players)
        seat = state.to_act
        pool = list(actions)
        if len(pool) > self._limit:
            pool = self._rng.sample(pool, self._limit)
        best: list[Action] = []
        best_score = -(10**9)
        for action in pool:
            after = variant.apply(state, action).state
            if seat in after.winner:
                return action
            score = standing(board, after, seat)
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return self._rng.choice(best)


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int) -> Bot:
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")
    bot: Bot = BOTS[name](seed)
    return bot
