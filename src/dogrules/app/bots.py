"""Bots: the :class:`Bot` protocol, the built-in random and greedy bots, and the seat that
puts a bot at the table without showing it what its seat may not see.

A bot is told only what ``variant.observe(state, seat)`` gives (a :class:`Turn` when it is
to act, a :class:`Seen` after every action at the table) and chooses among the legal
actions. Both built-in bots are deterministic given their seed, so a game is reproducible.
Bots from other packages are found by :mod:`dogrules.app.plugins`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Protocol

import attrs

from dogrules.geometry.board import HOME, Board, side_of
from dogrules.model.actions import SECRET_KINDS, Action
from dogrules.model.errors import DogRulesError
from dogrules.model.events import Event
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.results import Transition
from dogrules.model.state import State
from dogrules.rules.agents import face_down_fields
from dogrules.variants.facade import Variant


@attrs.frozen
class Position:
    """The board as one seat sees it: ``pieces[seat]`` the board locations of that seat's
    pieces in plain view, ``flipped`` the fields of face-down pieces (Agent DOG: owner
    unknown), the Black Dog's field and the winners so far."""

    pieces: tuple[tuple[int, ...], ...]
    flipped: tuple[int, ...]
    black_dog: int | None
    winner: tuple[int, ...]


@attrs.frozen(eq=False)
class Turn:
    """What a bot knows when it is to act: its ``seat``, the ``observation`` of its seat
    (``variant.observe``), the legal ``actions`` and ``preview``: the :class:`Position` an
    action of its own would leave, as its seat would then see it (its own move is public, so
    this reveals nothing hidden; cards are not part of it)."""

    variant: Variant
    seat: int
    observation: Mapping[str, JSONValue]
    actions: tuple[Action, ...]
    preview: Callable[[Action], Position]

    @property
    def position(self) -> Position:
        """The board now, as this seat sees it."""
        players = int(str(self.observation["players"]))
        return position_of(self.variant.board(players), self.observation)


@attrs.frozen
class Seen:
    """What a bot at ``seat`` learns of an action taken at the table: who acted, the action
    (None when it is another seat's secret: a card set aside for the exchange), its events
    as that seat may see them, and the observation afterwards."""

    seat: int
    actor: int
    action: Action | None
    events: tuple[Event, ...]
    observation: Mapping[str, JSONValue]


class Bot(Protocol):
    """A player program. ``choose`` returns one of ``turn.actions``; ``observe`` is told every
    action at the table (its own included) and may be a no-op. A bot class may set
    ``observes = False`` to be spared the calls to ``observe`` (a speed-up in simulations)."""

    name: str

    def observe(self, seen: Seen) -> None: ...

    def choose(self, turn: Turn) -> Action: ...


# How a bot is made: called with the seed of its seat in this game (an int).
BotFactory = Callable[[int], Bot]


def position_of(board: Board, observation: Mapping[str, JSONValue]) -> Position:
    """The :class:`Position` in an observation (layout notation read back into locations)."""
    pieces = observation["pieces"]
    flipped = observation["flipped"]
    dog = observation["black_dog"]
    winner = observation["winner"]
    if not (isinstance(pieces, dict) and isinstance(flipped, list) and isinstance(winner, list)):
        raise TypeError("not an observation: pieces, flipped and winner are missing")
    seats = range(len(pieces))
    return Position(
        pieces=tuple(tuple(board.parse(str(t), s) for t in _listed(pieces[str(s)])) for s in seats),
        flipped=tuple(board.parse(str(t), 0) for t in flipped),
        black_dog=None if dog is None else board.parse(str(dog), 0),
        winner=tuple(int(str(s)) for s in winner),
    )


def position_seen(board: Board, state: State) -> Position:
    """The :class:`Position` any seat sees in ``state``: what :func:`position_of` reads from
    its observation, built straight from the state (the board part of an observation is the
    same for every seat; this is the greedy bot's inner loop, so it skips the JSON)."""
    hidden = face_down_fields(board)
    return Position(
        pieces=tuple(tuple(loc for loc in locs if loc not in hidden) for locs in state.pieces),
        flipped=tuple(sorted(loc for locs in state.pieces for loc in locs if loc in hidden)),
        black_dog=state.black_dog,
        winner=state.winner,
    )


def _listed(value: JSONValue) -> list[JSONValue]:
    if not isinstance(value, list):
        raise TypeError("not an observation: a seat's pieces are not a list")
    return value


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"
    observes = False

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def observe(self, seen: Seen) -> None:
        """A random bot remembers nothing."""

    def choose(self, turn: Turn) -> Action:
        return self._rng.choice(turn.actions)


def progress(board: Board, seat: int, location: int) -> int:
    """How far a piece of ``seat`` has come: 0 at home, then steps from its start, the finish
    counting most."""
    if location == HOME:
        return 0
    if location >= board.track:
        return board.track + board.lane_index(location) * 4
    return (location - board.start[seat]) % board.track + 1


def standing(board: Board, position: Position, seat: int, teams: bool) -> int:
    """The progress of ``seat``'s side minus that of the other seats (pieces in plain view)."""
    players = len(position.pieces)
    side = set(side_of(seat, players, teams))
    total = 0
    for owner, locations in enumerate(position.pieces):
        score = sum(progress(board, owner, loc) for loc in locations)
        total += score if owner in side else -score // max(1, players - len(side))
    return total


class GreedyBot:
    """Previews every legal action and keeps one that leaves its side furthest ahead (ties
    broken at random); wins whenever it can."""

    name = "greedy"
    observes = False

    def __init__(self, seed: int = 0, limit: int = 400) -> None:
        self._rng = random.Random(seed)
        self._limit = limit

    def observe(self, seen: Seen) -> None:
        """The greedy bot looks one action ahead only: nothing to remember."""

    def choose(self, turn: Turn) -> Action:
        actions = turn.actions
        if len(actions) == 1:
            return actions[0]
        players = turn.observation["players"]
        board = turn.variant.board(int(str(players)))
        teams = turn.observation["teams"] is True
        pool = list(actions)
        if len(pool) > self._limit:
            pool = self._rng.sample(pool, self._limit)
        best: list[Action] = []
        best_score = -(10**9)
        for action in pool:
            after = turn.preview(action)
            if turn.seat in after.winner:
                return action
            score = standing(board, after, turn.seat, teams)
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return self._rng.choice(best)


BUILT_IN: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot}


class BotSeat:
    """A bot at the table: builds its :class:`Turn` and :class:`Seen` from the true state,
    giving it only what its seat may see."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot = bot
        self.seat = seat
        self.name = bot.name
        self.observes = getattr(bot, "observes", True) is not False

    def choose(self, variant: Variant, state: State, actions: tuple[Action, ...]) -> Action:
        seat = self.seat
        board = variant.board(state.players)

        def preview(action: Action) -> Position:
            return position_seen(board, variant.apply(state, action).state)

        turn = Turn(variant, seat, variant.observe(state, seat), actions, preview)
        action = self.bot.choose(turn)
        if action not in actions:
            raise BotError(f"bot {self.bot.name!r} at seat {seat} chose {action}, not legal")
        return action

    def notice(
        self, variant: Variant, before: State, action: Action, transition: Transition
    ) -> None:
        """Tell the bot what its seat saw of ``action``, just taken in ``before``."""
        if not self.observes:
            return
        actor = before.to_act
        secret = action.kind in SECRET_KINDS and actor != self.seat
        seen = Seen(
            seat=self.seat,
            actor=actor,
            action=None if secret else action,
            events=variant.observe_events(before, transition.events, self.seat),
            observation=variant.observe(transition.state, self.seat),
        )
        self.bot.observe(seen)


class BotError(DogRulesError, ValueError):
    """A bot broke its contract (chose an action that is not legal) or could not be made."""
