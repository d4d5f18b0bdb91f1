"""The model objects a playout builds at every step, built without their ``__init__``.

An attrs frozen class's ``__init__`` sets each field through ``object.__setattr__`` looked
up and called as a Python method (the class refuses plain assignment): several hundred
machine instructions a field, the larger part of what the compiled engine
(``tools/build_compiled.py``) spends on a listed action. Compiled, the same
``object.__setattr__(obj, name, value)`` written here is one C call; run as Python it costs
more than the ``__init__`` (which looks the method up once), so there the module's names are
builders that set each field by plain assignment in an unfrozen subclass of the class, which
the object then leaves (its ``__class__`` assigned). The objects are the classes' own,
every field (the hash cache too) set as their ``__init__`` sets it, for the classes have no
converters or validators; a test builds each every way and compares every slot
(tests/test_instances.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from dogrules.geometry.cards import CardFamily
from dogrules.model.actions import Action, ActionKind, Notation
from dogrules.model.events import Event
from dogrules.model.results import Transition
from dogrules.model.state import Extra, Phase, State

# attrs' name of the slot of a class made with ``cache_hash=True``: None until first hashed.
HASH_CACHE: Final = "_attrs_cached_hash"
# Read once: compiled, ``object.__new__`` is two look-ups by name each time, and a class
# imported from a Python module one look-up in this module's globals each time it is named.
_NEW: Final = object.__new__
_ACTION: Final = Action
_STATE: Final = State
_TRANSITION: Final = Transition

# The enum members a playout compares with at every step, read once: a member read off its
# class is a look-up by name each time (several hundred instructions, compiled or not).
PLAY: Final = ActionKind.PLAY
GIVE: Final = ActionKind.GIVE
FOLD: Final = ActionKind.FOLD
DISCARD: Final = ActionKind.DISCARD
PLACE: Final = ActionKind.PLACE
COPY: Final = CardFamily.COPY


def action(
    kind: ActionKind,
    card: str | None,
    copied: str | None,
    moves: tuple[tuple[int, int], ...],
    field: int | None,
    chosen: str | None,
    turn: str | None,
    notation: Notation | None,
) -> Action:
    """``Action(kind, card, copied, moves, field, chosen, turn, notation)``."""
    made: Action = _NEW(_ACTION)
    object.__setattr__(made, "kind", kind)
    object.__setattr__(made, "card", card)
    object.__setattr__(made, "copied", copied)
    object.__setattr__(made, "moves", moves)
    object.__setattr__(made, "field", field)
    object.__setattr__(made, "chosen", chosen)
    object.__setattr__(made, "turn", turn)
    object.__setattr__(made, "notation", notation)
    object.__setattr__(made, HASH_CACHE, None)
    return made


def state(
    variant: str,
    players: int,
    phase: Phase,
    to_act: int,
    pieces: tuple[tuple[int, ...], ...],
    hands: tuple[tuple[str, ...], ...],
    deck: tuple[str, ...],
    discard: tuple[str, ...],
    exchange: tuple[str | None, ...],
    dealer: int,
    round: int,
    last_played: str | None,
    redrawn: bool,
    seed: int,
    shuffles: int,
    winner: tuple[int, ...],
    teams: bool,
    extra: Extra | None,
) -> State:
    """``State(...)``, every field given by position."""
    made: State = _NEW(_STATE)
    object.__setattr__(made, "variant", variant)
    object.__setattr__(made, "players", players)
    object.__setattr__(made, "phase", phase)
    object.__setattr__(made, "to_act", to_act)
    object.__setattr__(made, "pieces", pieces)
    object.__setattr__(made, "hands", hands)
    object.__setattr__(made, "deck", deck)
    object.__setattr__(made, "discard", discard)
    object.__setattr__(made, "exchange", exchange)
    object.__setattr__(made, "dealer", dealer)
    object.__setattr__(made, "round", round)
    object.__setattr__(made, "last_played", last_played)
    object.__setattr__(made, "redrawn", redrawn)
    object.__setattr__(made, "seed", seed)
    object.__setattr__(made, "shuffles", shuffles)
    object.__setattr__(made, "winner", winner)
    object.__setattr__(made, "teams", teams)
    object.__setattr__(made, "extra", extra)
    object.__setattr__(made, HASH_CACHE, None)
    return made


def transition(
    new: State,
    events: tuple[Event, ...] | None,
    told: Callable[[], tuple[Event, ...]] | None = None,
) -> Transition:
    """``Transition(new, events)``, or ``Transition.deferred(new, told)`` (``events`` None)."""
    made: Transition = _NEW(_TRANSITION)
    object.__setattr__(made, "state", new)
    object.__setattr__(made, "_events", events)
    object.__setattr__(made, "_told", told)
    return made


def deferring(made: Transition, told: Callable[[], tuple[Event, ...]]) -> Transition:
    """``made``, a transition just built by a carrying out that recorded nothing and not yet
    handed to anyone, made ``Transition.deferred(made.state, told)`` in place: ``apply``
    builds one transition an action, not a second to wrap the first's state."""
    object.__setattr__(made, "_events", None)
    object.__setattr__(made, "_told", told)
    return made


def _unfrozen(cls: type) -> type:
    """A subclass of the attrs class ``cls`` with its slots and no more, whose fields are set
    by plain assignment (``object``'s own ``__setattr__``, so also no ``__delattr__`` of
    ``cls``: either would make every assignment a call of a Python method)."""
    return type(
        cls.__name__,
        (cls,),
        {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__},
    )


# Run as Python, a model object is built in its class's unfrozen subclass, then made one of
# the class by assigning its ``__class__`` (the layouts are the same, so Python allows it):
# each field is an attribute store the interpreter specialises, not a call. An Action costs
# some 3,900 machine instructions so, 8,800 with each slot's own setter called and 10,800
# with its ``__init__`` (Valgrind counts); a search lists thousands a call. A field added to
# a class and not to its builder is left unset (tests/test_instances.py fails).
_ACTION_UNFROZEN: Final = _unfrozen(Action)
_STATE_UNFROZEN: Final = _unfrozen(State)
_TRANSITION_UNFROZEN: Final = _unfrozen(Transition)


def action_by_class(
    kind: ActionKind,
    card: str | None,
    copied: str | None,
    moves: tuple[tuple[int, int], ...],
    field: int | None,
    chosen: str | None,
    turn: str | None,
    notation: Notation | None,
) -> Action:
    """``Action(kind, card, copied, moves, field, chosen, turn, notation)``, as Python."""
    made: Any = _NEW(_ACTION_UNFROZEN)
    made.kind = kind
    made.card = card
    made.copied = copied
    made.moves = moves
    made.field = field
    made.chosen = chosen
    made.turn = turn
    made.notation = notation
    made._attrs_cached_hash = None
    # An Action from here on, frozen as any other.
    made.__class__ = Action
    action: Action = made
    return action


def state_by_class(
    variant: str,
    players: int,
    phase: Phase,
    to_act: int,
    pieces: tuple[tuple[int, ...], ...],
    hands: tuple[tuple[str, ...], ...],
    deck: tuple[str, ...],
    discard: tuple[str, ...],
    exchange: tuple[str | None, ...],
    dealer: int,
    round: int,
    last_played: str | None,
    redrawn: bool,
    seed: int,
    shuffles: int,
    winner: tuple[int, ...],
    teams: bool,
    extra: Extra | None,
) -> State:
    """``State(...)``, every field given by position, as Python (see ``action_by_class``)."""
    made: Any = _NEW(_STATE_UNFROZEN)
    made.variant = variant
    made.players = players
    made.phase = phase
    made.to_act = to_act
    made.pieces = pieces
    made.hands = hands
    made.deck = deck
    made.discard = discard
    made.exchange = exchange
    made.dealer = dealer
    made.round = round
    made.last_played = last_played
    made.redrawn = redrawn
    made.seed = seed
    made.shuffles = shuffles
    made.winner = winner
    made.teams = teams
    made.extra = extra
    made._attrs_cached_hash = None
    made.__class__ = State
    built: State = made
    return built


def transition_by_class(
    new: State,
    events: tuple[Event, ...] | None,
    told: Callable[[], tuple[Event, ...]] | None = None,
) -> Transition:
    """``Transition(new, events, told)``, as Python (see ``action_by_class``; every ``apply``
    of a playout builds one)."""
    made: Any = _NEW(_TRANSITION_UNFROZEN)
    made.state = new
    made._events = events
    made._told = told
    made.__class__ = Transition
    built: Transition = made
    return built


# A Transition already built refuses plain stores (and its ``__class__`` store: it is frozen);
# its slots' own setters, read once, do not.
_TRANSITION_EVENTS: Final[Callable[[object, object], None]] = vars(Transition)["_events"].__set__
_TRANSITION_TOLD: Final[Callable[[object, object], None]] = vars(Transition)["_told"].__set__


def deferring_by_slots(made: Transition, told: Callable[[], tuple[Event, ...]]) -> Transition:
    """``deferring(made, told)``, as Python, through the slots' own setters."""
    _TRANSITION_EVENTS(made, None)
    _TRANSITION_TOLD(made, told)
    return made


# The builders, whatever the names above are bound to below (the tests compare them).
BUILDERS = (action, state, transition, deferring)
PYTHON_BUILDERS = (action_by_class, state_by_class, transition_by_class, deferring_by_slots)

if __file__.endswith(".py"):
    # Run as Python (not compiled, see above): ``object.__setattr__`` is a look-up by name each
    # time, dearer than the classes' own ``__init__``, and either dearer than these.
    globals().update(
        action=action_by_class,
        state=state_by_class,
        transition=transition_by_class,
        deferring=deferring_by_slots,
    )
