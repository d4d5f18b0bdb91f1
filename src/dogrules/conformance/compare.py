"""Comparing another engine's answers on one position with the reference's.

Legal actions are compared as sets of distinct outcomes, not as spellings: an outcome is the
kind of action, the card spent (and the card a Copy plays as) and the digest of the state it
leads to, so an engine may write an action its own way as long as it lists each outcome once.
An outcome only one engine lists, a state reached differently, a verdict or the clauses
deciding a refusal that differ: each is a :class:`Disagreement`, naming the clauses the
reference says decide it.
"""

from __future__ import annotations

import enum
import hashlib
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

import attrs

from dogrules.conformance.client import EngineFault, EngineProcess, Fault, state_of
from dogrules.formats.records import canonical_json
from dogrules.formats.states import dump
from dogrules.model.actions import Action
from dogrules.model.errors import DogRulesError
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import State
from dogrules.protocol.shapes import read_action
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

    def describe(self) -> str:
        """The report's paragraph about it."""
        lines = [
            f"DISAGREE [{self.kind}] at {self.where}",
            f"  action:    {self.action if self.action is not None else '-'}",
            f"  reference: {self.reference}",
            f"  engine:    {self.engine}",
            f"  deciding clauses: {', '.join(self.clauses) or '-'}",
            f"  position:  {_board(self.position)}",
            f"             {_compact(self.position)}",
        ]
        if self.minimal is not None:
            lines.append(f"  minimal position where it persists: {_board(self.minimal)}")
            lines.append(f"             {_compact(self.minimal)}")
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
class Ours:
    """The reference's outcomes of a position: each listed action's key, its notation, the
    state it leads to (dumped) and the clauses of the events that make it what it is."""

    actions: tuple[tuple[OutcomeKey, str, dict[str, JSONValue], tuple[str, ...]], ...]


def our_outcomes(v: Variant, state: State) -> Ours:
    """The reference's outcomes of ``state``, in the order it lists its actions."""
    found = []
    for action in v.legal_actions(state):
        transition = v.apply(state, action, events=True)
        after = dump(transition.state, v)
        clauses = tuple(dict.fromkeys(c for e in transition.events for c in e.clauses))
        key = (str(action.kind), action.card, action.copied, digest_of(after))
        found.append((key, str(action), after, clauses))
    return Ours(tuple(found))


def compare_position(
    engine: EngineProcess,
    v: Variant,
    state: State,
    where: str,
    illegal: Sequence[str] = (),
    check_clauses: bool = True,
    apply_sample: int = 1,
) -> list[Disagreement]:
    """Every disagreement of ``engine`` with the reference on ``state``: its outcomes, the
    states the first ``apply_sample`` listed actions lead to through its ``apply``, and its
    verdicts on the ``illegal`` actions (notation). An engine failure is one disagreement
    (FAULT) and ends the comparison of this position."""
    position = dump(state, v)
    found: list[Disagreement] = []

    def say(kind: Kind, action: str | None, ref: str, eng: str, clauses: Sequence[str]) -> None:
        found.append(Disagreement(kind, where, position, action, ref, eng, tuple(clauses)))

    try:
        ours = our_outcomes(v, state)
        _compare_listing(engine, v, state, position, ours, say)
        for _key, text, after, clauses in ours.actions[:apply_sample]:
            answer = _engine_apply(engine, position, text)
            if isinstance(answer, str):
                say(Kind.VERDICT, text, "legal", f"refuses it: {answer}", clauses)
            elif digest_of(answer) != digest_of(after):
                say(
                    Kind.STATE,
                    text,
                    f"apply leads to digest {digest_of(after)[:12]}",
                    _state_diff(after, answer),
                    clauses,
                )
        for text in illegal:
            _compare_verdict(engine, v, state, position, text, check_clauses, say)
    except EngineFault as fault:
        say(Kind.FAULT, None, "-", str(fault), ())
    return found


def _compare_listing(
    engine: EngineProcess,
    v: Variant,
    state: State,
    position: dict[str, JSONValue],
    ours: Ours,
    say: Say,
) -> None:
    answer = engine.request("legal_actions", state=position, outcomes=True)
    listed = answer.get("actions")
    if not isinstance(listed, list) or not all(isinstance(a, dict) for a in listed):
        raise EngineFault(Fault.GARBAGE, "legal_actions", "no list of action objects")
    digests = answer.get("outcomes")
    theirs: list[tuple[OutcomeKey, str]] = []
    for index, item in enumerate(listed):
        assert isinstance(item, dict)
        text = str(item.get("notation"))
        if isinstance(digests, list) and len(digests) == len(listed):
            digest = str(digests[index])
        else:
            reached = _engine_apply(engine, position, text)
            digest = reached if isinstance(reached, str) else digest_of(reached)
        card, copied = item.get("card"), item.get("copied")
        key = (
            str(item.get("kind")),
            None if card is None else str(card),
            None if copied is None else str(copied),
            digest,
        )
        theirs.append((key, text))
    our_count = Counter(key for key, *_ in ours.actions)
    their_count = Counter(key for key, _ in theirs)
    if our_count == their_count:
        return
    by_text = {text: (key, after, clauses) for key, text, after, clauses in ours.actions}
    unmatched_ours = our_count - their_count
    for key, text in theirs:
        if their_count[key] > our_count[key] > 0:
            say(Kind.DUPLICATE, text, "lists it once", f"lists it {their_count[key]} times", ())
            their_count[key] = our_count[key]
        if key in our_count:
            continue
        mine = by_text.get(text)
        if mine is not None and unmatched_ours[mine[0]] > 0:
            unmatched_ours[mine[0]] -= 1
            reached = _engine_apply(engine, position, text)
            if isinstance(reached, str):
                seen = f"lists it, but its apply refuses it: {reached}"
            elif digest_of(reached) == digest_of(mine[1]):
                seen = f"reaches the same state, but gives it the digest {key[3][:12]}"
            else:
                seen = _state_diff(mine[1], reached)
            say(Kind.STATE, text, f"leads to digest {digest_of(mine[1])[:12]}", seen, mine[2])
            continue
        verdict, deciding = _our_verdict(v, state, text)
        say(Kind.EXTRA, text, verdict, f"lists it (digest {key[3][:12]})", deciding)
    for key, text, _after, clauses in ours.actions:
        if unmatched_ours[key] > 0:
            unmatched_ours[key] -= 1
            say(Kind.MISSING, text, f"legal (digest {key[3][:12]})", "does not list it", clauses)


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


def _engine_apply(
    engine: EngineProcess, position: dict[str, JSONValue], text: str
) -> dict[str, JSONValue] | str:
    """The state the engine's ``apply`` reaches, or its error message (an illegal action)."""
    try:
        return state_of(engine.request("apply", state=position, action=text), "apply")
    except EngineFault as fault:
        if fault.fault is Fault.ERROR:
            return fault.detail
        raise


def _state_diff(ours: Mapping[str, JSONValue], theirs: Mapping[str, JSONValue]) -> str:
    keys = sorted(k for k in set(ours) | set(theirs) if ours.get(k) != theirs.get(k))
    parts = [f"{k}: reference {_clip(ours.get(k))}, engine {_clip(theirs.get(k))}" for k in keys]
    return "reaches another state: " + "; ".join(parts[:4]) if parts else "same state"


def _clip(value: object) -> str:
    text = _compact(value)
    return text if len(text) <= 120 else text[:120] + "..."


def _compare_verdict(
    engine: EngineProcess,
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
    try:
        answer = engine.request("explain", state=position, action=text)
    except EngineFault as fault:
        if fault.fault is not Fault.ERROR:
            raise
        say(
            Kind.VERDICT,
            text,
            _verdict(ruling.legal),
            f"cannot judge it: {fault.detail}",
            ruling.clauses,
        )
        return
    legal = answer.get("legal")
    clauses = answer.get("clauses")
    if not isinstance(legal, bool) or not isinstance(clauses, list):
        raise EngineFault(Fault.GARBAGE, "explain", "no 'legal' boolean or 'clauses' list")
    if legal != ruling.legal:
        say(Kind.VERDICT, text, _verdict(ruling.legal), _verdict(legal), ruling.clauses)
    elif check_clauses and not legal and {str(c) for c in clauses} != set(ruling.clauses):
        theirs = ", ".join(str(c) for c in clauses) or "none"
        say(
            Kind.CLAUSES,
            text,
            f"illegal by {', '.join(ruling.clauses)}",
            f"illegal by {theirs}",
            ruling.clauses,
        )


def _verdict(legal: bool) -> str:
    return "legal" if legal else "illegal"
