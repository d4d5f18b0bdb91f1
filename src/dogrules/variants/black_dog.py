"""Black DOG: the round game of the family with the Black Dog, its disc, Magnet and black cards.

Reads like the manual's table of contents: setup (free start, the Black Dog placed by the
dealer), the round (deal, exchange, turns, folding), the cards (blue numbers, start cards,
Swap, Magnet, Copy, Partner, black cards) and the disc turn.
"""

from __future__ import annotations

from dogrules.engine.ruleset import Ruleset
from dogrules.geometry.cards import BlackCards, CardCatalogue, CardFamily, NamedCards, NumberCards
from dogrules.model.state import Phase
from dogrules.rules.blackdog import BlackCard, PlaceDog
from dogrules.rules.disc import DiscTurn
from dogrules.rules.magnet import MagnetCard
from dogrules.rules.movement import OwnPieces
from dogrules.rules.numbers import NumberCard, StartCard
from dogrules.rules.partner import PartnerCard, PartnerTargets
from dogrules.rules.play import RoundPlay
from dogrules.rules.round import (
    GameOver,
    RoundExchange,
    RoundOpening,
    complete_sides,
    dealer_left_starts,
    round_game_teams,
)
from dogrules.rules.swap import OpponentSwap
from dogrules.variants.black_dog_invariants import check_black_dog_invariants
from dogrules.variants.black_dog_part import DOG_PART

CATALOGUE = CardCatalogue(
    (
        NamedCards(
            {
                "1/11": (CardFamily.START, (1, 11), ("BD-CARD-1-11",)),
                "13": (CardFamily.START, (13,), ("BD-CARD-13",)),
                "swap": (CardFamily.SWAP, (), ("BD-SWAP",)),
                "magnet": (CardFamily.MAGNET, (), ("BD-MAGNET",)),
                "copy": (CardFamily.COPY, (), ("BD-COPY",)),
                "partner": (CardFamily.PARTNER, (4,), ("BD-PARTNER",)),
            }
        ),
        NumberCards(("BD-BLUE",)),
        BlackCards(chosen=("BD-BLACK-CHOSEN",), printed=("BD-BLACK-PRINTED",)),
    )
)

OWN_PIECES = OwnPieces()

BLACK_DOG = Ruleset(
    name="black-dog",
    title="Black DOG",
    clause_files=("clauses/common.toml", "clauses/black-dog.toml"),
    layout_file="layouts/black-dog.toml",
    catalogue=CATALOGUE,
    phases={
        Phase.SETUP: PlaceDog(),
        Phase.EXCHANGE: RoundExchange(),
        Phase.PLAY: RoundPlay(
            cards={
                CardFamily.NUMBER: NumberCard(OWN_PIECES),
                CardFamily.START: StartCard(OWN_PIECES),
                CardFamily.SWAP: OpponentSwap(),
                CardFamily.MAGNET: MagnetCard(),
                CardFamily.PARTNER: PartnerCard(PartnerTargets()),
                CardFamily.BLACK: BlackCard(OWN_PIECES),
            },
            disc=DiscTurn(),
        ),
        Phase.OVER: GameOver(),
    },
    opening=RoundOpening(first_phase=Phase.SETUP),
    teams_for=round_game_teams,
    starter=dealer_left_starts,
    complete_sides=complete_sides,
    part=DOG_PART,
    invariants=(check_black_dog_invariants,),
)
