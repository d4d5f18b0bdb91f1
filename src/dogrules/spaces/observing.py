"""The typed observation of a state, found by the state's variant."""

from __future__ import annotations

from dogrules.model.observation import Observation
from dogrules.model.state import State
from dogrules.variants import variant as variant_named


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may see of ``state``, typed (``Variant.observation`` of its variant)."""
    return variant_named(state.variant).observation(state, seat)
