"""Golden playthroughs: seeded random games recorded step by step in tests/golden/.

Each file is replayed against the installed engine; the test fails at the first difference,
naming the file and the step (digest differs, legal count differs, action no longer legal).
If the change is intended, regenerate the files with ``python tools/golden.py`` and commit
them with the change (see that script).
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from dogrules.formats.records import RecordError, read_record
from dogrules.formats.replay import verify
from dogrules.variants import form_names, implemented

GOLDEN = Path(__file__).parent / "golden"
# One golden playthrough per form of every registered variant.
NAMES = tuple(label for name in implemented() for label, _, _ in form_names(name))
HINT = "if this change of behaviour is intended, run `python tools/golden.py` and commit the files"


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough(name: str) -> None:
    path = GOLDEN / f"{name}.json"
    if not path.exists():
        pytest.fail(f"tests/golden/{name}.json is missing: {HINT}", pytrace=False)
    try:
        verify(attrs.evolve(read_record(path), source=f"tests/golden/{name}.json"))
    except RecordError as exc:
        failure = str(exc)
    else:
        return
    pytest.fail(f"{failure}; {HINT}", pytrace=False)


def test_no_stray_golden_files() -> None:
    stray = sorted(p.name for p in GOLDEN.glob("*.json") if p.stem not in NAMES)
    assert not stray, f"golden files no test replays: {stray}"
