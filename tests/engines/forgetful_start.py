"""A broken engine for tests/test_conform.py: the reference behind the stdio protocol, but
forgetting that a piece on its own start field blocks (BD-START-BLOCKS): every number move
may pass or land on it."""

from __future__ import annotations

import sys

from dogrules.app.stdio import serve_lines
from dogrules.protocol import Context
from dogrules.rules import partner, play, splits


def forgetful(*args: object) -> frozenset[int]:
    return frozenset()


for module in (play, partner, splits):
    setattr(module, "protected_fields", forgetful)  # noqa: B010 - a deliberate patch

serve_lines(sys.stdin.buffer, sys.stdout.buffer, Context())
