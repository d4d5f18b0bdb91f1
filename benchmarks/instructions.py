"""Machine instructions per decision of random playouts, counted by Valgrind: a figure the
load of a shared machine does not move.

CPU seconds on a busy machine wander by 10-20% from run to run (other processes evict the
caches); the count of instructions the interpreter executes for the same games is the same
to about 1% (address-space layout still moves a few dictionary probes). It is no stand-in
for time (a cache miss costs more than an addition), but two engines compared on the same
games with it differ by what their code does, not by what the machine was doing.

Each engine plays the seeded random games of ``playouts`` in a fresh child under ``valgrind
--tool=cachegrind --cache-sim=no`` with ``PYTHONHASHSEED=0``; a second child only starts and
deals the same games, and its count is subtracted. Two engines that list actions in another
order play other games (``playouts --against`` says whether they do). Needs Valgrind
(``apt-get install valgrind``); about 50 times slower than a plain run.
"""

from __future__ import annotations

import dogrules

from .engines import counted
from .harness import Benchmark, Budget, Defaults, Json, Settings, Table, no_options
from .playouts import play
from .report import Metric, Report, Row

NAME = "instructions"


def answer(job: Json) -> Json:
    """With ``deal`` only the games dealt (the start-up to subtract), else played."""
    if not job.get("deal"):
        return play(job)
    table = Table.of(job)
    variant = dogrules.variant(table.variant)
    for game in range(int(job["games"])):
        variant.new_game(table.players, int(job["seed"]) * 1000 + game, table.teams)
    return {"actions": 0}


def run(settings: Settings) -> Report:
    rows: list[Row] = []
    turn = 0
    for table in settings.tables:
        job = {**table.as_json(), "games": settings.games, "seed": settings.seed}
        samples: dict[str, list[float]] = {role: [] for role in settings.sources}
        for _ in range(settings.rounds):
            roles = list(settings.sources)
            for role in roles if turn % 2 == 0 else roles[::-1]:
                source = settings.sources[role]
                start, _ = counted(source, NAME, settings.collector, {**job, "deal": True})
                total, played = counted(source, NAME, settings.collector, job)
                samples[role].append((total - start) / int(played["actions"]))
            turn += 1
        rows.append(Row(table.label, samples))
    title = f"instructions per decision (Valgrind): {settings.budget_note()}"
    metric = Metric("instructions/decision", higher_is_better=False)
    return settings.report(NAME, title, metric, rows)


BENCHMARK = Benchmark(
    NAME,
    __doc__ or "",
    Defaults(("black-dog",), (4,), Budget(games=1, rounds=1), Budget(games=1, rounds=1)),
    no_options,
    run,
    answer,
)
