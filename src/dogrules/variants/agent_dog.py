"""Agent DOG: the round game with secret agents.

Reads like the manual: set-up (3 home, 1 on the start field; the dealer plays first), the
round (deal 5, exchange, turns, passing), face-down pieces on holes that anyone may move,
finishes only for their own colour, the penalty for capturing one's own side, the 007
meeting places, and the cards (blue numbers, start cards, Swap of face-down pieces, Copy,
Partner).
"""

from __future__ import annotations

from dogrules.data.register import implements
from dogrules.engine.ruleset import Ruleset
from dogrules.geometry.cards import CardCatalogue, CardFamily, NamedCards, NumberCards
from dogrules.model.state import Phase
from dogrules.rules.agents import (
    AgentAftermath,
    AgentPartnerTargets,
    FaceDownSwap,
    OwnOrFaceDown,
    face_down_fields,
)
from dogrules.rules.numbers import NumberCard, StartCard
from dogrules.rules.partner import PartnerCard
from dogrules.rules.play import RoundPlay
from dogrules.rules.round import (
    GameOver,
    RoundExchange,
    RoundOpening,
    complete_sides,
    round_game_teams,
)
from dogrules.variants.agent_dog_invariants import check_agent_dog_invariants

CATALOGUE = CardCatalogue(
    (
        NamedCards(
            {
                "1/11": (CardFamily.START, (1, 11), ("AD-CARD-1-11",)),
                "13": (CardFamily.START, (13,), ("AD-CARD-13",)),
                "swap": (CardFamily.SWAP, (), ("AD-SWAP",)),
                "copy": (CardFamily.COPY, (), ("AD-COPY", "AD-COPY-ANY-OPTION")),
                "partner": (CardFamily.PARTNER, (4,), ("AD-PARTNER",)),
            }
        ),
        NumberCards(("AD-BLUE",)),
    )
)


@implements("AD-DEALER-STARTS", "R-A8")
def dealer_starts(dealer: int, players: int) -> int:
    """In Agent DOG the seat holding the deck deals and plays first."""
    return dealer


OWN_OR_FACE_DOWN = OwnOrFaceDown()

AGENT_DOG = Ruleset(
    name="agent-dog",
    title="Agent DOG",
    clause_files=("clauses/common.toml", "clauses/agent-dog.toml"),
    layout_file="layouts/agent-dog.toml",
    catalogue=CATALOGUE,
    phases={
        Phase.EXCHANGE: RoundExchange(),
        Phase.PLAY: RoundPlay(
            cards={
                CardFamily.NUMBER: NumberCard(OWN_OR_FACE_DOWN),
                CardFamily.START: StartCard(OWN_OR_FACE_DOWN),
                CardFamily.SWAP: FaceDownSwap(),
                CardFamily.PARTNER: PartnerCard(AgentPartnerTargets(), face_down=face_down_fields),
            },
            aftermath=AgentAftermath(),
            face_down=face_down_fields,
            turn_clauses=("AD-TURN",),
            round_start_clauses=("AD-DEALER-STARTS", "AD-DEALER-ROTATES", "R-A8"),
        ),
        Phase.OVER: GameOver(),
    },
    opening=RoundOpening(first_phase=Phase.EXCHANGE),
    teams_for=round_game_teams,
    starter=dealer_starts,
    complete_sides=complete_sides,
    invariants=(check_agent_dog_invariants,),
)
