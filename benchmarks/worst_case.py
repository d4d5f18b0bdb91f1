"""Bounded worst case: search for the most expensive reachable positions of each variant and
player count, and measure ``legal_actions`` on them.

A row per table: on the worst position found (the slowest for the ``this`` engine), the
median CPU milliseconds of ``legal_actions`` (each call on a freshly loaded state, so no
listing is reused), its action count and the peak memory of one call (tracemalloc, MiB); and
the largest action count the search met. The target is under 50 ms and under 5 MiB on every
variant's worst position; this only measures.

The search (``worst_case_search.py``), per table and engine: random crowded positions, then
positions met in random games (really reachable ones), then hill climbing from the worst so
far, scored by the CPU time of one call (``--score actions``: by the action count). It is
seeded: the same ``--seed`` proposes the same candidates in the same order; only the timing
noise (and with ``--seconds``, how far the search gets) differs. With ``--against`` both
engines search and both are measured on the union of what they found, so both columns speak
of the same positions. The measured positions are saved (``dogrules.dump`` shape, one file
each, worst first) under ``--out`` (build/worst_case); ``--positions DIR`` measures saved
positions again without searching. A call slower than ``--single-over`` seconds is timed
once instead of ``--repeats`` times. Read small differences, and which of close positions
is "the worst", as noise.
"""

from __future__ import annotations

import argparse
import gc
import json
import re
import statistics
import tracemalloc
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import dogrules

from .engines import ROOT, Children, progress
from .harness import TEAMS_OPTIONAL, VARIANTS, Benchmark, Budget, Defaults, Json, Settings, Table
from .report import ROLES, Metric, Report, Row
from .worst_case_search import search_job, timed_call

NAME = "worst-case"
OUT = ROOT / "build" / "worst_case"
MIB = 1024 * 1024


# ----------------------------------------------------------------- the child: measuring ----


def peak_mib(data: Json) -> float:
    """Peak memory of one ``legal_actions`` call on ``data`` above what was held before it."""
    state = dogrules.load(data)
    variant = dogrules.variant(state.variant)
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        variant.legal_actions(state)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return (peak - base) / MIB


def measure_job(job: Json) -> Json:
    """Each given position: its action count, the CPU seconds of each timed call and (if
    ``job["memory"]``) the peak MiB of one more call."""
    results: list[Json] = []
    for data in job["positions"]:
        try:
            gc.collect()
            count, first = timed_call(data)
            times = [first]
            if first <= job["single_over"]:
                for _ in range(job["repeats"] - 1):
                    gc.collect()
                    times.append(timed_call(data)[1])
            mib = peak_mib(data) if job["memory"] else None
        except Exception as exc:  # an engine that cannot read or list it: say so, go on
            results.append({"error": f"{type(exc).__name__}: {exc}"[:200]})
            continue
        results.append({"actions": count, "times": times, "mib": mib})
    return {"results": results}


def answer(job: Json) -> Json:
    return search_job(job) if job["job"] == "search" else measure_job(job)


# ------------------------------------------------------------------ the parent: a table ----


@dataclass(frozen=True)
class Measured:
    """Every engine's figures on a table's positions (by role, a result per position)."""

    positions: list[Json]
    results: dict[str, list[Json]]

    def worst_first(self) -> list[int]:
        """Indices of the positions, the slowest for the ``this`` engine first."""

        def cost(index: int) -> float:
            result = self.results["this"][index]
            return -1.0 if "error" in result else statistics.median(result["times"])

        return sorted(range(len(self.positions)), key=cost, reverse=True)


def measure_all(
    children: Children, settings: Settings, turn: int, positions: list[Json]
) -> Measured:
    """Each engine's figures on each position: the CPU seconds of every timed call of
    ``--rounds`` rounds (the engines alternating), peak MiB of the first round."""
    merged: dict[str, list[Json]] = {}
    for round_ in range(settings.rounds):
        job = {
            "job": "measure",
            "positions": positions,
            "repeats": settings.options.repeats,
            "single_over": settings.options.single_over,
            "memory": round_ == 0,
        }
        for role, child in children.in_turn(turn + round_):
            results = child.answer(job)["results"]
            if role not in merged:
                merged[role] = results
                continue
            for into, result in zip(merged[role], results, strict=True):
                if "error" not in into and "error" not in result:
                    into["times"] += result["times"]
    return Measured(positions, merged)


def row_of(table: Table, measured: Measured, max_actions: dict[str, int], path: str) -> Row:
    """The worst position's figures: ms per engine (every timed call a sample), its action
    count and peak MiB (against / this, when two engines ran), the largest count seen."""
    worst = measured.worst_first()[0]
    roles = [role for role in ROLES if role in measured.results]
    samples: dict[str, list[float]] = {}
    actions, mib = [], []
    for role in roles:
        result = measured.results[role][worst]
        if "error" in result:
            actions.append("error")
            mib.append("-")
            continue
        samples[role] = [seconds * 1000 for seconds in result["times"]]
        actions.append(str(result["actions"]))
        mib.append(f"{result['mib']:.2f}")
    extra = {
        "actions": " / ".join(actions),
        "MiB": " / ".join(mib),
        "max actions seen": " / ".join(str(max_actions[role]) for role in roles),
        "positions": str(len(measured.positions)),
        "worst position": path,
    }
    progress(f"{table.label:16} " + "  ".join(f"{k}: {v}" for k, v in extra.items()))
    return Row(table.label, samples, extra)


def save(out: Path, table: Table, measured: Measured) -> str:
    """The measured positions in ``out``, worst first; the worst one's path."""
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob(f"{table.slug}-*.json"):
        if re.fullmatch(rf"{re.escape(table.slug)}-\d+\.json", stale.name):
            stale.unlink()
    paths = []
    for rank, index in enumerate(measured.worst_first(), 1):
        path = out / f"{table.slug}-{rank}.json"
        path.write_text(json.dumps(measured.positions[index], indent=1) + "\n", encoding="utf-8")
        paths.append(path)
    return shown(paths[0])


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def searched(children: Children, settings: Settings) -> Iterator[Row]:
    """Search with each engine, measure both on the union of what they found, save it."""
    options = settings.options
    for turn, table in enumerate(settings.tables):
        job = {
            "job": "search",
            **table.as_json(),
            "seconds": options.seconds,
            "seed": settings.seed,
            "top": options.top,
            "score": options.score,
        }
        found = {role: child.answer(job) for role, child in children.in_turn(turn)}
        positions: list[Json] = []
        keys: set[str] = set()
        for role in children.by_role:
            for entry in found[role]["top"]:
                key = json.dumps(entry["dump"], sort_keys=True)
                if key not in keys:
                    keys.add(key)
                    positions.append(entry["dump"])
        for role, search in found.items():
            sources = ", ".join(f"{n} {k}" for k, n in sorted(search["sources"].items()))
            progress(
                f"{table.label:16} {role} search: {search['evaluated']} scored ({sources}), "
                f"{search['invalid']} invalid"
            )
        measured = measure_all(children, settings, turn, positions)
        path = save(Path(options.out), table, measured)
        yield row_of(table, measured, {r: int(f["max_actions"]) for r, f in found.items()}, path)


def saved_table(data: Json) -> Table:
    """The table a saved position belongs to, as ``tables`` names it."""
    teams = True if data.get("teams") and data["variant"] in TEAMS_OPTIONAL else None
    return Table(str(data["variant"]), int(data["players"]), teams)


def replayed(children: Children, settings: Settings) -> Iterator[Row]:
    """Measure the positions saved under ``--positions`` again, table by table."""
    grouped: dict[Table, list[tuple[Path, Json]]] = {}
    for path in sorted(Path(settings.options.positions).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "variant" in data and "pieces" in data:
            grouped.setdefault(saved_table(data), []).append((path, data))
    for turn, table in enumerate(t for t in settings.tables if t in grouped):
        measured = measure_all(children, settings, turn, [d for _, d in grouped[table]])
        biggest = {
            role: max((int(r.get("actions", 0)) for r in results), default=0)
            for role, results in measured.results.items()
        }
        worst = grouped[table][measured.worst_first()[0]][0]
        yield row_of(table, measured, biggest, shown(worst))


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, help="search time per table and engine (20)")
    parser.add_argument("--top", type=int, help="worst positions kept per engine (2; quick 1)")
    parser.add_argument("--repeats", type=int, help="timed calls per position (5; quick 3)")
    parser.add_argument(
        "--single-over", type=float, default=2.0, help="one timed call only above this (s; 2)"
    )
    parser.add_argument(
        "--score", choices=("time", "actions"), default="time", help="what the search maximises"
    )
    parser.add_argument("--positions", type=Path, help="measure the positions saved here only")
    parser.add_argument("--out", type=Path, default=OUT, help="where positions are saved")


def run(settings: Settings) -> Report:
    options = settings.options
    quick = settings.quick
    options.seconds = options.seconds or (3.0 if quick else 20.0)
    options.top = options.top or (1 if quick else 2)
    options.repeats = options.repeats or (3 if quick else 5)
    with ExitStack() as stack:
        children = settings.children(NAME, stack)
        if options.positions is not None:
            rows = list(replayed(children, settings))
            title = f"worst case, the positions saved in {options.positions}"
        else:
            rows = list(searched(children, settings))
            title = (
                f"worst case after a {options.seconds:g} s search per table and engine "
                f"(seed {settings.seed}, score {options.score})"
            )
    return settings.report(
        NAME,
        f"{title}; legal_actions in CPU ms, median of up to {settings.rounds} rounds x "
        f"{options.repeats} calls",
        Metric("ms", higher_is_better=False),
        rows,
        seconds=options.seconds,
        top=options.top,
        repeats=options.repeats,
        single_over=options.single_over,
        score=options.score,
        positions=None if options.positions is None else str(options.positions),
    )


BENCHMARK = Benchmark(
    NAME,
    __doc__ or "",
    Defaults(
        VARIANTS,
        (2, 3, 4),
        Budget(games=0, rounds=2),
        Budget(games=0, rounds=1),
        plays_games=False,
    ),
    add_options,
    run,
    answer,
)
