"""Two engines side by side in one run: random-playout throughput of this checkout against
another source tree (an earlier commit's worktree, say), alternating run by run so that both
meet the same machine load, timed in CPU seconds of the measuring process (less sensitive to
other load than the wall clock). Quotes medians.

    git worktree add /tmp/before HEAD~1
    python benchmarks/compare.py --before /tmp/before/src [--variant black-dog --players 4]

Random playouts choose uniformly among the listed actions, so an engine that lists
differently (one action per distinct outcome, say) plays other games than the one before
it. A second figure therefore measures both engines on the same positions: the states of
the "before" engine's games, each listed and its first listed action applied, in decisions
per second.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
AFTER = HERE.parent / "src"

# One measurement in a fresh interpreter: the engine under test is whatever dogrules the
# PYTHONPATH given to the child finds first.
CHILD = """
import json, random, sys, time
import dogrules
name, players, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
variant = dogrules.variant(name)
rng = random.Random(seed)
done = 0
start = time.process_time()
for game in range(games):
    state = variant.new_game(players=players, seed=seed * 1000 + game)
    while state.phase != "over":
        state = variant.apply(state, rng.choice(variant.legal_actions(state))).state
        done += 1
print(json.dumps({"actions": done, "seconds": time.process_time() - start}))
"""

# The states of the games a run plays, dumped (collected with the "before" engine).
COLLECT = """
import json, random, sys
import dogrules
name, path = sys.argv[1], sys.argv[5]
players, games, seed = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
variant = dogrules.variant(name)
rng = random.Random(seed)
states = []
for game in range(games):
    state = variant.new_game(players=players, seed=seed * 1000 + game)
    while state.phase != "over":
        states.append(dogrules.dump(state))
        state = variant.apply(state, rng.choice(variant.legal_actions(state))).state
with open(path, "w") as out:
    json.dump(states, out)
"""

# Each state listed and its first listed action applied, in decisions per CPU second.
DECIDE = """
import json, sys, time
import dogrules
from dogrules.engine import judge
with open(sys.argv[1]) as source:
    states = [dogrules.load(data) for data in json.load(source)]
variant = dogrules.variant(states[0].variant)
if hasattr(judge, "_listed"):  # an engine before the game's memo: start from an empty cache
    judge._listed.cache_clear()
start = time.process_time()
for state in states:
    variant.apply(state, variant.legal_actions(state)[0])
print(json.dumps({"actions": len(states), "seconds": time.process_time() - start}))
"""


def child(source: Path, code: str, *arguments: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(source)}
    return subprocess.run(
        [sys.executable, "-c", code, *arguments],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def measure(source: Path, name: str, players: int, games: int, seed: int) -> float:
    """Actions per second of the engine under ``source`` on one run."""
    result = json.loads(child(source, CHILD, name, str(players), str(games), str(seed)))
    return float(result["actions"]) / float(result["seconds"])


def decisions(source: Path, states: Path) -> float:
    """Decisions per second of the engine under ``source`` on the dumped ``states``."""
    result = json.loads(child(source, DECIDE, str(states)))
    return float(result["actions"]) / float(result["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the other engine's src/")
    parser.add_argument("--variant", action="append", help="variant(s); default: black-dog")
    parser.add_argument("--players", type=int, action="append", help="default: 4")
    parser.add_argument("--games", type=int, default=10, help="games per run")
    parser.add_argument("--runs", type=int, default=5, help="runs per engine (medians quoted)")
    options = parser.parse_args()
    for name in options.variant or ["black-dog"]:
        for players in options.players or [4]:
            before: list[float] = []
            after: list[float] = []
            for seed in range(options.runs):
                # The same games for both engines; the order alternates with the run.
                pair = [(options.before, before), (AFTER, after)]
                for source, into in pair if seed % 2 == 0 else reversed(pair):
                    into.append(measure(source, name, players, options.games, seed))
            b, a = statistics.median(before), statistics.median(after)
            print(
                f"{name:10} {players}p  before {b:8.0f} actions/s  after {a:8.0f} actions/s  "
                f"after/before {a / b:5.2f}  [median of {options.runs} runs x {options.games} "
                "games each]",
                flush=True,
            )
            with tempfile.TemporaryDirectory() as folder:
                states = Path(folder) / "states.json"
                child(
                    options.before,
                    COLLECT,
                    name,
                    str(players),
                    str(options.games),
                    "0",
                    str(states),
                )
                before, after = [], []
                for run in range(options.runs):
                    pair = [(options.before, before), (AFTER, after)]
                    for source, into in pair if run % 2 == 0 else reversed(pair):
                        into.append(decisions(source, states))
            b, a = statistics.median(before), statistics.median(after)
            print(
                f"{name:10} {players}p  same positions: before {b:8.0f} decisions/s  after "
                f"{a:8.0f} decisions/s  after/before {a / b:5.2f}  [median of {options.runs} "
                f"runs over the states of {options.games} games]",
                flush=True,
            )


if __name__ == "__main__":
    main()
