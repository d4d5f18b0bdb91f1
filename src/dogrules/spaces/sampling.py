"""Determinization: a full state consistent with what one seat has seen, the rest dealt at
random, so that a search bot can plan on sampled states instead of peeking at the true one.

What the seat saw stays as it saw it (its hand, the card it set aside, the board, the
discard pile's top card, every seat's number of cards, the public facts); what it did not see
is dealt uniformly from the cards it cannot place: the other hands, the cards others set
aside, the discard pile below its top card and the deck's order, and which seat owns each
face-down piece (Agent DOG). The seed of the sampled state is drawn too, so the shuffles still
to come are random as well. A seat that knows more than the observation shows (the card it
passed in the exchange now in its partner's hand) says so with ``known``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

import attrs

from dogrules.engine.problems import MAX_SEED
from dogrules.model.observation import Observation
from dogrules.model.state import State, TeamSwapFacts
from dogrules.variants import variant as variant_named


def sample_state(
    observation: Observation,
    rng: random.Random,
    known: Mapping[int, Sequence[str]] | None = None,
) -> State:
    """A state the seat of ``observation`` cannot tell from the true one, its hidden part
    drawn with ``rng``; ``known[s]`` are cards the seat knows are in seat ``s``'s hand.
    ValueError if the observation (with ``known``) fits no deal of the variant's deck."""
    rules = variant_named(observation.variant)
    board = rules.board(observation.players)
    seat, seats = observation.seat, range(observation.players)
    told = {s: list(cards) for s, cards in (known or {}).items() if s != seat}
    unseen = Counter(rules.deck.cards())
    unseen.subtract(observation.hand)
    unseen.subtract(card for cards in told.values() for card in cards)
    for card in (observation.own_exchange, observation.discard_top):
        if card is not None:
            unseen[card] -= 1
    short = sorted(card for card, count in unseen.items() if count < 0)
    if short:
        raise ValueError(f"the observation shows more of {', '.join(short)} than the deck has")
    pool = list(unseen.elements())
    rng.shuffle(pool)
    hands: list[tuple[str, ...]] = []
    for s in seats:
        if s == seat:
            hands.append(observation.hand)
            continue
        held = told.get(s, [])
        missing = observation.hand_sizes[s] - len(held)
        if missing < 0:
            raise ValueError(f"seat {s} holds {observation.hand_sizes[s]} cards, not {held}")
        hands.append(rules.deck.in_order([*held, *_take(pool, missing)]))
    discard: tuple[str, ...] = ()
    if observation.discard_top is not None:
        discard = (*_take(pool, observation.discard_size - 1), observation.discard_top)
    chosen = [s for s, aside in enumerate(observation.setting_aside) if aside and s != seat]
    givers = _givers(observation, chosen, len(pool) - observation.deck_size, rng)
    exchange: list[str | None] = [
        observation.own_exchange if s == seat else _take(pool, 1)[0] if s in givers else None
        for s in seats
    ]
    extra = observation.extra
    declined = tuple(s for s in chosen if s not in givers)
    if declined and isinstance(extra, TeamSwapFacts):
        extra = attrs.evolve(extra, declined=tuple(sorted({*extra.declined, *declined})))
    if len(pool) != observation.deck_size:
        raise ValueError(f"{len(pool)} cards are left for a deck of {observation.deck_size}")
    return State(
        variant=observation.variant,
        players=observation.players,
        phase=observation.phase,
        to_act=observation.to_act,
        pieces=_pieces(observation, board.pieces_per_seat, rng),
        hands=tuple(hands),
        deck=tuple(pool),
        discard=discard,
        exchange=tuple(exchange),
        dealer=observation.dealer,
        round=observation.round,
        last_played=observation.last_played,
        redrawn=observation.redrawn,
        seed=rng.randrange(MAX_SEED),
        shuffles=observation.shuffles,
        winner=observation.winner,
        teams=observation.teams,
        extra=extra,
    )


def _givers(
    observation: Observation, chosen: list[int], aside: int, rng: random.Random
) -> frozenset[int]:
    """Which of the seats ``chosen`` (seen to have made their swap choice) set one of the
    ``aside`` hidden cards aside; the others declined (R-K9, which the seat is shown as a
    choice made). A seat that gave holds a card fewer than one that declined, so the seats
    holding fewest give, ties drawn at random."""
    if not 0 <= aside <= len(chosen):
        raise ValueError(f"{aside} cards set aside by {len(chosen)} seats that chose")
    order = chosen.copy()
    rng.shuffle(order)
    order.sort(key=lambda s: observation.hand_sizes[s])
    return frozenset(order[:aside])


def _take(pool: list[str], count: int) -> list[str]:
    """The last ``count`` cards of ``pool``, taken from it."""
    if not 0 <= count <= len(pool):
        raise ValueError(f"{count} hidden cards are needed, {len(pool)} are left")
    taken = pool[len(pool) - count :]
    del pool[len(pool) - count :]
    return taken


def _pieces(
    observation: Observation, per_seat: int, rng: random.Random
) -> tuple[tuple[int, ...], ...]:
    """Each seat's face-up pieces, and the face-down ones dealt to the seats short of pieces
    (each seat owns ``per_seat``), every such assignment as likely as the others."""
    owners = [s for s, shown in enumerate(observation.pieces) for _ in range(per_seat - len(shown))]
    if len(owners) != len(observation.flipped):
        raise ValueError(
            f"{len(observation.flipped)} face-down pieces for {len(owners)} pieces not shown"
        )
    rng.shuffle(owners)
    pieces = [list(shown) for shown in observation.pieces]
    for owner, field in zip(owners, observation.flipped, strict=True):
        pieces[owner].append(field)
    return tuple(tuple(sorted(locations)) for locations in pieces)
