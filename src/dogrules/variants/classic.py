"""The round game shared by Black DOG and Agent DOG: deal 5, exchange, play in turn, fold.

A subclass supplies what differs (setup, which pieces a seat may move with which card, the
card families it adds); the flow of one action is the same for both and reads top to bottom:
action -> rule functions on a scratch table -> events -> the new state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from attrs import evolve

from dogrules.actions import DISCARD, FOLD, GIVE, PLACE, PLAY, Action
from dogrules.board import HOME, Board
from dogrules.cards import (
    COPY,
    NUMBER,
    PARTNER,
    START,
    SWAP,
    CardSpec,
    card_spec,
    distinct,
)
from dogrules.clauses import implements
from dogrules.errors import InvalidPosition
from dogrules.events import PLAYED, ROUND_STARTED, WON, Event
from dogrules.notation import parse_action_text
from dogrules.results import Transition
from dogrules.rules.disc import DIRECTIONS, turn_disc
from dogrules.rules.movement import (
    MOVE_CLAUSES,
    enter,
    protected_fields,
    walk,
)
from dogrules.rules.numbers import entries, number_moves
from dogrules.rules.partner import PARTNER_CLAUSES, partner_moves
from dogrules.rules.round import (
    CardTable,
    complete_sides,
    controlled_seat,
    exchange_recipients,
    next_seat,
    winners,
)
from dogrules.rules.swap import swap, swaps
from dogrules.rules.table import Table
from dogrules.rules.turn import Candidates, Turn
from dogrules.state import Phase, State
from dogrules.variants.base import Variant

HAND_SIZE = 5


@implements("BD-COPY", "BD-COPY-ROUND", "BD-COPY-CHAIN", "R-C9")
def copy_plays_as(state: State) -> str | None:
    """A Copy plays as the last card played this round (a chain of copies resolves to the
    card first copied, which is what ``last_played`` keeps); with nothing played yet this
    round it cannot be played."""
    return state.last_played


class ClassicVariant(Variant):
    """Black DOG and Agent DOG share this flow; subclasses fill in the hooks."""

    first_phase: Phase = Phase.EXCHANGE
    swap_rule = "Swap exchanges one piece the seat moves (named first) with another seat's piece"
    partner_rule = "only own and partner pieces until a seat of the team has all its pieces home"
    round_start_clauses: tuple[str, ...] = ("BD-DEALER-ROTATES", "R-C1")

    # ---- hooks -------------------------------------------------------------------------
    def setup_actions(self, state: State, board: Board, table: Table) -> list[Action]:
        return []

    def carry_out_setup(self, table: Table, state: State, action: Action) -> None:
        raise NotImplementedError

    def number_movers(self, turn: Turn) -> list[int]:
        """Pieces the seat may move with a number."""
        return sorted(turn.table.on_board(turn.controlled))

    def swap_pairs(self, turn: Turn) -> Iterable[tuple[int, int]]:
        return ()

    def partner_seats(self, turn: Turn) -> frozenset[int] | None:
        """Seats whose pieces a Partner card may move (None: every seat)."""
        return frozenset({turn.seat} if turn.partner is None else {turn.seat, turn.partner})

    def partner_pieces(self, turn: Turn) -> Callable[[Table], list[int]]:
        """The pieces a Partner sub-move may move, on the table as earlier sub-moves left it."""
        seats = self.partner_seats(turn)
        if seats is None:
            return lambda table: sorted(table.occupant)
        return lambda table: sorted(loc for loc, s in table.occupant.items() if s in seats)

    def after_play(self, table: Table, cards: CardTable, turn: Turn, action: Action) -> None:
        """What follows the movement of a play, before the turn ends (nothing by default)."""

    def play_clauses(self, action: Action) -> tuple[str, ...]:
        """The clauses cited when ``action``'s card is played."""
        return ("BD-TURN",)

    def family_candidates(self, turn: Turn, spec: CardSpec) -> Candidates:
        """Candidates of the card families a subclass adds."""
        return iter(())

    def carry_out_family(self, table: Table, turn: Turn, spec: CardSpec, action: Action) -> None:
        raise NotImplementedError(spec.family)

    # ---- set-up --------------------------------------------------------------------------
    def teams_for(self, players: int, teams: bool | None) -> bool:
        expected = players == 4
        if teams is not None and teams != expected:
            raise ValueError(
                f"{self.name}: teams are {'always' if expected else 'never'} played with "
                f"{players} players (teams={teams} given)"
            )
        return expected

    @implements(
        "BD-FREE-START",
        "BD-PIECES",
        "BD-2P3P-PIECES",
        "BD-2P3P-INDIVIDUAL",
        "BD-PLAYERS",
        "AD-SETUP",
        "R-C1",
    )
    def initial_pieces(self, board: Board) -> tuple[tuple[int, ...], ...]:
        """Every seat starts with one piece on its start field and the rest at home."""
        rest = (HOME,) * (board.pieces_per_seat - 1)
        return tuple((*rest, board.start[seat]) for seat in board.seats)

    @implements("BD-DEAL", "AD-FIRST-DEALER", "R-C1")
    def new_game(self, players: int = 4, seed: int = 0, teams: bool | None = None) -> State:
        """Seat 0 deals the first round; pieces are set up and 5 cards dealt to every seat."""
        board = self.board(players)
        is_team = self.teams_for(players, teams)
        cards = CardTable.shuffled_deck(self.deck, players, seed)
        dealer = 0
        cards.deal(dealer, HAND_SIZE, ("BD-DEAL", "R-C1", "R-C2"))
        phase = self.first_phase
        return State.opening(
            variant=self.name,
            phase=phase,
            to_act=dealer if phase == Phase.SETUP else self.starter(dealer, players),
            pieces=self.initial_pieces(board),
            hands=tuple(cards.hand(seat) for seat in board.seats),
            deck=tuple(cards.deck),
            shuffles=cards.shuffles,
            dealer=dealer,
            seed=seed,
            teams=is_team,
        )

    # ---- legal actions -------------------------------------------------------------------
    def _generate(self, state: State) -> tuple[Action, ...]:
        board = self.board(state.players)
        seat = state.to_act
        if state.phase == Phase.OVER:
            return ()
        if state.phase == Phase.SETUP:
            return tuple(self.setup_actions(state, board, Table.of(board, state)))
        hand = distinct(state.hands[seat])
        if state.phase == Phase.EXCHANGE:
            return tuple(Action(GIVE, chosen=card).seen_by(board, seat) for card in hand)
        turn = self.turn(board, state, Table.of(board, state))
        actions: list[Action] = []
        for card in hand:
            actions.extend(self.card_actions(turn, state, card))
        if actions:
            return tuple(actions)
        return tuple(self.no_play_actions(board, state, hand))

    @implements("BD-FOLD", "BD-2P3P-REDRAW", "AD-PASS-TURN", "AD-MUST-PLAY", "R-C7", "R-B11")
    def no_play_actions(self, board: Board, state: State, hand: Sequence[str]) -> list[Action]:
        """A seat with no playable card folds (team game) or discards a card of its choice
        (2 or 3 players; once before drawing, and again if the drawn card does not help)."""
        seat = state.to_act
        if state.teams:
            return [Action(FOLD).seen_by(board, seat)]
        return [Action(DISCARD, chosen=card).seen_by(board, seat) for card in hand]

    def turn(self, board: Board, state: State, table: Table) -> Turn:
        seat = state.to_act
        partner = (seat + state.players // 2) % state.players if state.teams else None
        return Turn(
            board,
            table,
            seat,
            controlled_seat(table, seat, state.teams),
            protected_fields(board, table),
            partner,
        )

    @implements(
        "BD-TURN", "BD-FULL-MOVE", "BD-OWN-PIECES", "AD-MUST-PLAY", "AD-RED", "R-C7", "R-C12"
    )
    def card_actions(self, turn: Turn, state: State, card: str) -> Iterator[Action]:
        """Every complete way to carry out ``card``: a card that cannot be carried out in full
        yields nothing and so is not playable."""
        copied: str | None = None
        spec = card_spec(card)
        if spec.family == COPY:
            copied = copy_plays_as(state)
            if copied is None:
                return
            spec = card_spec(copied)
        board = turn.board
        seat = turn.seat
        for moves, due in self.candidates(turn, spec):
            if due:
                for direction in DIRECTIONS:
                    yield Action(PLAY, card, copied, moves, turn=direction, board=board, seat=seat)
            else:
                yield Action(PLAY, card, copied, moves, board=board, seat=seat)

    def candidates(self, turn: Turn, spec: CardSpec) -> Candidates:
        family = spec.family
        if family == NUMBER:
            return number_moves(turn, spec.steps, self.number_movers(turn))
        if family == START:
            return _chain(entries(turn), number_moves(turn, spec.steps, self.number_movers(turn)))
        if family == SWAP:
            return swaps(self.swap_pairs(turn))
        if family == PARTNER:
            return partner_moves(turn, self.partner_pieces(turn))
        return self.family_candidates(turn, spec)

    # ---- carrying an action out ------------------------------------------------------------
    def _carry_out(self, state: State, action: Action) -> Transition:
        board = self.board(state.players)
        table = Table.of(board, state, record=True)
        events = table.events
        assert events is not None
        cards = CardTable.of(self.deck, state, events)
        seat = state.to_act
        if action.kind == PLACE:
            self.carry_out_setup(table, state, action)
            return self._next(
                state,
                table,
                cards,
                phase=Phase.EXCHANGE,
                to_act=self.starter(state.dealer, state.players),
            )
        if action.kind == GIVE:
            assert action.chosen is not None
            cards.set_aside(seat, action.chosen)
            return self._after_give(state, table, cards)
        if action.kind == DISCARD:
            assert action.chosen is not None
            cards.discard_card(seat, action.chosen, ("BD-2P3P-REDRAW", "R-C7"))
            if not state.redrawn:
                cards.draw(seat)
                return self._next(state, table, cards, redrawn=True)
            return self._end_turn(state, table, cards)
        if action.kind == FOLD:
            cards.fold(seat)
            return self._end_turn(state, table, cards)
        assert action.card is not None
        events.append(Event(PLAYED, self.play_clauses(action), seat=seat, card=action.card))
        cards.take(seat, action.card)
        cards.discard.append(action.card)
        turn = self.turn(board, state, table)
        self.carry_out_play(table, turn, action)
        self.after_play(table, cards, turn, action)
        return self._end_turn(state, table, cards, played=action.plays_as)

    def carry_out_play(self, table: Table, turn: Turn, action: Action) -> None:
        """Move the pieces as the play says, then turn the disc if the play chose to."""
        spec = card_spec(action.plays_as or "")
        board = table.board
        if spec.family in (NUMBER, START, PARTNER):
            clauses = PARTNER_CLAUSES if spec.family == PARTNER else MOVE_CLAUSES
            for origin, target in action.moves:
                if origin == HOME:
                    owner = board.start_owner(target)
                    assert owner is not None
                    enter(table, owner)
                else:
                    walk(table, table.occupant[origin], origin, target, clauses)
        elif spec.family == SWAP:
            ((first, second),) = action.moves
            swap(table, first, second)
        else:
            self.carry_out_family(table, turn, spec, action)
        if action.turn is not None:
            turn_disc(table, turn.seat, action.turn)

    def _after_give(self, state: State, table: Table, cards: CardTable) -> Transition:
        players = state.players
        for offset in range(1, players + 1):
            seat = (state.to_act + offset) % players
            if cards.exchange[seat] is None and cards.hands[seat]:
                return self._next(state, table, cards, to_act=seat)
        clauses = ("BD-EXCHANGE", "R-C3") if state.teams else ("BD-2P3P-EXCHANGE", "R-C3")
        cards.deliver(exchange_recipients(players, state.teams), clauses)
        starter = self.starter(state.dealer, players)
        first = starter if cards.hands[starter] else next_seat(cards.hands, starter)
        return self._next(state, table, cards, phase=Phase.PLAY, to_act=first)

    @implements("BD-ROUND-END", "BD-DEALER-ROTATES", "BD-TURN", "R-C1")
    def _end_turn(
        self, state: State, table: Table, cards: CardTable, played: str | None = None
    ) -> Transition:
        """After a turn: the game may be won; otherwise the next seat with cards plays, and
        when nobody holds a card the round ends and the next dealer deals."""
        last_played = played if played is not None else state.last_played
        if played is not None:
            won = winners(table, state.to_act, state.teams)
            if won:
                clauses = (
                    ("BD-WIN", "BD-GOAL", "R-C11") if state.teams else ("BD-2P3P-WIN", "R-C11")
                )
                if len(complete_sides(table, state.to_act, state.teams)) > 1:
                    clauses = (*clauses, "R-C13")
                cards.events.append(Event(WON, clauses, winners=won))
                return self._next(
                    state,
                    table,
                    cards,
                    phase=Phase.OVER,
                    winner=won,
                    last_played=last_played,
                    redrawn=False,
                )
        following = next_seat(cards.hands, state.to_act)
        if following is not None:
            return self._next(
                state, table, cards, to_act=following, last_played=last_played, redrawn=False
            )
        dealer = (state.dealer + 1) % state.players
        cards.deal(dealer, HAND_SIZE, ("BD-DEAL", "BD-DEALER-ROTATES", "R-C1", "R-C2"))
        starter = self.starter(dealer, state.players)
        cards.events.append(Event(ROUND_STARTED, self.round_start_clauses, seat=starter))
        return self._next(
            state,
            table,
            cards,
            phase=Phase.EXCHANGE,
            to_act=starter,
            dealer=dealer,
            round=state.round + 1,
            last_played=None,
            redrawn=False,
        )

    # ---- reading actions -----------------------------------------------------------------
    def parse_action(self, state: State, text: str) -> Action:
        """The action written ``text``; a Swap's two fields may be named in either order."""
        self._check_variant(state)
        board = self.board(state.players)
        action = parse_action_text(board, state.to_act, text, self.deck.notations)
        if action.plays_as == "swap" and len(action.moves) == 1:
            first, second = action.moves[0]
            turned = evolve(action, moves=((second, first),))
            if not self.is_legal(state, action) and self.is_legal(state, turned):
                return turned
        return action

    def name_action(self, state: State, action: Action) -> Action:
        """``action`` with its notation filled in (for actions built field by field)."""
        return action.seen_by(self.board(state.players), state.to_act)


def _chain(*parts: Candidates) -> Candidates:
    for part in parts:
        yield from part


__all__ = ["ClassicVariant", "InvalidPosition", "copy_plays_as"]
