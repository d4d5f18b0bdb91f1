"""The search of the ``worst-case`` benchmark, run in the child with the engine under test:
random crowded positions, positions met in random games and hill climbing from the worst so
far, scored by the CPU time (or the action count) of one ``legal_actions`` call. The module
docstring of ``worst_case.py`` describes the search."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field, replace

import dogrules

from .harness import Json

# The cards that list the most actions, in each variant's notation; others are drawn too.
EXPENSIVE = ("partner", "copy", "black:1-7", "swap", "magnet", "dogswap", "bone")
# Calls cheaper than this (seconds) are scored by the fastest of three runs.
CHEAP = 0.02


def timed_call(data: Json) -> tuple[int, float]:
    """(action count, CPU seconds) of one ``legal_actions`` call on the dumped position
    ``data``, loaded afresh: the engine keeps listings by the identity of the state object,
    so a new object is listed anew, as the first call on a position is."""
    state = dogrules.load(data)
    variant = dogrules.variant(state.variant)
    start = time.process_time()
    actions = variant.legal_actions(state)
    return len(actions), time.process_time() - start


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

    variant: dogrules.Variant
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

    def __init__(self, variant: dogrules.Variant, players: int, rng: random.Random) -> None:
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

    def build(self, spec: Spec, teams: bool | None) -> dogrules.State:
        return self.variant.position(
            players=self.players,
            pieces={seat: pieces for seat, pieces in enumerate(spec.pieces)},
            hands={seat: hand for seat, hand in enumerate(spec.hands)},
            to_act=spec.to_act,
            black_dog=spec.black_dog,
            last_played=spec.last_played,
            teams=teams,
        )


def _offer(search: Search, state: dogrules.State, spec: Spec | None, source: str) -> Found | None:
    """Score ``state``; keep it among the worst so far if it is one of them."""
    data = dogrules.dump(state)
    key = json.dumps(data, sort_keys=True)
    if key in search.seen:
        return None
    search.seen.add(key)
    count, took = timed_call(data)
    for _ in range(2 if took < CHEAP else 0):
        # A cheap call is timed thrice and its fastest run kept: at a few hundred
        # microseconds the noise would otherwise choose the worst position.
        took = min(took, timed_call(data)[1])
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


def _offer_built(search: Search, proposer: Proposer, spec: Spec, source: str) -> None:
    """Score the position ``spec`` sets, unless the engine refuses it (counted invalid)."""
    try:
        state = proposer.build(spec, search.teams)
    except dogrules.DogRulesError:
        search.invalid += 1
        return
    _offer(search, state, spec, source)


def _random_positions(search: Search, proposer: Proposer, until: float) -> None:
    while time.perf_counter() < until and not search.out_of_time():
        _offer_built(search, proposer, proposer.random(), "random")


def _played_positions(search: Search, until: float) -> None:
    """Positions met in random games: every state where a choice is pending. At least one
    whole game is played, even when the random positions took all the time given."""
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
            # _offer timed a copy of the state: this one is listed now to play on.
            actions = variant.legal_actions(state)
            state = variant.apply(state, search.rng.choice(actions)).state


def _climb(search: Search, proposer: Proposer) -> None:
    while not search.out_of_time():
        parents = [f for f in search.elite if f.spec is not None]
        if not parents:
            return
        # The worst is tried most often; the others keep the search from one hill only.
        parent = parents[min(int(search.rng.expovariate(0.7)), len(parents) - 1)]
        assert parent.spec is not None
        _offer_built(search, proposer, proposer.mutate(parent.spec), "climbed")


def search_job(job: Json) -> Json:
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
