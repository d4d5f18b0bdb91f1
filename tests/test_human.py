"""A person at the table (``dogrules play --human N``), driven by scripted input: staged
choices, undo, board, help, ?N, a typed notation, paging, the exchange message, leaving."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import CliRunner

import dogrules
from dogrules import Action, State
from dogrules.app import human
from dogrules.app.cli import main
from dogrules.app.human import HumanQuit, HumanSeat
from dogrules.render import text_board

BD = dogrules.variant("black-dog")
PIECES = {
    0: ["T5", "T20", "H", "H"],
    1: ["T16", "T40", "H", "H"],
    2: ["T32", "T8", "H", "H"],
    3: ["T48", "T50", "H", "H"],
}


class Script:
    """A person who types ``lines`` in turn; everything said is kept in ``said``."""

    def __init__(self, *lines: str) -> None:
        self._lines: Iterator[str] = iter(lines)
        self.said: list[str] = []
        self.prompts: list[str] = []

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        try:
            return next(self._lines)
        except StopIteration:
            raise EOFError from None

    def say(self, text: str) -> None:
        self.said.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.said)


def partner_state() -> State:
    return BD.position(players=4, pieces=PIECES, hands={0: ["partner", "5"]}, black_dog="T24")


def decide(state: State, *lines: str) -> tuple[Action, Script]:
    script = Script(*lines)
    seat = HumanSeat(script.ask, script.say, seat=state.to_act)
    return seat.choose(BD, state, BD.legal_actions(state)), script


def test_a_partner_play_is_taken_in_stages() -> None:
    state = partner_state()
    action, script = decide(state, "partner", "T5", "T6", "T20", "T23", "cw")
    assert str(action) == "partner T5-T6 T20-T23 turn cw"
    assert any(action is listed for listed in BD.legal_actions(state))
    text = script.text
    assert "which card (or decision)?" in text and "which piece? [partner]" in text
    assert "where to? [partner T5]" in text and "which piece? [partner T5 T6]" in text
    assert "which way does the disc turn? [partner T5 T6 T20 T23]" in text
    assert script.prompts[:2] == ["seat 0 card> ", "seat 0 piece> "]
    assert script.prompts[-1] == "seat 0 turn> "


def test_options_are_chosen_by_number_and_undo_goes_back_one_step() -> None:
    state = partner_state()
    action, script = decide(state, "undo", "2", "1", "undo", "undo", "1", "T5", "T10")
    assert str(action) == "5 T5-T10"
    assert "nothing to undo: this is the first step" in script.text
    # partner, its first piece, then two steps back to the card: "5".
    assert script.text.count("which card (or decision)?") == 2


def test_the_board_is_shown_before_the_decision_and_on_request() -> None:
    state = partner_state()
    board = text_board(BD.board(4), state)
    _, script = decide(state, "board", "help", "1", "T5", "T10")
    assert script.said[0] == board and script.said.count(board) == 2
    assert "'undo' (one step back)" in script.text


def test_question_mark_explains_an_option_or_what_it_leads_to() -> None:
    state = partner_state()
    # At the piece step of the 5, T5 has a single target: ?1 explains the whole action.
    _, script = decide(state, "?1", "1", "?1", "?9", "?x", "1")
    text = script.text
    assert "5 leads to" in text and "    5 T5-T10" in text
    assert "5 T5-T10: legal." in text and "BD-" in text
    assert "there is no option 9; choose 1..2" in text
    assert "'?' takes an option number" in text


def test_a_step_with_a_single_option_is_taken_for_the_person() -> None:
    state = partner_state()
    # The 5 moves T5 only to T10: no "where to?" is asked, and the person is told.
    action, script = decide(state, "1", "T5")
    assert str(action) == "5 T5-T10"
    assert "  only one target: T10" in script.said
    assert script.prompts == ["seat 0 card> ", "seat 0 piece> "]


def test_undo_goes_back_past_a_step_taken_for_the_person() -> None:
    state = partner_state()
    # partner, T5, then a single-option step is taken; undo returns to the last real choice.
    action, script = decide(state, "partner", "T5", "T6", "undo", "T9", "T20", "T22", "cw")
    prompts = [p.split()[-1] for p in script.prompts]
    assert prompts.count("target>") >= 2 and str(action).startswith("partner T5-T9")


def test_a_typed_notation_is_taken_or_explained() -> None:
    state = partner_state()
    action, script = decide(state, "13 T5-T18", "zz", "5 T5-T10")
    assert str(action) == "5 T5-T10"
    assert "13 T5-T18: not legal." in script.text
    assert "cannot read that" in script.text


def test_a_long_step_is_shown_a_page_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    # The dealer places the Black Dog: each free paw and disc field is an option (12); with
    # pages of 5 they take three pages, and a number beyond the page shown is taken too.
    monkeypatch.setattr(human, "PAGE", 5)
    state = BD.new_game(players=4, seed=7)
    action, script = decide(state, "place", "more", "more", "more", "list", "12")
    assert str(action) == "place T57"
    text = script.text
    assert "(options 1..5 of 12: 'more' for the next)" in text
    assert "(options 6..10 of 12: 'more' for the next)" in text
    assert "(options 11..12 of 12: 'more' for the next)" in text
    assert text.count("(options 1..5 of 12") == 3  # after 'more' past the end, and 'list'
    assert "   11. T56   12. T57" in text


def test_quit_and_end_of_input_leave_the_table() -> None:
    with pytest.raises(HumanQuit):
        decide(partner_state(), "quit")
    with pytest.raises(EOFError):
        decide(partner_state())


def run(*args: str, stdin: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


def test_the_person_is_told_the_card_received_in_the_exchange() -> None:
    # Seat 0 deals at seed 3: it places the Black Dog, then gives its first card.
    code, out = run("play", "black-dog", "--human", "0", "--seed", "3", stdin="1\n1\n1\nquit\n")
    assert code == 0 and "game abandoned" in out
    line = next(line for line in out.splitlines() if "in the exchange; your hand" in line)
    assert line.strip().startswith("you (seat 0) receive ")
    received, giver = line.split(" receive ")[1].split(" in the exchange")[0].split(" from ")
    assert giver == "seat 2"  # the partner opposite, in the team game
    hand = line.split("your hand: ")[1].split(", ")
    assert received in hand and "5" not in hand  # it gave its 5


def test_ctrl_c_and_end_of_input_exit_0() -> None:
    code, out = run("play", "black-dog", "--human", "0", stdin="")
    assert code == 0 and "game abandoned" in out
