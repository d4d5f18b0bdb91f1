"""Random-playout throughput: legal_actions + apply at every step, no checks.

Prints, per variant and player count, actions/s and games/s (median of 5 runs) and the
slowest single legal_actions call seen with the action count it produced.

    python benchmarks/playouts.py [--variant black-dog] [--games 20] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import dogrules
from dogrules.variants import implemented


def run(
    variant: dogrules.Variant, players: int, games: int, seed: int
) -> tuple[float, float, float, int]:
    """Play ``games`` random games; return (actions/s, games/s, slowest call s, its size)."""
    rng = random.Random(seed)
    actions_done = 0
    slowest = 0.0
    slowest_size = 0
    clock = time.perf_counter
    start = clock()
    for game in range(games):
        state = variant.new_game(players=players, seed=seed * 1000 + game)
        while state.phase != "over":
            before = clock()
            actions = variant.legal_actions(state)
            took = clock() - before
            if took > slowest:
                slowest, slowest_size = took, len(actions)
            state = variant.apply(state, rng.choice(actions)).state
            actions_done += 1
    elapsed = clock() - start
    return actions_done / elapsed, games / elapsed, slowest, slowest_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", help="variant(s); default: all implemented")
    parser.add_argument("--players", type=int, action="append", help="player counts")
    parser.add_argument("--games", type=int, default=20, help="games per run")
    parser.add_argument("--runs", type=int, default=5, help="runs (the median is quoted)")
    options = parser.parse_args()
    for name in options.variant or implemented():
        variant = dogrules.variant(name)
        for players in options.players or (2, 3, 4):
            results = [run(variant, players, options.games, seed) for seed in range(options.runs)]
            per_action = statistics.median(r[0] for r in results)
            per_game = statistics.median(r[1] for r in results)
            worst = max(results, key=lambda r: r[2])
            print(
                f"{name:10} {players}p  {per_action:8.0f} actions/s  {per_game:6.2f} games/s  "
                f"slowest legal_actions {worst[2] * 1000:7.2f} ms ({worst[3]} actions)  "
                f"[median of {options.runs} runs x {options.games} games]"
            )


if __name__ == "__main__":
    main()
