"""Game records: a whole game as a JSON file, replayed and checked against the installed rules.

A record holds what recreates the start of a game and every action taken, in notation::

    {
     "format": "dogrules-record",
     "version": 1,
     "header": {"variant": "black-dog", "players": 4, "teams": true, "seed": 7,
                "fingerprint": "<sha256 hex>", "library": "0.1.0"},
     "note": "optional free text",
     "actions": [
      "place T8",
      "give 5",
      ...
     ],
     "steps": [
      {"legal": 61, "digest": "<sha256 hex>"},
      ...
     ],
     "final": {"legal": 0, "digest": "<sha256 hex>"},
     "digest": "<sha256 hex>"
    }

* ``header``: the game starts as ``dogrules.variant(variant).new_game(players, seed, teams)``.
  ``teams`` is the game's actual team flag (always true for a 4-player Black DOG or Agent DOG
  game). ``fingerprint`` is :func:`fingerprint` of the variant: the sha256 of the canonical
  JSON of its layout file (board and deck) as parsed, without the data's passage locators
  (``[[datum.passage]]``), so that a record made with another board or deck is refused
  rather than replayed wrongly. ``library`` is the
  ``dogrules.__version__`` that wrote the record (for information only).
* ``header.rulings`` (optional, only when the game was played by house rules): the house
  rules as ruling id -> reading name (``{"R-C4": "strict"}``, see ``dogrules rulings
  VARIANT``); the game starts as ``dogrules.variant(variant, rulings=rulings).new_game(...)``
  and is replayed by the same readings. Absent, the reference readings.
* ``actions``: ``str(action)`` of every action in order, read back with
  ``variant.parse_action(state, text)`` for the seat to act.
* ``steps`` and ``final`` (optional, written for golden playthroughs): ``steps[i]`` describes
  the state *before* ``actions[i]``, ``final`` the state after the last action: the number of
  legal actions there and :func:`state_digest` of it. ``steps`` has one entry per action.

* ``digest`` (version 2): :func:`record_digest` of the record without this key, checked
  whenever a record is read, so that a record cut short (actions lost from its end) or changed
  after it was written is refused instead of replayed as another game. A version 1 record
  (written before records carried it) has none and is still read; ``validate`` notes that it
  cannot be checked so, and :func:`write_record` of it writes it as version 2.

Steps are numbered from 1 in messages: step ``n`` is ``actions[n - 1]`` (and ``steps[n - 1]``).
Canonical JSON is ``json.dumps(data, sort_keys=True, separators=(",", ":"),
ensure_ascii=False)`` encoded as UTF-8.

Records are made, replayed and verified in :mod:`dogrules.formats.replay`. The JSON Schemas
(draft 2020-12) of records and of positions (``dogrules.dump``) ship in
``dogrules/formats/schemas`` (:mod:`dogrules.formats.schemas`);
:func:`~dogrules.formats.validation.validate_file` checks a file of either kind against them.
Every error these modules raise is a :class:`RecordError` with a one-line message naming the
file and the field or step.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import cast

import attrs

from dogrules.formats.files import FileProblem, read_json_text, write_text_atomically
from dogrules.formats.schemas import _schema_messages
from dogrules.formats.states import JSONValue, dump
from dogrules.model.errors import DogRulesError, InvalidArgument, short
from dogrules.model.state import State
from dogrules.variants import implemented
from dogrules.variants import variant as get_variant

FORMAT = "dogrules-record"
VERSION = 2
# The version before records carried a digest of their content: still read, not checked so.
UNDIGESTED = 1
PathLike = str | os.PathLike[str]

__all__ = [
    "FORMAT",
    "VERSION",
    "Check",
    "Record",
    "RecordError",
    "canonical_json",
    "fingerprint",
    "read_record",
    "record_digest",
    "render_record",
    "state_digest",
    "write_record",
]


class RecordError(DogRulesError, ValueError):
    """A record cannot be read, replayed or verified; the message is one line naming the file
    and the field or step. ``step`` is the step number (from 1) when one is concerned and
    ``clauses`` the clause ids that forbid an illegal action."""

    def __init__(self, message: str, step: int | None = None, clauses: tuple[str, ...] = ()):
        super().__init__(" ".join(message.split()))
        self.step = step
        self.clauses = clauses


@attrs.frozen
class Check:
    """What a golden playthrough records of one state: its legal action count and digest."""

    legal: int
    digest: str

    def to_json(self) -> dict[str, JSONValue]:
        return {"legal": self.legal, "digest": self.digest}


@attrs.frozen
class Record:
    """A whole game: the header that recreates its start and every action, in notation.

    ``steps`` (one :class:`Check` per action, of the state before it) and ``final`` (of the
    state after the last action) are present in golden playthroughs. ``source`` is where the
    record was read from, used in messages; it takes part in no comparison. ``rulings``
    holds the house rules the game was played by (ruling id, reading name), sorted by id;
    empty for the reference readings.
    """

    variant: str
    players: int
    teams: bool
    seed: int
    fingerprint: str
    library: str
    actions: tuple[str, ...]
    steps: tuple[Check, ...] | None = None
    final: Check | None = None
    note: str | None = None
    rulings: tuple[tuple[str, str], ...] = ()
    source: str = attrs.field(default="record", eq=False)

    def to_json(self) -> dict[str, JSONValue]:
        """The record as JSON data, keys in the documented order."""
        data: dict[str, JSONValue] = {
            "format": FORMAT,
            "version": VERSION,
            "header": {
                "variant": self.variant,
                "players": self.players,
                "teams": self.teams,
                "seed": self.seed,
                "fingerprint": self.fingerprint,
                "library": self.library,
            },
        }
        if self.rulings:
            cast(dict[str, JSONValue], data["header"])["rulings"] = dict(self.rulings)
        if self.note is not None:
            data["note"] = self.note
        data["actions"] = list(self.actions)
        if self.steps is not None:
            data["steps"] = [step.to_json() for step in self.steps]
        if self.final is not None:
            data["final"] = self.final.to_json()
        data["digest"] = record_digest(data)
        return data

    @classmethod
    def from_json(cls, data: object, source: str = "record") -> Record:
        """The record ``data`` describes; RecordError naming ``source`` and the first field
        that is wrong (the record schema, then the number of steps)."""
        problems = _schema_messages("record", data)
        if problems:
            raise RecordError(f"{source}: {problems[0]}")
        raw = cast(dict[str, JSONValue], data)
        _check_digest(raw, source)
        header = cast(dict[str, JSONValue], raw["header"])
        actions = tuple(cast(list[str], raw["actions"]))
        steps: tuple[Check, ...] | None = None
        if "steps" in raw:
            steps = tuple(_check(item) for item in cast(list[JSONValue], raw["steps"]))
            if len(steps) != len(actions):
                raise RecordError(
                    f"{source}: steps: {len(steps)} entries for {len(actions)} actions "
                    "(one per action is expected)"
                )
        note = raw.get("note")
        rulings = cast(dict[str, str], header.get("rulings", {}))
        return cls(
            variant=cast(str, header["variant"]),
            players=cast(int, header["players"]),
            teams=cast(bool, header["teams"]),
            seed=cast(int, header["seed"]),
            fingerprint=cast(str, header["fingerprint"]),
            library=cast(str, header["library"]),
            actions=actions,
            steps=steps,
            final=_check(raw["final"]) if "final" in raw else None,
            note=note if isinstance(note, str) else None,
            rulings=tuple(sorted(rulings.items())),
            source=source,
        )


def _check_digest(raw: Mapping[str, JSONValue], source: str) -> None:
    """A version 2 record's ``digest`` matches its content (RecordError naming the field
    otherwise); a version 1 record has none to check."""
    if raw["version"] == UNDIGESTED:
        if "digest" in raw:
            raise RecordError(f"{source}: digest: a version {UNDIGESTED} record carries none")
        return
    written = raw.get("digest")
    if written is None:
        raise RecordError(f"{source}: digest: missing; a version {VERSION} record carries one")
    if written != record_digest(raw):
        raise RecordError(
            f"{source}: digest: does not match the record's content: it was cut short or "
            "changed after it was written"
        )


def _check(item: JSONValue) -> Check:
    table = cast(dict[str, JSONValue], item)
    return Check(legal=cast(int, table["legal"]), digest=cast(str, table["digest"]))


# --- digests -------------------------------------------------------------------------------


def record_digest(data: Mapping[str, JSONValue]) -> str:
    """sha256 hex of the canonical JSON of a record's JSON ``data`` without its ``digest``."""
    content = {key: value for key, value in data.items() if key != "digest"}
    return hashlib.sha256(canonical_json(content)).hexdigest()


def canonical_json(data: object) -> bytes:
    """``data`` as canonical JSON: sorted keys, no whitespace, UTF-8."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8")


@functools.cache
def fingerprint(variant: str) -> str:
    """sha256 hex of the canonical JSON of ``variant``'s layout file (board and deck) as
    parsed; ValueError listing the variants for an unknown name."""
    if variant not in implemented():
        raise InvalidArgument(
            f"unknown variant {short(variant)}; expected one of {', '.join(implemented())}"
        )
    layout = get_variant(variant).ruleset.layout_data
    # A datum's passage locators say where the manual states it; they are not part of the
    # board or deck, so adding or correcting one leaves every record valid.
    datums = [
        {key: value for key, value in datum.items() if key != "passage"}
        for datum in layout.get("datum", [])
    ]
    return hashlib.sha256(canonical_json({**layout, "datum": datums})).hexdigest()


def state_digest(state: State) -> str:
    """sha256 hex of the canonical JSON of ``dogrules.dump(state)``."""
    return hashlib.sha256(canonical_json(dump(state))).hexdigest()


# --- writing and reading records -----------------------------------------------------------


def write_record(path: PathLike, record: Record | Mapping[str, object]) -> None:
    """Write ``record`` to ``path`` atomically: the text goes to a temporary file in the
    same directory, which then replaces ``path``; if anything fails, ``path`` is untouched
    and no temporary file remains. A record that is not valid raises RecordError first."""
    target = Path(path)
    checked = record if isinstance(record, Record) else Record.from_json(record, str(target))
    write_text_atomically(target, render_record(checked))


def read_record(path: PathLike) -> Record:
    """The record in the file ``path``; RecordError (one line, naming the file and the field)
    if it cannot be read, is not JSON, or does not follow the record schema."""
    source = str(path)
    return Record.from_json(_read_json(Path(path), source), source)


def _read_json(path: Path, source: str) -> object:
    try:
        return read_json_text(path, source)
    except FileProblem as exc:
        raise RecordError(str(exc)) from None


def render_record(record: Record) -> str:
    """The JSON text :func:`write_record` writes: one line per top-level key and one per item
    of a top-level list, so that a diff of two records shows the steps that differ."""
    lines = []
    for key, value in record.to_json().items():
        name = json.dumps(key)
        if isinstance(value, list) and value:
            items = ",\n".join(f"  {json.dumps(item, ensure_ascii=False)}" for item in value)
            lines.append(f" {name}: [\n{items}\n ]")
        else:
            lines.append(f" {name}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"
