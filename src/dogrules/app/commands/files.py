"""Commands on a position or record file: ``validate``, ``explain``, ``moves``, ``render``."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import click

from dogrules.app.cli_files import (
    BAD_INPUT,
    check_output,
    clause_lines,
    fail,
    load_position,
    read_json,
    rules_option,
    short,
    variant_ruled,
    write_output,
)
from dogrules.formats.validation import notes
from dogrules.formats.validation import validate as validate_data
from dogrules.model.results import ReadingVerdict
from dogrules.protocol.shapes import reading_verdict_json
from dogrules.render import svg, text_board
from dogrules.variants import variant as get_variant


@click.command()
@click.argument("path", type=click.Path(path_type=Path))
def validate(path: Path) -> None:
    """Check a record or position JSON file against its schema (messages name the field);
    a record is also replayed, checking its digests. Exit 1 if invalid, 2 if not JSON."""
    data = read_json(path)
    try:
        messages = validate_data(data)
    except BAD_INPUT as exc:
        messages = [short(exc)]
    if not messages:
        click.echo(f"{path}: valid")
        for note in notes(data):
            click.echo(f"{path}: note: {note}")
        return
    for message in messages:
        click.echo(f"{path}: {message}", err=True)
    sys.exit(1)


@click.command()
@click.argument("position", type=click.Path(path_type=Path))
@click.argument("action_text", metavar="ACTION")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@rules_option("A house-rules file (TOML, [rulings] table): judge by its readings.")
@click.option(
    "--compare",
    is_flag=True,
    help="Also the verdict under each reading of every ruling that decides it.",
)
def explain(
    position: Path, action_text: str, as_json: bool, rules_path: Path | None, compare: bool
) -> None:
    """Is ACTION legal in the POSITION (a JSON file in dump shape)? Exit 0 legal, 1 illegal,
    2 bad input. With --compare, a rule lawyer's comparison: the verdict under each reading
    of the rulings that decide it (the exit code stays that of the readings played)."""
    state = load_position(position)
    variant = variant_ruled(state.variant, rules_path)
    try:
        action = variant.parse_action(state, action_text)
    except ValueError as exc:
        fail(str(exc))
    ruling = variant.explain(state, action)
    clauses = clause_lines(variant, ruling.clauses)
    compared = variant.compare(state, action) if compare else None
    if as_json:
        answer: dict[str, object] = {
            "action": action_text,
            "legal": ruling.legal,
            "clauses": clauses,
            "events": [
                {"kind": e.kind, "clauses": list(e.clauses), "text": e.describe()}
                for e in ruling.events
            ],
            "text": ruling.text,
        }
        if ruling.readings:
            answer["readings"] = dict(ruling.readings)
        if compared is not None:
            answer["compare"] = [reading_verdict_json(found) for found in compared]
        click.echo(json.dumps(answer, indent=2))
    else:
        click.echo(ruling.text)
        if clauses:
            click.echo("\nclauses involved:")
        for clause in clauses:
            click.echo(f"  {clause['id']} [{clause['kind']}] {clause['source']}")
            click.echo(f"      {clause['text']}")
        if compared is not None:
            click.echo("")
            for line in comparison_lines(compared):
                click.echo(line)
    sys.exit(0 if ruling.legal else 1)


def comparison_lines(compared: Sequence[ReadingVerdict]) -> list[str]:
    """``explain --compare`` in words: the verdict under each reading, a line each."""
    if not compared:
        return ["no ruling with another reading decides it"]
    lines = ["under each reading of the rulings that decide it:"]
    for found in compared:
        marks = [m for m, on in (("reference", found.default), ("played", found.chosen)) if on]
        label = f"{found.ruling} {found.reading}{' (' + ', '.join(marks) + ')' if marks else ''}"
        verdict = found.verdict
        reason = next((line[2:] for line in verdict.text.splitlines() if line[:2] == "- "), "")
        why = f": {reason}" if reason and not verdict.legal else ""
        lines.append(f"  {label}: {'legal' if verdict.legal else 'not legal'}{why}")
    return lines


@click.command()
@click.argument("position", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@rules_option("A house-rules file (TOML, [rulings] table): list by its readings.")
def moves(position: Path, as_json: bool, rules_path: Path | None) -> None:
    """List the legal actions of the POSITION, grouped by card."""
    state = load_position(position)
    variant = variant_ruled(state.variant, rules_path)
    groups: dict[str, list[str]] = {}
    for action in variant.legal_actions(state):
        key = action.card or action.kind
        groups.setdefault(key, []).append(str(action))
    if as_json:
        click.echo(json.dumps(groups, indent=2))
        return
    if variant.house_rules:
        click.echo(f"house rules: {variant.house_rules}")
    click.echo(f"seat {state.to_act} to act, phase {state.phase.value}:")
    for key, texts in groups.items():
        click.echo(f"  {key} ({len(texts)}):")
        for text in texts:
            click.echo(f"    {text}")


@click.command()
@click.argument("position", type=click.Path(path_type=Path))
@click.option("-o", "--output", help="SVG file to write ('-': standard output).")
@click.option("--text", is_flag=True, help="Print the plain-text board instead.")
def render(position: Path, output: str | None, text: bool) -> None:
    """Draw the POSITION (a JSON file in dump shape) as an SVG picture or as text."""
    check_output(output)
    state = load_position(position)
    board = get_variant(state.variant).board(state.players)
    if (text and output != "-") or output is None:
        click.echo(text_board(board, state))
        if output is None:
            return
    write_output(output, svg(board, state))
    if output != "-":
        click.echo(f"wrote {output}")
