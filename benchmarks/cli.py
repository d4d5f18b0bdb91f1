"""The command line of the benchmarks: one subcommand per benchmark, the same options for
each (the engines, the tables, the budget, the collector, the report), and the benchmark's
own after them; ``--quick`` is a smoke run (the smallest budget that exercises everything).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path

from rich.console import Console
from rich.table import Table

from . import instructions, playouts, positions, protocol, scaling, worst_case
from .engines import THIS, Collector, Source, UsageError, resolve
from .harness import Benchmark, Settings, tables
from .report import ROLES, Report

BENCHMARKS: dict[str, Benchmark] = {
    module.BENCHMARK.name: module.BENCHMARK
    for module in (playouts, positions, protocol, instructions, worst_case, scaling)
}


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description=(sys.modules[__package__].__doc__ or "").split("\n\n")[0],
    )
    commands = top.add_subparsers(dest="benchmark", required=True, metavar="NAME")
    for benchmark in BENCHMARKS.values():
        summary = benchmark.doc.split("\n\n")[0].replace("\n", " ")
        sub = commands.add_parser(
            benchmark.name,
            help=summary,
            description=benchmark.doc,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        add_common(sub, benchmark)
        benchmark.add_options(sub)
    return top


def add_common(parser: argparse.ArgumentParser, benchmark: Benchmark) -> None:
    defaults = benchmark.defaults
    engines = parser.add_argument_group("engines")
    engines.add_argument(
        "--source",
        default=str(THIS.relative_to(Path.cwd()) if THIS.is_relative_to(Path.cwd()) else THIS),
        metavar="REF",
        help="the engine measured: a checkout's src/ or a git ref (default: this src/)",
    )
    engines.add_argument(
        "--against",
        metavar="REF",
        help="the engine compared with, measured in the same run: a checkout's src/ or a git "
        "ref (checked out in a temporary git worktree)",
    )
    what = parser.add_argument_group("what is measured")
    what.add_argument(
        "--variant",
        action="append",
        help=f"a variant (repeat for more; default: {', '.join(defaults.variants)})",
    )
    what.add_argument(
        "--players",
        type=int,
        action="append",
        help=f"a player count (repeat; default: {', '.join(map(str, defaults.players))})",
    )
    if defaults.plays_games:
        what.add_argument(
            "--games",
            type=int,
            help=f"games per table and round ({defaults.budget.games}; quick "
            f"{defaults.quick.games})",
        )
    what.add_argument(
        "--rounds",
        type=int,
        help=f"rounds, the engines alternating; medians quoted ({defaults.budget.rounds}; "
        f"quick {defaults.quick.rounds})",
    )
    what.add_argument("--seed", type=int, default=1, help="seed of the games and choices (1)")
    what.add_argument("--quick", action="store_true", help="a smoke run: the smallest budget")
    collector = parser.add_argument_group("garbage collector (in the children only)")
    collector.add_argument(
        "--gc-freeze", action="store_true", help="gc.freeze() after the engine is imported"
    )
    collector.add_argument("--gc-threshold", type=int, help="the first generation's threshold")
    report = parser.add_argument_group("report")
    report.add_argument("--json", type=Path, metavar="OUT", help="also write the report here")


def settings(options: argparse.Namespace, sources: dict[str, Source]) -> Settings:
    benchmark = BENCHMARKS[options.benchmark]
    defaults = benchmark.defaults
    budget = defaults.quick if options.quick else defaults.budget
    games = getattr(options, "games", None)
    return Settings(
        tables=tables(options.variant or defaults.variants, options.players or defaults.players),
        games=budget.games if games is None else games,
        rounds=options.rounds or budget.rounds,
        seed=options.seed,
        quick=options.quick,
        collector=Collector(options.gc_freeze, options.gc_threshold),
        sources=sources,
        options=options,
    )


def main(argv: Sequence[str] | None = None) -> int:
    arguments = parser()
    options = arguments.parse_args(argv)
    with ExitStack() as stack:
        try:
            sources = {"this": resolve(options.source, stack)}
            if options.against is not None:
                sources = {"against": resolve(options.against, stack), **sources}
        except UsageError as error:
            arguments.error(str(error))
        report = BENCHMARKS[options.benchmark].run(settings(options, sources))
    show(report)
    if options.json is not None:
        report.write_json(options.json)
    return 0


def show(report: Report) -> None:
    """The report as a table: medians, the speed-up when two engines ran, the rest; wide
    when it goes to a file, so that no column is cut."""
    roles = [role for role in ROLES if role in report.engines]
    extras = list(dict.fromkeys(heading for row in report.rows for heading in row.extra))
    caption = ", ".join(f"{role}: {report.engines[role]}" for role in roles)
    if len(roles) > 1:
        caption += "; speed-up > 1: this is faster"
    table = Table(title=report.title, caption=caption)
    table.add_column(report.label, justify="left")
    for role in roles:
        unit = report.metric.unit
        table.add_column(unit if len(roles) == 1 else f"{role} {unit}", justify="right")
    if len(roles) > 1:
        table.add_column("speed-up", justify="right")
    for heading in extras:
        table.add_column(heading, justify="right")
    for row in report.rows:
        cells = [row.label, *(number(row.median(role)) for role in roles)]
        if len(roles) > 1:
            ratio = report.speed_up(row)
            cells.append("-" if ratio is None else f"{ratio:.2f}")
        cells += [row.extra.get(heading, "") for heading in extras]
        table.add_row(*cells)
    Console(width=None if sys.stdout.isatty() else 160).print(table)


def number(value: float | None) -> str:
    """A median as the table shows it: whole above 100, else three significant digits."""
    if value is None:
        return "-"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}"
