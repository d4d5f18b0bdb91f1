"""The gallery of wrong engines (tests/engines/gallery.py): every plausible bug in it is
caught by ``dogrules conform`` at its default checks and by the pytest plugin, with a short
report naming what differs; and the reference itself passes both.

Each run stops at its first disagreement (``--max-disagreements``, ``-x``): what is checked
before it is what the default settings check. ``dogrules conform`` gets the bug's variants;
the plugin the first of them.
"""

from __future__ import annotations

import importlib.util
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner

import dogrules
from budgets import DEEP, budget
from dogrules.app.cli import main
from dogrules.conformance.adapter import ReferenceAdapter
from dogrules.conformance.client import EngineProcess
from dogrules.conformance.compare import Disagreement, Kind
from dogrules.conformance.engines import AdapterEngine, ProtocolEngine
from dogrules.conformance.run import Settings, checks, conform, perft_check, run_check
from dogrules.conformance.store import read_perft, shipped_dir

ENGINES = Path(__file__).parent / "engines"
PYTHON = shlex.quote(sys.executable)


def _gallery() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gallery", ENGINES / "gallery.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GALLERY = _gallery()
NAMES = sorted(GALLERY.ENGINES)


@pytest.fixture(autouse=True)
def engines_import_these_sources(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine processes import dogrules from the sources under test."""
    source = str(Path(dogrules.__file__).resolve().parent.parent)
    monkeypatch.setenv("PYTHONPATH", source)


def test_the_gallery_has_a_dozen_bugs_across_the_three_variants() -> None:
    variants = {v for engine in GALLERY.ENGINES.values() for v in engine.variants}
    assert len(NAMES) >= 12 and variants == {"black-dog", "agent-dog", "dog-kids"}


@pytest.mark.parametrize("name", NAMES)
def test_conform_catches_the_wrong_engine(name: str, tmp_path: Path) -> None:
    engine = GALLERY.ENGINES[name]
    command = f"{PYTHON} {shlex.quote(str(ENGINES / 'gallery.py'))} {name}"
    variants = [arg for v in engine.variants for arg in ("--variant", v)]
    details = tmp_path / "details.txt"
    started = time.monotonic()
    stop = ["--max-disagreements", "1", "--details", str(details)]
    result = CliRunner().invoke(main, ["conform", "--engine", command, *variants, *stop])
    took = time.monotonic() - started
    assert result.exit_code == 1, f"{name} ({engine.about}) was not caught:\n{result.output}"
    assert "DISAGREE [" in result.output and details.read_text(encoding="utf-8")
    findings = result.output.split("DISAGREE [")[1:]
    assert all(len(f.splitlines()) <= 30 for f in findings), result.output
    print(f"conform caught {name} in {took:.1f} s")  # the figures of docs/conformance.md


@pytest.mark.parametrize("name", NAMES)
def test_the_plugin_catches_the_wrong_engine(name: str, pytester: pytest.Pytester) -> None:
    engine = GALLERY.ENGINES[name]
    pytester.makepyfile(
        test_mine=(
            "from dogrules.conformance.pytest_plugin import check_differences\n"
            "def test_check(dog_engine, dog_check):\n"
            "    assert not check_differences(dog_engine, dog_check)\n"
        ),
    )
    pytester.syspathinsert(ENGINES)
    plugin = ["-p", "no:dogrules", "-p", "dogrules.conformance.pytest_plugin"]
    base = ["-q", "-p", "no:cacheprovider", "-p", "no:randomly", "-p", "no:benchmark"]
    started = time.monotonic()
    ran = pytester.runpytest_inprocess(
        *base,
        *plugin,
        "--dog-variant",
        engine.variants[0],
        "--dog-engine",
        f"gallery:{name}",
        "-x",
        "test_mine.py",
    )
    took = time.monotonic() - started
    assert ran.ret == 1, f"{name} ({engine.about}) passed the plugin:\n{ran.stdout.str()[-3000:]}"
    assert "DISAGREE [" in ran.stdout.str()
    print(f"the plugin caught {name} in {took:.1f} s")


def _same(found: list[Disagreement]) -> list[tuple[str, str, str | None, str, tuple[str, ...]]]:
    """What both tools must agree on: kind, where, action, the reference's side, clauses
    (an engine's own words, such as its error messages, travel differently)."""
    return [(str(d.kind), d.where, d.action, d.reference, d.clauses) for d in found]


@pytest.mark.parametrize(
    "name", ["winner_completed_last", "disc_turned_backwards", "kids_push_refused"]
)
def test_conform_and_the_plugin_find_the_same_disagreements(name: str) -> None:
    engine = GALLERY.ENGINES[name]
    in_process = AdapterEngine(engine)
    settings = Settings(variants=(engine.variants[0],), games=0)
    command = [sys.executable, str(ENGINES / "gallery.py"), name]
    with EngineProcess(command, timeout=20) as process:
        behind_protocol = ProtocolEngine(process)
        for check in checks(settings):
            found = [d for position in run_check(in_process, check, settings) for d in position]
            if found:
                again = [d for p in run_check(behind_protocol, check, settings) for d in p]
                assert _same(found) == _same(again), check.name
                return
    pytest.fail(f"{name}: no check of {engine.variants[0]} found it")


class ForgetsOneMoveDown(ReferenceAdapter):
    """Lists every action but the last in one position: the one ``below`` leads to."""

    def __init__(self, below: dogrules.State) -> None:
        self.below = below

    def legal(self, state: dogrules.State) -> Sequence[str]:
        listed = list(super().legal(state))
        return listed[:-1] if state == self.below else listed


def test_a_perft_difference_is_followed_down_its_divide_to_the_position_where_it_shows() -> None:
    """The counts agree at depth 1 and part at depth 2; the report names the first move
    below which they part, goes down it and shows the disagreement where it is."""
    v = dogrules.variant("black-dog")
    row = next(r for r in read_perft(shipped_dir()) if r["id"] == "black-dog-2p/a")
    root = dogrules.load(row["position"])  # type: ignore[arg-type]
    move = v.legal_actions(root)[1]
    below = v.apply(root, move).state
    engine = AdapterEngine(ForgetsOneMoveDown(below))  # type: ignore[arg-type]
    summary, *shown = perft_check(engine, row, 3)
    assert summary.kind is Kind.PERFT and summary.action == str(move), summary.line()
    assert summary.reference.startswith("perft(2) = 166; below ")
    forgotten = str(v.legal_actions(below)[-1])
    where = f"perft black-dog-2p/a after {move}"
    assert [(d.kind, d.where, d.action) for d in shown] == [
        (Kind.PERFT, where, forgotten),
        (Kind.MISSING, where, forgotten),
    ], [d.line() for d in shown]


def test_the_reference_passes_every_check_of_the_plugin_in_process() -> None:
    engine = AdapterEngine(ReferenceAdapter())  # type: ignore[arg-type]
    settings = Settings(variants=("dog-kids",), games=1, plies=10)
    for check in checks(settings):
        found = [d for position in run_check(engine, check, settings) for d in position]
        assert not found, [d.line() for d in found]


@DEEP
def test_the_reference_behind_the_protocol_agrees_on_perft_to_depth_four() -> None:
    """Perft through the protocol, each count with its divide: depth 2 every day, 4 in CI."""
    depth = budget(2, 4)
    settings = Settings(limit=0, games=0, perft_depth=depth)
    command = [sys.executable, "-m", "dogrules", "serve", "--stdio"]
    with EngineProcess(command, timeout=60) as process:
        report = conform(ProtocolEngine(process), settings)
    assert report.agreed, [d.line() for d in report.disagreements]
    assert report.positions == len(read_perft(shipped_dir()))
