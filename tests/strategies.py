"""Hypothesis strategies for dogrules: random valid positions built with ``v.position(...)``.

:func:`positions` places every seat's pieces at random on distinct fields (home ``H``, track
``T<n>``, the seat's own finish ``F<k>``), puts the Black Dog (when the variant has one) on a
free track field that is no start field, deals random hands (1 to the variant's hand size, 5 in
Black DOG, for the seat to act, 0 to it for the others) that never hold more copies of a
card than the deck has, and picks a random ``last_played`` (never ``copy``).

What it draws is a :class:`PositionArgs`; its ``repr`` is the ``v.position(...)`` call that
rebuilds the position, so a falsifying example printed by Hypothesis can be pasted as is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import reject
from hypothesis import strategies as st

import dogrules
from dogrules import InvalidPosition, State

# A seat's finish is filled completely with probability 1/FULL_FINISH_ODDS (such a seat has
# finished: in the team game its partner's pieces are then moved by it, R-C8; in 2/3 players
# the position is already won and rejected).
FULL_FINISH_ODDS = 8


@dataclass(frozen=True)
class PositionArgs:
    """The arguments of one ``v.position(...)`` call."""

    variant: str
    players: int
    pieces: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[str, ...], ...]
    to_act: int
    black_dog: str | None
    last_played: str | None
    dealer: int | None
    seed: int

    def build(self) -> State:
        """The position (InvalidPosition if the engine refuses it)."""
        return dogrules.variant(self.variant).position(
            players=self.players,
            pieces={seat: list(locations) for seat, locations in enumerate(self.pieces)},
            hands={seat: list(cards) for seat, cards in enumerate(self.hands) if cards},
            to_act=self.to_act,
            black_dog=self.black_dog,
            last_played=self.last_played,
            dealer=self.dealer,
            seed=self.seed,
        )

    def __repr__(self) -> str:
        pieces = {seat: list(locations) for seat, locations in enumerate(self.pieces)}
        hands = {seat: list(cards) for seat, cards in enumerate(self.hands) if cards}
        return (
            f"dogrules.variant({self.variant!r}).position(players={self.players}, "
            f"pieces={pieces}, hands={hands}, to_act={self.to_act}, "
            f"black_dog={self.black_dog!r}, last_played={self.last_played!r}, "
            f"dealer={self.dealer!r}, seed={self.seed})"
        )


@dataclass(frozen=True)
class Position:
    """A drawn position: the call that builds it and the state it built."""

    args: PositionArgs
    state: State

    def __repr__(self) -> str:
        return repr(self.args)


@st.composite
def position_args(
    draw: st.DrawFn, variant_name: str, player_counts: Sequence[int], black_dog: bool
) -> PositionArgs:
    """Arguments of a valid (not necessarily unwon) position of ``variant_name``."""
    v = dogrules.variant(variant_name)
    players = draw(st.sampled_from(tuple(player_counts)), label="players")
    board = v.board(players)
    taken: set[int] = set()  # track fields holding a piece (finish fields are per seat)
    pieces: list[tuple[str, ...]] = []
    for seat in board.seats:
        count = board.pieces_per_seat
        most = min(board.finish, count)
        full = draw(st.integers(1, FULL_FINISH_ODDS)) == FULL_FINISH_ODDS
        in_finish = most if full else draw(st.integers(0, most - 1))
        lanes = draw(
            st.lists(
                st.integers(1, board.finish), min_size=in_finish, max_size=in_finish, unique=True
            )
        )
        rest = count - in_finish
        on_track = draw(st.integers(0, rest))
        fields: list[int] = []
        start = board.start[seat]
        # Often a piece of the seat stands on its own start field (protected there).
        if on_track and start not in taken and draw(st.booleans()):
            fields.append(start)
            taken.add(start)
        while len(fields) < on_track:
            field = draw(st.sampled_from([f for f in range(board.track) if f not in taken]))
            fields.append(field)
            taken.add(field)
        pieces.append(
            ("H",) * (rest - on_track)
            + tuple(f"T{f}" for f in fields)
            + tuple(f"F{k}" for k in sorted(lanes))
        )
    dog: str | None = None
    if black_dog:
        free = [f for f in range(board.track) if f not in taken and f not in board.printed_starts]
        dog = f"T{draw(st.sampled_from(free))}"
    to_act = draw(st.sampled_from(list(board.seats)), label="to_act")
    remaining = dict(v.deck.counts)
    hands: list[tuple[str, ...]] = []
    for seat in board.seats:
        size = draw(st.integers(1 if seat == to_act else 0, v.hand_size))
        cards: list[str] = []
        for _ in range(size):
            card = draw(st.sampled_from([c for c, n in v.deck.counts if remaining[c] > 0]))
            remaining[card] -= 1
            cards.append(card)
        hands.append(tuple(cards))
    last_played: str | None = None  # what a Copy plays as: only where there is a Copy
    if "copy" in v.deck.notations:
        last_played = draw(
            st.none() | st.sampled_from([c for c, _ in v.deck.counts if c != "copy"]),
            label="last_played",
        )
    dealer = draw(st.none() | st.sampled_from(list(board.seats)), label="dealer")
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    return PositionArgs(
        variant=variant_name,
        players=players,
        pieces=tuple(pieces),
        hands=tuple(hands),
        to_act=to_act,
        black_dog=dog,
        last_played=last_played,
        dealer=dealer,
        seed=seed,
    )


def _build(args: PositionArgs) -> Position:
    try:
        return Position(args, args.build())
    except InvalidPosition as exc:
        # Positions already won are refused by design; anything else the strategy drew is
        # valid, so the refusal itself is a failure worth seeing.
        if "won" in str(exc):
            reject()
        raise


def positions(
    variant_name: str, player_counts: Sequence[int], black_dog: bool
) -> st.SearchStrategy[Position]:
    """Random valid positions (phase "play", not yet won) of ``variant_name``.

    ``black_dog`` says whether the variant places a Black Dog (on a free track field that is
    not a start field: T0, T16, T32, T48 in Black DOG).
    """
    return position_args(variant_name, player_counts, black_dog).map(_build)
