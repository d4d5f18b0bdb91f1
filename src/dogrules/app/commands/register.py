"""``dogrules clauses``: the clause register with the code and tests that cite each clause;
``dogrules rulings``: each ruling with the readings a table may play it by."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import click

from dogrules.app.cli_files import fail, rules_option, short, variant_named, variant_ruled
from dogrules.app.commands.options import variant_argument
from dogrules.data.manuals import ManualMismatch, passage_text
from dogrules.data.register import Clause, ClauseKind, Passage
from dogrules.model.jsonvalue import JSONValue
from dogrules.testing.trace import matrix, problems


@click.command()
@variant_argument()
@click.option(
    "--tests",
    "test_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("tests"),
    show_default=True,
    help="Test folder to scan for clause markers (skipped if absent).",
)
@click.option("--check", is_flag=True, help="Exit 1 if any clause lacks code or a test.")
@click.option(
    "--manuals",
    "manuals",
    type=click.Path(path_type=Path),
    help="Folder with your copy of the manuals (NNN_*.txt): print each passage beside our text.",
)
def clauses(variant_name: str, test_dir: Path, check: bool, manuals: Path | None) -> None:
    """Print the clause register with the functions and tests citing each clause, and the
    locator of the manual passage each rule restates."""
    variant = variant_named(variant_name)
    # The user's manuals are checked first: a bad folder is reported before the slow scan.
    words = None if manuals is None else read_passages(variant.clauses, manuals)
    tests = test_dir if test_dir.is_dir() else None
    try:
        rows = matrix(variant_name, tests)
        found = problems([variant_name], tests)
    except (SyntaxError, UnicodeDecodeError) as exc:
        fail(f"{getattr(exc, 'filename', None) or test_dir}: cannot scan the tests: {short(exc)}")
    except OSError as exc:
        fail(f"{exc.filename or test_dir}: cannot read: {exc.strerror or exc}")
    for row in rows:
        for line in row.lines(tests_scanned=tests is not None, passages=words):
            click.echo(line)
    if found:
        click.echo(f"\n{len(found)} traceability problem(s):")
        for problem in found:
            click.echo(f"  - {problem}")
    if check and found:
        sys.exit(1)


def read_passages(clauses: Sequence[Clause], folder: Path) -> dict[Passage, str]:
    """The words of every passage the clauses cite, from the user's copy of the manuals in
    ``folder``; exit 2 with one line when the folder is missing or a copy does not match."""
    if not folder.exists():
        fail(f"{folder}: no such folder (expected the manuals as NNN_*.txt files)")
    if not folder.is_dir():
        fail(f"{folder}: not a folder (expected a folder of the manuals as NNN_*.txt files)")
    words: dict[Passage, str] = {}
    for clause in clauses:
        for passage in clause.passages:
            try:
                words[passage] = passage_text(passage, folder)
            except ManualMismatch as exc:
                fail(f"{clause.id}: {short(exc)}")
            except (OSError, UnicodeDecodeError) as exc:
                fail(f"{folder}: cannot read the manual of seed {passage.document}: {short(exc)}")
    return words


@click.command()
@variant_argument()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@rules_option("A house-rules file (TOML, [rulings] table): mark the readings it chooses.")
def rulings(variant_name: str, as_json: bool, rules_path: Path | None) -> None:
    """List every ruling of VARIANT with the readings a house-rules file may choose (the
    reference reading first), or why it has none."""
    variant = variant_ruled(variant_name, rules_path)
    found = [clause for clause in variant.clauses if clause.kind == ClauseKind.RULING]
    rows = [ruling_json(clause, variant.house_rules.reading(clause.id)) for clause in found]
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    for row, clause in zip(rows, found, strict=True):
        click.echo(f"{clause.id}  [{clause.source}]")
        if not clause.readings:
            click.echo(f"    no alternative: {clause.no_alternative or 'not stated'}")
            continue
        for reading in clause.readings:
            mark = "*" if reading.name == row["chosen"] else " "
            default = " (reference)" if reading.default else ""
            click.echo(f"  {mark} {reading.name}{default}: {reading.text}")
            click.echo(f"      why: {reading.rationale}")
    click.echo("\n* the reading played; a house-rules file chooses another with [rulings]")


def ruling_json(clause: Clause, chosen: str | None) -> dict[str, JSONValue]:
    """One ruling as ``dogrules rulings --json`` prints it: its readings (the reference one
    first), the one played (``chosen``: the house rules' or the reference), or why it has no
    alternative."""
    readings: list[JSONValue] = [
        {"name": r.name, "text": r.text, "rationale": r.rationale, "default": r.default}
        for r in clause.readings
    ]
    return {
        "id": clause.id,
        "source": clause.source,
        "readings": readings,
        "chosen": chosen or clause.reading or None,
        "no_alternative": clause.no_alternative or None,
    }
