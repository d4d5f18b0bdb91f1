"""Protocol throughput: requests answered per CPU second, as ``dogrules serve`` answers them.

Each round plays the same seeded random games through the protocol's own entry
(``dogrules.protocol.handle_text``, what a line of ``serve --stdio`` and an HTTP body go
through): for every position a ``legal_actions`` request, then an ``apply`` of a chosen
action, each sending the whole state as JSON, as a stateless client does. A row per table
and operation.
"""

from __future__ import annotations

import json
import random
import time
from contextlib import ExitStack

import dogrules
from dogrules.protocol import Context, handle_text

from .harness import Benchmark, Budget, Defaults, Json, Settings, Table, no_options
from .report import Metric, Report, Row

NAME = "protocol"
OPERATIONS = ("legal_actions", "apply")


def answer(job: Json) -> Json:
    """Requests and CPU seconds of each operation over the table's seeded random games."""
    table = Table.of(job)
    variant = dogrules.variant(table.variant)
    seed = int(job["seed"])
    context = Context()
    rng = random.Random(seed)
    spent = {op: [0, 0.0] for op in OPERATIONS}
    clock = time.process_time
    for game in range(int(job["games"])):
        state = variant.new_game(table.players, seed * 1000 + game, table.teams)
        while state.phase != "over":
            dumped = dogrules.dump(state)
            line = json.dumps({"id": 1, "op": "legal_actions", "state": dumped})
            start = clock()
            listed: Json = handle_text(line, context)
            spent["legal_actions"][1] += clock() - start
            spent["legal_actions"][0] += 1
            chosen = rng.choice(listed["actions"])
            line = json.dumps(
                {"id": 2, "op": "apply", "state": dumped, "action": chosen["notation"]}
            )
            start = clock()
            applied: Json = handle_text(line, context)
            spent["apply"][1] += clock() - start
            spent["apply"][0] += 1
            state = dogrules.load(applied["state"])
    return {"spent": spent}


def rates(answer: Json) -> dict[str, float]:
    return {op: count / seconds for op, (count, seconds) in answer["spent"].items()}


def run(settings: Settings) -> Report:
    jobs = [
        {**table.as_json(), "games": settings.games, "seed": settings.seed}
        for table in settings.tables
    ]
    with ExitStack() as stack:
        samples = settings.children(NAME, stack).rounds(jobs, settings.rounds, rates)
    rows = [
        Row(f"{table.label} {op}", samples[i][op])
        for i, table in enumerate(settings.tables)
        for op in OPERATIONS
    ]
    title = f"protocol requests: {settings.budget_note()}"
    metric = Metric("requests/s", higher_is_better=True)
    return settings.report(NAME, title, metric, rows, label="table and operation")


BENCHMARK = Benchmark(
    NAME,
    __doc__ or "",
    Defaults(("black-dog",), (4,), Budget(games=1, rounds=5), Budget(games=1, rounds=1)),
    no_options,
    run,
    answer,
)
