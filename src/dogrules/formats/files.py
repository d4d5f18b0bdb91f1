"""Reading and writing the library's text files safely.

Every file the library writes goes through :func:`atomic_file` (or the writers on top of it),
so a reader never sees half a file, a full disk leaves the old file as it was, and nothing
but a regular file is ever replaced, never through a symbolic link. Every JSON file it reads
goes through :func:`read_json_text`, so any broken input becomes one :class:`FileProblem`
line instead of whatever exception the standard library happens to raise.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import BinaryIO

from dogrules.model.errors import DogRulesError

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

__all__ = [
    "MAX_JSON_DEPTH",
    "FileProblem",
    "atomic_file",
    "check_writable",
    "locked_folder",
    "parse_json_text",
    "quote",
    "read_json_text",
    "read_text_file",
    "write_bytes_atomically",
    "write_text_atomically",
    "write_tree",
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


def check_writable(path: Path, folder: Path | None = None) -> int | None:
    """Refuse, with FileProblem, a ``path`` this library will not write: an empty one, a
    symbolic link (never written through, nor replaced: a link the library did not make may
    point anywhere), anything but a regular file, a missing directory. With ``folder``, the
    output folder a command writes a tree of files into, ``path`` lies inside it and none of
    the folders between is a symbolic link. The mode of the file it would replace, or None."""
    if not str(path):
        raise FileProblem("output path is empty")
    if folder is not None:
        inside = path.relative_to(folder) if path.is_relative_to(folder) else None
        if inside is None or ".." in inside.parts:
            raise FileProblem(f"{path}: outside the output folder {folder}")
        for parent in list(inside.parents)[:-1]:
            if (folder / parent).is_symlink():
                raise FileProblem(f"{folder / parent}: a symbolic link inside the output folder")
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise FileProblem(f"{path}: cannot write: {exc.strerror or exc}") from None
    if mode is not None and stat.S_ISLNK(mode):
        raise FileProblem(f"{path}: is a symbolic link; refusing to write through it")
    if mode is not None and not stat.S_ISREG(mode):
        kind = "a directory" if stat.S_ISDIR(mode) else "not a regular file"
        raise FileProblem(f"{path}: is {kind}; refusing to replace it")
    if not path.parent.is_dir():
        raise FileProblem(f"{path}: no such directory: {path.parent}")
    return mode


@contextlib.contextmanager
def atomic_file(path: Path, folder: Path | None = None) -> Iterator[BinaryIO]:
    """A binary stream whose bytes become the file ``path`` at once when the block ends: they
    go to a temporary file in the same directory, which is flushed to disk and renamed over
    ``path`` (then the directory is synced). Until then, and for good if anything fails, the
    old file stays as it was and the temporary file is removed. :func:`check_writable` says
    which paths are refused (``folder``: see there); a failed write (a full disk) is a
    FileProblem naming the file and the reason."""
    mode = check_writable(path, folder)
    try:
        handle, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
    except OSError as exc:
        raise _unwritten(path, mode, exc) from None
    try:
        os.chmod(temporary, _file_mode(mode))
        with os.fdopen(handle, "wb") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise _unwritten(path, mode, exc) from None
        raise
    _sync_directory(path.parent)


def write_bytes_atomically(path: Path, data: bytes, folder: Path | None = None) -> None:
    """Write ``data`` to ``path`` through :func:`atomic_file`: all of it, or nothing."""
    with atomic_file(path, folder) as stream:
        stream.write(data)


def write_text_atomically(path: Path, text: str, folder: Path | None = None) -> None:
    """Write ``text`` as UTF-8 to ``path`` through :func:`atomic_file`: all of it, or
    nothing."""
    write_bytes_atomically(path, text.encode("utf-8"), folder)


def write_tree(folder: Path, files: Mapping[str, str | bytes]) -> list[Path]:
    """Write each of ``files`` (a path relative to ``folder`` -> its text or bytes) into
    ``folder``, made with the folders between if missing, each file atomically and never
    through a symbolic link inside ``folder``; the paths written. Every path is checked
    before the first file is written, so a refused one leaves ``folder`` as it was."""
    paths = [folder / relative for relative in files]
    for path in paths:
        _check_tree_path(folder, path)
    for path, content in zip(paths, files.values(), strict=True):
        _make_folders(folder, path.parent)
        data = content.encode("utf-8") if isinstance(content, str) else content
        write_bytes_atomically(path, data, folder)
    return paths


def _check_tree_path(folder: Path, path: Path) -> None:
    """Refuse (see :func:`check_writable`) a ``path`` of a tree written into ``folder``
    before anything is made: the folders on the way that exist are folders, not links."""
    current = folder
    for part in path.relative_to(folder).parts[:-1]:
        current = current / part
        if current.is_symlink():
            raise FileProblem(f"{current}: a symbolic link inside the output folder")
        if not current.exists():
            return  # made fresh, with all below it
        if not current.is_dir():
            raise FileProblem(f"{current}: not a folder")
    if path.parent.is_dir():
        check_writable(path, folder)


def _make_folders(folder: Path, inner: Path) -> None:
    """``folder`` and the folders from it down to ``inner`` made where missing; FileProblem
    when one below ``folder`` is a symbolic link, or one is not a folder."""
    steps = inner.relative_to(folder)
    for current in [folder, *(folder / part for part in reversed(steps.parents)), folder / steps]:
        if current != folder and current.is_symlink():
            raise FileProblem(f"{current}: a symbolic link inside the output folder")
        try:
            current.mkdir(parents=current == folder, exist_ok=True)
        except FileExistsError:
            raise FileProblem(f"{current}: not a folder") from None
        except OSError as exc:
            raise FileProblem(f"{current}: cannot make the folder: {exc.strerror or exc}") from None


# The file that marks an output folder as in use by one run (see locked_folder).
LOCK_FILE = ".dogrules.lock"


@contextlib.contextmanager
def locked_folder(folder: Path) -> Iterator[Path]:
    """``folder`` (made if missing), held for this process alone until the block ends: a
    second run on it is refused at once with FileProblem instead of writing the same files
    at the same time. The lock is the operating system's on ``LOCK_FILE`` inside it, so it
    ends with the process however that ends (kill -9 included); the file itself stays."""
    _make_folders(folder, folder)
    path = folder / LOCK_FILE
    check_writable(path)
    try:
        handle = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except OSError as exc:
        raise FileProblem(f"{folder}: cannot lock: {exc.strerror or exc}") from None
    try:
        if not _try_lock(handle):
            holder = os.read(handle, 32).decode("ascii", "replace").strip() or "?"
            raise FileProblem(
                f"{folder}: in use by another run (process {holder}); wait for it to end or "
                "choose another folder"
            )
        os.ftruncate(handle, 0)
        os.write(handle, f"{os.getpid()}\n".encode())
        yield folder
    finally:
        os.close(handle)  # closing the file gives up the lock


def _try_lock(handle: int) -> bool:
    """Whether this process now holds the exclusive lock of the open file ``handle``."""
    try:
        if sys.platform == "win32":
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unwritten(path: Path, mode: int | None, exc: OSError) -> FileProblem:
    """The error of a write that failed: what the operating system said, and that the old
    file (if any) is left as it was."""
    left = "the old file is left as it was" if mode is not None else "nothing was written"
    return FileProblem(f"{path}: cannot write: {exc.strerror or exc}; {left}")


def _sync_directory(directory: Path) -> None:
    """Flush a directory's entries to disk, so that a rename survives a crash (a no-op where
    directories cannot be opened, as on Windows)."""
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(handle)
    finally:
        os.close(handle)


def _file_mode(existing: int | None) -> int:
    """The mode the written file gets: the replaced file's, else the umask's default."""
    if existing is not None:
        return existing & 0o777
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask
