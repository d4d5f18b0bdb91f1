"""The model objects a playout builds at every step, built without their ``__init__``.

An attrs frozen class's ``__init__`` sets each field through ``object.__setattr__`` looked
up and called as a Python method (the class refuses plain assignment): several hundred
machine instructions a field, the larger part of what the compiled engine
(``tools/build_compiled.py``) spends on a listed action. Compiled, the same
``object.__setattr__(obj, name, value)`` written here is one C call; run as Python it costs
more than the ``__init__`` (which looks the method up once), so there the module's names are
the classes themselves. The objects are the classes' own, every field (the hash cache too)
set as their ``__init__`` sets it, for the classes have no converters or validators; a test
builds each both ways and compares every slot (tests/test_instances.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from dogrules.geometry.cards import CardFamily
from dogrules.model.actions import Action, ActionKind, Notation
from dogrules.model.events import Event
from dogrules.model.results import Transition
from dogrules.model.state import Extra, Phase, State

# attrs' name of the slot of a class made with ``cache_hash=True``: None until first hashed.
HASH_CACHE = "_attrs_cached_hash"
# Read once: compiled, ``object.__new__`` is two look-ups by name each time.
_NEW: Final = object.__new__

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
    made: Action = _NEW(Action)
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
    made: State = _NEW(State)
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
    made: Transition = _NEW(Transition)
    object.__setattr__(made, "state", new)
    object.__setattr__(made, "_events", events)
    object.__setattr__(made, "_told", told)
    return made


# The builders, whatever the names above are bound to below (the tests compare them).
BUILDERS = (action, state, transition)

if __file__.endswith(".py"):
    # Run as Python (not compiled, see above): the classes' own ``__init__`` are faster.
    globals().update(action=Action, state=State, transition=Transition)
