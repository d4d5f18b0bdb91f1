"""A person at the table: a terminal seat that asks each decision in stages (the card, then
the piece, then where it goes, then the next Partner sub-move, then the disc direction), on
the staged choices of :meth:`~dogrules.variants.facade.Variant.choices`.

At every prompt the person may type:

* a number: that option of the step (all options are numbered, even those on later pages);
* an option's label (``partner``, ``T5``, ``H``, ``cw``; a card named by a number, such as
  ``5``, is chosen by its option number);
* a whole action in notation (``5 T3-T8``), taken if legal, else explained;
* ``?N``: explain option N: at a step where it completes the action, the judge's ruling on
  that action (what it does, citing clauses); at an earlier step, the actions it leads to;
* ``undo`` (one step back, past the steps that had a single option: those are taken for
  the person and announced, never asked), ``board``, ``list`` (the options again),
  ``more`` (the next page of a long list), ``help`` and ``quit``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import click

from dogrules.engine.choices import Decision, Option
from dogrules.model.actions import Action, ActionKind
from dogrules.model.events import EventKind
from dogrules.model.results import Transition
from dogrules.model.state import State
from dogrules.render import text_board
from dogrules.rules.round import exchange_recipients
from dogrules.variants.facade import Variant

HELP = (
    "type an option's number or label, a whole action (e.g. '5 T3-T8'), ?N to explain "
    "option N, 'undo' (one step back), 'board', 'list', 'more' (next page), 'help' or 'quit'"
)
# Options shown at once (a screenful): PAGE options, COLUMNS to a line.
PAGE = 40
COLUMNS = 5
# Actions named when ?N explains an option that is not the last step.
LEADS_TO = 12

STEP_QUESTIONS = {
    "card": "which card (or decision)?",
    "field": "where does the Black Dog go?",
    "piece": "which piece?",
    "target": "where to?",
    "turn": "which way does the disc turn?",
    "done": "end the action here, or go on?",
}


def terminal_ask(prompt: str) -> str:
    """One line typed at the terminal (an empty line when only Enter is pressed); Ctrl-C and
    the end of input raise click.Abort."""
    return str(click.prompt(prompt, default="", show_default=False, prompt_suffix=""))


class HumanQuit(Exception):
    """The person asked to leave the game."""


class HumanSeat:
    """Asks through ``ask`` and answers through ``say``; bad input asks again. ``seat`` is
    the seat played (for telling the person the card received in an exchange)."""

    name = "human"

    def __init__(
        self, ask: Callable[[str], str], say: Callable[[str], None], seat: int | None = None
    ) -> None:
        self._ask = ask
        self._say = say
        self.seat = seat

    def choose(self, variant: Variant, state: State, actions: tuple[Action, ...]) -> Action:
        """The person's action among ``actions`` (the legal actions of ``state``)."""
        self._board(variant, state)
        decision = variant.choices(state)
        page = 0
        self._show(decision, page)
        while True:
            answer = self._ask(f"seat {state.to_act} {decision.kind}> ").strip()
            command = answer.lower()
            if command in ("quit", "q"):
                raise HumanQuit
            if command in ("help", "h", "?"):
                self._say(HELP)
                continue
            if command in ("board", "b"):
                self._board(variant, state)
                continue
            if command in ("list", "l", ""):
                page = 0
                self._show(decision, page)
                continue
            if command in ("more", "m"):
                page = page + 1 if (page + 1) * PAGE < len(decision.options) else 0
                self._show(decision, page)
                continue
            if command in ("undo", "u", "back"):
                if not decision.chosen:
                    self._say("nothing to undo: this is the first step")
                else:
                    decision = _back_past_forced(decision)
                    page = 0
                    self._show(decision, page)
                continue
            if answer.startswith("?"):
                option = self._numbered(answer[1:], decision)
                if option is not None:
                    self._explain(variant, decision, option)
                continue
            if answer.isdigit():
                option = self._numbered(answer, decision)
            else:
                option = _labelled(answer, decision)
            if option is not None:
                decision = self._take_forced(decision.choose(option))
                if decision.action is not None:
                    return decision.action
                page = 0
                self._show(decision, page)
                continue
            action = self._typed(variant, state, answer, actions)
            if action is not None:
                return action

    def notice(
        self, variant: Variant, before: State, action: Action, transition: Transition
    ) -> None:
        """Tell the person what concerns them in ``action``, just taken in ``before``: the
        card received when the set-aside cards change hands."""
        seat = self.seat
        if seat is None or seat not in range(before.players):
            return
        if any(event.kind == EventKind.EXCHANGED for event in transition.events):
            kept = Counter(before.hands[seat])
            if before.to_act == seat and action.kind == ActionKind.GIVE and action.chosen:
                kept[action.chosen] -= 1  # set aside by this very action
            received = Counter(transition.state.hands[seat]) - kept
            cards = ", ".join(sorted(received.elements())) or "no card"
            hand = ", ".join(transition.state.hands[seat]) or "no cards"
            recipients = exchange_recipients(before.players, before.teams)
            givers = [str(giver) for giver, to in enumerate(recipients) if to == seat]
            source = f" from seat {', '.join(givers)}" if givers else ""
            self._say(
                f"  you (seat {seat}) receive {cards}{source} in the exchange; your hand: {hand}"
            )

    def _take_forced(self, decision: Decision) -> Decision:
        # A later step with a single option is no choice: take it, and say so.
        while _forced(decision):
            (only,) = decision.options
            self._say(f"  only one {decision.kind}: {only.label}")
            decision = decision.choose(only)
        return decision

    def _board(self, variant: Variant, state: State) -> None:
        self._say(text_board(variant.board(state.players), state))

    def _show(self, decision: Decision, page: int) -> None:
        state = decision.state
        if not decision.chosen:
            hand = ", ".join(state.hands[state.to_act]) or "no cards"
            self._say(f"your hand: {hand}")
        so_far = f" [{decision.path()}]" if decision.chosen else ""
        question = STEP_QUESTIONS.get(str(decision.kind), str(decision.kind))
        self._say(f"{question}{so_far}")
        options = decision.options
        first = page * PAGE
        shown = options[first : first + PAGE]
        width = max((len(option.label) for option in shown), default=0) + 7
        for row in range(0, len(shown), COLUMNS):
            cells = [
                f"{first + row + index + 1:3}. {option.label}".ljust(width)
                for index, option in enumerate(shown[row : row + COLUMNS])
            ]
            self._say("  " + "".join(cells).rstrip())
        if len(options) > PAGE:
            last = min(first + PAGE, len(options))
            self._say(f"  (options {first + 1}..{last} of {len(options)}: 'more' for the next)")
        undo = ", 'undo' to go back" if decision.chosen else ""
        self._say(f"type a number or a label{undo}; 'help' for more")

    def _numbered(self, text: str, decision: Decision) -> Option | None:
        options = decision.options
        if text.strip().isdigit():
            number = int(text)
            if 1 <= number <= len(options):
                return options[number - 1]
            self._say(f"there is no option {number}; choose 1..{len(options)}")
        else:
            self._say(f"'?' takes an option number. {HELP}")
        return None

    def _explain(self, variant: Variant, decision: Decision, option: Option) -> None:
        after = decision.choose(option)
        while _forced(after):
            after = after.choose(after.options[0])
        if after.action is not None:
            self._say(variant.explain(decision.state, after.action).text)
            return
        below = after.actions
        self._say(f"{after.path()} leads to {len(below)} action(s):")
        for action in below[:LEADS_TO]:
            self._say(f"    {action}")
        if len(below) > LEADS_TO:
            self._say(f"    ... and {len(below) - LEADS_TO} more")

    def _typed(
        self, variant: Variant, state: State, text: str, actions: tuple[Action, ...]
    ) -> Action | None:
        # A whole action typed in notation: the listed one it names, or why it is not legal.
        try:
            parsed = variant.parse_action(state, text)
        except ValueError as exc:
            self._say(f"cannot read that: {exc}. {HELP}")
            return None
        for action in actions:
            if action == parsed:
                return action
        if variant.is_legal(state, parsed):
            return parsed
        self._say(variant.explain(state, parsed).text)
        return None


def _forced(decision: Decision) -> bool:
    # A step after the first with a single option: taken for the person, not asked.
    return decision.action is None and bool(decision.chosen) and len(decision.options) == 1


def _back_past_forced(decision: Decision) -> Decision:
    # One step back, past the steps that had a single option (they were taken, not chosen).
    decision = decision.back()
    while _forced(decision):
        decision = decision.back()
    return decision


def _labelled(text: str, decision: Decision) -> Option | None:
    # The option whose label ``text`` is (ignoring case), if any.
    wanted = text.casefold()
    for option in decision.options:
        if option.label.casefold() == wanted:
            return option
    return None
