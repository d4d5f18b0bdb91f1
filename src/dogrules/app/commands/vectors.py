"""``dogrules vectors``: write the conformance test vectors, or check the installed engine
against the shipped ones (docs/conformance.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from dogrules.app.cli_files import fail, house_rules_of, rules_files_option
from dogrules.conformance.store import REGENERATE, Built, build, check_vectors, shipped_dir, write
from dogrules.conformance.vectors import VECTORS_VERSION, Form, covered, house_forms
from dogrules.formats.files import FileProblem
from dogrules.variants import variant as get_variant


@click.group()
def vectors() -> None:
    """Conformance test vectors: positions with their legal actions, the states they lead
    to, near misses with their deciding clauses, and perft counts."""


def ruled_forms(paths: tuple[Path, ...]) -> tuple[Form, ...] | None:
    """The forms of the variants the house-rules files ``paths`` name, played by them
    (None without files: every form by the reference readings)."""
    if not paths:
        return None
    chosen = house_rules_of(paths)
    return tuple(
        form for name, rules in chosen.items() for form in house_forms(get_variant(name, rules))
    )


@vectors.command()
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path))
@click.option("--update", is_flag=True, help="Rewrite the shipped vectors (specs/vectors).")
@rules_files_option(
    "A house-rules file naming its variant: that variant's vectors by its readings."
)
def export(folder: Path | None, update: bool, rules_paths: tuple[Path, ...]) -> None:
    """Write the vectors the installed engine works out into FOLDER (the same engine writes
    the same bytes), with a summary of what they cover; with --rules, the vectors of a
    house-rules file's variant by its readings (never the shipped ones)."""
    if (folder is None) == (not update):
        fail("give a FOLDER to write into, or --update to rewrite the shipped vectors")
    if update and rules_paths:
        fail("the shipped vectors follow the reference readings: write --rules vectors to a FOLDER")
    target = shipped_dir() if folder is None else folder
    chosen = ruled_forms(rules_paths)
    built = build() if chosen is None else build(chosen)
    try:
        written = write(built, target)
    except FileProblem as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot write the vectors into {target}: {exc.strerror or exc}")
    size = sum(path.stat().st_size for path in written)
    click.echo(f"vectors version {VECTORS_VERSION}: {len(written)} files, {size} bytes in {target}")
    for line in coverage_lines(built):
        click.echo(line)


def coverage_lines(built: Built) -> list[str]:
    """A line per variant: how many vectors, and the cards, phases and deciding clauses
    they cover (clauses out of the register's), then the rule clauses and rulings they show
    deciding and those they do not (docs/conformance.md)."""
    out = []
    for name in dict.fromkeys(form.variant for form in built.chosen):
        entries = [e for f in built.chosen if f.variant == name for e in built.forms[f.name]]
        v = get_variant(name)
        found = covered(entries, v.deck.notations)
        deck = sorted(v.deck.notations)
        missing = [card for card in deck if card not in found["cards"]]
        out.append(
            f"{name}: {len(entries)} vectors; cards {len(deck) - len(missing)}/{len(deck)}"
            f"{' (missing ' + ', '.join(missing) + ')' if missing else ''}; phases "
            f"{', '.join(sorted(found['phases']))}; {len(found['clauses'])} deciding clauses "
            f"(of {len(v.clauses)} in the register)"
        )
        rules = {c.id for c in v.clauses if str(c.kind) != "assumption"}
        unshown = sorted(rules - found["decided"])
        out.append(
            f"  {len(rules & found['decided'])} of {len(rules)} rule clauses and rulings shown "
            f"deciding{'; not: ' + ', '.join(unshown) if unshown else ''}"
        )
    return out


@vectors.command(name="check")
@click.option(
    "--dir",
    "folder",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    help="Vectors to check against (default: the shipped ones).",
)
@rules_files_option("A house-rules file naming its variant: check vectors written by its readings.")
def check_command(folder: Path | None, rules_paths: tuple[Path, ...]) -> None:
    """Check that the installed engine gives every answer the vectors record (exit 0), or
    list what differs (exit 1)."""
    chosen = ruled_forms(rules_paths)
    if chosen is not None and folder is None:
        fail("the shipped vectors follow the reference readings: give the --dir of --rules ones")
    differences = check_vectors(folder) if chosen is None else check_vectors(folder, build(chosen))
    if not differences:
        click.echo(f"vectors version {VECTORS_VERSION}: the engine gives every recorded answer")
        return
    for line in differences:
        click.echo(line)
    click.echo(
        f"{len(differences)} difference(s). If the rules changed on purpose, regenerate the "
        f"vectors with `{REGENERATE}` and raise VECTORS_VERSION (docs/conformance.md)."
    )
    sys.exit(1)
