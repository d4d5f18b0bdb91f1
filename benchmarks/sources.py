"""The engine a benchmark measures, given as a checkout's ``src/``: a path holding no dogrules
package is refused at once (the child interpreters would import the installed one instead,
and measure it against itself)."""

from __future__ import annotations

import argparse
from pathlib import Path


def checked_source(parser: argparse.ArgumentParser, option: str, path: Path) -> Path:
    """``path`` resolved, or the parser's usage error naming ``option``."""
    if not (path / "dogrules" / "__init__.py").is_file():
        parser.error(f"{option} {path}: no dogrules package there (give a checkout's src/)")
    return path.resolve()
