"""The bots ``dogrules serve`` offers to the protocol's ``bot`` operation: the built-in ones
(:mod:`dogrules.app.bots`) and the plug-ins installed on the server, each choosing for the
seat to act from what that seat may see (:class:`~dogrules.app.bots.BotSeat`)."""

from __future__ import annotations

from dogrules.app.bots import BotSeat
from dogrules.app.plugins import bot_names, make_bot
from dogrules.model.actions import Action
from dogrules.model.state import State
from dogrules.variants.facade import Variant

__all__ = ["DEFAULT_BOT", "ServerBots"]

DEFAULT_BOT = "greedy"


class ServerBots:
    """The server's bots (the :class:`dogrules.protocol.operations.Bots` a Context holds):
    those installed when it starts, the greedy bot first."""

    def __init__(self) -> None:
        found = bot_names()
        self._names = (DEFAULT_BOT, *(name for name in found if name != DEFAULT_BOT))

    def names(self) -> tuple[str, ...]:
        return self._names

    def choose(self, name: str, seed: int, variant: Variant, state: State) -> Action:
        actions = variant.legal_actions(state)
        return BotSeat(make_bot(name, seed), state.to_act).choose(variant, state, actions)
