"""Parallel efficiency of ``dogrules simulate``: the same games on 1, 2, ... local worker
processes (the process pool simulate uses), medians of several runs.

Prints, per worker count, games/s, the speed-up over one worker and the parallel efficiency
(speed-up / workers). Each run plays the same seeds, so every run does the same work; the
machine is shared and noisy, so quote medians and the load average printed with them.

    python benchmarks/simulate_scaling.py [--variant black-dog] [--players 4]
        [--games 40] [--runs 3] [--workers 1 --workers 2]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import dogrules
from dogrules.app.simulation.backends import ProcessPool, local_workers
from dogrules.app.simulation.playout import Table
from dogrules.app.simulation.runner import simulate


def games_per_second(table: Table, games: int, workers: int) -> float:
    """Play ``games`` seeds on ``workers`` processes (pool start-up included, as a user
    pays it); games per second."""
    start = time.perf_counter()
    simulate(table, range(1, games + 1), ProcessPool(workers), workers)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="black-dog")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random", help="comma-separated, cycled over seats")
    parser.add_argument("--games", type=int, default=40, help="games per run")
    parser.add_argument("--runs", type=int, default=3, help="runs (the median is quoted)")
    parser.add_argument("--workers", type=int, action="append", help="worker counts")
    options = parser.parse_args()
    counts = options.workers or list(range(1, local_workers() + 1))
    names = [n.strip() for n in options.bots.split(",") if n.strip()]
    teams = dogrules.variant(options.variant).teams_for(options.players, None)
    bots = tuple(names[i % len(names)] for i in range(options.players))
    table = Table(options.variant, options.players, teams, bots)
    print(
        f"{options.variant} {options.players}p, bots {','.join(bots)}: {options.games} games"
        f" per run, median of {options.runs}; {local_workers()} cores, load average "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}"
    )
    print(f"{'workers':>7} {'games/s':>9} {'speed-up':>9} {'efficiency':>11}")
    base = 0.0
    for workers in counts:
        rate = statistics.median(
            games_per_second(table, options.games, workers) for _ in range(options.runs)
        )
        base = base or rate
        speedup = rate / base
        print(f"{workers:>7} {rate:>9.2f} {speedup:>9.2f} {speedup / workers:>11.0%}")


if __name__ == "__main__":
    main()
