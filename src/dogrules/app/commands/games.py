"""``dogrules play`` and ``dogrules replay``: whole games, narrated with clause ids."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from dogrules.app.bots import BotSeat
from dogrules.app.cli_files import (
    BAD_INPUT,
    MAX_SEED,
    check_output,
    check_players,
    fail,
    rules_option,
    short,
    variant_ruled,
)
from dogrules.app.commands.options import variant_argument
from dogrules.app.human import HumanQuit, HumanSeat, terminal_ask
from dogrules.app.narrate import Player, describe_events, play_game, seat_name
from dogrules.app.plugins import make_bot
from dogrules.formats.files import FileProblem
from dogrules.formats.records import Record, RecordError, read_record, render_record, write_record
from dogrules.formats.replay import record_game, verify
from dogrules.formats.replay import replay as replay_record
from dogrules.model.actions import Action
from dogrules.model.house_rules import HouseRules
from dogrules.model.state import Phase, State
from dogrules.render import text_board
from dogrules.variants import variant as get_variant


@click.command()
@variant_argument()
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
    help="Bot per seat, cycled: comma-separated names (random, greedy, installed plug-ins).",
)
@click.option(
    "--bot",
    "seat_bots",
    multiple=True,
    metavar="SEAT=SPEC",
    help="The bot at one seat: a name or module:Class (repeatable; overrides --bots).",
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
@rules_option(
    "A house-rules file (TOML, [rulings] table): play by its readings (the record says so)."
)
def play(
    variant_name: str,
    players: int,
    seed: int,
    bots: str,
    seat_bots: tuple[str, ...],
    teams: bool,
    humans: tuple[int, ...],
    show_board: bool,
    record_path: str | None,
    rules_path: Path | None,
) -> None:
    """Play a whole game between bots (built-in or plug-ins, see --bot) and you, narrated
    with clause ids."""
    variant = variant_ruled(variant_name, rules_path)
    check_players(variant_name, [players])
    check_output(record_path)
    try:
        state = variant.new_game(players=players, seed=seed, teams=teams or None)
        names = [n.strip() for n in bots.split(",") if n.strip()] or ["random"]
        specs = [names[i % len(names)] for i in range(players)]
        for seat, spec in seat_assignments(seat_bots, players).items():
            specs[seat] = spec
        seats: list[Player] = [
            BotSeat(make_bot(spec, seed * 100 + i), i) for i, spec in enumerate(specs)
        ]
    except ValueError as exc:
        raise click.UsageError(short(exc)) from None
    for seat in humans:
        if seat not in range(players):
            raise click.UsageError(f"--human {seat}: seats are 0..{players - 1}")
        person = HumanSeat(terminal_ask, click.echo, seat)
        seats[seat] = person
    board = variant.board(players)

    played: list[str] = []

    def before_action(now: State, action: Action) -> None:
        played.append(str(action))
        if show_board and now.phase == Phase.PLAY:
            click.echo(text_board(board, now))

    if variant.house_rules:
        click.echo(f"house rules: {variant.house_rules}")
    try:
        final, _count = play_game(variant, state, seats, click.echo, before=before_action)
    except (HumanQuit, click.Abort, EOFError, KeyboardInterrupt):
        # A person leaving the table (quit, Ctrl-C, end of input) is no error: exit 0.
        click.echo("\ngame abandoned")
        sys.exit(0)
    if record_path is not None:
        rulings = variant.house_rules
        record = record_game(variant_name, players, seed, state.teams, played, rulings=rulings)
        if record_path == "-":
            click.echo(render_record(Record.from_json(record)), nl=False)
        else:
            try:
                write_record(Path(record_path), record)
            except FileProblem as exc:
                fail(str(exc))
            except (OSError, RecordError) as exc:
                fail(f"{record_path}: {short(exc)}")
            click.echo(f"record written to {record_path}")
    sys.exit(0 if final.winner else 1)


def seat_assignments(options: tuple[str, ...], players: int) -> dict[int, str]:
    """The ``--bot SEAT=SPEC`` options as {seat: spec}; ValueError naming a bad one."""
    chosen: dict[int, str] = {}
    for option in options:
        seat_text, equals, spec = option.partition("=")
        if not equals or not seat_text.strip().isdigit() or not spec.strip():
            raise ValueError(f"--bot {option!r}: expected SEAT=SPEC, e.g. 1=greedy")
        seat = int(seat_text)
        if seat not in range(players):
            raise ValueError(f"--bot {option!r}: seats are 0..{players - 1}")
        chosen[seat] = spec.strip()
    return chosen


@click.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--quiet", is_flag=True, help="Only check; print the result line.")
def replay(path: Path, quiet: bool) -> None:
    """Re-play a game record, narrating it; fail at the first action that is not legal."""
    try:
        record = read_record(path)
    except BAD_INPUT as exc:
        fail(short(exc))
    variant = get_variant(record.variant)
    if record.rulings and not quiet:
        click.echo(f"house rules: {HouseRules(record.rulings)}")
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
