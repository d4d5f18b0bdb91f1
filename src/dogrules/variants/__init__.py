"""The variants, by name. The only module (with the CLI) that imports a variant."""

from __future__ import annotations

from dogrules.variants.agent_dog import AgentDog
from dogrules.variants.base import Variant
from dogrules.variants.black_dog import BlackDog
from dogrules.variants.dog_kids import DogKids

VARIANTS: tuple[str, ...] = ("black-dog", "agent-dog", "dog-kids")
_IMPLEMENTED: dict[str, Variant] = {
    "black-dog": BlackDog(),
    "agent-dog": AgentDog(),
    "dog-kids": DogKids(),
}


def variant(name: str) -> Variant:
    """The variant called ``name``; ValueError listing the valid names otherwise."""
    if name not in VARIANTS:
        raise ValueError(f"unknown variant {name!r}; valid variants: {', '.join(VARIANTS)}")
    if name not in _IMPLEMENTED:
        raise ValueError(
            f"variant {name!r} is not implemented yet; implemented: {', '.join(_IMPLEMENTED)}"
        )
    return _IMPLEMENTED[name]


def implemented() -> tuple[str, ...]:
    """The variant names this version can play."""
    return tuple(_IMPLEMENTED)
