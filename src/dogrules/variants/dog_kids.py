"""DOG Kids: dogs move by colour, hands of 3 refilled after every turn, no rounds.

Reads like the manual: set-up (3 dogs at home, 3 cards each, seat 0 first), entering with a
start-field colour, colour moves with the jump over own dogs and the skip over bones, double
steps, two-colour cards, bone cards, the dog swap, the dog house, the redraw turn, and the
team variant (card swaps, the push, playing for the partner, the team win).
"""

from __future__ import annotations

from collections.abc import Iterator

from attrs import evolve

from dogrules.actions import GIVE, PLAY, REDRAW, Action
from dogrules.board import HOME, Board
from dogrules.cards import (
    BONE,
    COLOUR,
    DOGSWAP,
    DOUBLE,
    TWO_COLOUR,
    CardSpec,
    card_spec,
    distinct,
)
from dogrules.clauses import implements
from dogrules.events import PLAYED, REDREW, WON, Event
from dogrules.notation import parse_action_text
from dogrules.results import Transition
from dogrules.rules.colours import (
    COLOUR_CLAUSES,
    bone_target,
    can_enter_kids,
    colour_target,
    double_target,
    enter_dog,
    landing_is_possible,
    move_dog,
)
from dogrules.rules.round import CardTable, controlled_seat, exchange_recipients, winners
from dogrules.rules.swap import swap
from dogrules.rules.table import Table
from dogrules.state import Phase, State
from dogrules.variants.base import Variant

HAND_SIZE = 3
# Clauses of the shared card mechanics, as DOG Kids states them.
CITED_AS = {
    "BD-EXCHANGE": ("KD-TEAM-EXCHANGE",),
    "BD-2P3P-EXCHANGE": (),
    "R-C3": ("R-K9",),
    "BD-RESHUFFLE": ("KD-RESHUFFLE",),
    "R-C2": (),
    "BD-DEAL": ("KD-DEAL",),
    "R-C1": ("R-K1",),
    "BD-CAPTURE": ("KD-THROW-OUT",),
    "BD-2P3P-FIFTH": (),
    "R-B9": (),
}
SWAP_CLAUSES = ("KD-DOGSWAP", "R-K7")
DRAW_CLAUSES = ("KD-DRAW", "R-K2")


class DogKids(Variant):
    """DOG Kids for 2, 3 or 4 players, and the 4-player team variant (``teams=True``)."""

    name = "dog-kids"
    hand_size = HAND_SIZE
    # A seat with no card left (a position set up so) still acts: it redraws.
    acting_needs_cards = False
    # Only bone fields and dog houses protect a dog (KD-HOUSE-SAFE).
    start_protection = False
    plays_in_rounds = False

    @implements("KD-PLAYERS", "KD-TEAM", "R-K9")
    def teams_for(self, players: int, teams: bool | None) -> bool:
        """2 to 4 players play; 4 may play as two teams (seats 0/2 and 1/3)."""
        if teams and players != 4:
            raise ValueError(f"the DOG Kids team variant is for 4 players, not {players}")
        return bool(teams)

    @implements("KD-DOGS", "KD-DEAL", "KD-FIRST-PLAYER", "KD-TEAM-EXCHANGE", "R-K1", "R-K9")
    def new_game(self, players: int = 4, seed: int = 0, teams: bool | None = None) -> State:
        """All dogs start at home; every seat gets 3 cards; seat 0 plays first. In the team
        variant the partners first swap one card each."""
        board = self.board(players)
        is_team = self.teams_for(players, teams)
        cards = CardTable.shuffled_deck(self.deck, players, seed)
        last = players - 1
        cards.deal(last, HAND_SIZE, ("KD-DEAL", "R-K1"))
        return State.opening(
            variant=self.name,
            phase=Phase.EXCHANGE if is_team else Phase.PLAY,
            to_act=0,
            pieces=tuple((HOME,) * board.pieces_per_seat for _ in board.seats),
            hands=tuple(cards.hand(seat) for seat in board.seats),
            deck=tuple(cards.deck),
            shuffles=cards.shuffles,
            dealer=last,
            seed=seed,
            teams=is_team,
            exchanging=tuple(board.seats) if is_team else (),
            resume=0 if is_team else None,
        )

    # ---- legal actions ---------------------------------------------------------------------
    def _generate(self, state: State) -> tuple[Action, ...]:
        board = self.board(state.players)
        seat = state.to_act
        if state.phase == Phase.OVER:
            return ()
        hand = distinct(state.hands[seat])
        if state.phase == Phase.EXCHANGE:
            return tuple(Action(GIVE, chosen=card).seen_by(board, seat) for card in hand)
        table = Table.of(board, state)
        controlled = controlled_seat(table, seat, state.teams)
        shift = state.players // 2 if state.teams else None
        actions = [
            action.seen_by(board, seat)
            for card in hand
            for action in self.card_actions(board, table, controlled, shift, card)
        ]
        actions.append(Action(REDRAW).seen_by(board, seat))
        return tuple(actions)

    @implements("KD-MOVE-CLOCKWISE", "KD-TEAM-HELP", "R-K9")
    def card_actions(
        self, board: Board, table: Table, owner: int, shift: int | None, card: str
    ) -> Iterator[Action]:
        """Every way to carry out ``card`` with the dogs of ``owner`` (the seat's own, or its
        partner's once its own are all home in the team variant)."""
        spec = card_spec(card)
        family = spec.family
        dogs = sorted(table.on_board(owner))
        if family in (COLOUR, DOUBLE, TWO_COLOUR) and can_enter_kids(
            board, table, owner, spec.colours
        ):
            yield Action(PLAY, card, moves=((HOME, board.start[owner]),))
        if family == BONE:
            for origin in dogs:
                target = bone_target(board, table, owner, origin)
                if target is not None:
                    yield Action(PLAY, card, moves=((origin, target),))
        elif family == DOGSWAP:
            yield from (
                Action(PLAY, card, moves=(pair,)) for pair in self.dog_swaps(board, table, owner)
            )
        elif family == DOUBLE:
            for origin in dogs:
                target = double_target(board, table, owner, origin, spec.colours[0])
                if target is not None:
                    yield Action(PLAY, card, moves=((origin, target),))
        elif family in (COLOUR, TWO_COLOUR):
            for colour in spec.colours:
                chosen = colour if family == TWO_COLOUR else None
                for origin in dogs:
                    target = colour_target(board, table, owner, origin, colour)
                    if target is not None and landing_is_possible(
                        table, owner, origin, target, colour, shift
                    ):
                        yield Action(PLAY, card, moves=((origin, target),), chosen=chosen)

    @implements("KD-DOGSWAP", "R-K7")
    def dog_swaps(self, board: Board, table: Table, owner: int) -> list[tuple[int, int]]:
        """One of the seat's dogs on the track changes places with another player's dog on the
        track (bone and start fields included; not at home, not in a dog house)."""
        track = board.track
        mine = sorted(loc for loc in table.on_track(owner))
        theirs = sorted(loc for loc, s in table.occupant.items() if s != owner and loc < track)
        return [(a, b) for a in mine for b in theirs]

    # ---- carrying an action out ----------------------------------------------------------------
    def _carry_out(self, state: State, action: Action) -> Transition:
        board = self.board(state.players)
        table = Table.of(board, state, record=True)
        events = table.events
        assert events is not None
        cards = CardTable.of(self.deck, state, events)
        seat = state.to_act
        if action.kind == GIVE:
            assert action.chosen is not None
            cards.set_aside(seat, action.chosen)
            # A seat with no card to give gives nothing (as in R-C3).
            waiting = [s for s in state.exchanging if cards.exchange[s] is None and cards.hands[s]]
            if waiting:
                return self._next(state, table, cards, to_act=waiting[0])
            cards.deliver(exchange_recipients(state.players, True), ("KD-TEAM-EXCHANGE", "R-K9"))
            resume = state.resume if state.resume is not None else 0
            return self._next(
                state, table, cards, phase=Phase.PLAY, to_act=resume, exchanging=(), resume=None
            )
        following = next_player(seat, state.players)
        if action.kind == REDRAW:
            return self._redraw(state, table, cards, following)
        assert action.card is not None
        events.append(Event(PLAYED, ("KD-DISCARD-PILE",), seat=seat, card=action.card))
        cards.take(seat, action.card)
        cards.discard.append(action.card)
        self.carry_out_play(table, state, action)
        self.refill(cards, seat)
        won = winners(table, seat, state.teams)
        if won:
            clauses = ("KD-TEAM-WIN", "R-K9") if state.teams else ("KD-WIN",)
            events.append(Event(WON, clauses, winners=won))
            return self._next(state, table, cards, phase=Phase.OVER, winner=won)
        return self._next(state, table, cards, to_act=following)

    def carry_out_play(self, table: Table, state: State, action: Action) -> None:
        """Move the dogs as the play says."""
        spec = card_spec(action.card or "")
        ((origin, target),) = action.moves
        if origin == HOME:
            owner = table.board.start_owner(target)
            assert owner is not None
            enter_dog(table, owner)
            return
        if spec.family == DOGSWAP:
            swap(table, origin, target, SWAP_CLAUSES)
            return
        owner = table.occupant[origin]
        shift = state.players // 2 if state.teams else None
        colour = action.chosen or (spec.colours[0] if spec.family == COLOUR else None)
        move_dog(table, owner, origin, target, colour, shift, _move_clauses(spec))

    @implements(
        "KD-DRAW", "KD-DRAW-FORGOTTEN", "KD-DISCARD-PILE", "KD-RESHUFFLE", "R-K1", "R-K2", "R-K13"
    )
    def refill(self, cards: CardTable, seat: int) -> None:
        """After every turn the seat draws back to 3 cards, reshuffling the discard pile into
        a new deck when the deck is empty."""
        while len(cards.hands[seat]) < HAND_SIZE and (cards.deck or cards.discard):
            cards.draw(seat, DRAW_CLAUSES)

    @implements("KD-REDRAW", "KD-TEAM-REDRAW-EXCHANGE", "R-K2", "R-K9")
    def _redraw(self, state: State, table: Table, cards: CardTable, following: int) -> Transition:
        """A seat may always discard its whole hand and draw 3 new cards instead of moving; in
        the team variant the partners then swap one card each again."""
        seat = state.to_act
        hand = cards.hand(seat)
        for card in hand:
            cards.take(seat, card)
        cards.discard.extend(hand)
        cards.events.append(Event(REDREW, ("KD-REDRAW", "R-K2"), seat=seat, count=HAND_SIZE))
        self.refill(cards, seat)
        if not state.teams:
            return self._next(state, table, cards, to_act=following)
        partner = (seat + state.players // 2) % state.players
        givers = tuple(s for s in (seat, partner) if cards.hands[s])
        return self._next(
            state,
            table,
            cards,
            phase=Phase.EXCHANGE,
            to_act=givers[0],
            exchanging=(seat, partner),
            resume=following,
        )

    def cite(self, clauses: tuple[str, ...]) -> tuple[str, ...]:
        """Shared card mechanics cite Black DOG ids; DOG Kids cites its own clauses."""
        cited: list[str] = []
        for clause in clauses:
            for own in CITED_AS.get(clause, (clause,)):
                if own not in cited:
                    cited.append(own)
        return tuple(cited)

    # ---- reading and explaining ---------------------------------------------------------------
    def parse_action(self, state: State, text: str) -> Action:
        """As for every variant; a colour named with an entering card is dropped when it is
        one of the start field's colours (entering takes no colour choice)."""
        self._check_variant(state)
        board = self.board(state.players)
        action = parse_action_text(board, state.to_act, text, self.deck.notations)
        if action.chosen is not None and action.kind == PLAY and action.card is not None:
            if card_spec(action.card).family != TWO_COLOUR:
                raise ValueError(f"{text!r}: only a two-colour card takes a colour ('=...')")
            origin, target = action.moves[0] if len(action.moves) == 1 else (None, None)
            if origin == HOME and target is not None and action.chosen in board.colours_at(target):
                return evolve(action, chosen=None)
        return action

    def diagnose(self, state: State, action: Action) -> tuple[tuple[str, ...], tuple[str, ...]]:
        from dogrules.variants.kids_diagnosis import diagnose_kids

        return diagnose_kids(self, state, action)


@implements("KD-NEXT-PLAYER")
def next_player(seat: int, players: int) -> int:
    """After a turn the next player clockwise plays (every seat always holds cards)."""
    return (seat + 1) % players


def _move_clauses(spec: CardSpec) -> tuple[str, ...]:
    if spec.family == DOUBLE:
        return ("KD-DOUBLE", "R-K5")
    if spec.family == BONE:
        return ("KD-BONE", "R-K6")
    if spec.family == TWO_COLOUR:
        return ("KD-TWO-COLOUR", *COLOUR_CLAUSES)
    return COLOUR_CLAUSES
