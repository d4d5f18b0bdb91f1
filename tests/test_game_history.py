"""The Game helper: an immutable history on top of the pure functions (undo, redo, jumping
to a move, the game record), with HistoryError for the moves a history does not have."""

from __future__ import annotations

import pytest

import dogrules
from dogrules import Game, HistoryError, IllegalAction, NotationError
from dogrules.formats.replay import final_state


def played(game: Game, count: int) -> tuple[Game, list[dogrules.State]]:
    """``game`` after ``count`` first-listed actions, and the states passed through."""
    states = [game.state]
    for _ in range(count):
        game = game.play(game.legal_actions()[0])
        states.append(game.state)
    return game, states


def test_a_new_game_starts_at_move_zero_with_the_variants_start_state() -> None:
    game = Game.new("black-dog", players=4, seed=5)
    assert game.move == 0 and game.history == () and game.last is None
    assert game.state == dogrules.variant("black-dog").new_game(players=4, seed=5)
    assert game.steps == () and game.actions == () and game.transitions == ()


def test_play_keeps_every_step_and_its_transition() -> None:
    game, states = played(Game.new("dog-kids", players=2, seed=3), 6)
    assert game.move == 6 and len(game.steps) == 6
    assert [step.before for step in game.steps] == states[:-1]
    assert [t.state for t in game.transitions] == states[1:]
    assert game.last == game.transitions[-1]
    for step in game.steps:
        assert game.variant.apply(step.before, step.action) == step.transition


def test_a_game_is_a_value_each_move_a_new_one() -> None:
    start = Game.new("black-dog", players=4, seed=2)
    after = start.play(start.legal_actions()[0])
    assert start.move == 0 and start.history == () and after.move == 1
    undone = after.undo()
    assert undone.state == start.state and undone.move == 0
    assert len(undone.history) == 1 and undone != start  # the undone step is kept for redo
    assert after.undo().redo() == after
    assert hash(after) == hash(start.play(start.legal_actions()[0]))


def test_undo_and_redo_walk_the_history_both_ways() -> None:
    game, states = played(Game.new("black-dog", players=3, seed=2), 5)
    back = game.undo().undo()
    assert back.state == states[3] and back.move == 3 and len(back.history) == 5
    assert back.redo().state == states[4] and back.redo().redo() == game


def test_goto_jumps_to_any_move_and_back() -> None:
    game, states = played(Game.new("agent-dog", players=4, seed=9), 8)
    for move in (0, 8, 3, 5):
        there = game.goto(move)
        assert there.state == states[move] and there.move == move
        assert there.actions == tuple(step.action for step in there.steps)
        assert there.goto(8) == game


def test_playing_after_an_undo_drops_the_undone_steps() -> None:
    game, _ = played(Game.new("black-dog", players=4, seed=4), 4)
    at_two = game.goto(2)
    other = at_two.legal_actions()[-1]
    branched = at_two.play(other)
    assert branched.move == 3 and len(branched.history) == 3 and branched.actions[-1] == other
    with pytest.raises(HistoryError, match="nothing to redo"):
        branched.redo()


def test_the_errors_name_what_cannot_be_done() -> None:
    game = Game.new("black-dog", players=4, seed=1)
    with pytest.raises(HistoryError, match="nothing to undo"):
        game.undo()
    with pytest.raises(HistoryError, match="nothing to redo"):
        game.redo()
    with pytest.raises(HistoryError, match=r"no move 3: this game has moves 0\.\.0"):
        game.goto(3)
    with pytest.raises(HistoryError):
        game.goto(-1)
    with pytest.raises(TypeError):
        game.goto("2")  # type: ignore[arg-type]
    assert issubclass(HistoryError, dogrules.DogRulesError)


def test_an_illegal_action_or_text_is_refused() -> None:
    game, _ = played(Game.new("black-dog", players=4, seed=1), 3)
    later, _ = played(Game.new("black-dog", players=4, seed=1), 12)
    stale = later.steps[-1].action  # a real action, but not one of this state's
    assert stale not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.play(stale)
    with pytest.raises(NotationError):
        game.play("fly to the moon")


def test_actions_may_be_played_as_notation() -> None:
    game = Game.new("dog-kids", players=2, seed=8)
    text = str(game.legal_actions()[0])
    assert game.play(text).actions == (game.variant.parse_action(game.start, text),)


def test_the_record_replays_to_the_current_move() -> None:
    game, states = played(Game.new("black-dog", players=4, seed=6), 10)
    at_seven = game.goto(7)
    record = at_seven.record(steps=True)
    assert len(record["actions"]) == 7  # type: ignore[arg-type]
    assert final_state(record) == states[7]
    again = Game.from_record(record)
    assert again.move == 7 and again.state == states[7] and again.actions == at_seven.actions
