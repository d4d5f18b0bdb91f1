"""Regenerate the golden playthroughs in tests/golden/ (run it only when a rule change is intended).

    python tools/golden.py                  # rewrite every golden file
    python tools/golden.py --only black-dog-4p --only dog-kids-4p-teams
    python tools/golden.py --check          # compare with the files, write nothing

A golden playthrough is a game record (dogrules.formats.records) of a seeded random game: the game
``new_game(players, seed, teams)`` played by ``random.Random(seed)`` choosing among
``legal_actions`` at every step, until the game is over or CAP actions have been taken.
Every step stores the number of legal actions and the digest of the state before it, so
tests/test_golden.py notices any change of behaviour, naming the file and the step.

When test_golden fails after a change of the rules (or of a layout file) that is intended,
run this script, review the diff of tests/golden/ (the first differing step is where the
behaviour changed) and commit the new files with the change. When the change is not
intended, fix the engine instead.

Files are kept small: a game is capped at CAP actions, and at fewer if its file would
exceed LIMIT bytes; the record's "note" says how many actions were taken and why it stopped.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import attrs

import dogrules
from dogrules.formats.records import (
    Record,
    RecordError,
    read_record,
    render_record,
    write_record,
)
from dogrules.formats.replay import record_game, verify
from dogrules.model.actions import Action
from dogrules.variants import form_names, implemented

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
CAP = 3000
LIMIT = 300_000


@attrs.frozen
class Game:
    """One golden playthrough: the file tests/golden/<name>.json."""

    variant: str
    players: int
    teams: bool = False
    seed: int = 1  # of the game and of the random choices

    @property
    def name(self) -> str:
        return f"{self.variant}-{self.players}p{'-teams' if self.teams else ''}"

    @property
    def path(self) -> Path:
        return GOLDEN / f"{self.name}.json"


# One game per form of every registered variant (the team flag only where it is optional).
GAMES = tuple(
    Game(name, players, teams=optional)
    for name in implemented()
    for _, players, optional in form_names(name)
)


def playout(game: Game, cap: int) -> tuple[list[Action], dogrules.State]:
    """The random game's actions (at most ``cap``) and the state they reach."""
    variant = dogrules.variant(game.variant)
    state = variant.new_game(players=game.players, seed=game.seed, teams=game.teams or None)
    chooser = random.Random(game.seed)
    actions: list[Action] = []
    while state.phase != "over" and len(actions) < cap:
        action = chooser.choice(variant.legal_actions(state))
        actions.append(action)
        state = variant.apply(state, action).state
    return actions, state


def build(game: Game) -> Record:
    """The golden record of ``game``, within CAP actions and LIMIT bytes."""
    cap = CAP
    while True:
        actions, state = playout(game, cap)
        if state.phase == "over":
            ending = f"game over, winner {list(state.winner)}"
        else:
            ending = f"stopped at the cap of {cap} actions"
        note = (
            f"golden playthrough (tools/golden.py): random.Random({game.seed}) choosing among "
            f"legal_actions; {len(actions)} actions taken, {ending}"
        )
        data = record_game(
            game.variant,
            game.players,
            game.seed,
            game.teams or None,
            actions,
            steps=True,
            note=note,
        )
        record = Record.from_json(data, f"tests/golden/{game.name}.json")
        size = len(render_record(record).encode("utf-8"))
        if size <= LIMIT or cap <= 1:
            return record
        cap = max(1, int(len(actions) * LIMIT / size * 0.95))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/golden.py",
        description=(
            "Regenerate the golden playthroughs in tests/golden/. Run it only when a rule "
            "change is intended: `python tools/golden.py` rewrites the files; review the diff "
            "and commit them with the change."
        ),
    )
    parser.add_argument(
        "--only",
        action="append",
        metavar="NAME",
        choices=[game.name for game in GAMES],
        help="regenerate only this file (e.g. black-dog-4p); repeatable",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="replay the existing files against the installed engine; write nothing",
    )
    options = parser.parse_args(argv)
    chosen = [game for game in GAMES if not options.only or game.name in options.only]
    failed = 0
    for game in chosen:
        relative = f"tests/golden/{game.name}.json"
        if options.check:
            if not game.path.exists():
                print(f"MISSING {relative}")
                failed += 1
                continue
            try:
                verify(attrs.evolve(read_record(game.path), source=relative))
            except RecordError as exc:
                print(f"DIFFERS {exc}")
                failed += 1
                continue
            print(f"ok      {relative}")
            continue
        try:
            record = build(game)
        except RecordError as exc:
            print(f"FAILED  {relative}: {exc}")
            failed += 1
            continue
        GOLDEN.mkdir(parents=True, exist_ok=True)
        write_record(game.path, record)
        size = game.path.stat().st_size
        print(f"wrote   {relative}: {len(record.actions)} actions, {size / 1000:.0f} kB")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
