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

from dogrules.data.register import Clause, Reading
from dogrules.data.version import __version__
from dogrules.engine.choices import Decision, Option, StepKind
from dogrules.engine.table import compiled
from dogrules.formats.history import Game, HistoryError
from dogrules.formats.house_rules import read_house_rules
from dogrules.formats.states import dump, load
from dogrules.model.actions import Action, ActionKind
from dogrules.model.errors import (
    ChoiceError,
    DogRulesError,
    HouseRulesError,
    IllegalAction,
    InvalidArgument,
    InvalidPosition,
    NotationError,
)
from dogrules.model.events import Event, EventKind
from dogrules.model.house_rules import HouseRules
from dogrules.model.results import ReadingVerdict, Refusal, Ruling, Transition
from dogrules.model.state import Phase, State
from dogrules.variants import VARIANTS, variant
from dogrules.variants.facade import Variant

__all__ = [
    "VARIANTS",
    "Action",
    "ActionKind",
    "ChoiceError",
    "Clause",
    "Decision",
    "DogRulesError",
    "Event",
    "EventKind",
    "Game",
    "HistoryError",
    "HouseRules",
    "HouseRulesError",
    "IllegalAction",
    "InvalidArgument",
    "InvalidPosition",
    "NotationError",
    "Option",
    "Phase",
    "Reading",
    "ReadingVerdict",
    "Refusal",
    "Ruling",
    "State",
    "StepKind",
    "Transition",
    "Variant",
    "__version__",
    "compiled",
    "dump",
    "load",
    "read_house_rules",
    "variant",
]
