"""Bots as plug-ins: the Bot protocol (a bot sees only its seat's observation and the legal
actions), bots loaded by name, entry point or module:Class, ``play --bot`` and
``dogrules tournament``."""

from __future__ import annotations

import textwrap
from importlib.metadata import EntryPoint, EntryPoints
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

import dogrules
from dogrules.app import plugins
from dogrules.app.bots import (
    BotError,
    BotSeat,
    GreedyBot,
    RandomBot,
    Seen,
    Turn,
    position_of,
    position_seen,
)
from dogrules.app.cli import main
from dogrules.app.narrate import play_game
from dogrules.app.plugins import bot_names, load_bot, make_bot
from dogrules.model.actions import Action, ActionKind

PLUGIN = '''
from dogrules.model.actions import Action


class Last:
    """Always the last legal action; remembers what it was told."""

    name = "last"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.seen = []
        self.turns = []

    def observe(self, seen):
        self.seen.append(seen)

    def choose(self, turn) -> Action:
        self.turns.append(turn)
        return turn.actions[-1]


class Cheat(Last):
    name = "cheat"

    def choose(self, turn):
        return Action("play", card="no such card")


class NoChoose:
    name = "lazy"

    def __init__(self, seed: int) -> None:
        pass

    def observe(self, seen):
        pass


NOT_A_CLASS = 3
'''


@pytest.fixture
def mybots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module ``mybots`` of plug-in bots, importable for the test."""
    (tmp_path / "mybots.py").write_text(textwrap.dedent(PLUGIN))
    monkeypatch.syspath_prepend(str(tmp_path))
    return "mybots"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_built_in_bots_are_found_by_name() -> None:
    assert bot_names()[:2] == ["random", "greedy"]
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)


def test_a_bot_gets_its_seats_observation_and_the_legal_actions(mybots: str) -> None:
    variant = dogrules.variant("black-dog")
    state = variant.new_game(players=4, seed=2)
    bots = [make_bot(f"{mybots}:Last", seat) for seat in range(4)]
    seats = [BotSeat(bot, seat) for seat, bot in enumerate(bots)]
    for _ in range(30):
        actions = variant.legal_actions(state)
        seat = seats[state.to_act]
        action = seat.choose(variant, state, actions)
        turn: Turn = seat.bot.turns[-1]  # type: ignore[attr-defined]
        assert turn.seat == state.to_act and turn.actions == actions
        assert turn.observation == variant.observe(state, turn.seat)
        fields = attrs.asdict(turn, recurse=False).values()
        assert not any(isinstance(value, dogrules.State) for value in fields)
        after = variant.apply(state, action)
        for other in seats:
            other.notice(variant, state, action, after)
        expected = position_of(variant.board(4), variant.observe(after.state, turn.seat))
        assert turn.preview(action) == expected
        state = after.state
    for number, bot in enumerate(bots):
        seen: list[Seen] = bot.seen  # type: ignore[attr-defined]
        assert len(seen) == 30 and all(s.seat == number for s in seen)
        for item in seen:
            if item.action is not None and item.action.kind == ActionKind.GIVE:
                assert item.actor == number  # another seat's set-aside card stays hidden
        gives = [s for s in seen if s.actor != number and s.action is None]
        assert gives, "the exchange of the first round was seen"


def test_a_bot_choosing_an_illegal_action_is_stopped(mybots: str) -> None:
    variant = dogrules.variant("dog-kids")
    state = variant.new_game(players=2, seed=1)
    seat = BotSeat(make_bot(f"{mybots}:Cheat", 0), state.to_act)
    with pytest.raises(BotError, match="not legal"):
        seat.choose(variant, state, variant.legal_actions(state))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nobody", "unknown bot 'nobody'"),
        ("no_such_module_here:Bot", "cannot import"),
        ("mybots:Missing", "has no 'Missing'"),
        ("mybots:NOT_A_CLASS", "not a class or function"),
        ("mybots:NoChoose", "lacks choose"),
        (":Bot", "expected module:Class"),
    ],
)
def test_a_bad_bot_spec_says_what_is_wrong(mybots: str, spec: str, message: str) -> None:
    with pytest.raises(BotError, match=message):
        make_bot(spec, 0)
    assert issubclass(BotError, dogrules.DogRulesError)


def test_bots_are_found_through_entry_points(mybots: str, monkeypatch: pytest.MonkeyPatch) -> None:
    declared = EntryPoints([EntryPoint(name="clever", value=f"{mybots}:Last", group=plugins.GROUP)])
    monkeypatch.setattr(plugins, "entry_points", lambda **kw: declared.select(**kw))
    assert "clever" in bot_names()
    bot = load_bot("clever")(7)
    assert bot.name == "last" and bot.seed == 7  # type: ignore[attr-defined]


def test_narrated_game_with_a_plug_in_bot_finishes(mybots: str) -> None:
    variant = dogrules.variant("dog-kids")
    state = variant.new_game(players=2, seed=5)
    seats = [BotSeat(make_bot(f"{mybots}:Last", 0), 0), BotSeat(make_bot("greedy", 1), 1)]
    lines: list[str] = []
    final, count = play_game(variant, state, seats, lines.append)
    assert final.winner and count > 0 and lines[-1].startswith("result:")


def test_play_takes_a_bot_per_seat(mybots: str) -> None:
    code, out = run("play", "dog-kids", "-p", "2", "--seed", "3", "--bot", f"1={mybots}:Last")
    assert code == 0 and "result:" in out


@pytest.mark.parametrize(
    "option", ["1=nobody", "7=random", "x=random", "1=", "random", "1=mybots:NoChoose"]
)
def test_play_with_a_bad_bot_is_one_line_and_exit_2(mybots: str, option: str) -> None:
    code, out = run("play", "dog-kids", "-p", "2", "--bot", option)
    assert code == 2 and out.count("\n") == 1 and out.startswith("error:"), out


def test_greedy_beats_random_in_a_tournament(tmp_path: Path) -> None:
    code, out = run(
        "tournament", "dog-kids", "-p", "2", "-n", "6", "-j", "1", "-q",
        "--bot", "g=greedy", "--bot", "r=random", "-o", str(tmp_path),
    )  # fmt: skip
    assert code == 0, out
    rows = [line.split() for line in out.splitlines()[2:]]
    assert [row[1] for row in rows] == ["g", "r"]
    assert [row[2] for row in rows] == ["12", "12"]  # 6 seeds x 2 seatings, one seat each
    assert (tmp_path / "league.csv").is_file() and (tmp_path / "seating-2.jsonl").is_file()


@pytest.mark.parametrize(
    "options",
    [
        ["--bot", "g=greedy"],
        ["--bot", "g=greedy", "--bot", "g=random"],
        ["--bot", "g=greedy", "--bot", "r=nobody"],
        ["--bot", "g=greedy", "--bot", "=random"],
    ],
)
def test_tournament_bad_bots_are_one_line_and_exit_2(options: list[str]) -> None:
    code, out = run("tournament", "dog-kids", "-p", "2", "-n", "1", "-q", *options)
    assert code == 2 and out.count("\n") == 1 and out.startswith("error:"), out


def test_the_built_in_bots_keep_to_the_protocol() -> None:
    variant = dogrules.variant("agent-dog")
    state = variant.new_game(players=4, seed=1)
    actions = variant.legal_actions(state)
    for bot in (RandomBot(1), GreedyBot(1)):
        chosen = BotSeat(bot, state.to_act).choose(variant, state, actions)
        assert isinstance(chosen, Action) and chosen in actions


@pytest.mark.parametrize("name", ["agent-dog", "black-dog"])
def test_a_preview_shows_the_board_as_the_observation_does(name: str) -> None:
    """The greedy bot's fast preview equals the board read from the seat's observation,
    face-down pieces (Agent DOG) without their owner included."""
    variant = dogrules.variant(name)
    state = variant.new_game(players=4, seed=11)
    board = variant.board(4)
    bots = [RandomBot(seat) for seat in range(4)]
    flipped_seen = False
    for _ in range(400):
        if state.phase == "over":
            break
        for seat in range(4):
            assert position_seen(board, state) == position_of(board, variant.observe(state, seat))
        flipped_seen |= bool(position_seen(board, state).flipped)
        actor = BotSeat(bots[state.to_act], state.to_act)
        action = actor.choose(variant, state, variant.legal_actions(state))
        state = variant.apply(state, action).state
    assert flipped_seen or name != "agent-dog", "no face-down piece in this game"
