"""Agent DOG: the round game with secret agents.

Reads like the manual: set-up (3 home, 1 on the start field; the dealer plays first), the
shared round (deal 5, exchange, turns, passing), face-down pieces on holes that anyone may
move, finishes only for their own colour, the penalty for capturing one's own side, the 007
meeting places, and the cards (blue numbers, start cards, Swap of face-down pieces, Copy,
Partner).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from dogrules.actions import PLAY, Action
from dogrules.clauses import implements, translation
from dogrules.events import OUT_OF_ROUND, PENALISED, Event
from dogrules.rules.agents import capture_penalty, flip_events, movable_flipped, summon
from dogrules.rules.round import CardTable
from dogrules.rules.table import Table
from dogrules.rules.turn import Turn
from dogrules.state import State
from dogrules.variants.classic import ClassicVariant
from dogrules.variants.diagnosis import diagnose_classic

CARD_CLAUSES = {
    "1/11": ("AD-CARD-1-11",),
    "13": ("AD-CARD-13",),
    "swap": ("AD-SWAP",),
    "copy": ("AD-COPY", "AD-COPY-ANY-OPTION"),
    "partner": ("AD-PARTNER",),
}
# Black DOG clauses whose Agent DOG counterpart states a different mechanic of the same card.
COUNTERPARTS = {
    "BD-SWAP": ("AD-SWAP",),
    "R-B6": ("R-A5",),
    "R-B8": ("R-A6",),
    "R-B11": ("AD-PASS-TURN",),
}


class AgentDog(ClassicVariant):
    """Agent DOG for 2, 3 or 4 players (4: red/green against blue/yellow)."""

    name = "agent-dog"
    swap_rule = "Swap exchanges two face-down pieces (pieces standing on holes)"
    partner_rule = (
        "only own, partner and face-down pieces until a seat of the team has all its pieces home"
    )
    round_start_clauses = ("AD-DEALER-STARTS", "AD-DEALER-ROTATES", "R-A8")

    @implements("AD-DEALER-STARTS", "R-A8")
    def starter(self, dealer: int, players: int) -> int:
        """In Agent DOG the seat holding the deck deals and plays first."""
        return dealer

    @implements("AD-OWN-PIECES", "AD-FLIPPED-MOVABLE", "AD-START-NO-FLIPPED", "R-A1")
    def number_movers(self, turn: Turn) -> list[int]:
        """A number moves one of the seat's pieces or any face-down piece (unless one of the
        seat's own pieces stands on its own start field)."""
        holes = turn.board.holes
        face_up = [loc for loc in turn.table.on_board(turn.controlled) if loc not in holes]
        flipped = movable_flipped(turn.board, turn.table, turn.seat, by_number=True)
        return sorted({*face_up, *flipped})

    @implements("AD-SWAP", "AD-SWAP-BLIND", "R-A5")
    def swap_pairs(self, turn: Turn) -> Iterable[tuple[int, int]]:
        """Swap exchanges two face-down pieces, whoever's they are."""
        flipped = sorted(movable_flipped(turn.board, turn.table, turn.seat, by_number=False))
        return [(a, b) for i, a in enumerate(flipped) for b in flipped[i + 1 :]]

    @implements("AD-PARTNER", "AD-PARTNER-ANY", "AD-2P3P-PARTNER", "R-A6", "R-C14")
    def partner_pieces(self, turn: Turn) -> Callable[[Table], list[int]]:
        """Partner moves own, partner and face-down pieces; any piece with 2 or 3 players or
        once a seat of the acting team has all its pieces in its finish."""
        table = turn.table
        if (
            turn.partner is None
            or table.all_in_finish(turn.seat)
            or table.all_in_finish(turn.partner)
        ):
            return lambda now: sorted(now.occupant)
        side = {turn.seat, turn.partner}
        holes = turn.board.holes
        return lambda now: sorted(
            loc for loc, s in now.occupant.items() if s in side or loc in holes
        )

    def after_play(self, table: Table, cards: CardTable, turn: Turn, action: Action) -> None:
        """After the movement: the 007 summons, then the penalty for capturing one's own side."""
        summon(table)
        events = table.events
        assert events is not None
        # Each face-up / face-down change follows the movement that caused it.
        told = list(events)
        events.clear()
        for event in told:
            events.append(event)
            events.extend(flip_events(turn.board, (event,)))
        if capture_penalty(table.captures, turn.seat, turn.partner):
            hand = cards.bury_hand(turn.seat)
            clauses: tuple[str, ...] = ("AD-OWN-CAPTURE-PENALTY", "R-A3")
            if turn.partner is None:
                clauses = (*clauses, "R-A7")
            events.append(Event(PENALISED, clauses, seat=turn.seat, count=len(hand)))
            events.append(Event(OUT_OF_ROUND, clauses, seat=turn.seat))

    def play_clauses(self, action: Action) -> tuple[str, ...]:
        cited = ["AD-TURN"]
        for card in (action.card, action.copied):
            if card is not None:
                cited.extend(CARD_CLAUSES.get(card, ("AD-BLUE",)))
        return tuple(cited)

    def cite(self, clauses: tuple[str, ...]) -> tuple[str, ...]:
        """Shared rule functions cite Black DOG ids; Agent DOG cites its own clauses that
        state the same mechanic (``same_as`` in its register)."""
        return _cite_agent(clauses)

    def diagnose(self, state: State, action: Action) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return diagnose_classic(self, state, action)


@functools.cache
def _cite_agent(clauses: tuple[str, ...]) -> tuple[str, ...]:
    mapping = translation("agent-dog")
    cited: list[str] = []
    for clause in clauses:
        replaced: tuple[str, ...]
        if clause in COUNTERPARTS:
            replaced = COUNTERPARTS[clause]
        elif clause.startswith("BD-"):
            replaced = mapping.get(clause, ())
        elif clause.startswith("R-B"):
            replaced = ()
        else:
            replaced = (clause,)
        cited.extend(c for c in replaced if c not in cited)
    # A judgement always rests on some clause: at least the whole-action ruling.
    return tuple(cited) or ("R-C12",)


__all__ = ["PLAY", "AgentDog"]
