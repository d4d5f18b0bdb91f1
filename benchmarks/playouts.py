"""Random-playout throughput: ``legal_actions`` + ``apply`` at every step, no checks.

Actions per CPU second of random playouts with fixed seeds (the same games every round), per
variant and player count (and DOG Kids' 4-player team game), the median of the rounds. With
``--against`` both engines play round by round, the one going first alternating, and the
"games" column says whether they played the same games: random playouts choose uniformly
among the listed actions, so two engines that list differently play different games (each
engine plays every table's games once first, untimed, hashing every listing's length and the
action chosen from it). ``positions`` measures both on the very same positions instead.
"""

from __future__ import annotations

import hashlib
import random
import time
from contextlib import ExitStack

import dogrules

from .engines import Children
from .harness import VARIANTS, Benchmark, Budget, Defaults, Json, Settings, Table, no_options
from .report import Metric, Report, Row

NAME = "playouts"


def job(table: Table, settings: Settings) -> Json:
    return {**table.as_json(), "games": settings.games, "seed": settings.seed}


def play(job: Json) -> Json:
    """Play ``job["games"]`` random games of one table; the actions played, CPU seconds."""
    table = Table.of(job)
    variant = dogrules.variant(table.variant)
    seed = int(job["seed"])
    rng = random.Random(seed)
    legal_actions, apply = variant.legal_actions, variant.apply
    done = 0
    clock = time.process_time
    start = clock()
    for game in range(int(job["games"])):
        state = variant.new_game(table.players, seed * 1000 + game, table.teams)
        while state.phase != "over":
            state = apply(state, rng.choice(legal_actions(state))).state
            done += 1
    return {"actions": done, "seconds": clock() - start}


def games_played(job: Json) -> Json:
    """The games ``play`` plays for ``job``, untimed, as a digest of every listing's length and
    the text of the action chosen from it: two engines play the same games if theirs agree."""
    table = Table.of(job)
    variant = dogrules.variant(table.variant)
    seed = int(job["seed"])
    rng = random.Random(seed)
    digest = hashlib.sha256()
    for game in range(int(job["games"])):
        state = variant.new_game(table.players, seed * 1000 + game, table.teams)
        while state.phase != "over":
            listed = variant.legal_actions(state)
            action = rng.choice(listed)
            digest.update(f"{len(listed)} {action}\n".encode())
            state = variant.apply(state, action).state
    return {"digest": digest.hexdigest()}


def answer(job: Json) -> Json:
    return games_played(job) if job.get("digest") else play(job)


def rate(answer: Json) -> dict[str, float]:
    return {"": float(answer["actions"]) / float(answer["seconds"])}


def same_games(children: Children, job: Json) -> bool:
    """Whether every engine plays the same games for ``job`` (see :func:`games_played`)."""
    digests = {
        child.answer({**job, "digest": True})["digest"] for child in children.by_role.values()
    }
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
    answer,
)
