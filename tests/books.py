"""The rulebook as ``dogrules book`` writes it, for the tests that read it
(tests/test_book.py) and open it in a browser (tests/test_book_browser.py): the session
fixture ``written_book`` of tests/conftest.py writes it once."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from click.testing import CliRunner

from dogrules.app.cli import main

TESTS = Path(__file__).parent


class WrittenBook(NamedTuple):
    """What ``dogrules book FOLDER --tests tests/`` did: the folder, exit code and output."""

    folder: Path
    exit_code: int
    output: str


def write_book(folder: Path) -> WrittenBook:
    """Run ``dogrules book FOLDER --tests tests/``."""
    result = CliRunner().invoke(main, ["book", str(folder), "--tests", str(TESTS)])
    return WrittenBook(folder, result.exit_code, result.output)
