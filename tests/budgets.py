"""How much the tests with a deep variant do, by Hypothesis profile (HYPOTHESIS_PROFILE).

The everyday suite (the ``default`` profile) runs them at a smaller budget, issue 12's 60 s
on 2 cores; ``.ci/run`` runs them once more under the ``ci`` profile at the full one (the
state machines, marked ``machine``, and the tests marked ``deep``: ``-m "machine or deep"``),
and so does ``thorough``.
"""

from __future__ import annotations

import os

import pytest

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
# A test whose budget comes from budget(): .ci/run runs it again under the ci profile.
DEEP = pytest.mark.deep


def budget(everyday: int, deeper: int) -> int:
    """``everyday`` under the default profile, ``deeper`` under any other (ci, thorough)."""
    return everyday if PROFILE == "default" else deeper
