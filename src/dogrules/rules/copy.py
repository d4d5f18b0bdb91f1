"""The Copy card: it plays as the last card played this round."""

from __future__ import annotations

from dogrules.data.register import implements
from dogrules.model.actions import Action
from dogrules.model.results import Refusal
from dogrules.model.state import State


@implements("BD-COPY", "BD-COPY-ROUND", "BD-COPY-CHAIN", "R-C9")
def copy_plays_as(state: State) -> str | None:
    """A Copy plays as the last card played this round (a chain of copies resolves to the
    card first copied, which is what ``last_played`` keeps); with nothing played yet this
    round it cannot be played."""
    return state.last_played


def check_copy(state: State, action: Action, is_copy: bool) -> Refusal | None:
    """Whether the card an action plays as is the one it may: a Copy plays exactly as
    :func:`copy_plays_as` says, any other card only as itself."""
    if not is_copy:
        if action.copied is None:
            return None
        return Refusal(("BD-COPY",), f"only a Copy plays as another card; {action.card!r} is not")
    copied = copy_plays_as(state)
    if copied is None:
        return Refusal(
            ("BD-COPY-ROUND", "R-C9"),
            "no card has been played yet this round, so Copy has nothing to copy",
        )
    if action.copied != copied:
        return Refusal(
            ("BD-COPY", "BD-COPY-CHAIN", "R-C9"),
            f"a Copy now plays as {copied!r}, the last card played this round",
        )
    return None
