"""What every benchmark is made of: the tables it plays (a variant at a player count), the
settings the command line gives it, and the two halves each benchmark module provides: the
parent's ``run`` (start the engines, collect the figures, make the report) and the child's
``answer`` (one job, with the engine under test)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

from .engines import Children, Collector, Source
from .report import Metric, Report, Row

Json = dict[str, Any]

VARIANTS = ("black-dog", "agent-dog", "dog-kids")
# DOG Kids is the one variant whose 4-player game is played both with and without teams; in
# Black DOG and Agent DOG 4 players are always two teams.
TEAMS_OPTIONAL = frozenset({"dog-kids"})


@dataclass(frozen=True)
class Table:
    """One variant at one player count (with teams, for DOG Kids' 4-player team game)."""

    variant: str
    players: int
    teams: bool | None = None

    @property
    def label(self) -> str:
        return f"{self.variant} {self.players}p{' teams' if self.teams else ''}"

    @property
    def slug(self) -> str:
        return f"{self.variant}-{self.players}p{'-teams' if self.teams else ''}"

    def as_json(self) -> Json:
        return {"variant": self.variant, "players": self.players, "teams": self.teams}

    @classmethod
    def of(cls, job: Json) -> Table:
        return cls(str(job["variant"]), int(job["players"]), job["teams"])


def tables(variants: Sequence[str], players: Sequence[int]) -> list[Table]:
    """Each variant at each player count, and DOG Kids' 4-player game with teams too."""
    chosen: list[Table] = []
    for name in variants:
        for count in players:
            chosen.append(Table(name, count))
            if count == 4 and name in TEAMS_OPTIONAL:
                chosen.append(Table(name, count, True))
    return chosen


@dataclass(frozen=True)
class Budget:
    """How much a benchmark plays: games per table and round, rounds (medians quoted)."""

    games: int
    rounds: int


@dataclass(frozen=True)
class Defaults:
    """A benchmark's tables and budget when the command line names none (``quick``: the
    smoke run's); ``plays_games`` False: it plays no fixed number of games (no --games)."""

    variants: tuple[str, ...]
    players: tuple[int, ...]
    budget: Budget
    quick: Budget
    plays_games: bool = True


@dataclass(frozen=True)
class Settings:
    """What the command line asked of a benchmark, defaults filled in."""

    tables: list[Table]
    games: int
    rounds: int
    seed: int
    quick: bool
    collector: Collector
    sources: Mapping[str, Source]
    # The benchmark's own options, as argparse parsed them.
    options: argparse.Namespace

    def children(self, benchmark: str, stack: ExitStack) -> Children:
        """A child interpreter for each engine, closed with ``stack``."""
        return Children(self.sources, benchmark, self.collector, stack)

    def engines(self) -> dict[str, str]:
        return {role: source.given for role, source in self.sources.items()}

    def common(self) -> dict[str, object]:
        """The settings every report records."""
        return {
            "tables": [table.label for table in self.tables],
            "games": self.games,
            "rounds": self.rounds,
            "seed": self.seed,
            "quick": self.quick,
            "gc": self.collector.as_json(),
        }

    def collector_note(self) -> str:
        if self.collector == Collector():
            return "default collector"
        return f"gc freeze {self.collector.freeze}, threshold {self.collector.threshold}"

    def budget_note(self) -> str:
        """How much was played, for a title."""
        return (
            f"median of {self.rounds} rounds x {self.games} games "
            f"(seed {self.seed}, {self.collector_note()})"
        )

    def report(
        self,
        benchmark: str,
        title: str,
        metric: Metric,
        rows: list[Row],
        label: str = "table",
        **more: object,
    ) -> Report:
        """The report of ``rows``, with the engines and settings of this run (and ``more``)."""
        return Report(
            benchmark, title, metric, self.engines(), {**self.common(), **more}, rows, label
        )


@dataclass(frozen=True)
class Benchmark:
    """A benchmark of ``python -m benchmarks``: its name, its help (the module docstring),
    its defaults and options, and its two halves."""

    name: str
    doc: str
    defaults: Defaults
    add_options: Callable[[argparse.ArgumentParser], None]
    run: Callable[[Settings], Report]
    answer: Callable[[Json], Json]


def no_options(parser: argparse.ArgumentParser) -> None:
    """A benchmark with the common options only."""
