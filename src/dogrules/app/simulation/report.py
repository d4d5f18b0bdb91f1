"""The report of a simulation: win rates per seat and per team with Wilson confidence
intervals, the distribution of game lengths, the cards played and their share of the
captures, the Black Dog's captures, disc turns and folds; as JSON data and CSV tables.

The report depends on the games alone (taken in seed order), never on how they were run, so
the same seeds give the same report on one core, many cores or a cluster."""

from __future__ import annotations

import csv
import io
import json
import math
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs

from dogrules.app.simulation.playout import GameResult, Table
from dogrules.formats.files import write_tree
from dogrules.formats.states import JSONValue
from dogrules.geometry.board import sides as board_sides

# 95% two-sided.
Z95 = 1.959963984540054
HISTOGRAM_BINS = 20


@attrs.frozen
class Rate:
    """``wins`` of ``games`` and the Wilson score interval around the rate."""

    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_json(self) -> dict[str, JSONValue]:
        low, high = self.interval
        return {
            "wins": self.wins,
            "games": self.games,
            "rate": round(self.rate, 6),
            "low": round(low, 6),
            "high": round(high, 6),
        }


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``wins`` in ``games`` ((0, 1) for no games):
    unlike the normal approximation it stays inside [0, 1] and is sound for rates near 0."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    # At a rate of exactly 0 or 1 the bound is exact; rounding would put it a hair inside.
    low = 0.0 if wins == 0 else max(0.0, centre - spread)
    high = 1.0 if wins == games else min(1.0, centre + spread)
    return low, high


def sides(table: Table) -> list[tuple[int, ...]]:
    """The sides that win together: partners in a team game, else each seat alone."""
    return list(board_sides(table.players, table.teams))


def summarize(table: Table, results: Sequence[GameResult]) -> dict[str, JSONValue]:
    """The report of ``results`` (in seed order) of ``table``, JSON-ready."""
    games = sorted(results, key=lambda r: r.seed)
    count = len(games)
    finished = [g for g in games if g.winner]
    seats: list[JSONValue] = [
        _row({"seat": seat, "bot": table.bots[seat]}, Rate(_wins(games, seat), count))
        for seat in range(table.players)
    ]
    teams: list[JSONValue] = [
        _row(
            {"seats": list(side), "bots": [table.bots[s] for s in side]},
            Rate(_wins(games, side[0]), count),
        )
        for side in sides(table)
    ]
    played: Counter[str] = Counter()
    captured: Counter[str] = Counter()
    for game in games:
        played.update(game.played)
        captured.update(game.captures)
    dog = sum(g.dog_captures for g in games)
    all_captures = sum(captured.values()) + dog
    plays = sum(played.values())
    cards: list[JSONValue] = [
        {
            "card": card,
            "played": played[card],
            "share_of_plays": _share(played[card], plays),
            "captures": captured[card],
            "share_of_captures": _share(captured[card], all_captures),
        }
        for card in sorted(set(played) | set(captured), key=lambda c: (-played[c], c))
    ]
    return {
        "table": table.to_json(),
        "games": count,
        "seeds": _seed_span(games),
        "finished": len(finished),
        "unfinished": count - len(finished),
        "seats": seats,
        "teams": teams if table.teams else [],
        "length": {
            "actions": _distribution([g.actions for g in finished]),
            "rounds": _distribution([g.rounds for g in finished]),
            "histogram": _histogram([g.actions for g in finished]),
        },
        "captures": {
            "total": all_captures,
            "by_cards": all_captures - dog,
            "by_black_dog": dog,
            "black_dog_share": _share(dog, all_captures),
            "games_with_black_dog_capture": sum(1 for g in games if g.dog_captures),
        },
        "cards": cards,
        "disc_turns": _per_game(sum(g.disc_turns for g in games), count),
        "folds": _per_game(sum(g.folds for g in games), count),
    }


def _wins(games: Sequence[GameResult], seat: int) -> int:
    return sum(1 for game in games if seat in game.winner)


def _row(head: dict[str, JSONValue], rate: Rate) -> dict[str, JSONValue]:
    return {**head, **rate.to_json()}


def _share(part: int, whole: int) -> float:
    return round(part / whole, 6) if whole else 0.0


def _per_game(total: int, games: int) -> dict[str, JSONValue]:
    return {"total": total, "per_game": round(total / games, 6) if games else 0.0}


def _seed_span(games: Sequence[GameResult]) -> dict[str, JSONValue]:
    if not games:
        return {"first": None, "last": None}
    return {"first": games[0].seed, "last": games[-1].seed}


def _distribution(values: Sequence[int]) -> dict[str, JSONValue]:
    if not values:
        return {"games": 0}
    deciles = statistics.quantiles(values, n=10) if len(values) > 1 else [float(values[0])] * 9
    return {
        "games": len(values),
        "mean": round(statistics.fmean(values), 3),
        "median": statistics.median(values),
        "p10": round(deciles[0], 3),
        "p90": round(deciles[-1], 3),
        "min": min(values),
        "max": max(values),
    }


def _histogram(values: Sequence[int]) -> list[JSONValue]:
    """Counts of ``values`` in equal bins [low, high) spanning them (the last bin closed)."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / HISTOGRAM_BINS))
    counts: Counter[int] = Counter((v - low) // width for v in values)
    return [
        {"low": low + i * width, "high": low + (i + 1) * width, "games": counts[i]}
        for i in range(max(counts) + 1)
    ]


def write_report(report: dict[str, JSONValue], folder: Path) -> list[Path]:
    """``report.json`` and the CSV tables (seats, teams, cards, lengths) in ``folder``."""
    files = {"report.json": json.dumps(report, indent=2) + "\n"}
    length = report["length"]
    tables: dict[str, JSONValue] = {
        "seats.csv": report["seats"],
        "teams.csv": report["teams"],
        "cards.csv": report["cards"],
        "lengths.csv": length["histogram"] if isinstance(length, dict) else [],
    }
    for name, rows in tables.items():
        if isinstance(rows, list) and rows:
            files[name] = csv_text([row for row in rows if isinstance(row, dict)])
    return write_tree(folder, files)


def csv_text(rows: Sequence[Mapping[str, JSONValue]]) -> str:
    """``rows`` as CSV text with a header of the first row's keys (a list as its items
    joined by spaces)."""
    sink = io.StringIO(newline="")
    writer = csv.DictWriter(sink, fieldnames=list(rows[0]))
    writer.writeheader()
    for row in rows:
        writer.writerow(
            {k: " ".join(map(str, v)) if isinstance(v, list) else v for k, v in row.items()}
        )
    return sink.getvalue()
