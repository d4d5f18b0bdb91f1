"""The DOG Kids team game's own part of a state: a card swap between partners under way.

In the team variant the partners swap one card each after the deal and after every redraw
(KD-TEAM-EXCHANGE, KD-TEAM-REDRAW-EXCHANGE); while they do, the state keeps the seats taking
part (``exchanging``) and the seat that plays once the swap is done (``resume``) in a
:class:`~dogrules.model.state.TeamSwapFacts`. The game without teams keeps no such part.
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping, Sequence

from dogrules.data.register import implements
from dogrules.engine.parts import is_int, read_seats
from dogrules.geometry.board import Board
from dogrules.model.errors import InvalidPosition, Problem
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import State, TeamSwapFacts


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
        that plays after it."""
        swap = team_swap(state)
        found = [
            Problem("exchanging", f"{seat!r} is not a seat")
            for seat in swap.exchanging
            if not is_int(seat) or seat not in board.seats
        ]
        if len(set(swap.exchanging)) != len(swap.exchanging):
            found.append(Problem("exchanging", "a seat is listed twice"))
        if swap.resume is not None and (not is_int(swap.resume) or swap.resume not in board.seats):
            found.append(Problem("resume", f"{swap.resume!r} is not a seat"))
        return found

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
        raise InvalidPosition(f"resume: {reprlib.repr(resume)} is not a seat or null")

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


TEAM_SWAP_PART = TeamSwapPart()
