"""A person at the table: a terminal seat that lists the legal actions and reads a choice."""

from __future__ import annotations

from collections.abc import Callable

from dogrules.model.actions import Action
from dogrules.model.state import State
from dogrules.variants.facade import Variant

HELP = "type a number, an action's notation, ?N to explain action N, 'list' or 'quit'"


class HumanQuit(Exception):
    """The person asked to leave the game."""


class HumanSeat:
    """Asks through ``ask`` and answers through ``say``; bad input asks again."""

    name = "human"

    def __init__(self, ask: Callable[[str], str], say: Callable[[str], None]) -> None:
        self._ask = ask
        self._say = say

    def choose(self, variant: Variant, state: State, actions: tuple[Action, ...]) -> Action:
        self._show(variant, state, actions)
        while True:
            answer = self._ask(f"seat {state.to_act}> ").strip()
            if answer in ("quit", "q"):
                raise HumanQuit
            if answer in ("list", "l", ""):
                self._show(variant, state, actions)
                continue
            if answer.startswith("?"):
                action = self._numbered(answer[1:], actions)
                if action is not None:
                    self._say(variant.explain(state, action).text)
                continue
            if answer.isdigit():
                action = self._numbered(answer, actions)
                if action is not None:
                    return action
                continue
            try:
                parsed = variant.parse_action(state, answer)
            except ValueError as exc:
                self._say(f"cannot read that: {exc}. {HELP}")
                continue
            if parsed in actions:
                return parsed
            self._say(variant.explain(state, parsed).text)

    def _numbered(self, text: str, actions: tuple[Action, ...]) -> Action | None:
        if text.strip().isdigit():
            number = int(text)
            if 1 <= number <= len(actions):
                return actions[number - 1]
            self._say(f"there is no action {number}; choose 1..{len(actions)}")
        else:
            self._say(f"'?' takes an action number. {HELP}")
        return None

    def _show(self, variant: Variant, state: State, actions: tuple[Action, ...]) -> None:
        hand = ", ".join(state.hands[state.to_act]) or "no cards"
        self._say(f"your hand: {hand}")
        for number, action in enumerate(actions, start=1):
            self._say(f"  {number:3}. {action}")
        self._say(HELP)
