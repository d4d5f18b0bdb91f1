"""Bounded worst case (issue 10, item 3): search for the most expensive reachable positions of
each variant and player count, and measure ``legal_actions`` on them.

Prints, per variant and player count, the largest action count the search met, and on the
worst position found (the slowest for this checkout's engine): its action count, the median
CPU time of several ``legal_actions`` calls (the engine's listing cache cleared before each)
and the peak memory of one such call (tracemalloc, MiB). The target for the rewritten engine
is under 50 ms and under 5 MiB on every variant's worst position; this script only measures.

    python benchmarks/worst_case.py                       # ~5 minutes (~10 with --before)
    python benchmarks/worst_case.py --quick               # ~1 minute smoke run
    python benchmarks/worst_case.py --seconds 60 --seed 3 --variant black-dog --players 3

    git worktree add /tmp/before HEAD~1                   # before against after, one run
    python benchmarks/worst_case.py --before /tmp/before/src

    python benchmarks/worst_case.py --positions build/worst_case [--before /tmp/before/src]

The search, per variant and player count: random crowded positions (most pieces on the
track, some in the finish, the Black Dog on a free field, hands drawn mostly from the
expensive cards: Partner, Copy after a Partner, black:1-7, Swap, Magnet, two-colour and
double cards...), positions met in random games (``new_game`` + random legal actions, so
really reachable ones), then hill climbing from the worst so far (move a piece, the Black
Dog, change a card, the seat to act, the last card played), scored by the CPU time of one
``legal_actions`` call (``--score actions``: by the action count). It is seeded: the same
``--seed`` proposes the same candidates in the same order; only the timing noise (and with
``--seconds``, how far the search gets) differs from run to run.

Every engine runs in a child interpreter whose PYTHONPATH is the engine's ``src`` (this
checkout's, or ``--before``'s), as ``benchmarks/compare.py`` does, and answers in JSON on
stdout. With ``--before``, both engines search, and both are measured on the union of the
worst positions each one found, so that the two columns speak of the same positions. The
measured positions are saved (``dogrules.dump`` shape, one file each, worst first) under
``build/worst_case/`` (``--out``); ``--positions DIR`` measures saved positions again
without searching, e.g. after the engine has changed. A single call slower than
``--single-over`` seconds (2) is measured once instead of ``--repeats`` times. On a shared
machine one process may run a third slower than the next: compare figures of one run, and
read small differences (and which of close positions is "the worst") as noise.

This module runs the children and prints the report; the search is in
``worst_case_search.py``, the measuring in ``worst_case_measure.py``, the tables and the
report's cells in ``worst_case_report.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from worst_case_measure import Json, measure_job
from worst_case_report import TEAMS_OPTIONAL, Row, Table, progress, show, summary
from worst_case_search import search_job

HERE = Path(__file__).resolve().parent
AFTER = HERE.parent / "src"
OUT = HERE.parent / "build" / "worst_case"

VARIANTS = ("black-dog", "agent-dog", "dog-kids")


def child() -> None:
    """Run the job given as JSON on stdin with whatever dogrules PYTHONPATH finds first."""
    job = json.loads(sys.stdin.read())
    result = search_job(job) if job["job"] == "search" else measure_job(job)
    sys.stdout.write(json.dumps(result))


def run_child(source: Path, job: Json) -> Json:
    """Run ``job`` in a fresh interpreter with ``source`` (an engine's src/) first on the path."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child"],
        input=json.dumps(job),
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"the engine under {source} failed on a {job['job']} job")
    result: Json = json.loads(done.stdout)
    return result


def tables(names: Sequence[str], counts: Sequence[int]) -> Iterator[Table]:
    for name in names:
        for players in counts:
            yield Table(name, players, None)
            if players == 4 and name in TEAMS_OPTIONAL:
                yield Table(name, players, True)


def engines(options: argparse.Namespace) -> list[tuple[str, Path]]:
    pairs = [("after", AFTER)]
    if options.before is not None:
        pairs.insert(0, ("before", options.before.resolve()))
    return pairs


def alternate(pairs: list[tuple[str, Path]], turn: int) -> list[tuple[str, Path]]:
    """Both engines, the order alternating table by table (both meet the same load)."""
    return pairs if turn % 2 == 0 else list(reversed(pairs))


def measure_all(
    options: argparse.Namespace, turn: int, positions: list[Json]
) -> dict[str, list[Json]]:
    """Each engine's figures on each position: actions, median ms over every timed call of
    ``--rounds`` child runs (the engines alternating run by run, as a process may meet more
    machine load than the next), the number of those calls, peak MiB (of the first run)."""
    merged: dict[str, list[Json]] = {}
    for round_ in range(options.rounds):
        job = {
            "job": "measure",
            "positions": positions,
            "repeats": options.repeats,
            "single_over": options.single_over,
            "memory": round_ == 0,
        }
        for name, source in alternate(engines(options), turn + round_):
            results = run_child(source, job)["results"]
            if name not in merged:
                merged[name] = results
                continue
            for into, result in zip(merged[name], results, strict=True):
                if "error" not in into and "error" not in result:
                    into["times"] += result["times"]
    for results in merged.values():
        for result in results:
            if "error" not in result:
                result["ms"] = statistics.median(result["times"]) * 1000
                result["runs"] = len(result["times"])
    return merged


def worst_first(measured: dict[str, list[Json]], count: int) -> list[int]:
    """Indices of the positions, the slowest for this checkout's engine first."""

    def cost(i: int) -> float:
        result = measured["after"][i]
        return -1.0 if "error" in result else float(result["ms"])

    return sorted(range(count), key=cost, reverse=True)


def save(out: Path, table: Table, positions: list[Json], order: list[int]) -> str:
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob(f"{table.slug}-*.json"):
        if re.fullmatch(rf"{re.escape(table.slug)}-\d+\.json", stale.name):
            stale.unlink()
    first = ""
    for rank, i in enumerate(order, 1):
        path = out / f"{table.slug}-{rank}.json"
        path.write_text(json.dumps(positions[i], indent=1) + "\n", encoding="utf-8")
        first = first or str(path)
    return first


def searched(options: argparse.Namespace) -> Iterator[Row]:
    """Search with each engine, measure both on the union of what they found, save it."""
    for turn, table in enumerate(tables(options.variant, options.players)):
        job = {
            "job": "search",
            "variant": table.variant,
            "players": table.players,
            "teams": table.teams,
            "seconds": options.seconds,
            "seed": options.seed,
            "top": options.top,
            "score": options.score,
        }
        found: dict[str, Json] = {}
        for name, source in alternate(engines(options), turn):
            found[name] = run_child(source, job)
        positions: list[Json] = []
        keys: set[str] = set()
        for name, _ in engines(options):
            for entry in found[name]["top"]:
                key = json.dumps(entry["dump"], sort_keys=True)
                if key not in keys:
                    keys.add(key)
                    positions.append(entry["dump"])
        measured = measure_all(options, turn, positions)
        order = worst_first(measured, len(positions))
        first = save(options.out, table, positions, order)
        row = Row(
            table,
            len(positions),
            {name: int(found[name]["max_actions"]) for name in found},
            {name: measured[name][order[0]] for name in measured},
            first,
            {name: summary(found[name]) for name in found},
        )
        progress(row)
        yield row


def replayed(options: argparse.Namespace) -> Iterator[Row]:
    """Measure the positions saved under ``--positions`` again, table by table."""
    grouped: dict[Table, list[tuple[str, Json]]] = {}
    for path in sorted(Path(options.positions).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "variant" not in data or "pieces" not in data:
            continue
        # As tables() names them: True for a DOG Kids team game, else None.
        teams = True if data.get("teams") and data["variant"] in TEAMS_OPTIONAL else None
        table = Table(str(data["variant"]), int(data["players"]), teams)
        grouped.setdefault(table, []).append((str(path), data))
    wanted = list(tables(options.variant, options.players))
    for turn, table in enumerate(t for t in wanted if t in grouped):
        paths = [p for p, _ in grouped[table]]
        positions = [d for _, d in grouped[table]]
        measured = measure_all(options, turn, positions)
        order = worst_first(measured, len(positions))
        biggest = {
            name: max((int(r.get("actions", 0)) for r in results), default=0)
            for name, results in measured.items()
        }
        row = Row(
            table,
            len(positions),
            biggest,
            {name: measured[name][order[0]] for name in measured},
            paths[order[0]],
            {},
        )
        progress(row)
        yield row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--variant", action="append", help="variant(s); default: all three")
    parser.add_argument("--players", type=int, action="append", help="default: 2, 3 and 4")
    parser.add_argument("--seconds", type=float, help="search time per table and engine (20)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 s per table")
    parser.add_argument("--seed", type=int, default=0, help="the search's seed (0)")
    parser.add_argument("--top", type=int, help="worst positions kept per engine (2; quick 1)")
    parser.add_argument("--repeats", type=int, help="timed calls per position (5; quick 3)")
    parser.add_argument(
        "--rounds", type=int, help="child runs per engine, alternating, for the timing (2; quick 1)"
    )
    parser.add_argument(
        "--single-over", type=float, default=2.0, help="one timed call only above this (s)"
    )
    parser.add_argument(
        "--score", choices=("time", "actions"), default="time", help="what the search maximises"
    )
    parser.add_argument("--before", type=Path, help="another engine's src/, measured alongside")
    parser.add_argument("--positions", type=Path, help="measure the positions saved here only")
    parser.add_argument("--out", type=Path, default=OUT, help="where positions are saved")
    options = parser.parse_args()
    if options.child:
        child()
        return
    options.seconds = options.seconds or (3.0 if options.quick else 20.0)
    options.top = options.top or (1 if options.quick else 2)
    options.repeats = options.repeats or (3 if options.quick else 5)
    options.rounds = options.rounds or (1 if options.quick else 2)
    options.variant = options.variant or list(VARIANTS)
    options.players = options.players or [2, 3, 4]
    if options.positions is not None:
        rows = list(replayed(options))
        title = f"worst case, positions saved in {options.positions}"
    else:
        rows = list(searched(options))
        title = (
            f"worst case after a {options.seconds:g} s search per table and engine "
            f"(seed {options.seed}, score {options.score})"
        )
    title += (
        f"; ms: CPU time, median of up to {options.rounds} x {options.repeats} calls "
        "(* one call only)"
    )
    show(rows, title)


if __name__ == "__main__":
    main()
