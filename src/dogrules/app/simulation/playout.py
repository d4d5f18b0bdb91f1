"""One simulated game: who played it (:class:`Table`), what came of it (:class:`GameResult`),
both plain data that travel to worker processes and into the JSON-lines output.

Everything a game does is fixed by its seed: the shuffles, and each bot's seed (``seed * 100
+ seat``, as ``dogrules play`` seeds its bots, so ``dogrules play --seed S`` with the same
bots replays game ``S``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import attrs

from dogrules.app.bots import BotSeat
from dogrules.app.plugins import make_bot
from dogrules.formats.states import JSONValue
from dogrules.model.events import EventKind
from dogrules.model.state import Phase
from dogrules.variants import variant as get_variant

# A game still going after this many actions is stopped and counted as unfinished.
MAX_ACTIONS = 20_000
# The clause of a capture by the Black Dog (its run ends on a piece).
DOG_CAPTURE = "BD-DOG-CAPTURES"
# What a capture is put down to when no card was played in its action.
NO_CARD = "-"


@attrs.frozen
class Table:
    """What is simulated: a variant, its player count, team play, and the bot at each seat
    (a name or ``module:Class``, as :func:`dogrules.app.plugins.load_bot` reads it), and
    the house rules played by (ruling id, reading name; empty: the reference readings)."""

    variant: str
    players: int
    teams: bool
    bots: tuple[str, ...]
    max_actions: int = MAX_ACTIONS
    rulings: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, JSONValue]:
        data: dict[str, JSONValue] = {
            "variant": self.variant,
            "players": self.players,
            "teams": self.teams,
            "bots": list(self.bots),
            "max_actions": self.max_actions,
        }
        if self.rulings:
            data["rulings"] = dict(self.rulings)
        return data


@attrs.frozen
class GameResult:
    """What one game came to: the winners (empty if stopped unfinished), how many actions and
    rounds it took, the cards played, the captures made by each card, the Black Dog's
    captures, disc turns and folds."""

    seed: int
    winner: tuple[int, ...]
    actions: int
    rounds: int
    played: Mapping[str, int]
    captures: Mapping[str, int]
    dog_captures: int
    disc_turns: int
    folds: int

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "seed": self.seed,
            "winner": list(self.winner),
            "actions": self.actions,
            "rounds": self.rounds,
            "played": dict(sorted(self.played.items())),
            "captures": dict(sorted(self.captures.items())),
            "dog_captures": self.dog_captures,
            "disc_turns": self.disc_turns,
            "folds": self.folds,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> GameResult:
        """Read back a line of the output; ValueError (KeyError, TypeError) if it is not one."""
        winner = data["winner"]
        played = data["played"]
        captures = data["captures"]
        if not (
            isinstance(winner, list) and isinstance(played, dict) and isinstance(captures, dict)
        ):
            raise ValueError("not a game result: winner, played or captures malformed")
        return cls(
            seed=_int(data["seed"]),
            winner=tuple(_int(s) for s in winner),
            actions=_int(data["actions"]),
            rounds=_int(data["rounds"]),
            played={str(k): _int(v) for k, v in played.items()},
            captures={str(k): _int(v) for k, v in captures.items()},
            dog_captures=_int(data["dog_captures"]),
            disc_turns=_int(data["disc_turns"]),
            folds=_int(data["folds"]),
        )


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"not a game result: {value!r} is not an integer")
    return value


def play_seed(table: Table, seed: int) -> GameResult:
    """Play game ``seed`` of ``table`` to its end (or ``max_actions``) and tally it."""
    variant = get_variant(table.variant, rulings=dict(table.rulings))
    state = variant.new_game(players=table.players, seed=seed, teams=table.teams)
    seats = [
        BotSeat(make_bot(spec, seed * 100 + seat), seat) for seat, spec in enumerate(table.bots)
    ]
    played: Counter[str] = Counter()
    captures: Counter[str] = Counter()
    dog_captures = disc_turns = folds = count = 0
    while state.phase != Phase.OVER and count < table.max_actions:
        actions = variant.legal_actions(state)
        action = seats[state.to_act].choose(variant, state, actions)
        transition = variant.apply(state, action, events=True)
        for seat in seats:
            seat.notice(variant, state, action, transition)
        events = transition.events
        # A capture is put down to the card played in the same action.
        card = next((e.card for e in events if e.kind == EventKind.PLAYED and e.card), NO_CARD)
        for event in events:
            kind = event.kind
            if kind == EventKind.PLAYED and event.card is not None:
                played[event.card] += 1
            elif kind == EventKind.CAPTURED:
                if DOG_CAPTURE in event.clauses:
                    dog_captures += 1
                else:
                    captures[card] += 1
            elif kind == EventKind.DISC_TURNED:
                disc_turns += 1
            elif kind == EventKind.FOLDED:
                folds += 1
        state = transition.state
        count += 1
    return GameResult(
        seed=seed,
        winner=state.winner,
        actions=count,
        rounds=state.round,
        played=dict(played),
        captures=dict(captures),
        dog_captures=dog_captures,
        disc_turns=disc_turns,
        folds=folds,
    )


def play_seeds(table: Table, seeds: tuple[int, ...]) -> list[GameResult]:
    """Play each of ``seeds`` (one task of a worker)."""
    return [play_seed(table, seed) for seed in seeds]
