"""Bounded worst case (issue 10, item 3): search for the most expensive reachable positions of
each variant and player count, and measure ``legal_actions`` on them.

Prints, per variant and player count, the largest action count the search met, and on the
worst position found (the slowest for this checkout's engine): its action count, the median
CPU time of several ``legal_actions`` calls (the engine's listing cache cleared before each)
and the peak memory of one such call (tracemalloc, MiB). The target for the rewritten engine
is under 50 ms and under 5 MiB on every variant's worst position; this script only measures.

    python benchmarks/worst_case.py                       # ~5 minutes (~10 with --before)
    python benchmarks/worst_case.py --quick               # ~1 minute smoke run
    python benchmarks/worst_case.py --seconds 60 --seed 3 --variant black-dog --players 3

    git worktree add /tmp/before HEAD~1                   # before against after, one run
    python benchmarks/worst_case.py --before /tmp/before/src

    python benchmarks/worst_case.py --positions build/worst_case [--before /tmp/before/src]

The search, per variant and player count: random crowded positions (most pieces on the
track, some in the finish, the Black Dog on a free field, hands drawn mostly from the
expensive cards: Partner, Copy after a Partner, black:1-7, Swap, Magnet, two-colour and
double cards...), positions met in random games (``new_game`` + random legal actions, so
really reachable ones), then hill climbing from the worst so far (move a piece, the Black
Dog, change a card, the seat to act, the last card played), scored by the CPU time of one
``legal_actions`` call (``--score actions``: by the action count). It is seeded: the same
``--seed`` proposes the same candidates in the same order; only the timing noise (and with
``--seconds``, how far the search gets) differs from run to run.

Every engine runs in a child interpreter whose PYTHONPATH is the engine's ``src`` (this
checkout's, or ``--before``'s), as ``benchmarks/compare.py`` does, and answers in JSON on
stdout. With ``--before``, both engines search, and both are measured on the union of the
worst positions each one found, so that the two columns speak of the same positions. The
measured positions are saved (``dogrules.dump`` shape, one file each, worst first) under
``build/worst_case/`` (``--out``); ``--positions DIR`` measures saved positions again
without searching, e.g. after the engine has changed. A single call slower than
``--single-over`` seconds (2) is measured once instead of ``--repeats`` times. On a shared
machine one process may run a third slower than the next: compare figures of one run, and
read small differences (and which of close positions is "the worst") as noise.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tables import print_table

HERE = Path(__file__).resolve().parent
AFTER = HERE.parent / "src"
OUT = HERE.parent / "build" / "worst_case"

VARIANTS = ("black-dog", "agent-dog", "dog-kids")
# DOG Kids is the one variant whose 4-player game is played both with and without teams; in
# Black DOG and Agent DOG 4 players are always two teams.
TEAMS_OPTIONAL = frozenset({"dog-kids"})
# The cards that list the most actions, in each variant's notation; others are drawn too.
EXPENSIVE = ("partner", "copy", "black:1-7", "swap", "magnet", "dogswap", "bone")
MIB = 1024 * 1024
# Calls cheaper than this (seconds) are scored by the fastest of three runs.
CHEAP = 0.02

Json = dict[str, Any]


# ---------------------------------------------------------------- the child: one engine ----


@dataclass
class Spec:
    """A position as ``Variant.position`` takes it, in layout notation, ready to mutate."""

    pieces: list[list[str]]
    hands: list[list[str]]
    to_act: int
    black_dog: str | None
    last_played: str | None

    def copy(self) -> Spec:
        return replace(
            self, pieces=[list(p) for p in self.pieces], hands=[list(h) for h in self.hands]
        )


@dataclass
class Found:
    """A position the search scored: its cost, its dump, and how to mutate it (if it can)."""

    score: float
    actions: int
    ms: float
    dump: Json
    spec: Spec | None
    source: str


@dataclass
class Search:
    """The state of the search for one variant and player count in one engine."""

    variant: Any
    players: int
    teams: bool | None
    rng: random.Random
    by_time: bool
    deadline: float
    top: int
    elite: list[Found] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    evaluated: int = 0
    invalid: int = 0
    max_actions: int = 0
    sources: Counter[str] = field(default_factory=Counter)

    def out_of_time(self) -> bool:
        return time.perf_counter() >= self.deadline


def _clear_listing_cache() -> None:
    from dogrules.engine import judge

    judge._listed.cache_clear()


def _timed_call(variant: Any, state: Any) -> tuple[int, float]:
    """(action count, CPU seconds) of one ``legal_actions`` call with the cache cleared."""
    _clear_listing_cache()
    start = time.process_time()
    actions = variant.legal_actions(state)
    took = time.process_time() - start
    _clear_listing_cache()
    return len(actions), took


def _peak_mib(variant: Any, state: Any) -> float:
    """Peak memory of one ``legal_actions`` call above what was held before it (MiB)."""
    _clear_listing_cache()
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        variant.legal_actions(state)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        _clear_listing_cache()
    return (peak - base) / MIB


def _measure(job: Json) -> Json:
    """Each given position: its action count, the CPU seconds of each timed call and (if
    ``job["memory"]``) the peak MiB of one more call."""
    import dogrules

    results: list[Json] = []
    for data in job["positions"]:
        try:
            state = dogrules.load(data)
            variant = dogrules.variant(state.variant)
            gc.collect()
            count, first = _timed_call(variant, state)
            times = [first]
            if first <= job["single_over"]:
                for _ in range(job["repeats"] - 1):
                    gc.collect()
                    times.append(_timed_call(variant, state)[1])
            mib = _peak_mib(variant, state) if job["memory"] else None
        except Exception as exc:  # an engine that cannot read or list it: say so, go on
            results.append({"error": f"{type(exc).__name__}: {exc}"[:200]})
            continue
        results.append({"actions": count, "times": times, "mib": mib})
    return {"results": results}


def _spec_of(data: Json) -> Spec:
    """The hand-set position of a dumped state (its pieces, hands, seat to act...)."""
    players = int(data["players"])
    return Spec(
        pieces=[list(data["pieces"][str(seat)]) for seat in range(players)],
        hands=[list(data["hands"][str(seat)]) for seat in range(players)],
        to_act=int(data["to_act"]),
        black_dog=data.get("black_dog"),
        last_played=data.get("last_played"),
    )


class Proposer:
    """Random crowded positions and mutations of them for one variant and player count."""

    def __init__(self, variant: Any, players: int, rng: random.Random) -> None:
        self.variant = variant
        self.players = players
        self.rng = rng
        board = variant.board(players)
        self.track: int = board.track
        self.finish: int = board.finish
        self.per_seat: int = board.pieces_per_seat
        self.starts: tuple[int, ...] = tuple(board.start)
        self.printed: frozenset[int] = frozenset(board.printed_starts)
        deck = variant.deck
        self.counts: dict[str, int] = dict(deck.counts)
        self.cards: list[str] = sorted(deck.notations)
        # Expensive: the named cards, the two-colour and double cards of DOG Kids.
        self.expensive: list[str] = [
            c for c in self.cards if c in EXPENSIVE or "/" in c or c.endswith("x2")
        ]
        self.hand_size: int = variant.hand_size
        self.has_dog = variant.name == "black-dog"
        self.has_copy = "copy" in deck.notations

    def _card(self, used: Counter[str], rich: float) -> str | None:
        pool = self.expensive if self.expensive and self.rng.random() < rich else self.cards
        free = [c for c in pool if used[c] < self.counts[c]]
        if not free:
            return None
        card = self.rng.choice(free)
        used[card] += 1
        return card

    def _hand(self, used: Counter[str], size: int, rich: float) -> list[str]:
        return [c for c in (self._card(used, rich) for _ in range(size)) if c is not None]

    def random(self) -> Spec:
        """A random crowded position; every other one packed (every piece on the track, a
        full hand of expensive cards, a Partner played last), the rest more varied."""
        rng = self.rng
        packed = rng.random() < 0.5
        free = list(range(self.track))
        rng.shuffle(free)
        pieces: list[list[str]] = []
        for seat in range(self.players):
            lane = 0 if packed else rng.choice((0, 0, 1, 1, 2))
            home = 0 if packed else rng.choice((0, 0, 0, 1))
            track = max(0, self.per_seat - lane - home)
            lane = self.per_seat - track - home
            own: list[str] = []
            if rng.random() < 0.4 and self.starts[seat] in free:
                free.remove(self.starts[seat])
                own.append(f"T{self.starts[seat]}")
                track -= 1
            own += [f"T{free.pop()}" for _ in range(max(0, track))]
            own += [f"F{k}" for k in rng.sample(range(1, self.finish + 1), min(lane, self.finish))]
            own += ["H"] * (self.per_seat - len(own))
            pieces.append(own)
        dog = next((f"T{f}" for f in free if f not in self.printed), None)
        to_act = rng.randrange(self.players)
        used: Counter[str] = Counter()
        hands: list[list[str]] = [[] for _ in range(self.players)]
        size = self.hand_size if packed else rng.randint(max(1, self.hand_size - 2), self.hand_size)
        hands[to_act] = self._hand(used, size, 1.0 if packed else 0.8)
        for seat in range(self.players):
            if seat != to_act:
                hands[seat] = self._hand(used, rng.randint(0, self.hand_size), 0.3)
        last = None
        if self.has_copy:
            partner = packed or rng.random() < 0.6
            last = "partner" if partner else rng.choice(self.expensive + self.cards)
            last = None if last == "copy" else last
        return Spec(pieces, hands, to_act, dog if self.has_dog else None, last)

    def _occupied(self, spec: Spec) -> set[str]:
        taken = {p for seat in spec.pieces for p in seat if p.startswith("T")}
        if spec.black_dog is not None:
            taken.add(spec.black_dog)
        return taken

    def mutate(self, spec: Spec) -> Spec:
        rng = self.rng
        spec = spec.copy()
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            move = rng.random()
            if move < 0.45:
                self._move_piece(spec)
            elif move < 0.75:
                self._change_card(spec)
            elif move < 0.85:
                new = rng.randrange(self.players)
                if rng.random() < 0.5:  # the hand follows the seat
                    spec.hands[new], spec.hands[spec.to_act] = (
                        spec.hands[spec.to_act],
                        spec.hands[new],
                    )
                spec.to_act = new
            elif self.has_dog and move < 0.95:
                taken = self._occupied(spec)
                free = [f"T{f}" for f in range(self.track) if f not in self.printed]
                spec.black_dog = rng.choice([f for f in free if f not in taken] or free)
            elif self.has_copy:
                last = rng.choice(["partner", *self.cards])
                spec.last_played = None if last == "copy" else last
            else:
                self._move_piece(spec)
        return spec

    def _move_piece(self, spec: Spec) -> None:
        rng = self.rng
        seat = rng.randrange(self.players)
        index = rng.randrange(self.per_seat)
        taken = self._occupied(spec)
        own_lane = {p for p in spec.pieces[seat] if p.startswith("F")}
        where = rng.random()
        if where < 0.8:
            options = [f"T{f}" for f in range(self.track) if f"T{f}" not in taken]
        elif where < 0.95:
            options = [f"F{k}" for k in range(1, self.finish + 1) if f"F{k}" not in own_lane]
        else:
            options = ["H"]
        if options:
            spec.pieces[seat][index] = rng.choice(options)

    def _change_card(self, spec: Spec) -> None:
        rng = self.rng
        hand = spec.hands[spec.to_act]
        used = Counter(c for h in spec.hands for c in h)
        if hand and (len(hand) >= self.hand_size or rng.random() < 0.7):
            used[hand.pop(rng.randrange(len(hand)))] -= 1
        card = self._card(used, 0.7)
        if card is not None:
            hand.append(card)

    def build(self, spec: Spec, teams: bool | None) -> Any:
        return self.variant.position(
            players=self.players,
            pieces={seat: pieces for seat, pieces in enumerate(spec.pieces)},
            hands={seat: hand for seat, hand in enumerate(spec.hands)},
            to_act=spec.to_act,
            black_dog=spec.black_dog,
            last_played=spec.last_played,
            teams=teams,
        )


def _offer(search: Search, state: Any, spec: Spec | None, source: str) -> Found | None:
    """Score ``state``; keep it among the worst so far if it is one of them."""
    import dogrules

    data = dogrules.dump(state)
    key = json.dumps(data, sort_keys=True)
    if key in search.seen:
        return None
    search.seen.add(key)
    count, took = _timed_call(search.variant, state)
    for _ in range(2 if took < CHEAP else 0):
        # A cheap call is timed thrice and its fastest run kept: at a few hundred
        # microseconds the noise would otherwise choose the worst position.
        took = min(took, _timed_call(search.variant, state)[1])
    search.evaluated += 1
    search.sources[source] += 1
    search.max_actions = max(search.max_actions, count)
    found = Found(took if search.by_time else float(count), count, took * 1000, data, spec, source)
    keep = 2 * search.top + 6  # the elite the hill climbing starts from
    if len(search.elite) < keep or found.score > search.elite[-1].score:
        search.elite.append(found)
        search.elite.sort(key=lambda f: f.score, reverse=True)
        del search.elite[keep:]
    return found


def _random_positions(search: Search, proposer: Proposer, until: float) -> None:
    import dogrules

    while time.perf_counter() < until and not search.out_of_time():
        spec = proposer.random()
        try:
            state = proposer.build(spec, search.teams)
        except dogrules.DogRulesError:
            search.invalid += 1
            continue
        _offer(search, state, spec, "random")


def _played_positions(search: Search, until: float) -> None:
    """Positions met in random games: every state where a choice is pending. At least one
    whole game is played, even when the random positions took all the time given."""
    import dogrules

    variant = search.variant
    games = 0
    while games == 0 or (time.perf_counter() < until and not search.out_of_time()):
        seed = search.rng.randrange(2**31)
        state = variant.new_game(players=search.players, seed=seed, teams=search.teams)
        games += 1
        while state.phase != "over" and (games == 1 or time.perf_counter() < until):
            spec = None
            if str(state.phase.value) == "play":
                spec = _spec_of(dogrules.dump(state))
            _offer(search, state, spec, "played")
            # The listing _offer timed was dropped from the cache: list afresh to play on.
            actions = variant.legal_actions(state)
            state = variant.apply(state, search.rng.choice(actions)).state


def _climb(search: Search, proposer: Proposer) -> None:
    import dogrules

    while not search.out_of_time():
        parents = [f for f in search.elite if f.spec is not None]
        if not parents:
            return
        # The worst is tried most often; the others keep the search from one hill only.
        parent = parents[min(int(search.rng.expovariate(0.7)), len(parents) - 1)]
        assert parent.spec is not None
        spec = proposer.mutate(parent.spec)
        try:
            state = proposer.build(spec, search.teams)
        except dogrules.DogRulesError:
            search.invalid += 1
            continue
        _offer(search, state, spec, "climbed")


def _search(job: Json) -> Json:
    import dogrules

    start = time.perf_counter()
    seconds = float(job["seconds"])
    variant = dogrules.variant(job["variant"])
    players, teams = int(job["players"]), job["teams"]
    rng = random.Random(f"{job['seed']}:{job['variant']}:{players}:{teams}")
    search = Search(
        variant=variant,
        players=players,
        teams=teams,
        rng=rng,
        by_time=job["score"] == "time",
        deadline=start + seconds,
        top=int(job["top"]),
    )
    proposer = Proposer(variant, players, rng)
    # A third of the time on random crowded positions, a fifth on random games, the rest on
    # climbing; each phase gets at least a few candidates even when one call takes seconds.
    _random_positions(search, proposer, start + 0.35 * seconds)
    _played_positions(search, start + 0.55 * seconds)
    _climb(search, proposer)
    top = search.elite[: search.top]
    return {
        "evaluated": search.evaluated,
        "invalid": search.invalid,
        "max_actions": search.max_actions,
        "sources": dict(search.sources),
        "seconds": time.perf_counter() - start,
        "top": [
            {"dump": f.dump, "actions": f.actions, "ms": f.ms, "source": f.source} for f in top
        ],
    }


def child() -> None:
    """Run the job given as JSON on stdin with whatever dogrules PYTHONPATH finds first."""
    job = json.loads(sys.stdin.read())
    result = _search(job) if job["job"] == "search" else _measure(job)
    sys.stdout.write(json.dumps(result))


# ------------------------------------------------------------ the parent: both engines ----


@dataclass(frozen=True)
class Table:
    """One variant at one player count (and, in DOG Kids' 4-player game, with or without
    teams)."""

    variant: str
    players: int
    teams: bool | None

    @property
    def label(self) -> str:
        shown = self.teams and self.variant in TEAMS_OPTIONAL
        return f"{self.variant} {self.players}p{' teams' if shown else ''}"

    @property
    def slug(self) -> str:
        shown = self.teams and self.variant in TEAMS_OPTIONAL
        return f"{self.variant}-{self.players}p{'-teams' if shown else ''}"


@dataclass
class Row:
    """What is printed for one table."""

    table: Table
    positions: int
    max_actions: dict[str, int]
    worst: dict[str, Json]
    worst_file: str
    evaluated: dict[str, str]


def summary(search: Json) -> str:
    """How many positions a search scored, by source, and how many it could not build."""
    sources = ", ".join(f"{n} {k}" for k, n in sorted(search["sources"].items()))
    return f"{search['evaluated']} scored ({sources}), {search['invalid']} invalid"


def run_child(source: Path, job: Json) -> Json:
    """Run ``job`` in a fresh interpreter with ``source`` (an engine's src/) first on the path."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child"],
        input=json.dumps(job),
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"the engine under {source} failed on a {job['job']} job")
    result: Json = json.loads(done.stdout)
    return result


def tables(names: Sequence[str], counts: Sequence[int]) -> Iterator[Table]:
    for name in names:
        for players in counts:
            yield Table(name, players, None)
            if players == 4 and name in TEAMS_OPTIONAL:
                yield Table(name, players, True)


def engines(options: argparse.Namespace) -> list[tuple[str, Path]]:
    pairs = [("after", AFTER)]
    if options.before is not None:
        pairs.insert(0, ("before", options.before.resolve()))
    return pairs


def alternate(pairs: list[tuple[str, Path]], turn: int) -> list[tuple[str, Path]]:
    """Both engines, the order alternating table by table (both meet the same load)."""
    return pairs if turn % 2 == 0 else list(reversed(pairs))


def measure_all(
    options: argparse.Namespace, turn: int, positions: list[Json]
) -> dict[str, list[Json]]:
    """Each engine's figures on each position: actions, median ms over every timed call of
    ``--rounds`` child runs (the engines alternating run by run, as a process may meet more
    machine load than the next), the number of those calls, peak MiB (of the first run)."""
    merged: dict[str, list[Json]] = {}
    for round_ in range(options.rounds):
        job = {
            "job": "measure",
            "positions": positions,
            "repeats": options.repeats,
            "single_over": options.single_over,
            "memory": round_ == 0,
        }
        for name, source in alternate(engines(options), turn + round_):
            results = run_child(source, job)["results"]
            if name not in merged:
                merged[name] = results
                continue
            for into, result in zip(merged[name], results, strict=True):
                if "error" not in into and "error" not in result:
                    into["times"] += result["times"]
    for results in merged.values():
        for result in results:
            if "error" not in result:
                result["ms"] = statistics.median(result["times"]) * 1000
                result["runs"] = len(result["times"])
    return merged


def worst_first(measured: dict[str, list[Json]], count: int) -> list[int]:
    """Indices of the positions, the slowest for this checkout's engine first."""

    def cost(i: int) -> float:
        result = measured["after"][i]
        return -1.0 if "error" in result else float(result["ms"])

    return sorted(range(count), key=cost, reverse=True)


def save(out: Path, table: Table, positions: list[Json], order: list[int]) -> str:
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob(f"{table.slug}-*.json"):
        if re.fullmatch(rf"{re.escape(table.slug)}-\d+\.json", stale.name):
            stale.unlink()
    first = ""
    for rank, i in enumerate(order, 1):
        path = out / f"{table.slug}-{rank}.json"
        path.write_text(json.dumps(positions[i], indent=1) + "\n", encoding="utf-8")
        first = first or str(path)
    return first


def searched(options: argparse.Namespace) -> Iterator[Row]:
    """Search with each engine, measure both on the union of what they found, save it."""
    for turn, table in enumerate(tables(options.variant, options.players)):
        job = {
            "job": "search",
            "variant": table.variant,
            "players": table.players,
            "teams": table.teams,
            "seconds": options.seconds,
            "seed": options.seed,
            "top": options.top,
            "score": options.score,
        }
        found: dict[str, Json] = {}
        for name, source in alternate(engines(options), turn):
            found[name] = run_child(source, job)
        positions: list[Json] = []
        keys: set[str] = set()
        for name, _ in engines(options):
            for entry in found[name]["top"]:
                key = json.dumps(entry["dump"], sort_keys=True)
                if key not in keys:
                    keys.add(key)
                    positions.append(entry["dump"])
        measured = measure_all(options, turn, positions)
        order = worst_first(measured, len(positions))
        first = save(options.out, table, positions, order)
        row = Row(
            table,
            len(positions),
            {name: int(found[name]["max_actions"]) for name in found},
            {name: measured[name][order[0]] for name in measured},
            first,
            {name: summary(found[name]) for name in found},
        )
        progress(row)
        yield row


def replayed(options: argparse.Namespace) -> Iterator[Row]:
    """Measure the positions saved under ``--positions`` again, table by table."""
    grouped: dict[Table, list[tuple[str, Json]]] = {}
    for path in sorted(Path(options.positions).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "variant" not in data or "pieces" not in data:
            continue
        # As tables() names them: True for a DOG Kids team game, else None.
        teams = True if data.get("teams") and data["variant"] in TEAMS_OPTIONAL else None
        table = Table(str(data["variant"]), int(data["players"]), teams)
        grouped.setdefault(table, []).append((str(path), data))
    wanted = list(tables(options.variant, options.players))
    for turn, table in enumerate(t for t in wanted if t in grouped):
        paths = [p for p, _ in grouped[table]]
        positions = [d for _, d in grouped[table]]
        measured = measure_all(options, turn, positions)
        order = worst_first(measured, len(positions))
        biggest = {
            name: max((int(r.get("actions", 0)) for r in results), default=0)
            for name, results in measured.items()
        }
        row = Row(
            table,
            len(positions),
            biggest,
            {name: measured[name][order[0]] for name in measured},
            paths[order[0]],
            {},
        )
        progress(row)
        yield row


def cell(result: Json | None) -> tuple[str, str, str]:
    if result is None:
        return ("-", "-", "-")
    if "error" in result:
        return ("error", "-", "-")
    runs = "" if result["runs"] > 1 else "*"
    return (f"{result['actions']}", f"{result['ms']:.1f}{runs}", f"{result['mib']:.2f}")


def progress(row: Row) -> None:
    parts = [f"{row.table.label:20}", f"{row.positions} positions"]
    for name, stats in row.evaluated.items():
        parts.append(f"{name} search: {stats}")
    for name in ("before", "after"):
        if name in row.worst:
            actions, ms, mib = cell(row.worst[name])
            parts.append(f"{name}: {actions} actions {ms} ms {mib} MiB")
    print("  ".join(parts), file=sys.stderr, flush=True)


HEADER = (
    "variant",
    "max actions seen",
    "before actions",
    "before ms",
    "before MiB",
    "after actions",
    "after ms",
    "after MiB",
    "worst position",
)


def cells(row: Row) -> list[str]:
    seen = "/".join(str(row.max_actions[n]) for n in ("before", "after") if n in row.max_actions)
    return [
        row.table.label,
        seen,
        *cell(row.worst.get("before")),
        *cell(row.worst.get("after")),
        os.path.relpath(row.worst_file) if row.worst_file else "-",
    ]


def show(rows: list[Row], title: str) -> None:
    """The table, with rich if it is installed, else in plain text; the before columns only
    when there is a before."""
    keep = [
        i
        for i, h in enumerate(HEADER)
        if any(r.worst.get("before") for r in rows) or not h.startswith("before")
    ]
    header = [HEADER[i] for i in keep]
    lines = [[cells(r)[i] for i in keep] for r in rows]
    print_table(title, header, lines, left=(0, len(header) - 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--variant", action="append", help="variant(s); default: all three")
    parser.add_argument("--players", type=int, action="append", help="default: 2, 3 and 4")
    parser.add_argument("--seconds", type=float, help="search time per table and engine (20)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 s per table")
    parser.add_argument("--seed", type=int, default=0, help="the search's seed (0)")
    parser.add_argument("--top", type=int, help="worst positions kept per engine (2; quick 1)")
    parser.add_argument("--repeats", type=int, help="timed calls per position (5; quick 3)")
    parser.add_argument(
        "--rounds", type=int, help="child runs per engine, alternating, for the timing (2; quick 1)"
    )
    parser.add_argument(
        "--single-over", type=float, default=2.0, help="one timed call only above this (s)"
    )
    parser.add_argument(
        "--score", choices=("time", "actions"), default="time", help="what the search maximises"
    )
    parser.add_argument("--before", type=Path, help="another engine's src/, measured alongside")
    parser.add_argument("--positions", type=Path, help="measure the positions saved here only")
    parser.add_argument("--out", type=Path, default=OUT, help="where positions are saved")
    options = parser.parse_args()
    if options.child:
        child()
        return
    options.seconds = options.seconds or (3.0 if options.quick else 20.0)
    options.top = options.top or (1 if options.quick else 2)
    options.repeats = options.repeats or (3 if options.quick else 5)
    options.rounds = options.rounds or (1 if options.quick else 2)
    options.variant = options.variant or list(VARIANTS)
    options.players = options.players or [2, 3, 4]
    if options.positions is not None:
        rows = list(replayed(options))
        title = f"worst case, positions saved in {options.positions}"
    else:
        rows = list(searched(options))
        title = (
            f"worst case after a {options.seconds:g} s search per table and engine "
            f"(seed {options.seed}, score {options.score})"
        )
    title += (
        f"; ms: CPU time, median of up to {options.rounds} x {options.repeats} calls "
        "(* one call only)"
    )
    show(rows, title)


if __name__ == "__main__":
    main()
