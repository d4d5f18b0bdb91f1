"""Where the tests find a copy of the manual texts: ``$DOGRULES_MANUALS``, else
``shared/seeds`` beside the checkout (where CI puts it). Tests that read them skip without."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MANUALS = Path(os.environ.get("DOGRULES_MANUALS") or ROOT.parent / "shared" / "seeds")
needs_manuals = pytest.mark.skipif(
    not MANUALS.is_dir(),
    reason=f"no copy of the manuals at {MANUALS} (set DOGRULES_MANUALS to check the locators)",
)
