"""The command line, as a person and a CI job use it: exit codes, messages, files written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import dogrules
from dogrules.app.cli import main
from dogrules.data.manuals import passage_text
from dogrules.formats.records import record_digest
from dogrules.testing import checking

BD = dogrules.variant("black-dog")


@pytest.fixture
def position(tmp_path: Path) -> Path:
    state = BD.position(
        players=4,
        pieces={
            0: ["T5", "H", "H", "H"],
            1: ["T16", "H", "H", "H"],
            2: ["T32", "H", "H", "H"],
            3: ["T48", "H", "H", "H"],
        },
        hands={0: ["5", "13"]},
        black_dog="T24",
    )
    path = tmp_path / "position.json"
    path.write_text(json.dumps(dogrules.dump(state)))
    return path


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


@pytest.mark.clause("R-C4", "BD-START-PROTECTED")
def test_explain_exit_codes_and_clause_texts(position: Path) -> None:
    code, out = run("explain", str(position), "5 T5-T10")
    assert code == 0 and "legal." in out and "BD-BLUE" in out
    code, out = run("explain", str(position), "13 T5-T18")
    assert code == 1 and "not legal" in out and "BD-START-PROTECTED" in out
    assert "protected" in out
    code, out = run("explain", str(position), "13 T5-Q1")
    assert code == 2 and "unknown location" in out
    code, out = run("explain", str(position), "5 T5-T10", "--json")
    data = json.loads(out)
    assert data["legal"] is True and {c["id"] for c in data["clauses"]} >= {"BD-MOVE"}


def test_bad_position_files_give_one_line_and_exit_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json")
    code, out = run("moves", str(broken))
    assert code == 2 and "malformed JSON" in out and "line 1" in out
    code, out = run("moves", str(tmp_path / "missing.json"))
    assert code == 2 and "no such file" in out


def test_moves_groups_the_legal_actions_by_card(position: Path) -> None:
    code, out = run("moves", str(position), "--json")
    groups = json.loads(out)
    assert code == 0 and groups["5"] == ["5 T5-T10"] and "13" in groups


def test_render_writes_an_svg_and_text(position: Path, tmp_path: Path) -> None:
    target = tmp_path / "board.svg"
    code, out = run("render", str(position), "-o", str(target))
    assert (code == 0 and target.read_text().startswith("<svg")) or "<?xml" in target.read_text()
    code, out = run("render", str(position), "--text")
    assert code == 0 and "T5" in out


@pytest.mark.clause("R-C12")
def test_play_record_replay_and_validate(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = run("play", "dog-kids", "--players", "2", "--seed", "4", "--record", str(record))
    assert code == 0 and "won" in out and record.exists()
    code, out = run("validate", str(record))
    assert code == 0 and "valid" in out
    code, out = run("replay", str(record), "--quiet")
    assert code == 0 and "all legal" in out
    data = json.loads(record.read_text())
    data["actions"][2] = "redraw redraw"
    record.write_text(json.dumps(data))
    code, out = run("replay", str(record), "--quiet")
    assert code == 2 and "digest: does not match the record's content" in out
    data["digest"] = record_digest(data)  # as a record written so would carry
    record.write_text(json.dumps(data))
    code, out = run("replay", str(record), "--quiet")
    assert code != 0 and "step 3" in out


def test_check_reports_each_invariant() -> None:
    code, out = run("check", "dog-kids", "--examples", "2", "--steps", "30")
    assert code == 0 and out.count("pass ") == len(checking.INVARIANTS)


def test_check_shows_a_counterexample_when_an_invariant_breaks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def never(*_: object) -> None:
        raise AssertionError("deliberately broken")

    monkeypatch.setitem(checking.INVARIANTS, "cards_conserved", ("broken on purpose", never))
    code, out = run("check", "black-dog", "--examples", "2", "--steps", "5")
    assert code == 1 and "FAIL  cards_conserved" in out and "new_game(players=" in out


def test_check_refuses_broken_data_files(tmp_path: Path) -> None:
    layout = tmp_path / "layout.toml"
    layout.write_text("datum = 3")
    code, out = run("check", "black-dog", "--layout", str(layout))
    assert code == 2 and "error" in out
    deck = tmp_path / "deck.toml"
    deck.write_text('[deck]\n"bogus" = 3\n')
    code, out = run("check", "black-dog", "--deck", str(deck))
    assert code == 2 and "bogus" in out


def test_a_person_at_the_table_is_asked_again_after_bad_input() -> None:
    code, out = run("play", "black-dog", "--human", "0", stdin="zz\n99\n?1\nquit\n")
    assert "cannot read that" in out and "there is no option 99" in out
    assert "place leads to 12 action(s):" in out and "    place T7" in out
    # A person leaving the table is no error.
    assert "game abandoned" in out and code == 0


NEEDS_CHECK_EXTRA = (
    "error: dogrules check needs the optional extra: pip install 'dogrules[check]'\n"
)


def test_check_without_hypothesis_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # None in sys.modules makes "import hypothesis" fail as if it were not installed; the
    # command's module is imported afresh so that it meets the missing Hypothesis.
    monkeypatch.setitem(sys.modules, "hypothesis", None)
    monkeypatch.delitem(sys.modules, "dogrules.testing.checking", raising=False)
    code, out = run("check", "black-dog", "--examples", "1", "--steps", "5")
    assert (code, out) == (2, NEEDS_CHECK_EXTRA)


def without_hypothesis(*commands: list[str]) -> list[tuple[int, str, str]]:
    """(exit code, standard output, standard error) of each of ``commands`` (``dogrules
    ARGS``), run one after another in one fresh interpreter where Hypothesis cannot be
    imported (a command that imported it would fail there, whatever ran before it)."""
    script = (
        "import json, sys; sys.modules['hypothesis'] = None\n"
        "from click.testing import CliRunner\n"
        "from dogrules.app.cli import main\n"
        "results = [CliRunner().invoke(main, args, prog_name='dogrules')\n"
        "           for args in json.loads(sys.argv[1])]\n"
        "print(json.dumps([[r.exit_code, r.stdout, r.stderr] for r in results]))\n"
    )
    source = str(Path(dogrules.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([source, os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-c", script, json.dumps(commands)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return [(code, out, err) for code, out, err in json.loads(done.stdout)]


def test_a_command_imports_its_own_module_only() -> None:
    code = (
        "import sys\n"
        "from dogrules.app.cli import main\n"
        "try:\n"
        "    main(['serve', '--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('dogrules.app.commands.'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "dogrules.app.commands.serve", done.stdout[-300:]


def test_every_listed_command_is_the_command_of_its_name() -> None:
    context = click.Context(main)
    names = main.list_commands(context)
    assert {"play", "explain", "serve", "conform", "book"} <= set(names)
    for name in names:
        command = main.get_command(context, name)
        assert isinstance(command, click.Command) and command.name == name
    assert main.get_command(context, "no-such-command") is None


def test_only_check_needs_hypothesis(position: Path) -> None:
    check, moves, render, clauses, play = without_hypothesis(
        ["check", "dog-kids", "--examples", "1", "--steps", "5"],
        ["moves", str(position)],
        ["render", str(position), "--text"],
        ["clauses", "dog-kids", "--tests", str(Path(__file__).parent)],
        ["play", "agent-dog", "--players", "2", "--seed", "2"],
    )
    assert check == (2, "", NEEDS_CHECK_EXTRA)
    assert moves[0] == 0 and "5 T5-T10" in moves[1], moves[2]
    assert render[0] == 0 and "T5" in render[1], render[2]
    assert clauses[0] == 0 and "KD-" in clauses[1], clauses[2]
    assert play[0] in (0, 1) and "agent-dog, 2 players" in play[1], play[2]


def test_validate_reports_every_problem_of_a_position(tmp_path: Path) -> None:
    data = dogrules.dump(dogrules.variant("agent-dog").new_game(4, 3))
    data["round"] = 0
    data["shuffles"] = 0
    data["dealer"] = 7
    position = tmp_path / "position.json"
    position.write_text(json.dumps(data))
    code, out = run("validate", str(position))
    assert code == 1
    assert all(f"position.json: {key}:" in out for key in ("round", "shuffles", "dealer"))


MANUALS = Path(
    os.environ.get("DOGRULES_MANUALS") or Path(__file__).resolve().parents[2] / "shared" / "seeds"
)


def test_clauses_shows_each_rules_locator_and_no_passage_without_manuals() -> None:
    code, out = run("clauses", "black-dog")
    capture = out.split("BD-CAPTURE  [rule]")[1].split("\nBD-")[0]
    assert code == 0
    assert "    passage: seed 000, Casella di partenza, paragraph 4 (characters " in capture
    assert "      | " not in out


@pytest.mark.skipif(not MANUALS.is_dir(), reason=f"no copy of the manuals at {MANUALS}")
def test_clauses_with_manuals_prints_each_passage_beside_our_text() -> None:
    code, out = run("clauses", "dog-kids", "--manuals", str(MANUALS))
    assert code == 0, out
    lines = out.splitlines()
    for clause in dogrules.variant("dog-kids").clauses:
        for passage in clause.passages:
            at = lines.index(f"    passage: {passage}")
            words = " ".join(passage_text(passage, MANUALS).split())
            assert lines[at + 1] == f"      | {words}", clause.id


def test_clauses_with_a_missing_manuals_folder_is_one_line_and_exit_2(tmp_path: Path) -> None:
    code, out = run("clauses", "agent-dog", "--manuals", str(tmp_path / "nowhere"))
    assert (code, out.count("\n")) == (2, 1)
    assert out.startswith("error: ") and "no such folder (expected the manuals" in out


def test_clauses_with_a_manual_that_differs_is_one_line_and_exit_2(tmp_path: Path) -> None:
    (tmp_path / "001_other.txt").write_text("Not the manual the register was anchored to.\n" * 400)
    code, out = run("clauses", "agent-dog", "--manuals", str(tmp_path))
    assert (code, out.count("\n")) == (2, 1)
    assert "does not match its fingerprint" in out and "seed 001" in out
    (tmp_path / "001_other.txt").unlink()
    code, out = run("clauses", "agent-dog", "--manuals", str(tmp_path))
    assert (code, out.count("\n")) == (2, 1)
    assert "no file named 001_*.txt" in out
