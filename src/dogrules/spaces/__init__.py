"""For bots and reinforcement learning: integer action ids, a dense step-token space with
masks, typed observations and their tensors, and determinization (docs/rl.md).

Needs numpy (the optional extra ``dogrules[rl]``); ``import dogrules`` never imports this
package.
"""

from __future__ import annotations

from dogrules.model.observation import Observation
from dogrules.spaces.ids import ActionSpace, Block
from dogrules.spaces.observing import observe
from dogrules.spaces.sampling import sample_state
from dogrules.spaces.steps import StepSpace
from dogrules.spaces.tensor import Layout, Section, layout, tensor

__all__ = [
    "ActionSpace",
    "Block",
    "Layout",
    "Observation",
    "Section",
    "StepSpace",
    "layout",
    "observe",
    "sample_state",
    "tensor",
]
