"""The ``dogrules`` command."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import click

from dogrules.app.bots import BOTS, Bot, make_bot
from dogrules.app.cli_files import (
    BAD_INPUT,
    MAX_EXAMPLES,
    MAX_SEED,
    MAX_STEPS,
    check_output,
    check_players,
    fail,
    load_position,
    read_json,
    short,
    with_data,
    write_output,
)
from dogrules.app.cli_guard import GuardedGroup
from dogrules.app.human import HumanQuit, HumanSeat, terminal_ask
from dogrules.app.narrate import describe_events, play_game, seat_name
from dogrules.data.version import __version__
from dogrules.formats.records import Record, RecordError, read_record, render_record, write_record
from dogrules.formats.replay import record_game, verify
from dogrules.formats.replay import replay as replay_record
from dogrules.formats.validation import validate as validate_data
from dogrules.model.actions import Action
from dogrules.model.results import Transition
from dogrules.model.state import Phase, State
from dogrules.render import svg, text_board
from dogrules.testing.trace import matrix, problems
from dogrules.variants import VARIANTS
from dogrules.variants import variant as get_variant
from dogrules.variants.facade import Variant

if TYPE_CHECKING:
    from dogrules.testing.checking import Outcome

# dogrules.testing.checking needs Hypothesis, which only the extra "check" installs.
CHECKING = "dogrules.testing.checking"
NEEDS_CHECK_EXTRA = "dogrules check needs the optional extra: pip install 'dogrules[check]'"


@click.group(cls=GuardedGroup)
@click.version_option(__version__)
def main() -> None:
    """dogrules: the reference rules engine for Schmidt's DOG family.

    \b
    Exit codes, for every command:
      0  success; for explain: the action is legal
      1  a negative verdict: illegal, invalid, a replay that diverges,
         a broken invariant, a game without a winner
      2  bad input or usage (one line on standard error names the problem)
      3  internal error: a bug in dogrules, please report it
    """


def _variant(name: str) -> Variant:
    try:
        return get_variant(name)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="VARIANT") from None


@main.command()
@click.argument("variant_name", metavar="VARIANT", type=click.Choice(VARIANTS))
@click.option("--players", "-p", default=4, show_default=True, help="2, 3 or 4 seats.")
@click.option(
    "--seed",
    "-s",
    default=1,
    show_default=True,
    type=click.IntRange(0, MAX_SEED),
    help="Seed of shuffles and bots.",
)
@click.option(
    "--bots",
    default="greedy,random",
    show_default=True,
    help="Bot per seat, cycled: comma-separated names from: " + ", ".join(BOTS),
)
@click.option("--teams", is_flag=True, help="DOG Kids: the 4-player team variant.")
@click.option(
    "--human", "humans", type=int, multiple=True, help="A seat played by you at the terminal."
)
@click.option("--board", "show_board", is_flag=True, help="Show the board between turns.")
@click.option(
    "--record",
    "record_path",
    help="Write the game record (JSON) to this file ('-': standard output).",
)
def play(
    variant_name: str,
    players: int,
    seed: int,
    bots: str,
    teams: bool,
    humans: tuple[int, ...],
    show_board: bool,
    record_path: str | None,
) -> None:
    """Play a whole game between built-in bots (and you), narrated with clause ids."""
    variant = _variant(variant_name)
    check_players(variant_name, [players])
    check_output(record_path)
    try:
        state = variant.new_game(players=players, seed=seed, teams=teams or None)
        names = [n.strip() for n in bots.split(",") if n.strip()] or ["random"]
        seats: list[Bot] = [make_bot(names[i % len(names)], seed * 100 + i) for i in range(players)]
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    people: list[HumanSeat] = []
    for seat in humans:
        if seat not in range(players):
            raise click.UsageError(f"--human {seat}: seats are 0..{players - 1}")
        person = HumanSeat(terminal_ask, click.echo, seat)
        seats[seat] = person
        people.append(person)
    board = variant.board(players)

    played: list[str] = []

    def before_action(now: State, action: Action) -> None:
        played.append(str(action))
        if show_board and now.phase == Phase.PLAY:
            click.echo(text_board(board, now))

    def after_action(now: State, action: Action, transition: Transition) -> None:
        for person in people:
            person.notice(variant, now, action, transition)

    try:
        final, _count = play_game(
            variant, state, seats, click.echo, before=before_action, after=after_action
        )
    except (HumanQuit, click.Abort, EOFError, KeyboardInterrupt):
        # A person leaving the table (quit, Ctrl-C, end of input) is no error: exit 0.
        click.echo("\ngame abandoned")
        sys.exit(0)
    if record_path is not None:
        record = record_game(variant_name, players, seed, state.teams, played)
        if record_path == "-":
            click.echo(render_record(Record.from_json(record)), nl=False)
        else:
            try:
                write_record(Path(record_path), record)
            except (OSError, RecordError) as exc:
                fail(f"{record_path}: {short(exc)}")
            click.echo(f"record written to {record_path}")
    sys.exit(0 if final.winner else 1)


@main.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--quiet", is_flag=True, help="Only check; print the result line.")
def replay(path: Path, quiet: bool) -> None:
    """Re-play a game record, narrating it; fail at the first action that is not legal."""
    try:
        record = read_record(path)
    except BAD_INPUT as exc:
        fail(short(exc))
    variant = get_variant(record.variant)
    final: State | None = None
    try:
        if record.steps is not None or record.final is not None:
            verify(record)  # the recorded digests too, before narrating
        for number, before, action, transition in replay_record(record):
            if not quiet:
                click.echo(f"{number:5}  {seat_name(variant, before, before.to_act)}: {action}")
                for line in describe_events(transition.events):
                    click.echo(line)
            final = transition.state
    except RecordError as exc:
        fail(str(exc), code=1)
    except BAD_INPUT as exc:
        fail(f"{path}: {short(exc)}")
    if final is None:
        click.echo(f"{path}: no actions")
        return
    result = f"won by seat(s) {list(final.winner)}" if final.winner else "not finished"
    click.echo(f"{path}: {len(record.actions)} actions replayed, all legal; {result}")


@main.command()
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
        return
    for message in messages:
        click.echo(f"{path}: {message}", err=True)
    sys.exit(1)


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


def _clause_lines(variant: Variant, ids: Sequence[str]) -> list[dict[str, str]]:
    index = {clause.id: clause for clause in variant.clauses}
    cited = [index[clause_id] for clause_id in ids if clause_id in index]
    return [{"id": c.id, "kind": c.kind, "source": c.source, "text": c.text} for c in cited]


@main.command()
@click.argument("position", type=click.Path(path_type=Path))
@click.argument("action_text", metavar="ACTION")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def explain(position: Path, action_text: str, as_json: bool) -> None:
    """Is ACTION legal in the POSITION (a JSON file in dump shape)? Exit 0 legal, 1 illegal,
    2 bad input."""
    state = load_position(position)
    variant = get_variant(state.variant)
    try:
        action = variant.parse_action(state, action_text)
    except ValueError as exc:
        fail(str(exc))
    ruling = variant.explain(state, action)
    clauses = _clause_lines(variant, ruling.clauses)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "action": action_text,
                    "legal": ruling.legal,
                    "clauses": clauses,
                    "events": [
                        {"kind": e.kind, "clauses": list(e.clauses), "text": e.describe()}
                        for e in ruling.events
                    ],
                    "text": ruling.text,
                },
                indent=2,
            )
        )
    else:
        click.echo(ruling.text)
        if clauses:
            click.echo("\nclauses involved:")
        for clause in clauses:
            click.echo(f"  {clause['id']} [{clause['kind']}] {clause['source']}")
            click.echo(f"      {clause['text']}")
    sys.exit(0 if ruling.legal else 1)


@main.command()
@click.argument("position", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def moves(position: Path, as_json: bool) -> None:
    """List the legal actions of the POSITION, grouped by card."""
    state = load_position(position)
    variant = get_variant(state.variant)
    groups: dict[str, list[str]] = {}
    for action in variant.legal_actions(state):
        key = action.card or action.kind
        groups.setdefault(key, []).append(str(action))
    if as_json:
        click.echo(json.dumps(groups, indent=2))
        return
    click.echo(f"seat {state.to_act} to act, phase {state.phase.value}:")
    for key, texts in groups.items():
        click.echo(f"  {key} ({len(texts)}):")
        for text in texts:
            click.echo(f"    {text}")


@main.command()
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


@main.command()
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
    variant = _variant(variant_name)
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


if __name__ == "__main__":
    main()
