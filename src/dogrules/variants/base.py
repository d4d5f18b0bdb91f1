"""The public face of a variant: the contract every frontend and test relies on."""

from __future__ import annotations

import abc
import copy
import functools
from collections.abc import Mapping, Sequence

import attrs

from dogrules.actions import Action
from dogrules.board import Board, board_for, build_board
from dogrules.cards import Deck, build_deck, deck_for
from dogrules.clauses import Clause, register
from dogrules.errors import IllegalAction, InvalidPosition
from dogrules.events import Event
from dogrules.io import JSONValue
from dogrules.observe import observation, observed_events
from dogrules.results import Ruling, Transition
from dogrules.rules.round import CardTable
from dogrules.rules.table import Table
from dogrules.specs import SpecTable
from dogrules.state import State

Pieces = Mapping[int, Sequence[str]]
Hands = Mapping[int, Sequence[str]]


class Variant(abc.ABC):
    """One game of the family. Every method is pure: no state given to it is changed."""

    name: str
    # Cards a hand holds after the deal, and whether the seat to act must hold one.
    hand_size: int = 5
    acting_needs_cards: bool = True
    # Whether a piece on its own start field is protected (Black DOG, Agent DOG).
    start_protection: bool = True
    # Whether play comes in dealt rounds (DOG Kids refills hands after every turn instead).
    plays_in_rounds: bool = True

    @property
    def clauses(self) -> tuple[Clause, ...]:
        """The variant's clause register (id, kind, source, text), read from ``specs/``."""
        return register(self.name)

    # Board and deck data other than the shipped defaults (see ``with_data``).
    _layout: SpecTable | None = None
    _source: str = ""

    def board(self, players: int) -> Board:
        """The board of this variant for ``players`` seats."""
        if self._layout is None:
            return board_for(self.name, players)
        return _custom_board(self, players)

    @property
    def deck(self) -> Deck:
        """The composition of this variant's deck."""
        if self._layout is None:
            return deck_for(self.name)
        return _custom_deck(self)

    def with_data(self, layout: SpecTable, source: str) -> Variant:
        """This variant played on other board and deck data (a layout file of the same shape
        as ``specs/layouts/<variant>.toml``); ValueError naming what is wrong with it."""
        other = copy.copy(self)
        other._layout = layout
        other._source = source
        build_deck(layout, source)
        return other

    @abc.abstractmethod
    def new_game(self, players: int = 4, seed: int = 0, teams: bool | None = None) -> State:
        """A new game with setup done and the first decision pending; same seed, same game."""

    def position(
        self,
        players: int,
        pieces: Pieces,
        hands: Hands | None = None,
        to_act: int = 0,
        black_dog: str | None = None,
        last_played: str | None = None,
        teams: bool | None = None,
        dealer: int | None = None,
        seed: int = 0,
    ) -> State:
        """A position set up by hand, in phase "play"; InvalidPosition names what is wrong."""
        from dogrules.positions import build_position

        return build_position(
            self, players, pieces, hands or {}, to_act, black_dog, last_played, teams, dealer, seed
        )

    def starter(self, dealer: int, players: int) -> int:
        """The seat that plays first after ``dealer`` deals (its left neighbour)."""
        return (dealer + 1) % players

    @abc.abstractmethod
    def teams_for(self, players: int, teams: bool | None) -> bool:
        """Whether a game of ``players`` is a team game; ValueError if ``teams`` cannot be."""

    def cite(self, clauses: tuple[str, ...]) -> tuple[str, ...]:
        """The ids this variant cites for ``clauses`` of the shared rule functions."""
        return clauses

    def cite_event(self, event: Event) -> Event:
        """``event`` citing this variant's own clauses."""
        cited = self.cite(event.clauses)
        return event if cited == event.clauses else attrs.evolve(event, clauses=cited)

    def _next(self, state: State, table: Table, cards: CardTable, **changes: object) -> Transition:
        """The transition to the state the scratch ``table`` and ``cards`` now describe."""
        events = table.events
        assert events is not None
        new = attrs.evolve(
            state,
            pieces=table.pieces(),
            black_dog=table.dog,
            hands=tuple(cards.hand(seat) for seat in range(state.players)),
            deck=tuple(cards.deck),
            discard=tuple(cards.discard),
            exchange=tuple(cards.exchange),
            shuffles=cards.shuffles,
            **changes,  # type: ignore[arg-type]
        )
        return Transition(new, tuple(self.cite_event(event) for event in events))

    @abc.abstractmethod
    def _generate(self, state: State) -> tuple[Action, ...]:
        """Every legal action of ``state``, each once, in a stable order."""

    @abc.abstractmethod
    def _carry_out(self, state: State, action: Action) -> Transition:
        """Apply an action already known to be legal."""

    @abc.abstractmethod
    def diagnose(self, state: State, action: Action) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Why an illegal action is illegal: (clause ids, plain-English reasons)."""

    @abc.abstractmethod
    def parse_action(self, state: State, text: str) -> Action:
        """The action written ``text`` for the seat to act; ValueError if it cannot be read."""

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """Every legal action, each once; empty only when the game is over."""
        self._check_variant(state)
        return _legal(self, state)[0]

    def is_legal(self, state: State, action: Action) -> bool:
        self._check_variant(state)
        return action in _legal(self, state)[1]

    def apply(self, state: State, action: Action) -> Transition:
        """The state after ``action`` and its events; IllegalAction (state untouched) if the
        action is not among the legal ones."""
        if not self.is_legal(state, action):
            clauses, reasons = self.diagnose(state, action)
            raise IllegalAction(
                f"{action} is not legal here: {'; '.join(reasons)} [{', '.join(clauses)}]",
                clauses,
                reasons,
            )
        return self._carry_out(state, action)

    def explain(self, state: State, action: Action) -> Ruling:
        """Whether ``action`` is legal, which clauses decide it, and what it would do."""
        if not self.is_legal(state, action):
            clauses, reasons = self.diagnose(state, action)
            lines = [f"{action}: not legal."] + [f"- {reason}" for reason in reasons]
            return Ruling(False, clauses, (), "\n".join(lines))
        transition = self._carry_out(state, action)
        cited: list[str] = []
        for event in transition.events:
            for clause in event.clauses:
                if clause not in cited:
                    cited.append(clause)
        lines = [f"{action}: legal."] + [f"- {e.describe()}" for e in transition.events]
        return Ruling(True, tuple(cited), transition.events, "\n".join(lines))

    def observe(self, state: State, seat: int) -> dict[str, JSONValue]:
        """What ``seat`` may see of ``state``, JSON-ready (its own hand, others' sizes...)."""
        self._check_variant(state)
        return observation(self.board(state.players), state, seat)

    def observe_events(
        self, state: State, events: tuple[Event, ...], seat: int
    ) -> tuple[Event, ...]:
        """The ``events`` of an action taken in ``state`` as ``seat`` may see them (Agent DOG:
        a face-down piece that stays face down is not named)."""
        self._check_variant(state)
        if seat not in range(state.players):
            raise ValueError(f"seat {seat!r} is not in this game (0..{state.players - 1})")
        return observed_events(self.board(state.players), events)

    def _check_variant(self, state: State) -> None:
        if state.variant != self.name:
            raise ValueError(f"this is a {state.variant} state, not {self.name}")


@functools.cache
def _custom_board(variant: Variant, players: int) -> Board:
    assert variant._layout is not None
    try:
        return build_board(variant.name, players, variant._layout, variant._source)
    except ValueError as exc:
        raise InvalidPosition(str(exc)) from exc


@functools.cache
def _custom_deck(variant: Variant) -> Deck:
    assert variant._layout is not None
    return build_deck(variant._layout, variant._source)


@functools.lru_cache(maxsize=512)
def _legal(variant: Variant, state: State) -> tuple[tuple[Action, ...], frozenset[Action]]:
    actions = variant._generate(state)
    return actions, frozenset(actions)
