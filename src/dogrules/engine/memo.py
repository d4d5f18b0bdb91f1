"""What the engine remembers between calls about the states of one game: the one cache.

A game is played by asking ``legal_actions`` of a state and then ``apply``-ing one of the
actions to that same state object (a frontend asks ``is_legal`` first, then ``apply``). The
:class:`Memo` of a :class:`~dogrules.engine.ruleset.GameRules` keeps what those calls work out, so
that the next call on the same state object need not work it out again:

* the listings of the latest states listed (bounded by ``ACTION_BUDGET`` actions and
  ``ENTRY_BUDGET`` entries, least recently used first out);
* the judge's latest verdict, with the state and action objects it was given;
* the pieces of the latest state read onto a scratch table (or built from one);
* the facts of the latest turn (the seat moved, its partner, the protected fields);
* the latest action the judge carried out part of (a play's movements, on which the disc
  turn is judged): handed once to the carrying out of the same action on the same state;
* the plans of the Partner's split search (the sub-moves a piece may make), by what they
  read of a table (bounded by ``PLANS_BUDGET`` contexts, the oldest first out): many
  positions of a game share them.

Everything is found by the identity of the state object, never by its value: a playout never
meets a state twice, and hashing every new state would cost more than the rare second
listing. An entry holds the objects it is keyed by, so their ids stay theirs while it is
kept. The listings change under the memo's lock (an entry and the count of actions held go
together); every other entry is one attribute, replaced whole, so a reader in another thread
sees an old entry or a new one, never half of one.
``clear()`` forgets everything. docs/dev/representation.md gives the measurements.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, MutableMapping
from typing import Final

from dogrules.model.actions import Action
from dogrules.model.results import Refusal
from dogrules.model.state import State

# How many listed actions the memo may hold in all. A crowded Partner position lists some
# 10,000 (one per distinct outcome), so a bound on entries alone could hold GiBs; this one
# holds some 60 MiB at most. A listing larger than the whole budget is never kept.
ACTION_BUDGET: Final = 200_000
# And how many listings: a listing is asked for again soon after, if ever (``apply``,
# ``is_legal``, ``explain`` of the same state; a bot's look-ahead keeps its state the most
# recent). Few entries are freed soon, while the cycle collector has not yet scanned them.
ENTRY_BUDGET: Final = 8
# Up to this many actions a listing is searched by identity one by one; a longer one is given
# its :class:`Members`.
SCANNED: Final = 16

# How many contexts of split plans (see :meth:`Memo.plans`) the memo keeps: a game meets some
# dozens, each a few hundred sub-moves at most.
PLANS_BUDGET: Final = 256

# The sub-moves of pieces (count and target) by a piece's place and owner, in one context.
SplitPlans = MutableMapping[tuple[int, int], list[tuple[int, int]]]

# The facts a turn reads of a state before any piece moves: the seat whose pieces the actor
# moves, its partner (None outside a team game) and the protected start fields.
TurnFacts = tuple[int, int | None, frozenset[int]]
# The pieces of a state as a scratch table holds them: who stands on each location, how many
# pieces each seat has at home, and the Black Dog's field.
Pieces = tuple[dict[int, int], tuple[int, ...], int | None]


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


class Listing:
    """The legal actions of one state, and the question whether an action is one of them."""

    __slots__ = ("actions", "members")

    def __init__(self, actions: tuple[Action, ...]) -> None:
        self.actions = actions
        self.members = Members(actions) if len(actions) > SCANNED else None

    def holds(self, action: object) -> bool:
        """Whether ``action`` is one of the actions (anything but an Action is not, nor is an
        action with an unhashable field, a list where a tuple belongs)."""
        if not isinstance(action, Action):
            return False
        if self.members is not None:
            try:
                return action in self.members
            except TypeError:
                return False
        for listed in self.actions:
            if listed is action:
                return True
        try:
            return action in self.actions
        except TypeError:
            return False


class Memo:
    """The one cache of a game (see the module's docstring): bounded, thread-safe, cleared
    with :meth:`clear`."""

    __slots__ = (
        "_actions",
        "_carried",
        "_facts",
        "_latest",
        "_listings",
        "_lock",
        "_pieces",
        "_plans",
        "_verdict",
        "action_budget",
        "entry_budget",
        "plans_budget",
    )

    def __init__(
        self,
        action_budget: int = ACTION_BUDGET,
        entry_budget: int = ENTRY_BUDGET,
        plans_budget: int = PLANS_BUDGET,
    ):
        self.action_budget = action_budget
        self.entry_budget = entry_budget
        self.plans_budget = plans_budget
        self._lock = threading.Lock()
        self._listings: OrderedDict[int, tuple[State, Listing]] = OrderedDict()
        self._actions = 0
        self._latest: tuple[State, Listing] | None = None
        self._verdict: tuple[State, Action, Refusal | None] | None = None
        self._pieces: tuple[State, Pieces] | None = None
        self._facts: tuple[State, bool, TurnFacts] | None = None
        self._carried: tuple[State, Action, object] | None = None
        self._plans: dict[Hashable, SplitPlans] = {}

    # ---- listings ------------------------------------------------------------------------
    def listing(self, state: State) -> Listing | None:
        """The kept listing of ``state`` (None: it must be listed)."""
        latest = self._latest
        if latest is not None and latest[0] is state:
            return latest[1]
        if id(state) not in self._listings:
            # Most states asked about are new (every playout's); a writer in another thread
            # can only make this a miss, and a miss lists again.
            return None
        with self._lock:
            entry = self._listings.get(id(state))
            if entry is None:
                return None
            self._listings.move_to_end(id(state))
            self._latest = entry
        return entry[1]

    def keep_listing(self, state: State, actions: tuple[Action, ...]) -> Listing:
        """The listing of ``actions``, kept as the listing of ``state`` when it fits the
        budget (the least recently used listings evicted to make room)."""
        listing = Listing(actions)
        count = len(actions)
        if count > self.action_budget:
            return listing
        key = id(state)
        with self._lock:
            held = self._actions
            if key not in self._listings:
                self._listings[key] = (state, listing)
                held += count
            while held > self.action_budget or len(self._listings) > self.entry_budget:
                held -= len(self._listings.popitem(last=False)[1][1].actions)
            self._actions = held
            self._latest = (state, listing)
        return listing

    @property
    def actions(self) -> int:
        """How many actions the kept listings hold in all."""
        return self._actions

    @property
    def listings(self) -> int:
        """How many listings are kept."""
        return len(self._listings)

    # ---- the judge's verdict -------------------------------------------------------------
    def verdict(self, state: State, action: Action) -> tuple[Refusal | None] | None:
        """The verdict kept for these very objects (a 1-tuple), or None if there is none."""
        kept = self._verdict
        if kept is not None and kept[1] is action and kept[0] is state:
            return (kept[2],)
        return None

    def keep_verdict(self, state: State, action: Action, verdict: Refusal | None) -> None:
        self._verdict = (state, action, verdict)

    # ---- the pieces of a state -----------------------------------------------------------
    def pieces(self, state: State) -> Pieces | None:
        """The pieces kept for ``state`` (the memo's own: copy them before changing them)."""
        kept = self._pieces
        if kept is not None and kept[0] is state:
            return kept[1]
        return None

    def keep_pieces(self, state: State, pieces: Pieces) -> None:
        """Keep ``pieces`` (not changed after) as those of ``state``."""
        self._pieces = (state, pieces)

    # ---- the facts of a turn -------------------------------------------------------------
    def turn_facts(self, state: State, start_protection: bool) -> TurnFacts | None:
        kept = self._facts
        if kept is not None and kept[0] is state and kept[1] == start_protection:
            return kept[2]
        return None

    def keep_turn_facts(self, state: State, start_protection: bool, facts: TurnFacts) -> None:
        self._facts = (state, start_protection, facts)

    # ---- an action carried out in part -------------------------------------------------
    def keep_carried(self, state: State, action: Action, carried: object) -> None:
        """Keep ``carried``, what the judge carried out of ``action`` on ``state``."""
        self._carried = (state, action, carried)

    def take_carried(self, state: State, action: Action) -> object | None:
        """What was kept carried out of these very objects, handed out once (None if
        nothing is kept: the caller carries the action out itself)."""
        kept = self._carried
        if kept is None or kept[0] is not state:
            return None
        with self._lock:
            kept = self._carried
            if kept is None or kept[0] is not state or kept[1] is not action:
                return None
            self._carried = None
        return kept[2]

    # ---- the plans of split searches ----------------------------------------------------
    def plans(self, context: Hashable, make: Callable[[], SplitPlans]) -> SplitPlans:
        """The plans kept for ``context`` (everything they are worked out from), made by
        ``make`` and kept if there are none (the oldest context forgotten to make room). The
        plans fill in as they are asked: two threads filling in the same entry write the
        same sub-moves."""
        kept = self._plans.get(context)
        if kept is not None:
            return kept
        made = make()
        with self._lock:
            kept = self._plans.setdefault(context, made)
            while len(self._plans) > self.plans_budget:
                del self._plans[next(iter(self._plans))]
        return kept

    @property
    def contexts(self) -> int:
        """How many contexts of plans are kept."""
        return len(self._plans)

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._listings.clear()
            self._actions = 0
            self._latest = None
            self._verdict = None
            self._pieces = None
            self._facts = None
            self._carried = None
            self._plans.clear()
