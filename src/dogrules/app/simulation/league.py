"""A round-robin of bots: the seatings that put every bot in every seat, and the league
table of their results (win rate per seat taken, with its Wilson interval)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from dogrules.app.simulation.playout import GameResult, Table
from dogrules.app.simulation.report import Rate
from dogrules.formats.states import JSONValue


@attrs.frozen
class Entrant:
    """A bot in a tournament: the name it is listed under and what makes it."""

    name: str
    spec: str


def seatings(entrants: Sequence[Entrant], players: int) -> list[tuple[Entrant, ...]]:
    """One seating per entrant: seating ``r`` puts entrant ``(seat + r) mod k`` at each seat,
    so over all seatings every entrant sits in every seat equally often (with fewer
    entrants than seats they alternate round the table, so in a team game each side is one
    bot)."""
    count = len(entrants)
    return [
        tuple(entrants[(seat + shift) % count] for seat in range(players)) for shift in range(count)
    ]


def table_for(
    variant: str, players: int, teams: bool, seating: Sequence[Entrant], max_actions: int
) -> Table:
    return Table(variant, players, teams, tuple(e.spec for e in seating), max_actions)


@attrs.frozen
class Standing:
    """An entrant's record: seats taken (one per seat per game) and how many of them won."""

    entrant: Entrant
    rate: Rate

    def to_json(self) -> dict[str, JSONValue]:
        return {"bot": self.entrant.name, "spec": self.entrant.spec, **self.rate.to_json()}


def league(
    entrants: Sequence[Entrant],
    played: Sequence[tuple[Sequence[Entrant], Sequence[GameResult]]],
) -> list[Standing]:
    """The league table of the games ``played`` under each seating, best win rate first
    (ties: the lower bound of the interval, then the name)."""
    wins = dict.fromkeys(entrants, 0)
    seats = dict.fromkeys(entrants, 0)
    for seating, results in played:
        for result in results:
            for seat, entrant in enumerate(seating):
                seats[entrant] += 1
                wins[entrant] += seat in result.winner
    standings = [Standing(e, Rate(wins[e], seats[e])) for e in entrants]
    return sorted(standings, key=lambda s: (-s.rate.rate, -s.rate.interval[0], s.entrant.name))
