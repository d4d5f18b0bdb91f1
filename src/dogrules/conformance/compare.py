"""Comparing another engine's answers on one position with the reference's.

Legal actions are compared as sets of distinct outcomes, not as spellings: an outcome is the
kind of action, the card spent (and the card a Copy plays as) and the digest of the state it
leads to, so an engine may write an action its own way as long as it lists each outcome once.
Then every listed action is compared move by move: the engine applies the reference's
notation, and the state it reaches (its digest), the winner and the events (where the engine
reports them) must be the reference's, so two outcomes swapped between legal actions are
seen. An outcome only one engine lists, a state, winner or events reached differently, a
verdict or the clauses deciding a refusal that differ: each is a :class:`Disagreement`,
naming the clauses the reference says decide it.

The engine is any :class:`~dogrules.conformance.engines.Engine`: behind the stdio protocol
(``dogrules conform``) or an adapter in-process (the pytest plugin), the same checks.
"""

from __future__ import annotations

import enum
import hashlib
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

import attrs

from dogrules.conformance.client import EngineFault
from dogrules.conformance.engines import Applied, Engine, Listed, Refused
from dogrules.formats.records import canonical_json
from dogrules.formats.states import dump
from dogrules.model.actions import Action
from dogrules.model.errors import DogRulesError
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import State
from dogrules.protocol.shapes import event_json, read_action
from dogrules.variants.facade import Variant

__all__ = ["Disagreement", "Kind", "compare_position"]

# An outcome: kind of action, card, card played through a Copy, digest of the state reached.
OutcomeKey = tuple[str, str | None, str | None, str]


class Kind(enum.StrEnum):
    """What two engines disagree about."""

    MISSING = "outcome not listed"
    EXTRA = "outcome listed that the reference does not"
    DUPLICATE = "outcome listed twice"
    STATE = "different state reached"
    WINNER = "different winner"
    EVENTS = "different events"
    VERDICT = "different verdict"
    CLAUSES = "different deciding clauses"
    PERFT = "different perft count"
    FAULT = "engine failure"


# What a comparison reports: kind, action, what the reference says, what the engine says,
# the clauses deciding it by the reference.
Say = Callable[[Kind, str | None, str, str, Sequence[str]], None]


@attrs.frozen
class Disagreement:
    """One disagreement: ``where`` (a vector id or a game and ply), the position (dumped),
    the action, what the reference and the engine say, and the clauses that decide it by
    the reference; ``minimal``: a smaller position where it persists, when one was found."""

    kind: Kind
    where: str
    position: dict[str, JSONValue]
    action: str | None
    reference: str
    engine: str
    clauses: tuple[str, ...] = ()
    minimal: dict[str, JSONValue] | None = None

    def line(self) -> str:
        """The disagreement in one line."""
        clauses = f" (deciding: {', '.join(self.clauses)})" if self.clauses else ""
        action = f" {self.action}:" if self.action is not None else ""
        return (
            f"[{self.kind}] {self.where}:{action} reference {self.reference}; "
            f"engine {self.engine}{clauses}"
        )

    def describe(self, full: bool = False) -> str:
        """The report's paragraph about it (a dozen lines at most; ``full``: with the whole
        positions, for the details file)."""
        show = _compact if full else _clip
        lines = [
            f"DISAGREE [{self.kind}] at {self.where}",
            f"  action:    {self.action if self.action is not None else '-'}",
            f"  reference: {self.reference}",
            f"  engine:    {self.engine}",
            f"  deciding clauses: {', '.join(self.clauses) or '-'}",
            f"  position:  {_board(self.position)}",
            f"             {show(self.position)}",
        ]
        if self.minimal is not None:
            lines.append(f"  minimal position where it persists: {_board(self.minimal)}")
            lines.append(f"             {show(self.minimal)}")
        return "\n".join(lines)


def _board(position: Mapping[str, JSONValue]) -> str:
    """The part of a position a reader looks at first: pieces, hands, whose turn."""
    parts = [f"{key} {_compact(position.get(key))}" for key in ("pieces", "hands")]
    if position.get("black_dog") is not None:
        parts.append(f"black dog {position.get('black_dog')}")
    parts.append(f"phase {position.get('phase')}, seat {position.get('to_act')} to act")
    return "; ".join(parts)


def _compact(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest_of(data: Mapping[str, JSONValue]) -> str:
    """The digest of a dumped state, as the protocol defines it."""
    return hashlib.sha256(canonical_json(data)).hexdigest()


@attrs.frozen
class Outcome:
    """One of the reference's outcomes of a position: the key it is compared by, its
    notation, the state it leads to (dumped), its events (protocol shape, without their
    text) and the clauses of those events."""

    key: OutcomeKey
    notation: str
    after: dict[str, JSONValue]
    events: tuple[dict[str, JSONValue], ...]
    clauses: tuple[str, ...]


def our_outcomes(v: Variant, state: State) -> tuple[Outcome, ...]:
    """The reference's outcomes of ``state``, in the order it lists its actions."""
    found = []
    for action in v.legal_actions(state):
        transition = v.apply(state, action, events=True)
        after = dump(transition.state, v)
        clauses = tuple(dict.fromkeys(c for e in transition.events for c in e.clauses))
        events = tuple(comparable_event(event_json(e)) for e in transition.events)
        key = (str(action.kind), action.card, action.copied, digest_of(after))
        found.append(Outcome(key, str(action), after, events, clauses))
    return tuple(found)


def comparable_event(event: Mapping[str, JSONValue]) -> dict[str, JSONValue]:
    """An event as compared: every field but its line of English."""
    return {key: value for key, value in event.items() if key != "text"}


def compare_position(
    engine: Engine,
    v: Variant,
    state: State,
    where: str,
    illegal: Sequence[str] = (),
    check_clauses: bool = True,
) -> list[Disagreement]:
    """Every disagreement of ``engine`` with the reference on ``state``: its outcomes as a
    set, then move by move (the state, winner and events each listed action leads to), and
    its verdicts on the ``illegal`` actions (notation). An engine failure is one
    disagreement (FAULT) and ends the comparison of this position."""
    position = dump(state, v)
    found: list[Disagreement] = []

    def say(kind: Kind, action: str | None, ref: str, eng: str, clauses: Sequence[str]) -> None:
        found.append(Disagreement(kind, where, position, action, ref, eng, tuple(clauses)))

    try:
        ours = our_outcomes(v, state)
        _compare_listing(engine, v, state, position, ours, say)
        for outcome in ours:
            _compare_move(engine, position, outcome, check_clauses, say)
        for text in illegal:
            _compare_verdict(engine, v, state, position, text, check_clauses, say)
    except EngineFault as fault:
        say(Kind.FAULT, None, "-", str(fault), ())
    return found


def _compare_listing(
    engine: Engine,
    v: Variant,
    state: State,
    position: dict[str, JSONValue],
    ours: Sequence[Outcome],
    say: Say,
) -> None:
    """The engine's listing as a set of outcomes. An action listed by both under the same
    notation is left to the move-by-move comparison, which says how its outcome differs."""
    theirs: list[tuple[OutcomeKey, str]] = []
    for item in engine.listing(position):
        theirs.append((_key(engine, position, item), item.notation))
    our_count = Counter(outcome.key for outcome in ours)
    their_count = Counter(key for key, _ in theirs)
    if our_count == their_count:
        return
    our_texts = {outcome.notation for outcome in ours}
    their_texts = {text for _, text in theirs}
    for key, text in theirs:
        if their_count[key] > our_count[key] > 0:
            say(Kind.DUPLICATE, text, "lists it once", f"lists it {their_count[key]} times", ())
            their_count[key] = our_count[key]
        if key in our_count or text in our_texts:
            continue
        verdict, deciding = _our_verdict(v, state, text)
        say(Kind.EXTRA, text, verdict, f"lists it (digest {key[3][:12]})", deciding)
    unmatched = our_count - Counter(key for key, _ in theirs)
    for outcome in ours:
        if unmatched[outcome.key] > 0 and outcome.notation not in their_texts:
            unmatched[outcome.key] -= 1
            say(
                Kind.MISSING,
                outcome.notation,
                f"legal (digest {outcome.key[3][:12]})",
                "does not list it",
                outcome.clauses,
            )


def _key(engine: Engine, position: dict[str, JSONValue], item: Listed) -> OutcomeKey:
    digest = item.digest
    if digest is None:
        reached = engine.apply(position, item.notation)
        digest = reached.message if isinstance(reached, Refused) else digest_of(reached.state)
    return (item.kind, item.card, item.copied, digest)


def _compare_move(
    engine: Engine,
    position: dict[str, JSONValue],
    outcome: Outcome,
    check_clauses: bool,
    say: Say,
) -> None:
    """Where the reference's action leads in the engine: the same state (so the same
    winner) and, when it reports them, the same events."""
    text = outcome.notation
    answer = engine.apply(position, text)
    if isinstance(answer, Refused):
        say(Kind.VERDICT, text, "legal", f"refuses it: {answer.message}", outcome.clauses)
        return
    reached = answer.state
    if digest_of(reached) != digest_of(outcome.after):
        ours, theirs = outcome.after.get("winner"), reached.get("winner")
        if ours != theirs:
            say(
                Kind.WINNER,
                text,
                f"winner {_compact(ours)}",
                f"winner {_compact(theirs)}",
                outcome.clauses,
            )
        else:
            say(
                Kind.STATE,
                text,
                f"leads to digest {digest_of(outcome.after)[:12]}",
                _state_diff(outcome.after, reached),
                outcome.clauses,
            )
        return
    _compare_events(answer, outcome, check_clauses, say)


def _compare_events(answer: Applied, outcome: Outcome, check_clauses: bool, say: Say) -> None:
    if answer.events is None:
        return

    def shown(event: Mapping[str, JSONValue]) -> dict[str, JSONValue]:
        kept = comparable_event(event)
        if not check_clauses:
            kept.pop("clauses", None)
        return kept

    ours = [shown(e) for e in outcome.events]
    theirs = [shown(e) for e in answer.events]
    if ours == theirs:
        return
    index = next(
        (i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b),
        min(len(ours), len(theirs)),
    )
    mine = _clip(ours[index]) if index < len(ours) else "no more events"
    yours = _clip(theirs[index]) if index < len(theirs) else "no more events"
    say(
        Kind.EVENTS,
        outcome.notation,
        f"event {index + 1} of {len(ours)}: {mine}",
        f"event {index + 1} of {len(theirs)}: {yours}",
        outcome.clauses,
    )


def _our_verdict(v: Variant, state: State, text: str) -> tuple[str, tuple[str, ...]]:
    """What the reference says of ``text`` and the clauses that decide it."""
    try:
        action = read_action(v, state, text)
    except DogRulesError as exc:
        return f"cannot read it: {exc}", ()
    ruling = v.explain(state, action)
    if ruling.legal:
        return "legal, but it leads elsewhere", ruling.clauses
    return f"illegal: {ruling.text.splitlines()[-1].lstrip('- ')}", ruling.clauses


def _state_diff(ours: Mapping[str, JSONValue], theirs: Mapping[str, JSONValue]) -> str:
    keys = sorted(k for k in set(ours) | set(theirs) if ours.get(k) != theirs.get(k))
    parts = [f"{k}: reference {_clip(ours.get(k))}, engine {_clip(theirs.get(k))}" for k in keys]
    return "reaches another state: " + "; ".join(parts[:4]) if parts else "same state"


def _clip(value: object, width: int = 120) -> str:
    text = _compact(value)
    return text if len(text) <= width else text[:width] + "..."


def _compare_verdict(
    engine: Engine,
    v: Variant,
    state: State,
    position: dict[str, JSONValue],
    text: str,
    check_clauses: bool,
    say: Say,
) -> None:
    try:
        action: Action = read_action(v, state, text)
    except DogRulesError:
        return  # not an action of this game, by the reference: nothing to compare
    ruling = v.explain(state, action)
    answer = engine.explain(position, text)
    if isinstance(answer, Refused):
        say(
            Kind.VERDICT,
            text,
            _verdict(ruling.legal),
            f"cannot judge it: {answer.message}",
            ruling.clauses,
        )
        return
    legal, clauses = answer
    if legal != ruling.legal:
        say(Kind.VERDICT, text, _verdict(ruling.legal), _verdict(legal), ruling.clauses)
    elif check_clauses and not legal and set(clauses) != set(ruling.clauses):
        theirs = ", ".join(clauses) or "none"
        say(
            Kind.CLAUSES,
            text,
            f"illegal by {', '.join(ruling.clauses)}",
            f"illegal by {theirs}",
            ruling.clauses,
        )


def _verdict(legal: bool) -> str:
    return "legal" if legal else "illegal"
