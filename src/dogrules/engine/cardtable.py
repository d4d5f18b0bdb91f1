"""The cards while one action is worked out: hands, deck, discard pile, set-aside cards.

Like :class:`~dogrules.engine.table.Table` for the pieces, a :class:`CardTable` is a scratch
copy that rule functions change and that records an event for every change; the new state is
built from it once, at the end."""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Callable, Sequence
from typing import Final

from dogrules.data.register import implements
from dogrules.engine.ruleset import GameRules
from dogrules.engine.table import Cite, Record, Table, written
from dogrules.engine.values import new_state
from dogrules.geometry.cards import Deck
from dogrules.model.events import Event, EventKind
from dogrules.model.results import Transition
from dogrules.model.state import DogFacts, Extra, Phase, State


@implements("BD-DEAL", "BD-RESHUFFLE", "R-C2")
def shuffled(cards: Sequence[str], seed: int, number: int) -> tuple[str, ...]:
    """Shuffle number ``number`` of a game: deterministic from the game's seed and the count."""
    order = list(cards)
    random.Random(f"dogrules:{seed}:{number}").shuffle(order)
    return tuple(order)


class CardTable:
    """A scratch copy of every card: hands, deck (drawn from its end), discard, exchange."""

    __slots__ = (
        "cite",
        "deck",
        "deck_spec",
        "discard",
        "events",
        "exchange",
        "hands",
        "seed",
        "shuffles",
        "unordered",
    )

    def __init__(
        self,
        deck_spec: Deck,
        hands: Sequence[Sequence[str]],
        deck: Sequence[str],
        discard: Sequence[str],
        exchange: Sequence[str | None],
        seed: int,
        shuffles: int,
        events: list[Record] | None,
        cite: Cite | None = None,
    ) -> None:
        self.deck_spec = deck_spec
        # A hand and the deck are copied when first changed (most actions change one hand and
        # leave the deck alone): until then each is the sequence it was given, so the new
        # state keeps an unchanged one as it was (see :func:`transition`). A hand held as a
        # tuple is in canonical order (a state's hand, or one with a card taken from it); a
        # list is sorted when the new state is built, and ``unordered`` says whether there
        # is one (``hands`` are given as tuples in canonical order). The set-aside cards too
        # are the sequence given until changed (by a give, or their delivery). The discard
        # pile, some dozens of cards, is a tuple replaced whole by :meth:`pile`: a play
        # copies it once, into the tuple the new state holds.
        self.hands: list[Sequence[str]] = list(hands)
        self.unordered = False
        self.deck: Sequence[str] = deck
        self.discard: tuple[str, ...] = tuple(discard)
        self.exchange: Sequence[str | None] = exchange
        self.seed = seed
        self.shuffles = shuffles
        self.events = events
        # How the game cites the clauses its events name (None: as they are named).
        self.cite = cite

    def changing_hand(self, seat: int) -> list[str]:
        """The hand of ``seat``, to be changed (copied on its first change)."""
        self.unordered = True
        hand = self.hands[seat]
        if type(hand) is not list:
            hand = self.hands[seat] = list(hand)
        return hand

    def changing_deck(self) -> list[str]:
        """The deck, to be changed (copied on its first change)."""
        deck = self.deck
        if type(deck) is not list:
            deck = self.deck = list(deck)
        return deck

    @classmethod
    @implements("BD-DEAL", "R-C2")
    def shuffled_deck(cls, deck_spec: Deck, players: int, seed: int) -> CardTable:
        """The cards of a new game: empty hands, the whole deck shuffled by the game's seed."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        deck = shuffled(deck_spec.cards(), seed, 0)
        return cls(deck_spec, [()] * players, deck, (), (None,) * players, seed, 1, [])

    def record(self, event: Event) -> None:
        if self.events is not None:
            self.events.append(event)

    def tell(self, write: Callable[..., tuple[Event, ...]], *facts: object) -> None:
        """Record the events ``write(*facts, board)`` writes when they are read."""
        if self.events is not None:
            self.events.append((write, facts))

    def hand(self, seat: int) -> tuple[str, ...]:
        """The hand of ``seat`` in canonical order."""
        return self.deck_spec.in_order(self.hands[seat])

    def pile(self, *cards: str) -> None:
        """Put ``cards`` on the discard pile, the last on top."""
        self.discard += cards

    def take(self, seat: int, card: str) -> None:
        """Remove one ``card`` from the hand of ``seat`` (known to hold it)."""
        hand = self.hands[seat]
        if isinstance(hand, tuple):
            # A hand in canonical order stays so without one of its cards (a play's hand).
            at = hand.index(card)
            self.hands[seat] = hand[:at] + hand[at + 1 :]
        else:
            self.changing_hand(seat).remove(card)

    @implements("BD-RESHUFFLE", "R-C2")
    def reshuffle(self) -> None:
        """The remaining deck and the discard pile are shuffled together into a new deck."""
        self.deck = list(shuffled([*self.deck, *self.discard], self.seed, self.shuffles))
        self.discard = ()
        self.shuffles += 1
        if self.events is not None:
            self.record(Event(EventKind.RESHUFFLED, ("BD-RESHUFFLE", "R-C2"), count=len(self.deck)))

    def draw(self, seat: int, clauses: tuple[str, ...] = ("BD-2P3P-REDRAW", "R-C7")) -> None:
        """``seat`` draws the top card, the discard pile first becoming the deck if it is empty."""
        if not self.deck:
            self.reshuffle()
        self.changing_hand(seat).append(self.changing_deck().pop())
        if self.events is not None:
            self.record(Event(EventKind.DREW, clauses, seat=seat))

    @implements("BD-DEAL", "BD-DEALER-ROTATES", "BD-RESHUFFLE", "R-C1", "R-C2")
    def deal(self, dealer: int, count: int, clauses: tuple[str, ...]) -> None:
        """The dealer gives ``count`` cards to every seat, one at a time clockwise from its
        left; a deck too small for the whole deal is first shuffled with the discard pile."""
        players = len(self.hands)
        if len(self.deck) < count * players:
            self.reshuffle()
        deck = self.changing_deck()
        for _ in range(count):
            for offset in range(1, players + 1):
                self.changing_hand((dealer + offset) % players).append(deck.pop())
        if self.events is not None:
            self.record(Event(EventKind.DEALT, clauses, seat=dealer, count=count))

    def discard_card(self, seat: int, card: str, clauses: tuple[str, ...]) -> None:
        self.take(seat, card)
        self.pile(card)
        if self.events is not None:
            self.record(Event(EventKind.DISCARDED, clauses, seat=seat, card=card))

    @implements("BD-FOLD", "R-C7", "R-B11")
    def fold(self, seat: int) -> None:
        """A seat that can play no card shows its hand and puts it under the discard pile; it is
        out until the next deal."""
        hand = self.bury_hand(seat)
        if self.events is not None:
            self.record(Event(EventKind.FOLDED, ("BD-FOLD", "R-C7"), seat=seat, count=len(hand)))
            self.record(Event(EventKind.OUT_OF_ROUND, ("BD-FOLD", "R-C7"), seat=seat))

    def bury_hand(self, seat: int) -> tuple[str, ...]:
        """The seat's whole hand goes under the discard pile (the top card stays on top)."""
        hand = self.hand(seat)
        self.discard = hand + self.discard
        self.hands[seat] = ()
        return hand

    @implements("BD-EXCHANGE", "BD-2P3P-EXCHANGE", "R-C3")
    def set_aside(self, seat: int, card: str) -> None:
        """In the exchange a seat first chooses the card it will pass, face down."""
        self.take(seat, card)
        exchange = list(self.exchange)
        exchange[seat] = card
        self.exchange = exchange
        if self.events is not None:
            self.record(Event(EventKind.GAVE, ("BD-EXCHANGE", "R-C3"), seat=seat))

    def deliver(self, recipient: Sequence[int], clauses: tuple[str, ...]) -> None:
        """Once every seat has chosen, all set-aside cards are received at the same time."""
        for seat, card in enumerate(self.exchange):
            if card is not None:
                self.changing_hand(recipient[seat]).append(card)
        self.exchange = [None] * len(self.exchange)
        if self.events is not None:
            self.record(Event(EventKind.EXCHANGED, clauses))


class _Keep(enum.Enum):
    """Marks a field of the new state that stays as it was."""

    KEEP = enum.auto()


KEEP: Final = _Keep.KEEP


def transition(
    state: State,
    table: Table | None,
    cards: CardTable,
    *,
    phase: Phase | None = None,
    to_act: int | None = None,
    dealer: int | None = None,
    round: int | None = None,
    last_played: str | _Keep | None = KEEP,
    redrawn: bool | None = None,
    winner: tuple[int, ...] | None = None,
    extra: Extra | _Keep | None = KEEP,
) -> Transition:
    """The transition to the state the scratch ``table`` and ``cards`` now describe, with the
    events they recorded (written when read, citing the game's own clauses); the keyword arguments
    change what the tables do not hold. Without a ``table`` (see :func:`card_scratch`) the
    pieces stay as they were."""
    return transition_to(
        state,
        table,
        cards,
        state.phase if phase is None else phase,
        state.to_act if to_act is None else to_act,
        state.dealer if dealer is None else dealer,
        state.round if round is None else round,
        state.last_played if last_played is KEEP else last_played,
        state.redrawn if redrawn is None else redrawn,
        state.winner if winner is None else winner,
        state.extra if extra is KEEP else extra,
    )


def transition_to(
    state: State,
    table: Table | None,
    cards: CardTable,
    phase: Phase,
    to_act: int,
    dealer: int,
    round: int,
    last_played: str | None,
    redrawn: bool,
    winner: tuple[int, ...],
    extra: Extra | None,
) -> Transition:
    """:func:`transition` with every field the tables do not hold given, by position: the
    end of a turn (every play's) names them all, and pays for no keyword or default."""
    now = extra
    # The Black Dog of the new state, as the table that describes it remembers it.
    dog: int | None = None
    if table is None:
        pieces = state.pieces
    else:
        pieces = table.pieces()
        if isinstance(now, DogFacts):
            dog = table.dog
            if now.black_dog != dog:
                now = DogFacts(dog)
    # What did not change is kept, not copied: the scratch copy changes a hand or the deck
    # only through a copy of its own, so one still the state's own object is unchanged; a
    # hand held as a tuple is in canonical order already (see :class:`CardTable`), and
    # unless one is a list (a deal, a draw, a delivery) every hand is kept as it is.
    if cards.unordered:
        order = cards.deck_spec.in_order
        hands = tuple([hand if isinstance(hand, tuple) else order(hand) for hand in cards.hands])
    else:
        # Every hand a tuple (``unordered`` is False), as the state's field holds them.
        hands = tuple(cards.hands)  # type: ignore[arg-type]
    new = new_state(
        state.variant,
        state.players,
        phase,
        to_act,
        pieces,
        hands,
        state.deck if cards.deck is state.deck else tuple(cards.deck),
        cards.discard,
        tuple(cards.exchange),
        dealer,
        round,
        last_played,
        redrawn,
        state.seed,
        cards.shuffles,
        winner,
        state.teams,
        now,
    )
    if table is not None:
        table.describe(new, dog)
    if cards.events is None:
        return Transition(new)
    board = None if table is None else table.board
    # The records as they are, not copied: the scratch tables are done with.
    told = functools.partial(written, board, cards.events, cards.cite)
    # By position (state, events, tell): the keyword costs the call a quarter more.
    return Transition(new, (), told)


def scratch(game: GameRules, state: State, record: bool = True) -> tuple[Table, CardTable]:
    """Scratch copies of the pieces and cards of ``state``, sharing one event list when they
    ``record`` (otherwise recording nothing: the events are not wanted)."""
    table = game.table(state, record)
    return table, _cards(game, state, table.events)


def card_scratch(game: GameRules, state: State, record: bool = True) -> CardTable:
    """A scratch copy of the cards of ``state`` alone, for an action that moves no piece (a
    give, a fold, a discard): the pieces are not copied, nor rebuilt for the new state."""
    return _cards(game, state, [] if record else None)


def _cards(game: GameRules, state: State, events: list[Record] | None) -> CardTable:
    return CardTable(
        game.deck,
        state.hands,
        state.deck,
        state.discard,
        state.exchange,
        state.seed,
        state.shuffles,
        events,
        game.cite,
    )
