"""Events: what an action did, step by step, each with the clauses that produced it."""

from __future__ import annotations

import enum
from typing import NamedTuple


class EventKind(enum.StrEnum):
    """What happened; compares equal to its string value."""

    MOVED = "moved"
    ENTERED = "entered"
    CAPTURED = "captured"
    FINISHED = "finished"
    SWAPPED = "swapped"
    JUMPED = "jumped"
    DOG_PLACED = "dog_placed"
    DOG_MOVED = "dog_moved"
    DISC_TURNED = "disc_turned"
    PLAYED = "played"
    DISCARDED = "discarded"
    DREW = "drew"
    FOLDED = "folded"
    OUT_OF_ROUND = "out_of_round"
    GAVE = "gave"
    EXCHANGED = "exchanged"
    DEALT = "dealt"
    RESHUFFLED = "reshuffled"
    ROUND_STARTED = "round_started"
    WON = "won"
    FLIPPED = "flipped"
    SUMMONED = "summoned"
    PENALISED = "penalised"
    PUSHED = "pushed"
    CARRIED = "carried"
    REDREW = "redrew"
    DECLINED = "declined"
    KEPT = "kept"


class Event(NamedTuple):
    """One thing that happened.

    ``seat`` is the seat the event concerns (the actor, or the owner of a captured piece),
    ``piece`` the owner of the piece that moved, ``src``/``dst`` its locations in layout
    notation, ``path`` every field stepped on, ``card`` a card concerned, ``count`` a number
    concerned (cards dealt, steps moved), ``direction`` a disc turn's direction.

    A named tuple, as the other values a game makes (docs/dev/representation.md).
    """

    kind: EventKind
    clauses: tuple[str, ...]
    seat: int | None = None
    piece: int | None = None
    src: str | None = None
    dst: str | None = None
    path: tuple[str, ...] = ()
    card: str | None = None
    # Shadows the tuple method ``count``, which no event needs (the field is public API).
    count: int | None = None  # type: ignore[assignment]
    direction: str | None = None
    winners: tuple[int, ...] = ()

    def describe(self) -> str:
        """One line of plain English, ids cited."""
        text = _DESCRIBE.get(self.kind, "{kind}").format(
            kind=self.kind,
            seat=self.seat,
            piece=self.piece,
            src=self.src,
            dst=self.dst,
            card=self.card,
            count=self.count,
            direction=self.direction,
            winners=" and ".join(str(s) for s in self.winners),
            path=" ".join(self.path),
            steps="step" if self.count == 1 else "steps",
            carried="the Black Dog" if self.piece is None else f"a piece of seat {self.piece}",
        )
        return f"{text} [{', '.join(self.clauses)}]"


_DESCRIBE = {
    EventKind.MOVED: "piece of seat {piece} moves {src} -> {dst} ({count} {steps})",
    EventKind.ENTERED: "piece of seat {piece} enters onto {dst}",
    EventKind.CAPTURED: "piece of seat {seat} on {src} is captured and goes home",
    EventKind.FINISHED: "piece of seat {piece} reaches its goal at {dst}",
    EventKind.SWAPPED: "pieces on {src} and {dst} change places",
    EventKind.JUMPED: "piece of seat {piece} is drawn by the magnet {src} -> {dst}",
    EventKind.DOG_PLACED: "seat {seat} places the Black Dog on {dst}",
    EventKind.DOG_MOVED: "the Black Dog runs {src} -> {dst} ({count} {steps})",
    EventKind.DISC_TURNED: "seat {seat} turns the disc {direction}",
    EventKind.PLAYED: "seat {seat} plays {card}",
    EventKind.DISCARDED: "seat {seat} discards {card}",
    EventKind.DREW: "seat {seat} draws a card",
    EventKind.FOLDED: "seat {seat} cannot play: shows and discards {count} cards",
    EventKind.OUT_OF_ROUND: "seat {seat} is out for the rest of the round",
    EventKind.GAVE: "seat {seat} sets a card aside for the exchange",
    EventKind.EXCHANGED: "the set-aside cards change hands",
    EventKind.DECLINED: "seat {seat} declines the team swap",
    EventKind.KEPT: "seat {seat} keeps its hand: its team's swap is off",
    EventKind.DEALT: "seat {seat} deals {count} cards to each seat",
    EventKind.RESHUFFLED: "the discard pile is shuffled into a new deck of {count} cards",
    EventKind.ROUND_STARTED: "round starts: seat {seat} to play first",
    EventKind.WON: "game over: seat(s) {winners} win",
    EventKind.FLIPPED: "the piece on {dst} turns {direction}",
    EventKind.PUSHED: "the dog of seat {piece} is pushed on {src} -> {dst}",
    EventKind.CARRIED: "the disc carries {carried} {src} -> {dst}",
    EventKind.REDREW: "seat {seat} discards its whole hand and draws {count} new cards",
    EventKind.SUMMONED: "the piece of seat {piece} on {src} is summoned to {dst}",
    EventKind.PENALISED: (
        "seat {seat} captured a piece of its own side: it discards {count} cards and is out"
    ),
}
