"""Is this JSON a valid record or position? :func:`validate` checks data against its JSON
Schema, then loads a position or replays a record; :func:`validate_file` does it for a
file."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import cast

from dogrules.formats.records import (
    FORMAT,
    UNDIGESTED,
    PathLike,
    Record,
    RecordError,
    _read_json,
)
from dogrules.formats.replay import verify
from dogrules.formats.schemas import _schema_messages
from dogrules.formats.states import load
from dogrules.model.errors import InvalidPosition

__all__ = ["notes", "validate", "validate_file"]


def validate(data: object) -> list[str]:
    """Messages for everything wrong with ``data``, a record or a position (JSON data): a
    record when it has ``"format": "dogrules-record"``, else a position. Each names the field
    (``hands.2[1]: 'bogus' is not a card notation``) or the step. A position that follows
    the schema is also loaded (InvalidPosition messages); a record is also replayed, checking its
    digests when it has them."""
    is_record = isinstance(data, dict) and data.get("format") == FORMAT
    messages = _schema_messages("record" if is_record else "position", data)
    if is_record:
        return messages or _replayed(data)
    # A position is loaded even when the schema refused part of it, so that every problem
    # is reported at once; a field the schema already named is not reported twice.
    named = {message.split(":", 1)[0] for message in messages}
    if not isinstance(data, dict) or "(top level)" in named:
        return messages
    try:
        load(cast(Mapping[str, object], data))
    except InvalidPosition as exc:
        found = [" ".join(str(problem).split()) for problem in exc.problems]
        messages += [m for m in found if m.split(":", 1)[0] not in named and m not in messages]
    return messages


def notes(data: object) -> list[str]:
    """What :func:`validate` could not check of ``data``, one line each: a version 1 record
    carries no digest of its content, so a record cut short reads as a shorter game."""
    if (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and data.get("version") == UNDIGESTED
    ):
        return [
            f"a version {UNDIGESTED} record carries no digest of its content, so a record "
            "cut short cannot be told from a whole one; writing it again "
            "(dogrules.formats.records.write_record) adds one"
        ]
    return []


def _replayed(data: object) -> list[str]:
    try:
        # verify replays and, when the record holds them, compares the step digests.
        verify(Record.from_json(data, ""))
    except RecordError as exc:
        return [str(exc).removeprefix(": ")]
    return []


def validate_file(path: PathLike) -> list[str]:
    """:func:`validate` of the JSON file ``path``; malformed JSON gives one message with
    its line and column, an unreadable file one message."""
    try:
        data = _read_json(Path(path), "")
    except RecordError as exc:
        return [str(exc).removeprefix(": ")]
    return validate(data)
