"""``dogrules check``: the invariant checks against the installed engine."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import click

from dogrules.app.cli_files import (
    MAX_EXAMPLES,
    MAX_STEPS,
    check_players,
    fail,
    variant_named,
    with_data,
)
from dogrules.variants import VARIANTS

if TYPE_CHECKING:
    from dogrules.testing.checking import Outcome

# dogrules.testing.checking needs Hypothesis, which only the extra "check" installs.
CHECKING = "dogrules.testing.checking"
NEEDS_CHECK_EXTRA = "dogrules check needs the optional extra: pip install 'dogrules[check]'"


@click.command()
@click.argument("variant_name", metavar="VARIANT", type=click.Choice(VARIANTS))
@click.option(
    "--layout",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A corrected board file (same shape as specs/layouts/VARIANT.toml).",
)
@click.option(
    "--deck",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A corrected deck: a TOML file with a [deck] table (notation = count).",
)
@click.option(
    "--examples",
    default=20,
    show_default=True,
    type=click.IntRange(1, MAX_EXAMPLES),
    help="Random games per invariant.",
)
@click.option(
    "--steps",
    default=200,
    show_default=True,
    type=click.IntRange(1, MAX_STEPS),
    help="Actions per game at most.",
)
@click.option("--players", "-p", type=int, multiple=True, help="Player counts (default: all).")
def check(
    variant_name: str,
    layout: Path | None,
    deck: Path | None,
    examples: int,
    steps: int,
    players: tuple[int, ...],
) -> None:
    """Run the invariant checks against the installed engine, each on its own, reporting
    pass/fail and a shrunk counterexample; optionally on corrected board or deck data."""
    checking = _checking()
    variant = variant_named(variant_name)
    check_players(variant_name, players)
    if layout is not None or deck is not None:
        variant = with_data(variant, layout, deck)
    failed = 0
    outcomes: list[Outcome] = checking.check_all(variant, examples, steps, players or None)
    for outcome in outcomes:
        mark = "pass" if outcome.passed else "FAIL"
        click.echo(f"{mark}  {outcome.invariant:28} {outcome.description}")
        if not outcome.passed:
            failed += 1
            click.echo(f"      {outcome.counterexample}")
    click.echo(f"{failed} of {len(checking.INVARIANTS)} invariants failed ({examples} games each)")
    sys.exit(1 if failed else 0)


def _checking() -> ModuleType:
    """The module of ``dogrules check``, loaded only when the command runs: it needs
    Hypothesis (the optional extra ``check``); without it, exit 2 with one line saying so."""
    try:
        return importlib.import_module(CHECKING)
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] != "hypothesis":
            raise
        fail(NEEDS_CHECK_EXTRA)
