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
     "final": {"legal": 0, "digest": "<sha256 hex>"}
    }

* ``header``: the game starts as ``dogrules.variant(variant).new_game(players, seed, teams)``.
  ``teams`` is the game's actual team flag (always true for a 4-player Black DOG or Agent DOG
  game). ``fingerprint`` is :func:`fingerprint` of the variant: the sha256 of the canonical
  JSON of its layout file (board and deck) as parsed, so that a record made with another
  board or deck is refused rather than replayed wrongly. ``library`` is the
  ``dogrules.__version__`` that wrote the record (for information only).
* ``actions``: ``str(action)`` of every action in order, read back with
  ``variant.parse_action(state, text)`` for the seat to act.
* ``steps`` and ``final`` (optional, written for golden playthroughs): ``steps[i]`` describes
  the state *before* ``actions[i]``, ``final`` the state after the last action: the number of
  legal actions there and :func:`state_digest` of it. ``steps`` has one entry per action.

Steps are numbered from 1 in messages: step ``n`` is ``actions[n - 1]`` (and ``steps[n - 1]``).
Canonical JSON is ``json.dumps(data, sort_keys=True, separators=(",", ":"),
ensure_ascii=False)`` encoded as UTF-8.

The JSON Schemas (draft 2020-12) of records and of positions (``dogrules.dump``) ship in
``dogrules/schemas``; :func:`validate_file` checks a file of either kind against them.
Every error this module raises is a :class:`RecordError` with a one-line message naming the
file and the field or step.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import reprlib
import tempfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Literal, Protocol, cast

import attrs
import jsonschema  # type: ignore[import-untyped, unused-ignore]

import dogrules
from dogrules.formats.states import JSONValue, dump, load
from dogrules.model.actions import Action, format_action
from dogrules.model.errors import DogRulesError, IllegalAction, InvalidPosition
from dogrules.model.results import Transition
from dogrules.model.state import State
from dogrules.variants import implemented
from dogrules.variants import variant as get_variant

FORMAT = "dogrules-record"
VERSION = 1
SchemaName = Literal["record", "position"]
PathLike = str | os.PathLike[str]

__all__ = [
    "FORMAT",
    "VERSION",
    "Check",
    "Record",
    "RecordError",
    "canonical_json",
    "final_state",
    "fingerprint",
    "read_record",
    "record_game",
    "render_record",
    "replay",
    "schema",
    "state_digest",
    "validate",
    "validate_file",
    "verify",
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
    record was read from, used in messages; it takes part in no comparison.
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
        if self.note is not None:
            data["note"] = self.note
        data["actions"] = list(self.actions)
        if self.steps is not None:
            data["steps"] = [step.to_json() for step in self.steps]
        if self.final is not None:
            data["final"] = self.final.to_json()
        return data

    @classmethod
    def from_json(cls, data: object, source: str = "record") -> Record:
        """The record ``data`` describes; RecordError naming ``source`` and the first field
        that is wrong (the record schema, then the number of steps)."""
        problems = _schema_messages("record", data)
        if problems:
            raise RecordError(f"{source}: {problems[0]}")
        raw = cast(dict[str, JSONValue], data)
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
            source=source,
        )


def _check(item: JSONValue) -> Check:
    table = cast(dict[str, JSONValue], item)
    return Check(legal=cast(int, table["legal"]), digest=cast(str, table["digest"]))


# --- digests -------------------------------------------------------------------------------


def canonical_json(data: object) -> bytes:
    """``data`` as canonical JSON: sorted keys, no whitespace, UTF-8."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8")


@functools.cache
def fingerprint(variant: str) -> str:
    """sha256 hex of the canonical JSON of ``variant``'s layout file (board and deck) as
    parsed; ValueError listing the variants for an unknown name."""
    if variant not in implemented():
        raise ValueError(f"unknown variant {variant!r}; expected one of {', '.join(implemented())}")
    layout = get_variant(variant).ruleset.layout_data
    return hashlib.sha256(canonical_json(layout)).hexdigest()


def state_digest(state: State) -> str:
    """sha256 hex of the canonical JSON of ``dogrules.dump(state)``."""
    return hashlib.sha256(canonical_json(dump(state))).hexdigest()


# --- making, writing and reading records ---------------------------------------------------


def record_game(
    variant: str,
    players: int,
    seed: int,
    teams: bool | None = None,
    actions: Iterable[str | Action] = (),
    *,
    steps: bool = False,
    note: str | None = None,
) -> dict[str, JSONValue]:
    """The record (JSON data) of the game ``new_game(players, seed, teams)`` with ``actions``
    (notations or Action objects) played in order.

    The actions are replayed on the way: RecordError names the first step that does not
    parse, is not legal, or whose notation does not read back as the same action. With
    ``steps`` the record also holds every step's legal action count and state digest and
    the final state's (a golden playthrough).
    """
    try:
        game = get_variant(variant)
        state = game.new_game(players=players, seed=seed, teams=teams)
    except ValueError as exc:
        raise RecordError(f"record: header: {exc}") from None
    texts: list[str] = []
    checks: list[Check] = []
    for number, item in enumerate(actions, start=1):
        if isinstance(item, Action):
            text = format_action(game.game(players).notation(state.to_act), item)
            expected: Action | None = item
        else:
            text, expected = item, None
        legal = game.legal_actions(state)
        if steps:
            checks.append(Check(len(legal), state_digest(state)))
        action = _read_action(game, state, text, number, "record")
        if expected is not None and action != expected:
            raise RecordError(
                f"record: step {number}: the action {expected!r} is written {text!r}, "
                f"which reads back as {action!r}",
                step=number,
            )
        state = _apply(game, state, action, text, number, "record").state
        texts.append(text)
    record = Record(
        variant=variant,
        players=players,
        teams=state.teams,
        seed=seed,
        fingerprint=fingerprint(variant),
        library=dogrules.__version__,
        actions=tuple(texts),
        steps=tuple(checks) if steps else None,
        final=Check(len(game.legal_actions(state)), state_digest(state)) if steps else None,
        note=note,
    )
    return record.to_json()


def write_record(path: PathLike, record: Record | Mapping[str, object]) -> None:
    """Write ``record`` to ``path`` atomically: the text goes to a temporary file in the
    same directory, which then replaces ``path``; if anything fails, ``path`` is untouched
    and no temporary file remains. A record that is not valid raises RecordError first."""
    target = Path(path)
    checked = record if isinstance(record, Record) else Record.from_json(record, str(target))
    text = render_record(checked)
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        os.chmod(temporary, _file_mode(target))
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _file_mode(target: Path) -> int:
    """The mode the written file gets: the replaced file's, else the umask's default."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


def read_record(path: PathLike) -> Record:
    """The record in the file ``path``; RecordError (one line, naming the file and the field)
    if it cannot be read, is not JSON, or does not follow the record schema."""
    source = str(path)
    return Record.from_json(_read_json(Path(path), source), source)


def _read_json(path: Path, source: str) -> object:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{source}: cannot read: {exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"{source}: malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None


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


# --- replaying -----------------------------------------------------------------------------


def replay(
    record: Record | Mapping[str, object],
) -> Iterator[tuple[int, State, Action, Transition]]:
    """Play the record from ``new_game(players, seed, teams)``: yields (step number from 1,
    state before, action, transition) for every action.

    RecordError if the record was made with another board or deck (fingerprint), if the
    header does not start a game, or at the first action that cannot be read or is not
    legal (naming the step, its notation and the clauses that forbid it).
    """
    rec = _as_record(record)
    game, state = _start(rec)
    for number, text in enumerate(rec.actions, start=1):
        action = _read_action(game, state, text, number, rec.source)
        transition = _apply(game, state, action, text, number, rec.source)
        yield number, state, action, transition
        state = transition.state


def final_state(record: Record | Mapping[str, object]) -> State:
    """The state after the record's last action (the start when it has none)."""
    rec = _as_record(record)
    state = _start(rec)[1]
    for _, _, _, transition in replay(rec):
        state = transition.state
    return state


def verify(record: Record | Mapping[str, object]) -> State:
    """Replay a golden record, comparing every step with what it recorded; the final state.

    RecordError at the first difference, naming the step: ``digest differs`` (the state
    before the step is not the recorded one: the previous action now has another effect),
    ``legal count differs``, an action that is no longer legal, or a difference of the state
    after the last action. A record without ``steps`` and ``final`` is only replayed.
    """
    rec = _as_record(record)
    game, state = _start(rec)
    previous = ""
    for number, text in enumerate(rec.actions, start=1):
        if rec.steps is not None:
            check = rec.steps[number - 1]
            _compare(game.legal_actions(state), state, check, rec.source, number, previous)
        action = _read_action(game, state, text, number, rec.source)
        state = _apply(game, state, action, text, number, rec.source).state
        previous = f"step {number} ({text!r})"
    if rec.final is not None:
        last = len(rec.actions)
        _compare(game.legal_actions(state), state, rec.final, rec.source, last, previous, True)
    return state


def _as_record(record: Record | Mapping[str, object]) -> Record:
    return record if isinstance(record, Record) else Record.from_json(record)


def _start(rec: Record) -> tuple[dogrules.Variant, State]:
    installed = fingerprint(rec.variant)
    if rec.fingerprint != installed:
        raise RecordError(
            f"{rec.source}: record made with a different board/deck: fingerprint "
            f"{rec.fingerprint}, installed {installed}"
        )
    game = get_variant(rec.variant)
    try:
        return game, game.new_game(players=rec.players, seed=rec.seed, teams=rec.teams)
    except ValueError as exc:
        raise RecordError(f"{rec.source}: header: {exc}") from None


def _compare(
    legal: Sequence[Action],
    state: State,
    check: Check,
    where: str,
    number: int,
    previous: str,
    final: bool = False,
) -> None:
    place = f"after the last action (step {number})" if final else f"step {number}"
    digest = state_digest(state)
    if digest != check.digest:
        cause = f"{previous} now has another effect" if previous else "the game starts differently"
        raise RecordError(
            f"{where}: {place}: digest differs (recorded {check.digest[:16]}..., now "
            f"{digest[:16]}...): the state {'after' if final else 'before'} it is not the "
            f"recorded one; {cause}",
            step=number,
        )
    if len(legal) != check.legal:
        raise RecordError(
            f"{where}: {place}: legal count differs (recorded {check.legal}, now {len(legal)})",
            step=number,
        )


def _read_action(
    game: dogrules.Variant, state: State, text: str, number: int, where: str
) -> Action:
    try:
        return game.parse_action(state, text)
    except ValueError as exc:
        raise RecordError(
            f"{where}: step {number} ({text!r}): cannot read the action: {exc}", step=number
        ) from None


def _apply(
    game: dogrules.Variant, state: State, action: Action, text: str, number: int, where: str
) -> Transition:
    if state.phase == "over":
        raise RecordError(
            f"{where}: step {number} ({text!r}) is not legal: the game is already over "
            f"(winner {list(state.winner)})",
            step=number,
        )
    try:
        return game.apply(state, action)
    except IllegalAction as exc:
        reasons = "; ".join(exc.reasons) or str(exc)
        raise RecordError(
            f"{where}: step {number} ({text!r}) is not legal: {reasons} "
            f"[clauses: {', '.join(exc.clauses)}]",
            step=number,
            clauses=exc.clauses,
        ) from None


# --- schemas and validation ----------------------------------------------------------------


class _SchemaError(Protocol):
    """The parts of a ``jsonschema.ValidationError`` read here."""

    message: str
    validator: object
    validator_value: object
    instance: object
    schema: object
    absolute_path: Sequence[str | int]


class _Validator(Protocol):
    def iter_errors(self, instance: object) -> Iterable[_SchemaError]: ...


@functools.cache
def schema(name: SchemaName) -> dict[str, JSONValue]:
    """The JSON Schema (draft 2020-12) of a ``"record"`` or a ``"position"``."""
    text = (resources.files("dogrules.schemas") / f"{name}.schema.json").read_text("utf-8")
    return cast(dict[str, JSONValue], json.loads(text))


@functools.cache
def _validator(name: SchemaName) -> _Validator:
    return cast(_Validator, jsonschema.Draft202012Validator(schema(name)))


def validate(data: object) -> list[str]:
    """Messages for everything wrong with ``data``, a record or a position (JSON data): a
    record when it has ``"format": "dogrules-record"``, else a position. Each names the field
    (``hands.2[1]: 'bogus' is not a card notation``) or the step. A position that follows
    the schema is also loaded (InvalidPosition messages); a record is also replayed."""
    is_record = isinstance(data, dict) and data.get("format") == FORMAT
    messages = _schema_messages("record" if is_record else "position", data)
    if messages:
        return messages
    if is_record:
        try:
            for _ in replay(Record.from_json(data, "")):
                pass
        except RecordError as exc:
            return [str(exc).removeprefix(": ")]
        return []
    try:
        load(cast(Mapping[str, object], data))
    except (InvalidPosition, ValueError) as exc:
        return [" ".join(str(exc).split())]
    return []


def validate_file(path: PathLike) -> list[str]:
    """:func:`validate` of the JSON file ``path``; malformed JSON gives one message with
    its line and column, an unreadable file one message."""
    try:
        data = _read_json(Path(path), "")
    except RecordError as exc:
        return [str(exc).removeprefix(": ")]
    return validate(data)


def _schema_messages(name: SchemaName, data: object) -> list[str]:
    errors = _validator(name).iter_errors(data)
    messages = [_message(error) for error in errors]
    return sorted(set(messages), key=messages.index)


_short = reprlib.Repr()
_short.maxstring = 40
_short.maxother = 40
_short.maxlist = 4
_short.maxdict = 4


def _field(path: Iterable[str | int]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _message(error: _SchemaError) -> str:
    field = _field(error.absolute_path)
    where = field or "(top level)"
    kind = error.validator
    value = error.validator_value
    instance = error.instance
    title = error.schema.get("title") if isinstance(error.schema, dict) else None
    if kind == "required" and isinstance(value, list) and isinstance(instance, dict):
        missing = [key for key in value if key not in instance]
        names = [f"{field}.{key}" if field else str(key) for key in missing]
        return f"{', '.join(names)}: missing"
    if kind == "additionalProperties" and isinstance(instance, dict):
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        extra = [key for key in instance if key not in known]
        names = [f"{field}.{key}" if field else str(key) for key in extra]
        return f"{', '.join(names)}: unknown key"
    if kind == "propertyNames" or (isinstance(title, str) and title.startswith("seat of")):
        return f"{where}: key {_short.repr(instance)} is not a {title or 'valid key'}"
    if kind == "const":
        return f"{where}: expected {value!r}, got {_short.repr(instance)}"
    if kind in ("enum", "pattern", "minimum", "maximum") and isinstance(title, str):
        article = "an" if title[0] in "aeiou" else "a"
        return f"{where}: {_short.repr(instance)} is not {article} {title}"
    if kind == "type":
        expected = " or ".join(value) if isinstance(value, list) else str(value)
        return f"{where}: {_short.repr(instance)} is not of type {expected}"
    return f"{where}: {' '.join(error.message.split())}"
