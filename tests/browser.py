"""The browser the browser tests drive: Debian's Chromium (never a browser Playwright
downloads), with the flags that keep it headless, unsandboxed (CI runs as root) and off the
network. A browser test that cannot run skips, saying what to install, except under CI (the
CI environment variable set), where it fails: CI must run it (see .ci/run)."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Sequence
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PLAYWRIGHT = ("playwright", "pip install playwright (never `playwright install`)")


def missing(modules: Sequence[tuple[str, str]] = (PLAYWRIGHT,)) -> str | None:
    """What a browser test lacks (the browser, or a module with how to install it), if any."""
    if not CHROMIUM.is_file():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    for module, how in modules:
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed ({how})"
    return None


def cannot_run(what: str, module_level: bool = False) -> None:
    """Skip a browser test that cannot run, or fail it under CI."""
    if os.environ.get("CI"):
        pytest.fail(f"the browser test must run in CI: {what} (see .ci/run)", pytrace=False)
    pytest.skip(what, allow_module_level=module_level)
