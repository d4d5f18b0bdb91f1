"""Recordings of the engine's own behaviour: seeded random games written position by position
(the listing, the action chosen, the state it leads to and the events it tells), and checked
against the engine later, so that a change meant to keep behaviour keeps it exactly.

A *recording* is a file of gzip-compressed JSON lines (``.jsonl.gz``, written without a
timestamp, so the same content gives the same bytes). The first line is the header::

    {"format": "dogrules-recording", "version": 1, "detail": "full" | "digests",
     "digest_chars": 8, "library": "0.1.0",
     "tables": [{"table": "black-dog-4p", "variant": "black-dog", "players": 4,
                 "teams": true, "seeds": [1], "plies": null}, ...]}

and every further line one position of one game::

    {"table": "black-dog-4p", "seed": 1, "ply": 0, "legal": 12, "chosen": 3,
     "action": "place T8", "state": ..., "listing": ..., "next": ..., "events": ...}

* a *table* is a form of a variant (:func:`tables`); its games are :func:`random_game` of
  each seed (``new_game(players, seed, teams)``, then an action drawn by ``random.Random(seed)``
  among ``legal_actions``), up to ``plies`` positions each (null: to the end of the game). The
  position after the last action of a finished game is recorded too (nothing listed,
  ``chosen`` -1, ``action``, ``next`` and ``events`` null);
* ``legal`` is the number of listed actions, ``chosen`` the index of the one taken,
  ``action`` its text;
* the four *parts*: ``state`` (``dogrules.dump`` of the position), ``listing`` (a row per
  listed action, in order: :func:`action_row`), ``next`` (the dump of the state the chosen
  action leads to) and ``events`` (a row per event it tells: every field and its text). In a
  recording of ``detail`` "full" each part is written out; in one of "digests" each is its
  :func:`digest`: the first ``digest_chars`` hex digits of the sha256 of its canonical JSON.

Recording a position also checks that the ways of applying its action agree (``apply``, with
events asked at once, of an equal action built anew, and judged with no listing kept), so a
recording never holds a disagreement. :func:`check` works every position out again: one with
its full state from that state (a difference does not spread to later positions), one with a
digest from the replayed game (it stops at the game's first difference).

The golden recording (``tests/golden.jsonl.gz``) is a recording of digests of one whole game
of every form; ``tools/record.py`` records, checks and compares recordings.
"""

from __future__ import annotations

import gzip
import hashlib
import itertools
import json
import random
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Literal

import attrs

import dogrules
from dogrules.engine import judge
from dogrules.formats.records import canonical_json
from dogrules.formats.states import dump, load
from dogrules.model.actions import Action
from dogrules.model.events import Event
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import Phase, State
from dogrules.variants import form_names, forms, implemented
from dogrules.variants import variant as get_variant
from dogrules.variants.facade import Variant

__all__ = [
    "FORMAT",
    "VERSION",
    "Detail",
    "Recording",
    "Table",
    "action_row",
    "check",
    "compare",
    "digest",
    "games_digest",
    "jsonl_text",
    "random_game",
    "read_lines",
    "record",
    "tables",
    "write_lines",
]

FORMAT = "dogrules-recording"
VERSION = 1
DIGEST_CHARS = 8
"""Hex digits kept of a part's sha256 in a recording of digests by default (32 bits: a changed
part goes unnoticed once in some 4 x 10^9)."""
PARTS = ("state", "listing", "next", "events")

# zlib's own gzip container: no timestamp, no file name.
GZIP_WBITS = 16 + zlib.MAX_WBITS

Detail = Literal["full", "digests"]
Line = dict[str, JSONValue]


# ---- JSON lines on disk -------------------------------------------------------------------


def digest(data: object, chars: int | None = None) -> str:
    """The sha256 hex of ``data``'s canonical JSON (its first ``chars`` digits if given)."""
    full = hashlib.sha256(canonical_json(data)).hexdigest()
    return full if chars is None else full[:chars]


def jsonl_text(rows: Iterable[object]) -> bytes:
    """``rows`` as canonical JSON lines, each ended by a newline."""
    return b"".join(canonical_json(row) + b"\n" for row in rows)


def write_lines(path: Path, rows: Iterable[object]) -> int:
    """Write ``rows`` to ``path`` as gzip-compressed canonical JSON lines, one at a time, the
    same bytes for the same rows (those of ``gzip.compress(text, 9, mtime=0)``); how many."""
    path.parent.mkdir(parents=True, exist_ok=True)
    packer = zlib.compressobj(9, zlib.DEFLATED, GZIP_WBITS)
    count = 0
    with path.open("wb") as file:
        for row in rows:
            file.write(packer.compress(canonical_json(row) + b"\n"))
            count += 1
        file.write(packer.flush())
    return count


def read_lines(path: Path) -> list[dict[str, JSONValue]]:
    """The JSON objects of a gzip-compressed JSON lines file; ValueError naming the file when
    it is missing, malformed or empty."""
    rows = list(_stream(path))
    if not rows:
        raise ValueError(f"{path}: expected a header line and JSON objects")
    return rows


def _stream(path: Path) -> Iterator[Line]:
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


# ---- tables and games ---------------------------------------------------------------------


@attrs.frozen
class Table:
    """A form of a variant whose games a recording holds: ``black-dog-4p``, ``dog-kids-4p-teams``
    (the team flag in the name only where the same count also plays without)."""

    name: str
    variant: str
    players: int
    teams: bool


def tables() -> tuple[Table, ...]:
    """Every form of every registered variant, in a fixed order."""
    found = []
    for name in implemented():
        flags = dict(forms(name))
        for label, players, optional in form_names(name):
            found.append(Table(label, name, players, True if optional else flags[players]))
    return tuple(found)


def random_game(
    v: Variant, players: int, seed: int, teams: bool | None = None, *, final: bool = False
) -> Iterator[State]:
    """The states of a seeded random game (``new_game(players, seed, teams)``, then an action
    chosen uniformly among the legal ones, by a generator seeded with ``seed``), the first
    one included, up to the last before the game is over (``final``: and the game over)."""
    choose = random.Random(seed).choice
    state = v.new_game(players, seed, teams)
    while state.phase != Phase.OVER:
        yield state
        state = v.apply(state, choose(v.legal_actions(state))).state
    if final:
        yield state


# ---- one position ------------------------------------------------------------------------


def action_row(v: Variant, state: State, action: Action) -> list[JSONValue]:
    """One listed action, every field: its text, kind, card, copied card, movements, field,
    chosen colour and disc turn, then what its notation is written against (the seat, the
    paired cards, and whether the board is the game's own)."""
    notation = action.notation
    context: JSONValue = (
        None
        if notation is None
        else [
            notation.seat,
            list[JSONValue](sorted(notation.paired)),
            notation.board is v.board(state.players),
        ]
    )
    moves: list[JSONValue] = [[origin, target] for origin, target in action.moves]
    return [
        str(action),
        str(action.kind),
        action.card,
        action.copied,
        moves,
        action.field,
        action.chosen,
        action.turn,
        context,
    ]


def event_row(event: Event) -> dict[str, JSONValue]:
    """One event, every field and its line of plain English."""
    row: dict[str, JSONValue] = {"text": event.describe()}
    for field in attrs.fields(Event):
        value = getattr(event, field.name)
        row[field.name] = list(value) if isinstance(value, tuple) else value
    return row


@attrs.frozen
class Worked:
    """A position worked out: its line (parts written out) and the ways of applying its
    action that disagree."""

    line: Line
    next_state: State | None
    disagree: tuple[str, ...]


def work_out(v: Variant, state: State, chosen: int | None, chooser: random.Random) -> Worked:
    """The line of ``state`` with the action at ``chosen`` (None: drawn by ``chooser``)."""
    actions = v.legal_actions(state)
    line: Line = {
        "legal": len(actions),
        "chosen": -1,
        "action": None,
        "state": dump(state, v),
        "listing": [action_row(v, state, action) for action in actions],
        "next": None,
        "events": None,
    }
    if not actions:
        return Worked(line, None, ())
    index = chooser.choice(range(len(actions))) if chosen is None else chosen
    if not 0 <= index < len(actions):
        return Worked(line, None, (f"action {index} of {len(actions)} listed",))
    action = actions[index]
    deferred = v.apply(state, action)
    evented = v.apply(state, action, events=True)
    rebuilt = attrs.evolve(action)
    again = v.apply(state, rebuilt, events=True)
    judge._listed.cache_clear()
    judged = v.apply(state, rebuilt, events=True)
    ways = {
        "apply(events=True)": evented,
        "apply of an equal action": again,
        "apply judged (no listing kept)": judged,
    }
    disagree = tuple(
        f"{part} of {way}"
        for way, transition in ways.items()
        for part, same in (
            ("state", transition.state == deferred.state),
            ("events", transition.events == deferred.events),
        )
        if not same
    )
    line.update(
        chosen=index,
        action=str(action),
        next=dump(deferred.state, v),
        events=[event_row(event) for event in deferred.events],
    )
    return Worked(line, deferred.state, disagree)


def digested(line: Line, chars: int) -> Line:
    """``line`` with each part replaced by its digest."""
    return {key: digest(value, chars) if key in PARTS else value for key, value in line.items()}


# ---- recording ----------------------------------------------------------------------------


@attrs.frozen
class Recording:
    """A recording: its header and its position lines (read from a file, they are read as
    they are iterated, once: a large recording is never held whole)."""

    header: dict[str, JSONValue]
    lines: Iterable[Line]

    @property
    def detail(self) -> str:
        return str(self.header.get("detail"))

    @property
    def chars(self) -> int:
        chars = self.header.get("digest_chars")
        return chars if isinstance(chars, int) else DIGEST_CHARS

    @classmethod
    def read(cls, path: Path) -> Recording:
        """The recording in ``path``; ValueError naming the file when it is none."""
        rows = _stream(path)
        head = next(rows, None)
        if head is None or head.get("format") != FORMAT or head.get("version") != VERSION:
            raise ValueError(f"{path}: not a recording ({FORMAT} version {VERSION})")
        return cls(head, rows)


Games = Sequence[tuple[Table, Sequence[int]]]
"""What a recording holds: each table with the seeds of its games."""


def header(games: Games, plies: int | None, detail: Detail, chars: int) -> Line:
    return {
        "format": FORMAT,
        "version": VERSION,
        "detail": detail,
        "digest_chars": chars,
        "library": dogrules.__version__,
        "tables": [
            {
                "table": t.name,
                "variant": t.variant,
                "players": t.players,
                "teams": t.teams,
                "seeds": list(seeds),
                "plies": plies,
            }
            for t, seeds in games
        ],
    }


class Disagreement(Exception):
    """The ways of applying an action disagree: the engine is wrong before anything is
    recorded."""


def game_lines(
    table: Table, seed: int, plies: int | None, detail: Detail, chars: int = DIGEST_CHARS
) -> Iterator[Line]:
    """The lines of one game of ``table``; Disagreement naming the position where the ways of
    applying its action disagree."""
    v = get_variant(table.variant)
    state: State | None = v.new_game(table.players, seed, table.teams)
    chooser = random.Random(seed)
    ply = 0
    while state is not None and (plies is None or ply < plies):
        worked = work_out(v, state, None, chooser)
        if worked.disagree:
            where = f"{table.name} seed {seed} ply {ply}"
            raise Disagreement(f"{where}: the ways of applying disagree: {worked.disagree}")
        line: Line = {"table": table.name, "seed": seed, "ply": ply, **worked.line}
        yield line if detail == "full" else digested(line, chars)
        state, ply = worked.next_state, ply + 1


def record(
    games: Games, plies: int | None, detail: Detail, chars: int = DIGEST_CHARS
) -> Iterator[Line]:
    """The header, then the lines of every game (each seed of each table)."""
    yield header(games, plies, detail, chars)
    for table, seeds in games:
        for seed in seeds:
            yield from game_lines(table, seed, plies, detail, chars)


def games_digest(table: Table, seeds: Sequence[int], plies: int | None = None) -> str:
    """The sha256 hex of the games of ``table`` for ``seeds`` (every part of every position,
    each by its whole sha256): two engines play the same games exactly when their digests
    agree."""
    total = hashlib.sha256()
    for seed in seeds:
        for line in game_lines(table, seed, plies, "digests", 64):
            total.update(canonical_json(line) + b"\n")
    return total.hexdigest()


# ---- checking -----------------------------------------------------------------------------


def check(recording: Recording) -> Iterator[str]:
    """One line per position the engine now works out differently from ``recording``: table,
    seed, ply and the parts that differ (``ways`` when the ways of applying disagree)."""
    known = {
        str(t["table"]): Table(
            str(t["table"]), str(t["variant"]), int(str(t["players"])), t["teams"] is True
        )
        for t in _objects(recording.header.get("tables"))
    }
    replayed: dict[tuple[str, int], State | None] = {}
    unused = random.Random(0)
    for line in recording.lines:
        table = known.get(str(line.get("table")))
        seed, ply = int(str(line.get("seed"))), int(str(line.get("ply")))
        where = f"{line.get('table')} seed {seed} ply {ply}"
        if table is None:
            yield f"{where}: no such table in the header"
            continue
        v = get_variant(table.variant)
        key = (table.name, seed)
        stored = line.get("state")
        if isinstance(stored, dict):
            state: State | None = load(stored, v)
        elif ply == 0:
            state = v.new_game(table.players, seed, table.teams)
        else:
            state = replayed.get(key)
        if state is None:
            continue  # the game differed earlier (reported there) or has ended
        chosen = int(str(line.get("chosen")))
        worked = work_out(v, state, chosen if chosen >= 0 else None, unused)
        now = worked.line if recording.detail == "full" else digested(worked.line, recording.chars)
        found = [part for part in ("legal", "action", *PARTS) if now[part] != line.get(part)]
        found += ["ways"] if worked.disagree else []
        replayed[key] = None if found else worked.next_state
        if found:
            yield f"{where}: {', '.join(_described(part, line, now) for part in found)}"


def _described(part: str, stored: Line, now: Line) -> str:
    if part in ("legal", "action"):
        return f"{part} {stored.get(part)!r} -> {now.get(part)!r}"
    names = {"next": "next state", "ways": "the ways of applying disagree"}
    return names.get(part, part)


def compare(old: Recording, new: Recording) -> Iterator[str]:
    """The positions two recordings of the same games hold differently: table, seed, ply and
    the parts that differ, with the keys of a state and the entries of a listing that differ
    where both are written out; and where they stop holding the same positions."""
    if old.detail != new.detail:
        chars = min(old.chars, new.chars)
        old, new = _as_digests(old, chars), _as_digests(new, chars)
    for line, other in itertools.zip_longest(old.lines, new.lines):
        if line is None or other is None or _key(line) != _key(other):
            held = [_where(x) if x is not None else "nothing" for x in (line, other)]
            yield f"the recordings part: {held[0]} in the first, {held[1]} in the second"
            return
        where = _where(line)
        found = [
            _difference(part, line.get(part), other.get(part))
            for part in ("legal", "action", *PARTS)
            if line.get(part) != other.get(part)
        ]
        if found:
            yield f"{where}: {'; '.join(found)}"


def _as_digests(recording: Recording, chars: int) -> Recording:
    return Recording(
        {**recording.header, "detail": "digests", "digest_chars": chars},
        (
            digested(line, chars) if recording.detail == "full" else _shortened(line, chars)
            for line in recording.lines
        ),
    )


def _shortened(line: Line, chars: int) -> Line:
    return {key: str(value)[:chars] if key in PARTS else value for key, value in line.items()}


def _key(line: Line) -> tuple[str, str, str]:
    return (str(line.get("table")), str(line.get("seed")), str(line.get("ply")))


def _where(line: Line) -> str:
    return f"{line.get('table')} seed {line.get('seed')} ply {line.get('ply')}"


def _difference(part: str, old: JSONValue | None, new: JSONValue | None) -> str:
    if isinstance(old, dict) and isinstance(new, dict):
        keys = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
        return f"{part} differs in {', '.join(keys)}"
    if isinstance(old, list) and isinstance(new, list):
        first = next(
            (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
            min(len(old), len(new)),
        )
        return f"{part} ({len(old)} -> {len(new)} entries, first difference at {first})"
    if part in ("legal", "action"):
        return f"{part} {old!r} -> {new!r}"
    return f"{part} differs"


def _objects(value: JSONValue | None) -> list[Mapping[str, JSONValue]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []
