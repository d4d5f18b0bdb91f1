"""The DOG Kids team game's own part of a state: a card swap between partners under way.

In the team variant the partners swap one card each after the deal and after every redraw
(KD-TEAM-EXCHANGE, KD-TEAM-REDRAW-EXCHANGE); while they do, the state keeps the seats taking
part (``exchanging``) and the seat that plays once the swap is done (``resume``) in a
:class:`~dogrules.model.state.TeamSwapFacts`. The game without teams keeps no such part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dogrules.data.register import implements
from dogrules.engine.parts import is_int, read_seats
from dogrules.geometry.board import Board
from dogrules.model.errors import InvalidPosition, Problem, short
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import Phase, State, TeamSwapFacts


def team_swap(state: State) -> TeamSwapFacts:
    """The team card swap of ``state`` (an idle one for a state that keeps none)."""
    extra = state.extra
    return extra if isinstance(extra, TeamSwapFacts) else TeamSwapFacts()


class TeamSwapPart:
    """A team card swap under way, as the part of a state the DOG Kids team game keeps."""

    __slots__ = ()

    @property
    def blank(self) -> Mapping[str, JSONValue]:
        return {"exchanging": [], "resume": None}

    @property
    def missing(self) -> str:
        return "has no team card swap here"

    def kind(self, teams: bool) -> type[TeamSwapFacts] | None:
        return TeamSwapFacts if teams else None

    def start(self, board: Board, teams: bool) -> TeamSwapFacts | None:
        """No swap is under way (a new game's first swap is its opening's to start)."""
        return TeamSwapFacts() if teams else None

    def position(
        self,
        board: Board,
        pieces: Sequence[Sequence[int]],
        teams: bool,
        given: Mapping[str, object],
    ) -> TeamSwapFacts | None:
        """A position set up by hand is in play: no swap is under way."""
        return self.start(board, teams)

    @implements("KD-TEAM-EXCHANGE", "KD-TEAM-REDRAW-EXCHANGE")
    def problems(self, board: Board, state: State) -> list[Problem]:
        """The seats of a swap are seats of the table, each listed once, and so is the seat
        that plays after it; a swap is under way exactly in the exchange phase, between
        partners, and only its seats set a card aside, the seat to act first."""
        swap = team_swap(state)
        found = [
            Problem("exchanging", f"{short(seat)} is not a seat")
            for seat in swap.exchanging
            if not is_int(seat) or seat not in board.seats
        ]
        if len(set(swap.exchanging)) != len(swap.exchanging):
            found.append(Problem("exchanging", "a seat is listed twice"))
        if swap.resume is not None and (not is_int(swap.resume) or swap.resume not in board.seats):
            found.append(Problem("resume", f"{short(swap.resume)} is not a seat"))
        return found or _swap_under_way(board, state, swap)

    def dump(self, board: Board, state: State) -> dict[str, JSONValue]:
        swap = team_swap(state)
        return {"exchanging": list(swap.exchanging), "resume": swap.resume}

    def load(
        self, board: Board, data: Mapping[str, object], teams: bool
    ) -> tuple[TeamSwapFacts, list[Problem]]:
        exchanging = read_seats(data, "exchanging")
        resume = data["resume"]
        if resume is None or (isinstance(resume, int) and not isinstance(resume, bool)):
            return TeamSwapFacts(tuple(exchanging), resume), []
        raise InvalidPosition(f"resume: {short(resume)} is not a seat or null")

    @implements("KD-TEAM-SECRECY")
    def observe(self, board: Board, state: State, seat: int) -> dict[str, JSONValue]:
        """Who swaps is seen by all; the view leaves it to the public facts (see
        ``dogrules.model.observation``), which every seat sees happen."""
        return {}

    def seen(self, board: Board, state: State, seat: int) -> TeamSwapFacts | None:
        """Every seat sees it."""
        return state.extra if isinstance(state.extra, TeamSwapFacts) else None

    def describe(self, board: Board, state: State) -> tuple[str, ...]:
        return ()


def _swap_under_way(board: Board, state: State, swap: TeamSwapFacts) -> list[Problem]:
    """A swap is under way exactly in the exchange phase (KD-TEAM-EXCHANGE); its seats are
    all seats or two partners, the seat to act one of them, and no other seat sets a card
    aside (KD-TEAM-REDRAW-EXCHANGE)."""
    exchanging = swap.exchanging
    in_phase = state.phase == Phase.EXCHANGE
    if exchanging and not in_phase:
        return [Problem("exchanging", f"a team card swap is under way, yet in phase {state.phase}")]
    if in_phase and not exchanging:
        without = "" if state.teams else " (DOG Kids without teams swaps no cards)"
        return [Problem("exchanging", f"the exchange phase names the seats that swap{without}")]
    if not exchanging:
        return []
    found = []
    if set(exchanging) not in ({*board.seats}, {*board.side(exchanging[0], True)}):
        found.append(
            Problem("exchanging", f"{list(exchanging)} are neither all seats nor partners")
        )
    if state.to_act not in exchanging:
        found.append(Problem("to_act", f"seat {state.to_act} takes no part in the swap"))
    for seat, aside in enumerate(state.exchange):
        if aside is not None and seat not in exchanging:
            found.append(Problem(f"exchange.{seat}", f"seat {seat} takes no part in the swap"))
    return found


TEAM_SWAP_PART = TeamSwapPart()
