"""Both engines on the same positions: decisions per CPU second.

Random playouts choose among the listed actions, so an engine that lists differently (one
action per distinct outcome, say) plays other games than the one it is compared with. This
benchmark first plays the seeded random games of each table once with one engine (the
``--against`` engine when there is one) and keeps every state met; then, round by round,
each engine loads those states and, timed, lists each one and applies its first listed
action: the same work on the same positions, whatever either engine would have chosen.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

import dogrules

from .harness import Benchmark, Budget, Defaults, Json, Settings, Table, no_options
from .report import Metric, Report, Row

NAME = "positions"


def collect(job: Json) -> Json:
    """Dump every state of the table's seeded random games to ``job["path"]``."""
    table = Table.of(job)
    variant = dogrules.variant(table.variant)
    seed = int(job["seed"])
    rng = random.Random(seed)
    states = []
    for game in range(int(job["games"])):
        state = variant.new_game(table.players, seed * 1000 + game, table.teams)
        while state.phase != "over":
            states.append(dogrules.dump(state))
            state = variant.apply(state, rng.choice(variant.legal_actions(state))).state
    Path(job["path"]).write_text(json.dumps(states), encoding="utf-8")
    return {"states": len(states)}


def decide(job: Json) -> Json:
    """Each state of ``job["path"]`` (loaded untimed) listed and its first action applied."""
    states = [dogrules.load(data) for data in json.loads(Path(job["path"]).read_text())]
    variant = dogrules.variant(states[0].variant)
    start = time.process_time()
    for state in states:
        variant.apply(state, variant.legal_actions(state)[0])
    return {"decisions": len(states), "seconds": time.process_time() - start}


def answer(job: Json) -> Json:
    return collect(job) if job.get("collect") else decide(job)


def rate(answer: Json) -> dict[str, float]:
    return {"": float(answer["decisions"]) / float(answer["seconds"])}


def run(settings: Settings) -> Report:
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        children = settings.children(NAME, stack)
        collector = children.by_role.get("against") or children.by_role["this"]
        jobs: list[Json] = []
        counts: list[int] = []
        for index, table in enumerate(settings.tables):
            path = str(folder / f"{index}.json")
            made = {**table.as_json(), "games": settings.games, "seed": settings.seed}
            counts.append(collector.answer({**made, "collect": True, "path": path})["states"])
            jobs.append({"path": path})
        samples = children.rounds(jobs, settings.rounds, rate)
    rows = [
        Row(table.label, samples[i][""], {"positions": f"{counts[i]:,}"})
        for i, table in enumerate(settings.tables)
    ]
    played_by = "against" if "against" in settings.sources else "this"
    title = f"the same positions, the states of games played by {played_by}: "
    title += settings.budget_note()
    return settings.report(NAME, title, Metric("decisions/s", higher_is_better=True), rows)


BENCHMARK = Benchmark(
    NAME,
    __doc__ or "",
    Defaults(("black-dog",), (4,), Budget(games=10, rounds=5), Budget(games=1, rounds=1)),
    no_options,
    run,
    answer,
)
