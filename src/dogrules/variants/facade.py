"""The public face of a variant: the contract every frontend and test relies on.

A :class:`Variant` wraps one :class:`~dogrules.engine.ruleset.Ruleset` value; every method
is pure (no state given to it is changed) and every verdict comes from the one judge.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from dogrules.data.register import Clause
from dogrules.data.specs import SpecTable
from dogrules.engine import judge
from dogrules.engine.choices import Decision, staged
from dogrules.engine.parts import is_int
from dogrules.engine.positions import build_position
from dogrules.engine.problems import seed_problem
from dogrules.engine.ruleset import GameRules, Ruleset, game_at
from dogrules.geometry.board import HOME, Board
from dogrules.geometry.cards import CardFamily, Deck
from dogrules.model.actions import Action
from dogrules.model.errors import InvalidArgument, NotationError, short
from dogrules.model.events import Event
from dogrules.model.house_rules import REFERENCE, HouseRules, house_rules_for
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.notation import parse_action_text
from dogrules.model.observation import Observation
from dogrules.model.results import ReadingVerdict, Ruling, Transition
from dogrules.model.state import State
from dogrules.rules.secrecy import observation, observed_declines, observed_events, seen_by
from dogrules.variants.built_in import parts_written

Pieces = Mapping[int, Sequence[str]]
Hands = Mapping[int, Sequence[str]]


class Variant:
    """One game of the family, as a frontend sees it.

    Read-only: ``variant(name)`` gives every caller the same object, so assigning or deleting
    an attribute raises AttributeError, as it does on a frozen attrs class (Python's way of
    saying an attribute is read-only); ``with_data`` makes a variant with other data.

    ``house_rules`` are the readings it plays by where they depart from the reference (see
    :mod:`dogrules.model.house_rules`): the same game with other house rules is another,
    unequal variant; with equal ones an equal variant."""

    __slots__ = ("house_rules", "ruleset")
    ruleset: Ruleset
    house_rules: HouseRules

    def __init__(
        self, ruleset: Ruleset, house_rules: Mapping[str, str] | HouseRules | None = None
    ) -> None:
        # The register is read only when there are house rules to check against it.
        checked = (
            house_rules_for(ruleset.register, ruleset.name, house_rules)
            if house_rules
            else REFERENCE
        )
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "house_rules", checked)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Variant):
            return NotImplemented
        return self.ruleset is other.ruleset and self.house_rules == other.house_rules

    def __hash__(self) -> int:
        return hash((id(self.ruleset), self.house_rules))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{self!r} is read-only: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{self!r} is read-only: cannot delete {name!r}")

    def __repr__(self) -> str:
        if self.house_rules:
            return f"<Variant {self.ruleset.name} with {self.house_rules}>"
        return f"<Variant {self.ruleset.name}>"

    def with_house_rules(self, house_rules: Mapping[str, str] | HouseRules | None) -> Variant:
        """This variant played by ``house_rules`` (in place of its own); HouseRulesError (a
        ValueError) naming an unknown ruling or reading and the valid ones."""
        return Variant(self.ruleset, house_rules)

    @property
    def name(self) -> str:
        return self.ruleset.name

    @property
    def title(self) -> str:
        return self.ruleset.title

    @property
    def clauses(self) -> tuple[Clause, ...]:
        """The variant's clause register (id, kind, source, text), read from ``specs/``."""
        return self.ruleset.register

    @property
    def hand_size(self) -> int:
        return self.ruleset.hand_size

    @property
    def acting_needs_cards(self) -> bool:
        return self.ruleset.acting_needs_cards

    @property
    def start_protection(self) -> bool:
        return self.ruleset.start_protection

    @property
    def plays_in_rounds(self) -> bool:
        return self.ruleset.plays_in_rounds

    def game(self, players: int) -> GameRules:
        """The ruleset at a table of ``players``, playing by this variant's house rules."""
        return self.ruleset.game(players, self.house_rules)

    def board(self, players: int) -> Board:
        """The board of this variant for ``players`` seats."""
        return self.ruleset.game(players).board

    @property
    def deck(self) -> Deck:
        """The composition of this variant's deck."""
        return self.ruleset.deck

    def with_data(self, layout: SpecTable, source: str) -> Variant:
        """This variant played on other board and deck data (a layout file of the same shape
        as ``specs/layouts/<variant>.toml``); ValueError naming what is wrong with it."""
        other = Variant(
            dataclasses.replace(self.ruleset, layout=layout, source=source), self.house_rules
        )
        other.deck  # noqa: B018 - read now so that a broken deck is refused here
        return other

    def new_game(self, players: int = 4, seed: int = 0, teams: bool | None = None) -> State:
        """A new game with setup done and the first decision pending; same seed, same game."""
        game = self.game(players)
        if teams is not None and not isinstance(teams, bool):
            raise InvalidArgument(f"teams must be True, False or None, got {short(teams)}")
        is_team = self.ruleset.teams_for(players, teams)
        wrong_seed = seed_problem(seed)
        if wrong_seed is not None:
            raise InvalidArgument(str(wrong_seed))
        return self.ruleset.opening.new_game(game, seed, is_team)

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
        return build_position(
            self.ruleset,
            players,
            pieces,
            hands or {},
            to_act,
            black_dog,
            last_played,
            teams,
            dealer,
            seed,
        )

    def starter(self, dealer: int, players: int) -> int:
        """The seat that plays first after ``dealer`` deals."""
        return self.ruleset.starter(dealer, players)

    def teams_for(self, players: int, teams: bool | None) -> bool:
        """Whether a game of ``players`` is a team game; ValueError if ``teams`` cannot be."""
        return self.ruleset.teams_for(players, teams)

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """Every legal action, each once; empty only when the game is over."""
        return judge.legal_actions(self._game(state), state)

    def choices(self, state: State) -> Decision:
        """The decision pending in ``state``, asked one step at a time: the card (or other
        decision), then the piece, its target, the next sub-move's, the disc direction.
        ``choose`` an option (or its label) until ``action`` is set; every complete path is
        one action of ``legal_actions`` (the same object), and every one has a path."""
        return staged(self._game(state), state)

    def is_legal(self, state: State, action: Action) -> bool:
        return judge.is_legal(self._game(state), state, action)

    def apply(self, state: State, action: Action, *, events: bool = False) -> Transition:
        """The state after ``action`` and its events, the action carried out once;
        IllegalAction (state untouched) naming the clauses that forbid it. ``events`` is
        accepted for callers of earlier versions and changes nothing: the events are always
        recorded by the one carrying out."""
        del events
        return judge.apply(self._game(state), state, action)

    def explain(self, state: State, action: Action) -> Ruling:
        """Whether ``action`` is legal, which clauses decide it, and what it would do."""
        return judge.explain(self._game(state), state, action)

    def compare(self, state: State, action: Action) -> tuple[ReadingVerdict, ...]:
        """A rule lawyer's comparison: the verdict on ``action`` under each reading of every
        ruling that decides it (one ruling read otherwise at a time, this variant's other
        house rules kept). A ruling decides it when its readings give different verdicts or
        a verdict cites it; rulings in register order, each one's default reading first."""
        self._game(state)
        compared: list[ReadingVerdict] = []
        for clause in self.ruleset.register:
            chosen = self.house_rules.reading(clause.id)
            verdicts: list[ReadingVerdict] = []
            for reading in clause.readings:
                name = None if reading.default else reading.name
                ruled = self.with_house_rules(self.house_rules.replaced(clause.id, name))
                verdict = ruled.explain(state, action)
                here = chosen == name
                verdicts.append(
                    ReadingVerdict(clause.id, reading.name, reading.default, here, verdict)
                )
            outcomes = {(v.verdict.legal, v.verdict.events) for v in verdicts}
            if len(outcomes) > 1 or any(clause.id in v.verdict.clauses for v in verdicts):
                compared.extend(verdicts)
        return tuple(compared)

    def parse_action(self, state: State, text: str) -> Action:
        """The action written ``text`` for the seat to act; NotationError (a ValueError) if
        it cannot be read. A Swap's two fields may be named in either order, and a colour
        named with an entering card is dropped when the start field shows it."""
        game = self._game(state)
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        ruleset = self.ruleset
        action = parse_action_text(
            game.notation(state.to_act), text, ruleset.deck.notations, ruleset.catalogue
        )
        if action.card is None:
            return action
        spec = ruleset.catalogue.spec(action.card)
        if action.chosen is not None:
            if spec.family != CardFamily.TWO_COLOUR:
                raise NotationError(f"{text!r}: only a two-colour card takes a colour ('=...')")
            origin, target = action.moves[0] if len(action.moves) == 1 else (None, None)
            entering = origin == HOME and target is not None
            if entering and action.chosen in game.board.colours_at(target or 0):
                return action._replace(chosen=None)
        if action.plays_as in ruleset.paired and len(action.moves) == 1:
            first, second = action.moves[0]
            turned = action._replace(moves=((second, first),))
            if not self.is_legal(state, action) and self.is_legal(state, turned):
                return turned
        return action

    def observe(self, state: State, seat: int) -> dict[str, JSONValue]:
        """What ``seat`` may see of ``state``, JSON-ready (its own hand, others' sizes...)."""
        board = self._game(state).board
        _check_seat(state, seat)
        parts: dict[str, JSONValue] = {}
        for part in parts_written(self.ruleset):
            parts.update(part.observe(board, state, seat))
        return observation(board, state, seat, parts)

    def observation(self, state: State, seat: int) -> Observation:
        """What ``seat`` may see of ``state``, typed (a frozen
        :class:`~dogrules.model.observation.Observation`), with the public facts the JSON
        view of :meth:`observe` leaves out (a redraw this turn, a team card swap under way,
        the shuffles made)."""
        board = self._game(state).board
        _check_seat(state, seat)
        part = self.ruleset.part
        seen = None if part is None else part.seen(board, state, seat)
        return seen_by(board, state, seat, seen)

    def observe_events(
        self, state: State, events: tuple[Event, ...], seat: int
    ) -> tuple[Event, ...]:
        """The ``events`` of an action taken in ``state`` as ``seat`` may see them (Agent DOG:
        a face-down piece that stays face down is not named)."""
        game = self._game(state)
        _check_seat(state, seat)
        return observed_declines(observed_events(game.board, events), seat)

    def _game(self, state: State) -> GameRules:
        if not isinstance(state, State):
            raise TypeError(f"state must be a dogrules State, got {type(state).__name__}")
        if state.variant != self.ruleset.name:
            raise InvalidArgument(
                f"this is a {short(state.variant)} state, not {self.ruleset.name}"
            )
        players = state.players
        # Every ``legal_actions`` and ``apply`` of a playout asks: a true int goes straight to
        # the ruleset's kept games (anything else to the check that refuses it).
        if type(players) is int and self.house_rules is REFERENCE:
            return game_at(self.ruleset, players)
        return self.ruleset.game(players, self.house_rules)


def _check_seat(state: State, seat: object) -> None:
    """Refuse a seat that is not a seat of ``state``'s table (an InvalidArgument naming it),
    before the rules, which take a seat number, see it."""
    if not is_int(seat) or seat not in range(state.players):
        raise InvalidArgument(f"seat {short(seat)} is not in this game (0..{state.players - 1})")
