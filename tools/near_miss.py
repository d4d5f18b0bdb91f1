"""Near-miss figures: listed plays spelled wrong in small ways, judged, and how many of the
refusals give a wrong reason.

    python tools/near_miss.py [--positions 200] [--seed 0] [--variant black-dog] [--plays 40]

For each variant and form, positions are sampled from seeded random games (up to
PER_GAME a game, among the positions where the seat to act can play a card); every listed
play there (a sample of ``--plays`` when there are more; 0: all, which a Partner position
of two thousand plays makes slow) is varied (a disc turn added, dropped or flipped;
the last destination one field on; the card swapped) and each variation judged, as
tests/test_explanations.py does (:mod:`dogrules.testing.near_miss`). Prints, per form and
kind of variation, how many were judged, listed (legal) and refused, and how many verdicts
are wrong; then each wrong reason with its count and, for those found, one example in full.
Exits 1 if any verdict is wrong.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence

import attrs

import dogrules
from dogrules import State, Variant
from dogrules.testing.near_miss import (
    Judged,
    Kind,
    Wrong,
    describe,
    is_disc_clause,
    judge_all,
    plays,
)
from dogrules.testing.positions import random_game
from dogrules.variants import form_names, implemented

PER_GAME = 10  # positions sampled from one game at most


@attrs.define
class Tally:
    """The figures of one form."""

    positions: int = 0
    seconds: float = 0.0
    judged: Counter[Kind] = attrs.field(factory=Counter)
    listed: Counter[Kind] = attrs.field(factory=Counter)
    wrong: Counter[Kind] = attrs.field(factory=Counter)
    reasons: Counter[Wrong] = attrs.field(factory=Counter)
    owed_turn: int = 0  # movements or cards refused for the disc turn they owe
    examples: dict[Wrong, str] = attrs.field(factory=dict)

    def add(self, v: Variant, state: State, judged: Judged) -> None:
        kind = judged.near_miss.kind
        self.judged[kind] += 1
        self.listed[kind] += judged.listed
        if judged.wrong:
            self.wrong[kind] += 1
        for reason in judged.wrong:
            self.reasons[reason] += 1
            self.examples.setdefault(reason, describe(v, state, judged))
        clauses = judged.ruling.clauses
        if not judged.listed and not kind.about_disc and judged.turn_listed and clauses:
            self.owed_turn += all(is_disc_clause(clause) for clause in clauses)


def sample_positions(
    v: Variant, players: int, teams: bool, count: int, rng: random.Random
) -> list[State]:
    """``count`` positions where a card can be played, from random games seeded by ``rng``."""
    found: list[State] = []
    while len(found) < count:
        seed = rng.randrange(2**32)
        playing = [s for s in random_game(v, players, seed, teams) if plays(v, s)]
        found += rng.sample(playing, min(PER_GAME, count - len(found), len(playing)))
    return found


def tally_form(
    v: Variant, players: int, teams: bool, options: argparse.Namespace, name: str
) -> Tally:
    rng = random.Random(f"{options.seed}:{name}")
    tally = Tally()
    start = time.perf_counter()
    for state in sample_positions(v, players, teams, options.positions, rng):
        listed = plays(v, state)
        chosen: Sequence[dogrules.Action] = listed
        if options.plays and len(listed) > options.plays:
            chosen = rng.sample(listed, options.plays)
        for judged in judge_all(v, state, chosen):
            tally.add(v, state, judged)
        tally.positions += 1
    tally.seconds = time.perf_counter() - start
    return tally


def row(cells: Sequence[object], widths: Sequence[int]) -> str:
    first, *rest = (f"{c:,}" if isinstance(c, int) else str(c) for c in cells)
    return f"{first:<{widths[0]}}" + "".join(
        f"{cell:>{width}}" for cell, width in zip(rest, widths[1:], strict=True)
    )


def print_table(tallies: dict[str, Tally]) -> None:
    widths = (20, 16, 10, 10, 10, 10, 8)
    head = ("form", "variation", "judged", "listed", "refused", "wrong", "seconds")
    print(row(head, widths))
    print("-" * sum(widths))
    for name, tally in tallies.items():
        for kind in Kind:
            judged, listed = tally.judged[kind], tally.listed[kind]
            cells = (name, kind, judged, listed, judged - listed, tally.wrong[kind], "")
            print(row(cells, widths))
            name = ""
        judged, listed = sum(tally.judged.values()), sum(tally.listed.values())
        label = f"  {tally.positions:,} positions"
        seconds = f"{tally.seconds:.1f}"
        print(
            row(
                (label, "all", judged, listed, judged - listed, tally.wrong.total(), seconds),
                widths,
            )
        )
        print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="positions per form")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sampled games")
    parser.add_argument("--variant", action="append", help="variant(s); default: all")
    parser.add_argument(
        "--plays", type=int, default=40, help="plays varied a position at most (0: all)"
    )
    options = parser.parse_args()
    tallies: dict[str, Tally] = {}
    for variant_name in options.variant or implemented():
        v = dogrules.variant(variant_name)
        for name, players, teams in form_names(variant_name):
            is_team = v.teams_for(players, teams or None)
            tallies[name] = tally_form(v, players, is_team, options, name)
    print_table(tallies)
    reasons: Counter[Wrong] = Counter()
    examples: dict[Wrong, str] = {}
    for tally in tallies.values():
        reasons.update(tally.reasons)
        for reason, example in tally.examples.items():
            examples.setdefault(reason, example)
    print("wrong reasons (a verdict may be wrong in more than one way):")
    for reason in Wrong:
        print(f"  {reason:<45}{reasons[reason]:>8,}")
    owed = sum(t.owed_turn for t in tallies.values())
    print(
        f"  (not wrong: {owed:,} moved destinations or swapped cards refused by disc clauses "
        "alone, their movement being listed with another disc turn)"
    )
    for reason, example in examples.items():
        print(f"\nexample of '{reason}':\n{example}")
    judged = sum(sum(t.judged.values()) for t in tallies.values())
    wrong = sum(t.wrong.total() for t in tallies.values())
    print(f"\nnear-miss variations: {judged:,} judged, {wrong:,} wrong reasons")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
