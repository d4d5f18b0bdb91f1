"""The variants, by name: the registry of rulesets is the only name-keyed table of games.

Everything else that differs by variant (schemas' enums, clause files, render titles, the
invariants a check runs, golden games) is read from the registered rulesets.
"""

from __future__ import annotations

from collections.abc import Mapping

from dogrules.engine.ruleset import Ruleset
from dogrules.geometry.board import layout_values
from dogrules.model.house_rules import HouseRules
from dogrules.variants.built_in import BUILT_IN
from dogrules.variants.facade import Variant

# The names of the built-in variants, in order (a variant registered at run time comes after).
VARIANTS: tuple[str, ...] = tuple(ruleset.name for ruleset in BUILT_IN)
_REGISTRY: dict[str, Variant] = {ruleset.name: Variant(ruleset) for ruleset in BUILT_IN}


def variant(name: str, rulings: Mapping[str, str] | HouseRules | None = None) -> Variant:
    """The variant called ``name``, played by the house rules ``rulings`` (ruling id ->
    reading name, see ``dogrules rulings VARIANT``; none: the reference readings); ValueError
    listing the valid names otherwise (TypeError when ``name`` is not a string;
    HouseRulesError, a ValueError, naming an unknown ruling or reading and the valid ones)."""
    if not isinstance(name, str):
        raise TypeError(f"name must be a variant name (str), got {type(name).__name__}")
    found = _REGISTRY.get(name)
    if found is None:
        raise ValueError(f"unknown variant {name!r}; valid variants: {', '.join(_REGISTRY)}")
    if rulings is None:
        return found
    ruled = found.with_house_rules(rulings)
    return found if ruled == found else ruled


def title(name: str) -> str:
    """The title of the variant called ``name`` ("Black DOG"); its name when none is
    registered under it (a picture or page of a variant since unregistered)."""
    found = _REGISTRY.get(name)
    return name if found is None else found.title


def implemented() -> tuple[str, ...]:
    """The names of every registered variant (the built-in ones first)."""
    return tuple(_REGISTRY)


def rulesets() -> tuple[Ruleset, ...]:
    """Every registered ruleset."""
    return tuple(v.ruleset for v in _REGISTRY.values())


def forms(name: str) -> tuple[tuple[int, bool], ...]:
    """The forms a variant is played in, as (players, teams): every player count its board
    data allow, with the team flag that count plays with, plus an optional team form."""
    ruleset = variant(name).ruleset
    counts = layout_values(ruleset.layout_data, ruleset.where).get("quadrants_by_players", {})
    found: list[tuple[int, bool]] = []
    for players in sorted(int(p) for p in counts) if isinstance(counts, dict) else ():
        for teams in (None, True):
            try:
                form = (players, ruleset.teams_for(players, teams))
            except ValueError:
                continue
            if form not in found:
                found.append(form)
    return tuple(found)


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


def form_names(name: str) -> tuple[tuple[str, int, bool], ...]:
    """Each form of a variant with a name for it: ``black-dog-4p``, ``dog-kids-4p-teams``
    (the team flag is part of the name only where the same count also plays without)."""
    played = forms(name)
    named = []
    for players, teams in played:
        optional = teams and (players, False) in played
        named.append((f"{name}-{players}p{'-teams' if optional else ''}", players, optional))
    return tuple(named)
