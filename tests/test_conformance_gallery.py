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
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner

import dogrules
from dogrules.app.cli import main

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
