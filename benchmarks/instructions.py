"""Machine instructions per decision of random playouts, counted by Valgrind: a figure the
load of a shared machine does not move.

CPU seconds on a busy machine wander by 10-20% from run to run (other processes evict the
caches); the count of instructions the interpreter executes for the same games is the same
to about 1% (address-space layout still moves a few dictionary probes). It is no stand-in
for time (a cache miss costs more than an addition), but two engines compared on the same
games with it differ by what their code does, not by what the machine was doing.

    python benchmarks/instructions.py                           # this checkout, Black DOG 4p
    python benchmarks/instructions.py --against /work/base/src  # and another engine, ratio
    python benchmarks/instructions.py --variant agent-dog --players 3 --games 2

Each engine plays the same seeded random games (``legal_actions`` + ``apply``, as
``playouts.py``) in a child interpreter under ``valgrind --tool=cachegrind --cache-sim=no``
with ``PYTHONHASHSEED=0``; a second child only imports the engine and deals the games, and
its count is subtracted. Two engines that list actions in another order play other games;
``playouts.py`` and ``compare.py`` say so too. Needs Valgrind (``apt-get install valgrind``);
about 50 times slower than a plain run, so a table of one game takes a minute or two.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from sources import checked_source
from tables import print_table

HERE = Path(__file__).resolve().parent
THIS = HERE.parent / "src"

# The child: deal the games and, with "play", play them; prints the actions played.
CHILD = """
import random, sys
import dogrules
name, players, games, seed, play = sys.argv[1:6]
variant = dogrules.variant(name)
rng = random.Random(int(seed))
done = 0
for game in range(int(games)):
    state = variant.new_game(players=int(players), seed=int(seed) * 1000 + game)
    while play == "play" and state.phase != "over":
        state = variant.apply(state, rng.choice(variant.legal_actions(state))).state
        done += 1
print(done)
"""

COUNT = re.compile(r"I\s+refs:\s+([\d,]+)")


def counted(source: Path, arguments: list[str]) -> tuple[int, int]:
    """The instructions one child executes and the actions it reports."""
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            "-c",
            CHILD,
            *arguments,
        ],
        env={**os.environ, "PYTHONPATH": str(source), "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        check=False,
    )
    found = COUNT.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"the engine under {source} failed:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", "")), int(done.stdout.split()[-1])


def per_action(source: Path, name: str, players: int, games: int, seed: int) -> float:
    """Instructions per decision: the playing child's count less the dealing child's."""
    table = [name, str(players), str(games), str(seed)]
    setup, _ = counted(source, [*table, "deal"])
    total, actions = counted(source, [*table, "play"])
    return (total - setup) / actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", help="variant(s); default: black-dog")
    parser.add_argument("--players", type=int, action="append", help="default: 4")
    parser.add_argument("--games", type=int, default=1, help="games per table (1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and choices (1)")
    parser.add_argument("--against", type=Path, help="another engine's src/, counted alongside")
    parser.add_argument("--source", type=Path, default=THIS, help="the engine counted")
    options = parser.parse_args()
    options.source = checked_source(parser, "--source", options.source)
    if options.against is not None:
        options.against = checked_source(parser, "--against", options.against)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    header = ["table", "instructions/decision"]
    if options.against is not None:
        header = ["table", "against", "this", "against/this"]
    lines: list[list[str]] = []
    for name in options.variant or ["black-dog"]:
        for players in options.players or [4]:
            job = (name, players, options.games, options.seed)
            this = per_action(options.source, *job)
            label = f"{name} {players}p"
            if options.against is None:
                lines.append([label, f"{this:,.0f}"])
                continue
            against = per_action(options.against, *job)
            lines.append([label, f"{against:,.0f}", f"{this:,.0f}", f"{against / this:.2f}"])
    title = f"instructions per decision, {options.games} game(s) a table, seed {options.seed}"
    if options.against is not None:
        title += f"; against {options.against}"
    print_table(title, header, lines)


if __name__ == "__main__":
    main()
