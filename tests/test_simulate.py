"""``dogrules simulate``: games keyed by seed, resumable output, a report that depends on
the games alone (one core, many cores or Ray give the same one), and its numbers."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import dogrules
from dogrules.app.cli import main
from dogrules.app.simulation.backends import Item, ProcessPool, Result, in_process
from dogrules.app.simulation.playout import GameResult, Table, play_seed
from dogrules.app.simulation.report import summarize, wilson
from dogrules.app.simulation.runner import SimulationError, simulate, tasks
from dogrules.app.simulation.setup import optional
from dogrules.formats.files import locked_folder
from dogrules.model.events import EventKind

# Short games: DOG Kids for two, random bots (about 300 actions, a few hundredths of a second).
KIDS = Table("dog-kids", 2, False, ("random", "greedy"))
BLACK = Table("black-dog", 4, True, ("greedy", "random", "greedy", "random"))
BLACK_2P = Table("black-dog", 2, False, ("random", "random"))


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


class Counting:
    """The in-process backend, noting every task it plays."""

    def __init__(self) -> None:
        self.played: list[object] = []

    def __call__(
        self, function: Callable[[Item], Result], work: Sequence[Item]
    ) -> Iterator[Result]:
        self.played.extend(work)
        yield from in_process(function, work)

    def seeds(self) -> list[int]:
        return sorted(seed for task in self.played if isinstance(task, tuple) for seed in task)


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[0] == pytest.approx(0.7225, abs=1e-4) and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_game_result_counts_what_the_events_say() -> None:
    variant = dogrules.variant("black-dog")
    result = play_seed(BLACK_2P, 3)
    # The same game again, tallied by hand: the random bots are seeded seed * 100 + seat.
    rngs = [random.Random(3 * 100 + seat) for seat in range(2)]
    state = variant.new_game(players=2, seed=3)
    kinds: Counter[str] = Counter()
    count = 0
    while state.phase != "over":
        actions = variant.legal_actions(state)
        transition = variant.apply(state, rngs[state.to_act].choice(actions))
        kinds.update(event.kind for event in transition.events)
        state, count = transition.state, count + 1
    assert result.winner == state.winner and result.actions == count
    assert sum(result.played.values()) == kinds[EventKind.PLAYED]
    assert sum(result.captures.values()) + result.dog_captures == kinds[EventKind.CAPTURED]
    assert result.disc_turns == kinds[EventKind.DISC_TURNED]
    assert result.folds == kinds[EventKind.FOLDED]
    assert GameResult.from_json(json.loads(json.dumps(result.to_json()))) == result


def test_tasks_cover_every_seed_once_in_order() -> None:
    cut = tasks(range(10, 1000), workers=2)
    assert [seed for task in cut for seed in task] == list(range(10, 1000))
    assert len(cut) >= 16


def test_the_report_counts_seats_teams_lengths_and_cards() -> None:
    results = simulate(BLACK, range(1, 4), in_process, 1)
    report: Any = json.loads(json.dumps(summarize(BLACK, results)))  # read as a user would
    assert report["games"] == 3 and report["finished"] == 3
    wins = [row["wins"] for row in report["seats"]]
    assert wins[0] == wins[2] and wins[1] == wins[3] and wins[0] + wins[1] == 3
    assert [team["seats"] for team in report["teams"]] == [[0, 2], [1, 3]]
    length = report["length"]
    assert length["actions"]["min"] == min(r.actions for r in results)
    assert sum(row["games"] for row in length["histogram"]) == 3
    shares = sum(card["share_of_captures"] for card in report["cards"])
    assert shares + report["captures"]["black_dog_share"] == pytest.approx(1.0, abs=1e-4)
    played = sum(card["played"] for card in report["cards"])
    assert played == sum(sum(r.played.values()) for r in results)


def test_same_seeds_give_the_same_report_on_one_core_or_two() -> None:
    alone = summarize(KIDS, simulate(KIDS, range(1, 7), in_process, 1))
    pooled = summarize(KIDS, simulate(KIDS, range(1, 7), ProcessPool(2), 2))
    assert pooled == alone


def test_output_is_resumed_by_seed(tmp_path: Path) -> None:
    output = tmp_path / "games.jsonl"
    first, again = Counting(), Counting()
    simulate(KIDS, range(1, 4), first, 1, output)
    results = simulate(KIDS, range(1, 6), again, 1, output)
    assert first.seeds() == [1, 2, 3] and again.seeds() == [4, 5]
    assert [r.seed for r in results] == [1, 2, 3, 4, 5]
    lines = output.read_text().splitlines()
    assert json.loads(lines[0]) == {"table": KIDS.to_json()} and len(lines) == 6
    assert results == simulate(KIDS, range(1, 6), in_process, 1)


def test_a_line_cut_short_is_played_again(tmp_path: Path) -> None:
    output = tmp_path / "games.jsonl"
    simulate(KIDS, range(1, 4), in_process, 1, output)
    text = output.read_text()
    output.write_text(text[: len(text) - 20])  # the last game half written
    again = Counting()
    results = simulate(KIDS, range(1, 4), again, 1, output)
    assert again.seeds() == [3] and len(results) == 3
    assert output.read_text() == text.replace(text.splitlines()[-1] + "\n", "") + (
        text.splitlines()[-1] + "\n"
    )


def test_output_of_another_table_is_refused(tmp_path: Path) -> None:
    output = tmp_path / "games.jsonl"
    simulate(KIDS, range(1, 2), in_process, 1, output)
    other = Table("dog-kids", 2, False, ("greedy", "greedy"))
    with pytest.raises(SimulationError, match="another table"):
        simulate(other, range(1, 2), in_process, 1, output)


def test_simulate_command_writes_games_report_tables_and_plots(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["simulate", "dog-kids", "-p", "2", "-n", "4", "-j", "2", "-q", "-o", str(out)]
    code, text = run(*args)
    assert code == 0, text
    assert "seat 0 (greedy)" in text and "length: median" in text
    for name in ("games.jsonl", "report.json", "seats.csv", "cards.csv", "lengths.csv"):
        assert (out / name).is_file(), name
    if optional("dogrules.app.simulation.plots", "matplotlib") is not None:
        for name in ("wins.png", "lengths.png", "cards.png"):
            assert (out / name).read_bytes()[:4] == b"\x89PNG", name
    report = json.loads((out / "report.json").read_text())
    again = run(*args, "--no-plots")  # all four games read back: the same report
    assert again[0] == 0 and again[1].startswith(text.split("written:")[0])
    assert json.loads((out / "report.json").read_text()) == report


@pytest.mark.parametrize(
    "options",
    [
        ["--bots", "nobody"],
        ["--bot", "1=no.such.module:Bot"],
        ["--bot", "5=random"],
        ["--bot", "random"],
        ["--players", "5"],
        ["--workers", "0"],
        ["--games", "0"],
    ],
)
def test_simulate_bad_input_is_one_line_and_exit_2(tmp_path: Path, options: list[str]) -> None:
    code, text = run("simulate", "black-dog", "-q", "-o", str(tmp_path), *options)
    assert code == 2 and text.count("\n") == 1 and text.startswith("error:"), text


def test_a_second_run_on_a_folder_in_use_is_refused(tmp_path: Path) -> None:
    """Issue 33: two runs on one folder wrote every seed twice and broke the next resume."""
    out = tmp_path / "run"
    with locked_folder(out):
        result = CliRunner().invoke(
            main, ["simulate", "dog-kids", "-p", "2", "-n", "2", "-q", "-o", str(out)]
        )
    assert result.exit_code == 2 and "in use by another run" in result.stderr, result.output
    assert not (out / "games.jsonl").exists()


def test_a_complete_last_line_that_is_no_game_is_dropped_with_a_warning(tmp_path: Path) -> None:
    output = tmp_path / "games.jsonl"
    simulate(KIDS, range(1, 3), in_process, 1, output)
    text = output.read_text()
    output.write_text(text + '{"not": "a game"}\n')
    warned: list[str] = []
    again = Counting()
    results = simulate(KIDS, range(1, 4), again, 1, output, warn=warned.append)
    assert warned == [f"{output}: line 4 is not a game; dropped (any game it held is played again)"]
    assert again.seeds() == [3] and [r.seed for r in results] == [1, 2, 3]
    assert output.read_text().startswith(text) and "not" not in output.read_text()
    assert simulate(KIDS, range(1, 5), in_process, 1, output)[-1].seed == 4  # resumes again


def test_a_damaged_line_before_the_last_is_refused(tmp_path: Path) -> None:
    output = tmp_path / "games.jsonl"
    simulate(KIDS, range(1, 3), in_process, 1, output)
    lines = output.read_text().splitlines(keepends=True)
    output.write_text("".join([lines[0], "garbage\n", *lines[1:]]))
    with pytest.raises(SimulationError, match="line 2 is not a game"):
        simulate(KIDS, range(1, 3), in_process, 1, output)


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux: from /proc)."""
    found = set()
    for status in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = status.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(status.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_workers_end_when_the_run_is_killed(tmp_path: Path) -> None:
    """Issue 33: kill -9 of simulate's main process left its workers playing for ever."""
    command = [sys.executable, "-m", "dogrules", "simulate", "black-dog", "-n", "100000"]
    run = subprocess.Popen([*command, "-j", "2", "-q", "--no-plots", "-o", str(tmp_path / "run")])
    try:
        deadline = time.monotonic() + 60
        while len(workers := _children(run.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(workers) >= 2, "the run started no workers"
    finally:
        run.kill()
        run.wait()
    deadline = time.monotonic() + 30
    while any(map(_alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = [pid for pid in workers if _alive(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, f"workers {left} outlived the run"


def test_games_are_never_appended_through_a_symlink(tmp_path: Path) -> None:
    outside = tmp_path / "outside.jsonl"
    outside.write_text("keep\n")
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "games.jsonl").symlink_to(outside)
    code, text = run(
        "simulate", "dog-kids", "-p", "2", "-n", "2", "-q", "-o", str(tmp_path / "run")
    )
    assert code == 2 and "symbolic link" in text, text
    assert outside.read_text() == "keep\n"
