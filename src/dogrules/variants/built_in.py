"""The built-in variants, in the order the registry lists them, and the state parts format 1
writes for every state.

A dump (``dogrules.dump``) and a seat's view (``Variant.observe``) of any state carry the
keys of the built-in variants' own parts (the Black Dog, a team card swap), blank where the
state keeps none, so that every file of format 1 has one shape; a variant registered at run
time adds its own part's keys to its own states only.
"""

from __future__ import annotations

from dogrules.engine.parts import VariantPart
from dogrules.engine.ruleset import Ruleset
from dogrules.variants.agent_dog import AGENT_DOG
from dogrules.variants.black_dog import BLACK_DOG
from dogrules.variants.dog_kids import DOG_KIDS

BUILT_IN: tuple[Ruleset, ...] = (BLACK_DOG, AGENT_DOG, DOG_KIDS)
STANDARD_PARTS: tuple[VariantPart, ...] = tuple(
    ruleset.part for ruleset in BUILT_IN if ruleset.part is not None
)


def parts_written(ruleset: Ruleset) -> tuple[VariantPart, ...]:
    """The parts whose keys a state of ``ruleset`` carries: the built-in variants' parts,
    then the ruleset's own when it is none of them."""
    own = ruleset.part
    if own is None or any(own is part for part in STANDARD_PARTS):
        return STANDARD_PARTS
    return (*STANDARD_PARTS, own)
