"""Files of gzip-compressed JSON lines, as the recordings (:mod:`.recording`) and the
conformance vectors are written: one canonical JSON value a line (sorted keys, no spaces,
UTF-8), compressed without a timestamp or file name, so that the same rows give the same
bytes; and the digest of a JSON value."""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from dogrules.formats.records import canonical_json
from dogrules.model.jsonvalue import JSONValue

try:
    from dogrules.formats.files import atomic_file
except ImportError:  # pragma: no cover - an engine from before atomic writes
    # ``tools/record.py --engine`` loads this harness into older engines (benchmarks compare
    # against them): there a recording is written in place, as those engines wrote files.

    @contextlib.contextmanager
    def atomic_file(path: Path, folder: Path | None = None) -> Iterator[BinaryIO]:
        with path.open("wb") as file:
            yield file


__all__ = ["digest", "gzip_lines", "jsonl_text", "read_lines", "stream", "write_lines"]

# zlib's own gzip container: no timestamp, no file name.
GZIP_WBITS = 16 + zlib.MAX_WBITS


def digest(data: object, chars: int | None = None) -> str:
    """The sha256 hex of ``data``'s canonical JSON (its first ``chars`` digits if given)."""
    full = hashlib.sha256(canonical_json(data)).hexdigest()
    return full if chars is None else full[:chars]


def jsonl_text(rows: Iterable[object]) -> bytes:
    """``rows`` as canonical JSON lines, each ended by a newline."""
    return b"".join(canonical_json(row) + b"\n" for row in rows)


def gzip_lines(rows: Iterable[object]) -> bytes:
    """The bytes :func:`write_lines` writes for ``rows``."""
    return gzip.compress(jsonl_text(rows), 9, mtime=0)


def write_lines(path: Path, rows: Iterable[object]) -> int:
    """Write ``rows`` to ``path`` as gzip-compressed canonical JSON lines, one at a time, the
    same bytes for the same rows (those of ``gzip.compress(text, 9, mtime=0)``); how many.
    The file is replaced whole or not at all (``atomic_file``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    packer = zlib.compressobj(9, zlib.DEFLATED, GZIP_WBITS)
    count = 0
    with atomic_file(path) as file:
        for row in rows:
            file.write(packer.compress(canonical_json(row) + b"\n"))
            count += 1
        file.write(packer.flush())
    return count


def read_lines(path: Path) -> list[dict[str, JSONValue]]:
    """The JSON objects of a gzip-compressed JSON lines file; ValueError naming the file when
    it is missing, malformed or empty."""
    rows = list(stream(path))
    if not rows:
        raise ValueError(f"{path}: expected a header line and JSON objects")
    return rows


def stream(path: Path) -> Iterator[dict[str, JSONValue]]:
    """The JSON objects of a gzip-compressed JSON lines file, one at a time; ValueError naming
    the file at the first that cannot be read."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as file:
            for number, text in enumerate(file, 1):
                row = json.loads(text)
                if not isinstance(row, dict):
                    raise ValueError(f"line {number} is no JSON object")
                yield row
    except (OSError, EOFError, UnicodeDecodeError, ValueError) as exc:
        raise ValueError(f"{path}: cannot be read as gzip-compressed JSON lines: {exc}") from exc
