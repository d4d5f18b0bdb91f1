"""The tables ``worst_case.py`` measures (a variant at a player count) and its report: a
progress line per table on stderr, then one table of every engine's figures."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

from tables import print_table
from worst_case_measure import Json

# DOG Kids is the one variant whose 4-player game is played both with and without teams; in
# Black DOG and Agent DOG 4 players are always two teams.
TEAMS_OPTIONAL = frozenset({"dog-kids"})


@dataclass(frozen=True)
class Table:
    """One variant at one player count (and, in DOG Kids' 4-player game, with or without
    teams)."""

    variant: str
    players: int
    teams: bool | None

    @property
    def label(self) -> str:
        shown = self.teams and self.variant in TEAMS_OPTIONAL
        return f"{self.variant} {self.players}p{' teams' if shown else ''}"

    @property
    def slug(self) -> str:
        shown = self.teams and self.variant in TEAMS_OPTIONAL
        return f"{self.variant}-{self.players}p{'-teams' if shown else ''}"


@dataclass
class Row:
    """What is printed for one table."""

    table: Table
    positions: int
    max_actions: dict[str, int]
    worst: dict[str, Json]
    worst_file: str
    evaluated: dict[str, str]


def summary(search: Json) -> str:
    """How many positions a search scored, by source, and how many it could not build."""
    sources = ", ".join(f"{n} {k}" for k, n in sorted(search["sources"].items()))
    return f"{search['evaluated']} scored ({sources}), {search['invalid']} invalid"


def cell(result: Json | None) -> tuple[str, str, str]:
    if result is None:
        return ("-", "-", "-")
    if "error" in result:
        return ("error", "-", "-")
    runs = "" if result["runs"] > 1 else "*"
    return (f"{result['actions']}", f"{result['ms']:.1f}{runs}", f"{result['mib']:.2f}")


def progress(row: Row) -> None:
    parts = [f"{row.table.label:20}", f"{row.positions} positions"]
    for name, stats in row.evaluated.items():
        parts.append(f"{name} search: {stats}")
    for name in ("before", "after"):
        if name in row.worst:
            actions, ms, mib = cell(row.worst[name])
            parts.append(f"{name}: {actions} actions {ms} ms {mib} MiB")
    print("  ".join(parts), file=sys.stderr, flush=True)


HEADER = (
    "variant",
    "max actions seen",
    "before actions",
    "before ms",
    "before MiB",
    "after actions",
    "after ms",
    "after MiB",
    "worst position",
)


def cells(row: Row) -> list[str]:
    seen = "/".join(str(row.max_actions[n]) for n in ("before", "after") if n in row.max_actions)
    return [
        row.table.label,
        seen,
        *cell(row.worst.get("before")),
        *cell(row.worst.get("after")),
        os.path.relpath(row.worst_file) if row.worst_file else "-",
    ]


def show(rows: list[Row], title: str) -> None:
    """The table, with rich if it is installed, else in plain text; the before columns only
    when there is a before."""
    keep = [
        i
        for i, h in enumerate(HEADER)
        if any(r.worst.get("before") for r in rows) or not h.startswith("before")
    ]
    header = [HEADER[i] for i in keep]
    lines = [[cells(r)[i] for i in keep] for r in rows]
    print_table(title, header, lines, left=(0, len(header) - 1))
