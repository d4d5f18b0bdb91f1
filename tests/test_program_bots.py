"""Issue 32: bots that are programs speaking JSON lines (``program:COMMAND``), seated by
``simulate`` and ``tournament`` next to Python bots; a program that crashes, answers late,
answers no JSON or cheats is reported in one line naming it and its seat (exit code 2). The
JavaScript bot of docs/guides/bots.md plays whole games when Node.js is installed."""

from __future__ import annotations

import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import dogrules
from dogrules.app.bots import BotError, BotSeat
from dogrules.app.cli import main
from dogrules.app.narrate import play_game
from dogrules.app.plugins import make_bot
from dogrules.app.program_bot import ProgramBot

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "guides" / "bots.md"
PYTHON = shlex.quote(sys.executable)

# A bot in Python, run as a program: the first action it is offered.
FIRST = """
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    print(json.dumps({"id": request["id"], "action": request["actions"][0]}), flush=True)
"""


def program(tmp_path: Path, name: str, source: str) -> str:
    path = tmp_path / name
    path.write_text(source, encoding="utf-8")
    return f"{PYTHON} {shlex.quote(str(path))}"


def test_a_program_bot_plays_whole_games_next_to_a_python_bot(tmp_path: Path) -> None:
    command = program(tmp_path, "first.py", FIRST)
    v = dogrules.variant("dog-kids")
    seats = [BotSeat(ProgramBot(command, 1), 0), BotSeat(make_bot("random", 2), 1)]
    final, count = play_game(v, v.new_game(players=2, seed=3), seats, say=lambda line: None)
    assert final.phase == "over" and count > 0


@pytest.mark.parametrize(
    ("source", "said"),
    [
        (
            "import sys; sys.stdin.readline(); sys.exit('gave up')",
            r"ended \(exit code 1\): gave up",
        ),
        ("import sys, time; sys.stdin.readline(); time.sleep(60)", r"did not answer within 2 s"),
        ("import sys; sys.stdin.readline(); print('e4', flush=True)", r"answered 'e4', not JSON"),
        (
            'import sys; sys.stdin.readline(); print(\'{"id": 1, "action": "fold"}\', flush=True)',
            r"answered action 'fold', not a legal action",
        ),
    ],
)
def test_a_program_that_crashes_stalls_or_cheats_is_reported_naming_it_and_its_seat(
    tmp_path: Path, source: str, said: str
) -> None:
    # Only the stalling program is meant to run out of time: the others get long enough to
    # start on a loaded machine.
    timeout = 2 if "did not answer" in said else 30
    bot = ProgramBot(program(tmp_path, "bad.py", source), 0, timeout=timeout)
    v = dogrules.variant("dog-kids")
    state = v.new_game(players=2, seed=3)
    with pytest.raises(BotError, match=rf"bot 'program:.*bad.py' at seat 0 {said}"):
        BotSeat(bot, 0).choose(v, state, v.legal_actions(state))


def run(command: str, out: Path, games: int, *bots: str) -> Result:
    """``dogrules COMMAND dog-kids -p 2`` of ``games`` games into ``out`` with ``bots``."""
    seated = [word for bot in bots for word in ("--bot", bot)]
    arguments = [command, "dog-kids", "-p", "2", "-n", str(games), "-o", str(out)]
    return CliRunner().invoke(main, [*arguments, "--workers", "1", *seated])


def test_simulate_and_tournament_seat_a_program_and_report_a_broken_one_in_one_line(
    tmp_path: Path,
) -> None:
    first = program(tmp_path, "first.py", FIRST)
    played = run("simulate", tmp_path / "sim", 2, f"0=program:{first}", "1=random")
    assert played.exit_code == 0, played.output
    assert "seat 0 (program:" in played.output
    league = run("tournament", tmp_path / "league", 1, f"first=program:{first}", "random=random")
    assert league.exit_code == 0, league.output
    broken = program(tmp_path, "broken.py", "raise SystemExit(3)")
    failed = run("simulate", tmp_path / "bad", 1, f"0=program:{broken}")
    assert failed.exit_code == 2 and "ended (exit code 3)" in failed.output
    assert "Traceback" not in failed.output


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_javascript_bot_of_the_guide_plays_whole_games(tmp_path: Path) -> None:
    code = re.search(r"```js\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    assert code is not None, "the guide shows a JavaScript bot"
    (tmp_path / "first.js").write_text(code.group(1), encoding="utf-8")
    node = shlex.quote(str(tmp_path / "first.js"))
    result = run("simulate", tmp_path / "js", 2, f"0=program:node {node}", "1=random")
    assert result.exit_code == 0, result.output
    assert "2 games, 2 finished" in result.output
