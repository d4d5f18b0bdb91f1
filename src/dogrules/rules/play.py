"""A turn of the round game: play a card in full, or fold or discard when none can be played.

The phase rule composes the card families' mechanics (each with its plays, check and
carry-out), the disc turn a play may owe (Black DOG) and what follows the movement (Agent
DOG's summons and penalty).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Protocol

from dogrules.data.register import implements
from dogrules.engine.cardtable import CardTable, card_scratch, scratch, transition
from dogrules.engine.ruleset import CardRule, GameRules, Moves, Outcomes, Turn
from dogrules.engine.table import Table
from dogrules.engine.values import card_choices, card_plays
from dogrules.geometry.board import Board
from dogrules.geometry.cards import CardFamily, CardSpec, distinct
from dogrules.model.actions import Action, ActionKind
from dogrules.model.events import Event, EventKind
from dogrules.model.results import Refusal, Transition
from dogrules.model.state import Phase, State
from dogrules.rules.copy import check_copy, copy_plays_as
from dogrules.rules.disc import (
    NO_TURN,
    DiscTurn,
    board_disc,
    directions_after,
    may_owe_turn,
    turn_choices,
    turn_disc,
    turned_places,
)
from dogrules.rules.movement import any_colour_protects, protected_fields
from dogrules.rules.play_states import PlayStates, may_meet
from dogrules.rules.round import (
    acting_side_first,
    controlled_seat,
    end_turn,
    partner_of,
    winners,
)

# A way to carry out a card: its movements and the disc turn's direction (None if none).
Way = tuple[Moves, str | None]
# The ways to carry out a card held (see :meth:`RoundPlay.card_ways`): the card, the card it
# plays as (a Copy's, None for itself) and its ways.
CardWays = tuple[str, str | None, list[Way]]


class Aftermath(Protocol):
    """What follows the movement of a play, before the turn ends."""

    def triggers(self, board: Board) -> frozenset[int]:
        """The fields whose landings set it moving, in the order reached."""
        ...

    def settle(self, table: Table) -> None:
        """The pieces it moves, on a scratch table (nothing recorded): what a play's
        outcome depends on."""
        ...

    def carry_out(self, table: Table, cards: CardTable, turn: Turn) -> None: ...


def make_turn(
    game: GameRules,
    state: State,
    table: Table,
    start_protection: bool = True,
    outcome: Outcomes | None = None,
) -> Turn:
    """The turn of the seat to act on ``table``, which holds the pieces of ``state`` (as
    ``GameRules.table`` builds them; ``outcome``: see :class:`Turn`). What the turn reads of the
    state before any piece moves is worked out once a state (``GameRules.memo``): carrying out an
    action right after listing its state asks again."""
    facts = game.memo.turn_facts(state, start_protection)
    if facts is None:
        seat = state.to_act
        blocked = (
            protected_fields(game.board, table, any_colour_protects(game))
            if start_protection
            else frozenset()
        )
        facts = (controlled_seat(table, seat, state.teams), partner_of(state, seat), blocked)
        game.memo.keep_turn_facts(state, start_protection, facts)
    controlled, partner, blocked = facts
    return Turn(game, state, table, state.to_act, controlled, partner, blocked, game.board, outcome)


def check_card_held(state: State, action: Action, clauses: tuple[str, ...]) -> Refusal | None:
    """A seat plays only a card it holds."""
    if action.card in state.hands[state.to_act]:
        return None
    return Refusal(clauses, f"seat {state.to_act} does not hold {action.card!r}")


@dataclasses.dataclass(frozen=True, eq=False, slots=True)
class RoundPlay:
    """The play phase of Black DOG and Agent DOG."""

    cards: Mapping[CardFamily, CardRule]
    disc: DiscTurn | None = None
    aftermath: Aftermath | None = None
    # The fields whose pieces show the seats no colour (Agent DOG's holes), by board.
    face_down: Callable[[Board], frozenset[int]] | None = None
    turn_clauses: tuple[str, ...] = ("BD-TURN",)
    round_start_clauses: tuple[str, ...] = ("BD-DEALER-ROTATES", "R-C1")

    # ---- listing -------------------------------------------------------------------------
    def actions(self, game: GameRules, state: State) -> Iterable[Action]:
        hand = distinct(state.hands[state.to_act])
        turn = make_turn(game, state, game.table(state), outcome=_outcomes(self, game))
        # A Copy plays as a card the hand may hold too: its movements are worked out once.
        ways: dict[str, list[Way]] = {}
        plays: list[CardWays] = []
        for card in hand:
            plays.append(self.card_ways(turn, card, ways))
        actions = card_plays(plays, game.notations[turn.seat])
        if actions:
            return actions
        return self.no_play_actions(game, state, hand)

    def card_actions(self, turn: Turn, card: str) -> list[Action]:
        """The plays of ``card`` (see :meth:`card_ways`), written for the acting seat."""
        return card_plays([self.card_ways(turn, card)], turn.game.notations[turn.seat])

    @implements(
        "BD-TURN", "BD-FULL-MOVE", "BD-OWN-PIECES", "AD-MUST-PLAY", "AD-RED", "R-C7", "R-C12"
    )
    def card_ways(
        self, turn: Turn, card: str, ways: dict[str, list[Way]] | None = None
    ) -> CardWays:
        """Every complete way to carry out ``card``, with the card and the card it plays as (a
        Copy's): a card that cannot be carried out in full has none and so is not playable.
        ``ways`` keeps the ways of each card played as."""
        catalogue = turn.game.ruleset.catalogue
        spec = catalogue.spec(card)
        copied: str | None = None
        if spec.family == CardFamily.COPY:
            copied = copy_plays_as(turn.state)
            if copied is None:
                return (card, copied, [])
            spec = catalogue.spec(copied)
        if ways is None:
            found = self.ways(turn, spec)
        else:
            kept = ways.get(spec.notation)
            found = ways[spec.notation] = self.ways(turn, spec) if kept is None else kept
        return (card, copied, found)

    @implements("R-C15")
    def ways(self, turn: Turn, spec: CardSpec) -> list[Way]:
        """The movements a card played as ``spec`` can carry out, each with the disc turn's
        direction (None when no turn is due), one per state they lead to (R-C15): of two
        plays of one piece that reach the same state, the first is listed."""
        rule = self.cards[spec.family]
        disc = self.disc
        paws = frozenset() if disc is None else board_disc(turn).paws
        states: PlayStates | None = None
        found: list[Way] = []
        for moves in rule.plays(turn, spec):
            owes = disc is not None and may_owe_turn(paws, moves)
            if may_meet(turn, spec, moves, owes):
                if states is None:
                    states = self.play_states(turn, rule, spec)
                after = states.after(moves)
                directions = NO_TURN
                if disc is not None and owes:
                    # The disc's choices on the table just worked out, noted as a mechanic
                    # that lists its plays by state notes them, not carried out again.
                    directions = turn.known_turns.setdefault(
                        (spec.notation, moves), turn_choices(board_disc(turn), after)
                    )
                found += [
                    (moves, direction) for direction in states.unmet(moves, after, directions)
                ]
            elif disc is not None and owes:
                found += [(moves, direction) for direction in disc.options(turn, rule, spec, moves)]
            else:
                found.append((moves, None))
        return found

    def play_states(self, turn: Turn, rule: CardRule, spec: CardSpec) -> PlayStates:
        """The states of the plays of ``spec`` that can meet another, as the acting seat tells
        them apart (the fields whose pieces it sees face down) once the aftermath has moved
        pieces."""
        board, aftermath = turn.board, self.aftermath
        return PlayStates(
            turn,
            rule,
            spec,
            frozenset() if self.face_down is None else self.face_down(board),
            None if aftermath is None else aftermath.settle,
            frozenset() if aftermath is None else aftermath.triggers(board),
        )

    def outcomes(self, game: GameRules) -> Outcomes:
        """What the rest of the turn reads from a play's movements: landings on paws (the
        disc turn), the aftermath's triggers and moves (the 007 summons), and the win."""
        return _outcomes(self, game)

    @implements("BD-FOLD", "BD-2P3P-REDRAW", "AD-PASS-TURN", "AD-MUST-PLAY", "R-C7", "R-B11")
    def no_play_actions(self, game: GameRules, state: State, hand: list[str]) -> Iterator[Action]:
        """A seat with no playable card folds (team game) or discards a card of its choice
        (2 or 3 players; once before drawing, and again if the drawn card does not help)."""
        notation = game.notation(state.to_act)
        if state.teams:
            yield Action(ActionKind.FOLD, notation=notation)
            return
        yield from card_choices(ActionKind.DISCARD, hand, notation)

    # ---- judging -------------------------------------------------------------------------
    def check(self, game: GameRules, state: State, action: Action) -> Refusal | None:
        seat = state.to_act
        if action.kind == ActionKind.PLAY:
            return self.check_play(game, state, action)
        if action.kind == ActionKind.PLACE:
            if Phase.SETUP not in game.ruleset.phases:
                return Refusal(("R-C12",), f"{game.ruleset.name} has no Black Dog to place")
            return Refusal(("BD-PLACE-BLACK-DOG", "R-B1"), "the Black Dog is placed once, at setup")
        if action.kind == ActionKind.GIVE:
            return Refusal(
                ("BD-EXCHANGE", "R-C3"),
                "cards are exchanged only after the deal, before the round's first play",
            )
        if action.kind not in (ActionKind.FOLD, ActionKind.DISCARD):
            return Refusal(("R-C7", "R-C12"), f"'{action.kind}' is no decision of this game")
        turn = make_turn(game, state, game.table(state))
        for card in distinct(state.hands[seat]):
            for playable in self.card_actions(turn, card):
                return Refusal(
                    ("R-C7", "BD-FULL-MOVE"),
                    f"seat {seat} can play (e.g. {playable}); a seat with a playable card must "
                    "play one",
                )
        if action.kind == ActionKind.FOLD and not state.teams:
            return Refusal(
                ("BD-2P3P-REDRAW", "R-C7"),
                "with 2 or 3 players a seat that cannot play discards a card instead of folding",
            )
        if action.kind == ActionKind.DISCARD and state.teams:
            return Refusal(
                ("BD-FOLD", "R-C7"), "in the team game a seat that cannot play folds its whole hand"
            )
        expected = Action(action.kind, chosen=action.chosen)
        if action.kind == ActionKind.DISCARD and action.chosen not in state.hands[seat]:
            return Refusal(("BD-2P3P-REDRAW",), f"seat {seat} does not hold {action.chosen!r}")
        if action != expected or (action.kind == ActionKind.FOLD and action.chosen is not None):
            return Refusal(("R-C7", "R-C12"), f"'{action.kind}' takes no card, movement or turn")
        return None

    def check_play(self, game: GameRules, state: State, action: Action) -> Refusal | None:
        """A play: a card the seat holds, the card it plays as, its movements by the card's
        own rule, then the disc turn the movements owe."""
        refusal = check_card_held(state, action, self.turn_clauses)
        if refusal is not None:
            return refusal
        catalogue = game.ruleset.catalogue
        assert action.card is not None, "a held card is a card"
        spec = catalogue.spec(action.card)
        refusal = check_copy(state, action, spec.family == CardFamily.COPY)
        if refusal is not None:
            return refusal
        if action.copied is not None:
            spec = catalogue.spec(action.copied)
        if action.field is not None or action.chosen is not None:
            return Refusal(("R-C12",), "a card play names its card, movements and disc turn only")
        rule = self.cards[spec.family]
        turn = make_turn(game, state, game.table(state))
        refusal = rule.check(turn, spec, action)
        if refusal is not None:
            return refusal
        if self.disc is None:
            if action.turn is None:
                return None
            return Refusal(("R-C12",), f"{game.ruleset.name} has no disc to turn")
        refusal = self.disc.check_direction(action)
        if refusal is not None:
            return refusal
        # The disc turn is judged on the table the play's movements leave: they are carried
        # out here, as ``carry_out`` would, and kept for it (``GameRules.memo``), so that applying
        # the action carries it out once.
        moved = self.movements(game, state, action, True)
        refusal = self.disc.check_landings(turn, spec, action, moved.table)
        if refusal is None:
            game.memo.keep_carried(state, action, moved)
        return refusal

    # ---- carrying out --------------------------------------------------------------------
    def carry_out(
        self, game: GameRules, state: State, action: Action, record: bool = True
    ) -> Transition:
        seat = state.to_act
        if action.kind == ActionKind.DISCARD:
            cards = card_scratch(game, state, record)
            assert action.chosen is not None, "a discard names its card (checked)"
            cards.discard_card(seat, action.chosen, ("BD-2P3P-REDRAW", "R-C7"))
            if not state.redrawn:
                cards.draw(seat)
                # A 2/3-player seat that has discarded and drawn decides again (R-C7).
                return transition(state, None, cards, redrawn=True)
            return end_turn(game, state, None, cards, None, self.round_start_clauses)
        if action.kind == ActionKind.FOLD:
            cards = card_scratch(game, state, record)
            cards.fold(seat)
            return end_turn(game, state, None, cards, None, self.round_start_clauses)
        moved = game.memo.take_carried(state, action)
        if not isinstance(moved, Moved):
            moved = self.movements(game, state, action, record)
        table, cards, turn = moved.table, moved.cards, moved.turn
        if action.turn is not None and self.disc is not None:
            turn_disc(table, seat, action.turn)
        if self.aftermath is not None:
            self.aftermath.carry_out(table, cards, turn)
        return end_turn(game, state, table, cards, moved.spec.notation, self.round_start_clauses)

    def movements(self, game: GameRules, state: State, action: Action, record: bool) -> Moved:
        """A play carried out up to its movements: the card played, then moved as the card
        it plays as (what the disc turn is judged on)."""
        assert action.card is not None, "a play names its card (checked)"
        seat = state.to_act
        table, cards = scratch(game, state, record)
        catalogue = game.ruleset.catalogue
        held = catalogue.spec(action.card)
        spec = held if action.copied is None else catalogue.spec(action.copied)
        cards.tell(played, seat, action.card, self.turn_clauses, held, spec)
        cards.take(seat, action.card)
        cards.pile(action.card)
        turn = make_turn(game, state, table)
        self.cards[spec.family].carry_out(table, turn, spec, action)
        return Moved(table, cards, turn, spec)


class Moved:
    """A play carried out up to its movements (:meth:`RoundPlay.movements`), on scratch
    tables that record its events: the rest of the play goes on from here."""

    __slots__ = ("cards", "spec", "table", "turn")

    def __init__(self, table: Table, cards: CardTable, turn: Turn, spec: CardSpec) -> None:
        self.table = table
        self.cards = cards
        self.turn = turn
        self.spec = spec


def played(
    seat: int, card: str, turn: tuple[str, ...], held: CardSpec, spec: CardSpec, board: Board
) -> tuple[Event, ...]:
    """Seat ``seat`` played ``card`` (``held``), which plays as ``spec`` (a Copy's copied card
    adds its own clauses)."""
    clauses = turn + held.clauses if spec is held else turn + held.clauses + spec.clauses
    return (Event(EventKind.PLAYED, clauses, seat=seat, card=card),)


@functools.cache
def _outcomes(rule: RoundPlay, game: GameRules) -> Outcomes:
    # Worked out once per phase rule and game (a value of the two, as a game's board is).
    board = game.board
    disc, aftermath = rule.disc, rule.aftermath
    return Outcomes(
        turns=None
        if disc is None or board.disc is None
        else functools.partial(directions_after, board.disc),
        ordered=frozenset() if aftermath is None else aftermath.triggers(board),
        settle=None if aftermath is None else aftermath.settle,
        winners=functools.partial(winners, acting_first=acting_side_first(game)),
        turned=None
        if disc is None or board.disc is None
        else functools.partial(turned_places, board),
    )
