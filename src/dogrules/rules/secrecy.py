"""What one seat may see: its own hand, the sizes of the others, the board, the discard pile's
top card. Cards set aside in the exchange stay hidden from everyone but their giver."""

from __future__ import annotations

from collections.abc import Mapping

from dogrules.data.register import implements
from dogrules.geometry.board import Board
from dogrules.model.events import Event, EventKind
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import State
from dogrules.rules.agents import is_flipped


@implements("BD-SECRECY", "BD-EXCHANGE", "KD-TEAM-SECRECY", "R-C3", "R-A9", "R-K9")
def observation(
    board: Board, state: State, seat: int, parts: Mapping[str, JSONValue]
) -> dict[str, JSONValue]:
    """The JSON-ready view of ``state`` for ``seat``: hands are secret (players may not show
    or tell their cards), so other hands appear only as their sizes; a card set aside for the
    exchange is known only to the seat that gave it until it is received (others see
    "hidden", and see the same of a seat that declined a DOG Kids team swap, R-K9); a
    face-down piece (Agent DOG) shows neither colour nor owner: it is listed
    under "flipped" by its field only. ``parts`` is what the seat sees of the variants' own
    parts of a state (see ``dogrules.engine.parts.VariantPart.observe``)."""
    if seat not in range(state.players):
        raise ValueError(f"seat {seat!r} is not in this game (0..{state.players - 1})")
    seats = range(state.players)
    chosen = [card is not None or s in state.declined for s, card in enumerate(state.exchange)]
    return {
        "variant": state.variant,
        "players": state.players,
        "teams": state.teams,
        "seat": seat,
        "phase": state.phase.value,
        "to_act": state.to_act,
        "round": state.round,
        "dealer": state.dealer,
        "hand": list(state.hands[seat]),
        "hand_sizes": {str(s): len(state.hands[s]) for s in seats},
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "discard_top": state.discard[-1] if state.discard else None,
        "last_played": state.last_played,
        "exchange": {
            str(s): state.exchange[s] if s == seat or not chosen[s] else "hidden" for s in seats
        },
        "pieces": {
            str(s): [board.label(loc) for loc in state.pieces[s] if not is_flipped(board, loc)]
            for s in seats
        },
        "flipped": [
            board.label(loc)
            for loc in sorted(
                loc for locs in state.pieces for loc in locs if is_flipped(board, loc)
            )
        ],
        **parts,
        "winner": list(state.winner),
    }


@implements("KD-TEAM-SECRECY", "R-K9")
def observed_declines(events: tuple[Event, ...], seat: int) -> tuple[Event, ...]:
    """The events as ``seat`` may see them: another seat's declining a team swap shows as its
    choosing (as a card set aside would), so that its partner chooses without knowing; the
    swap being off is seen by all once both have chosen."""
    return tuple(
        event._replace(kind=EventKind.GAVE)
        if event.kind == EventKind.DECLINED and event.seat != seat
        else event
        for event in events
    )


@implements("R-A9", "AD-SWAP-BLIND")
def observed_events(board: Board, events: tuple[Event, ...]) -> tuple[Event, ...]:
    """The events as any seat may see them: a face-down piece that stays face down (moved or
    summoned from a hole to a hole) is not named; everything else happens in plain view (a
    piece turning face up, or captured, shows its colour; one turning face down was seen
    before it did)."""
    if board.holes is None:
        return events
    holes = {board.label(hole) for hole in board.holes.holes}
    return tuple(
        event._replace(piece=None)
        if event.src in holes and event.dst in holes and event.piece is not None
        else event
        for event in events
    )
