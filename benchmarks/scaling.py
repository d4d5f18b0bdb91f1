"""Parallel efficiency of ``dogrules simulate``: the same games on 1, 2, ... local worker
processes (the process pool simulate uses), games per wall-clock second.

A row per table and worker count: games per second (pool start-up included, as a user pays
it), and for the engine measured its speed-up over the fewest workers and its parallel
efficiency (speed-up / workers). Every round plays the same seeds, so every round does the
same work; the title gives the machine's cores and load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from contextlib import ExitStack

import dogrules
from dogrules.app.simulation.backends import ProcessPool, local_workers
from dogrules.app.simulation.playout import Table as Simulated
from dogrules.app.simulation.runner import simulate

from .harness import Benchmark, Budget, Defaults, Json, Settings, Table
from .report import Metric, Report, Row

NAME = "scaling"


def answer(job: Json) -> Json:
    """Play the games of ``job`` on its worker count; their wall-clock seconds."""
    table = Table.of(job)
    players = table.players
    bots = tuple(job["bots"][seat % len(job["bots"])] for seat in range(players))
    teams = dogrules.variant(table.variant).teams_for(players, table.teams)
    workers = int(job["workers"])
    start = time.perf_counter()
    simulate(
        Simulated(table.variant, players, teams, bots),
        range(1, int(job["games"]) + 1),
        ProcessPool(workers),
        workers,
    )
    return {"games": int(job["games"]), "seconds": time.perf_counter() - start}


def rate(answer: Json) -> dict[str, float]:
    return {"": float(answer["games"]) / float(answer["seconds"])}


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--workers",
        type=int,
        action="append",
        help="worker count (repeat; default: 1 to the cores this process may use)",
    )
    parser.add_argument(
        "--bots", default="random", help="bots, comma-separated, cycled over the seats (random)"
    )


def run(settings: Settings) -> Report:
    counts: list[int] = settings.options.workers or list(range(1, local_workers() + 1))
    bots = [name.strip() for name in str(settings.options.bots).split(",") if name.strip()]
    jobs = [
        {**table.as_json(), "games": settings.games, "bots": bots, "workers": workers}
        for table in settings.tables
        for workers in counts
    ]
    with ExitStack() as stack:
        samples = settings.children(NAME, stack).rounds(jobs, settings.rounds, rate)
    rows: list[Row] = []
    for number, table in enumerate(settings.tables):
        block = samples[number * len(counts) : (number + 1) * len(counts)]
        base = statistics.median(block[0][""]["this"])
        for workers, figures in zip(counts, block, strict=True):
            speed_up = statistics.median(figures[""]["this"]) / base
            efficiency = speed_up * counts[0] / workers
            extra = {"scaling": f"{speed_up:.2f}", "efficiency": f"{efficiency:.0%}"}
            label = f"{table.label} {workers} worker{'s' if workers > 1 else ''}"
            rows.append(Row(label, figures[""], extra))
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    title = (
        f"dogrules simulate on local workers, bots {','.join(bots)}: {settings.budget_note()}; "
        f"{local_workers()} cores, load average {load}; scaling and efficiency: this engine "
        "over its fewest workers"
    )
    metric = Metric("games/s", higher_is_better=True)
    return settings.report(
        NAME, title, metric, rows, label="table and workers", workers=counts, bots=bots
    )


BENCHMARK = Benchmark(
    NAME,
    __doc__ or "",
    Defaults(("black-dog",), (4,), Budget(games=40, rounds=3), Budget(games=2, rounds=1)),
    add_options,
    run,
    answer,
)
