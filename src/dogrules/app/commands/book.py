"""``dogrules book``: the illustrated rulebook, a static website."""

from __future__ import annotations

import time
from pathlib import Path

import click

from dogrules.app.book.build import write_book
from dogrules.app.cli_files import fail, house_rules_of, rules_files_option, short
from dogrules.data.manuals import ManualMismatch
from dogrules.formats.files import FileProblem


@click.command()
@click.argument("folder", metavar="OUTDIR", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--manuals",
    type=click.Path(path_type=Path),
    default=None,
    help="Folder of the manual texts (NNN_*.txt): show each clause's passage itself.",
)
@click.option(
    "--tests",
    "test_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("tests"),
    show_default=True,
    help="Test folder whose clause tests the book lists (skipped if absent).",
)
@rules_files_option(
    "A house-rules file naming its variant: mark the readings that table plays "
    "(repeatable, one file per variant)."
)
def book(folder: Path, manuals: Path | None, test_dir: Path, rules_paths: tuple[Path, ...]) -> None:
    """Write the illustrated rulebook into OUTDIR (open OUTDIR/index.html); each ruling
    lists the readings a house-rules file may choose."""
    if manuals is not None and not manuals.is_dir():
        fail(f"--manuals {manuals}: not a folder")
    if folder.exists() and not folder.is_dir():
        fail(f"{folder}: exists and is not a folder")
    tests = test_dir if test_dir.is_dir() else None
    house_rules = house_rules_of(rules_paths)
    started = time.perf_counter()
    try:
        written = write_book(folder, manuals, tests, house_rules=house_rules)
    except ManualMismatch as exc:
        fail(f"--manuals {manuals}: {short(exc)}")
    except FileProblem as exc:
        fail(str(exc))
    except (SyntaxError, UnicodeDecodeError) as exc:
        fail(f"{getattr(exc, 'filename', None) or test_dir}: cannot scan the tests: {short(exc)}")
    except OSError as exc:
        fail(f"{exc.filename or folder}: cannot write the book: {exc.strerror or exc}")
    seconds = time.perf_counter() - started
    clauses, pictures = sum(written.clauses.values()), sum(written.pictures.values())
    click.echo(
        f"wrote {folder / 'index.html'}: {len(written.clauses)} variants, {clauses} clauses, "
        f"{pictures} pictures, {len(written.files)} files in {seconds:.1f}s"
    )
