"""``dogrules conform`` finds bugs: against the reference behind the stdio protocol it agrees
everywhere; against the same engine with one rule broken it names the disagreement and the
clause; against engines that crash, hang or answer garbage it reports that and goes on.

Each run is kept small (one variant, a few games) so the file stays fast; a full run against
the reference is ``dogrules conform --engine "python -m dogrules serve --stdio"``.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import dogrules
from dogrules.app.cli import main
from dogrules.conformance import client
from dogrules.conformance.client import EngineFault, EngineProcess, Fault
from dogrules.conformance.compare import Kind, compare_position
from dogrules.conformance.engines import ProtocolEngine
from dogrules.conformance.shrink import simpler

ENGINES = Path(__file__).parent / "engines"
PYTHON = shlex.quote(sys.executable)
REFERENCE = f"{PYTHON} -m dogrules serve --stdio"
FORGETFUL = f"{PYTHON} {shlex.quote(str(ENGINES / 'forgetful_start.py'))}"
MISBEHAVING = f"{PYTHON} {shlex.quote(str(ENGINES / 'misbehaving.py'))}"
# Small runs: one variant, no random games beyond one short one, perft depth 1.
SMALL = ["--variant", "black-dog", "--games", "1", "--plies", "8", "--perft-depth", "1"]
# The forgetful engine breaks a rule by replacing a module's global; the compiled engine's rule
# functions call one another natively (tools/build_compiled.py) and never read it.
PATCHABLE = pytest.mark.skipif(
    dogrules.compiled(),
    reason="compiled engine: the forgetful engine's patch reaches no compiled call",
)


@pytest.fixture(autouse=True)
def engines_import_these_sources(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine processes import dogrules from the sources under test, wherever the
    test runs from."""
    source = str(Path(dogrules.__file__).resolve().parent.parent)
    monkeypatch.setenv("PYTHONPATH", source)


def conform(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["conform", *args])
    return result.exit_code, result.output


def test_the_reference_behind_the_protocol_agrees_everywhere() -> None:
    code, output = conform("--engine", REFERENCE, *SMALL, "--limit", "30")
    assert code == 0, output
    assert re.search(r"agree: \d+ positions compared \(black-dog-2p, black-dog-3p, ", output)
    assert "DISAGREE" not in output


@pytest.mark.skipif(
    os.environ.get("HYPOTHESIS_PROFILE") != "thorough",
    reason="the full run (every variant, about a minute): HYPOTHESIS_PROFILE=thorough",
)
def test_the_reference_agrees_on_every_vector_game_and_perft_position() -> None:
    code, output = conform("--engine", REFERENCE, "--games", "3", "--perft-depth", "2")
    assert code == 0, output
    assert "dog-kids-4p-teams), no disagreement" in output


@PATCHABLE
def test_an_engine_forgetting_that_a_protected_start_field_blocks_is_caught() -> None:
    # 30 vectors a form reach black-dog-4p-teams/0025 to 0027, where the start field blocks.
    code, output = conform("--engine", FORGETFUL, *SMALL, "--max-failures", "1", "--limit", "30")
    assert code == 1, output
    reports = [block for block in output.split("DISAGREE ")[1:] if "BD-START-BLOCKS" in block]
    assert reports, f"no disagreement names BD-START-BLOCKS:\n{output[:3000]}"
    first = reports[0]
    assert first.startswith(f"[{Kind.EXTRA}]"), first
    assert "reference: illegal: the piece on" in first and "protected" in first, first
    assert "engine:    lists it" in first, first
    # Shrinking kept the disagreement on a position with fewer pieces on the board.
    assert any("minimal position where it persists" in block for block in reports), output[:3000]


def test_a_crashing_engine_is_reported_not_fatal() -> None:
    code, output = conform("--engine", f"{MISBEHAVING} crash", *SMALL)
    assert code == 1, output
    assert f"the engine {Fault.CRASHED}" in output
    assert "exit code 3" in output and "segmentation fault (pretended)" in output
    assert "gave up: 3 engine failures" in output


def test_a_hanging_engine_times_out_and_is_reported() -> None:
    code, output = conform(
        "--engine", f"{MISBEHAVING} hang", *SMALL, "--timeout", "0.5", "--max-failures", "2"
    )
    assert code == 1, output
    # Each hang costs one timeout, and the run gives up by the second (at the first when the
    # engine, slow to start on a loaded machine, misses hello): bounded work, not a wait.
    hangs = output.count(f"the engine {Fault.HUNG}: no answer within 0.5 s")
    assert 1 <= hangs <= 2, output
    assert "gave up: " in output, output


def test_a_hung_engine_is_killed_at_once_and_a_stopped_one_may_end_by_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A grace the hung engine would sleep through, were it given one.
    monkeypatch.setattr(client, "STOP_GRACE", 60.0)
    graces: list[float | None] = []
    stop = EngineProcess.stop

    def recorded_stop(engine: EngineProcess, grace: float | None = None) -> None:
        graces.append(grace)
        stop(engine, grace)

    monkeypatch.setattr(EngineProcess, "stop", recorded_stop)
    with EngineProcess([*shlex.split(MISBEHAVING), "hang"], timeout=20) as hanging:
        hanging.request("hello")
        hung = hanging._process
        hanging.timeout = 0.2
        with pytest.raises(EngineFault) as caught:
            hanging.request("version")
    assert caught.value.fault is Fault.HUNG and hung is not None
    # Killed, not given the grace a stopped engine gets.
    assert hung.returncode == -signal.SIGKILL
    # The stop on the fault (the one that found it running) gave it no grace.
    assert graces[:1] == [0], f"the hung engine was stopped with grace {graces[0]}, not at once"
    with EngineProcess(shlex.split(REFERENCE), timeout=20) as reference:
        reference.request("hello")
        running = reference._process
        reference.stop()
    # Its input closed, the reference ended by itself within the grace.
    assert running is not None and running.returncode == 0


def test_an_engine_answering_garbage_is_reported() -> None:
    code, output = conform("--engine", f"{MISBEHAVING} garbage", *SMALL)
    assert code == 1, output
    assert f"the engine {Fault.GARBAGE}: not JSON: '<html>oops</html>'" in output


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("", "an empty command"),
        ("'unclosed", "No closing quotation"),
        ("no-such-engine-x", "cannot start"),
    ],
)
def test_a_command_that_cannot_start_an_engine_is_bad_input(command: str, message: str) -> None:
    code, output = conform("--engine", command)
    assert code == 2, output
    assert message in output and "Traceback" not in output


def test_an_error_answer_keeps_its_code_and_the_process_stays_up() -> None:
    with EngineProcess(shlex.split(REFERENCE), timeout=20) as engine:
        with pytest.raises(EngineFault) as caught:
            engine.request("fly")
        assert caught.value.fault is Fault.ERROR and caught.value.code == "unknown_op"
        assert engine.request("version")["protocol"] == "dogrules"
        assert engine.restarts == 0


@PATCHABLE
def test_a_disagreement_on_a_position_names_the_clause_deciding_it() -> None:
    v = dogrules.variant("black-dog")
    # The rule lawyers' position: 13 T5-T18 would pass the protected piece on T16.
    state = v.position(
        players=4,
        pieces={0: ["T5", "H", "H", "H"], 1: ["T16", "H", "H", "H"], 2: ["H"] * 4, 3: ["H"] * 4},
        hands={0: ["5", "13"]},
        black_dog="T24",
    )
    with EngineProcess(shlex.split(FORGETFUL), timeout=20) as engine:
        found = compare_position(ProtocolEngine(engine), v, state, "lawyers", ["13 T5-T18"])
    kinds = {(d.kind, d.action) for d in found}
    assert (Kind.EXTRA, "13 T5-T18") in kinds and (Kind.VERDICT, "13 T5-T18") in kinds, found
    assert all("BD-START-BLOCKS" in d.clauses for d in found), found


def test_shrinking_steps_keep_positions_valid() -> None:
    v = dogrules.variant("black-dog")
    state = v.position(
        players=4,
        pieces={0: ["T5", "H", "H", "H"], 1: ["T16", "H", "H", "H"], 2: ["H"] * 4, 3: ["H"] * 4},
        hands={0: ["5"]},
        black_dog="T24",
    )
    steps = list(simpler(v, dogrules.dump(state)))
    # Either piece can go home; the one card of the hand to act cannot leave it (the seat
    # to play must hold a card, so that candidate is no valid position and is skipped).
    assert [step["pieces"] for step in steps] == [
        {"0": ["H"] * 4, "1": ["H", "H", "H", "T16"], "2": ["H"] * 4, "3": ["H"] * 4},
        {"0": ["H", "H", "H", "T5"], "1": ["H"] * 4, "2": ["H"] * 4, "3": ["H"] * 4},
    ]
    assert all(dogrules.load(step) for step in steps)


def test_a_bug_with_many_disagreements_reads_in_a_few_paragraphs_and_details_go_to_a_file(
    tmp_path: Path,
) -> None:
    gallery = f"{PYTHON} {shlex.quote(str(ENGINES / 'gallery.py'))} partner_never_split"
    details = tmp_path / "details.txt"
    code, output = conform(
        "--engine", gallery, *SMALL, "--limit", "40", "--no-shrink", "--details", str(details)
    )
    assert code == 1, output
    total = int(re.findall(r"disagree: (\d+) disagreement", output)[0])
    written = details.read_text(encoding="utf-8")
    # Three shown in full (a dozen lines at most each), the rest counted by kind and clauses.
    assert output.count("DISAGREE [") == 3 < total == written.count("DISAGREE ["), output
    assert re.search(r"\.\.\. and \d+ more: outcome not listed \(.*R-C10", output), output
    assert len([line for line in output.splitlines() if not line.endswith(" ...")]) <= 50
    assert f"every disagreement in full: {details}" in output
