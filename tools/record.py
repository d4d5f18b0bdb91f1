"""Record the engine's own behaviour, check it against a recording, compare two recordings.

    python tools/record.py golden        # rewrite tests/golden.jsonl.gz (an intended change)
    python tools/record.py check         # check tests/golden.jsonl.gz, as the tests do
    python tools/record.py record /tmp/before.jsonl.gz --games 10    # before a change...
    python tools/record.py check /tmp/before.jsonl.gz                # ...after (1: differs)
    python tools/record.py diff old.jsonl.gz new.jsonl.gz            # what differs, part by part
    python tools/record.py digest --games 5 --seed 1                 # a sha256 per table
    python tools/record.py --engine ../old/src record old.jsonl.gz   # another tree's engine

A recording (``dogrules.testing.recording`` describes the format) holds seeded random games
of every form position by position: the listing, the action chosen, the state it leads to and
the events it tells, each written out (``record``, the default) or as a digest
(``record --digests``, and the golden recording). ``check`` works every position out again
with the engine on ``PYTHONPATH`` (or that of ``--engine SRC``, another tree's ``src``, even
one older than the harness, driven by this checkout's harness) and prints the first
differences (table, seed, ply, which part); ``diff`` compares two recordings of the same
games without the engine, naming the keys of a state and the entries of a listing that differ
where both are written out.

The golden recording, ``tests/golden.jsonl.gz``, is checked by ``tests/test_golden.py``: one
whole game of every form (the shortest of the games of seeds 1 to 3), as digests. When it
fails after a change of the rules that is intended, record both engines' games in full
(``record``, with ``--engine`` for the tree before) and ``diff`` them to review the change, then
run ``golden`` and commit the file with the change; when the change is not intended, fix the
engine. Exit status: 0 when nothing differs, 1 when something does, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from dogrules.testing.jsonlines import write_lines
from dogrules.testing.positions import Table, random_game, tables
from dogrules.testing.recording import (
    DIGEST_CHARS,
    Detail,
    Disagreement,
    Games,
    Recording,
    check,
    compare,
    games_digest,
    record,
)
from dogrules.variants import variant as get_variant

ROOT = Path(__file__).resolve().parent.parent
HARNESS = ROOT / "src" / "dogrules" / "testing"
# The harness's modules, each after those it imports.
HARNESS_MODULES = ("jsonlines", "positions", "recording")
# Run in a child with another tree's engine first on the path: this checkout's harness is
# loaded in the place of the engine's own (a tree older than the harness has none), then this
# script runs with the rest of the arguments.
BOOTSTRAP = """
import importlib.util, runpy, sys
import dogrules.testing
script, folder, names, *sys.argv[1:] = sys.argv[1:]
for name in names.split(","):
    spec = importlib.util.spec_from_file_location(f"dogrules.testing.{name}", f"{folder}/{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
sys.argv[0] = script
runpy.run_path(script, run_name="__main__")
"""
GOLDEN = ROOT / "tests" / "golden.jsonl.gz"
GOLDEN_SEEDS = (1, 2, 3)
"""The golden recording holds, for every form, the shortest of the whole games of these
seeds (shortest, to keep the committed file small; whole, so that every form's end of game is
in it)."""


def golden_games() -> Games:
    """Each table with the seed of its shortest whole game among :data:`GOLDEN_SEEDS`."""
    chosen = []
    for table in tables():
        v = get_variant(table.variant)
        length = {
            seed: sum(1 for _ in random_game(v, table.players, seed, table.teams))
            for seed in GOLDEN_SEEDS
        }
        chosen.append((table, [min(GOLDEN_SEEDS, key=lambda seed: (length[seed], seed))]))
    return chosen


def chosen_tables(names: Sequence[str] | None) -> list[Table]:
    every = tables()
    return [table for table in every if not names or table.name in names]


def write(path: Path, games: Games, plies: int | None, digests: bool, chars: int) -> int:
    detail: Detail = "digests" if digests else "full"
    try:
        positions = write_lines(path, record(games, plies, detail, chars)) - 1
    except Disagreement as exc:
        print(f"not recorded: {exc}")
        return 1
    size = path.stat().st_size
    print(f"recorded {positions} positions ({detail}) in {path}: {size / 1000:.0f} kB")
    return 0


def report(differences: Iterable[str], shown: int, what: str) -> int:
    """Print the first ``shown`` differences and a count: 1 if there are any, 0 if none, 2
    (one line on stderr) when a recording cannot be read."""
    count = 0
    try:
        for line in differences:
            count += 1
            if count <= shown:
                print(f"DIFFERENT {line}")
    except ValueError as exc:
        print(f"record.py: {exc}", file=sys.stderr)
        return 2
    print(f"{what}: identical" if not count else f"{what}: {count} positions differ")
    return 1 if count else 0


def read(path: Path) -> Recording:
    try:
        return Recording.read(path)
    except ValueError as exc:
        print(f"record.py: {exc}", file=sys.stderr)
        raise SystemExit(2) from exc


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python tools/record.py", description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument(
        "--engine", type=Path, metavar="SRC",
        help="run with the engine of another tree (its src folder), even one older than the "
        "harness; recordings are written and read by this checkout's harness",
    )  # fmt: skip
    commands = parser.add_subparsers(dest="command", required=True)
    golden = commands.add_parser("golden", help=f"rewrite {GOLDEN.relative_to(ROOT)}")
    golden.set_defaults(digests=True)
    made = commands.add_parser("record", help="record seeded games into FILE")
    made.add_argument("file", type=Path, help="the recording to write (.jsonl.gz)")
    summed = commands.add_parser("digest", help="print the sha256 of each table's seeded games")
    for command in (made, summed):
        command.add_argument(
            "--table", action="append", metavar="NAME", choices=[t.name for t in tables()],
            help="only this table (e.g. black-dog-4p); repeatable (default: every form)",
        )  # fmt: skip
        command.add_argument("--games", type=int, default=1, help="games per table (seeds)")
        command.add_argument("--seed", type=int, default=1, help="the first game's seed")
        command.add_argument("--plies", type=int, help="at most N positions a game")
    made.add_argument("--digests", action="store_true", help="parts as digests, not in full")
    made.add_argument("--chars", type=int, default=DIGEST_CHARS, help="hex digits a digest")
    checked = commands.add_parser("check", help="check the engine against a recording")
    checked.add_argument("file", type=Path, nargs="?", default=GOLDEN, help="default: golden")
    compared = commands.add_parser("diff", help="compare two recordings of the same games")
    compared.add_argument("old", type=Path)
    compared.add_argument("new", type=Path)
    for command in (checked, compared):
        command.add_argument("--shown", type=int, default=10, help="differences printed")
    return parser.parse_args(argv)


def with_engine(source: Path, argv: Sequence[str]) -> int:
    """Run this script on ``argv`` with the engine of the tree ``source`` (its ``src``)."""
    env = {**os.environ, "PYTHONPATH": str(source.resolve())}
    harness = [str(HARNESS), ",".join(HARNESS_MODULES)]
    command = [sys.executable, "-c", BOOTSTRAP, str(Path(__file__).resolve()), *harness]
    return subprocess.call([*command, *argv], env=env)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    if args.engine is not None:
        given = list(sys.argv[1:] if argv is None else argv)
        at = given.index("--engine")
        return with_engine(args.engine, given[:at] + given[at + 2 :])
    if args.command == "golden":
        return write(GOLDEN, golden_games(), None, True, DIGEST_CHARS)
    if args.command in ("record", "digest"):
        seeds = range(args.seed, args.seed + args.games)
        if args.command == "digest":
            for table in chosen_tables(args.table):
                print(f"{table.name}: {games_digest(table, seeds, args.plies)}")
            return 0
        games = [(table, seeds) for table in chosen_tables(args.table)]
        return write(args.file, games, args.plies, args.digests, args.chars)
    if args.command == "check":
        return report(check(read(args.file)), args.shown, str(args.file))
    return report(compare(read(args.old), read(args.new)), args.shown, f"{args.old} vs {args.new}")


if __name__ == "__main__":
    sys.exit(main())
