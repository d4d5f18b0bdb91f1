"""Random-playout throughput: ``legal_actions`` + ``apply`` at every step, no checks.

Actions per CPU second of random playouts with fixed seeds (the same games every round), per
variant and player count (and DOG Kids' 4-player team game), the median of the rounds. With
``--against`` both engines play round by round, the one going first alternating, and the
"games" column says whether they played the same games: random playouts choose uniformly
among the listed actions, so two engines that list differently play different games. The
games are the recording harness's (seed ``s`` deals the game and drives its choices), and the
column compares each engine's digest of them from the harness (``tools/record.py digest``:
every listing, next state and events), so "the same" means the engines behave identically on
the games timed. ``positions`` measures both on the very same positions instead.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path

import dogrules

from .engines import Children
from .harness import VARIANTS, Benchmark, Budget, Defaults, Json, Settings, Table, no_options
from .report import Metric, Report, Row

NAME = "playouts"
# The recording harness's command line: its digests tell whether two engines play alike.
RECORD = Path(__file__).resolve().parent.parent / "tools" / "record.py"


def job(table: Table, settings: Settings) -> Json:
    return {**table.as_json(), "games": settings.games, "seed": settings.seed}


def play(job: Json) -> Json:
    """Play ``job["games"]`` random games of one table; the actions played, CPU seconds. The
    game of seed ``s`` is dealt by ``s`` and chooses by ``random.Random(s)``, as the recording
    harness plays it (see :func:`same_games`)."""
    table = Table.of(job)
    variant = dogrules.variant(table.variant)
    first = int(job["seed"])
    legal_actions, apply = variant.legal_actions, variant.apply
    done = 0
    clock = time.process_time
    start = clock()
    for seed in range(first, first + int(job["games"])):
        rng = random.Random(seed)
        state = variant.new_game(table.players, seed, table.teams)
        while state.phase != "over":
            state = apply(state, rng.choice(legal_actions(state))).state
            done += 1
    return {"actions": done, "seconds": clock() - start}


def rate(answer: Json) -> dict[str, float]:
    return {"": float(answer["actions"]) / float(answer["seconds"])}


def games_digest(source: Path, job: Json) -> str:
    """The recording harness's digest of the games :func:`play` plays for ``job``, worked out
    by the engine in ``source`` (``tools/record.py --engine``, which runs engines older than
    the harness too)."""
    table = Table.of(job)
    command = [
        sys.executable, str(RECORD), "--engine", str(source), "digest",
        "--table", table.slug, "--games", str(job["games"]), "--seed", str(job["seed"]),
    ]  # fmt: skip
    printed = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return printed.strip().rpartition(" ")[2]


def same_games(children: Children, job: Json) -> bool:
    """Whether every engine plays the same games for ``job``: the same listings, states and
    events at every position (see :func:`games_digest`)."""
    digests = {games_digest(child.source.path, job) for child in children.by_role.values()}
    return len(digests) == 1


def run(settings: Settings) -> Report:
    jobs = [job(table, settings) for table in settings.tables]
    with ExitStack() as stack:
        children = settings.children(NAME, stack)
        same = [same_games(children, each) for each in jobs] if len(children.by_role) > 1 else []
        samples = children.rounds(jobs, settings.rounds, rate)
    rows = []
    for index, table in enumerate(settings.tables):
        games = {"games": "the same" if same[index] else "different"} if same else {}
        rows.append(Row(table.label, samples[index][""], games))
    title = f"random playouts: {settings.budget_note()}"
    return settings.report(NAME, title, Metric("actions/s", higher_is_better=True), rows)


BENCHMARK = Benchmark(
    NAME,
    __doc__ or "",
    Defaults(VARIANTS, (2, 3, 4), Budget(games=4, rounds=5), Budget(games=1, rounds=1)),
    no_options,
    run,
    play,
)
