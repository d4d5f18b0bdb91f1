"""The round game of Black DOG and Agent DOG: seats, turn order, the exchange, the end of a
turn and of a round, the win, and the end of the game."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Final

from dogrules.data.register import implements
from dogrules.engine.cardtable import CardTable, card_scratch, transition, transition_to
from dogrules.engine.ruleset import GameRules
from dogrules.engine.table import Table
from dogrules.geometry.board import HOME, Board, partner_seat
from dogrules.geometry.cards import distinct
from dogrules.model.actions import Action, ActionKind
from dogrules.model.events import Event, EventKind
from dogrules.model.results import Refusal, Transition
from dogrules.model.state import Phase, State

HAND_SIZE: Final = 5


@implements("BD-EXCHANGE", "BD-2P3P-EXCHANGE", "R-C3")
def exchange_recipients(players: int, teams: bool) -> tuple[int, ...]:
    """Who receives each seat's card: the partner opposite in the team game, otherwise the
    left neighbour (the next seat clockwise)."""
    if teams:
        return tuple(partner_seat(seat, players) for seat in range(players))
    return tuple((seat + 1) % players for seat in range(players))


@implements("BD-TURN", "BD-ROUND-END", "BD-FOLD")
def next_seat(hands: Sequence[Sequence[str]], after: int) -> int | None:
    """The next seat clockwise after ``after`` that still holds cards; None ends the round."""
    players = len(hands)
    for offset in range(1, players + 1):
        seat = (after + offset) % players
        if hands[seat]:
            return seat
    return None


@implements("BD-TEAM-PLAY", "R-C8")
def controlled_seat(table: Table, seat: int, teams: bool) -> int:
    """The seat whose pieces ``seat`` moves: its own, or its partner's once all its own are in
    its finish (team game)."""
    if teams and table.all_in_finish(seat):
        return table.board.partner(seat)
    return seat


@implements("R-C13")
def acting_side_first(game: GameRules) -> bool:
    """Whether a card that completes two sides makes the acting seat's side the winner
    (R-C13 acting-side-first) rather than the side completed first in the order of the
    sub-moves (R-C13 sub-move-order, the reference)."""
    return game.house_rules.chose("R-C13", "acting-side-first")


@implements("R-C13")
def winners(table: Table, acting: int, teams: bool, *, acting_first: bool) -> tuple[int, ...]:
    """The side that has won after an action (see :func:`complete_sides`). When one card
    completes two sides (a Partner split), the side whose last piece entered its finish
    first, in the order of the sub-moves, wins (R-C13); with ``acting_first`` the acting
    seat's side, or the first of them clockwise from it (R-C13 acting-side-first)."""
    if not table.finished:
        # A side is complete only once its last piece enters a finish, and a game already
        # won takes no action: no piece entered one in this action, so nobody has won.
        return ()
    sides = complete_sides(table.board, table.seats_done(), acting, teams)
    if not sides:
        return ()
    if acting_first:
        return sides[0]

    def completed_at(side: tuple[int, ...]) -> int:
        # The side completed with the last of its pieces to enter a finish in this action.
        return max((i for i, seat in enumerate(table.finished) if seat in side), default=-1)

    return min(sides, key=completed_at)


@implements("BD-GOAL", "BD-WIN", "BD-2P3P-WIN", "KD-GOAL", "KD-WIN", "KD-TEAM-WIN", "R-C11")
def complete_sides(
    board: Board, done: Sequence[bool], first: int, teams: bool
) -> list[tuple[int, ...]]:
    """The win rule: a side has won once every piece of its seats that can finish stands in
    a finish (``done[seat]``); a side is a team in a team game, otherwise one seat. Every
    such side, clockwise from ``first``'s own."""
    if not any(done):
        return []  # after every action of a game but its last
    sides: list[tuple[int, ...]] = []
    for offset in range(board.players):
        side = board.side((first + offset) % board.players, teams)
        if side not in sides and all(done[seat] for seat in side):
            sides.append(side)
    return sides


def partner_of(state: State, seat: int) -> int | None:
    """The seat opposite ``seat`` in a team game (None without teams)."""
    return partner_seat(seat, state.players) if state.teams else None


def win_clauses(teams: bool, double: bool) -> tuple[str, ...]:
    """The clauses a Black DOG or Agent DOG win cites (R-C13 when a card completed two)."""
    clauses = ("BD-WIN", "BD-GOAL", "R-C11") if teams else ("BD-2P3P-WIN", "R-C11")
    return (*clauses, "R-C13") if double else clauses


def give_actions(game: GameRules, state: State) -> Iterator[Action]:
    """Setting each different card of the hand aside is one choice."""
    notation = game.notation(state.to_act)
    for card in distinct(state.hands[state.to_act]):
        yield Action(ActionKind.GIVE, chosen=card, notation=notation)


def check_give(
    state: State, action: Action, clauses: tuple[str, ...], first: str
) -> Refusal | None:
    """A seat that is to give sets aside a card it holds, and does nothing else (``first``
    says what is under way when it tries something else)."""
    seat = state.to_act
    if action.kind != ActionKind.GIVE:
        return Refusal(clauses, f"{first}; seat {seat} gives now")
    if action.chosen not in state.hands[seat]:
        return Refusal(clauses, f"seat {seat} does not hold {action.chosen!r} to give")
    if action != Action(ActionKind.GIVE, chosen=action.chosen):
        return Refusal(clauses, "giving a card names the card and nothing else")
    return None


@dataclasses.dataclass(frozen=True, slots=True)
class RoundExchange:
    """After the deal every seat sets one card aside, face down; once all have chosen the
    cards change hands at the same time (R-C3)."""

    def actions(self, game: GameRules, state: State) -> Iterator[Action]:
        return give_actions(game, state)

    def check(self, game: GameRules, state: State, action: Action) -> Refusal | None:
        first = "first every seat sets a card aside for the exchange"
        return check_give(state, action, ("BD-EXCHANGE", "R-C3"), first)

    def carry_out(
        self, game: GameRules, state: State, action: Action, record: bool = True
    ) -> Transition:
        cards = card_scratch(game, state, record)
        assert action.chosen is not None, "a give names its card (checked)"
        cards.set_aside(state.to_act, action.chosen)
        players = state.players
        for offset in range(1, players + 1):
            seat = (state.to_act + offset) % players
            if cards.exchange[seat] is None and cards.hands[seat]:
                return transition(state, None, cards, to_act=seat)
        clauses = ("BD-EXCHANGE", "R-C3") if state.teams else ("BD-2P3P-EXCHANGE", "R-C3")
        cards.deliver(exchange_recipients(players, state.teams), clauses)
        starter = game.ruleset.starter(state.dealer, players)
        first = starter if cards.hands[starter] else next_seat(cards.hands, starter)
        return transition(state, None, cards, phase=Phase.PLAY, to_act=first)


@implements("BD-ROUND-END", "BD-DEALER-ROTATES", "BD-TURN", "R-C1")
def end_turn(
    game: GameRules,
    state: State,
    table: Table | None,
    cards: CardTable,
    played: str | None,
    round_start_clauses: tuple[str, ...],
) -> Transition:
    """After a turn: the game may be won; otherwise the next seat with cards plays, and when
    nobody holds a card the round ends and the next dealer deals (``table``: the pieces after
    a play, None after a turn that moved none)."""
    last_played = played if played is not None else state.last_played
    if played is not None:
        assert table is not None, "a play's pieces are on a table"
        # A side wins only as its last piece enters a finish (see :func:`winners`): after
        # most plays none entered one, and the win is not looked for.
        won: tuple[int, ...] = ()
        if table.finished:
            first = acting_side_first(game)
            won = winners(table, state.to_act, state.teams, acting_first=first)
        if won:
            done = table.seats_done()
            double = len(complete_sides(table.board, done, state.to_act, state.teams)) > 1
            cards.record(Event(EventKind.WON, win_clauses(state.teams, double), winners=won))
            return transition(
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
        # The next seat plays (after most actions): every field given by position.
        return transition_to(
            state,
            table,
            cards,
            state.phase,
            following,
            state.dealer,
            state.round,
            last_played,
            False,
            state.winner,
            state.extra,
        )
    dealer = (state.dealer + 1) % state.players
    cards.deal(dealer, HAND_SIZE, ("BD-DEAL", "BD-DEALER-ROTATES", "R-C1", "R-C2"))
    starter = game.ruleset.starter(dealer, state.players)
    if cards.events is not None:
        cards.record(Event(EventKind.ROUND_STARTED, round_start_clauses, seat=starter))
    return transition(
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


@dataclasses.dataclass(frozen=True, slots=True)
class GameOver:
    """Once a side has won nobody acts any more."""

    clauses: tuple[str, ...] = ("BD-WIN", "R-C11")

    def actions(self, game: GameRules, state: State) -> Iterator[Action]:
        return iter(())

    def check(self, game: GameRules, state: State, action: Action) -> Refusal | None:
        return Refusal(self.clauses, f"the game is over; seat(s) {list(state.winner)} won")

    def carry_out(
        self, game: GameRules, state: State, action: Action, record: bool = True
    ) -> Transition:
        raise AssertionError("nothing is carried out once the game is over")


@implements(
    "BD-FREE-START",
    "BD-PIECES",
    "BD-2P3P-PIECES",
    "BD-2P3P-INDIVIDUAL",
    "BD-PLAYERS",
    "AD-SETUP",
    "R-C1",
)
def initial_pieces(board: Board) -> tuple[tuple[int, ...], ...]:
    """Every seat starts with one piece on its start field and the rest at home."""
    rest = (HOME,) * (board.pieces_per_seat - 1)
    return tuple((*rest, board.start[seat]) for seat in board.seats)


@dataclasses.dataclass(frozen=True, slots=True)
class RoundOpening:
    """A new round game: seat 0 deals the first round, pieces are set up and 5 cards dealt to
    every seat; play begins with ``first_phase`` (Black DOG: the Black Dog is placed first)."""

    first_phase: Phase = Phase.EXCHANGE

    @implements("BD-DEAL", "AD-FIRST-DEALER", "R-C1")
    def new_game(self, game: GameRules, seed: int, teams: bool) -> State:
        board = game.board
        cards = CardTable.shuffled_deck(game.deck, board.players, seed)
        dealer = 0
        cards.deal(dealer, HAND_SIZE, ("BD-DEAL", "R-C1", "R-C2"))
        setup = self.first_phase == Phase.SETUP
        part = game.ruleset.part
        return State.opening(
            variant=game.ruleset.name,
            phase=self.first_phase,
            to_act=dealer if setup else game.ruleset.starter(dealer, board.players),
            pieces=initial_pieces(board),
            hands=tuple(cards.hand(seat) for seat in board.seats),
            deck=tuple(cards.deck),
            shuffles=cards.shuffles,
            dealer=dealer,
            seed=seed,
            teams=teams,
            extra=None if part is None else part.start(board, teams),
        )


@implements("BD-PLAYERS", "BD-2P3P-INDIVIDUAL")
def round_game_teams(players: int, teams: bool | None) -> bool:
    """With 4 players the partners opposite each other play as a team; with 2 or 3 every
    seat plays for itself."""
    expected = players == 4
    if teams is not None and teams != expected:
        raise ValueError(
            f"teams are {'always' if expected else 'never'} played with {players} players "
            f"(teams={teams} given)"
        )
    return expected


@implements("R-C1")
def dealer_left_starts(dealer: int, players: int) -> int:
    """The seat left of the dealer (dealer + 1) plays first (R-C1)."""
    return (dealer + 1) % players
