"""``dogrules clauses``: the clause register with the code and tests that cite each clause."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from dogrules.app.cli_files import fail, short, variant_named
from dogrules.testing.trace import matrix, problems
from dogrules.variants import VARIANTS


@click.command()
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
    variant_named(variant_name)
    tests = test_dir if test_dir.is_dir() else None
    try:
        rows = matrix(variant_name, tests)
        found = problems([variant_name], tests)
    except (SyntaxError, UnicodeDecodeError) as exc:
        fail(f"{getattr(exc, 'filename', None) or test_dir}: cannot scan the tests: {short(exc)}")
    except OSError as exc:
        fail(f"{exc.filename or test_dir}: cannot read: {exc.strerror or exc}")
    for row in rows:
        for line in row.lines(tests_scanned=tests is not None):
            click.echo(line)
    if found:
        click.echo(f"\n{len(found)} traceability problem(s):")
        for problem in found:
            click.echo(f"  - {problem}")
    if check and found:
        sys.exit(1)
