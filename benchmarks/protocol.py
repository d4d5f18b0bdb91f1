"""Protocol throughput: requests answered per CPU second, as ``dogrules serve`` answers them.

Each round plays the same seeded random games through the protocol's own entry
(``dogrules.protocol.handle_text``, what a line of ``serve --stdio`` and an HTTP body go
through): for every position a ``legal_actions`` request, then an ``apply`` of a chosen
action, each sending the whole state as JSON, as a stateless client does. Prints the median
of several rounds, per operation; with ``--against PATH`` (another checkout's ``src``)
both are measured in the same run, alternating round by round, and the ratio is shown.

    python benchmarks/protocol.py
    python benchmarks/protocol.py --against /tmp/before/src --rounds 7
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from sources import checked_source
from tables import print_table

HERE = Path(__file__).resolve().parent
THIS = HERE.parent / "src"
OPERATIONS = ("legal_actions", "apply")

# The child: answers one round, printing the requests and CPU seconds of each operation.
CHILD = """
import json, random, sys, time
import dogrules
from dogrules.protocol import Context, handle_text
name, players, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
v = dogrules.variant(name)
context = Context()
rng = random.Random(seed)
spent = {"legal_actions": [0, 0.0], "apply": [0, 0.0]}
clock = time.process_time
for game in range(games):
    state = v.new_game(players=players, seed=seed * 1000 + game)
    while state.phase != "over":
        dumped = dogrules.dump(state)
        line = json.dumps({"id": 1, "op": "legal_actions", "state": dumped})
        start = clock()
        answer = handle_text(line, context)
        spent["legal_actions"][1] += clock() - start
        spent["legal_actions"][0] += 1
        chosen = rng.choice(answer["actions"])
        line = json.dumps({"id": 2, "op": "apply", "state": dumped, "action": chosen["notation"]})
        start = clock()
        answer = handle_text(line, context)
        spent["apply"][1] += clock() - start
        spent["apply"][0] += 1
        state = dogrules.load(answer["state"])
print(dogrules.__file__)
print(json.dumps(spent))
"""


def round_of(source: Path, options: argparse.Namespace) -> dict[str, float]:
    """Requests per CPU second of each operation, one round in a fresh interpreter."""
    arguments = [options.variant, str(options.players), str(options.games), str(options.seed)]
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *arguments],
        env={**os.environ, "PYTHONPATH": str(source)},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"the engine under {source} failed:\n{done.stderr[-2000:]}")
    *_, imported, last = done.stdout.splitlines()
    if not Path(imported).is_relative_to(source):
        raise SystemExit(f"asked for the engine under {source}, the child imported {imported}")
    spent = json.loads(last)
    return {op: count / seconds for op, (count, seconds) in spent.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="black-dog")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1, help="games per round (1)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (medians quoted; 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", type=Path, help="another engine's src/, measured alongside")
    options = parser.parse_args()
    sources = {"this": THIS}
    if options.against is not None:
        sources["against"] = checked_source(parser, "--against", options.against)
    rates: dict[str, list[dict[str, float]]] = {name: [] for name in sources}
    for index in range(options.rounds):
        order = list(sources) if index % 2 == 0 else list(reversed(sources))
        for name in order:
            rates[name].append(round_of(sources[name], options))
        print(f"round {index + 1}/{options.rounds} done", file=sys.stderr, flush=True)
    header = ["operation", "requests/s"]
    if "against" in rates:
        header = ["operation", "against requests/s", "this requests/s", "this/against"]
    lines = []
    for op in OPERATIONS:
        this = statistics.median(r[op] for r in rates["this"])
        if "against" in rates:
            against = statistics.median(r[op] for r in rates["against"])
            lines.append([op, f"{against:.0f}", f"{this:.0f}", f"{this / against:.2f}"])
        else:
            lines.append([op, f"{this:.0f}"])
    title = (
        f"protocol requests per CPU second ({options.variant} {options.players}p, "
        f"{options.games} game(s) a round, median of {options.rounds} rounds)"
    )
    if options.against is not None:
        title += f"; against {options.against}"
    print_table(title, header, lines)


if __name__ == "__main__":
    main()
