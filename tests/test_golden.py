"""The golden recording (tests/golden.jsonl.gz): one whole seeded random game of every form
of every variant, position by position (the listing, the action chosen, the next state and
the events, as digests), replayed exactly against the engine.

The test of a form fails at the game's first difference, naming the table, seed, ply and the
parts that differ. If the change of behaviour is intended, review it (``python tools/record.py
diff`` of full recordings before and after) and rewrite the file with ``python tools/record.py
golden``; commit it with the change.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from dogrules.testing.positions import tables
from dogrules.testing.recording import Recording, check

GOLDEN = Path(__file__).parent / "golden.jsonl.gz"
HINT = "if this change of behaviour is intended, run `python tools/record.py golden`"
NAMES = tuple(table.name for table in tables())


@functools.cache
def golden() -> Recording:
    """The golden recording, its lines read once and kept (the file is read as a stream)."""
    recording = Recording.read(GOLDEN)
    return Recording(recording.header, list(recording.lines))


@pytest.mark.parametrize("name", NAMES)
def test_golden_game(name: str) -> None:
    recording = golden()
    mine = Recording(recording.header, [x for x in recording.lines if x["table"] == name])
    assert mine.lines, f"tests/golden.jsonl.gz holds no game of {name}: {HINT}"
    differences = list(check(mine))
    assert not differences, "\n".join([*differences[:5], HINT])


def test_the_golden_games_are_every_form_played_to_its_end() -> None:
    recording = golden()
    held = recording.header["tables"]
    assert isinstance(held, list)
    assert [t["table"] for t in held if isinstance(t, dict)] == list(NAMES), HINT
    assert all(isinstance(t, dict) and t["plies"] is None for t in held)
    last = {line["table"]: line for line in recording.lines}
    unfinished = [name for name, line in last.items() if line["legal"] != 0]
    assert not unfinished, f"golden games that stop before their end: {unfinished}"


def test_the_golden_recording_stays_small() -> None:
    size = GOLDEN.stat().st_size
    assert size < 200_000, f"tests/golden.jsonl.gz is {size} bytes: keep it small"
