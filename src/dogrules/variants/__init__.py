"""The variants, by name: the registry of rulesets is the only name-keyed table of games.

Everything else that differs by variant (schemas' enums, clause files, render titles, the
invariants a check runs, golden games) is read from the registered rulesets.
"""

from __future__ import annotations

from dogrules.engine.ruleset import Ruleset
from dogrules.variants.agent_dog import AGENT_DOG
from dogrules.variants.black_dog import BLACK_DOG
from dogrules.variants.dog_kids import DOG_KIDS
from dogrules.variants.facade import Variant

VARIANTS: tuple[str, ...] = ("black-dog", "agent-dog", "dog-kids")
_REGISTRY: dict[str, Variant] = {
    ruleset.name: Variant(ruleset) for ruleset in (BLACK_DOG, AGENT_DOG, DOG_KIDS)
}


def variant(name: str) -> Variant:
    """The variant called ``name``; ValueError listing the valid names otherwise."""
    found = _REGISTRY.get(name) if isinstance(name, str) else None
    if found is None:
        raise ValueError(f"unknown variant {name!r}; valid variants: {', '.join(_REGISTRY)}")
    return found


def implemented() -> tuple[str, ...]:
    """The names of every registered variant (the built-in ones first)."""
    return tuple(_REGISTRY)


def rulesets() -> tuple[Ruleset, ...]:
    """Every registered ruleset."""
    return tuple(v.ruleset for v in _REGISTRY.values())


def register(ruleset: Ruleset) -> Variant:
    """Register a new variant at run time (a ruleset composed from the mechanics); ValueError
    when its name is taken or its data do not load."""
    if ruleset.name in _REGISTRY:
        raise ValueError(f"a variant called {ruleset.name!r} is already registered")
    ruleset.deck  # noqa: B018 - refuse broken data before registering
    ruleset.register  # noqa: B018
    _REGISTRY[ruleset.name] = Variant(ruleset)
    return _REGISTRY[ruleset.name]


def unregister(name: str) -> None:
    """Remove a variant registered at run time (the built-in ones stay)."""
    if name in VARIANTS:
        raise ValueError(f"{name!r} is built in and cannot be unregistered")
    _REGISTRY.pop(name, None)
