"""``dogrules simulate``: many games of one table of bots, on all local cores or a Ray
cluster, written as they finish (resumable) and summed up in a report (JSON, CSV, PNG)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import click

from dogrules.app.cli_files import (
    MAX_SEED,
    check_players,
    fail,
    held_folder,
    rules_option,
    short,
    variant_ruled,
)
from dogrules.app.commands.games import seat_assignments
from dogrules.app.commands.options import (
    max_actions_option,
    out_option,
    ray_option,
    variant_argument,
)
from dogrules.app.plugins import make_bot
from dogrules.app.simulation import setup
from dogrules.app.simulation.backends import local_workers
from dogrules.app.simulation.playout import GameResult, Table
from dogrules.app.simulation.report import summarize, write_report
from dogrules.app.simulation.runner import simulate as run_games
from dogrules.formats.states import JSONValue
from dogrules.model.errors import DogRulesError

Decorated = TypeVar("Decorated", bound=Callable[..., None])
MAX_GAMES = 100_000_000
MAX_WORKERS = 1024
GAMES_FILE = "games.jsonl"


def run_options(command: Decorated) -> Decorated:
    """The options every command that runs many games shares: seeds, workers, Ray, progress."""
    for option in reversed(
        (
            click.option(
                "--games",
                "-n",
                default=100,
                show_default=True,
                type=click.IntRange(1, MAX_GAMES),
                help="How many games (seeds SEED, SEED+1, ...).",
            ),
            click.option(
                "--seed",
                "-s",
                default=1,
                show_default=True,
                type=click.IntRange(0, MAX_SEED),
                help="The first seed.",
            ),
            click.option(
                "--workers",
                "-j",
                type=click.IntRange(1, MAX_WORKERS),
                help="Worker processes (default: every core this process may use).",
            ),
            ray_option(
                "Run on Ray: the cluster at ADDRESS ('auto': the one running here), or "
                "without ADDRESS a private local instance (then put --ray after VARIANT). "
                "Needs dogrules[ray]."
            ),
            click.option("--quiet", "-q", is_flag=True, help="No progress bar."),
        )
    ):
        command = option(command)
    return command


def table_of(
    variant_name: str,
    players: int,
    teams: bool,
    specs: list[str],
    max_actions: int,
    rules: Path | None = None,
) -> Table:
    """The table to simulate, by the house rules in the file ``rules`` (if any); exits 2
    naming a bad player count, bot or house-rules file."""
    variant = variant_ruled(variant_name, rules)
    check_players(variant_name, [players])
    try:
        team_play = variant.teams_for(players, teams or None)
        for spec in set(specs):
            make_bot(spec, 0)  # a bad spec is reported here, not in every worker
    except ValueError as exc:
        fail(short(exc))
    rulings = variant.house_rules.choices
    return Table(variant_name, players, team_play, tuple(specs), max_actions, rulings)


def warn(message: str) -> None:
    """Tell of something put right on the way (a damaged line dropped): one line on standard
    error, the run goes on."""
    click.echo(f"warning: {message}", err=True)


def play_all(
    table: Table,
    seeds: range,
    workers: int | None,
    ray_address: str | None,
    output: Path | None,
    quiet: bool,
    label: str,
) -> list[GameResult]:
    """The games of ``seeds`` (resumed from ``output``), with a progress bar unless quiet;
    one line and exit 2 for a missing extra, an output that cannot be resumed or a bot that
    breaks its contract."""
    width = workers or local_workers()
    try:
        runner = setup.backend(width, ray_address)
        with setup.progress(len(seeds), label, not quiet) as advance:
            return run_games(table, seeds, runner, width, output, advance, warn)
    except (DogRulesError, OSError) as exc:
        fail(short(exc))


@click.command()
@variant_argument()
@click.option("--players", "-p", default=4, show_default=True, help="2, 3 or 4 seats.")
@click.option("--teams", is_flag=True, help="DOG Kids: the 4-player team variant.")
@click.option(
    "--bots",
    default="greedy,random",
    show_default=True,
    help="Bot per seat, cycled: comma-separated names or module:Class.",
)
@click.option(
    "--bot",
    "seat_bots",
    multiple=True,
    metavar="SEAT=SPEC",
    help="The bot at one seat (repeatable; overrides --bots).",
)
@run_options
@out_option("Folder of the games and report (default: simulate-VARIANT-Np).")
@max_actions_option("A game still going after this many actions is stopped (counted unfinished).")
@click.option("--no-plots", is_flag=True, help="Skip the PNG plots.")
@rules_option("A house-rules file (TOML, [rulings] table): every game by its readings.")
def simulate(
    variant_name: str,
    players: int,
    teams: bool,
    bots: str,
    seat_bots: tuple[str, ...],
    games: int,
    seed: int,
    workers: int | None,
    ray_address: str | None,
    quiet: bool,
    out: Path | None,
    max_actions: int,
    no_plots: bool,
    rules_path: Path | None,
) -> None:
    """Play many games between bots and report win rates (with 95% intervals), game
    lengths, cards and captures. Games are written to OUT/games.jsonl as they finish; run
    again with the same OUT to resume."""
    names = [n.strip() for n in bots.split(",") if n.strip()] or ["random"]
    specs = [names[i % len(names)] for i in range(max(0, players))]
    try:
        for seat, spec in seat_assignments(seat_bots, players).items():
            specs[seat] = spec
    except ValueError as exc:
        fail(short(exc))
    table = table_of(variant_name, players, teams, specs, max_actions, rules_path)
    folder = out or Path(f"simulate-{variant_name}-{players}p")
    seeds = range(seed, seed + games)
    with held_folder(folder):
        results = play_all(table, seeds, workers, ray_address, folder / GAMES_FILE, quiet, "games")
        report = summarize(table, results)
        try:
            written = write_report(report, folder)
            plots = None if no_plots else setup.plots()
            if plots is not None:
                written += plots.draw_report(report, folder)
        except (OSError, DogRulesError) as exc:
            fail(f"{folder}: {short(exc)}")
    for line in report_lines(report):
        click.echo(line)
    if plots is None and not no_plots:
        click.echo("plots skipped: pip install 'dogrules[simulate]' for matplotlib")
    click.echo(f"written: {', '.join(str(path) for path in written)}")
    sys.exit(0)


def report_lines(report: dict[str, JSONValue]) -> list[str]:
    """The report in a few lines of text."""
    table = report["table"]
    lines = []
    if isinstance(table, dict):
        lines.append(
            f"{table['variant']}, {table['players']} players: {report['games']} games, "
            f"{report['finished']} finished"
        )
    for key, label in (("seats", "seat"), ("teams", "team")):
        rows = report[key]
        for row in rows if isinstance(rows, list) else []:
            if isinstance(row, dict):
                who = row.get("seat", row.get("seats"))
                bot = row.get("bot", row.get("bots"))
                lines.append(
                    f"  {label} {who} ({bot}): won {row['wins']} = {_percent(row['rate'])} "
                    f"[{_percent(row['low'])}, {_percent(row['high'])}]"
                )
    length = report["length"]
    actions = length.get("actions") if isinstance(length, dict) else None
    if isinstance(actions, dict) and actions.get("games"):
        lines.append(
            f"  length: median {actions['median']} actions (10%-90%: {actions['p10']}-"
            f"{actions['p90']}), range {actions['min']}-{actions['max']}"
        )
    captures = report["captures"]
    if isinstance(captures, dict):
        lines.append(
            f"  captures: {captures['total']}, by the Black Dog {captures['by_black_dog']}"
            f"; disc turns {_total(report['disc_turns'])}; folds {_total(report['folds'])}"
        )
    return lines


def _percent(value: JSONValue) -> str:
    return f"{float(value) * 100:.1f}%" if isinstance(value, int | float) else "?"


def _total(value: JSONValue) -> str:
    return str(value.get("total")) if isinstance(value, dict) else "?"
