"""Reading and writing the library's text files safely.

Every file the library writes goes through :func:`write_text_atomically`, so a reader never
sees half a file and nothing but a regular file is ever replaced. Every JSON file it reads
goes through :func:`read_json_text`, so any broken input becomes one :class:`FileProblem`
line instead of whatever exception the standard library happens to raise.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from pathlib import Path

from dogrules.model.errors import DogRulesError

__all__ = [
    "MAX_JSON_DEPTH",
    "FileProblem",
    "parse_json_text",
    "quote",
    "read_json_text",
    "read_text_file",
    "write_text_atomically",
]

# Positions and records nest four levels at most; far deeper input is hostile or broken,
# and refusing it early keeps the parser (recursive in CPython) away from RecursionError.
MAX_JSON_DEPTH = 200
# How much of a bad input a message quotes: enough to recognise it, never a whole file.
QUOTE = 40


class FileProblem(DogRulesError, ValueError):
    """A file cannot be read or written as asked; the message is one line naming the file."""


def quote(text: str) -> str:
    """A short, one-line prefix of ``text`` for an error message."""
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= QUOTE else flat[:QUOTE] + "...")


def read_json_text(path: Path, source: str | None = None) -> object:
    """The JSON value in the file ``path``; FileProblem, naming ``source`` (default: the
    path), if it is not a readable regular UTF-8 file holding JSON of sane depth."""
    name = str(path) if source is None else source
    return parse_json_text(read_text_file(path, name), name)


def read_text_file(path: Path, name: str) -> str:
    """The text of the file ``path``; FileProblem, naming ``name``, if it is not a readable
    regular UTF-8 file."""
    try:
        if path.is_dir():
            raise FileProblem(f"{name}: cannot read: a directory, not a file")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileProblem(f"{name}: cannot read: no such file") from None
    except UnicodeDecodeError as exc:
        raise FileProblem(f"{name}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise FileProblem(f"{name}: cannot read: {exc.strerror or exc}") from None
    return text


def parse_json_text(text: str, name: str) -> object:
    """The JSON value ``text`` holds; FileProblem, naming ``name``, if it is not JSON of sane
    depth (the message gives the line and column of malformed JSON)."""
    if _depth(text) > MAX_JSON_DEPTH:
        raise FileProblem(f"{name}: JSON nested deeper than {MAX_JSON_DEPTH} levels")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileProblem(
            f"{name}: malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except (ValueError, RecursionError) as exc:
        # ValueError: a number beyond Python's int-from-text digit limit.
        raise FileProblem(f"{name}: JSON value not accepted: {_first_line(exc)}") from None


def _first_line(exc: BaseException) -> str:
    """The first line of an exception's message, cut to a length a message can quote."""
    text = str(exc).strip().splitlines()
    return text[0][:120] if text else type(exc).__name__


def _depth(text: str) -> int:
    """The deepest bracket nesting of ``text``, skipping brackets inside strings."""
    deepest = depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def write_text_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path``: a temporary file in the target's directory replaces it, so
    the target is either untouched or complete. A symlink is followed (its target is
    replaced); anything existing that is not a regular file is refused with FileProblem, as
    is an empty path. OSError if the directory cannot be written."""
    if not str(path):
        raise FileProblem("output path is empty")
    target = Path(os.path.realpath(path))
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise FileProblem(f"{path}: cannot write: {exc.strerror or exc}") from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = "a directory" if stat.S_ISDIR(mode) else "not a regular file"
        raise FileProblem(f"{path}: is {kind}; refusing to replace it")
    if not target.parent.is_dir():
        raise FileProblem(f"{path}: no such directory: {target.parent}")
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        os.chmod(temporary, _file_mode(mode))
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _file_mode(existing: int | None) -> int:
    """The mode the written file gets: the replaced file's, else the umask's default."""
    if existing is not None:
        return existing & 0o777
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask
