"""The ``dogrules`` command."""

from __future__ import annotations

import sys
from pathlib import Path

import click

import dogrules
from dogrules.bots import BOTS, make_bot
from dogrules.narrate import play_game
from dogrules.trace import matrix, problems
from dogrules.variants import VARIANTS


@click.group()
@click.version_option(dogrules.__version__)
def main() -> None:
    """dogrules: the reference rules engine for Schmidt's DOG family."""


def _variant(name: str) -> dogrules.Variant:
    try:
        return dogrules.variant(name)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="VARIANT") from None


@main.command()
@click.argument("variant_name", metavar="VARIANT", type=click.Choice(VARIANTS))
@click.option("--players", "-p", default=4, show_default=True, help="2, 3 or 4 seats.")
@click.option("--seed", "-s", default=1, show_default=True, help="Seed of shuffles and bots.")
@click.option(
    "--bots",
    default="greedy,random",
    show_default=True,
    help="Bot per seat, cycled: comma-separated names from: " + ", ".join(BOTS),
)
@click.option("--teams", is_flag=True, help="DOG Kids: the 4-player team variant.")
def play(variant_name: str, players: int, seed: int, bots: str, teams: bool) -> None:
    """Play a whole game between built-in bots, narrated with clause ids."""
    variant = _variant(variant_name)
    try:
        state = variant.new_game(players=players, seed=seed, teams=teams or None)
        names = [n.strip() for n in bots.split(",") if n.strip()] or ["random"]
        seats = [make_bot(names[i % len(names)], seed * 100 + i) for i in range(players)]
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    final, _count = play_game(variant, state, seats, click.echo)
    sys.exit(0 if final.winner else 1)


@main.command()
@click.argument("variant_name", metavar="VARIANT", type=click.Choice(VARIANTS))
@click.option(
    "--tests",
    "test_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("tests"),
    show_default=True,
    help="Test folder to scan for clause markers (skipped if absent).",
)
@click.option("--check", is_flag=True, help="Exit 1 if any clause lacks code or a test.")
def clauses(variant_name: str, test_dir: Path, check: bool) -> None:
    """Print the clause register with the functions and tests citing each clause."""
    _variant(variant_name)
    tests = test_dir if test_dir.is_dir() else None
    for row in matrix(variant_name, tests):
        clause = row.clause
        click.echo(f"{clause.id}  [{clause.kind}]  {clause.source}")
        click.echo(f"    {clause.text}")
        for function in row.functions:
            click.echo(f"    implemented by {function}")
        for test in row.tests:
            click.echo(f"    tested by {test}")
        if row.needs_function and not row.functions:
            click.echo("    !! no rule function")
        if tests is not None and not row.tests:
            click.echo("    !! no test")
    found = problems([variant_name], tests)
    if found:
        click.echo(f"\n{len(found)} traceability problem(s):")
        for problem in found:
            click.echo(f"  - {problem}")
    if check and found:
        sys.exit(1)


if __name__ == "__main__":
    main()
