"""The DOG Kids team game's own part of a state: a card swap between partners under way.

In the team variant the partners may swap one card each after the deal and after every
redraw (KD-TEAM-EXCHANGE, KD-TEAM-REDRAW-EXCHANGE, R-K9); while they do, the state keeps the
seats taking part (``exchanging``), the seat that plays once the swap is done (``resume``)
and the seats that declined it so far (``declined``, written only when some did) in a
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
    def optional(self) -> Mapping[str, JSONValue]:
        """Keys written only where they are not blank (see
        :func:`dogrules.formats.states.optional_keys`)."""
        return {"declined": []}

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

    @implements("KD-TEAM-EXCHANGE", "KD-TEAM-REDRAW-EXCHANGE", "R-K9")
    def problems(self, board: Board, state: State) -> list[Problem]:
        """The seats of a swap are seats of the table, each listed once, and so is the seat
        that plays after it; a seat that declined takes part in the swap, once, and has set
        no card aside."""
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
        for seat in swap.declined:
            if seat not in swap.exchanging:
                found.append(Problem("declined", f"{seat!r} takes no part in a swap under way"))
            elif state.exchange[seat] is not None:
                found.append(Problem("declined", f"seat {seat} declined but set a card aside"))
        if len(set(swap.declined)) != len(swap.declined):
            found.append(Problem("declined", "a seat is listed twice"))
        return found

    def dump(self, board: Board, state: State) -> dict[str, JSONValue]:
        swap = team_swap(state)
        written: dict[str, JSONValue] = {
            "exchanging": list(swap.exchanging),
            "resume": swap.resume,
        }
        if swap.declined:
            written["declined"] = list(swap.declined)
        return written

    def load(
        self, board: Board, data: Mapping[str, object], teams: bool
    ) -> tuple[TeamSwapFacts, list[Problem]]:
        exchanging = read_seats(data, "exchanging")
        declined = read_seats(data, "declined") if "declined" in data else []
        resume = data["resume"]
        if resume is None or (isinstance(resume, int) and not isinstance(resume, bool)):
            return TeamSwapFacts(tuple(exchanging), resume, tuple(declined)), []
        raise InvalidPosition(f"resume: {reprlib.repr(resume)} is not a seat or null")

    @implements("KD-TEAM-SECRECY")
    def observe(self, board: Board, state: State, seat: int) -> dict[str, JSONValue]:
        """Who swaps is seen by all; the view leaves it to the public facts (see
        ``dogrules.model.observation``), which every seat sees happen."""
        return {}

    @implements("KD-TEAM-SECRECY", "R-K9")
    def seen(self, board: Board, state: State, seat: int) -> TeamSwapFacts | None:
        """Every seat sees who swaps; whether a seat declined, only that seat (its partner
        chooses without knowing, as it would not know the card)."""
        if not isinstance(state.extra, TeamSwapFacts):
            return None
        swap = state.extra
        own = tuple(s for s in swap.declined if s == seat)
        return swap if own == swap.declined else TeamSwapFacts(swap.exchanging, swap.resume, own)

    def describe(self, board: Board, state: State) -> tuple[str, ...]:
        return ()


TEAM_SWAP_PART = TeamSwapPart()
