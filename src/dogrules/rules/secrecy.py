"""What one seat may see: its own hand, the sizes of the others, the board, the discard pile's
top card. Cards set aside in the exchange stay hidden from everyone but their giver."""

from __future__ import annotations

from collections.abc import Mapping

from dogrules.data.register import implements
from dogrules.geometry.board import Board
from dogrules.model.events import Event, EventKind
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.observation import Observation, to_json
from dogrules.model.state import Extra, State
from dogrules.rules.agents import face_down_fields


@implements("BD-SECRECY", "BD-EXCHANGE", "KD-TEAM-SECRECY", "R-C3", "R-A9", "R-K9")
def seen_by(board: Board, state: State, seat: int, extra: Extra | None) -> Observation:
    """What ``seat`` may see of ``state``: hands are secret (players may not show or tell
    their cards), so other hands appear only as their sizes; a card set aside for the exchange
    is known only to the seat that gave it until it is received (others see only that a card
    is set aside, and see the same of a seat that declined a DOG Kids team swap, R-K9); a
    face-down piece (Agent DOG) shows neither colour nor owner: it appears among the
    ``flipped`` fields only. The board, the Black Dog, the piles' sizes and the public facts
    of the turn are in plain view. ``extra`` is the variant's own part of the state as the
    seat sees it (``dogrules.engine.parts.VariantPart.seen``)."""
    flipped = face_down_fields(board)
    return Observation(
        variant=state.variant,
        players=state.players,
        teams=state.teams,
        seat=seat,
        phase=state.phase,
        to_act=state.to_act,
        round=state.round,
        dealer=state.dealer,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        deck_size=len(state.deck),
        discard_size=len(state.discard),
        discard_top=state.discard[-1] if state.discard else None,
        last_played=state.last_played,
        own_exchange=state.exchange[seat],
        setting_aside=tuple(
            card is not None or (s != seat and s in state.declined)
            for s, card in enumerate(state.exchange)
        ),
        pieces=tuple(tuple(loc for loc in locs if loc not in flipped) for locs in state.pieces),
        flipped=tuple(sorted(loc for locs in state.pieces for loc in locs if loc in flipped)),
        black_dog=state.black_dog,
        winner=tuple(state.winner),
        redrawn=state.redrawn,
        exchanging=state.exchanging,
        resume=state.resume,
        shuffles=state.shuffles,
        extra=extra,
    )


def observation(
    board: Board, state: State, seat: int, parts: Mapping[str, JSONValue]
) -> dict[str, JSONValue]:
    """The JSON-ready view of what ``seat`` may see of ``state`` (:func:`seen_by`): a card
    set aside by another seat shows as "hidden", locations by their names. ``parts`` is what
    the seat sees of the variants' own parts of a state (see
    ``dogrules.engine.parts.VariantPart.observe``)."""
    return to_json(board, seen_by(board, state, seat, None), parts)


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
