"""``dogrules check``: the invariant checks against the installed engine."""

from __future__ import annotations

import importlib
import json
import sys
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import click

from dogrules.app.cli_files import (
    MAX_EXAMPLES,
    MAX_SEED,
    MAX_STEPS,
    check_players,
    fail,
    rules_option,
    short,
    variant_ruled,
    with_data,
)
from dogrules.app.commands.options import ray_option, variant_argument
from dogrules.app.simulation import setup
from dogrules.app.simulation.backends import local_workers
from dogrules.app.simulation.runner import tasks
from dogrules.formats.files import FileProblem, write_text_atomically
from dogrules.model.errors import DogRulesError

if TYPE_CHECKING:
    from dogrules.testing.checking import Outcome
    from dogrules.testing.sweep import Counterexample, Sweep

# dogrules.testing.checking needs Hypothesis, which only the extra "check" installs.
CHECKING = "dogrules.testing.checking"
SWEEP = "dogrules.testing.sweep"
COUNTEREXAMPLE = "check-counterexample.json"
NEEDS_CHECK_EXTRA = "dogrules check needs the optional extra: pip install 'dogrules[check]'"


@click.command()
@variant_argument()
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
@click.option(
    "--workers",
    "-j",
    type=click.IntRange(1, 1024),
    help="Sweep instead: EXAMPLES random games (one per seed), every invariant at every "
    "step, shared among this many processes; stop at the first counterexample.",
)
@ray_option("Sweep on Ray (the cluster at ADDRESS, or a private local one). Needs dogrules[ray].")
@click.option(
    "--seed",
    "-s",
    default=0,
    show_default=True,
    type=click.IntRange(0, MAX_SEED),
    help="Sweep: the first seed.",
)
@click.option(
    "--record",
    "record_path",
    default=COUNTEREXAMPLE,
    show_default=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="Sweep: where the game record of a counterexample is written.",
)
@click.option("--quiet", "-q", is_flag=True, help="Sweep: no progress bar.")
@rules_option("A house-rules file (TOML, [rulings] table): check the engine by its readings.")
def check(
    variant_name: str,
    layout: Path | None,
    deck: Path | None,
    examples: int,
    steps: int,
    players: tuple[int, ...],
    workers: int | None,
    ray_address: str | None,
    seed: int,
    record_path: Path,
    quiet: bool,
    rules_path: Path | None,
) -> None:
    """Run the invariant checks against the installed engine, each on its own, reporting
    pass/fail and a shrunk counterexample; optionally on corrected board or deck data. Each
    game is played by a random combination of readings of the open rulings (see ``dogrules
    rulings``), or by those of --rules.

    With --workers or --ray: a sweep of EXAMPLES random games instead, every invariant
    checked at every step, on many processes or a Ray cluster; the first counterexample is
    written as a game record that ``dogrules replay`` plays back."""
    checking = _checking()
    variant = variant_ruled(variant_name, rules_path)
    check_players(variant_name, players)
    if workers is not None or ray_address is not None:
        if layout is not None or deck is not None:
            fail("--layout and --deck cannot be swept on workers: leave out --workers/--ray")
        counts = players or tuple(checking.playable_counts(variant))
        sweep = importlib.import_module(SWEEP).Sweep(
            variant_name, counts, steps, variant.house_rules.choices
        )
        _sweep(sweep, examples, seed, workers, ray_address, record_path, quiet)
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


def _sweep(
    sweep: Sweep,
    examples: int,
    seed: int,
    workers: int | None,
    ray_address: str | None,
    record_path: Path,
    quiet: bool,
) -> None:
    """The sweep of ``check --workers``: exit 0 if every invariant held in every game, 1
    with the record of the first counterexample found."""
    sweeping = importlib.import_module(SWEEP)
    variant_name, steps = sweep.variant, sweep.steps
    width = workers or local_workers()
    played = 0
    found: Counterexample | None = None
    try:
        backend = setup.backend(width, ray_address)
        work = tasks(range(seed, seed + examples), width)
        with setup.progress(examples, "games", not quiet) as advance:
            for count, counterexample in backend(partial(sweeping.sweep_seeds, sweep), work):
                played += count
                if advance is not None:
                    advance(played)
                if counterexample is not None:
                    found = counterexample
                    break
    except DogRulesError as exc:
        fail(short(exc))
    players_text = "/".join(map(str, sweep.players))
    if found is None:
        click.echo(
            f"{variant_name} ({players_text} players): every invariant held in {played} "
            f"games (seeds {seed}..{seed + examples - 1}, at most {steps} actions each)"
        )
        sys.exit(0)
    click.echo(f"FAIL  {found.invariant}: {found.detail}")
    click.echo(
        f"      game: {variant_name}, {found.players} players, seed {found.seed}, "
        f"after {len(found.actions)} actions ({played} games swept)"
    )
    try:
        write_text_atomically(record_path, json.dumps(found.record(), indent=2) + "\n")
    except FileProblem as exc:
        fail(str(exc))
    click.echo(f"      record written to {record_path}: dogrules replay {record_path}")
    sys.exit(1)


def _checking() -> ModuleType:
    """The module of ``dogrules check``, loaded only when the command runs: it needs
    Hypothesis (the optional extra ``check``); without it, exit 2 with one line saying so."""
    try:
        return importlib.import_module(CHECKING)
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] != "hypothesis":
            raise
        fail(NEEDS_CHECK_EXTRA)
