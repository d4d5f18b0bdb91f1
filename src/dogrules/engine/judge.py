"""The judge: one verdict on any action, and the three public operations built on it.

``legal_actions`` lists what the phase rule's mechanics offer (each candidate pruned by the
same checks the judge runs), ``apply`` carries out a listed action at once and judges any
other, and ``explain`` gives the judge's refusal or the events the action causes.
"""

from __future__ import annotations

import functools
import gc
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

import attrs

from dogrules.engine import instances
from dogrules.engine.ruleset import Game
from dogrules.model.actions import Action, shape_fault
from dogrules.model.errors import IllegalAction
from dogrules.model.events import Event
from dogrules.model.results import Refusal, Ruling, Transition
from dogrules.model.state import State

# Read once: compiled, ``gc.isenabled`` is a look-up in the module's globals and another on
# the gc module each time, and every listing calls all three (``apply`` one partial).
_partial: Final = functools.partial
_gc_isenabled: Final = gc.isenabled
_gc_disable: Final = gc.disable
_gc_enable: Final = gc.enable


def judge(game: Game, state: State, action: Action) -> Refusal | None:
    """Why ``action`` is not legal in ``state``, citing the game's own clauses; None when it
    is legal."""
    _require_action(action)
    known = _last_verdict.of(game, state, action)
    if known is not None:
        return known[0]
    verdict = _verdict(game, state, action)
    _last_verdict.keep(game, state, action, verdict)
    return verdict


def _verdict(game: Game, state: State, action: Action) -> Refusal | None:
    fault = shape_fault(action, game.board)
    if fault is not None:
        return Refusal(game.cite(("R-C12", "R-K2")), f"not an action of this game: {fault}")
    rule = game.ruleset.phases.get(state.phase)
    if rule is None:
        return Refusal(
            game.cite(("R-C12", "R-K2")), f"{game.ruleset.name} has no {state.phase} phase"
        )
    refusal = rule.check(game, state, action)
    if refusal is None:
        return None
    return Refusal(game.cite(refusal.clauses), refusal.reason)


class LastVerdict:
    """The judge's latest verdict, kept with the game, state and action objects it was given:
    ``apply`` or ``explain`` right after ``is_legal`` of the same objects (a frontend checks a
    move, then makes it; the invariant checks ask all three of every near miss) is judged
    once. Found by identity, as the listing cache finds its states: the three are frozen."""

    __slots__ = ("_entry", "cache_clear")

    def __init__(self) -> None:
        # One attribute, replaced whole, so another thread sees an old entry or a new one.
        self._entry: tuple[Game, State, Action, Refusal | None] | None = None
        # An attribute, as ListingCache's: whoever clears every cache_clear of a module (the
        # test tracer, before each clause test) must find it.
        self.cache_clear: Callable[[], None] = self._clear

    def of(self, game: Game, state: State, action: Action) -> tuple[Refusal | None] | None:
        """The verdict kept for these very objects (a 1-tuple), or None if there is none."""
        entry = self._entry
        if entry is not None and entry[2] is action and entry[1] is state and entry[0] is game:
            return (entry[3],)
        return None

    def keep(self, game: Game, state: State, action: Action, verdict: Refusal | None) -> None:
        self._entry = (game, state, action, verdict)

    def _clear(self) -> None:
        self._entry = None


_last_verdict: Final = LastVerdict()


def legal_actions(game: Game, state: State) -> tuple[Action, ...]:
    """Every legal action, each once, in a stable order; empty only when the game is over."""
    return _listed(game, state)[0]


def is_legal(game: Game, state: State, action: Action) -> bool:
    """Whether the judge accepts ``action`` (a listed action is accepted at once)."""
    if _listed.holds(game, state, action):
        return True
    return judge(game, state, action) is None


def apply(game: Game, state: State, action: Action, events: bool = False) -> Transition:
    """The state after ``action`` and its events; IllegalAction (state untouched) naming
    the deciding clauses when the judge refuses it. The events are worked out when first
    read, unless the caller says it will read them (``events``): then the action is carried
    out once, recording."""
    # The hot path of every playout: an action of a kept listing is recognised by its
    # identity. A state not listed lately is not listed now: the judge's verdict is the
    # same, and costs one check, not a whole listing.
    if not _listed.holds(game, state, action):
        refusal = judge(game, state, action)
        if refusal is not None:
            raise IllegalAction(
                f"{written(game, state, action)} is not legal here: {refusal.reason} "
                f"[{', '.join(refusal.clauses)}]",
                refusal.clauses,
                (refusal.reason,),
            )
    if events:
        return carry_out(game, state, action)
    # Carried out by the phase rule itself (``carry_out`` returns what it makes when nothing is
    # recorded), and the transition it built is the one handed out, its events deferred.
    carried = game.ruleset.phases[state.phase].carry_out(game, state, action, False)
    return instances.deferring(carried, _partial(_events, game, state, action))


def explain(game: Game, state: State, action: Action) -> Ruling:
    """The judge's verdict on ``action``: the refusal, or the events it would cause."""
    refusal = judge(game, state, action)
    if refusal is not None:
        text = f"{written(game, state, action)}: not legal.\n- {refusal.reason}"
        return Ruling(False, refusal.clauses, (), text)
    transition = carry_out(game, state, action)
    cited: dict[str, None] = {}
    for event in transition.events:
        cited.update(dict.fromkeys(event.clauses))
    lines = [f"{written(game, state, action)}: legal."]
    lines += [f"- {e.describe()}" for e in transition.events]
    return Ruling(True, tuple(cited), transition.events, "\n".join(lines))


def _require_action(action: object) -> None:
    # A wrong type is the caller's mistake, not a move of the game: TypeError, as for state.
    if not isinstance(action, Action):
        raise TypeError(f"action must be a dogrules Action, got {type(action).__name__}")


def written(game: Game, state: State, action: object) -> str:
    """An action as its notation for the seat to act (whatever context it was built in)."""
    if not isinstance(action, Action):
        return repr(action)
    return str(action.seen_by(game.notation(state.to_act)))


def carry_out(game: Game, state: State, action: Action, record: bool = True) -> Transition:
    """Carry out an action the judge accepts; its events (none unless it ``record``s) cite
    the game's own clauses."""
    transition = game.ruleset.phases[state.phase].carry_out(game, state, action, record)
    if not record:
        return transition
    return Transition(transition.state, tuple(_cited(game, e) for e in transition.events))


def _events(game: Game, state: State, action: Action) -> tuple[Event, ...]:
    # What ``apply`` defers: the same carrying out, recording this time.
    return carry_out(game, state, action).events


def _cited(game: Game, event: Event) -> Event:
    clauses = game.cite(event.clauses)
    return event if clauses == event.clauses else attrs.evolve(event, clauses=clauses)


# Up to this many actions a listing is searched by identity one by one (cheaper than a set
# of ids, which is built only for a longer listing, when first asked).
SCANNED: Final = 16


class Members:
    """Which actions a listing longer than ``SCANNED`` holds: a listed object (what every
    playout applies) is recognised by its identity at once; an equal action built elsewhere
    (parsed from text, say) after one pass that hashes the whole listing, kept for the next
    question."""

    __slots__ = ("_actions", "_ids", "_values")

    def __init__(self, actions: tuple[Action, ...]) -> None:
        self._actions = actions
        self._ids: frozenset[int] | None = None
        self._values: frozenset[Action] | None = None

    def __contains__(self, action: object) -> bool:
        if self._ids is None:
            # Ids stay valid: the listing keeps its actions alive.
            self._ids = frozenset(map(id, self._actions))
        if id(action) in self._ids:
            return True
        if self._values is None:
            self._values = frozenset(self._actions)
        return action in self._values


# The actions and, for a listing longer than ``SCANNED``, its Members: most listings are
# short, and no object built for each of them is cheaper than one.
Listing = tuple[tuple[Action, ...], Members | None]
# A kept listing with the game and the state object it lists.
Entry = tuple[Game, State, Listing]

# How many listed actions the cache may hold in all. A crowded Partner position lists some
# 10,000 (one per distinct outcome), so a bound on entries alone could hold GiBs; this one
# holds some 60 MiB at most.
ACTION_BUDGET = 200_000
# And how many entries: a finished game lists none, and such entries cost memory too. A
# listing is asked for again soon after, if ever (``apply``, ``is_legal``, ``explain`` of the
# same state, a bot's look-ahead, which applies each action to the state it listed and so
# keeps that entry the most recent); the objects of the entries kept pile up in the cycle
# collector's youngest generation (the old ones evicted offset their count, so they trigger
# no collection) until one scans them all: with 512 entries a Black DOG 4p playout spent some
# 17,000 instructions a decision (4%) in the collector, with 64 some 6,000, with 8 about
# 1,000. An entry evicted soon is freed while its objects are still in the processor's
# caches, too: freeing an entry kept for 64 decisions is most of the time ``__call__`` takes
# in a profile, for its few instructions.
ENTRY_BUDGET = 8


class ListingCache:
    """The legal actions of the latest states asked about, each found by the identity of
    its state object (a state built again, equal but another object, is listed again: a
    playout never meets a state twice, and hashing every new state would cost more than
    the rare second listing); least recently used evicted first once the entries hold more
    than ``action_budget`` actions or number more than ``entry_budget``; a listing larger
    than the whole budget is never kept.

    ``apply`` right after ``legal_actions`` on the same state (every playout) finds the
    listing here and recognises a listed action by its identity."""

    def __init__(self, action_budget: int, entry_budget: int) -> None:
        self.action_budget = action_budget
        self.entry_budget = entry_budget
        # Keyed by the ids of the game and the state; the entry holds both objects, so
        # their ids stay theirs while it is kept.
        self._entries: OrderedDict[tuple[int, int], Entry] = OrderedDict()
        self._actions = 0
        # The latest listing asked for: ``apply`` right after ``legal_actions`` on the same
        # state object (every playout) skips locking and reordering. One attribute, replaced
        # whole, so a reader in another thread sees an old entry or a new one, never half.
        self._latest: Entry | None = None
        # Readers and writers in other threads must not see an entry counted but not stored.
        self._lock = threading.Lock()
        # An attribute of the cache, not a method of its class: whoever clears every
        # ``cache_clear`` of a module (as the test tracer does) must find it on the cache only.
        self.cache_clear: Callable[[], None] = self._clear

    def __call__(self, game: Game, state: State) -> Listing:
        """The listing of ``state``, from the cache or listed now (and kept)."""
        key = (id(game), id(state))
        if key in self._entries:
            listing = self.kept(game, state)
            if listing is not None:
                return listing
        rule = game.ruleset.phases.get(state.phase)
        # Listing a crowded position allocates tens of thousands of small objects that form
        # no reference cycle; the cycle collector, triggered by their count alone, would scan
        # them (and the whole heap) again and again for nothing. It runs as usual afterwards.
        collecting = _gc_isenabled()
        _gc_disable()
        try:
            actions = () if rule is None else tuple(rule.actions(game, state))
        finally:
            if collecting:
                _gc_enable()
        count = len(actions)
        listing = actions, (Members(actions) if count > SCANNED else None)
        budget = self.action_budget
        if count > budget:
            return listing
        entry = (game, state, listing)
        self._latest = entry
        entries, lock = self._entries, self._lock
        # Acquired and released, not ``with``: its ``__exit__`` is a call with three
        # arguments, and every playout's listing passes here.
        lock.acquire()
        try:
            held = self._actions
            if key not in entries:
                entries[key] = entry
                held += count
            while held > budget or len(entries) > self.entry_budget:
                held -= len(entries.popitem(last=False)[1][2][0])
            self._actions = held
        finally:
            lock.release()
        return listing

    def holds(self, game: Game, state: State, action: object) -> bool:
        """Whether the kept listing of ``state`` holds ``action`` (False when none is kept).
        Anything but an Action is in no listing (the judge then refuses its type), nor is
        an action with an unhashable field (a list where a tuple belongs)."""
        latest = self._latest
        # The latest listing read here, not through ``kept``: the call is most of the cost.
        if latest is not None and latest[1] is state and latest[0] is game:
            listing: Listing | None = latest[2]
        else:
            listing = self.kept(game, state)
        if listing is None or not isinstance(action, Action):
            return False
        actions, members = listing
        if members is None:
            # A short listing (most, every playout's): a listed action is found by its
            # identity, here; an equal one built elsewhere (rare) by hashing the listing.
            for listed in actions:
                if listed is action:
                    return True
        try:
            return action in (frozenset(actions) if members is None else members)
        except TypeError:
            return False

    def kept(self, game: Game, state: State) -> Listing | None:
        """The listing of ``state`` if the cache holds it (None: it would have to be listed)."""
        latest = self._latest
        if latest is not None and latest[1] is state and latest[0] is game:
            return latest[2]
        key = (id(game), id(state))
        if key not in self._entries:
            # Most states asked about are new (every playout's): no lock taken to say so, for
            # a writer in another thread can only make this a miss, and a miss lists again.
            return None
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries.move_to_end(key)
        self._latest = entry
        return entry[2]

    @property
    def actions(self) -> int:
        """How many actions the kept listings hold in all."""
        return self._actions

    def __len__(self) -> int:
        return len(self._entries)

    def _clear(self) -> None:
        # Forget every listing (``cache_clear``, as functools caches have it).
        with self._lock:
            self._entries.clear()
            self._actions = 0
            self._latest = None


_listed: Final = ListingCache(ACTION_BUDGET, ENTRY_BUDGET)
