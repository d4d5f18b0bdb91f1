"""Reading a passage of a manual from a copy the user has, and checking its fingerprint.

dogrules never ships the manuals' words: a clause locates its source with
:class:`~dogrules.data.register.Passage` (seed number, section, paragraph, character offset
and length, digest). Given a folder with the manual texts (files named ``NNN_*.txt``, as in
the design material's ``seeds/``), :func:`passage_text` returns the passage itself, and
refuses, naming the clause's locator, when the text at that place does not have the
fingerprint the register records.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from dogrules.data.register import Passage


class ManualMismatch(ValueError):
    """A manual is missing from the folder, or its text at a locator does not match the
    fingerprint the register records."""


def fingerprint(text: str) -> str:
    """The digest a locator records for ``text``: 16 hex digits of its UTF-8 SHA-256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def manual_path(folder: Path, document: str) -> Path:
    """The file of seed ``document`` in ``folder`` (``000_*.txt`` for ``"000"``)."""
    found = sorted(folder.glob(f"{document}_*.txt"))
    if len(found) != 1:
        what = "no file" if not found else f"{len(found)} files"
        raise ManualMismatch(
            f"{folder}: {what} named {document}_*.txt (the manual of seed {document})"
        )
    return found[0]


@functools.cache
def manual_text(path: Path) -> str:
    """The text of one manual file, read once."""
    return path.read_text(encoding="utf-8")


def passage_text(passage: Passage, folder: Path) -> str:
    """The words of ``passage`` in the user's copy of its manual in ``folder``;
    :class:`ManualMismatch` when the copy differs from the one the register was anchored to."""
    text = manual_text(manual_path(folder, passage.document))
    words = text[passage.offset : passage.offset + passage.length]
    if len(words) != passage.length or fingerprint(words) != passage.digest:
        raise ManualMismatch(f"the text at {passage} does not match its fingerprint")
    return words
