"""The Game helper: history on top of the pure functions (undo, redo, jumping to a move,
the game record), with HistoryError for the moves a history does not have."""

from __future__ import annotations

import pytest

import dogrules
from dogrules import Game, HistoryError, IllegalAction, NotationError
from dogrules.formats.replay import final_state


def played(game: Game, count: int) -> list[dogrules.State]:
    """Play ``count`` first-listed actions; the states passed through, the start first."""
    states = [game.state]
    for _ in range(count):
        game.play(game.legal_actions()[0])
        states.append(game.state)
    return states


def test_a_new_game_starts_at_move_zero_with_the_variants_start_state() -> None:
    game = Game("black-dog", players=4, seed=5)
    assert game.move == 0 and game.length == 0
    assert game.state == dogrules.variant("black-dog").new_game(players=4, seed=5)
    assert game.steps == () and game.actions == () and game.transitions == ()


def test_play_keeps_every_step_and_its_transition() -> None:
    game = Game("dog-kids", players=2, seed=3)
    states = played(game, 6)
    assert game.move == 6 and len(game.steps) == 6
    assert [step.before for step in game.steps] == states[:-1]
    assert [t.state for t in game.transitions] == states[1:]
    variant = game.variant
    for step in game.steps:
        assert variant.apply(step.before, step.action) == step.transition


def test_undo_and_redo_walk_the_history_both_ways() -> None:
    game = Game("black-dog", players=3, seed=2)
    states = played(game, 5)
    assert game.undo() == states[4] and game.undo() == states[3]
    assert game.move == 3 and game.length == 5
    assert game.redo() == states[4] and game.redo() == states[5]
    assert game.move == 5


def test_goto_jumps_to_any_move_and_back() -> None:
    game = Game("agent-dog", players=4, seed=9)
    states = played(game, 8)
    for move in (0, 8, 3, 5):
        assert game.goto(move) == states[move] and game.move == move
        assert game.actions == tuple(step.action for step in game.steps)


def test_playing_after_an_undo_drops_the_undone_steps() -> None:
    game = Game("black-dog", players=4, seed=4)
    played(game, 4)
    game.goto(2)
    other = game.legal_actions()[-1]
    game.play(other)
    assert game.move == 3 and game.length == 3 and game.actions[-1] == other
    with pytest.raises(HistoryError, match="nothing to redo"):
        game.redo()


def test_the_errors_name_what_cannot_be_done() -> None:
    game = Game("black-dog", players=4, seed=1)
    with pytest.raises(HistoryError, match="nothing to undo"):
        game.undo()
    with pytest.raises(HistoryError, match="nothing to redo"):
        game.redo()
    with pytest.raises(HistoryError, match=r"no move 3: this game has moves 0\.\.0"):
        game.goto(3)
    with pytest.raises(HistoryError):
        game.goto(-1)
    assert issubclass(HistoryError, dogrules.DogRulesError)


def test_an_illegal_action_or_text_leaves_the_game_as_it_was() -> None:
    game = Game("black-dog", players=4, seed=1)
    played(game, 3)
    before = (game.state, game.move, game.length)
    later = Game("black-dog", players=4, seed=1)
    played(later, 12)
    stale = later.steps[-1].action  # a real action, but not one of this state's
    assert stale not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.play(stale)
    with pytest.raises(NotationError):
        game.play("fly to the moon")
    assert (game.state, game.move, game.length) == before


def test_actions_may_be_played_as_notation() -> None:
    game = Game("dog-kids", players=2, seed=8)
    variant = game.variant
    action = game.legal_actions()[0]
    text = str(action)
    game.play(text)
    assert game.actions == (variant.parse_action(game.start, text),)


def test_the_record_replays_to_the_current_move() -> None:
    game = Game("black-dog", players=4, seed=6)
    states = played(game, 10)
    game.goto(7)
    record = game.record(steps=True)
    assert len(record["actions"]) == 7  # type: ignore[arg-type]
    assert final_state(record) == states[7]
    again = Game.from_record(record)
    assert again.move == 7 and again.state == states[7] and again.actions == game.actions
