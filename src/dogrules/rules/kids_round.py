"""DOG Kids' turns: hands of 3 refilled after every turn, no rounds; play a card or redraw;
the team variant's card swaps; the win."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Final

from dogrules.data.register import implements
from dogrules.engine.cardtable import CardTable, scratch, transition
from dogrules.engine.ruleset import GameRules
from dogrules.engine.table import Table
from dogrules.geometry.board import HOME, partner_seat
from dogrules.geometry.cards import CardFamily, distinct
from dogrules.model.actions import Action, ActionKind
from dogrules.model.errors import InvalidArgument, short
from dogrules.model.events import Event, EventKind
from dogrules.model.results import Refusal, Transition
from dogrules.model.state import Phase, State, TeamSwapFacts
from dogrules.rules.kids_cards import KidsCardRule
from dogrules.rules.play import check_card_held, make_turn
from dogrules.rules.round import check_give, exchange_recipients, give_actions, winners

HAND_SIZE: Final = 3
DRAW_CLAUSES: Final = ("KD-DRAW", "R-K2")
SWAP_CLAUSES: Final = ("KD-TEAM-EXCHANGE", "R-K9")


@implements("KD-NEXT-PLAYER")
def next_player(seat: int, players: int) -> int:
    """After a turn the next player clockwise plays (every seat always holds cards)."""
    return (seat + 1) % players


@implements("KD-PLAYERS", "KD-TEAM", "R-K9")
def kids_teams(players: int, teams: bool | None) -> bool:
    """2 to 4 players play; 4 may play as two teams (seats 0/2 and 1/3)."""
    if teams and players != 4:
        raise InvalidArgument(f"the DOG Kids team variant is for 4 players, not {short(players)}")
    return bool(teams)


@implements(
    "KD-DRAW", "KD-DRAW-FORGOTTEN", "KD-DISCARD-PILE", "KD-RESHUFFLE", "R-K1", "R-K2", "R-K13"
)
def refill(cards: CardTable, seat: int) -> None:
    """After every turn the seat draws back to 3 cards, reshuffling the discard pile into a
    new deck when the deck is empty."""
    while len(cards.hands[seat]) < HAND_SIZE and (cards.deck or cards.discard):
        cards.draw(seat, DRAW_CLAUSES)


@dataclasses.dataclass(frozen=True, slots=True)
class KidsOpening:
    """All dogs start at home; every seat gets 3 cards; seat 0 plays first. In the team
    variant the partners first swap one card each."""

    @implements("KD-DOGS", "KD-DEAL", "KD-FIRST-PLAYER", "KD-TEAM-EXCHANGE", "R-K1", "R-K9")
    def new_game(self, game: GameRules, seed: int, teams: bool) -> State:
        board = game.board
        cards = CardTable.shuffled_deck(game.deck, board.players, seed)
        last = board.players - 1
        cards.deal(last, HAND_SIZE, ("KD-DEAL", "R-K1"))
        return State.opening(
            variant=game.ruleset.name,
            phase=Phase.EXCHANGE if teams else Phase.PLAY,
            to_act=0,
            pieces=tuple((HOME,) * board.pieces_per_seat for _ in board.seats),
            hands=tuple(cards.hand(seat) for seat in board.seats),
            deck=tuple(cards.deck),
            shuffles=cards.shuffles,
            dealer=last,
            seed=seed,
            teams=teams,
            extra=TeamSwapFacts(tuple(board.seats), 0) if teams else None,
        )


@implements("KD-TEAM-EXCHANGE", "KD-TEAM-REDRAW-EXCHANGE", "R-K9")
def swap_may_be_declined(game: GameRules) -> bool:
    """Whether each partner may decline the team swap instead of giving a card (R-K9
    optional, the manual's "dürfen"), or must give one (R-K9 compulsory)."""
    return not game.house_rules.chose("R-K9", "compulsory")


@dataclasses.dataclass(frozen=True, slots=True)
class TeamSwap:
    """The team variant's card swap (at the start, and after a redraw): each partner taking
    part sets one card aside or declines (R-K9), choosing without seeing the other's choice;
    once both have chosen, the set-aside cards change hands if both gave, and go back to
    their givers if either declined."""

    def actions(self, game: GameRules, state: State) -> list[Action]:
        found = give_actions(game, state)
        if swap_may_be_declined(game):
            found.append(Action(ActionKind.DECLINE, notation=game.notation(state.to_act)))
        return found

    def check(self, game: GameRules, state: State, action: Action) -> Refusal | None:
        if action.kind == ActionKind.DECLINE:
            if not swap_may_be_declined(game):
                return Refusal(SWAP_CLAUSES, "the team swap is compulsory: each partner gives")
            if action != Action(ActionKind.DECLINE):
                return Refusal(SWAP_CLAUSES, "declining the team swap names nothing else")
            return None
        return check_give(state, action, SWAP_CLAUSES, "the partners swap a card first")

    def carry_out(
        self, game: GameRules, state: State, action: Action, record: bool = True
    ) -> Transition:
        table, cards = scratch(game, state, record)
        seat = state.to_act
        swap = TeamSwapFacts(state.exchanging, state.resume, state.declined)
        if action.kind == ActionKind.DECLINE:
            swap = TeamSwapFacts(swap.exchanging, swap.resume, (*swap.declined, seat))
            cards.record(Event(EventKind.DECLINED, SWAP_CLAUSES, seat=seat))
        else:
            assert action.chosen is not None, "a give names its card (checked)"
            cards.set_aside(seat, action.chosen)
        # A seat with no card to give gives nothing (as in R-C3).
        waiting = [
            s
            for s in state.exchanging
            if cards.exchange[s] is None and s not in swap.declined and cards.hands[s]
        ]
        if waiting:
            return transition(state, table, cards, to_act=waiting[0], extra=swap)
        keep_hands(cards, state.exchanging, swap.declined)
        if any(card is not None for card in cards.exchange):
            cards.deliver(exchange_recipients(state.players, True), SWAP_CLAUSES)
        resume = state.resume if state.resume is not None else 0
        return transition(
            state, table, cards, phase=Phase.PLAY, to_act=resume, extra=TeamSwapFacts()
        )


@implements("KD-TEAM-EXCHANGE", "KD-TEAM-REDRAW-EXCHANGE", "R-K9")
def keep_hands(cards: CardTable, exchanging: tuple[int, ...], declined: tuple[int, ...]) -> None:
    """A team's swap that one of its partners declined does not happen: a card set aside for
    it goes back to the seat that set it aside, and both partners keep their hands (the
    other team's swap, at the start of the game, goes ahead if both of its partners gave)."""
    partner = exchange_recipients(len(cards.exchange), True)
    exchange = list(cards.exchange)
    for seat in exchanging:
        if seat in declined or partner[seat] in declined:
            card = exchange[seat]
            if card is not None:
                cards.changing_hand(seat).append(card)
                exchange[seat] = None
            cards.record(Event(EventKind.KEPT, SWAP_CLAUSES, seat=seat))
    cards.exchange = exchange


@dataclasses.dataclass(frozen=True, slots=True)
class KidsPlay:
    """A DOG Kids turn: play one card and carry it out, then draw to 3; or discard the whole
    hand and draw 3 (R-K2)."""

    cards: Mapping[CardFamily, KidsCardRule]

    def actions(self, game: GameRules, state: State) -> Iterator[Action]:
        turn = make_turn(game, state, game.table(state), start_protection=False)
        notation = game.notation(state.to_act)
        catalogue = game.ruleset.catalogue
        for card in distinct(state.hands[state.to_act]):
            spec = catalogue.spec(card)
            for moves, chosen in self.cards[spec.family].plays(turn, spec):
                yield Action(ActionKind.PLAY, card, None, moves, None, chosen, None, notation)
        yield Action(ActionKind.REDRAW, notation=notation)

    def check(self, game: GameRules, state: State, action: Action) -> Refusal | None:
        if action.kind == ActionKind.GIVE:
            return Refusal(
                ("KD-TEAM-EXCHANGE", "KD-TEAM-REDRAW-EXCHANGE", "R-K9"),
                "partners swap cards only at the start of a team game and after a redraw",
            )
        if action.kind == ActionKind.REDRAW:
            if action == Action(ActionKind.REDRAW):
                return None
            return Refusal(("KD-REDRAW", "R-K2"), "a redraw names no card, movement or turn")
        if action.kind != ActionKind.PLAY:
            return Refusal(
                ("KD-REDRAW", "R-K2"),
                "a seat that cannot or will not move discards its whole hand and draws 3: 'redraw'",
            )
        refusal = check_card_held(state, action, ("KD-MOVE-CLOCKWISE", "R-K2"))
        if refusal is not None:
            return refusal
        if action.turn is not None:
            return Refusal(("R-K2",), "DOG Kids has no disc to turn")
        if action.copied is not None or action.field is not None:
            return Refusal(("R-K2",), "a DOG Kids play names its card, colour and movement only")
        assert action.card is not None, "a held card is a card"
        spec = game.ruleset.catalogue.spec(action.card)
        if len(action.moves) != 1:
            return Refusal(
                ("KD-MOVE-CLOCKWISE", "R-K2"), f"a {action.card} card moves exactly one dog"
            )
        if spec.family != CardFamily.TWO_COLOUR and action.chosen is not None:
            return Refusal(
                ("KD-TWO-COLOUR",),
                f"only a two-colour card takes a colour choice, not {spec.notation}",
            )
        turn = make_turn(game, state, game.table(state), start_protection=False)
        return self.cards[spec.family].check(turn, spec, action)

    def carry_out(
        self, game: GameRules, state: State, action: Action, record: bool = True
    ) -> Transition:
        table, cards = scratch(game, state, record)
        seat = state.to_act
        following = next_player(seat, state.players)
        if action.kind == ActionKind.REDRAW:
            return self.redraw(game, state, table, cards, following)
        assert action.card is not None, "a play names its card (checked)"
        spec = game.ruleset.catalogue.spec(action.card)
        if cards.events is not None:  # once per play: not built unless told
            cards.record(Event(EventKind.PLAYED, spec.clauses, seat=seat, card=action.card))
        cards.take(seat, action.card)
        cards.pile(action.card)
        turn = make_turn(game, state, table, start_protection=False)
        self.cards[spec.family].carry_out(table, turn, spec, action)
        refill(cards, seat)
        # A DOG Kids card completes one side at most: R-C13's question never arises.
        won = winners(table, seat, state.teams, acting_first=False)
        if won:
            clauses = ("KD-TEAM-WIN", "R-K9") if state.teams else ("KD-WIN",)
            cards.record(Event(EventKind.WON, clauses, winners=won))
            return transition(state, table, cards, phase=Phase.OVER, winner=won)
        return transition(state, table, cards, to_act=following)

    @implements("KD-REDRAW", "KD-TEAM-REDRAW-EXCHANGE", "R-K2", "R-K9")
    def redraw(
        self, game: GameRules, state: State, table: Table, cards: CardTable, following: int
    ) -> Transition:
        """A seat may always discard its whole hand and draw 3 new cards instead of moving;
        in the team variant the partners then swap one card each again."""
        seat = state.to_act
        hand = cards.hand(seat)
        for card in hand:
            cards.take(seat, card)
        cards.pile(*hand)
        cards.record(Event(EventKind.REDREW, ("KD-REDRAW", "R-K2"), seat=seat, count=HAND_SIZE))
        refill(cards, seat)
        if not state.teams:
            return transition(state, table, cards, to_act=following)
        partner = partner_seat(seat, state.players)
        givers = tuple(s for s in (seat, partner) if cards.hands[s])
        return transition(
            state,
            table,
            cards,
            phase=Phase.EXCHANGE,
            to_act=givers[0],
            extra=TeamSwapFacts((seat, partner), following),
        )
