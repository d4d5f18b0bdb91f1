"""Test vectors: positions with the reference engine's answers, for any DOG engine to check
itself against.

A *vector* is one position (the ``dogrules.dump`` shape) with:

* ``actions``: its legal actions, each distinct outcome once in its canonical spelling (the
  notation of the seat to act), in the reference's order, each with the ``digest`` of the
  state it leads to, the ``events`` it causes (their kinds, in order), the ``clauses`` that
  make it what it is (those its events cite) and, when it wins the game, the ``winner``;
* ``full``: for a sample of them (the first and the last listed), the state it leads to in
  full, written as the keys of the dumped state that differ from the position (the state is
  the position updated with them);
* ``illegal``: a sample of near misses (listed plays spelled wrong in small ways, see
  :mod:`dogrules.testing.near_miss`) with the clause ids that decide their refusal.

Vectors come from the positions the clause tests set up (``specs/illustrations``), from
seeded random games, chosen so that every phase and every card the games reach appear, and
from further random games where a rule clause or ruling decides that no vector of the form
shows deciding yet (:func:`clause_positions`), so a bug in any clause changes an answer.
Everything here is deterministic: the same engine writes the same vectors.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence

import attrs

from dogrules.data.specs import read_text
from dogrules.formats.records import canonical_json, state_digest
from dogrules.formats.states import dump, load
from dogrules.model.actions import Action, ActionKind
from dogrules.model.errors import NotationError
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import State
from dogrules.testing.jsonlines import digest
from dogrules.testing.near_miss import near_misses
from dogrules.testing.positions import random_game
from dogrules.variants import forms, implemented
from dogrules.variants import variant as get_variant
from dogrules.variants.facade import Variant

__all__ = [
    "UNSHOWN",
    "VECTORS_VERSION",
    "Form",
    "all_forms",
    "clause_positions",
    "covered",
    "decided",
    "vector",
    "vectors_of",
]

VECTORS_VERSION = 2
"""The version of the shipped vectors: raised whenever their content changes (a rule change,
a new sample), never for the same content (docs/conformance.md)."""

RANDOM_SEEDS = range(1, 5)
"""The random games (``new_game(seed=s)``, actions chosen by ``random.Random(s)``) the
random positions are taken from."""
MAX_PLIES = 400
RANDOM_POSITIONS = 12
"""Positions taken from random games per form, at most."""
CLAUSE_SEEDS = range(5, 13)
"""The random games searched for positions where a clause not decided yet decides."""
MAX_ILLEGAL = 8
"""Near misses kept per position, at most (one of each kind always, so up to 6 with the one a
clause test asked about; the rest only when they bring a clause not cited yet)."""

Vector = dict[str, JSONValue]

SETUP = "how a new game is set up (new_game), which no action in a position decides"
SECRECY = "what a seat may see (observe), not what an action does"
UNSHOWN: dict[str, str] = {
    "BD-2P3P-PIECES": SETUP,
    "BD-DECK": SETUP,
    "BD-DISC-SETUP": SETUP,
    "BD-FREE-START": SETUP,
    "BD-L-PIECES": SETUP,
    "BD-PIECES": SETUP,
    "BD-SECRECY": SECRECY,
    "AD-DECK": SETUP,
    "AD-FIRST-DEALER": SETUP,
    "AD-PLAYERS": SETUP,
    "AD-SETUP": SETUP,
    "KD-DEAL": SETUP,
    "KD-DECK": SETUP,
    "KD-DOGS": SETUP,
    "KD-FIRST-PLAYER": SETUP,
    "KD-L-DOGS": SETUP,
    "KD-TEAM-SECRECY": SECRECY,
    "KD-DRAW-FORGOTTEN": "the refill after a turn, whose draws cite KD-DRAW: the vectors pin it "
    "by the digests of the states after each turn, not by name",
    "R-K1": SETUP + "; the refill after a turn is pinned as KD-DRAW-FORGOTTEN is",
    "R-K13": "the reshuffle of the discard pile, whose events cite KD-RESHUFFLE: pinned by "
    "the digests of the states after a draw empties the deck",
}
"""The rule clauses and rulings of the registers that a variant's vectors may leave unshown
(no clause test, event or refusal of theirs shows them deciding), each with the reason;
every other one is shown (tests/test_vectors.py)."""


@attrs.frozen
class Form:
    """A form a variant is played in: its player count, whether seats play in teams, and
    the house rules it is played by (ruling id, reading name; empty: the reference)."""

    variant: str
    players: int
    teams: bool
    rulings: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        """``black-dog-4p-teams``, ``dog-kids-3p``, ``black-dog-4p-teams.R-C4-strict``: the
        stem of its vectors file."""
        house = "".join(f".{ruling}-{reading}" for ruling, reading in self.rulings)
        return f"{self.variant}-{self.players}p{'-teams' if self.teams else ''}{house}"

    def played(self) -> Variant:
        """The variant as this form plays it (by its house rules)."""
        return get_variant(self.variant, rulings=dict(self.rulings))

    def holds(self, state: State) -> bool:
        return (state.variant, state.players, state.teams) == (
            self.variant,
            self.players,
            self.teams,
        )


def all_forms() -> tuple[Form, ...]:
    """Every form of every built-in variant, in a fixed order."""
    return tuple(
        Form(name, players, teams) for name in implemented() for players, teams in forms(name)
    )


def house_forms(variant: Variant) -> tuple[Form, ...]:
    """Every form of ``variant``, played by its house rules (a set of vectors per reading
    set, when asked)."""
    chosen = variant.house_rules.choices
    return tuple(Form(variant.name, p, t, chosen) for p, t in forms(variant.name))


# ---- one vector -----------------------------------------------------------------------------


def vector(v: Variant, state: State, source: Mapping[str, JSONValue], asked: str | None) -> Vector:
    """The vector of ``state``: its legal actions with the digest of each outcome, a sample
    in full and a sample of near misses with their deciding clauses (``asked``: an illegal
    action a clause test asked about, kept first)."""
    position = dump(state, v)
    listed = v.legal_actions(state)
    actions: list[JSONValue] = []
    full: list[JSONValue] = []
    sampled = {0, len(listed) - 1}
    for index, action in enumerate(listed):
        transition = v.apply(state, action, events=True)
        after = dump(transition.state, v)
        outcome: dict[str, JSONValue] = {
            "action": str(action),
            "digest": digest(after),
            "events": [str(event.kind) for event in transition.events],
            "clauses": list(dict.fromkeys(c for e in transition.events for c in e.clauses)),
        }
        if transition.state.winner:
            outcome["winner"] = list(transition.state.winner)
        actions.append(outcome)
        if index in sampled:
            changed = {key: value for key, value in after.items() if position.get(key) != value}
            full.append({"action": str(action), "changed": changed})
    return {
        "source": dict(source),
        "position": position,
        "digest": digest(position),
        "phase": state.phase.value,
        "to_act": state.to_act,
        "actions": actions,
        "full": full,
        "illegal": _illegal(v, state, listed, asked),
    }


def _illegal(v: Variant, state: State, listed: Sequence[Action], asked: str | None) -> JSONValue:
    """A deterministic sample of the near misses of ``state`` with the clauses deciding each:
    ``asked`` first when given, then one of each kind (drawn by a generator seeded with the
    state's digest), then any that brings a deciding clause not cited yet."""
    known = frozenset(listed)
    judged: list[tuple[str, Action, tuple[str, ...]]] = []
    if asked is not None:
        action = v.parse_action(state, asked)
        judged.append(("clause test", action, v.explain(state, action).clauses))
    for near_miss in near_misses(v, state):
        action = near_miss.variation
        if action in known or not _reads_back(v, state, action):
            continue
        ruling = v.explain(state, action)
        if not ruling.legal:
            judged.append((str(near_miss.kind), action, ruling.clauses))
    chooser = random.Random(state_digest(state))
    picked = [0] if asked is not None else []
    by_kind: dict[str, list[int]] = {}
    for index, (kind, _action, _clauses) in enumerate(judged[len(picked) :], len(picked)):
        by_kind.setdefault(kind, []).append(index)
    picked += [chooser.choice(by_kind[kind]) for kind in sorted(by_kind)]
    cited = {clause for index in picked for clause in judged[index][2]}
    for index, (_kind, _action, clauses) in enumerate(judged):
        if len(picked) >= MAX_ILLEGAL:
            break
        if not set(clauses) <= cited:
            picked.append(index)
            cited.update(clauses)
    out: list[JSONValue] = []
    for index in dict.fromkeys(picked):
        kind, action, clauses = judged[index]
        out.append({"action": str(action), "kind": kind, "clauses": list(clauses)})
    return out


def _reads_back(v: Variant, state: State, action: Action) -> bool:
    """Whether ``action``'s notation reads back as it (a vector gives actions as notation)."""
    try:
        return v.parse_action(state, str(action)) == action
    except NotationError:
        return False


# ---- the positions of a form ----------------------------------------------------------------


def illustration_positions(form: Form) -> Iterator[tuple[State, Vector, str | None]]:
    """The positions the clause tests set up (``specs/illustrations/VARIANT.json``) in
    ``form``, each once (the first test that set it up names it), with the illegal action
    that test asked about."""
    try:
        entries = json.loads(read_text(f"illustrations/{form.variant}.json"))
    except FileNotFoundError:
        return
    seen: set[bytes] = set()
    for entry in entries:
        state = load(entry["position"])
        key = canonical_json(entry["position"])
        if not form.holds(state) or key in seen:
            continue
        seen.add(key)
        refused = entry.get("illegal")
        asked = refused["action"] if isinstance(refused, dict) else None
        source: Vector = {"kind": "clause test", "test": entry["test"], "clauses": entry["clauses"]}
        yield state, source, asked


def random_positions(v: Variant, form: Form) -> Iterator[tuple[State, Vector, str | None]]:
    """Positions of seeded random games in ``form``: the first state of each game, and any
    state that brings a phase, an action kind or a card (as played) not seen before, up to
    :data:`RANDOM_POSITIONS`."""
    seen: set[tuple[str, str | None]] = set()
    taken = 0
    for seed in RANDOM_SEEDS:
        for ply, state in enumerate(random_game(v, form.players, seed, form.teams)):
            if ply >= MAX_PLIES or taken >= RANDOM_POSITIONS:
                break
            features: set[tuple[str, str | None]] = {("phase", state.phase.value)}
            features |= {(str(a.kind), a.plays_as) for a in v.legal_actions(state)}
            if ply == 0 or not features <= seen:
                seen |= features
                taken += 1
                yield state, {"kind": "random", "seed": seed, "ply": ply}, None
    yield from game_end(v, form, RANDOM_SEEDS[0])


def game_end(v: Variant, form: Form, seed: int) -> Iterator[tuple[State, Vector, str | None]]:
    """The last position of a seeded random game (the winning action to take) and the
    position after it (the game over: nothing is legal)."""
    states = list(random_game(v, form.players, seed, form.teams, final=True))
    ply = len(states) - 1
    yield states[-2], {"kind": "random", "seed": seed, "ply": ply - 1}, None
    yield states[-1], {"kind": "random", "seed": seed, "ply": ply}, None


def clause_positions(
    v: Variant, form: Form, shown: set[str]
) -> Iterator[tuple[State, Vector, str | None]]:
    """Positions of the random games :data:`CLAUSE_SEEDS` of ``form`` where a rule clause or
    ruling of the register decides (a listed action's events cite it) that is not in
    ``shown`` yet (the clauses the form's other vectors show deciding): the first such
    position for each, its clauses added to ``shown``."""
    register = {c.id for c in v.clauses if str(c.kind) != "assumption"}
    for seed in CLAUSE_SEEDS:
        for ply, state in enumerate(random_game(v, form.players, seed, form.teams)):
            if ply >= MAX_PLIES or register <= shown:
                break
            cited = {
                clause
                for action in v.legal_actions(state)
                for event in v.apply(state, action, events=True).events
                for clause in event.clauses
            }
            if (cited & register) - shown:
                shown |= cited
                yield state, {"kind": "random", "seed": seed, "ply": ply}, None


def vectors_of(form: Form) -> list[Vector]:
    """Every vector of ``form``: the clause tests' positions, the random ones, then those
    where a clause no vector shows deciding yet decides."""
    v = form.played()
    found = [*illustration_positions(form), *random_positions(v, form)]
    made = [vector(v, state, source, asked) for state, source, asked in found]
    shown = set().union(*(decided(entry) for entry in made))
    made += [vector(v, *position) for position in clause_positions(v, form, shown)]
    return made


def decided(entry: Vector) -> set[str]:
    """The clauses a vector shows deciding: those its clause test is about, those its listed
    actions' events cite and those that refuse its near misses."""
    source = _obj(entry.get("source", {}))
    found = {str(c) for c in _list(source.get("clauses", []))}
    for listed in _list(entry["actions"]):
        found.update(str(c) for c in _list(_obj(listed).get("clauses", [])))
    for refused in _list(entry["illegal"]):
        found.update(str(c) for c in _list(_obj(refused)["clauses"]))
    return found


def covered(vectors: Sequence[Vector], deck: Iterable[str]) -> dict[str, set[str]]:
    """What ``vectors`` cover: the phases of their positions, the cards of ``deck`` (its
    notations) their listed plays play (as written, or as played through a Copy), the kinds
    of action listed, the clauses that decide their near misses (``clauses``) and every
    clause they show deciding (``decided``, see :func:`decided`)."""
    phases: set[str] = set()
    cards: set[str] = set()
    kinds: set[str] = set()
    clauses: set[str] = set()
    shown: set[str] = set()
    # Longest notations first, so that "blue x2" is not read as "blue".
    notations = sorted(deck, key=len, reverse=True)
    kind_names = {kind.value for kind in ActionKind}
    for entry in vectors:
        phases.add(str(entry["phase"]))
        for listed in _list(entry["actions"]):
            text = str(_obj(listed)["action"])
            head = text.split(" ")[0]
            if head in kind_names:
                kinds.add(head)
                continue
            kinds.add(ActionKind.PLAY.value)
            for part in text.split("=", 1) if text.startswith("copy=") else [text]:
                card = next((n for n in notations if part.startswith(n)), None)
                if card is not None:
                    cards.add(card)
        for refused in _list(entry["illegal"]):
            clauses.update(str(c) for c in _list(_obj(refused)["clauses"]))
        shown |= decided(entry)
    return {
        "phases": phases,
        "cards": cards,
        "kinds": kinds,
        "clauses": clauses,
        "decided": shown,
    }


def _list(value: JSONValue) -> list[JSONValue]:
    return value if isinstance(value, list) else []


def _obj(value: JSONValue) -> dict[str, JSONValue]:
    return value if isinstance(value, dict) else {}
