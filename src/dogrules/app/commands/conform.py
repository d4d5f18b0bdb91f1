"""``dogrules conform``: check another engine that speaks the stdio protocol against the
reference (docs/conformance.md)."""

from __future__ import annotations

import shlex
import sys
import tempfile
from collections import Counter
from pathlib import Path

import click

from dogrules.app.cli_files import fail
from dogrules.conformance.client import EngineProcess
from dogrules.conformance.engines import ProtocolEngine
from dogrules.conformance.run import Report, Settings
from dogrules.conformance.run import conform as run_conform
from dogrules.variants import VARIANTS


@click.command()
@click.option("--engine", "command", required=True, help="The command that starts the engine.")
@click.option(
    "--variant",
    "variants",
    multiple=True,
    type=click.Choice(VARIANTS),
    help="Only these variants (repeatable; default: every one the engine names).",
)
@click.option(
    "--vectors",
    "folder",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    help="Vectors to use (default: the shipped ones).",
)
@click.option("--limit", type=click.IntRange(0), help="Vectors per form at most (default: all).")
@click.option(
    "--games",
    default=2,
    show_default=True,
    type=click.IntRange(0, 1000),
    help="Random games per form.",
)
@click.option(
    "--plies",
    default=30,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="Positions per random game at most.",
)
@click.option(
    "--perft-depth",
    default=2,
    show_default=True,
    type=click.IntRange(0, 6),
    help="Perft depth checked (each count with its divide).",
)
@click.option(
    "--timeout",
    default=10.0,
    show_default=True,
    type=click.FloatRange(0.01, 3600),
    help="Seconds to wait for each answer.",
)
@click.option(
    "--clauses/--no-clauses",
    default=True,
    show_default=True,
    help="Whether a refusal must cite the reference's clauses.",
)
@click.option(
    "--shrink/--no-shrink",
    default=True,
    show_default=True,
    help="Look for a smaller position showing each disagreement.",
)
@click.option(
    "--max-failures",
    default=3,
    show_default=True,
    type=click.IntRange(1, 1000),
    help="Engine failures (crash, hang, garbage) before giving up.",
)
@click.option(
    "--max-disagreements",
    type=click.IntRange(1),
    help="Stop after this many disagreements (default: go through every check).",
)
@click.option(
    "--shown",
    default=3,
    show_default=True,
    type=click.IntRange(1, 1000),
    help="Disagreements shown in full; the rest are counted, all are in the details file.",
)
@click.option(
    "--details",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write every disagreement in full here (default: a new file in the temp folder).",
)
def conform(
    command: str,
    variants: tuple[str, ...],
    folder: Path | None,
    limit: int | None,
    games: int,
    plies: int,
    perft_depth: int,
    timeout: float,
    clauses: bool,
    shrink: bool,
    max_failures: int,
    max_disagreements: int | None,
    shown: int,
    details: Path | None,
) -> None:
    """Start the engine with COMMAND (split as a shell would, never run by one), feed it the
    vectors, random games and perft positions over the stdio protocol, and report every
    disagreement with the reference: exit 0 when it agrees everywhere, 1 otherwise."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        fail(f"--engine: {exc}")
    if not argv:
        fail("--engine: an empty command")
    settings = Settings(
        variants=variants or None,
        limit=limit,
        games=games,
        plies=plies,
        perft_depth=perft_depth,
        check_clauses=clauses,
        shrink=shrink,
        folder=folder,
        max_failures=max_failures,
        max_disagreements=max_disagreements,
    )
    engine = EngineProcess(argv, timeout)
    try:
        engine.start()
    except OSError as exc:
        fail(f"--engine: cannot start {argv[0]!r}: {exc.strerror or exc}")
    try:
        report = run_conform(
            ProtocolEngine(engine), settings, lambda text: click.echo(text, err=True)
        )
    finally:
        engine.stop()
    print_report(report, shown, details)
    sys.exit(0 if report.agreed else 1)


def print_report(report: Report, shown: int, details: Path | None) -> None:
    """The first ``shown`` disagreements in full, a count of the others by kind and
    deciding clauses, and the whole of them written to ``details``."""
    for found in report.disagreements[:shown]:
        click.echo(found.describe())
    rest = Counter(
        f"{found.kind} ({', '.join(found.clauses) or 'no clause'})"
        for found in report.disagreements[shown:]
    )
    for what, count in rest.most_common(5):
        click.echo(f"... and {count} more: {what}")
    if len(rest) > 5:
        click.echo(f"... and {sum(rest.values()) - sum(c for _, c in rest.most_common(5))} more")
    if report.disagreements:
        click.echo(f"every disagreement in full: {_write_details(report, details)}")
    if report.skipped:
        click.echo(f"not checked (the engine does not name them): {', '.join(report.skipped)}")
    if report.gave_up is not None:
        click.echo(f"gave up: {report.gave_up}")
    forms = ", ".join(report.forms) or "none"
    if report.agreed:
        click.echo(f"agree: {report.positions} positions compared ({forms}), no disagreement")
    elif report.positions == 0 and not report.disagreements:
        click.echo("nothing compared: the engine names none of the variants asked for")
    else:
        click.echo(
            f"disagree: {len(report.disagreements)} disagreement(s) in {report.positions} "
            f"positions compared ({forms})"
        )


def _write_details(report: Report, details: Path | None) -> str:
    """Write every disagreement (in full, with the whole positions) and say where."""
    text = "\n\n".join(found.describe(full=True) for found in report.disagreements) + "\n"
    try:
        if details is None:
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", prefix="dogrules-conform-", suffix=".txt", delete=False
            ) as handle:
                handle.write(text)
                return handle.name
        details.write_text(text, encoding="utf-8")
    except OSError as exc:
        return f"(not written: {exc.strerror or exc})"
    return str(details)
