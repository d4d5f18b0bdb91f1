"""``dogrules tournament``: a round-robin of bots over many seeds, every bot in every seat,
on the machinery of ``dogrules simulate``, ending in a league table."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from dogrules.app.cli_files import fail, held_folder, rules_option, short
from dogrules.app.commands.options import max_actions_option, out_option, variant_argument
from dogrules.app.commands.simulate import play_all, run_options, table_of
from dogrules.app.simulation.league import Entrant, league, seatings
from dogrules.app.simulation.playout import GameResult
from dogrules.app.simulation.report import csv_text
from dogrules.formats.files import write_tree
from dogrules.model.errors import DogRulesError


def entrants_of(options: tuple[str, ...]) -> list[Entrant]:
    """The ``--bot NAME=SPEC`` options (or a bare SPEC, named after itself); exits 2 on a
    malformed one, a repeated name, or fewer than two bots."""
    entrants: list[Entrant] = []
    for option in options:
        name, equals, spec = option.partition("=")
        if not equals:
            name, spec = option, option
        name, spec = name.strip(), spec.strip()
        if not name or not spec:
            fail(f"--bot {option!r}: expected NAME=SPEC, e.g. clever=mypkg.bots:Clever")
        if any(e.name == name for e in entrants):
            fail(f"--bot {option!r}: the name {name!r} is taken twice")
        entrants.append(Entrant(name, spec))
    if len(entrants) < 2:
        fail("a tournament needs at least two bots: --bot NAME=SPEC --bot NAME=SPEC")
    return entrants


@click.command()
@variant_argument()
@click.option(
    "--bot",
    "bot_options",
    multiple=True,
    metavar="NAME=SPEC",
    help="An entrant: a name and a bot (random, greedy, a plug-in or module:Class).",
)
@click.option("--players", "-p", default=4, show_default=True, help="2, 3 or 4 seats.")
@click.option("--teams", is_flag=True, help="DOG Kids: the 4-player team variant.")
@run_options
@out_option("Keep the games (one file per seating, resumable) and league.json/.csv here.")
@max_actions_option("A game still going after this many actions is stopped (nobody wins it).")
@rules_option("A house-rules file (TOML, [rulings] table): every game by its readings.")
def tournament(
    variant_name: str,
    bot_options: tuple[str, ...],
    players: int,
    teams: bool,
    games: int,
    seed: int,
    workers: int | None,
    ray_address: str | None,
    quiet: bool,
    out: Path | None,
    max_actions: int,
    rules_path: Path | None,
) -> None:
    """Play a round-robin of bots: GAMES seeds under each seating that moves every bot one
    seat on, so every bot plays every seat on the same deals. Prints the league table: win
    rate per seat taken, with its 95% Wilson interval."""
    entrants = entrants_of(bot_options)
    seeds = range(seed, seed + games)
    with held_folder(out):
        played: list[tuple[tuple[Entrant, ...], list[GameResult]]] = []
        all_seatings = seatings(entrants, players)
        for number, seating in enumerate(all_seatings, start=1):
            specs = [e.spec for e in seating]
            table = table_of(variant_name, players, teams, specs, max_actions, rules_path)
            output = None if out is None else out / f"seating-{number}.jsonl"
            label = f"seating {number}/{len(all_seatings)}"
            played.append(
                (seating, play_all(table, seeds, workers, ray_address, output, quiet, label))
            )
        standings = league(entrants, played)
        click.echo(
            f"{variant_name}, {players} players: {games} seeds x {len(all_seatings)} seatings"
        )
        click.echo(f"{'#':>3}  {'bot':20} {'seats':>7} {'wins':>7} {'rate':>7}  95% interval")
        for rank, standing in enumerate(standings, start=1):
            rate = standing.rate
            low, high = rate.interval
            click.echo(
                f"{rank:>3}  {standing.entrant.name[:20]:20} {rate.games:>7} {rate.wins:>7} "
                f"{rate.rate:>7.1%}  [{low:.1%}, {high:.1%}]"
            )
        if out is not None:
            rows = [standing.to_json() for standing in standings]
            table_files = {
                "league.json": json.dumps(rows, indent=2) + "\n",
                "league.csv": csv_text(rows),
            }
            try:
                write_tree(out, table_files)
            except (OSError, DogRulesError) as exc:
                fail(f"{out}: {short(exc)}")
    sys.exit(0)
