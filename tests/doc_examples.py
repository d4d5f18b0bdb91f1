"""Reading and running the code examples of the README and the docs pages.

A page's fenced ``python`` blocks run in order in one namespace; its shell blocks (``sh``,
``shell``, ``bash``, ``console``) run each ``dogrules ...`` command they hold (a command after
``&&`` or ``;`` too; a pipe's later stages are not run) through click's test runner, in the
same working folder as the page's Python, so a file written by one block is read by the next.
Other commands of a shell block (``pip install``, ``python tools/...``) are installation and
tooling, not examples of dogrules, and are not run. A block preceded by
``<!-- no-run: reason -->`` is not run; the reason is required. Blocks in other languages
(``toml``, ``json``, ``text``) are data and are not run.

A shell command passes with exit code 0 or 1 (1 is a negative verdict an example may well
show: ``explain`` of an illegal move); 2 (bad input or usage) means the example itself is
wrong and 3 is a bug, so both fail, naming the page and line."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import traceback
from collections.abc import Iterator, Mapping
from pathlib import Path

import attrs
from click.testing import CliRunner

from dogrules.app.cli import main

ROOT = Path(__file__).resolve().parent.parent
PYTHON = frozenset({"python", "py"})
SHELL = frozenset({"sh", "shell", "bash", "console"})
FENCE = re.compile(r"^(?P<indent>\s*)```(?P<language>[\w-]*)\s*$")
NO_RUN = re.compile(r"^\s*<!--\s*no-run\b:?\s*(?P<reason>.*?)\s*-->\s*$")
# A shell command ends at these; only the stages that start with `dogrules` run.
SEPARATORS = frozenset({"&&", ";", "||"})


class ExampleFailed(AssertionError):
    """An example did not run as its page says; the message names the page and line."""


@attrs.frozen
class Example:
    """One fenced block of a page: where it starts (the fence's line, 1-based), its language,
    its code, and why it is not run (None when it runs)."""

    page: Path
    line: int
    language: str
    code: str
    skip: str | None

    @property
    def where(self) -> str:
        return f"{_relative(self.page)}:{self.line}"


def pages() -> list[Path]:
    """The README and every page of the docs site."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def examples(page: Path) -> list[Example]:
    """The fenced blocks of ``page``, in order; ValueError for an unclosed fence or a no-run
    marker without a reason."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Example] = []
    number = 0
    while number < len(lines):
        opening = FENCE.match(lines[number])
        if opening is None:
            number += 1
            continue
        indent = len(opening["indent"])
        end = number + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        if end == len(lines):
            raise ValueError(f"{_relative(page)}:{number + 1}: the code block is never closed")
        code = "\n".join(line[indent:] for line in lines[number + 1 : end])
        found.append(
            Example(page, number + 1, opening["language"], code, _skip(page, lines, number))
        )
        number = end + 1
    return found


def _skip(page: Path, lines: list[str], fence: int) -> str | None:
    before = fence - 1
    while before >= 0 and not lines[before].strip():
        before -= 1
    marker = NO_RUN.match(lines[before]) if before >= 0 else None
    if marker is None:
        return None
    if not marker["reason"]:
        raise ValueError(f"{_relative(page)}:{before + 1}: a no-run marker must say why")
    return marker["reason"]


def run_page(page: Path, known_broken: Mapping[str, str] | None = None) -> int:
    """Run the examples of ``page`` in the current working folder, in order, sharing one
    namespace; the number of blocks run. ExampleFailed at the first that fails, except that a
    block whose first line is a key of ``known_broken`` must fail (and then the page goes on);
    one that runs fails the page, so the entry cannot outlive the fix."""
    namespace: dict[str, object] = {"__name__": "__docs__"}
    expected = dict(known_broken or {})
    ran = 0
    for example in examples(page):
        if example.skip is not None or example.language not in PYTHON | SHELL:
            continue
        broken = expected.pop(example.code.partition("\n")[0], None)
        try:
            if example.language in PYTHON:
                run_python(example, namespace)
            else:
                run_shell(example)
        except ExampleFailed:
            if broken is None:
                raise
        else:
            if broken is not None:
                raise ExampleFailed(f"{example.where}: runs now; it is no longer known broken")
        ran += 1
    if expected:
        raise ExampleFailed(f"{_relative(page)}: no block starts with {sorted(expected)}")
    return ran


def run_python(example: Example, namespace: dict[str, object]) -> None:
    """Execute a python block; its line numbers in a traceback are the page's."""
    # Blank lines first, so the compiled code's line numbers are those of the page.
    source = "\n" * example.line + example.code
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(source, _relative(example.page), "exec"), namespace)
    except Exception as exc:
        frames = [
            f"  line {frame.lineno}: {example.code.splitlines()[frame.lineno - example.line - 1]}"
            for frame in traceback.extract_tb(exc.__traceback__)
            if frame.filename == _relative(example.page) and frame.lineno is not None
        ]
        raise ExampleFailed(
            f"{example.where}: the python example fails: {type(exc).__name__}: {exc}\n"
            + "\n".join(frames)
        ) from exc


def run_shell(example: Example) -> None:
    """Run each ``dogrules`` command of a shell block; exit code 2 or 3 fails."""
    runner = CliRunner()
    for offset, command in _commands(example):
        result = runner.invoke(main, command[1:], catch_exceptions=True)
        escaped = result.exception is not None and not isinstance(result.exception, SystemExit)
        if result.exit_code not in (0, 1) or escaped:
            raise ExampleFailed(
                f"{_relative(example.page)}:{example.line + offset}: `{shlex.join(command)}` "
                f"exits {result.exit_code}: {result.output.strip() or result.exception!r}"
            )


def _commands(example: Example) -> Iterator[tuple[int, list[str]]]:
    """The ``dogrules`` commands of a shell block, each with its line's offset in the block
    (1 for the first line). A line ending in a backslash goes on on the next; a ``$ ``
    prompt is dropped; a pipe's later stages are not commands of their own."""
    lines = example.code.splitlines()
    index = 0
    while index < len(lines):
        first = index
        text = lines[index].strip().removeprefix("$ ")
        while text.endswith("\\") and index + 1 < len(lines):
            index += 1
            text = text[:-1] + " " + lines[index]
        index += 1
        stages: list[list[str]] = [[]]
        for token in _tokens(text, f"{_relative(example.page)}:{example.line + first + 1}"):
            if token in SEPARATORS or token == "|":
                stages.append(["|"] if token == "|" else [])
            else:
                stages[-1].append(token)
        for stage in stages:
            if stage[:1] == ["dogrules"]:
                yield first + 1, stage


def _tokens(text: str, where: str) -> list[str]:
    """The words and operators of one shell command line, comments left out."""
    lexer = shlex.shlex(text, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        return list(lexer)
    except ValueError as exc:
        raise ExampleFailed(f"{where}: not a shell command line: {exc}") from None


def _relative(page: Path) -> str:
    return str(page.relative_to(ROOT)) if page.is_relative_to(ROOT) else str(page)
