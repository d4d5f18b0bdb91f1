"""dogrules: the reference rules engine for Schmidt's DOG family.

>>> import dogrules
>>> v = dogrules.variant("black-dog")
>>> s = v.new_game(players=4, seed=7)
>>> s.phase
<Phase.SETUP: 'setup'>
>>> str(v.legal_actions(s)[0])
'place T7'
"""

from __future__ import annotations

from dogrules.actions import Action
from dogrules.clauses import Clause
from dogrules.errors import DogRulesError, IllegalAction, InvalidPosition
from dogrules.events import Event
from dogrules.io import dump, load
from dogrules.results import Ruling, Transition
from dogrules.state import Phase, State
from dogrules.variants import VARIANTS, variant
from dogrules.variants.base import Variant

__version__ = "0.1.0"

__all__ = [
    "VARIANTS",
    "Action",
    "Clause",
    "DogRulesError",
    "Event",
    "IllegalAction",
    "InvalidPosition",
    "Phase",
    "Ruling",
    "State",
    "Transition",
    "Variant",
    "__version__",
    "dump",
    "load",
    "variant",
]
