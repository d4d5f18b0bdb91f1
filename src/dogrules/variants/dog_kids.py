"""DOG Kids: dogs move by colour, hands of 3 refilled after every turn, no rounds.

Reads like the manual: set-up (3 dogs at home, 3 cards each, seat 0 first), entering with a
start-field colour, colour moves with the jump over own dogs and the skip over bones, double
steps, two-colour cards, bone cards, the dog swap, the dog house, the redraw turn, and the
team variant (card swaps, the push, playing for the partner, the team win).
"""

from __future__ import annotations

from dogrules.engine.ruleset import Ruleset
from dogrules.geometry.cards import CardCatalogue, CardFamily, ColourCards, NamedCards
from dogrules.model.state import Phase
from dogrules.rules.kids_cards import BoneCard, ColourCard, DogSwapCard, DoubleCard
from dogrules.rules.kids_round import (
    HAND_SIZE,
    KidsOpening,
    KidsPlay,
    TeamSwap,
    kids_teams,
)
from dogrules.rules.round import GameOver, complete_sides, dealer_left_starts
from dogrules.variants.dog_kids_invariants import check_dog_kids_invariants
from dogrules.variants.dog_kids_part import TEAM_SWAP_PART

CATALOGUE = CardCatalogue(
    (
        NamedCards(
            {
                "bone": (CardFamily.BONE, (), ("KD-BONE",)),
                "dogswap": (CardFamily.DOGSWAP, (), ("KD-DOGSWAP",)),
            }
        ),
        ColourCards(colour=("KD-COLOUR",), double=("KD-DOUBLE",), two_colour=("KD-TWO-COLOUR",)),
    )
)

COLOUR_MOVES = ColourCard()

DOG_KIDS = Ruleset(
    name="dog-kids",
    title="DOG Kids",
    clause_files=("clauses/dog-kids.toml",),
    layout_file="layouts/dog-kids.toml",
    catalogue=CATALOGUE,
    phases={
        Phase.EXCHANGE: TeamSwap(),
        Phase.PLAY: KidsPlay(
            cards={
                CardFamily.COLOUR: COLOUR_MOVES,
                CardFamily.TWO_COLOUR: COLOUR_MOVES,
                CardFamily.DOUBLE: DoubleCard(),
                CardFamily.BONE: BoneCard(),
                CardFamily.DOGSWAP: DogSwapCard(),
            }
        ),
        Phase.OVER: GameOver(("KD-WIN", "KD-TEAM-WIN")),
    },
    opening=KidsOpening(),
    teams_for=kids_teams,
    starter=dealer_left_starts,
    complete_sides=complete_sides,
    part=TEAM_SWAP_PART,
    hand_size=HAND_SIZE,
    plays_in_rounds=False,
    start_protection=False,
    acting_needs_cards=False,
    invariants=(check_dog_kids_invariants,),
)
