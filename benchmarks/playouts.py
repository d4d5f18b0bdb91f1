"""Random-playout throughput: ``legal_actions`` + ``apply`` at every step, no checks.

Prints, per variant and player count (and DOG Kids' 4-player team game), the actions per
CPU second of random playouts with fixed seeds (the same games every run), the median of
several rounds. With ``--against PATH`` (another checkout's ``src``, say a worktree of an
earlier commit) both engines are measured in the same run, round by round in alternating
order so that both meet the same machine load, and the table shows both and their ratio.

    python benchmarks/playouts.py                          # this checkout, every table
    python benchmarks/playouts.py --variant black-dog --players 4 --rounds 7
    git worktree add --detach /tmp/before HEAD~1
    python benchmarks/playouts.py --against /tmp/before/src
    python tools/build_compiled.py                         # compiled against pure Python
    python benchmarks/playouts.py --source build/compiled --against src

Every measurement runs in a fresh interpreter whose PYTHONPATH is the engine's ``src``, as
``benchmarks/compare.py`` does. The garbage collector is the benchmark's own business: by
default Python's settings are left as they are; ``--gc-freeze`` moves everything imported
into the permanent generation first and ``--gc-threshold N`` sets the first generation's
threshold (what a playout farm might choose), in the child only. Random playouts choose
uniformly among the listed actions, so two engines that list differently play different
games: with ``--against``, each engine first plays every table's games once, untimed, and the
table's last column says whether the two played the same games (every listing as long, every
action chosen the same); ``benchmarks/compare.py`` also measures both on the same positions.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sources import checked_source
from tables import print_table

HERE = Path(__file__).resolve().parent
THIS = HERE.parent / "src"

VARIANTS = ("black-dog", "agent-dog", "dog-kids")
# DOG Kids' 4-player game is played both with and without teams (see worst_case.py).
TEAMS_OPTIONAL = frozenset({"dog-kids"})

Json = dict[str, Any]


@dataclass(frozen=True)
class Table:
    """One variant at one player count (with teams, for DOG Kids' 4-player team game)."""

    variant: str
    players: int
    teams: bool | None

    @property
    def label(self) -> str:
        return f"{self.variant} {self.players}p{' teams' if self.teams else ''}"


def tables(names: list[str], counts: list[int]) -> list[Table]:
    chosen: list[Table] = []
    for name in names:
        for players in counts:
            chosen.append(Table(name, players, None))
            if players == 4 and name in TEAMS_OPTIONAL:
                chosen.append(Table(name, players, True))
    return chosen


# ---------------------------------------------------------------- the child: one engine ----


def play(job: Json) -> Json:
    """Play ``job["games"]`` random games of one table; actions, games and CPU seconds."""
    import random
    import time

    import dogrules

    variant = dogrules.variant(job["variant"])
    players, teams, seed = int(job["players"]), job["teams"], int(job["seed"])
    rng = random.Random(seed)
    legal_actions, apply = variant.legal_actions, variant.apply
    done = 0
    clock = time.process_time
    start = clock()
    for game in range(int(job["games"])):
        state = variant.new_game(players=players, seed=seed * 1000 + game, teams=teams)
        while state.phase != "over":
            state = apply(state, rng.choice(legal_actions(state))).state
            done += 1
    return {"actions": done, "games": int(job["games"]), "seconds": clock() - start}


def games_played(job: Json) -> Json:
    """The games ``play`` plays for ``job``, untimed, as a digest of every listing's length and
    the text of the action chosen from it: two engines play the same games if theirs agree."""
    import hashlib
    import random

    import dogrules

    variant = dogrules.variant(job["variant"])
    players, teams, seed = int(job["players"]), job["teams"], int(job["seed"])
    rng = random.Random(seed)
    digest = hashlib.sha256()
    for game in range(int(job["games"])):
        state = variant.new_game(players=players, seed=seed * 1000 + game, teams=teams)
        while state.phase != "over":
            listed = variant.legal_actions(state)
            action = rng.choice(listed)
            digest.update(f"{len(listed)} {action}\n".encode())
            state = variant.apply(state, action).state
    return {"digest": digest.hexdigest()}


def child() -> None:
    """Answer jobs, one JSON line each on stdin, with whatever dogrules PYTHONPATH finds
    first: the first line sets the collector, every other is a table to play."""
    import gc

    settings = json.loads(sys.stdin.readline())
    import dogrules  # noqa: F401 - imported before the collector is tuned, as an app would

    if settings["freeze"]:
        gc.collect()
        gc.freeze()
    if settings["threshold"] is not None:
        gc.set_threshold(int(settings["threshold"]), *gc.get_threshold()[1:])
    for line in sys.stdin:
        job = json.loads(line)
        answer = games_played(job) if job.get("digest") else play(job)
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


# ------------------------------------------------------------ the parent: both engines ----


class Engine:
    """One engine in a child interpreter of its own, kept for the whole run and given one
    table at a time, so that the engines can alternate table by table."""

    def __init__(self, source: Path, options: argparse.Namespace) -> None:
        self.source = source
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--child"],
            env={**os.environ, "PYTHONPATH": str(source)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self._send({"freeze": options.gc_freeze, "threshold": options.gc_threshold})

    def _send(self, job: Json) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()

    def answer(self, job: Json) -> Json:
        """The child's answer to one job."""
        self._send(job)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the engine under {self.source} failed")
        answer: Json = json.loads(line)
        return answer

    def rate(self, job: Json) -> float:
        """Actions per CPU second of one job."""
        result = self.answer(job)
        return float(result["actions"]) / float(result["seconds"])

    def digest(self, job: Json) -> str:
        """The digest of the games one job plays (see :func:`games_played`), untimed."""
        return str(self.answer({**job, "digest": True})["digest"])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def job_of(options: argparse.Namespace, table: Table) -> Json:
    return {
        "variant": table.variant,
        "players": table.players,
        "teams": table.teams,
        "games": options.games,
        "seed": options.seed,
    }


def measure(
    options: argparse.Namespace, chosen: list[Table]
) -> tuple[dict[str, list[list[float]]], list[bool]]:
    """Per engine, per table: the actions per CPU second of every round; and per table,
    whether the engines play the same games (each engine's games checked once, untimed,
    before the rounds). The engines take turns table by table, the one going first
    alternating, so both meet the same load."""
    sources = {"this": options.source.resolve()}
    if options.against is not None:
        sources["against"] = options.against.resolve()
    engines = {name: Engine(source, options) for name, source in sources.items()}
    rates: dict[str, list[list[float]]] = {name: [[] for _ in chosen] for name in engines}
    turn = 0
    try:
        same = [
            len({engine.digest(job_of(options, table)) for engine in engines.values()}) == 1
            for table in chosen
        ]
        for round_ in range(options.rounds):
            for i, table in enumerate(chosen):
                names = list(engines) if turn % 2 == 0 else list(reversed(engines))
                turn += 1
                for name in names:
                    rates[name][i].append(engines[name].rate(job_of(options, table)))
            print(f"round {round_ + 1}/{options.rounds} done", file=sys.stderr, flush=True)
    finally:
        for engine in engines.values():
            engine.close()
    return rates, same


def show(
    chosen: list[Table], rates: dict[str, list[list[float]]], same: list[bool], title: str
) -> None:
    """The table, with rich if it is installed, else in plain text."""
    header = ["table", "actions/s"]
    if "against" in rates:
        header = ["table", "against actions/s", "this actions/s", "this/against", "games"]
    lines: list[list[str]] = []
    for i, table in enumerate(chosen):
        this = statistics.median(rates["this"][i])
        if "against" in rates:
            against = statistics.median(rates["against"][i])
            games = "the same" if same[i] else "different"
            lines.append(
                [table.label, f"{against:.0f}", f"{this:.0f}", f"{this / against:.2f}", games]
            )
        else:
            lines.append([table.label, f"{this:.0f}"])
    print_table(title, header, lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--variant", action="append", help="variant(s); default: all three")
    parser.add_argument("--players", type=int, action="append", help="default: 2, 3 and 4")
    parser.add_argument("--games", type=int, default=4, help="games per table and round (4)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (medians quoted; 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and choices (1)")
    parser.add_argument("--against", type=Path, help="another engine's src/, measured alongside")
    parser.add_argument(
        "--source", type=Path, default=THIS, help="the engine measured (default: this src/)"
    )
    parser.add_argument("--gc-freeze", action="store_true", help="gc.freeze() after import")
    parser.add_argument("--gc-threshold", type=int, help="the collector's first threshold")
    options = parser.parse_args()
    if options.child:
        child()
        return
    options.source = checked_source(parser, "--source", options.source)
    if options.against is not None:
        options.against = checked_source(parser, "--against", options.against)
    chosen = tables(options.variant or list(VARIANTS), options.players or [2, 3, 4])
    rates, same = measure(options, chosen)
    collector = "default collector"
    if options.gc_freeze or options.gc_threshold is not None:
        collector = f"collector: freeze {options.gc_freeze}, threshold {options.gc_threshold}"
    title = (
        f"random playouts, actions per CPU second, median of {options.rounds} rounds x "
        f"{options.games} games (seed {options.seed}, {collector})"
    )
    if options.source.resolve() != THIS:
        title += f"; this: {options.source}"
    if options.against is not None:
        title += f"; against {options.against}"
    show(chosen, rates, same, title)


if __name__ == "__main__":
    main()
